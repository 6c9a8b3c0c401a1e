#!/usr/bin/env python3
"""Unit tests of the hardware flows' own logic, without synthesis or nextpnr: targets and
cache keys (targets.py; Yosys elaborates tiny fixtures), report parsing, device choice,
medians, caching and scheduling of pnr.py (with a stand-in nextpnr), the summary merge,
synth_proc overheads, netdepth on a hand-made netlist. `make -C hw test-flows`; seconds."""
import glob
import json
import os
import stat
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import case_paths  # noqa: E402
import common as C  # noqa: E402
import netdepth  # noqa: E402
import placement  # noqa: E402
import pnr  # noqa: E402
import synth_proc  # noqa: E402
import targets as T  # noqa: E402


def read(path):
    with open(path) as f:
        return f.read()


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


# a fixture with two modules (two possible tops) and a parameter
M = """module m #(parameter W = 4) (input [W-1:0] a, input [W-1:0] c, output [W-1:0] b);
  assign b = a ^ c;
endmodule
module n (input a, output b);
  assign b = ~a;
endmodule
"""


def setUpModule():
    global OLD_BUILD
    OLD_BUILD, T.C.BUILD = T.C.BUILD, tempfile.mkdtemp()  # the keys' memo (hw/build/keys) of the fixtures


def tearDownModule():
    T.C.BUILD = OLD_BUILD


class Targets(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.v = write(os.path.join(self.tmp, "m.v"), M)

    def test_key_follows_sources_and_params(self):
        t = T.explicit_target("m", [self.v], [], {"W": 8})
        k = T.key(t)
        self.assertEqual(k, T.key(T.explicit_target("m", [self.v], [], {"W": 8})))
        self.assertNotEqual(k, T.key(T.explicit_target("m", [self.v], [], {"W": 9})))
        self.assertNotEqual(k, T.key(t, "other flow"))
        self.assertNotEqual(k, T.key(T.explicit_target("n", [self.v])))  # another top
        write(self.v, M.replace("a ^ c", "a | c"))  # an operator
        self.assertNotEqual(k, T.key(t))

    def test_key_is_the_elaborated_hardware_not_the_text(self):
        t = T.explicit_target("m", [self.v], [self.tmp], {"W": 8})
        k = T.key(t)
        write(self.v, "// a comment\n" + M.replace("assign", "\n\n  assign"))  # every line moves
        self.assertEqual(k, T.key(t))
        # the port list moved into an `include file
        head, rest = M.split("(", 1)
        ports, body = rest.split(");", 1)
        write(os.path.join(self.tmp, "m_ports.vh"), ports)
        write(self.v, f"{head}(\n`include \"m_ports.vh\"\n);{body}")
        self.assertEqual(k, T.key(t))
        write(os.path.join(self.tmp, "m_ports.vh"), ports.replace("input [W-1:0] c", "input [W:0] c"))
        self.assertNotEqual(k, T.key(t))  # the header is part of the hardware

    def test_key_and_canonical_form_ignore_the_order_of_lines(self):
        # two XORs on lines 9 and 10: Yosys names them $xor$o.v:9$N and $xor$o.v:10$M, which
        # compare (as bytes) line 10 first; one line more above them and the order of the
        # names flips. The canonical form drops file:line from the names and is written
        # sorted by the stripped names, so the flows read the same RTLIL either way
        body = "module o(input a, b, c, output x, y);\n" + "\n" * 7 + "assign x = a ^ b;\nassign y = b ^ c;\nendmodule\n"
        v = write(os.path.join(self.tmp, "o.v"), body)
        t = T.explicit_target("o", [v])
        k, il = T.key(t), read(T.canonical_il(t))
        self.assertNotIn("o.v", il)
        write(v, body.replace("\n\n", "\n\n\n", 1))
        self.assertEqual(k, T.key(t))
        self.assertEqual(il, read(T.canonical_il(t)))
        self.assertEqual(T.yosys_read(t), [f"read_rtlil {T.canonical_il(t)}"])

    def test_stale_memo_is_not_used(self):
        # part.v is included but is not a header of the include dirs: the memo's own key (the
        # source text) stays the same when it changes; its recorded content hash does not
        part = write(os.path.join(self.tmp, "part.v"), "assign b = a;\n")
        v = write(os.path.join(self.tmp, "p.v"), 'module p(input a, output b);\n`include "part.v"\nendmodule\n')
        t = T.explicit_target("p", [v], [self.tmp])
        k = T.key(t)
        memo = [m for m in glob.glob(os.path.join(T.C.BUILD, "keys", "*.json")) if part in read(m)]
        self.assertEqual(len(memo), 1)
        m = json.loads(read(memo[0]))
        write(memo[0], json.dumps(dict(m, design="0" * 16)))  # the memo is what key() uses ...
        write(os.path.join(os.path.dirname(memo[0]), "0" * 16 + ".il"), "")
        self.assertNotEqual(k, T.key(t))
        write(part, "assign b = ~a;\n")  # ... until a file the elaboration read changes
        k2 = T.key(t)
        self.assertNotEqual(k, k2)
        self.assertNotEqual(json.loads(read(memo[0]))["design"], "0" * 16)
        write(part, "assign b = a;\n")
        self.assertEqual(k, T.key(t))

    def test_key_follows_readmemh_data(self):
        hexf = write(os.path.join(self.tmp, "d.hex"), "01\n02\n03\n04\n")
        v = write(os.path.join(self.tmp, "r.v"), "module r(input [1:0] a, output [7:0] b);\n"
                  "reg [7:0] mem [0:3];\ninitial $readmemh(\"d.hex\", mem);\nassign b = mem[a];\nendmodule\n")
        t = T.explicit_target("r", [v])
        k = T.key(t)
        write(hexf, "01\n02\n03\n05\n")
        self.assertNotEqual(k, T.key(t))

    def test_check_rejects_bad_targets(self):
        good = {"name": "x", "top": "m", "files": [self.v], "include_dirs": [], "params": {"W": 8}}
        self.assertIsNone(T.check(good))
        self.assertIn("no file", T.check(dict(good, files=[self.v + ".missing"])))
        self.assertIn("no top", T.check(dict(good, top="")))
        self.assertIn("parameter", T.check(dict(good, params={"W": True})))
        self.assertIn("parameter", T.check(dict(good, params={"bad name": 1})))

    def test_verilog_read_sets_params_and_includes(self):
        t = T.explicit_target("m", [self.v], [self.tmp], {"W": 8, "S": "abc"})
        lines = T.verilog_read(t)
        self.assertEqual(lines[0], f"read_verilog -I{self.tmp} {self.v}")
        self.assertEqual(lines[1], 'chparam -set W 8 -set S "abc" m')

    def test_case_target_matches_cases_json(self):
        t = T.case_target("V")
        self.assertEqual(t["top"], "keccak_core")
        self.assertEqual((t["params"]["K"], t["params"]["N"], t["params"]["SUB"]), (2, 2, 1))
        self.assertEqual((t["params"]["RATE"], t["params"]["OUT_BITS"]), (576, 512))

    def test_rtl_files_without_cli_says_why(self):
        t, why = T.rtl_files("rv32-ref", cli=os.path.join(self.tmp, "no-such-cli"))
        self.assertIsNone(t)
        self.assertIn("not built", why)

    def test_rtl_files_contract(self):
        cli = write(os.path.join(self.tmp, "cli"), "#!/bin/sh\necho '" + json.dumps(
            {"top": "m", "files": [self.v], "include_dirs": [], "params": {"DIV_EARLY_OUT": 1}}) + "'\n")
        os.chmod(cli, stat.S_IRWXU)
        t, why = T.rtl_files("rv32-ref", cli=cli)
        self.assertIsNone(why)
        self.assertEqual((t["name"], t["top"], t["params"]), ("rv32-ref", "m", {"DIV_EARLY_OUT": 1}))


REPORT = {"fmax": {"clk_i": {"achieved": 101.26, "constraint": 200}, "clk2": {"achieved": 150.0, "constraint": 200}},
          "critical_paths": [{"from": "posedge clk_i", "to": "posedge clk_i", "path": [
              {"type": "clk-to-q", "delay": 0.5, "from": {"cell": "a_q"}, "to": {"cell": "l1"}},
              {"type": "logic", "delay": 0.25, "from": {"cell": "l1"}, "to": {"cell": "l1"}},
              {"type": "routing", "delay": 1.0, "from": {"cell": "l1"}, "to": {"cell": "b_q"}}]}],
          "utilization": {"TRELLIS_COMB": {"available": 24288, "used": 1536},
                          "TRELLIS_FF": {"available": 24288, "used": 250},
                          "MULT18X18D": {"available": 28, "used": 4}, "DP16KD": {"available": 56, "used": 0},
                          "TRELLIS_RAMW": {"available": 3036, "used": 8}}}


class Pnr(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.old_dir = pnr.PNR_DIR
        pnr.PNR_DIR = os.path.join(self.tmp, "pnr")
        self.devnull = open(os.devnull, "w")

    def test_parse_report(self):
        r = pnr.parse_report(write(os.path.join(self.tmp, "r.json"), json.dumps(REPORT)))
        self.assertEqual(r["fmax_mhz"], 101.26)  # the slowest clock
        self.assertEqual((r["lut4"], r["ff"], r["dsp"], r["bram"], r["lutram_w"]), (1536, 250, 4, 0, 8))
        self.assertEqual(r["lut4_available"], 24288)
        self.assertEqual(r["critical_path"], {"from": "a_q", "to": "b_q", "ns": 1.75, "logic_ns": 0.25})
        r = pnr.parse_report(write(os.path.join(self.tmp, "c.json"), json.dumps({"fmax": {}, "utilization": {}})))
        self.assertIsNone(r["fmax_mhz"])  # combinational: no clock

    def test_lut4_and_device(self):
        self.assertEqual(pnr.lut4_estimate({"LUT4": 100, "CCU2C": 10, "TRELLIS_DPR16X4": 2, "PFUMX": 50}), 128)
        self.assertEqual(pnr.pick_device(14000)[0], "25k")
        self.assertEqual(pnr.pick_device(20000)[0], "45k")  # 82 % of the 25k: does not route
        self.assertEqual(pnr.pick_device(40000), ("85k", "CABGA381"))
        self.assertIsNone(pnr.pick_device(60000))

    def test_summarize_takes_the_median(self):
        t = {"name": "x", "kind": "unit", "top": "m", "params": {}}
        reps = {s: dict(pnr.parse_report(write(os.path.join(self.tmp, "r.json"), json.dumps(REPORT))),
                        fmax_mhz=f, seconds=1.0) for s, f in ((1, 90.0), (2, 120.0), (3, 100.0))}
        r = pnr.summarize(t, "25k", "CABGA256", 200, (1, 2, 3), reps, {"cells": {}, "seconds": 2.0})
        self.assertEqual(r["fmax_mhz"], 100.0)
        self.assertEqual(r["device"], "LFE5U-25F-6 CABGA256")
        self.assertEqual(r["util_pct"], 6.3)

    def tearDown(self):
        pnr.PNR_DIR = self.old_dir
        self.devnull.close()

    def fake_flow(self, tmp):
        """A Flow whose nextpnr is a shell script writing a report (Fmax = 100 + seed) and
        counting its runs; synthesis is pre-seeded in the work folder (no Yosys)."""
        count = os.path.join(tmp, "runs")
        fake = write(os.path.join(tmp, "fake-nextpnr"), f"""#!/bin/sh
echo run >> {count}
seed=0; rep=''
while [ $# -gt 0 ]; do case "$1" in --seed) seed=$2; shift;; --report) rep=$2; shift;;
  --router) echo "$2" >> {count}.router; shift;; --placer) echo "$2" >> {count}.placer; shift;;
  esac; shift; done
[ -f net.json ] || exit 3
cat > "$rep" <<EOF
{{"fmax": {{"clk_i": {{"achieved": 10$seed.5}}}}, "utilization": {{"TRELLIS_COMB": {{"available": 24288, "used": 42}}}}}}
EOF
""")
        os.chmod(fake, stat.S_IRWXU)
        flow = pnr.Flow(fake, 200, (1, 2, 3), 1, log=self.devnull, versions=("yosys test", "nextpnr test"))
        return flow, count

    def synthesized(self, flow, name):
        """A target `name` (module m) whose synthesis is in its work folder already: (source,
        target, work folder)."""
        v = write(os.path.join(self.tmp, "m.v"), "module m; endmodule\n")
        t = T.explicit_target("m", [v], [], {}, name=name)
        return v, t, self.seed_synthesis(flow, t, 40, {"LUT4": 40})

    @staticmethod
    def seed_synthesis(flow, t, lut4, cells=None):
        """Target t's work folder with a synthesis result of `lut4` LUT4 (no Yosys run)."""
        d = flow.workdir(t)
        os.makedirs(d)
        write(os.path.join(d, "net.json"), "{}")
        write(os.path.join(d, "synth.json"), json.dumps({"cells": cells or {}, "lut4_est": lut4, "seconds": 0.1}))
        return d

    def test_run_schedules_caches_and_merges(self):
        flow, count = self.fake_flow(self.tmp)
        flow.jobs = 2  # a LocalCluster of the task layer (the other tests run in this process)
        v, t, d = self.synthesized(flow, "fake")
        twin = T.explicit_target("m", [v], [], {}, name="twin")
        res = flow.run([t, twin])
        self.assertEqual(flow.failed, [])
        self.assertEqual(res["twin"]["fmax_mhz"], 102.5)
        self.assertEqual(res["twin"]["name"], "twin")
        self.assertEqual(res["fake"]["fmax_mhz"], 102.5)  # median of 101.5, 102.5, 103.5
        self.assertEqual(res["fake"]["lut4"], 42)
        self.assertEqual(len(read(count).split()), 3)
        flow2, _ = self.fake_flow(self.tmp)
        self.assertEqual(flow2.run([t])["fake"]["fmax_mhz"], 102.5)
        self.assertEqual(len(read(count).split()), 3, "a rerun must come from the cache")
        # a netlist that now needs a larger device is not served from the 25k results
        write(os.path.join(d, "synth.json"), json.dumps({"cells": {}, "lut4_est": 20000, "seconds": 0.1}))
        self.assertIsNone(flow2.cached(t))
        summ = os.path.join(self.tmp, "summary.json")
        pnr.update_summary({"a": res["fake"]}, 200, (1, 2, 3), path=summ)
        pnr.update_summary({"b": res["fake"]}, 200, (1, 2, 3), path=summ)
        with open(summ) as f:
            self.assertEqual(sorted(json.load(f)["results"]), ["a", "b"])
        self.assertIn("| fake |", read(os.path.join(self.tmp, "summary.md")))

    def test_one_task_per_target_shares_the_cache_of_the_seed_tasks(self):
        # a sweep's pnr task: synthesis and the three seeds in one task, the result written
        # where pnr.py's own run would write it (and read back by it)
        flow, count = self.fake_flow(self.tmp)
        _, t, d = self.synthesized(flow, "point")
        res = pnr.target_task(t, flow=flow)
        self.assertEqual((res["fmax_mhz"], res["lut4"], res["seeds"]), (102.5, 42, [1, 2, 3]))
        self.assertEqual(res["_outputs"], [d])
        self.assertEqual(len(read(count).split()), 3)
        flow2, _ = self.fake_flow(self.tmp)
        self.assertEqual(flow2.run([t])["point"]["fmax_mhz"], 102.5)
        self.assertEqual(pnr.target_task(t, flow=flow2)["fmax_mhz"], 102.5)
        self.assertEqual(len(read(count).split()), 3, "the seed tasks and a rerun must come from the cache")

    def test_twins_share_one_folder_on_a_cold_cache(self):
        # rv32-ref and rv32-sw have the same sources: one folder, one P&R, both names
        flow, count = self.fake_flow(self.tmp)
        v = write(os.path.join(self.tmp, "m.v"), "module m; endmodule\n")
        a = T.explicit_target("m", [v], [], {}, name="a")
        b = T.explicit_target("m", [v], [], {}, name="b")
        self.assertEqual(flow.workdir(a), flow.workdir(b))
        self.assertFalse(os.path.exists(flow.workdir(a)))

    def test_router_follows_the_device(self):
        # router1 on the 25k (every processor), router2 on the larger devices (the vector
        # processors, where router1 did not converge); the result says which
        flow, count = self.fake_flow(self.tmp)
        _, small, _ = self.synthesized(flow, "small")
        self.assertEqual(flow.run([small])["small"]["router"], "router1")
        self.assertEqual(read(count + ".router").split(), ["router1"] * 3)
        big = T.explicit_target("m", [write(os.path.join(self.tmp, "b.v"), "module m; wire b; endmodule\n")],
                                [], {}, name="big")
        self.seed_synthesis(flow, big, 40000)
        res = flow.run([big])["big"]
        self.assertEqual((res["router"], res["device"]), ("router2", "LFE5U-85F-6 CABGA381"))
        self.assertEqual(read(count + ".router").split(), ["router1"] * 3 + ["router2"] * 3)
        self.assertIn("router2 on the 45F and 85F", pnr.method_text(200, (1, 2, 3)))
        # a Keccak case keeps router1 on the larger devices (router2 diverged on case VI)
        case = dict(T.explicit_target("m", [write(os.path.join(self.tmp, "c.v"), "module m; wire c; endmodule\n")],
                                      [], {}, name="bigcase"), kind="case")
        self.seed_synthesis(flow, case, 40000)
        res = flow.run([case])["bigcase"]
        self.assertEqual((res["router"], res["device"]), ("router1", "LFE5U-85F-6 CABGA381"))
        self.assertEqual(read(count + ".router").split(), ["router1"] * 3 + ["router2"] * 3 + ["router1"] * 3)
        self.assertIn("router1 for the Keccak cases", pnr.method_text(200, (1, 2, 3)))

    def test_placer_follows_the_kind(self):
        # the static placer for the Keccak cases, HeAP (nextpnr's default) for the rest; a
        # processor's cache key is the one it had before the placer was chosen per kind
        flow, count = self.fake_flow(self.tmp)
        v, proc, _ = self.synthesized(flow, "proc")
        self.assertEqual(flow.run([proc])["proc"]["placer"], "heap")
        self.assertEqual(read(count + ".placer").split(), ["heap"] * 3)
        case = dict(T.explicit_target("m", [v], [], {}, name="case"), kind="case")
        self.assertNotEqual(flow.workdir(case), flow.workdir(proc))
        self.seed_synthesis(flow, case, 40)
        res = flow.run([case])["case"]
        self.assertEqual((res["placer"], res["router"]), ("static", "router1"))
        self.assertEqual(read(count + ".placer").split(), ["heap"] * 3 + ["static"] * 3)
        old = json.dumps([200, flow.versions, pnr.SYNTH_CMD, pnr.PNR_OPTS, pnr.FLOW_REV])
        self.assertEqual(pnr.key_commands(proc, 200, flow.versions), old)
        self.assertIn("| case | LFE5U-25F-6 CABGA256 | static, router1 |", pnr.table([res]))
        # a seed that did not route names the placer when it is not nextpnr's default
        f = os.path.join(self.tmp, "failed.json")
        pnr.record_failure(f, "25k", 1, 12.3, "nextpnr exit 1", os.path.join(self.tmp, "none.log"), "static")
        self.assertTrue(pnr.failure_text(json.load(open(f))).startswith(
            "did not route on LFE5U-25F (static placer, router1, seed 1, "))

    def test_case_rounds_keep_their_hierarchy(self):
        # a Keccak case's round steps are synthesized as modules of their own (T.kept), in
        # its cache key only; the LUT4 count is the design's total over the kept instances.
        # theta's two steps are kept apart in the ECP5 flow (a LUT mapping) only
        flow, _ = self.fake_flow(self.tmp)
        v = write(os.path.join(self.tmp, "c.v"), """module keccak_theta_c(input [7:0] a, output [1:0] c);
  assign c = a[7:6] ^ a[5:4] ^ a[3:2] ^ a[1:0];
endmodule
module keccak_theta_d(input [7:0] a, input [1:0] c, output [3:0] y);
  assign y = a[3:0] ^ {c, c} ^ {c[0], c[1], c[0], c[1]};
endmodule
module keccak_theta(input [7:0] a, output [3:0] y);
  wire [1:0] c;
  keccak_theta_c u_c (.a(a), .c(c));
  keccak_theta_d u_d (.a(a), .c(c), .y(y));
endmodule
module m(input clk_i, input [7:0] a, output reg [3:0] q);
  wire [3:0] y0, y1;
  keccak_theta u0 (.a(a), .y(y0));
  keccak_theta u1 (.a({a[3:0], a[7:4]}), .y(y1));
  always @(posedge clk_i) q <= y0 & y1;
endmodule
""")
        case = dict(T.explicit_target("m", [v], [], {}, name="case"), kind="case")
        mod = T.explicit_target("m", [v], [], {}, name="mod")
        self.assertNotEqual(pnr.key_commands(case, 200, flow.versions), pnr.key_commands(mod, 200, flow.versions))
        self.assertEqual(T.kept(case), ["keccak_theta", "keccak_rpci"])  # the ASIC flow's
        res = flow.synth(case)
        d = flow.workdir(case)
        self.assertIn("setattr -mod -set keep_hierarchy 1 keccak_theta keccak_theta_c keccak_theta_d keccak_rpci",
                      read(os.path.join(d, "synth.ys")))
        mods = json.loads(read(os.path.join(d, "net.json")))["modules"]
        for m in ("keccak_theta", "keccak_theta_c", "keccak_theta_d"):
            self.assertIn(m, mods)
        # per theta instance: two LUT4 for C (a 4-input XOR a bit), four for the 3-input XOR
        # of the second step; four for the AND
        self.assertEqual(res["cells"]["LUT4"], 16)
        self.assertEqual(res["lut4_est"], 16)
        self.assertNotIn("keccak_theta", res["cells"])

    def test_status_lists_current_results_only(self):
        flow, count = self.fake_flow(self.tmp)
        v, t, _ = self.synthesized(flow, "fake")
        other = T.explicit_target("m", [write(os.path.join(self.tmp, "n.v"), "module m; wire w; endmodule\n")],
                                  [], {}, name="other")
        flow.run([t])
        st = pnr.status_of(self.fake_flow(self.tmp)[0], [t, other], 200, (1, 2, 3))
        self.assertEqual([(r["name"], r["fmax_mhz"]) for r in st["results"]], [("fake", 102.5)])
        self.assertEqual(st["missing"], [{"name": "other", "why": "P&R not run for the current RTL (make pnr)"}])
        # --status --write-doc: the docs block from these current results, the others named
        doc = pnr.status_doc_text(st)
        self.assertIn("| fake | LFE5U-25F-6 CABGA256 | heap, router1 | 102.5 |", doc)
        self.assertIn("| seed 1 critical path ns (logic) |", doc)
        self.assertTrue(doc.rstrip().endswith("(make pnr): other."), doc)
        runs = len(read(count).split())
        write(v, "module m; wire edited; endmodule\n")  # the RTL changed: the old result is stale
        t2 = T.explicit_target("m", [v], [], {}, name="fake")
        self.assertEqual(pnr.status_of(self.fake_flow(self.tmp)[0], [t2], 200, (1, 2, 3))["results"], [])
        self.assertEqual(len(read(count).split()), runs, "--status must not run nextpnr")
        self.assertEqual(pnr.status_of(None, [t2], 200, (1, 2, 3))["missing"][0]["why"],
                         "P&R not run: nextpnr-ecp5 not installed (make pnr)")
        self.assertEqual(pnr.status_of(None, [t2], 200, (1, 2, 3), "yosys")["missing"][0]["why"],
                         "P&R not run: yosys not installed (make pnr)")
        write(v, "module m; wire; endmodule\n")  # does not elaborate: listed, with Yosys' reason
        t3 = T.explicit_target("m", [v], [], {}, name="fake")
        why = pnr.status_of(self.fake_flow(self.tmp)[0], [t3], 200, (1, 2, 3))["missing"][0]["why"]
        self.assertIn("fake: Yosys cannot elaborate it", why)

    def test_a_run_stopped_part_way_names_its_finished_seeds(self):
        # seeds 2 and 3 lost (a stopped run): --status and the docs give seed 1's Fmax and
        # say that make pnr resumes; the target has no result yet
        flow, _ = self.fake_flow(self.tmp)
        _, t, d = self.synthesized(flow, "long")
        flow.run([t])
        os.remove(flow.result_path(t))  # the target's result is written once all seeds ran
        for x in (2, 3):
            for p in glob.glob(os.path.join(d, f"seed{x}*.json")):
                os.remove(p)
        st = pnr.status_of(self.fake_flow(self.tmp)[0], [t], 200, (1, 2, 3))
        self.assertEqual(st["results"], [])
        m = st["missing"][0]
        self.assertTrue(m["partial"])
        self.assertEqual(m["key"], os.path.basename(d))  # where case_paths.py finds seed 1's path
        fmax = json.load(open(glob.glob(os.path.join(d, "seed1*.result.json"))[0]))["fmax_mhz"]
        self.assertEqual(m["why"], "P&R incomplete for the current RTL: seed 1 placed and routed "
                         f"at {fmax} MHz, seeds 2, 3 not run yet (make pnr resumes)")
        doc = pnr.status_doc_text(st)
        self.assertIn(f"long: {m['why']}.", doc)
        self.assertNotIn("Not placed and routed", doc)

    def test_failed_pnr_is_reported(self):
        flow, _ = self.fake_flow(self.tmp)
        _, t, _ = self.synthesized(flow, "broken")
        # in this process (jobs 1): the stand-in synthesis below is seen by the task
        from unittest import mock
        with mock.patch.object(pnr.Flow, "synth",
                               lambda self, t: (_ for _ in ()).throw(RuntimeError("synth_ecp5 failed (netlist missing)"))):
            self.assertEqual(flow.run([t]), {})
        self.assertEqual(flow.failed[0][0], "broken")
        self.assertIn("synth_ecp5 failed (netlist missing)", flow.failed[0][1])

    def test_a_seed_over_the_time_limit_fails_its_target_only(self):
        flow, _ = self.fake_flow(self.tmp)
        _, t, d = self.synthesized(flow, "slow")
        flow.timeout = 1
        slow = write(os.path.join(self.tmp, "slow-nextpnr"), "#!/bin/sh\nsleep 60\n")
        os.chmod(slow, stat.S_IRWXU)
        flow.pnr = slow
        self.assertEqual(flow.run([t]), {})
        self.assertEqual(flow.failed[0][0], "slow")
        self.assertIn("over its limit of 1 s", flow.failed[0][1])
        # --status and the docs say it did not route (not "not run"), with the router's progress
        st = pnr.status_of(flow, [t], 200, (1, 2, 3))
        self.assertEqual(st["results"], [])
        self.assertTrue(st["missing"][0]["unrouted"])
        self.assertIn("did not route on LFE5U-25F (router1, seed ", st["missing"][0]["why"])
        self.assertIn("stopped at the task's time limit", st["missing"][0]["why"])
        # a target whose other seeds have not run yet says so
        os.remove(glob.glob(os.path.join(d, "seed2*.failed.json"))[0])
        self.assertFalse(pnr.status_of(flow, [t], 200, (1, 2, 3))["missing"][0].get("partial"))
        self.assertIn("; seed 2 not run yet (make pnr)", pnr.status_of(flow, [t], 200, (1, 2, 3))["missing"][0]["why"])
        self.assertIn("slow: did not route on LFE5U-25F", pnr.status_doc_text(st))
        self.assertNotIn("Not placed and routed", pnr.status_doc_text(st))

    def test_a_seed_that_does_not_route_is_named_and_the_others_decide(self):
        # seed 3 overruns --timeout: Fmax is the median of seeds 1 and 2 (101.5, 102.5), the
        # result names seed 3; a rerun with the same limit does not try it again, a longer
        # one does; with two seeds stopped there is no result
        flow, count = self.fake_flow(self.tmp)
        _, t, d = self.synthesized(flow, "vec")
        fake = read(flow.pnr)
        slow = write(os.path.join(self.tmp, "slow3-nextpnr"), fake.replace(
            "[ -f net.json ]", '[ "$seed" = 3 ] && sleep 60\n[ -f net.json ]'))
        os.chmod(slow, stat.S_IRWXU)
        flow.pnr, flow.timeout = slow, 1
        res = flow.run([t])["vec"]
        self.assertEqual(flow.failed, [])
        self.assertEqual(res["fmax_mhz"], 102.0)
        self.assertEqual(res["fmax_mhz_seeds"], {"1": 101.5, "2": 102.5, "3": None})
        self.assertIn("did not route on LFE5U-25F (router1, seed 3, ", res["unrouted_seeds"]["3"])
        self.assertIn("stopped at the task's time limit", res["unrouted_seeds"]["3"])
        self.assertEqual(res["critical_path_seed"], 1)
        st = pnr.status_of(flow, [t], 200, (1, 2, 3))
        self.assertEqual([r["name"] for r in st["results"]], ["vec"])
        doc = pnr.status_doc_text(st)
        self.assertIn("| 102.0 | 101.5 / 102.5 / did not route |", doc)
        self.assertIn("vec, seed 3: did not route on LFE5U-25F", doc)
        self.assertIn("a seed that does not route is named and left out; at least 2 must route",
                      pnr.method_text(200, (1, 2, 3)))
        # the recorded stop stands for a run with the same limit, not for a longer one
        rec = pnr.seed_failure(d, 3)
        self.assertTrue(pnr.final_failure(rec, 1))
        self.assertFalse(pnr.final_failure(rec, 5000))
        self.assertFalse(pnr.final_failure(rec, None))
        self.assertFalse(pnr.final_failure({"why": "nextpnr exit 1", "seconds": 9}, 1))
        os.remove(os.path.join(d, "result.json"))
        runs = len(read(count).split())
        self.assertEqual(flow.run([t])["vec"]["fmax_mhz"], 102.0)
        self.assertEqual(len(read(count).split()), runs, "seed 3 was tried again with the same limit")
        # two of three seeds stopped: no result, the target failed
        t2 = T.explicit_target("m", [write(os.path.join(self.tmp, "two.v"), "module m; wire two; endmodule\n")],
                               [], {}, name="vec2")
        d2 = flow.workdir(t2)
        os.makedirs(d2)
        write(os.path.join(d2, "net.json"), "{}")
        write(os.path.join(d2, "synth.json"), json.dumps({"cells": {}, "lut4_est": 40, "seconds": 0.1}))
        slow2 = write(os.path.join(self.tmp, "slow23-nextpnr"), fake.replace(
            "[ -f net.json ]", '[ "$seed" != 1 ] && sleep 60\n[ -f net.json ]'))
        os.chmod(slow2, stat.S_IRWXU)
        flow.pnr = slow2
        self.assertEqual(flow.run([t2]), {})
        self.assertEqual(flow.failed[0][0], "vec2")

    def test_router1_progress_is_read_from_its_table(self):
        # router1 prints a table, not `overused=`: its last row is the progress of a stopped seed
        log = write(os.path.join(self.tmp, "seed1.log"), """Info: Routing 76686 arcs.
Info:            |   (re-)routed arcs  |   delta    | remaining|       time spent     |
Info:    IterCnt |  w/ripup   wo/ripup |  w/r  wo/r |      arcs| batch(sec) total(sec)|
Info:       1000 |        0        999 |    0   999 |     75702|       0.31       0.31|
Info:     281000 |    93230     187769 |  389   611 |     48181|      27.87    3275.83|
Info: Checksum: 0x1234
""")
        self.assertEqual(pnr.last_overuse(log),
                         "router1 iteration 281000: 48181 of 76686 arcs remaining after 3275.83 s")
        self.assertIsNone(pnr.last_overuse(write(os.path.join(self.tmp, "x.log"), "Info: | a | b |\n")))
        # a record written without it (before this reading existed) is completed from the log
        write(os.path.join(self.tmp, "seed1.failed.json"), json.dumps(
            {"seed": 1, "device": "45k", "router": "router1", "seconds": 3600, "why": "x", "router_progress": None}))
        self.assertTrue(pnr.failure_of(self.tmp)["router_progress"].startswith("router1 iteration 281000: 48181"))

    def test_a_failed_route_is_kept_until_a_run_succeeds(self):
        flow, _ = self.fake_flow(self.tmp)
        _, t, d = self.synthesized(flow, "congested")
        bad = write(os.path.join(self.tmp, "bad-nextpnr"), """#!/bin/sh
while [ $# -gt 0 ]; do case "$1" in -l) log=$2; shift;; esac; shift; done
printf 'Info:     iter=49 wires=699742 overused=6810 overuse=6842 archfail=NA\n' > "$log"
exit 1
""")
        os.chmod(bad, stat.S_IRWXU)
        good = flow.pnr
        flow.pnr = bad
        self.assertEqual(flow.run([t]), {})
        st = pnr.status_of(flow, [t], 200, (1, 2, 3))
        self.assertIn("seed 1, 0 s: nextpnr exit 1)", st["missing"][0]["why"])
        self.assertEqual(st["missing"][0]["router_progress"], "iter=49 wires=699742 overused=6810 overuse=6842 archfail=NA")
        self.assertIn("the router's last line: `iter=49", pnr.status_doc_text(st))
        # a damaged record is ignored, never a traceback
        for p in glob.glob(os.path.join(d, "*.failed.json")):
            write(p, "[1, 2]")
        self.assertFalse(pnr.status_of(flow, [t], 200, (1, 2, 3))["missing"][0].get("unrouted"))
        flow.pnr, flow.failed = good, []
        self.assertEqual(flow.run([t])["congested"]["fmax_mhz"], 102.5)
        self.assertEqual(glob.glob(os.path.join(d, "*.failed.json")), [])
        self.assertEqual(pnr.status_of(flow, [t], 200, (1, 2, 3))["missing"], [])


class Rekey(unittest.TestCase):
    def test_a_folder_that_is_not_a_source_tree_is_refused(self):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rekey.py")
        with tempfile.TemporaryDirectory() as d:
            for args in (["--from", d], ["--status", "--caches", d]):
                r = C.run([sys.executable, script] + args)
                self.assertEqual(r.returncode, 2, args)
                self.assertIn(f"{d}: not a sha3-asip source tree (no hw/scripts/targets.py)", r.stderr)
                self.assertNotIn("Traceback", r.stderr)


class RunPool(unittest.TestCase):
    def test_an_exception_is_a_failed_target_not_a_lost_one(self):
        def fn(t):
            if t["name"] == "b":
                raise FileNotFoundError("no such file: lib")
            if t["name"] == "c":
                sys.exit("c: tool missing")
            return t["name"] * 2
        done = []
        out, errs = C.run_pool([{"name": n} for n in "abc"], 2, fn, lambda t, r, s: done.append(t["name"]))
        self.assertEqual(out, {"a": "aa"})
        self.assertEqual(sorted(errs), [("b", "FileNotFoundError: no such file: lib"), ("c", "c: tool missing")])
        self.assertEqual(done, ["a"])


class Markers(unittest.TestCase):
    def test_write_between_markers(self):
        import common
        p = write(os.path.join(tempfile.mkdtemp(), "d.md"), "a\n<!-- b -->\nold\n<!-- e -->\nz\n")
        common.write_between_markers(p, "<!-- b -->", "<!-- e -->", "new\n")
        self.assertEqual(read(p), "a\n<!-- b -->\nnew\n<!-- e -->\nz\n")


class SynthProc(unittest.TestCase):
    def test_overheads(self):
        # over each design's own baseline (designs/*.toml `baseline`); none for a baseline
        r = {"rv32-ref": {"slices_est": 200}, "rv32-oasip": {"slices_est": 262},
             "mips-ref": {"slices_est": 400}, "mips-coproc": {"slices_est": 500}}
        self.assertEqual(synth_proc.overheads(r), {"rv32-ref": None, "rv32-oasip": 31.0,
                                                   "mips-ref": None, "mips-coproc": 25.0})
        self.assertEqual(synth_proc.overheads({"x": {"slices_est": 1}}), {"x": None})
        self.assertEqual(synth_proc.overheads({"mips-native": {"slices_est": 1}}), {"mips-native": None})

    def test_design_names_are_every_design_with_rtl(self):
        names = T.design_names()
        for n in ("rv32-ref", "rv32-dasip", "mips-ref", "mips-sw", "mips-native", "mips-coproc"):
            self.assertIn(n, names)
        for n in names:
            with open(os.path.join(T.C.ROOT, "designs", n + ".toml")) as f:
                self.assertIn("[rtl]", f.read(), n)
        self.assertEqual(T.design_baseline("mips-coproc"), "mips-ref")
        self.assertIsNone(T.design_baseline("mips-ref"))
        self.assertIsNone(T.design_baseline("no-such-design"))


    def test_the_processor_script_is_synth_xilinx_without_share(self):
        """synth_proc's split synth_xilinx (its coarse step without `share`) and `synth
        -noshare` give the figures of synth.py's synth_target where `share` merges nothing,
        and no SHARE pass runs."""
        import synth as S
        t = S.rtl_target("keccak_rc_unit", {"MODE": 1}, ["keccak_rc.v", "keccak_rc_unit.v"], "rc_lfsr")
        with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
            full = S.synth_target(t, a, S.ABC_GATES_FAST)
            ours = synth_proc.synth_target(t, b)
            self.assertIn("Executing SHARE pass", read(os.path.join(a, "yosys.log")))
            log = read(os.path.join(b, "yosys.log"))
        self.assertNotIn("Executing SHARE pass", log)
        for k in ("luts", "ffs", "slices_est", "lut_levels", "fmax_mhz_est", "ge_est", "gate_cells"):
            self.assertEqual(ours[k], full[k], k)
        self.assertGreater(ours["luts"], 0)


class FusesocCores(unittest.TestCase):
    def test_generated_unit_cores_are_current(self):
        import fusesoc_cores
        dirs = fusesoc_cores.ext_dirs()
        self.assertTrue(dirs)
        for d in dirs:
            path = os.path.join(d, "rtl", os.path.basename(d) + ".core")
            self.assertTrue(os.path.exists(path), f"{path} missing: hw/scripts/fusesoc_cores.py --write")
            self.assertEqual(read(path), fusesoc_cores.unit_core(d),
                             f"{path} is stale: hw/scripts/fusesoc_cores.py --write")


class NetDepth(unittest.TestCase):
    def test_lutram_read_counts_write_ends_dsp_counted(self):
        # ff1 -> LUT6 -> RAM32M read address -> DSP48E1 -> ff2; ff1 -> LUT6 -> RAM32M data (a write)
        def cell(t, ins, outs):
            c = {"type": t, "port_directions": {}, "connections": {}}
            for p, b in ins.items():
                c["port_directions"][p], c["connections"][p] = "input", b
            for p, b in outs.items():
                c["port_directions"][p], c["connections"][p] = "output", b
            return c
        net = {"modules": {"top": {"ports": {}, "cells": {
            "ff1": cell("FDRE", {"D": [9]}, {"Q": [2]}),
            "l1": cell("LUT6", {"I0": [2]}, {"O": [3]}),
            "l2": cell("LUT6", {"I0": [3]}, {"O": [4]}),
            "l3": cell("LUT6", {"I0": [4]}, {"O": [5]}),
            "ram": cell("RAM32M", {"ADDRA": [3], "DIA": [5], "WCLK": [1]}, {"DOA": [6]}),
            "dsp": cell("DSP48E1", {"A": [6]}, {"P": [7]}),
            "ff2": cell("FDRE", {"D": [7]}, {"Q": [9]})}}}}
        path = os.path.join(tempfile.mkdtemp(), "n.json")
        write(path, json.dumps(net))
        # by levels: the write path l1-l2-l3 -> RAM data (3 levels) beats the read (2 levels)
        self.assertEqual(netdepth.depth(path, "top"), (3, 0))
        # by delay with a costly DSP: the read path through the DSP
        self.assertEqual(netdepth.path_of(path, "top", lambda v: v[0] + 10 * v[2]), (2, 0, 1))



class CasePaths(unittest.TestCase):
    """hw/scripts/case_paths.py: register names of both flows and the datapath rule."""

    def test_ecp5_flip_flop_names(self):
        self.assertEqual(case_paths.ecp5_name("g_seg[1].g_reg.data_q_TRELLIS_FF_Q_1055"),
                         "g_seg[1].g_reg.data_q[1055]")
        self.assertEqual(case_paths.ecp5_name("e_data_TRELLIS_FF_Q"), "e_data[0]")
        self.assertEqual(case_paths.ecp5_name("a_data_LUT4_Z_735"), "a_data_LUT4_Z_735")

    def test_ecp5_flip_flop_bit_from_the_netlist(self):
        # the cell's number is not the bit: the Q connection's place in the register's bits is
        net = {"cells": {"hold_q_TRELLIS_FF_Q_14": {"connections": {"Q": [107]}},
                         "x_TRELLIS_FF_Q_3": {"connections": {"Q": [9]}}},
               "netnames": {"hold_q": {"bits": list(range(20, 120))}, "x": {"bits": [1, 2]}}}
        self.assertEqual(case_paths.ecp5_ff(net, "hold_q_TRELLIS_FF_Q_14"), "hold_q[87]")
        self.assertEqual(case_paths.ecp5_ff(net, "x_TRELLIS_FF_Q_3"), "x[3]")  # not found: the name's number
        self.assertEqual(case_paths.ecp5_ff(None, "hold_q_TRELLIS_FF_Q_14"), "hold_q[14]")
        self.assertEqual(case_paths.ecp5_ff(net, "a_data_LUT4_Z_735"), "a_data_LUT4_Z_735")

    def test_datapath_needs_state_registers_at_both_ends_and_a_round(self):
        dp = case_paths.in_datapath
        self.assertTrue(dp("g_seg[1].g_reg.data_q[1195]", "e_data[12]", ["g_seg[2].g_theta.u_theta"]))
        self.assertFalse(dp("g_seg[1].g_reg.data_q[1195]", "e_data[12]", []))
        self.assertFalse(dp("ib_valid_q[0]", "g_seg[0].g_reg.data_q[68]", ["g_seg[0].g_theta.u_theta"]))
        self.assertFalse(dp("e_data[3]", "of_dig0_q[3]", ["g_seg[0].g_theta.u_theta"]))
        self.assertFalse(dp("hold_q[41]", "hold_q[41]"))
        self.assertTrue(dp("e_data[1]", "g_seg[0].g_reg.data_q[2]"))  # ECP5: ends only

    def test_a_missing_result_says_why(self):
        # the flow's own reason (a tool missing), else its script's error line, else not run
        miss = {"name": "case I", "why": "ASIC tools missing: sta | opensta\nnot on PATH"}
        self.assertEqual(case_paths.why_not(miss, {}, "not run"), miss["why"])
        self.assertEqual(case_paths.why_not(None, {"error": "Traceback\nerror: bad cases.json\n"}, "not run"),
                         "error: bad cases.json")
        self.assertEqual(case_paths.why_not(None, {"results": []}, "not run"), "not run")
        row = {"case": "I", "osu": None, "ecp5": None, "osu_why": miss["why"],
               "ecp5_why": "P&R not run: nextpnr-ecp5 not installed (make pnr)"}
        line = case_paths.doc([row], 1).splitlines()[-1]
        self.assertEqual(line, "| I | - | ASIC tools missing: sta \\| opensta not on PATH | - | - | "
                         "P&R not run: nextpnr-ecp5 not installed (make pnr) | - |")


class Placement(unittest.TestCase):
    """hw/scripts/placement.py: connections of the round classed by cell name, measured in
    tiles from the sites nextpnr writes."""

    def test_classes_and_distances(self):
        def cell(typ, bel, ins, outs):
            conns = {**{f"I{i}": [b] for i, b in enumerate(ins)}, **{f"O{i}": [b] for i, b in enumerate(outs)}}
            dirs = {**{f"I{i}": "input" for i in range(len(ins))}, **{f"O{i}": "output" for i in range(len(outs))}}
            return {"type": typ, "attributes": {"NEXTPNR_BEL": bel} if bel else {},
                    "connections": conns, "port_directions": dirs}
        cells = {
            "g_seg[1].g_reg.data_q_TRELLIS_FF_Q_1": cell("TRELLIS_FF", "X10/Y10/SLICEA.FF0", [], [5]),
            "g_seg[0].g_theta.u_theta.u_c.c_o_LUT4_Z_3": cell("TRELLIS_COMB", "X13/Y14/SLICEB.K0", [5, "0"], [6]),
            "g_seg[0].g_theta.u_theta.u_d.state_o_LUT4_Z_7": cell("TRELLIS_COMB", "X20/Y10/SLICEA.K1", [6, 5], [7]),
            "g_seg[1].g_rpci.u_rpci.state_o_LUT4_Z_9": cell("TRELLIS_COMB", "X20/Y30/SLICEC.K0", [7, 9, 11], [8]),
            "hold_q_TRELLIS_FF_Q_2": cell("TRELLIS_FF", "X0/Y0/SLICEA.FF1", [], [9]),  # control: no class
            "g_seg[0].g_reg.data_q_TRELLIS_FF_Q_4": cell("TRELLIS_FF", "X18/Y30/SLICEA.FF0", [], [11]),
            "g_seg[0].g_theta.u_theta.u_c.c_o_LUT4_Z_5": cell("TRELLIS_COMB", None, [5], [12]),  # not placed
        }
        dist, spread = placement.measure({"modules": {"top": {"attributes": {"top": "1"}, "cells": cells}}})
        self.assertEqual(sorted(dist["register -> theta"]), [7, 10])
        self.assertEqual(dist["C -> D"], [11])
        self.assertEqual(sorted(dist["theta -> rpci"]), [2, 20])  # from theta's D, from the register after theta
        self.assertEqual(spread, (3.3, 8.6))
        row = placement.summarize("II", [1], [(dist, spread)])
        self.assertEqual(row["classes"]["theta -> rpci"], {"n": 2, "median": 20, "p90": 20})
        self.assertIn("| II | 11 (11) | 10 (10) | 20 (20) | 3.3 / 8.6 |", placement.doc([row]))

    def test_unknown_case_and_bad_seeds_are_refused(self):
        for args in (["--case", "no-such-case"], ["--seeds", "1,x"]):
            with self.assertRaises(SystemExit) as e:
                placement.main(args)
            self.assertEqual(e.exception.code, 2)


if __name__ == "__main__":
    unittest.main(verbosity=1)

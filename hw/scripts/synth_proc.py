#!/usr/bin/env python3
"""Whole-processor area and depth: a processor core with its extension units, synthesized by
the method of hw/scripts/synth.py (its synth_target: the same Yosys passes, figures and GE
weights as seed 004's cores and the isa units; docs/hardware.md, "Processors").

usage: synth_proc.py --design D [--design D ...] | --designs  [--json] [--jobs 2]
       synth_proc.py --top T --file F [--file F ...] [--include DIR] [--param NAME=VALUE] [--json]

A design's processor (top, files, include dirs, parameters) comes from
`sha3-asip rtl files --design D --json`; --designs takes every design with an [rtl] table
(RV32 and MIPS). The
instruction and data memories are outside the core (its fetch and data ports are top-level
ports), so they are not in the figures; the register file and every unit are.
FPGA: synth_xilinx -family xc6v -flatten -noiopad -nowidelut (Virtex-6 LUT6 + 8 FF slices):
  luts (LUT1-6), lutram_luts (LUT sites of distributed RAM, e.g. a register file in RAM32M),
  ffs, dsp (DSP48E1, the multiplier), bram; slices_est = max(ceil((LUT + LUT RAM)/4),
  ceil(FF/8)) (perfect packing: a lower bound; DSP and BRAM are not slices);
  lut_levels and fmax_mhz_est along the slowest estimated path (a DSP48E1 on it costs T_DSP);
  port-to-register paths count (the memories' own access time does not).
ASIC: synth -flatten; abc -fast -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX; ge_est = NAND2
  equivalents (the multiplier and the register file as gates and flip-flops). ABC's fast
  script, unlike the cases and units: with its default script the mips-native processor
  did not finish within a make reproduce, so processor GE compare with each other only.
No SAT-based resource sharing (Yosys `share`) in either pass: synth_xilinx runs in two parts
  around its `coarse` step, which runs here without `share`, and the gate pass is
  `synth -noshare`. In the processors without the vector unit `share` merged nothing (their
  figures are the same with it); on rv32-v-keccak it had 162 candidate cells, almost all
  shifters of the xvkeccak sequencer, one SAT problem per pair: after 22 minutes it had
  analysed 36 of them (11 merges). So rv32-v-keccak's figures are its logic as written.
Cached by the elaborated design (targets.key), top, parameters, the method files and the
Yosys version in hw/build/synth/proc_<hash>/result.json (designs with the same processor share one run)."""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402
import synth as S  # noqa: E402
import targets as T  # noqa: E402

MEMORIES = "outside the processor (instruction-fetch and data-memory ports); not included"


def cache_dir(t):
    return os.path.join(C.BUILD, "synth", f"proc_{T.key(t, S.method_key() + C.src_hash([os.path.abspath(__file__)]))}")


# synth_xilinx's `coarse` step (Yosys 0.23, LUT6 families) without `share`
COARSE_NOSHARE = ["techmap -map +/cmp2lut.v -map +/cmp2lcu.v -D LUT_WIDTH=6", "alumacc", "opt",
                  "memory -nomap", "opt_clean"]


def script(t, d):
    """synth.py's synth_target script (its FPGA and gate passes) without `share`."""
    top = t["top"]
    return T.yosys_read(t) + [
        "design -save orig",
        f"{S.SYNTH_XILINX} -top {top} -run :coarse", *COARSE_NOSHARE,
        f"{S.SYNTH_XILINX} -top {top} -run map_memory:",
        "setattr -mod -unset keep_hierarchy", "flatten",
        f"tee -q -o {d}/xilinx_stat.txt stat",
        f"write_json {d}/xilinx.json",
        "design -load orig",
        f"synth -flatten -noshare -top {top}",
        S.ABC_GATES_FAST,
        "setattr -mod -unset keep_hierarchy", "flatten",
        "opt_clean",
        f"tee -q -o {d}/gates_stat.txt stat"]


def synth_target(t, d):
    """The figures of synth.py's synth_target, by script(t, d)."""
    os.makedirs(d, exist_ok=True)
    t0 = time.time()
    S._yosys(d, script(t, d))
    res = S.fpga_figures(S.parse_stat(os.path.join(d, "xilinx_stat.txt")), os.path.join(d, "xilinx.json"), t["top"])
    gc = S.parse_stat(os.path.join(d, "gates_stat.txt"))
    res.update({"ge_est": round(S.ge_of(gc)), "gate_cells": sum(gc.values()),
                "synth_seconds": round(time.time() - t0, 1)})
    return res


# why a processor's figures are missing from reproduce's default run (the vector processors)
NOT_RUN = ("not synthesized by the default run (tens of CPU minutes): `make reproduce HW=all` "
           "or `hw/scripts/synth_proc.py --design {design}`")


def cached(t):
    """The cached result of a processor target, None when it has not been synthesized."""
    p = os.path.join(cache_dir(t), "result.json")
    if not os.path.exists(p):
        return None
    with open(p) as f:
        return dict(json.load(f), cached=True)


def synth_proc(t):
    """Area figures of one processor target (cached)."""
    d = cache_dir(t)
    res_path = os.path.join(d, "result.json")
    with C.Lock(d):
        if os.path.exists(res_path):
            with open(res_path) as f:
                res = json.load(f)
            res["cached"] = True
            return res
        res = synth_target(t, d)
        res.update({"top": t["top"], "params": t["params"], "memories": MEMORIES,
                    "yosys": C.yosys_version().split(" (")[0]})
        with open(res_path, "w") as f:
            json.dump(res, f, indent=1)
        res["cached"] = False
        return res


def run_all(tlist, jobs, log=sys.stderr):
    """{name: result} of every target, at most `jobs` Yosys runs at once."""
    def done(t, r, secs):
        print(f"[synth] {t['name']}: {r['luts']} LUTs, {r['ffs']} FFs, {r['slices_est']} slices est, "
              f"{r['ge_est']} GE ({'cached' if r['cached'] else f'{secs:.0f} s'})", file=log, flush=True)
    return C.run_pool(tlist, jobs, lambda t: dict(synth_proc(t), name=t["name"]), done)


def overheads(results):
    """Percent of each result's estimated slices over its design's baseline (the design file's
    `baseline`); None without a baseline or without the baseline's result."""
    out = {}
    for n, r in results.items():
        b = results.get(T.design_baseline(n) or "")
        out[n] = round(100.0 * (r["slices_est"] - b["slices_est"]) / b["slices_est"], 1) if b else None
    return out


def table(results):
    ov = overheads(results)
    out = ["| processor | LUTs | LUT RAM | FFs | DSP | slices est | over baseline % | LUT levels | Fmax est MHz | kGE |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for n, r in results.items():
        o = "-" if ov[n] is None else f"{ov[n]:+.1f} ({T.design_baseline(n)})"
        out.append(f"| {n} | {r['luts']} | {r.get('lutram_luts', 0)} | {r['ffs']} | {r.get('dsp', 0)} | "
                   f"{r['slices_est']} | {o} | {r['lut_levels']} | {r['fmax_mhz_est']} | {r['ge_est'] / 1000:.1f} |")
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    T.add_target_args(ap)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if not (a.design or a.designs or a.top):
        ap.error("name --design D, --designs, or --top T --file F")
    T.check_target_args(ap, a)
    tl = T.processors(a.designs, a.design, "synth") + T.module_from_args(a)
    results, errs = run_all(tl, a.jobs)
    ordered = {t["name"]: results[t["name"]] for t in tl if t["name"] in results}
    for n, msg in errs:
        print(f"synth_proc: {n}: {msg}", file=sys.stderr)
    if a.json:
        ov = overheads(ordered)
        print(json.dumps([dict(r, baseline=T.design_baseline(n), overhead_pct_vs_baseline=ov[n])
                          for n, r in ordered.items()]))
    else:
        print(table(ordered), end="")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())

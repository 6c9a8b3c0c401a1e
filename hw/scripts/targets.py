"""Hardware targets for the synthesis and place-and-route flows: one (top, files, include
dirs, parameters) record per thing we build, from one of three sources:
  - a seed-004 Keccak case of hw/cases.json (keccak_core, hw/rtl, the case's parameters);
  - an extension's functional unit (isa/<ext>/rtl/units.json);
  - a processor design (designs/<name>.toml), whose file list and parameters come from the
    project CLI: `sha3-asip rtl files --design D --json` ->
    {"top": ..., "files": [abs paths], "include_dirs": [...], "params": {NAME: value}}.
A target is a dict {name, kind, top, files, include_dirs, params}; `check()` validates one."""
import glob
import json
import os
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


def key(t, extra=""):
    """Cache key: the contents of the sources and of the headers (*.vh, *.svh) in the include
    dirs, the top and the parameters."""
    headers = sorted(h for d in t["include_dirs"] for h in glob.glob(os.path.join(d, "*.vh"))
                     + glob.glob(os.path.join(d, "*.svh")))
    return C.src_hash(t["files"] + headers, extra + t["top"] + json.dumps(t["params"], sort_keys=True))

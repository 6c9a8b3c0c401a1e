#!/usr/bin/env python3
"""Move the hardware flows' caches across a change of their cache keys (a new key function,
an edited flow script): every cached result of a source tree, computed under the keys of
that tree's scripts, is linked (cp -al) to the name the current scripts give it.

usage: rekey.py --from TREE [--caches ROOT] [--cli CLI] [--dry-run]
       rekey.py --status [--scripts DIR] [--caches ROOT] [--cli CLI]

--from TREE: the source tree the caches were computed from (e.g. `git worktree add --detach
  /tmp/rekey-src <commit>`). For every target each flow knows (seed-004 cases, with every
  algorithm for synth.py; every unit of every extension; every design's processor; the ASIC
  test fixture) the old key comes from TREE's own scripts on TREE's sources, the new key from
  this folder's scripts on TREE's sources (a copy of TREE with these scripts); each old cache
  folder under ROOT (default: this tree) is linked to its new name. Prints what it moved, what
  was already there and what had no cache. Old folders are kept.
--status: run nothing; for every target and flow, the result the flow would take from its
  cache now (JSON: key and result numbers, or null), with the scripts of DIR (default: this
  folder's) on the sources of DIR's tree. Two status listings (before a key change with the
  old scripts, after it with the new) must show the same numbers.
--cli: the `sha3-asip` used for the processors' file lists (`sha3-asip rtl files`, run in the
  source tree; default: ROOT's target/release/sha3-asip).
Flows and cache folders (hw/scripts/targets.py key unless said):
  synth.py      hw/build/synth/case<C>_<alg>_hier_<key>, mod_<theta|rpci>_<key>, rc_<mode>_<key>,
                case<C>_<alg>_<key> (--exact)
  synth_proc.py hw/build/synth/proc_<key>          synth_unit.py build/synth-units/<key>
  asic.py       hw/build/asic/<name>_<key>         pnr.py        hw/build/pnr/<name>_<key>
  (sim.py's Verilator builds hash their sources' text: seconds to rebuild, not moved)."""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def cache_entries(caches, cli):
    """[(flow, target name, cache folder relative to ROOT with the key as its last part, the
    key)] of every target of the flows imported from sys.path[0]'s scripts, on their tree."""
    import asic as A
    import asic_lib as L
    import common as C
    import pnr as P
    import synth as S
    import synth_proc as SP
    import synth_unit as SU
    import targets as T
    C.yosys_version = getattr(C, "yosys_version", None) or S.yosys_version  # scripts before it existed
    rel = os.path.relpath
    out = []

    def add(flow, name, path):
        out.append((flow, name, rel(path, C.ROOT), path.rsplit("_", 1)[-1] if "_" in os.path.basename(path)
                    else os.path.basename(path)))
    cases = T.case_names()
    units = []
    for e in sorted(os.listdir(os.path.join(C.ROOT, "isa"))):
        if os.path.isfile(os.path.join(C.ROOT, "isa", e, "rtl", "units.json")):
            with open(os.path.join(C.ROOT, "isa", e, "rtl", "units.json")) as f:
                units += [T.unit_target(os.path.join(C.ROOT, "isa", e), u["name"]) for u in json.load(f)]
    procs = []
    for d in T.design_names():
        t, why = T.rtl_files(d, cli=cli)
        if t:
            procs.append(t)
        else:
            print(f"rekey: processor {d} skipped: {why}", file=sys.stderr)
    adder = T.explicit_target("asic_adder", [os.path.join(C.HW, "tb", "asic_adder.v")])
    # synth.py (the cache-folder functions, or the formulas of the scripts before them)
    for k in S.SEG_MODULES:
        add("synth", f"module {k}", S.module_dir(k) if hasattr(S, "module_dir") else os.path.join(
            C.BUILD, "synth", f"mod_{k}_" + C.src_hash([os.path.join(C.HW, "rtl", S.SEG_MODULES[k][1]),
                                                         S.__file__], C.yosys_version() + S.SEG_MODULES[k][0])))
    for c in cases:
        for alg in C.ALGS:
            tag = f"case{c}_{alg}"
            if hasattr(S, "hier_dir"):
                add("synth", f"case {c} {alg}", S.hier_dir(S.hier_target(c, alg)))
                add("synth", f"case {c} {alg} exact", S.exact_dir(S.rtl_target(
                    "keccak_core", C.case_params(c, alg), C.RTL_CORE, tag)))
            else:
                params = C.case_params(c, alg)
                allsrc = [os.path.join(C.HW, "rtl", f) for f in C.RTL_CORE]
                add("synth", f"case {c} {alg}", os.path.join(C.BUILD, "synth", f"{tag}_hier_" + C.src_hash(
                    allsrc + [S.__file__, os.path.join(C.HW, "scripts", "netdepth.py")],
                    C.yosys_version() + "keccak_core" + json.dumps(params, sort_keys=True))))
                t = T.explicit_target("keccak_core", allsrc, [], params, name=tag)
                add("synth", f"case {c} {alg} exact", os.path.join(C.BUILD, "synth", f"{tag}_{T.key(t, S.method_key())}"))
    for m, v in S.RC_MODES.items():
        srcs, tag = ["keccak_rc.v", "keccak_rc_unit.v"], f"rc_{m}"
        if hasattr(S, "exact_dir"):
            add("synth", f"rc {m}", S.exact_dir(S.rtl_target("keccak_rc_unit", {"MODE": v}, srcs, tag)))
        else:
            t = T.explicit_target("keccak_rc_unit", [os.path.join(C.HW, "rtl", f) for f in srcs], [], {"MODE": v}, name=tag)
            add("synth", f"rc {m}", os.path.join(C.BUILD, "synth", f"{tag}_{T.key(t, S.method_key())}"))
    for t in procs:
        add("synth_proc", t["name"], SP.cache_dir(t) if hasattr(SP, "cache_dir") else
            os.path.join(C.BUILD, "synth", f"proc_{T.key(t, S.method_key())}"))
    for t in units:
        add("synth_unit", t["name"], SU.cache_dir(t) if hasattr(SU, "cache_dir") else
            os.path.join(SU.CACHE, T.key(t, S.method_key())))
    # asic.py: the library (generated once, cached under ROOT) is part of the key
    L.VENV = os.path.join(caches, "build", "venv")
    v, why = A.tools()
    if v:
        L.ASIC_BUILD = os.path.join(caches, "hw", "build", "asic")
        man = L.build()
        for t in [T.case_target(c) for c in cases] + units + procs + [adder]:
            k = A.cache_key(t, v, man) if hasattr(A, "cache_key") else T.key(t, A.method_key(v, man))
            prefix = t["name"].replace("/", "_").replace(" ", "_")
            add("asic", t["name"], os.path.join(C.BUILD, "asic", f"{prefix}_{k}"))
    else:
        print(f"rekey: asic skipped: {why}", file=sys.stderr)
    # pnr.py
    P.VENV = os.path.join(caches, "build", "venv")
    nextpnr = P.nextpnr()
    if nextpnr:
        flow = P.Flow(nextpnr, P.DEFAULT_FREQ, P.DEFAULT_SEEDS, 1, log=sys.stderr)
        P.PNR_DIR = os.path.join(C.BUILD, "pnr")
        for t in [T.case_target(c) for c in cases] + units + procs:
            add("pnr", t["name"], flow.workdir(dict(t)))
    else:
        print("rekey: pnr skipped: no nextpnr-ecp5", file=sys.stderr)
    return out


def emit(scripts, caches, cli):
    """cache_entries with the scripts of the folder `scripts`, in a child process (the old
    and the new scripts have the same module names)."""
    r = subprocess.run([sys.executable, os.path.abspath(__file__), "--emit", "--scripts", scripts,
                        "--caches", caches, "--cli", cli], stdout=subprocess.PIPE, text=True)
    if r.returncode != 0:
        sys.exit(f"rekey: listing the cache keys with {scripts} failed")
    return json.loads(r.stdout)


TWINS = ("asic", "pnr")  # flows whose targets with the same key share one folder (rv32-sw = rv32-ref)


def cached_result(caches, flow, folder, key):
    """(folder, its result.json) of a target's cache folder, or of another target's folder
    with the same key in the flows that share them; (None, None) without one."""
    pattern = os.path.join(caches, folder)
    if flow in TWINS:
        pattern = os.path.join(os.path.dirname(pattern), "*_" + key)
    for d in sorted(glob.glob(pattern)):
        p = os.path.join(d, "result.json")
        if os.path.exists(p):
            with open(p) as f:
                return d, json.load(f)
    return None, None


def view(tree, scripts, caches, tmp):
    """A linked copy (cp -al) of a source tree with the flow scripts of `scripts` and the
    tools of ROOT (its build/: the ASIC libraries, nextpnr); returns its scripts folder."""
    v = tempfile.mkdtemp(prefix="tree-", dir=tmp)
    subprocess.run(["cp", "-al", os.path.join(tree, "."), v], check=True)
    for sub in ("hw/scripts", "hw/build", "build", "target", ".git"):
        p = os.path.join(v, sub)
        if os.path.isdir(p) and not os.path.islink(p):
            shutil.rmtree(p)
        elif os.path.lexists(p):
            os.remove(p)
    shutil.copytree(scripts, os.path.join(v, "hw", "scripts"), ignore=shutil.ignore_patterns("__pycache__"))
    os.symlink(os.path.join(caches, "build"), os.path.join(v, "build"))
    return os.path.join(v, "hw", "scripts")


def move(old_tree, caches, cli, dry_run):
    with tempfile.TemporaryDirectory(prefix="rekey-") as tmp:
        old = emit(view(old_tree, os.path.join(old_tree, "hw", "scripts"), caches, tmp), caches, cli)
        new = emit(view(old_tree, HERE, caches, tmp), caches, cli)  # the old sources, these scripts
    newk = {(f, n): (folder, k) for f, n, folder, k in new}
    moved = present = none = 0
    for flow, name, folder, k in old:
        if (flow, name) not in newk:
            print(f"{flow:10s} {name}: not a target of the current scripts")
            continue
        d, _ = cached_result(caches, flow, folder, k)
        nfolder, nk = newk[(flow, name)]
        if d is None:
            none += 1
            print(f"{flow:10s} {name}: no cache")
            continue
        dest = os.path.join(os.path.dirname(d), os.path.basename(d)[:-len(k)] + nk)
        if os.path.exists(os.path.join(dest, "result.json")) or cached_result(caches, flow, nfolder, nk)[0]:
            present += 1
            print(f"{flow:10s} {name}: already at {os.path.relpath(dest, caches)}")
            continue
        moved += 1
        print(f"{flow:10s} {name}: {os.path.relpath(d, caches)} -> {os.path.basename(dest)}")
        if not dry_run:
            if os.path.exists(dest):
                shutil.rmtree(dest)  # an unfinished run at the new key
            subprocess.run(["cp", "-al", d, dest], check=True)
    print(f"rekey: {moved} moved{' (dry run)' if dry_run else ''}, {present} already there, {none} without a cache")


def status(scripts, caches, cli):
    tree = os.path.dirname(os.path.dirname(scripts))
    with tempfile.TemporaryDirectory(prefix="rekey-") as tmp:
        entries = emit(scripts if tree == caches else view(tree, scripts, caches, tmp), caches, cli)
    out = []
    for flow, name, folder, k in entries:
        d, r = cached_result(caches, flow, folder, k)
        if r:
            r = {x: y for x, y in r.items() if x not in ("cache", "key", "il", "name", "kind", "dir")}
        out.append({"flow": flow, "target": name, "key": k, "result": r})
    print(json.dumps(out, indent=1, sort_keys=True))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--from", dest="old", metavar="TREE")
    ap.add_argument("--status", action="store_true")
    ap.add_argument("--emit", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--scripts", default=HERE)
    ap.add_argument("--caches", default=os.path.dirname(os.path.dirname(HERE)))
    ap.add_argument("--cli")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    a.caches = os.path.abspath(a.caches)
    for what, tree in (("--from", a.old), ("--caches", a.caches)):
        if tree and not os.path.isfile(os.path.join(tree, "hw", "scripts", "targets.py")):
            ap.error(f"{what} {tree}: not a sha3-asip source tree (no hw/scripts/targets.py)")
    cli = os.path.abspath(a.cli or os.path.join(a.caches, "target", "release", "sha3-asip"))
    if a.emit:
        sys.path.insert(0, os.path.abspath(a.scripts))
        with open(os.devnull, "w") as quiet:
            so, sys.stdout = sys.stdout, quiet  # the flows' own messages stay out of the JSON
            try:
                out = cache_entries(a.caches, cli)
            finally:
                sys.stdout = so
        print(json.dumps(out))
    elif a.status:
        status(os.path.abspath(a.scripts), a.caches, cli)
    elif a.old:
        move(os.path.abspath(a.old), a.caches, cli, a.dry_run)
    else:
        ap.error("name --from TREE or --status")


if __name__ == "__main__":
    main()

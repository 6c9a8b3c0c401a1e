#!/usr/bin/env python3
"""Regenerate the measured tables of isa/dasip/README.md (between the <!-- gen:NAME -->
and <!-- /gen:NAME --> markers): `synth` from scripts/synth.py, `perf` from the measure
example (builds rv32-dasip and rv32-ref with make, runs them on asip-sim, zscale timing)
and the kernel code sizes from firmware/scripts/kernel_size.py."""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
README = os.path.join(HERE, "..", "README.md")


def sh(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit(f"error: {' '.join(cmd)} failed:\n{r.stdout[-2000:]}{r.stderr[-2000:]}")
    return r.stdout


def replace(text, name, body):
    pat = re.compile(rf"(<!-- gen:{name} -->\n).*?(<!-- /gen:{name} -->)", re.S)
    if not pat.search(text):
        sys.exit(f"error: README has no gen:{name} markers")
    return pat.sub(lambda m: m.group(1) + body + m.group(2), text)


def main():
    synth = sh([sys.executable, os.path.join(HERE, "synth.py"), "--markdown"])
    tmp = tempfile.mkdtemp(prefix="dasip-readme-")
    sizes = {}
    for k in ["rv32-dasip", "rv32-ref"]:
        b = os.path.join(tmp, k)
        sh(["make", "-s", "-C", os.path.join(ROOT, "firmware"), f"KERNEL={k}", f"BUILD={b}"])
        out = sh([sys.executable, os.path.join(ROOT, "firmware/scripts/kernel_size.py"),
                  os.path.join(b, "bench.elf")])
        sizes[k] = dict(kv.split("=") for kv in out.split() if "=" in kv)
    env = dict(os.environ)
    env.setdefault("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    out = sh(["cargo", "run", "-q", "--release", "-p", "isa-dasip", "--example", "measure", "--",
              os.path.join(tmp, "rv32-dasip/bench.elf"), os.path.join(tmp, "rv32-ref/bench.elf")],
             cwd=ROOT, env=env)
    m = json.loads(out.strip().splitlines()[-1])
    pub = {"rv32-dasip": (7.67, 912), "rv32-ref": (2.01, 1248)}
    rows = ["| design | cycles/perm | cycles/byte | bytes/cycle x1e-3 | seed 001 bytes/cycle x1e-3 "
            "| code bytes (text+rodata+data) | seed 001 code bytes |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for k in ["rv32-dasip", "rv32-ref"]:
        r, s = m[k], sizes[k]
        rows.append(f"| {k} | {r['perm_cycles']} | {r['cycles_per_byte']:.2f} | "
                    f"{r['bytes_per_cycle_e3']:.3f} | {pub[k][0]} | {s['total']} "
                    f"({s['text']}+{s['rodata']}+{s['data']}) | {pub[k][1]} |")
    rows.append("")
    rows.append(f"Speed-up rv32-dasip over rv32-ref (SHA3-256, long messages): "
                f"**{m['speedup']:.2f}x** measured; seed 001 Table 4: 3.82x.")
    text = open(README).read()
    text = replace(text, "synth", synth)
    text = replace(text, "perf", "\n".join(rows) + "\n")
    open(README, "w").write(text)
    print("updated", README)


if __name__ == "__main__":
    main()

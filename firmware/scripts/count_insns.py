#!/usr/bin/env python3
"""Count the instructions qemu-user executes inside kernel_permute / sha3fam_hash.

qemu-user's cycle/instret CSRs return host time, so the harness's numbers under qemu are not
instruction counts. This tool runs the ELF with `-singlestep -d exec,nochain` (one log line
per executed instruction) and counts, for each outermost call of the two kernel entry points,
the instructions from the function's first instruction up to (not including) the
instruction at the return address. Calls the kernel makes (its own helpers, libgcc members
linked into it) are included. Usage:
  count_insns.py [--qemu qemu-riscv32] bench.elf ALG LENS [SEED [OUTLEN]]
Prints: `insns fn=<name> call=<i> count=<n>` per call and, for the first kernel_permute
call (the harness's fixed-state permutation), `perm insns=<n>`.
"""
import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernel_size import elf32_symbols  # noqa: E402

TRACE_RE = re.compile(r"^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--qemu", default=None)
    ap.add_argument("elf")
    ap.add_argument("args", nargs="+")
    a = ap.parse_args()
    with open(a.elf, "rb") as f:
        hdr = f.read(20)
    little = hdr[5] == 1
    (machine,) = struct.unpack_from("<H" if little else ">H", hdr, 18)
    is_mips = machine == 8
    qemu = a.qemu or ("qemu-mipsel" if is_mips else "qemu-riscv32")
    # The return address is the instruction after the last one executed before the entry:
    # the call itself on RISC-V, the call's delay slot on MIPS (qemu traces delay slots as
    # separate one-instruction blocks in -singlestep mode), so +4 in both cases.
    link = 4
    syms = elf32_symbols(a.elf)
    entries = {syms["kernel_permute"]: "kernel_permute", syms["sha3fam_hash"]: "sha3fam_hash"}

    with tempfile.TemporaryDirectory() as td:
        log = os.path.join(td, "trace.log")
        r = subprocess.run([qemu, "-singlestep", "-d", "exec,nochain", "-D", log, a.elf]
                           + a.args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            sys.exit(f"count_insns: run failed ({r.returncode}): {r.stderr.strip()}")
        prev = None
        inside = None  # (name, return address, count)
        counts = []
        with open(log) as f:
            for line in f:
                m = TRACE_RE.match(line)
                if not m:
                    continue
                pc = int(m.group(1), 16)
                if inside is None:
                    if pc in entries and prev is not None:
                        inside = [entries[pc], prev + link, 0]
                else:
                    if pc == inside[1]:
                        counts.append((inside[0], inside[2]))
                        inside = None
                if inside is not None:
                    inside[2] += 1
                prev = pc
    seen = {}
    for name, n in counts:
        i = seen.get(name, 0)
        seen[name] = i + 1
        print(f"insns fn={name} call={i} count={n}")
    perms = [n for name, n in counts if name == "kernel_permute"]
    if perms:
        print(f"perm insns={perms[0]}")


if __name__ == "__main__":
    main()

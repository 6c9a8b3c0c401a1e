#!/usr/bin/env python3
"""Simulate one named case of hw/cases.json against known-answer vectors.

usage: sim.py --case V [--alg sha3-512] [--sim verilator|icarus] [--count N] [--seed S]
              [--rc-mode 0|1|2] [--json]

verilator: keccak_core + C++ harness (tb/tb_core.cpp): several messages in flight, random
input gaps and output back-pressure, then clean runs for cycles/latency/throughput.
icarus: sha3_top (padder + core, 64-bit byte stream) + tb/tb_top.v.
Exit status 1 on any digest mismatch."""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402


def build_verilator(name, case):
    gparams = [f"-G{k}={case[k]}" for k in C.CORE_PARAMS if k in case]
    srcs = [os.path.join(C.HW, "rtl", f) for f in C.RTL_CORE] + [os.path.join(C.HW, "tb", "tb_core.cpp")]
    top = case.get("TOP", "keccak_core")
    h = C.src_hash(srcs, " ".join(gparams) + top)
    mdir = os.path.join(C.BUILD, "sim", f"vl_{name}_{h}")
    exe = os.path.join(mdir, "tb")
    if os.path.exists(exe):
        return exe
    os.makedirs(mdir, exist_ok=True)  # verilator does not create missing parents of -Mdir
    cmd = ["verilator", "--cc", "--exe", "--build", "-O1", "--x-assign", "fast", "--x-initial", "fast",
           "-Wno-fatal", "-j", "1", "-Mdir", mdir, "--top-module", top, "--prefix", "Vkeccak_core",
           "-GRATE=1344", "-GOUT_BITS=512", "-I" + os.path.join(C.HW, "rtl"),
           "-CFLAGS", "-O1", "-o", "tb"] + gparams + srcs
    r = C.run(cmd)
    if r.returncode != 0:
        C.die("verilator build failed:\n" + r.stdout[-3000:] + r.stderr[-3000:])
    return exe


def sim_verilator(name, case, alg, vec):
    exe = build_verilator(name, case)
    rate, _, dom, _ = C.ALGS[alg]
    r = C.run([exe, "--vectors", vec, "--rate-bytes", str(rate), "--domain", str(dom)])
    try:
        res = json.loads(r.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        C.die("testbench produced no result:\n" + r.stdout + r.stderr)
    res["log"] = r.stderr.strip()
    if r.returncode != 0:
        res["digests_ok"] = False
    return res


def sim_icarus(name, case, alg, vec):
    rate, outb, dom, algi = C.ALGS[alg]
    # $readmemh image: per message: length word, data words (little-endian), digest words
    words = []
    for msg, dig in C.read_vectors(vec):
        words.append(len(msg))
        for o in range(0, len(msg), 8):
            words.append(int.from_bytes(msg[o:o + 8], "little"))
        d = dig + bytes(64 - len(dig))
        for o in range(0, 64, 8):
            words.append(int.from_bytes(d[o:o + 8], "little"))
    words.append((1 << 64) - 1)
    d = os.path.join(C.BUILD, "sim")
    os.makedirs(d, exist_ok=True)
    mem = os.path.join(d, f"ivl_{alg}.memh")
    with open(mem, "w") as f:
        f.write("\n".join(f"{w:016x}" for w in words) + "\n")
    srcs = [os.path.join(C.HW, "rtl", f) for f in C.RTL_CORE + ["sha3_padder.v", "sha3_top.v"]]
    srcs.append(os.path.join(C.HW, "tb", "tb_top.v"))
    vvp = os.path.join(d, f"ivl_{name}_{alg}.vvp")
    params = [f"-Ptb_top.{k}={case[k]}" for k in C.CORE_PARAMS if k in case]
    r = C.run(["iverilog", "-g2005", "-I" + os.path.join(C.HW, "rtl", "include"), "-o", vvp, "-s", "tb_top",
               f"-Ptb_top.ALG={algi}", f"-Ptb_top.OUTB={outb}", f"-Ptb_top.NWORDS={len(words)}"] + params + srcs)
    if r.returncode != 0:
        C.die("iverilog failed:\n" + r.stderr)
    r = C.run(["vvp", "-n", vvp, f"+mem={mem}"])
    res = None
    for line in r.stdout.splitlines():
        if line.startswith("{"):
            res = json.loads(line)
    if res is None:
        C.die("icarus testbench produced no result:\n" + r.stdout[-2000:])
    if r.returncode != 0:
        res["digests_ok"] = False
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--case", required=True)
    ap.add_argument("--alg", default="sha3-512", choices=sorted(C.ALGS))
    ap.add_argument("--sim", default="verilator", choices=["verilator", "icarus"])
    ap.add_argument("--count", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rc-mode", type=int, choices=[0, 1, 2], help="override the case's RC generator")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    case = dict(C.get_case(a.case))
    if a.rc_mode is not None:
        case["RC_MODE"] = a.rc_mode
    vec, src = C.vectors_file(a.alg, a.count, a.seed)
    fn = sim_verilator if a.sim == "verilator" else sim_icarus
    res = fn(a.case, case, a.alg, vec)
    out = {"case": a.case, "alg": a.alg, "sim": a.sim, "vector_source": src}
    out.update({k: case[k] for k in C.CORE_PARAMS if k in case})
    out.update(res)
    log = out.pop("log", "")
    if a.json:
        print(json.dumps(out))
    else:
        if log:
            print(log)
        for k, v in out.items():
            print(f"{k:24s} {v}")
    sys.exit(0 if out.get("digests_ok") else 1)


if __name__ == "__main__":
    main()

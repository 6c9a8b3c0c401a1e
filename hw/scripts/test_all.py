#!/usr/bin/env python3
"""`make -C hw test`: Verilator testbenches of every case in cases.json with SHA3-256 and
SHA3-512 vectors, the LFSR and full-table RC generators on Case I, one Icarus run of
sha3_top (padder + core). Non-zero exit on any failure."""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402

SIM = os.path.join(C.HW, "scripts", "sim.py")


def run(args):
    t0 = time.time()
    r = subprocess.run([sys.executable, SIM, "--json"] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    try:
        res = json.loads(r.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        res = {"digests_ok": False}
        sys.stderr.write(r.stderr)
    ok = r.returncode == 0 and res.get("digests_ok") is True
    print(f"{'PASS' if ok else 'FAIL'} {' '.join(args):48s} cycles/block={res.get('cycles_per_block', '-')}"
          f" n_msg={res.get('n_msg', '-')} ({time.time() - t0:.0f}s)", flush=True)
    return ok


def main():
    jobs = []
    for name in C.load_cases():
        for alg in ("sha3-256", "sha3-512"):
            jobs.append(["--case", name, "--alg", alg])
    jobs.append(["--case", "I", "--alg", "sha3-256", "--rc-mode", "1"])
    jobs.append(["--case", "I", "--alg", "sha3-256", "--rc-mode", "2"])
    jobs.append(["--case", "V", "--alg", "sha3-512", "--sim", "icarus", "--count", "12"])
    fails = sum(not run(j) for j in jobs)
    print("hw tests:", "all passed" if not fails else f"{fails} FAILED")
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()

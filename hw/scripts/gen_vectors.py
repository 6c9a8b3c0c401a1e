#!/usr/bin/env python3
"""Fallback known-answer vector generator (hashlib), same format as
`sha3-asip vectors --alg ALG --count N --seed S`:
a '#' header line, then one vector per line: <len_bytes> <msg hex or -> <digest hex>.
Messages: empty, one-block, exactly-rate, multi-block, then random lengths."""
import argparse
import hashlib
import random
import sys

RATE = {"sha3-224": 144, "sha3-256": 136, "sha3-384": 104, "sha3-512": 72,
        "shake128": 168, "shake256": 136}
SHAKE_OUT = {"shake128": 32, "shake256": 64}


def digest(alg, msg, outlen=None):
    h = hashlib.new(alg.replace("-", "_"), msg)
    if alg.startswith("shake"):
        return h.hexdigest(outlen or SHAKE_OUT[alg])
    return h.hexdigest()


def vectors(alg, count, seed):
    r = RATE[alg]
    rng = random.Random(seed)
    fixed = [0, 1, r - 2, r - 1, r, r + 1, 2 * r, 3 * r + 5]
    lens = fixed[:count]
    while len(lens) < count:
        lens.append(rng.randrange(0, 4 * r))
    out = []
    for n in lens:
        m = bytes(rng.randrange(256) for _ in range(n))
        out.append((n, m.hex() if n else "-", digest(alg, m)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--alg", required=True, choices=sorted(RATE))
    ap.add_argument("--count", type=int, default=32)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    if a.count < 1:
        sys.exit("error: --count must be >= 1")
    print(f"# alg={a.alg} count={a.count} seed={a.seed} source=hw/scripts/gen_vectors.py (hashlib)")
    for n, m, d in vectors(a.alg, a.count, a.seed):
        print(n, m, d)


if __name__ == "__main__":
    main()

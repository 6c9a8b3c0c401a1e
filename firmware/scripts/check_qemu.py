#!/usr/bin/env python3
"""Run a firmware bench.elf under qemu-user and check every digest against python3 hashlib.

hashlib has SHA3-n and SHAKE only; the harness's other functions (cSHAKE, KMAC, TupleHash,
ParallelHash, TurboSHAKE, KangarooTwelve) are checked against the golden model on the
simulator by cargo test (crates/flow/tests/functions.rs); here only their bad parameters.
For each of the six functions: every length 0..600 (seed 0), a few long lengths up to
16384, two other seeds; SHAKE also with non-default output lengths. Also checks the
output format and that bad arguments give exit code 2. Exits non-zero on any mismatch.
"""
import argparse
import hashlib
import re
import subprocess
import sys

ALGS = {
    "sha3-224": (hashlib.sha3_224, None),
    "sha3-256": (hashlib.sha3_256, None),
    "sha3-384": (hashlib.sha3_384, None),
    "sha3-512": (hashlib.sha3_512, None),
    "shake128": (hashlib.shake_128, 32),
    "shake256": (hashlib.shake_256, 64),
}

HEADER_RE = re.compile(r'^# sha3-asip bench kernel=(\S+) cflags="([^"]*)"$')
PERM_RE = re.compile(r"^perm cycles=(\d+) instret=(\d+)$")
HASH_RE = re.compile(r"^hash alg=(\S+) len=(\d+) seed=(\d+) cycles=(\d+) instret=(\d+) "
                     r"digest=([0-9a-f]+)$")


def message(length, seed):
    """The harness's message PRNG (xorshift32), see docs/firmware.md."""
    x = (0x9E3779B9 ^ seed ^ (length << 16)) & 0xFFFFFFFF
    if x == 0:
        x = 1
    out = bytearray(length)
    for i in range(length):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out[i] = x & 0xFF
    return bytes(out)


def expected(alg, data, outlen):
    fn, xof_default = ALGS[alg]
    h = fn(data)
    return h.hexdigest(outlen) if xof_default is not None else h.hexdigest()


class Checker:
    def __init__(self, qemu, elf, cpu=None):
        self.qemu, self.elf = ([qemu] + (["-cpu", cpu] if cpu else [])), elf
        self.failures = 0
        self.checked = 0

    def fail(self, msg):
        self.failures += 1
        print(f"FAIL: {msg}", file=sys.stderr)

    def run(self, args):
        return subprocess.run(self.qemu + [self.elf] + args, capture_output=True, text=True,
                              timeout=600)

    def check(self, alg, lens, seed=None, outlen=None):
        args = [alg, ",".join(map(str, lens))]
        if seed is not None or outlen is not None:
            args.append(str(seed or 0))
        if outlen is not None:
            args.append(str(outlen))
        r = self.run(args)
        desc = " ".join(args if len(lens) < 8 else args[:1] + [f"<{len(lens)} lengths>"] + args[2:])
        if r.returncode != 0:
            self.fail(f"{desc}: exit code {r.returncode}, stderr: {r.stderr.strip()}")
            return
        lines = r.stdout.splitlines()
        if len(lines) != 2 + len(lens) or not HEADER_RE.match(lines[0]) \
                or not PERM_RE.match(lines[1]):
            self.fail(f"{desc}: malformed output:\n{r.stdout[:500]}")
            return
        n_out = outlen if outlen is not None else ALGS[alg][1]
        for want_len, line in zip(lens, lines[2:]):
            m = HASH_RE.match(line)
            if not m:
                self.fail(f"{desc}: malformed line {line!r}")
                continue
            galg, glen, gseed = m.group(1), int(m.group(2)), int(m.group(3))
            if (galg, glen, gseed) != (alg, want_len, seed or 0):
                self.fail(f"{desc}: line for wrong case: {line!r}")
                continue
            want = expected(alg, message(glen, gseed), n_out)
            self.checked += 1
            if m.group(6) != want:
                self.fail(f"{alg} len={glen} seed={gseed}: got {m.group(6)} want {want}")

    def check_bad(self, args):
        r = self.run(args)
        if r.returncode != 2 or not r.stderr.strip() or "hash " in r.stdout:
            self.fail(f"bad arguments {args!r}: want exit 2 and a message on stderr, got "
                      f"exit {r.returncode}, stderr {r.stderr.strip()!r}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--qemu", default="qemu-riscv32")
    ap.add_argument("--cpu", help="qemu's -cpu (e.g. the vector unit of rv32-v)")
    ap.add_argument("--quick", action="store_true", help="lengths 0..200 only")
    ap.add_argument("elf")
    a = ap.parse_args()
    c = Checker(a.qemu, a.elf, a.cpu)
    top = 200 if a.quick else 600
    for alg in ALGS:
        c.check(alg, list(range(0, top + 1)))
        c.check(alg, [1000, 4095, 4096, 8191, 16384])
        c.check(alg, [0, 1, 71, 72, 135, 136, 137, 167, 168, 1000], seed=1)
        c.check(alg, [5, 143, 144, 300], seed=0xFFFFFFFF)
    c.check("shake128", [0, 17, 168, 500], seed=3, outlen=1)
    c.check("shake128", [0, 17, 168, 500], seed=3, outlen=337)
    c.check("shake256", [0, 17, 136, 500], seed=4, outlen=136)
    c.check("shake256", [0, 17, 136, 500], seed=4, outlen=4096)
    c.check("sha3-256", [0, 1], seed=5, outlen=32)
    for bad in ([], ["sha3-256"], ["md5", "1"], ["sha3-256", "1,,2"], ["sha3-256", "x"],
                ["sha3-256", "65537"], ["sha3-256", "1", "-1"], ["sha3-256", "1", "0", "31"],
                ["shake128", "1", "0", "0"], ["shake128", "1", "0", "4097"],
                ["sha3-256", "1", "0", "32", "extra"], ["sha3-256", "99999999999"],
                # parameters of the other functions (their digests: cargo test, against the
                # golden model, as hashlib has no cSHAKE/KMAC/TurboSHAKE/KT)
                ["sha3-256", "1", "key=00"], ["kmac128", "1", "key=0"], ["kmac128", "1", "key=zz"],
                ["kmac128", "1", "name=00"], ["shake128", "1", "custom=00"],
                ["parallelhash128", "1", "block=0"], ["turboshake128", "1", "domain=0"],
                ["turboshake128", "1", "domain=128"], ["kt128", "1", "custom=" + "00" * 513],
                ["kt128", "1", "bogus=1"], ["kt128", "1", "custom=00", "5"]):
        c.check_bad(bad)
    if c.failures:
        print(f"check_qemu: {a.elf}: {c.failures} FAILURES ({c.checked} digests compared)",
              file=sys.stderr)
        sys.exit(1)
    print(f"check_qemu: {a.elf}: OK, {c.checked} digests match hashlib")


if __name__ == "__main__":
    main()

"""Shared helpers for hw/scripts (python3 stdlib only)."""
import hashlib
import json
import os
import subprocess
import sys

HW = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(HW)
BUILD = os.path.join(HW, "build")
CORE_PARAMS = ("K", "N", "SUB", "RC_MODE", "LATE")

ALGS = {  # rate bytes, digest bytes, domain byte, sha3_top ALG index
    "sha3-224": (144, 28, 0x06, 0), "sha3-256": (136, 32, 0x06, 1),
    "sha3-384": (104, 48, 0x06, 2), "sha3-512": (72, 64, 0x06, 3),
    "shake128": (168, 32, 0x1F, 4), "shake256": (136, 64, 0x1F, 5),
}
RTL_CORE = ["keccak_theta.v", "keccak_rpci.v", "keccak_rc.v", "keccak_core.v"]


def die(msg):
    print(f"error: {msg}", file=sys.stderr)
    sys.exit(2)


def load_cases():
    with open(os.path.join(HW, "cases.json")) as f:
        return json.load(f)["cases"]


def get_case(name):
    cases = load_cases()
    if name not in cases:
        die(f"unknown case '{name}' (known: {', '.join(cases)})")
    return cases[name]


def write_between_markers(path, begin, end, text):
    """Replace what stands between the lines `begin` and `end` of the file with text."""
    with open(path) as f:
        doc = f.read()
    if begin not in doc or end not in doc:
        die(f"{path} has no {begin} ... {end} markers")
    head, rest = doc.split(begin, 1)
    tail = rest.split(end, 1)[1]
    with open(path, "w") as f:
        f.write(head + begin + "\n" + text + end + tail)


def case_params(name, alg="sha3-512"):
    """keccak_core parameters of a named case hashing `alg` (rate and digest width)."""
    case = get_case(name)
    rate, outb, _, _ = ALGS[alg]
    params = {k: case[k] for k in CORE_PARAMS if k in case}
    params.update({"RATE": rate * 8, "OUT_BITS": outb * 8})
    return params


def src_hash(files, extra=""):
    h = hashlib.sha256(extra.encode())
    for p in files:
        with open(p, "rb") as f:
            h.update(os.path.basename(p).encode() + b"\0" + f.read())
    return h.hexdigest()[:16]


class Lock:
    """Exclusive lock on a cache path (parallel runs share results): `with Lock(path):`."""
    def __init__(self, path):
        self.path = path + ".lock"

    def __enter__(self):
        import fcntl
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        self.f = open(self.path, "w")
        fcntl.flock(self.f, fcntl.LOCK_EX)

    def __exit__(self, *a):
        self.f.close()


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def vectors_file(alg, count, seed):
    """Prefer the project CLI (`sha3-asip vectors`), else the hashlib fallback."""
    os.makedirs(os.path.join(BUILD, "vectors"), exist_ok=True)
    cli = os.path.join(ROOT, "target", "release", "sha3-asip")
    args = ["vectors", "--alg", alg, "--count", str(count), "--seed", str(seed)]
    if os.access(cli, os.X_OK):
        r = run([cli] + args)
        if r.returncode == 0 and r.stdout.startswith("#"):
            path = os.path.join(BUILD, "vectors", f"cli_{alg}_{count}_{seed}.txt")
            with open(path, "w") as f:
                f.write(r.stdout)
            return path, "sha3-asip vectors"
    path = os.path.join(BUILD, "vectors", f"py_{alg}_{count}_{seed}.txt")
    r = run([sys.executable, os.path.join(HW, "scripts", "gen_vectors.py")] + args[1:])
    if r.returncode != 0:
        die(r.stderr.strip())
    with open(path, "w") as f:
        f.write(r.stdout)
    return path, "hw/scripts/gen_vectors.py"


def read_vectors(path):
    out = []
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            n, m, d = line.split()
            msg = b"" if m == "-" else bytes.fromhex(m)
            if len(msg) != int(n):
                die(f"{path}: length field does not match message")
            out.append((msg, bytes.fromhex(d)))
    return out

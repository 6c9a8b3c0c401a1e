"""The Keccak facts the code generators share (rv32-sw's gen_rounds.py, rv32-zbkb's
gen_permute.py, gen_constants.py and the golden model's crates/golden/gen/gen_fast.py): rho
offsets, round constants, bit interleaving, the pi map and the lane-complemented chi forms.
Computed from the definitions (FIPS 202), not typed."""

import itertools


def rho_offsets():
    r = [[0] * 5 for _ in range(5)]
    x, y = 1, 0
    for t in range(24):
        r[x][y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return r


def round_constants():
    rcs = []
    lfsr = 1
    for _ in range(24):
        rc = 0
        for j in range(7):
            if lfsr & 1:
                rc |= 1 << ((1 << j) - 1)
            lfsr = ((lfsr << 1) ^ (0x71 if lfsr & 0x80 else 0)) & 0xFF
        rcs.append(rc)
    return rcs


def interleave(v):
    e = o = 0
    for i in range(32):
        e |= ((v >> (2 * i)) & 1) << i
        o |= ((v >> (2 * i + 1)) & 1) << i
    return e, o


def g(a, y):
    d = (2 * a + 3 * y) % 5
    c = (3 * (y - 3 * d)) % 5
    return c, d


def chi_formula(cb, co):
    """cb: complement flags of (b0, b1, b2) as stored; co: output stored complemented.
    Return (n0, n1, n2, op) with the fewest NOTs such that the stored output is right."""
    best = None
    for n0, n1, n2 in itertools.product((0, 1), repeat=3):
        for op in ("&", "|"):
            ok = True
            for t0, t1, t2 in itertools.product((0, 1), repeat=3):  # true lane bits
                s0, s1, s2 = t0 ^ cb[0], t1 ^ cb[1], t2 ^ cb[2]  # stored bits
                u0, u1, u2 = s0 ^ n0, s1 ^ n1, s2 ^ n2
                got = u0 ^ ((u1 & u2) if op == "&" else (u1 | u2))
                want = (t0 ^ ((1 - t1) & t2)) ^ co
                if got != want:
                    ok = False
                    break
            if ok:
                cost = n0 + n1 + n2
                if best is None or cost < best[0]:
                    best = (cost, (n0, n1, n2, op))
    assert best is not None
    return best[1]

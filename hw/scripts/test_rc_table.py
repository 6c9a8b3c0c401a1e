#!/usr/bin/env python3
"""Table I test: derive the 24 round constants from the FIPS 202 LFSR rc(t), compress each
to one byte with the mapping lane bit 0,1,3,7,15,31,63 -> byte bit 0,1,3,4,5,6,7 (byte bit 2
unused), check the result equals the seed's printed Table I (hw/seed004.json) and the table
in rtl/keccak_rc.v, expand the bytes back to the 24 full constants and check those against
the 64-bit table in rtl/keccak_rc.v. Also checks the mapping is the only one that fits."""
import itertools
import json
import os
import re
import sys

HW = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANE_BITS = [0, 1, 3, 7, 15, 31, 63]
BYTE_BITS = [0, 1, 3, 4, 5, 6, 7]


def rc_bits():
    r, out = 1, []
    for _ in range(7 * 24):
        out.append(r & 1)
        r = ((r << 1) ^ 0x71) & 0xFF if r & 0x80 else r << 1
    return out


def full_constants():
    b = rc_bits()
    return [sum(b[j + 7 * i] << LANE_BITS[j] for j in range(7)) for i in range(24)]


def compress(rc, mapping):
    return sum(((rc >> LANE_BITS[j]) & 1) << mapping[j] for j in range(7))


def expand(byte, mapping):
    return sum(((byte >> mapping[j]) & 1) << LANE_BITS[j] for j in range(7))


def main():
    fails = 0
    seed = [int(x, 16) for x in json.load(open(os.path.join(HW, "seed004.json")))["table1_rc_bytes"]]
    rcs = full_constants()
    ours = [compress(rc, BYTE_BITS) for rc in rcs]
    src = open(os.path.join(HW, "rtl", "keccak_rc.v")).read()
    rtl_bytes = [int(v, 16) for v in re.findall(r"rc_byte = 8'h([0-9A-Fa-f]{2});", src)][:24]
    rtl_full = [int(v, 16) for v in re.findall(r"rc_full = 64'h([0-9A-Fa-f]{16});", src)]
    print(" i  Table I  derived  expanded")
    for i in range(24):
        ok = ours[i] == seed[i] and expand(seed[i], BYTE_BITS) == rcs[i]
        fails += not ok
        print(f"{i:2d}  0x{seed[i]:02X}     0x{ours[i]:02X}     0x{expand(seed[i], BYTE_BITS):016X} {'ok' if ok else 'FAIL'}")
    if rtl_bytes != seed:
        print("FAIL: rtl/keccak_rc.v byte table differs from Table I"); fails += 1
    if rtl_full != rcs:
        print("FAIL: rtl/keccak_rc.v 64-bit table differs from FIPS 202"); fails += 1
    # uniqueness of the mapping (injective maps of 7 lane bits into 8 byte bits)
    fits = [m for m in itertools.permutations(range(8), 7)
            if all(compress(rc, m) == s for rc, s in zip(rcs, seed))]
    print("mappings consistent with Table I:", fits)
    if fits != [tuple(BYTE_BITS)]:
        print("FAIL: mapping not unique / not ours"); fails += 1
    print("Table I test:", "PASS" if not fails else f"FAIL ({fails})")
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Markdown table of all cases (measured by synth.py + sim.py) beside seed 004 Tables II
and IV (typed in hw/seed004.json). usage: table.py [--out FILE] [--alg sha3-512] [--exact]"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402
import synth  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--alg", default="sha3-512", choices=sorted(C.ALGS))
    ap.add_argument("--out")
    ap.add_argument("--exact", action="store_true", help="whole-core flat synthesis (slow)")
    a = ap.parse_args()
    seed = json.load(open(os.path.join(C.HW, "seed004.json")))
    t2 = seed["table2"]
    rows = [synth.synth_case(n, a.alg, exact=a.exact) for n in C.load_cases()]
    base = next(r for r in rows if r["case"] == "I")
    L = []
    flow = ("whole core flat (--exact)" if a.exact else
            "register-isolated theta/rpci instances mapped once and composed, GE per module")
    L.append(f"Measured: {a.alg} (r = {C.ALGS[a.alg][0] * 8}), Yosys `{synth.SYNTH_XILINX}`, {flow}, "
             "cycles from the Verilator testbench; method in docs/hardware.md. "
             "Published: seed 004 Table II (Xilinx ISE, XC6VLX75T, place and route).\n")
    L.append("| case | k | n stages | sub | cyc/blk | msgs | LUTs | FFs | slices est (pub.) | LUT levels "
             "| Fmax est MHz (pub.) | Gbps (pub.) | Mbps/slice (pub.) | eff. / Case I (pub.) | kGE |")
    L.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        p = t2.get(r["case"])
        stages = r["N"] + r["SUB"] * r["K"]

        def pub(key, fmt="{}"):
            return f" ({fmt.format(p[key])})" if p else ""
        ratio = r["mbps_per_slice"] / base["mbps_per_slice"]
        pratio = f" ({p['mbps_per_slice'] / t2['I']['mbps_per_slice']:.2f})" if p else ""
        L.append(f"| {r['case']} | {r['K']} | {stages} | {r['SUB']} | {r['cycles_per_block']} | {r['n_msg']} "
                 f"| {r['luts']} | {r['ffs']} | {r['slices_est']}{pub('slices')} | {r['lut_levels']} "
                 f"| {r['fmax_mhz_est']}{pub('fmax_mhz')} | {r['gbps']:.2f}{pub('gbps')} "
                 f"| {r['mbps_per_slice']:.2f}{pub('mbps_per_slice')} | {ratio:.2f}{pratio} "
                 f"| {r['ge_est'] / 1000:.1f} |")
    v = next((r for r in rows if r["case"] == "V"), None)
    if v:
        t4 = seed["table4_caseV_asic"]
        L.append("")
        L.append(f"ASIC (seed Table IV, Case V, TSMC 65 nm): {t4['kge']} kGE published; measured gate "
                 f"estimate {v['ge_est'] / 1000:.1f} kGE (Yosys generic gates, NAND2-equivalent weights, "
                 "includes the 512-bit digest register).")
    L.append("")
    L.append("Round-constant generators alone (keccak_rc_unit: state register + generator + 7-bit output register):\n")
    L.append("| generator | LUTs | FFs | LUT levels | GE est |")
    L.append("|---|---|---|---|---|")
    for m, i in sorted(synth.RC_MODES.items(), key=lambda x: x[1]):
        r = synth.synth("keccak_rc_unit", {"MODE": i}, ["keccak_rc.v", "keccak_rc_unit.v"], f"rc_{m}")
        L.append(f"| {m} | {r['luts']} | {r['ffs']} | {r['lut_levels']} | {r['ge_est']} |")
    text = "\n".join(L) + "\n"
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    print(text, end="")


if __name__ == "__main__":
    main()

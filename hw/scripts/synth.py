#!/usr/bin/env python3
"""Yosys synthesis of one named case (or one round-constant generator) with the method of
docs/hardware.md; results cached in hw/build/synth/<hash>/result.json.

usage: synth.py --case V [--alg sha3-512] [--json] [--no-sim]
       synth.py --rc cbyte|lfsr|full [--json]

FPGA: synth_xilinx -family xc6v -flatten -noiopad -nowidelut (Virtex-6, the seed's device).
  luts, ffs from stat; slices_est = max(ceil(LUT/4), ceil(FF/8)) (Virtex-6 slice: 4 LUT6 +
  8 FF, perfect packing: a lower bound); lut_levels = longest register-to-register path in
  LUTs (scripts/netdepth.py); fmax_mhz_est = 1000 / (T_CKO + T_SU + (L+1)*T_NET + L*T_LUT).
ASIC: synth -flatten; abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX; ge_est = sum of
  NAND2-equivalent weights (GE_WEIGHTS).
Throughput (seed eq. 5): gbps = rate_bits * fmax * n_msg / cycles_per_block, with
  cycles_per_block and n_msg measured by the Verilator testbench (sim.py)."""
import argparse
import json
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402
import netdepth  # noqa: E402

# Virtex-6 (-1) delay constants, ns (datasheet-order values, applied uniformly to all cases)
T_CKO, T_SU, T_NET, T_LUT = 0.34, 0.10, 0.40, 0.07
SYNTH_XILINX = "synth_xilinx -family xc6v -flatten -noiopad -nowidelut"
GE_WEIGHTS = {  # NAND2 equivalents
    "$_NOT_": 0.67, "$_AND_": 1.33, "$_OR_": 1.33, "$_NAND_": 1.0, "$_NOR_": 1.0,
    "$_XOR_": 2.33, "$_XNOR_": 2.33, "$_ANDNOT_": 1.33, "$_ORNOT_": 1.33, "$_MUX_": 2.33,
    "$_BUF_": 0.0,
}
GE_DFF = 4.67          # plain D flip-flop
GE_DFF_EN = 1.33       # extra for a clock enable
GE_DFF_RST = 0.67      # extra for a reset
RC_MODES = {"cbyte": 0, "lfsr": 1, "full": 2}


def fmax_mhz(levels):
    return 1000.0 / (T_CKO + T_SU + (levels + 1) * T_NET + levels * T_LUT)


def parse_stat(path):
    cells = {}
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) == 2 and p[1].isdigit() and (p[0].startswith("$") or p[0][:1].isupper()):
                cells[p[0]] = int(p[1])
    return cells


def ge_of(cells):
    ge = 0.0
    for t, n in cells.items():
        if t in GE_WEIGHTS:
            ge += GE_WEIGHTS[t] * n
        elif "DFF" in t:
            base, _, code = t.strip("$_").partition("_")
            w = GE_DFF
            if base.endswith("E") or "CE" in base:
                w += GE_DFF_EN
            if base.startswith("S") or "0" in code or "1" in code:
                w += GE_DFF_RST
            ge += w * n
        else:
            raise SystemExit(f"error: no GE weight for cell type {t}")
    return ge


def synth(top, params, srcs, tag):
    allsrc = [os.path.join(C.HW, "rtl", f) for f in srcs]
    key = C.src_hash(allsrc + [os.path.abspath(__file__), os.path.join(C.HW, "scripts", "netdepth.py")],
                     top + json.dumps(params, sort_keys=True))
    d = os.path.join(C.BUILD, "synth", f"{tag}_{key}")
    res_path = os.path.join(d, "result.json")
    if os.path.exists(res_path):
        with open(res_path) as f:
            return json.load(f)
    os.makedirs(d, exist_ok=True)
    chp = " ".join(f"-set {k} {v}" for k, v in params.items())
    ys = [f"read_verilog {' '.join(allsrc)}"]
    if chp:
        ys.append(f"chparam {chp} {top}")
    ys += ["design -save orig",
           f"{SYNTH_XILINX} -top {top}",
           f"tee -q -o {d}/xilinx_stat.txt stat",
           f"write_json {d}/xilinx.json",
           "design -load orig",
           f"synth -flatten -top {top}",
           "abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX",
           "opt_clean",
           f"tee -q -o {d}/gates_stat.txt stat"]
    with open(os.path.join(d, "synth.ys"), "w") as f:
        f.write("\n".join(ys) + "\n")
    t0 = time.time()
    r = C.run(["yosys", "-q", "-l", os.path.join(d, "yosys.log"), os.path.join(d, "synth.ys")])
    if r.returncode != 0:
        C.die("yosys failed, see " + os.path.join(d, "yosys.log"))
    xc = parse_stat(os.path.join(d, "xilinx_stat.txt"))
    luts = sum(n for t, n in xc.items() if t.startswith("LUT"))
    ffs = sum(n for t, n in xc.items() if t.startswith("FD"))
    levels, muxf = netdepth.depth(os.path.join(d, "xilinx.json"), top)
    os.remove(os.path.join(d, "xilinx.json"))
    gc = parse_stat(os.path.join(d, "gates_stat.txt"))
    res = {"luts": luts, "ffs": ffs, "muxf": sum(n for t, n in xc.items() if t.startswith("MUXF")),
           "carry4": xc.get("CARRY4", 0),
           "slices_est": max(math.ceil(luts / 4), math.ceil(ffs / 8)),
           "lut_levels": levels, "muxf_on_path": muxf,
           "fmax_mhz_est": round(fmax_mhz(levels) if not muxf else
                                 1000.0 / (1000.0 / fmax_mhz(levels) + 0.2 * muxf), 1),
           "ge_est": round(ge_of(gc)), "gate_cells": sum(gc.values()),
           "synth_seconds": round(time.time() - t0, 1), "cache": d}
    with open(res_path, "w") as f:
        json.dump(res, f, indent=1)
    return res


def synth_case(name, alg, with_sim=True):
    case = C.get_case(name)
    rate, outb, _, _ = C.ALGS[alg]
    params = {k: case[k] for k in C.CORE_PARAMS if k in case}
    params.update({"RATE": rate * 8, "OUT_BITS": outb * 8})
    res = {"case": name, "alg": alg}
    res.update(params)
    res.update(synth("keccak_core", params, C.RTL_CORE, f"case{name}_{alg}"))
    if with_sim:
        import sim
        vec, _ = C.vectors_file(alg, 24, 1)
        s = sim.sim_verilator(name, case, alg, vec)
        cpb, nmsg = s["cycles_per_block"], s["n_msg"]
        res.update({"cycles_per_block": cpb, "latency_cycles": s["latency_cycles"],
                    "messages_per_cycle": s["messages_per_cycle"],
                    "blocks_per_cycle": s["blocks_per_cycle"],
                    "n_msg": round(nmsg), "digests_ok": s["digests_ok"]})
        gbps = rate * 8 * res["fmax_mhz_est"] * 1e6 * round(nmsg) / cpb / 1e9
        res["gbps"] = round(gbps, 3)
        res["mbps_per_slice"] = round(gbps * 1000 / res["slices_est"], 3)
        res["mbps_per_kge"] = round(gbps * 1000 / (res["ge_est"] / 1000), 2)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--case")
    g.add_argument("--rc", choices=sorted(RC_MODES))
    ap.add_argument("--alg", default="sha3-512", choices=sorted(C.ALGS))
    ap.add_argument("--no-sim", action="store_true", help="area/depth only, no throughput")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.rc:
        res = {"rc": a.rc}
        res.update(synth("keccak_rc_unit", {"MODE": RC_MODES[a.rc]}, ["keccak_rc.v", "keccak_rc_unit.v"], f"rc_{a.rc}"))
    else:
        res = synth_case(a.case, a.alg, not a.no_sim)
    if a.json:
        print(json.dumps(res))
    else:
        for k, v in res.items():
            print(f"{k:20s} {v}")
    if res.get("digests_ok") is False:
        sys.exit(1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Yosys synthesis of one named case (or one round-constant generator) with the method of
docs/hardware.md; results cached in hw/build/synth/<hash>/result.json.

usage: synth.py --case V [--alg sha3-512] [--json] [--no-sim] [--exact]
       synth.py --rc cbyte|lfsr|full [--json]

Default (fast, hierarchical) flow for a case, see docs/hardware.md "Method":
  FPGA: the theta / rho-pi-chi-iota instances that have a loop register on both sides
  ("isolated" segments) are mapped once per module (cached in hw/build/synth/mod_*), the
  rest of the core (entry multiplexer, the segments next to it, control, registers) is
  mapped flat as below with those instances as black boxes; the mapped modules are then
  inserted and the whole netlist flattened (no re-optimisation) for stat and depth.
  ASIC: every theta / rpci instance is a black box; ge_est = GE(shell) + K x (GE(theta) +
  GE(rpci)), each module mapped once with the same abc -g script.
--exact: the whole core flattened in one run for both passes (the original method).

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
import targets as T  # noqa: E402

# Virtex-6 (-1) delay constants, ns (datasheet-order values, applied uniformly to all cases)
T_CKO, T_SU, T_NET, T_LUT = 0.34, 0.10, 0.40, 0.07
SYNTH_XILINX = "synth_xilinx -family xc6v -flatten -noiopad -nowidelut"
GE_WEIGHTS = {  # NAND2 equivalents
    "$_NOT_": 0.67, "$_AND_": 1.33, "$_OR_": 1.33, "$_NAND_": 1.0, "$_NOR_": 1.0,
    "$_XOR_": 2.33, "$_XNOR_": 2.33, "$_ANDNOT_": 1.33, "$_ORNOT_": 1.33, "$_MUX_": 2.33,
    "$_BUF_": 0.0,
}
ABC_GATES = "abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX"
# the processors' gate mapping: ABC's fast script (the default one ran for over 20 minutes
# on the mips-native processor and finished in 13 s with -fast; docs/hardware.md)
ABC_GATES_FAST = "abc -fast -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX"
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


# distributed-RAM primitives of synth_xilinx and the LUT6 sites each occupies (a processor's
# register file; the Keccak cores and the extension units have none)
LUTRAM_LUTS = {"RAM32X1S": 1, "RAM32X1D": 2, "RAM64X1S": 1, "RAM64X1D": 2, "RAM128X1S": 2,
               "RAM128X1D": 4, "RAM256X1S": 4, "RAM32M": 4, "RAM64M": 4}
T_DSP = 3.9  # ns, Virtex-6 (-1) DSP48E1 combinational multiply A/B -> P, datasheet order


def fpga_figures(xc, netlist, top):
    """Area and depth figures of a synth_xilinx netlist: stat cell counts `xc` and the JSON
    netlist (removed afterwards: it is large)."""
    luts = sum(n for t, n in xc.items() if t.startswith("LUT"))
    ffs = sum(n for t, n in xc.items() if t.startswith("FD"))
    lutram = sum(LUTRAM_LUTS.get(t, 0) * n for t, n in xc.items())
    unknown_ram = sorted(t for t in xc if t.startswith("RAM") and not t.startswith("RAMB") and t not in LUTRAM_LUTS)
    if unknown_ram:
        raise SystemExit(f"error: no LUT count for distributed RAM cell(s) {', '.join(unknown_ram)}")

    def delay(v):
        return 1000.0 / fmax_mhz(v[0]) + 0.2 * v[1] + T_DSP * v[2]
    levels, muxf, dsp_path = netdepth.path_of(netlist, top, lambda v: v[:2] if not (v[2] or lutram) else (delay(v),))
    os.remove(netlist)
    res = {"luts": luts, "ffs": ffs, "muxf": sum(n for t, n in xc.items() if t.startswith("MUXF")),
           "carry4": xc.get("CARRY4", 0),
           "slices_est": max(math.ceil((luts + lutram) / 4), math.ceil(ffs / 8)),
           "lut_levels": levels, "muxf_on_path": muxf,
           "fmax_mhz_est": round(fmax_mhz(levels) if not (muxf or dsp_path) else
                                 1000.0 / delay((levels, muxf, dsp_path)), 1)}
    extra = {"lutram_luts": lutram, "dsp": xc.get("DSP48E1", 0),
             "bram": sum(n for t, n in xc.items() if t.startswith("RAMB")), "dsp_on_path": dsp_path}
    res.update({k: v for k, v in extra.items() if v})  # only where present: Keccak/unit JSON unchanged
    return res


def synth_target(t, d, abc_gates=ABC_GATES):
    """The method of this file (FPGA and gate-equivalent passes, module docstring) on any
    target of targets.py {top, files, include_dirs, params}, in the folder d; result dict.
    abc_gates: the gate-mapping command of the GE pass (ABC_GATES_FAST for processors)."""
    os.makedirs(d, exist_ok=True)
    top = t["top"]
    ys = T.yosys_read(t) + [
        "design -save orig",
        f"{SYNTH_XILINX} -top {top}",
        # modules the RTL keeps (keep_hierarchy) are mapped alone; then one netlist for the
        # figures and the path depth
        "setattr -mod -unset keep_hierarchy", "flatten",
        f"tee -q -o {d}/xilinx_stat.txt stat",
        f"write_json {d}/xilinx.json",
        "design -load orig",
        f"synth -flatten -top {top}",
        abc_gates,
        "setattr -mod -unset keep_hierarchy", "flatten",
        "opt_clean",
        f"tee -q -o {d}/gates_stat.txt stat"]
    t0 = time.time()
    _yosys(d, ys)
    res = fpga_figures(parse_stat(os.path.join(d, "xilinx_stat.txt")), os.path.join(d, "xilinx.json"), top)
    gc = parse_stat(os.path.join(d, "gates_stat.txt"))
    res.update({"ge_est": round(ge_of(gc)), "gate_cells": sum(gc.values()),
                "synth_seconds": round(time.time() - t0, 1)})
    return res


def method_key():
    """Part of every cache key besides the elaborated design: this file, netdepth.py and the
    Yosys version (not targets.py: how it reads a target is in the elaborated design)."""
    return C.src_hash([os.path.abspath(__file__), netdepth.__file__], C.yosys_version())


def rtl_target(top, params, srcs, tag):
    """A target of hw/rtl files (a round-constant unit, or keccak_core flattened by --exact)."""
    return T.explicit_target(top, [os.path.join(C.HW, "rtl", f) for f in srcs], [], params, name=tag)


def exact_dir(t):
    return os.path.join(C.BUILD, "synth", f"{t['name']}_{T.key(t, method_key())}")


def synth(top, params, srcs, tag):
    t = rtl_target(top, params, srcs, tag)
    d = exact_dir(t)
    res_path = os.path.join(d, "result.json")
    if os.path.exists(res_path):
        with open(res_path) as f:
            return json.load(f)
    res = synth_target(t, d)
    res.update({"method": "exact", "cache": d})
    with open(res_path, "w") as f:
        json.dump(res, f, indent=1)
    return res


# ---------------- fast hierarchical flow for keccak_core (see module docstring) -------------
# resources the core does not use (no multipliers, shift-register chains; BUFG is not
# counted); the passes cost seconds on 1600-bit registers. They can reorder cells, which
# moves ABC's result by a few tenths of a per cent (docs/hardware.md)
FAST_OPTS = "-nodsp -nosrl -noclkbuf"
SEG_MODULES = {"theta": ("keccak_theta", ["keccak_theta.v", "keccak_theta_c.v", "keccak_theta_d.v"]),
               "rpci": ("keccak_rpci", ["keccak_rpci.v"])}
# keccak_core_np's gated round steps (its segments are laid out as keccak_core's with LATE=1)
SEG_MODULES_NP = {"theta": ("keccak_theta_g", ["keccak_theta_g.v", "keccak_theta_d.v"]), "rpci": ("keccak_rpci_g", ["keccak_rpci_g.v"])}


def seg_modules(top="keccak_core"):
    return SEG_MODULES_NP if top == "keccak_core_np" else SEG_MODULES


def segments(params):
    """keccak_core's segments as in the RTL: [(cell path, kind, isolated)]; isolated = a loop
    register on its input and on its output (nothing to merge with across its ports).
    Mirrors the generate loop of rtl/keccak_core.v (HAS_REG, LATE): keep the two in step."""
    K, N, SUB, LATE = params["K"], params["N"], params["SUB"], params.get("LATE", 0)
    segs, group = 2 * K, K // N

    def has_reg(s):
        return SUB if s % 2 == 0 else int((s // 2 + 1) % group == 0)
    out = []
    for s in range(segs):
        kind = "theta" if s % 2 == 0 else "rpci"
        reg_in = bool(LATE) if s == 0 else bool(has_reg(s - 1))
        reg_out = bool(has_reg(s)) and not (LATE and s == segs - 1)
        out.append((f"g_seg[{s}].g_{kind}.u_{kind}", kind, reg_in and reg_out))
    return out


def _yosys(d, lines):
    with open(os.path.join(d, "synth.ys"), "w") as f:
        f.write("\n".join(lines) + "\n")
    r = C.run(["yosys", "-q", "-l", os.path.join(d, "yosys.log"), os.path.join(d, "synth.ys")])
    if r.returncode != 0:
        C.die("yosys failed, see " + os.path.join(d, "yosys.log"))


def module_target(kind, core="keccak_core"):
    top, srcs = seg_modules(core)[kind]
    return T.explicit_target(top, [os.path.join(C.HW, "rtl", f) for f in srcs], name=top)


def module_dir(kind, core="keccak_core"):
    """Cached by the module's elaborated design, this script and the Yosys version."""
    key = T.key(module_target(kind, core), C.src_hash([os.path.abspath(__file__)], C.yosys_version()))
    return os.path.join(C.BUILD, "synth", f"mod_{kind}{'_np' if core == 'keccak_core_np' else ''}_{key}")


def hier_dir(t):
    """Cached by the core's elaborated design (parameters included), this script,
    netdepth.py and the Yosys version."""
    key = T.key(t, C.src_hash([os.path.abspath(__file__), netdepth.__file__], C.yosys_version()))
    return os.path.join(C.BUILD, "synth", f"{t['name']}_hier_{key}")


def synth_module(kind, core="keccak_core"):
    """One datapath module mapped alone: FPGA netlist (renamed <module>_map, RTLIL) and
    generic-gate statistics."""
    top = seg_modules(core)[kind][0]
    t = module_target(kind, core)
    d = module_dir(kind, core)
    res_path = os.path.join(d, "result.json")
    with C.Lock(d):
        if os.path.exists(res_path):
            with open(res_path) as f:  # the netlist where the folder is now (rekey.py links folders)
                return dict(json.load(f), il=os.path.join(d, "map.il"))
        os.makedirs(d, exist_ok=True)
        t0 = time.time()
        _yosys(d, T.yosys_read(t) + ["design -save orig",
                   f"{SYNTH_XILINX} {FAST_OPTS} -top {top}",
                   f"tee -q -o {d}/xilinx_stat.txt stat",
                   f"rename {top} {top}_map",
                   f"write_rtlil {d}/map.il",
                   "design -load orig",
                   f"synth -flatten -top {top}", ABC_GATES, "opt_clean",
                   f"tee -q -o {d}/gates_stat.txt stat"])
        xc = parse_stat(os.path.join(d, "xilinx_stat.txt"))
        gc = parse_stat(os.path.join(d, "gates_stat.txt"))
        res = {"module": top, "luts": sum(n for t, n in xc.items() if t.startswith("LUT")),
               "ge_est": ge_of(gc), "il": os.path.join(d, "map.il"),
               "synth_seconds": round(time.time() - t0, 1)}
        with open(res_path, "w") as f:
            json.dump(res, f, indent=1)
        return res


def hier_target(name, alg):
    return rtl_target(C.case_top(name), C.case_params(name, alg), C.RTL_CORE, f"case{name}_{alg}")


def synth_core_hier(t):
    top, params = t["top"], t["params"]
    d = hier_dir(t)
    res_path = os.path.join(d, "result.json")
    if os.path.exists(res_path):
        with open(res_path) as f:
            return json.load(f)
    t0 = time.time()
    segmods = seg_modules(top)
    mods = {k: synth_module(k, top) for k in segmods}
    os.makedirs(d, exist_ok=True)
    segs = segments(params)

    def cellsel(path):  # '[' ']' are wildcards in Yosys selections: match them with '?'
        return f"{top}/" + path.replace("[", "?").replace("]", "?")
    iso = [(p, k) for p, k, i in segs if i]
    ys = T.yosys_read(t) + [f"hierarchy -top {top}", "design -save orig"]
    # FPGA: isolated segments become black boxes <module>_map, the rest is mapped flat
    used = sorted({k for _, k in iso})
    for k in used:
        m = segmods[k][0]
        ys += [f"copy {m} {m}_map", f"blackbox {m}_map"]
    for p, k in iso:
        ys.append(f"chtype -set {segmods[k][0]}_map {cellsel(p)}")
    ys += [f"{SYNTH_XILINX} {FAST_OPTS} -top {top}",
           # a loop register fed by a black box keeps one copy of its clock-enable LUT per
           # flip-flop (the flat flow folds them): merge identical cells
           "opt_merge", "opt_clean"]
    for k in used:
        ys += [f"delete {segmods[k][0]}_map", f"read_rtlil {mods[k]['il']}"]
    ys += [f"hierarchy -top {top}", "flatten", f"hierarchy -top {top}", "opt_clean",
           f"tee -q -o {d}/xilinx_stat.txt stat {top}", f"write_json {d}/xilinx.json"]
    # ASIC: every segment a black box, GE composed from the module results
    ys += ["design -load orig"]
    for k in segmods:
        m = segmods[k][0]
        ys += [f"blackbox {m}"]
    ys += [f"synth -flatten -top {top}", ABC_GATES, "opt_clean", f"tee -q -o {d}/gates_stat.txt stat {top}"]
    _yosys(d, ys)
    res = fpga_figures(parse_stat(os.path.join(d, "xilinx_stat.txt")), os.path.join(d, "xilinx.json"), top)
    gc = {t: n for t, n in parse_stat(os.path.join(d, "gates_stat.txt")).items()
          if not t.startswith("keccak_")}
    ge = ge_of(gc) + sum(mods[k]["ge_est"] for _, k, _ in segs)
    res.update({"ge_est": round(ge), "gate_cells": sum(gc.values()),
                "synth_seconds": round(time.time() - t0, 1), "method": "hier",
                "isolated_segments": [p for p, _ in iso], "cache": d})
    with open(res_path, "w") as f:
        json.dump(res, f, indent=1)
    return res


def synth_case(name, alg, with_sim=True, exact=False):
    case = C.get_case(name)
    rate = C.ALGS[alg][0]
    params = C.case_params(name, alg)
    res = {"case": name, "alg": alg}
    res.update(params)
    if exact:
        res.update(synth(C.case_top(name), params, C.RTL_CORE, f"case{name}_{alg}"))
    else:
        res.update(synth_core_hier(hier_target(name, alg)))
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
    ap.add_argument("--exact", action="store_true",
                    help="flatten the whole core in one Yosys run (slow; the default composes "
                         "separately mapped datapath modules, docs/hardware.md)")
    a = ap.parse_args()
    if a.rc:
        res = {"rc": a.rc}
        res.update(synth("keccak_rc_unit", {"MODE": RC_MODES[a.rc]}, ["keccak_rc.v", "keccak_rc_unit.v"], f"rc_{a.rc}"))
    else:
        res = synth_case(a.case, a.alg, not a.no_sim, a.exact)
    if a.json:
        print(json.dumps(res))
    else:
        for k, v in res.items():
            print(f"{k:20s} {v}")
    if res.get("digests_ok") is False:
        sys.exit(1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The power flow's validation (make -C hw test-power, part of make test; seconds): the
circuit hw/tb/power_check.v simulated at gate level by the flow's own harness
(gate_harness.cpp, cell models from the Liberty) for 1000 cycles, its activity summed by
power_lib, against OpenSTA 2.0.17 and a hand computation (docs/hardware.md, "Power"):
  - the counted toggles and high times are the stimulus's (exact);
  - where OpenSTA's propagation is exact (flip-flops fed by ports at known rates, driving
    inverters into known loads), power_lib in OpenSTA 2.0.17's conventions equals its
    report_power instance by instance (relative 1e-6; the delay flip-flop g0 within 1e-3:
    its input toggles 999 times in 1000 cycles, the first cycle after reset finding it equal);
  - the inverter h from port a (0.42 ns transition, 0.025 pF load: table points of INVX1)
    gives, in the flow's convention (current OpenSTA's), the power computed by hand from the
    Liberty's INVX1 values;
  - x = q0 XOR (q0 delayed), both toggling every cycle: x toggles at most once (the start-up)
    while OpenSTA's vectorless propagation puts it at 0.5 per cycle: the flow's switching power
    of x0 is under 1% of OpenSTA's;
  - halving the clock halves every dynamic figure (both conventions, and OpenSTA).
Skipped, with the reason, when the tools are missing (scripts/setup --asic installs them)."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import power as W  # noqa: E402
import power_lib as P  # noqa: E402

N = 1000
# INVX1 from the Liberty (osu018_stdcells.lib), A -> Y at output load 0.025 pF (index_1[2])
# and input transition 0.42 ns (index_2[2]): rise_power and fall_power, pJ
INVX1_RISE, INVX1_FALL = 0.036904, 0.002998
VDD = 1.8


def rel(a, b):
    return abs(a - b) / max(abs(b), 1e-30)


def check_plain_modules():
    """A kept submodule with parameters (Yosys names it `\\$paramod\\m\\W=...`) gets a plain
    name in its declaration and its instance, and nothing else changes."""
    esc = "\\$paramod\\sel\\W=s32'00000000000000000000000000000101"
    text = (f"module top(a, y);\n  input a;\n  output y;\n  {esc} u_s (.a(a), .y(y));\nendmodule\n"
            f"module {esc} (a, y);\n  input a;\n  output y;\n  INVX1 \\u_s.w  (.A(a), .Y(y));\nendmodule\n")
    got = W.plain_modules(text)
    want = text.replace(esc + " ", "pm0 ")
    return [] if got == want and "pm0 u_s" in got and "module pm0 (" in got else [f"plain_modules gave {got!r}"]


def check_name_mapper():
    """Kept submodules inside flattened ones (instance names with dots: `\\u_mul.u_as`, one
    more level inside it: `\\g.u_in`): the harness's names (Verilator's scopes, split at every
    dot) map to OpenSTA's (the instance name whole), in the top module and at each level."""
    text = ("module top(a, y);\n  input a;\n  output y;\n  wire w;\n"
            "  INVX1 i0 (.A(a), .Y(w));\n  pm0 \\u_mul.u_as  (.x_i(w), .o_o(y));\nendmodule\n"
            "module pm0 (x_i, o_o);\n  input x_i;\n  output o_o;\n  wire x_i_INVX1_A_Y;\n"
            "  INVX1 x_i_INVX1_A (.A(x_i), .Y(x_i_INVX1_A_Y));\n"
            "  pm1 \\g.u_in  (.x_i(x_i_INVX1_A_Y), .o_o(o_o));\nendmodule\n"
            "module pm1 (x_i, o_o);\n  input x_i;\n  output o_o;\n  wire q_i_NOR2X1_A_Y;\n"
            "  INVX1 u (.A(x_i), .Y(q_i_NOR2X1_A_Y));\n  INVX1 v (.A(q_i_NOR2X1_A_Y), .Y(o_o));\nendmodule\n")
    _short, netmap, _insts = W.sim_netlist(text, {"INVX1"})
    f = W.name_mapper(text, "top", netmap)
    want = {"n0": "w", "a": "a", "u_mul/u_as/n0": "u_mul.u_as/x_i_INVX1_A_Y", "u_mul/u_as/x_i": "u_mul.u_as/x_i",
            "u_mul/u_as/g/u_in/n0": "u_mul.u_as/g.u_in/q_i_NOR2X1_A_Y"}
    return [f"name_mapper: {k} -> {f(k)}, want {w}" for k, w in want.items() if f(k) != w]


def main():
    pm = check_plain_modules() + check_name_mapper()
    for f in pm:
        print(f"test_power: FAIL: {f}")
    if pm:
        return 1
    v, why = W.tools()
    if not v:
        print(f"test_power: SKIPPED: {why}")
        return 0
    lib = P.Library(v["osu018_lib"])
    fails = []

    def check(ok, what):
        if not ok:
            fails.append(what)

    with tempfile.TemporaryDirectory(prefix="power-test-") as tmp:
        res = W.check_circuit(v, lib, tmp)
    r10, r20 = res[10.0], res[20.0]
    want = {"clk": 2 * N, "d[0]": N, "q[0]": N, "y[0]": N, "d[1]": N // 2, "q[1]": N // 2,
            "y[1]": N // 2, "d[2]": N // 4, "q[2]": N // 4, "y[2]": N // 4, "d[3]": 0, "q[3]": 0,
            "y[3]": 0, "a": N // 2, "ya": N // 2, "r0": N - 1}
    for net, t in want.items():
        check(r10["toggles"].get(net) == t, f"toggles of {net}: {r10['toggles'].get(net)}, want {t}")
    check(r10["toggles"]["x"] <= 1, f"x toggled {r10['toggles']['x']} times")
    check(r10["high"]["d[0]"] == N / 2 and r10["high"]["y[3]"] == N and r10["high"]["q[3]"] == 0,
          f"high times {r10['high']}")
    # the OpenSTA 2.0.17 conventions against its report_power, instance by instance
    for per, r in res.items():
        for inst in ("f0", "f1", "f2", "f3", "i0", "i1", "i2", "i3", "h", "g0"):
            tol = 1e-3 if inst == "g0" else 1e-6
            mine, sta = r["old"][inst], r["sta"][inst]
            for k, what in ((0, "internal"), (1, "switching")):
                if sta[k] == 0:
                    check(mine[k] == 0, f"{per} ns {inst} {what}: {mine[k]} where OpenSTA has 0")
                else:
                    check(rel(mine[k], sta[k]) < tol, f"{per} ns {inst} {what}: {mine[k]:.6e} vs OpenSTA {sta[k]:.6e}")
    # h by hand: transitions per second x (rise + fall) / 2 and x C V^2 / 2
    tps = (N / 2) / (N * 10e-9)
    want_int = tps * (INVX1_RISE + INVX1_FALL) / 2 * 1e-12
    want_sw = tps * 0.5 * 0.025e-12 * VDD ** 2
    h = r10["std"]["h"]
    check(rel(h[0], want_int) < 1e-6, f"h internal {h[0]:.9e}, by hand {want_int:.9e}")
    check(rel(h[1], want_sw) < 1e-6, f"h switching {h[1]:.9e}, by hand {want_sw:.9e}")
    pin = r10["pins"]["h"]["A"]
    check(abs(pin[1] - 0.42) < 1e-6 and abs(r10["pins"]["h"]["Y"][3] - 0.025) < 1e-9,
          f"h's slew / load from OpenSTA: {pin}, {r10['pins']['h']['Y']}")
    # correlated inputs: OpenSTA's propagation is wrong, the simulated activity is not
    check(r10["sta"]["x0"][1] > 0 and r10["std"]["x0"][1] < 0.01 * r10["sta"]["x0"][1],
          f"x0 switching {r10['std']['x0'][1]:.3e} vs OpenSTA's vectorless {r10['sta']['x0'][1]:.3e}")
    # linear in the clock
    for kind in ("std", "old"):
        for inst, (i10, s10) in r10[kind].items():
            i20, s20 = r20[kind][inst]
            check(abs(i20 - i10 / 2) <= 1e-9 * abs(i10) and abs(s20 - s10 / 2) <= 1e-9 * abs(s10),
                  f"{kind} {inst}: 20 ns gives {i20:.6e}/{s20:.6e}, 10 ns {i10:.6e}/{s10:.6e}")
    check(rel(r20["sta_total_w"], r10["sta_total_w"] / 2) < 1e-6, "OpenSTA's dynamic power is not linear in the clock")
    for f in fails:
        print(f"test_power: FAIL: {f}")
    print(f"test_power: {'FAILED' if fails else 'ok'}: validation circuit, {len(fails)} failure(s) "
          f"(dynamic {r10['std_total_w'] * 1e3:.4f} mW at 100 MHz; OpenSTA 2.0.17 "
          f"{r10['sta_total_w'] * 1e3:.4f} mW in its own conventions)")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

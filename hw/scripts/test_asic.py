#!/usr/bin/env python3
"""The ASIC flow on a fixture (make -C hw test-asic, part of make test): hw/tb/asic_adder.v, a
32-bit adder between registers, through hw/scripts/asic.py in a fresh cache folder (library
generation and its checks included). Asserts the exact cell count, area, GE, flip-flops and
Fmax the flow gives on these libraries (deterministic), and that Yosys proves both mapped
netlists (sky130 and OSU 0.18 um) equivalent to the RTL (miter, SAT induction), and that the
same proof fails against a wrong RTL (a - b); and that the processors' mapping (ABC's fast
script with `topo` before `buffer`) runs `topo` and gives a netlist proven equal too. Skipped, with the reason, when the ASIC tools
are not installed (scripts/setup installs them)."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asic as A  # noqa: E402
import asic_lib as L  # noqa: E402
import common as C  # noqa: E402
import targets as T  # noqa: E402

FIXTURE = os.path.join(C.HW, "tb", "asic_adder.v")
# what the flow gives on sky130 0.15.3 / qflow-tech-osu018 1.3.17 / Yosys 0.23 / OpenSTA 2.0.17
EXPECT = {"cells": 257, "area_um2": 2924.05, "ge": 779, "ffs": 96, "fmax_mhz": 208.4}


def prove(d, gold_src, netlist, lib, expect_ok):
    """Yosys: the mapped netlist (cells as the Liberty's logic) equals the RTL, by SAT
    induction on a miter; returns whether the outcome is the expected one."""
    ys = os.path.join(d, "prove.ys")
    with open(ys, "w") as f:
        f.write("\n".join([
            f"read_verilog {gold_src}", "proc", "opt_clean", "rename asic_adder gold", "design -stash gold",
            f"read_liberty -ignore_miss_func {lib}", f"read_verilog {netlist}", "rename asic_adder gate",
            "design -copy-from gold -as gold gold", "flatten",
            "miter -equiv -flatten -make_outputs -ignore_gold_x gold gate miter", "hierarchy -top miter",
            "sat -verify -tempinduct -prove trigger 0 -set-init-zero -seq 1 miter", ""]))
    r = C.run(["yosys", "-q", "-l", os.path.join(d, "prove.log"), ys])
    return (r.returncode == 0) == expect_ok


def main():
    v, why = A.tools()
    if not v:
        print(f"test_asic: SKIPPED: {why}")
        return 0
    failures = []
    with tempfile.TemporaryDirectory(prefix="asic-test-") as tmp:
        L.ASIC_BUILD = tmp
        man = L.build()
        for cell, want in L.config()["sky130"]["spot_check_um2"].items():
            if abs(man["areas_um2"][cell] - want) > 0.005:
                failures.append(f"{cell}: {man['areas_um2'][cell]} um^2, published {want}")
        t = T.explicit_target("asic_adder", [FIXTURE])
        r = A.run_target(t, v, man, L.config(), False)
        for k, want in EXPECT.items():
            if r[k] != want:
                failures.append(f"{k}: {r[k]}, expected {want}")
        d = os.path.join(tmp, r["key"])
        wrong = os.path.join(tmp, "asic_adder_wrong.v")
        with open(FIXTURE) as f:
            text = f.read()
        with open(wrong, "w") as f:
            f.write(text.replace("a_q + b_q", "a_q - b_q"))
        for net, lib in (("sky130.v", man["liberty"]), ("osu.v", v["osu018_lib"])):
            if not prove(d, FIXTURE, os.path.join(d, net), lib, True):
                failures.append(f"{net} not proven equal to the RTL (see {d}/prove.log)")
            if not prove(d, wrong, os.path.join(d, net), lib, False):
                failures.append(f"{net}: the proof did not fail against a wrong RTL")
        # the processors' mapping (ABC's fast script with `topo` before `buffer`,
        # asic.FAST_CONSTR_SCRIPT) on the same fixture: buffered, and proven equal to the RTL
        L.ASIC_BUILD = os.path.join(tmp, "fast")
        rp = A.run_target(dict(t, kind="processor"), v, man, L.config(), False)
        dp = os.path.join(L.ASIC_BUILD, rp["key"])
        with open(os.path.join(dp, "osu.log")) as f:
            if "+ topo" not in f.read():
                failures.append(f"processor mapping: ABC ran no topo (see {dp}/osu.log)")
        if not rp["fmax_mhz"] or not prove(dp, FIXTURE, os.path.join(dp, "osu.v"), v["osu018_lib"], True):
            failures.append(f"processor mapping: no Fmax or not proven equal to the RTL (see {dp})")
        if failures:
            for msg in failures:
                print(f"test_asic: FAIL: {msg}")
            return 1
    print(f"test_asic: ok ({r['cells']} cells, {r['ge']} GE, {r['ffs']} FF, {r['fmax_mhz']} MHz; "
          "sky130 and OSU netlists proven equal to the RTL)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

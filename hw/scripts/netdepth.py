"""Logic depth of a Yosys JSON netlist after synth_xilinx: the longest register-to-register
(or port) path counted in LUT levels. LUT1-6 and CARRY4 count 1 level; MUXF7/MUXF8 count 0
(they sit in the same slice as the LUTs they select between); INV/BUF count 0. Returns
(lut_levels, muxf_on_path)."""
import json
import sys

SEQ_PREFIX = ("FD", "LD")


def depth(path, top):
    with open(path) as f:
        mod = json.load(f)["modules"][top]
    cells = mod["cells"]
    driver = {}      # bit -> cell name
    for name, c in cells.items():
        for p, d in c.get("port_directions", {}).items():
            if d == "output":
                for b in c["connections"][p]:
                    if isinstance(b, int):
                        driver[b] = name
    memo = {}

    def weight(t):
        if t.startswith("LUT") or t.startswith("CARRY"):
            return 1, 0
        if t.startswith("MUXF"):
            return 0, 1
        return 0, 0

    sys.setrecursionlimit(1000000)

    def arrive(name):  # (levels, muxf) at the output of a combinational cell
        if name in memo:
            return memo[name]
        memo[name] = (0, 0)
        c = cells[name]
        best = (0, 0)
        for p, d in c.get("port_directions", {}).items():
            if d != "input":
                continue
            for b in c["connections"][p]:
                if isinstance(b, int) and b in driver:
                    dc = driver[b]
                    t = cells[dc]["type"]
                    if t.startswith(SEQ_PREFIX) or t in ("IBUF", "BUFG"):
                        continue
                    v = arrive(dc)
                    if v > best:
                        best = v
        w = weight(c["type"])
        memo[name] = (best[0] + w[0], best[1] + w[1])
        return memo[name]

    worst = (0, 0)
    for name, c in cells.items():
        if c["type"].startswith(SEQ_PREFIX) or c["type"] == "OBUF":
            for p, d in c.get("port_directions", {}).items():
                if d != "input":
                    continue
                for b in c["connections"][p]:
                    if isinstance(b, int) and b in driver:
                        dc = driver[b]
                        t = cells[dc]["type"]
                        if t.startswith(SEQ_PREFIX):
                            continue
                        worst = max(worst, arrive(dc))
    # output ports
    for pn, pd in mod["ports"].items():
        if pd["direction"] == "output":
            for b in pd["bits"]:
                if isinstance(b, int) and b in driver and not cells[driver[b]]["type"].startswith(SEQ_PREFIX):
                    worst = max(worst, arrive(driver[b]))
    return worst


if __name__ == "__main__":
    print(depth(sys.argv[1], sys.argv[2]))

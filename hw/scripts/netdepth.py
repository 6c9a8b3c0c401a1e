"""Logic depth of a Yosys JSON netlist after synth_xilinx: the longest register-to-register
(or port) path counted in LUT levels. LUT1-6, CARRY4 and distributed-RAM reads (RAM32M,
RAM64X1D, ...: a LUT) count 1 level; MUXF7/MUXF8 count 0 (they sit in the same slice as the
LUTs they select between); INV/BUF count 0; block RAMs are registers. depth() returns
(lut_levels, muxf_on_path) of the path with the most levels (then MUXFs); path() also counts
DSP48E1 blocks on the path and takes the worst path by a caller's cost function (a delay)."""
import json
import sys

SEQ_PREFIX = ("FD", "LD", "RAMB")
LUTRAM = "RAM"  # distributed RAM (after RAMB is excluded): read address -> data is a LUT


def read_addr_port(p):
    """A distributed RAM's read-address input (ADDRA..D of RAM32M/RAM64M, A0.. and DPRA0..
    of RAM32X1D/RAM64X1D); its data, write-enable and clock inputs end a path (the write)."""
    return p.startswith(("ADDR", "DPRA")) or (p[:1] == "A" and p[1:].isdigit())


def is_lutram(t):
    return t.startswith(LUTRAM) and not t.startswith(SEQ_PREFIX)


def depth(path, top):
    lv, mx, _ = path_of(path, top, lambda v: v[:2])
    return lv, mx


def path_of(path, top, cost):
    """(lut_levels, muxf, dsp) of the path whose cost(levels, muxf, dsp) is largest."""
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
        if t.startswith("LUT") or t.startswith("CARRY") or t.startswith("RAM"):
            return 1, 0, 0
        if t.startswith("MUXF"):
            return 0, 1, 0
        if t.startswith("DSP"):
            return 0, 0, 1
        return 0, 0, 0

    sys.setrecursionlimit(1000000)

    def worse(a, b):
        return b if cost(b) > cost(a) else a

    def arrive(name):  # (levels, muxf, dsp) at the output of a combinational cell
        if name in memo:
            return memo[name]
        memo[name] = (0, 0, 0)
        c = cells[name]
        best = (0, 0, 0)
        for p, d in c.get("port_directions", {}).items():
            if d != "input" or (is_lutram(c["type"]) and not read_addr_port(p)):
                continue
            for b in c["connections"][p]:
                if isinstance(b, int) and b in driver:
                    dc = driver[b]
                    t = cells[dc]["type"]
                    if t.startswith(SEQ_PREFIX) or t in ("IBUF", "BUFG"):
                        continue
                    best = worse(best, arrive(dc))
        w = weight(c["type"])
        memo[name] = (best[0] + w[0], best[1] + w[1], best[2] + w[2])
        return memo[name]

    worst = (0, 0, 0)
    for name, c in cells.items():
        ram = is_lutram(c["type"])
        if c["type"].startswith(SEQ_PREFIX) or c["type"] == "OBUF" or ram:
            for p, d in c.get("port_directions", {}).items():
                if d != "input" or (ram and read_addr_port(p) and not p.startswith("ADDRD")):
                    continue
                for b in c["connections"][p]:
                    if isinstance(b, int) and b in driver:
                        dc = driver[b]
                        t = cells[dc]["type"]
                        if t.startswith(SEQ_PREFIX):
                            continue
                        worst = worse(worst, arrive(dc))
    # output ports
    for pn, pd in mod["ports"].items():
        if pd["direction"] == "output":
            for b in pd["bits"]:
                if isinstance(b, int) and b in driver and not cells[driver[b]]["type"].startswith(SEQ_PREFIX):
                    worst = worse(worst, arrive(driver[b]))
    return worst


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: netdepth.py NETLIST.json TOP")
    try:
        print(depth(sys.argv[1], sys.argv[2]))
    except OSError as e:
        sys.exit(f"error: {e.filename}: {e.strerror}")

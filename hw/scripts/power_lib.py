"""Power from switching activity (docs/hardware.md, "Power"): the OSU Liberty's power tables
read with the PyPI parser `liberty-parser`, the slews and net loads OpenSTA computes for a
mapped netlist, and per-net toggle counts and high times from a gate-level simulation, summed
per instance. Debian's OpenSTA 2.0.17 cannot take per-net activity (its propagation overwrites
every annotated cell output), so the sum is done here, with OpenSTA's own formulas:

  output pin o of an instance, density d_o (transitions per cycle, from the simulation):
    internal  = d_o * sum over the arcs (related pin i -> o) of w_i * E_i,
                E_i = (rise_power(slew_i', C_o) + fall_power(slew_i'', C_o)) / 2, the input
                slews of the transition that causes each (unateness of the arc's timing
                group), w_i = d_i * P_i / sum_j d_j * P_j, P_i the probability that o depends
                on i (Boolean difference of o's function, other inputs independent with their
                simulated high-time fractions; 1 for an arc from a clock, reset or set pin)
    switching = d_o * C_o * V^2 / 2, C_o = OpenSTA's load (pin capacitances, no wire load)
  input pin with its own internal_power group (no related pin, e.g. a flip-flop's CLK and D):
    internal  = d_i * (rise_power(slew_r) + fall_power(slew_f)) / 2
  leakage: cell_leakage_power (the OSU library has no state-dependent leakage).
This is what current OpenSTA (search/Power.cc, findOutputInternalPower / findInputInternalPower)
does with a per-pin activity; Debian's 2.0.17 differs in three conventions, which
`convention="opensta-2019"` reproduces for the validation against its report_power: it charges
rise + fall energy per transition on arcs from a clock pin and on arcs whose `when` it infers
as 1 (INV, BUF), takes the slew of the same transition at the input whatever the unateness,
and computes switching power only at instance outputs (none on nets driven by ports).
Nets driven by the design's ports (the clock, the memories' outputs) are listed apart: the
clock net's switching (ideal clock, no clock tree: its pin capacitance only) is part of the
core's power; a memory's output net is driven by the memory."""
import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402

VENV = os.path.join(C.ROOT, "build", "venv")


def _venv_path():
    """The PyPI packages of scripts/setup (build/venv) for this python3."""
    for p in sorted(glob.glob(os.path.join(VENV, "lib", "python3*", "site-packages"))):
        if p not in sys.path:
            sys.path.append(p)


def parser_version():
    """(version of liberty-parser, None) or (None, why)."""
    _venv_path()
    try:
        from importlib.metadata import version
        import liberty.parser  # noqa: F401
        return version("liberty-parser"), None
    except Exception as e:  # ImportError, PackageNotFoundError
        return None, (f"the PyPI package liberty-parser is not installed in build/venv ({e}): "
                      "scripts/setup --asic installs it (hw/requirements-asic.txt)")


# ------------------------------------------------------------------ Liberty

class Table:
    """A Liberty lookup table: axes named by their template variables, values; looked up by
    bilinear interpolation, extrapolated linearly outside the axes (as OpenSTA does)."""

    def __init__(self, group, templates):
        tmpl = templates.get(group.args[0] if group.args else None, {})
        self.vars, self.axes = [], []
        for k in (1, 2, 3):
            if group.get(f"index_{k}") is None and tmpl.get(f"index_{k}") is None:
                break
            self.vars.append(tmpl.get(f"variable_{k}"))
            arr = group.get_array(f"index_{k}") if group.get(f"index_{k}") is not None else tmpl[f"index_{k}"]
            self.axes.append([float(x) for x in list(arr.flatten())])
        vals = group.get_array("values")
        self.values = [[float(x) for x in row] for row in vals]
        if len(self.axes) == 1:
            self.values = [[v] for v in self.values[0]] if len(self.values) == 1 else self.values
        if len(self.axes) == 0:
            self.scalar = self.values[0][0]

    @staticmethod
    def _seg(axis, x):
        """(index i, fraction t) with x = axis[i] + t * (axis[i+1] - axis[i]), extrapolating
        from the first or last segment."""
        if len(axis) == 1:
            return 0, 0.0
        i = 0
        while i < len(axis) - 2 and x > axis[i + 1]:
            i += 1
        return i, (x - axis[i]) / (axis[i + 1] - axis[i])

    def lookup(self, slew, cap):
        """Value at input transition `slew` (ns) and output load `cap` (pF)."""
        if not self.axes:
            return self.scalar
        x = [cap if v == "total_output_net_capacitance" else slew for v in self.vars]
        if len(self.axes) == 1:
            i, t = self._seg(self.axes[0], x[0])
            col = [r[0] for r in self.values]
            return col[i] + t * (col[min(i + 1, len(col) - 1)] - col[i]) if len(col) > 1 else col[0]
        i, t = self._seg(self.axes[0], x[0])
        j, u = self._seg(self.axes[1], x[1])
        v = self.values
        i1, j1 = min(i + 1, len(v) - 1), min(j + 1, len(v[0]) - 1)
        a = v[i][j] + u * (v[i][j1] - v[i][j])
        b = v[i1][j] + u * (v[i1][j1] - v[i1][j])
        return a + t * (b - a)


def _unq(s):
    return None if s is None else str(s).strip().strip('"')


def eval_function(expr, env):
    """Value (0/1) of a Liberty function string: ! and postfix ' (not), space / * / &
    (and), + / | (or), ^ (xor), parentheses; `env` maps pin names to 0/1."""
    toks = re.findall(r"[A-Za-z_][A-Za-z0-9_\[\]]*|[01]|[!()'+*&|^]|\s+", expr)
    pos = [0]

    def peek():
        while pos[0] < len(toks) and toks[pos[0]].isspace():
            pos[0] += 1
        return toks[pos[0]] if pos[0] < len(toks) else None

    def atom():
        t = peek()
        if t == "!":
            pos[0] += 1
            v = 1 - atom()
        elif t == "(":
            pos[0] += 1
            v = orx()
            if peek() != ")":
                raise ValueError(f"unbalanced function {expr!r}")
            pos[0] += 1
        elif t in ("0", "1"):
            pos[0] += 1
            v = int(t)
        elif t is not None and re.match(r"[A-Za-z_]", t):
            pos[0] += 1
            v = env[t]
        else:
            raise ValueError(f"bad function {expr!r} at {t!r}")
        while pos[0] < len(toks) and toks[pos[0]] == "'":
            pos[0] += 1
            v = 1 - v
        return v

    def andx():
        v = atom()
        while True:
            # juxtaposition is AND, as are * and &
            t = peek()
            if t in ("*", "&"):
                pos[0] += 1
                v &= atom()
            elif t is not None and (t in ("!", "(") or re.match(r"[A-Za-z_01]", t)):
                v &= atom()
            else:
                return v

    def xorx():
        v = andx()
        while peek() == "^":
            pos[0] += 1
            v ^= andx()
        return v

    def orx():
        v = xorx()
        while peek() in ("+", "|"):
            pos[0] += 1
            v |= xorx()
        return v

    v = orx()
    if peek() is not None:
        raise ValueError(f"trailing text in function {expr!r}")
    return v


class Cell:
    def __init__(self, name):
        self.name = name
        self.leakage_nw = 0.0
        self.area = 0.0
        self.pins = {}        # name -> {"dir", "cap", "function", "clock"}
        self.out_arcs = {}    # output pin -> [(related pin, {"rise": Table, "fall": Table}, sense)]
        self.in_power = {}    # input pin -> {"rise": Table, "fall": Table}
        self.ff = None        # {"state": (IQ, IQN), "next": expr, "clock": expr, "clear": expr, "preset": expr}
        self.latch = None

    def inputs(self):
        return [p for p, v in self.pins.items() if v["dir"] == "input"]

    def outputs(self):
        return [p for p, v in self.pins.items() if v["dir"] == "output"]


class Library:
    """The cells of a Liberty file: pins, functions, internal power, leakage."""

    def __init__(self, path):
        _venv_path()
        from liberty.parser import parse_liberty
        with open(path) as f:
            lib = parse_liberty(f.read())
        self.path = path
        self.voltage = float(lib.get_groups("operating_conditions")[0]["voltage"]) \
            if lib.get_groups("operating_conditions") else float(lib["nom_voltage"])
        units = {"leakage": _unq(lib["leakage_power_unit"]), "time": _unq(lib["time_unit"]),
                 "cap": str(lib["capacitive_load_unit"])}
        if units["leakage"] != "1nW" or units["time"] != "1ns" or "pf" not in units["cap"].lower():
            C.die(f"{path}: units {units}: the power flow expects 1ns, 1pf and 1nW")
        templates = {}
        for kind in ("power_lut_template", "lu_table_template"):
            for g in lib.get_groups(kind):
                t = {}
                for k in (1, 2, 3):
                    if g.get(f"variable_{k}") is not None:
                        t[f"variable_{k}"] = str(g[f"variable_{k}"])
                    if g.get(f"index_{k}") is not None:
                        t[f"index_{k}"] = [float(x) for x in g.get_array(f"index_{k}").flatten()]
                templates[g.args[0]] = t
        self.cells = {}
        for cg in lib.get_groups("cell"):
            c = Cell(cg.args[0])
            c.area = float(cg["area"]) if cg.get("area") is not None else 0.0
            c.leakage_nw = float(cg["cell_leakage_power"]) if cg.get("cell_leakage_power") is not None else 0.0
            for ff in cg.get_groups("ff"):
                c.ff = {"state": tuple(ff.args), "next": _unq(ff["next_state"]),
                        "clock": _unq(ff["clocked_on"]), "clear": _unq(ff.get("clear")),
                        "preset": _unq(ff.get("preset"))}
            for la in cg.get_groups("latch"):
                c.latch = {"state": tuple(la.args), "data": _unq(la["data_in"]),
                           "enable": _unq(la["enable"])}
            for pg in cg.get_groups("pin"):
                pn = pg.args[0]
                cap = pg.get("capacitance")
                c.pins[pn] = {"dir": str(pg["direction"]), "cap": float(cap) if cap is not None else 0.0,
                              "function": _unq(pg.get("function")), "clock": str(pg.get("clock")) == "true",
                              "three_state": _unq(pg.get("three_state"))}
                senses = {}
                for tg in pg.get_groups("timing"):
                    rp = _unq(tg.get("related_pin"))
                    if rp:
                        senses[rp] = _unq(tg.get("timing_sense")) or "non_unate"
                for ip in pg.get_groups("internal_power"):
                    tabs = {}
                    for g in ip.groups:
                        if g.group_name in ("rise_power", "fall_power", "power"):
                            t = Table(g, templates)
                            if g.group_name == "power":
                                tabs["rise"] = tabs["fall"] = t
                            else:
                                tabs[g.group_name[:4]] = t
                    rp = _unq(ip.get("related_pin"))
                    if ip.get("when") is not None:
                        C.die(f"{path}: cell {c.name} pin {pn}: internal_power with `when` is not "
                              "supported by the power flow")
                    if rp:
                        c.out_arcs.setdefault(pn, []).append((rp, tabs, senses.get(rp, "non_unate")))
                    else:
                        c.in_power[pn] = tabs
            self.cells[c.name] = c
        self._dep = {}

    def dependence(self, cell, out, pin, highs):
        """P(the output's function depends on `pin`): the Boolean difference of the function
        over the other inputs, independent with high-time fractions `highs` (pin -> [0,1]).
        1 for a pin the function does not name (a clock, reset or set pin of a flip-flop)."""
        c = self.cells[cell]
        fn = c.pins[out]["function"]
        ins = c.inputs()
        key = (cell, out, pin)
        if key not in self._dep:
            if not fn or not re.search(rf"\b{re.escape(pin)}\b", fn):
                self._dep[key] = None
            else:
                others = [p for p in ins if p != pin]
                state = c.ff["state"] if c.ff else (c.latch["state"] if c.latch else ())
                rows = []
                for k in range(1 << len(others)):
                    env = {p: (k >> n) & 1 for n, p in enumerate(others)}
                    env.update({s: 0 for s in state})
                    a = eval_function(fn, dict(env, **{pin: 0}))
                    b = eval_function(fn, dict(env, **{pin: 1}))
                    if a != b:
                        rows.append(env)
                self._dep[key] = (others, rows)
        d = self._dep[key]
        if d is None:
            return 1.0
        others, rows = d
        total = 0.0
        for env in rows:
            p = 1.0
            for o in others:
                h = highs.get(o, 0.5)
                p *= h if env[o] else 1.0 - h
            total += p
        return total


# ------------------------------------------------------------------ OpenSTA

# Every leaf instance: its cell and OpenSTA's own instance power (for the validation; zeros
# with `power_dump path 0`, where OpenSTA 2.0.17 crashes in its power code), and
# each pin with a net: the net (hierarchical path), slews (rise, fall; s) and the connected
# capacitance (rise, fall; F: pin capacitances and set_load, no wire load).
STA_DUMP_TCL = r"""
proc power_dump {path {with_power 1}} {
  set f [open $path w]
  set corner [sta::cmd_corner]
  set it [sta::leaf_instance_iterator]
  while {[$it has_next]} {
    set inst [$it next]
    if {$with_power} {set p [sta::instance_power $inst $corner]} else {set p "0 0 0 0"}
    puts $f "I [get_full_name $inst] [get_property $inst ref_name] $p"
    set pit [$inst pin_iterator]
    while {[$pit has_next]} {
      set pin [$pit next]
      set net [$pin net]
      if {$net == "NULL"} continue
      set v [lindex [$pin vertices] 0]
      set sr 0; set sf 0
      if {$v != "NULL"} {
        set sr [lindex [$v slews rise] 0]; set sf [lindex [$v slews fall] 0]
      }
      set cr [$pin capacitance rise $corner max]; set cf [$pin capacitance fall $corner max]
      puts $f "P [get_property $pin name] [get_full_name [$net highest_connected_net]] $sr $sf $cr $cf"
    }
    $pit finish
  }
  $it finish
  close $f
}
"""


def parse_sta_dump(path):
    """{inst: {"cell", "sta": (internal, switching, leakage, total) W, "pins": {pin: (net,
    slew_r ns, slew_f ns, cap pF)}}} from power_dump's file (SI units in, ns and pF out)."""
    insts, cur = {}, None
    with open(path) as f:
        for ln in f:
            p = ln.rstrip("\n").split(" ")
            if p[0] == "I":
                cur = {"cell": p[2], "sta": tuple(float(x) for x in p[3:7]), "pins": {}}
                insts[p[1]] = cur
            elif p[0] == "P":
                sr, sf, cr, cf = (float(x) for x in p[3:7])
                cur["pins"][p[1].rsplit("/", 1)[-1]] = (p[2], sr * 1e9, sf * 1e9, max(cr, cf) * 1e12)
    return insts


# ------------------------------------------------------------------ the sum

def compute(lib, insts, act, cycles, convention="standard", clock_nets=(), port_nets=()):
    """Energy over a window of `cycles` clock cycles from per-net activity act[net] =
    (toggles, high_cycles). Returns {"internal_pj", "switching_pj", "clock_net_pj",
    "leakage_nw", "per_inst": {inst: (internal_pj, switching_pj)}, "nets_seen": set}.
    Switching on nets driven by ports: clock nets (`clock_nets`) counted apart, other port
    nets (`port_nets`: driven from outside) not counted. convention: "standard" (current
    OpenSTA's formulas) or "opensta-2019" (Debian's 2.0.17, see the module's doc)."""
    v2 = lib.voltage ** 2
    internal = switching = leakage = 0.0
    per = {}
    seen = set()
    n = float(cycles)
    old = convention == "opensta-2019"
    for name, inst in insts.items():
        c = lib.cells.get(inst["cell"])
        if c is None:
            C.die(f"instance {name}: cell {inst['cell']} is not in {lib.path}")
        leakage += c.leakage_nw
        pins = inst["pins"]
        dens, highs = {}, {}
        for pn, (net, *_r) in pins.items():
            t, h = act.get(net, (None, None))
            if t is None:
                continue
            seen.add(net)
            dens[pn] = t / n
            highs[pn] = h / n
        e_int = e_sw = 0.0
        for pn, tabs in c.in_power.items():
            if pn not in pins:
                continue
            d = dens.get(pn, 0.0)
            _net, sr, sf, _cap = pins[pn]
            e = tabs["rise"].lookup(sr, 0.0) + tabs["fall"].lookup(sf, 0.0)
            if old:
                # clock pin: duty 1 on the sum; other input pins: duty 0.5
                e_int += d * e * (1.0 if pins[pn][0] in clock_nets else 0.5)
            else:
                e_int += d * e / 2
        for out in c.outputs():
            if out not in pins:
                continue
            net, _sr, _sf, cap = pins[out]
            d = dens.get(out, 0.0)
            e_sw += d * 0.5 * cap * v2
            arcs = c.out_arcs.get(out, [])
            if not arcs or d == 0.0:
                continue
            ws, es = [], []
            for rp, tabs, sense in arcs:
                if rp not in pins:
                    continue
                _n, sr, sf, _c = pins[rp]
                if old or sense == "positive_unate":
                    s_r, s_f = sr, sf
                elif sense == "negative_unate":
                    s_r, s_f = sf, sr
                else:
                    s_r = s_f = (sr + sf) / 2
                e = tabs["rise"].lookup(s_r, cap) + tabs["fall"].lookup(s_f, cap)
                if old:
                    fn = c.pins[out]["function"] or ""
                    single = pins[rp][0] in clock_nets or re.fullmatch(
                        rf"\(?!?\(?{re.escape(rp)}\)?\)?", fn.replace(" ", "")) is not None
                    if not single:
                        C.die(f"convention opensta-2019: arc {c.name} {rp}->{out} is not reproduced "
                              "(only clock arcs and single-input cells)")
                    ws.append(1.0)
                    es.append(e)
                else:
                    ws.append(dens.get(rp, 0.0) * lib.dependence(c.name, out, rp, highs))
                    es.append(e / 2)
            tot = sum(ws)
            if old:
                e_int += d * sum(es)
            elif tot > 0:
                e_int += d * sum(w * e for w, e in zip(ws, es)) / tot
            elif es:
                e_int += d * sum(es) / len(es)  # no input moved in the window: plain average
        per[name] = (e_int * n, e_sw * n)
        internal += e_int * n
        switching += e_sw * n
    # nets driven by ports: the clock's switching (pin capacitance of its loads)
    clock_pj = 0.0
    if not old:
        caps = {}
        for inst in insts.values():
            for pn, (net, _sr, _sf, cap) in inst["pins"].items():
                if net in clock_nets:
                    c = lib.cells[inst["cell"]]
                    caps[net] = caps.get(net, 0.0) + c.pins[pn]["cap"]
        for net, cap in caps.items():
            t, _h = act.get(net, (0, 0))
            clock_pj += t * 0.5 * cap * v2
    return {"internal_pj": internal, "switching_pj": switching, "clock_net_pj": clock_pj,
            "leakage_nw": leakage, "per_inst": per, "nets_seen": seen}


def power_mw(e, cycles, f_mhz):
    """Average power (mW) at clock f_mhz of an energy record over `cycles` cycles:
    {internal, switching, clock_net, dynamic, leakage, total}."""
    k = f_mhz * 1e6 / cycles * 1e-12 * 1e3  # pJ per window -> mW
    r = {"internal": e["internal_pj"] * k, "switching": e["switching_pj"] * k,
         "clock_net": e["clock_net_pj"] * k, "leakage": e["leakage_nw"] * 1e-6}
    r["dynamic"] = r["internal"] + r["switching"] + r["clock_net"]
    r["total"] = r["dynamic"] + r["leakage"]
    return r


def load_json(path):
    with open(path) as f:
        return json.load(f)


# ------------------------------------------------------------------ simulation models

def verilog_expr(expr, rename=None):
    """A Liberty function string as a Verilog expression (pins renamed by `rename`)."""
    rename = rename or {}
    toks = [t for t in re.findall(r"[A-Za-z_][A-Za-z0-9_]*|[01]|[!()+*&|^']|\s+", expr)]
    if "".join(toks) != expr:
        raise ValueError(f"cannot translate function {expr!r}")
    out, prev_operand = [], False
    for t in toks:
        if t.isspace():
            continue
        starts = t in ("!", "(") or re.match(r"[A-Za-z_01]", t)
        if starts and prev_operand:
            out.append("&")  # juxtaposition is AND
        if t == "'":
            raise ValueError(f"postfix ' in {expr!r} is not supported")
        if t == "!":
            out.append("~")
            prev_operand = False
        elif t == "(":
            out.append("(")
            prev_operand = False
        elif t == ")":
            out.append(")")
            prev_operand = True
        elif t in ("+", "|"):
            out.append("|")
            prev_operand = False
        elif t in ("*", "&"):
            out.append("&")
            prev_operand = False
        elif t == "^":
            out.append("^")
            prev_operand = False
        elif t in ("0", "1"):
            out.append(f"1'b{t}")
            prev_operand = True
        else:
            out.append(rename.get(t, t))
            prev_operand = True
    return " ".join(out)


def _edge(expr):
    """("posedge"|"negedge", pin) of a clock / clear / preset expression `X` or `!X`."""
    m = re.fullmatch(r"\(?\s*(!?)\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)?", expr or "")
    if not m:
        raise ValueError(f"unsupported edge expression {expr!r}")
    return ("negedge" if m.group(1) else "posedge"), m.group(2)


def cell_models(lib, names):
    """Verilog models of the named cells written from the Liberty (function, ff, latch):
    the OSU cells' own Verilog models use UDPs, which Verilator does not read. Flip-flops
    keep their state in `IQ` (public: the gate-level harness loads registers through it)."""
    out = ["// Generated by hw/scripts/power_lib.py (cell_models) from the Liberty's functions.",
           "/* verilator lint_off DECLFILENAME */", "/* verilator lint_off UNOPTFLAT */"]
    for n in sorted(names):
        c = lib.cells.get(n)
        if c is None:
            C.die(f"cell {n} is not in {lib.path}")
        ports = c.inputs() + c.outputs()
        out.append(f"module {n} ({', '.join(ports)});")
        out += [f"  input {p};" for p in c.inputs()] + [f"  output {p};" for p in c.outputs()]
        seq = c.ff or c.latch
        ren = {}
        if seq:
            iq, iqn = seq["state"]
            ren = {iq: "IQ", iqn: "(~IQ)"}
            out.append("  reg IQ /*verilator public_flat_rw*/;")
        if c.ff:
            ce, ck = _edge(c.ff["clock"])
            sens = [f"{ce} {ck}"]
            body = []
            for kind, val in (("clear", "1'b0"), ("preset", "1'b1")):
                if c.ff[kind]:
                    e, p = _edge(c.ff[kind])
                    sens.append(f"{'negedge' if e == 'negedge' else 'posedge'} {p}")
                    body.append((f"{'!' if e == 'negedge' else ''}{p}", val))
            out.append(f"  always @({' or '.join(sens)})")
            kw = "if"
            for cond, val in body:
                out.append(f"    {kw} ({cond}) IQ <= {val};")
                kw = "else if"
            out.append(f"    {'else ' if body else ''}IQ <= {verilog_expr(c.ff['next'])};")
        elif c.latch:
            e, p = _edge(c.latch["enable"])
            out.append(f"  always @* if ({'!' if e == 'negedge' else ''}{p}) IQ = {verilog_expr(c.latch['data'])};")
        for o in c.outputs():
            fn = c.pins[o]["function"]
            if fn is None:
                C.die(f"cell {n} output {o} has no function")
            ts = c.pins[o]["three_state"]
            v = verilog_expr(fn, ren)
            out.append(f"  assign {o} = {v};" if not ts else f"  assign {o} = ({verilog_expr(ts)}) ? 1'bz : {v};")
        out.append("endmodule")
    return "\n".join(out) + "\n"

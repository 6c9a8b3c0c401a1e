#!/usr/bin/env python3
"""The hardware flows' task layer (docs/tasks.md): every expensive step is a task run by
dask.distributed, on a LocalCluster sized to this machine by default or on a running Dask
cluster (--scheduler tcp://HOST:PORT, or DASK_SCHEDULER_ADDRESS).

usage: taskrun.py run [--scheduler ADDR] [--workers N] [--tag T] [--timeout S] < TASKS.json
  TASKS.json: a list of {"name": ..., "kind": ..., "args": {...}, "timeout": S (optional)}
  (kinds: KINDS below);
  prints one JSON document on stdout: {"results": [{"name", "kind", "ok", "value" | "error",
  "log_tail", "seconds", "cpu_seconds", "worker"}], "workers": N, "cluster": "..."}, in the
  order given.
Progress on stderr, one line per finished task with done/total, elapsed time and ETA:
  [hw 3/12 01:10 eta 02:20] asic case I: ok (37.2 s, 35.9 CPU-s)
A failed task (its tool missing on a worker, an error, a worker that died, a task over its
time limit: --timeout, whose running tool is then stopped) is reported with its name and
the tail of its log, and the others go on; the exit status is 0 when the
document was written (the failures are in it), 2 on a usage error.

The Rust CLI (`sha3-asip reproduce`, `sha3-asip sweep`) and the scripts' own pools
(common.run_pool: asic.py, synth_proc.py) all run their tasks through `run_tasks` here: one
path. With one worker and no scheduler the tasks run in this process, one at a time, and
dask is not needed.

Workers: each task runs the functions of hw/scripts in the worker's process, so a worker
needs the project checkout at the client's path (same machine, a shared file system, or a
clone at the same path and commit), build/venv (dask and the flows' Python packages:
`scripts/setup`) and the flow's tools on PATH (yosys, verilator, iverilog; opensta and the
cells of `scripts/setup --asic` for the ASIC flow). A task checks that its checkout is at
the client's path, and on another host at the client's commit. Results come back to the client; when the worker is another host, the
task's cache folders come back too and the client writes them into its own hw/build."""
import contextlib
import io
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
LOG_TAIL = 20


def default_workers():
    """The CPUs this process may use (the machine's size for a LocalCluster)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def _tail(text, n=LOG_TAIL):
    lines = [ln for ln in (text or "").rstrip().splitlines()]
    return "\n".join(lines[-n:])


def _git_commit(root):
    try:
        r = subprocess.run(["git", "-C", root, "rev-parse", "HEAD"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
        return r.stdout.strip() or None
    except OSError:
        return None


def _pack(dirs):
    """{path relative to the checkout: bytes} of every file in the folders `dirs`."""
    out = {}
    for d in dirs:
        for top, _, files in os.walk(d):
            for f in files:
                if f.endswith(".lock"):
                    continue
                p = os.path.join(top, f)
                with open(p, "rb") as fh:
                    out[os.path.relpath(p, C.ROOT)] = fh.read()
    return out


def unpack(files, root=None):
    """Write the cache files a remote worker sent back (their paths are relative to the
    checkout; an existing file is left alone: the caches are content-keyed)."""
    root = root or C.ROOT
    for rel, data in files.items():
        p = os.path.normpath(os.path.join(root, rel))
        if not p.startswith(os.path.join(root, "hw", "build") + os.sep) or os.path.exists(p):
            continue
        os.makedirs(os.path.dirname(p), exist_ok=True)
        tmp = f"{p}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, p)


def call(fn, item, client=None, timeout=None):
    """Run fn(item) where it is called (a Dask worker, or this process) and return a plain
    record: {"ok", "value" | "error", "log_tail", "seconds", "worker", "files"}. Whatever fn
    prints is its log; C.die, a missing tool (OSError) or any exception is a failed task,
    never a dead worker. `client` = {"host", "root", "commit"} of the client: on another host
    the task's cache folders (`value["_outputs"]`) travel back in "files". `timeout`: the
    task's time limit in seconds (C.set_deadline: the tool running at the limit is stopped;
    the record then has "timed_out": true)."""
    if SCRIPTS not in sys.path:
        sys.path.insert(0, SCRIPTS)
    host = socket.gethostname()
    rec = {"worker": f"{host}:{os.getpid()}", "files": {}}
    t0, cpu0 = time.time(), _cpu()
    buf = io.StringIO()
    try:
        if client and client.get("root") != C.ROOT:
            raise RuntimeError(f"this worker's checkout is {C.ROOT}, the client's {client.get('root')}: "
                               "workers need the checkout at the client's path (docs/tasks.md)")
        # another host's clone must be at the client's commit (on this host it is the very
        # checkout, whatever was committed since the run started)
        if client and client.get("host") != host and client.get("commit") \
                and _git_commit(C.ROOT) not in (None, client["commit"]):
            raise RuntimeError(f"this worker's checkout {C.ROOT} is not at the client's commit {client['commit'][:12]}")
        C.set_deadline(timeout)
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
            value = fn(item)
        outputs = value.pop("_outputs", []) if isinstance(value, dict) else []
        if client and client.get("host") != host:
            rec["files"] = _pack(outputs)
        rec.update(ok=True, value=value)
    except C.TaskTimeout as e:
        rec.update(ok=False, timed_out=True,
                   error=f"timed out: over its limit of {timeout:g} s ({e})")
    except SystemExit as e:  # C.die in a worker thread: that target only
        rec.update(ok=False, error=str(e.code))
    except OSError as e:
        rec.update(ok=False, error=C.describe(e))
    except Exception as e:  # a bug or a broken cache: a failed task, never a silent one
        rec.update(ok=False, error=f"{type(e).__name__}: {e}")
    finally:
        C.set_deadline(None)
    rec["seconds"] = round(time.time() - t0, 1)
    rec["cpu_seconds"] = round(_cpu() - cpu0, 1)
    rec["log_tail"] = _tail(buf.getvalue())
    return rec


def _cpu():
    """CPU seconds (user + system) of this thread and of the finished child processes of this
    process: a task's own CPU time when its worker runs one task at a time (a Dask worker
    here has one thread; the serial mode runs one task at a time)."""
    import resource
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = resource.getrusage(getattr(resource, "RUSAGE_THREAD", resource.RUSAGE_SELF))
    return c.ru_utime + c.ru_stime + t.ru_utime + t.ru_stime


def _fmt(secs):
    secs = int(secs)
    return f"{secs // 3600}:{secs // 60 % 60:02d}:{secs % 60:02d}" if secs >= 3600 else f"{secs // 60:02d}:{secs % 60:02d}"


class Progress:
    """One line per finished task on `log`: done/total, elapsed, ETA (for terminals and CI
    logs alike); a failure with its log tail, indented."""
    def __init__(self, tag, total, log=sys.stderr):
        self.tag, self.total, self.log, self.done, self.t0 = tag, total, log, 0, time.time()

    def line(self, name, rec):
        self.done += 1
        el = time.time() - self.t0
        eta = el / self.done * (self.total - self.done)
        head = f"[{self.tag} {self.done}/{self.total} {_fmt(el)} eta {_fmt(eta)}] {name}"
        if rec["ok"]:
            cpu = f", {rec['cpu_seconds']:.1f} CPU-s" if rec.get("cpu_seconds") is not None else ""
            print(f"{head}: ok ({rec['seconds']:.1f} s{cpu})", file=self.log, flush=True)
        else:
            print(f"{head}: FAILED on {rec.get('worker', '?')}: {rec['error']}", file=self.log, flush=True)
            tail = rec.get("log_tail") or ""
            for ln in tail.splitlines():
                print(f"    | {ln}", file=self.log)
            self.log.flush()


def scheduler_address(scheduler=None):
    """--scheduler, else DASK_SCHEDULER_ADDRESS, else None (a LocalCluster)."""
    return scheduler or os.environ.get("DASK_SCHEDULER_ADDRESS") or None


@contextlib.contextmanager
def open_client(scheduler=None, workers=None):
    """A dask.distributed Client: on the running cluster at `scheduler`, else on a
    LocalCluster of `workers` single-threaded worker processes (default: this machine's
    CPUs). Yields (client, description)."""
    try:
        import logging
        from distributed import Client, LocalCluster
    except ImportError:
        C.die("dask.distributed is not installed in this Python "
              f"({sys.executable}): scripts/setup installs it into build/venv; "
              "run the hardware scripts with build/venv/bin/python3")
    logging.getLogger("distributed").setLevel(logging.ERROR)
    if scheduler:
        try:
            client = Client(scheduler, timeout="20s")
        except (OSError, TimeoutError) as e:
            C.die(f"cannot reach the Dask scheduler at {scheduler}: {e}")
        try:
            n = len(client.scheduler_info().get("workers", {}))
            yield client, f"Dask scheduler {scheduler} ({n} worker(s))"
        finally:
            client.close()
        return
    n = workers or default_workers()
    # spawned worker processes import hw/scripts (the tasks' functions) from here
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (SCRIPTS, os.environ.get("PYTHONPATH")) if p)
    import dask
    # a task whose worker died is tried once more elsewhere, then reported (KilledWorker);
    # a worker holds only the task it runs (saturation 1.0: no queue on the worker), so a
    # task that takes its worker down takes no waiting task with it
    dask.config.set({"distributed.scheduler.allowed-failures": 1,
                     "distributed.scheduler.worker-saturation": 1.0})
    cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                           silence_logs=logging.CRITICAL)
    client = Client(cluster)
    try:
        yield client, f"LocalCluster of {n} worker process(es)"
    finally:
        client.close()
        # (distributed's nanny can be restarting a worker that a task took down when the
        # cluster closes, and then asserts "can only join a started process": every result
        # is in by then, so a failed shutdown is reported, not raised)
        try:
            cluster.close()
        except (AssertionError, OSError, TimeoutError, RuntimeError) as e:
            print(f"[tasks] warning: the local cluster did not shut down cleanly ({type(e).__name__}: {e})",
                  file=sys.stderr)


def _trampoline(scripts, payload):
    """What a Dask worker runs: hw/scripts on the path, then `call` on the pickled (fn, item,
    client). No module global is referenced here, and the payload is bytes, so a scheduler
    and workers started without hw/scripts on their path (`dask scheduler`, `dask worker`)
    can take the task."""
    import sys as _sys
    if scripts not in _sys.path:
        _sys.path.insert(0, scripts)
    import cloudpickle as _cp
    import taskrun as _t
    fn, item, client, timeout = _cp.loads(payload)
    return _t.call(fn, item, client, timeout)


def _remote_trampoline():
    """_trampoline as a function no scheduler or worker can import by name, so that Dask
    sends it by value (cloudpickle) instead of a reference to this module."""
    import builtins
    import types
    f = types.FunctionType(_trampoline.__code__, {"__builtins__": builtins}, "trampoline")
    f.__module__ = "sha3_asip_task"  # no such module: pickle by reference fails
    f.__qualname__ = "trampoline"
    return f


DURATIONS = os.path.join(C.BUILD, "tasks", "durations.json")


def load_durations(path=None):
    """{task name: seconds} of the last successful run of each task (this tree's history)."""
    try:
        with open(path or DURATIONS) as f:
            d = json.load(f)
        return {k: float(v) for k, v in d.items() if isinstance(v, (int, float))}
    except (OSError, ValueError, AttributeError):
        return {}


def save_durations(recs, items, path=None):
    """Merge the wall seconds of the tasks that succeeded into the history (under its lock:
    two runs in one tree)."""
    path = path or DURATIONS
    new = {it["name"]: r["seconds"] for it, r in zip(items, recs)
           if r and r.get("ok") and isinstance(r.get("seconds"), (int, float))}
    if not new:
        return
    try:
        with C.Lock(path):
            d = load_durations(path)
            d.update(new)
            C.write_atomic(path, json.dumps(d, indent=0, sort_keys=True))
    except OSError as e:  # a read-only tree: the order is only an optimisation
        print(f"[tasks] warning: task durations not saved ({e})", file=sys.stderr)


def priorities(items, hist):
    """Dask priorities (higher runs first): the longest task first by this tree's history
    (a short task last lets one worker idle while the other finishes a long one:
    docs/tasks.md, "Order and scaling"); tasks never run before go ahead of every known one,
    in the order given."""
    known = [hist[it["name"]] for it in items if it["name"] in hist]
    top = int(max(known, default=0)) + 1
    return [int(hist[it["name"]]) if it["name"] in hist else top for it in items]


def run_tasks(items, fn, jobs=None, scheduler=None, tag="tasks", done=None, log=sys.stderr,
              progress=True, timeout=None):
    """fn(item) for every item (a dict with a "name"), as Dask tasks; returns the records of
    `call` in the order of `items`. done(item, record) is called on the client as each
    finishes. With jobs == 1 and no scheduler: in this process, one at a time (no dask).
    `jobs`: LocalCluster workers (default: the machine's CPUs). `timeout`: each task's time
    limit in seconds (an item's own "timeout" key wins; None: no limit). On a cluster the
    tasks start longest first by their recorded durations (`priorities`)."""
    items = list(items)
    scheduler = scheduler_address(scheduler)
    prog = Progress(tag, len(items), log) if progress else None
    recs = [None] * len(items)

    def finish(i, rec):
        if rec.get("files"):
            unpack(rec.pop("files"))
        rec.pop("files", None)
        recs[i] = rec
        if prog:
            prog.line(items[i]["name"], rec)
        if done:
            done(items[i], rec)

    if not items:
        return recs
    if not scheduler and (jobs or default_workers()) == 1:
        for i, it in enumerate(items):
            # a worker thread, as on a Dask worker: C.die raises SystemExit there
            box = []
            th = threading.Thread(target=lambda: box.append(call(fn, it, None, it.get("timeout", timeout))))
            th.start()
            th.join()
            finish(i, box[0])
        save_durations(recs, items)
        return recs
    client_info = {"host": socket.gethostname(), "root": C.ROOT, "commit": _git_commit(C.ROOT)}
    with open_client(scheduler, jobs) as (client, _what):
        import cloudpickle
        from distributed import as_completed
        tramp = _remote_trampoline()
        futs = {}
        prio = priorities(items, load_durations())
        # submitted in that order too: the first ones start on idle workers as they arrive
        for i in sorted(range(len(items)), key=lambda k: -prio[k]):
            it = items[i]
            # bytes for the scheduler; the worker unpickles them with hw/scripts on its path
            payload = cloudpickle.dumps((fn, it, client_info, it.get("timeout", timeout)))
            # pure=False: a task is run, not looked up by its arguments' hash
            futs[client.submit(tramp, SCRIPTS, payload, pure=False, priority=prio[i],
                               key=f"{tag}-{i}-{os.getpid()}")] = i
        for fut in as_completed(futs):
            i = futs[fut]
            try:
                rec = fut.result()
            except Exception as e:  # the worker died (KilledWorker), lost connection, ...
                rec = {"ok": False, "error": f"{type(e).__name__}: {e}", "log_tail": "", "seconds": 0.0,
                       "worker": "?"}
            finish(i, rec)
    save_durations(recs, items)
    return recs


# ---- task kinds (what the Rust CLI asks for): args -> a JSON value --------------------------

_TOOLS = {}


def _asic_tools():
    """(versions, library build, config) of the ASIC flow, once per worker process."""
    if "asic" not in _TOOLS:
        import asic
        import asic_lib as L
        v, why = asic.tools()
        if not v:
            C.die(f"ASIC flow unavailable on this worker: {why}")
        _TOOLS["asic"] = (v, L.build(), L.config())
    return _TOOLS["asic"]


def _case_dict(args):
    """A named case of hw/cases.json, or the parameters a sweep gives (registered under
    its name for this process)."""
    if "params" in args:
        C.register_case(args["case"], args["params"])
    return args["case"]


def task_synth_case(args):
    import synth
    name = _case_dict(args)
    res = synth.synth_case(name, args.get("alg", "sha3-512"), with_sim=args.get("sim", True))
    res["_outputs"] = [res["cache"]] if res.get("cache") else []
    return res


def task_sim_case(args):
    import sim
    name = _case_dict(args)
    alg = args.get("alg", "sha3-512")
    vec, _ = C.vectors_file(alg, 24, 1)
    s = sim.sim_verilator(name, C.get_case(name), alg, vec)
    s.pop("log", None)
    return s


def task_synth_unit(args):
    import synth_unit
    if not shutil.which("yosys"):
        C.die(C.missing_tool("yosys"))
    ext_dir = os.path.join(C.ROOT, "isa", args["ext"])
    return {"units": synth_unit.synth_ext(ext_dir, C.yosys_version())}


def _design_file(args):
    """args["design"]: a name from designs/, or a design file's path; with args["toml"] (a
    sweep's variant) that file is written first (a worker of another host has none)."""
    d = args["design"]
    if args.get("toml") is not None:
        if not os.path.isabs(d):
            d = os.path.join(C.ROOT, "build", "tasks", "designs", f"{d}.toml")
        old = None
        if os.path.exists(d):
            with open(d) as f:
                old = f.read()
        if old != args["toml"]:
            os.makedirs(os.path.dirname(d), exist_ok=True)
            C.write_atomic(d, args["toml"])
    return d


def _proc_target(args):
    import targets as T
    t, why = T.rtl_files(_design_file(args), cli=args.get("cli") or T.CLI)
    if not t:
        C.die(why)
    if args.get("name"):
        t["name"] = args["name"]
    return t


def task_synth_proc(args):
    """A processor's synthesis; with args["cached_only"] only its cached result, else
    {"name", "missing": why} (reproduce's default run for the vector processors)."""
    import synth_proc
    t = _proc_target(args)
    if args.get("cached_only"):
        res = synth_proc.cached(t)
        if res is None:
            print(f"{t['name']}: no cached synthesis; not run by default")
            return {"name": t["name"], "missing": synth_proc.NOT_RUN.format(design=t["name"])}
        res = dict(res, name=t["name"])
        if args.get("also"):
            res["also"] = list(args["also"])
        return res
    res = dict(synth_proc.synth_proc(t), name=t["name"])
    if args.get("also"):
        res["also"] = list(args["also"])  # designs with the same processor (reproduce)
    res["_outputs"] = [synth_proc.cache_dir(t)]
    return res


def task_asic(args):
    import asic
    import asic_lib as L
    import targets as T
    v, man, cfg = _asic_tools()
    if "case" in args:
        t = T.case_target(_case_dict(args))
    elif "unit" in args:
        t = T.unit_target(os.path.join(C.ROOT, "isa", args["unit"]))
    else:
        t = _proc_target(args)
    res = asic.with_gbps(asic.run_target(t, v, man, cfg, args.get("sim", True)))
    res["_outputs"] = [os.path.join(L.ASIC_BUILD, res["key"])]
    return res


def _any_target(args):
    """A case (named, or a sweep's parameters) or a processor (a design, or a variant's file)."""
    import targets as T
    if "case" in args:
        return T.case_target(_case_dict(args))
    t = _proc_target(args)
    t["design"] = _design_file(args)  # (the CLI's --design for the firmware and RTL runs)
    return t


def task_pnr(args):
    """ECP5 place and route of a target (pnr.py's flow and cache), its seeds in turn."""
    import pnr
    seeds = tuple(int(s) for s in args.get("seeds", pnr.DEFAULT_SEEDS))
    return pnr.target_task(_any_target(args), seeds, args.get("freq", pnr.DEFAULT_FREQ))


def task_power(args):
    """The power flow (power.py) of a processor: its ASIC netlist run with its benchmark
    firmware, gate level."""
    import power
    if "case" in args:
        C.die("the power flow measures processors running firmware, not Keccak cases")
    res = power.design_task(_any_target(args))
    return dict(res, _outputs=[os.path.join(power.POWER_BUILD, res["key"])])


def task_bench(args):
    """Firmware build + benchmark of a design on the simulator (`sha3-asip bench`): a name
    from designs/, or a sweep variant given as its TOML text (written under build/tasks)."""
    cli = args.get("cli") or os.path.join(C.ROOT, "target", "release", "sha3-asip")
    if not os.access(cli, os.X_OK):
        C.die(f"{cli} not built (cargo build --release)")
    path = _design_file(args)
    cmd = [cli, "bench", "--design", path, "--alg", args.get("alg", "sha3-256"), "--json"]
    if args.get("lens"):
        cmd += ["--len", ",".join(str(n) for n in args["lens"])]
    r = C.run(cmd, cwd=C.ROOT)
    if r.returncode != 0:
        C.die(f"`{' '.join(cmd[1:])}` failed:\n{_tail(r.stdout + r.stderr)}")
    return json.loads(r.stdout)


def task_sleep(args):
    """For tests of the layer itself: sleep, print, fail when asked."""
    print(f"sleeping {args.get('seconds', 0)} s")
    time.sleep(args.get("seconds", 0))
    if args.get("tool"):  # a tool (a command line), as the flows run theirs
        r = C.run(args["tool"])
        print(r.stdout, end="")
    if args.get("fail"):
        C.die(args["fail"])
    if args.get("crash"):  # the worker process dies (a crashed tool taking it down)
        os._exit(3)
    return {"slept": args.get("seconds", 0), "value": args.get("value")}


KINDS = {"synth-case": task_synth_case, "sim-case": task_sim_case, "synth-unit": task_synth_unit,
         "synth-proc": task_synth_proc, "asic": task_asic, "pnr": task_pnr, "power": task_power,
         "bench": task_bench, "sleep": task_sleep}


def run_kind(item):
    fn = KINDS.get(item["kind"])
    if fn is None:
        C.die(f"unknown task kind {item['kind']!r} (known: {', '.join(sorted(KINDS))})")
    return fn(item.get("args", {}))


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="run the tasks of a JSON list (stdin, or --tasks FILE)")
    r.add_argument("--tasks", help="the JSON list (default: stdin)")
    r.add_argument("--scheduler", help="a running Dask scheduler (else DASK_SCHEDULER_ADDRESS, else a LocalCluster)")
    r.add_argument("--workers", type=int, help="LocalCluster worker processes (default: this machine's CPUs)")
    r.add_argument("--tag", default="hw", help="the progress lines' tag")
    r.add_argument("--timeout", type=float, metavar="SECONDS",
                   help="each task's time limit (a task's own \"timeout\" key wins; default: none): "
                        "the tool running at the limit is stopped and the task reported as timed out")
    a = ap.parse_args(argv)
    if a.workers is not None and a.workers < 1:
        ap.error("--workers must be at least 1")
    if a.timeout is not None and not a.timeout > 0:
        ap.error("--timeout must be a positive number of seconds")
    try:
        text = open(a.tasks).read() if a.tasks else sys.stdin.read()
        items = json.loads(text)
    except OSError as e:
        C.die(C.describe(e))
    except ValueError as e:
        C.die(f"tasks: not JSON: {e}")
    if not isinstance(items, list) or not all(isinstance(i, dict) and "name" in i and "kind" in i for i in items):
        C.die('tasks: expected a JSON list of {"name": ..., "kind": ..., "args": {...}}')
    unknown = sorted({i["kind"] for i in items if i["kind"] not in KINDS})
    if unknown:
        C.die(f"unknown task kind(s) {', '.join(unknown)} (known: {', '.join(sorted(KINDS))})")
    sched = scheduler_address(a.scheduler)
    n = a.workers or default_workers()
    where = f"Dask scheduler {sched}" if sched else (f"LocalCluster of {n} worker(s)" if n > 1 else "this process")
    print(f"[{a.tag}] {len(items)} task(s) on {where}", file=sys.stderr, flush=True)
    t0 = time.time()
    bad = [i["name"] for i in items if "timeout" in i and not (isinstance(i["timeout"], (int, float))
                                                               and not isinstance(i["timeout"], bool) and i["timeout"] > 0)]
    if bad:
        C.die(f"tasks: \"timeout\" must be a positive number of seconds ({', '.join(bad)})")
    recs = run_tasks(items, run_kind, jobs=n, scheduler=sched, tag=a.tag, timeout=a.timeout)
    failed = sum(1 for r in recs if not r["ok"])
    cpu = sum(r.get("cpu_seconds") or 0 for r in recs)
    print(f"[{a.tag}] {len(items) - failed} ok, {failed} failed in {_fmt(time.time() - t0)} "
          f"({cpu:.0f} CPU-s in the tasks)", file=sys.stderr)
    out = [dict(r, name=i["name"], kind=i["kind"]) for i, r in zip(items, recs)]
    print(json.dumps({"results": out, "cluster": where}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

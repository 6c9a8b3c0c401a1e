#!/usr/bin/env python3
"""The task layer (hw/scripts/taskrun.py) on tiny tasks: a LocalCluster of 2 worker
processes gives the serial run's results in the same order; a failed task and a worker
that dies are reported with their name and log tail while the other tasks finish; cache
files sent back by a remote worker land under hw/build only. `make -C hw test-tasks`;
seconds. Skipped with the reason when dask is not installed (scripts/setup installs it)."""
import io
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402
import taskrun  # noqa: E402

try:
    import distributed  # noqa: F401
    HAVE_DASK = True
except ImportError:
    HAVE_DASK = False

# the tests' task durations stay out of the tree's history (hw/build/tasks/durations.json)
_HIST = tempfile.mkdtemp(prefix="taskrun-test-")
taskrun.DURATIONS = os.path.join(_HIST, "durations.json")

TASKS = [{"name": f"t{i}", "kind": "sleep", "args": {"seconds": 0.05 * (4 - i), "value": i * i}} for i in range(4)]


def run(items, jobs):
    log = io.StringIO()
    recs = taskrun.run_tasks(items, taskrun.run_kind, jobs=jobs, tag="test", log=log)
    return recs, log.getvalue()


class Durations(unittest.TestCase):
    def test_history_orders_longest_first_and_new_tasks_ahead(self):
        items = [{"name": n} for n in ("short", "new", "long", "mid")]
        hist = {"short": 2.0, "long": 300.4, "mid": 40.0}
        self.assertEqual(taskrun.priorities(items, hist), [2, 301, 300, 40])
        self.assertEqual(taskrun.priorities(items, {}), [1, 1, 1, 1])
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "durations.json")
            taskrun.save_durations([{"ok": True, "seconds": 3.5}, {"ok": False, "seconds": 9.0}, None],
                                   [{"name": "a"}, {"name": "b"}, {"name": "c"}], p)
            taskrun.save_durations([{"ok": True, "seconds": 1.0}], [{"name": "d"}], p)
            self.assertEqual(taskrun.load_durations(p), {"a": 3.5, "d": 1.0})
            C.write_atomic(p, "[1, 2")  # a damaged history is no history, not an error
            self.assertEqual(taskrun.load_durations(p), {})


@unittest.skipUnless(HAVE_DASK, "dask.distributed not installed (scripts/setup installs it into build/venv)")
class LocalCluster(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.old = taskrun.DURATIONS
        taskrun.DURATIONS = os.path.join(self.tmp.name, "durations.json")

    def tearDown(self):
        taskrun.DURATIONS = self.old
        self.tmp.cleanup()

    def test_the_longest_known_task_starts_first(self):
        started = os.path.join(self.tmp.name, "started")
        items = [{"name": n, "kind": "sleep", "args": {"tool": ["sh", "-c", f"echo {n} >> {started}; sleep 0.3"]}}
                 for n in ("s0", "s1", "s2", "s3", "long")]
        C.write_atomic(taskrun.DURATIONS, json.dumps({"s0": 1, "s1": 1, "s2": 1, "s3": 1, "long": 50}))
        recs, _ = run(items, 2)
        self.assertEqual([r["ok"] for r in recs], [True] * 5)
        with open(started) as f:
            first = f.read().split()
        self.assertIn("long", first[:2], first)  # submitted last, started among the first two
        # the history now holds this run's durations
        self.assertLess(taskrun.load_durations()["long"], 50)

    def test_two_workers_equal_serial_and_failures_are_contained(self):
        items = TASKS + [{"name": "bad", "kind": "sleep", "args": {"fail": "yosys not found on PATH"}},
                         {"name": "crash", "kind": "sleep", "args": {"crash": True}}]
        serial, _ = run(items[:-1], 1)  # a crash in this process would end the test run
        par, log = run(items, 2)
        self.assertEqual([r["value"] for r in serial[:4]], [{"slept": 0.05 * (4 - i), "value": i * i} for i in range(4)])
        self.assertEqual([r.get("value") for r in par[:5]], [r.get("value") for r in serial])
        self.assertEqual([r["ok"] for r in par], [True] * 4 + [False, False])
        # the failure: its message and what it printed before it, in the result and the log
        self.assertEqual(par[4]["error"], "yosys not found on PATH")
        self.assertEqual(par[4]["log_tail"], "sleeping 0 s")
        self.assertIn("] bad: FAILED on ", log)
        self.assertIn("    | sleeping 0 s", log)
        # the worker that died: reported, the others finished
        self.assertIn("KilledWorker", par[5]["error"])
        self.assertRegex(log, r"\[test \d/6 \d\d:\d\d eta \d\d:\d\d\] t0: ok")
        self.assertEqual(log.count(": ok ("), 4)

    def test_run_pool_goes_through_the_layer(self):
        def fn(t):
            if t["name"] == "b":
                raise FileNotFoundError("no such file: lib")
            return t["name"] * 2
        seen = []
        out, errs = C.run_pool([{"name": n} for n in "abc"], 2, fn, lambda t, r, s: seen.append(t["name"]))
        self.assertEqual(out, {"a": "aa", "c": "cc"})
        self.assertEqual(errs, [("b", "FileNotFoundError: no such file: lib")])
        self.assertEqual(sorted(seen), ["a", "c"])


@unittest.skipUnless(HAVE_DASK, "dask.distributed not installed (scripts/setup installs it into build/venv)")
class SeparateCluster(unittest.TestCase):
    def test_a_scheduler_and_workers_started_apart_give_the_serial_results(self):
        """`dask scheduler` + `dask worker --nworkers 2`, started as a user would (no
        hw/scripts on their path), on loopback: the serial run's values."""
        import socket
        import subprocess
        import time
        with socket.socket() as so:
            so.bind(("127.0.0.1", 0))
            port = so.getsockname()[1]
        addr = f"tcp://127.0.0.1:{port}"
        dask_cli = os.path.join(os.path.dirname(sys.executable), "dask")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=tempfile.gettempdir())
        procs = [subprocess.Popen([dask_cli, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                   "--no-dashboard"], **quiet)]
        try:
            time.sleep(2)
            procs.append(subprocess.Popen([dask_cli, "worker", addr, "--nworkers", "2", "--nthreads", "1",
                                           "--no-dashboard"], **quiet))
            from distributed import Client
            with Client(addr, timeout="30s") as c:
                c.wait_for_workers(2, timeout=60)
            log = io.StringIO()
            recs = taskrun.run_tasks(TASKS, taskrun.run_kind, scheduler=addr, tag="test", log=log)
            serial, _ = run(TASKS, 1)
            self.assertEqual([r.get("value", r.get("error")) for r in recs], [r["value"] for r in serial])
            self.assertEqual(len({r["worker"] for r in recs}), 2, log.getvalue())
        finally:
            for p in reversed(procs):
                p.terminate()
                p.wait(timeout=30)


def _alive(pid):
    """pid runs (a zombie nobody reaped yet counts as stopped)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class Timeout(unittest.TestCase):
    def test_a_task_over_its_limit_is_stopped_with_its_tools(self):
        """The tool running at the limit and what it started are killed; the task is
        reported as timed out with what it printed; the next task runs on."""
        d = tempfile.mkdtemp()
        pidf = os.path.join(d, "pid")
        slow = {"name": "slow", "kind": "sleep", "timeout": 1,
                "args": {"tool": ["sh", "-c", f"echo started; sleep 60 & echo $! > {pidf}; wait"]}}
        log = io.StringIO()
        t0 = __import__("time").time()
        recs = taskrun.run_tasks([slow, TASKS[0]], taskrun.run_kind, jobs=1, tag="test", log=log)
        self.assertLess(__import__("time").time() - t0, 20)
        self.assertFalse(recs[0]["ok"])
        self.assertTrue(recs[0]["timed_out"])
        self.assertIn("over its limit of 1 s", recs[0]["error"])
        self.assertIn("`sh -c", recs[0]["error"])
        self.assertIn("] slow: FAILED on ", log.getvalue())
        with open(pidf) as f:
            grandchild = int(f.read())
        self.assertFalse(_alive(grandchild), "the tool's own child still runs")
        self.assertTrue(recs[1]["ok"])
        self.assertIsNone(C.deadline_left())  # the limit ends with its task

    def test_a_lock_held_elsewhere_is_waited_for_within_the_limit(self):
        d = tempfile.mkdtemp()
        import fcntl
        with open(os.path.join(d, "x.lock"), "w") as held:
            fcntl.flock(held, fcntl.LOCK_EX)

            def fn(item):
                with C.Lock(os.path.join(d, "x")):
                    return 1
            rec = taskrun.call(fn, {"name": "x"}, None, 0.5)
        self.assertFalse(rec["ok"])
        self.assertIn("waited for the lock", rec["error"])

    @unittest.skipUnless(HAVE_DASK, "dask.distributed not installed (scripts/setup installs it into build/venv)")
    def test_timeout_on_a_local_cluster(self):
        items = [{"name": "slow", "kind": "sleep", "args": {"tool": ["sleep", "60"]}}] + TASKS
        log = io.StringIO()
        recs = taskrun.run_tasks(items, taskrun.run_kind, jobs=2, tag="test", log=log, timeout=2)
        self.assertTrue(recs[0].get("timed_out"), recs[0])
        self.assertEqual([r.get("value") for r in recs[1:]], [{"slept": 0.05 * (4 - i), "value": i * i} for i in range(4)])


class Worker(unittest.TestCase):
    def test_a_worker_on_another_checkout_refuses(self):
        r = taskrun.call(taskrun.run_kind, TASKS[0], {"host": "x", "root": "/elsewhere", "commit": None})
        self.assertFalse(r["ok"])
        self.assertIn("the client's /elsewhere", r["error"])

    def test_cache_files_of_a_remote_worker(self):
        root = tempfile.mkdtemp()
        os.makedirs(os.path.join(root, "hw", "build", "asic", "k"))
        keep = os.path.join(root, "hw", "build", "asic", "k", "old.json")
        with open(keep, "w") as f:
            f.write("old")
        taskrun.unpack({"hw/build/asic/k/result.json": b"{}", "hw/build/asic/k/old.json": b"new",
                        "hw/../x.txt": b"no", "/etc/passwd-x": b"no"}, root)
        with open(os.path.join(root, "hw", "build", "asic", "k", "result.json")) as f:
            self.assertEqual(f.read(), "{}")
        with open(keep) as f:
            self.assertEqual(f.read(), "old")
        self.assertFalse(os.path.exists(os.path.join(root, "x.txt")))
        self.assertFalse(os.path.exists("/etc/passwd-x"))

    def test_unknown_kind_is_one_line(self):
        import subprocess
        r = subprocess.run([sys.executable, os.path.join(taskrun.SCRIPTS, "taskrun.py"), "run", "--workers", "1"],
                           input='[{"name": "x", "kind": "nope"}]', capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("unknown task kind(s) nope", r.stderr)
        self.assertNotIn("Traceback", r.stderr)


if __name__ == "__main__":
    unittest.main()

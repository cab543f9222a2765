"""A class arriving at once: N students open the Écarté app (or a lesson) on one standalone Voilà.

    .venv/bin/python benchmarks/classroom.py                 # 30 at once, then 30 staggered
    .venv/bin/python benchmarks/classroom.py --sessions 10 --modes burst --baseline
    .venv/bin/python benchmarks/classroom.py --notebook 02_war.ipynb --modes burst   # ./dev lessons 02_war

Starts ``voila lessons/ecarte_app.ipynb`` on 127.0.0.1 from the repository root (so the root
``voila.json`` applies: preheated pool, caps, websocket policy), waits until its preheated pool
is full plus ``--settle`` seconds (a teacher starts the server before class), then opens
``--sessions`` raw widget-protocol clients (``cardkit_serving.client.WidgetSession``: page GET,
kernel websocket, ``request_states``) all at once (``burst``) and/or ``--stagger`` seconds
apart (``staggered``). Each client plays ``--moves`` clicks, then all close together.

Reported per mode: time to table (page GET until the table's full widget state has arrived:
median, p95, max), click-to-update (a click until the kernel's first widget update: median,
p95), pages without a table, errors, kernel memory (PSS, per kernel and in all, while the class
plays), CPU seconds of the server and its kernels per session (during the arrivals; the pool's
warm-up is reported separately, as it is paid before class), and seconds until every session's
kernel is gone after the pages close. ``--baseline`` repeats the burst with Voilà's defaults for
kernels (no preheated pool) and prints the ratios.

``--notebook NN_name.ipynb``: a lesson instead of the app, served as ``./dev lessons NN_name``
serves it (Voilà on the ``lessons/`` folder, a pool of ``--sessions`` kernels for that lesson);
each student opens ``/voila/render/NN_name.ipynb`` and clicks in its first card table.

What this does not measure: the browser's own JavaScript (loading ~2 MB of JupyterLab front-end
and drawing the widgets), which runs on each student's machine, not the server. The clients run
on the same machine as the server and take some of its CPU (their share is printed).
Bounded: at most 60 sessions, loopback only, ``--timeout`` seconds per session.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardkit_serving.client import PageError, WidgetSession, choices, pick, table_model_id  # noqa: E402
from cardkit_serving.launch import descendants, start_voila, wait_pool  # noqa: E402

MAX_SESSIONS = 60
APP = "ecarte_app.ipynb"   # served alone, its pool from voila.json
CLICK_WAIT = 20.0      # s a click may take to be answered


def is_update(m: dict) -> bool:
    return (m.get("msg_type") == "comm_msg"
            and (m.get("content") or {}).get("data", {}).get("method") == "update")
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids) -> float:
    """utime+stime (+ reaped children's) of ``pids``, in seconds."""
    total = 0
    for pid in pids:
        try:
            f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(x) for x in f[11:15])
    return total / TICK


def pss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def pct(values, q):
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, max(0, round(q / 100 * (len(v) - 1))))]


class Student(threading.Thread):
    def __init__(self, url, path, start_at, moves, timeout, seed):
        super().__init__(daemon=True)
        self.url, self.path, self.start_at, self.moves, self.timeout = url, path, start_at, moves, timeout
        self.rng = random.Random(seed)
        self.time_to_table = None
        self.clicks: list[float] = []
        self.silent_clicks = 0
        self.error = None
        self.session = None
        self.kernel_id = None
        self.done_playing = threading.Event()
        self.close_now = threading.Event()

    def run(self):
        while time.monotonic() < self.start_at:
            time.sleep(0.005)
        t0 = time.monotonic()
        s = self.session = WidgetSession(self.url, self.path, timeout=self.timeout)
        try:
            self.kernel_id = s.load()
            s.connect()
            s.request_states(timeout=self.timeout)
            table = table_model_id(s.models)
            if table is None:
                raise RuntimeError("no table in the widget state")
            self.time_to_table = time.monotonic() - t0
            for _ in range(self.moves):
                c = pick([c for c in choices(s.models, table) if c.label.strip()], self.rng)
                if c is None:                  # nothing to click: the computer is to move
                    s.pump(quiet=0.8, timeout=10)
                    continue
                t = time.monotonic()
                s.comm_msg(c.model_id, c.data)
                got = s.pump(quiet=CLICK_WAIT, timeout=CLICK_WAIT, until=is_update)
                if got and is_update(got[-1]):
                    self.clicks.append(time.monotonic() - t)
                else:
                    self.silent_clicks += 1     # e.g. a click that changed no trait
                s.pump(quiet=0.8, timeout=10)
        except PageError as e:
            self.error = f"HTTP {e.status}"
        except Exception as e:  # noqa: BLE001 - every failure is counted and reported
            self.error = f"{type(e).__name__}: {str(e)[:120]}"
        self.done_playing.set()
        self.close_now.wait(self.timeout * 3)
        s.close()


def gone(url, kernel_id) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/api/kernels/{kernel_id}", timeout=10):
            return False
    except urllib.error.HTTPError as e:
        return e.code == 404
    except Exception:  # noqa: BLE001
        return False


def run_mode(server, mode, n, stagger, moves, timeout, seed, path=""):
    me = os.getpid()
    server_pids = lambda: [server.proc.pid] + descendants(server.proc.pid)  # noqa: E731
    cpu0, mine0 = cpu_seconds(server_pids()), cpu_seconds([me])
    t_start = time.monotonic() + 0.5
    starts = [t_start + (i * stagger if mode == "staggered" else 0) for i in range(n)]
    students = [Student(server.url, path, s, moves, timeout, seed + i) for i, s in enumerate(starts)]
    for st in students:
        st.start()
    for st in students:
        st.done_playing.wait(timeout * 3)
    wall = time.monotonic() - t_start
    cpu1, mine1 = cpu_seconds(server_pids()), cpu_seconds([me])
    kernels = server.kernels()
    mem = [pss_mb(p) for p in kernels]
    server_mem = pss_mb(server.proc.pid)
    ids = [st.kernel_id for st in students if st.kernel_id]
    t_close = time.monotonic()
    for st in students:
        st.close_now.set()
    for st in students:
        st.join(30)
    freed = None
    while time.monotonic() - t_close < 120:
        if all(gone(server.url, k) for k in ids):
            freed = time.monotonic() - t_close
            break
        time.sleep(0.5)
    tables = [st.time_to_table for st in students if st.time_to_table is not None]
    clicks = [c for st in students for c in st.clicks]
    silent = sum(st.silent_clicks for st in students)
    errors = [st.error for st in students if st.error]
    return {"mode": mode, "n": n, "tables": len(tables), "no_table": n - len(tables),
            "errors": errors, "ttt": tables, "clicks": clicks, "silent": silent, "wall": wall,
            "cpu_per_session": (cpu1 - cpu0) / n, "client_cpu": mine1 - mine0,
            "kernels": len(kernels), "kernel_mb": statistics.mean(mem) if mem else 0.0,
            "kernels_mb": sum(mem), "server_mb": server_mem, "freed": freed}


def report(r):
    t, c = r["ttt"], r["clicks"]
    print(f"\n== {r['mode']}: {r['n']} sessions ==")
    print(f"tables {r['tables']}/{r['n']}  pages without a table {r['no_table']}  "
          f"errors {len(r['errors'])} {sorted(set(r['errors']))[:3]}")
    if t:
        print(f"time to table   median {statistics.median(t):6.2f} s  p95 {pct(t, 95):6.2f} s  "
              f"max {max(t):6.2f} s")
    if c:
        print(f"click-to-update median {statistics.median(c):6.3f} s  p95 {pct(c, 95):6.3f} s  "
              f"({len(c)} clicks answered; {r['silent']} changed nothing within {CLICK_WAIT:g} s)")
    print(f"memory (PSS) {r['kernels']} kernels: {r['kernel_mb']:.0f} MB each, "
          f"{r['kernels_mb']:.0f} MB in all; server {r['server_mb']:.0f} MB")
    print(f"CPU per session (server + kernels) {r['cpu_per_session']:.2f} s; "
          f"the clients themselves used {r['client_cpu']:.1f} s")
    print("kernels freed after close: " + (f"{r['freed']:.1f} s" if r["freed"] is not None
                                            else "NOT within 120 s"))


def wait_quiet(server, kernels: int, timeout: float = 600.0) -> None:
    """Wait until exactly ``kernels`` kernels run and the server and kernels are idle (the
    pool's "filled" log line comes when its kernels started, before their notebooks ran)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        busy = cpu_seconds([server.proc.pid] + descendants(server.proc.pid))
        time.sleep(2)
        idle = cpu_seconds([server.proc.pid] + descendants(server.proc.pid)) - busy < 0.3
        if idle and len(server.kernels()) == kernels:
            return
    raise TimeoutError(f"server not quiet with {kernels} kernels in {timeout} s")


def serve(args, baseline: bool):
    extra = ["--VoilaConfiguration.preheat_kernel=False"] if baseline else []
    nb = args.notebook
    lesson = nb != APP
    size = args.pool if args.pool is not None else args.sessions
    if baseline:
        pool = {} if lesson else None
    elif lesson:
        pool = {nb: size}                  # what ./dev lessons NN_name asks for
    else:
        pool = None if args.pool is None else {nb: args.pool}
    t0 = time.monotonic()
    server = start_voila("lessons/" if lesson else f"lessons/{nb}", pool=pool, args=extra, nice=args.nice)
    warm = {"seconds": 0.0, "cpu": 0.0}
    if not baseline:
        wait_pool(server, nb, size, timeout=600)
        wait_quiet(server, size)
        warm = {"seconds": time.monotonic() - t0,
                "cpu": cpu_seconds([server.proc.pid] + descendants(server.proc.pid))}
    time.sleep(args.settle)
    return server, warm


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sessions", type=int, default=30)
    p.add_argument("--modes", default="burst,staggered")
    p.add_argument("--stagger", type=float, default=1.0, help="seconds between arrivals")
    p.add_argument("--moves", type=int, default=3)
    p.add_argument("--timeout", type=float, default=120.0)
    p.add_argument("--settle", type=float, default=10.0,
                   help="seconds to wait after the pool is full")
    p.add_argument("--pool", type=int, default=None,
                   help="preheated pool size (default: voila.json's)")
    p.add_argument("--baseline", action="store_true",
                   help="also run the burst with Voilà's default kernels (no pool)")
    p.add_argument("--nice", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--notebook", default=APP,
                   help="a lesson (NN_name.ipynb) to open instead of the Écarté app")
    args = p.parse_args(argv)
    if not (ROOT / "lessons" / args.notebook).is_file():
        p.error(f"no notebook lessons/{args.notebook}")
    path = "" if args.notebook == APP else f"voila/render/{args.notebook}"
    if not 1 <= args.sessions <= MAX_SESSIONS:
        p.error(f"--sessions must be 1..{MAX_SESSIONS}")
    print(f"load average before: {os.getloadavg()}, cores: {os.cpu_count()}")
    results = {}
    server, warm = serve(args, baseline=False)
    try:
        print(f"server ready (pool warm) after {warm['seconds']:.1f} s, "
              f"{warm['cpu']:.1f} CPU s for the pool")
        for mode in args.modes.split(","):
            results[mode] = r = run_mode(server, mode, args.sessions, args.stagger, args.moves,
                                         args.timeout, args.seed, path)
            report(r)
            # let the pool refill before the next mode
            wait_quiet(server, args.pool if args.pool is not None else args.sessions)
            time.sleep(args.settle)
    finally:
        server.stop()
    if args.baseline:
        server, _ = serve(args, baseline=True)
        try:
            b = run_mode(server, "burst", args.sessions, args.stagger, args.moves,
                         args.timeout, args.seed, path)
            b["mode"] = "baseline burst (no preheated pool)"
            report(b)
        finally:
            server.stop()
        if "burst" in results and b["ttt"] and results["burst"]["ttt"]:
            r = results["burst"]
            print(f"\nratio baseline/cardkit: p95 time to table "
                  f"{pct(b['ttt'], 95) / pct(r['ttt'], 95):.1f}x, tables {b['tables']} vs "
                  f"{r['tables']}, CPU per session {b['cpu_per_session'] / max(r['cpu_per_session'], 1e-9):.1f}x")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()

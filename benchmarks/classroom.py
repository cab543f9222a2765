"""A class arriving at once: N students open the Écarté app (or a lesson) on one standalone Voilà.

    .venv/bin/python benchmarks/classroom.py                 # 30 at once, then 30 staggered
    .venv/bin/python benchmarks/classroom.py --sessions 10 --modes burst --baseline
    .venv/bin/python benchmarks/classroom.py --notebook 02_war.ipynb --modes burst   # ./dev lessons 02_war
    .venv/bin/python benchmarks/classroom.py --modes burst --attack      # quiet burst, then under attack
    .venv/bin/python benchmarks/classroom.py --overload                  # 60 at once, then 30, vs a fresh 30

Starts ``voila lessons/ecarte_app.ipynb`` on 127.0.0.1 from the repository root (so the root
``voila.json`` applies: preheated pool, caps, websocket policy), waits until its preheated pool
is full plus ``--settle`` seconds (a teacher starts the server before class), then opens
``--sessions`` raw widget-protocol clients (``WidgetSession`` of tests/voila_client.py: page GET,
kernel websocket, ``request_states``) all at once (``burst``) and/or ``--stagger`` seconds
apart (``staggered``). Each client plays ``--moves`` clicks, then all close together. Student i
connects from the loopback address 127.0.0.(10+i), as students on the machines of a classroom
LAN do (the server may count page loads per address); ``--same-address`` puts them all on
127.0.0.1.

Reported per mode: time to table (page GET until the table's full widget state has arrived:
median, p95, max), click-to-update (a click until the kernel's first widget update: median,
p95), pages without a table, errors, kernel memory (PSS, per kernel and in all, while the class
plays), CPU seconds of the server and its kernels per session (during the arrivals; the pool's
warm-up is reported separately, as it is paid before class), the most kernels seen during the
mode and the count once the students' kernels are gone, the 1-minute load average, and seconds
until every session's kernel is gone after the pages close. ``--baseline`` repeats the burst
with Voilà's defaults for kernels (no preheated pool) and prints the ratios.

``--attack``: after the quiet modes (``burst`` must be one), once the pool has refilled, the same
burst again on the same server while two attackers run (in a separate process, started
``--attack-lead`` seconds before the burst and stopped when the students have played): a
*flooder* from 127.0.0.200 opens the app, connects and sends the table's ping (a small valid
comm message) as fast as it can (at most ``--flood-max`` messages), counting what it sent and
received and whether the server closed its socket; a *leaker* from 127.0.0.201 (and the next
addresses, ``--leak-addresses K``) loads the page with a fresh cookie jar, then, alternately,
tries the kernel websocket with ``Origin: http://evil.example`` (a refusal is 403) or GETs the
websocket URL without the upgrade (400), never opening it (at most ``--leak-max`` page loads per
address, one per ``--leak-interval`` s), counting the page loads granted a kernel and those
refused (429, 503 …). Prints the quiet and attacked bursts side by side, the ratio of their p95
times to table (goal: at most 2x) and the attackers' counts.

``--overload``: instead of ``--modes``: 2 x ``--sessions`` students at once (at most 60), closed,
``--overload-wait`` seconds (60), then ``--sessions`` at once on the same server; then a fresh
server's burst of ``--sessions``. Prints the three side by side, and the ratio of the second
burst's p95 time to table to the fresh server's (goal: at most 2x).

``--notebook NN_name.ipynb``: a lesson instead of the app, served as ``./dev lessons NN_name``
serves it (Voilà on the ``lessons/`` folder, a pool of ``--sessions`` kernels for that lesson);
each student opens ``/voila/render/NN_name.ipynb`` and clicks in its first card table.

What this does not measure: the browser's own JavaScript (loading ~2 MB of JupyterLab front-end
and drawing the widgets), which runs on each student's machine, not the server. The clients
(and the attackers) run on the same machine as the server and take some of its CPU (their share
is printed). Bounded: at most 60 sessions, loopback addresses only (127.0.0.0/8), ``--timeout``
seconds per session; the attackers stop after their message or page-load budget or
3 x ``--timeout`` + 60 s, whichever comes first.
"""
from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import resource
import socket
import random
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))     # the test client, tests/voila_client.py

from cardkit_serving.launch import descendants, start_voila, wait_pool  # noqa: E402
from voila_client import PageError, WidgetSession, choices, pick, table_model_id  # noqa: E402

MAX_SESSIONS = 60
APP = "ecarte_app.ipynb"   # served alone, its pool from voila.json
CLICK_WAIT = 20.0      # s a click may take to be answered
STUDENT0 = 10          # student i connects from 127.0.0.(STUDENT0 + i)
FLOODER = "127.0.0.200"
LEAKER0 = 201          # leaker j connects from 127.0.0.(LEAKER0 + j)
MAX_LEAKERS = 8
EVIL_ORIGIN = "http://evil.example"


def student_source(i: int, same_address: bool) -> str | None:
    """The loopback address student ``i`` connects from (None: the system's, 127.0.0.1)."""
    return None if same_address else f"127.0.0.{STUDENT0 + i}"


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
    def __init__(self, url, path, start_at, moves, timeout, seed, source=None):
        super().__init__(daemon=True)
        self.url, self.path, self.start_at, self.moves, self.timeout = url, path, start_at, moves, timeout
        self.source = source
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
        s = self.session = WidgetSession(self.url, self.path, timeout=self.timeout, source=self.source)
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
        except Exception as e:
            self.error = f"{type(e).__name__}: {str(e)[:120]}"
        self.done_playing.set()
        self.close_now.wait(self.timeout * 3)
        s.close()


def gone(session) -> bool:
    """Whether the kernel of a student's page is gone, asked as that page (the server answers
    a kernel's state to its own student only)."""
    try:
        status, _ = session.get(f"api/kernels/{session.kernel_id}")
    except Exception:
        return False
    return status == 404


class Sampler(threading.Thread):
    """Every ``every`` seconds until :meth:`stop` (at most ``limit`` samples): the number of
    kernels under the server and the 1-minute load average."""

    def __init__(self, server, every: float = 1.0, limit: int = 3600):
        super().__init__(daemon=True)
        self.server, self.every, self.limit = server, every, limit
        self.kernels: list[int] = []
        self.load: list[float] = []
        self._halt = threading.Event()

    def run(self):
        while len(self.kernels) < self.limit and not self._halt.wait(self.every):
            self.kernels.append(len(self.server.kernels()))
            self.load.append(os.getloadavg()[0])

    def stop(self):
        self._halt.set()
        self.join(10)


def run_mode(server, mode, n, stagger, moves, timeout, seed, path="", *, same_address=False,
             before_close=None):
    """``n`` students arriving ``stagger`` seconds apart (0: all at once), playing ``moves``
    clicks, then closing together. ``before_close()`` is called once every student has played,
    before the pages close (to stop an attack). Returns the measures (see :func:`report`)."""
    me = os.getpid()
    server_pids = lambda: [server.proc.pid, *descendants(server.proc.pid)]  # noqa: E731
    cpu0, mine0 = cpu_seconds(server_pids()), cpu_seconds([me])
    sampler = Sampler(server)
    sampler.start()
    t_start = time.monotonic() + 0.5
    starts = [t_start + i * stagger for i in range(n)]
    students = [Student(server.url, path, s, moves, timeout, seed + i, student_source(i, same_address))
                for i, s in enumerate(starts)]
    for st in students:
        st.start()
    for st in students:
        st.done_playing.wait(timeout * 3)
    wall = time.monotonic() - t_start
    cpu1, mine1 = cpu_seconds(server_pids()), cpu_seconds([me])
    kernels = server.kernels()
    mem = [pss_mb(p) for p in kernels]
    server_mem = pss_mb(server.proc.pid)
    load = os.getloadavg()[0]
    if before_close is not None:
        before_close()
    t_close = time.monotonic()
    for st in students:
        st.close_now.set()
    for st in students:
        st.join(30)
    freed = None
    while time.monotonic() - t_close < 120:
        if all(gone(st.session) for st in students if st.kernel_id):
            freed = time.monotonic() - t_close
            break
        time.sleep(0.5)
    sampler.stop()
    tables = [st.time_to_table for st in students if st.time_to_table is not None]
    clicks = [c for st in students for c in st.clicks]
    silent = sum(st.silent_clicks for st in students)
    errors = [st.error for st in students if st.error]
    return {"mode": mode, "n": n, "tables": len(tables), "no_table": n - len(tables),
            "errors": errors, "ttt": tables, "clicks": clicks, "silent": silent, "wall": wall,
            "cpu_per_session": (cpu1 - cpu0) / n, "client_cpu": mine1 - mine0,
            "kernels": len(kernels), "kernel_mb": statistics.mean(mem) if mem else 0.0,
            "kernels_mb": sum(mem), "server_mb": server_mem, "freed": freed,
            "kernels_max": max([*sampler.kernels, len(kernels)]),
            "kernels_after": len(server.kernels()), "load": load,
            "load_max": max([*sampler.load, load])}


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
    print(f"kernels: at most {r['kernels_max']} during, {r['kernels_after']} after; "
          f"load average {r['load']:.1f} when played (at most {r['load_max']:.1f})")
    print("kernels freed after close: " + (f"{r['freed']:.1f} s" if r["freed"] is not None
                                            else "NOT within 120 s"))


def side_by_side(columns: list[tuple[str, dict]]) -> None:
    """The main measures of a few runs, one column each."""
    def ms(values, q=None):
        if not values:
            return "-"
        return f"{(statistics.median(values) if q is None else pct(values, q)):.2f}"
    rows = [("tables", lambda r: f"{r['tables']}/{r['n']}"),
            ("errors", lambda r: str(len(r["errors"]))),
            ("time to table median s", lambda r: ms(r["ttt"])),
            ("time to table p95 s", lambda r: ms(r["ttt"], 95)),
            ("time to table max s", lambda r: f"{max(r['ttt']):.2f}" if r["ttt"] else "-"),
            ("click-to-update median s", lambda r: ms(r["clicks"])),
            ("click-to-update p95 s", lambda r: ms(r["clicks"], 95)),
            ("kernels during (max)", lambda r: str(r["kernels_max"])),
            ("kernels after", lambda r: str(r["kernels_after"])),
            ("load average (max)", lambda r: f"{r['load']:.1f} ({r['load_max']:.1f})"),
            ("server PSS MB", lambda r: f"{r['server_mb']:.0f}")]
    width = max(16, *(len(name) + 2 for name, _ in columns))
    print("\n" + " " * 26 + "".join(f"{name:>{width}}" for name, _ in columns))
    for label, cell in rows:
        print(f"{label:<26}" + "".join(f"{cell(r):>{width}}" for _, r in columns))
    errors = Counter(e for _, r in columns for e in r["errors"])
    if errors:
        print("errors: " + ", ".join(f"{e} x{k}" for e, k in errors.most_common(4)))


def ratio_line(what: str, num: dict, den: dict) -> None:
    """``p95(num) / p95(den)`` of the time to table, against the goal of 2x."""
    if not num["ttt"] or not den["ttt"]:
        print(f"\nratio {what}: no tables to compare")
        return
    ratio = pct(num["ttt"], 95) / pct(den["ttt"], 95)
    print(f"\nratio {what}: p95 time to table {ratio:.2f}x (goal <= 2x: "
          f"{'met' if ratio <= 2 else 'NOT met'}); every student got a table: "
          f"{'yes' if num['tables'] == num['n'] else 'NO'} / "
          f"{'yes' if den['tables'] == den['n'] else 'NO'}")


# ------------------------------------------------------------------------------ the attackers
def _flood(url, path, source, timeout, deadline, max_msgs, stop, ready, res):
    """Open the app from ``source``, connect, and send the table's ping as fast as possible
    until ``stop``, ``deadline`` (monotonic), ``max_msgs`` or the server closes the socket."""
    import websocket
    from websocket import ABNF
    res.update(sent=0, received=0, pongs=0, table=False, error=None, closed_by_server=None,
               seconds=0.0)
    s = WidgetSession(url, path, timeout=timeout, source=source)
    try:
        s.load()
        s.connect()
        s.request_states(timeout=timeout)
        table = table_model_id(s.models)
        if table is None:
            raise RuntimeError("no table in the widget state")
        res["table"] = True
    except Exception as e:
        res["error"] = f"{type(e).__name__}: {str(e)[:120]}"
        s.close()
        ready.set()
        return
    ready.set()
    ws, t0, closed = s.ws, time.monotonic(), threading.Event()
    ws.settimeout(max(5.0, deadline - t0))      # a send may wait while the server is behind

    def read():
        while not closed.is_set():
            try:
                opcode, data = ws.recv_data()
            except Exception:
                break
            if opcode == ABNF.OPCODE_CLOSE:
                break
            res["received"] += 1
            if b'"pong"' in data:
                res["pongs"] += 1
        if not closed.is_set() and res["closed_by_server"] is None:
            res["closed_by_server"] = round(time.monotonic() - t0, 2)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    k = 0
    while k < max_msgs and not stop.is_set() and time.monotonic() < deadline:
        if res["closed_by_server"] is not None:
            break
        try:
            s.comm_msg(table, {"method": "custom", "content": {"do": "ping", "n": k}})
        except (websocket.WebSocketException, OSError) as e:
            if res["closed_by_server"] is None:
                res["closed_by_server"] = round(time.monotonic() - t0, 2)
            res["error"] = f"send: {type(e).__name__}"
            break
        k += 1
    res["sent"], res["seconds"] = k, round(time.monotonic() - t0, 2)
    while res["closed_by_server"] is None and not stop.wait(0.5) and time.monotonic() < deadline:
        pass                  # out of budget: keep the socket (and its backlog) until the end
    closed.set()
    with contextlib.suppress(Exception):
        ws.sock.shutdown(socket.SHUT_RDWR)      # wakes the reader; the server sees a closed page
    ws.shutdown()
    reader.join(10)


def _leak(url, path, source, timeout, deadline, max_loads, interval, stop, t0, res):
    """From ``source``, load the page with a fresh cookie jar, then never open its websocket:
    alternately a handshake with a foreign Origin, and a GET of the websocket URL without the
    upgrade. One page load per ``interval`` s at most, ``max_loads`` in all."""
    import websocket
    pages, handshakes, granted = Counter(), Counter(), []
    for i in range(max_loads):
        if stop.is_set() or time.monotonic() >= deadline:
            break
        start = time.monotonic()
        s = WidgetSession(url, path, timeout=max(1.0, min(timeout, deadline - start)), source=source)
        try:
            s.load()
        except PageError as e:
            pages[f"HTTP {e.status}" + (" no kernel" if e.status == 200 else "")] += 1
        except Exception as e:
            pages[type(e).__name__] += 1
        else:
            pages["HTTP 200"] += 1
            granted.append(round(time.monotonic() - t0, 2))
            if i % 2 == 0:
                try:
                    s.connect(origin=EVIL_ORIGIN)
                    handshakes["foreign Origin: ACCEPTED"] += 1
                    s.close()
                except websocket.WebSocketBadStatusException as e:
                    handshakes[f"foreign Origin: {e.status_code}"] += 1
                except Exception as e:
                    handshakes[f"foreign Origin: {type(e).__name__}"] += 1
            else:
                try:
                    status, _ = s.get(f"api/kernels/{s.kernel_id}/channels?session_id=x")
                    handshakes[f"no upgrade: {status}"] += 1
                except Exception as e:
                    handshakes[f"no upgrade: {type(e).__name__}"] += 1
        stop.wait(max(0.0, interval - (time.monotonic() - start)))
    res.update(source=source, pages=dict(pages), handshakes=dict(handshakes), granted=granted)


def attack_main(url, path, timeout, bound, flood_max, leakers, leak_max, leak_interval,
                stop, ready, out):
    """The attackers' process: a flooder and ``leakers`` leakers in threads, stopped by
    ``stop`` or after ``bound`` seconds; puts their counts on ``out``."""
    t0 = time.monotonic()
    deadline = t0 + bound
    flood = {}
    leaks = [{} for _ in range(leakers)]
    threads = [threading.Thread(target=_flood, daemon=True, args=(
        url, path, FLOODER, timeout, deadline, flood_max, stop, ready, flood))]
    threads += [threading.Thread(target=_leak, daemon=True, args=(
        url, path, f"127.0.0.{LEAKER0 + j}", timeout, deadline, leak_max, leak_interval, stop, t0,
        leaks[j])) for j in range(leakers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(max(1.0, deadline + 30 - time.monotonic()))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out.put({"flood": flood, "leaks": leaks, "cpu": usage.ru_utime + usage.ru_stime,
             "seconds": time.monotonic() - t0})


class Attack:
    """The attackers in a process of their own (so that they do not take the students' clients'
    interpreter lock). :meth:`start` returns once the flooder floods (or failed to);
    :meth:`finish` stops them and returns their counts."""

    def __init__(self, url, path, args):
        ctx = multiprocessing.get_context("spawn")
        self.stop, self.ready, self.out = ctx.Event(), ctx.Event(), ctx.Queue()
        self.bound = args.timeout * 3 + 60 + args.attack_lead
        self.proc = ctx.Process(target=attack_main, daemon=True, args=(
            url, path, args.timeout, self.bound, args.flood_max, args.leak_addresses,
            args.leak_max, args.leak_interval, self.stop, self.ready, self.out))
        self.result = None
        self.t0 = time.monotonic()
        self.t_stop = None

    def start(self, timeout: float) -> None:
        self.t0 = time.monotonic()
        self.proc.start()
        self.ready.wait(timeout)

    def finish(self) -> dict:
        if self.result is None:
            self.t_stop = time.monotonic() - self.t0
            self.stop.set()
            try:
                self.result = self.out.get(timeout=self.bound + 60)
            except Exception:
                self.result = {"flood": {}, "leaks": [], "cpu": float("nan"), "seconds": float("nan")}
            self.proc.join(30)
            if self.proc.is_alive():
                self.proc.kill()
                self.proc.join(10)
        return self.result


def report_attack(a: dict, t_stop: float | None) -> None:
    f = a["flood"]
    print(f"\nattackers ran {a['seconds']:.0f} s (stopped after {t_stop or 0:.0f} s), "
          f"{a['cpu']:.1f} CPU s on this machine")
    if f.get("error") and not f.get("table"):
        print(f"flooder {FLOODER}: got no table ({f['error']})")
    elif f:
        rate = f["sent"] / f["seconds"] if f.get("seconds") else 0.0
        closed = (f"the server closed its socket after {f['closed_by_server']:.1f} s"
                  if f.get("closed_by_server") is not None else "the server never closed its socket")
        print(f"flooder {FLOODER}: sent {f['sent']} pings in {f['seconds']:.1f} s ({rate:.0f}/s), "
              f"received {f['received']} frames ({f['pongs']} pongs); {closed}"
              + (f" [{f['error']}]" if f.get("error") else ""))
    for leak in a["leaks"]:
        if not leak:
            continue
        g = leak["granted"]
        pace = (f"; kernels at {', '.join(f'{x:.0f}' for x in g[:3])}"
                + (f" … {g[-1]:.0f} s" if len(g) > 3 else " s")) if g else ""
        print(f"leaker {leak['source']}: page loads {sum(leak['pages'].values())} "
              f"{dict(sorted(leak['pages'].items()))}; handshakes "
              f"{dict(sorted(leak['handshakes'].items()))}; {len(g)} kernels granted{pace}")


def wait_quiet(server, kernels: int, timeout: float = 600.0) -> None:
    """Wait until exactly ``kernels`` kernels run and the server and kernels are idle (the
    pool's "filled" log line comes when its kernels started, before their notebooks ran)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        busy = cpu_seconds([server.proc.pid, *descendants(server.proc.pid)])
        time.sleep(2)
        idle = cpu_seconds([server.proc.pid, *descendants(server.proc.pid)]) - busy < 0.3
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
                "cpu": cpu_seconds([server.proc.pid, *descendants(server.proc.pid)])}
    time.sleep(args.settle)
    return server, warm


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sessions", type=int, default=30)
    p.add_argument("--modes", default="burst,staggered", help="burst and/or staggered")
    p.add_argument("--stagger", type=float, default=1.0, help="seconds between arrivals")
    p.add_argument("--moves", type=int, default=3)
    p.add_argument("--timeout", type=float, default=120.0)
    p.add_argument("--settle", type=float, default=10.0,
                   help="seconds to wait after the pool is full")
    p.add_argument("--pool", type=int, default=None,
                   help="preheated pool size (default: voila.json's)")
    p.add_argument("--baseline", action="store_true",
                   help="also run the burst with Voilà's default kernels (no pool)")
    p.add_argument("--same-address", action="store_true",
                   help="every student from 127.0.0.1 (default: student i from 127.0.0.(10+i))")
    p.add_argument("--attack", action="store_true",
                   help="then the burst again under a flooder and a leaker, side by side")
    p.add_argument("--attack-lead", type=float, default=5.0,
                   help="seconds the attack runs before the burst")
    p.add_argument("--flood-max", type=int, default=200_000, help="most messages the flooder sends")
    p.add_argument("--leak-addresses", type=int, default=1,
                   help=f"leakers, from 127.0.0.{LEAKER0} on (at most {MAX_LEAKERS})")
    p.add_argument("--leak-max", type=int, default=200, help="most page loads per leaker")
    p.add_argument("--leak-interval", type=float, default=0.25,
                   help="least seconds between a leaker's page loads")
    p.add_argument("--overload", action="store_true",
                   help="instead of --modes: 2 x sessions at once, a wait, sessions at once; "
                        "vs a fresh server")
    p.add_argument("--overload-wait", type=float, default=60.0)
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
    modes = args.modes.split(",")
    if set(modes) - {"burst", "staggered"}:
        p.error("--modes: burst and/or staggered")
    if args.attack and "burst" not in modes:
        p.error("--attack compares with the quiet burst: --modes must include burst")
    if not 1 <= args.leak_addresses <= MAX_LEAKERS:
        p.error(f"--leak-addresses must be 1..{MAX_LEAKERS}")
    if not (0 < args.flood_max <= 1_000_000 and 0 < args.leak_max <= 1000 and args.leak_interval >= 0.05):
        p.error("--flood-max at most 1000000, --leak-max at most 1000, --leak-interval at least 0.05")
    print(f"load average before: {os.getloadavg()}, cores: {os.cpu_count()}; students from "
          + ("127.0.0.1" if args.same_address else
             f"127.0.0.{STUDENT0}..127.0.0.{STUDENT0 + MAX_SESSIONS - 1}"))
    if args.overload:
        overload(args, path)
    else:
        classroom(args, path, modes)
    print(f"load average after: {os.getloadavg()}")


def classroom(args, path, modes):
    results = {}
    pool_size = args.pool if args.pool is not None else args.sessions
    server, warm = serve(args, baseline=False)
    try:
        print(f"server ready (pool warm) after {warm['seconds']:.1f} s, "
              f"{warm['cpu']:.1f} CPU s for the pool")
        for mode in modes:
            results[mode] = r = run_mode(server, mode, args.sessions,
                                         args.stagger if mode == "staggered" else 0.0, args.moves,
                                         args.timeout, args.seed, path, same_address=args.same_address)
            report(r)
            # let the pool refill before the next mode
            wait_quiet(server, pool_size)
            time.sleep(args.settle)
        if args.attack:
            attack = Attack(server.url, path, args)
            print(f"\nattack: flooder {FLOODER}, {args.leak_addresses} leaker(s) from "
                  f"127.0.0.{LEAKER0}; the burst starts {args.attack_lead:g} s after the flood")
            try:
                attack.start(timeout=args.timeout)
                time.sleep(args.attack_lead)
                r = run_mode(server, "burst under attack", args.sessions, 0.0, args.moves,
                             args.timeout, args.seed, path, same_address=args.same_address,
                             before_close=attack.finish)
            finally:
                a = attack.finish()
            report(r)
            report_attack(a, attack.t_stop)
            side_by_side([("quiet burst", results["burst"]), ("under attack", r)])
            ratio_line("under attack / quiet", r, results["burst"])
    finally:
        server.stop()
    if args.baseline:
        server, _ = serve(args, baseline=True)
        try:
            b = run_mode(server, "burst", args.sessions, 0.0, args.moves,
                         args.timeout, args.seed, path, same_address=args.same_address)
            b["mode"] = "baseline burst (no preheated pool)"
            report(b)
        finally:
            server.stop()
        if "burst" in results and b["ttt"] and results["burst"]["ttt"]:
            r = results["burst"]
            print(f"\nratio baseline/cardkit: p95 time to table "
                  f"{pct(b['ttt'], 95) / pct(r['ttt'], 95):.1f}x, tables {b['tables']} vs "
                  f"{r['tables']}, CPU per session {b['cpu_per_session'] / max(r['cpu_per_session'], 1e-9):.1f}x")


def overload(args, path):
    """2 x sessions at once, closed, ``--overload-wait`` s, sessions at once; then a fresh
    server's burst of sessions."""
    n, big = args.sessions, min(2 * args.sessions, MAX_SESSIONS)
    run = dict(moves=args.moves, timeout=args.timeout, seed=args.seed, path=path,
               same_address=args.same_address)
    server, warm = serve(args, baseline=False)
    try:
        print(f"server ready (pool warm) after {warm['seconds']:.1f} s")
        first = run_mode(server, f"overload: {big} at once", big, 0.0, **run)
        report(first)
        time.sleep(args.overload_wait)
        print(f"\n{len(server.kernels())} kernels {args.overload_wait:g} s later")
        second = run_mode(server, f"then {n} at once", n, 0.0, **run)
        report(second)
    finally:
        server.stop()
    server, warm = serve(args, baseline=False)
    try:
        print(f"\nfresh server ready (pool warm) after {warm['seconds']:.1f} s")
        fresh = run_mode(server, f"fresh server: {n} at once", n, 0.0, **run)
        report(fresh)
    finally:
        server.stop()
    side_by_side([(f"{big} at once", first), (f"then {n}", second), (f"fresh {n}", fresh)])
    ratio_line(f"{n} after {big} / {n} on a fresh server", second, fresh)


if __name__ == "__main__":
    main()

"""A class arriving at once: N students open the Écarté app (or a lesson) on one standalone Voilà.

    .venv/bin/python benchmarks/classroom.py                 # 30 at once, then 30 staggered
    .venv/bin/python benchmarks/classroom.py --sessions 10 --modes burst --baseline
    .venv/bin/python benchmarks/classroom.py --notebook 02_war.ipynb --modes burst   # ./dev lessons 02_war
    .venv/bin/python benchmarks/classroom.py --modes burst --attack      # quiet burst, then under attack
    .venv/bin/python benchmarks/classroom.py --overload                  # 60 at once, then 30, vs a fresh 30
    .venv/bin/python benchmarks/classroom.py --modes classmates          # 15 pairs play each other, vs the computer

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

``--modes classmates`` (issue 20, "A class at once"): ``--pairs`` pairs (15: a class of 30) play
Écarté against each other at once through the table store ("Play a classmate",
widgets/classmate.py), then the same 30 students play the computer, on the same server, and the
two are printed side by side. The server's store is a fresh SQLite file
(``CARDKIT_STORE=sqlite:///<tmp>/tables.db``; the user's own is untouched), its pool
``2 x --pairs`` kernels. In each pair, student 2k (from 127.0.0.(10+2k)) sends ``{"do":
"classmate"}``, student 2k+1 joins with the code it was shown (``{"do": "join", "code"}``); once
both pages say "playing", the seat to move clicks a random legal choice, each page presses Next
hand on its own, until ``--hands`` hands are over (or the match is; at most ``--pair-moves``
moves, ``--timeout`` s). Every page pings its kernel every 2 s as a page does (a page that does
not is shown as away). One action at a time is in flight per pair, as two people at one game
take turns: a move until both pages have shown it (``game_pos`` grew), Next hand until the
presser's page has. Reported: moves played, moves lost (the mover's page showed it, the other's
did not within 20 s), moves refused (the mover's page came back with a warning: the store's
conflict or the engine's), clicks unanswered, pairs whose pages end with different scores, the
time from a move to the mover's own update and to the other page's update (median, p95, max;
and how long after the mover's page the other's came, p95),
the most kernels and those left once the pages closed (the pool refilled), the store's size on
disk (file and WAL, cumulative) and the 1-minute load average. Against the computer, student i
plays as many moves as it played in its pair (Next hand as needed), each timed to its page's
update. Goal: 0 moves lost, the other page's update p95 <= 500 ms on 2 cores.

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
        self.session = WidgetSession(self.url, self.path, timeout=self.timeout, source=self.source)
        play_then_close(self, self.play)

    def play(self):
        t0, s = time.monotonic(), self.session
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


def play_then_close(student, play) -> None:
    """``play()``, keeping what went wrong as ``student.error``; then say it has played, and
    close its page once told to (``close_now``)."""
    try:
        play()
    except PageError as e:
        student.error = f"HTTP {e.status}"
    except Exception as e:
        student.error = f"{type(e).__name__}: {str(e)[:120]}"
    student.done_playing.set()
    student.close_now.wait(student.timeout * 3)
    student.session.close()


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
    print_columns(rows, columns)


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


def serve(args, baseline: bool, env: dict | None = None):
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
    server = start_voila("lessons/" if lesson else f"lessons/{nb}", pool=pool, args=extra,
                         nice=args.nice, env=env)
    warm = {"seconds": 0.0, "cpu": 0.0}
    if not baseline:
        wait_pool(server, nb, size, timeout=600)
        wait_quiet(server, size)
        warm = {"seconds": time.monotonic() - t0,
                "cpu": cpu_seconds([server.proc.pid, *descendants(server.proc.pid)])}
    time.sleep(args.settle)
    return server, warm


# ------------------------------------------------------------------ a class playing each other
PING_EVERY = 2.0       # s between a page's pings (widgets/js/connection.js)


class Player(threading.Thread):
    """One page of the Écarté app playing whole hands through the widget protocol: it pings its
    kernel every :data:`PING_EVERY` s as a page does, presses Next hand between hands, and is
    ``finished`` once ``hands`` hands are over (or the match is)."""

    def __init__(self, url, i, hands, timeout, seed, source):
        super().__init__(daemon=True)
        self.i, self.hands, self.timeout = i, hands, timeout
        self.rng = random.Random(seed)
        self.session = WidgetSession(url, "", timeout=timeout, source=source)
        self.table = None
        self.game_pos, self.mode, self.hands_over = -1, None, 0
        self.t_ping, self.pings = 0.0, 0
        self.error = None
        self.done_playing = threading.Event()
        self.close_now = threading.Event()

    @property
    def view(self) -> dict:
        return self.session.models[self.table]["state"].get("view") or {}

    def open_table(self) -> None:
        s = self.session
        s.load()
        s.connect()
        s.request_states(timeout=self.timeout)
        self.table = table_model_id(s.models)
        if self.table is None:
            raise RuntimeError("no table in the widget state")
        self.game_pos, self.mode = self.view.get("game_pos", -1), self.view.get("mode")

    def send(self, content: dict) -> None:
        self.session.comm_msg(self.table, {"method": "custom", "content": content})

    def step(self, wait: float = 0.2) -> float | None:
        """Ping when due, receive until the table's first update (or ``wait`` s of quiet);
        returns the time (monotonic) the game moved on this page (``game_pos`` grew), else None."""
        if time.monotonic() - self.t_ping >= PING_EVERY:
            self.pings += 1
            self.send({"do": "ping", "n": self.pings})
            self.t_ping = time.monotonic()
        self.session.pump(quiet=wait, timeout=wait, until=is_update)
        t, view = time.monotonic(), self.view
        moved = view.get("game_pos", -1) > self.game_pos
        self.game_pos = view.get("game_pos", -1)
        if view.get("mode") in ("between", "over") and view.get("mode") != self.mode:
            self.hands_over += 1
        self.mode = view.get("mode")
        return t if moved else None

    def until(self, ok, what: str) -> None:
        end = time.monotonic() + CLICK_WAIT
        while not ok(self.view):
            if time.monotonic() > end:
                raise RuntimeError(f"no {what} within {CLICK_WAIT:g} s")
            self.step()

    def finished(self) -> bool:
        return self.mode == "over" or (self.mode == "between" and self.hands_over >= self.hands)

    def next_click(self) -> tuple[str, dict] | None:
        """``("next", act)`` for Next hand, ``("move", act)`` for a random move, or None."""
        view = self.view
        if view.get("mode") == "between":
            button = (view.get("end") or {}).get("button")
            return ("next", {"do": "act", "action": button["action"], "pos": view.get("pos")}
                    ) if button else None
        c = pick([c for c in choices(self.session.models, self.table) if c.label.strip()], self.rng)
        return ("move", c.data["content"]) if c is not None else None

    def run(self):
        play_then_close(self, lambda: (self.open_table(), self.play()))


class Pair:
    """Two pages at one classmate table. One action at a time is in flight (``inflight``): a
    move until the mover's page and the other's have both shown it, a Next hand until the
    presser's page has; each student waits for it, as two people at one game take turns."""

    def __init__(self, max_moves: int):
        self.lock = threading.Lock()
        self.code, self.made = None, threading.Event()
        self.players: list[Classmate] = []
        self.inflight = None
        self.max_moves = max_moves
        self.moves = [0, 0]                 # accepted moves per seat
        self.own, self.other = [], []       # seconds: a move to the mover's / the other's update
        self.lag = []                       # seconds the other's update came after the mover's
        self.lost = self.silent = self.stray = 0
        self.refused: list[str] = []

    def over(self) -> bool:
        return (any(p.error for p in self.players) or sum(self.moves) >= self.max_moves
                or (self.inflight is None and all(p.finished() for p in self.players)))

    def act(self, p: Classmate) -> None:
        with self.lock:
            if self.inflight is not None or p.finished() or self.over():
                return
            click = p.next_click()
            if click is not None:
                self.inflight = {"by": p, "kind": click[0], "t0": time.monotonic(),
                                 "own": None, "other": None, "refused": None}
                p.send(click[1])

    def saw(self, p: Classmate, t: float) -> None:
        """The game moved on ``p``'s page at ``t``."""
        with self.lock:
            f = self.inflight
            if f is None:
                self.stray += 1             # a move seen after it was counted lost
            elif f["by"] is p and f["own"] is None:
                f["own"] = t
                said = p.view.get("what_now") or {}
                if said.get("note_tone") == "warn":
                    f["refused"] = said.get("note") or "?"
            elif f["by"] is not p and f["kind"] == "move" and f["other"] is None:
                f["other"] = t
            if f is not None and f["own"] is not None and (
                    f["kind"] == "next" or f["other"] is not None or f["refused"]):
                self._count(f)

    def expire(self) -> None:
        """An action not shown within :data:`CLICK_WAIT` s: unanswered, or a move lost."""
        with self.lock:
            f = self.inflight
            if f is not None and time.monotonic() - f["t0"] > CLICK_WAIT:
                if f["own"] is None:
                    self.silent += 1
                else:
                    self.lost += 1
                self._count(f)

    def _count(self, f) -> None:
        self.inflight = None
        if f["kind"] != "move" or f["own"] is None:
            return
        if f["refused"]:
            self.refused.append(f["refused"])
            return
        self.moves[f["by"].seat] += 1
        self.own.append(f["own"] - f["t0"])
        if f["other"] is not None:
            self.other.append(f["other"] - f["t0"])
            self.lag.append(f["other"] - f["own"])

    def scores_agree(self) -> bool:
        a, b = (p.view for p in self.players)
        return ((a.get("you") or {}).get("score") == (b.get("them") or {}).get("score")
                and (a.get("them") or {}).get("score") == (b.get("you") or {}).get("score"))


class Classmate(Player):
    """Seat ``seat`` of ``pair``: the host (seat 0) makes the table, the other joins with its
    code; then both play until the pair is over."""

    def __init__(self, url, i, hands, timeout, seed, source, pair: Pair, seat: int):
        super().__init__(url, i, hands, timeout, seed, source)
        self.pair, self.seat = pair, seat
        pair.players.append(self)

    def play(self):
        pair = self.pair
        if self.seat == 0:
            self.send({"do": "classmate", "name": f"A{self.i}"})
            self.until(lambda v: (v.get("classmate") or {}).get("code"), "table code")
            pair.code = self.view["classmate"]["code"]
            pair.made.set()
        else:
            if not pair.made.wait(self.timeout):
                raise RuntimeError("the host made no table")
            self.send({"do": "join", "code": pair.code, "name": f"B{self.i}"})
        self.until(lambda v: (v.get("classmate") or {}).get("stage") == "playing", "classmate")
        self.game_pos = self.view.get("game_pos", -1)
        end = time.monotonic() + self.timeout
        while time.monotonic() < end and not pair.over():
            t = self.step()
            if t is not None:
                pair.saw(self, t)
            pair.expire()
            if all((p.view.get("classmate") or {}).get("stage") == "playing" for p in pair.players):
                pair.act(self)


class Solo(Player):
    """A page playing the computer: ``quota`` moves (or ``hands`` hands), each timed from the
    click to the page's update showing it."""

    def __init__(self, url, i, hands, timeout, seed, source, quota: int):
        super().__init__(url, i, hands, timeout, seed, source)
        self.quota = quota
        self.moves, self.own = 0, []
        self.silent = self.refused = 0

    def play(self):
        end = time.monotonic() + self.timeout
        while time.monotonic() < end and self.moves < self.quota and not self.finished():
            self.step()
            click = self.next_click()
            if click is None:
                continue
            t0, pos = time.monotonic(), self.game_pos
            self.send(click[1])
            while self.game_pos == pos and time.monotonic() - t0 < CLICK_WAIT:
                t = self.step()
            if self.game_pos == pos:
                self.silent += 1
            elif click[0] == "move":
                if (self.view.get("what_now") or {}).get("note_tone") == "warn":
                    self.refused += 1
                else:
                    self.moves += 1
                    self.own.append(t - t0)


def store_kb(store: Path) -> float:
    """The SQLite store's size on disk (the file, its WAL and shared memory), in KB."""
    return sum(p.stat().st_size for p in store.parent.glob(store.name + "*")) / 1024


def run_players(server, label: str, players: list[Player], store: Path) -> dict:
    """Start ``players`` at once, wait until they have played, close them together and wait
    for their kernels to go. Returns the common measures."""
    sampler = Sampler(server)
    sampler.start()
    t0, mine = time.monotonic(), cpu_seconds([os.getpid()])
    for p in players:
        p.start()
    for p in players:
        p.done_playing.wait(p.timeout * 3)
    wall, mine = time.monotonic() - t0, cpu_seconds([os.getpid()]) - mine
    load = os.getloadavg()[0]
    for p in players:
        p.close_now.set()
    for p in players:
        p.join(30)
    t_close, freed = time.monotonic(), None
    while time.monotonic() - t_close < 120:
        if all(gone(p.session) for p in players if p.session.kernel_id):
            freed = time.monotonic() - t_close
            break
        time.sleep(0.5)
    sampler.stop()
    return {"mode": label, "n": len(players), "errors": [p.error for p in players if p.error],
            "wall": wall, "client_cpu": mine, "load": load, "load_max": max([*sampler.load, load]),
            "kernels_max": max([*sampler.kernels, 0]), "kernels_after": len(server.kernels()),
            "freed": freed, "store_kb": store_kb(store)}


def run_pairs(server, args, store: Path) -> dict:
    """``--pairs`` pairs playing each other at once (module doc)."""
    pairs = [Pair(max_moves=args.pair_moves) for _ in range(args.pairs)]
    players = [Classmate(server.url, i, args.hands, args.timeout, args.seed + i,
                         student_source(i, args.same_address), pairs[i // 2], i % 2)
               for i in range(2 * args.pairs)]
    r = run_players(server, f"{args.pairs} pairs", players, store)
    r.update(moves=sum(sum(p.moves) for p in pairs), lost=sum(p.lost for p in pairs),
             silent=sum(p.silent for p in pairs), stray=sum(p.stray for p in pairs),
             refused=[x for p in pairs for x in p.refused],
             own=[x for p in pairs for x in p.own], other=[x for p in pairs for x in p.other],
             lag=[x for p in pairs for x in p.lag],
             disagree=sum(not p.scores_agree() for p in pairs if all(q.table for q in p.players)),
             hands=[q.hands_over for q in players],
             quotas=[p.moves[q.seat] for q in players for p in [q.pair]])
    return r


def run_solo(server, args, quotas: list[int], store: Path) -> dict:
    """The same class playing the computer, student i as many moves as in its pair."""
    players = [Solo(server.url, i, 10, args.timeout, args.seed + i,
                    student_source(i, args.same_address), max(1, k)) for i, k in enumerate(quotas)]
    r = run_players(server, f"{len(players)} vs computer", players, store)
    r.update(moves=sum(p.moves for p in players), lost=0, stray=0,
             silent=sum(p.silent for p in players),
             refused=["refused"] * sum(p.refused for p in players),
             own=[x for p in players for x in p.own], other=[], lag=[], disagree=0,
             hands=[p.hands_over for p in players])
    return r


def print_columns(rows, columns: list[tuple[str, dict]]) -> None:
    """One row per ``(label, cell)`` of ``rows``, one column per run."""
    width = max(16, *(len(name) + 2 for name, _ in columns))
    print("\n" + " " * 30 + "".join(f"{name:>{width}}" for name, _ in columns))
    for label, cell in rows:
        print(f"{label:<30}" + "".join(f"{cell(r):>{width}}" for _, r in columns))
    errors = Counter(e for _, r in columns for e in r["errors"])
    if errors:
        print("errors: " + ", ".join(f"{e} x{k}" for e, k in errors.most_common(4)))


def seconds(values, q=None) -> str:
    if not values:
        return "-"
    return f"{(statistics.median(values) if q is None else pct(values, q)) * 1000:.0f}"


def classmates(args) -> None:
    """``--modes classmates``: the pairs, then the same class playing the computer, on one
    server whose store is a fresh SQLite file."""
    import tempfile
    with tempfile.TemporaryDirectory(prefix="cardkit-classroom-") as tmp:
        store = Path(tmp) / "tables.db"
        server, warm = serve(args, baseline=False, env={"CARDKIT_STORE": f"sqlite:///{store}"})
        try:
            print(f"server ready (pool warm) after {warm['seconds']:.1f} s; store {store}")
            pairs = run_pairs(server, args, store)
            print(f"pairs played in {pairs['wall']:.1f} s; hands over per page "
                  f"{sorted(Counter(pairs['hands']).items())}")
            wait_quiet(server, args.pool)
            time.sleep(args.settle)
            solo = run_solo(server, args, pairs["quotas"], store)
            print(f"the class played the computer in {solo['wall']:.1f} s")
        finally:
            server.stop()
    rows = [("sessions", lambda r: str(r["n"])),
            ("errors", lambda r: str(len(r["errors"]))),
            ("moves played", lambda r: str(r["moves"])),
            ("moves lost", lambda r: str(r["lost"])),
            ("moves refused", lambda r: str(len(r["refused"]))),
            ("clicks unanswered", lambda r: str(r["silent"])),
            ("final scores disagree", lambda r: str(r["disagree"])),
            ("own update median ms", lambda r: seconds(r["own"])),
            ("own update p95 ms", lambda r: seconds(r["own"], 95)),
            ("other page's update median ms", lambda r: seconds(r["other"])),
            ("other page's update p95 ms", lambda r: seconds(r["other"], 95)),
            ("other page's update max ms", lambda r: f"{max(r['other']) * 1000:.0f}" if r["other"] else "-"),
            ("other page after mover's p95 ms", lambda r: seconds(r["lag"], 95)),
            ("other page's update > 500 ms", lambda r: str(sum(x > 0.5 for x in r["other"]))),
            ("kernels during (max)", lambda r: str(r["kernels_max"])),
            ("kernels after", lambda r: str(r["kernels_after"])),
            ("kernels freed after close s", lambda r: f"{r['freed']:.1f}" if r["freed"] is not None else "NOT"),
            ("store KB after", lambda r: f"{r['store_kb']:.0f}"),
            ("seconds played", lambda r: f"{r['wall']:.1f}"),
            ("clients' CPU s", lambda r: f"{r['client_cpu']:.1f}"),
            ("load average 1 min (max)", lambda r: f"{r['load']:.1f} ({r['load_max']:.1f})")]
    print_columns(rows, [("classmates", pairs), ("vs computer", solo)])
    if pairs["refused"] or pairs["stray"]:
        print(f"refused: {Counter(pairs['refused']).most_common(3)}; seen after counted lost: "
              f"{pairs['stray']}")
    p95 = pct(pairs["other"], 95) if pairs["other"] else float("nan")
    print(f"\ngoal: 0 moves lost ({'met' if pairs['lost'] == 0 and not pairs['refused'] else 'NOT met'}), "
          f"other page's update p95 <= 500 ms ({'met' if p95 <= 0.5 else 'NOT met'})")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sessions", type=int, default=30)
    p.add_argument("--modes", default="burst,staggered",
                   help="burst and/or staggered; or classmates (alone)")
    p.add_argument("--pairs", type=int, default=15, help="classmates: pairs playing each other")
    p.add_argument("--hands", type=int, default=2,
                   help="classmates: hands each pair plays (fewer if the match is over)")
    p.add_argument("--pair-moves", type=int, default=80, help="classmates: most moves per pair")
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
    if modes == ["classmates"]:
        if not 1 <= args.pairs <= MAX_SESSIONS // 2 or args.notebook != APP or args.attack:
            p.error(f"--modes classmates: --pairs 1..{MAX_SESSIONS // 2}, the app, no --attack")
        if not (1 <= args.hands <= 10 and 1 <= args.pair_moves <= 400):
            p.error("--hands 1..10, --pair-moves 1..400")
        args.sessions = 2 * args.pairs
        args.pool = args.sessions if args.pool is None else args.pool
    elif set(modes) - {"burst", "staggered"}:
        p.error("--modes: burst and/or staggered, or classmates alone")
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
    elif modes == ["classmates"]:
        classmates(args)
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

"""Nothing one student sends can lock the class out or spoil the pool: one test per finding of
the classroom probe (issue 16), each with its repro, bounded in count and time, on loopback.

1. a failed websocket handshake (no Upgrade: 400; a foreign Origin: 403) does not claim the
   kernel a page load got; unclaimed kernels are shut down within seconds, and one address
   cannot hold more than ``max_pending_per_address`` of them;
2. reaching ``max_kernels`` does not break the preheated pool: it refills when room frees;
3. a page cannot open comms the table does not use (so it cannot create widgets), and a kernel
   past ``max_kernel_memory`` is stopped and its page's websocket closed;
5. a page flooding its websocket is rate-limited, then stopped, and another student still plays;
6. odd query parameters, malformed frames and unknown paths get a plain refusal, nothing at
   ERROR level in the log and no kernel started; kernel information answers only its student.

Finding 4 (the page says its game stopped) is a browser test: tests/browser/test_serving_notice.py.
"""
from __future__ import annotations

import http.client
import json
import re
import shutil
import threading
import time
import uuid
from pathlib import Path

import pytest
import websocket

from cardkit_serving.launch import start_voila, wait_pool
from voila_client import PageError, WidgetSession, choices, table_model_id
from test_voila_security import open_page

HERE = Path(__file__).resolve().parent
APP = "voila/render/ecarte_app.ipynb"
PROBLEMS = re.compile(r"Traceback|RecursionError|\] ERROR|ERROR \||Uncaught exception|"
                      r"Task exception was never retrieved")


# ----------------------------------------------------------------------------------- helpers
@pytest.fixture
def small_voila():
    """Start a Voilà on ``lessons/`` with its own settings (``small_voila(pool, *args, env=)``);
    every server started is stopped at the end."""
    servers = []

    def start(pool: int, *args: str, env: dict | None = None):
        server = start_voila("lessons", pool={"ecarte_app.ipynb": pool}, args=list(args), env=env)
        servers.append(server)
        if pool:
            wait_pool(server, "ecarte_app.ipynb", pool, timeout=240)
        return server

    yield start
    for server in servers:
        server.stop()


def alive(s: WidgetSession) -> bool:
    """Whether page ``s``'s kernel runs (asked as that page: only its student may ask)."""
    status, _ = s.get(f"api/kernels/{s.kernel_id}")
    assert status in (200, 404), status
    return status == 200


def wait_until(test, timeout: float, what: str, step: float = 0.5) -> float:
    """Poll ``test()`` until true; returns the seconds it took. Fails after ``timeout`` s."""
    t0 = time.monotonic()
    while not test():
        assert time.monotonic() - t0 < timeout, f"{what}: not within {timeout} s"
        time.sleep(step)
    return time.monotonic() - t0


def problems(log: str) -> list[str]:
    return [line for line in log.splitlines() if PROBLEMS.search(line)]


def ws_url(s: WidgetSession, kernel_id: str | None = None, path: str = "channels") -> str:
    base = s.base.replace("http", "ws", 1)
    return f"{base}/api/kernels/{kernel_id or s.kernel_id}/{path}?session_id={uuid.uuid4().hex}"


def bad_origin_handshake(s: WidgetSession) -> int:
    """A websocket to the page's kernel with the page's cookie but a foreign Origin: status."""
    with pytest.raises(websocket.WebSocketBadStatusException) as err:
        websocket.create_connection(ws_url(s), cookie=s.cookie_header(), timeout=20,
                                    origin="http://evil.example")
    return err.value.status_code


def clicked(s: WidgetSession) -> bool:
    """Click something the table offers and wait for the kernel's answer (a widget update)."""
    table = table_model_id(s.models)
    for _ in range(10):
        options = [c for c in choices(s.models, table) if c.label.strip()
                   and not c.label.startswith("New game")]
        if options:
            break
        s.pump(quiet=1.0, timeout=10)
    s.comm_msg(options[0].model_id, options[0].data)
    got = s.pump(quiet=10, timeout=20, until=lambda m: (m.get("content") or {}).get("data", {})
                 .get("method") == "update")
    return any((m.get("content") or {}).get("data", {}).get("method") == "update" for m in got)


# ------------------------------------------------------------------------------- finding 1
def test_failed_handshakes_claim_nothing_and_their_kernels_go_within_seconds(small_voila):
    # the probe's repro, shortened: page loads whose websocket fails (no Upgrade: 400; a foreign
    # Origin: 403) — each page load takes a kernel
    server = small_voila(2, "--ClassroomKernelManager.max_kernels=8",
                         "--ClassroomKernelManager.unclaimed_timeout=4",
                         "--ClassroomKernelManager.sweep_interval=1",
                         "--ClassroomKernelManager.max_pending_per_address=20")
    leaked = []
    for i in range(6):
        s = WidgetSession(server.url, APP)
        s.load()
        if i % 2:
            assert bad_origin_handshake(s) == 403
        else:
            status, _ = s.get(f"api/kernels/{s.kernel_id}/channels?session_id=x")
            assert status == 400
        leaked.append(s)
    t0 = time.monotonic()
    assert any(alive(s) for s in leaked)
    took = wait_until(lambda: not any(alive(s) for s in leaked), 4 + 1 + 10,
                      "kernels of failed handshakes still running")
    print(f"kernels of failed handshakes gone {time.monotonic() - t0:.1f} s after the last "
          f"(unclaimed_timeout 4 s), polled {took:.1f} s")
    # a failed handshake did not claim: the page that got the kernel can still connect
    s = WidgetSession(server.url, APP)
    s.load()
    assert bad_origin_handshake(s) == 403
    s.connect()
    s.request_states()
    assert table_model_id(s.models)
    time.sleep(4 + 2 + 1)                 # past unclaimed_timeout: a claimed kernel stays
    assert alive(s)
    assert clicked(s)
    s.close()
    assert not problems(server.log()), problems(server.log())


def test_one_address_cannot_hold_the_class_with_page_loads(small_voila):
    # a script on one machine loading pages without playing: after max_pending_per_address it
    # gets 429 and no kernel, while a student on another machine gets a table
    server = small_voila(2, "--ClassroomKernelManager.max_kernels=10",
                         "--ClassroomKernelManager.max_pending_per_address=3")
    got, refused = 0, []
    for _ in range(8):
        s = WidgetSession(server.url, APP, source="127.0.0.71")
        try:
            s.load()
            got += 1
        except PageError as e:
            refused.append(e)
    assert got == 3
    assert [e.status for e in refused] == [429] * 5
    # only the first took a preheated kernel: the others started their own (the pool of 2 is
    # kept for the class)
    assert server.log().count("Using pre-heated kernel") == 1
    assert all("Too many pages" in e.text and "Traceback" not in e.text for e in refused)
    student = open_page(server, source="127.0.0.72")
    assert clicked(student)
    assert len(server.kernels()) <= 10
    student.close()
    assert not problems(server.log()), problems(server.log())


# ------------------------------------------------------------------------------- finding 2
def _arrive(server, n: int, first_source: int) -> list:
    """``n`` students open the app at once; returns their pages or PageErrors."""
    out: list = [None] * n

    def one(i):
        try:
            out[i] = open_page(server, source=f"127.0.0.{first_source + i}")
        except PageError as e:
            out[i] = e
        except Exception as e:
            out[i] = e
    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    return out


def test_reaching_the_cap_does_not_break_the_pool(small_voila):
    # the probe's small repro: max_kernels 6, a pool of 4; 4 students at once, then 7 at once
    server = small_voila(4, "--ClassroomKernelManager.max_kernels=6",
                         "--ClassroomKernelManager.sweep_interval=1")
    first = _arrive(server, 4, 10)
    assert all(isinstance(p, WidgetSession) for p in first), first
    second = _arrive(server, 7, 20)
    pages = [p for p in second if isinstance(p, WidgetSession)]
    full = [p for p in second if isinstance(p, PageError)]
    assert len(pages) + len(full) == 7, second
    assert len(pages) == 2 and [p.status for p in full] == [503] * 5
    assert all("The class is full" in p.text for p in full)
    assert len(server.kernels()) <= 6
    for p in first + pages:
        p.close()
    # the students left: their kernels go, the pool refills to 4 and holds
    took = wait_until(lambda: len(server.kernels()) == 4 and "Refilling the pool" in server.log(),
                      60, "pool not refilled to 4")
    print(f"pool back to 4 kernels {took:.1f} s after the class left")
    time.sleep(3)
    assert len(server.kernels()) == 4
    # and serves a class again
    again = _arrive(server, 4, 40)
    assert all(isinstance(p, WidgetSession) for p in again), again
    assert clicked(again[0])
    for p in again:
        p.close()
    assert not problems(server.log()), problems(server.log())


# ------------------------------------------------------------------------------- finding 3
TEXT_WIDGET = {"state": {"_model_name": "TextModel", "_model_module": "@jupyter-widgets/controls",
                         "_model_module_version": "2.0.0", "_view_name": "TextView",
                         "_view_module": "@jupyter-widgets/controls",
                         "_view_module_version": "2.0.0", "value": "grow" * 2000},
               "buffer_paths": []}


@pytest.mark.parametrize("target", ["jupyter.widget", "jupyter.widget.version", "comm",
                                    "jupyter.widget.control (past the limit)"])
def test_a_page_cannot_open_comms_the_table_does_not_use(voila, target):
    s = open_page(voila)
    before = set(s.models)
    log0 = len(voila.log())
    opened = []
    if target.startswith("jupyter.widget.control"):
        # the page opens one per load; more than max_comm_opens (8) are refused
        for _ in range(9):
            comm = uuid.uuid4().hex
            opened.append(comm)
            s.send("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control",
                                 "data": {}}, metadata={"version": "1.0.0"})
            time.sleep(0.2)
        s.comm_msg(opened[-1], {"method": "request_states"})
    else:
        comm = uuid.uuid4().hex
        s.send("comm_open", {"comm_id": comm, "target_name": target, "data": TEXT_WIDGET},
               metadata={"version": "2.1.0"})
    got = s.pump(quiet=2.0, timeout=15)
    # nothing answered on the refused comm, and no new widget exists in the kernel
    answered = [m for m in got if (m.get("content") or {}).get("comm_id") in opened[-1:]]
    assert not answered
    s.models = {}
    s.request_states()                      # on the page's own control comm, opened at load
    assert set(s.models) == before
    assert "grow" * 10 not in json.dumps(s.models)
    assert "refused a comm_open" in voila.log()[log0:]
    assert clicked(s)
    s.close()


def test_a_kernel_past_its_memory_ceiling_is_stopped_and_its_page_told(small_voila, tmp_path):
    grow = tmp_path / "grow"
    grow.mkdir()
    ipython = tmp_path / "ipython" / "profile_default" / "startup"
    ipython.mkdir(parents=True)
    shutil.copy(HERE / "grow_startup.py", ipython / "00-grow.py")
    server = small_voila(1, "--ClassroomKernelManager.max_kernel_memory=400",
                         "--ClassroomKernelManager.sweep_interval=1",
                         env={"IPYTHONDIR": str(tmp_path / "ipython"),
                              "CARDKIT_GROW_DIR": str(grow)})
    s = open_page(server)
    other = open_page(server, source="127.0.0.90")
    pid = next(p for p in server.kernels()
               if f"kernel-{s.kernel_id}".encode() in Path(f"/proc/{p}/cmdline").read_bytes())
    time.sleep(3)
    assert alive(s), "a kernel under the ceiling was stopped"
    (grow / str(pid)).write_text("500")
    t0 = time.monotonic()
    with pytest.raises(websocket.WebSocketConnectionClosedException):
        while time.monotonic() - t0 < 20:
            s.ws.send(json.dumps({"header": {"msg_id": "x", "msg_type": "kernel_info_request"},
                                  "parent_header": {}, "metadata": {}, "content": {},
                                  "channel": "shell"}))
            s.pump(quiet=0.5, timeout=1)
    print(f"page's websocket closed {time.monotonic() - t0:.1f} s after its kernel grew")
    wait_until(lambda: not alive(s), 10, "oversized kernel still running")
    assert "more than max_kernel_memory" in server.log()
    assert alive(other) and clicked(other)
    other.close()


# ------------------------------------------------------------------------------- finding 4
def test_a_culled_kernel_closes_its_page_websocket(small_voila):
    # the page's notice (tests/browser/test_serving_notice.py) watches its kernel websocket: a
    # kernel the idle culler shuts down must close it, or the page never learns its game stopped
    server = small_voila(1, "--MappingKernelManager.cull_idle_timeout=3",
                         "--MappingKernelManager.cull_interval=1")
    s = open_page(server)
    t0 = time.monotonic()
    with pytest.raises(websocket.WebSocketConnectionClosedException):
        while time.monotonic() - t0 < 30:
            s.pump(quiet=1.0, timeout=1.0)
    print(f"culled kernel's websocket closed {time.monotonic() - t0:.1f} s after the page went idle")
    wait_until(lambda: not alive(s), 10, "culled kernel still running")
    assert not problems(server.log()), problems(server.log())


# ------------------------------------------------------------------------------- finding 5
def test_a_flooding_page_is_stopped_and_the_others_play_on(voila):
    flooder = open_page(voila)
    student = open_page(voila)
    table = table_model_id(flooder.models)
    ping = json.dumps({"header": {"msg_id": "", "msg_type": "comm_msg", "session": "s",
                                  "username": "", "version": "5.3"},
                       "parent_header": {}, "metadata": {},
                       "content": {"comm_id": table, "data": {"method": "custom",
                                                               "content": {"do": "ping", "n": 1}}},
                       "channel": "shell"})
    # a burst past the limit: the kernel answers the burst (40 less the page load's own
    # messages), not the rest
    t0 = time.monotonic()
    for _ in range(100):
        flooder.ws.send(ping)
    flooder.pump(quiet=2.0, timeout=15)
    elapsed = time.monotonic() - t0
    pongs = flooder.text_since(0).count('"pong"')
    print(f"100 pings at once: {pongs} answered")
    assert 20 <= pongs <= 40 + 8 * elapsed
    # a flood: the server stops the page
    sent, t0, closed = 0, time.monotonic(), False
    while sent < 20_000 and time.monotonic() - t0 < 60:
        try:
            flooder.ws.send(ping)
        except (websocket.WebSocketException, OSError):
            closed = True
            break
        sent += 1
    if not closed:          # the server closed it: the next read says so
        try:
            flooder.pump(quiet=5, timeout=10)
            flooder.ws.send(ping)
        except (websocket.WebSocketException, OSError):
            closed = True
    print(f"flooder sent {sent} in {time.monotonic() - t0:.2f} s; socket closed: {closed}")
    assert closed, "the server kept taking a flood"
    wait_until(lambda: not alive(flooder), 10, "the flooding page's kernel still runs")
    status, _ = WidgetSession(voila.url, cookies=flooder.jar).get(f"api/kernels/{flooder.kernel_id}")
    assert status == 404
    # the other student plays on
    assert clicked(student)
    student.close()


# ------------------------------------------------------------------------------- finding 6
def raw_get(url: str, path: str) -> tuple[int, str]:
    """GET ``path`` exactly as written (no client-side normalising of ``..``)."""
    host = url.split("//", 1)[1]
    c = http.client.HTTPConnection(host, timeout=20)
    c.request("GET", path)
    r = c.getresponse()
    return r.status, r.read().decode("utf-8", "replace")


def test_odd_requests_get_a_plain_refusal_and_start_no_kernel(voila):
    s = open_page(voila)
    log0 = len(voila.log())
    for path in (f"/{APP}?theme=dark", f"/{APP}?template=lab", f"/{APP}?theme=x&template=y"):
        status, body = raw_get(voila.url, path)
        assert status == 400 and "remove the part after" in body, (path, status)
    for path in ("/voila/templates/cardkit/static/../conf.json",
                 "/voila/templates/cardkit/static/%2e%2e/conf.json",
                 "/voila/templates/cardkit/conf.json", "/voila/templates/x",
                 "/logout", f"/voila/query/{s.kernel_id}",
                 "/api/kernels/00000000-0000-0000-0000-000000000000",
                 "/api/kernels/00000000-0000-0000-0000-000000000000/channels?session_id=x"):
        status, body = raw_get(voila.url, path)
        assert status == 404 and "Traceback" not in body, (path, status)
    # the request-info websocket answers no one
    with pytest.raises(websocket.WebSocketBadStatusException) as err:
        websocket.create_connection(voila.url.replace("http", "ws", 1)
                                    + f"/voila/query/{s.kernel_id}", timeout=10)
    assert err.value.status_code == 404
    # kernel information: its student only
    assert s.get(f"api/kernels/{s.kernel_id}")[0] == 200
    stranger = WidgetSession(voila.url)
    stranger.get("voila/static/voila.js")
    assert stranger.get(f"api/kernels/{s.kernel_id}")[0] == 403
    time.sleep(1)
    new = voila.log()[log0:]
    assert "Starting kernel" not in new and "Using pre-heated kernel" not in new, new[-2000:]
    assert not problems(new), problems(new)
    s.close()


def _deep(n: int) -> str:
    return '{"a":' * n + "1" + "}" * n


def test_malformed_frames_are_dropped_without_a_traceback(voila):
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
    s = open_page(voila)
    log0 = len(voila.log())
    header = {"msg_id": "m1", "msg_type": "kernel_info_request", "session": s.session_id,
              "username": "", "version": "5.3"}
    junk = [
        '{"header": {"msg_id": "d", "msg_type": "comm_msg"}, "channel": "shell", "content": '
        + _deep(1000) + "}",
        _deep(5000),
        json.dumps({"header": ["not", "a", "dict"], "channel": "shell", "content": {}}),
        json.dumps({"header": "kernel_info_request", "channel": "shell"}),
        json.dumps({"channel": "shell", "content": {}}),
        json.dumps({"header": header, "channel": "iopub", "content": {}}),
        json.dumps({"header": header, "channel": "stdin", "content": {}}),
        "not json at all", "[]", "null",
    ]
    for frame in junk:
        s.ws.send(frame)
        time.sleep(0.15)
    s.ws.send_binary(b"\xff" * 64)
    # the same connection still works
    ok = s.send("kernel_info_request", {})
    got = s.pump(quiet=2.0, timeout=20)
    assert ok in [(m.get("parent_header") or {}).get("msg_id") for m in got]
    s.close()
    # the binary protocol: offsets that claim 2**60 parts, or point past the frame
    url = ws_url(s, path="channels")
    v1 = websocket.create_connection(url, cookie=s.cookie_header(), timeout=20,
                                     subprotocols=["v1.kernel.websocket.jupyter.org"])
    try:
        v1.send_binary((2 ** 60).to_bytes(8, "little") + b"\0" * 64)
        v1.send_binary((7).to_bytes(8, "little") + (10 ** 9).to_bytes(8, "little") * 7)
        v1.send_binary(serialize_msg_to_ws_v1(
            [_deep(40).encode(), b"{}", b"{}", b"{}"], "shell"))
        v1.send_binary(serialize_msg_to_ws_v1(
            [json.dumps(header).encode(), b"{}", b"{}", b"{}"], "shell"))
        v1.settimeout(20)
        replies = []
        while not any(b"kernel_info_reply" in r for r in replies):
            replies.append(v1.recv())
    finally:
        v1.close()
    time.sleep(0.5)
    new = voila.log()[log0:]
    assert "dropped a frame from the page" in new
    assert not problems(new), problems(new)

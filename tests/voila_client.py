"""A raw Voilà client that speaks the Jupyter widget protocol, for tests and load benchmarks
(``tests/security``, ``tests/hub``, ``tests/browser``, ``benchmarks/classroom.py``). It lives
with the tests, not in ``cardkit_serving``, because it needs the test-only ``websocket-client``;
import it as ``voila_client`` (``tests/`` is on the path under pytest; the benchmark adds it).

It does what a student's browser does, minus drawing: ``GET`` the page (keeping the login
cookie), open the kernel websocket, ask ``jupyter.widget.control`` for every widget's state
(``request_states``), then send clicks and trait updates as comm messages and keep a mirror of
the models up to date from the kernel's replies. Every frame received is kept (``frames``) so a
test can scan exactly what a page could read. It uses ``websocket-client`` (a test extra) and
the legacy JSON websocket protocol, which jupyter_server accepts alongside the binary v1 one.
``source="127.0.0.23"`` makes every request and the websocket of a session leave from that local
address, so that a benchmark on one machine stands for students on different machines of a LAN.

Only :func:`table_model_id` and :func:`choices` know how a table is drawn (one anywidget model
per table whose synced ``view`` is the seat's observation as JSON; a click is the custom message
``{"do": "act", "action": "play K♥", "pos": n}``). A new front end changes those two functions only.
"""
from __future__ import annotations

import contextlib
import functools
import http.client
import http.cookiejar
import json
import random
import re
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass

__all__ = ["Choice", "PageError", "WidgetSession", "choices", "pick", "table_model_id"]

_KERNEL_ID = re.compile(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"')


class PageError(RuntimeError):
    """The page did not give a kernel: ``status`` (HTTP code) and ``text`` (the page body)."""

    def __init__(self, status: int, text: str):
        super().__init__(f"HTTP {status}: {text[:300]}")
        self.status, self.text = status, text


class _SourceHTTPHandler(urllib.request.HTTPHandler):
    """``http://`` requests whose connections leave from the local address ``source``."""

    def __init__(self, source: str):
        super().__init__()
        self.source = source

    def http_open(self, req):
        return self.do_open(functools.partial(http.client.HTTPConnection,
                                              source_address=(self.source, 0)), req)


@dataclass
class Choice:
    """Something a student can click: ``model_id`` of the widget, ``label`` (its text),
    ``kind`` ("button", …) and ``data`` (the comm message that does it)."""
    model_id: str
    label: str
    kind: str
    data: dict


class WidgetSession:
    """One student's page. ``base`` is the server URL (``http://127.0.0.1:PORT``), ``path`` the
    app's path on it (``""`` for single-notebook Voilà, ``voila/render/x.ipynb`` otherwise).
    ``source``: the local address every connection of this session leaves from (e.g.
    ``"127.0.0.23"``, one per simulated machine); None lets the system choose (127.0.0.1).

    Attributes after :meth:`load`: ``html``, ``kernel_id``, ``t_page`` (seconds for the page);
    after :meth:`connect`: ``models`` (model id → ``{"model_name", "state", …}``, kept up to date
    by :meth:`pump`), ``frames`` (list of ``(time.time(), text)`` received)."""

    def __init__(self, base: str, path: str = "", *, timeout: float = 120.0, cookies=None,
                 headers: dict | None = None, source: str | None = None):
        self.base = base.rstrip("/")
        self.path = path.lstrip("/")
        self.timeout = timeout
        self.source = source
        self.jar = cookies if cookies is not None else http.cookiejar.CookieJar()
        self.headers = dict(headers or {})
        handlers = [urllib.request.HTTPCookieProcessor(self.jar)]
        if source is not None:
            handlers.append(_SourceHTTPHandler(source))   # replaces the default HTTPHandler
        self.opener = urllib.request.build_opener(*handlers)
        self.session_id = uuid.uuid4().hex
        self.html = ""
        self.kernel_id: str | None = None
        self.ws = None
        self.models: dict[str, dict] = {}
        self.frames: list[tuple[float, str]] = []
        self.t_page = None
        self._control = None

    # ------------------------------------------------------------------------------ http
    def get(self, path: str) -> tuple[int, str]:
        """GET ``path`` on the server with this session's cookies: ``(status, body)``."""
        req = urllib.request.Request(f"{self.base}/{path.lstrip('/')}", headers=self.headers)
        try:
            with self.opener.open(req, timeout=self.timeout) as r:
                return r.status, r.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode("utf-8", "replace")

    def load(self) -> str:
        """Load the page; returns the kernel id. Raises :class:`PageError` when the page holds
        no kernel (503 "class full", an error page …)."""
        t0 = time.monotonic()
        status, self.html = self.get(self.path)
        self.t_page = time.monotonic() - t0
        m = _KERNEL_ID.search(self.html)
        if status != 200 or not m:
            raise PageError(status, self.html)
        self.kernel_id = m.group(1)
        return self.kernel_id

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    # ------------------------------------------------------------------------- websocket
    def connect(self, kernel_id: str | None = None, *, origin: str | None = None,
                headers: dict | None = None) -> None:
        """Open the kernel websocket (``kernel_id`` defaults to the page's). ``origin`` replaces
        the ``Origin`` header (default: the server's own URL, as a page sends), ``headers`` adds
        or overrides handshake headers for this connection only (e.g. an attack script's
        ``origin="http://evil.example"``). Raises ``websocket.WebSocketBadStatusException``
        (``status_code``) when the server refuses (e.g. 403)."""
        import websocket
        kid = kernel_id or self.kernel_id
        url = (self.base.replace("http", "ws", 1)
               + f"/api/kernels/{kid}/channels?session_id={self.session_id}")
        merged = {**self.headers, **(headers or {})}
        for key in [k for k in merged if k.lower() == "origin"]:
            # websocket-client writes its own Origin line unless given ``origin=``
            value = merged.pop(key)
            origin = value if origin is None else origin
        options = {} if origin is None else {"origin": origin}
        if self.source is not None:
            options["socket"] = self._socket()
        header = [f"{k}: {v}" for k, v in merged.items()]
        self.ws = websocket.create_connection(url, timeout=self.timeout, header=header,
                                              cookie=self.cookie_header() or None, **options)
        self.ws.settimeout(0.2)

    def _socket(self) -> socket.socket:
        """A TCP connection to the server leaving from ``source`` (for websocket-client's
        ``socket=`` option, which then skips its own connect)."""
        url = urllib.parse.urlsplit(self.base)
        sock = socket.create_connection((url.hostname, url.port or 80), timeout=self.timeout,
                                        source_address=(self.source, 0))
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()
            self.ws = None

    def send(self, msg_type: str, content: dict, *, channel: str = "shell",
             metadata: dict | None = None) -> str:
        """Send one kernel message; returns its ``msg_id``."""
        msg_id = uuid.uuid4().hex
        msg = {"header": {"msg_id": msg_id, "username": "student", "session": self.session_id,
                          "msg_type": msg_type, "version": "5.3",
                          "date": time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime())},
               "parent_header": {}, "metadata": metadata or {}, "content": content,
               "channel": channel, "buffers": []}
        self.ws.send(json.dumps(msg))
        return msg_id

    def comm_msg(self, comm_id: str, data: dict) -> str:
        return self.send("comm_msg", {"comm_id": comm_id, "data": data})

    def click(self, model_id: str) -> str:
        """A Button's "click" event (sent even if the button is disabled)."""
        return self.comm_msg(model_id, {"method": "custom", "content": {"event": "click"}})

    def update(self, model_id: str, state: dict) -> str:
        """Set synced traits from the browser (``method: update``)."""
        return self.comm_msg(model_id, {"method": "update", "state": state, "buffer_paths": []})

    def pump(self, *, quiet: float = 0.6, timeout: float = 15.0, until=None) -> list[dict]:
        """Receive messages until none came for ``quiet`` seconds (or ``until(msg)`` is true, or
        ``timeout``); updates ``models``; returns the messages received."""
        import websocket
        got, end, last = [], time.monotonic() + timeout, time.monotonic()
        while time.monotonic() < end:
            try:
                text = self.ws.recv()
            except websocket.WebSocketTimeoutException:
                if time.monotonic() - last >= quiet:
                    break
                continue
            now = time.time()
            last = time.monotonic()
            if isinstance(text, bytes):
                text = text.decode("utf-8", "replace")
            self.frames.append((now, text))
            try:
                msg = json.loads(text)
            except ValueError:
                continue
            got.append(msg)
            self._apply(msg)
            if until is not None and until(msg):
                break
        return got

    def _apply(self, msg: dict) -> None:
        kind = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
        content = msg.get("content") or {}
        data = content.get("data") or {}
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            state = data.get("state", {})
            self.models[content["comm_id"]] = {"model_name": state.get("_model_name"),
                                               "state": dict(state)}
        elif kind == "comm_msg":
            method = data.get("method")
            if method == "update_states":
                for mid, info in data.get("states", {}).items():
                    self.models[mid] = {"model_name": info.get("model_name"),
                                        "state": dict(info.get("state", {}))}
            elif method in ("update", "echo_update") and content.get("comm_id") in self.models:
                self.models[content["comm_id"]]["state"].update(data.get("state", {}))
        elif kind == "comm_close":
            self.models.pop(content.get("comm_id"), None)

    def request_states(self, timeout: float = 60.0) -> dict:
        """The full state of every live widget (what the page asks for on load)."""
        if self._control is None:
            self._control = uuid.uuid4().hex
            self.send("comm_open", {"comm_id": self._control, "target_name":
                                    "jupyter.widget.control", "data": {}},
                      metadata={"version": "1.0.0"})
        self.comm_msg(self._control, {"method": "request_states"})
        self.pump(timeout=timeout, quiet=timeout,
                  until=lambda m: (m.get("content") or {}).get("data", {}).get("method")
                  == "update_states")
        return self.models

    def text_since(self, t: float) -> str:
        """Every frame received at or after ``time.time()`` value ``t``, decoded (JSON escapes
        undone) so that card symbols can be searched."""
        return "\n".join(_decoded(text) for when, text in self.frames if when >= t)


def _decoded(text: str) -> str:
    try:
        return json.dumps(json.loads(text), ensure_ascii=False)
    except ValueError:
        return text


# ------------------------------------------------------------------ front-end dependent part
def table_model_id(models: dict) -> str | None:
    """The id of the card table's model among ``models``, or None. (Front-end dependent: a
    table is one anywidget model whose synced ``view`` names its ``game``.)"""
    for mid, info in models.items():
        view = info["state"].get("view")
        if info["model_name"] == "AnyModel" and isinstance(view, dict) and view.get("game"):
            return mid
    return None


def _act(text: str, pos) -> dict:
    """The comm message a table's page sends for a click: ``{"do": "act", "action", "pos"}``."""
    return {"method": "custom", "content": {"do": "act", "action": text, "pos": pos}}


def choices(models: dict, table_id: str, *, include_disabled: bool = False) -> list[Choice]:
    """What a student can click on the table now (front-end dependent: the enabled buttons and
    playable cards of the table's ``view``; during an Écarté exchange, discarding the first
    card of the hand). ``include_disabled`` adds the disabled buttons and the cards that may not
    be played now, with ``kind`` "forged" (a click the page would never send)."""
    view = models[table_id]["state"].get("view") or {}
    pos = view.get("pos")
    out: list[Choice] = []

    def offer(label: str, action: str, enabled: bool) -> None:
        if enabled or include_disabled:
            out.append(Choice(table_id, label, "button" if enabled else "forged", _act(action, pos)))

    selecting = view.get("mode") == "select"
    hand = view.get("hand") or []
    for a in view.get("actions") or []:
        if a.get("selection"):
            if hand and (view.get("select_max") or 0) > 0:
                offer(a["labels"][1], f"discard {hand[0]['code']}", True)
            continue
        offer(a.get("label", ""), a["action"], a.get("enabled", True) is not False)
    for key in ("suits", "calls", "decision", "top_choice"):
        for a in view.get(key) or []:
            offer(a.get("label") or a.get("text", ""), a["action"], a.get("enabled", True) is not False)
    if not selecting:
        for c in hand:
            playable = c.get("playable", not c.get("idle") and not c.get("reason"))
            offer(c.get("text", ""), c["action"], bool(playable))
    return out


def pick(options: list[Choice], rng: random.Random, *, avoid=("New game",)) -> Choice | None:
    """A random choice, preferring ones whose label does not start with an ``avoid`` text."""
    good = [c for c in options if not any(c.label.startswith(a) for a in avoid)]
    return rng.choice(good or options) if options else None

"""A raw Voilà client that speaks the Jupyter widget protocol, for tests and load benchmarks.

It does what a student's browser does, minus drawing: ``GET`` the page (keeping the login
cookie), open the kernel websocket, ask ``jupyter.widget.control`` for every widget's state
(``request_states``), then send clicks and trait updates as comm messages and keep a mirror of
the models up to date from the kernel's replies. Every frame received is kept (``frames``) so a
test can scan exactly what a page could read. It uses ``websocket-client`` (a test extra) and
the legacy JSON websocket protocol, which jupyter_server accepts alongside the binary v1 one.

Only :func:`table_model_id` and :func:`choices` know how a table is drawn (today: an ipywidgets
tree whose root has the CSS class ``ck-table``, clicks are ``Button`` "click" events). A new
front end changes those two functions only.
"""
from __future__ import annotations

import http.cookiejar
import json
import random
import re
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass

__all__ = ["WidgetSession", "PageError", "table_model_id", "choices", "Choice", "free_port"]

_KERNEL_ID = re.compile(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"')


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PageError(RuntimeError):
    """The page did not give a kernel: ``status`` (HTTP code) and ``text`` (the page body)."""

    def __init__(self, status: int, text: str):
        super().__init__(f"HTTP {status}: {text[:300]}")
        self.status, self.text = status, text


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

    Attributes after :meth:`load`: ``html``, ``kernel_id``, ``t_page`` (seconds for the page);
    after :meth:`connect`: ``models`` (model id → ``{"model_name", "state", …}``, kept up to date
    by :meth:`pump`), ``frames`` (list of ``(time.time(), text)`` received)."""

    def __init__(self, base: str, path: str = "", *, timeout: float = 120.0, cookies=None,
                 headers: dict | None = None):
        self.base = base.rstrip("/")
        self.path = path.lstrip("/")
        self.timeout = timeout
        self.jar = cookies if cookies is not None else http.cookiejar.CookieJar()
        self.headers = dict(headers or {})
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
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
    def connect(self, kernel_id: str | None = None) -> None:
        """Open the kernel websocket (``kernel_id`` defaults to the page's). Raises
        ``websocket.WebSocketBadStatusException`` when the server refuses (e.g. 403)."""
        import websocket
        kid = kernel_id or self.kernel_id
        url = (self.base.replace("http", "ws", 1)
               + f"/api/kernels/{kid}/channels?session_id={self.session_id}")
        header = [f"{k}: {v}" for k, v in self.headers.items()]
        self.ws = websocket.create_connection(url, timeout=self.timeout, header=header,
                                              cookie=self.cookie_header() or None)
        self.ws.settimeout(0.2)

    def close(self) -> None:
        if self.ws is not None:
            try:
                self.ws.close()
            except Exception:  # noqa: BLE001
                pass
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
def _ref(value) -> str | None:
    if isinstance(value, str) and value.startswith("IPY_MODEL_"):
        return value[len("IPY_MODEL_"):]
    return None


def table_model_id(models: dict) -> str | None:
    """The id of the card table's model among ``models``, or None. (Front-end dependent: the
    ipywidgets tables' root ``VBox`` carries the CSS class ``ck-table``.)"""
    for mid, info in models.items():
        if "ck-table" in (info["state"].get("_dom_classes") or ()):
            return mid
    return None


def _descendants(models: dict, root: str) -> list[str]:
    out, todo, seen = [], [root], set()
    while todo:
        mid = todo.pop()
        if mid in seen or mid not in models:
            continue
        seen.add(mid)
        out.append(mid)
        for v in models[mid]["state"].get("children", ()) or ():
            r = _ref(v)
            if r:
                todo.append(r)
    return out


def _shown(models: dict, mid: str) -> bool:
    layout = models.get(_ref(models[mid]["state"].get("layout")) or "", {}).get("state", {})
    return layout.get("display") != "none" and layout.get("visibility") != "hidden"


def choices(models: dict, table_id: str, *, include_disabled: bool = False) -> list[Choice]:
    """What a student can click on the table now (front-end dependent: enabled, shown
    ``Button`` models under the table). ``include_disabled`` adds disabled ones (to forge)."""
    out = []
    for mid in _descendants(models, table_id):
        info = models[mid]
        if info["model_name"] != "ButtonModel" or not _shown(models, mid):
            continue
        st = info["state"]
        if st.get("disabled") and not include_disabled:
            continue
        out.append(Choice(mid, st.get("description", ""), "button",
                          {"method": "custom", "content": {"event": "click"}}))
    return out


def pick(options: list[Choice], rng: random.Random, *, avoid=("New game",)) -> Choice | None:
    """A random choice, preferring ones whose label does not start with an ``avoid`` text."""
    good = [c for c in options if not any(c.label.startswith(a) for a in avoid)]
    return rng.choice(good or options) if options else None

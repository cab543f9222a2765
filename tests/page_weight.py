"""What a page load downloads, read from chromium's DevTools protocol (Playwright's CDP session).

``load(page, cdp, url, cache=False)`` opens ``url`` until the table is drawn (the first card of
the hand) and returns a :class:`Weight`: one :class:`Item` per HTTP response (URL, content type,
status, bytes transferred and decoded, ``Content-Encoding``, ``Cache-Control``) and the kernel
websocket's frames as the page read them. "Transferred" is ``Network.loadingFinished``'s
``encodedDataLength``: headers and body as they came over the network (DevTools' "transferred"
column); websocket frames are counted decompressed (DevTools gives no other size), so
:attr:`Weight.total` is an upper bound. Used by tests/browser/test_first_load.py and
benchmarks/first_load.py.
"""
from __future__ import annotations

import base64
import time
from dataclasses import dataclass, field

TABLE = ".ck-hand-south .ck-cardbtn"


@dataclass
class Item:
    url: str
    type: str
    status: int
    encoding: str
    cache: str
    transferred: int = 0
    decoded: int = 0

    @property
    def path(self) -> str:
        """The URL's path, without the server and the query."""
        return "/" + self.url.split("/", 3)[-1].split("?")[0]


@dataclass
class Weight:
    items: list[Item] = field(default_factory=list)
    ws_frames: int = 0
    ws_bytes: int = 0
    seconds: float = 0.0

    @property
    def transferred(self) -> int:
        """HTTP bytes transferred (headers and bodies, compressed as sent)."""
        return sum(i.transferred for i in self.items)

    @property
    def total(self) -> int:
        """HTTP bytes transferred plus the websocket frames' (decompressed) payloads."""
        return self.transferred + self.ws_bytes

    def top(self, n: int) -> list[Item]:
        return sorted(self.items, key=lambda i: -i.transferred)[:n]

    def lines(self, n: int) -> list[str]:
        """A summary line and the ``n`` biggest items, for a person to read."""
        zipped = sum(1 for i in self.items if i.encoding)
        out = [f"{len(self.items)} requests ({zipped} compressed), {self.transferred:,} bytes "
               f"transferred, {sum(i.decoded for i in self.items):,} decoded; websocket "
               f"{self.ws_frames} frames, {self.ws_bytes:,} bytes (decompressed); "
               f"{self.seconds:.1f} s to the table",
               f"  {'transferred':>11} {'decoded':>9} {'enc':4} {'type':16} {'cache-control':36} path"]
        out += [f"  {i.transferred:>11,} {i.decoded:>9,} {i.encoding[:4]:4} {i.type[:16]:16} "
                f"{i.cache[:36]:36} {i.path}" for i in self.top(n)]
        return out


def load(page, cdp, url: str | None, *, cache: bool, wait_for: str = TABLE,
         timeout: float = 120.0) -> Weight:
    """Open ``url`` in ``page`` (``cdp``: its CDP session, ``Network`` enabled; ``url=None``:
    reload the page, as its Reload button does) with the browser cache on or off until
    ``wait_for`` is visible (plus 0.3 s for the table's last frames); what came. Raises
    Playwright's TimeoutError after ``timeout`` s."""
    seen: dict[str, dict] = {}
    weight = Weight()

    def on_response(e):
        r = e["response"]
        h = {k.lower(): v for k, v in r["headers"].items()}
        seen.setdefault(e["requestId"], {}).update(
            url=r["url"], type=r["mimeType"], status=r["status"],
            encoding=h.get("content-encoding", ""), cache=h.get("cache-control", ""))

    def on_data(e):
        d = seen.setdefault(e["requestId"], {})
        d["decoded"] = d.get("decoded", 0) + e["dataLength"]

    def on_finished(e):
        seen.setdefault(e["requestId"], {})["transferred"] = int(e["encodedDataLength"])

    def on_frame(e):
        frame = e["response"]
        data = frame["payloadData"]
        weight.ws_frames += 1
        # a text frame (opcode 1) comes as text, a binary one (Jupyter's v1 protocol) in base64
        weight.ws_bytes += (len(data.encode()) if frame.get("opcode", 1) == 1
                            else len(base64.b64decode(data)))

    handlers = {"Network.responseReceived": on_response, "Network.dataReceived": on_data,
                "Network.loadingFinished": on_finished, "Network.webSocketFrameReceived": on_frame}
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": not cache})
    for name, fn in handlers.items():
        cdp.on(name, fn)
    try:
        t0 = time.perf_counter()
        if url is None:
            page.reload(wait_until="domcontentloaded", timeout=timeout * 1000)
        else:
            page.goto(url, wait_until="domcontentloaded", timeout=timeout * 1000)
        page.locator(wait_for).first.wait_for(state="visible", timeout=timeout * 1000)
        weight.seconds = time.perf_counter() - t0
        page.wait_for_timeout(300)
    finally:
        for name, fn in handlers.items():
            cdp.remove_listener(name, fn)
    weight.items = [Item(**d) for d in seen.values() if "url" in d]
    return weight

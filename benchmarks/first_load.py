"""What a student's browser downloads to open the Écarté app, uncached and on a reload.

    .venv/bin/python benchmarks/first_load.py              # the Écarté app, top 15 items
    .venv/bin/python benchmarks/first_load.py --notebook 02_war.ipynb --top 30

Starts ``voila lessons/<notebook>`` on 127.0.0.1 from the repository root, as ``./dev app``
does (so the root ``voila.json`` applies), with three preheated kernels, and opens the page in
Debian's chromium (Playwright, a fresh context, the cache disabled through the DevTools
protocol) until its table is drawn (the first card of the hand). Reported
(tests/page_weight.py reads the figures):

- every HTTP response: bytes transferred (headers and body as they came over the network) and
  decoded, ``Content-Encoding``, ``Cache-Control``; the requests, totals, the biggest items;
- the kernel websocket's frames as the page read them (decompressed);
- the bytes that really crossed the connection, websocket included, counted by a small TCP
  relay the browser goes through;
- the CPU seconds Voilà's process spent on the page for the first student and for a second one
  (another fresh browser context);
- the page reloaded with the cache on (a student pressing Reload): requests, how many were
  answered "304 Not Modified", bytes transferred, and the ratio to the first load.

Issue 19's before/after ran this file on the commit before the change and after it.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))     # tests/page_weight.py

from cardkit_serving.launch import start_voila, wait_pool  # noqa: E402
from page_weight import load  # noqa: E402


class Relay:
    """A TCP relay on 127.0.0.1 to ``port``, counting the bytes sent from the server to the
    browser (``down``), in a thread of its own."""

    def __init__(self, port: int):
        self.target, self.down = port, 0
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait()

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(asyncio.start_server(self._client, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        ready.set()
        self.loop.run_forever()

    async def _client(self, reader, writer) -> None:
        up_r, up_w = await asyncio.open_connection("127.0.0.1", self.target)

        async def pipe(src, dst, down: bool) -> None:
            try:
                while data := await src.read(65536):
                    if down:
                        self.down += len(data)
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, asyncio.CancelledError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, up_w, False), pipe(up_r, writer, True))


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def fresh(browser):
    """A new browser context (nothing cached), its page and CDP session (Network on)."""
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    return context, page, cdp


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--notebook", default="ecarte_app.ipynb")
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    nb = args.notebook
    # a preheated kernel for each page load (and the reload): Voilà's process does the same
    # work for each student, as in class
    server = start_voila(f"lessons/{nb}", pool={nb: 3})
    wait_pool(server, nb, 3)
    relay = Relay(int(server.url.rsplit(":", 1)[1]))
    url = f"http://127.0.0.1:{relay.port}/"
    pid = server.proc.pid
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"),
                                        args=["--headless=new", "--no-sandbox", "--disable-gpu"])
            _, page, cdp = fresh(browser)
            cpu = cpu_seconds(pid)
            first = load(page, cdp, url, cache=False)
            wire_first, cpu_first = relay.down, cpu_seconds(pid) - cpu
            # a second student on another machine (nothing cached): what the server spends
            other, other_page, other_cdp = fresh(browser)
            cpu = cpu_seconds(pid)
            second = load(other_page, other_cdp, url, cache=False)
            cpu_second = cpu_seconds(pid) - cpu
            other.close()
            relay.down = 0
            again = load(page, cdp, None, cache=True)
            wire_again = relay.down
            browser.close()
    finally:
        server.stop()

    lines = first.lines(args.top)
    print(f"{nb}, first load (cache disabled): {lines[0]}")
    print(f"  on the wire (websocket included, compressed as sent): {wire_first:,} bytes")
    print(f"  Voilà's CPU for the page: {cpu_first:.2f} s (the first student), {cpu_second:.2f} s "
          f"(a second student, {second.transferred:,} bytes transferred)")
    print("\n".join(lines[1:]))
    revalidated = sum(1 for i in again.items if i.status == 304)
    print(f"reload (cache on): {len(again.items)} requests ({revalidated} answered 304), "
          f"{again.transferred:,} bytes transferred ({again.transferred / first.transferred:.1%} "
          f"of the first load), on the wire {wire_again:,}, {again.seconds:.1f} s to the table")
    for i in again.top(5):
        print(f"  {i.transferred:>11,} {i.status} {i.path}")


if __name__ == "__main__":
    main()

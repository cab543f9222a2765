"""Voilà in a real browser (DESIGN.md "Tests", layer 4): Playwright driving Debian's chromium.

Fixtures:

- ``voila_url`` (session): ONE standalone Voilà serving ``lessons/`` on 127.0.0.1 at a free port,
  run from the repository root (so the root ``voila.json`` applies) with ``--show_tracebacks=True``;
  each app is at ``{voila_url}/voila/render/<name>.ipynb``. Killed (and its kernels) at the end.
- ``browser`` (session): chromium launched with ``executable_path=shutil.which("chromium")``.
- ``open_app`` (function): ``open_app("ecarte_app")`` opens the app in a new page, waits for its
  first ``.widget-button`` and returns an :class:`App` (it passes every other attribute on to the
  Playwright ``Page``: ``app.locator(...)``, ``app.screenshot(...)``). At the end of the test it
  fails on console errors, page errors, failed requests and widget-loading errors ("Failed to load
  model/view class", "is not registered"), then closes the page so Voilà stops that kernel. Only
  the offline failures of the Font Awesome CDN links in Voilà's template are ignored.

Every test in this folder is marked ``browser`` (``pytest -m "not browser"`` leaves them out).
Times to first widget are printed at the end of the run.
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
LESSONS = ROOT / "lessons"
# Flags that work as root, headless, without network (notes/jupyter-ecosystem.md §3.2).
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
BROKEN_WIDGETS = re.compile(r"Failed to load (model|view) class|is not registered")
OFFLINE_CDN = re.compile(r"cdn\.jsdelivr\.net|font-?awesome", re.IGNORECASE)
START_TIMEOUT = 60      # s for Voilà to answer
WIDGET_TIMEOUT = 90     # s for the first widget (the page waits for the whole notebook to run)

_TIMINGS: list[tuple[str, float]] = []


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


def pytest_terminal_summary(terminalreporter):
    if _TIMINGS:
        terminalreporter.section("Voilà: time to first widget")
        for name, seconds in _TIMINGS:
            terminalreporter.write_line(f"{name}: {seconds:.2f} s")


# ------------------------------------------------------------------------------------------ Voilà
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (Linux /proc), so kernels in their own sessions die too."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    out, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def _stop(proc: subprocess.Popen) -> None:
    kids = _descendants(proc.pid)
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)        # Voilà shuts its kernels down
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
    for pid in kids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(timeout=10)


@pytest.fixture(scope="session")
def voila_url():
    """Base URL of one standalone Voilà serving ``lessons/`` (apps at ``/voila/render/<nb>``)."""
    port = _free_port()
    voila = Path(sys.executable).with_name("voila")
    cmd = [str(voila), str(LESSONS), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--show_tracebacks=True",
           # one preheated Écarté kernel instead of the class-sized pool of voila.json
           '--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 0}, '
           '"ecarte_app.ipynb": {"pool_size": 1}}']
    log = tempfile.NamedTemporaryFile("w+", prefix="voila-", suffix=".log", delete=False)
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"Voilà exited ({proc.returncode}):\n{Path(log.name).read_text()}")
            try:
                with urllib.request.urlopen(url + "/voila/tree", timeout=5) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"Voilà did not answer within {START_TIMEOUT} s:\n"
                            f"{Path(log.name).read_text()}")
            time.sleep(0.2)
        yield url
    finally:
        _stop(proc)
        log.close()
        os.unlink(log.name)


# ---------------------------------------------------------------------------------------- browser
@pytest.fixture(scope="session")
def browser():
    """Debian's chromium driven by Playwright (no ``playwright install``)."""
    from playwright.sync_api import sync_playwright
    exe = shutil.which("chromium")
    if exe is None:
        pytest.fail("Debian's chromium is not installed: `./dev test` installs it "
                    "(or `apt-get install -y chromium`)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        yield b
        b.close()


class App:
    """An app page opened by ``open_app``: ``page`` (Playwright), ``url``, ``name``,
    ``seconds_to_widget`` and the problems seen so far; other attributes are the page's."""

    def __init__(self, page, name: str, url: str):
        self.page, self.name, self.url = page, name, url
        self.seconds_to_widget: float | None = None
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.failed_requests: list[str] = []
        self.widget_errors: list[str] = []
        page.on("console", self._on_console)
        page.on("pageerror", lambda err: self.page_errors.append(str(err)))
        page.on("requestfailed", self._on_request_failed)

    def __getattr__(self, name):
        return getattr(self.page, name)

    def _on_console(self, msg) -> None:
        text = msg.text
        if BROKEN_WIDGETS.search(text):
            self.widget_errors.append(text)
        if msg.type != "error":
            return
        where = (msg.location or {}).get("url", "")
        if OFFLINE_CDN.search(text) or OFFLINE_CDN.search(where):
            return
        self.console_errors.append(f"{text} ({where})" if where else text)

    def _on_request_failed(self, request) -> None:
        if not OFFLINE_CDN.search(request.url):
            self.failed_requests.append(f"{request.url}: {request.failure}")

    def problems(self) -> list[str]:
        """Everything wrong so far (console/page errors, failed requests, broken widgets)."""
        try:
            if BROKEN_WIDGETS.search(self.page.content()):
                self.widget_errors.append("widget error text on the page")
        except Exception:  # noqa: BLE001 - a closed page has no content
            pass
        return ([f"console: {e}" for e in self.console_errors]
                + [f"page error: {e}" for e in self.page_errors]
                + [f"request failed: {e}" for e in self.failed_requests]
                + [f"widgets: {e}" for e in self.widget_errors])

    def settle(self, selectors: list[str], *, texts: tuple[str, ...] = (), busy: str | None = None,
               interval_ms: int = 200, timeout: float = 10.0) -> None:
        """Wait until the table stops changing: one click's widget updates arrive as several
        messages. ``texts`` are CSS selectors whose innerText is watched, ``selectors`` those
        whose buttons' text and classes are watched; ``busy`` is a text that means "still moving"
        (e.g. a war's reveal pause). Returns after ``timeout`` seconds at the latest."""
        parts = [f"(document.querySelector({t!r}) || {{innerText: ''}}).innerText" for t in texts]
        parts.append(f"[...document.querySelectorAll({', '.join(selectors)!r})]"
                     ".map(b => b.innerText + '|' + b.className).join(',')")
        js = "() => [" + ", ".join(parts) + "].join('#')"
        end = time.monotonic() + timeout
        last = self.page.evaluate(js)
        while time.monotonic() < end:
            self.page.wait_for_timeout(interval_ms)
            now = self.page.evaluate(js)
            if now == last and (busy is None or busy not in now):
                return
            last = now

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, f"{self.name}:\n  " + "\n  ".join(problems)


@pytest.fixture
def open_app(voila_url, browser):
    """``open_app(name, *, wait_for=".widget-button", viewport=None) -> App``; checked and
    closed at the end of the test."""
    apps: list[App] = []

    def _open(name: str, *, wait_for: str = ".widget-button", viewport: dict | None = None) -> App:
        nb = name if name.endswith(".ipynb") else f"{name}.ipynb"
        if not (LESSONS / nb).exists():
            pytest.fail(f"no notebook lessons/{nb}")
        page = browser.new_page(viewport=viewport or {"width": 1100, "height": 900})
        page.set_default_timeout(30_000)
        app = App(page, nb, f"{voila_url}/voila/render/{nb}")
        apps.append(app)
        start = time.perf_counter()
        page.goto(app.url, wait_until="domcontentloaded", timeout=WIDGET_TIMEOUT * 1000)
        page.locator(wait_for).first.wait_for(state="visible", timeout=WIDGET_TIMEOUT * 1000)
        app.seconds_to_widget = time.perf_counter() - start
        _TIMINGS.append((nb, app.seconds_to_widget))
        app.assert_clean()
        return app

    yield _open
    try:
        for app in apps:
            app.assert_clean()
    finally:
        for app in apps:
            try:
                app.page.close(run_before_unload=True)
                app.page.context.close()
            except Exception:  # noqa: BLE001 - already closed
                pass

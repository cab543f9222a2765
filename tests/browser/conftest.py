"""Voilà in a real browser (docs/architecture.md "Tests"): Playwright driving Debian's chromium.

Fixtures:

- ``voila_url`` (session): ONE standalone Voilà serving ``lessons/`` on 127.0.0.1 at a free port,
  started by :func:`cardkit_serving.launch.start_voila` (from the repository root, so the root
  ``voila.json`` applies) with ``--show_tracebacks=True`` and one preheated Écarté kernel; each
  app is at ``{voila_url}/voila/render/<name>.ipynb``. Killed (and its kernels) at the end. Its
  kernels keep their matches in ``store_url`` (session): a table store of the session's own, a
  SQLite file in a temporary folder, never the user's (the resume and classmate tests read it).
- ``voila_tests_url`` (session, started only when a test asks for it): the same for the test
  notebooks in ``tests/browser/notebooks/`` (no preheated kernel).
- ``browser`` (session): chromium launched with ``executable_path=shutil.which("chromium")``.
- ``open_app`` (function): ``open_app("ecarte_app")`` opens the app in a new page, waits for its
  first ``.widget-button`` and returns an :class:`App`; ``open_app("table_tasks", where="tests")``
  opens a notebook of ``tests/browser/notebooks/`` (the :class:`App` passes every other attribute on to the
  Playwright ``Page``: ``app.locator(...)``, ``app.screenshot(...)``). At the end of the test it
  fails on console errors, page errors, failed requests and widget-loading errors ("Failed to load
  model/view class", "is not registered") and on any request to a server other than the page's
  own (a classroom may have no internet), then closes the page so Voilà stops that kernel.

Every test in this folder is marked ``browser`` (``pytest -m "not browser"`` leaves them out).
Times to first widget are printed at the end of the run.
"""
from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest

from cardkit_serving.launch import start_voila

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
LESSONS = ROOT / "lessons"
NOTEBOOKS = HERE / "notebooks"
FOLDERS = {"lessons": LESSONS, "tests": NOTEBOOKS}
# Flags that work as root, headless, without network (notes/jupyter-ecosystem.md §3.2).
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
BROKEN_WIDGETS = re.compile(r"Failed to load (model|view) class|is not registered")
LOCAL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/|^(data|blob|about):")
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
def _serve(folder: Path, pool: dict, env: dict | None = None):
    """Voilà on ``folder`` (see the module doc); yields its URL, stops it (and its kernels)."""
    try:
        server = start_voila(folder, pool=pool, args=["--show_tracebacks=True"], env=env,
                             timeout=START_TIMEOUT)
    except RuntimeError as exc:
        pytest.fail(str(exc))
    try:
        yield server.url
    finally:
        server.stop()
        os.unlink(server.log_path)


@pytest.fixture(scope="session")
def store_url(tmp_path_factory):
    """The table store of ``voila_url``'s kernels (``CARDKIT_STORE``): the session's own."""
    return f"sqlite:///{tmp_path_factory.mktemp('store')}/tables.db"


@pytest.fixture(scope="session")
def voila_url(store_url):
    """Base URL of one standalone Voilà serving ``lessons/`` (apps at ``/voila/render/<nb>``)."""
    # one preheated Écarté kernel instead of the class-sized pool of voila.json
    yield from _serve(LESSONS, {"ecarte_app.ipynb": 1}, env={"CARDKIT_STORE": store_url})


@pytest.fixture(scope="session")
def voila_tests_url():
    """Base URL of a standalone Voilà serving ``tests/browser/notebooks/``."""
    yield from _serve(NOTEBOOKS, {})


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
        self.outside_requests: list[str] = []
        # set once the page's kernel is gone on purpose (a test killed it): the page's attempts
        # to reach it again (404s for /api/kernels/<id>…) are expected from then on
        self.kernel_gone = False
        page.on("console", self._on_console)
        # a classroom network may block or lack the internet: a page asks only its own server
        page.on("request", lambda r: None if LOCAL.match(r.url) else self.outside_requests.append(r.url))
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
        if self.kernel_gone and "/api/kernels/" in text + where:
            return
        self.console_errors.append(f"{text} ({where})" if where else text)

    def _on_request_failed(self, request) -> None:
        if self.kernel_gone and "/api/kernels/" in request.url:
            return
        if "/voila/api/shutdown/" in request.url and "ERR_ABORTED" in str(request.failure):
            return      # a reload cuts short the old page's request to stop its kernel: the browser's doing
        self.failed_requests.append(f"{request.url}: {request.failure}")

    def problems(self) -> list[str]:
        """Everything wrong so far (console/page errors, failed requests, broken widgets)."""
        try:
            if BROKEN_WIDGETS.search(self.page.content()):
                self.widget_errors.append("widget error text on the page")
        except Exception:
            pass
        return ([f"console: {e}" for e in self.console_errors]
                + [f"page error: {e}" for e in self.page_errors]
                + [f"request failed: {e}" for e in self.failed_requests]
                + [f"widgets: {e}" for e in self.widget_errors]
                + [f"request to another server than the page's: {e}" for e in self.outside_requests])

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, f"{self.name}:\n  " + "\n  ".join(problems)


@pytest.fixture
def open_app(request, browser):
    """``open_app(name, *, wait_for=".widget-button", viewport=None, where="lessons") -> App``
    (``where="tests"``: a notebook of ``tests/browser/notebooks/``); checked and closed at the
    end of the test. The Voilà a notebook needs is started on first use."""
    apps: list[App] = []

    def _open(name: str, *, wait_for: str = ".widget-button", viewport: dict | None = None,
              where: str = "lessons") -> App:
        nb = name if name.endswith(".ipynb") else f"{name}.ipynb"
        folder = FOLDERS[where]
        if not (folder / nb).exists():
            pytest.fail(f"no notebook {folder.relative_to(ROOT)}/{nb}")
        base = request.getfixturevalue("voila_url" if where == "lessons" else "voila_tests_url")
        page = browser.new_page(viewport=viewport or {"width": 1100, "height": 900})
        page.set_default_timeout(30_000)
        app = App(page, nb, f"{base}/voila/render/{nb}")
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
            except Exception:
                pass

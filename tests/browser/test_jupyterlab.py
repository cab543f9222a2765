"""The lessons the way a student meets them in JupyterLab (not Voilà): JupyterLab started on
127.0.0.1, a lesson opened, its first cell read (one line says how to bring the tables to life),
Run → Run All Cells, then:

- lessons/01_ecarte.ipynb: its first table is drawn and answers a click;
- lessons/05_switch.ipynb: its demos (the deal with every card shown) fit the output area and
  read left-aligned (a 1,220 px table once overflowed a 934 px output, right-aligned, with empty
  rows). Screenshots at 1280×800 in artifacts/lessons/jupyterlab-*.png.

Front-end dependent: ``TABLE`` (the table's root element) and what counts as clickable
(a visible, enabled ``button`` with text inside it, not marked ``aria-disabled``).
"""
from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from cardkit_serving.client import free_port
from cardkit_serving.launch import ROOT, Server

TABLE = ".ck-root"
LESSON = "lessons/01_ecarte.ipynb"
DEMO = ".cardkit-demo"          # cardkit_tables.lesson_view's box
LIVE_LINE = "Run ▸ Run All Cells"
ARTIFACTS = ROOT / "artifacts" / "lessons"


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory):
    port, token = free_port(), secrets.token_hex(16)
    home = tmp_path_factory.mktemp("lab-home")
    # a copy: JupyterLab saves what it runs, and the lessons' stored outputs are nbval's
    work = home / "work"
    shutil.copytree(ROOT / "lessons", work / "lessons")
    # every cell in the page (no windowing), so a test can scroll to any output and measure it
    tracker = home / "settings" / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text('{"windowingMode": "none"}')
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces")}
    cmd = [str(Path(sys.executable).with_name("jupyter")), "lab", "--no-browser",
           "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--allow-root",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work}",
           "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    log = tempfile.NamedTemporaryFile("w+", prefix="lab-", suffix=".log", delete=False)
    proc = subprocess.Popen(cmd, cwd=work, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True, env=env)
    server = Server(f"http://127.0.0.1:{port}", proc, log.name)
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(f"{server.url}/api/status?token={token}", timeout=5):
                break
        except Exception:  # noqa: BLE001 - not up yet
            if proc.poll() is not None or time.monotonic() > deadline:
                server.stop()
                pytest.fail(f"JupyterLab did not start:\n{server.log()}")
            time.sleep(0.5)
    try:
        yield server, token
    finally:
        server.stop()
        os.unlink(log.name)


def test_first_lesson_runs_in_jupyterlab_and_its_table_answers(jupyterlab, browser):
    server, token = jupyterlab
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(60_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = str(ARTIFACTS / "jupyterlab-01_ecarte.png")
    try:
        _run_lesson(page, server, token, errors)
    finally:
        page.screenshot(path=shot)          # look at it: what the student saw
        page.close()


def _open_and_run_all(page, server, token, lesson):
    """Open ``lesson``, check its first cell's live note, Run All Cells and wait until every cell
    ran."""
    # a workspace of its own, reset: JupyterLab would otherwise reopen the lesson an earlier test
    # opened (and start its kernel again) in this page, while this lesson runs
    space = Path(lesson).stem
    page.goto(f"{server.url}/lab/workspaces/{space}/tree/{lesson}?reset&token={token}",
              wait_until="domcontentloaded")
    page.locator(".jp-Notebook").first.wait_for(state="visible", timeout=90_000)
    first = page.locator(".jp-Notebook .jp-Cell").first
    first.locator(".jp-RenderedMarkdown h1").wait_for(state="visible", timeout=60_000)
    lines = [ln for ln in first.inner_text().splitlines() if LIVE_LINE in ln]
    assert len(lines) == 1 and "Voilà" in lines[0], f"{lesson}: first cell: {first.inner_text()!r}"
    # JupyterLab may ask which kernel to use: the notebook's own (Python 3)
    select = page.locator(".jp-Dialog button", has_text="Select")
    try:
        select.first.click(timeout=15_000)
    except Exception:  # noqa: BLE001 - no dialog: the kernel started by itself
        pass
    # the kernel is up when the toolbar says idle
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(
        state="attached", timeout=90_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    page.locator(f".jp-OutputArea-output {TABLE}").first.wait_for(state="visible", timeout=60_000)
    # wait until every cell ran (the last cell's prompt gets a number, the kernel idles)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-InputArea-prompt')]"
        ".every(p => !p.innerText.includes('*'))", timeout=240_000)


def test_switch_demos_fit_and_read_left_aligned_in_jupyterlab(jupyterlab, browser):
    server, token = jupyterlab
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(60_000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        _open_and_run_all(page, server, token, "lessons/05_switch.ipynb")
        demos = page.locator(f".jp-OutputArea-output {DEMO}")
        assert demos.count() >= 2                      # the deal and the eights comparison
        for i in range(demos.count()):
            demo = demos.nth(i)
            demo.evaluate("d => d.scrollIntoView({block: 'center'})")
            page.wait_for_timeout(500)
            box = demo.evaluate("""d => { const o = d.closest('.jp-OutputArea-output');
                const b = d.getBoundingClientRect(), a = o.getBoundingClientRect();
                const cells = [...d.querySelectorAll('div')].map(c => getComputedStyle(c).textAlign);
                return {width: b.width, left: b.left - a.left, out: a.width, right: a.right - b.right,
                        scroll: o.scrollWidth - o.clientWidth, aligns: [...new Set(cells)],
                        empty: [...d.querySelectorAll('div')].filter(c => !c.innerText.trim()).length}; }""")
            assert box["width"] <= 900 and box["width"] <= box["out"], box
            assert box["scroll"] <= 0, f"demo {i} overflows its output: {box}"
            assert box["left"] < 20, f"demo {i} is not left-aligned: {box}"
            assert box["aligns"] == ["left"], box
            assert box["empty"] == 0, f"demo {i} has empty rows: {box}"
        demos.first.evaluate("d => d.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(500)
    finally:
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-05_switch.png"))
        page.close()


def _run_lesson(page, server, token, errors):
    _open_and_run_all(page, server, token, LESSON)
    table = page.locator(f".jp-OutputArea-output {TABLE}").first
    table.scroll_into_view_if_needed()
    # under load the computer may still be moving (delay 0.5 s a move): wait for a button to press
    page.wait_for_function(
        """sel => [...document.querySelector(sel).querySelectorAll('button')].some(b =>
              b.offsetParent && !b.disabled && b.getAttribute('aria-disabled') !== 'true'
              && b.innerText.trim() && b.innerText.trim() !== 'New game')""",
        arg=f".jp-OutputArea-output {TABLE}", timeout=30_000)
    page.wait_for_timeout(500)
    buttons = table.locator("button:visible:enabled:not([aria-disabled='true'])")
    labels = [b.strip() for b in buttons.all_inner_texts()]
    tried = []
    for i, label in enumerate(labels):          # a click some button answers (not New game)
        if not label or label == "New game":
            continue
        before = table.inner_text()
        buttons.nth(i).click()
        tried.append(label)
        try:
            page.wait_for_function(
                "([sel, before]) => document.querySelector(sel).innerText !== before",
                arg=[f".jp-OutputArea-output {TABLE}", before], timeout=10_000)
            break
        except Exception:  # noqa: BLE001 - this click changed nothing on screen: next one
            continue
    else:
        pytest.fail(f"the table did not answer any of these clicks: {tried}")
    assert table.inner_text() != before
    assert not [e for e in errors if "widget" in e.lower()], errors

"""The first lesson the way a student meets it in JupyterLab (not Voilà): JupyterLab started on
127.0.0.1, lessons/01_ecarte.ipynb opened, Run → Run All Cells, then its first table is drawn
and answers a click.

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


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory):
    port, token = free_port(), secrets.token_hex(16)
    home = tmp_path_factory.mktemp("lab-home")
    # a copy: JupyterLab saves what it runs, and the lessons' stored outputs are nbval's
    work = home / "work"
    shutil.copytree(ROOT / "lessons", work / "lessons")
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
    shot = str(Path(tempfile.gettempdir()) / "cardkit-jupyterlab.png")
    try:
        _run_lesson(page, server, token, errors)
    finally:
        page.screenshot(path=shot)          # look at it: what the student saw
        page.close()


def _run_lesson(page, server, token, errors):
    page.goto(f"{server.url}/lab/tree/{LESSON}?token={token}", wait_until="domcontentloaded")
    page.locator(".jp-Notebook").first.wait_for(state="visible", timeout=90_000)
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
    table = page.locator(f".jp-OutputArea-output {TABLE}").first
    table.wait_for(state="visible", timeout=60_000)
    # wait until every cell ran (the last cell's prompt gets a number, the kernel idles)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-InputArea-prompt')]"
        ".every(p => !p.innerText.includes('*'))", timeout=240_000)
    table.scroll_into_view_if_needed()
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

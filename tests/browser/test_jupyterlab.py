"""Every lesson the way a student meets it in JupyterLab (not Voilà): ONE JupyterLab started on
127.0.0.1 for the module, and for each lesson (globbed, ``lessons/[0-9]*.ipynb``, so a new lesson
is tested as soon as it exists):

- the lesson opens in a workspace of its own, reset (JupyterLab otherwise reopens the lesson an
  earlier test opened, and starts its kernel again, in this page);
- its first cell says in one line how to bring the tables to life (Run ▸ Run All Cells; Voilà);
- Run ▸ Run All Cells, and every cell runs;
- each cell whose stored output is a card table or a quiz shows a live one (a ``.ck-root`` with
  text), each other widget cell a drawn widget, and no cell shows an error;
- everything fits: no output wider than its output area (nothing scrolls sideways), no table
  wider than its output, the demos and HTML tables read left-aligned (JupyterLab right-aligns the
  cells of an HTML table; a 1,220 px demo once overflowed a 934 px output, right-aligned, with
  empty rows), a demo at most 900 px wide with no empty row;
- the first table with something to click answers a click (every lesson has one);
- a screenshot at 1280×800 in ``artifacts/lessons/jupyterlab-<lesson>.png`` (the first table) and
  ``jupyterlab-<lesson>-html.png`` (the first demo or HTML table, when there is one).

After each lesson its kernel is shut down (through JupyterLab's REST API), so that the next lesson
runs on a quieter machine. Which cells must show what is read from the notebook itself, as in
``test_lessons_voila.py``: the notebook's n-th cell is JupyterLab's n-th ``.jp-Cell`` (every cell
is in the page: windowing is off in this JupyterLab's settings).

Front-end dependent: ``TABLE`` (the table's root element), ``DEMO`` and what counts as clickable
(a visible ``button`` with text inside it, not marked ``aria-disabled``, not New game).
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import sys
import urllib.request
from pathlib import Path

import nbformat
import pytest

from cardkit_tables.live_note import SAYS
from cardkit_serving.launch import ROOT, free_port, start_server

LESSONS = sorted((ROOT / "lessons").glob("[0-9]*.ipynb"))
TABLE = ".ck-root"
DEMO = ".cardkit-demo"          # cardkit_lessons.lesson_view's box
LIVE_LINE = "Run ▸ Run All Cells"
WIDGET = "text/plain"        # a stored widget output is its plain text: the live note
LIVE_NOTE = SAYS             # what every lesson widget's stored text says (cardkit_tables.live_note)
ERRORS = ('[data-mime-type="application/vnd.jupyter.stderr"], '
          '[data-mime-type="application/vnd.jupyter.error"], .jp-OutputArea-error')
BROKEN_WIDGETS = re.compile(r"Failed to load (model|view) class|is not registered|Error displaying widget")
ARTIFACTS = ROOT / "artifacts" / "lessons"
CLICKABLE = """root => [...root.querySelectorAll('button')].filter(b =>
    b.offsetParent && !b.disabled && b.getAttribute('aria-disabled') !== 'true'
    && b.innerText.trim() && b.innerText.trim() !== 'New game')"""

# what does not fit, in every output of the page: a list of sentences (empty: all is well)
FIT_JS = """() => {
  const bad = [];
  const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
  cells.forEach((cell, n) => {
    for (const o of cell.querySelectorAll('.jp-OutputArea-output')) {
      const a = o.getBoundingClientRect();
      if (o.scrollWidth > o.clientWidth + 1)
        bad.push(`cell ${n}: its output scrolls sideways (${o.scrollWidth} px in ${o.clientWidth} px)`);
      for (const t of o.querySelectorAll('.ck-root')) {
        const b = t.getBoundingClientRect();
        if (b.width > a.width + 1 || b.left < a.left - 1 || b.right > a.right + 1)
          bad.push(`cell ${n}: a table ${Math.round(b.width)} px wide in a ${Math.round(a.width)} px output`);
      }
      for (const t of o.querySelectorAll('table, .cardkit-demo')) {
        const b = t.getBoundingClientRect();
        if (b.right > a.right + 1)
          bad.push(`cell ${n}: HTML ${Math.round(b.width)} px wide in a ${Math.round(a.width)} px output`);
        if (b.left - a.left > 20)
          bad.push(`cell ${n}: HTML not left-aligned (${Math.round(b.left - a.left)} px in)`);
        const aligns = new Set([...t.querySelectorAll('td, th, div, p')].map(c => getComputedStyle(c).textAlign));
        aligns.delete('left'); aligns.delete('start');
        if (aligns.size) bad.push(`cell ${n}: HTML text aligned ${[...aligns]}`);
      }
      for (const d of o.querySelectorAll('.cardkit-demo')) {
        const w = d.getBoundingClientRect().width;
        if (w > 900) bad.push(`cell ${n}: a demo ${Math.round(w)} px wide (at most 900)`);
        const empty = [...d.querySelectorAll('div')].filter(c => !c.innerText.trim()).length;
        if (empty) bad.push(`cell ${n}: a demo with ${empty} empty rows`);
      }
    }
  });
  return bad;
}"""


def _expected(nb) -> tuple[list[int], list[int]]:
    """Indexes of the cells whose stored output is a card table or a quiz, and of those whose
    stored output is another widget (as ``test_lessons_voila.py`` reads them)."""
    ck, other = [], []
    for i, c in enumerate(nb.cells):
        if c.cell_type == "code" and any(LIVE_NOTE in o.get("data", {}).get(WIDGET, "") for o in c.get("outputs", [])):
            (ck if any(w in c.source for w in ("Table(", "Quiz(", "lesson_")) else other).append(i)
    return ck, other


def _html_count(nb) -> int:
    """How many demos and HTML tables the notebook's stored outputs hold (JupyterLab must draw
    as many: each is measured)."""
    n = 0
    for c in nb.cells:
        for o in c.get("outputs", []):
            html = o.get("data", {}).get("text/html", "")
            n += html.count("<table") + html.count('class="cardkit-demo"')
    return n


#: an IPython startup file for the JupyterLab below: while the file $CARDKIT_TEST_SLOW_FONTS
#: exists, a new kernel's tables answer the page's request for the fonts 4 s late, after the page
#: stopped waiting (fonts.js: fontsReady, 3 s) and drew its text with missing-glyph boxes
SLOW_FONTS = """
import os, pathlib
if pathlib.Path(os.environ.get("CARDKIT_TEST_SLOW_FONTS", "/nonexistent")).exists():
    import time
    from cardkit_tables.cardtable import CardTable
    _send_from_page = CardTable.send_from_page
    def _late(self, content):
        if isinstance(content, dict) and content.get("do") == "fonts":
            time.sleep(4)
        _send_from_page(self, content)
    CardTable.send_from_page = _late
"""


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory):
    port, token = free_port(), secrets.token_hex(16)
    home = tmp_path_factory.mktemp("lab-home")
    # a copy: JupyterLab saves what it runs, and the lessons' stored outputs are nbval's
    work = home / "work"
    shutil.copytree(ROOT / "lessons", work / "lessons")
    if (ROOT / "docs").is_dir():                   # the lessons link their rule cards
        shutil.copytree(ROOT / "docs", work / "docs")
    # every cell in the page (no windowing), so a test can scroll to any output and measure it
    tracker = home / "settings" / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text('{"windowingMode": "none"}')
    # and no "get notified about Jupyter news?" toast over the lesson in the screenshots
    news = home / "settings" / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    news.parent.mkdir(parents=True)
    news.write_text('{"fetchNews": "false"}')
    # a kernel started while the mark is there answers a table's {"do": "fonts"} only after
    # SLOW_FONTS (kernels of the other tests never look)
    startup = home / "ipython" / "profile_default" / "startup" / "slow_fonts.py"
    startup.parent.mkdir(parents=True)
    startup.write_text(SLOW_FONTS)
    env = {"JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
           "IPYTHONDIR": str(home / "ipython"), "CARDKIT_TEST_SLOW_FONTS": str(home / "slow-fonts")}
    cmd = [str(Path(sys.executable).with_name("jupyter")), "lab", "--no-browser",
           "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--allow-root",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work}",
           "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    try:
        server = start_server(cmd, port, f"/api/status?token={token}", cwd=work, env=env)
    except RuntimeError as exc:
        pytest.fail(str(exc))
    try:
        yield server, token, home / "slow-fonts"
    finally:
        server.stop()
        os.unlink(server.log_path)


def _api(server, token, path, method="GET"):
    req = urllib.request.Request(f"{server.url}{path}?token={token}", method=method)
    with urllib.request.urlopen(req, timeout=30) as r:
        body = r.read()
    return json.loads(body) if body else None


def _shut_down_kernels(server, token) -> None:
    """End every session (and its kernel) of this JupyterLab."""
    for s in _api(server, token, "/api/sessions") or []:
        with contextlib.suppress(Exception):
            _api(server, token, f"/api/sessions/{s['id']}", method="DELETE")


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
    with contextlib.suppress(Exception):
        select.first.click(timeout=15_000)
    # the kernel is up when the toolbar says idle
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(
        state="attached", timeout=90_000)
    # the stored outputs first go (Edit ▸ Clear Outputs of All Cells), so that what is then in
    # the page is what this run drew, and a cell not run yet shows a blank prompt
    page.locator(".lm-MenuBar-itemLabel", has_text="Edit").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Clear Outputs of All Cells").first.click()
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]"
        ".some(p => /\\[\\d+\\]/.test(p.innerText))", timeout=30_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    # wait until every code cell ran: each prompt holds a number (none blank, none "*")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]"
        ".every(p => /\\[\\d+\\]/.test(p.innerText))", timeout=300_000)


def _answers_a_click(page, lesson) -> None:
    """The first table or quiz with a button to press answers a press of one: its text changes."""
    roots = page.locator(f".jp-OutputArea-output {TABLE}")
    # under load the computer may still be moving, or a table that waited for a busy kernel may
    # show "Connection lost" until the kernel answers again: wait for a button to press
    page.wait_for_function(
        f"sel => [...document.querySelectorAll(sel)].some(r => ({CLICKABLE})(r).length)",
        arg=f".jp-OutputArea-output {TABLE}", timeout=60_000)
    index = page.evaluate(
        f"sel => [...document.querySelectorAll(sel)].findIndex(r => ({CLICKABLE})(r).length)",
        f".jp-OutputArea-output {TABLE}")
    table = roots.nth(index)
    table.evaluate("t => t.scrollIntoView({block: 'center'})")
    page.wait_for_timeout(300)
    tried = []
    # each button marked by its place (a card's text is its corner indexes, "J\nJ\nJ\nJ", which
    # a has_text locator does not find: each such miss cost a 10 s click timeout)
    labels = table.evaluate(f"t => ({CLICKABLE})(t).map((b, i) => (b.dataset.ckTry = i, b.innerText.trim()))")
    for i, label in enumerate(labels):
        before = table.inner_text()
        button = table.locator(f"[data-ck-try='{i}']")
        try:
            button.click(timeout=10_000)
        except Exception:
            continue
        tried.append(label)
        try:
            table.evaluate("(t, before) => new Promise((ok, no) => { const end = Date.now() + 15000;"
                           " (function look() { if (t.innerText !== before) ok(true);"
                           " else if (Date.now() > end) no(new Error('unchanged'));"
                           " else setTimeout(look, 100); })(); })", before)
            return
        except Exception:
            continue
    pytest.fail(f"{lesson}: the table did not answer any of these clicks: {tried}")


@pytest.mark.parametrize("notebook", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_in_jupyterlab(jupyterlab, browser, notebook):
    server, token, _ = jupyterlab
    nb = nbformat.read(notebook, as_version=4)
    ck, other = _expected(nb)
    assert ck, f"{notebook.name} has no table or quiz with a stored output: run tools/run_notebooks.py"
    lesson = f"lessons/{notebook.name}"
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(60_000)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("console", lambda m: problems.append(f"console: {m.text}") if BROKEN_WIDGETS.search(m.text) else None)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in ARTIFACTS.glob(f"jupyterlab-{notebook.stem}*.png"):
        old.unlink()
    shot = ARTIFACTS / f"jupyterlab-{notebook.stem}.png"
    try:
        _open_and_run_all(page, server, token, lesson)
        cells = page.locator(".jp-Notebook .jp-Cell")
        assert cells.count() == len(nb.cells), f"{lesson}: {cells.count()} cells shown, {len(nb.cells)} in it"
        # each table and quiz drawn and live (a widget view is drawn a moment after its cell ran)
        page.wait_for_function(
            """([sel, want]) => { const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
                 return want.every(i => [...cells[i].querySelectorAll(sel)].some(r => r.innerText.trim())); }""",
            arg=[f".jp-OutputArea-output {TABLE}", ck], timeout=60_000)
        for i in other:
            assert cells.nth(i).locator(".jp-OutputArea-output .jupyter-widgets").count() >= 1, \
                f"{lesson}: cell {i}'s widget is not drawn"
        errors = page.locator(ERRORS)
        assert errors.count() == 0, f"{lesson}: error output: {errors.first.inner_text()[:400]}"
        text = page.locator(".jp-Notebook").inner_text()
        assert "Traceback" not in text and "Error displaying widget" not in text
        misfits = page.evaluate(FIT_JS)
        assert not misfits, f"{lesson}: " + "; ".join(misfits)
        _answers_a_click(page, lesson)
        html = page.locator(f".jp-OutputArea-output {DEMO}, .jp-OutputArea-output table")
        assert html.count() == _html_count(nb), f"{lesson}: {html.count()} demos and HTML tables drawn"
        if html.count():
            html.first.evaluate("d => d.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(300)
            page.screenshot(path=str(ARTIFACTS / f"jupyterlab-{notebook.stem}-html.png"))
        page.locator(f".jp-OutputArea-output {TABLE}").first.evaluate(
            "t => t.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        assert not problems, f"{lesson}:\n  " + "\n  ".join(problems)
    finally:
        page.screenshot(path=str(shot))          # look at it: what the student saw
        page.close()
        _shut_down_kernels(server, token)


KN_TABLE_JS = "sel => [...document.querySelectorAll(sel)].some(r => r.lang === 'kn' && r.innerText.trim())"
KN_FONT_JS = ("() => [...document.fonts].some(f => f.family.replace(/[\"']/g, '') === 'Noto Sans Kannada'"
              " && f.status === 'loaded')")


class _PageHolder:
    def __init__(self, page):
        self.page = page


@pytest.mark.parametrize("late", [False, True], ids=["fonts-in-time", "fonts-late"])
def test_a_kannada_lessons_tables_bring_their_font_to_jupyterlab(jupyterlab, browser, late):
    """JupyterLab has no template of ours: a table in Kannada asks its kernel for its font (binary
    buffers, never the widget's state) and draws every letter with it on a machine with no
    Kannada font (Debian's chromium has none). The lesson's own Markdown is JupyterLab's: it
    uses the system's fonts (Windows, macOS, Android and ChromeOS ship both scripts). Also when
    the kernel answers after the page stopped waiting and drew boxes (a busy kernel: Run All's
    cells come first; CI saw it): the boxes go once the fonts are in."""
    from .test_languages import _no_tofu

    server, token, slow_fonts = jupyterlab
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(60_000)
    if late:
        slow_fonts.touch()
    try:
        _open_and_run_all(page, server, token, "lessons/kn/02_war.ipynb")
        page.wait_for_function(KN_TABLE_JS, arg=f".jp-OutputArea-output {TABLE}", timeout=60_000)
        page.wait_for_function(KN_FONT_JS, timeout=30_000)
        holder = _PageHolder(page)
        _no_tofu(holder, f"kn/02_war in JupyterLab{', its fonts late' if late else ''}",
                 scope=f".jp-OutputArea-output {TABLE}")
    finally:
        slow_fonts.unlink(missing_ok=True)
        page.close()
        _shut_down_kernels(server, token)

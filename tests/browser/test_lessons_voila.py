"""Every lesson is live on open as a Voilà page (``voila lessons/NN_name.ipynb``): the lesson's text
shows, no code does, every cell that builds a table or a quiz shows it drawn and live, no cell shows
an error, and the console stays clean (``open_app`` fails on console errors, page errors, failed
requests and widget-loading errors).

The notebooks are globbed (``lessons/[0-9]*.ipynb``), so a new lesson is tested as soon as it
exists. What each cell must show is read from the notebook itself: a code cell whose stored output
is a widget must show a live widget in the page (a table's or a quiz's ``.ck-root`` with text in
it, or for other widgets a rendered widget element), in the cell Voilà gives the same id.
Cells tagged ``hide-in-voila`` (a lesson's "Try it in Python" section) must not be on the page.
Screenshots at 1280×800 go to ``artifacts/lessons/``: the top of the page (``NN_name.png``) and
each cell with an output (``NN_name-00.png``, …).

Front-end dependent: ``LIVE`` (what a drawn table or quiz is) and Voilà's lab template's markup
(``id="cell-id=<cell id>"``, ``jp-mod-noInput``, output ``data-mime-type``).
"""
from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from cardkit_tables.live_note import SAYS

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "lessons").glob("[0-9]*.ipynb"))
ARTIFACTS = ROOT / "artifacts" / "lessons"
WIDGET = "text/plain"        # a stored widget output is its plain text: the live note
LIVE_NOTE = SAYS             # what every lesson widget's stored text says (cardkit_tables.live_note)
LIVE = ".ck-root"
HIDE = "hide-in-voila"       # the cell tag the cardkit template leaves out of the page
ERRORS = ('[data-mime-type="application/vnd.jupyter.stderr"], '
          '[data-mime-type="application/vnd.jupyter.error"], .jp-OutputArea-error')


def _first_line(src: str) -> str:
    line = next((ln.lstrip("#> ").strip() for ln in src.splitlines() if ln.strip()), "")
    if line and not line.startswith(("<", "|", "[", "!", "-")):
        return line.replace("*", "").replace("`", "").split("  ")[0][:40]
    return ""


def _cells(nb) -> tuple[list[str], list[str], list[str], list]:
    """Ids of the code cells showing a card table or quiz, of those showing another widget, the
    first lines of the Markdown cells (what must be on the page), and the cells tagged
    ``hide-in-voila`` (what must not be: the template leaves them out)."""
    ck, other, text, hidden = [], [], [], []
    for c in nb.cells:
        if HIDE in c.metadata.get("tags", []):
            hidden.append(c)
        elif c.cell_type == "markdown":
            if line := _first_line(c.source):
                text.append(line)
        elif any(LIVE_NOTE in o.get("data", {}).get(WIDGET, "") for o in c.get("outputs", [])):
            card = any(w in c.source for w in ("Table(", "Quiz(", "lesson_"))
            (ck if card else other).append(c.id)
    return ck, other, text, hidden


def _shoot(app, stem: str, cell_ids: list[str]) -> None:
    """The top of the page, then each output cell as the student scrolls to it (Voilà's lab
    template scrolls inside the page, so a full-page screenshot would show only the top)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in ARTIFACTS.glob(f"{stem}*.png"):
        old.unlink()
    app.page.screenshot(path=str(ARTIFACTS / f"{stem}.png"))
    for n, cell_id in enumerate(cell_ids):
        app.page.locator(f'[id="cell-id={cell_id}"]').screenshot(path=str(ARTIFACTS / f"{stem}-{n:02d}.png"))


@pytest.mark.parametrize("notebook", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_is_live_in_voila(open_app, notebook):
    nb = nbformat.read(notebook, as_version=4)
    ck, other, text, hidden = _cells(nb)
    assert ck, f"{notebook.name} has no table or quiz with a stored output: run tools/run_notebooks.py"
    app = open_app(notebook.name, wait_for=LIVE, viewport={"width": 1280, "height": 800})
    page = app.page
    # every table and quiz drawn (the page fills in as the kernel answers)
    page.wait_for_function(
        "n => [...document.querySelectorAll(" + repr(LIVE) + ")].filter(e => e.innerText.trim()).length >= n",
        arg=len(ck), timeout=120_000)
    body = page.locator("body").inner_text()
    missing = [t for t in text if t not in body]
    assert not missing, f"{notebook.name}: text not shown: {missing}"
    # the cells for JupyterLab only (Try it in Python) are not on the page, text or output
    for c in hidden:
        assert page.locator(f'[id="cell-id={c.id}"]').count() == 0, f"{notebook.name}: {c.id} shown"
        line = _first_line(c.source) if c.cell_type == "markdown" else ""
        assert not (line and line in body), f"{notebook.name}: hidden cell shown: {line!r}"
        for o in c.get("outputs", []):
            out = "".join(o.get("text", "")) or "".join(o.get("data", {}).get("text/plain", ""))
            first = next((ln.strip() for ln in out.splitlines() if len(ln.strip()) > 12), "")
            assert not (first and first in body), f"{notebook.name}: hidden output shown: {first!r}"
    # no code: Voilà strips every input (and no editor is drawn)
    assert page.locator(".jp-CodeCell:not(.jp-mod-noInput)").count() == 0
    assert page.locator(".jp-CodeCell .jp-InputArea, .cm-editor, .CodeMirror").count() == 0
    for c in nb.cells:
        if c.cell_type == "code":
            first = next((ln for ln in c.source.splitlines() if ln.strip() and not ln.startswith("#")), "")
            if len(first) > 12:
                assert first.strip() not in body, f"{notebook.name}: code shown: {first!r}"
    # each table or quiz cell shows a live one, each other widget cell a drawn widget
    for cell_id in ck:
        cell = page.locator(f'[id="cell-id={cell_id}"]')
        live = cell.locator(LIVE)
        assert live.count() >= 1 and live.first.inner_text().strip(), \
            f"{notebook.name}: cell {cell_id} shows no live table or quiz"
    for cell_id in other:
        cell = page.locator(f'[id="cell-id={cell_id}"]')
        assert cell.locator(".jupyter-widgets").count() >= 1, f"{notebook.name}: cell {cell_id} widget not drawn"
    # no error output anywhere
    errors = page.locator(ERRORS)
    assert errors.count() == 0, f"{notebook.name}: error output: {errors.first.inner_text()[:300]}"
    assert "Traceback" not in body and "Error:" not in body
    shown = [c.id for c in nb.cells if c.cell_type == "code" and c.get("outputs") and c not in hidden]
    _shoot(app, notebook.stem, shown)
    app.assert_clean()

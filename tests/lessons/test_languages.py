"""Every lesson and app in Punjabi (lessons/pa) and Kannada (lessons/kn): the same notebook as
the English one — the same cells, the same seeded deals and calls, the same tasks — with its
text in the language (issue 18). nbval runs them all, like the English ones."""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import jupytext
import nbformat
import pytest

from cardkit.i18n import _, language
from cardkit_tables.live_note import SAYS

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
sys.path.insert(0, str(ROOT / "tools"))
import run_notebooks  # noqa: E402

LANGS = ("pa", "kn")
ENGLISH = sorted(p for p in LESSONS.glob("*.md") if run_notebooks.source_of(p.with_suffix(".ipynb")))
PAIRS = [(lang, en) for lang in LANGS for en in ENGLISH]
#: Latin-letter words a translated lesson may keep: names of programs, menus and keys a student
#: sees in English on the screen (JupyterLab has no Punjabi or Kannada), HTML tags, and the rare
#: name in brackets
KEPT = {"JupyterLab", "Jupyter", "Binder", "Voilà", "Run", "All", "Cells", "Python", "Shift",
        "Enter", "details", "summary", "binder-badges", "cardkit", "English", "P-E-A-C-E",
        "Markdown"}


def _ids(pairs):
    return [f"{lang}/{en.stem}" for lang, en in pairs]


def _code_shape(source: str, lang: str) -> str:
    """A code cell without what a translation may change: string literals, comments, the lesson's
    ``set_language`` lines and a table's ``language=`` (so the seeds, deals and calls remain)."""
    source = re.sub(r"^from cardkit\.i18n import set_language\n|^set_language\(\"\w+\"\)\n", "",
                    source, flags=re.M)
    source = source.replace(f', language="{lang}"', "")
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    class Texts(ast.NodeTransformer):      # every text, f-strings too (a translation reorders them)
        def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
            return ast.Constant("…")

        def visit_Constant(self, node: ast.Constant) -> ast.AST:
            return ast.Constant("…") if isinstance(node.value, str) else node

    return ast.dump(Texts().visit(tree))


@pytest.mark.parametrize(("lang", "english"), PAIRS, ids=_ids(PAIRS))
def test_each_lesson_has_the_same_cells_deals_and_tasks_in_each_language(lang, english):
    source = LESSONS / lang / english.name
    assert source.exists(), f"no {lang} lesson {source.relative_to(ROOT)}"
    en, tr = jupytext.read(english), jupytext.read(source)
    assert [c.cell_type for c in tr.cells] == [c.cell_type for c in en.cells]
    for i, (a, b) in enumerate(zip(en.cells, tr.cells, strict=True)):
        assert a.metadata.get("tags") == b.metadata.get("tags"), f"cell {i}: tags differ"
        assert a.metadata.get("jupyter") == b.metadata.get("jupyter"), f"cell {i}: hidden differs"
        if a.cell_type == "code":
            assert _code_shape(b.source, lang) == _code_shape(a.source, lang), (
                f"{source.name} cell {i}: not the English cell's code (only its texts may change)")


@pytest.mark.parametrize(("lang", "english"), PAIRS, ids=_ids(PAIRS))
def test_each_translated_lesson_speaks_its_language(lang, english):
    """The first code cell sets the lesson's language (an app's table is built in it)."""
    source = jupytext.read(LESSONS / lang / english.name)
    first = next(c.source for c in source.cells if c.cell_type == "code")
    assert f'set_language("{lang}")' in first or f'language="{lang}"' in first


@pytest.mark.parametrize(("lang", "english"), PAIRS, ids=_ids(PAIRS))
def test_each_translated_notebook_is_its_source_run(lang, english):
    source = LESSONS / lang / english.name
    notebook = source.with_suffix(".ipynb")
    assert notebook.exists(), f"run tools/run_notebooks.py {source.relative_to(ROOT)}"
    nb = nbformat.read(notebook, as_version=4)
    assert run_notebooks.cells_of(nb) == run_notebooks.cells_of(jupytext.read(source))
    # a stored widget is its live note, in the lesson's language
    with language(lang):
        says = _(SAYS)
    for c in nb.cells:
        for out in c.get("outputs", []):
            assert "application/vnd.jupyter.widget-view+json" not in out.get("data", {})
            text = out.get("data", {}).get("text/plain", "")
            if "Run ▸ Run All Cells" in text:
                assert says in text, f"{notebook.name}: a widget note not in {lang}: {text!r}"


@pytest.mark.parametrize(("lang", "english"), PAIRS, ids=_ids(PAIRS))
def test_the_text_a_student_reads_is_in_the_language(lang, english):
    nb = jupytext.read(LESSONS / lang / english.name)
    md = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    md = re.sub(r"`[^`]*`", "", re.sub(r"\]\([^)]*\)", "]", md))
    md = re.sub(r"\([^()]*\)", "", md)     # an English word given in brackets, to look it up
    latin = [w for w in re.findall(r"\b[A-Za-z][A-Za-z'’-]{2,}\b", md) if w not in KEPT]
    assert len(latin) <= 6, f"English words left in {lang}/{english.name}: {latin}"


@pytest.mark.parametrize("lang", LANGS)
def test_start_here_links_every_lesson_and_the_other_languages(lang):
    nb = jupytext.read(LESSONS / lang / "00_start_here.md")
    links = set(re.findall(r"\]\(([^)#\s]+)", "\n".join(c.source for c in nb.cells)))
    for en in ENGLISH:
        if en.stem != "00_start_here" and not en.stem.endswith("_app"):
            assert f"{en.stem}.ipynb" in links, f"{lang}/00_start_here has no link to {en.stem}"
    others = {"../00_start_here.ipynb"} | {f"../{o}/00_start_here.ipynb" for o in LANGS if o != lang}
    assert others <= links
    english = jupytext.read(LESSONS / "00_start_here.md")
    en_links = set(re.findall(r"\]\(([^)#\s]+)", "\n".join(c.source for c in english.cells)))
    assert {f"{o}/00_start_here.ipynb" for o in LANGS} <= en_links

"""Punjabi (Gurmukhi) and Kannada text draws real letters, not "tofu" boxes, in chromium, with
only the fonts the kit ships (issue 18, Build 5): a table's CSS (``table.css`` and
``cardkit_tables.fonts.font_face_css``) on a plain page, and a real Voilà page of the cardkit
template (``tests/browser/notebooks/fonts.ipynb``: lesson text, bold, printed text).

Debian's chromium on CI has no Indic system font at all, the case that matters: without the
shipped fonts every letter below is a box. How a box is seen: a canvas draws each character of the
text, in the element's own computed font, and the picture is compared with the picture of U+E000
(a private-use character no font here has, drawn as the missing-glyph box). A whole-text width
comparison ("as wide as the same number of boxes") is not enough on its own: at 16 px the Punjabi
text below, drawn right, is exactly as wide as its all-box twin (106.19 px both). The test was
checked to fail with the ``@font-face`` rules taken out (``test_the_check_sees_tofu``
keeps that check).
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from cardkit_tables.fonts import font_face_css

ROOT = Path(__file__).resolve().parents[2]
PUNJABI = "ਜੰਗ ਟਰੰਪ ਚਾਲ"          # the seeds' War, trump, trick
KANNADA = "ಯುದ್ಧ ಕಾರ್ಡ್ ಆಟಗಾರ"     # war, card, player
TEXTS = {"Noto Sans Gurmukhi": (PUNJABI, "ਜ", "pa"), "Noto Sans Kannada": (KANNADA, "ಯ", "kn")}

#: (element) → the characters of its text drawn as the missing-glyph box, in its computed font
#: (family list, weight, size): each one drawn alone on a canvas, compared with U+E000's picture
BOXES_JS = """(el) => {
  const style = getComputedStyle(el);
  const font = `${style.fontStyle} ${style.fontWeight} 32px ${style.fontFamily}`;
  const canvas = document.createElement("canvas");
  canvas.width = 96; canvas.height = 64;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  const draw = (ch) => {
    ctx.clearRect(0, 0, 96, 64);
    ctx.font = font; ctx.textBaseline = "middle"; ctx.fillStyle = "#000";
    ctx.fillText(ch, 32, 32);
    return ctx.getImageData(0, 0, 96, 64).data.join(",");
  };
  const box = draw("\\uE000");
  return [...el.textContent].filter((ch) => ch.trim() && draw(ch) === box);
}"""

#: (family, letter) → what the page's FontFaceSet says once the family is loaded for the letter
LOADED_JS = """async ([family, letter]) => {
  const faces = await document.fonts.load(`16px "${family}"`, letter);
  await document.fonts.ready;
  return {
    loaded: faces.length,
    check: document.fonts.check(`16px "${family}"`, letter),
    statuses: [...document.fonts].filter((f) => f.family.replace(/"/g, "") === family)
                                  .map((f) => f.status),
  };
}"""


def _table_page(browser, with_fonts: bool):
    """A plain page with a table's stylesheet (and its fonts' rules), the texts in a .ck-root."""
    css = (ROOT / "widgets" / "static" / "table.css").read_text(encoding="utf-8")
    if with_fonts:
        css += font_face_css("pa") + font_face_css("kn")
    page = browser.new_page()
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(("data:", "about:"))
            else None)
    body = "".join(f'<p><span class="t" id="{code}">{text}</span> <b id="{code}-b">{text}</b></p>'
                   for text, _, code in TEXTS.values())
    page.set_content(f'<!doctype html><meta charset="utf-8"><style>{css}</style>'
                     f'<div class="ck-root">{body}</div>')
    return page, outside


def _boxes(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate(BOXES_JS)


def test_a_tables_css_draws_punjabi_and_kannada_without_tofu(browser):
    page, outside = _table_page(browser, with_fonts=True)
    try:
        for family, (text, letter, code) in TEXTS.items():
            state = page.evaluate(LOADED_JS, [family, letter])
            assert state["loaded"] >= 1, f"{family}: no @font-face for {letter!r}"
            assert state["check"] is True, family
            assert "loaded" in state["statuses"], (family, state)
            for selector in (f"#{code}", f"#{code}-b"):               # regular and bold
                assert page.locator(selector).evaluate("e => e.textContent") == text
                assert _boxes(page, selector) == [], f"{family} {selector}: tofu"
        # the bold rules were used for the bold text (weight 700 loaded, not synthesised)
        weights = page.evaluate("""() => [...document.fonts].filter((f) => f.status === "loaded")
                                                            .map((f) => f.family + " " + f.weight)""")
        for family in TEXTS:
            assert {f'{family} 100 500', f'{family} 600 900'} <= {w.replace('"', "") for w in weights}, weights
        assert outside == [], f"the table's fonts asked the network: {outside}"
    finally:
        page.close()


def _system_has_font_for(lang: str) -> bool:
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return True            # cannot tell: the negative control below asserts nothing then
    out = subprocess.run([fc_list, f":lang={lang}"], capture_output=True, text=True, timeout=30)
    return bool(out.stdout.strip())


def test_the_check_sees_tofu(browser):
    """The negative control: without the @font-face rules, on a system with no font for the
    script (Debian's chromium on CI, this machine), the same check finds every letter a box."""
    page, _ = _table_page(browser, with_fonts=False)
    try:
        checked = 0
        for text, _letter, code in TEXTS.values():
            if _system_has_font_for(code):
                continue
            letters = [ch for ch in text if ch.strip()]
            assert _boxes(page, f"#{code}") == letters, code
            checked += 1
        if checked == 0:
            pytest.skip("this system has its own Gurmukhi and Kannada fonts: no tofu to see")
    finally:
        page.close()


def test_a_voila_page_draws_punjabi_and_kannada_with_the_templates_fonts(open_app):
    app = open_app("fonts", where="tests", wait_for=".jp-OutputArea-output pre")
    for family, (text, letter, _code) in TEXTS.items():
        state = app.page.evaluate(LOADED_JS, [family, letter])
        assert state["loaded"] >= 1, f"{family}: the page template has no @font-face for it"
        assert "loaded" in state["statuses"], (family, state)
        # the lesson text (regular and bold) and the printed text
        where = {"text": app.locator(".jp-RenderedMarkdown p", has_text=text).first,
                 "bold": app.locator(".jp-RenderedMarkdown strong", has_text=text).first}
        for name, element in where.items():
            assert element.evaluate("e => e.textContent") == text, name
            assert element.evaluate(BOXES_JS) == [], f"{family}, {name}: tofu"
    printed = app.locator(".jp-OutputArea-output pre").first
    assert PUNJABI in printed.inner_text() and KANNADA in printed.inner_text()
    assert printed.evaluate(BOXES_JS) == [], "printed text: tofu"
    # the files came from the page's own server, from the template's static folder
    urls = app.page.evaluate("""() => performance.getEntriesByType("resource")
                                 .map((e) => e.name).filter((u) => u.includes(".woff2"))""")
    assert urls, "no font file was fetched"
    assert all("/voila/templates/cardkit/static/fonts/" in u for u in urls), urls
    assert {u.split("/")[-1].split("?")[0] for u in urls} >= {
        "noto-sans-gurmukhi-gurmukhi-400-normal.woff2", "noto-sans-gurmukhi-gurmukhi-700-normal.woff2",
        "noto-sans-kannada-kannada-400-normal.woff2", "noto-sans-kannada-kannada-700-normal.woff2"}
    app.assert_clean()          # nothing failed, nothing asked of another server


def test_an_english_voila_page_downloads_no_font(open_app):
    app = open_app("fonts_english", where="tests", wait_for=".jp-OutputArea-output pre")
    app.page.evaluate("document.fonts.ready")
    urls = app.page.evaluate("""() => performance.getEntriesByType("resource")
                                 .map((e) => e.name).filter((u) => /\\.(woff2?|ttf|otf)\\b/.test(u))""")
    assert urls == []
    # the families are declared (the rules are there), just not needed
    families = app.page.evaluate("() => [...document.fonts].map((f) => f.family.replace(/\"/g, ''))")
    assert {"Noto Sans Gurmukhi", "Noto Sans Kannada"} <= set(families)

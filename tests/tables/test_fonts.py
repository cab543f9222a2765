"""``cardkit_tables.fonts``: the Gurmukhi and Kannada fonts a table carries in its CSS (headless).

That the committed files are the pinned @fontsource packages' is tests/tables/test_frontend_bundle.py's
job; that they draw the letters in a browser, tests/browser/test_fonts.py's."""
from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

from cardkit_tables.fonts import FONT_DIR, FONT_STACK, FONTS, UNICODE_RANGES, font_face_css

ROOT = Path(__file__).resolve().parents[2]
RULE = re.compile(r"@font-face \{(.*?)\}", re.S)
DATA_URL = re.compile(r'src: url\("data:font/woff2;base64,([A-Za-z0-9+/]+=*)"\) format\("woff2"\);')


def _rules(css: str) -> list[dict[str, str]]:
    out = []
    for body in RULE.findall(css):
        decl = dict(d.split(":", 1) for d in (x.strip() for x in body.split(";\n")) if d)
        out.append({k.strip(): v.strip().rstrip(";") for k, v in decl.items()})
    return out


@pytest.mark.parametrize(("language", "family", "stem", "block"), [
    ("pa", "Noto Sans Gurmukhi", "noto-sans-gurmukhi-gurmukhi", "U+0A01-0A76"),
    ("kn", "Noto Sans Kannada", "noto-sans-kannada-kannada", "U+0C80-0CF3"),
])
def test_a_language_gets_its_scripts_two_weights_as_data_urls(language, family, stem, block):
    css = font_face_css(language)
    rules = _rules(css)
    assert [r["font-weight"] for r in rules] == ["100 500", "600 900"]
    for rule in rules:
        assert rule["font-family"] == f'"{family}"'
        assert rule["font-style"] == "normal"
        ranges = rule["unicode-range"].split(",")
        # the script's block, the dandas, ZWNJ/ZWJ and the dotted circle; nothing Latin
        for needed in (block, "U+0964-0965", "U+200C-200D", "U+25CC"):
            assert needed in ranges, (language, needed)
        assert not [r for r in ranges if r.startswith(("U+00", "U+01", "U+02"))], ranges
        assert rule["unicode-range"] == UNICODE_RANGES[family]
    urls = DATA_URL.findall(css)
    assert len(urls) == 2
    for data, weight in zip(urls, (400, 700), strict=True):
        font = base64.b64decode(data, validate=True)
        assert font == (ROOT / "widgets" / "static" / "fonts" / f"{stem}-{weight}-normal.woff2").read_bytes()
        assert font[:4] == b"wOF2"
    assert "http" not in css and "url(./" not in css      # nothing to fetch


@pytest.mark.parametrize("language", ["en", "fr", "", "PA", "pa_IN"])
def test_english_and_any_other_code_need_no_font(language):
    assert font_face_css(language) == ""


def test_the_files_and_licences_are_in_the_package_folder():
    for _, files in FONTS.values():
        for name in files.values():
            assert (FONT_DIR / name).is_file(), name
    for name, script in (("OFL-NotoSansGurmukhi.txt", "gurmukhi"),
                         ("OFL-NotoSansKannada.txt", "kannada")):
        text = (FONT_DIR / name).read_text(encoding="utf-8")
        assert "SIL OPEN FONT LICENSE Version 1.1" in text, name
        assert f"The Noto Project Authors (https://github.com/notofonts/{script})" in text, name


def test_the_tables_css_uses_the_font_stack():
    css = (ROOT / "widgets" / "static" / "table.css").read_text(encoding="utf-8")
    root = re.search(r"^\.ck-root \{(.*?)^\}", css, re.S | re.M).group(1)
    (stack,) = re.findall(r"font-family:\s*([^;]+);", root)
    assert " ".join(stack.split()) == FONT_STACK
    families = [f.strip() for f in FONT_STACK.split(",")]
    assert families[-1] == "sans-serif"
    assert families[-3:-1] == ['"Noto Sans Gurmukhi"', '"Noto Sans Kannada"']
    assert families[0] == "system-ui"


def test_the_page_template_links_the_same_files():
    template = (ROOT / "serving" / "templates" / "cardkit" / "index.html.j2").read_text(encoding="utf-8")
    for _, files in FONTS.values():
        for name in files.values():
            assert f"resources.include_url('static/fonts/{name}')" in template, name
    # a copy, not a symlink (Tornado answers 403 for a static file reached through a symlink
    # that leaves the template's static folder); the same bytes
    copy = ROOT / "serving" / "templates" / "cardkit" / "static" / "fonts"
    assert not copy.is_symlink()
    assert sorted(p.name for p in copy.iterdir()) == sorted(p.name for p in FONT_DIR.iterdir())
    for p in FONT_DIR.iterdir():
        assert (copy / p.name).read_bytes() == p.read_bytes(), p.name


@pytest.mark.parametrize(("language", "family"), [("pa", "Noto Sans Gurmukhi"), ("kn", "Noto Sans Kannada")])
def test_a_table_sends_its_font_as_buffers_never_in_its_state(language, family):
    """A page without the font asks ``{"do": "fonts"}``: the table answers with the woff2 files as
    binary buffers; nothing of them (nor any base64) is in the synced state a page can read."""
    from cardkit_tables import Quiz

    for widget in (Quiz("?", ["a", "b"], "a", "yes", language=language),):
        sent: list[tuple] = []
        widget.send = lambda content, buffers=None, sent=sent: sent.append((content, buffers))
        widget.send_from_page({"do": "fonts"})
        assert len(sent) == 1
        content, buffers = sent[0]
        assert [(f["family"], f["weight"]) for f in content["fonts"]] == [(family, "100 500"), (family, "600 900")]
        assert [bytes(b) for b in buffers] == [(FONT_DIR / name).read_bytes() for name in FONTS[language][1].values()]
        state = json.dumps(widget.get_state(), default=repr)
        assert "d09GMg" not in state and "wOF2" not in state     # a woff2 file, as base64 or bytes
        widget.close()


@pytest.mark.parametrize("language", ["en", "pa", "kn"])
def test_every_table_sends_both_scripts_fonts_its_language_menu_names(language):
    """Every table's ⚙ Settings names ਪੰਜਾਬੀ and ಕನ್ನಡ in their own letters, so a page without
    the fonts gets both scripts' (as buffers; none in the synced state)."""
    from cardkit_tables import WarTable

    t = WarTable(seed=1, delay=0, language=language)
    sent: list[tuple] = []
    t.send = lambda content, buffers=None: sent.append((content, buffers))
    t.send_from_page({"do": "fonts"})
    (content, buffers), = sent
    assert [f["family"] for f in content["fonts"]] == ["Noto Sans Gurmukhi"] * 2 + ["Noto Sans Kannada"] * 2
    assert all(bytes(b)[:4] == b"wOF2" for b in buffers) and len(buffers) == 4
    state = json.dumps(t.get_state(), default=repr)
    assert "d09GMg" not in state and "wOF2" not in state
    t.close()

"""The fonts a table needs for Punjabi (Gurmukhi script) and Kannada, carried inside the page.

A student's machine may have no Gurmukhi or Kannada font at all (a fresh Windows or Chromebook
often has one, Debian's chromium on CI has none), and a classroom may have no internet: a missing
font draws every letter as an empty box ("tofu"). The tables therefore carry their own fonts.

Where the files come from: ``static/fonts/`` holds Noto Sans Gurmukhi and Noto Sans Kannada,
regular (400) and bold (700), only each script's own subset (woff2), and their licences (SIL Open
Font License 1.1: ``OFL-NotoSansGurmukhi.txt``, ``OFL-NotoSansKannada.txt``). They are copied
unchanged from the npm packages ``@fontsource/noto-sans-gurmukhi`` and
``@fontsource/noto-sans-kannada``, pinned exactly in ``package.json`` and ``package-lock.json``,
by ``npm run build`` (``widgets/js/build.mjs``), and committed, so that a user builds nothing;
``tests/tables/test_frontend_bundle.py`` fails when they differ from the pinned packages' files.
The page template serves the same files (the build's second copy, in
``serving/templates/cardkit/static/fonts``) by URL to the lesson text. A widget has no URL of
its own to fetch them from, and its synced state is what any page can read (a font as base64 text
there would also be megabytes of noise for every scan of a page's state): a table in Punjabi or
Kannada asks for its font with a message, ``{"do": "fonts"}``, and gets the files as binary
buffers (:func:`font_message`), which its page adds to ``document.fonts`` once (``js/fonts.js``).

- :data:`FONT_STACK`: the CSS ``font-family`` list of the tables (``static/table.css``).
- :func:`font_message`: the fonts of a language's script as a message and its buffers.
- :func:`font_face_css`: the same fonts as ``@font-face`` rules with data URLs (a page that is
  not a widget, such as a test page).
"""
from __future__ import annotations

import base64
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["FONTS", "FONT_DIR", "FONT_STACK", "UNICODE_RANGES", "font_face_css", "font_message"]

#: where the font files and their licences are (inside the installed package)
FONT_DIR = Path(__file__).parent / "static" / "fonts"

#: the CSS font-family list of the tables (the ``.ck-root`` rule of ``static/table.css``): the
#: system's own interface font first (it draws English and the card symbols), then the two shipped
#: families for the letters the system font lacks, then the generic fallback
FONT_STACK = ('system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", '
              '"Noto Sans Gurmukhi", "Noto Sans Kannada", sans-serif')

#: the characters each family is used for (CSS ``unicode-range``), exactly as in the @fontsource
#: packages' CSS (``gurmukhi-400.css``, ``kannada-400.css``): the script's block, the Devanagari
#: danda and double danda (U+0964-0965) the scripts share, zero-width non-joiner and joiner
#: (U+200C-200D), the dotted circle (U+25CC) a shaper draws under a lone vowel sign, the rupee sign
#: and the common Indic number forms. A page whose text holds none of these downloads nothing.
UNICODE_RANGES = {
    "Noto Sans Gurmukhi": "U+0951-0952,U+0964-0965,U+0A01-0A76,U+200C-200D,U+20B9,U+25CC,"
                          "U+262C,U+A830-A839",
    "Noto Sans Kannada": "U+0951-0952,U+0964-0965,U+0C80-0CF3,U+1CD0,U+1CD2-1CD3,U+1CDA,U+1CF2,"
                         "U+1CF4,U+200C-200D,U+20B9,U+25CC,U+A830-A835",
}

#: the weights each file draws (CSS ``font-weight`` ranges): the regular file up to 500, the bold
#: one from 600 (the tables' 600 is drawn bold, never by a fallback that lacks the letters)
WEIGHT_RANGE = {400: "100 500", 700: "600 900"}

#: language code → (font family, {CSS font-weight: woff2 file name in :data:`FONT_DIR`})
FONTS: dict[str, tuple[str, dict[int, str]]] = {
    "pa": ("Noto Sans Gurmukhi", {400: "noto-sans-gurmukhi-gurmukhi-400-normal.woff2",
                                  700: "noto-sans-gurmukhi-gurmukhi-700-normal.woff2"}),
    "kn": ("Noto Sans Kannada", {400: "noto-sans-kannada-kannada-400-normal.woff2",
                                 700: "noto-sans-kannada-kannada-700-normal.woff2"}),
}


@cache
def font_face_css(language: str) -> str:
    """The ``@font-face`` rules a table in ``language`` needs, fonts included, as CSS text.

    ``language`` is a language code: ``"pa"`` (Punjabi) gives two rules for "Noto Sans Gurmukhi",
    ``"kn"`` (Kannada) two for "Noto Sans Kannada", one for weight 400 (regular) and one for 700
    (bold), each with its script's ``unicode-range`` (:data:`UNICODE_RANGES`) and the whole woff2
    file as a ``data:font/woff2;base64,…`` URL (about 15 kB of text per Gurmukhi weight and 38 kB
    per Kannada weight), so that the page fetches nothing. ``"en"`` and any other string give
    ``""`` (English needs no font of its own; an unknown code is not an error here: the table's
    language was checked where it was set). For a page that is not a widget (a test's page
    beside ``table.css``); tables get their fonts as buffers (:func:`font_message`). The
    families take effect through :data:`FONT_STACK`.

    Raises ``FileNotFoundError`` when a font file is missing from :data:`FONT_DIR` (a broken
    install). The result is cached per language (the files do not change while Python runs).

    >>> font_face_css("en")
    ''
    >>> font_face_css("kn").count("@font-face")
    2
    """
    if language not in FONTS:
        return ""
    family, files = FONTS[language]
    rules = []
    for weight, name in files.items():
        data = base64.b64encode((FONT_DIR / name).read_bytes()).decode("ascii")
        rules.append(f'@font-face {{\n  font-family: "{family}";\n  font-style: normal;\n'
                     f"  font-weight: {WEIGHT_RANGE[weight]};\n  font-display: swap;\n"
                     f'  src: url("data:font/woff2;base64,{data}") format("woff2");\n'
                     f"  unicode-range: {UNICODE_RANGES[family]};\n}}\n")
    return "".join(rules)


def font_message(*languages: str) -> tuple[dict[str, Any], list[bytes]]:
    """The fonts a page needs for ``languages`` (default: every script the kit ships, since every
    table's language menu names ਪੰਜਾਬੀ and ಕನ್ನಡ in their own letters), as a widget message and
    its binary buffers: ``({"fonts": [{"family", "weight", "range"}, …]}, [woff2 bytes, …])``, one
    entry per weight (400, 700) of each script's family, each buffer the whole woff2 file (about
    11–29 kB; 80 kB for both scripts). English gives ``({"fonts": []}, [])``. Raises
    ``FileNotFoundError`` when a font file is missing from :data:`FONT_DIR` (a broken install).

    >>> content, buffers = font_message("pa")
    >>> [(f["family"], f["weight"]) for f in content["fonts"]], [b[:4] for b in buffers]
    ([('Noto Sans Gurmukhi', '100 500'), ('Noto Sans Gurmukhi', '600 900')], [b'wOF2', b'wOF2'])
    >>> font_message("en")
    ({'fonts': []}, [])
    >>> len(font_message()[1])
    4
    """
    fonts, buffers = [], []
    for language in languages or tuple(FONTS):
        if language not in FONTS:
            continue
        family, files = FONTS[language]
        for weight, name in files.items():
            fonts.append({"family": family, "weight": WEIGHT_RANGE[weight], "range": UNICODE_RANGES[family]})
            buffers.append((FONT_DIR / name).read_bytes())
    return {"fonts": fonts}, buffers

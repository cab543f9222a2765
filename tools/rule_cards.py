"""Write the printable HTML pages of the rule cards and the rule book, from their Markdown.

    python tools/rule_cards.py            # write serving/templates/cardkit/static/rule-cards/*.html
    python tools/rule_cards.py --check    # exit 1 if a page is not what its Markdown makes

The Markdown files (``docs/rule-cards/*.md``, ``docs/RULES.md``) are what a teacher edits and what
JupyterLab opens from a lesson's link. A lesson served by Voilà cannot open a Markdown file (Voilà
serves notebooks, and only the static files of its page template), so each file also has an HTML
page in the ``cardkit`` template's static folder, where the template's link rewriter
(``serving/templates/cardkit/index.html.j2``) sends the lesson's links. The pages print on one A4
or Letter page each (checked in tests/browser/test_lessons_voila.py).

Markdown to HTML with mistune (the renderer nbconvert, hence Voilà, already uses for notebook
Markdown), so a card reads the same on a page as in a notebook.
"""
from __future__ import annotations

import argparse
import html
import re
import sys
from pathlib import Path

import mistune

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "serving" / "templates" / "cardkit" / "static" / "rule-cards"
#: page name → its Markdown: the English cards by their game ("war"), each translation by its
#: language folder ("pa/war", "kn/war"), and the rule book ("rules", English only)
SOURCES = {p.stem: p for p in sorted((ROOT / "docs" / "rule-cards").glob("*.md"))}
for _lang in ("pa", "kn"):
    SOURCES.update({f"{_lang}/{p.stem}": p
                    for p in sorted((ROOT / "docs" / "rule-cards" / _lang).glob("*.md"))})
SOURCES["rules"] = ROOT / "docs" / "RULES.md"

STYLE = "rule-card.css"    # beside the pages, hand-written (not written by this tool)


def _slug(text: str) -> str:
    """GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens
    ("1. War" -> "1-war", "3.1 Pack, deal and trump" -> "31-pack-deal-and-trump")."""
    text = re.sub(r"<[^>]+>", "", html.unescape(text)).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


class _Renderer(mistune.HTMLRenderer):
    """mistune's HTML with GitHub's heading ids (the cards link ``RULES.md#1-war``) and the
    links between the Markdown files pointed at their HTML pages (``up``: "../" for a page in a
    language folder, whose rule book is one folder up)."""

    up = ""

    def heading(self, text: str, level: int, **attrs) -> str:
        return f'<h{level} id="{_slug(text)}">{text}</h{level}>\n'

    def link(self, text: str, url: str, title: str | None = None) -> str:
        match = re.fullmatch(r"(?:\.\./)*(?:rule-cards/)?(RULES|ecarte|war|switch)\.md(#[\w\-]*)?", url)
        if match:
            url = ((self.up + "rules") if match[1] == "RULES" else match[1]) + ".html" + (match[2] or "")
        return super().link(text, url, title)


_RENDERER = _Renderer(escape=True)
_MARKDOWN = mistune.create_markdown(renderer=_RENDERER, plugins=["table", "strikethrough"])


#: a Punjabi or Kannada card's fonts (rule-card.css) before its text is laid out: chromium keeps
#: missing-glyph boxes for text whose font it looked up while the font was loading, so the page
#: shows once they are in (at most 3 s) and then takes a font description nothing had before
FAMILIES = {"pa": "Noto Sans Gurmukhi", "kn": "Noto Sans Kannada"}
_FONTS_FIRST = """<style>html.ck-fonts-wait body { display: none; }
html.ck-fonts-done body, html.ck-fonts-done body * { font-kerning: none; }</style>
<script>
(function () {
  var root = document.documentElement;
  if (!document.fonts) { return; }
  root.classList.add("ck-fonts-wait");
  var done = function () { root.classList.remove("ck-fonts-wait"); root.classList.add("ck-fonts-done"); };
  Promise.all(["400", "700"].map(function (w) {
    return document.fonts.load(w + ' 16px "FAMILY"', "\\u0A05\\u0C85").catch(function () { return []; });
  })).then(function () { return document.fonts.ready; }).then(done, done);
  setTimeout(done, 3000);
})();
</script>
"""


def page(name: str) -> str:
    """The HTML page (a str) for the Markdown file ``SOURCES[name]``: its title is its first
    heading, a Print button that the printout hides, and the pages' style sheet ``STYLE``."""
    from cardkit.i18n import _, language
    from cardkit_serving import PRINT

    lang = name.split("/")[0] if "/" in name else "en"
    up = "../" if "/" in name else ""
    text = SOURCES[name].read_text(encoding="utf-8")
    title = next((ln.lstrip("# ").strip() for ln in text.splitlines() if ln.startswith("# ")), name)
    _RENDERER.up = up
    body = _MARKDOWN(text)
    with language(lang):
        print_label = _(PRINT)
    return (
        "<!DOCTYPE html>\n<!-- written by tools/rule_cards.py from "
        f"{SOURCES[name].relative_to(ROOT)}: edit that file, then run the tool -->\n"
        f'<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<title>{html.escape(title)}</title>\n<link rel="stylesheet" href="{up}{STYLE}">\n'
        + (_FONTS_FIRST.replace("FAMILY", FAMILIES[lang]) if lang in FAMILIES else "")
        + '</head>\n<body>\n'
        '<button class="ck-print" type="button" onclick="window.print()">'
        f"{html.escape(print_label)}</button>\n"
        f"{body}</body>\n</html>\n"
    )


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--check", action="store_true", help="only check that the pages are up to date")
    check = args.parse_args(argv).check
    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for name in SOURCES:
        target, text = OUT / f"{name}.html", page(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists() and target.read_text(encoding="utf-8") == text:
            continue
        stale.append(target.relative_to(ROOT))
        if not check:
            target.write_text(text, encoding="utf-8")
    for path in stale:
        print(("stale: " if check else "wrote ") + str(path))
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())

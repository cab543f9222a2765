"""Keep the translation catalogues in step with the sources, with Babel (the gettext toolkit
Sphinx, Flask and Django's tooling use: extraction from Python, .po update, .mo compile).

    python tools/catalogues.py            # extract → cardkit/locale/cardkit.pot; update each
                                          # <lang>/LC_MESSAGES/cardkit.po; compile each cardkit.mo
    python tools/catalogues.py --check    # exit 1 if the template, a catalogue or a .mo is stale,
                                          # or a message lacks its translation (what CI checks)

Messages are what the sources pass to ``_()``, ``N_()`` and ``ngettext()`` in ``cardkit/``,
``widgets/``, ``serving/`` and ``teaching/``. The translators edit the ``.po`` files (a new
message arrives there untranslated); the ``.mo`` files are built from them here and committed, so
an installed kit needs no Babel (``cardkit`` needs numpy only). The card-game words each
language uses are in ``cardkit/locale/<lang>/glossary.tsv`` (English, the word, where the seeds
use it), which the translators and tests/i18n share.
"""
from __future__ import annotations

import argparse
import ast
import datetime
import io
import json
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "cardkit" / "locale"
TEMPLATE = LOCALE / "cardkit.pot"
SOURCES = ("cardkit", "widgets", "serving", "teaching")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "Nn_": (1, 2)}
LANGUAGES = ("pa", "kn")
PLURAL_FORMS = "nplurals=2; plural=(n > 1);"     # CLDR: one is 0 and 1 in Punjabi and Kannada
#: creation and revision dates change on every run: one fixed value keeps the files stable in git
FIXED_DATE = datetime.datetime(2026, 12, 2, tzinfo=datetime.timezone.utc)
HEADER = """\
# {language} translations of cardkit's messages (Babel: python tools/catalogues.py).
# The card-game words are those of glossary.tsv beside this folder.
# This file is distributed under the same licence as the cardkit project (MIT)."""
NAMES = {"pa": "Punjabi", "kn": "Kannada"}
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*(?:![rsa])?(?::[^{}]*)?\}")


def extract() -> Catalog:
    """Every message of the sources, each with the places that use it."""
    template = Catalog(project="cardkit", version="0.1.0", charset="utf-8", fuzzy=False,
                       creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                       msgid_bugs_address="the project's issues",
                       header_comment="# The messages of cardkit (python tools/catalogues.py).")
    for top in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / top, method_map=[("**.py", "python")], keywords=KEYWORDS,
                comment_tags=("Translators:",), strip_comment_tags=True):
            template.add(message, None, [(f"{top}/{filename}", lineno)],
                         auto_comments=comments, context=context)
    for filename, lineno, message in f_string_messages():
        template.add(message, None, [(filename, lineno)])
    return template


def f_string_messages() -> list[tuple[str, int, str | tuple[str, str]]]:
    """The messages of ``_()``, ``N_()``, ``ngettext()`` and ``Nn_()`` calls written inside
    f-strings (``f"{_('hand'):<17}"``), which Babel's Python extractor does not see on Python
    3.11: (file, line, message or singular and plural), found by walking each source's syntax
    tree."""
    found = []
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for joined in (n for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)):
                for call in (n for n in ast.walk(joined) if isinstance(n, ast.Call)):
                    name = call.func.id if isinstance(call.func, ast.Name) else None
                    if name not in KEYWORDS:
                        continue
                    texts = [a.value for a in call.args[:2 if KEYWORDS[name] else 1]
                             if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                    if texts:
                        message = texts[0] if len(texts) == 1 else (texts[0], texts[1])
                        found.append((str(path.relative_to(ROOT)), call.lineno, message))
    return found


def po_text(catalog: Catalog, **kwargs: object) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False,
             ignore_obsolete=True, **kwargs)     # type: ignore[arg-type]
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "cardkit.po"


def read_catalogue(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, project="cardkit", version="0.1.0")
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def updated(lang: str, template: Catalog) -> Catalog:
    """Catalogue ``lang`` brought in step with ``template`` (new messages empty, gone ones
    dropped; never a guessed "fuzzy" match)."""
    catalog = read_catalogue(lang)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    catalog.header_comment = HEADER.format(language=NAMES[lang])
    catalog.last_translator = catalog.language_team = "cardkit's translators"
    catalog.msgid_bugs_address = "the project's issues"
    return catalog


def problems(lang: str, catalog: Catalog) -> list[str]:
    """What is wrong with catalogue ``lang``: untranslated or fuzzy messages, placeholders that
    differ from the English's, plural forms missing."""
    found = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
        strs = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
        if m.fuzzy or not all(strs):
            found.append(f"{lang}: untranslated: {ids[0]!r}")
            continue
        want = sorted(set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0])))
        for s in strs:
            got = sorted(set(PLACEHOLDER.findall(s)))
            if not set(got) <= set(want) or (len(ids) == 1 and got != want):
                found.append(f"{lang}: placeholders {got} where the English has {want}: {ids[0]!r}")
    return found


SAYS = ROOT / "serving" / "templates" / "cardkit" / "says.j2"
SAYS_HEAD = """\
{#- The serving pages' sentences in every language the kit ships: written by
    tools/catalogues.py from the catalogues (do not edit; a test fails when it is stale).
    `say(message, class)`: a <span> with the English text and its translations in
    `data-says` (JSON); `chooser()`: the script that puts the page's language in (its
    `?lang=`, its folder /pa/ or /kn/, a table's own language, else the browser's). -#}
"""
CHOOSER = """\
{%- macro chooser() -%}
<script>
  (function () {
    var KNOWN = ["en", "pa", "kn"];
    function pick() {
      var q = new URLSearchParams(location.search).get("lang");
      if (KNOWN.indexOf(q) >= 0) { return q; }
      var m = location.pathname.match(/\\/(pa|kn)\\//);
      if (m) { return m[1]; }
      var t = document.querySelector(".ck-root[lang]");
      if (t && KNOWN.indexOf(t.lang) >= 0) { return t.lang; }
      var wants = navigator.languages || [navigator.language || "en"];
      for (var i = 0; i < wants.length; i++) {
        var w = String(wants[i]).slice(0, 2);
        if (KNOWN.indexOf(w) >= 0) { return w; }
      }
      return "en";
    }
    function say() {
      var lang = pick();
      document.querySelectorAll(".ck-says[data-says]").forEach(function (e) {
        var all = JSON.parse(e.getAttribute("data-says"));
        e.textContent = all[lang] || all.en;
        e.lang = all[lang] ? lang : "en";
      });
    }
    window.cardkitSay = say;
    if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", say); }
    else { say(); }
  })();
</script>
{%- endmacro -%}
"""


def says_template(catalogs: dict[str, Catalog]) -> bytes:
    """The text of ``serving/templates/cardkit/says.j2`` for ``catalogs`` (language → catalogue)."""
    from cardkit_serving import PAGE_SENTENCES

    table: dict[str, dict[str, str]] = {}
    for english in PAGE_SENTENCES:
        entry = {"en": english}
        for lang, catalog in catalogs.items():
            m = catalog.get(english)
            entry[lang] = m.string if m is not None and m.string and not m.fuzzy else english
        table[english] = entry
    body = json.dumps(table, ensure_ascii=False, indent=1)
    return (SAYS_HEAD + "{%- set says = " + body + " -%}\n"
            + "{%- macro say(message, class='') -%}\n"
            + "<span class=\"ck-says {{ class }}\" data-says='{{ says.get(message, {'en': message})|tojson }}'>"
            + "{{ message|e }}</span>\n{%- endmacro -%}\n" + CHOOSER).encode()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="change nothing; exit 1 if any file is stale or a translation is missing")
    args = ap.parse_args(argv)
    template = extract()
    stale: list[str] = []
    files = {TEMPLATE: po_text(template)}
    catalogs = {}
    for lang in LANGUAGES:
        catalog = catalogs[lang] = updated(lang, template)
        stale += problems(lang, catalog)
        files[po_path(lang)] = po_text(catalog)
        files[po_path(lang).with_suffix(".mo")] = mo_bytes(catalog)
    files[SAYS] = says_template(catalogs)
    for path, data in files.items():
        if path.exists() and path.read_bytes() == data:
            continue
        if args.check:
            stale.append(f"{path.relative_to(ROOT)} is not what the sources make: "
                         "run python tools/catalogues.py")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)}")
    for line in stale:
        print(line, file=sys.stderr)
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())

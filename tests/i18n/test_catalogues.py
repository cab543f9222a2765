"""The catalogues: complete, in step with the sources, compiled, and using the glossary's words
(cardkit/locale, tools/catalogues.py; issue 18)."""
from __future__ import annotations

import csv
import gettext
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardkit.i18n import LANGUAGES, UnknownLanguage, _, check_language, language, ngettext

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "cardkit" / "locale"
SHIPPED = [code for code in LANGUAGES if code != "en"]


def catalogue(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "cardkit.po").open("rb") as f:
        return read_po(f, locale=lang)


def test_catalogues_are_what_the_sources_make_and_every_message_is_translated():
    """`python tools/catalogues.py --check`: the template holds every message of the sources,
    each .po every message translated (placeholders as in the English), each .mo and the serving
    pages' sentences (says.j2) compiled from its .po."""
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "catalogues.py"), "--check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-4000:]


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_message_has_a_translation_with_the_same_placeholders(lang):
    missing, wrong = [], []
    for m in catalogue(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        if not all(strs):
            missing.append(ids[0])
        names = set(re.findall(r"\{(\w*)", ids[-1]))
        for s in strs:
            if s and not set(re.findall(r"\{(\w*)", s)) <= names:
                wrong.append((ids[0], s))
    assert not missing, f"{lang}: {len(missing)} messages untranslated, e.g. {missing[:5]}"
    assert not wrong, f"{lang}: placeholders that the English does not have: {wrong[:3]}"


@pytest.mark.parametrize("lang", SHIPPED)
def test_plural_forms_are_one_for_zero_and_one(lang):
    """CLDR: Punjabi and Kannada use the singular for 0 and 1 (nplurals=2; plural=(n > 1))."""
    cat = catalogue(lang)
    assert cat.plural_expr == "(n > 1)" and cat.num_plurals == 2
    compiled = gettext.translation("cardkit", localedir=LOCALE, languages=[lang])
    assert [compiled.plural(n) for n in (0, 1, 2, 5)] == [0, 0, 1, 1]  # type: ignore[attr-defined]
    with language(lang):
        assert ngettext("{n} card", "{n} cards", 0) == ngettext("{n} card", "{n} cards", 1)
        assert "{n}" in ngettext("{n} card", "{n} cards", 2)


def _glossary(lang: str) -> list[dict[str, str]]:
    with (LOCALE / lang / "glossary.tsv").open(encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def _word(rows: dict[str, str], term: str) -> str:
    """The glossary's word for the first English entry starting with ``term`` (its first part,
    before any note in brackets)."""
    found = next(v for k, v in rows.items() if k.startswith(term))
    return found.split(" (")[0].split(" / ")[0].strip()


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_glossary_gives_the_seeds_words_and_the_catalogue_uses_them(lang):
    """The glossary (English, the word, where the seeds use it) is what translators and tests
    share: the seeds' words for War and trump, and the catalogue says the game names, trumps,
    tricks and players with the glossary's words."""
    rows = {r["english"].strip().lower(): r["translation"].strip() for r in _glossary(lang)}
    assert len(rows) >= 60
    seeds = {"pa": {"war (the game)": "ਜੰਗ", "trump": "ਟਰੰਪ", "trick": "ਚਾਲ"},
             "kn": {"war (the game)": "ಯುದ್ಧ ಆಟ", "card": "ಕಾರ್ಡ್"}}[lang]
    for term, word in seeds.items():
        assert _word(rows, term) == word, f"{lang}: the seeds say {word} for {term}"
    with language(lang):
        assert _word(rows, "war (the game)") in _("War")
        assert _word(rows, "trump") in _("Trumps: {suit}")
        assert _word(rows, "trick") in _("Trick {n}")
        assert _word(rows, "player") in _("Player {n}")


def test_a_table_language_is_checked_and_unknown_ones_are_refused():
    assert check_language(None) == "en" and check_language("kn") == "kn"
    for bad in ("fr", "PA", "../etc", "<b>", 3):
        with pytest.raises(UnknownLanguage):
            check_language(bad)  # type: ignore[arg-type]


def test_the_compiled_catalogues_load_with_the_standard_library():
    """An installed kit reads the .mo files with gettext alone (no Babel at run time)."""
    for lang in SHIPPED:
        t = gettext.translation("cardkit", localedir=LOCALE, languages=[lang])
        assert t.gettext("New game") != "New game"

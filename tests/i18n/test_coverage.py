"""Nothing a Punjabi or Kannada reader sees is left in English, and the card-game words stay the
glossary's (issue 30). Four checks, each first shown to catch the fault it is for:

- every translatable literal of the code (``_()``, ``N_()``, ``ngettext()``, ``Nn_()``, inside
  f-strings too) is in the template and translated in every catalogue, and none is built from
  pieces (an f-string, a ``+`` or a call inside the ``_()``);
- the text a student reads in each executed Punjabi and Kannada lesson (HTML outputs with their
  ``title`` and ``aria-label`` attributes, plain and stream outputs; nbval checks the stored
  outputs are what the lesson makes) holds at most 5 Latin words of 3+ letters besides a short
  list, an app at most 3;
- every glossary term's English, wherever a catalogue message uses it, is said with the
  glossary's one word (the term table: the ``english_pattern`` and ``word_pattern`` columns of
  ``cardkit/locale/<lang>/glossary.tsv``);
- counts go through ``ngettext``, and in Kannada a case ending is written onto its number.
"""
from __future__ import annotations

import ast
import csv
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "cardkit" / "locale"
LESSONS = ROOT / "lessons"
SOURCES = ("cardkit", "widgets", "serving", "teaching")
KEYWORDS = {"_": 1, "N_": 1, "ngettext": 2, "Nn_": 2}
LANGS = ("pa", "kn")


def _catalogue(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


# ------------------------------------------------------------------ the code's literals
def literals(source: str, filename: str = "<source>") -> Iterator[tuple[int, object, str]]:
    """Every call of a translation function in ``source``: (line, message, fault). The message is
    a string or a (singular, plural) pair, ``None`` when the argument is not a literal; the fault
    is ``""`` or says how the message is built from pieces."""
    for node in ast.walk(ast.parse(source, filename=filename)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in KEYWORDS and node.args):
            continue
        args = node.args[:KEYWORDS[node.func.id]]
        pieces = [a for a in args if isinstance(a, (ast.JoinedStr, ast.BinOp, ast.Call))
                  or (isinstance(a, ast.IfExp) and not all(      # one of two whole templates is fine
                      isinstance(b, (ast.Constant, ast.Name, ast.Attribute, ast.Subscript))
                      for b in (a.body, a.orelse)))]
        if pieces:
            yield node.lineno, None, f"{node.func.id}() of {type(pieces[0]).__name__}: built from pieces"
            continue
        texts = [a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if len(texts) == len(args):
            yield node.lineno, texts[0] if len(texts) == 1 else tuple(texts), ""
        # a name or attribute (``_(rule.name)``) reads a template marked elsewhere with N_()


def code_messages() -> tuple[dict[object, str], list[str]]:
    """The literal messages of the sources (message → first place) and the faults found."""
    found: dict[object, str] = {}
    faults = []
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*.py")):
            where = str(path.relative_to(ROOT))
            for line, message, fault in literals(path.read_text(encoding="utf-8"), where):
                if fault:
                    faults.append(f"{where}:{line}: {fault}")
                elif message is not None:
                    found.setdefault(message, f"{where}:{line}")
    return found, faults


def missing_from(catalog: Catalog, messages: dict[object, str], *, translated: bool) -> list[str]:
    """The messages that ``catalog`` lacks (or, with ``translated``, holds untranslated)."""
    out = []
    for message, where in messages.items():
        key = message[0] if isinstance(message, tuple) else message
        entry = catalog.get(key)
        strs = () if entry is None else (entry.string if isinstance(entry.string, tuple) else (entry.string,))
        if entry is None or (translated and not all(strs)):
            out.append(f"{where}: {key!r}")
    return out


def test_the_literal_check_finds_a_message_hidden_in_an_f_string_or_built_from_pieces():
    source = ("from cardkit.i18n import _\n"
              "x = f\"{_('a word no catalogue has'):<9} {n}\"\n"
              "y = _('Hand ' + str(n))\n"
              "z = _(f'Hand {n}')\n")
    found = list(literals(source))
    assert (2, "a word no catalogue has", "") in found
    assert [f for _l, _m, f in found if f] == ["_() of BinOp: built from pieces",
                                               "_() of JoinedStr: built from pieces"]
    template = _catalogue(LOCALE / "cardkit.pot")
    assert missing_from(template, {"a word no catalogue has": "x.py:2"}, translated=False) == [
        "x.py:2: 'a word no catalogue has'"]


def test_every_literal_of_the_code_is_in_the_template_and_none_is_built_from_pieces():
    messages, faults = code_messages()
    assert len(messages) > 800
    assert not faults, "\n".join(faults)
    assert not missing_from(_catalogue(LOCALE / "cardkit.pot"), messages, translated=False)


@pytest.mark.parametrize("lang", LANGS)
def test_every_literal_of_the_code_is_translated_in_every_catalogue(lang):
    messages, _faults = code_messages()
    catalog = _catalogue(LOCALE / lang / "LC_MESSAGES" / "cardkit.po", lang)
    missing = missing_from(catalog, messages, translated=True)
    assert not missing, f"{lang}: {len(missing)} messages of the code untranslated:\n" + "\n".join(missing[:20])


# ------------------------------------------------------------------ what a lesson shows
#: Latin-letter words a lesson's outputs may hold: the programs and menus a student sees in
#: English on the screen (JupyterLab has no Punjabi or Kannada menus)
KEPT = {"JupyterLab", "Jupyter", "Binder", "Voilà", "Run", "All", "Cells", "Python", "Shift",
        "Enter", "cardkit", "English", "Markdown"}
CARD = re.compile(r"(10|[2-9AKQJ])[♠♥♦♣]")
LATIN = re.compile(r"\b[A-Za-z][A-Za-z'’-]{2,}\b")


def output_texts(output: dict) -> list[str]:
    """The text a student reads in one stored output: an HTML output's text and its ``title``
    and ``aria-label`` attributes (tooltips, screen readers), else its plain text or stream."""
    data = output.get("data", {})
    if "text/html" in data:
        page = "".join(data["text/html"])
        attributes = re.findall(r"""(?:title|aria-label)=(?:"([^"]*)"|'([^']*)')""", page)
        page = re.sub(r"<(style|script)\b.*?</\1>", " ", page, flags=re.S)
        return [html.unescape(re.sub(r"<[^>]+>", " ", page))] + [
            html.unescape(a or b) for a, b in attributes]
    if "text/plain" in data:
        return ["".join(data["text/plain"])]
    if output.get("output_type") == "stream":
        return ["".join(output.get("text", ""))]
    return []


def latin_words(notebook: dict) -> list[str]:
    """The Latin-letter words (3+ letters, card texts taken out) a notebook's outputs show."""
    words = []
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            for text in output_texts(output):
                words += [w for w in LATIN.findall(CARD.sub(" ", text)) if w not in KEPT]
    return words


def test_the_lesson_check_counts_an_english_tooltip_and_text():
    tooltip = {"cells": [{"outputs": [{"output_type": "display_data", "data": {
        "text/html": "<span title=\"seven of spades\">7♠</span> ਟਰੰਪ <b>K♥</b>"}}]}]}
    assert latin_words(tooltip) == ["seven", "spades"]
    plain = {"cells": [{"outputs": [{"output_type": "stream", "text": "ਖੇਡ: stand (Run ▸ Run All Cells)"}]}]}
    assert latin_words(plain) == ["stand"]


LESSON_NOTEBOOKS = [(lang, p.name) for lang in LANGS for p in sorted((LESSONS / lang).glob("*.ipynb"))]


@pytest.mark.parametrize(("lang", "name"), LESSON_NOTEBOOKS, ids=[f"{a}/{b}" for a, b in LESSON_NOTEBOOKS])
def test_an_executed_lesson_shows_a_reader_almost_no_english(lang, name):
    notebook = json.loads((LESSONS / lang / name).read_text(encoding="utf-8"))
    words = latin_words(notebook)
    most = 3 if name.endswith("_app.ipynb") else 5
    assert len(words) <= most, f"{lang}/{name} shows {len(words)} English words: {words[:40]}"


# ------------------------------------------------------------------ the glossary's words
def term_table(lang: str) -> list[dict[str, str]]:
    """The glossary rows that say how to check a term: ``english_pattern`` (a regular expression
    over the English of a message) and ``word_pattern`` (what the translation must then hold)."""
    with (LOCALE / lang / "glossary.tsv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [r for r in rows if (r.get("english_pattern") or "").strip() and (r.get("word_pattern") or "").strip()]


def glossary_faults(catalog: Catalog, terms: list[dict[str, str]]) -> list[str]:
    """Each catalogue entry whose English uses a term and whose translation lacks its word."""
    faults = []
    checks = [(re.compile(t["english_pattern"].strip()), re.compile(t["word_pattern"].strip()), t)
              for t in terms]
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = [s for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if s]
        for english, word, t in checks:
            if any(english.search(i) for i in ids):
                for s in strs:
                    if not word.search(s):
                        faults.append(f"{t['english']!r} ({t['translation']}) not in {s!r} for {ids[0]!r}")
    return faults


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_check_finds_a_synonym(lang):
    terms = term_table(lang)
    trick = next(t for t in terms if re.search(t["english_pattern"], "Trick 3"))
    catalog = Catalog(locale=lang)
    catalog.add("Trick {n}", "ਤਰਕੀਬ {n}")       # "a trick" in the sense of a ruse: a synonym
    assert glossary_faults(catalog, [trick]) and not glossary_faults(
        _catalogue(LOCALE / lang / "LC_MESSAGES" / "cardkit.po", lang), [trick])


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_entry_says_each_term_with_the_glossary_word(lang):
    terms = term_table(lang)
    assert len(terms) >= 40, f"{lang}: the term table checks only {len(terms)} terms"
    checked = " ".join(t["english"].lower() for t in terms)
    for core in ("trick", "trump", "stock", "discard pile", "turn-up", "vole", "lead", "follow suit",
                 "battle", "war", "packet", "dealer", "steal war", "slap war", "peace", "joker"):
        assert core in checked, f"{lang}: the term table does not check {core!r}"
    faults = glossary_faults(_catalogue(LOCALE / lang / "LC_MESSAGES" / "cardkit.po", lang), terms)
    assert not faults, f"{lang}: {len(faults)} entries use another word:\n" + "\n".join(faults[:25])


# ------------------------------------------------------------------ counts and case endings
#: Kannada case endings and the ordinal ending, which are written onto a number ("5ರಲ್ಲಿ",
#: "3ನೇ"), never after a space
KN_ENDINGS = ("ರಲ್ಲಿ", "ಕ್ಕೆ", "ರಿಂದ", "ರಷ್ಟು", "ಕ್ಕಿಂತ", "ರವರೆಗೆ", "ರಂದು", "ನೇ", "ರ")
#: a digit, or a placeholder that holds a number ({n}, {k}, {won:,} …; not {card} or {player})
KN_NUMBER = r"(?:\d|\{(?:n|k|m|count|left|won|lost|points|hand|trick|goal|each|need|d|h|w|l|a|b)(?:[:!][^}]*)?\})"
KN_LOOSE = re.compile(KN_NUMBER + r"\s+(?:" + "|".join(KN_ENDINGS) + r")(?=[\s,.;:!?)–—]|$)")


def test_the_kannada_check_finds_a_case_ending_set_apart_from_its_number():
    assert KN_LOOSE.search("{n} ರಲ್ಲಿ ಒಂದು") and KN_LOOSE.search("5 ನೇ ಕಾದಾಟ")
    assert not KN_LOOSE.search("{n}ರಲ್ಲಿ ಒಂದು") and not KN_LOOSE.search("5ನೇ ಕಾದಾಟ")
    assert not KN_LOOSE.search("3 ರಾಣಿ")          # a word that starts like an ending
    assert not KN_LOOSE.search("{card} ರ")          # a card, not a number


def test_kannada_writes_case_endings_onto_numbers_in_the_catalogue_and_lessons():
    catalog = _catalogue(LOCALE / "kn" / "LC_MESSAGES" / "cardkit.po", "kn")
    loose = [s for m in catalog if m.id
             for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if s and KN_LOOSE.search(s)]
    for source in sorted((LESSONS / "kn").glob("*.md")):
        loose += [f"{source.name}: {line.strip()}" for line in source.read_text(encoding="utf-8").splitlines()
                  if KN_LOOSE.search(line)]
    assert not loose, "\n".join(loose[:20])


#: "{n} cards" in a message given to _() rather than ngettext(): then 1 reads "1 cards", and the
#: catalogues' plural rule (one is 0 and 1) is never asked
NOUNS = r"(cards|tricks|points|battles|wars|games|steals|turns|moves|seconds|minutes)"
BARE_COUNT = re.compile(r"\{(?:n|k|count|left|cards)\} " + NOUNS + r"\b")
#: counts the rules never let be 1, each with its rule (RULES.md) — the only bare counts allowed
NEVER_ONE = {
    "{player} wins {n} tricks: 1 point ({rule}).": "§3.5: 3 or 4 tricks",
    "You win {n} tricks: 1 point ({rule}).": "§3.5: 3 or 4 tricks",
    "{player} (non-dealer) wins {n} tricks after playing the hand as dealt: 2 points ({rule}).": "§3.5: 3 or 4",
    "You (non-dealer) win {n} tricks after playing the hand as dealt: 2 points ({rule}).": "§3.5: 3 or 4",
    "{player} (non-dealer) wins {n} tricks after the dealer refused a proposal: 2 points ({rule}).": "§3.5",
    "You (non-dealer) win {n} tricks after the dealer refused a proposal: 2 points ({rule}).": "§3.5",
    "{n} players × {h} cards + the starter need {k} cards; the deck has {d} ({rule}).":
        "§2.1: 2+ players, so 3+ cards",
    "{player} had to draw {k} cards for the {what} but there were only {n} to draw; the turn passed "
    "({rule}).": "§2.3: a pending draw is 2 or more",
    "You had to draw {k} cards for the {what} but there were only {n} to draw ({cards}); the turn "
    "passed ({rule}).": "§2.3: a pending draw is 2 or more",
    "{player} drew {k} cards for the {what} and could play nothing this turn ({rule}).": "§2.3: 2+",
    "You drew {k} cards ({cards}) for the {what} and could play nothing this turn ({rule}).": "§2.3",
    "You face a draw of {n}: play an Ace to pass {m} on, or draw {n} cards ({rule}).": "§2.3: 2+",
    "You face a draw of {n}: play a 2 to pass {m} on, or draw {n} cards ({rule}).": "§2.3: 2+",
    "{player} steals with {card}: takes {whose} face-up pile ({n} cards with the {card}).":
        "§1.10: a pile and the card that steals it",
    "{player} steal with {card}: you take {whose} face-up pile ({n} cards with the {card}).": "§1.10",
    "{why}: {player} wins {what} and takes {n} cards.": "§1.1: a battle holds 2+ cards",
    "{why}: {player} win {what} and take {n} cards.": "§1.1: a battle holds 2+ cards",
    "{n} games for each rule set, the same {n} shuffles.": "the lesson's 100 games",
    "Show the {n} games of each": "the lesson's 100 games",
}


def bare_counts(messages: dict[object, str]) -> list[str]:
    """The messages that say a count with a plural noun and no plural form: neither through
    ngettext() nor beside a message of their own for one ("exchanges 1 card", "miss a turn"),
    nor in :data:`NEVER_ONE`."""
    every = {m for m in messages if isinstance(m, str)} | {
        x for m in messages if isinstance(m, tuple) for x in m}
    found = []
    for m, where in messages.items():
        if not isinstance(m, str) or not BARE_COUNT.search(m) or m in NEVER_ONE:
            continue
        one = re.compile(re.sub(r"\\\{(?:n|k|count|left|cards)\\\}\\ " + NOUNS + r"\b",
                                lambda g: r"(?:1|a|an|one)\ " + g.group(1)[:-1], re.escape(m)) + r"\Z")
        if not any(one.match(o) for o in every if o != m):
            found.append(f"{where}: {m!r}")
    return sorted(found)


def test_the_count_check_finds_a_count_without_ngettext():
    found = {m: "x.py" for _l, m, _f in literals(
        "_('You drew {n} cards.')\nngettext('{n} card', '{n} cards', n)\n"
        "_('You miss {k} turns.') if k > 1 else _('You miss a turn.')\n")}
    assert bare_counts(found) == ["x.py: 'You drew {n} cards.'"]


def test_counts_go_through_ngettext():
    messages, _faults = code_messages()
    assert set(NEVER_ONE) <= set(messages), "NEVER_ONE names a message the code no longer has"
    bare = bare_counts(messages)
    assert not bare, "a count said without a form for one:\n" + "\n".join(bare)

"""Whole games in Punjabi and in Kannada show no English word in any view: only card ranks
(A K Q J 10 … 2), suit symbols and digits stay as the seeds write them (issue 18)."""
from __future__ import annotations

import re

import pytest

from cardkit.i18n import language
from cardkit_tables import EcarteTable, SwitchTable, WarTable

from .drive import table_texts

CARD = re.compile(r"(10|[2-9AKQJ])[♠♥♦♣]")
ENGLISH = re.compile(r"[A-Za-z]{2,}")


def english_words(text: str) -> list[str]:
    """The Latin-letter words of ``text`` once card texts are taken out (a lone rank letter,
    as in the rank order "K Q J A", is a card rank)."""
    return ENGLISH.findall(CARD.sub("", text))


def test_english_words_are_found_and_cards_are_not():
    assert english_words("ਤੁਸੀਂ K♥ ਖੇਡਿਆ: K Q J A 10") == []
    assert english_words("ಕಂಪ್ಯೂಟರ್ played K♥") == ["played"]


@pytest.mark.parametrize("lang", ["pa", "kn"])
def test_whole_games_of_every_game_and_preset_show_no_english(lang):
    found: dict[str, str] = {}
    for where_game, where, text in table_texts(lang):
        if english_words(text):
            found.setdefault(text, f"{where_game} {where}")
    assert not found, f"English in {lang} views:\n" + "\n".join(
        f"{w}: {t!r}" for t, w in list(found.items())[:25])


@pytest.mark.parametrize("make", [lambda **k: EcarteTable(seed=4, delay=0, **k),
                                  lambda **k: SwitchTable(seed=4, delay=0, **k),
                                  lambda **k: WarTable(seed=4, delay=0, **k)],
                         ids=["ecarte", "switch", "war"])
def test_the_settings_language_changes_the_table_at_once_and_loses_nothing(make):
    """⚙ Settings' language: the page sends ``{"do": "pref", "name": "language"}``; the table is
    redrawn in it mid-game, the same position, score and log; a bad value changes nothing."""
    t = make()
    obs = t.controller.observation()
    legal = [str(a) for a in obs.legal_actions] if obs.current_player == t.controller.seat else []
    if legal:
        t.act(legal[0])
    before = dict(t.view)
    pos = t.controller.pos
    t.send_from_page({"do": "pref", "name": "language", "value": "kn"})
    after = t.view
    assert t.language == "kn" and after["language"]["value"] == "kn"
    assert t.controller.pos == pos and len(after["log"]) == len(before["log"])
    assert after["labels"]["new_game"] != before["labels"]["new_game"]
    with language("kn"):
        from cardkit.i18n import _
        assert after["labels"]["new_game"] == _("New game")
    for bad in ("fr", "<b>x</b>", 7, None, "qps"):
        t.send_from_page({"do": "pref", "name": "language", "value": bad})
        assert t.language == "kn"
    t.send_from_page({"do": "pref", "name": "language", "value": "en"})
    assert t.view["labels"]["new_game"] == "New game" and t.controller.pos == pos
    assert not t.errors


def test_two_tables_in_one_notebook_keep_their_own_languages():
    pa, kn = EcarteTable(seed=2, delay=0, language="pa"), EcarteTable(seed=2, delay=0, language="kn")
    en = EcarteTable(seed=2, delay=0)
    pa.new_game()
    kn.new_game()
    assert len({pa.view["labels"]["new_game"], kn.view["labels"]["new_game"],
                en.view["labels"]["new_game"]}) == 3
    assert en.view["labels"]["new_game"] == "New game"

"""The pseudo-locale: every message comes back marked ⟦…⟧, so whole games played in it show any
text that did not go through ``_()`` (issue 18)."""
from __future__ import annotations

import re

from cardkit.i18n import language

from .drive import table_texts

CARD = re.compile(r"(10|[2-9AKQJ])[♠♥♦♣]")


def unmarked(text: str) -> str:
    """What is left of ``text`` outside the ⟦…⟧ marks, card texts and digits."""
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if inner == text:
            break
        text = inner
    return CARD.sub("", text)


def test_unmarked_finds_english_outside_the_marks():
    assert unmarked("⟦Trick ⟦one⟧⟧ K♥ 10♦") == "  "
    assert re.search(r"[A-Za-z]{2,}", unmarked("⟦You⟧ win"))


def test_whole_games_of_every_game_and_preset_show_only_marked_text():
    found = {}
    for where_game, where, text in table_texts("qps"):
        if re.search(r"[A-Za-z]{2,}", unmarked(text)):
            found.setdefault(text, f"{where_game} {where}")
    assert not found, "text that did not go through _():\n" + "\n".join(
        f"{w}: {t!r}" for t, w in list(found.items())[:20])


def test_the_kernel_default_is_untouched_by_a_table_in_another_language():
    from cardkit_tables import EcarteTable

    with language("qps"):
        pass
    t = EcarteTable(seed=1, delay=0, language="qps")
    other = EcarteTable(seed=1, delay=0)
    assert t.view["labels"]["new_game"] == "⟦New game⟧"
    assert other.view["labels"]["new_game"] == "New game"

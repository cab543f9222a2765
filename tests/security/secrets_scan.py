"""Finding cards in text a page received (for the security tests)."""
from __future__ import annotations

import re

from cardkit.cards import parse_card


def card_texts(code: str) -> list[str]:
    """The ways a card can be written in a frame: ``K♥``, ``KH`` (as a whole word) and
    ``king of hearts``."""
    card = parse_card(code)
    words = "joker" if card.is_joker else f"{card.rank.word} of {card.suit.word}"
    return [str(card), card.code, words]


def leaked(text: str, codes) -> list[str]:
    """The cards of ``codes`` that appear in ``text`` in any of their written forms."""
    out = []
    for code in codes:
        sym, plain, words = card_texts(code)
        if sym in text or words in text.lower() or re.search(
                rf"(?<![A-Za-z0-9]){re.escape(plain)}(?![A-Za-z0-9])", text):
            out.append(code)
    return out

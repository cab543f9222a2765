"""Stacked Switch deals for the rules tests (RULES.md §2): hands given directly, the stock top first.

``game(...)`` deals the given hands (player 0 plays first: the dealer is the last seat) and uses
``stock`` (top first) as the stock, whose top card is turned up as the starter; with ``fill`` the
rest of the pack follows in pack order (♠ ♥ ♦ ♣, 2..A), so every card drawn can be worked out by
hand. Playing and refusing moves is the shared harness's (tests/harness.py).
"""
from cardkit import parse_card, parse_cards, standard_pack
from cardkit.switch import SwitchRules, SwitchState, new_game

C = parse_card


def cards(text):
    return parse_cards(text)


def rest_of_pack(*used_texts, first=""):
    """``first`` then every other card of the 52-card pack in pack order (♠ ♥ ♦ ♣, 2..A)."""
    used = set(cards(" ".join((*used_texts, first))))
    return cards(first) + [c for c in standard_pack() if c not in used]


def game(*hands, stock, fill=False, **options) -> SwitchState:
    """Hands given directly; player 0 plays first. ``stock``: text, top first (its top card is
    the starter); with ``fill`` the rest of the pack follows in pack order. ``options``: the
    :class:`~cardkit.switch.SwitchRules` options."""
    n = len(hands)
    deck = rest_of_pack(*hands, first=stock) if fill else cards(stock)
    return new_game(SwitchRules(players=n, **options), hands=[cards(h) for h in hands],
                    deck=deck, dealer=n - 1, seed=0)

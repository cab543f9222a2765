"""War's stacked-packet shorthands for the rules tests (the shared harness is tests/harness.py).

``game(rules, *packets)`` gives each player's packet directly, top card first (RULES.md §1,
``cardkit.war.new_game(hands=...)``); won cards go to the bottom, so they appear at the END of
``packets(g)``. Imports nothing but cardkit and the harness.
"""
from __future__ import annotations

import re

from cardkit import parse_card, parse_cards
from cardkit.cards import Card
from cardkit.core import Event
from cardkit.war import WarObservation, WarRules, WarState, new_game
from harness import play

C = parse_card
R = WarRules


def cards(text: str) -> list[Card]:
    """The cards of ``text`` (``"KD 4S"``), in order."""
    return parse_cards(text)


def game(rules: WarRules, *packets: str | list[Card], seed: int = 0,
         piles: list[list[Card]] | list[str] | None = None) -> WarState:
    """A game with each player's packet given (top first) and, for Steal War, face-up piles."""
    return new_game(rules, hands=list(packets), seed=seed, piles=piles)


def flip(g: WarState, n: int = 1) -> WarState:
    """``n`` flips (:func:`harness.play`); returns ``g``."""
    play(g, *["flip"] * n)
    return g


def packets(g: WarState) -> list[str]:
    """Each packet as text, top first (``"K♦ 2♣"``)."""
    return [" ".join(map(str, p)) for p in g.packets]


def txt(text: str) -> str:
    """Symbol form of a plain-letter card list: ``"KD 4S"`` → ``"K♦ 4♠"``."""
    return " ".join(map(str, cards(text)))


def battle_events(g: WarState) -> list[Event]:
    """The log's ``battle`` events, oldest first."""
    return [e for e in g.log if e.kind == "battle"]


# -- what a seat may not see (the conformance suite and the observation tests) -------------------
def seen_cards(g: WarState, seat: int) -> set[Card]:
    """Cards that have been face up in this game, as ``seat`` knows: every card of a settled
    battle, the card that stole a pile, the face-up cards of the battle in progress, the face-up
    piles, and the seat's own top card while it decides a steal."""
    seen: set[Card] = set()
    for e in g.log:
        if e.kind == "battle":
            seen |= {c for t in e.data["table"] for c in t}
        elif e.kind == "steal":
            seen.add(e.data["card"])
    b = g._b
    if b is not None:
        seen |= {g.table[p][i] for p in range(g.players) for i, up in enumerate(b["up_flags"][p]) if up}
    seen |= {c for p in g.piles for c in p}
    if g.stage == "steal" and g.current_player == seat:
        seen.add(g.packets[seat][0])
    return seen


def secret(g: WarState, seat: int) -> set[Card]:
    """The cards hidden from ``seat`` now: in a packet or face down on the table and never face up
    in this game (a card once face up is public for ever). Jokers are all alike: never a secret."""
    return {c for c in set(g.all_cards()) - seen_cards(g, seat) if not c.is_joker}


def notations(card: Card) -> list[str]:
    """Every way a card may be written: symbol, letters (10 also as T), words."""
    forms = [str(card), card.code, card.name]
    if card.rank.label == "10":
        forms.append("T" + card.suit.letter)
    return forms


def assert_hides(obs: WarObservation, hidden: set[Card]) -> None:
    """No card of ``hidden`` is written in ``obs`` (its JSON and repr), in any notation."""
    if not hidden:
        return
    text = obs.to_json() + " " + repr(obs)
    forms = sorted({f for card in hidden for f in notations(card)}, key=len, reverse=True)
    pattern = r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, forms)) + r")(?![A-Za-z0-9])"
    found = re.search(pattern, text)
    assert found is None, f"{found.group(1)} is hidden from seat {obs.seat} but in its observation"

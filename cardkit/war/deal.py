"""Starting a game of War (RULES.md §1.1, §1.2): :func:`new_game`, the deal, stacked packets and
Steal War's face-up piles.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Sequence

import numpy as np

from ..cards import Card, parse_cards
from ..core import check_rules, rules_to_dict
from ..i18n import N_
from .engine import WarState
from .rules import WarRules, _IDX, _pack_codes, _parse_packet, _text
from .text import rule_ref

__all__ = ["new_game"]


_Cards = Sequence[Card | str] | str
_How = tuple[str, dict[str, Any]]      # a sentence template and its fields


def _deal(rules: WarRules, rng: np.random.Generator, deck: _Cards | None, setup: dict[str, Any]
          ) -> tuple[list[list[int]], list[int], _How]:
    """Deal ``deck`` (or the rules' pack, shuffled) one card at a time from player 0 (§1.1, §1.2):
    the packets, the cards set aside, and the sentence saying how."""
    n = rules.players
    if deck is None:   # the rules' pack, shuffled as cards.shuffled does (same RNG draws)
        pack = _pack_codes(rules.jokers)
        codes = [pack[int(i)] for i in rng.permutation(len(pack))]
    else:
        codes = [_IDX[c] for c in parse_cards(deck)]
        setup["deck"] = _text(codes).split()
    each = len(codes) // n
    packets = [codes[p:each * n:n] for p in range(n)]
    aside = codes[each * n:]
    how = ((N_("The pack is dealt one card at a time: {each} cards each."), {"each": each})
           if not aside else
           (N_("The pack is dealt one card at a time: {each} cards each; {k} set aside unused."),
            {"each": each, "k": len(aside)}))
    return packets, aside, how


def _stacked(rules: WarRules, hands: Sequence[_Cards], deck: _Cards | None, setup: dict[str, Any]
             ) -> tuple[list[list[int]], _How]:
    """Packets given directly (top first), and the sentence saying so."""
    if deck is not None:
        raise ValueError("give deck or hands, not both")
    if isinstance(hands, str) or len(hands) != rules.players:
        raise ValueError(f"hands must hold {rules.players} packets (one per player), top card first")
    packets = [_parse_packet(h) for h in hands]
    setup["hands"] = [_text(p).split() for p in packets]
    return packets, (N_("The packets are stacked: {sizes} cards."),
                     {"sizes": ", ".join(str(len(p)) for p in packets)})


def _face_up_piles(rules: WarRules, piles: Sequence[_Cards] | None, setup: dict[str, Any]
                   ) -> list[list[int]] | None:
    if piles is None:
        return None
    if not rules.steal_war:
        raise ValueError("face-up piles are only in Steal War")
    if isinstance(piles, str) or len(piles) != rules.players:
        raise ValueError(f"piles must hold {rules.players} face-up piles, top card first")
    codes = [_parse_packet(p) for p in piles]
    setup["piles"] = [_text(p).split() for p in codes]
    return codes


def _names(rules: WarRules, names: Sequence[str] | None) -> tuple[str, ...] | None:
    if names is None:
        return None
    seat_names = tuple(str(x) for x in names)
    if len(seat_names) != rules.players:
        raise ValueError(f"names must hold {rules.players} names, one per seat")
    return seat_names


def new_game(rules: WarRules | None = None, *, seed: int | None = None,
             deck: Sequence[Card | str] | str | None = None,
             hands: Sequence[Sequence[Card | str] | str] | None = None,
             piles: Sequence[Sequence[Card | str] | str] | None = None,
             names: Sequence[str] | None = None, quiet: bool = False) -> WarState:
    """A new game of War (RULES.md §1).

    - ``rules``: a :class:`WarRules` (default classic); the player count comes from it.
    - ``seed``: feeds ``numpy.random.default_rng`` (shuffle, random pickup, slap reaction times,
      Steal War reshuffles); ``None`` draws a fresh seed from the OS, recorded for ``to_json``.
    - ``deck``: a stacked pack, top card first, dealt one card at a time starting with player 0;
      each player gets ``len(deck) // players`` cards, the rest are set aside (§1.2).
      Default: the rules' pack (52 cards + ``rules.jokers``), shuffled.
    - ``hands``: each player's packet directly, top first (any cards, any sizes; not with
      ``deck``). A player given no cards is out from the start.
    - ``piles``: Steal War only: each player's face-up pile, top first (default empty).
    - ``names``: the players' names (default ``"Player 1"``, ``"Player 2"``, …).
    - ``quiet``: keep no log (for fast simulation).

    Raises ``TypeError`` (:func:`cardkit.core.check_rules`) when ``rules`` is not a
    :class:`WarRules` (another game's rules, say), and ``ValueError`` for a wrong number of hands,
    piles or names, an unreadable card, or no cards at all.
    """
    rules = check_rules(WarRules() if rules is None else rules, WarRules, "War")
    if seed is None:
        entropy = np.random.SeedSequence().entropy          # 128 bits from the OS
        assert isinstance(entropy, int)
        seed = entropy
    rng = np.random.default_rng(seed)
    setup: dict[str, Any] = {"rules": rules_to_dict(rules), "seed": seed}
    seat_names = _names(rules, names)
    if seat_names is not None:
        setup["names"] = list(seat_names)
    aside: list[int] = []
    if hands is not None:
        packets, how = _stacked(rules, hands, deck, setup)
    else:
        packets, aside, how = _deal(rules, rng, deck, setup)
    pile_codes = _face_up_piles(rules, piles, setup)
    if not any(packets) and not any(pile_codes or []):
        raise ValueError("War needs some cards to play with")
    state = WarState(rules, rng, packets, pile_codes, aside, quiet=quiet, names=seat_names)
    state._setup = setup
    state._event("deal", None, how[0], rule_ref("deal"), **how[1])
    state._open()
    return state


WarState._new_game = staticmethod(new_game)

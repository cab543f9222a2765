"""Écarté's computer player (RULES.md §3, §3.6): :class:`EcarteComputer`, made by
:func:`computer_player`, at one of the :data:`LEVELS`.

- ``random``: a seeded uniform choice among the legal actions (the benchmark's floor);
- ``easy``: legal and sensible, not strong: stands with a jeu de règle or a strong hand (§3.6),
  refuses only with a strong hand, discards everything but trumps and kings, always announces the
  king, wins tricks as cheaply as it can and throws its cheapest card when it cannot;
- ``medium`` and ``hard``: the search of :mod:`cardkit.ecarte.ai` (sampling the opponent's hand
  and solving each sample exactly, :class:`~cardkit.ecarte.ai.player.Search`).

Every level reads only ``state.observation(seat)``.

>>> from cardkit.ecarte import new_game
>>> s = new_game(seed=1)
>>> computer_player("easy", seed=0).choose(s.observation(s.current_player)) in s.legal_actions()
True
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from ..cards import Card, Rank, Suit
from ..core import Action
from .ai.player import Search
from .observation import EcarteObservation
from .tricks import rank_strength, trick_winner

__all__ = ["LEVELS", "EcarteComputer", "computer_player", "hand_strength"]

#: every level a computer player plays at, weakest first
LEVELS = ("random", "easy", "medium", "hard")

_TRUMP_VALUE = {Rank.KING: 5.0, Rank.QUEEN: 4.5, Rank.JACK: 4.0, Rank.ACE: 3.6, Rank.TEN: 3.3,
                Rank.NINE: 3.1, Rank.EIGHT: 3.0, Rank.SEVEN: 2.9}
_PLAIN_VALUE = {Rank.KING: 2.2, Rank.QUEEN: 1.3, Rank.JACK: 0.7, Rank.ACE: 0.4, Rank.TEN: 0.1,
                Rank.NINE: 0.0, Rank.EIGHT: 0.0, Rank.SEVEN: 0.0}


def _value(card: Card, trump: Suit) -> float:
    return _TRUMP_VALUE[card.rank] if card.suit == trump else _PLAIN_VALUE[card.rank]


def hand_strength(hand: Iterable[Card], trump: Suit) -> float:
    """A rough strength score of a 5-card hand (a heuristic, §3.6 — never a rule).

    Trumps count 2.9–5 each, plain kings 2.2, queens 1.3, jacks 0.7; a hand worth about 10 or more
    usually takes three tricks. Used by the computer player and for hints.

    >>> from cardkit.cards import parse_cards, Suit
    >>> hand_strength(parse_cards("KS QS 7H 8D KC"), Suit.SPADES) >= 10.5
    True
    """
    return sum(_value(c, trump) for c in hand)


def _is_jeu_de_regle(hand: Sequence[Card], trump: Suit) -> bool:
    """§3.6's examples of hands to play without proposing."""
    trumps = [c for c in hand if c.suit == trump]
    by_suit: dict[Suit | None, list[Rank]] = {}
    for c in hand:
        if c.suit != trump:
            by_suit.setdefault(c.suit, []).append(c.rank)
    if len(trumps) >= 3:
        return True
    if len(trumps) == 1 and any({Rank.KING, Rank.QUEEN, Rank.JACK} <= set(r) for r in by_suit.values()):
        return True
    return len(trumps) == 2 and any(len(r) >= 3 for r in by_suit.values())


class EcarteComputer:
    """A computer Écarté player (``cardkit.core.Player``): ``choose(observation) -> Action``.

    ``level``: one of :data:`LEVELS` (module doc); ``seed``: the same seed and observations give
    the same choices. For ``medium`` and ``hard`` only: ``time_budget`` (seconds per decision,
    None: every sample is used) and ``peek`` (the benchmark's open-hand player: a callable giving
    the opponent's true hand; never used by a table) — see
    :class:`~cardkit.ecarte.ai.player.Search`.

    Raises ``ValueError`` for an unknown level, and (from ``choose``) for an observation with no
    legal action or that is not an Écarté observation.
    """

    def __init__(self, level: str = "easy", seed: int | None = None, *,
                 time_budget: float | None = None,
                 peek: Callable[[], Iterable[Card]] | None = None):
        if level not in LEVELS:
            raise ValueError(f"unknown computer level {level!r}: 'random', 'easy', 'medium' or 'hard'")
        self.level = level
        self.seed = seed
        self.rng = np.random.default_rng(seed)          # the easy level's ties
        self._random = random.Random(seed)              # the random level's choices
        self.search = (Search(level, seed, peek=peek, time_budget=time_budget)
                       if level in ("medium", "hard") else None)

    def choose(self, observation: EcarteObservation) -> Action:
        """One of ``observation.legal_actions`` (see the class and module docs)."""
        if not isinstance(observation, EcarteObservation):
            raise ValueError("the Écarté computer reads an Écarté observation (state.observation(seat))")
        legal = list(observation.legal_actions)
        if not legal:
            raise ValueError("it is not this seat's turn: the observation lists no legal action")
        if self.search is not None:
            return self.search.choose(observation)
        if self.level == "random":
            return legal[self._random.randrange(len(legal))]
        return self._sensible(observation, legal)

    def _sensible(self, obs: EcarteObservation, legal: list[Action]) -> Action:
        """The ``easy`` level (module doc)."""
        kinds = {a.kind for a in legal}
        hand, trump = obs.hand, obs.trump
        if "stand" in kinds:
            strong = _is_jeu_de_regle(hand, trump) or hand_strength(hand, trump) >= 10.5
            return Action("stand") if strong else Action("propose")
        if "accept" in kinds:
            return Action("refuse") if hand_strength(hand, trump) >= 11.5 else Action("accept")
        if "discard" in kinds:
            return self._discard(obs, legal)
        if "announce" in kinds:
            return Action("announce", word="king")
        return self._play(obs, legal)

    @staticmethod
    def _discard(obs: EcarteObservation, legal: list[Action]) -> Action:
        hand, trump = obs.hand, obs.trump
        out = [c for c in hand if c.suit != trump and c.rank != Rank.KING]
        must = all(len(a.cards) > 0 for a in legal)           # the non-dealer discards ≥ 1
        limit = max(len(a.cards) for a in legal)
        out = sorted(out, key=lambda c: (_value(c, trump), rank_strength(c)))[:limit]
        if must and not out:
            out = [min(hand, key=lambda c: (c.suit == trump, rank_strength(c)))]
        return Action("discard", tuple(out))

    def _play(self, obs: EcarteObservation, legal: list[Action]) -> Action:
        trump = obs.trump
        cards = [a.card for a in legal if a.kind == "play"]

        def cost(c: Card) -> tuple[bool, int, float]:   # cheaper first: plain before trump, low first
            return (c.suit == trump, rank_strength(c), float(self.rng.random()))
        if obs.trick:
            lead = obs.trick[0][1]
            winners = [c for c in cards if trick_winner(lead, c, trump) == 1]
            return Action("play", (min(winners or cards, key=cost),))
        trumps = sorted((c for c in obs.hand if c.suit == trump), key=rank_strength, reverse=True)
        kings = [c for c in cards if c.rank == Rank.KING and c.suit != trump]
        if len(trumps) >= 2 and trumps[0] in cards and rank_strength(trumps[0]) >= rank_strength(
                Card(Rank.QUEEN, trump)):
            return Action("play", (trumps[0],))
        if kings:
            return Action("play", (kings[0],))
        plain = [c for c in cards if c.suit != trump]
        return Action("play", (min(plain or cards, key=cost),))


def computer_player(level: str = "easy", seed: int | None = None) -> EcarteComputer:
    """An :class:`EcarteComputer` at ``level`` (one of :data:`LEVELS`), seeded for
    reproducibility. Raises ``ValueError`` for an unknown level."""
    return EcarteComputer(level, seed)

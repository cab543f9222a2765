"""Switch's computer player (RULES.md §2): :class:`SwitchComputer`, a
:class:`cardkit.core.Player` that reads only the observation of its seat, and :func:`play_out`,
which lets computers finish a game."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..cards import SUITS, Card, Rank, Suit
from ..core import Action
from .engine import SwitchState
from .moves import CHALLENGE, DRAW, LAST_CARD, PASS, play_action
from .observation import SwitchObservation
from .rules import is_special
from .text import message

__all__ = ["SwitchComputer", "computer_player", "play_out"]

_LEVELS = {  # forget_rate (not calling "last card"), catch_rate (challenging a forgetful player)
    "random": (0.5, 0.5),
    "easy": (0.25, 0.6),
    "hard": (0.05, 1.0),
}
_ATTACKS = (Rank.TWO, Rank.EIGHT, Rank.ACE)


class SwitchComputer:
    """A computer player for Switch (RULES.md §2) that sees only ``state.observation(seat)``.

    ``level``: ``"easy"`` (default), ``"hard"`` or ``"random"`` (any legal move, for tests).
    ``forget_rate``: chance (0–1) of not calling "last card" before the play that leaves one card
    (easy 0.25, hard 0.05); ``catch_rate``: chance of challenging a player who forgot (easy 0.6,
    hard 1.0). Both draw from its own RNG seeded with ``seed``. Raises ``ValueError`` for an
    unknown level.

    How it plays (easy and hard): answers a pending 2/Ace/8 with a 2/Ace/8 when it has one; else
    plays a plain card (the one whose suit it holds most of), keeping 2s, 8s and Aces for when the
    next player is close to going out or nothing plain fits, and a Jack for last (it draws instead
    of spending a Jack while it holds 4+ cards and something can be drawn — hard only); it plays a
    playable drawn card; it names the suit it holds most of. It never calls "last card" late: it
    calls just before the play, or forgets. It chooses only among ``observation.legal_actions``.

    >>> from cardkit.switch import new_game
    >>> g = new_game(hands=["9H 4C", "9S 3D 10D"], deck="5H 6C 7C", dealer=1, seed=0)
    >>> SwitchComputer("hard", seed=1, forget_rate=0.0).choose(g.observation(0))
    Action('last card')
    """

    def __init__(self, level: str = "easy", seed: int | None = None, *,
                 forget_rate: float | None = None, catch_rate: float | None = None):
        if level not in _LEVELS:
            raise ValueError(message("level", l=level, ls=", ".join(_LEVELS)))
        self.level = level
        self.rng = np.random.default_rng(seed)
        f, c = _LEVELS[level]
        self.forget_rate = f if forget_rate is None else float(forget_rate)
        self.catch_rate = c if catch_rate is None else float(catch_rate)

    def __repr__(self) -> str:
        return f"SwitchComputer({self.level!r})"

    def choose(self, observation: SwitchObservation) -> Action:
        """Pick one of ``observation.legal_actions``. Raises ``ValueError`` when there is none."""
        obs = observation
        legal = list(obs.legal_actions)
        if not legal:
            raise ValueError(message("no_move"))
        if self.level == "random":
            return legal[int(self.rng.integers(len(legal)))]
        if legal == [LAST_CARD]:       # asked out of turn: it only is when it means to call
            return LAST_CARD
        if (CHALLENGE in legal and obs.window not in obs.last_card_called
                and self.rng.random() < self.catch_rate):
            return CHALLENGE
        if obs.phase == "choose":
            return Action("choose", word=_favourite_suit(obs.hand, obs.top).word)
        move = self._move(obs, legal)
        if (move.kind == "play" and LAST_CARD in legal and len(obs.hand) == 2
                and self.rng.random() >= self.forget_rate):
            return LAST_CARD
        return move

    def _move(self, obs: SwitchObservation, legal: list[Action]) -> Action:
        plays = [a.card for a in legal if a.kind == "play"]
        fallback = DRAW if DRAW in legal else PASS
        if obs.phase == "drawn" or obs.pending is not None:
            return play_action(_best_special(plays)) if plays else fallback
        return self._play(obs, plays) if plays else fallback

    def _play(self, obs: SwitchObservation, plays: list[Card]) -> Action:
        """A normal turn with ``plays`` the cards that may be played (at least one)."""
        next_count = obs.card_counts[(obs.seat + 1) % obs.players]
        plain = [c for c in plays if not is_special(c)]
        attacks = [c for c in plays if c.rank in _ATTACKS]
        if attacks and next_count <= 2:
            return play_action(_best_special(attacks))
        if plain:
            counts = Counter(c.suit for c in obs.hand)
            return play_action(max(plain, key=lambda c: (counts[c.suit], int(c.rank))))
        if attacks:
            return play_action(_best_special(attacks, keep_aces=True))
        can_draw = obs.stock_count > 0 or len(obs.discard) > 1
        if self.level == "hard" and len(obs.hand) >= 4 and can_draw:
            return DRAW
        return play_action(next(c for c in plays if c.rank == Rank.JACK))


def _best_special(cards: list[Card], keep_aces: bool = False) -> Card:
    order = ((Rank.EIGHT, Rank.TWO, Rank.ACE, Rank.JACK) if keep_aces
             else (Rank.ACE, Rank.TWO, Rank.EIGHT, Rank.JACK))

    def key(c: Card) -> tuple[int, int]:
        return (order.index(c.rank) if c.rank in order else -1, -int(c.rank))
    return min(cards, key=key)


def _favourite_suit(hand: Sequence[Card], top: Card | None) -> Suit:
    """The suit held most (Jacks not counted: they go on anything); ties in ♠♥♦♣ order."""
    counts = Counter(c.suit for c in hand if c.rank != Rank.JACK)
    if not counts:
        return top.suit if top is not None and top.suit else SUITS[0]
    best = max(counts.values())
    return next(s for s in SUITS if counts.get(s) == best)


def computer_player(level: str = "easy", seed: int | None = None, **options: Any) -> SwitchComputer:
    """A :class:`SwitchComputer` (one per seat). ``options``: ``forget_rate``, ``catch_rate``."""
    return SwitchComputer(level, seed, **options)


def play_out(state: SwitchState, players: Sequence[SwitchComputer] | Mapping[int, SwitchComputer],
             max_actions: int = 20000) -> SwitchState:
    """Let computer ``players`` (a list, one per seat, or a dict seat → player) play ``state``
    to the end, each choosing from its own observation. Returns ``state``.

    Raises ``RuntimeError`` if the game has not ended after ``max_actions`` actions.
    """
    for _i in range(max_actions):
        seat = state.current_player
        if seat is None:
            return state
        state.apply(players[seat].choose(state.observation(seat)))
    if not state.is_over:
        raise RuntimeError(message("too_long", n=max_actions))
    return state

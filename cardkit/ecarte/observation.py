"""What one seat sees of an Écarté match (RULES.md §3): :class:`EcarteObservation`.

The shared fields are :class:`cardkit.core.Observation`'s; docs/observation.md ("Écarté") lists
Écarté's own. Never the opponent's cards, the stock's order or the opponent's discards.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import Card, Suit
from ..core import Action, IllegalAction, Observation
from .text import refusal

__all__ = ["EcarteObservation"]


@dataclass(frozen=True, kw_only=True)
class EcarteObservation(Observation):
    """What one Écarté seat may see (docs/observation.md, "Écarté"): the shared fields plus
    ``dealer``, ``hand_number``, ``turn_up``, ``trump``, ``stock_count``, ``tricks``, ``trick``,
    ``last_trick``, ``last_trick_winner``, ``played``, ``discard_counts``, ``own_discards``,
    ``proposals``, ``king_announced``, ``playable``, ``max_discard``, ``target``, ``must_trump``.
    Never the opponent's cards, the stock's order or the opponent's discards."""

    dealer: int
    hand_number: int
    turn_up: Card
    trump: Suit
    stock_count: int
    tricks: tuple[int, int]
    trick: tuple[tuple[int, Card], ...] = ()
    last_trick: tuple[tuple[int, Card], ...] = ()
    #: the seat that won ``last_trick`` (§3.4), None before this hand's first trick
    last_trick_winner: int | None = None
    played: tuple[tuple[int, int, Card], ...] = ()
    discard_counts: tuple[int, int] = (0, 0)
    own_discards: tuple[Card, ...] = ()
    proposals: int = 0
    king_announced: int | None = None
    playable: tuple[Card, ...] = ()
    max_discard: int = 0
    target: int = 5
    must_trump: bool = False

    _ALIASES: ClassVar[dict[str, Any]] = {
        "opponent_cards": lambda o: o.card_counts[1 - o.seat],
        "log": lambda o: [e.explain() for e in o.events],
        "scoring": lambda o: o.rules.options.get("scoring")}

    def _refuse(self, action: Action) -> IllegalAction:
        """Why this seat may not make ``action`` now (the rule, in plain words): the sentences of
        :func:`cardkit.ecarte.text.refusal`, the play rule from
        :func:`cardkit.ecarte.tricks.legal_plays`."""
        if self.current_player != self.seat:
            return super()._refuse(action)
        return refusal(self, action)

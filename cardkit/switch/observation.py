"""What one seat sees of a game of Switch (RULES.md §2): :class:`SwitchObservation`
(docs/observation.md, "Switch").

The shared fields are :class:`cardkit.core.Observation`'s. Switch's phases are ``play``, ``drawn``
(the seat has just drawn a card it may play), ``choose`` (name a suit for a Jack) and ``over``.
Hidden from a seat: the other hands and the stock (only their sizes show), and the cards another
player drew; ``reveal=True`` (beginner mode, a display setting the person chose) adds every hand and
the stock.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Suit
from ..core import Action, IllegalAction, Observation
from .moves import Position, judge
from .rules import Pending
from .text import refusal_error

__all__ = ["SwitchObservation"]


@dataclass(frozen=True, kw_only=True)
class SwitchObservation(Observation):
    """What one Switch seat may see (docs/observation.md, "Switch"): the shared fields plus
    ``players``, ``dealer``, ``discard`` (face-up pile, top first), ``top``, ``stock_count``,
    ``pending``, ``named_suit``, ``last_card_called``, ``window``, ``skips_owed``, ``drawn_card``,
    and — only with ``reveal=True`` (beginner mode) — ``hands`` and ``stock``.

    :meth:`refusal` (the tables' reason for a greyed card or button) comes from the one judge of
    Switch's moves, :func:`cardkit.switch.moves.judge`, which also made ``legal_actions``.
    """

    players: int
    dealer: int
    discard: tuple[Card, ...] = ()
    top: Card | None = None
    stock_count: int = 0
    pending: Pending | None = None
    named_suit: Suit | None = None
    last_card_called: tuple[int, ...] = ()
    window: int | None = None
    skips_owed: tuple[int, ...] = ()
    drawn_card: Card | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    stock: tuple[Card, ...] | None = None

    def position(self) -> Position:
        """What decides this seat's moves, read from this observation only."""
        return Position(self.seat, self.current_player, self.phase, self.hand, self.top,
                        self.named_suit, self.pending, self.skips_owed[self.seat], self.drawn_card,
                        self.window, self.last_card_called)

    def _refuse(self, action: Action) -> IllegalAction:
        """Why this seat may not make ``action`` now, in the second person, naming the rule."""
        refused = judge(self.position(), action)
        if refused is None:          # legal by the judge: cannot happen (legal_actions comes from it)
            return super()._refuse(action)
        return refusal_error(refused, self.names)

"""Switch's options and values (RULES.md §2): :class:`SwitchRules` (frozen, validated), its presets,
:class:`Pending` (a penalty waiting for the current player) and which cards are special."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from ..cards import Card, Rank
from .text import describe_pending, option_error, rules_label

__all__ = ["ANSWER", "PACK_SIZE", "PENALTY_STEP", "SPECIAL_RANKS", "Pending", "SwitchRules",
           "is_special", "presets"]

#: The ranks that do something (RULES.md §2): 2 (draw 2), 8 (miss a turn), Jack (name a suit),
#: Ace (draw 4). A starter of one of these ranks is put back into the stock.
SPECIAL_RANKS = (Rank.TWO, Rank.EIGHT, Rank.JACK, Rank.ACE)
#: The cards of the pack (no jokers).
PACK_SIZE = 52
#: Cards to draw per 2 and per Ace played (a pending penalty grows by this much).
PENALTY_STEP = {"two": 2, "ace": 4}
#: The only rank that answers each kind of pending penalty.
ANSWER = {"two": Rank.TWO, "ace": Rank.ACE, "eight": Rank.EIGHT}
_PENDING_OF = {Rank.TWO: "two", Rank.ACE: "ace", Rank.EIGHT: "eight"}


def is_special(card: Card) -> bool:
    """True for a 2, 8, Jack or Ace (RULES.md §2).

    >>> from cardkit import parse_card
    >>> is_special(parse_card("8H")), is_special(parse_card("QS"))
    (True, False)
    """
    return card.rank in SPECIAL_RANKS


def pending_kind(card: Card) -> str | None:
    """The kind of penalty ``card`` starts (``"two"``, ``"ace"``, ``"eight"``), or None."""
    return _PENDING_OF.get(card.rank)


@dataclass(frozen=True)
class SwitchRules:
    """The options of Switch (RULES.md §2). Frozen; validated on creation.

    - ``players``: 2 (default) to 6.
    - ``hand_size``: cards dealt to each player, default 7; ``players * hand_size + 1`` (the
      hands plus the starter) must fit the 52-card pack.
    - ``penalty_last_card``: cards drawn by a player caught not calling "last card", default 2
      (0 allowed: the challenge then costs nothing).
    - ``eights_accumulate``: default ``False`` (each 8 is one missed turn for the next player); when
      ``True`` an 8 answered by an 8 adds a missed turn for whoever finally passes.

    ``name`` is ``"standard"`` with the default options (any number of players) and ``"custom"``
    otherwise; ``label`` is what a table shows. Raises ``ValueError`` naming the rule when an
    option is out of range.

    >>> SwitchRules(players=3).name, SwitchRules(penalty_last_card=0).label
    ('standard', 'Custom')
    >>> SwitchRules(players=7)
    Traceback (most recent call last):
    ...
    ValueError: Switch is played by 2 to 6 players, not 7 (Switch options).
    """

    players: int = 2
    hand_size: int = 7
    penalty_last_card: int = 2
    eights_accumulate: bool = False

    def __post_init__(self) -> None:
        for name in ("players", "hand_size", "penalty_last_card"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                raise option_error("whole", name=name, v=v)
        if not 2 <= self.players <= 6:
            raise option_error("players", v=self.players)
        if self.hand_size < 1:
            raise option_error("hand_size", v=self.hand_size)
        if self.players * self.hand_size + 1 > PACK_SIZE:
            raise option_error("pack", p=self.players, h=self.hand_size,
                               t=self.players * self.hand_size + 1)
        if self.penalty_last_card < 0:
            raise option_error("penalty", v=self.penalty_last_card)
        if not isinstance(self.eights_accumulate, (bool, np.bool_)):
            raise option_error("eights", v=self.eights_accumulate)

    @property
    def name(self) -> str:
        """``"standard"`` (the defaults of RULES.md §2, any number of players) or ``"custom"``."""
        return "standard" if self == SwitchRules(players=self.players) else "custom"

    @property
    def label(self) -> str:
        """What a table shows: "Standard" or "Custom", translated."""
        return rules_label(self.name == "standard")

    @classmethod
    def standard(cls, **options: Any) -> SwitchRules:
        """The defaults of RULES.md §2 (2 players, 7 cards, last-card penalty 2, 8s do not add up),
        with any option overridden by keyword."""
        return cls(**options)


def presets() -> dict[str, SwitchRules]:
    """The named presets: ``{"standard": SwitchRules()}`` (other options are custom rules)."""
    return {"standard": SwitchRules()}


class Pending(NamedTuple):
    """A penalty waiting for the current player (RULES.md §2).

    ``kind`` is ``"two"`` (draw ``amount`` = 2, 4, 6, 8 unless a 2 is played), ``"ace"`` (draw
    4, 8, 12, 16 unless an Ace is played) or ``"eight"`` (miss ``amount`` turns unless an 8 is played).
    A named tuple: ``Pending("two", 4) == ("two", 4)``; JSON ``{"kind": "two", "amount": 4}``.

    >>> Pending("two", 4).describe(), Pending("eight", 1).describe()
    ('draw 4 (two 2s)', 'miss a turn (8)')
    """

    kind: str
    amount: int

    def describe(self) -> str:
        """``draw 4 (two 2s)``, ``draw 8 (two Aces)``, ``miss a turn (8)``: for tables."""
        return describe_pending(self.kind, self.amount, PENALTY_STEP.get(self.kind, 1))

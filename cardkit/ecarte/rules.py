"""Écarté's rules as data (RULES.md §3): :class:`EcarteRules`, its presets, and the one
hand-scoring function :func:`hand_points` (§3.5), used by the engine and the AI alike.

>>> EcarteRules.classic().label
'Classic (must trump)'
>>> EcarteRules.standard(must_trump=True).label
'Custom (must trump)'
>>> hand_points(3, scoring="standard", stood_at_once=True, refused=False, refused_first=False)
HandScore(non_dealer=2, dealer=0, reason='stood')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from .text import BAD_PACKETS, BAD_SCORING, BAD_TARGET, RULE_DEAL, RULE_GAME, RULE_SCORING, bad_option, rules_label

__all__ = ["REASONS", "EcarteRules", "HandScore", "hand_points", "presets"]


def _whole(v: object) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, bool)


@dataclass(frozen=True)
class EcarteRules:
    """The rules of an Écarté match (§3). Frozen: a preset is data.

    - ``name``: the preset's name (``"standard"`` or ``"classic"``, or your own); ``label`` is
      the human label tables show (the preset's only when the rules are that preset).
    - ``must_trump``: when unable to follow suit, the follower must trump if able (§3.4; classic).
      When False any card may be played (standard).
    - ``scoring``: ``"standard"`` (a non-dealer who stood at once, or whose proposal was
      refused, scores 2 for 3+ tricks) or ``"classic"`` (the player who stood at once or refused the
      first proposal and then takes fewer than 3 tricks gives the opponent 2) (§3.5).
    - ``target``: points that win the match (default 5, §3.5).
    - ``packets``: how the 5 cards are dealt, e.g. ``(3, 2)`` (default) or ``(2, 3)`` (§3.1).

    Raises ``ValueError`` naming the rule for a bad option.
    """

    name: str = "standard"
    must_trump: bool = False
    scoring: str = "standard"
    target: int = 5
    packets: tuple[int, ...] = (3, 2)

    def __post_init__(self) -> None:
        if self.scoring not in ("standard", "classic"):
            raise bad_option(BAD_SCORING, RULE_SCORING, v=self.scoring)
        if not _whole(self.target) or self.target < 1:
            raise bad_option(BAD_TARGET, RULE_GAME, v=self.target)
        packets = tuple(self.packets)
        if not packets or any(not _whole(p) or p < 1 for p in packets) or sum(packets) != 5:
            raise bad_option(BAD_PACKETS, RULE_DEAL, v=self.packets)
        object.__setattr__(self, "packets", tuple(int(p) for p in packets))
        object.__setattr__(self, "target", int(self.target))

    @property
    def is_preset(self) -> bool:
        """True when these rules are the preset they are named after (any ``target``): the
        rules of play and scoring are that preset's."""
        make = _PRESETS.get(self.name)
        return make is not None and make(target=self.target) == self

    @property
    def label(self) -> str:
        """What a table shows, translated: the preset's label ("Standard", "Classic (must
        trump)") for a preset, else the name ("Custom" for a preset's name) and how the rules
        differ from the standard ones: "Custom (must trump, dealt 2+3)"."""
        return rules_label(self.name, self.is_preset, self.must_trump, self.scoring, self.packets)

    @classmethod
    def standard(cls, **options: Any) -> EcarteRules:
        """The default rules: any card when void, standard scoring (§3.4, §3.5)."""
        return cls(**{"name": "standard", **options})

    @classmethod
    def classic(cls, **options: Any) -> EcarteRules:
        """19th-century club rules (Cavendish 1886; Parlett): must trump when void; classic scoring."""
        return cls(**{"name": "classic", "must_trump": True, "scoring": "classic", **options})


_PRESETS = {"standard": EcarteRules.standard, "classic": EcarteRules.classic}


def presets() -> dict[str, EcarteRules]:
    """Every named preset: ``{"standard": EcarteRules.standard(), "classic": …}``."""
    return {name: make() for name, make in _PRESETS.items()}


#: Why a hand scored what it did (§3.5), the ``reason`` of :class:`HandScore`: ``plain`` (3 or 4
#: tricks, 1 point), ``vole`` (all 5, 2 points), ``stood`` / ``refused`` (standard: a non-dealer
#: who stood at once, or whose proposal was refused, takes 3+: 2 points), ``stood_lost`` /
#: ``refused_lost`` (classic: the player who stood at once, or refused the first proposal, takes
#: fewer than 3: 2 points to the other).
REASONS = ("plain", "vole", "stood", "refused", "stood_lost", "refused_lost")


class HandScore(NamedTuple):
    """Points of one hand (§3.5): to the non-dealer, to the dealer (one of them is 0), and the
    ``reason`` (one of :data:`REASONS`)."""

    non_dealer: int
    dealer: int
    reason: str


def hand_points(nd_tricks: int, *, scoring: str, stood_at_once: bool, refused: bool,
                refused_first: bool) -> HandScore:
    """The points of a hand the non-dealer ends with ``nd_tricks`` tricks (0–5) (§3.5): the one
    scoring function, used by the engine and the AI.

    ``standard``: 3–4 tricks 1 point, the vole 2; a non-dealer who stood at once
    (``stood_at_once``) or whose proposal was refused (``refused``) scores 2 for 3+ tricks.
    ``classic``: the player who stood at once (the non-dealer) or refused the first proposal
    (``refused_first``: the dealer) and then takes fewer than 3 tricks gives the opponent 2.

    >>> hand_points(2, scoring="classic", stood_at_once=True, refused=False, refused_first=False)
    HandScore(non_dealer=0, dealer=2, reason='stood_lost')
    """
    nd_wins = nd_tricks >= 3
    won = nd_tricks if nd_wins else 5 - nd_tricks
    pts, reason = (2, "vole") if won == 5 else (1, "plain")
    if scoring == "standard":
        if nd_wins and (stood_at_once or refused):
            pts, reason = 2, ("stood" if stood_at_once else "refused")
    elif stood_at_once and not nd_wins:
        pts, reason = 2, "stood_lost"
    elif not stood_at_once and refused_first and nd_wins:
        pts, reason = 2, "refused_lost"
    return HandScore(pts, 0, reason) if nd_wins else HandScore(0, pts, reason)

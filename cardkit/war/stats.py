"""Statistics of War for the lesson "War by the numbers" (RULES.md §1), on top of
:func:`cardkit.war.bulk.play_many`.

numpy for the numbers: summaries of game length, the exact chance of a tie, packs of ``4 × k``
ranks, the published figures with their conventions. :func:`length_histogram` imports matplotlib
only when called (``pip install 'cardkit[lessons]'``); the lesson's control panel is
``cardkit_lessons.war_numbers.NumbersPanel``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any
from collections.abc import Callable, Sequence

import numpy as np

from ..cards import SUITS, Card, Rank
from ..i18n import N_, _
from .rules import WarRules
from .bulk import BulkResult, GameEnd, play_many, shuffled_deals

__all__ = [
    "PUBLISHED",
    "VARIANTS",
    "LengthSummary",
    "by_pack_size",
    "compare",
    "first_tie_chance",
    "first_tie_rate",
    "length_histogram",
    "length_summary",
    "pack_of_ranks",
    "still_going",
]


@dataclass(frozen=True)
class LengthSummary:
    """Game length in battles over ``n`` games: mean, median, the 90th and 99th percentiles, the
    longest game, and the mean number of wars per game."""

    n: int
    mean: float
    median: float
    p90: float
    p99: float
    longest: int
    wars_mean: float

    def __str__(self) -> str:
        return _("{n:,} games: mean {mean:.1f} battles, median {median:.0f}, 1 game in 10 longer "
                 "than {p90:.0f}, 1 in 100 longer than {p99:.0f}, longest {longest:,}; {wars:.1f} "
                 "wars per game").format(n=self.n, mean=self.mean, median=self.median, p90=self.p90,
                                         p99=self.p99, longest=self.longest, wars=self.wars_mean)


def length_summary(res: BulkResult) -> LengthSummary:
    """The :class:`LengthSummary` of a :func:`play_many` result (``ValueError`` if it is empty)."""
    if not res.n_games:
        raise ValueError("no games to summarise")
    b = res.battles
    p90, p99 = np.percentile(b, [90, 99])
    return LengthSummary(res.n_games, float(b.mean()), float(np.median(b)), float(p90),
                         float(p99), int(b.max()), float(res.wars.mean()))


def first_tie_chance(ranks: int = 13, suits: int = 4) -> Fraction:
    """The exact chance that the first battle of a two-player game is a tie (a war), with a pack of
    ``ranks × suits`` cards: whatever your card, ``suits − 1`` of the other cards share its rank.
    The standard pack: 3/51 = 1/17."""
    if ranks < 1 or suits < 1 or ranks * suits < 2:
        raise ValueError("a pack needs at least two cards")
    return Fraction(suits - 1, ranks * suits - 1)


def first_tie_rate(res: BulkResult) -> tuple[float, float]:
    """The fraction of games whose first battle was a tie, and its standard error."""
    p = float((res.first_wars > 0).mean())
    return p, float(np.sqrt(p * (1 - p) / max(1, res.n_games)))


def pack_of_ranks(k: int) -> list[Card]:
    """A pack of ``4 × k`` cards: the ``k`` highest ranks (A, K, Q, … down), each in 4 suits."""
    if not 1 <= k <= 13:
        raise ValueError("k (the number of ranks) must be 1 to 13")
    ranks = [r for r in Rank if 2 <= int(r) <= 14][-k:]
    return [Card(r, s) for s in SUITS for r in ranks]


def by_pack_size(rules: WarRules, ks: Sequence[int], n_games: int, seed: int = 0
                 ) -> dict[int, BulkResult]:
    """Play ``n_games`` games on shuffled packs of ``4 × k`` ranks for each ``k`` in ``ks``."""
    return {k: play_many(rules, deals=shuffled_deals(pack_of_ranks(k), n_games, seed=seed + k),
                         seed=seed + k) for k in ks}


VARIANTS: dict[str, Callable[[], WarRules]] = {
    N_("classic"): WarRules.classic,
    N_("Peace (lowest wins, 5 down)"): WarRules.peace,
    N_("Război (war size = card value)"): WarRules.razboi,
    N_("one-card wars (1 down)"): lambda: replace(WarRules.classic(), war_facedown=1),
    N_("automatic war (2s)"): WarRules.automatic_war,
    N_("3 beats faces"): WarRules.beats_faces,
    N_("4 beats aces"): WarRules.beats_aces,
    N_("three players"): WarRules.three_player,
    N_("four players (1 down)"): lambda: WarRules.multiplayer(4),
}
"""The rule sets of the lesson's comparisons and control panel, by the name it shows."""


def compare(names: Sequence[str], n_games: int, seed: int = 0, **options: Any
            ) -> dict[str, BulkResult]:
    """Play ``n_games`` games of each variant in ``VARIANTS`` named in ``names`` (the same seeds
    for each), with the ``WarRules`` fields in ``options`` changed (e.g. ``pickup="random"``)."""
    return {name: play_many(replace(VARIANTS[name](), **options), n_games, seed=seed)
            for name in names}


PUBLISHED = [
    {"figure": N_("about 253 battles and 15 wars per game on average"),
     "source": N_("an often-quoted simulation of a million games of two-player War"),
     "conventions": N_("3 down, 1 up; how won cards go back and what a player short of cards does "
                       "are not part of the quoted figure")},
    {"figure": N_("8–12 % of games still going after 5,000–10,000 battles"),
     "source": N_("simulations that put won cards back in a fixed order"),
     "conventions": N_("a game that goes round in a loop counts as still going (no draw by "
                       "repetition)")},
]
"""Figures published about War, each with the conventions it used as far as they are known
(English; ``_()`` says each in the reader's language)."""


def still_going(res: BulkResult, after: int) -> float:
    """The fraction of games that had not ended after ``after`` battles, counting a draw by
    repetition as a game that would have gone on for ever (as simulations without the rule do)."""
    going = (res.battles > after) | (res.end == GameEnd.repetition) | (
        (res.end == GameEnd.battle_limit) & (res.battles >= after))
    return float(going.mean()) if res.n_games else 0.0


def length_histogram(res: BulkResult, ax: Any = None, bins: int = 60, title: str | None = None,
                     clip: float = 99.5) -> Any:
    """A histogram of game length (battles) with the mean and median marked; games longer than
    the ``clip`` percentile are left off the picture (said in the x label). Returns the axes."""
    import matplotlib.pyplot as plt

    if ax is None:
        _fig, ax = plt.subplots(figsize=(7, 3.2))
    b = res.battles
    top = float(np.percentile(b, clip))
    ax.hist(b[b <= top], bins=bins, color="#4a7ab5")
    mean, med = float(b.mean()), float(np.median(b))
    ax.axvline(mean, color="#c00", linestyle="--", label=_("mean {m:.0f}").format(m=mean))
    ax.axvline(med, color="#222", linestyle=":", label=_("median {m:.0f}").format(m=med))
    ax.set_xlabel(_("battles in the game (the longest {p:g} % not shown)").format(p=100 - clip))
    ax.set_ylabel(_("games"))
    ax.set_title(title or _("{n:,} games of {rules}").format(n=res.n_games, rules=res.rules.describe()))
    ax.legend()
    return ax

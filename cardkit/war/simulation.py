"""Many seeded games of War at once, for statistics (RULES.md §1): :func:`simulate`.

Every game is played by the one battle-by-battle engine (:class:`~cardkit.war.engine.WarState`),
without a log.
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field, replace

import numpy as np
from numpy.typing import NDArray

from ..core import Action
from ..i18n import ngettext
from .computer import computer_player
from .deal import new_game
from .engine import WarState
from .rules import WarRules, player_name

__all__ = ["SimulationResult", "simulate"]

@dataclass
class SimulationResult:
    """Statistics of :func:`simulate`: per game ``lengths`` (battles) and ``wars`` (numpy int
    arrays), ``winners`` (seat or ``None`` for a draw), ``ends`` (how games ended → count)."""

    rules: WarRules
    lengths: NDArray[np.int64]
    wars: NDArray[np.int64]
    winners: list[int | None]
    ends: dict[str, int] = field(default_factory=dict)

    @property
    def n_games(self) -> int:
        return len(self.winners)

    @property
    def win_rates(self) -> np.ndarray:
        """Fraction of games won by each seat (draws count for nobody)."""
        w = np.zeros(self.rules.players)
        for x in self.winners:
            if x is not None:
                w[x] += 1
        return w / max(1, self.n_games)

    @property
    def draw_rate(self) -> float:
        return sum(x is None for x in self.winners) / max(1, self.n_games)

    @property
    def mean_length(self) -> float:
        return float(self.lengths.mean()) if self.n_games else 0.0

    @property
    def median_length(self) -> float:
        return float(np.median(self.lengths)) if self.n_games else 0.0

    def summary(self) -> str:
        """One sentence of the main numbers."""
        rates = ", ".join(f"{player_name(p)} {r:.0%}" for p, r in enumerate(self.win_rates))
        return ngettext("{n} game of {rules}: mean {mean:.0f} battles (median {med:.0f}); wins "
                        "{rates}; draws {d:.0%}.",
                        "{n} games of {rules}: mean {mean:.0f} battles (median {med:.0f}); wins "
                        "{rates}; draws {d:.0%}.", self.n_games).format(n=self.n_games, rules=self.rules.describe(),
                                          mean=self.mean_length, med=self.median_length,
                                          rates=rates, d=self.draw_rate)

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(self.summary())}</p>"


def _play_quietly(rules: WarRules, seed: int, level: str) -> WarState:
    """One whole game without a log, through the engine's rule step (``_apply``: the legality
    check and the undo snapshot of ``apply`` are not needed for the engine's own moves)."""
    g = new_game(rules, seed=seed, quiet=True)
    flip, bots = Action("flip"), None
    while not g.is_over:
        cp = g.current_player
        if cp is None:
            g._apply(flip)
            continue
        if bots is None:
            bots = [computer_player(level, seed=seed + p + 1) for p in range(rules.players)]
        g._apply(bots[cp].choose(g.observation(cp)))
    return g


def simulate(rules: WarRules | None = None, n_games: int = 1000, seed: int | None = 0, *,
             level: str = "easy") -> SimulationResult:
    """Play ``n_games`` seeded games without logs and gather statistics (RULES.md §1).

    Each game's seed comes from ``numpy.random.default_rng(seed)``; Steal War decisions (steals
    and top cards) are made by :func:`computer_player` at ``level``. In Slap war every player is
    simulated (``slap_seat=None``): all reaction times come from the game's RNG with the rules'
    ``slap_mean`` (§1.9). Returns a :class:`SimulationResult`. Same ``seed`` → same result.
    """
    rules = rules if rules is not None else WarRules()
    if rules.slap_rank is not None and rules.slap_seat is not None:
        rules = replace(rules, slap_seat=None)
    if n_games < 0:
        raise ValueError("n_games must be ≥ 0")
    rng = np.random.default_rng(seed)
    seeds = rng.integers(0, 2**62, size=n_games)
    lengths = np.zeros(n_games, dtype=np.int64)
    wars = np.zeros(n_games, dtype=np.int64)
    winners: list[int | None] = []
    ends: dict[str, int] = {}
    for i, s in enumerate(seeds):
        g = _play_quietly(rules, int(s), level)
        lengths[i], wars[i] = g.battles, g.wars
        winners.append(g.winner)
        how = g.result
        assert how is not None, "a simulated game is played to its end"
        ends[how] = ends.get(how, 0) + 1
    return SimulationResult(rules, lengths, wars, winners, ends)

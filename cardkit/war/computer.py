"""War's computer player (RULES.md §1.9, §1.10): decides Steal War's steals and top cards and
Slap war's slaps from ``observation(seat)`` alone."""
from __future__ import annotations

import numpy as np

from ..core import Action
from .battle import reaction_time
from .observation import WarObservation

__all__ = ["WarComputer", "computer_player"]

_LEVEL_MEAN = {"easy": 0.9, "hard": 0.45}


class WarComputer:
    """A computer player for War's decisions, given only ``observation(seat)``: a
    :class:`cardkit.core.Player` (``WarComputer(level="hard", seed=1)``).

    - Steal War: always steals (a steal never loses a card); chooses the top card of its face-up
      pile at random (``easy``) or the card whose rank has the fewest copies it has not seen
      (``hard``: hardest for an opponent to match).
    - Slap war: draws its own reaction time (gamma, mean 0.9 s ``easy`` / 0.45 s ``hard``) and
      slaps when that beats the window and the other players (``observation.slap``).
    - Otherwise: ``flip``.
    """

    def __init__(self, level: str = "easy", seed: int | None = None) -> None:
        """``level`` ``"easy"`` or ``"hard"`` (else ``ValueError``); ``seed`` feeds the player's own
        ``numpy.random.default_rng`` (its top-card choices and reaction times)."""
        if level not in _LEVEL_MEAN:
            raise ValueError(f"level must be one of {', '.join(_LEVEL_MEAN)}, not {level!r}")
        self.level = level
        self.mean = _LEVEL_MEAN[level]
        self.rng = np.random.default_rng(seed)

    def slap_delay(self) -> float:
        """This player's next reaction time to a slap card, in seconds (seeded)."""
        return reaction_time(self.rng, self.mean)

    def choose(self, observation: WarObservation) -> Action:
        """The action for the seat of ``observation`` (a :class:`~cardkit.war.WarObservation`).
        Raises ``ValueError`` when it has no legal action."""
        legal = list(observation.legal_actions)
        if not legal:
            raise ValueError("no decision to make: observation has no legal actions")
        kinds = {a.kind for a in legal}
        if "steal" in kinds:
            return Action("steal")
        if "slap" in kinds:
            return self._slap_or_flip(observation)
        tops = [a for a in legal if a.kind == "top"]
        if tops:
            if self.level == "easy":
                return tops[int(self.rng.integers(len(tops)))]
            return self._safest_top(observation, tops)
        return legal[0]

    def _slap_or_flip(self, observation: WarObservation) -> Action:
        """Slap when this player's reaction time beats the window and every other player."""
        s = observation.slap
        if s is None:
            return Action("flip")
        t = self.slap_delay()
        if t <= s["window"] and (s["others_time"] is None or t < s["others_time"]):
            return Action("slap")
        return Action("flip")

    @staticmethod
    def _safest_top(obs: WarObservation, tops: list[Action]) -> Action:
        seen: dict[int, int] = {}
        visible = list(obs.won or []) + [p["top"] for p in (obs.piles or []) if p["top"]]
        for c in visible:
            seen[int(c.rank)] = seen.get(int(c.rank), 0) + 1

        def unseen(a: Action) -> tuple[int, int]:
            r = int(a.card.rank)
            return ((2 if r == 15 else 4) - seen.get(r, 0), -r)
        return min(tops, key=unseen)


def computer_player(level: str = "easy", seed: int | None = None) -> WarComputer:
    """A :class:`WarComputer` (``level`` ``"easy"`` or ``"hard"``), seeded for reproducibility."""
    return WarComputer(level=level, seed=seed)



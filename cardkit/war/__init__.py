"""War and its variants (RULES.md §1): classic, multiplayer, three-player, Peace, Război,
automatic war, # beats faces / aces, underdog, slap war and Steal War.

Quick start::

    >>> from cardkit import war
    >>> g = war.new_game(war.WarRules.classic(), hands=["KD 2C", "4S 3H"])
    >>> g.apply("flip")              # one battle, with every war it leads to
    <War classic: packets 3/1, 1 battles, battle 2 next>
    >>> g.log[-1].explain()
    'Battle: K♦ (Player 1) vs 4♠ (Player 2). K♦ beats 4♠: Player 1 wins the battle and takes 2 cards.'
    >>> obs = g.observation(1)
    >>> obs.card_counts, obs.what_now
    ((3, 1), 'Press Flip to turn the top cards (Classic War).')

Seats are numbered 0..n-1; sentences people read call seat 0 "Player 1" (``names``). Every pile
is a list of cards **top first**. The full position is public on the state (``packets``, Steal
War's ``piles``, the cards on the ``table``, ``set_aside``); a table shows only
``observation(seat)`` (:class:`WarObservation`).

The package:

- :mod:`cardkit.war.rules` — :class:`WarRules`, its presets (:data:`PRESETS`, :data:`VARIANTS`)
  and their labels;
- :mod:`cardkit.war.engine` — :class:`WarState`, the battle-by-battle engine;
  :mod:`cardkit.war.battle` its steps (comparing cards, wars, running short; Slap war, Steal War);
- :mod:`cardkit.war.deal` — :func:`new_game`, the deal;
- :mod:`cardkit.war.observation` — :class:`WarObservation`, what one seat sees;
- :mod:`cardkit.war.text` — rule references, "what now" and the one refusal explainer;
- :mod:`cardkit.war.computer` — :class:`WarComputer`, the computer player;
- :mod:`cardkit.war.simulation` — :func:`simulate`, many seeded games for statistics, through
  the engine (every preset);
- :mod:`cardkit.war.bulk` — :func:`~cardkit.war.bulk.play_many`, the documented fast path: many
  whole games at once, compiled with numba (the ``bulk`` extra), for the presets that change only
  how cards compare or how big a war is; proven equal to the engine game by game
  (tests/rules/war/test_bulk.py);
- :mod:`cardkit.war.stats` — the numbers of the lesson "War by the numbers", from play_many.
"""
from __future__ import annotations

from .computer import WarComputer, computer_player
from .deal import new_game
from .engine import PHASES, WarState, reaction_time
from .observation import WarObservation
from .rules import PRESETS, VARIANTS, WarRules, player_name
from .simulation import SimulationResult, simulate
from .text import decision_refusal, refusal, reveal_pause, rule_ref, what_now

__all__ = [
    "PHASES",
    "PRESETS",
    "VARIANTS",
    "SimulationResult",
    "WarComputer",
    "WarObservation",
    "WarRules",
    "WarState",
    "computer_player",
    "decision_refusal",
    "new_game",
    "player_name",
    "presets",
    "reaction_time",
    "refusal",
    "reveal_pause",
    "rule_ref",
    "simulate",
    "what_now",
]


def presets() -> dict[str, WarRules]:
    """Every variant a table offers, by name: ``{"classic": WarRules.classic(), …}``
    (:data:`VARIANTS`, built)."""
    return {name: make() for name, make in VARIANTS.items()}

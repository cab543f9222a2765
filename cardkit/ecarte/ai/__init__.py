"""The Écarté AI (RULES.md §3, §3.6): a double-dummy solver, what a seat can infer about the
opponent's hand, the search player and an advisor that explains itself.

Everything here reads only what a seat may see (``state.observation(seat)``, through
:func:`~cardkit.ecarte.ai.view.seat_view`): the players and the advisor never touch a game state.
The modules, bottom up:

- :mod:`~cardkit.ecarte.ai.solver` — cards as bits and the exact double-dummy :class:`Solver`;
- :mod:`~cardkit.ecarte.ai.view` — :class:`SeatView`, the observation read once;
- :mod:`~cardkit.ecarte.ai.sampler` — the facts and guesses about the opponent's hand, and
  :func:`sample_hands`;
- :mod:`~cardkit.ecarte.ai.player` — :class:`Search` (the ``medium`` and ``hard`` levels of
  :class:`cardkit.ecarte.EcarteComputer`) and :func:`match_value`;
- :mod:`~cardkit.ecarte.ai.advisor` — :func:`advice`, :func:`stand_advice`, :func:`card_advice`,
  :func:`foster_counts`, :func:`jeux_de_regle_check`.
"""
from __future__ import annotations

from .advisor import JEUX_DE_REGLE, advice, card_advice, foster_counts, jeux_de_regle_check, stand_advice
from .player import LEVELS, Search, match_value
from .sampler import bid_hint, consistent_hand, hand_constraints, play_weight, sample_hands, unseen_mask
from .solver import Solver, card_index, cards_of, index_card, mask_of, mask_of_idx, plain_legal, solve_plain, solver
from .view import SeatView, seat_view

__all__ = [
    "JEUX_DE_REGLE",
    "LEVELS",
    "Search",
    "SeatView",
    "Solver",
    "advice",
    "bid_hint",
    "card_advice",
    "card_index",
    "cards_of",
    "consistent_hand",
    "foster_counts",
    "hand_constraints",
    "index_card",
    "jeux_de_regle_check",
    "mask_of",
    "mask_of_idx",
    "match_value",
    "plain_legal",
    "play_weight",
    "sample_hands",
    "seat_view",
    "solve_plain",
    "solver",
    "stand_advice",
    "unseen_mask",
]

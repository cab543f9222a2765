"""Écarté: the 19th-century French trick-taking game for two (RULES.md §3).

A state is a whole **match** across hands: the deal alternates every hand and the match ends the
moment a player reaches ``rules.target`` points (even in the middle of a hand).

Quick use::

    >>> from cardkit import ecarte
    >>> s = ecarte.new_game(seed=1)
    >>> s.legal_actions()            # the non-dealer decides first
    [Action('stand'), Action('propose')]
    >>> obs = s.observation(s.current_player)
    >>> print(obs.what_now)  # doctest: +NORMALIZE_WHITESPACE
    You are the non-dealer: Stand (play the hand as dealt), or Propose an exchange with the stock
    (Proposals and exchanges).

The package (docs/architecture.md, "The protocol"):

- :mod:`cardkit.ecarte.tricks` — the rank order, who wins a trick, and :func:`legal_plays`, the
  one statement of what may be played (§3.1, §3.4);
- :mod:`cardkit.ecarte.rules` — :class:`EcarteRules`, its presets and labels, and
  :func:`hand_points`, the one hand-scoring function (§3.5);
- :mod:`cardkit.ecarte.engine` — :class:`EcarteState` (phases, public position) and
  :func:`new_game`, :func:`stacked_deck`;
- :mod:`cardkit.ecarte.observation` — :class:`EcarteObservation`, what one seat sees;
- :mod:`cardkit.ecarte.text` — every sentence a person reads: rule names, events, "What now",
  the one refusal explainer, the advisor's hints;
- :mod:`cardkit.ecarte.computer` — :class:`EcarteComputer` and :func:`computer_player`;
- :mod:`cardkit.ecarte.ai` — the solver, the sampler, the search player and the advisor (§3.6).
"""
from __future__ import annotations

# the card helpers the old module ``cardkit.ecarte`` showed, still read from it by lessons and tests
from ..cards import Card, parse_card, parse_cards, piquet_pack  # noqa: F401
from ..core import Action  # noqa: F401
from .ai.advisor import advice, card_advice, foster_counts, jeux_de_regle_check, stand_advice
from .computer import LEVELS, EcarteComputer, computer_player, hand_strength
from .engine import PHASES, EcarteState, new_game, stacked_deck
from .observation import EcarteObservation
from .rules import EcarteRules, HandScore, hand_points, presets
from .text import (RULE_DEAL, RULE_EXCHANGE, RULE_GAME, RULE_KING, RULE_PACK, RULE_SCORING, RULE_TRICK,
                   RULE_TRUMP, or_list, what_now)
from .tricks import RANK_ORDER, Plays, by_rank, legal_plays, rank_strength, trick_winner

__all__ = [
    "LEVELS",
    "PHASES",
    "RANK_ORDER",
    "RULE_DEAL",
    "RULE_EXCHANGE",
    "RULE_GAME",
    "RULE_KING",
    "RULE_PACK",
    "RULE_SCORING",
    "RULE_TRICK",
    "RULE_TRUMP",
    "EcarteComputer",
    "EcarteObservation",
    "EcarteRules",
    "EcarteState",
    "HandScore",
    "Plays",
    "advice",
    "by_rank",
    "card_advice",
    "computer_player",
    "foster_counts",
    "hand_points",
    "hand_strength",
    "jeux_de_regle_check",
    "legal_plays",
    "new_game",
    "or_list",
    "presets",
    "rank_strength",
    "stacked_deck",
    "stand_advice",
    "trick_winner",
    "what_now",
]

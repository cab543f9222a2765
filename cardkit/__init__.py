"""cardkit: the rules of War (and variants), Switch and Écarté, with computer players.

Every game module (``cardkit.ecarte``, ``cardkit.war``, ``cardkit.switch``) follows the protocol in
docs/observation.md: ``new_game(rules=None, *, seed=None, deck=None, ...)`` returns a state with
``current_player``, ``legal_actions()``, ``apply(action)``, ``is_over``, ``winner``,
``observation(seat)``, ``clone()``, ``to_json()``/``from_json()`` and an explained ``log``.
"""
from .cards import (Card, Rank, Suit, SUITS, JOKER, parse_card, parse_cards, cards_text,
                    standard_pack, piquet_pack, shuffled)
from .core import (Action, ActionError, Event, GameState, IllegalAction, InvalidAction, Observation,
                   Outcome, Preset, Rule)
from .i18n import _

__all__ = [
                    "JOKER",
                    "SUITS",
                    "Action",
                    "ActionError",
                    "Card",
                    "Event",
                    "GameState",
                    "IllegalAction",
                    "InvalidAction",
                    "Observation",
                    "Outcome",
                    "Preset",
                    "Rank",
                    "Rule",
                    "Suit",
                    "_",
                    "cards_text",
                    "parse_card",
                    "parse_cards",
                    "piquet_pack",
                    "shuffled",
                    "standard_pack",
]
__version__ = "0.1.0"

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
                    "GAMES",
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
                    "state_class",
]
__version__ = "0.1.0"

#: every game by its name (the ``"game"`` of its JSON and observations) -> its state class's
#: name in its module ``cardkit.<game>``
GAMES = {"ecarte": "EcarteState", "switch": "SwitchState", "war": "WarState"}


def state_class(game: str) -> type[GameState]:
    """The state class of the game named ``game`` (a key of :data:`GAMES`), whose
    ``from_json`` rebuilds a stored match. Raises ``ValueError`` for a name that is no game's.

    >>> state_class("war").__name__, state_class("ecarte").__name__
    ('WarState', 'EcarteState')
    >>> state_class("poker")
    Traceback (most recent call last):
    ValueError: no game 'poker' (one of ecarte, switch, war)
    """
    import importlib
    if game not in GAMES:
        raise ValueError(f"no game {game!r} (one of {', '.join(GAMES)})")
    cls: type[GameState] = getattr(importlib.import_module(f"cardkit.{game}"), GAMES[game])
    return cls

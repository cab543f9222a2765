"""The game protocol every cardkit game follows (docs/observation.md).

The shared types (field-by-field spec: docs/observation.md):

- :class:`Rule` – a rule reference: a plain name a child can read ("Follow suit and win the
  trick") and its section of the rule book (``"3.4"``). Messages show the name; tables may link
  the section.
- :class:`ActionError` – base of :class:`InvalidAction` (text that is not an action at all) and
  :class:`IllegalAction` (an action the rules forbid now). Both are ``ValueError`` s; an
  ``IllegalAction`` carries the :class:`Rule` that forbids the move in ``.rule``.
- :class:`Action` – a small frozen value with a text form: ``str(action)`` gives it and
  :meth:`Action.parse` reads it back (``play K♥``, ``discard 7♠ 8♦``, ``announce king``,
  ``choose hearts``, ``last card``, ``top 9♣``, ``draw`` …; plain letters work too: ``play KH``).
- :class:`Event` – one entry of ``state.log``: structured (``kind``, ``player``, ``cards``,
  ``data``, ``rule``) with English templates filled at read time, through the one translation
  function, for the reader's point of view (``explain()``: "You win trick 3" / "Ada wins trick 3").
- :class:`Outcome` – how a finished game ended (winner or draw, and why), like python-chess's
  ``Outcome``/``Termination``.
- :class:`Preset` – the rules a game is played with, as a table shows them: preset ``name`` and
  human ``label``.
- :class:`Observation` – the frozen, JSON-serialisable view of one seat: the contract between the
  rules and everything else (tables, computer players, lessons, translations). Each game
  subclasses it with its public fields.
- :class:`GameState` – the shared machinery: one ``apply`` (parse, pure legality check, cheap
  snapshot, atomic), ``clone``, ``to_json``/``from_json`` (rules + deal + actions, replayed
  exactly), the seat's :class:`Observation`.

A game module subclasses :class:`GameState` and implements ``_legal_actions()``,
``_apply(action)``, ``observation(seat)``, ``current_player``, ``is_over``, ``winner``,
``_from_setup()`` and a module-level ``new_game``; it may override ``_refusal(action)`` (the one
refusal explainer: which rule forbids ``action``) and ``_snapshot``/``_restore`` only if the
default copy is too slow.
"""
from __future__ import annotations

import abc
import contextlib
import copy
import json
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable
from collections.abc import Callable, Mapping

import numpy as np

from . import i18n
from .actions import Action, ActionError, IllegalAction, InvalidAction, Rule
from .cards import Card
from .events import SEAT_KEYS, Event, _jsonable
from .events import _replace as _replace         # the games' own frozen-dataclass copies
from .i18n import _

R = TypeVar("R")

__all__ = [
    "SEAT_KEYS",
    "Action",
    "ActionError",
    "Event",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "Observation",
    "Outcome",
    "Player",
    "Preset",
    "Rule",
    "check_rules",
    "default_names",
    "rules_from_dict",
    "rules_to_dict",
]


# ---------------------------------------------------------------------------------- outcome, preset
@dataclass(frozen=True)
class Outcome:
    """How a game ended (like python-chess's ``Outcome``).

    - ``winner``: the winning seat, or ``None`` for a draw.
    - ``termination``: why it ended, a short word fixed per game: Écarté ``"target"`` (a player
      reached the target score); Switch ``"out"`` (a player shed every card) or ``"blocked"``
      (nobody could play or draw for a whole round); War's are documented in its module.
    - ``text``: the sentence for the reader of the observation ("You win the game 5–3.").
    - ``winners``: every seat that won or shared a drawn game (``(winner,)`` when there is one).
    """

    winner: int | None
    termination: str
    text: str = ""
    winners: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "termination": self.termination, "text": self.text,
                "winners": list(self.winners)}


@dataclass(frozen=True)
class Preset:
    """The rules as a table shows them: ``name`` of the preset (``"classic"``) and a human
    ``label`` ("Classic (must trump)"); ``options`` the rules' fields as plain JSON values."""

    name: str
    label: str
    options: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, rules: Any) -> Preset:
        """From a rules dataclass with ``name`` (or ``preset``) and ``label``. Rules are frozen, so
        the preset is made once per rules value (and language)."""
        key = (rules, i18n.get_language())
        try:
            return _PRESETS[key]
        except (KeyError, TypeError):
            pass
        name = getattr(rules, "name", None) or getattr(rules, "preset", None) or "custom"
        label = getattr(rules, "label", None) or str(name)
        preset = cls(str(name), str(label), rules_to_dict(rules) if is_dataclass(rules) else {})
        with contextlib.suppress(TypeError):   # rules that cannot be hashed: not kept
            _PRESETS[key] = preset
        return preset

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "options": _jsonable(dict(self.options))}


_PRESETS: dict[tuple[Any, str], Preset] = {}


def default_names(n: int) -> tuple[str, ...]:
    """``("Player 1", "Player 2", …)``: seats are 0-based, people count from 1. Kept in English
    in the game (it is saved with it); :func:`cardkit.i18n.shown_name` says them in the reader's language."""
    return tuple(f"Player {s + 1}" for s in range(n))




# ---------------------------------------------------------------------------------- observation
@dataclass(frozen=True, kw_only=True)
class Observation:
    """Exactly what one seat may see: the contract between the rules and everything else.

    Shared fields (every game; docs/observation.md has the full list per game):

    - ``game``: ``"war"``, ``"switch"`` or ``"ecarte"``.
    - ``names``: every seat's name, ``names[seat]`` is this seat's.
    - ``seat``: whose view this is (0-based).
    - ``rules``: a :class:`Preset` (``name``, ``label``, ``options``).
    - ``phase``: the game's phase word (per game; ``"over"`` once the game is over).
    - ``current_player``: whose decision is pending, or None.
    - ``legal_actions``: this seat's moves now (a tuple of :class:`Action`), empty when it is not
      this seat's decision.
    - ``scores``: points per seat, or None where the game has no points.
    - ``outcome``: None while playing, else an :class:`Outcome` (its text for this seat).
    - ``what_now``: one sentence for this seat: what it may do now and which rule applies; never
      empty while the game goes on.
    - ``events``: the game's events as this seat saw them (hidden cards already removed), oldest
      first, one per entry of ``state.log``.
    - ``card_counts``: cards held per seat (hand or packet sizes).
    - ``hand``: this seat's own cards (a tuple), or ``()`` where a game has no hand.

    ``to_dict()``/``to_json()`` give plain JSON types (cards as their text, e.g. ``"10♦"``,
    suits as words, actions as their text, events as :meth:`Event.to_dict`). Fields are read as
    attributes (``obs.hand``); an observation is not a mapping.
    """

    game: str
    names: tuple[str, ...]
    seat: int
    rules: Preset
    phase: str
    current_player: int | None
    legal_actions: tuple[Action, ...] = ()
    scores: tuple[int, ...] | None = None
    outcome: Outcome | None = None
    what_now: str = ""
    events: tuple[Event, ...] = ()
    card_counts: tuple[int, ...] = ()
    hand: tuple[Card, ...] = ()

    @property
    def is_over(self) -> bool:
        """True once the game is over (``outcome`` is set)."""
        return self.outcome is not None

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over, else None (also None for a draw)."""
        return None if self.outcome is None else self.outcome.winner

    @property
    def is_my_turn(self) -> bool:
        """True when this seat has a move to make (``legal_actions`` is not empty)."""
        return bool(self.legal_actions)

    def refusal(self, action: Action | str) -> IllegalAction | None:
        """The one refusal explainer, for this seat: None when ``action`` is one of
        ``legal_actions``, else the :class:`IllegalAction` saying why in plain words and naming
        the rule (games override :meth:`_refuse`). Raises :class:`InvalidAction` for bad text."""
        action = Action.parse(action)
        if action in self.legal_actions:
            return None
        if self.is_over:
            return IllegalAction(_("The game is over."))
        return self._refuse(action)

    def _refuse(self, action: Action) -> IllegalAction:
        if self.current_player != self.seat:
            return IllegalAction(_("Wait: it is {who}'s turn.").format(
                who=self.names[self.current_player]) if self.current_player is not None else
                _("{action} is not a legal move now.").format(action=action))
        return IllegalAction(_("{action} is not a legal move now.").format(action=action))

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain JSON types (see the class doc)."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in fields(self)}

    def to_json(self) -> str:
        """:meth:`to_dict` as a JSON string (UTF-8 text, keys sorted)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)


# ---------------------------------------------------------------------------------- the state
def _copy_tree(v: Any) -> Any:
    """A copy of the containers (list, dict, set) in ``v``; everything else is shared, which is
    right for immutable values (cards, numbers, strings, enums, frozen dataclasses, tuples)."""
    t = type(v)
    if t is list:
        return [_copy_tree(x) if type(x) in _CONTAINERS else x for x in v]
    if t is dict:
        return {k: _copy_tree(x) if type(x) in _CONTAINERS else x for k, x in v.items()}
    if t is set:
        return set(v)
    return v


_CONTAINERS = (list, dict, set)


class GameState(abc.ABC):
    """Shared machinery of every game state (docs/observation.md).

    Subclasses set ``GAME`` (e.g. ``"ecarte"``) and implement the abstract hooks
    (``_legal_actions``, ``_apply``, ``current_player``, ``is_over``, ``winner``, ``observation``,
    ``_from_setup``): a game that leaves one out cannot be instantiated (``TypeError``).
    ``apply`` records each applied action's text in ``self.actions`` for ``to_json``.
    """

    GAME: ClassVar[str] = ""
    #: every seat's name (``names[seat]``), set by the game's ``new_game``
    names: tuple[str, ...] | list[str]
    #: attributes apply() does not copy for its rollback: append-only or immutable ones
    _NOT_COPIED: ClassVar[frozenset[str]] = frozenset({"log", "actions", "_setup", "rules",
                                                  "_event_views"})
    _new_game: ClassVar[Callable[..., GameState]]

    def __init__(self) -> None:
        self.log: list[Event] = []
        self.actions: list[str] = []
        self._setup: dict[str, Any] = {}

    # -- hooks -------------------------------------------------------------------------------
    @abc.abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every action legal now, for whoever may act (current player, or out of turn)."""

    @abc.abstractmethod
    def _apply(self, action: Action) -> None:
        """Make ``action`` (already checked legal by :meth:`apply`): move cards, log events."""

    def _refusal(self, action: Action) -> IllegalAction:
        """The :class:`IllegalAction` (plain-words message, ``.rule``) for an ``action`` that is
        not legal now: the current player's ``observation(seat).refusal(action)`` — the game's
        one refusal explainer, shared with the tables."""
        seat = self.current_player
        found = self.observation(seat).refusal(action) if seat is not None else None
        return found or IllegalAction(_("{action} is not a legal move now.").format(action=action))

    def _check(self, action: Action) -> None:
        """The pure legality check: raise :meth:`_refusal` unless ``action`` is legal now.
        Changes nothing."""
        if action not in self._legal_actions():
            raise self._refusal(action)

    # -- protocol ----------------------------------------------------------------------------
    @property
    @abc.abstractmethod
    def current_player(self) -> int | None:
        """The seat whose decision is pending (0-based), or None (game over, or nobody's turn)."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @property
    @abc.abstractmethod
    def winner(self) -> int | None:
        """The winning seat once the game is over; None while it goes on and for a draw."""

    def legal_actions(self) -> list[Action]:
        """The moves ``current_player`` may make now (empty when the game is over)."""
        return [] if self.is_over else list(self._legal_actions())

    @abc.abstractmethod
    def observation(self, seat: int) -> Observation:
        """Exactly what ``seat`` may see now (the game's :class:`Observation` subclass)."""

    def events_for(self, seat: int | None) -> tuple[Event, ...]:
        """``state.log`` as ``seat`` saw it (hidden cards removed), speaking to that seat.

        The views are kept per seat and extended as the log grows (the log only grows, events are
        frozen), so an observation per move costs no more than the new events."""
        cache = self.__dict__.setdefault("_event_views", {})
        raw, views = cache.setdefault(seat, ([], []))
        n = len(raw)
        if n > len(self.log) or (n and raw[-1] is not self.log[n - 1]):
            raw.clear()                           # the log was cut back (a failed move): redo
            views.clear()
            n = 0
        names = tuple(self.names)
        for e in self.log[n:]:
            raw.append(e)
            views.append(e.seen_by(seat, names))
        return tuple(views)

    def apply(self, action: Action | str) -> GameState:
        """Apply ``action`` (an :class:`Action` or its text) and return ``self``.

        Raises :class:`InvalidAction` for text that is not an action and :class:`IllegalAction`
        (message in plain words naming the rule, ``.rule`` the :class:`Rule`) for a move the rules
        forbid now; either way the state is exactly as it was (checked before anything changes,
        and restored from a snapshot if a rule fails half-way).
        """
        action = Action.parse(action)
        if self.is_over:
            raise IllegalAction(_("The game is over: {action} is not possible.").format(
                action=action))
        self._check(action)
        snapshot = self._snapshot()
        try:
            self._apply(action)
        except BaseException:
            self._restore(snapshot)
            raise
        self.actions.append(str(action))
        return self

    def _snapshot(self) -> Any:
        """What :meth:`apply` needs to undo a failed move: the containers of the state copied
        (cards and other immutable values shared), the RNG's state, the log's length."""
        saved: dict[str, Any] = {}
        rngs: dict[str, Any] = {}
        for k, v in self.__dict__.items():
            if k in self._NOT_COPIED:
                continue
            if isinstance(v, np.random.Generator):
                rngs[k] = v.bit_generator.state
            saved[k] = _copy_tree(v)
        return saved, rngs, len(self.log)

    def _restore(self, snapshot: Any) -> None:
        saved, rngs, n_log = snapshot
        keep = {k: v for k, v in self.__dict__.items() if k in self._NOT_COPIED}
        self.__dict__.clear()
        self.__dict__.update(saved)
        self.__dict__.update(keep)
        for k, state in rngs.items():
            self.__dict__[k].bit_generator.state = state
        del self.log[n_log:]

    def clone(self) -> GameState:
        """An independent deep copy (same RNG state, so it plays on identically)."""
        return copy.deepcopy(self)

    def to_json(self) -> str:
        """The rules, the deal and every action taken, as a JSON string; see :meth:`from_json`."""
        return json.dumps({"game": self.GAME, **_jsonable(self._setup), "actions": list(self.actions)},
                          ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Rebuild a state from :meth:`to_json` output by replaying the deal and the actions.
        Raises ``ValueError`` for JSON of another game."""
        d = json.loads(text)
        game = d.pop("game")
        if cls.GAME and game != cls.GAME:
            raise ValueError(f"this JSON is a {game!r} game, not {cls.GAME!r}")
        actions = d.pop("actions")
        state = cls._from_setup(d)
        for a in actions:
            state.apply(a)
        return state

    @classmethod
    @abc.abstractmethod
    def _from_setup(cls, setup: dict[str, Any]) -> GameState:
        """The state right after the deal that :meth:`to_json` recorded in ``setup``."""


def rules_to_dict(rules: Any) -> dict[str, Any]:
    """A frozen rules dataclass as a JSON-able dict (tuples become lists)."""
    d: dict[str, Any] = _jsonable(asdict(rules))
    return d


def rules_from_dict(cls: type[R], d: Mapping[str, Any]) -> R:
    """Rebuild a rules dataclass from :func:`rules_to_dict` output (lists become tuples).
    Raises ``ValueError`` for an option the rules do not have."""
    kw: dict[str, Any] = {}
    dataclass_type: Any = cls                 # a dataclass (``fields`` raises TypeError if not)
    names = {f.name for f in fields(dataclass_type)}
    for k, v in d.items():
        if k not in names:
            raise ValueError(f"unknown rule option {k!r} for {cls.__name__}")
        kw[k] = tuple(v) if isinstance(v, list) else v
    return cls(**kw)


# ---------------------------------------------------------------------------------- players, rules
#: The observation type a player reads (contravariant: a player of any observation plays every game).
ObsT = TypeVar("ObsT", bound=Observation, contravariant=True)


@runtime_checkable
class Player(Protocol[ObsT]):
    """A computer (or scripted) player: ``choose`` returns one of ``observation.legal_actions``.

    Generic in the observation it reads: ``EcarteComputer`` is a ``Player[EcarteObservation]``;
    code that serves any game holds a ``Player[Any]``. Every game's computer player is
    ``<Game>Computer(level=..., seed=...)`` and is made by its module's
    ``computer_player(level, seed)``; a player reads only the observation of its seat
    (docs/architecture.md, "The protocol").
    """

    def choose(self, observation: ObsT) -> Action:
        """The action to take, one of ``observation.legal_actions`` (never empty when asked)."""
        ...



def check_rules(rules: object, cls: type[R], game: str) -> R:
    """``rules`` when it is a ``cls``; else the one ``TypeError`` every game raises for another
    game's rules (or anything else), naming both.

    >>> check_rules(3, dict, "Écarté")
    Traceback (most recent call last):
    ...
    TypeError: Écarté needs dict, not int
    """
    if not isinstance(rules, cls):
        raise TypeError(f"{game} needs {cls.__name__}, not {type(rules).__name__}")
    return rules

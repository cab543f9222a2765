"""The game protocol every cardkit game follows (DESIGN.md, "The game protocol").

- :class:`IllegalAction` – raised by ``apply`` for a move the rules forbid; the message names the
  rule, and the state is left exactly as it was.
- :class:`Action` – a small frozen value with a text form: ``str(action)`` gives it and
  :meth:`Action.parse` reads it back (``play K♥``, ``discard 7♠ 8♦``, ``announce king``,
  ``choose hearts``, ``last card``, ``top 9♣``, ``draw`` …; plain letters work too: ``play KH``).
- :class:`Event` – one entry of ``state.log``, with ``explain()``: one sentence naming the rule.
- :class:`GameState` – the shared machinery: ``apply`` (action or text, validated, atomic),
  ``clone``, ``to_json``/``from_json`` (rules + deal + actions, replayed exactly), ``repr``.

A game module subclasses :class:`GameState` and implements ``_legal_actions()``, ``_apply(action)``,
``observation(player)``, ``current_player``, ``is_over``, ``winner``, plus ``_json_setup()`` and a
module-level ``new_game``.
"""
from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field, fields, asdict, is_dataclass
from typing import Any, Callable, ClassVar

from .cards import Card, Suit, parse_card, parse_cards


class IllegalAction(ValueError):
    """An action the rules forbid right now. The message names the rule (RULES.md section)."""


# verbs that take cards, verbs that take one word, verbs that take nothing
_CARD_VERBS = ("play", "discard", "top")
_WORD_VERBS = ("announce", "choose")
_BARE_VERBS = ("draw", "propose", "accept", "refuse", "stand", "pass", "steal", "flip", "slap",
               "challenge", "last card")


def _card_key(c: Card) -> tuple:
    return (9 if c.suit is None else "SHDC".index(c.suit.letter), int(c.rank))


@dataclass(frozen=True)
class Action:
    """A move. ``kind`` is the verb; ``cards`` the cards it names; ``word`` a word argument.

    Text forms: ``play K♥``, ``discard 7♠ 8♦`` (``discard`` with no card: the dealer discards
    none in Écarté), ``top 9♣``, ``announce king``, ``choose hearts``, and the bare verbs
    ``draw propose accept refuse stand pass steal flip slap challenge``, ``last card``.
    The cards of a ``discard`` are a set: they are kept in one canonical order (suits ♠♥♦♣, then
    rank), so two texts naming the same cards give equal actions.
    """

    kind: str
    cards: tuple[Card, ...] = ()
    word: str | None = None

    def __post_init__(self):
        if self.kind == "discard":
            # a discard is a set of cards: one canonical order, so "discard 8♦ 7♠" == "discard 7♠ 8♦"
            object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_card_key)))

    def __str__(self) -> str:
        if self.kind in _CARD_VERBS:
            return " ".join([self.kind] + [str(c) for c in self.cards])
        if self.kind in _WORD_VERBS:
            return f"{self.kind} {self.word}"
        return self.kind

    def __repr__(self) -> str:
        return f"Action('{self}')"

    @property
    def card(self) -> Card:
        """The single card of ``play``/``top`` actions."""
        if len(self.cards) != 1:
            raise ValueError(f"{self} does not name exactly one card")
        return self.cards[0]

    @classmethod
    def parse(cls, text: "str | Action") -> "Action":
        """Read an action's text form back (plain letters accepted: ``play KH``, ``play TD``).

        Raises :class:`IllegalAction` (a ``ValueError``) when the text is not an action.
        """
        if isinstance(text, Action):
            return text
        t = re.sub(r"\s+", " ", str(text).strip())
        low = t.lower()
        if low in _BARE_VERBS or low in ("last", "lastcard", "last-card"):
            return cls("last card" if low.startswith("last") else low)
        verb, _, rest = t.partition(" ")
        verb = verb.lower()
        try:
            if verb in _CARD_VERBS:
                cards = tuple(parse_cards(rest)) if rest else ()
                if verb in ("play", "top") and len(cards) != 1:
                    raise ValueError(f"'{verb}' names exactly one card")
                return cls(verb, cards)
            if verb == "choose":
                return cls("choose", word=Suit.parse(rest).word)
            if verb == "announce":
                w = rest.strip().lower()
                if w not in ("king",):
                    raise ValueError("the only announcement is 'announce king'")
                return cls("announce", word=w)
        except ValueError as e:
            raise IllegalAction(f"cannot read the action {text!r}: {e}") from None
        raise IllegalAction(
            f"cannot read the action {text!r}: expected one of play <card>, discard <cards>, "
            "draw, propose, accept, refuse, stand, pass, steal, flip, slap, challenge, last card, "
            "announce king, choose <suit>, top <card>")

    @classmethod
    def play(cls, card: "Card | str") -> "Action":
        return cls("play", (parse_card(card),))


@dataclass
class Event:
    """One entry of ``state.log``.

    ``kind`` names what happened (``"deal"``, ``"trick"``, ``"battle"``, …), ``player`` who did it
    (or ``None``), ``rule`` the RULES.md section that applied, ``data`` the details (cards, points;
    JSON-able apart from :class:`Card` values), ``text`` the sentence shown to people.
    """

    kind: str
    player: int | None
    text: str
    rule: str = ""
    data: dict = field(default_factory=dict)

    def explain(self) -> str:
        """One sentence saying what happened and which rule applied."""
        return self.text

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r})"


def _jsonable(v: Any) -> Any:
    if isinstance(v, Card):
        return str(v)
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {k: _jsonable(x) for k, x in v.items()}
    if is_dataclass(v):
        return _jsonable(asdict(v))
    if hasattr(v, "item"):  # numpy scalar
        return v.item()
    return v


class GameState:
    """Shared machinery of every game state (DESIGN.md protocol).

    Subclasses set ``GAME`` (e.g. ``"ecarte"``) and implement the hooks named in the module doc.
    ``apply`` records each applied action's text in ``self.actions`` for ``to_json``.
    """

    GAME: ClassVar[str] = ""
    #: attributes apply() does not deep-copy for its rollback: append-only or immutable ones
    _NOT_COPIED: ClassVar[frozenset] = frozenset({"log", "actions", "_setup", "rules"})
    _new_game: ClassVar[Callable[..., "GameState"]]

    def __init__(self):
        self.log: list[Event] = []
        self.actions: list[str] = []
        self._setup: dict = {}

    # -- hooks -------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _apply(self, action: Action) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` naming the rule when ``action`` is not legal now.

        The default compares with ``legal_actions()``; games override it for better messages.
        """
        if action not in self._legal_actions():
            raise IllegalAction(f"{action} is not a legal move now")

    # -- protocol ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def is_over(self) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """The moves ``current_player`` may make now (empty when the game is over)."""
        return [] if self.is_over else list(self._legal_actions())

    def apply(self, action: "Action | str") -> "GameState":
        """Apply ``action`` (an :class:`Action` or its text) and return ``self``.

        Raises :class:`IllegalAction` naming the rule if the move is not allowed; the state is
        then exactly as it was (checked before anything changes, and restored if a rule fails
        half-way).
        """
        action = Action.parse(action)
        if self.is_over:
            raise IllegalAction(f"{action}: the game is over")
        self._check(action)
        # safety net: a rule that fails half-way must not leave a changed state.
        snapshot = self._snapshot()
        try:
            self._apply(action)
        except BaseException:
            self._restore(snapshot)
            raise
        self.actions.append(str(action))
        return self

    def _snapshot(self):
        """What :meth:`apply` needs to undo a failed move. The log only grows, so it is truncated
        rather than copied; everything else is deep-copied (subclasses may do it cheaper)."""
        keep = {k: v for k, v in self.__dict__.items() if k in self._NOT_COPIED}
        backup = copy.deepcopy({k: v for k, v in self.__dict__.items() if k not in self._NOT_COPIED})
        return keep, backup, len(self.log)

    def _restore(self, snapshot) -> None:
        keep, backup, n_log = snapshot
        self.__dict__.clear()
        self.__dict__.update(backup)
        self.__dict__.update(keep)
        del self.log[n_log:]

    def clone(self) -> "GameState":
        """An independent deep copy (same RNG state, so it plays on identically)."""
        return copy.deepcopy(self)

    def to_json(self) -> str:
        """The rules, the deal and every action taken, as a JSON string; see :meth:`from_json`."""
        return json.dumps({"game": self.GAME, **_jsonable(self._setup), "actions": list(self.actions)},
                          ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "GameState":
        """Rebuild a state from :meth:`to_json` output by replaying the deal and the actions."""
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
    def _from_setup(cls, setup: dict) -> "GameState":  # pragma: no cover - abstract
        raise NotImplementedError


def rules_to_dict(rules: Any) -> dict:
    """A frozen rules dataclass as a JSON-able dict (tuples become lists)."""
    return _jsonable(asdict(rules))


def rules_from_dict(cls: type, d: dict) -> Any:
    """Rebuild a rules dataclass from :func:`rules_to_dict` output (lists become tuples)."""
    kw = {}
    names = {f.name for f in fields(cls)}
    for k, v in d.items():
        if k not in names:
            raise ValueError(f"unknown rule option {k!r} for {cls.__name__}")
        kw[k] = tuple(v) if isinstance(v, list) else v
    return cls(**kw)

"""What happened in a game (docs/observation.md, "Events"): :class:`Event`, one entry of
``state.log``, told at read time for its reader; and :func:`_jsonable`, the plain JSON form of the
protocol's values.

Part of the game protocol; every name here is also importable from :mod:`cardkit.core`.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, TypeVar
from collections.abc import Mapping

import numpy as np

from .actions import Action, Rule
from .cards import Card, Suit
from .i18n import _, shown_name

__all__ = ["SEAT_KEYS", "Event"]


# ---------------------------------------------------------------------------------- events
#: ``Event.data`` keys whose value is a seat (or, for ``winners``, a list of seats): ``explain()``
#: fills them with the seat's name, or with "you" for the reader's own seat.
SEAT_KEYS = frozenset({"winner", "loser", "dealer", "target", "next", "leader", "scorer",
                       "responsible", "caller", "other", "winners"})


class _Fields(dict[str, Any]):
    def __missing__(self, key: str) -> str:          # a template naming a field the event lacks: keep it
        return "{" + key + "}"


def _word(v: Any) -> str:
    if isinstance(v, Card):
        return v.said
    if isinstance(v, Suit):
        return _(v.word)
    if isinstance(v, (list, tuple)) and all(isinstance(x, Card) for x in v):
        return " ".join(c.said for c in v)
    if isinstance(v, str):
        return _(v)
    return str(v)


@dataclass(frozen=True)
class Event:
    """One thing that happened, as one reader saw it (``state.log`` holds the full view).

    Structure (JSON-able apart from :class:`Card` values):

    - ``kind``: what happened (``"deal"``, ``"trick"``, ``"play"``, ``"hand_end"`` …).
    - ``player``: the seat who did it, or ``None``.
    - ``text``: the English template, third person, e.g. ``"{player} wins trick {trick} with
      {card}."``; fields come from ``player``, ``data``, ``cards`` (``{cards}``, ``{card}``).
    - ``rule``: the :class:`Rule` that applied, or None.
    - ``data``: the details (points, counts, seats in :data:`SEAT_KEYS`, cards, words).
    - ``cards``: the cards the event names.
    - ``you``: the template used when the reader is ``player`` (``"You win trick {trick} …"``);
      empty when the third-person text reads right for them too.
    - ``visible_to``: ``None`` when everything is public; else the seats who may see ``cards``
      and the ``data`` keys in ``private`` — for everyone else :meth:`seen_by` removes them.
    - ``names``/``seat``: who the players are and who is reading (set by :meth:`seen_by`);
      ``seat`` None reads as a spectator.

    ``explain()`` fills the template at read time through ``cardkit.i18n._``.

    >>> from cardkit.cards import parse_card
    >>> e = Event("trick", 1, "{player} wins trick {trick} with {card}.", cards=(parse_card("KH"),),
    ...           you="You win trick {trick} with {card}.", data={"trick": 3}, names=("Ada", "Bo"))
    >>> e.explain()
    'Bo wins trick 3 with K♥.'
    >>> e.seen_by(1).explain()
    'You win trick 3 with K♥.'
    """

    kind: str
    player: int | None = None
    text: str = ""
    rule: Rule | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    cards: tuple[Card, ...] = ()
    you: str = ""
    visible_to: tuple[int, ...] | None = None
    private: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    seat: int | None = None

    def seen_by(self, seat: int | None, names: tuple[str, ...] | None = None) -> Event:
        """This event as ``seat`` sees it: hidden cards (and ``private`` data) removed unless the
        seat is in ``visible_to``; ``explain()`` then speaks to that seat."""
        kw: dict[str, Any] = {"seat": seat}
        if names is not None:
            kw["names"] = tuple(names)
        if self.visible_to is not None and seat not in self.visible_to:
            kw.update(cards=(), visible_to=None, private=(),
                      data={k: v for k, v in self.data.items() if k not in self.private})
        return _replace(self, **kw)

    def _name(self, seat: int) -> str:
        if seat == self.seat:
            return _("you")
        return shown_name(self.names[seat] if self.names and 0 <= seat < len(self.names)
                          else f"Player {seat + 1}")

    def explain(self) -> str:
        """One sentence saying what happened (and, where it matters, which rule applied), for
        the reader ``seat``. Raises nothing: a template naming a missing field keeps ``{field}``."""
        you = self.seat is not None and self.seat == self.player and self.you
        template = _(self.you if you else self.text)
        f = _Fields()
        for k, v in self.data.items():
            if k in SEAT_KEYS and isinstance(v, (int, np.integer)) and not isinstance(v, bool):
                f[k] = self._name(int(v))
            elif k in SEAT_KEYS and isinstance(v, (list, tuple)):
                f[k] = _(", ").join(self._name(int(s)) for s in v)
            else:
                f[k] = _word(v)
        f["cards"] = " ".join(c.said for c in self.cards)
        if self.cards:
            f["card"] = self.cards[0].said
        if self.player is not None:
            f["player"] = self._name(self.player)
        if self.rule is not None:
            f["rule"] = str(self.rule)
        try:
            text = template.format_map(f)
        except (ValueError, IndexError, AttributeError, KeyError):
            text = template
        return text[:1].upper() + text[1:]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types: ``kind``, ``player``, ``text`` (the sentence for this reader),
        ``rule`` (``{"name", "section"}`` or None), ``cards`` (card texts), ``data``."""
        data = {k: _jsonable(v) for k, v in self.data.items()}
        return {"kind": self.kind, "player": self.player, "text": self.explain(),
                "rule": (self.rule.to_dict() if isinstance(self.rule, Rule) else
                         {"name": str(self.rule), "section": ""} if self.rule else None),
                "cards": [str(c) for c in self.cards], "data": data}

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.explain()!r})"


_D = TypeVar("_D")


def _replace(obj: _D, **changes: Any) -> _D:
    """A copy of the frozen dataclass ``obj`` with ``changes`` (no re-validation: internal use)."""
    new: _D = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


# ---------------------------------------------------------------------------------- JSON
def _jsonable(v: Any) -> Any:
    """Plain JSON types: Card → its text ("10♦"), Suit → its word ("hearts"), Action → its text,
    objects with ``to_dict()`` → that, named tuples and dataclasses → dicts, numpy → Python."""
    if v is None or (isinstance(v, (bool, int, float, str)) and not isinstance(v, enum.Enum)):
        return v
    if isinstance(v, (Card, Action)):
        return str(v)
    if isinstance(v, Suit):
        return v.word
    if isinstance(v, enum.Enum):
        return v.value
    if hasattr(v, "to_dict"):
        return v.to_dict()
    if hasattr(v, "_asdict"):          # named tuple
        return {k: _jsonable(x) for k, x in v._asdict().items()}
    if isinstance(v, (list, tuple, set, frozenset)):
        return [_jsonable(x) for x in (sorted(v) if isinstance(v, (set, frozenset)) else v)]
    if isinstance(v, Mapping):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if is_dataclass(v):
        return {f.name: _jsonable(getattr(v, f.name)) for f in fields(v)}
    if hasattr(v, "item"):  # numpy scalar
        return v.item()
    return str(v)

"""Moves and why they are refused (docs/observation.md, "The protocol"): :class:`Rule`,
:class:`ActionError` (:class:`InvalidAction`, :class:`IllegalAction`) and :class:`Action`.

Part of the game protocol; every name here is also importable from :mod:`cardkit.core`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .cards import Card, Suit, parse_card, parse_cards
from .i18n import _

__all__ = ["Action", "ActionError", "IllegalAction", "InvalidAction", "Rule"]


# ---------------------------------------------------------------------------------- rules, errors
@dataclass(frozen=True)
class Rule:
    """A rule reference: ``name`` in plain words (English source text, translated by ``str()``)
    and ``section`` of the rule book (docs/RULES.md), e.g. ``Rule("Follow suit and win the
    trick", "3.4")``.

    >>> r = Rule("Follow suit and win the trick", "3.4")
    >>> str(r), r.cite()
    ('Follow suit and win the trick', '§3.4')
    """

    name: str
    section: str = ""

    def __str__(self) -> str:
        return _(self.name)

    def cite(self) -> str:
        """``"§3.4"`` (for a link or a footnote; never inside a sentence a child reads)."""
        return f"§{self.section}" if self.section else ""

    def to_dict(self) -> dict[str, Any]:
        """``{"name": <translated name>, "section": "3.4"}``."""
        return {"name": str(self), "section": self.section}


class ActionError(ValueError):
    """Base of :class:`InvalidAction` and :class:`IllegalAction`: a move ``apply`` did not make.
    The state is exactly as it was. ``rule`` is the :class:`Rule` involved, or None."""

    def __init__(self, message: str, rule: Rule | None = None):
        super().__init__(message)
        self.rule = rule


class InvalidAction(ActionError):
    """Text that is not an action at all (``"bogus"``, ``"play XY"``)."""


class IllegalAction(ActionError):
    """An action the rules forbid right now. The message says why in plain words and names the
    rule; ``.rule`` is that :class:`Rule` (name and section)."""


# ---------------------------------------------------------------------------------- actions
# verbs that take cards, verbs that take one word, verbs that take nothing
_CARD_VERBS = ("play", "discard", "top")
_WORD_VERBS = ("announce", "choose")
_BARE_VERBS = ("draw", "propose", "accept", "refuse", "stand", "pass", "steal", "flip", "slap",
               "challenge", "last card")


def _card_key(c: Card) -> tuple[int, int]:
    return (9 if c.suit is None else "SHDC".index(c.suit.letter), int(c.rank))


@dataclass(frozen=True)
class Action:
    """A move. ``kind`` is the verb; ``cards`` the cards it names; ``word`` a word argument.

    Text forms: ``play K♥``, ``discard 7♠ 8♦`` (``discard`` with no card: the dealer discards
    none in Écarté), ``top 9♣``, ``announce king``, ``choose hearts``, and the bare verbs
    ``draw propose accept refuse stand pass steal flip slap challenge``, ``last card``.
    The cards of a ``discard`` are a set: they are kept in one canonical order (suits ♠♥♦♣, then
    rank), so two texts naming the same cards give equal actions.

    >>> Action.parse("discard 8D 7S")
    Action('discard 7♠ 8♦')
    >>> str(Action.parse("play TD"))
    'play 10♦'
    """

    kind: str
    cards: tuple[Card, ...] = ()
    word: str | None = None

    def __post_init__(self) -> None:
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
        """The single card of ``play``/``top`` actions. Raises ``ValueError`` otherwise."""
        if len(self.cards) != 1:
            raise ValueError(f"{self} does not name exactly one card")
        return self.cards[0]

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        """Read an action's text form back (plain letters accepted: ``play KH``, ``play TD``).

        Raises :class:`InvalidAction` (a ``ValueError``) when the text is not an action.
        """
        if isinstance(text, Action):
            return text
        t = re.sub(r"\s+", " ", str(text).strip())
        low = t.lower()
        if low in _BARE_VERBS or low in ("last", "lastcard", "last-card"):
            return cls("last card" if low.startswith("last") else low)
        verb, _sep, rest = t.partition(" ")
        verb = verb.lower()
        try:
            if verb in _CARD_VERBS:
                cards = tuple(parse_cards(rest)) if rest else ()
                if verb in ("play", "top") and len(cards) != 1:
                    raise ValueError(_("'{verb}' names exactly one card").format(verb=verb))
                return cls(verb, cards)
            if verb == "choose":
                return cls("choose", word=Suit.parse(rest).word)
            if verb == "announce":
                if rest.strip().lower() != "king":
                    raise ValueError(_("the only announcement is 'announce king'"))
                return cls("announce", word="king")
        except ValueError as e:
            raise InvalidAction(_("Cannot read the action {text!r}: {why}").format(
                text=str(text), why=e)) from None
        raise InvalidAction(_(
            "Cannot read the action {text!r}: expected one of play <card>, discard <cards>, draw, "
            "propose, accept, refuse, stand, pass, steal, flip, slap, challenge, last card, "
            "announce king, choose <suit>, top <card>").format(text=str(text)))

    @classmethod
    def play(cls, card: Card | str) -> Action:
        """``Action("play", (card,))`` from a card or its text."""
        return cls("play", (parse_card(card),))

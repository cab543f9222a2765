"""Cards, ranks, suits and packs (RULES.md: "Card notation").

Notation: rank ``2``–``9``, ``10`` (also ``T``), ``J``, ``Q``, ``K``, ``A``; suit ``S H D C`` or
``♠ ♥ ♦ ♣``; e.g. ``10D``, ``QS``, ``A♥``. A joker is ``JOKER``. ``str(card)`` gives the symbol form
(``10♦``) and :func:`parse_card` reads every form back. Card objects are immutable and hashable;
two jokers in a 54-card pack are equal cards (count them with a multiset).

Packs are lists in a fixed order; :func:`shuffled` draws only from the ``numpy.random.Generator``
it is given (never from a global RNG).
"""
from __future__ import annotations

import enum
import html
import re
from dataclasses import dataclass
from collections.abc import Iterable, Sequence

import numpy as np

from .i18n import N_, _


class Suit(enum.Enum):
    """The four French suits. ``letter`` is ``S H D C``; ``symbol`` is ``♠ ♥ ♦ ♣``."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def word(self) -> str:
        """Lower-case English name, as in the action ``choose hearts``."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Read ``S``/``♠``/``spades``/``spade`` (any case). Raises ``ValueError``."""
        if isinstance(text, Suit):
            return text
        t = str(text).strip().lower()
        for s in cls:
            if t in (s.letter.lower(), s.symbol, s.word, s.word[:-1], _SUIT_OUTLINE[s]):
                return s
        raise ValueError(f"not a suit: {text!r} (use S, H, D, C, ♠, ♥, ♦, ♣ or a suit name)")


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_OUTLINE = {Suit.SPADES: "♤", Suit.HEARTS: "♡", Suit.DIAMONDS: "♢", Suit.CLUBS: "♧"}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


#: The words of the suits and ranks, for the catalogue: ``_(suit.word)`` and ``_(rank.word)``
#: say them in the reader's language (a screen reader's "king of hearts", "hearts are trumps").
WORDS = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"), N_("two"), N_("three"),
         N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"), N_("nine"), N_("ten"),
         N_("jack"), N_("queen"), N_("king"), N_("ace"), N_("joker"))


class Rank(enum.IntEnum):
    """Ranks with their usual (War) values: 2..10, J=11, Q=12, K=13, A=14, JOKER=15.

    Each game defines its own order where it differs (Écarté: K Q J A 10 9 8 7).
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def label(self) -> str:
        """Short label: ``2``..``10``, ``J``, ``Q``, ``K``, ``A``, ``JOKER``."""
        return _RANK_LABEL[self]

    @property
    def word(self) -> str:
        """English word: ``two``..``ten``, ``jack``, ``queen``, ``king``, ``ace``, ``joker``."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.label

    @classmethod
    def parse(cls, text: str | int | Rank) -> Rank:
        """Read ``2``..``10``, ``T``, ``J``, ``Q``, ``K``, ``A``, a rank word, or an int."""
        if isinstance(text, Rank):
            return text
        if isinstance(text, (int, np.integer)):
            return cls(int(text))
        t = str(text).strip().upper()
        if t in _RANK_BY_LABEL:
            return _RANK_BY_LABEL[t]
        for r in cls:
            if t == r.name or t == r.name + "S":
                return r
        raise ValueError(f"not a rank: {text!r} (use 2-10, T, J, Q, K, A)")


_RANK_LABEL = {r: (str(r.value) if r.value <= 10 else {11: "J", 12: "Q", 13: "K", 14: "A", 15: "JOKER"}[r.value])
               for r in Rank}
_RANK_BY_LABEL = {v: k for k, v in _RANK_LABEL.items()}
_RANK_BY_LABEL.update({"T": Rank.TEN, "JK": Rank.JOKER, "JO": Rank.JOKER})


@dataclass(frozen=True, order=False)
class Card:
    """One playing card. ``suit`` is ``None`` only for a joker.

    ``str(card)`` is the symbol form (``K♥``, ``10♦``, ``JOKER``); ``card.code`` the plain-letter
    form (``KH``, ``10D``); both are read back by :func:`parse_card`.
    """

    rank: Rank
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise ValueError("a joker has no suit and every other card has one")

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def is_red(self) -> bool:
        return bool(self.suit and self.suit.is_red)

    @property
    def code(self) -> str:
        """Plain-letter form: ``KH``, ``10D``, ``JOKER``."""
        return "JOKER" if self.suit is None else f"{self.rank.label}{self.suit.letter}"

    @property
    def name(self) -> str:
        """Words for screen readers: ``king of hearts``, ``joker``."""
        return "joker" if self.suit is None else f"{self.rank.word} of {self.suit.word}"

    def __str__(self) -> str:
        return "JOKER" if self.suit is None else f"{self.rank.label}{self.suit.symbol}"

    @property
    def said(self) -> str:
        """The card as a sentence shows it: ``K♥`` (ranks and suit symbols are the same in every
        language), and a joker as ``JOKER`` in English and by its name in Punjabi or Kannada
        (``str`` is the protocol's text, as in ``play JOKER``, in every language)."""
        return _("JOKER") if self.suit is None else str(self)

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __copy__(self) -> Card:
        return self  # immutable: copies are the card itself (keeps state clones cheap)

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @classmethod
    def joker(cls) -> Card:
        return cls(Rank.JOKER, None)


JOKER = Card.joker()

_CARD_RE = re.compile(r"^(10|[2-9TJQKA])([SHDC♠♥♦♣♤♡♢♧])$", re.IGNORECASE)


def parse_card(text: str | Card) -> Card:
    """Read one card: ``10D``, ``TD``, ``10♦``, ``Q♦``, ``qd``, ``JOKER``.

    Raises ``ValueError`` naming the notation when ``text`` is not a card.
    """
    if isinstance(text, Card):
        return text
    t = str(text).strip()
    if t.upper() in ("JOKER", "JK"):
        return JOKER
    m = _CARD_RE.match(t)
    if not m:
        raise ValueError(f"not a card: {text!r} (write rank then suit, e.g. 10D, TD, Q♦, qd, JOKER)")
    return Card(Rank.parse(m.group(1)), Suit.parse(m.group(2)))


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read several cards from a space/comma separated string or an iterable: ``"7S 8D"``."""
    if isinstance(text, str):
        parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    else:
        parts = list(text)
    return [parse_card(p) for p in parts]


def cards_text(cards: Iterable[Card]) -> str:
    """``"7♠ 8♦"``: the cards' symbol forms joined by spaces."""
    return " ".join(str(c) for c in cards)


def standard_pack(jokers: int = 0) -> list[Card]:
    """The 52-card pack (♠ ♥ ♦ ♣, each 2..A) plus ``jokers`` jokers (0–2), in that fixed order."""
    if not 0 <= jokers <= 2:
        raise ValueError("a pack has 0, 1 or 2 jokers")
    return [Card(r, s) for s in SUITS for r in Rank if r is not Rank.JOKER] + [JOKER] * jokers


def piquet_pack() -> list[Card]:
    """The 32-card piquet pack (2–6 removed: 7 8 9 10 J Q K A of each suit), fixed order."""
    return [Card(r, s) for s in SUITS for r in Rank if Rank.SEVEN <= r <= Rank.ACE]


def card_words(card: Card) -> str:
    """The card in words, in the language in force (a screen reader's and a tooltip's text;
    :attr:`Card.name` is the English):

    >>> card_words(parse_card("QH")), card_words(parse_card("10S")), card_words(JOKER)
    ('queen of hearts', 'ten of spades', 'joker')
    """
    if card.suit is None:
        return _("joker")
    return _("{rank} of {suit}").format(rank=_(card.rank.word), suit=_(card.suit.word))


def card_html(card: Card) -> str:
    """One card as a small HTML face for a state's ``_repr_html_``: its symbol form in red or
    black (a joker by its name), with its name in words, in the language in force, as the
    tooltip (for screen readers)."""
    colour = "#c00" if card.is_red else "#000"
    return (f'<span style="color:{colour};border:1px solid #999;border-radius:3px;padding:0 3px;'
            f'margin:1px;background:#fff" title="{html.escape(card_words(card))}">'
            f'{html.escape(card.said)}</span>')


def cards_html(cards: Iterable[Card]) -> str:
    """Several cards as :func:`card_html` faces, or ``—`` for none."""
    return "".join(card_html(c) for c in cards) or "—"


def shuffled(cards: Sequence[Card], rng: np.random.Generator) -> list[Card]:
    """A new list holding ``cards`` in an order drawn from ``rng`` (a ``numpy.random.Generator``)."""
    order = rng.permutation(len(cards))
    return [cards[int(i)] for i in order]

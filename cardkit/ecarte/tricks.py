"""Écarté's rules of play as plain functions (RULES.md §3.1, §3.4): the rank order, who wins a
trick, and **the one function that decides what may be played** (:func:`legal_plays`).

Everything else reads the play rule from :func:`legal_plays`: the engine's legal moves
(``EcarteState.playable_cards``), the observation's ``playable`` cards, the refusal sentence for a
card that may not be played and the greyed cards' reasons on a table (``cardkit.ecarte.text``),
"What now", and the AI's reference search. The solver's bit-mask form
(:class:`cardkit.ecarte.ai.solver.Solver`) is checked against it by the tests.

No sentences here (those are in :mod:`cardkit.ecarte.text`).

>>> from cardkit.cards import parse_card, parse_cards
>>> p = legal_plays(parse_cards("KS 7S 9H"), parse_card("QS"), parse_card("7H").suit)
>>> p.duty, [str(c) for c in p.cards]
('win', ['K♠'])
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import Card, Rank, Suit

__all__ = ["DUTIES", "RANK_ORDER", "Plays", "by_rank", "legal_plays", "rank_strength",
           "trick_winner"]

#: Écarté's rank order, highest first (§3.1): the ace ranks between the jack and the ten.
RANK_ORDER: tuple[Rank, ...] = (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN, Rank.NINE,
                                Rank.EIGHT, Rank.SEVEN)
_STRENGTH = {r: len(RANK_ORDER) - i for i, r in enumerate(RANK_ORDER)}  # K=8 ... 7=1


def rank_strength(card: Card) -> int:
    """Écarté strength of a card's rank within its suit: K=8, Q=7, J=6, A=5, 10=4, 9=3, 8=2, 7=1.

    Raises ``KeyError`` for a card outside the 32-card pack (§3.1).

    >>> from cardkit.cards import parse_card
    >>> rank_strength(parse_card("JH")) > rank_strength(parse_card("AH"))
    True
    """
    return _STRENGTH[card.rank]


def by_rank(cards: Iterable[Card]) -> list[Card]:
    """``cards`` high to low in Écarté's order (K Q J A 10 9 8 7, §3.1), as a player holds them:
    the order in which a sentence names them."""
    return sorted(cards, key=rank_strength, reverse=True)


def trick_winner(lead: Card, follow: Card, trump: Suit | None) -> int:
    """Which of two cards wins a trick (§3.4): 0 if ``lead`` wins, 1 if ``follow`` wins.

    The highest trump wins; with no trump, the highest card of the suit led; a card of another
    plain suit never wins. ``trump``: the trump suit (None: no suit is trumps).

    >>> from cardkit.cards import parse_card
    >>> trick_winner(parse_card("AS"), parse_card("JS"), parse_card("7H").suit)
    1
    """
    if follow.suit == lead.suit:
        return 1 if rank_strength(follow) > rank_strength(lead) else 0
    return 1 if follow.suit == trump else 0


#: Why the cards of :attr:`Plays.cards` are the legal ones (§3.4):
#: ``lead`` (nothing on the table: any card), ``win`` (follow suit with a card that beats the lead),
#: ``follow`` (follow suit; no card of it beats the lead), ``trump`` (void in the suit led, classic:
#: a trump), ``any`` (void in the suit led, and standard or no trump: any card).
DUTIES = ("lead", "win", "follow", "trump", "any")


@dataclass(frozen=True)
class Plays:
    """What a seat may play now and why (§3.4), from :func:`legal_plays`.

    - ``cards``: the legal cards, in the order of the hand;
    - ``duty``: one of :data:`DUTIES`;
    - ``lead``: the card led (None when this seat leads);
    - ``held``: the cards of the suit led held (for ``win``/``follow``), the trumps held (for
      ``trump``), else ``()`` — high to low (:func:`by_rank`), as a sentence names them.
    """

    cards: tuple[Card, ...]
    duty: str
    lead: Card | None = None
    held: tuple[Card, ...] = ()

    def allows(self, card: Card) -> bool:
        """True when ``card`` is one of the legal :attr:`cards`."""
        return card in self.cards


def legal_plays(hand: Iterable[Card], lead: Card | None, trump: Suit,
                must_trump: bool = False) -> Plays:
    """The one statement of §3.4: which cards of ``hand`` may be played on ``lead`` (None: this
    seat leads, any card), with ``trump`` the trump suit and ``must_trump`` the classic rule.

    Follow suit and win the trick if able; unable to beat the card led, any card of its suit; void
    in it, any card (``standard``) or a trump if holding one (``classic``, ``must_trump=True``).

    >>> from cardkit.cards import parse_card, parse_cards
    >>> hearts = parse_card("7H").suit
    >>> p = legal_plays(parse_cards("8H 7C 8C"), parse_card("QS"), hearts, must_trump=True)
    >>> p.duty, [str(c) for c in p.cards]
    ('trump', ['8♥'])
    >>> legal_plays(parse_cards("8H 7C 8C"), parse_card("QS"), hearts).duty
    'any'
    """
    cards = tuple(hand)
    if lead is None:
        return Plays(cards, "lead")
    same = tuple(c for c in cards if c.suit == lead.suit)
    if same:
        higher = tuple(c for c in same if rank_strength(c) > rank_strength(lead))
        return Plays(higher or same, "win" if higher else "follow", lead, tuple(by_rank(same)))
    trumps = tuple(c for c in cards if c.suit == trump)
    if must_trump and trumps:
        return Plays(trumps, "trump", lead, tuple(by_rank(trumps)))
    return Plays(cards, "any", lead)

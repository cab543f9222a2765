"""The double-dummy solver of an Écarté hand (RULES.md §3.4), on cards as bits.

- **Cards as bits.** A card is an index 0–31: ``8 * suit + strength`` (suits in
  :data:`cardkit.cards.SUITS` order, strength 0 for the 7 up to 7 for the king, §3.1's order
  K Q J A 10 9 8 7). A hand is an ``int`` bit mask.
- **Double-dummy solver** (:class:`Solver`): both hands known, exact minimax of the tricks left,
  under the preset's obligations (§3.4: follow suit and win the trick if able; when void,
  ``standard`` allows any card and ``classic`` makes the follower trump). A transposition table
  keyed by the two masks, and alpha-beta cut-offs inside each node. Its bit-mask form of §3.4 is
  checked against the one statement of the rule, :func:`cardkit.ecarte.tricks.legal_plays`, by
  the tests (tests/rules/ecarte/ai).
- **The plain reference** (:func:`solve_plain`): the same minimax over lists of Cards, with
  :func:`~cardkit.ecarte.tricks.legal_plays` itself (the benchmark's baseline, the tests' brute
  force).

>>> s = Solver(SUITS[0])                 # spades are trumps, standard rules
>>> s.tricks(mask_of("KH 7S"), mask_of("AH 8S"))
1
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from ...cards import SUITS, Card, Rank, Suit, parse_cards
from ..tricks import legal_plays, trick_winner

__all__ = ["ABOVE", "ALL", "CARDS", "SUIT_MASK", "Solver", "bits", "card_index", "cards_of",
           "index_card", "mask_of", "mask_of_idx", "plain_legal", "solve_plain", "solver",
           "suit_no"]

# ------------------------------------------------------------------------------------ cards/bits
_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)
_SUIT_NO = {s: i for i, s in enumerate(SUITS)}
CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in _ORDER)
_INDEX = {c: i for i, c in enumerate(CARDS)}
ALL = (1 << 32) - 1
SUIT_MASK = tuple(0xFF << (8 * i) for i in range(4))
#: for a card index, the cards of its suit ranking above it
ABOVE = tuple(SUIT_MASK[i >> 3] & ~((2 << i) - 1) for i in range(32))


def card_index(card: Card) -> int:
    """A card's index 0–31 (``8 * suit + strength``, strength 0 = 7 … 7 = K, §3.1).

    Raises ``KeyError`` for a card outside the 32-card pack."""
    return _INDEX[card]


def index_card(i: int) -> Card:
    """The card of index ``i`` (0–31)."""
    return CARDS[i]


def mask_of(cards: str | Iterable[Card | str]) -> int:
    """A bit mask of cards (Cards or text such as ``"KH QH 7S"``)."""
    m = 0
    for c in parse_cards(cards):
        m |= 1 << _INDEX[c]
    return m


def mask_of_idx(idx: Iterable[int]) -> int:
    """A bit mask of card indexes."""
    m = 0
    for i in idx:
        m |= 1 << i
    return m


def suit_no(trump: Suit | int) -> int:
    """A suit's index 0–3 (:data:`cardkit.cards.SUITS` order), from a :class:`Suit` or an index."""
    return _SUIT_NO[trump] if isinstance(trump, Suit) else int(trump)


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, lowest index first."""
    out: list[Card] = []
    while mask:
        b = mask & -mask
        out.append(CARDS[b.bit_length() - 1])
        mask ^= b
    return out


def bits(mask: int) -> list[int]:
    """The card indexes of a mask, lowest first."""
    out: list[int] = []
    while mask:
        b = mask & -mask
        out.append(b.bit_length() - 1)
        mask ^= b
    return out


# ------------------------------------------------------------------------------------ solver
_TABLE_LIMIT = 250_000      # positions kept per solver (about 20 MB) before its table is cleared


class Solver:
    """Exact double-dummy solver of an Écarté hand for one trump suit and one preset (§3.4).

    ``Solver(trump, must_trump)``: ``trump`` a :class:`Suit` (or its index 0–3), ``must_trump``
    True for ``classic`` (a void follower must trump if able), False for ``standard`` (any card).
    Hands are bit masks (:func:`mask_of`). Values are **tricks**, which is enough: every score of
    §3.5 grows with the tricks a side wins, so the best play for tricks is the best play for points.

    - :meth:`tricks` ``(leader, follower)`` → tricks the leader wins from here (both hands the same
      size, 1–5 cards, nothing on the table).
    - :meth:`lead_values` ``(leader, follower)`` → ``{card index: tricks}`` for each lead.
    - :meth:`follow_values` ``(follower, leader_rest, lead)`` → ``{card index: tricks}`` for each
      legal answer to the card ``lead`` on the table (the current trick counted).

    The transposition table (``table``) keeps every solved position for this trump and preset;
    :func:`solver` shares one per (trump, preset).
    """

    def __init__(self, trump: Suit | int, must_trump: bool = False):
        self.trump = suit_no(trump)
        self.must_trump = bool(must_trump)
        self.table: dict[int, int] = {}
        self.nodes = 0
        t = self.trump
        tr_mask = SUIT_MASK[t]
        table = self.table
        must = self.must_trump

        def follows(fh: int, c: int) -> int:
            """Legal answers (mask) to the lead ``c`` from the hand ``fh`` (§3.4)."""
            same = fh & SUIT_MASK[c >> 3]
            if same:
                return (same & ABOVE[c]) or same
            if must:
                tr = fh & tr_mask
                if tr:
                    return tr
            return fh

        def value(lh: int, fh: int) -> int:
            """Tricks the leader (hand ``lh``) wins against ``fh`` from here, exactly."""
            key = (lh << 32) | fh
            v = table.get(key)
            if v is not None:
                return v
            if not lh & (lh - 1):                 # last trick
                c = lh.bit_length() - 1
                f = fh.bit_length() - 1
                v = int((f <= c) if (f >> 3) == (c >> 3) else ((f >> 3) != t))
                table[key] = v
                return v
            n = lh.bit_count()
            rest = lh | fh
            best = -1
            m = lh
            while m:                                          # high cards first: earlier cut-offs
                c = m.bit_length() - 1
                b = 1 << c
                m ^= b
                above = rest & ABOVE[c]
                if above & -above & lh:                       # same as the next higher card: tried
                    continue
                lh2 = lh ^ b
                worst = n
                opts = follows(fh, c)
                cs = c >> 3
                rest2 = rest ^ b
                while opts:
                    f = opts.bit_length() - 1
                    fb = 1 << f
                    opts ^= fb
                    above = rest2 & ABOVE[f]
                    if above & -above & fh:                   # an equal card was tried
                        continue
                    fs = f >> 3
                    fh2 = fh ^ fb
                    if n == 2:                                # one trick left: play it out here
                        x = lh2.bit_length() - 1
                        y = fh2.bit_length() - 1
                        if (f > c) if fs == cs else (fs == t):
                            r = int((x > y) if (x >> 3) == (y >> 3) else ((x >> 3) == t))
                        else:
                            r = 1 + int((y <= x) if (y >> 3) == (x >> 3) else ((y >> 3) != t))
                    elif (f > c) if fs == cs else (fs == t):  # the follower wins the trick
                        r = n - 1 - value(fh2, lh2)
                    else:
                        r = 1 + value(lh2, fh2)
                    if r < worst:
                        worst = r
                        if worst <= best:                     # cut-off: this lead is no better
                            break
                if worst > best:
                    best = worst
                    if best == n:                             # cannot do better than all
                        break
            table[key] = best
            return best

        self._follows: Callable[[int, int], int] = follows
        self._value: Callable[[int, int], int] = value

    def legal_follows(self, follower: int, lead: int) -> int:
        """Mask of the follower's legal answers to the card index ``lead`` (§3.4)."""
        return self._follows(follower, lead)

    def tricks(self, leader: int, follower: int) -> int:
        """Tricks the leader wins from here with best play by both (both hands known)."""
        if leader.bit_count() != follower.bit_count() or not leader or leader & follower:
            raise ValueError("double-dummy: two disjoint hands of the same size (1–5 cards) are needed")
        if len(self.table) > _TABLE_LIMIT:
            self.table.clear()
        return self._value(leader, follower)

    def lead_values(self, leader: int, follower: int) -> dict[int, int]:
        """For each card the leader may lead, the tricks the leader then wins (exact)."""
        if leader.bit_count() != follower.bit_count() or not leader or leader & follower:
            raise ValueError("double-dummy: two disjoint hands of the same size (1–5 cards) are needed")
        if len(self.table) > _TABLE_LIMIT:
            self.table.clear()
        t, value, n = self.trump, self._value, leader.bit_count()
        out = {}
        for c in bits(leader):
            lh2 = leader ^ (1 << c)
            worst = n
            for f in bits(self._follows(follower, c)):
                fh2 = follower ^ (1 << f)
                if n == 1:
                    r = 0 if ((f > c) if (f >> 3) == (c >> 3) else ((f >> 3) == t)) else 1
                elif (f > c) if (f >> 3) == (c >> 3) else ((f >> 3) == t):
                    r = n - 1 - value(fh2, lh2)
                else:
                    r = 1 + value(lh2, fh2)
                worst = min(worst, r)
            out[c] = worst
        return out

    def follow_values(self, follower: int, leader_rest: int, lead: int) -> dict[int, int]:
        """For each legal answer to ``lead`` (a card index on the table), the tricks the follower
        wins from here, this trick included. ``leader_rest``: the leader's other cards."""
        if follower.bit_count() != leader_rest.bit_count() + 1 or follower & (leader_rest | (1 << lead)):
            raise ValueError("double-dummy: the follower holds one card more than the leader's rest")
        if len(self.table) > _TABLE_LIMIT:
            self.table.clear()
        t, value, n = self.trump, self._value, follower.bit_count()
        out = {}
        for f in bits(self._follows(follower, lead)):
            fh2 = follower ^ (1 << f)
            win = (f > lead) if (f >> 3) == (lead >> 3) else ((f >> 3) == t)
            if n == 1:
                out[f] = int(win)
            elif win:
                out[f] = 1 + value(fh2, leader_rest)
            else:
                out[f] = n - 1 - value(leader_rest, fh2)
        return out


_SOLVERS: dict[tuple[int, bool], Solver] = {}


def solver(trump: Suit | int, must_trump: bool = False) -> Solver:
    """The shared :class:`Solver` for a trump suit and preset (its table is kept between calls)."""
    key = (suit_no(trump), bool(must_trump))
    s = _SOLVERS.get(key)
    if s is None:
        s = _SOLVERS[key] = Solver(*key)
    return s


def plain_legal(hand: Iterable[Card], lead: Card, trump: Suit, must_trump: bool = False) -> list[Card]:
    """The follower's legal answers to ``lead``, on lists of Cards (§3.4): the cards of
    :func:`cardkit.ecarte.tricks.legal_plays` (the one statement of the rule)."""
    return list(legal_plays(hand, lead, trump, must_trump).cards)


def solve_plain(leader: str | Iterable[Card | str], follower: str | Iterable[Card | str], trump: Suit,
                must_trump: bool = False) -> int:
    """The plain reference: minimax over lists of Cards, no table, no cut-off (§3.4), the legal
    answers from :func:`~cardkit.ecarte.tricks.legal_plays`.

    Tricks the leader wins from here. Slow on purpose: the benchmark's baseline and the tests'
    brute force.

    >>> solve_plain("KH 7S", "AH 8S", SUITS[0])
    1
    """
    def go(lh: list[Card], fh: list[Card]) -> int:
        if not lh:
            return 0
        best = 0
        for c in lh:
            rest = [x for x in lh if x != c]
            worst = len(lh)
            for f in plain_legal(fh, c, trump, must_trump):
                frest = [x for x in fh if x != f]
                if trick_winner(c, f, trump) == 0:
                    r = 1 + go(rest, frest)
                else:
                    r = len(lh) - 1 - go(frest, rest)
                worst = min(worst, r)
            best = max(best, worst)
        return best

    return go(parse_cards(leader), parse_cards(follower))

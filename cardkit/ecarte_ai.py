"""A strong Écarté player, a double-dummy solver and an advisor that explains itself (§3, §3.6).

Everything here reads only what a seat may see (``state.observation(seat)``): the players and the
advisor never touch a game state. The pieces, bottom up:

- **Cards as bits.** A card is an index 0–31: ``8 * suit + strength`` (suits in
  :data:`cardkit.cards.SUITS` order, strength 0 for the 7 up to 7 for the king, §3.1's order
  K Q J A 10 9 8 7). A hand is an ``int`` bit mask.
- **Double-dummy solver** (:class:`Solver`): both hands known, exact minimax of the tricks left,
  under the preset's obligations (§3.4: follow suit and win the trick if able; when void,
  ``standard`` allows any card and ``classic`` makes the follower trump). A transposition table
  keyed by the two masks, and alpha-beta cut-offs inside each node.
- **Sampler** (:func:`sample_hands`): the opponent's unseen cards, consistent with everything the
  seat saw (§3.4's obligations turn each play into a fact: a failure to follow suit shows a void,
  a failure to beat the card led shows no higher card of that suit, and in ``classic`` a failure to
  trump shows no trump; §3.3: an announced king is held, and a king not announced before the
  opponent's first card is taken as not held). How many cards each side exchanged fixes which
  cards are unseen and how many the opponent holds. The hard player then *weighs* the sampled
  hands by how well they fit the opponent's bidding and last exchange as this module's opponent
  model would make them (:func:`bid_hint`: a stand, a proposal, an acceptance, a refusal; only
  trumps and kings kept) and its choices of card as a sensible player makes them
  (:func:`play_weight`: win cheaply, lose with the cheapest card) — guesses about a player, never
  facts of the rules, so a hand that fits none keeps a small weight.
- **Players** (:class:`StrongPlayer`, ``level="hard"`` or ``"medium"``): card play by sampling and
  solving, choosing the best expected **match value**; stand / propose / accept / refuse / discard
  by simulation against a simple model of the opponent (:func:`_exchange_rounds`), aware of the
  score (§3.5: at 4–4 a vole is worth no more than a point) and of the king of trumps' point for
  whoever ends up holding it (§3.3). Announces the king always (§3.3: a free point).
- **Advisor** (:func:`advice`, :func:`stand_advice`, :func:`card_advice`, :func:`foster_counts`,
  :func:`jeux_de_regle_check`): the numbers behind a decision, with one sentence in plain words.

The double-dummy values are an approximation the whole field uses (Ginsberg's GIB for bridge): each
sample is solved as if both players saw every card.
"""
from __future__ import annotations

import hashlib
import itertools
import math
import random
import time
from dataclasses import dataclass
from math import comb

from .cards import Card, Rank, Suit, SUITS, parse_card, parse_cards
from .core import Action

__all__ = [
    "JEUX_DE_REGLE",
    "LEVELS",
    "RandomPlayer",
    "SeatView",
    "Solver",
    "StrongPlayer",
    "advice",
    "bid_hint",
    "card_advice",
    "card_index",
    "cards_of",
    "consistent_hand",
    "foster_counts",
    "hand_constraints",
    "hand_points",
    "index_card",
    "jeux_de_regle_check",
    "mask_of",
    "match_value",
    "plain_legal",
    "play_weight",
    "sample_hands",
    "seat_view",
    "solve_plain",
    "solver",
    "stand_advice",
    "unseen_mask",
]

# ------------------------------------------------------------------------------------ cards/bits
_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)
_STRENGTH0 = {r: i for i, r in enumerate(_ORDER)}            # 7 → 0 … K → 7 (§3.1)
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


def mask_of(cards) -> int:
    """A bit mask of cards (Cards or text such as ``"KH QH 7S"``)."""
    if isinstance(cards, str):
        cards = parse_cards(cards)
    m = 0
    for c in cards:
        m |= 1 << _INDEX[c]
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, lowest index first."""
    out = []
    while mask:
        b = mask & -mask
        out.append(CARDS[b.bit_length() - 1])
        mask ^= b
    return out


def _bits(mask: int) -> list[int]:
    out = []
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

    def __init__(self, trump, must_trump: bool = False):
        self.trump = _SUIT_NO[trump] if isinstance(trump, Suit) else int(trump)
        self.must_trump = bool(must_trump)
        self.table: dict[int, int] = {}
        self.nodes = 0
        t = self.trump
        tr_mask = SUIT_MASK[t]
        table = self.table
        must = self.must_trump

        def follows(fh, c):
            """Legal answers (mask) to the lead ``c`` from the hand ``fh`` (§3.4)."""
            same = fh & SUIT_MASK[c >> 3]
            if same:
                return (same & ABOVE[c]) or same
            if must:
                tr = fh & tr_mask
                if tr:
                    return tr
            return fh

        def value(lh, fh):
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

        self._follows = follows
        self._value = value

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
        for c in _bits(leader):
            lh2 = leader ^ (1 << c)
            worst = n
            for f in _bits(self._follows(follower, c)):
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
        for f in _bits(self._follows(follower, lead)):
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


def solver(trump, must_trump: bool = False) -> Solver:
    """The shared :class:`Solver` for a trump suit and preset (its table is kept between calls)."""
    key = (_SUIT_NO[trump] if isinstance(trump, Suit) else int(trump), bool(must_trump))
    s = _SOLVERS.get(key)
    if s is None:
        s = _SOLVERS[key] = Solver(*key)
    return s


def plain_legal(hand: list[Card], lead: Card, trump: Suit, must_trump: bool = False) -> list[Card]:
    """The follower's legal answers to ``lead``, on lists of Cards (§3.4): follow suit and win the
    trick if able; when void, any card (``standard``) or a trump if able (``classic``)."""
    same = [c for c in hand if c.suit == lead.suit]
    if same:
        return [c for c in same if _STRENGTH0[c.rank] > _STRENGTH0[lead.rank]] or same
    if must_trump:
        trumps = [c for c in hand if c.suit == trump]
        if trumps:
            return trumps
    return list(hand)


def solve_plain(leader, follower, trump: Suit, must_trump: bool = False) -> int:
    """The plain reference: minimax over lists of Cards, no table, no cut-off (§3.4).

    Tricks the leader wins from here. Slow on purpose: the benchmark's baseline and the tests'
    brute force."""
    from .ecarte import trick_winner

    def legal(hand, lead):
        return plain_legal(hand, lead, trump, must_trump)

    def go(lh, fh):
        if not lh:
            return 0
        best = 0
        for c in lh:
            rest = [x for x in lh if x != c]
            worst = None
            for f in legal(fh, c):
                frest = [x for x in fh if x != f]
                if trick_winner(c, f, trump) == 0:
                    r = 1 + go(rest, frest)
                else:
                    r = len(lh) - 1 - go(frest, rest)
                worst = r if worst is None else min(worst, r)
            best = max(best, worst)
        return best

    return go(list(parse_cards(leader)), list(parse_cards(follower)))


# ------------------------------------------------------------------------------------ the seat's view
@dataclass(frozen=True)
class SeatView:
    """What the AI reads of an observation (the one place that knows the observation's fields).

    ``hand``/``own_discards``: masks; ``played``: ``((trick, player, card index), ...)``;
    ``trick``: ``((player, card index), ...)`` on the table; ``legal``: the legal Actions;
    ``stood_at_once`` / ``refused`` / ``refused_first``: how the hand came to be played (§3.5);
    ``last_bid``: the newest of this hand's ``stand`` / ``propose`` / ``accept`` / ``refuse`` events
    (None before any); ``bid_stale``: the opponent has exchanged cards since that event (so it says
    nothing about the hand the opponent holds now); ``opp_exchange``: how many cards the opponent
    discarded at its last exchange (None if it did not exchange, or the stock ran out then, which
    may have capped its discard).
    """

    seat: int
    phase: str
    hand: int
    trump: int
    turn_up: int
    must_trump: bool
    scoring: str
    target: int
    dealer: int
    scores: tuple[int, int]
    tricks: tuple[int, int]
    trick: tuple
    played: tuple
    own_discards: int
    discard_counts: tuple[int, int]
    opponent_cards: int
    stock_count: int
    proposals: int
    king_announced: int | None
    stood_at_once: bool
    refused: bool
    refused_first: bool
    legal: tuple
    last_bid: str | None = None
    opp_exchange: int | None = None
    bid_stale: bool = False

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer


def _card(x) -> Card:
    return x if isinstance(x, Card) else parse_card(x)


def _suit(x) -> int:
    return _SUIT_NO[x if isinstance(x, Suit) else Suit.parse(x)]


def _action(x) -> Action:
    return x if isinstance(x, Action) else Action.parse(str(x))


def _field(obs, key):
    return obs[key]


def _hand_events(events, seat: int):
    """This hand's events read for :func:`seat_view` (newest first, back to the ``deal``):
    ``(kinds, refused_first, last_bid, opp_exchange, bid_stale)`` (see :class:`SeatView`)."""
    kinds = []                                  # this hand's events, newest first
    refused_first = False
    last_bid = None
    opp_exchange = None
    bid_stale = False
    for e in reversed(events):
        kind = e["kind"] if isinstance(e, dict) else e.kind
        if kind == "deal":
            break
        kinds.append(kind)
        if last_bid is None and kind in ("stand", "refuse", "accept", "propose"):
            last_bid = kind
        if kind == "discard" and opp_exchange is None:
            who = e["player"] if isinstance(e, dict) else e.player
            data = (e.get("data") if isinstance(e, dict) else e.data) or {}
            if who == 1 - seat and data.get("left", 0) > 0 and "n" in data:
                opp_exchange = int(data["n"])   # not when the stock ran out: the discard was capped
            elif who == 1 - seat:
                opp_exchange = -1
        if kind == "discard" and last_bid is None:
            who = e["player"] if isinstance(e, dict) else e.player
            bid_stale = bid_stale or who == 1 - seat
        if kind == "refuse":
            data = (e.get("data") if isinstance(e, dict) else e.data) or {}
            refused_first = refused_first or data.get("proposal") == 1
    return kinds, refused_first, last_bid, opp_exchange, bid_stale


def seat_view(obs) -> SeatView:
    """Read an Écarté observation into a :class:`SeatView` — the adapter: the only function that
    knows the observation's field names (``cardkit.ecarte.EcarteObservation``, docs/observation.md;
    its ``to_dict()`` form is read too).

    How the hand came to be played (§3.5) is read from this hand's events (since its ``deal``):
    a ``stand`` with no proposal before it, a ``refuse`` and its proposal number.
    Raises ``ValueError`` if ``obs`` is not an Écarté observation."""
    get = obs.get if isinstance(obs, dict) else (lambda k, d=None: getattr(obs, k, d))
    if get("game") != "ecarte":
        raise ValueError("the Écarté AI reads an Écarté observation (state.observation(seat))")
    seat = int(get("seat"))
    rules = get("rules")
    options = rules["options"] if isinstance(rules, dict) else rules.options
    events = get("events") or ()
    kinds, refused_first, last_bid, opp_exchange, bid_stale = _hand_events(events, seat)
    stood = "stand" in kinds and "propose" not in kinds
    refused = "refuse" in kinds
    counts = get("card_counts")
    return SeatView(
        seat=seat, phase=get("phase"), hand=mask_of(map(_card, get("hand"))),
        trump=_suit(get("trump")), turn_up=card_index(_card(get("turn_up"))),
        must_trump=bool(get("must_trump")), scoring=options["scoring"], target=int(get("target")),
        dealer=int(get("dealer")), scores=tuple(get("scores")), tricks=tuple(get("tricks")),
        trick=tuple((int(p), card_index(_card(c))) for p, c in get("trick")),
        played=tuple((int(t), int(p), card_index(_card(c))) for t, p, c in get("played")),
        own_discards=mask_of(map(_card, get("own_discards"))),
        discard_counts=tuple(get("discard_counts")), opponent_cards=int(counts[1 - seat]),
        stock_count=int(get("stock_count")), proposals=int(get("proposals")),
        king_announced=get("king_announced"), stood_at_once=stood, refused=refused,
        refused_first=refused_first, legal=tuple(_action(a) for a in get("legal_actions")),
        last_bid=last_bid, bid_stale=bid_stale,
        opp_exchange=None if opp_exchange is None or opp_exchange < 0 else opp_exchange)


# ------------------------------------------------------------------------------------ sampler
def unseen_mask(v: SeatView) -> int:
    """Cards this seat has not seen: not in its hand, not its discards, not the turn-up, not played."""
    seen = v.hand | v.own_discards | (1 << v.turn_up)
    for _t, _p, c in v.played:
        seen |= 1 << c
    return ALL & ~seen


def hand_constraints(v: SeatView, inferences: bool = True) -> tuple[int, int, int]:
    """What the seat knows of the opponent's hand now: ``(allowed, forced, soft_excluded)`` masks.

    - ``allowed``: unseen cards the opponent may hold, given §3.4's obligations on each card the
      opponent played as follower (a void in the suit led; no card above the led one when it did not
      beat it; no trump either when it did not trump in ``classic``).
    - ``forced``: cards it must hold (the king of trumps it announced and has not played, §3.3).
    - ``soft_excluded``: the king of trumps when the opponent played its first card without
      announcing it (§3.3: announcing is optional, so this is a strong guess, not a fact).

    With ``inferences=False`` only the unseen cards are used (the medium level).
    """
    allowed = unseen_mask(v)
    if not inferences:
        return allowed, 0, 0
    opp = v.opponent
    tr = SUIT_MASK[v.trump]
    by_trick: dict[int, list] = {}
    for t, p, c in v.played:
        by_trick.setdefault(t, []).append((p, c))
    for cards in by_trick.values():
        if len(cards) == 2 and cards[1][0] == opp:
            lead, f = cards[0][1], cards[1][1]
            if (f >> 3) != (lead >> 3):
                allowed &= ~SUIT_MASK[lead >> 3]          # void in the suit led
                if v.must_trump and (f >> 3) != v.trump:
                    allowed &= ~tr                         # classic: no trump either
            elif f < lead:
                allowed &= ~ABOVE[lead]                    # could not beat the card led
    king = 8 * v.trump + 7
    forced = soft = 0
    if v.king_announced == opp and not any(c == king for _t, _p, c in v.played):
        forced = 1 << king
    elif v.king_announced is None and any(p == opp for _t, p, _c in v.played):
        soft = (1 << king) & allowed
    return allowed, forced, soft


def sample_hands(v: SeatView, n: int, rng: random.Random, inferences: bool = True) -> list[int]:
    """``n`` masks of the opponent's possible hand, uniform over the hands consistent with what
    this seat saw (:func:`hand_constraints`); if the hands consistent with the soft guess number
    ``n`` or fewer, all of them are returned once each (exact). Raises ``ValueError`` if nothing is
    consistent (an observation that is not from a real game)."""
    allowed, forced, soft = hand_constraints(v, inferences)
    k = v.opponent_cards
    for excl in ((soft, 0) if soft else (0,)):
        pool = _bits(allowed & ~forced & ~excl)
        need = k - forced.bit_count()
        if 0 <= need <= len(pool):
            break
    else:
        raise ValueError("no opponent hand is consistent with this observation")
    total = comb(len(pool), need)
    if total <= n:
        return [forced | mask_of_idx(c) for c in itertools.combinations(pool, need)]
    return [forced | mask_of_idx(rng.sample(pool, need)) for _ in range(n)]


def mask_of_idx(idx) -> int:
    m = 0
    for i in idx:
        m |= 1 << i
    return m


def consistent_hand(v: SeatView, hand: int) -> bool:
    """True if the opponent could hold ``hand`` now given the facts the seat saw (§3.3, §3.4):
    unseen cards only, the right number, each follow the opponent made legal with that hand plus
    the cards it played later, and an announced king held. (The soft guess about an unannounced
    king is not a fact, so it is not checked.) Used by the property tests."""
    if hand.bit_count() != v.opponent_cards or hand & ~unseen_mask(v):
        return False
    opp = v.opponent
    sol = Solver(v.trump, v.must_trump)
    later = hand
    by_trick: dict[int, list] = {}
    for t, p, c in v.played:                          # in play order: the lead first
        by_trick.setdefault(t, []).append((p, c))
    for t in sorted(by_trick, reverse=True):          # rebuild the hand trick by trick, backwards
        cards = by_trick[t]
        for p, c in cards:
            if p == opp:
                later |= 1 << c
        if len(cards) == 2 and cards[1][0] == opp:
            lead, f = cards[0][1], cards[1][1]
            if not (sol.legal_follows(later, lead) >> f) & 1:
                return False
    king = 8 * v.trump + 7
    return not (v.king_announced == opp and not any(c == king for _t, _p, c in v.played) and not hand >> king & 1)


# ------------------------------------------------------------------------------------ match value
#: Points scored in one hand, from the dealer's side, as the simulations of this module's players
#: play it (turn-up king apart): ((non-dealer points, dealer points), probability).
HAND_OUTCOMES = (((1, 0), 0.30), ((2, 0), 0.22), ((0, 1), 0.33), ((0, 2), 0.15))
_MV: dict = {}


def match_value(mine: int, theirs: int, i_deal: bool, target: int = 5) -> float:
    """Probability of winning the match from scores ``mine``–``theirs`` with the next hand dealt
    by me (``i_deal``) or by the opponent: a Markov chain over :data:`HAND_OUTCOMES` and the
    turn-up king (1 in 8, a point for the dealer, §3.1). Used to value points (§3.5): at 4–4 any
    win is worth the same, so a vole is worth no more than a point."""
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    key = (mine, theirs, i_deal, target)
    v = _MV.get(key)
    if v is not None:
        return v

    def after_king(a, b):
        total = 0.0
        for (nd, d), p in HAND_OUTCOMES:
            mine_pts, their_pts = (d, nd) if i_deal else (nd, d)
            total += p * match_value(a + mine_pts, b + their_pts, not i_deal, target)
        return total

    king = 1 / 8
    if i_deal:
        v = king * (1.0 if mine + 1 >= target else after_king(mine + 1, theirs)) + (1 - king) * after_king(mine, theirs)
    else:
        v = (king * (0.0 if theirs + 1 >= target else after_king(mine, theirs + 1))
             + (1 - king) * after_king(mine, theirs))
    _MV[key] = v
    return v


def hand_points(nd_tricks: int, *, scoring: str, stood_at_once: bool, refused: bool,
                refused_first: bool) -> tuple[int, int]:
    """Points (non-dealer, dealer) for a hand the non-dealer ends with ``nd_tricks`` tricks (§3.5).

    ``standard``: 3–4 tricks 1 point, the vole 2; a non-dealer who stood at once or whose proposal
    was refused scores 2 for 3+ tricks. ``classic``: the player who stood at once (non-dealer) or
    refused the first proposal (dealer) and then takes fewer than 3 tricks gives the opponent 2."""
    nd_wins = nd_tricks >= 3
    n = nd_tricks if nd_wins else 5 - nd_tricks
    pts = 2 if n == 5 else 1
    if scoring == "standard":
        if nd_wins and (stood_at_once or refused):
            pts = 2
    else:
        responsible = "nd" if stood_at_once else ("d" if refused_first else None)
        if responsible is not None and (responsible == "nd") == (not nd_wins):
            pts = 2
    return (pts, 0) if nd_wins else (0, pts)


def _utilities(v: SeatView, *, stood_at_once, refused, refused_first, extra=(0, 0)) -> list[float]:
    """Match value for each count 0–5 of **my** tricks in the hand being decided."""
    me_nd = v.seat == v.non_dealer
    out = []
    for mine in range(6):
        nd_t = mine if me_nd else 5 - mine
        p_nd, p_d = hand_points(nd_t, scoring=v.scoring, stood_at_once=stood_at_once,
                                refused=refused, refused_first=refused_first)
        my_pts, their_pts = (p_nd, p_d) if me_nd else (p_d, p_nd)
        a, b = v.scores[v.seat] + my_pts + extra[0], v.scores[v.opponent] + their_pts + extra[1]
        if v.scores[v.opponent] + extra[1] >= v.target:
            out.append(0.0)
        elif v.scores[v.seat] + extra[0] >= v.target:
            out.append(1.0)
        else:
            out.append(match_value(a, b, i_deal=me_nd, target=v.target))   # the deal alternates
    return out


# ------------------------------------------------------------------------------------ opponent model
_TRUMP_VALUE = (2.9, 3.0, 3.1, 3.3, 3.6, 4.0, 4.5, 5.0)      # 7 … K, as cardkit.ecarte's easy player
_PLAIN_VALUE = (0.0, 0.0, 0.0, 0.1, 0.4, 0.7, 1.3, 2.2)


def _strength(hand: int, trump: int) -> float:
    s = 0.0
    for i in _bits(hand):
        s += _TRUMP_VALUE[i & 7] if (i >> 3) == trump else _PLAIN_VALUE[i & 7]
    return s


def _jeu_de_regle(hand: int, trump: int) -> bool:
    """§3.6's examples: three trumps; one trump and K-Q-J of a plain suit; two trumps and three
    cards of one plain suit."""
    n_tr = (hand & SUIT_MASK[trump]).bit_count()
    if n_tr >= 3:
        return True
    plain = [hand & SUIT_MASK[s] for s in range(4) if s != trump]
    if n_tr == 1 and any(((m >> (8 * s)) & 0xE0) == 0xE0 for s, m in
                         ((s, hand & SUIT_MASK[s]) for s in range(4) if s != trump)):
        return True
    return n_tr == 2 and any(m.bit_count() >= 3 for m in plain)


def _model_stands(hand: int, trump: int) -> bool:
    return _jeu_de_regle(hand, trump) or _strength(hand, trump) >= 10.5


def _model_refuses(hand: int, trump: int) -> bool:
    return _strength(hand, trump) >= 11.5


def _keep_order(hand: int, trump: int) -> list[int]:
    """The hand's cards, weakest first (the discards a sensible player makes first)."""
    return sorted(_bits(hand), key=lambda i: (_TRUMP_VALUE[i & 7] if (i >> 3) == trump else _PLAIN_VALUE[i & 7], i & 7))


def _model_discard(hand: int, trump: int, lo: int, hi: int) -> int:
    """The easy player's discard: everything but trumps and kings, within [lo, hi] cards."""
    order = _keep_order(hand, trump)
    out = [i for i in order if (i >> 3) != trump and (i & 7) != 7][:hi]
    if len(out) < lo:
        out = order[:lo]
    return mask_of_idx(out)


#: at most this many exchanges are simulated after an accepted proposal (:func:`_exchange_rounds`).
#: Measured on 1,000 paired matches against the easy player: three were no better than one
#: (64.8 % against 65.3 %, within the noise) and cost a quarter more time, so one.
EXCHANGE_ROUNDS = 1


def _exchange_rounds(nd: int, d: int, pool: list[int], stock: int, trump: int, nd_out: int | None = None,
                     d_out: int | None = None) -> tuple[int, int, bool]:
    """Simulate the exchanges after an accepted proposal (§3.2), as this module's opponent model
    makes them: the non-dealer throws ``nd_out`` (default all but trumps and kings, at least one),
    the dealer ``d_out`` (default all but trumps and kings), each drawing from ``pool`` (the unseen
    cards, shuffled: the stock is a random part of them) while the ``stock`` lasts; then, while
    cards remain, the non-dealer proposes again unless its hand is worth standing with
    (:func:`_model_stands`) and the dealer accepts unless its hand is worth refusing with
    (:func:`_model_refuses`), up to :data:`EXCHANGE_ROUNDS` exchanges.

    Returns ``(non-dealer hand, dealer hand, refused)``: ``refused`` when the last proposal was
    refused (§3.5: in ``standard`` a non-dealer taking 3+ tricks then scores 2; a later refusal
    changes nothing in ``classic``)."""
    at = 0
    for r in range(EXCHANGE_ROUNDS):
        if r:
            if stock <= 0 or _model_stands(nd, trump):
                return nd, d, False
            if _model_refuses(d, trump):
                return nd, d, True
        out = nd_out if (r == 0 and nd_out is not None) else _model_discard(nd, trump, 1, min(5, stock))
        k = out.bit_count()
        nd = (nd & ~out) | mask_of_idx(pool[at:at + k])
        at += k
        stock -= k
        out = d_out if (r == 0 and d_out is not None) else _model_discard(d, trump, 0, min(5, stock))
        k = out.bit_count()
        d = (d & ~out) | mask_of_idx(pool[at:at + k])
        at += k
        stock -= k
    return nd, d, False


def bid_hint(v: SeatView):
    """What the opponent's last bidding choice suggests about the hand it plays with (§3.2, §3.6),
    as a test on that hand (a mask: its cards now plus those it has played this hand), or None.

    Read as the opponent model of this module plays (:func:`_model_stands`,
    :func:`_model_refuses`): a non-dealer that stood holds a hand worth standing with; a dealer
    that refused holds a strong hand; a non-dealer that proposed (whether this seat then refused
    or is answering now) holds a hand it would not stand with; a dealer that accepted, and has
    not exchanged since, holds a hand it would not refuse with; an opponent that discarded ``n``
    cards at its last exchange kept only trumps and kings, so it holds at least ``5 - n`` of them
    (§3.2). These are guesses about a player, not facts of the rules, so the player only *prefers*
    hands that fit them (:meth:`StrongPlayer._opponent_hands`)."""
    t = v.trump
    opp_nd = v.opponent == v.non_dealer
    tests = []
    fresh = not v.bid_stale
    if v.last_bid == "stand" and opp_nd and fresh:
        tests.append(lambda h: _model_stands(h, t))
    if v.last_bid == "refuse" and not opp_nd and fresh:
        tests.append(lambda h: _model_refuses(h, t))
    if v.last_bid in ("refuse", "propose") and opp_nd and fresh:
        tests.append(lambda h: not _model_stands(h, t))
    if v.last_bid == "accept" and not opp_nd and fresh:
        tests.append(lambda h: not _model_refuses(h, t))
    if v.opp_exchange is not None:               # it kept only trumps and kings at its last exchange
        keep = 5 - v.opp_exchange
        tk = SUIT_MASK[t] | _KINGS
        tests.append(lambda h: (h & tk).bit_count() >= keep)
    if not tests:
        return None
    return lambda h: all(f(h) for f in tests)


_KINGS = sum(1 << (8 * s + 7) for s in range(4))

#: How much less likely a hand is made by each opponent card that a sensible player would not have
#: played with it (:func:`play_weight`): winning with a higher card of the suit than needed,
#: following with a higher losing card than needed, trumping higher than needed, throwing away a
#: better plain card than needed, or (``standard``) not trumping with a trump in hand.
PLAY_UNLIKELY = 0.35
#: the weight of a sampled hand that contradicts :func:`bid_hint` (a guess, so not zero)
HINT_UNLIKELY = 0.08
#: card play draws this many times the samples it needs before weighing them
POOL_FACTOR = 5


def play_weight(v: SeatView):
    """How likely each opponent hand makes the cards the opponent chose as follower this hand,
    under a plausible policy (win a trick as cheaply as you can, lose it with your cheapest card,
    trump rather than throw away when void in ``standard``), as a function of a hand mask (the
    opponent's unseen cards now) returning a weight in (0, 1], or None when the opponent has not
    followed yet. Guesses about a player, never facts of the rules (§3.4 leaves these choices
    free), so no hand gets weight zero: each unlikely choice multiplies by :data:`PLAY_UNLIKELY`.
    Cards the opponent played later are the same in every sample, so only the unseen cards count.
    """
    opp = v.opponent
    t = v.trump
    tr = SUIT_MASK[t]
    checks = []                      # masks: holding any of these makes one choice unlikely
    by_trick: dict[int, list] = {}
    for tk, p, c in v.played:
        by_trick.setdefault(tk, []).append((p, c))
    for cards in by_trick.values():
        if len(cards) != 2 or cards[1][0] != opp:
            continue
        lead, f = cards[0][1], cards[1][1]
        below_f = SUIT_MASK[f >> 3] & ((1 << f) - 1)
        if (f >> 3) == (lead >> 3):
            if f > lead:                                   # won: a cheaper winner held?
                checks.append(below_f & ABOVE[lead])
            else:                                          # lost: a cheaper loser held?
                checks.append(below_f)
        elif (f >> 3) == t:                                # trumped: a lower trump held?
            checks.append(below_f)
        else:                                              # threw a plain card away
            rank = f & 7
            low = sum(((1 << rank) - 1) << (8 * s) for s in range(4) if s != t)
            checks.append(low)
            if not v.must_trump:                           # standard: a trump would have won
                checks.append(tr)
    if not checks:
        return None

    def weight(h: int) -> float:
        w = 1.0
        for m in checks:
            if h & m:
                w *= PLAY_UNLIKELY
        return w
    return weight


# ------------------------------------------------------------------------------------ players
@dataclass(frozen=True)
class Level:
    """How hard a computer player thinks: samples for card play, for bidding, discard candidates,
    and whether the sampler uses inferences (§3.3, §3.4)."""

    play_samples: int
    bid_samples: int
    discard_samples: int
    inferences: bool


LEVELS = {"hard": Level(play_samples=160, bid_samples=200, discard_samples=80, inferences=True),
          "medium": Level(play_samples=8, bid_samples=40, discard_samples=0, inferences=False)}


def _decision_rng(seed, obs_key) -> random.Random:
    h = hashlib.blake2b(repr((seed, obs_key)).encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(h, "big"))


def _king_extra(v: SeatView, mine: int, theirs: int) -> tuple[int, int]:
    """King points (mine, theirs) still to come when the hands ``mine`` and ``theirs`` are played
    (§3.3: whoever holds the king of trumps announces it for 1 point; none if it was turned up or
    has been announced already)."""
    king = 8 * v.trump + 7
    if v.king_announced is not None or v.turn_up == king:
        return (0, 0)
    if (mine >> king) & 1:
        return (1, 0)
    if (theirs >> king) & 1:
        return (0, 1)
    return (0, 0)


class _Utils:
    """Match value for each count 0–5 of my tricks, per (scoring flags, king points) — memoised."""

    def __init__(self, v: SeatView):
        self.v = v
        self.memo: dict = {}

    def __call__(self, stood_at_once=False, refused=False, refused_first=False, extra=(0, 0)):
        key = (stood_at_once, refused, refused_first, extra)
        u = self.memo.get(key)
        if u is None:
            u = self.memo[key] = _utilities(self.v, stood_at_once=stood_at_once, refused=refused,
                                            refused_first=refused_first, extra=extra)
        return u


class StrongPlayer:
    """A computer Écarté player that thinks (``level="hard"`` or ``"medium"``) (§3, §3.6).

    ``choose(observation) -> Action`` reads only the observation (through :func:`seat_view`).
    Card play: samples the opponent's hand (:func:`sample_hands`; ``hard`` weighs the samples by
    how well they fit the opponent's bidding, :func:`bid_hint`, and its choices of card,
    :func:`play_weight`), solves each sample exactly
    (:class:`Solver`) and plays the card with the best mean match value (:func:`match_value`).
    Stand / propose / accept / refuse / discard: simulates each option against a simple model of
    the opponent (stands or refuses with a jeu de règle or a strong hand, discards all but trumps
    and kings), counting the king of trumps' point for whoever ends up holding it (§3.3). Always
    announces the king of trumps (§3.3). ``seed``: the same seed and
    observation always give the same choice. ``peek``: for the benchmark's open-hand player only —
    a callable returning the opponent's true hand (Cards); never used by a table.
    ``time_budget``: seconds; if given, a decision stops sampling once it is spent (after at least
    8 samples), so a table on a loaded machine is never kept waiting — at the price of the
    same-seed-same-choice guarantee, which then holds only while the budget is not reached. The
    default (None) always uses every sample (:data:`LEVELS`).

    Raises ``ValueError`` for an unknown level or an observation with no legal action.
    """

    def __init__(self, level: str = "hard", seed: int | None = None, peek=None,
                 time_budget: float | None = None):
        if level not in LEVELS:
            raise ValueError(f"unknown computer level {level!r}: 'easy', 'medium' or 'hard'")
        self.level = level
        self.params = LEVELS[level]
        self.seed = seed
        self.peek = peek
        self.time_budget = time_budget
        self._t_end = None

    def _out_of_time(self, done: int) -> bool:
        return (self._t_end is not None and done >= 8 and done % 4 == 0
                and time.perf_counter() > self._t_end)

    # -- helpers
    def _rng(self, v: SeatView) -> random.Random:
        """A generator seeded by the player's seed and what the seat sees now (not by history)."""
        key = (v.seat, v.phase, v.hand, v.own_discards, v.dealer, v.scores, v.tricks, v.trick,
               v.played, v.proposals, v.discard_counts, v.turn_up, v.king_announced)
        return _decision_rng(self.seed, key)

    def _opponent_hands(self, v: SeatView, n: int, rng) -> list[int]:
        """``n`` opponent hands for a decision: uniform over the hands the facts allow
        (:func:`sample_hands`); with the inferences on, :data:`POOL_FACTOR` times as many are drawn
        and ``n`` are drawn again from them, each as likely as it fits the opponent's bidding
        (:func:`bid_hint`) and its choices of card (:func:`play_weight`). A hand may come twice
        (the solver's table makes the second solve free)."""
        if self.peek is not None:
            return [mask_of(self.peek())]
        if not self.params.inferences:
            return sample_hands(v, n, rng, False)
        hint = bid_hint(v)
        pw = play_weight(v) if v.phase == "play" else None
        if hint is None and pw is None:
            return sample_hands(v, n, rng, True)
        hands = sample_hands(v, POOL_FACTOR * n, rng, True)
        played = 0
        for _t, p, c in v.played:
            if p == v.opponent:
                played |= 1 << c
        weights = []
        for h in hands:
            w = 1.0 if hint is None or hint(h | played) else HINT_UNLIKELY
            if pw is not None:
                w *= pw(h)
            weights.append(w)
        return rng.choices(hands, weights, k=n)

    def choose(self, obs: dict) -> Action:
        """Pick one of the observation's legal actions (see the class docstring)."""
        v = seat_view(obs)
        if not v.legal:
            raise ValueError("it is not this seat's turn: the observation lists no legal action")
        kinds = {a.kind for a in v.legal}
        if len(v.legal) == 1:
            return v.legal[0]
        rng = self._rng(v)
        self._t_end = None if self.time_budget is None else time.perf_counter() + self.time_budget
        if "announce" in kinds:
            return Action("announce", word="king")
        if "stand" in kinds or "accept" in kinds:
            vals = self.bid_values(v, rng)
            return Action(max(vals, key=lambda k: (round(vals[k], 9), k in ("stand", "refuse"))))
        if "discard" in kinds:
            return self._discard(v, rng)
        return self._play(v, rng)

    # -- card play
    def card_scores(self, v: SeatView, rng) -> dict[int, tuple[float, float]]:
        """For each legal card (index): (mean match value, mean tricks this seat wins in the hand)."""
        sol = solver(v.trump, v.must_trump)
        me = v.seat
        util = _utilities(v, stood_at_once=v.stood_at_once, refused=v.refused, refused_first=v.refused_first)
        base = v.tricks[me]
        cards = [card_index(a.card) for a in v.legal if a.kind == "play"]
        hands = self._opponent_hands(v, self.params.play_samples, rng)
        tot_u = dict.fromkeys(cards, 0.0)
        tot_t = dict.fromkeys(cards, 0.0)
        n = 0
        for opp in hands:
            if self._out_of_time(n):
                break
            n += 1
            if v.trick:
                vals = sol.follow_values(v.hand, opp, v.trick[0][1])
            else:
                vals = sol.lead_values(v.hand, opp)
            for c in cards:
                t = base + vals[c]
                tot_u[c] += util[min(t, 5)]
                tot_t[c] += t
        return {c: (tot_u[c] / n, tot_t[c] / n) for c in cards}

    def _play(self, v: SeatView, rng) -> Action:
        scores = self.card_scores(v, rng)
        trump = v.trump
        # best match value, then most tricks, then the cheapest card (plain before trump, low first)
        best = max(scores, key=lambda c: (round(scores[c][0], 9), round(scores[c][1], 9),
                                          -((c >> 3) == trump), -(c & 7)))
        return Action("play", (CARDS[best],))

    # -- bidding
    def _bid_hands(self, v: SeatView, rng) -> list[int]:
        """Opponent hands for a bidding or discard decision (:meth:`_opponent_hands`: uniform over
        the unseen cards; with the inferences on, weighted by :func:`bid_hint` — a proposal, an
        acceptance, the opponent's last exchange)."""
        return self._opponent_hands(v, self.params.bid_samples, rng)

    def bid_values(self, v: SeatView, rng) -> dict[str, float]:
        """Estimated match value of each bidding option open to this seat now: ``stand`` and
        ``propose`` (non-dealer, ``decide``) or ``refuse`` and ``accept`` (dealer, ``answer``).

        The same sampled opponent hands value both options (common random numbers). A refusal or a
        stand plays the hands as they are; an accepted proposal is simulated by
        :func:`_exchange_rounds` (both sides throw all but trumps and kings; up to
        :data:`EXCHANGE_ROUNDS` exchanges) and then played double-dummy. The king of trumps' point
        goes to whoever holds it when play begins (:func:`_king_extra`)."""
        sol = solver(v.trump, v.must_trump)
        t = v.trump
        unseen = _bits(unseen_mask(v))
        U = _Utils(v)
        first = v.proposals == 0 if v.phase == "decide" else v.proposals == 1
        total_a = total_b = 0.0
        hands = self._bid_hands(v, rng)
        n = 0
        me_nd = v.phase == "decide"
        for opp in hands:
            if self._out_of_time(n):
                break
            n += 1
            nd, d = (v.hand, opp) if me_nd else (opp, v.hand)
            t0 = sol.tricks(nd, d)
            mine0 = t0 if me_nd else 5 - t0
            ex = _king_extra(v, v.hand, opp)
            if me_nd:
                total_a += U(stood_at_once=first, extra=ex)[mine0]
                if _model_refuses(d, t):
                    total_b += U(refused=True, refused_first=first, extra=ex)[mine0]
                    continue
            else:
                total_a += U(refused=True, refused_first=first, extra=ex)[mine0]
            pool = [i for i in unseen if not (opp >> i) & 1]
            rng.shuffle(pool)
            nd2, d2, refused = _exchange_rounds(nd, d, pool, v.stock_count, t)
            t1 = sol.tricks(nd2, d2)
            mine2, theirs2 = (nd2, d2) if me_nd else (d2, nd2)
            total_b += U(refused=refused, extra=_king_extra(v, mine2, theirs2))[t1 if me_nd else 5 - t1]
        if me_nd:
            return {"stand": total_a / n, "propose": total_b / n}
        return {"refuse": total_a / n, "accept": total_b / n}

    # -- exchange
    def _discard_candidates(self, v: SeatView, lo: int, hi: int) -> tuple[int, list[int]]:
        """The rule's discard (all but trumps and kings) and the discards worth comparing with it:
        the weakest ``k`` cards for each allowed ``k`` (weakest as :func:`_keep_order` ranks them),
        and the rule's with one card more or one fewer."""
        rule = _model_discard(v.hand, v.trump, lo, hi)
        order = _keep_order(v.hand, v.trump)
        kept = [i for i in order if not (rule >> i) & 1]
        out = [i for i in order if (rule >> i) & 1]
        cands = [rule]
        if kept and rule.bit_count() < hi:
            cands.append(rule | (1 << kept[0]))             # throw the weakest card kept as well
        if out and rule.bit_count() > lo:
            cands.append(rule & ~(1 << out[-1]))            # keep the best card thrown
        for k in range(lo, hi + 1):
            m = mask_of_idx(order[:k])
            if m not in cands:
                cands.append(m)
        return rule, cands

    def _discard(self, v: SeatView, rng) -> Action:
        """The rule's discard (all but trumps and kings) unless simulation finds another of
        :meth:`_discard_candidates` clearly better (by ``DISCARD_MARGIN`` of match value)."""
        legal = [a for a in v.legal if a.kind == "discard"]
        lo = min(len(a.cards) for a in legal)
        hi = max(len(a.cards) for a in legal)
        rule, cands = self._discard_candidates(v, lo, hi)
        if len(cands) == 1 or not self.params.discard_samples:
            return Action("discard", tuple(cards_of(rule)))
        sol = solver(v.trump, v.must_trump)
        U = _Utils(v)
        me_nd = v.seat == v.non_dealer
        unseen = _bits(unseen_mask(v))
        n = self.params.discard_samples
        scores = dict.fromkeys(cands, 0.0)
        for done, opp in enumerate(self._opponent_hands(v, n, rng)):
            if self._out_of_time(done):
                scores = {c: x * n / done for c, x in scores.items()}
                break
            pool = [i for i in unseen if not (opp >> i) & 1]
            rng.shuffle(pool)
            for c in cands:
                if me_nd:                       # then the dealer exchanges, and so on (modelled)
                    nd2, d2, refused = _exchange_rounds(v.hand, opp, pool, v.stock_count, v.trump, nd_out=c)
                    mine, theirs, t_nd = nd2, d2, sol.tricks(nd2, d2)
                else:                           # the non-dealer has exchanged already
                    nd2, d2, refused = _exchange_rounds(opp, v.hand, pool, v.stock_count, v.trump, nd_out=0,
                                                        d_out=c)
                    mine, theirs, t_nd = d2, nd2, sol.tricks(nd2, d2)
                scores[c] += U(refused=refused, extra=_king_extra(v, mine, theirs))[
                    t_nd if me_nd else 5 - t_nd] / n
        best = max(cands, key=lambda c: scores[c] - (0 if c == rule else DISCARD_MARGIN))
        return Action("discard", tuple(cards_of(best)))


#: how much better (in match-winning probability) a discard must look than the rule's to be chosen
DISCARD_MARGIN = 0.02


class RandomPlayer:
    """A random legal player (the benchmark's floor): a seeded uniform choice among the legal
    actions of the observation."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, obs) -> Action:
        legal = [_action(a) for a in obs["legal_actions"]]
        if not legal:
            raise ValueError("it is not this seat's turn: the observation lists no legal action")
        return legal[self.rng.randrange(len(legal))]


# ------------------------------------------------------------------------------------ advisor
_RULES_BY_NAME = {"standard": (False, "standard"), "classic": (True, "classic")}


def _rules_pair(rules) -> tuple[bool, str]:
    """(must_trump, scoring) from an EcarteRules, a preset name or None (standard)."""
    if rules is None:
        return _RULES_BY_NAME["standard"]
    if isinstance(rules, str):
        if rules not in _RULES_BY_NAME:
            raise ValueError(f"Écarté presets are 'standard' and 'classic' (§3), not {rules!r}")
        return _RULES_BY_NAME[rules]
    return bool(rules.must_trump), rules.scoring


def _net(nd_tricks: int, scoring: str, **flags) -> int:
    p_nd, p_d = hand_points(nd_tricks, scoring=scoring, **flags)
    return p_nd - p_d


def _stand_numbers(hand: int, unseen: list[int], trump: int, must_trump: bool, scoring: str, *,
                   exact: bool, samples: int, rng: random.Random, first: bool = True,
                   propose_samples: int | None = None) -> dict:
    """Standing: over every dealer hand (``exact``) or ``samples`` of them. Proposing: simulated on
    ``propose_samples`` (default ``samples``) of the sampled dealer hands (one random exchange
    each), so always an estimate."""
    sol = solver(trump, must_trump)
    tr = SUIT_MASK[trump]
    counts = [0] * 6
    low_trump = [0, 0]              # (hands with < 2 trumps, of which the non-dealer takes 3+)
    stand_pts = 0.0
    sampled = [mask_of_idx(rng.sample(unseen, 5)) for _ in range(samples)]
    hands = map(mask_of_idx, itertools.combinations(unseen, 5)) if exact else sampled
    n = 0
    for d in hands:
        n += 1
        t0 = sol.tricks(hand, d)
        counts[t0] += 1
        if (d & tr).bit_count() < 2:
            low_trump[0] += 1
            low_trump[1] += t0 >= 3
        stand_pts += _net(t0, scoring, stood_at_once=first, refused=False, refused_first=False)
    k_out = _model_discard(hand, trump, 1, 5)
    k = k_out.bit_count()
    prop = []
    for d in sampled[:propose_samples or samples]:
        if _model_refuses(d, trump):
            prop.append(_net(sol.tricks(hand, d), scoring, stood_at_once=False, refused=True,
                             refused_first=first))
            continue
        pool = [i for i in unseen if not (d >> i) & 1]
        drawn = rng.sample(pool, k + 5)
        mine = (hand & ~k_out) | mask_of_idx(drawn[:k])
        dk = _model_discard(d, trump, 0, 5)
        d2 = (d & ~dk) | mask_of_idx(drawn[k:k + dk.bit_count()])
        prop.append(_net(sol.tricks(mine, d2), scoring, stood_at_once=False, refused=False,
                         refused_first=False))
    p3 = sum(counts[3:]) / n
    m = len(prop)
    mean = sum(prop) / m
    sd = math.sqrt(sum((x - mean) ** 2 for x in prop) / max(1, m - 1))
    return {"dealer_hands": n, "exact": exact, "tricks": [c / n for c in counts], "p_three": p3,
            "p_vole": counts[5] / n, "error_95": 0.0 if exact else 1.96 * math.sqrt(p3 * (1 - p3) / n),
            "p_three_if_dealer_under_two_trumps": (low_trump[1] / low_trump[0]) if low_trump[0] else float("nan"),
            "dealer_under_two_trumps": low_trump[0] / n,
            "stand_points": stand_pts / n, "propose_points": mean,
            "propose_error_95": 1.96 * sd / math.sqrt(m)}


def _describe(hand: int, trump: int) -> tuple[str, bool]:
    """Plain words for a hand ("two trumps and three hearts") and whether it is a §3.6 jeu de règle."""
    words = ("no", "one", "two", "three", "four", "five")
    n_tr = (hand & SUIT_MASK[trump]).bit_count()
    parts = [f"{words[n_tr]} trump{'s' if n_tr != 1 else ''}"]
    best = None
    for s in range(4):
        if s == trump:
            continue
        m = hand & SUIT_MASK[s]
        if ((m >> (8 * s)) & 0xE0) == 0xE0:
            best = f"the king, queen and jack of {SUITS[s].word} (a tierce major)"
            break
        if m.bit_count() >= 3 and best is None:
            best = f"{words[m.bit_count()]} {SUITS[s].word}"
    if best:
        parts.append(best)
    return " and ".join(parts), _jeu_de_regle(hand, trump)


def stand_advice(hand, turn_up, rules=None, *, exact: bool = False, samples: int = 4000,
                 seed: int = 0, discards=(), first: bool = True) -> dict:
    """For the non-dealer deciding whether to stand (§3.2, §3.5, §3.6): the numbers and a reason.

    - ``hand``: the non-dealer's 5 cards (text or Cards); ``turn_up``: the turned-up card (its
      suit is trumps); ``rules``: ``"standard"`` (default), ``"classic"`` or an EcarteRules;
      ``discards``: cards this player already threw away (after an exchange; ``first=False``).
    - ``exact=True``: every one of the dealer's possible hands (C(26,5) = 65,780 at the first
      decision; about 1–2 s); else ``samples`` hands drawn uniformly (seeded by ``seed``), with the
      95 % error of the estimate in ``error_95``.

    Returns a dict: ``p_three`` (probability of taking at least 3 tricks if standing), ``p_vole``,
    ``tricks`` (probability of 0–5 tricks), ``p_three_if_dealer_under_two_trumps``,
    ``dealer_under_two_trumps``, ``stand_points`` and ``propose_points`` (expected points of the
    non-dealer minus the dealer's for this hand, king points left out; a proposal is simulated
    against a dealer who refuses with a strong hand and otherwise throws all but trumps and kings,
    one exchange, ``propose_error_95`` its error), ``dealer_hands``, ``exact``, ``error_95``,
    ``choice`` (``"stand"`` or ``"propose"``) and ``reason`` (one sentence). Each hand is solved
    double-dummy (both players play as if they saw every card).

    Raises ``ValueError`` for a hand that is not 5 distinct cards or that holds the turn-up.
    """
    must_trump, scoring = _rules_pair(rules)
    cards = parse_cards(hand)
    up = parse_card(turn_up) if not isinstance(turn_up, Card) else turn_up
    h = mask_of(cards)
    if len(cards) != 5 or h.bit_count() != 5 or (h >> card_index(up)) & 1:
        raise ValueError("the non-dealer holds 5 distinct cards, none of them the turn-up (§3.1)")
    trump = _SUIT_NO[up.suit]
    unseen = _bits(ALL & ~h & ~(1 << card_index(up)) & ~mask_of(parse_cards(discards)))
    out = _stand_numbers(h, unseen, trump, must_trump, scoring, exact=exact, samples=samples,
                         rng=random.Random(seed), first=first)
    words, regle = _describe(h, trump)
    choice = "stand" if out["stand_points"] >= out["propose_points"] else "propose"
    est = "" if exact else "about "
    out["choice"] = choice
    out["jeu_de_regle"] = regle
    out["reason"] = (f"You hold {words}: {_verdict(regle, choice)}. Standing takes 3+ tricks {est}"
                     f"{out['p_three']:.0%} of the time (vole {out['p_vole']:.0%}); expected points "
                     f"{out['stand_points']:+.2f} standing, {out['propose_points']:+.2f} proposing.")
    return out


def card_advice(obs: dict, *, samples: int = 200, seed: int = 0) -> dict:
    """For a card to play (§3.4): the expected tricks this seat takes in the whole hand with each
    legal card, over the opponent's hands consistent with what the seat saw (:func:`sample_hands`;
    every consistent hand once when there are at most ``samples``), each solved double-dummy.

    Returns ``{"cards": {Card: expected tricks}, "best": Card, "hands": n, "exact": bool}``.
    Raises ``ValueError`` if it is not this seat's turn to play a card."""
    v = seat_view(obs)
    cards = [card_index(a.card) for a in v.legal if a.kind == "play"]
    if not cards:
        raise ValueError("card advice is for a seat about to play a card (§3.4)")
    allowed, forced, soft = hand_constraints(v)
    pool = (allowed & ~forced & ~soft).bit_count()
    exact = comb(pool, v.opponent_cards - forced.bit_count()) <= samples
    rng = random.Random(seed)
    hands = sample_hands(v, samples, rng)
    sol = solver(v.trump, v.must_trump)
    tot = dict.fromkeys(cards, 0)
    for opp in hands:
        vals = (sol.follow_values(v.hand, opp, v.trick[0][1]) if v.trick else sol.lead_values(v.hand, opp))
        for c in cards:
            tot[c] += v.tricks[v.seat] + vals[c]
    exp = {CARDS[c]: tot[c] / len(hands) for c in cards}
    best = max(exp, key=lambda c: (round(exp[c], 9), -(card_index(c) >> 3 == v.trump), -(card_index(c) & 7)))
    return {"cards": exp, "best": best, "hands": len(hands), "exact": exact}


def _verdict(regle: bool, choice: str) -> str:
    """The advisor's verdict in words. A jeu de règle is a hand the books say to play without
    proposing (RULES.md §3.6), so when the numbers disagree with the books the verdict says so
    instead of calling a jeu de règle a reason to propose."""
    if regle and choice == "stand":
        return "a jeu de règle — stand"
    if not regle and choice == "propose":
        return "not a jeu de règle — propose"
    if regle:
        return ("a jeu de règle, which the books say to play as dealt, but here proposing scores "
                "a little more on average — propose")
    return "not a jeu de règle, but standing scores a little more on average here — stand"


def advice(obs: dict, *, seed: int = 0) -> dict:
    """A hint for the seat of ``obs``: ``{"text": one short sentence, "numbers": {...}}`` (§3.6).

    Fast enough for a table's Hint toggle (at most about 0.15 s of CPU time here; the wall-clock
    time grows with the machine's load): stand or propose from :func:`stand_advice` on 1,000
    sampled dealer hands (200 for the simulated proposal); accept or refuse and the discard from
    the hard player's own estimates; the card from :func:`card_advice`. Uses only the observation.
    When it is not this seat's turn the text says so and ``numbers`` is empty."""
    v = seat_view(obs)
    if not v.legal:
        return {"text": "Nothing to decide now.", "numbers": {}}
    kinds = {a.kind for a in v.legal}
    rng = random.Random(seed)
    if "announce" in kinds:
        return {"text": "Announce the king of trumps first: it scores 1 point at once (King of trumps).",
                "numbers": {"points": 1}}
    if "stand" in kinds:
        unseen = _bits(unseen_mask(v))
        out = _stand_numbers(v.hand, unseen, v.trump, v.must_trump, v.scoring, exact=False,
                             samples=1000, rng=rng, first=v.proposals == 0, propose_samples=200)
        words, regle = _describe(v.hand, v.trump)
        choice = "stand" if out["stand_points"] >= out["propose_points"] else "propose"
        return {"text": f"You hold {words}: {_verdict(regle, choice)}. Standing wins 3+ tricks about "
                        f"{out['p_three']:.0%} of the time"
                        + (f" (±{out['error_95']:.0%})." if out["error_95"] >= 0.005 else "."),
                "numbers": {k: out[k] for k in ("p_three", "p_vole", "error_95", "stand_points",
                                                "propose_points", "dealer_hands")} | {"choice": choice}}
    if "accept" in kinds:
        vals = StrongPlayer("hard", seed).bid_values(v, rng)
        choice = "refuse" if vals["refuse"] >= vals["accept"] else "accept"
        why = ("your hand is strong enough to play as it is" if choice == "refuse"
               else "an exchange helps you more than it helps the non-dealer")
        return {"text": f"{choice.capitalize()}: {why} (chance of winning the match "
                        f"{vals['refuse']:.0%} refusing, {vals['accept']:.0%} accepting).",
                "numbers": dict(vals, choice=choice)}
    if "discard" in kinds:
        act = StrongPlayer("hard", seed)._discard(v, rng)
        keep = [c for c in cards_of(v.hand) if c not in act.cards]
        text = (f"Throw {' '.join(map(str, act.cards))} and keep {' '.join(map(str, keep)) or 'nothing'}: "
                "trumps and kings win tricks, the rest rarely does." if act.cards else
                "Keep all five cards: your hand is strong already.")
        return {"text": text, "numbers": {"discard": [str(c) for c in act.cards]}}
    out = card_advice(obs, samples=120, seed=seed)
    ranked = sorted(out["cards"].items(), key=lambda kv: -kv[1])
    others = ", ".join(f"{c} {t:.1f}" for c, t in ranked if c != out["best"])
    text = f"Play {out['best']}: about {out['cards'][out['best']]:.1f} tricks expected this hand"
    text += f" ({others})." if others else "."
    return {"text": text, "numbers": {str(c): t for c, t in out["cards"].items()}}


def foster_counts() -> dict:
    """Foster's counts (§3.6), by enumerating every hand the dealer can hold: of the C(26,5) =
    65,780 hands of the 26 cards the non-dealer cannot see, how many hold two or more trumps when
    the non-dealer holds one trump, and when it holds two.

    Returns ``{"hands": 65780, "two_or_more_trumps": {1: 21206, 2: 15506}}`` (worked out, not
    stored: the enumeration runs each call, about 0.1 s)."""
    trump = 0
    out = {}
    total = 0
    for held in (1, 2):
        # a non-dealer with `held` spades (trumps) and the turn-up 7♠; the rest plain cards
        up = 8 * trump + 0
        trumps = [8 * trump + r for r in range(7, 7 - held, -1)]
        plain = [i for i in range(8, 32)][:5 - held]
        hand = mask_of_idx(trumps + plain)
        unseen = _bits(ALL & ~hand & ~(1 << up))
        tr = SUIT_MASK[trump]
        n = two = 0
        for combo in itertools.combinations(unseen, 5):
            n += 1
            two += (mask_of_idx(combo) & tr).bit_count() >= 2
        out[held] = two
        total = n
    return {"hands": total, "two_or_more_trumps": out}


#: §3.6's classical jeux de règle, with one hand that is not, for contrast (turn-up 9♠: spades trumps)
JEUX_DE_REGLE = (
    ("one trump and a tierce major", "7S KH QH JH 8D", "9S"),
    ("two trumps and three cards of one plain suit", "8S 7S AH 10H 9H", "9S"),
    ("three trumps", "10S 8S 7S 9H 8D", "9S"),
    ("not one: one trump and small cards", "7S 10H 8H 9D 8C", "9S"),
)


def jeux_de_regle_check(rules=None, *, exact: bool = True, samples: int = 1000, seed: int = 0) -> list[dict]:
    """Checks §3.6's claim that a jeu de règle takes three tricks "about 2 to 1 on": for each hand
    of :data:`JEUX_DE_REGLE`, :func:`stand_advice` over all 65,780 dealer hands (``exact``, a few
    seconds in all) or a sample. Returns one dict per hand: ``name``, ``hand``, ``turn_up``,
    ``p_three``, ``p_vole``, ``p_three_if_dealer_under_two_trumps``, ``dealer_under_two_trumps``,
    ``error_95``, ``jeu_de_regle``."""
    rows = []
    for name, hand, up in JEUX_DE_REGLE:
        a = stand_advice(hand, up, rules, exact=exact, samples=samples, seed=seed)
        rows.append({"name": name, "hand": hand, "turn_up": up} | {
            k: a[k] for k in ("p_three", "p_vole", "p_three_if_dealer_under_two_trumps",
                              "dealer_under_two_trumps", "error_95", "jeu_de_regle")})
    return rows

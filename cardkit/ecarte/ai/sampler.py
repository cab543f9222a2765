"""What an Écarté seat can infer about the opponent's hand (RULES.md §3.3, §3.4, §3.6): the
facts of the rules and the guesses of an opponent model, and the sampler built on them.

- **Facts** (:func:`hand_constraints`, :func:`consistent_hand`): §3.4's obligations turn each play
  into a fact (a failure to follow suit shows a void, a failure to beat the card led shows no
  higher card of that suit, and in ``classic`` a failure to trump shows no trump); §3.3: an
  announced king is held, and a king not announced before the opponent's first card is taken as
  not held. How many cards each side exchanged fixes which cards are unseen and how many the
  opponent holds.
- **Sampler** (:func:`sample_hands`): the opponent's unseen cards, uniform over the hands
  consistent with the facts.
- **Guesses** (:func:`bid_hint`, :func:`play_weight`): how well a hand fits the opponent's bidding
  and last exchange as this package's opponent model would make them (only trumps and kings kept)
  and its choices of card as a sensible player makes them (win cheaply, lose with the cheapest
  card) — guesses about a player, never facts of the rules, so a hand that fits none keeps a small
  weight.
- **The opponent model** (``model_*``): stands or refuses with a jeu de règle or a strong hand,
  discards all but trumps and kings, as the ``easy`` computer player does.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from math import comb

from .solver import ABOVE, ALL, SUIT_MASK, Solver, bits, mask_of_idx
from .view import SeatView

__all__ = ["EXCHANGE_ROUNDS", "HINT_UNLIKELY", "PLAY_UNLIKELY", "POOL_FACTOR", "bid_hint",
           "consistent_hand", "exchange_rounds", "hand_constraints", "jeu_de_regle", "keep_order",
           "model_discard", "model_refuses", "model_stands", "play_weight", "sample_hands",
           "unseen_mask"]

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
    by_trick: dict[int, list[tuple[int, int]]] = {}
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
        pool = bits(allowed & ~forced & ~excl)
        need = k - forced.bit_count()
        if 0 <= need <= len(pool):
            break
    else:
        raise ValueError("no opponent hand is consistent with this observation")
    total = comb(len(pool), need)
    if total <= n:
        return [forced | mask_of_idx(c) for c in itertools.combinations(pool, need)]
    return [forced | mask_of_idx(rng.sample(pool, need)) for _ in range(n)]


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
    by_trick: dict[int, list[tuple[int, int]]] = {}
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


# ------------------------------------------------------------------------------------ opponent model
_TRUMP_VALUE = (2.9, 3.0, 3.1, 3.3, 3.6, 4.0, 4.5, 5.0)      # 7 … K, as cardkit.ecarte's easy player
_PLAIN_VALUE = (0.0, 0.0, 0.0, 0.1, 0.4, 0.7, 1.3, 2.2)


def _strength(hand: int, trump: int) -> float:
    s = 0.0
    for i in bits(hand):
        s += _TRUMP_VALUE[i & 7] if (i >> 3) == trump else _PLAIN_VALUE[i & 7]
    return s


def jeu_de_regle(hand: int, trump: int) -> bool:
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


def model_stands(hand: int, trump: int) -> bool:
    return jeu_de_regle(hand, trump) or _strength(hand, trump) >= 10.5


def model_refuses(hand: int, trump: int) -> bool:
    return _strength(hand, trump) >= 11.5


def keep_order(hand: int, trump: int) -> list[int]:
    """The hand's cards, weakest first (the discards a sensible player makes first)."""
    return sorted(bits(hand), key=lambda i: (_TRUMP_VALUE[i & 7] if (i >> 3) == trump else _PLAIN_VALUE[i & 7], i & 7))


def model_discard(hand: int, trump: int, lo: int, hi: int) -> int:
    """The easy player's discard: everything but trumps and kings, within [lo, hi] cards."""
    order = keep_order(hand, trump)
    out = [i for i in order if (i >> 3) != trump and (i & 7) != 7][:hi]
    if len(out) < lo:
        out = order[:lo]
    return mask_of_idx(out)


#: at most this many exchanges are simulated after an accepted proposal (:func:`exchange_rounds`).
#: Measured on 1,000 paired matches against the easy player: three were no better than one
#: (64.8 % against 65.3 %, within the noise) and cost a quarter more time, so one.
EXCHANGE_ROUNDS = 1


def exchange_rounds(nd: int, d: int, pool: list[int], stock: int, trump: int, nd_out: int | None = None,
                     d_out: int | None = None) -> tuple[int, int, bool]:
    """Simulate the exchanges after an accepted proposal (§3.2), as this module's opponent model
    makes them: the non-dealer throws ``nd_out`` (default all but trumps and kings, at least one),
    the dealer ``d_out`` (default all but trumps and kings), each drawing from ``pool`` (the unseen
    cards, shuffled: the stock is a random part of them) while the ``stock`` lasts; then, while
    cards remain, the non-dealer proposes again unless its hand is worth standing with
    (:func:`model_stands`) and the dealer accepts unless its hand is worth refusing with
    (:func:`model_refuses`), up to :data:`EXCHANGE_ROUNDS` exchanges.

    Returns ``(non-dealer hand, dealer hand, refused)``: ``refused`` when the last proposal was
    refused (§3.5: in ``standard`` a non-dealer taking 3+ tricks then scores 2; a later refusal
    changes nothing in ``classic``)."""
    at = 0
    for r in range(EXCHANGE_ROUNDS):
        if r:
            if stock <= 0 or model_stands(nd, trump):
                return nd, d, False
            if model_refuses(d, trump):
                return nd, d, True
        out = nd_out if (r == 0 and nd_out is not None) else model_discard(nd, trump, 1, min(5, stock))
        k = out.bit_count()
        nd = (nd & ~out) | mask_of_idx(pool[at:at + k])
        at += k
        stock -= k
        out = d_out if (r == 0 and d_out is not None) else model_discard(d, trump, 0, min(5, stock))
        k = out.bit_count()
        d = (d & ~out) | mask_of_idx(pool[at:at + k])
        at += k
        stock -= k
    return nd, d, False


def bid_hint(v: SeatView) -> Callable[[int], bool] | None:
    """What the opponent's last bidding choice suggests about the hand it plays with (§3.2, §3.6),
    as a test on that hand (a mask: its cards now plus those it has played this hand), or None.

    Read as the opponent model of this module plays (:func:`model_stands`,
    :func:`model_refuses`): a non-dealer that stood holds a hand worth standing with; a dealer
    that refused holds a strong hand; a non-dealer that proposed (whether this seat then refused
    or is answering now) holds a hand it would not stand with; a dealer that accepted, and has
    not exchanged since, holds a hand it would not refuse with; an opponent that discarded ``n``
    cards at its last exchange kept only trumps and kings, so it holds at least ``5 - n`` of them
    (§3.2). These are guesses about a player, not facts of the rules, so the player only *prefers*
    hands that fit them (:meth:`cardkit.ecarte.ai.player.Search.opponent_hands`)."""
    t = v.trump
    opp_nd = v.opponent == v.non_dealer
    tests: list[Callable[[int], bool]] = []
    fresh = not v.bid_stale
    if v.last_bid == "stand" and opp_nd and fresh:
        tests.append(lambda h: model_stands(h, t))
    if v.last_bid == "refuse" and not opp_nd and fresh:
        tests.append(lambda h: model_refuses(h, t))
    if v.last_bid in ("refuse", "propose") and opp_nd and fresh:
        tests.append(lambda h: not model_stands(h, t))
    if v.last_bid == "accept" and not opp_nd and fresh:
        tests.append(lambda h: not model_refuses(h, t))
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


def play_weight(v: SeatView) -> Callable[[int], float] | None:
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
    checks: list[int] = []                    # masks: holding any of these makes one choice unlikely
    by_trick: dict[int, list[tuple[int, int]]] = {}
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

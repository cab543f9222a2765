"""The Écarté search player (RULES.md §3, §3.6): :class:`Search`, the ``medium`` and ``hard``
levels of :class:`cardkit.ecarte.EcarteComputer`, and the match value it plays for.

Card play by sampling (:mod:`.sampler`) and solving (:mod:`.solver`), choosing the best expected
**match value** (:func:`match_value`); stand / propose / accept / refuse / discard by simulation
against a simple model of the opponent (:func:`~.sampler.exchange_rounds`), aware of the score
(§3.5: at 4–4 a vole is worth no more than a point) and of the king of trumps' point for whoever
ends up holding it (§3.3). Announces the king always (§3.3: a free point).

The double-dummy values are an approximation the whole field uses (Ginsberg's GIB for bridge):
each sample is solved as if both players saw every card.
"""
from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...cards import Card
from ...core import Action
from ..observation import EcarteObservation
from ..rules import hand_points
from .sampler import (HINT_UNLIKELY, POOL_FACTOR, bid_hint, exchange_rounds, keep_order,
                      model_discard, model_refuses, play_weight, sample_hands, unseen_mask)
from .solver import CARDS, bits, card_index, cards_of, mask_of, mask_of_idx, solver
from .view import SeatView, seat_view

__all__ = ["DISCARD_MARGIN", "HAND_OUTCOMES", "LEVELS", "Level", "Search", "match_value"]

# ------------------------------------------------------------------------------------ match value
#: Points scored in one hand, from the dealer's side, as the simulations of this module's players
#: play it (turn-up king apart): ((non-dealer points, dealer points), probability).
HAND_OUTCOMES = (((1, 0), 0.30), ((2, 0), 0.22), ((0, 1), 0.33), ((0, 2), 0.15))
_MV: dict[tuple[int, int, bool, int], float] = {}


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

    def after_king(a: int, b: int) -> float:
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


def _utilities(v: SeatView, *, stood_at_once: bool, refused: bool, refused_first: bool,
               extra: tuple[int, int] = (0, 0)) -> list[float]:
    """Match value for each count 0–5 of **my** tricks in the hand being decided."""
    me_nd = v.seat == v.non_dealer
    out: list[float] = []
    for mine in range(6):
        nd_t = mine if me_nd else 5 - mine
        p_nd, p_d, _why = hand_points(nd_t, scoring=v.scoring, stood_at_once=stood_at_once,
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


def _decision_rng(seed: int | None, obs_key: object) -> random.Random:
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
        self.memo: dict[tuple[bool, bool, bool, tuple[int, int]], list[float]] = {}

    def __call__(self, stood_at_once: bool = False, refused: bool = False,
                 refused_first: bool = False, extra: tuple[int, int] = (0, 0)) -> list[float]:
        key = (stood_at_once, refused, refused_first, extra)
        u = self.memo.get(key)
        if u is None:
            u = self.memo[key] = _utilities(self.v, stood_at_once=stood_at_once, refused=refused,
                                            refused_first=refused_first, extra=extra)
        return u


class Search:
    """The search behind :class:`cardkit.ecarte.EcarteComputer`'s ``hard`` and ``medium`` levels
    (§3, §3.6); make a player with ``computer_player(level, seed)``.

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

    def __init__(self, level: str = "hard", seed: int | None = None,
                 peek: Callable[[], Iterable[Card]] | None = None,
                 time_budget: float | None = None):
        if level not in LEVELS:
            raise ValueError(f"unknown search level {level!r}: 'medium' or 'hard'")
        self.level = level
        self.params = LEVELS[level]
        self.seed = seed
        self.peek = peek
        self.time_budget = time_budget
        self._t_end: float | None = None

    def _out_of_time(self, done: int) -> bool:
        return (self._t_end is not None and done >= 8 and done % 4 == 0
                and time.perf_counter() > self._t_end)

    # -- helpers
    def _rng(self, v: SeatView) -> random.Random:
        """A generator seeded by the player's seed and what the seat sees now (not by history)."""
        key = (v.seat, v.phase, v.hand, v.own_discards, v.dealer, v.scores, v.tricks, v.trick,
               v.played, v.proposals, v.discard_counts, v.turn_up, v.king_announced)
        return _decision_rng(self.seed, key)

    def opponent_hands(self, v: SeatView, n: int, rng: random.Random) -> list[int]:
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
        weights: list[float] = []
        for h in hands:
            w = 1.0 if hint is None or hint(h | played) else HINT_UNLIKELY
            if pw is not None:
                w *= pw(h)
            weights.append(w)
        return rng.choices(hands, weights, k=n)

    def choose(self, obs: EcarteObservation) -> Action:
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
            return self.discard_choice(v, rng)
        return self._play(v, rng)

    # -- card play
    def card_scores(self, v: SeatView, rng: random.Random) -> dict[int, tuple[float, float]]:
        """For each legal card (index): (mean match value, mean tricks this seat wins in the hand)."""
        sol = solver(v.trump, v.must_trump)
        me = v.seat
        util = _utilities(v, stood_at_once=v.stood_at_once, refused=v.refused, refused_first=v.refused_first)
        base = v.tricks[me]
        cards = [card_index(a.card) for a in v.legal if a.kind == "play"]
        hands = self.opponent_hands(v, self.params.play_samples, rng)
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

    def _play(self, v: SeatView, rng: random.Random) -> Action:
        scores = self.card_scores(v, rng)
        trump = v.trump
        # best match value, then most tricks, then the cheapest card (plain before trump, low first)
        best = max(scores, key=lambda c: (round(scores[c][0], 9), round(scores[c][1], 9),
                                          -((c >> 3) == trump), -(c & 7)))
        return Action("play", (CARDS[best],))

    # -- bidding
    def _bid_hands(self, v: SeatView, rng: random.Random) -> list[int]:
        """Opponent hands for a bidding or discard decision (:meth:`_opponent_hands`: uniform over
        the unseen cards; with the inferences on, weighted by :func:`bid_hint` — a proposal, an
        acceptance, the opponent's last exchange)."""
        return self.opponent_hands(v, self.params.bid_samples, rng)

    def bid_values(self, v: SeatView, rng: random.Random) -> dict[str, float]:
        """Estimated match value of each bidding option open to this seat now: ``stand`` and
        ``propose`` (non-dealer, ``decide``) or ``refuse`` and ``accept`` (dealer, ``answer``).

        The same sampled opponent hands value both options (common random numbers). A refusal or a
        stand plays the hands as they are; an accepted proposal is simulated by
        :func:`_exchange_rounds` (both sides throw all but trumps and kings; up to
        :data:`EXCHANGE_ROUNDS` exchanges) and then played double-dummy. The king of trumps' point
        goes to whoever holds it when play begins (:func:`_king_extra`)."""
        sol = solver(v.trump, v.must_trump)
        t = v.trump
        unseen = bits(unseen_mask(v))
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
                if model_refuses(d, t):
                    total_b += U(refused=True, refused_first=first, extra=ex)[mine0]
                    continue
            else:
                total_a += U(refused=True, refused_first=first, extra=ex)[mine0]
            pool = [i for i in unseen if not (opp >> i) & 1]
            rng.shuffle(pool)
            nd2, d2, refused = exchange_rounds(nd, d, pool, v.stock_count, t)
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
        rule = model_discard(v.hand, v.trump, lo, hi)
        order = keep_order(v.hand, v.trump)
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

    def discard_choice(self, v: SeatView, rng: random.Random) -> Action:
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
        unseen = bits(unseen_mask(v))
        n = self.params.discard_samples
        scores = dict.fromkeys(cands, 0.0)
        for done, opp in enumerate(self.opponent_hands(v, n, rng)):
            if self._out_of_time(done):
                scores = {c: x * n / done for c, x in scores.items()}
                break
            pool = [i for i in unseen if not (opp >> i) & 1]
            rng.shuffle(pool)
            for c in cands:
                if me_nd:                       # then the dealer exchanges, and so on (modelled)
                    nd2, d2, refused = exchange_rounds(v.hand, opp, pool, v.stock_count, v.trump, nd_out=c)
                    mine, theirs, t_nd = nd2, d2, sol.tricks(nd2, d2)
                else:                           # the non-dealer has exchanged already
                    nd2, d2, refused = exchange_rounds(opp, v.hand, pool, v.stock_count, v.trump, nd_out=0,
                                                        d_out=c)
                    mine, theirs, t_nd = d2, nd2, sol.tricks(nd2, d2)
                scores[c] += U(refused=refused, extra=_king_extra(v, mine, theirs))[
                    t_nd if me_nd else 5 - t_nd] / n
        best = max(cands, key=lambda c: scores[c] - (0 if c == rule else DISCARD_MARGIN))
        return Action("discard", tuple(cards_of(best)))


#: how much better (in match-winning probability) a discard must look than the rule's to be chosen
DISCARD_MARGIN = 0.02

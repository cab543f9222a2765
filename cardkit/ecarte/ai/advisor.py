"""The Écarté advisor (RULES.md §3.6): the numbers behind a decision, with one sentence in
plain words (the sentences are in :mod:`cardkit.ecarte.text`).

- :func:`advice`: the table's Hint line for any decision;
- :func:`stand_advice`: stand or propose, over every dealer hand or a sample, each solved
  double-dummy;
- :func:`card_advice`: the expected tricks of each legal card;
- :func:`foster_counts`, :func:`jeux_de_regle_check`: §3.6's classical claims, checked by
  enumeration.
"""
from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable
from math import comb
from typing import Any

from ...cards import SUITS, Card, parse_card, parse_cards
from ...i18n import N_, _
from .. import text as T
from ..observation import EcarteObservation
from ..rules import EcarteRules, hand_points
from .player import Search
from .sampler import hand_constraints, jeu_de_regle, model_discard, model_refuses, sample_hands, unseen_mask
from .solver import ALL, CARDS, SUIT_MASK, bits, card_index, cards_of, mask_of, mask_of_idx, solver, suit_no
from .view import SeatView, seat_view

__all__ = ["JEUX_DE_REGLE", "advice", "card_advice", "foster_counts", "jeux_de_regle_check",
           "stand_advice"]

# ------------------------------------------------------------------------------------ advisor
_RULES_BY_NAME = {"standard": (False, "standard"), "classic": (True, "classic")}


def _rules_pair(rules: EcarteRules | str | None) -> tuple[bool, str]:
    """(must_trump, scoring) from an EcarteRules, a preset name or None (standard)."""
    if rules is None:
        return _RULES_BY_NAME["standard"]
    if isinstance(rules, str):
        if rules not in _RULES_BY_NAME:
            raise ValueError(f"Écarté presets are 'standard' and 'classic' (§3), not {rules!r}")
        return _RULES_BY_NAME[rules]
    return bool(rules.must_trump), rules.scoring


def _net(nd_tricks: int, scoring: str, *, stood_at_once: bool, refused: bool,
         refused_first: bool) -> int:
    p_nd, p_d, _why = hand_points(nd_tricks, scoring=scoring, stood_at_once=stood_at_once,
                                  refused=refused, refused_first=refused_first)
    return p_nd - p_d


def _stand_numbers(hand: int, unseen: list[int], trump: int, must_trump: bool, scoring: str, *,
                   exact: bool, samples: int, rng: random.Random, first: bool = True,
                   propose_samples: int | None = None) -> dict[str, Any]:
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
    k_out = model_discard(hand, trump, 1, 5)
    k = k_out.bit_count()
    prop: list[int] = []
    for d in sampled[:propose_samples or samples]:
        if model_refuses(d, trump):
            prop.append(_net(sol.tricks(hand, d), scoring, stood_at_once=False, refused=True,
                             refused_first=first))
            continue
        pool = [i for i in unseen if not (d >> i) & 1]
        drawn = rng.sample(pool, k + 5)
        mine = (hand & ~k_out) | mask_of_idx(drawn[:k])
        dk = model_discard(d, trump, 0, 5)
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
    tierce: str | None = None
    long_suit: tuple[int, str] | None = None
    for s in range(4):
        if s == trump:
            continue
        m = hand & SUIT_MASK[s]
        if ((m >> (8 * s)) & 0xE0) == 0xE0:
            tierce = SUITS[s].word
            break
        if m.bit_count() >= 3 and long_suit is None:
            long_suit = (m.bit_count(), SUITS[s].word)
    words = T.hand_words((hand & SUIT_MASK[trump]).bit_count(), tierce, long_suit)
    return words, jeu_de_regle(hand, trump)


def stand_advice(hand: str | list[Card], turn_up: Card | str, rules: EcarteRules | str | None = None, *,
                 exact: bool = False, samples: int = 4000, seed: int = 0,
                 discards: str | Iterable[Card] = (), first: bool = True) -> dict[str, Any]:
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
    ``choice`` (``"stand"`` or ``"propose"``), ``reason`` (one sentence) and ``verdict`` (that
    sentence's first part, without its figures). Each hand is solved
    double-dummy (both players play as if they saw every card).

    Raises ``ValueError`` for a hand that is not 5 distinct cards or that holds the turn-up.
    """
    must_trump, scoring = _rules_pair(rules)
    cards = parse_cards(hand)
    up = parse_card(turn_up)
    h = mask_of(cards)
    if len(cards) != 5 or h.bit_count() != 5 or (h >> card_index(up)) & 1:
        raise ValueError("the non-dealer holds 5 distinct cards, none of them the turn-up (§3.1)")
    assert up.suit is not None
    trump = suit_no(up.suit)
    unseen = bits(ALL & ~h & ~(1 << card_index(up)) & ~mask_of(parse_cards(discards)))
    out = _stand_numbers(h, unseen, trump, must_trump, scoring, exact=exact, samples=samples,
                         rng=random.Random(seed), first=first)
    words, regle = _describe(h, trump)
    choice = "stand" if out["stand_points"] >= out["propose_points"] else "propose"
    out["choice"] = choice
    out["jeu_de_regle"] = regle
    out["reason"] = T.stand_reason(words, regle, choice, exact, out)
    out["verdict"] = T.stand_verdict(words, regle, choice)
    return out


def card_advice(obs: EcarteObservation, *, samples: int = 200, seed: int = 0) -> dict[str, Any]:
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


def advice(obs: EcarteObservation, *, seed: int = 0) -> dict[str, Any]:
    """A hint for the seat of ``obs``: ``{"text": one short sentence, "numbers": {...}}`` (§3.6).

    Fast enough for a table's Hint toggle (at most about 0.15 s of CPU time here; the wall-clock
    time grows with the machine's load): stand or propose from :func:`stand_advice` on 1,000
    sampled dealer hands (200 for the simulated proposal); accept or refuse and the discard from
    the hard player's own estimates; the card from :func:`card_advice`. Uses only the observation.
    When it is not this seat's turn the text says so and ``numbers`` is empty."""
    v = seat_view(obs)
    if not v.legal:
        return {"text": _(T.ADVICE_NOTHING), "numbers": {}}
    kinds = {a.kind for a in v.legal}
    rng = random.Random(seed)
    if "announce" in kinds:
        return {"text": _(T.ADVICE_ANNOUNCE), "numbers": {"points": 1}}
    if "stand" in kinds:
        return _stand_hint(v, rng)
    if "accept" in kinds:
        vals = Search("hard", seed).bid_values(v, rng)
        choice = "refuse" if vals["refuse"] >= vals["accept"] else "accept"
        return {"text": T.answer_hint(choice, vals["refuse"], vals["accept"]),
                "numbers": dict(vals, choice=choice)}
    if "discard" in kinds:
        act = Search("hard", seed).discard_choice(v, rng)
        keep = [c for c in cards_of(v.hand) if c not in act.cards]
        return {"text": T.discard_hint(act.cards, keep),
                "numbers": {"discard": [str(c) for c in act.cards]}}
    out = card_advice(obs, samples=120, seed=seed)
    best = out["best"]
    others = [(c, t) for c, t in sorted(out["cards"].items(), key=lambda kv: -kv[1]) if c != best]
    return {"text": T.card_hint(best, out["cards"][best], others),
            "numbers": {str(c): t for c, t in out["cards"].items()}}


def _stand_hint(v: SeatView, rng: random.Random) -> dict[str, Any]:
    """:func:`advice` for stand or propose."""
    unseen = bits(unseen_mask(v))
    out = _stand_numbers(v.hand, unseen, v.trump, v.must_trump, v.scoring, exact=False,
                         samples=1000, rng=rng, first=v.proposals == 0, propose_samples=200)
    words, regle = _describe(v.hand, v.trump)
    choice = "stand" if out["stand_points"] >= out["propose_points"] else "propose"
    return {"text": T.stand_hint(words, regle, choice, out["p_three"], out["error_95"]),
            "numbers": {k: out[k] for k in ("p_three", "p_vole", "error_95", "stand_points",
                                            "propose_points", "dealer_hands")} | {"choice": choice}}


def foster_counts() -> dict[str, Any]:
    """Foster's counts (§3.6), by enumerating every hand the dealer can hold: of the C(26,5) =
    65,780 hands of the 26 cards the non-dealer cannot see, how many hold two or more trumps when
    the non-dealer holds one trump, and when it holds two.

    Returns ``{"hands": 65780, "two_or_more_trumps": {1: 21206, 2: 15506}}`` (worked out, not
    stored: the enumeration runs each call, about 0.1 s)."""
    trump = 0
    out: dict[int, int] = {}
    total = 0
    for held in (1, 2):
        # a non-dealer with `held` spades (trumps) and the turn-up 7♠; the rest plain cards
        up = 8 * trump + 0
        trumps = [8 * trump + r for r in range(7, 7 - held, -1)]
        plain = [i for i in range(8, 32)][:5 - held]
        hand = mask_of_idx(trumps + plain)
        unseen = bits(ALL & ~hand & ~(1 << up))
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
    (N_("one trump and a tierce major"), "7S KH QH JH 8D", "9S"),
    (N_("two trumps and three cards of one plain suit"), "8S 7S AH 10H 9H", "9S"),
    (N_("three trumps"), "10S 8S 7S 9H 8D", "9S"),
    (N_("not one: one trump and small cards"), "7S 10H 8H 9D 8C", "9S"),
)


def jeux_de_regle_check(rules: EcarteRules | str | None = None, *, exact: bool = True,
                        samples: int = 1000, seed: int = 0) -> list[dict[str, Any]]:
    """Checks §3.6's claim that a jeu de règle takes three tricks "about 2 to 1 on": for each hand
    of :data:`JEUX_DE_REGLE`, :func:`stand_advice` over all 65,780 dealer hands (``exact``, a few
    seconds in all) or a sample. Returns one dict per hand: ``name``, ``hand``, ``turn_up``,
    ``p_three``, ``p_vole``, ``p_three_if_dealer_under_two_trumps``, ``dealer_under_two_trumps``,
    ``error_95``, ``jeu_de_regle`` (``name`` is the English; ``_(name)`` says it in the reader's
    language)."""
    rows = []
    for name, hand, up in JEUX_DE_REGLE:
        a = stand_advice(hand, up, rules, exact=exact, samples=samples, seed=seed)
        rows.append({"name": name, "hand": hand, "turn_up": up} | {
            k: a[k] for k in ("p_three", "p_vole", "p_three_if_dealer_under_two_trumps",
                              "dealer_under_two_trumps", "error_95", "jeu_de_regle")})
    return rows

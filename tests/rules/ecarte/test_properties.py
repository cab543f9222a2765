"""Écarté properties over many seeded matches (RULES.md §3).
"""
import contextlib
import random
from collections import Counter

import numpy as np
from hypothesis import given, settings, strategies as st

from cardkit import Action, IllegalAction, piquet_pack
from cardkit import ecarte
from cardkit.ecarte import EcarteRules, EcarteState, new_game


RULES = [EcarteRules.standard(), EcarteRules.classic(), EcarteRules.standard(target=7, packets=(2, 3))]


PACK = Counter(piquet_pack())


def all_cards(s):
    cards = [c for h in s.hands for c in h] + s.stock + [s.turn_up]
    cards += [c for d in s.discards for c in d] + [c for _t, _p, c in s.played]
    return Counter(cards)


def random_match(seed, rules, mixed=True):
    """Play a whole match: computer players, with random legal moves mixed in."""
    s = new_game(rules, seed=seed)
    bots = [ecarte.computer_player(seed=seed), ecarte.computer_player(seed=seed + 1)]
    rng = np.random.default_rng(seed + 2)
    steps = 0
    while not s.is_over:
        p = s.current_player
        legal = s.legal_actions()
        if mixed and rng.random() < 0.3:
            a = legal[int(rng.integers(len(legal)))]
        else:
            a = bots[p].choose(s.observation(p))
        assert a in legal
        yield s, a
        s.apply(a)
        steps += 1
        assert steps < 2000, "a match must end"
    yield s, None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), r=st.sampled_from(RULES))
def test_no_card_is_ever_lost_or_duplicated(seed, r):
    for s, _a in random_match(seed, r):
        assert all_cards(s) == PACK
        assert len(s.hands[0]) == len(s.hands[1]) + (1 if s.trick and s.trick[0][0] == 1 else 0) - (
            1 if s.trick and s.trick[0][0] == 0 else 0)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), r=st.sampled_from(RULES), pick=st.integers(0, 10**6))
def test_illegal_actions_leave_the_state_unchanged(seed, r, pick):
    candidates = [Action.parse(t) for t in ("stand", "propose", "accept", "refuse", "discard",
                                             "announce king", "flip", "draw")]
    candidates += [Action("play", (c,)) for c in piquet_pack()]
    candidates += [Action("discard", (c,)) for c in piquet_pack()]
    for i, (s, _a) in enumerate(random_match(seed, r)):
        if s.is_over or i % 3:
            continue
        legal = set(s.legal_actions())
        illegal = [a for a in candidates if a not in legal]
        bad = illegal[(pick + i) % len(illegal)]
        before = s.to_json()
        obs = s.observation(0), s.observation(1)
        try:
            s.apply(bad)
        except IllegalAction as e:
            assert str(e)
        else:
            raise AssertionError(f"{bad} was accepted but is not in legal_actions()")
        assert s.to_json() == before
        assert (s.observation(0), s.observation(1)) == obs


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), r=st.sampled_from(RULES))
def test_seed_reproduces_and_json_round_trips(seed, r):
    *_, (a, _x) = random_match(seed, r)
    # disturb the global RNGs: no rule may draw from them
    random.seed(seed + 99)
    np.random.seed(seed % 2**32)
    *_, (b, _y) = random_match(seed, r)
    assert a.to_json() == b.to_json() and a.scores == b.scores and a.winner == b.winner
    c = EcarteState.from_json(a.to_json())
    assert c.to_json() == a.to_json() and c.hands == a.hands and c.scores == a.scores
    assert [e.explain() for e in c.log] == [e.explain() for e in a.log]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), r=st.sampled_from(RULES))
def test_every_match_ends_with_a_winner_at_the_target(seed, r):
    *_, (s, _a) = random_match(seed, r, mixed=False)
    assert s.is_over and s.winner in (0, 1)
    assert s.scores[s.winner] >= r.target and s.scores[1 - s.winner] < r.target
    # points per hand are 1 or 2 (plus a king point), never 3
    for e in s.log:
        if e.kind == "hand_score":
            assert e.data["points"] in (1, 2)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_observations_never_show_hidden_cards(seed):
    for s, _a in random_match(seed, EcarteRules.standard()):
        for seat in (0, 1):
            o = s.observation(seat)
            hidden = set(s.hands[1 - seat]) | set(s.stock) | set(s.discards[1 - seat])
            if s.king_announced is not None:           # announcing shows the king (§3.3)
                hidden.discard(s.king_of_trumps())
            shown = set(o.hand) | {o.turn_up} | {c for _p, c in o.trick}
            shown |= {c for _t, _p, c in o.played} | set(o.own_discards)
            assert not (hidden & shown)
            # sentences of this hand (earlier hands' cards were public then, and are dealt anew)
            start = max(i for i, e in enumerate(s.log) if e.kind == "deal")
            this_hand = " ".join(e.explain() for e in o.events[start:])
            assert not [c for c in hidden if str(c) in this_hand]


def test_clone_is_independent():
    s = new_game(seed=3)
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert s.actions == [] and c.actions != []
    assert s.to_json() != c.to_json()


def test_a_rule_failing_half_way_leaves_the_state_unchanged(monkeypatch):
    """apply() undoes a move whose rule code fails after changing things (the safety net)."""
    s = new_game(seed=9)
    while s.phase != "play":
        s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[-1])
    before, obs, rng_state = s.to_json(), s.observation(0), s.rng.bit_generator.state

    def broken(p, card):
        s.hands[p].remove(card)
        s.trick.append((p, card))
        s.rng.random()
        s._log("oops", p, "half-way")
        raise RuntimeError("a bug half-way through a move")
    monkeypatch.setattr(s, "_play", broken)
    with contextlib.suppress(RuntimeError):
        s.apply(s.legal_actions()[-1])
    assert s.to_json() == before and s.observation(0) == obs
    assert s.rng.bit_generator.state == rng_state and s.log[-1].kind != "oops"

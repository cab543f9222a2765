"""Switch (RULES.md §2): properties over many seeded computer-vs-computer games, 2–6 players.

No card is lost or duplicated (all 52 accounted for after every move), illegal actions leave
``to_json()`` unchanged, the same seed gives the same game, JSON round-trips, observations and
event texts never show a hidden card, and games end.
"""
import random
from collections import Counter

import numpy as np
from hypothesis import given, settings, strategies as st

from cardkit import Action, IllegalAction, standard_pack
from cardkit.switch import SwitchRules, SwitchState, computer_player, new_game, play_out

PACK = Counter(standard_pack())
SECRET_KINDS = {"draw", "penalty", "challenge", "rebuild"}

rules_st = st.builds(
    lambda n, h, pen, acc: SwitchRules(players=n, hand_size=min(h, 51 // n), penalty_last_card=pen,
                                       eights_accumulate=acc),
    st.integers(2, 6), st.sampled_from([1, 3, 5, 7, 8]), st.integers(0, 3), st.booleans())


def all_cards(g):
    return Counter(c for h in g.hands for c in h) + Counter(g.stock) + Counter(g.discard)


def check_observations(g):
    """Each seat sees its own hand and the public piles, and no other card."""
    for seat in range(g.players):
        o = g.observation(seat)
        assert o.hands is None and o.stock is None
        hidden = set(g.stock) | {c for s, h in enumerate(g.hands) if s != seat for c in h}
        hidden -= set(g.discard)
        fields = {k: v for k, v in o.to_dict().items() if k != "events"}   # the history: test_protocol
        assert not {str(c) for c in hidden} & set(repr(fields).replace("'", " ").split())
        shown = set(o.hand) | set(o.discard) | ({o.drawn_card} - {None})
        assert not hidden & shown
        assert o.card_counts == tuple(len(h) for h in g.hands)
        if seat != g.current_player:
            assert o.legal_actions in ((), (Action("last card"),))


def illegal_probe(g, rng):
    """An action that is not legal now (by anybody)."""
    legal = set(g.legal_actions())
    if g.window is not None:
        legal |= set(g.legal_actions(g.window))
    candidates = [Action.play(c) for c in standard_pack()] + [
        Action("draw"), Action("pass"), Action("challenge"), Action("last card"),
        Action("choose", word="hearts")]
    bad = [a for a in candidates if a not in legal]
    return bad[int(rng.integers(len(bad)))]


def run(rules, seed, level, checks=True, late_calls=False, max_steps=20000):
    g = new_game(rules, seed=seed)
    players = [computer_player(level, seed=seed * 7 + s) for s in range(rules.players)]
    rng = np.random.default_rng(seed)
    for step in range(max_steps):
        if g.is_over:
            break
        if checks:
            assert all_cards(g) == PACK
            if step % 7 == 0:
                before = g.to_json()
                bad = illegal_probe(g, rng)
                try:
                    g.apply(bad)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{bad} was accepted")
                assert g.to_json() == before
            if step % 5 == 0:
                check_observations(g)
        if late_calls and g.window is not None and rng.random() < 0.5 and \
                g.legal_actions(g.window) == [Action("last card")]:
            g.apply("last card")
            continue
        seat = g.current_player
        g.apply(players[seat].choose(g.observation(seat)))
        random.random(), np.random.random()        # a global RNG never matters
    return g


@settings(max_examples=100, deadline=None)
@given(rules=rules_st, seed=st.integers(0, 10**6), level=st.sampled_from(["easy", "hard"]))
def test_computer_games_keep_every_card_end_and_replay(rules, seed, level):
    g = run(rules, seed, level)
    assert g.is_over
    assert all_cards(g) == PACK
    if g.end_reason == "out":
        assert g.winners == [g.winner] and g.hands[g.winner] == [] and g.pending is None
    else:
        fewest = min(len(h) for h in g.hands)
        assert g.winners == [s for s, h in enumerate(g.hands) if len(h) == fewest]
    for e in g.log:
        if e.kind in SECRET_KINDS:
            assert not any(str(c) in e.explain() for c in standard_pack()), e.explain()
    again = run(rules, seed, level, checks=False)
    assert again.actions == g.actions and again.to_json() == g.to_json()
    back = SwitchState.from_json(g.to_json())
    assert back.hands == g.hands and back.discard == g.discard and back.stock == g.stock
    assert back.winners == g.winners and [e.explain() for e in back.log] == [e.explain() for e in g.log]


@settings(max_examples=40, deadline=None)
@given(rules=rules_st, seed=st.integers(0, 10**6))
def test_random_moves_and_late_calls_keep_the_invariants(rules, seed):
    g = run(rules, seed, "random", late_calls=True, max_steps=300)
    assert all_cards(g) == PACK
    back = SwitchState.from_json(g.to_json())
    assert back.to_json() == g.to_json() and back.hands == g.hands


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_clone_plays_on_identically(n, seed):
    g = new_game(SwitchRules(players=n), seed=seed)
    play_out(g.clone(), [computer_player("easy", seed=s) for s in range(n)])   # disturb nothing
    a = play_out(g.clone(), [computer_player("easy", seed=s) for s in range(n)])
    b = play_out(g, [computer_player("easy", seed=s) for s in range(n)])
    assert a.actions == b.actions and a.winners == b.winners

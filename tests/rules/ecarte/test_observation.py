"""What an Écarté seat sees, and a match as JSON (docs/observation.md, RULES.md §3).
"""
import json
import random

import numpy as np
import pytest

from cardkit import Action
from cardkit import ecarte
from cardkit.ecarte import EcarteRules, EcarteState, new_game
from harness import play

from .deals import CLA, DEAL_A, PLAY_A, STD, C, stack


# ------------------------------------------------------------------ protocol details
def test_observation_hides_the_opponent_and_the_stock():
    s = new_game(deck=DEAL_A, dealer=1)
    o = s.observation(0)
    assert o.hand == tuple(s.hands[0]) and o.card_counts == (5, 5) and o.stock_count == 21
    assert o.legal_actions == (Action("stand"), Action("propose"))
    assert s.observation(1).legal_actions == ()
    text = repr(o)
    for c in s.hands[1] + s.stock:
        assert repr(c) not in text
    play(s, "propose", "accept", "discard 7S")
    o1 = s.observation(1)
    assert o1.discard_counts == (1, 0) and "7S" not in repr(o1) and "Card('7♠')" not in repr(o1)
    assert "7♠" not in o1.to_json() and "7♠" in s.observation(0).to_json()


@pytest.mark.parametrize("rules", [STD, CLA])
def test_observations_hide_the_opponent_the_stock_and_the_opponents_discards(rules):
    rng = np.random.default_rng(3)
    for seed in range(6):
        s = new_game(rules, seed=seed)
        while not s.is_over:
            for seat in (0, 1):
                o = s.observation(seat)
                hidden = set(s.hands[1 - seat]) | set(s.stock) | set(s.discards[1 - seat])
                if s.king_announced == 1 - seat:
                    hidden.discard(s.king_of_trumps())
                start = max(i for i, e in enumerate(s.log) if e.kind == "deal")
                view = {k: v for k, v in o.to_dict().items() if k != "events"}
                text = repr(view) + " ".join(e.explain() for e in o.events[start:]) + o.what_now + json.dumps(
                    [e.to_dict() for e in o.events[start:]], ensure_ascii=False)
                leaked = [c for c in hidden if repr(c) in text or str(c) in text]
                assert not leaked, (seat, leaked)
                assert o.card_counts[1 - seat] == len(s.hands[1 - seat])
                assert o.stock_count == len(s.stock)
                assert o.own_discards == tuple(s.discards[seat])
                assert o.legal_actions == (tuple(s.legal_actions()) if s.current_player == seat else ())
            legal = s.legal_actions()
            # prefer exchanges so that discards and the stock change hands
            pref = [a for a in legal if a.kind in ("propose", "accept")]
            s.apply(pref[0] if pref and rng.random() < 0.8 else legal[int(rng.integers(len(legal)))])


def test_names_option_and_repr():
    s = new_game(deck=DEAL_A, dealer=1, names=("Ada", "Computer"))
    assert s.log[0].explain().startswith("Computer deals 5 cards each in packets of 3+2")
    assert s.observation(1).events[0].explain().startswith("You deal 5 cards each in packets of 3+2")
    assert repr(s).startswith("<Écarté standard hand 1: dealer 1, trumps ♥")
    assert "K♥" in s._repr_html_()
    assert ecarte.EcarteState.from_json(s.to_json()).names == ("Ada", "Computer")


# ====================================================================== protocol
def _some_moves(s, rng, n):
    for _ in range(n):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("rules", [STD, CLA, EcarteRules.standard(target=7, packets=(2, 3))])
def test_json_replays_a_seeded_match_with_exchanges(rules):
    s = new_game(rules, seed=77)
    _some_moves(s, np.random.default_rng(5), 120)
    random.seed(1)
    np.random.seed(1)
    r = EcarteState.from_json(s.to_json())
    assert r.to_json() == s.to_json() and r.hands == s.hands and r.stock == s.stock
    assert r.scores == s.scores and r.dealer == s.dealer and r.discards == s.discards
    assert [e.explain() for e in r.log] == [e.explain() for e in s.log]


@pytest.mark.parametrize("start", [
    lambda: play(new_game(), "stand"),                                  # shuffled, dealer drawn
    lambda: play(new_game(deck=DEAL_A), "stand"),                       # stacked, dealer drawn
    lambda: play(new_game(hands=["KH QH JH 7S 7D", "AH 10H KS KD KC"], turn_up="8H", dealer=1),
                 "stand"),                                              # the stock is shuffled
    lambda: play(new_game(deck=DEAL_A, dealer=1), "stand", *PLAY_A),    # hand 2 is shuffled
], ids=["new_game()", "deck, no dealer", "hands", "deck, second hand"])
def test_json_replays_a_game_started_without_a_seed(start):
    # to_json() records the rules, the deal and the actions "so a game replays
    # exactly" (from_json); War and Switch draw and record a fresh seed when none is given.
    for _ in range(10):     # a chance match of a random deal (or dealer) must not hide the bug
        s = start()
        r = EcarteState.from_json(s.to_json())
        assert r.dealer == s.dealer and r.hands == s.hands
        assert r.turn_up == s.turn_up and r.stock == s.stock and r.to_json() == s.to_json()


def test_the_observation_says_who_took_the_last_trick():
    # trumps ♥, player 1 deals. The non-dealer 0 holds Q♠ 8♦ 9♦ 10♦ J♦, the dealer K♠ 7♠ 7♣ 8♣ 9♣.
    # t1: 0 leads Q♠, 1 must win with K♠ (the follower takes it); t2-t5: 1 leads 7♣ 7♠ 8♣ 9♣ and
    # 0, void in each with no trump, throws a diamond (the leader takes them): 1 takes all five.
    s = new_game(deck=stack("QS 8D 9D 10D JD", "KS 7S 7C 8C 9C", "7H"), dealer=1)
    play(s, "stand")
    assert [s.observation(p).last_trick_winner for p in (0, 1)] == [None, None]   # no trick yet
    play(s, "play QS")
    assert s.observation(0).last_trick_winner is None                             # not finished
    play(s, "play KS")
    assert [s.observation(p).last_trick_winner for p in (0, 1)] == [1, 1]
    assert s.observation(0).last_trick == ((0, C("QS")), (1, C("KS")))
    for lead, throw in (("7C", "8D"), ("7S", "9D"), ("8C", "10D")):
        play(s, f"play {lead}", f"play {throw}")
        assert s.observation(0).last_trick_winner == 1
    assert s.tricks == [0, 4]
    play(s, "play 9C", "play JD")
    # the hand is over and the next one dealt: no trick yet; its end named the last trick's winner
    # (a table shows it while it pauses on the finished hand)
    end = [e for e in s.log if e.kind == "hand_end"][-1]
    assert end.data["last_trick_winner"] == 1 and end.data["tricks"] == [0, 5]
    assert s.observation(0).last_trick_winner is None
    assert s.observation(0).to_dict()["last_trick_winner"] is None


def test_the_last_trick_winner_when_the_leader_keeps_the_trick():
    # trumps ♥: the non-dealer 0 leads K♣; the dealer follows with 7♣ and cannot beat it: seat 0
    t = play(new_game(deck=stack("KC 8D 9D 10D JD", "7C 9H 7S 8C 9C", "7H"), dealer=1),
             "stand", "play KC", "play 7C")
    assert [t.observation(p).last_trick_winner for p in (0, 1)] == [0, 0]
    assert t.observation(1).to_dict()["last_trick_winner"] == 0

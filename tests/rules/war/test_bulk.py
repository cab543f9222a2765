"""play_many (cardkit/war/bulk.py) against the battle-by-battle engine (RULES.md §1.1–§1.7).

The normal suite checks stacked deals worked out by hand, a small sample of seeded games for every
supported preset and option, and statistics for fixed seeds; the ``slow`` test checks 2,000 seeded
deals per preset and option game by game.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from cardkit.core import Action
from cardkit.war import WarRules, new_game, simulate
from cardkit.war import bulk as war_bulk
from cardkit.war.bulk import GameEnd, card_codes, play_many, shuffled_deals

PRESETS = {
    "classic": WarRules.classic(),
    "multiplayer3": WarRules.multiplayer(3),
    "multiplayer4": WarRules.multiplayer(4),
    "three_player": WarRules.three_player(),
    "peace": WarRules.peace(),
    "razboi": WarRules.razboi(),
    "automatic_war": WarRules.automatic_war(),
    "beats_faces": WarRules.beats_faces(),
    "beats_aces": WarRules.beats_aces(),
}
OPTIONS = [dict(pickup=p, short_of_cards=s) for p in ("winner_first", "player_order", "random")
           for s in ("last_card_up", "lose", "draw")]


def engine_game(rules, seed, deck=None, public=True):
    """(battles, wars, winner, end) of the engine's game, played with flip."""
    g = new_game(rules, seed=int(seed), deck=deck, quiet=True)
    flip = Action("flip")
    while not g.is_over:
        if public:
            g.apply("flip")
        else:
            g._apply(flip)       # the same step without apply's undo snapshot (4x faster)
    return g.battles, g.wars, -1 if g.winner is None else g.winner, GameEnd[g.result].value


def bulk_games(res):
    return [(int(res.battles[i]), int(res.wars[i]), int(res.winner[i]), int(res.end[i]))
            for i in range(res.n_games)]


def assert_same_as_engine(rules, n, seed, public=True):
    res = play_many(rules, n, seed=seed)
    got = bulk_games(res)
    want = [engine_game(rules, s, public=public) for s in res.seeds]
    bad = [(i, int(res.seeds[i]), w, g) for i, (w, g) in enumerate(zip(want, got, strict=False)) if w != g]
    assert not bad, f"{rules}: {len(bad)} of {n} games differ (index, seed, engine, bulk): {bad[:3]}"
    return res


def hands_deal(*hands):
    """A deck that new_game deals into these packets (each top first, all the same size)."""
    codes = [card_codes(h) for h in hands]
    return np.stack(codes, axis=1).reshape(1, -1)


# -- stacked deals worked out by hand -------------------------------------------------------------
def test_two_plain_battles():
    # Player 1 (seat 0) holds A♠ K♠, Player 2 holds 2♣ 3♣: A beats 2, K beats 3, seat 0 wins.
    res = play_many(WarRules.classic(), deals=hands_deal("AS KS", "2C 3C"), seeds=[0])
    assert bulk_games(res) == [(2, 0, 0, GameEnd.all_cards)]
    assert res.first_wars[0] == 0


def test_one_war_takes_ten_cards_and_the_game():
    # 7 against 7: 3 down each, K♦ against Q♦ decides; seat 1 then has no card left.
    deal = hands_deal("7C 2C 3C 4C KD", "7H 2H 3H 4H QD")
    res = play_many(WarRules.classic(), deals=deal, seeds=[0])
    assert bulk_games(res) == [(1, 1, 0, GameEnd.all_cards)]
    assert res.first_wars[0] == 1


@pytest.mark.parametrize("short, expected", [
    ("last_card_up", (1, 1, 1, GameEnd.all_cards)),    # 2♣/9♥ down, 3♣ vs 5♥ decides
    ("lose", (1, 1, -1, GameEnd.short_of_cards)),      # both are short: nobody can fight on
    ("draw", (1, 1, -1, GameEnd.short_of_cards)),      # the game is drawn
])
def test_short_of_cards_options(short, expected):
    # 7 against 7 with 2 cards left each: both are short of the 4 a war needs (§1.1)
    rules = replace(WarRules.classic(), short_of_cards=short)
    res = play_many(rules, deals=hands_deal("7C 2C 3C", "7H 9H 5H"), seeds=[0])
    assert bulk_games(res) == [expected]
    assert engine_game(rules, 0, deck="7C 7H 2C 9H 3C 5H") == expected


def test_standing_tie_is_a_draw():
    # both have only their 8: the standing cards tie (§1.1)
    res = play_many(WarRules.classic(), deals=card_codes("8S 8H")[None, :], seeds=[0])
    assert bulk_games(res) == [(1, 0, -1, GameEnd.standing_tie)]


def test_peace_lowest_card_wins():
    res = play_many(WarRules.peace(), deals=hands_deal("2S 9S", "AC KC"), seeds=[0])
    assert bulk_games(res) == [(2, 0, 0, GameEnd.all_cards)]


def test_player_order_cycle_is_a_draw_by_repetition():
    # seat 0: K♠ 2♠, seat 1: 3♣ A♣, player 0's cards first. K♠ takes 3♣ (0: 2♠ K♠ 3♣, 1: A♣),
    # A♣ takes 2♠ (0: K♠ 3♣, 1: 2♠ A♣), K♠ takes 2♠ (0: 3♣ K♠ 2♠, 1: A♣), A♣ takes 3♣
    # (0: K♠ 2♠, 1: 3♣ A♣): after 4 battles the packets are as at the start
    rules = replace(WarRules.classic(), pickup="player_order")
    deck = "KS 3C 2S AC"
    res = play_many(rules, deals=card_codes(deck)[None, :], seeds=[0])
    assert bulk_games(res) == [(4, 0, -1, GameEnd.repetition)]
    assert engine_game(rules, 0, deck=deck) == (4, 0, -1, GameEnd.repetition)


# -- seeded games against the engine ----------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("opts", OPTIONS, ids=lambda o: f"{o['pickup']}-{o['short_of_cards']}")
def test_same_games_as_the_engine(name, opts):
    rules = replace(PRESETS[name], max_battles=300, **opts)
    assert_same_as_engine(rules, 2, seed=11, public=True)


@pytest.mark.parametrize("rules", [
    replace(WarRules.multiplayer(4), war_participants="all"),
    replace(WarRules.classic(), war_facedown=1, at_limit="most_cards", max_battles=200),
    replace(WarRules.razboi(3), pickup="random"),
    replace(WarRules.beats_faces(), players=3, beats_aces_rank=4),
    replace(WarRules.classic(), jokers=2),
], ids=["all-join", "1-down-most-cards", "razboi3-random", "faces-and-aces-3p", "jokers"])
def test_other_options_same_as_engine(rules):
    assert_same_as_engine(rules, 15, seed=5, public=False)


def test_same_games_as_simulate():
    res = play_many(WarRules.classic(), 50, seed=123)
    sim = simulate(WarRules.classic(), 50, seed=123)
    assert np.array_equal(res.battles, sim.lengths) and np.array_equal(res.wars, sim.wars)
    assert [None if w < 0 else int(w) for w in res.winner] == list(sim.winners)


def test_deals_are_the_engines_stacked_decks():
    rules = replace(WarRules.classic(), pickup="random")
    pack = [f"{r}{s}" for r in "2345678" for s in "SHDC"]       # 4 x 7 ranks
    deals = shuffled_deals(pack, 20, seed=4)
    assert deals.shape == (20, 28)
    assert all(sorted(d) == sorted(card_codes(pack)) for d in deals)
    res = play_many(rules, deals=deals, seed=9)
    from cardkit.war.bulk import _PACK
    want = [engine_game(rules, s, deck=[_PACK[c] for c in d], public=False)
            for s, d in zip(res.seeds, deals, strict=False)]
    assert bulk_games(res) == want


def test_no_battle_limit_long_loops_end_exactly():
    # player_order with no limit: a long game that finally loops ends at the same battle
    rules = replace(WarRules.classic(), pickup="player_order", max_battles=None)
    res = play_many(rules, 300, seed=2)
    long = np.flatnonzero(res.battles > 2100)
    assert long.size, "no game that long with this seed"
    i = int(long[0])
    assert bulk_games(res)[i] == engine_game(rules, res.seeds[i], public=False)


def test_same_seed_same_games_and_seed_none_is_recorded():
    a = play_many(WarRules.peace(), 30, seed=8)
    b = play_many(WarRules.peace(), 30, seed=8)
    assert bulk_games(a) == bulk_games(b) and a.seed == 8
    c = play_many(WarRules.peace(), 5)
    d = play_many(WarRules.peace(), 5, seed=c.seed)
    assert bulk_games(c) == bulk_games(d)


# -- errors ------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules, rule", [
    (WarRules.underdog(), "§1.8"), (WarRules.slap(), "§1.9"), (WarRules.steal(), "§1.10")])
def test_unsupported_rules_name_the_rule(rules, rule):
    with pytest.raises(ValueError, match=rule):
        play_many(rules, 3, seed=0)


def test_bad_arguments():
    with pytest.raises(ValueError, match="n_games"):
        play_many(WarRules.classic())
    with pytest.raises(ValueError, match="n_games"):
        play_many(WarRules.classic(), -1)
    with pytest.raises(ValueError, match="seeds"):
        play_many(WarRules.classic(), seeds=[-1, 2])
    with pytest.raises(ValueError, match="disagree"):
        play_many(WarRules.classic(), 3, seeds=[1, 2])
    with pytest.raises(ValueError, match="at least 3 cards"):
        play_many(WarRules.multiplayer(3), deals=np.zeros((1, 2), dtype=np.uint8))
    with pytest.raises(ValueError, match="at most 255 cards"):
        play_many(WarRules.classic(), deals=np.zeros((1, 256), dtype=np.uint8))
    with pytest.raises(TypeError, match="play_many needs WarRules, not str"):
        play_many("classic", 3)


def test_missing_numba_says_how_to_install(monkeypatch):
    monkeypatch.setattr(war_bulk, "NUMBA", False)
    with pytest.raises(ImportError, match=r"cardkit\[bulk\]"):
        play_many(WarRules.classic(), 3, seed=0)


# -- statistics for fixed seeds -----------------------------------------------------------------
def test_first_battle_tie_rate_is_one_in_seventeen():
    res = play_many(WarRules.classic(), 100_000, seed=2024)
    p = 3 / 51
    rate = (res.first_wars > 0).mean()
    se = np.sqrt(p * (1 - p) / res.n_games)
    assert abs(rate - p) < 3 * se, (rate, p, se)


def test_classic_lengths_and_wins_within_sane_bounds():
    res = play_many(WarRules.classic(), 20_000, seed=7)
    assert 150 < res.battles.mean() < 400 and 100 < np.median(res.battles) < 300
    assert 5 < res.wars.mean() < 30
    assert res.battles.min() >= 8     # 26 cards cannot be lost in fewer than 6 wars + battles
    se = np.sqrt(0.25 / res.n_games)
    assert abs(res.win_rates[0] - 0.5) < 4 * se + res.draw_rate
    assert res.ends.get("all_cards", 0) > 0.95 * res.n_games


def test_random_pickup_never_repeats_but_fixed_orders_can():
    rnd = play_many(replace(WarRules.classic(), pickup="random"), 5_000, seed=1)
    assert "repetition" not in rnd.ends
    fixed = play_many(replace(WarRules.classic(), pickup="player_order"), 5_000, seed=1)
    assert fixed.ends.get("repetition", 0) > 0
    assert np.all(fixed.winner[fixed.end == GameEnd.repetition] == -1)


# -- the full check (slow) -----------------------------------------------------------------------
SLOW_CASES = [(name, {}) for name in sorted(PRESETS)] + [
    ("classic", o) for o in OPTIONS[1:]] + [
    ("multiplayer4", dict(war_participants="all")),
    ("classic", dict(war_facedown=1)),
    ("classic", dict(at_limit="most_cards")),
]


@pytest.mark.slow
@pytest.mark.parametrize("name, opts", SLOW_CASES,
                         ids=[f"{n}-{'-'.join(map(str, o.values())) or 'default'}"
                              for n, o in SLOW_CASES])
def test_a_thousand_deals_same_as_engine(name, opts):
    rules = replace(PRESETS[name], max_battles=700, **opts)     # long games: compared up to 700
    res = assert_same_as_engine(rules, 1000, seed=20_000, public=False)
    assert res.n_games == 1000

"""cardkit/war/stats.py: the numbers of the lesson "War by the numbers" (its panel, a widget, is
tested in tests/lessons/test_war_numbers.py)."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from cardkit.war import stats as ws
from cardkit.war import WarRules, simulate
from cardkit.war.bulk import BulkResult, GameEnd, play_many


def fake(battles, ends=None, wars=None):
    n = len(battles)
    return BulkResult(rules=WarRules.classic(), battles=np.array(battles, dtype=np.int64),
                      wars=np.array(wars or [0] * n, dtype=np.int64),
                      winner=np.zeros(n, dtype=np.int8),
                      end=np.array(ends or [0] * n, dtype=np.int8),
                      first_wars=np.zeros(n, dtype=np.int8), seeds=np.arange(n, dtype=np.uint64))


def test_first_tie_chance_is_exact():
    assert ws.first_tie_chance() == Fraction(1, 17) == Fraction(3, 51)
    assert ws.first_tie_chance(ranks=2) == Fraction(3, 7)      # 8 cards, 3 of the other 7
    with pytest.raises(ValueError):
        ws.first_tie_chance(ranks=1, suits=1)


def test_pack_of_ranks():
    pack = ws.pack_of_ranks(3)
    assert len(pack) == 12 and sorted({int(c.rank) for c in pack}) == [12, 13, 14]
    assert len(set(ws.pack_of_ranks(13))) == 52
    with pytest.raises(ValueError):
        ws.pack_of_ranks(14)


def test_length_summary_of_known_lengths():
    s = ws.length_summary(fake([10, 20, 30, 40, 1000], wars=[1, 2, 3, 4, 5]))
    assert (s.n, s.mean, s.median, s.longest, s.wars_mean) == (5, 220.0, 30.0, 1000, 3.0)
    assert s.p90 == pytest.approx(40 + 0.6 * 960)
    assert "median 30" in str(s)
    with pytest.raises(ValueError):
        ws.length_summary(fake([]))


def test_still_going_counts_loops_as_never_ending():
    res = fake([100, 6000, 300, 10_000], ends=[GameEnd.all_cards, GameEnd.all_cards,
                                               GameEnd.repetition, GameEnd.battle_limit])
    assert ws.still_going(res, 5000) == 0.75       # 6000, the loop, the limit
    assert ws.still_going(res, 10_000) == 0.5      # the loop and the limit


def test_first_tie_rate_matches_first_wars():
    res = play_many(WarRules.classic(), 2000, seed=3)
    rate, se = ws.first_tie_rate(res)
    assert rate == (res.first_wars > 0).mean() and se == pytest.approx(
        np.sqrt(rate * (1 - rate) / 2000))


def test_compare_plays_the_same_seeds_for_each_variant():
    out = ws.compare(["classic", "Peace (lowest wins, 5 down)"], 300, seed=5, pickup="random")
    a, b = out.values()
    assert np.array_equal(a.seeds, b.seeds) and a.rules.pickup == b.rules.pickup == "random"
    assert b.rules.lowest_wins and not np.array_equal(a.battles, b.battles)


def test_smaller_packs_make_shorter_games():
    packs = ws.by_pack_size(WarRules.classic(), [4, 8, 13], 3000, seed=1)
    means = [packs[k].battles.mean() for k in (4, 8, 13)]
    assert means[0] < means[1] < means[2]
    assert packs[4].rules == WarRules.classic()


def test_simulate_statistics_reproducible():
    a = simulate(WarRules(), 30, seed=1)
    b = simulate(WarRules(), 30, seed=1)
    assert list(a.lengths) == list(b.lengths) and a.winners == b.winners
    assert a.n_games == 30 and a.win_rates.sum() + a.draw_rate == pytest.approx(1)
    assert a.mean_length > 10 and sum(a.ends.values()) == 30
    assert a.summary().startswith("30 games of Classic (3 down, 1 up): mean ")
    assert simulate(WarRules(), 1, seed=1).summary().startswith("1 game of Classic")

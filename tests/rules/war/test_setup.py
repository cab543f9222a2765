"""War (RULES.md §1, §1.2): the rules' options and presets, and the deal.

Every expected value was worked out by hand. ``game(rules, *packets)`` (tests/rules/war/helpers.py)
gives each player's packet directly, top card first.
"""
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from cardkit import standard_pack
from cardkit.war import WarRules, new_game, player_name

from .helpers import C, R, cards, game


# -- rules and presets ------------------------------------------------------------------------------


def test_classic_defaults():
    r = WarRules.classic()
    assert r == WarRules()
    assert (r.players, r.pickup, r.short_of_cards, r.war_facedown, r.war_participants) == (
        2, "winner_first", "last_card_up", 3, "tied")
    assert not r.lowest_wins and r.jokers == 0 and r.preset == "classic"
    assert r.describe() == "Classic (3 down, 1 up)"


def test_presets():
    assert WarRules.multiplayer(3) == R(players=3, war_facedown=1, war_participants="tied")
    assert WarRules.multiplayer(4).players == 4 and WarRules.multiplayer(4).preset == "multiplayer"
    assert WarRules.three_player() == R(players=3, war_facedown=3)
    assert WarRules.peace() == R(lowest_wins=True, war_facedown=5)
    assert WarRules.razboi().war_size == "value"
    assert WarRules.automatic_war().automatic_rank == 2
    assert WarRules.automatic_war("K").automatic_rank == 13
    assert WarRules.beats_faces().beats_faces_rank == 3
    assert WarRules.beats_aces().beats_aces_rank == 4
    assert WarRules.underdog().underdog_rank == 6
    assert WarRules.slap().slap_rank == 5 and WarRules.slap(mean=0.3).slap_mean == 0.3
    s = WarRules.steal()
    assert s.steal_war and s.jokers == 2 and s.war_facedown == 3 and s.preset == "steal"
    assert replace(WarRules.classic(), war_facedown=1).preset is None


@pytest.mark.parametrize("kwargs, words", [
    (dict(players=1), "players"),
    (dict(players=7), "players"),
    (dict(pickup="loser_first"), "pickup"),
    (dict(short_of_cards="borrow"), "short_of_cards"),
    (dict(war_participants="some"), "war_participants"),
    (dict(war_size="double"), "war_size"),
    (dict(war_facedown=-1), "war_facedown"),
    (dict(jokers=3), "jokers"),
    (dict(max_battles=0), "battle limit"),
    (dict(at_limit="coin"), "at_limit"),
    (dict(players=3, automatic_rank=2), "Automatic war"),
    (dict(players=3, underdog_rank=6), "Underdog"),
    (dict(beats_faces_rank="J"), "# beats faces"),
    (dict(beats_aces_rank="A"), "# beats aces"),
    (dict(beats_faces_rank=3, lowest_wins=True), "Peace"),
    (dict(beats_aces_rank=4, lowest_wins=True), "Peace"),
    (dict(war_size="value", jokers=2), "Război"),
    (dict(slap_rank=5, steal_war=True), "Slap war"),
    (dict(slap_rank=5, automatic_rank=5), "same rank"),
    (dict(slap_rank=5, slap_mean=0), "slap_mean"),
    (dict(slap_rank=5, slap_seat=2), "slap_seat"),
    (dict(automatic_rank="Z"), "automatic_rank"),
])
def test_invalid_rules_name_the_rule(kwargs, words):
    with pytest.raises(ValueError, match=words):
        WarRules(**kwargs)


def test_multiplayer_preset_is_for_three_or_four():
    with pytest.raises(ValueError, match="3 or 4"):
        WarRules.multiplayer(2)


def test_player_name_is_one_based():
    assert player_name(0) == "Player 1"


# -- the deal (§1.1, §1.2) --------------------------------------------------------------------------


def test_deal_one_at_a_time_from_player_0():
    deck = standard_pack()                  # 2♠ 3♠ 4♠ … A♣, top first
    g = new_game(deck=deck)
    assert g.packets[0] == deck[0::2] and g.packets[1] == deck[1::2]
    assert g.packets[0][:3] == cards("2S 4S 6S") and len(g.packets[1]) == 26
    assert g.set_aside == []


def test_three_players_17_each_52nd_set_aside():
    deck = standard_pack()
    g = new_game(WarRules.multiplayer(3), deck=deck)
    assert [len(p) for p in g.packets] == [17, 17, 17]
    assert g.packets[1][:2] == cards("3S 6S") and g.packets[2][-1] == C("KC")
    assert g.set_aside == [C("AC")]
    assert Counter(g.all_cards()) == Counter(deck)


def test_four_players_13_each_and_steal_war_54_cards():
    assert [len(p) for p in new_game(WarRules.multiplayer(4), seed=3).packets] == [13] * 4
    g = new_game(WarRules.steal(), seed=3)
    assert [len(p) for p in g.packets] == [27, 27]
    assert sum(c.is_joker for c in g.all_cards()) == 2


def test_seeded_deal_is_reproducible_and_uses_numpy_generator():
    a, b = new_game(seed=42), new_game(seed=42)
    assert a.packets == b.packets
    from cardkit.cards import shuffled
    d = shuffled(standard_pack(), np.random.default_rng(42))
    assert a.packets == [d[0::2], d[1::2]]
    assert new_game(seed=43).packets != a.packets


def test_hands_any_cards_any_sizes_and_errors():
    g = game(R(), "AS", "2C 3C 4C")
    assert [len(p) for p in g.packets] == [1, 3]
    with pytest.raises(ValueError, match="2 packets"):
        new_game(hands=["AS"])
    with pytest.raises(ValueError, match="not both"):
        new_game(hands=["AS", "KS"], deck=standard_pack())
    with pytest.raises(ValueError, match="not a card"):
        new_game(hands=["AS", "XX"])
    with pytest.raises(ValueError, match="only in Steal War"):
        new_game(hands=["AS", "KS"], piles=[[], []])


def test_classic_deal_26_each_nothing_aside():
    g = new_game(R(), seed=5)
    assert [len(p) for p in g.packets] == [26, 26] and g.set_aside == []
    assert Counter(g.all_cards()) == Counter(standard_pack())


@pytest.mark.parametrize("rules", [WarRules.multiplayer(3), WarRules.three_player(),
                                   WarRules.razboi(3)])
def test_three_players_shuffled_deal_17_each_one_card_aside(rules):
    g = new_game(rules, seed=5)
    assert [len(p) for p in g.packets] == [17, 17, 17] and len(g.set_aside) == 1
    assert Counter(g.all_cards()) == Counter(standard_pack())


def test_steal_war_deal_54_cards():
    g = new_game(WarRules.steal(), seed=5)
    assert [len(p) for p in g.packets] == [27, 27] and g.piles == [[], []]
    assert Counter(g.all_cards()) == Counter(standard_pack(2))

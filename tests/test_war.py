"""War (RULES.md §1): worked examples with stacked packets, one or more for every rule, option and
variant.

Every expected value was worked out by hand from the stacked cards. ``game(rules, *packets)``
gives each player's packet directly (top card first), so the first battle turns up the first card
of each packet. Won cards go to the bottom of a packet, so they appear at the END of the lists.
"""
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from cardkit import Action, IllegalAction, parse_card, parse_cards, standard_pack
from cardkit.war import (WarRules, WarState, computer_player, new_game, player_name,
                         reaction_time, simulate)

C = parse_card
R = WarRules


def cards(text):
    return parse_cards(text)


def game(rules, *packets, seed=0, piles=None):
    return new_game(rules, hands=list(packets), seed=seed, piles=piles)


def flip(g, n=1):
    for _ in range(n):
        g.apply("flip")
    return g


def packets(g):
    return [" ".join(map(str, p)) for p in g.packets]


def txt(text):
    """Symbol form of a plain-letter card list: ``"KD 4S"`` → ``"K♦ 4♠"``."""
    return " ".join(map(str, cards(text)))


def battle_events(g):
    return [e for e in g.log if e.kind == "battle"]


# -- rules and presets ----------------------------------------------------------------------------
def test_classic_defaults():
    r = WarRules.classic()
    assert r == WarRules()
    assert (r.players, r.pickup, r.short_of_cards, r.war_facedown, r.war_participants) == (
        2, "winner_first", "last_card_up", 3, "tied")
    assert not r.lowest_wins and r.jokers == 0 and r.preset == "classic"
    assert r.describe() == "classic (3 down, 1 up)"


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


# -- deal ---------------------------------------------------------------------------------------------
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


def test_player_without_cards_at_start_has_lost():
    g = game(R(), "AS 2S", "")
    assert g.is_over and g.winner == 0 and g.out == [False, True]


# -- §1.1 battle, war, pickup ------------------------------------------------------------------------
def test_battle_higher_card_wins_both_to_bottom_winners_card_first():
    g = flip(game(R(), "KD 2C", "4S 3H"))
    assert packets(g) == [txt("2C KD 4S"), txt("3H")]
    e = g.log[-1]
    assert e.kind == "battle" and e.player == 0
    assert e.explain() == ("Battle: K♦ (Player 1) vs 4♠ (Player 2). K♦ beats 4♠: Player 1 wins the "
                           "battle and takes 2 cards.")
    assert e.data["table"] == [cards("KD"), cards("4S")] and e.data["won"] == cards("KD 4S")
    assert (e.rule.name, e.rule.cite()) == ("Classic War", "§1.1")
    flip(g)                                   # 2♣ vs 3♥: player 2 wins, their own card first
    assert packets(g) == [txt("KD 4S"), txt("3H 2C")]
    assert g.battles == 2 and g.wars == 0 and g.current_player is None


def test_suits_never_matter_and_ace_is_high():
    g = flip(game(R(), "AC", "KS"))
    assert g.winner == 0 and g.is_over and g.result == "all_cards"
    assert g.log[-1].explain() == "Player 1 holds all the cards and wins the game."


def test_war_three_down_one_up_winner_takes_ten():
    g = flip(game(R(), "7C 2S 3C 9D KD 5D", "7H 5H JS 8C 4S 2D"))
    assert packets(g) == [txt("5D 7C 2S 3C 9D KD 7H 5H JS 8C 4S"), txt("2D")]
    e = battle_events(g)[-1]
    assert e.player == 0 and e.data["wars"] == 1 and len(e.data["won"]) == 10
    assert e.data["face_up"] == [[True, False, False, False, True]] * 2
    assert e.data["table"][1] == cards("7H 5H JS 8C 4S")
    assert e.explain().endswith("K♦ beats 4♠: Player 1 wins the war and takes 10 cards.")
    assert "7♣ and 7♥ tie: war!" in e.explain()
    assert "Face down were: Player 1 2♠ 3♣ 9♦; Player 2 5♥ J♠ 8♣." in e.explain()
    assert g.wars == 1 and g.battles == 1


def test_repeated_war():
    g = flip(game(R(), "9S 2C 3C 4C QH 5S 6S 7S AH 10D", "9H 2D 3D 4D QC 5H 6H 7H KS 10C"))
    assert packets(g) == [txt("10D 9S 2C 3C 4C QH 5S 6S 7S AH 9H 2D 3D 4D QC 5H 6H 7H KS"),
                          txt("10C")]
    assert g.wars == 2 and battle_events(g)[-1].data["wars"] == 2
    assert "Q♥ and Q♣ tie: war!" in g.log[-1].text


def test_pickup_player_order_and_random():
    po = replace(R(), pickup="player_order")
    g = flip(game(po, "2C KD", "3H 4S"))      # player 2 wins 2♣/3♥ but takes player 1's first
    assert packets(g) == [txt("KD"), txt("4S 2C 3H")]
    g = flip(game(po, "7C 2S 3C 9D 4S", "7H 5H JS 8C KD"))
    assert packets(g) == ["", txt("7C 2S 3C 9D 4S 7H 5H JS 8C KD")]

    rnd = replace(R(), pickup="random")
    g = flip(game(rnd, "7C 2S 3C 9D KD 5D", "7H 5H JS 8C 4S 2D", seed=11))
    won = cards("7C 2S 3C 9D KD 7H 5H JS 8C 4S")
    order = np.random.default_rng(11).permutation(10)   # the game's RNG, first use
    assert g.packets[0] == cards("5D") + [won[i] for i in order]


def test_running_short_last_card_up_and_loses():
    # 8♠ ties 8♥; player 1 has 2 cards: 1 face down (2♣), the last (3♣) is the deciding card
    g = flip(game(R(), "8S 2C 3C", "8H 4D 5D 6D 7D KC"))
    assert packets(g) == ["", txt("KC 8H 4D 5D 6D 7D 8S 2C 3C")]
    assert g.is_over and g.winner == 1 and g.out == [True, False]
    assert "Player 1 is short of cards: 1 face down" in battle_events(g)[-1].text


def test_running_short_deciding_card_wins_and_stays_in():
    g = flip(game(R(), "8S 2C AC", "8H 4D 5D 6D 7D KC"))
    assert packets(g) == [txt("8S 2C AC 8H 4D 5D 6D 7D"), txt("KC")]
    assert not g.is_over


def test_standing_card_for_the_rest_of_the_war():
    # war 1: 7♣ (player 1's last card) ties 7♦; war 2: 7♣ stands against Q♦
    g = flip(game(R(), "8S 2C 7C", "8H 4D 5D 6D 7D 9D 10D JD QD"))
    assert packets(g) == ["", txt("8H 4D 5D 6D 7D 9D 10D JD QD 8S 2C 7C")]
    assert g.winner == 1 and g.wars == 2
    assert "Player 1 has no cards left: 7♣ stands as their deciding card." in battle_events(g)[-1].text
    # the same, but the standing 7♣ beats the 3♦ turned up against it
    g = flip(game(R(), "8S 2C 7C", "8H 4D 5D 6D 7D 9D 10D JD 3D KH"))
    assert packets(g) == [txt("8S 2C 7C 8H 4D 5D 6D 7D 9D 10D JD 3D"), txt("KH")]
    assert not g.is_over


def test_tied_card_is_the_standing_card():
    g = flip(game(R(), "8S", "8H 4D 5D 6D 9D KC"))
    assert packets(g) == ["", txt("KC 8H 4D 5D 6D 9D 8S")] and g.winner == 1
    g = flip(game(R(), "8S", "8H 4D 5D 6D 2D KC"))        # 8♠ stands and beats 2♦
    assert packets(g) == [txt("8S 8H 4D 5D 6D 2D"), txt("KC")] and not g.is_over


def test_both_standing_on_tied_cards_is_a_draw():
    g = flip(game(R(), "8S", "8H"))
    assert g.is_over and g.winner is None and g.result == "standing_tie"
    assert g.table == [cards("8S"), cards("8H")] and g.battles == 1
    g = flip(game(R(), "8S 2C 7C", "8H 3D 7D"))           # after a war of one card each
    assert g.result == "standing_tie" and g.table == [cards("8S 2C 7C"), cards("8H 3D 7D")]
    assert g.log[-1].kind == "end" and "draw" in g.log[-1].text
    with pytest.raises(IllegalAction, match="over"):
        g.apply("flip")


def test_short_of_cards_lose():
    g = flip(game(replace(R(), short_of_cards="lose"), "8S 2C 3C", "8H 4D 5D 6D 7D KC"))
    assert packets(g) == ["", txt("4D 5D 6D 7D KC 8H 8S 2C 3C")]
    assert g.winner == 1 and g.result == "all_cards" and g.wars == 1
    assert ("Player 1 has 2 cards and cannot complete the war (needs 4): they lose it."
            in battle_events(g)[-1].text)


def test_short_of_cards_lose_even_with_an_ace_to_come():
    g = flip(game(replace(R(), short_of_cards="lose"), "8S 2C AC", "8H 4D 5D 6D 7D KC"))
    assert g.winner == 1


def test_short_of_cards_lose_both_short_is_a_draw():
    g = flip(game(replace(R(), short_of_cards="lose"), "8S 2C", "8H 3D"))
    # neither can complete the war: their last cards go on the table and nobody wins it
    assert g.is_over and g.winner is None and g.result == "short_of_cards"
    assert g.table == [cards("8S 2C"), cards("8H 3D")] and packets(g) == ["", ""]


def test_battle_limit_most_cards_tie_is_a_draw():
    g = flip(game(replace(R(), max_battles=1, at_limit="most_cards"), "KD 2C", "4S 5H 6H 7H"))
    assert g.result == "battle_limit" and g.winner is None        # 3 cards each


def test_short_of_cards_draw():
    g = flip(game(replace(R(), short_of_cards="draw"), "8S 2C 3C", "8H 4D 5D 6D 7D KC"))
    assert g.is_over and g.winner is None and g.result == "short_of_cards"
    assert g.table == [cards("8S"), cards("8H")]
    assert packets(g) == [txt("2C 3C"), txt("4D 5D 6D 7D KC")]


def test_war_facedown_option_pagat_one():
    g = flip(game(replace(R(), war_facedown=1), "8S 2C AC 3C", "8H 4D KD 5D"))
    assert packets(g) == [txt("3C 8S 2C AC 8H 4D KD"), txt("5D")]


def test_draw_by_repetition():
    # by hand: after battle 1 the packets are 3♠ 5♠ 4♠ / 6♥ 2♠; battles 2-7 bring them back
    g = game(R(), "2S 3S 5S 4S", "6H")
    flip(g)
    assert packets(g) == [txt("3S 5S 4S"), txt("6H 2S")]
    flip(g, 5)
    assert not g.is_over and packets(g) == [txt("5S 3S"), txt("4S 6H 2S")]
    flip(g)
    assert g.is_over and g.result == "repetition" and g.winner is None and g.battles == 7
    assert packets(g) == [txt("3S 5S 4S"), txt("6H 2S")]
    assert g.log[-1].explain().startswith("Draw by repetition")


def test_no_repetition_check_when_pickup_is_random():
    # with random pickup a repeated position is no loop: seed 2 repeats the position of battle 13
    # at battle 14 and then ends normally after 20 battles
    g = game(replace(R(), pickup="random"), "2S 3S 5S 4S", "6H", seed=2)
    seen = []
    while not g.is_over:
        seen.append(g.packets)
        flip(g)
    assert len(seen) == 20 and len({str(p) for p in seen}) < 20
    assert g.result == "all_cards" and not replace(R(), pickup="random").deterministic


def test_battle_limit_draw_or_most_cards():
    g = flip(game(replace(R(), max_battles=2), "KD 2C 3C", "4S 5H"), 2)
    assert g.is_over and g.result == "battle_limit" and g.winner is None
    assert g.log[-1].explain() == "The battle limit (2) is reached: the game stops as a draw."
    g = flip(game(replace(R(), max_battles=2, at_limit="most_cards"), "KD 2C 3C", "4S 5H"), 2)
    # K♦ beats 4♠, 5♥ beats 2♣: player 1 holds 3 cards, player 2 two
    assert g.winner == 0 and g.result == "battle_limit" and [len(p) for p in g.packets] == [3, 2]


# -- §1.2 three or four players ------------------------------------------------------------------------
def test_multiplayer_highest_takes_all_tie_below_top_never_matters():
    g = flip(game(WarRules.multiplayer(3), "5S 9S", "5H 9H", "KD 9D"))
    assert packets(g) == [txt("9S"), txt("9H"), txt("9D KD 5S 5H")]
    assert g.log[-1].text.endswith("K♦ is the highest card: Player 3 wins the battle and takes 3 cards.")


def test_multiplayer_only_tied_players_fight_one_down_one_up():
    g = flip(game(WarRules.multiplayer(3), "KS 2C AC", "3H 4H", "KD 2D QD"))
    # winner's cards first, then the others' in seat order (player 2's 3♥, player 3's war)
    assert packets(g) == [txt("KS 2C AC 3H KD 2D QD"), txt("4H"), ""]
    assert g.out == [False, False, True] and not g.is_over
    flip(g)                               # player 3 is out: a two-player battle, K♠ vs 4♥
    assert packets(g) == [txt("2C AC 3H KD 2D QD KS 4H"), "", ""]
    assert g.is_over and g.winner == 0
    assert g.log[-1].explain() == "Player 1 is the last player holding cards and wins the game."


def test_multiplayer_repeated_war_between_tied():
    g = flip(game(WarRules.multiplayer(4), "JS 2C 9C 3C AC", "JH 2H 9H 3H KH", "4S", "5S 6S"))
    # J-J tie → 1 down 1 up: 9-9 tie → again: A♣ beats K♥
    assert packets(g) == [txt("JS 2C 9C 3C AC JH 2H 9H 3H KH 4S 5S"), "", "", txt("6S")]
    assert g.wars == 2


def test_war_participants_all():
    rules = replace(WarRules.multiplayer(3), war_participants="all")
    g = flip(game(rules, "KS 2C AC", "3H 4H 5H", "KD 2D QD"))
    assert packets(g) == [txt("KS 2C AC 3H 4H 5H KD 2D QD"), "", ""]
    assert g.winner == 0


def test_three_player_war_two_highest_tie_three_down():
    g = flip(game(WarRules.three_player(), "KS 2C 3C 4C AC", "KH 2D 3D 4D QD", "5S 6S"))
    assert packets(g) == [txt("KS 2C 3C 4C AC KH 2D 3D 4D QD 5S"), "", txt("6S")]
    assert (str(battle_events(g)[-1].rule), battle_events(g)[-1].rule.cite()) == ("Three-player war", "§1.3")


def test_multiplayer_short_lose_drops_out_and_war_goes_on():
    rules = replace(WarRules.multiplayer(3), short_of_cards="lose", war_facedown=3)
    g = flip(game(rules, "9S 2C", "9H 2H 3H 4H AH", "9D 2D 3D 4D KD 7C"))
    # player 1 cannot complete the war (2♣ goes on the table); players 2 and 3 go on: A♥ beats K♦
    assert packets(g) == ["", txt("9H 2H 3H 4H AH 9S 2C 9D 2D 3D 4D KD"), txt("7C")]
    assert g.out == [True, False, False]


# -- §1.4 Peace -----------------------------------------------------------------------------------------
def test_peace_lowest_wins():
    g = flip(game(WarRules.peace(), "3S AC", "9D 2C"))
    assert packets(g) == [txt("AC 3S 9D"), txt("2C")]
    assert "3♠ is lower than 9♦ (Peace: the lowest card wins)" in g.log[-1].text
    flip(g)                                  # 2 is best, A is worst
    assert packets(g) == [txt("3S 9D"), txt("2C AC")]


def test_peace_five_down_then_lowest_up():
    g = flip(game(WarRules.peace(), "7S 3C 4C 5C 6C 8C 2S 9S", "7H 3D 4D 5D 6D 8D 4H 9H"))
    assert packets(g) == [txt("9S 7S 3C 4C 5C 6C 8C 2S 7H 3D 4D 5D 6D 8D 4H"), txt("9H")]
    assert "7♠ and 7♥ tie: peace!" in g.log[-1].text
    assert "wins the peace and takes 14 cards" in g.log[-1].text


# -- §1.5 Război -------------------------------------------------------------------------------------------
def test_razboi_two_eights_seven_down_eighth_up():
    g = flip(game(WarRules.razboi(), "8S 2C 3C 4C 5C 6C 7C 9C KC", "8H 2D 3D 4D 5D 6D 7D 9D QD"))
    assert packets(g)[1] == "" and g.winner == 0 and len(g.packets[0]) == 18
    assert "Player 1 puts 7 cards face down." in battle_events(g)[-1].text
    assert "7♣" in battle_events(g)[-1].text and g.packets[0][-1] == C("QD")


def test_razboi_faces_count_ten_aces_eleven():
    j = "JS " + " ".join(f"{r}C" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10"]) + " AS"
    k = "JH " + " ".join(f"{r}D" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10"]) + " KH 5S"
    g = flip(game(WarRules.razboi(), j, k))            # 9 down, the 10th up: A♠ beats K♥
    assert packets(g)[1] == txt("5S") and len(g.packets[0]) == 22 and g.winner is None
    assert "Player 2 puts 9 cards face down." in battle_events(g)[-1].text
    a = "AS " + " ".join(f"{r}C" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J"]) + " 2S"
    b = "AH " + " ".join(f"{r}D" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J"]) + " 3S KH"
    g = flip(game(WarRules.razboi(), a, b))            # 10 down, the 11th up: 3♠ beats 2♠
    assert packets(g)[0] == "" and g.packets[1][0] == C("KH") and len(g.packets[1]) == 25
    assert "Player 1 puts 10 cards face down." in battle_events(g)[-1].text


def test_razboi_repeated_war_sized_by_the_new_tie():
    # two 3s: 2 down, 3rd up; those tie as 2s: 1 down, 2nd up
    g = flip(game(WarRules.razboi(), "3S 4C 5C 2S 6C KC QS", "3H 4D 5D 2H 6D QD"))
    assert packets(g) == [txt("QS 3S 4C 5C 2S 6C KC 3H 4D 5D 2H 6D QD"), ""]
    assert g.wars == 2 and g.winner == 0


def test_razboi_multiplayer_only_tied_take_part():
    g = flip(game(WarRules.razboi(3), "2S 7C KC", "2H 8D QD", "AS"))     # A♠ highest: no war
    assert packets(g) == [txt("7C KC"), txt("8D QD"), txt("AS 2S 2H")]
    g = flip(game(WarRules.razboi(3), "3S 4C 5C KC", "3H 4D 5D QD", "2C 9S"))
    # the 3s tie (the 2♣ below never matters): 2 down, the 3rd up: K♣ beats Q♦
    assert packets(g) == [txt("3S 4C 5C KC 3H 4D 5D QD 2C"), "", txt("9S")]
    g = flip(game(WarRules.razboi(3), "2S 7C KC", "2H 8D QD", "2C 9S"))
    # three 2s: each puts 1 down and turns the 2nd: K♣ beats Q♦ and 9♠
    assert packets(g) == [txt("2S 7C KC 2H 8D QD 2C 9S"), "", ""] and g.winner == 0


# -- §1.6 automatic war ------------------------------------------------------------------------------------
def test_automatic_war_starts_a_war_whatever_it_meets():
    g = flip(game(WarRules.automatic_war(), "2S 3C 4C 6C 5S", "KH 3D 4D 6D 4H"))
    assert packets(g) == [txt("2S 3C 4C 6C 5S KH 3D 4D 6D 4H"), ""]
    assert "2♠ is the automatic-war card: war!" in battle_events(g)[-1].text
    g = flip(game(R(), "2S 3C 4C 6C 5S", "KH 3D 4D 6D 4H"))     # classic: K♥ just wins
    assert packets(g) == [txt("3C 4C 6C 5S"), txt("3D 4D 6D 4H KH 2S")]


def test_automatic_war_card_as_deciding_card_continues_the_war():
    a, b = "9S 3C 4C 6C 2S 7C 8C 10C 7S", "9H 3D 4D 6D AH 7D 8D 10D 6H"
    g = flip(game(WarRules.automatic_war(), a, b))
    assert g.winner == 0 and g.wars == 2 and len(g.packets[0]) == 18
    g = flip(game(R(), a, b))                                     # classic: A♥ wins the war
    assert packets(g)[1].endswith(txt("9H 3D 4D 6D AH 9S 3C 4C 6C 2S")) and g.wars == 1


def test_automatic_war_other_rank():
    g = flip(game(WarRules.automatic_war("K"), "KS 3C 4C 6C 5S", "2H 3D 4D 6D 4H"))
    assert g.winner == 0 and g.wars == 1


# -- §1.7 # beats faces / # beats aces -------------------------------------------------------------------
@pytest.mark.parametrize("a, b, winner", [
    ("3S", "KH", 0), ("3S", "JH", 0), ("3S", "QH", 0), ("3S", "AH", 1), ("3S", "4H", 1),
    ("JS", "3H", 1), ("10S", "3H", 0), ("2S", "KH", 1),
])
def test_beats_faces(a, b, winner):
    g = flip(game(WarRules.beats_faces(), f"{a} 5C", f"{b} 5D"))
    assert g.log[-1].player == winner
    if {a[0], b[0]} & {"3"} and {a[0], b[0]} & set("JQK"):
        assert "# beats faces: a 3 beats J, Q and K" in g.log[-1].text


@pytest.mark.parametrize("a, b, winner", [
    ("4S", "AH", 0), ("4S", "KH", 1), ("4S", "5H", 1), ("AS", "4H", 1), ("3S", "AH", 1),
])
def test_beats_aces(a, b, winner):
    g = flip(game(WarRules.beats_aces(), f"{a} 5C", f"{b} 5D"))
    assert g.log[-1].player == winner


def test_beats_faces_equal_ranks_still_tie_and_decide_a_war():
    g = flip(game(WarRules.beats_faces(), "3S 2C 4C 6C 3C", "3H 2D 4D 6D QH"))
    assert g.winner == 0 and g.wars == 1                     # 3♣ beats Q♥ as deciding card
    g = flip(game(WarRules.beats_faces(), "9S 2C 4C 6C 3C", "9H 2D 4D 6D QH"))
    assert g.winner == 0
    assert "3♣ beats Q♥ (# beats faces: a 3 beats J, Q and K)" in battle_events(g)[-1].text


def test_beats_faces_other_rank():
    g = flip(game(WarRules.beats_faces(7), "7S 5C", "KH 5D"))
    assert g.log[-1].player == 0


# -- §1.8 underdog ----------------------------------------------------------------------------------------
def test_underdog_six_face_down_wins_the_lost_war():
    g = flip(game(WarRules.underdog(), "9S 6C 2C 3C 4S", "9H 5D 7D 8D KH"))
    assert packets(g) == [txt("9S 6C 2C 3C 4S 9H 5D 7D 8D KH"), ""]
    e = battle_events(g)[-1]
    assert "Player 1 lost the war but had the underdog 6♣ face down, so wins it instead" in e.text
    assert (str(e.rule), e.rule.cite()) == ("Underdog", "§1.8") and e.player == 0


def test_underdog_across_a_repeated_war():
    a = "9S 6C 2C 3C QS 4C 5C 7C 4S"
    b = "9H 5D 7D 8D QH 2D 3D 10D KH"
    g = flip(game(WarRules.underdog(), a, b))
    assert g.winner == 0 and g.wars == 2 and len(g.packets[0]) == 18
    g = flip(game(R(), a, b))                                 # classic: K♥ takes it
    assert g.winner == 1


def test_underdog_needs_the_losers_face_down_card():
    g = flip(game(WarRules.underdog(), "9S 2C 3C 4C 4S", "9H 6D 7D 8D KH"))
    assert g.winner == 1                                      # the 6 is the winner's: no effect
    g = flip(game(WarRules.underdog(), "6S 2C", "KH 3D"))      # a face-up 6 in a battle: no war
    assert g.log[-1].player == 1
    g = flip(game(WarRules.underdog(), "9S 2C 3C 4C 6S", "9H 5D 7D 8D KH"))
    assert g.winner == 1                                      # a face-up 6 in a war: no effect


# -- §1.9 slap war ------------------------------------------------------------------------------------------
def test_slap_live_seat_slaps_first_and_wins_the_battle():
    g = flip(game(WarRules.slap(), "5S 2C", "KH 3D"))
    assert g.current_player == 0 and g.stage == "slap"
    assert g.legal_actions() == [Action("slap"), Action("flip")]
    assert g.table == [cards("5S"), cards("KH")]
    g.apply("slap")
    assert packets(g) == [txt("2C 5S KH"), txt("3D")] and g.current_player is None
    assert "Player 1 slaps the 5♠ first" in g.log[-1].text
    assert (str(g.log[-1].rule), g.log[-1].rule.cite()) == ("Slap war", "§1.9")


def test_slap_not_slapped_other_player_slaps_or_cards_decide():
    wide = replace(WarRules.slap(), slap_window=100.0)
    g = flip(game(wide, "5S 2C", "4H 3D"))
    flip(g)                                   # player 2's reaction is inside the window
    assert packets(g) == [txt("2C"), txt("3D 4H 5S")]
    rng = np.random.default_rng(0)          # the game's RNG: player 1's time, then player 2's
    reaction_time(rng, 0.7)
    t2 = reaction_time(rng, 0.7)
    assert f"Player 2 slaps the 5♠ first ({t2:.2f} s)" in g.log[-1].text
    narrow = replace(WarRules.slap(), slap_window=0.001)
    g = flip(game(narrow, "5S 2C", "4H 3D"), 2)               # nobody in time: 5♠ beats 4♥
    assert packets(g) == [txt("2C 5S 4H"), txt("3D")]
    assert "Nobody slaps the 5♠ within 0.001 s: the cards decide." in g.log[-1].text


def test_slap_simulated_players_fastest_wins():
    rules = replace(WarRules.slap(), slap_seat=None, slap_window=100.0)
    g = flip(game(rules, "5S 2C", "KH 3D", seed=5))
    rng = np.random.default_rng(5)
    times = [reaction_time(rng, 0.7), reaction_time(rng, 0.7)]
    assert g.current_player is None
    assert g.log[-1].player == int(np.argmin(times))


def test_slap_on_a_wars_deciding_card():
    g = flip(game(WarRules.slap(), "9S 2C 3C 4C 5S", "9H 2D 3D 4D KH"))
    assert g.stage == "slap"
    obs = g.observation(0)
    assert obs.table == ((C("9S"), None, None, None, C("5S")), (C("9H"), None, None, None, C("KH")))
    assert obs.slap["card"] == C("5S") and obs.legal_actions == (Action("slap"), Action("flip"))
    assert g.observation(1).legal_actions == ()
    g.apply("slap")
    assert packets(g) == [txt("9S 2C 3C 4C 5S 9H 2D 3D 4D KH"), ""] and g.winner == 0
    assert "wins the war" in battle_events(g)[-1].text


def test_slap_only_in_the_window():
    g = game(WarRules.slap(), "6S 2C", "KH 3D")
    with pytest.raises(IllegalAction, match="slap only when a 5"):
        g.apply("slap")
    with pytest.raises(IllegalAction, match="only in Slap war"):
        game(R(), "5S", "KH").apply("slap")


def test_slap_computer_timing_is_seeded():
    a, b = computer_player("easy", seed=3), computer_player("easy", seed=3)
    assert a.slap_delay() == b.slap_delay()
    fast = computer_player("hard", seed=1)
    assert np.mean([fast.slap_delay() for _ in range(400)]) == pytest.approx(0.45, rel=0.1)


# -- §1.10 Steal War --------------------------------------------------------------------------------------
def test_steal_war_jokers_rank_above_aces():
    g = flip(game(WarRules.steal(), "JOKER 2C", "AS 3D"))
    assert g.stage == "top" and g.current_player == 0
    assert "JOKER beats A♠ (a joker ranks above an ace)" in g.log[-1].text


def test_steal_won_cards_go_on_the_face_up_pile_winner_chooses_top():
    g = flip(game(WarRules.steal(), "KS 2C", "4H 3D"))
    assert g.current_player == 0 and g.stage == "top"
    assert g.legal_actions() == [Action.parse("top K♠"), Action.parse("top 4♥"), Action("flip")]
    assert g.observation(0).won == tuple(cards("KS 4H"))
    g.apply("top 4H")
    assert g.piles == [cards("4H KS"), []] and packets(g) == [txt("2C"), txt("3D")]
    g2 = flip(game(WarRules.steal(), "KS 2C", "4H 3D"), 2)     # flip keeps the pickup order
    assert g2.piles == [cards("KS 4H"), []]
    with pytest.raises(IllegalAction, match="not one of the cards you have just won"):
        flip(game(WarRules.steal(), "KS 2C", "4H 3D")).apply("top 2C")


def test_steal_takes_the_pile_and_looks_again():
    g = flip(game(WarRules.steal(), "7S 2C 9C", "KH 3D", piles=[[], cards("7H 4H")]))
    assert g.current_player == 0 and g.stage == "steal"
    assert g.observation(0)["looking_at"] == C("7S") and g.observation(1)["looking_at"] is None
    assert g.observation(1).legal_actions == () and g.table == [[], []]
    g.apply("steal")
    # the 7♠ goes on the 7♥ and the whole pile comes over in order; player 1 then looks at 2♣
    # (nothing to steal: player 2's pile is gone) and plays it: K♥ beats it
    assert g.piles == [cards("7S 7H 4H"), []]
    assert g.stage == "top" and g.current_player == 1
    steal = next(e for e in g.log if e.kind == "steal")
    assert steal.explain() == ("Player 1 steals with 7♠: takes Player 2's face-up pile "
                               "(3 cards with the 7♠).")
    g.apply("top 2C")
    assert g.piles == [cards("7S 7H 4H"), cards("2C KH")] and packets(g) == [txt("9C"), txt("3D")]
    assert g.current_player is None


def test_steal_can_be_refused_and_the_card_is_played():
    g = flip(game(WarRules.steal(), "7S 2C", "KH 3D", piles=[[], cards("7H 4H")]), 2)
    # flip = play the 7♠: K♥ beats it; no steal happened
    assert g.stage == "top" and g.current_player == 1 and g.piles[1] == cards("7H 4H")
    assert not [e for e in g.log if e.kind == "steal"]
    g.apply("flip")
    assert g.piles == [[], cards("KH 7S 7H 4H")]


def test_steal_several_piles_with_one_card():
    g = game(WarRules.steal(3), "9S 2C 8C", "KH 3D", "QD 4D",
             piles=[cards("AS"), cards("9H 5H"), cards("9D 6D")])
    flip(g).apply("steal")
    # 9♠ on top, then the piles in seat order, then player 1's own pile; then 2♣, K♥, Q♦ are
    # played (no more matches) and player 2 wins with K♥
    assert g.piles == [cards("9S 9H 5H 9D 6D AS"), [], []]
    assert g.stage == "top" and g.current_player == 1
    assert g.observation(1).won == tuple(cards("KH 2C QD"))
    steal = next(e for e in g.log if e.kind == "steal")
    assert steal.data["victims"] == [1, 2] and steal.data["cards"] == cards("9H 5H 9D 6D")
    assert "Player 2's and Player 3's face-up pile" in steal.explain()


def test_every_steal_is_done_before_any_card_is_turned_up_in_seat_order():
    # player 1 decides first: stealing player 2's 8♥ covers the 5♠ that player 2's 5♥ matched
    g = game(WarRules.steal(), "8S 2C 9C", "5H 3D", piles=[cards("5S"), cards("8H")])
    flip(g).apply("steal")
    assert g.piles == [cards("8S 8H 5S"), []]
    assert g.stage == "top" and g.current_player == 1        # 2♣ vs 5♥: player 2 won
    # if player 1 plays the 8♠ instead, player 2 may then steal the 5♠ with the 5♥
    g = game(WarRules.steal(), "8S 2C", "5H 3D 9D", piles=[cards("5S"), cards("8H")])
    flip(g, 2)
    assert g.stage == "steal" and g.current_player == 1 and g.table == [[], []]
    g.apply("steal")
    assert g.piles == [[], cards("5H 5S 8H")]
    assert g.stage == "top" and g.current_player == 0        # 8♠ vs 3♦


def test_steal_round_order_starts_after_the_previous_winner():
    g = game(WarRules.steal(3), "AS 9C 2C", "2H AH 7H 2D", "3H AD 8H 2S")
    flip(g).apply("top AS")                 # round 1: nothing to steal; A♠ wins
    assert g.piles == [cards("AS 2H 3H"), [], []]
    flip(g)                                 # round 2 starts with player 2 (after the winner)
    assert g.current_player == 1 and g.observation(1)["looking_at"] == C("AH")
    g.apply("steal")                        # then player 2 looks at 7♥: nothing to steal
    assert g.piles == [[], cards("AH AS 2H 3H"), []]
    assert g.current_player == 2            # player 3's A♦ matches player 2's pile now
    g.apply("steal")
    assert g.piles == [[], [], cards("AD AH AS 2H 3H")]
    # player 1 (last in this round) has 9♣: nothing; 9♣ beats 7♥ and 8♥
    assert g.stage == "top" and g.current_player == 0
    assert g.observation(0).won == tuple(cards("9C 7H 8H"))


def test_steal_with_the_fourth_card_of_a_war():
    # 8-8 tie; player 1's 4th card, 7♠, matches player 2's face-up 7♦: steal it, then fight
    # with the next card, A♠, which beats K♥.
    g = flip(game(WarRules.steal(), "8S 2C 3C 4C 7S AS", "8H 2D 3D 4D KH 5D",
                  piles=[[], cards("7D")]))
    assert g.stage == "steal" and g.current_player == 0
    assert g.observation(1).table == ((C("8S"), None, None, None), (C("8H"), None, None, None))
    g.apply("steal")
    assert g.stage == "top" and g.current_player == 0
    # A♠ was player 1's last packet card: their face-up pile (7♠ 7♦) became the packet at once
    new = [cards("7S 7D")[i] for i in np.random.default_rng(0).permutation(2)]
    assert g.packets == [new, cards("5D")] and g.piles == [[], []]
    g.apply("flip")
    assert g.piles == [cards("8S 2C 3C 4C AS 8H 2D 3D 4D KH"), []]
    assert [e.kind for e in g.log] == ["deal", "steal", "reshuffle", "battle"]


def test_steal_no_cards_during_war_loses_at_once():
    g = flip(game(WarRules.steal(), "8S", "8H 2D 3D 4D 5D 6D"))
    assert g.is_over and g.winner == 1
    assert g.piles[1] == cards("8H 8S") and packets(g) == ["", txt("2D 3D 4D 5D 6D")]
    assert "Player 1 runs out of cards during the war and loses at once." in \
        battle_events(g)[-1].text


def test_steal_reshuffle_uses_the_game_rng_in_the_middle_of_a_war():
    g = flip(game(WarRules.steal(), "8S 2C", "8H 2D 3D 4D 6D 7D", seed=9,
                  piles=[cards("AC 3C 4C 5C"), []]))
    # player 1 puts 2♣ face down, the packet is empty: A♣ 3♣ 4♣ 5♣ are shuffled into it, and
    # the war goes on from the new packet: 2 more face down, the next one up against 6♦.
    new = [cards("AC 3C 4C 5C")[i] for i in np.random.default_rng(9).permutation(4)]
    assert g.stage == "top"
    assert g.table == [[C("8S"), C("2C"), *new[:3]], cards("8H 2D 3D 4D 6D")]
    assert g.current_player == (0 if new[2] == C("AC") else 1)
    assert g.packets == [new[3:], cards("7D")]
    assert [e.player for e in g.log if e.kind == "reshuffle"] == [0]


def test_steal_not_in_classic_and_only_with_a_match():
    with pytest.raises(IllegalAction, match="only in Steal War"):
        game(R(), "7S", "7H").apply("steal")
    g = game(WarRules.steal(), "7S 2C", "KH 3D", piles=[[], cards("8H")])
    flip(g)
    assert g.stage == "top"                                  # no match: no decision at all
    with pytest.raises(IllegalAction, match="only when the top card of your packet"):
        g.apply("steal")


# -- the protocol --------------------------------------------------------------------------------------
def test_illegal_actions_name_the_rule_and_change_nothing():
    g = flip(game(R(), "KD 2C 5S", "4S 3H 6S"))
    before = g.to_json()
    for bad, words in [("play KD", "not a War action"), ("top KD", "just after winning"),
                       ("steal", "Steal War"), ("slap", "Slap war"), ("draw", "not a War action")]:
        with pytest.raises(IllegalAction, match=words):
            g.apply(bad)
        assert g.to_json() == before


def test_json_round_trip_and_clone():
    g = flip(new_game(WarRules.steal(), seed=4))
    while g.current_player is not None:
        g.apply(g.legal_actions()[0])
    flip(g, 3)
    h = WarState.from_json(g.to_json())
    assert h.packets == g.packets and h.piles == g.piles and h.to_json() == g.to_json()
    c = g.clone()
    while c.current_player is not None:
        c.apply(c.legal_actions()[0])
    flip(c)
    assert c.to_json() != g.to_json() and g.to_json() == h.to_json()


def test_observation_hides_packets_and_face_down_cards():
    g = game(R(), "9S 2C 3C 4C 5S 8S", "9H 2D 3D 4D KH 7H")
    o = g.observation(1)
    assert o.card_counts == (6, 6) and not hasattr(o, "packets") and o.hand == ()
    assert o.legal_actions == (Action("flip"),) and o.current_player is None
    assert o.phase == "battle" and o.what_now.startswith("Press Flip to turn the top cards")
    flip(g)
    o = g.observation(0)
    last = o.last_battle                      # settled: every card face up
    assert last["table"][0] == cards("9S 2C 3C 4C 5S") and last["winner"] == 1
    assert last["face_up"][0] == [True, False, False, False, True]
    assert last["counts_before"] == [6, 6] and last["counts_after"] == [1, 11]
    assert o.table == ((), ())
    assert o.events[-1].explain() == (           # told to its reader, seat 0
        "Battle: 9♠ (you) vs 9♥ (Player 2). 9♠ and 9♥ tie: war! You put 3 cards face down. "
        "Player 2 puts 3 cards face down. Turned up: 5♠ (you), K♥ (Player 2). Face down were: "
        "yours 2♣ 3♣ 4♣; Player 2 2♦ 3♦ 4♦. K♥ beats 5♠: Player 2 wins the war and takes 10 cards.")
    assert g.observation(1).last_battle["text"] == "K♥ beats 5♠: you win the war and take 10 cards."
    assert o.what_now == "Press Flip to turn the top cards (Classic War)." and o.outcome is None
    with pytest.raises(ValueError):
        g.observation(2)


def test_repr_and_html():
    g = flip(game(R(), "KD 2C", "4S 3H"))
    assert repr(g) == "<War classic: packets 3/1, 1 battles, battle 2 next>"
    html = g._repr_html_()
    assert "K♦" in html and "3♥" in html and "Player 2" in html


def test_player_name_is_one_based():
    assert player_name(0) == "Player 1"


def test_simulate_statistics_reproducible():
    a = simulate(R(), 30, seed=1)
    b = simulate(R(), 30, seed=1)
    assert list(a.lengths) == list(b.lengths) and a.winners == b.winners
    assert a.n_games == 30 and a.win_rates.sum() + a.draw_rate == pytest.approx(1)
    assert a.mean_length > 10 and sum(a.ends.values()) == 30
    assert "30 games of classic" in a.summary()


def test_computer_player_chooses_from_the_observation():
    cp = computer_player("hard", seed=0)
    g = flip(game(WarRules.steal(), "7S 2C", "KH 3D", piles=[[], cards("7H 4H")]))
    assert cp.choose(g.observation(0)) == Action("steal")
    g = flip(game(WarRules.steal(), "JOKER 2C", "4H 3D"))
    assert cp.choose(g.observation(0)) == Action.parse("top JOKER")   # only 2 jokers exist
    with pytest.raises(ValueError, match="level"):
        computer_player("expert")

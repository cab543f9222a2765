"""War (RULES.md §1): a rules review — worked examples for the cases players dispute.

Every expected value below was worked out by hand from RULES.md §1 and the stacked packets
(top card first; won cards go to the BOTTOM of the winner's packet, so they appear at the END of
the lists). These complement ``test_war.py``: repeated wars, pickup orders with either winner,
running short through several wars, loops, 3/4 players, and every variant's tricky cases.
"""
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from cardkit import standard_pack
from cardkit.war import WarRules, new_game

# the same small helpers as the main War tests
from test_war import C, R, cards, flip, game, packets, txt
from test_war import battle_events as battles


# -- §1.1 deal ------------------------------------------------------------------------------------
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


# -- §1.1 war and pickup ---------------------------------------------------------------------------
def test_war_won_by_second_player_their_cards_first():
    g = flip(game(R(), "7C 2S 3C 9D 4S", "7H 5H JS 8C KD 2D"))
    # 7-7: 3 down, 1 up each; K♦ beats 4♠. Player 2's five cards, then player 1's five.
    assert packets(g) == ["", txt("2D 7H 5H JS 8C KD 7C 2S 3C 9D 4S")]
    assert g.is_over and g.winner == 1 and g.result == "all_cards"
    assert g.battles == 1 and g.wars == 1 and len(battles(g)[-1].data["won"]) == 10


THREE_WARS_A = "5S 2C 3C 4C 9S 6C 7C 8C JS 10C QC KC AS 3S"
THREE_WARS_B = "5H 2D 3D 4D 9H 6D 7D 8D JH 10D QD KD KH 4S"


def test_three_wars_in_a_row_winner_first():
    g = flip(game(R(), THREE_WARS_A, THREE_WARS_B))
    # 5-5, 9-9, J-J tie; A♠ beats K♥ in the third war: 26 cards
    assert packets(g) == [txt("3S 5S 2C 3C 4C 9S 6C 7C 8C JS 10C QC KC AS "
                              "5H 2D 3D 4D 9H 6D 7D 8D JH 10D QD KD KH"), txt("4S")]
    assert g.wars == 3 and g.battles == 1 and battles(g)[-1].data["wars"] == 3


A_LOSES = "5S 2C 3C 4C 9S 6C 7C 8C JS 10C QC KC KH 3S"
B_WINS = "5H 2D 3D 4D 9H 6D 7D 8D JH 10D QD KD AS 4S"


@pytest.mark.parametrize("pickup, expected", [
    ("winner_first", "4S 5H 2D 3D 4D 9H 6D 7D 8D JH 10D QD KD AS "
                     "5S 2C 3C 4C 9S 6C 7C 8C JS 10C QC KC KH"),
    ("player_order", "4S 5S 2C 3C 4C 9S 6C 7C 8C JS 10C QC KC KH "
                     "5H 2D 3D 4D 9H 6D 7D 8D JH 10D QD KD AS"),
])
def test_three_wars_won_by_player_2_each_pickup(pickup, expected):
    g = flip(game(replace(R(), pickup=pickup), A_LOSES, B_WINS))
    assert packets(g) == [txt("3S"), txt(expected)]
    assert g.wars == 3 and battles(g)[-1].player == 1


def test_random_pickup_after_a_war_won_by_player_2_uses_the_game_rng():
    g = flip(game(replace(R(), pickup="random"), "7C 2S 3C 9D 4S 6S", "7H 5H JS 8C KD 2D", seed=21))
    won = cards("7H 5H JS 8C KD 7C 2S 3C 9D 4S")     # shuffled from the winner-first order
    order = np.random.default_rng(21).permutation(10)
    assert g.packets == [cards("6S"), cards("2D") + [won[i] for i in order]]


# -- §1.1 running short: last_card_up -------------------------------------------------------------
def test_standing_card_kept_through_two_repeated_wars():
    # war 1: player 1 has 2 cards: 2♣ down, 7♣ up, ties 7♦; war 2: 7♣ stands, ties 7♥;
    # war 3: 7♣ still stands and loses to 9♦.
    g = flip(game(R(), "8S 2C 7C", "8H 4D 5D 6D 7D 9C 10C JC 7H 2H 3H 4H 9D 5S"))
    assert packets(g) == ["", txt("5S 8H 4D 5D 6D 7D 9C 10C JC 7H 2H 3H 4H 9D 8S 2C 7C")]
    assert g.winner == 1 and g.wars == 3


def test_standing_card_wins_after_two_repeated_wars_and_player_stays_in():
    g = flip(game(R(), "8S 2C 7C", "8H 4D 5D 6D 7D 9C 10C JC 7H 2H 3H 4H 3D 5S"))
    assert packets(g) == [txt("8S 2C 7C 8H 4D 5D 6D 7D 9C 10C JC 7H 2H 3H 4H 3D"), txt("5S")]
    assert not g.is_over and g.wars == 3 and battles(g)[-1].player == 0


def test_tied_card_stands_against_a_short_opponent():
    g = flip(game(R(), "8S", "8H 3D 9D"))         # 8♠ stands; 3♦ down, 9♦ up beats it
    assert packets(g) == ["", txt("8H 3D 9D 8S")] and g.winner == 1
    g = flip(game(R(), "8S", "8H 3D 2D"))         # 8♠ beats 2♦: player 1 takes everything
    assert packets(g) == [txt("8S 8H 3D 2D"), ""] and g.winner == 0


def test_tied_card_standing_and_opponents_last_card_ties_it_is_a_draw():
    # 8♠ was player 1's last card and stands; player 2 turns up their last card, 8♦: both stand
    # on their last card and those cards tie.
    g = flip(game(R(), "8S", "8H 8D"))
    assert g.is_over and g.winner is None and g.result == "standing_tie"
    assert Counter(g.all_cards()) == Counter(cards("8S 8H 8D"))


def test_short_deciding_ace_wins_under_last_card_up():
    # war 1: 9-9; war 2: player 1 has one card, the A♣, which beats J♦
    g = flip(game(R(), "8S 2C 3C 4C 9C AC", "8H 2D 3D 4D 9D 5D 6D 7D JD"))
    assert packets(g) == [txt("8S 2C 3C 4C 9C AC 8H 2D 3D 4D 9D 5D 6D 7D JD"), ""]
    assert g.winner == 0 and g.wars == 2


# -- §1.1 running short: lose / draw -----------------------------------------------------------------
def test_lose_short_in_the_second_war_loses_the_game():
    g = flip(game(replace(R(), short_of_cards="lose"), "8S 2C 3C 4C 9C AC",
                  "8H 2D 3D 4D 9D 5D 6D 7D JD"))
    assert g.is_over and g.winner == 1


def test_lose_with_exactly_war_facedown_cards_cannot_complete_the_war():
    g = flip(game(replace(R(), short_of_cards="lose"), "8S 2C 3C AC", "8H 2D 3D 4D 5D"))
    assert g.winner == 1                      # 3 cards left: 3 down but nothing to turn up
    g = flip(game(replace(R(), short_of_cards="lose"), "8S 2C 3C 4C AC", "8H 2D 3D 4D 5D"))
    # 4 cards left: the war can be completed and A♣ beats 5♦
    assert packets(g) == [txt("8S 2C 3C 4C AC 8H 2D 3D 4D 5D"), ""] and g.winner == 0


def test_lose_player_without_any_card_at_the_war_loses():
    g = flip(game(replace(R(), short_of_cards="lose"), "8S", "8H 2D 3D 4D 5D"))
    assert g.is_over and g.winner == 1


def test_draw_short_in_the_second_war():
    g = flip(game(replace(R(), short_of_cards="draw"), "8S 2C 3C 4C 9C AC",
                  "8H 2D 3D 4D 9D 5D 6D 7D JD"))
    assert g.is_over and g.winner is None and g.result == "short_of_cards"
    assert Counter(g.all_cards()) == Counter(cards("8S 2C 3C 4C 9C AC 8H 2D 3D 4D 9D 5D 6D 7D JD"))


def test_draw_tied_card_was_the_last_card():
    g = flip(game(replace(R(), short_of_cards="draw"), "8S", "8H 2D 3D 4D 5D"))
    assert g.is_over and g.winner is None and g.result == "short_of_cards"


# -- §1.1 war_facedown = 1 -------------------------------------------------------------------------
def test_war_facedown_one_repeated_war():
    g = flip(game(replace(R(), war_facedown=1), "8S 2C 9C 3C KC", "8H 4D 9D 5D QD 6D"))
    assert packets(g) == [txt("8S 2C 9C 3C KC 8H 4D 9D 5D QD"), txt("6D")]
    assert g.wars == 2


def test_war_facedown_one_short_and_standing():
    g = flip(game(replace(R(), war_facedown=1), "8S 2C", "8H 4D 5D"))   # 2♣ up at once
    assert packets(g) == ["", txt("8H 4D 5D 8S 2C")] and g.winner == 1
    g = flip(game(replace(R(), war_facedown=1), "8S", "8H 4D 2D"))      # 8♠ stands, beats 2♦
    assert packets(g) == [txt("8S 8H 4D 2D"), ""] and g.winner == 0


# -- §1.1 end: repetition and battle limit -------------------------------------------------------------
def test_repetition_with_player_order_pickup():
    # by hand, player_order: after battle 2 the packets are 5♠ 3♥ / 2♠ 4♥; after battle 6 again
    g = game(replace(R(), pickup="player_order"), "2S 5S", "4H 3H")
    flip(g)
    assert packets(g) == [txt("5S"), txt("3H 2S 4H")]
    flip(g)
    assert packets(g) == [txt("5S 3H"), txt("2S 4H")]
    flip(g, 3)
    assert not g.is_over and packets(g) == [txt("2S 5S 3H"), txt("4H")]
    flip(g)
    assert g.is_over and g.result == "repetition" and g.winner is None and g.battles == 6
    assert packets(g) == [txt("5S 3H"), txt("2S 4H")]


def test_same_deal_winner_first_ends_normally():
    g = flip(game(R(), "2S 5S", "4H 3H"), 4)
    assert g.is_over and g.result == "all_cards" and g.winner == 0 and g.battles == 4
    assert packets(g) == [txt("5S 4H 3H 2S"), ""]


def test_battle_limit_before_the_repetition():
    g = flip(game(replace(R(), pickup="player_order", max_battles=5), "2S 5S", "4H 3H"), 5)
    assert g.is_over and g.result == "battle_limit" and g.winner is None
    g = flip(game(replace(R(), pickup="player_order", max_battles=5, at_limit="most_cards"),
                  "2S 5S", "4H 3H"), 5)
    assert g.result == "battle_limit" and g.winner == 0      # 3 cards against 1


# -- §1.2 three or four players ------------------------------------------------------------------------
def test_four_players_tie_below_the_top_never_matters_and_players_drop_out():
    g = flip(game(WarRules.multiplayer(4), "9S 2C 3C", "9H 4D KD", "5S", "5H 6H"))
    # 9-9 at the top (5-5 below is no war): 1 down 1 up, K♦ beats 3♣
    assert packets(g) == ["", txt("9H 4D KD 9S 2C 3C 5S 5H"), "", txt("6H")]
    assert g.out == [True, False, True, False] and not g.is_over and g.wars == 1
    flip(g)
    assert g.is_over and g.winner == 1 and packets(g)[1] == txt("4D KD 9S 2C 3C 5S 5H 9H 6H")


def test_four_players_player_order_pickup():
    g = flip(game(replace(WarRules.multiplayer(4), pickup="player_order"),
                  "9S 2C 3C", "9H 4D KD", "5S", "5H 6H"))
    assert packets(g) == ["", txt("9S 2C 3C 9H 4D KD 5S 5H"), "", txt("6H")]


def test_three_way_tie_then_only_the_two_still_tied_fight():
    g = flip(game(WarRules.multiplayer(3), "KS 2C 5C 7S", "KH 2D 9D 3D AD", "KD 2H 9H 3H QH"))
    # K K K: all three put 1 down 1 up: 5♣ 9♦ 9♥; only players 2 and 3 go on: A♦ beats Q♥
    assert packets(g) == [txt("7S"), txt("KH 2D 9D 3D AD KS 2C 5C KD 2H 9H 3H QH"), ""]
    assert g.wars == 2 and g.out == [False, False, True] and not g.is_over


def test_multiplayer_tied_player_without_cards_stands():
    g = flip(game(WarRules.multiplayer(3), "KS", "KH 4D 2D", "3S 6S"))
    # K♠ was player 1's last card: it stands; player 2: 4♦ down, 2♦ up; K♠ wins
    assert packets(g) == [txt("KS KH 4D 2D 3S"), "", txt("6S")]
    assert g.out == [False, True, False] and not g.is_over


def test_war_participants_all_the_lower_player_can_win_the_war():
    rules = replace(WarRules.multiplayer(3), war_participants="all")
    g = flip(game(rules, "KS 2C 3C", "KH 2D 4D", "5S 2H AS"))
    assert packets(g) == ["", "", txt("5S 2H AS KS 2C 3C KH 2D 4D")] and g.winner == 2


@pytest.mark.parametrize("participants, expected", [
    # all: everyone joins the repeated war too; A♠ wins
    ("all", ["", "", "5S 2H 7S 3H AS KS 2C 9C 3C 5C KH 2D 9D 4D 6D"]),
    # tied: only the kings fight, twice; 6♦ beats 5♣; player 3 loses only the 5♠
    ("tied", ["", "KH 2D 9D 4D 6D KS 2C 9C 3C 5C 5S", "2H 7S 3H AS"]),
])
def test_war_participants_in_a_repeated_war(participants, expected):
    rules = replace(WarRules.multiplayer(3), war_participants=participants)
    g = flip(game(rules, "KS 2C 9C 3C 5C", "KH 2D 9D 4D 6D", "5S 2H 7S 3H AS"))
    assert packets(g) == [txt(p) for p in expected] and g.wars == 2


# -- §1.3 three-player war -----------------------------------------------------------------------------
def test_three_player_tie_below_the_highest_is_no_war():
    g = flip(game(WarRules.three_player(), "AS 2C", "5H 3C", "5D 4C"))
    assert packets(g) == [txt("2C AS 5H 5D"), txt("3C"), txt("4C")] and g.wars == 0


def test_three_player_war_won_by_the_last_seat():
    g = flip(game(WarRules.three_player(), "QS 2C 3C 4C 5C", "7H 8H", "QD 2D 3D 4D KD"))
    assert packets(g) == ["", txt("8H"), txt("QD 2D 3D 4D KD QS 2C 3C 4C 5C 7H")]
    assert g.out == [True, False, False] and g.wars == 1


# -- §1.4 Peace ------------------------------------------------------------------------------------------
def test_peace_ace_is_worst():
    g = flip(game(WarRules.peace(), "AS 2C", "KH 3C"))
    assert packets(g) == [txt("2C"), txt("3C KH AS")]


def test_peace_repeated_lowest_deciding_card_wins():
    a = "7S 3C 4C 5C 6C 8C 9S JC QC KC AC 10C 2C"
    b = "7H 3D 4D 5D 6D 8D 9H JD QD KD AD 10D 5H"
    g = flip(game(WarRules.peace(), a, b))
    assert packets(g) == [txt(a + " " + b), ""] and g.winner == 0 and g.wars == 2


def test_peace_short_of_cards_last_card_up():
    g = flip(game(WarRules.peace(), "7S 3C 4C", "7H 3D 4D 5D 6D 8D 9D"))
    # player 1: 3♣ down, 4♣ up; player 2: 5 down, 9♦ up; 4♣ is lower and wins
    assert packets(g) == [txt("7S 3C 4C 7H 3D 4D 5D 6D 8D 9D"), ""] and g.winner == 0


# -- §1.5 Război ------------------------------------------------------------------------------------------
def test_razboi_two_fives_four_down_fifth_up():
    g = flip(game(WarRules.razboi(), "5S 2C 3C 4C 6C KC", "5H 2D 3D 4D 6D QD 7D"))
    assert packets(g) == [txt("5S 2C 3C 4C 6C KC 5H 2D 3D 4D 6D QD"), txt("7D")]


def test_razboi_two_twos_one_down_second_up():
    g = flip(game(WarRules.razboi(), "2S 3C 9C", "2H 3D 8D 4D"))
    assert packets(g) == [txt("2S 3C 9C 2H 3D 8D"), txt("4D")]


def test_razboi_short_of_cards_last_card_up():
    # two kings: 9 down, the 10th up; player 1 has only 5 cards: 4 down, A♣ up beats Q♦
    g = flip(game(WarRules.razboi(), "KS 2C 3C 4C 5C AC", "KH 2D 3D 4D 5D 6D 7D 8D 9D 10D QD JD"))
    assert packets(g) == [txt("KS 2C 3C 4C 5C AC KH 2D 3D 4D 5D 6D 7D 8D 9D 10D QD"), txt("JD")]


# -- §1.6 automatic war -----------------------------------------------------------------------------------
def test_automatic_war_two_against_two_is_a_normal_war():
    g = flip(game(WarRules.automatic_war(), "2S 3C 4C 5C KC", "2H 3D 4D 5D QD"))
    assert packets(g) == [txt("2S 3C 4C 5C KC 2H 3D 4D 5D QD"), ""] and g.wars == 1


def test_automatic_war_two_against_an_ace():
    g = flip(game(WarRules.automatic_war(), "AS 3C 4C 5C KC", "2H 3D 4D 5D QD"))
    assert packets(g) == [txt("AS 3C 4C 5C KC 2H 3D 4D 5D QD"), ""] and g.wars == 1


def test_automatic_war_deciding_two_continues_the_war_even_against_a_three():
    g = flip(game(WarRules.automatic_war(), "9S 3C 4C 5C 2S 6C 7C 8C KS",
                  "9H 3D 4D 5D 3H 6D 7D 8D QH"))
    assert g.wars == 2 and g.winner == 0
    assert packets(g)[0] == txt("9S 3C 4C 5C 2S 6C 7C 8C KS 9H 3D 4D 5D 3H 6D 7D 8D QH")


def test_automatic_war_standing_two_does_not_start_another_war():
    # 2♠ was player 1's last card: it starts the war and stands; 6♦ beats it
    g = flip(game(WarRules.automatic_war(), "2S", "KH 3D 4D 5D 6D"))
    assert packets(g) == ["", txt("KH 3D 4D 5D 6D 2S")] and g.winner == 1 and g.wars == 1
    g = flip(game(WarRules.automatic_war(), "2S 9C", "KH 3D 4D 5D 6D"))   # 9♣ is the last card
    assert packets(g) == [txt("2S 9C KH 3D 4D 5D 6D"), ""] and g.winner == 0


# -- §1.7 # beats faces / aces ------------------------------------------------------------------------------
def test_beats_faces_threes_still_tie():
    g = flip(game(WarRules.beats_faces(), "3S 2C 4C 5C KC", "3H 2D 4D 5D QD"))
    assert g.wars == 1 and packets(g) == [txt("3S 2C 4C 5C KC 3H 2D 4D 5D QD"), ""]


def test_beats_faces_jack_and_ace():
    assert flip(game(WarRules.beats_faces(), "JS 2C", "3H 2D")).log[-1].player == 1
    assert flip(game(WarRules.beats_faces(), "AS 2C", "3H 2D")).log[-1].player == 0


def test_beats_aces_deciding_card_and_tie():
    g = flip(game(WarRules.beats_aces(), "9S 2C 3C 5C 4S", "9H 2D 3D 5D AH"))
    assert packets(g) == [txt("9S 2C 3C 5C 4S 9H 2D 3D 5D AH"), ""] and g.winner == 0
    g = flip(game(WarRules.beats_aces(), "4S 2C 3C 5C 6S", "4H 2D 3D 7D AH"))
    assert g.wars == 1 and g.winner == 1                     # 4-4 tie; 6♠ loses to A♥


def test_beats_faces_three_players():
    rules = replace(WarRules.beats_faces(), players=3)
    g = flip(game(rules, "3S", "KH", "KD"))                  # the 3 beats both kings
    assert packets(g) == [txt("3S KH KD"), "", ""] and g.winner == 0
    g = flip(game(rules, "3S 2C", "KH 2D", "AD 2H"))          # the ace beats the 3 and the king
    assert packets(g) == [txt("2C"), txt("2D"), txt("2H AD 3S KH")]


# -- §1.8 underdog --------------------------------------------------------------------------------------------
def test_underdog_both_have_a_six_face_down_the_loser_wins():
    g = flip(game(WarRules.underdog(), "9S 6C 2C 3C 4S", "9H 6D 7D 8D KH"))
    assert packets(g) == [txt("9S 6C 2C 3C 4S 9H 6D 7D 8D KH"), ""] and g.winner == 0


def test_underdog_short_loser_with_a_six_face_down():
    # player 1 has 2 cards for the war: 6♣ down, 2♣ up; K♥ beats it, but the 6♣ turns it round
    g = flip(game(WarRules.underdog(), "9S 6C 2C", "9H 3D 4D 5D KH 7D"))
    assert packets(g) == [txt("9S 6C 2C 9H 3D 4D 5D KH"), txt("7D")]
    assert battles(g)[-1].player == 0


def test_underdog_six_in_the_second_war():
    a = "9S 2C 3C 4C QS 6C 5C 7C 4S"
    b = "9H 5D 7D 8D QH 2D 3D 10D KH"
    g = flip(game(WarRules.underdog(), a, b))
    assert g.winner == 0 and packets(g) == [txt(a + " " + b), ""]


# -- §1.9 slap war --------------------------------------------------------------------------------------------
def test_slap_on_a_tie_of_fives_wins_the_battle_without_war():
    g = flip(game(WarRules.slap(), "5S 2C", "5H 3D"))
    assert g.stage == "slap" and g.current_player == 0
    g.apply("slap")
    assert packets(g) == [txt("2C 5S 5H"), txt("3D")] and g.wars == 0


def test_slap_the_opponents_five_with_a_lower_card():
    g = flip(game(WarRules.slap(), "2C 3C", "5H 4D"))
    assert g.stage == "slap"
    g.apply("slap")
    assert packets(g) == [txt("3C 2C 5H"), txt("4D")]


def test_nobody_slaps_a_tie_of_fives_it_is_a_war():
    g = flip(game(replace(WarRules.slap(), slap_window=0.001), "5S 2C 3C 4C KC", "5H 2D 3D 4D QD"))
    g.apply("flip")                           # no slap from the live seat, nobody else in time
    assert packets(g) == [txt("5S 2C 3C 4C KC 5H 2D 3D 4D QD"), ""] and g.wars == 1


# -- §1.10 Steal War ---------------------------------------------------------------------------------------------
def test_steal_again_with_the_next_card():
    g = game(WarRules.steal(3), "7S 9S 2C 5C", "KH 3D", "QD 4D",
             piles=[[], cards("7H 4H"), cards("9D")])
    flip(g)
    assert g.current_player == 0 and g.stage == "steal"
    g.apply("steal")
    assert g.piles == [cards("7S 7H 4H"), [], cards("9D")]
    assert g.current_player == 0 and g.stage == "steal"       # 9♠ now matches player 3's 9♦
    g.apply("steal")
    assert g.piles == [cards("9S 9D 7S 7H 4H"), [], []]
    # 2♣, K♥, Q♦ are turned up; K♥ wins
    assert g.stage == "top" and g.current_player == 1
    g.apply("flip")
    assert g.piles == [cards("9S 9D 7S 7H 4H"), cards("KH 2C QD"), []]
    assert packets(g) == [txt("5C"), txt("3D"), txt("4D")]


def test_steal_with_a_joker():
    g = game(WarRules.steal(), "JOKER 2C 3C", "KH 4D", piles=[[], ["JOKER", "5H"]])
    flip(g).apply("steal")
    assert g.piles == [cards("JOKER JOKER 5H"), []]
    assert g.stage == "top" and g.current_player == 1         # 2♣ vs K♥
    g.apply("flip")
    assert g.piles == [cards("JOKER JOKER 5H"), cards("KH 2C")]
    assert packets(g) == [txt("3C"), txt("4D")]


def test_steal_war_two_jokers_tie_is_a_war():
    g = flip(game(WarRules.steal(), "JOKER 2C 3C 4C AS 5C", "JOKER 2D 3D 4D KH 5D"))
    assert g.stage == "top" and g.current_player == 0 and g.wars == 1
    g.apply("flip")
    assert g.piles == [cards("JOKER 2C 3C 4C AS JOKER 2D 3D 4D KH"), []]
    assert packets(g) == [txt("5C"), txt("5D")]


def test_steal_war_next_round_starts_after_the_winner():
    g = game(WarRules.steal(), "KH 7H 4D 9D", "7S 7D 3C 9C")
    flip(g)                                   # K♥ vs 7♠: player 1 wins and puts 7♠ on top
    assert g.stage == "top" and g.current_player == 0
    g.apply("top 7S")
    assert g.piles == [cards("7S KH"), []]
    flip(g)                                   # round 2: player 2 decides first (7♦ on 7♠)
    assert g.stage == "steal" and g.current_player == 1
    g.apply("steal")
    assert g.piles == [[], cards("7D 7S KH")]
    assert g.stage == "steal" and g.current_player == 0       # 7♥ now matches 7♦
    g.apply("steal")
    assert g.piles == [cards("7H 7D 7S KH"), []]
    assert g.stage == "top" and g.current_player == 0         # 4♦ vs 3♣
    g.apply("flip")
    assert g.piles == [cards("4D 3C 7H 7D 7S KH"), []]
    assert packets(g) == [txt("9D"), txt("9C")]


def test_steal_war_face_up_pile_reshuffled_when_the_packet_empties_in_a_battle():
    g = game(WarRules.steal(), "KS", "5H 6H", piles=[cards("2C 3C 4C"), []], seed=7)
    flip(g)
    assert g.stage == "top" and g.current_player == 0
    g.apply("flip")
    new = [cards("2C 3C 4C")[i] for i in np.random.default_rng(7).permutation(3)]
    assert g.packets == [new, cards("6H")] and g.piles == [cards("KS 5H"), []]


def test_steal_war_three_cards_in_all_cannot_fight_a_war_and_lose():
    g = flip(game(WarRules.steal(), "8S 2C", "8H 2D 3D 4D 5D 6D", piles=[cards("3C 4C"), []]))
    # player 1 has 2♣ and a pile of two: 3 cards, none left to turn up: loses at once
    assert g.is_over and g.winner == 1
    assert Counter(g.piles[1] + g.packets[1]) == Counter(cards("8S 2C 3C 4C 8H 2D 3D 4D 5D 6D"))


def test_steal_war_three_players_no_cards_in_a_war_loses_the_others_go_on():
    g = flip(game(WarRules.steal(3), "8S", "8H 2D 3D 4D 5D", "3S 6S"))
    assert not g.is_over and g.out == [True, False, False]
    assert battles(g)[-1].player == 1 and packets(g)[2] == txt("6S")
    assert Counter(g.all_cards()) == Counter(cards("8S 8H 2D 3D 4D 5D 3S 6S"))


def test_steal_war_fourth_cards_decide_in_seat_order():
    a, b = "8S 2C 3C 4C 7S AS 9C", "8H 2D 3D 4D 5S KH 9D"
    piles = [cards("5D"), cards("7D")]
    # 8-8: 3 down each; player 1's fourth card 7♠ matches 7♦ and steals it; that covers the 5♦
    # that player 2's fourth card 5♠ matched. A♠ (player 1's next card) beats 5♠.
    g = flip(game(WarRules.steal(), a, b, piles=piles))
    assert g.stage == "steal" and g.current_player == 0
    g.apply("steal")
    assert g.piles == [cards("7S 7D 5D"), []]
    assert g.stage == "top" and g.current_player == 0
    g.apply("flip")
    assert g.piles == [cards("8S 2C 3C 4C AS 8H 2D 3D 4D 5S 7S 7D 5D"), []]
    assert packets(g) == [txt("9C"), txt("KH 9D")]
    # player 1 fights with the 7♠ instead: player 2 may now steal the 5♦ and fight with K♥
    g = flip(game(WarRules.steal(), a, b, piles=piles))
    g.apply("flip")
    assert g.stage == "steal" and g.current_player == 1
    g.apply("steal")
    assert g.piles == [[], cards("5S 5D 7D")]
    assert g.stage == "top" and g.current_player == 1
    g.apply("flip")
    assert g.piles == [[], cards("8H 2D 3D 4D KH 8S 2C 3C 4C 7S 5S 5D 7D")]
    assert packets(g) == [txt("AS 9C"), txt("9D")]


def test_steal_with_the_last_packet_card_reshuffles_and_looks_at_the_new_top():
    g = game(WarRules.steal(), "7S", "KH 3D", piles=[[], cards("7H")], seed=3)
    flip(g).apply("steal")
    new = [cards("7S 7H")[i] for i in np.random.default_rng(3).permutation(2)]
    # the new top card is played (nothing left to steal): K♥ beats it
    assert g.stage == "top" and g.current_player == 1
    assert g.observation(1).won == (C("KH"), new[0])
    g.apply("flip")
    assert g.packets == [new[1:], cards("3D")] and g.piles == [[], [C("KH"), new[0]]]


# -- cases where the engine departs from RULES.md (see the review report) ------------------------------
def test_both_players_last_cards_tie_after_one_war_is_a_draw_after_that_one_war():
    # §1.1: both turn up their last card in the war (7♣, 7♦) and they tie: both stand on their
    # last card, so the game is drawn there. Exactly one war was fought.
    g = flip(game(R(), "8S 2C 7C", "8H 3D 7D"))
    assert g.result == "standing_tie" and g.winner is None
    assert g.wars == 1 and battles(g)[-1].data["wars"] == 1
    g = flip(game(R(), "8S", "8H 8D"))       # 8♠ stands, 8♦ is player 2's last card: one war
    assert g.result == "standing_tie" and g.wars == 1


def test_war_participants_all_a_player_without_cards_has_no_tied_card_to_stand_on():
    # §1.1: only a player with no card "when a war starts" uses "the tied card itself" as their
    # standing card. Player 3's 5♠ was beaten by the kings and is no tied card: it cannot come
    # back and win the war. Players 1 and 2 fight: 4♦ beats 3♣.
    rules = replace(WarRules.multiplayer(3), war_participants="all")
    g = flip(game(rules, "KS 2C 3C", "KH 2D 4D", "5S"))
    assert battles(g)[-1].player == 1 and g.out[2]

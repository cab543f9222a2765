"""War (RULES.md §1.1–§1.3): battles and wars, worked out by hand from stacked packets.

``game(rules, *packets)`` gives each player's packet directly (top card first), so the first
battle turns up the first card of each packet. Won cards go to the bottom of a packet, so they
appear at the END of the lists. How a game ends (running short under ``lose``/``draw``, standing
ties, repetition, the battle limit) is in test_endings.py.
"""
from dataclasses import replace

import numpy as np
import pytest

from cardkit.war import WarRules

from .helpers import R, battle_events, cards, flip, game, packets, txt


# -- §1.1 battle, war, pickup -----------------------------------------------------------------------


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


def test_war_won_by_second_player_their_cards_first():
    g = flip(game(R(), "7C 2S 3C 9D 4S", "7H 5H JS 8C KD 2D"))
    # 7-7: 3 down, 1 up each; K♦ beats 4♠. Player 2's five cards, then player 1's five.
    assert packets(g) == ["", txt("2D 7H 5H JS 8C KD 7C 2S 3C 9D 4S")]
    assert g.is_over and g.winner == 1 and g.result == "all_cards"
    assert g.battles == 1 and g.wars == 1 and len(battle_events(g)[-1].data["won"]) == 10


THREE_WARS_A = "5S 2C 3C 4C 9S 6C 7C 8C JS 10C QC KC AS 3S"


THREE_WARS_B = "5H 2D 3D 4D 9H 6D 7D 8D JH 10D QD KD KH 4S"


def test_three_wars_in_a_row_winner_first():
    g = flip(game(R(), THREE_WARS_A, THREE_WARS_B))
    # 5-5, 9-9, J-J tie; A♠ beats K♥ in the third war: 26 cards
    assert packets(g) == [txt("3S 5S 2C 3C 4C 9S 6C 7C 8C JS 10C QC KC AS "
                              "5H 2D 3D 4D 9H 6D 7D 8D JH 10D QD KD KH"), txt("4S")]
    assert g.wars == 3 and g.battles == 1 and battle_events(g)[-1].data["wars"] == 3


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
    assert g.wars == 3 and battle_events(g)[-1].player == 1


def test_random_pickup_after_a_war_won_by_player_2_uses_the_game_rng():
    g = flip(game(replace(R(), pickup="random"), "7C 2S 3C 9D 4S 6S", "7H 5H JS 8C KD 2D", seed=21))
    won = cards("7H 5H JS 8C KD 7C 2S 3C 9D 4S")     # shuffled from the winner-first order
    order = np.random.default_rng(21).permutation(10)
    assert g.packets == [cards("6S"), cards("2D") + [won[i] for i in order]]


# -- §1.1 running short: last card up, standing cards -----------------------------------------------


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


def test_standing_card_kept_through_two_repeated_wars():
    # war 1: player 1 has 2 cards: 2♣ down, 7♣ up, ties 7♦; war 2: 7♣ stands, ties 7♥;
    # war 3: 7♣ still stands and loses to 9♦.
    g = flip(game(R(), "8S 2C 7C", "8H 4D 5D 6D 7D 9C 10C JC 7H 2H 3H 4H 9D 5S"))
    assert packets(g) == ["", txt("5S 8H 4D 5D 6D 7D 9C 10C JC 7H 2H 3H 4H 9D 8S 2C 7C")]
    assert g.winner == 1 and g.wars == 3


def test_standing_card_wins_after_two_repeated_wars_and_player_stays_in():
    g = flip(game(R(), "8S 2C 7C", "8H 4D 5D 6D 7D 9C 10C JC 7H 2H 3H 4H 3D 5S"))
    assert packets(g) == [txt("8S 2C 7C 8H 4D 5D 6D 7D 9C 10C JC 7H 2H 3H 4H 3D"), txt("5S")]
    assert not g.is_over and g.wars == 3 and battle_events(g)[-1].player == 0


def test_tied_card_stands_against_a_short_opponent():
    g = flip(game(R(), "8S", "8H 3D 9D"))         # 8♠ stands; 3♦ down, 9♦ up beats it
    assert packets(g) == ["", txt("8H 3D 9D 8S")] and g.winner == 1
    g = flip(game(R(), "8S", "8H 3D 2D"))         # 8♠ beats 2♦: player 1 takes everything
    assert packets(g) == [txt("8S 8H 3D 2D"), ""] and g.winner == 0


def test_short_deciding_ace_wins_under_last_card_up():
    # war 1: 9-9; war 2: player 1 has one card, the A♣, which beats J♦
    g = flip(game(R(), "8S 2C 3C 4C 9C AC", "8H 2D 3D 4D 9D 5D 6D 7D JD"))
    assert packets(g) == [txt("8S 2C 3C 4C 9C AC 8H 2D 3D 4D 9D 5D 6D 7D JD"), ""]
    assert g.winner == 0 and g.wars == 2


# -- §1.1 war_facedown ------------------------------------------------------------------------------


def test_war_facedown_option_pagat_one():
    g = flip(game(replace(R(), war_facedown=1), "8S 2C AC 3C", "8H 4D KD 5D"))
    assert packets(g) == [txt("3C 8S 2C AC 8H 4D KD"), txt("5D")]


def test_war_facedown_one_repeated_war():
    g = flip(game(replace(R(), war_facedown=1), "8S 2C 9C 3C KC", "8H 4D 9D 5D QD 6D"))
    assert packets(g) == [txt("8S 2C 9C 3C KC 8H 4D 9D 5D QD"), txt("6D")]
    assert g.wars == 2


def test_war_facedown_one_short_and_standing():
    g = flip(game(replace(R(), war_facedown=1), "8S 2C", "8H 4D 5D"))   # 2♣ up at once
    assert packets(g) == ["", txt("8H 4D 5D 8S 2C")] and g.winner == 1
    g = flip(game(replace(R(), war_facedown=1), "8S", "8H 4D 2D"))      # 8♠ stands, beats 2♦
    assert packets(g) == [txt("8S 8H 4D 2D"), ""] and g.winner == 0


# -- §1.2 three or four players ---------------------------------------------------------------------


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


def test_war_participants_all_a_player_without_cards_has_no_tied_card_to_stand_on():
    # §1.1: only a player with no card "when a war starts" uses "the tied card itself" as their
    # standing card. Player 3's 5♠ was beaten by the kings and is no tied card: it cannot come
    # back and win the war. Players 1 and 2 fight: 4♦ beats 3♣.
    rules = replace(WarRules.multiplayer(3), war_participants="all")
    g = flip(game(rules, "KS 2C 3C", "KH 2D 4D", "5S"))
    assert battle_events(g)[-1].player == 1 and g.out[2]


# -- §1.3 three-player war --------------------------------------------------------------------------


def test_three_player_tie_below_the_highest_is_no_war():
    g = flip(game(WarRules.three_player(), "AS 2C", "5H 3C", "5D 4C"))
    assert packets(g) == [txt("2C AS 5H 5D"), txt("3C"), txt("4C")] and g.wars == 0


def test_three_player_war_won_by_the_last_seat():
    g = flip(game(WarRules.three_player(), "QS 2C 3C 4C 5C", "7H 8H", "QD 2D 3D 4D KD"))
    assert packets(g) == ["", txt("8H"), txt("QD 2D 3D 4D KD QS 2C 3C 4C 5C 7H")]
    assert g.out == [True, False, False] and g.wars == 1

"""War's variants that change how cards compare or how big a war is (RULES.md §1.4–§1.8):
Peace, Război, automatic war, # beats faces / aces, underdog. Worked out by hand from stacked
packets (top card first; won cards go to the bottom). Slap war and Steal War, the variants with
decisions: test_slap_and_steal.py.
"""
from dataclasses import replace

import pytest

from cardkit.war import WarRules

from .helpers import C, R, battle_events, flip, game, packets, txt


# -- §1.4 Peace -------------------------------------------------------------------------------------


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


# -- §1.5 Război ------------------------------------------------------------------------------------


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


# -- §1.6 automatic war -----------------------------------------------------------------------------


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


# -- §1.7 # beats faces / # beats aces --------------------------------------------------------------


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


# -- §1.8 underdog ----------------------------------------------------------------------------------


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


def test_underdog_both_have_a_six_face_down_the_loser_wins():
    g = flip(game(WarRules.underdog(), "9S 6C 2C 3C 4S", "9H 6D 7D 8D KH"))
    assert packets(g) == [txt("9S 6C 2C 3C 4S 9H 6D 7D 8D KH"), ""] and g.winner == 0


def test_underdog_short_loser_with_a_six_face_down():
    # player 1 has 2 cards for the war: 6♣ down, 2♣ up; K♥ beats it, but the 6♣ turns it round
    g = flip(game(WarRules.underdog(), "9S 6C 2C", "9H 3D 4D 5D KH 7D"))
    assert packets(g) == [txt("9S 6C 2C 9H 3D 4D 5D KH"), txt("7D")]
    assert battle_events(g)[-1].player == 0


def test_underdog_six_in_the_second_war():
    a = "9S 2C 3C 4C QS 6C 5C 7C 4S"
    b = "9H 5D 7D 8D QH 2D 3D 10D KH"
    g = flip(game(WarRules.underdog(), a, b))
    assert g.winner == 0 and packets(g) == [txt(a + " " + b), ""]

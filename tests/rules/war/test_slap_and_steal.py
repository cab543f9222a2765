"""War's variants with decisions (RULES.md §1.9, §1.10): Slap war and Steal War, worked out by
hand from stacked packets and piles (top card first; won cards go to the bottom). The computer
player's choices: test_computer.py.
"""
from collections import Counter
from dataclasses import replace

import numpy as np

from cardkit import Action
from cardkit.war import WarRules, reaction_time
from harness import refused

from .helpers import C, R, battle_events, cards, flip, game, packets, txt


# -- §1.9 slap war ----------------------------------------------------------------------------------


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
    refused(g, "slap", "slap only when a 5")
    refused(game(R(), "5S", "KH"), "slap", "only in Slap war")


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


# -- §1.10 Steal War --------------------------------------------------------------------------------


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
    refused(flip(game(WarRules.steal(), "KS 2C", "4H 3D")), "top 2C",
            "not one of the cards you have just won")


def test_steal_takes_the_pile_and_looks_again():
    g = flip(game(WarRules.steal(), "7S 2C 9C", "KH 3D", piles=[[], cards("7H 4H")]))
    assert g.current_player == 0 and g.stage == "steal"
    assert g.observation(0).looking_at == C("7S") and g.observation(1).looking_at is None
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
    assert g.current_player == 1 and g.observation(1).looking_at == C("AH")
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
    refused(game(R(), "7S", "7H"), "steal", "only in Steal War")
    g = game(WarRules.steal(), "7S 2C", "KH 3D", piles=[[], cards("8H")])
    flip(g)
    assert g.stage == "top"                                  # no match: no decision at all
    refused(g, "steal", "only when the top card of your packet")


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
    assert battle_events(g)[-1].player == 1 and packets(g)[2] == txt("6S")
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

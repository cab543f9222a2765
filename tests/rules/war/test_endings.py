"""War (RULES.md §1.1): how a game ends — all the cards, running short under ``lose`` and
``draw``, players standing on tied last cards, draw by repetition, the battle limit. Worked out by
hand from stacked packets (top card first; won cards go to the bottom).
"""
from collections import Counter
from dataclasses import replace

import pytest

from cardkit import IllegalAction

from .helpers import R, battle_events, cards, flip, game, packets, txt


# -- a player with no cards -------------------------------------------------------------------------


def test_player_without_cards_at_start_has_lost():
    g = game(R(), "AS 2S", "")
    assert g.is_over and g.winner == 0 and g.out == [False, True]


def test_lose_player_without_any_card_at_the_war_loses():
    g = flip(game(replace(R(), short_of_cards="lose"), "8S", "8H 2D 3D 4D 5D"))
    assert g.is_over and g.winner == 1


# -- standing on tied last cards --------------------------------------------------------------------


def test_both_standing_on_tied_cards_is_a_draw():
    g = flip(game(R(), "8S", "8H"))
    assert g.is_over and g.winner is None and g.result == "standing_tie"
    assert g.table == [cards("8S"), cards("8H")] and g.battles == 1
    g = flip(game(R(), "8S 2C 7C", "8H 3D 7D"))           # after a war of one card each
    assert g.result == "standing_tie" and g.table == [cards("8S 2C 7C"), cards("8H 3D 7D")]
    assert g.log[-1].kind == "end" and "draw" in g.log[-1].text
    with pytest.raises(IllegalAction, match="over"):
        g.apply("flip")


def test_tied_card_standing_and_opponents_last_card_ties_it_is_a_draw():
    # 8♠ was player 1's last card and stands; player 2 turns up their last card, 8♦: both stand
    # on their last card and those cards tie.
    g = flip(game(R(), "8S", "8H 8D"))
    assert g.is_over and g.winner is None and g.result == "standing_tie"
    assert Counter(g.all_cards()) == Counter(cards("8S 8H 8D"))


def test_draw_tied_card_was_the_last_card():
    g = flip(game(replace(R(), short_of_cards="draw"), "8S", "8H 2D 3D 4D 5D"))
    assert g.is_over and g.winner is None and g.result == "short_of_cards"


def test_both_players_last_cards_tie_after_one_war_is_a_draw_after_that_one_war():
    # §1.1: both turn up their last card in the war (7♣, 7♦) and they tie: both stand on their
    # last card, so the game is drawn there. Exactly one war was fought.
    g = flip(game(R(), "8S 2C 7C", "8H 3D 7D"))
    assert g.result == "standing_tie" and g.winner is None
    assert g.wars == 1 and battle_events(g)[-1].data["wars"] == 1
    g = flip(game(R(), "8S", "8H 8D"))       # 8♠ stands, 8♦ is player 2's last card: one war
    assert g.result == "standing_tie" and g.wars == 1


# -- short of cards: lose / draw --------------------------------------------------------------------


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


def test_short_of_cards_draw():
    g = flip(game(replace(R(), short_of_cards="draw"), "8S 2C 3C", "8H 4D 5D 6D 7D KC"))
    assert g.is_over and g.winner is None and g.result == "short_of_cards"
    assert g.table == [cards("8S"), cards("8H")]
    assert packets(g) == [txt("2C 3C"), txt("4D 5D 6D 7D KC")]


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


def test_draw_short_in_the_second_war():
    g = flip(game(replace(R(), short_of_cards="draw"), "8S 2C 3C 4C 9C AC",
                  "8H 2D 3D 4D 9D 5D 6D 7D JD"))
    assert g.is_over and g.winner is None and g.result == "short_of_cards"
    assert Counter(g.all_cards()) == Counter(cards("8S 2C 3C 4C 9C AC 8H 2D 3D 4D 9D 5D 6D 7D JD"))


# -- repetition and the battle limit ----------------------------------------------------------------


def test_battle_limit_most_cards_tie_is_a_draw():
    g = flip(game(replace(R(), max_battles=1, at_limit="most_cards"), "KD 2C", "4S 5H 6H 7H"))
    assert g.result == "battle_limit" and g.winner is None        # 3 cards each


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

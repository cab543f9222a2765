"""Switch (RULES.md §2): the end. The first player with no cards wins at once, even on a special card
(a pending penalty is dropped); when nobody could play or draw for a whole round the fewest cards
win, and players tied for fewest share a drawn game.

Every expected value was worked out by hand from the stacked cards (tests/rules/switch/deals.py).
"""
import pytest
from harness import play

from cardkit import IllegalAction

from .deals import cards, game


# -- going out --------------------------------------------------------------------------------------
@pytest.mark.parametrize("last", ["2H", "AH", "8H"])
def test_going_out_on_a_special_card_wins_and_the_penalty_is_dropped(last):
    g = game(last, "9S 3D", stock="5H 6C 7C")
    play(g, f"play {last}")
    assert g.is_over and g.winner == 0 and g.pending is None and g.end_reason == "out"
    assert "dropped" in g.log[-1].explain()
    with pytest.raises(IllegalAction, match="game is over"):
        g.apply("draw")


def test_going_out_on_a_jack_names_nothing():
    g = game("JS", "9S 3D", stock="5H 6C 7C")
    play(g, "play JS")
    assert g.is_over and g.winner == 0 and g.phase == "over"


def test_answering_a_two_with_your_last_card_wins_and_drops_the_six():
    g = game("2S 9C", "2H", stock="5S 3C 4C")
    play(g, "play 2S", "play 2H")
    assert g.is_over and g.winner == 1 and g.pending is None


def test_answering_a_pending_ace_with_your_last_card_wins_and_drops_the_eight():
    g = game("AS 9C", "AH", stock="5S 3C 4C")
    play(g, "play AS", "play AH")
    assert g.is_over and g.winner == 1 and g.pending is None and g.end_reason == "out"
    assert g.hands[0] == cards("9C")


# -- a blocked round --------------------------------------------------------------------------------
def test_blocked_round_fewest_cards_wins():
    g = game("9C 3C", "10S", stock="5H")
    play(g, "draw")
    assert not g.is_over and g.blocked_turns == 1
    play(g, "draw")
    assert g.is_over and g.winner == 1 and g.winners == [1] and g.end_reason == "blocked"
    assert "fewest cards (1)" in g.log[-1].explain() and g.current_player is None


def test_blocked_round_fewest_cards_wins_in_three_players():
    g = game("9C 3C", "10S", "KD QD 4D", stock="5H")
    play(g, "draw", "draw")
    assert not g.is_over
    play(g, "draw")
    assert g.is_over and g.winner == 1 and g.winners == [1]


def test_blocked_round_tie_is_a_shared_draw():
    g = game("9C", "10S", "KD", stock="5H")
    play(g, "draw", "draw")
    assert not g.is_over
    play(g, "draw")
    assert g.is_over and g.winner is None and g.winners == [0, 1, 2]
    assert g.legal_actions() == []


def test_passing_with_an_eight_in_hand_is_not_a_blocked_turn():
    g = game("8H 3C", "8D 9D", stock="5H")
    play(g, "play 8H", "pass")          # player 1 could have played 8♦
    assert g.blocked_turns == 0 and g.current_player == 0

"""Switch (RULES.md §2): a card goes on the discard pile when it matches the top card by suit or rank
(a Jack or an Ace on anything); drawing one card, and playing it at once when it can be played.

Every expected value was worked out by hand from the stacked cards (tests/rules/switch/deals.py).
"""
from harness import play, refused, texts

from .deals import cards, game


# -- suit or rank -----------------------------------------------------------------------------------
def test_match_suit_or_rank_on_ten_of_spades():
    g = game("4S 10H 9D QC", "3C 4C 5C", stock="10S 2D 3D 4D")
    assert texts(g.legal_actions()) == ["play 4♠", "play 10♥", "draw"]
    refused(g, "play 9D", "9♦ matches neither the suit (♠) nor the rank (10)")
    assert str(refused(g, "play 5C", "You do not hold 5♣")) == "You do not hold 5♣ (Match the suit or the rank)."


def test_twos_and_eights_are_not_wild_jacks_and_aces_are():
    g = game("JS 8D 2D 4H AC", "9D 3C", stock="5H 6C 7C")
    assert texts(g.legal_actions()) == ["play J♠", "play 4♥", "play A♣", "draw"]
    assert str(refused(g, "play 8D", "8♦ matches neither")) == (
        "8♦ matches neither the suit (♥) nor the rank (5) of 5♥; only Jacks and Aces go on anything (Match the "
        "suit or the rank).")
    refused(g, "play 2D", "2♦ matches neither")


# -- drawing ----------------------------------------------------------------------------------------
def test_draw_then_play_only_the_drawn_card():
    g = game("9C KS", "3D 4D", stock="5H 7H 3C")
    play(g, "draw")
    assert g.hands[0] == cards("9C KS 7H") and g.phase == "drawn" and g.current_player == 0
    assert texts(g.legal_actions()) == ["play 7♥", "pass"]
    refused(g, "play KS", "only play the card you drew (7♥), or pass to keep it")
    refused(g, "draw", "After drawing you play the card you drew or pass")
    play(g, "play 7H")
    assert g.discard[:2] == cards("7H 5H") and g.current_player == 1


def test_draw_then_pass_keeps_it_and_unplayable_draw_ends_the_turn():
    g = game("9C KS", "3D 4D", stock="5H 7H 3C")
    play(g, "draw", "pass")
    assert g.hands[0] == cards("9C KS 7H") and g.current_player == 1 and g.discard == cards("5H")
    g = game("9C KS", "3D 4D", stock="5H 3C 7H")
    play(g, "draw")                     # 3♣ does not go on 5♥: kept, turn over at once
    assert g.hands[0] == cards("9C KS 3C") and g.current_player == 1 and g.phase == "play"
    assert "drew a card and kept it" in g.log[-1].explain() and "3♣" not in g.log[-1].explain()


def test_you_may_draw_even_when_you_could_play():
    g = game("9H", "3D", stock="5H 4S")
    assert "draw" in texts(g.legal_actions())
    play(g, "draw")                     # 4♠ cannot be played: kept
    assert g.hands[0] == cards("9H 4S") and g.current_player == 1


def test_a_drawn_jack_is_played_at_once_and_names_a_suit():
    g = game("9C 4C", "3D 4D", stock="5H JD 7S")
    play(g, "draw")
    assert g.phase == "drawn" and texts(g.legal_actions()) == ["play J♦", "pass"]
    play(g, "play JD")
    assert g.phase == "choose" and g.current_player == 0
    play(g, "choose spades")
    assert g.current_player == 1 and texts(g.legal_actions()) == ["draw"]

"""Switch (RULES.md §2): when the stock is empty, the discard pile but its top card is shuffled into a
new stock — in the middle of a penalty draw too; with nothing left to draw the turn passes.

Every expected value was worked out by hand from the stacked cards (tests/rules/switch/deals.py).
"""
from collections import Counter

from harness import play, texts

from .deals import cards, game


def test_stock_rebuilt_from_the_discard_pile_but_its_top_card():
    g = game("6H 7H 2C 3C", "9H 10H 4S 3S", stock="5H KC")
    play(g, "play 6H", "play 9H", "play 7H", "play 10H")
    assert g.discard == cards("10H 7H 9H 6H 5H")
    play(g, "draw")                     # player 0 draws K♣, the last stock card: kept
    assert g.stock == [] and g.current_player == 1
    play(g, "draw")                     # player 1: the stock is rebuilt, then one card drawn
    assert g.discard == cards("10H")
    drawn = g.hands[1][-1]
    assert Counter([*g.stock, drawn]) == Counter(cards("7H 9H 6H 5H"))
    assert any(e.kind == "rebuild" and "4 cards" in e.explain() for e in g.log)
    assert g.phase == "drawn" and texts(g.legal_actions()) == [f"play {drawn}", "pass"]


def test_rebuild_happens_in_the_middle_of_a_penalty_draw():
    g = game("6S 7S 2S 3D", "3C 9C 4H 5H", stock="5S 4C 8D")
    play(g, "play 6S", "draw")          # player 1 takes 4♣ (kept); 8♦ is the last stock card
    play(g, "play 2S", "draw")          # draw 2: 8♦, then the stock is rebuilt from 6♠ 5♠
    assert g.hands[1][:6] == cards("3C 9C 4H 5H 4C 8D") and len(g.hands[1]) == 7
    assert Counter(g.hands[1][6:] + g.stock) == Counter(cards("6S 5S"))
    assert g.discard == cards("2S") and g.pending is None and g.current_player == 0
    assert [e.kind for e in g.log][-2:] == ["rebuild", "penalty"]


def test_empty_stock_and_discard_draws_nothing_and_the_turn_passes():
    g = game("9C 5C", "10S", stock="5H")
    play(g, "draw")                     # player 0 could play 5♣ but draws: nothing there
    assert g.hands[0] == cards("9C 5C") and g.current_player == 1
    assert "could not draw" in g.log[-1].explain()
    play(g, "draw")
    assert not g.is_over                # player 0 could have played: not a blocked round


def test_rebuild_keeps_the_jack_and_its_named_suit_then_a_blocked_round_ties():
    g = game("JS 4D 5D", "9D 3D", stock="5H KH")
    play(g, "play JS", "choose clubs", "draw")           # player 1 draws K♥: not a club, kept
    play(g, "draw")            # stock empty: rebuilt from 5♥ (J♠ stays); 5♥ drawn, not a club
    assert g.hands[0] == cards("4D 5D 5H") and g.discard == cards("JS")
    assert g.named_suit.word == "clubs" and g.stock == []
    play(g, "draw")                          # player 1: nothing to draw, nothing to play
    assert not g.is_over and g.blocked_turns == 1
    play(g, "draw")
    assert g.is_over and g.winners == [0, 1] and g.winner is None and g.end_reason == "blocked"

"""Switch (RULES.md §2): the special cards. 2s (draw two, adding up), Aces (on anything; draw four,
adding up), Jacks (on anything; name a suit) and 8s (miss a turn; with ``eights_accumulate`` 8s on
8s add up).

Every expected value was worked out by hand from the stacked cards (tests/rules/switch/deals.py).
"""
from collections import Counter

from harness import play, refused, texts

from cardkit.switch import Pending

from .deals import cards, game


def stack(g, kind, plays):
    """Play each card in turn, checking the pending amount after each."""
    for card, amount in plays:
        play(g, f"play {card}")
        assert g.pending == Pending(kind, amount), (card, g.pending)


# -- 2s ---------------------------------------------------------------------------------------------
def test_twos_stack_2_4_6_8_and_the_last_player_draws_eight():
    g = game("2S 2D 9C 9H", "2H 2C 9D KC 3S", stock="5S 3C 4C 5C 6C 7C 10C QC 3D 4D 5D 6D")
    play(g, "play 2S")
    assert g.pending == Pending("two", 2) and g.current_player == 1
    assert texts(g.legal_actions()) == ["play 2♥", "play 2♣", "draw"]
    stack(g, "two", [("2H", 4), ("2D", 6), ("2C", 8)])
    assert texts(g.legal_actions()) == ["draw"]
    refused(g, "play 9C", "9♣ is not a 2: only a 2 can answer a draw of 8 (2s: draw two)")
    play(g, "draw")
    # player 0 drew the 8 cards under the starter and played nothing
    assert g.hands[0] == cards("9C 9H 3C 4C 5C 6C 7C 10C QC 3D")
    assert g.pending is None and g.current_player == 1
    # the 2♣ on top is now an ordinary club 2: K♣ (club) goes, 9♦ does not
    assert texts(g.legal_actions()) == ["play K♣", "draw"]


def test_a_pending_two_cannot_be_answered_with_an_ace_or_jack():
    g = game("2S 9C 9H", "AH JC 9D", stock="5S 3C 4C")
    play(g, "play 2S")
    assert texts(g.legal_actions()) == ["draw"]
    refused(g, "play AH", "only a 2 can answer a draw of")
    refused(g, "play JC", "only a 2 can answer a draw of")


def test_penalty_draw_even_when_a_drawn_card_could_be_played():
    g = game("2S 9C", "4D 9D", stock="5S 5D 3D")
    play(g, "play 2S", "draw")          # 5♦ and 3♦ drawn; 5♦ could go, but nothing is played
    assert g.hands[1] == cards("4D 9D 5D 3D") and g.current_player == 0 and g.phase == "play"


def test_twos_in_three_players_drawer_plays_nothing_then_the_two_is_ordinary():
    g = game("2S 2D 5H 9C", "2H 6D KC", "4D 7C QC", stock="5S 3C 4C 6C 7D 8D 9D")
    play(g, "play 2S")
    assert g.pending == Pending("two", 2) and texts(g.legal_actions()) == ["play 2♥", "draw"]
    play(g, "play 2H")
    assert g.pending == Pending("two", 4) and g.current_player == 2 and texts(g.legal_actions()) == ["draw"]
    refused(g, "play 7C", "7♣ is not a 2: only a 2 can answer a draw of 4")
    play(g, "draw")
    assert g.hands[2] == cards("4D 7C QC 3C 4C 6C 7D")   # 3♣ 4♣ could go on nothing: no matter
    assert g.discard == cards("2H 2S 5S") and g.current_player == 0 and g.pending is None
    # 2♥ is now an ordinary heart 2: hearts or a 2; a 2 on it starts a fresh draw-2
    assert texts(g.legal_actions()) == ["play 2♦", "play 5♥", "draw"]
    play(g, "play 2D")
    assert g.pending == Pending("two", 2)


def test_a_short_stock_for_a_penalty_draws_what_there_is():
    g = game("2H 2D 4C", "2S 3D", stock="5H 6C")
    play(g, "play 2H", "play 2S", "play 2D")
    assert g.pending == Pending("two", 6) and g.current_player == 1
    play(g, "draw")          # 6♣, then the stock is rebuilt from 2♠ 2♥ 5♥ (2♦ stays): 4 of 6
    assert g.hands[1][:2] == cards("3D 6C") and len(g.hands[1]) == 5
    assert Counter(g.hands[1][2:]) == Counter(cards("2S 2H 5H"))
    assert g.discard == cards("2D") and g.stock == [] and g.pending is None
    assert g.current_player == 0 and "only 4 to draw" in g.log[-1].explain()


# -- Aces -------------------------------------------------------------------------------------------
def test_aces_go_on_anything_and_stack_4_8_12_16():
    g = game("AS AD 5C 6H", "AH AC 9D 7C JH", stock="5H", fill=True)
    assert "play A♠" in texts(g.legal_actions())                    # an Ace on 5♥
    stack(g, "ace", [("AS", 4), ("AH", 8), ("AD", 12), ("AC", 16)])
    assert texts(g.legal_actions()) == ["draw"]
    stock_top16 = g.stock[:16]
    play(g, "draw")
    assert len(g.hands[0]) == 2 + 16 and g.hands[0][2:] == stock_top16
    # the Ace does not change the suit: after the penalty match A♣ by suit or rank; a Jack (or Ace)
    # still goes on anything
    assert g.current_player == 1 and g.pending is None and g.named_suit is None
    assert texts(g.legal_actions()) == ["play 7♣", "play J♥", "draw"]


def test_a_pending_ace_cannot_be_answered_with_a_two():
    g = game("AS 9C", "2S 9D", stock="5S 3C 4C 5C 6C")
    play(g, "play AS")
    refused(g, "play 2S", "2♠ is not an Ace: only an Ace can answer a draw of 4 (Aces: draw four)")


def test_aces_three_players_next_card_matches_the_last_aces_suit():
    g = game("AS 5H 5D 9C JD", "AH 6C KC", "4D 7C QC", stock="5C", fill=True)
    play(g, "play AS")
    assert g.pending == Pending("ace", 4)
    refused(g, "play 6C", "6♣ is not an Ace: only an Ace can answer a draw of 4 (Aces: draw four)")
    play(g, "play AH")
    assert g.pending == Pending("ace", 8) and texts(g.legal_actions()) == ["draw"]
    top8 = g.stock[:8]
    play(g, "draw")
    assert g.hands[2] == cards("4D 7C QC") + top8
    # A♥ on top: a heart, an Ace or a Jack — not the starter's clubs
    assert g.current_player == 0 and texts(g.legal_actions()) == ["play 5♥", "play J♦", "draw"]


def test_an_ace_on_a_jack_ends_the_named_suit_and_an_ace_on_an_ordinary_ace_is_fresh():
    g = game("JS AS 5D 9C", "AH 6C KC", "4D 7C QC", stock="5H", fill=True)
    play(g, "play JS", "choose clubs", "play AH")       # an Ace goes on anything, even the Jack
    assert g.named_suit is None and g.pending == Pending("ace", 4)
    play(g, "draw")
    assert len(g.hands[2]) == 7
    # clubs were named for the Jack only; after the penalty, match A♥: 9♣ does not go
    assert texts(g.legal_actions()) == ["play A♠", "draw"]
    play(g, "play AS")
    assert g.pending == Pending("ace", 4)


# -- Jacks ------------------------------------------------------------------------------------------
def test_jack_on_anything_jack_on_jack_and_the_named_suit():
    g = game("JS 9C 4D 3S", "JD 9H KS 3C", stock="5H 6D 7D")
    play(g, "play JS")                  # a Jack on 5♥
    assert g.phase == "choose" and g.current_player == 0
    assert texts(g.legal_actions()) == ["choose spades", "choose hearts", "choose diamonds", "choose clubs"]
    play(g, "choose hearts")
    assert g.named_suit.word == "hearts" and g.current_player == 1
    # as if the Jack were a heart: 9♥ goes, K♠ (the Jack's own suit) does not; J♦ on the Jack
    assert texts(g.legal_actions()) == ["play J♦", "play 9♥", "draw"]
    refused(g, "play KS", "does not follow the suit named after the Jack (hearts)")
    play(g, "play JD", "choose clubs")
    assert texts(g.legal_actions()) == ["play 9♣", "draw"]
    play(g, "play 9C")
    assert g.named_suit is None


def test_named_suit_stays_while_the_jack_is_on_top():
    g = game("JS 9C", "4D KD", stock="5H 3S 6S")
    play(g, "play JS", "choose clubs", "draw")      # player 1 draws 3♠: not a club, kept
    assert g.hands[1] == cards("4D KD 3S") and g.current_player == 0
    assert g.named_suit.word == "clubs"
    assert texts(g.legal_actions()) == ["play 9♣", "draw"]


def test_jack_on_a_jack_whatever_suit_was_named():
    g = game("JS 8D 2D 4H", "JH 9D 3C", stock="5H 6C 7C")
    play(g, "play JS", "choose diamonds")
    assert texts(g.legal_actions()) == ["play J♥", "play 9♦", "draw"]
    refused(g, "play 3C", "3♣ does not follow the suit named after the Jack (diamonds): play a ♦ card")
    play(g, "play JH", "choose clubs")
    assert g.named_suit.word == "clubs" and texts(g.legal_actions()) == ["draw"]


def test_a_jack_cannot_answer_an_eight():
    g = game("8H 3C 4C", "JH 9D 3S", stock="5H 6C 7C")
    play(g, "play 8H")
    assert texts(g.legal_actions()) == ["pass"]
    refused(g, "play JH", "J♥ is not an 8: facing an 8 you play an 8 or miss the turn (8s: miss a turn)")


# -- 8s ---------------------------------------------------------------------------------------------
def test_eight_in_two_players_skips_the_other_who_may_only_play_an_8_or_pass():
    g = game("8H 6H 7C 3S", "9D 10D KD", stock="5H 2S 4S")
    play(g, "play 8H")
    assert g.pending == Pending("eight", 1) and g.current_player == 1
    assert texts(g.legal_actions()) == ["pass"]
    refused(g, "draw", "Facing an 8 you cannot draw: play an 8 or pass (8s: miss a turn)")
    play(g, "pass")
    # the player of the 8 plays again
    assert g.current_player == 0 and g.pending is None
    assert texts(g.legal_actions()) == ["play 6♥", "draw"]
    assert "missed a turn" in g.log[-1].explain()


def test_eight_answered_by_an_eight_in_two_players():
    g = game("8H 6S 3C", "8S 9S 4D", stock="5H 6C 7C")
    play(g, "play 8H")
    assert texts(g.legal_actions()) == ["play 8♠", "pass"]
    play(g, "play 8S")
    assert g.current_player == 0 and g.pending == Pending("eight", 1) and texts(g.legal_actions()) == ["pass"]
    play(g, "pass")
    assert g.current_player == 1 and g.pending is None     # the player of the 8 plays again
    assert texts(g.legal_actions()) == ["play 9♠", "draw", "last card"]       # 2 cards, one playable


def test_a_drawn_eight_in_two_players_then_the_drawer_plays_again():
    g = game("3C 4C", "9D 3D", stock="5H 8H 7S")
    play(g, "draw", "play 8H")
    assert g.current_player == 1 and texts(g.legal_actions()) == ["pass"]
    play(g, "pass")
    assert g.current_player == 0 and texts(g.legal_actions()) == ["draw"]


def test_eight_in_three_players_skips_only_the_next_player():
    g = game("8H 6H 3S 3D", "9D KD 4S", "8C 4H 5C", stock="5H 2S 6S")
    play(g, "play 8H")
    assert texts(g.legal_actions()) == ["pass"]
    play(g, "pass")
    assert g.current_player == 2 and g.pending is None
    assert texts(g.legal_actions()) == ["play 8♣", "play 4♥", "draw"]
    play(g, "play 8C")                  # an 8 on the 8: player 0 now misses one turn
    assert g.current_player == 0 and g.pending == Pending("eight", 1)
    assert texts(g.legal_actions()) == ["pass"]


def test_eights_answered_by_eights_without_accumulate_cost_one_turn():
    g = game("8H 6S 5H 3C", "8S 9S 9H 3D", "4D KD QD 7D", stock="7H 2C 4C")
    play(g, "play 8H", "play 8S")
    assert g.pending == Pending("eight", 1) and g.current_player == 2
    play(g, "pass", "play 6S", "play 9S")
    assert g.current_player == 2 and texts(g.legal_actions()) == ["draw"]


def test_without_eights_accumulate_three_eights_cost_one_turn():
    g = game("8H 3D 4C", "8S 5D 6D 7D KD 2C", "8D 9D 10D QD KS KH", stock="5H 6C 7C")
    play(g, "play 8H", "play 8S", "play 8D")
    assert g.pending == Pending("eight", 1)
    play(g, "pass")
    assert g.skips_owed == [0, 0, 0]
    play(g, "play 5D", "play 9D")
    assert texts(g.legal_actions()) == ["play 3♦", "draw", "last card"]


def test_eights_accumulate_adds_a_missed_turn_per_eight():
    g = game("8H 6S 5H 3C", "8S 9S 9H 3D", "4D KD QD 7D", stock="7H 2C 4C", eights_accumulate=True)
    play(g, "play 8H", "play 8S")
    assert g.pending == Pending("eight", 2) and g.current_player == 2
    play(g, "pass")
    assert g.skips_owed == [0, 0, 1] and "1 more to miss" in g.log[-1].explain()
    play(g, "play 6S", "play 9S")
    assert g.current_player == 2 and texts(g.legal_actions()) == ["pass"]     # the second missed turn
    play(g, "pass")
    assert g.skips_owed == [0, 0, 0] and g.current_player == 0


def test_eights_accumulate_three_eights_cost_three_turns():
    g = game("8H 3D 4C", "8S 5D 6D 7D KD 2C", "8D 9D 10D QD KS KH", stock="5H 6C 7C",
             eights_accumulate=True)
    play(g, "play 8H", "play 8S", "play 8D")
    assert g.pending == Pending("eight", 3) and g.current_player == 0
    play(g, "pass")
    assert g.skips_owed == [2, 0, 0]
    play(g, "play 5D", "play 9D")
    assert texts(g.legal_actions()) == ["pass"]
    play(g, "pass", "play 6D", "play 10D")
    assert texts(g.legal_actions()) == ["pass"]
    play(g, "pass")
    assert g.skips_owed == [0, 0, 0]
    play(g, "play 7D", "play QD")
    assert g.current_player == 0 and texts(g.legal_actions()) == ["play 3♦", "draw", "last card"]
    assert g.hands[0] == cards("3D 4C")


def test_eights_accumulate_in_two_players_the_player_of_the_eights_plays_on():
    g = game("8H 6S 5S 3C", "8S 9S 4S 3D", stock="7H 2C 4C", eights_accumulate=True)
    play(g, "play 8H", "play 8S")
    assert g.pending == Pending("eight", 2) and g.current_player == 0
    play(g, "pass", "play 9S")
    assert g.current_player == 0 and texts(g.legal_actions()) == ["pass"]
    play(g, "pass")
    assert g.current_player == 1 and g.hands[0] == cards("6S 5S 3C")


def test_owing_a_missed_turn_while_facing_a_two_means_drawing_the_penalty():
    g = game("8H 6S 5H 3C", "8S 2S 9H 3D", "4D KD QD 7D", stock="7H 2C 4C 5C 6C",
             eights_accumulate=True)
    play(g, "play 8H", "play 8S", "pass", "play 6S", "play 2S")
    assert g.skips_owed == [0, 0, 1] and g.pending == Pending("two", 2)
    assert texts(g.legal_actions()) == ["draw"]
    play(g, "draw")
    assert g.hands[2] == cards("4D KD QD 7D 2C 4C") and g.skips_owed == [0, 0, 0]
    assert g.current_player == 0 and g.pending is None

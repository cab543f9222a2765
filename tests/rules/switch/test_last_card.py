"""Switch (RULES.md §2): the "last card" call — just before the play that leaves one card, or right
after it until the next player acts — and the next player's challenge (a wrong one costs nothing).

Every expected value was worked out by hand from the stacked cards (tests/rules/switch/deals.py).
"""
from harness import play, refused, texts

from cardkit import Action
from cardkit.switch import Pending, SwitchState

from .deals import cards, game


# -- the call ---------------------------------------------------------------------------------------
def test_last_card_called_before_the_play_and_a_wrong_challenge_costs_nothing():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    assert texts(g.legal_actions()) == ["play 9♥", "draw", "last card"]
    play(g, "last card")
    assert g.called == {0} and texts(g.legal_actions()) == ["play 9♥", "draw"]
    play(g, "play 9H")
    assert g.window == 0 and g.current_player == 1
    assert texts(g.legal_actions()) == ["play 9♠", "draw", "challenge"]
    play(g, "challenge")
    assert g.hands[0] == cards("4C") and "wrong challenge costs nothing" in g.log[-1].explain()
    assert texts(g.legal_actions()) == ["play 9♠", "draw"]          # one challenge; the window is closed


def test_last_card_needs_two_cards_and_a_card_to_play():
    g = game("9H 4C 5D", "9S 3D", stock="5H 6C 7C 8D")
    assert "last card" not in texts(g.legal_actions())
    refused(g, "last card", "last card")
    g = game("3C 4C", "9S 3D", stock="5H 6C 7C 8D")      # nothing playable: no call
    assert texts(g.legal_actions()) == ["draw"]


def test_a_drawn_ace_played_at_once_with_the_last_card_call():
    g = game("9C", "3D 4D KS", stock="5H AD 7S 8S 9S 10S 6C")
    play(g, "draw")                          # 9♣ A♦: two cards, the drawn Ace goes on anything
    assert texts(g.legal_actions()) == ["play A♦", "pass", "last card"]
    play(g, "last card", "play AD")
    assert g.pending == Pending("ace", 4) and g.window == 0 and g.called == {0}
    assert texts(g.legal_actions()) == ["draw", "challenge"]
    play(g, "challenge")                     # wrong: costs nothing
    assert g.hands[0] == cards("9C")
    play(g, "draw")
    assert g.hands[1] == cards("3D 4D KS 7S 8S 9S 10S") and g.current_player == 0


def test_last_card_called_just_after_the_play_before_the_next_player_acts():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    play(g, "play 9H")
    assert g.current_player == 1 and "last card" not in texts(g.legal_actions())
    play(g, "last card")                # player 0's call, out of turn
    assert g.called == {0} and g.log[-1].player == 0
    play(g, "challenge")
    assert g.hands[0] == cards("4C")


def test_an_open_uncalled_window_owns_the_last_card_call():
    g = game("9H 4C", "9S 3D", stock="5H 6C 7C 8D")
    play(g, "play 9H")
    # player 1 holds 2 cards with 9♠ to play, but "last card" now is player 0's (late) call
    assert "last card" not in texts(g.legal_actions(1)) and texts(g.legal_actions(0)) == ["last card"]
    play(g, "last card")
    assert g.called == {0}
    assert texts(g.legal_actions(1)) == ["play 9♠", "draw", "challenge", "last card"]


def test_last_card_after_a_jack_while_naming_the_suit():
    g = game("JS 4C", "9S 3D", stock="5H 6C 7C 8D")
    play(g, "play JS")
    assert texts(g.legal_actions()) == ["choose spades", "choose hearts", "choose diamonds", "choose clubs",
                        "last card"]
    play(g, "last card", "choose clubs")
    assert g.window == 0 and g.called == {0}


def test_late_call_after_naming_a_suit_is_in_time():
    g = game("JS 4C", "9S 3D", stock="5H 6C 7C 8D")
    play(g, "play JS", "choose hearts")
    assert g.current_player == 1 and texts(g.legal_actions(0)) == ["last card"]
    play(g, "last card", "challenge")
    assert g.hands[0] == cards("4C") and g.log[-1].data["caught"] is False


def test_drawing_cancels_a_call():
    g = game("9H 4C", "9S 3D", stock="5H 6C 7C 8D")
    play(g, "last card", "draw")        # 6♣ drawn, kept
    assert g.called == set() and len(g.hands[0]) == 3


def test_a_call_followed_by_keeping_the_drawn_card_does_not_count_for_a_later_play():
    # "last card" is called just before the play that leaves one card; a call followed by a
    # pass (no play) lapses, so the later play down to one card needs a new call.
    g = game("4C", "9S 3D 10D KD", stock="5H 6H 7C 8D 9D")
    play(g, "draw")                          # 6♥: playable
    assert texts(g.legal_actions()) == ["play 6♥", "pass", "last card"]
    play(g, "last card", "pass")
    assert g.called == set() and g.hands[0] == cards("4C 6H")
    play(g, "draw")                          # player 1: 7♣, kept
    assert texts(g.legal_actions()) == ["play 6♥", "draw", "last card"]
    play(g, "play 6H", "challenge")
    assert g.hands[0] == cards("4C 8D 9D") and g.log[-1].data["caught"] is True


def test_a_call_followed_by_missing_a_turn_to_an_eight_lapses():
    g = game("8H 4C 5C", "8S 3S", stock="5H 6C 7C 8D 9D KC")
    play(g, "play 8H")
    assert texts(g.legal_actions()) == ["play 8♠", "pass", "last card"]
    play(g, "last card", "pass")
    assert g.called == set()
    play(g, "draw")                          # player 0 (plays again): 6♣ on 8♥, kept
    assert g.current_player == 1 and texts(g.legal_actions()) == ["play 8♠", "draw", "last card"]
    play(g, "play 8S")                       # forgot to call this time
    assert texts(g.legal_actions()) == ["pass", "challenge"]
    play(g, "challenge")
    assert g.hands[1] == cards("3S 7C 8D")


# -- the challenge ----------------------------------------------------------------------------------
def test_last_card_forgotten_and_caught_draws_two():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    play(g, "play 9H")
    assert g.window == 0 and g.legal_actions(0) == [Action("last card")]
    play(g, "challenge")
    assert g.hands[0] == cards("4C 6C 7C")
    assert g.log[-1].explain() == ("Player 2 caught Player 1: Player 1 had not called “last card”, so "
                                   "Player 1 drew 2 penalty cards.")
    assert g.observation(0).events[-1].explain() == (
        "Player 2 caught you: you had not called “last card”, so you drew 2 penalty cards.")
    assert g.observation(0).events[-1].cards == tuple(cards("6C 7C"))
    assert g.observation(1).events[-1].explain().startswith("You caught Player 1: Player 1 had not")
    assert g.observation(1).events[-1].cards == ()            # the penalty cards stay hidden
    assert g.window is None and g.current_player == 1


def test_penalty_last_card_option():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D 9D 10C", penalty_last_card=4)
    play(g, "play 9H", "challenge")
    assert g.hands[0] == cards("4C 6C 7C 8D 9D")


def test_penalty_last_card_zero_costs_nothing():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C", penalty_last_card=0)
    play(g, "play 9H", "challenge")
    assert g.hands[0] == cards("4C") and g.window is None
    assert texts(g.legal_actions()) == ["play 9♠", "draw"]


def test_challenge_penalty_short_stock_draws_what_there_is():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C", penalty_last_card=4)
    play(g, "play 9H", "challenge")          # 6♣, then rebuilt from 5♥ (9♥ stays): 2 of 4
    assert g.hands[0] == cards("4C 6C 5H") and g.stock == [] and g.discard == cards("9H")
    assert "drew 2 of 4 penalty cards" in g.log[-1].explain()


def test_only_the_next_player_challenges():
    g = game("9H 4C", "9S 3D 10D", "KH QH", stock="5H 6C 7C 8D")
    play(g, "play 9H")
    assert "challenge" in texts(g.legal_actions(1)) and "challenge" not in texts(g.legal_actions(2))


def test_the_chance_to_catch_passes_once_the_next_player_acts():
    g = game("9H 4C", "9S 3D 10D", "KH QH JC", stock="5H 6C 7C 8D")
    play(g, "play 9H", "draw")          # player 1 draws 6♣ (kept): they acted
    assert g.window is None and g.current_player == 2
    assert "challenge" not in texts(g.legal_actions()) and g.legal_actions(0) == []
    refused(g, "challenge", "There is nobody to catch now")
    refused(g, "last card", "last card")
    assert g.hands[0] == cards("4C")


def test_the_player_after_next_cannot_challenge_and_the_chance_passes_after_a_penalty_draw():
    g = game("2H 4C", "9S 3D 10D", "KH QH JC", stock="5H 6C 7C 8D")
    play(g, "play 2H", "draw")               # player 1 draws the 2 penalty: acted
    assert g.current_player == 2 and g.window is None and "challenge" not in texts(g.legal_actions())
    refused(g, "challenge", "There is nobody to catch now")


def test_late_call_and_challenge_across_an_eight_in_two_players():
    g = game("8H 4H", "9D 3S", stock="5H 6C 7C 8D")
    play(g, "play 8H")
    assert g.window == 0 and texts(g.legal_actions(0)) == ["last card"]
    assert texts(g.legal_actions(1)) == ["pass", "challenge"]
    play(g, "pass")                          # the next player acted: too late to call or catch
    assert g.window is None and g.current_player == 0
    assert texts(g.legal_actions()) == ["play 4♥", "draw"]
    refused(g, "challenge", "There is nobody to catch now")
    play(g, "play 4H")
    assert g.is_over and g.winner == 0


def test_challenge_then_the_challenger_still_faces_the_two():
    g = game("2H 4C", "9S 3D 10D", stock="5H 6C 7C 8D 9D 10C")
    play(g, "play 2H")
    assert texts(g.legal_actions()) == ["draw", "challenge"]
    play(g, "challenge")
    assert g.hands[0] == cards("4C 6C 7C") and g.pending == Pending("two", 2)
    assert texts(g.legal_actions()) == ["draw"]
    play(g, "draw")
    assert g.hands[1] == cards("9S 3D 10D 8D 9D") and g.current_player == 0


def test_replay_of_late_calls_and_challenges():
    g = game("9H 4C", "9S 3D 10D", "KS QS 7D", stock="5H 6C 7C 8D 9D 10C JD QD")
    play(g, "play 9H", "last card", "challenge", "play 9S", "play KS")
    assert g.called == {0} and g.window is None and g.current_player == 0
    back = SwitchState.from_json(g.to_json())
    assert (back.hands, back.stock, back.discard, back.called) == (g.hands, g.stock, g.discard, g.called)
    assert back.to_json() == g.to_json()

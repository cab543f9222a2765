"""Switch (RULES.md §2): a rules review — worked examples for the cases real players dispute.

Every expected value was worked out by hand from RULES.md §2 and the stacked cards before running.
``game(...)`` deals the hands directly (player 0 plays first: the dealer is the last seat); the
stock is given top first and its top card is turned up as the starter.
"""
from collections import Counter

import pytest

from cardkit import IllegalAction, InvalidAction, parse_card, parse_cards, standard_pack
from cardkit.switch import Pending, SwitchRules, SwitchState, new_game

C = parse_card


def cards(text):
    return parse_cards(text)


def pack_after(first):
    """``first`` (text) then every other card of the pack in pack order (♠ ♥ ♦ ♣, 2..A)."""
    head = cards(first)
    return head + [c for c in standard_pack() if c not in set(head)]


def game(*hands, stock, fill=False, **options):
    n = len(hands)
    hands = [cards(h) for h in hands]
    if fill:
        used = {c for h in hands for c in h} | set(cards(stock))
        deck = cards(stock) + [c for c in standard_pack() if c not in used]
    else:
        deck = cards(stock)
    return new_game(SwitchRules(players=n, **options), hands=hands, deck=deck, dealer=n - 1, seed=0)


def play(g, *moves):
    for m in moves:
        g.apply(m)
    return g


def legal(g, seat=None):
    return [str(a) for a in g.legal_actions(seat)]


def snapshot(g):
    return (g.to_json(), [list(h) for h in g.hands], list(g.stock), list(g.discard), g.pending,
            g.named_suit, g.phase, g.turn, g.window, set(g.called), list(g.skips_owed),
            len(g.log), [legal(g, s) for s in range(g.players)])


def assert_illegal(g, action, match):
    before = snapshot(g)
    with pytest.raises(IllegalAction, match=match) as info:
        g.apply(action)
    assert snapshot(g) == before
    assert info.value.rule is not None and f"({info.value.rule})" in str(info.value)
    assert "§" not in str(info.value) and "RULES.md" not in str(info.value)
    return str(info.value)


# -- the deal --------------------------------------------------------------------------------------
def test_deal_three_players_one_at_a_time_and_an_ace_then_a_two_turned_back():
    # dealer 0 of 3: player 1 gets cards 0, 3, 6; player 2 gets 1, 4, 7; player 0 gets 2, 5, 8.
    head = "3S 4S 5S 6S 7S 9S 10S QS KS AS 2H 7D"
    deck = pack_after(head)
    g = new_game(SwitchRules(players=3, hand_size=3), deck=deck, dealer=0, seed=0)
    assert g.hands[1] == cards("3S 6S 10S")
    assert g.hands[2] == cards("4S 7S QS")
    assert g.hands[0] == cards("5S 9S KS")
    # stock after the deal: 43 cards. A♠ turned, put back at 42 // 2 = 21; 2♥ turned, put back at
    # 21 (the A♠ is then at 20); 7♦ turned and starts. The 40 cards after 7♦ keep their order with
    # A♠ 2♥ at indices 19, 20 of the 42-card stock.
    rest = deck[12:]
    assert g.discard == cards("7D")
    assert g.stock == rest[:19] + cards("AS 2H") + rest[19:]
    assert len(g.stock) == 52 - 9 - 1
    assert g.current_player == 1 and g.dealer == 0
    assert [e.kind for e in g.log] == ["deal", "return", "return", "starter"]
    assert g.log[1].explain().startswith("A♠ was turned up") and g.log[2].explain().startswith("2♥ was turned up")


def test_deal_two_players_hand_size_five_dealer_zero():
    g = new_game(SwitchRules(hand_size=5), deck=standard_pack(), dealer=0, seed=0)
    assert g.hands[1] == cards("2S 4S 6S 8S 10S")      # the player after the dealer: first card
    assert g.hands[0] == cards("3S 5S 7S 9S JS")
    assert g.discard == cards("QS") and g.stock == standard_pack()[11:]
    assert g.current_player == 1


def test_play_passes_in_seat_order_from_the_player_after_the_dealer():
    g = new_game(SwitchRules(players=4), deck=pack_after("5H"), dealer=2, seed=0)
    seen = []
    for _ in range(5):
        seen.append(g.current_player)
        play(g, "draw")
        if g.phase == "drawn":
            play(g, "pass")
    assert seen == [3, 0, 1, 2, 3]


def test_six_players_and_hand_size_limits():
    g = new_game(SwitchRules(players=6, hand_size=8), deck=standard_pack(), dealer=5, seed=0)
    assert [len(h) for h in g.hands] == [8] * 6
    assert g.hands[0][:2] == cards("2S 8S") and g.hands[5][0] == C("7S")
    assert len(g.stock) + len(g.discard) == 52 - 48
    with pytest.raises(ValueError, match="played by 2 to 6 players"):
        new_game(SwitchRules(players=7))
    with pytest.raises(ValueError, match=r"6 × 9 \+ 1 = 55"):
        SwitchRules(players=6, hand_size=9)


# -- matching ---------------------------------------------------------------------------------------
def test_twos_and_eights_are_not_wild_jacks_and_aces_are():
    g = game("JS 8D 2D 4H AC", "9D 3C", stock="5H 6C 7C")
    assert legal(g) == ["play J♠", "play 4♥", "play A♣", "draw"]
    assert_illegal(g, "play 8D", r"^8♦ matches neither the suit \(♥\) nor the rank \(5\) of 5♥; only Jacks and "
                                 r"Aces go on anything \(Match the suit or the rank\)\.$")
    assert_illegal(g, "play 2D", r"2♦ matches neither")


def test_a_drawn_jack_is_played_at_once_and_names_a_suit():
    g = game("9C 4C", "3D 4D", stock="5H JD 7S")
    play(g, "draw")
    assert g.phase == "drawn" and legal(g) == ["play J♦", "pass"]
    play(g, "play JD")
    assert g.phase == "choose" and g.current_player == 0
    play(g, "choose spades")
    assert g.current_player == 1 and legal(g) == ["draw"]


def test_a_drawn_ace_played_at_once_with_the_last_card_call():
    g = game("9C", "3D 4D KS", stock="5H AD 7S 8S 9S 10S 6C")
    play(g, "draw")                          # 9♣ A♦: two cards, the drawn Ace goes on anything
    assert legal(g) == ["play A♦", "pass", "last card"]
    play(g, "last card", "play AD")
    assert g.pending == Pending("ace", 4) and g.window == 0 and g.called == {0}
    assert legal(g) == ["draw", "challenge"]
    play(g, "challenge")                     # wrong: costs nothing
    assert g.hands[0] == cards("9C")
    play(g, "draw")
    assert g.hands[1] == cards("3D 4D KS 7S 8S 9S 10S") and g.current_player == 0


# -- 2s ---------------------------------------------------------------------------------------------
def test_twos_in_three_players_drawer_plays_nothing_then_the_two_is_ordinary():
    g = game("2S 2D 5H 9C", "2H 6D KC", "4D 7C QC", stock="5S 3C 4C 6C 7D 8D 9D")
    play(g, "play 2S")
    assert g.pending == Pending("two", 2) and legal(g) == ["play 2♥", "draw"]
    play(g, "play 2H")
    assert g.pending == Pending("two", 4) and g.current_player == 2 and legal(g) == ["draw"]
    assert_illegal(g, "play 7C", "7♣ is not a 2: only a 2 can answer a draw of 4")
    play(g, "draw")
    assert g.hands[2] == cards("4D 7C QC 3C 4C 6C 7D")   # 3♣ 4♣ could go on nothing: no matter
    assert g.discard == cards("2H 2S 5S") and g.current_player == 0 and g.pending is None
    # 2♥ is now an ordinary heart 2: hearts or a 2; a 2 on it starts a fresh draw-2
    assert legal(g) == ["play 2♦", "play 5♥", "draw"]
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
def test_aces_three_players_next_card_matches_the_last_aces_suit():
    g = game("AS 5H 5D 9C JD", "AH 6C KC", "4D 7C QC", stock="5C", fill=True)
    play(g, "play AS")
    assert g.pending == Pending("ace", 4)
    assert_illegal(g, "play 6C", r"6♣ is not an Ace: only an Ace can answer a draw of 4 \(Aces: draw four\)")
    play(g, "play AH")
    assert g.pending == Pending("ace", 8) and legal(g) == ["draw"]
    top8 = g.stock[:8]
    play(g, "draw")
    assert g.hands[2] == cards("4D 7C QC") + top8
    # A♥ on top: a heart, an Ace or a Jack — not the starter's clubs
    assert g.current_player == 0 and legal(g) == ["play 5♥", "play J♦", "draw"]


def test_an_ace_on_a_jack_ends_the_named_suit_and_an_ace_on_an_ordinary_ace_is_fresh():
    g = game("JS AS 5D 9C", "AH 6C KC", "4D 7C QC", stock="5H", fill=True)
    play(g, "play JS", "choose clubs", "play AH")       # an Ace goes on anything, even the Jack
    assert g.named_suit is None and g.pending == Pending("ace", 4)
    play(g, "draw")
    assert len(g.hands[2]) == 7
    # clubs were named for the Jack only; after the penalty, match A♥: 9♣ does not go
    assert legal(g) == ["play A♠", "draw"]
    play(g, "play AS")
    assert g.pending == Pending("ace", 4)


def test_answering_a_pending_ace_with_your_last_card_wins_and_drops_the_eight():
    g = game("AS 9C", "AH", stock="5S 3C 4C")
    play(g, "play AS", "play AH")
    assert g.is_over and g.winner == 1 and g.pending is None and g.end_reason == "out"
    assert g.hands[0] == cards("9C")


# -- Jacks --------------------------------------------------------------------------------------------
def test_jack_on_a_jack_whatever_suit_was_named():
    g = game("JS 8D 2D 4H", "JH 9D 3C", stock="5H 6C 7C")
    play(g, "play JS", "choose diamonds")
    assert legal(g) == ["play J♥", "play 9♦", "draw"]
    assert_illegal(g, "play 3C", r"3♣ does not follow the suit named after the Jack \(diamonds\): play a ♦ card")
    play(g, "play JH", "choose clubs")
    assert g.named_suit.word == "clubs" and legal(g) == ["draw"]


def test_a_jack_cannot_answer_an_eight():
    g = game("8H 3C 4C", "JH 9D 3S", stock="5H 6C 7C")
    play(g, "play 8H")
    assert legal(g) == ["pass"]
    assert_illegal(g, "play JH", r"J♥ is not an 8: facing an 8 you play an 8 or miss the turn \(8s: miss a turn\)")


# -- 8s -----------------------------------------------------------------------------------------------
def test_eight_answered_by_an_eight_in_two_players():
    g = game("8H 6S 3C", "8S 9S 4D", stock="5H 6C 7C")
    play(g, "play 8H")
    assert legal(g) == ["play 8♠", "pass"]
    play(g, "play 8S")
    assert g.current_player == 0 and g.pending == Pending("eight", 1) and legal(g) == ["pass"]
    play(g, "pass")
    assert g.current_player == 1 and g.pending is None     # the player of the 8 plays again
    assert legal(g) == ["play 9♠", "draw", "last card"]       # 2 cards, one playable


def test_a_drawn_eight_in_two_players_then_the_drawer_plays_again():
    g = game("3C 4C", "9D 3D", stock="5H 8H 7S")
    play(g, "draw", "play 8H")
    assert g.current_player == 1 and legal(g) == ["pass"]
    play(g, "pass")
    assert g.current_player == 0 and legal(g) == ["draw"]


def test_eights_accumulate_three_eights_cost_three_turns():
    g = game("8H 3D 4C", "8S 5D 6D 7D KD 2C", "8D 9D 10D QD KS KH", stock="5H 6C 7C",
             eights_accumulate=True)
    play(g, "play 8H", "play 8S", "play 8D")
    assert g.pending == Pending("eight", 3) and g.current_player == 0
    play(g, "pass")
    assert g.skips_owed == [2, 0, 0]
    play(g, "play 5D", "play 9D")
    assert legal(g) == ["pass"]
    play(g, "pass", "play 6D", "play 10D")
    assert legal(g) == ["pass"]
    play(g, "pass")
    assert g.skips_owed == [0, 0, 0]
    play(g, "play 7D", "play QD")
    assert g.current_player == 0 and legal(g) == ["play 3♦", "draw", "last card"]
    assert g.hands[0] == cards("3D 4C")


def test_without_eights_accumulate_three_eights_cost_one_turn():
    g = game("8H 3D 4C", "8S 5D 6D 7D KD 2C", "8D 9D 10D QD KS KH", stock="5H 6C 7C")
    play(g, "play 8H", "play 8S", "play 8D")
    assert g.pending == Pending("eight", 1)
    play(g, "pass")
    assert g.skips_owed == [0, 0, 0]
    play(g, "play 5D", "play 9D")
    assert legal(g) == ["play 3♦", "draw", "last card"]


# -- last card and challenge --------------------------------------------------------------------------
def test_a_call_followed_by_keeping_the_drawn_card_does_not_count_for_a_later_play():
    # "last card" is called just before the play that leaves one card; a call followed by a
    # pass (no play) lapses, so the later play down to one card needs a new call.
    g = game("4C", "9S 3D 10D KD", stock="5H 6H 7C 8D 9D")
    play(g, "draw")                          # 6♥: playable
    assert legal(g) == ["play 6♥", "pass", "last card"]
    play(g, "last card", "pass")
    assert g.called == set() and g.hands[0] == cards("4C 6H")
    play(g, "draw")                          # player 1: 7♣, kept
    assert legal(g) == ["play 6♥", "draw", "last card"]
    play(g, "play 6H", "challenge")
    assert g.hands[0] == cards("4C 8D 9D") and g.log[-1].data["caught"] is True


def test_a_call_followed_by_missing_a_turn_to_an_eight_lapses():
    g = game("8H 4C 5C", "8S 3S", stock="5H 6C 7C 8D 9D KC")
    play(g, "play 8H")
    assert legal(g) == ["play 8♠", "pass", "last card"]
    play(g, "last card", "pass")
    assert g.called == set()
    play(g, "draw")                          # player 0 (plays again): 6♣ on 8♥, kept
    assert g.current_player == 1 and legal(g) == ["play 8♠", "draw", "last card"]
    play(g, "play 8S")                       # forgot to call this time
    assert legal(g) == ["pass", "challenge"]
    play(g, "challenge")
    assert g.hands[1] == cards("3S 7C 8D")


def test_late_call_and_challenge_across_an_eight_in_two_players():
    g = game("8H 4H", "9D 3S", stock="5H 6C 7C 8D")
    play(g, "play 8H")
    assert g.window == 0 and legal(g, 0) == ["last card"] and legal(g, 1) == ["pass", "challenge"]
    play(g, "pass")                          # the next player acted: too late to call or catch
    assert g.window is None and g.current_player == 0
    assert legal(g) == ["play 4♥", "draw"]
    assert_illegal(g, "challenge", "There is nobody to catch now")
    play(g, "play 4H")
    assert g.is_over and g.winner == 0


def test_late_call_after_naming_a_suit_is_in_time():
    g = game("JS 4C", "9S 3D", stock="5H 6C 7C 8D")
    play(g, "play JS", "choose hearts")
    assert g.current_player == 1 and legal(g, 0) == ["last card"]
    play(g, "last card", "challenge")
    assert g.hands[0] == cards("4C") and g.log[-1].data["caught"] is False


def test_challenge_then_the_challenger_still_faces_the_two():
    g = game("2H 4C", "9S 3D 10D", stock="5H 6C 7C 8D 9D 10C")
    play(g, "play 2H")
    assert legal(g) == ["draw", "challenge"]
    play(g, "challenge")
    assert g.hands[0] == cards("4C 6C 7C") and g.pending == Pending("two", 2)
    assert legal(g) == ["draw"]
    play(g, "draw")
    assert g.hands[1] == cards("9S 3D 10D 8D 9D") and g.current_player == 0


def test_challenge_penalty_short_stock_draws_what_there_is():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C", penalty_last_card=4)
    play(g, "play 9H", "challenge")          # 6♣, then rebuilt from 5♥ (9♥ stays): 2 of 4
    assert g.hands[0] == cards("4C 6C 5H") and g.stock == [] and g.discard == cards("9H")
    assert "drew 2 of 4 penalty cards" in g.log[-1].explain()


def test_penalty_last_card_zero_costs_nothing():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C", penalty_last_card=0)
    play(g, "play 9H", "challenge")
    assert g.hands[0] == cards("4C") and g.window is None
    assert legal(g) == ["play 9♠", "draw"]


def test_the_player_after_next_cannot_challenge_and_the_chance_passes_after_a_penalty_draw():
    g = game("2H 4C", "9S 3D 10D", "KH QH JC", stock="5H 6C 7C 8D")
    play(g, "play 2H", "draw")               # player 1 draws the 2 penalty: acted
    assert g.current_player == 2 and g.window is None and "challenge" not in legal(g)
    assert_illegal(g, "challenge", "There is nobody to catch now")


# -- stock, end -------------------------------------------------------------------------------------
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


def test_blocked_round_fewest_cards_wins_in_three_players():
    g = game("9C 3C", "10S", "KD QD 4D", stock="5H")
    play(g, "draw", "draw")
    assert not g.is_over
    play(g, "draw")
    assert g.is_over and g.winner == 1 and g.winners == [1]


# -- bad input ------------------------------------------------------------------------------------------
def test_bad_input_names_the_rule_and_changes_nothing_in_every_phase():
    g = game("JS 9C 4D", "9D 3D 10D", stock="5H 6C 7C")
    play(g, "play JS")                                   # choose phase
    assert_illegal(g, "play 9C", r"^First name a suit for your Jack \(Jacks: name a suit\)\.$")
    assert_illegal(g, "draw", r"^First name a suit for your Jack \(Jacks: name a suit\)\.$")
    play(g, "choose diamonds")
    assert_illegal(g, "choose hearts", r"^You name a suit only right after playing a Jack \(Jacks: name a suit\)\.$")
    assert_illegal(g, "pass", r"^You pass only to keep a card you just drew or to miss a turn after an 8 ")
    assert_illegal(g, "last card", "last card")
    g = game("9C KS", "3D 4D", stock="5H 7H 3C")
    play(g, "draw")                                      # drawn phase
    assert_illegal(g, "play KS", r"^After drawing you may only play the card you drew \(7♥\), or pass to keep it")
    assert_illegal(g, "draw", r"^After drawing you play the card you drew or pass \(Draw if you cannot play\)\.$")
    g = game("8H 4C 5C", "9S 3S", stock="5H 6C")
    play(g, "play 8H")                                   # facing an 8
    assert_illegal(g, "draw", "Facing an 8 you cannot draw")
    assert_illegal(g, "play 9S", "not an 8")
    assert_illegal(g, "play 4C", r"^You do not hold 4♣ \(Match the suit or the rank\)\.$")
    before = snapshot(g)
    for text in ("play 3X", "fly", "choose purple", "play"):
        with pytest.raises(InvalidAction, match="Cannot read the action"):
            g.apply(text)
        assert snapshot(g) == before


def test_owing_a_missed_turn_while_facing_a_two_the_message_says_draw():
    g = game("8H 6S 5H 3C", "8S 2S 9H 3D", "4D KD QD 7D", stock="7H 2C 4C 5C 6C",
             eights_accumulate=True)
    play(g, "play 8H", "play 8S", "pass", "play 6S", "play 2S")
    assert legal(g) == ["draw"]
    msg = assert_illegal(g, "pass", r"\(8s: miss a turn\)\.$")
    assert "your only move is draw" in msg and "only move is pass" not in msg
    assert "draw" in assert_illegal(g, "play 4D", "miss")
    g2 = game("8H 6S 5H 3C", "8S 9S 9H 3D", "4D KD QD 7D", stock="7H 2C 4C", eights_accumulate=True)
    play(g2, "play 8H", "play 8S", "pass", "play 6S", "play 9S")
    assert legal(g2) == ["pass"]
    assert_illegal(g2, "draw", "your only move is pass")


def test_replay_of_late_calls_and_challenges():
    g = game("9H 4C", "9S 3D 10D", "KS QS 7D", stock="5H 6C 7C 8D 9D 10C JD QD")
    play(g, "play 9H", "last card", "challenge", "play 9S", "play KS")
    assert g.called == {0} and g.window is None and g.current_player == 0
    back = SwitchState.from_json(g.to_json())
    assert (back.hands, back.stock, back.discard, back.called) == (g.hands, g.stock, g.discard, g.called)
    assert back.to_json() == g.to_json()

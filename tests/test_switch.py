"""Switch (RULES.md §2): worked examples with stacked decks; every rule and option.

Every expected value below was worked out by hand from the stacked cards. ``game(...)`` deals the
given hands directly (player 0 plays first: the dealer is the last seat) and uses ``stock`` (top
first) as the stock, whose top card is turned up as the starter.
"""
from collections import Counter

import pytest

from cardkit import Action, IllegalAction, InvalidAction, Outcome, parse_card, parse_cards, standard_pack
from cardkit.switch import (Pending, SwitchRules, computer_player, full_stock, new_game, play_out,
                            SwitchState)

C = parse_card


def cards(text):
    return parse_cards(text)


def rest_of_pack(*used_texts, first=""):
    """``first`` then every other card of the 52-card pack in pack order (♠ ♥ ♦ ♣, 2..A)."""
    used = set(cards(" ".join((*used_texts, first))))
    return cards(first) + [c for c in standard_pack() if c not in used]


def game(*hands, stock=None, fill=False, **options):
    """Hands given directly; player 0 plays first. ``stock``: text, top first (its top card is
    the starter); with ``fill`` the rest of the pack follows in pack order."""
    n = len(hands)
    deck = rest_of_pack(*hands, first=stock) if fill else cards(stock)
    return new_game(SwitchRules(players=n, **options), hands=[cards(h) for h in hands],
                    deck=deck, dealer=n - 1, seed=0)


def play(g, *moves):
    for m in moves:
        g.apply(m)
    return g


def stack(g, kind, plays):
    """Play each card in turn, checking the pending amount after each."""
    for card, amount in plays:
        play(g, f"play {card}")
        assert g.pending == Pending(kind, amount), (card, g.pending)


def legal(g, seat=None):
    return [str(a) for a in g.legal_actions(seat)]


def texts(g):
    return [e.explain() for e in g.log]


# -- rules and deal ------------------------------------------------------------------------------
def test_rules_defaults_and_validation():
    r = SwitchRules()
    assert (r.players, r.hand_size, r.penalty_last_card, r.eights_accumulate) == (2, 7, 2, False)
    assert SwitchRules.standard(players=4) == SwitchRules(players=4)
    with pytest.raises(ValueError, match=r"played by 2 to 6 players, not 7 \(Switch options\)"):
        SwitchRules(players=7)
    with pytest.raises(ValueError, match=r"played by 2 to 6 players, not 1 \(Switch options\)"):
        SwitchRules(players=1)
    with pytest.raises(ValueError, match="hand_size"):
        SwitchRules(hand_size=0)
    # 6 × 9 + 1 = 55 cards do not fit the pack; 6 × 8 + 1 = 49 do
    with pytest.raises(ValueError, match=r"players × hand_size \+ 1.*6 × 9 \+ 1 = 55"):
        SwitchRules(players=6, hand_size=9)
    SwitchRules(players=6, hand_size=8)
    with pytest.raises(ValueError, match="penalty_last_card"):
        SwitchRules(penalty_last_card=-1)
    with pytest.raises(ValueError, match="eights_accumulate"):
        SwitchRules(eights_accumulate="yes")


def test_deal_one_at_a_time_from_the_dealers_left_and_starter_returned_to_the_middle():
    # dealer 1 of 2: player 0 gets cards 0, 2, 4, ...; player 1 gets 1, 3, 5, ...
    top14 = "2S 3S 4S 5S 6S 7S 9S 10S QS KS 3H 4H 5H 6H"
    deck = rest_of_pack(top14, first=top14 + " 8D JC 5C")
    g = new_game(deck=deck, dealer=1, seed=0)
    assert g.hands[0] == cards("2S 4S 6S 9S QS 3H 5H")
    assert g.hands[1] == cards("3S 5S 7S 10S KS 4H 6H")
    # 8♦ turned: put back at index 37//2 = 18 of the 37 left; J♣ turned: the same; 5♣ starts.
    assert g.discard == [C("5C")]
    assert len(g.stock) == 52 - 14 - 1 == 37
    assert g.stock[16] == C("8D") and g.stock[17] == C("JC")
    rest = [c for c in deck[17:]]        # the 35 cards after 8♦ J♣ 5♣, in order
    assert g.stock[:16] == rest[:16] and g.stock[18:] == rest[16:]
    assert [e.kind for e in g.log] == ["deal", "return", "return", "starter"]
    # a special starter was turned face up for everyone to see: the history names it
    assert g.log[1].explain().startswith("8♦ was turned up") and "middle of the stock" in g.log[1].explain()
    assert g.log[2].explain().startswith("J♣ was turned up") and g.log[2].cards == (C("JC"),)
    assert g.current_player == 0 and g.dealer == 1
    assert g.pending is None and g.named_suit is None


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_players_two_to_six_deal_and_first_player(players):
    deck = standard_pack()
    dealer = players - 2          # so the first player is players - 1
    g = new_game(SwitchRules(players=players), deck=deck, dealer=dealer, seed=1)
    assert [len(h) for h in g.hands] == [7] * players
    first = (dealer + 1) % players
    assert g.current_player == first
    # the first card goes to the player after the dealer, the next to the one after, ...
    assert g.hands[first][0] == deck[0]
    assert g.hands[(first + 1) % players][0] == deck[1]
    assert g.hands[first][1] == deck[players]
    assert len(g.stock) + len(g.discard) == 52 - 7 * players


def test_hand_size_option():
    g = new_game(SwitchRules(players=3, hand_size=5), seed=3)
    assert [len(h) for h in g.hands] == [5, 5, 5]
    assert len(g.stock) == 52 - 15 - 1
    with pytest.raises(ValueError, match="need 22 cards"):
        new_game(SwitchRules(players=3, hand_size=7), deck=standard_pack()[:21])


def test_dealer_from_the_seeded_rng_and_seed_reproduces():
    dealers = {new_game(SwitchRules(players=4), seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    a, b = new_game(seed=11), new_game(seed=11)
    assert (a.hands, a.stock, a.discard, a.dealer) == (b.hands, b.stock, b.discard, b.dealer)


# -- matching and drawing ------------------------------------------------------------------------
def test_match_suit_or_rank_on_ten_of_spades():
    g = game("4S 10H 9D QC", "3C 4C 5C", stock="10S 2D 3D 4D")
    assert legal(g) == ["play 4♠", "play 10♥", "draw"]
    with pytest.raises(IllegalAction, match=r"9♦ matches neither the suit \(♠\) nor the rank \(10\)"):
        g.apply("play 9D")
    with pytest.raises(IllegalAction, match=r"^You do not hold 5♣ \(Match the suit or the rank\)\.$"):
        g.apply("play 5C")


def test_draw_then_play_only_the_drawn_card():
    g = game("9C KS", "3D 4D", stock="5H 7H 3C")
    play(g, "draw")
    assert g.hands[0] == cards("9C KS 7H") and g.phase == "drawn" and g.current_player == 0
    assert legal(g) == ["play 7♥", "pass"]
    with pytest.raises(IllegalAction, match=r"only play the card you drew \(7♥\), or pass to keep it"):
        g.apply("play KS")
    with pytest.raises(IllegalAction):
        g.apply("draw")
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
    assert "draw" in legal(g)
    play(g, "draw")                     # 4♠ cannot be played: kept
    assert g.hands[0] == cards("9H 4S") and g.current_player == 1


# -- 2s --------------------------------------------------------------------------------------------
def test_twos_stack_2_4_6_8_and_the_last_player_draws_eight():
    g = game("2S 2D 9C 9H", "2H 2C 9D KC 3S", stock="5S 3C 4C 5C 6C 7C 10C QC 3D 4D 5D 6D")
    play(g, "play 2S")
    assert g.pending == Pending("two", 2) and g.current_player == 1
    assert legal(g) == ["play 2♥", "play 2♣", "draw"]
    stack(g, "two", [("2H", 4), ("2D", 6), ("2C", 8)])
    assert legal(g) == ["draw"]
    with pytest.raises(IllegalAction, match=r"9♣ is not a 2: only a 2 can answer a draw of 8 \(2s: draw two\)"):
        g.apply("play 9C")
    play(g, "draw")
    # player 0 drew the 8 cards under the starter and played nothing
    assert g.hands[0] == cards("9C 9H 3C 4C 5C 6C 7C 10C QC 3D")
    assert g.pending is None and g.current_player == 1
    # the 2♣ on top is now an ordinary club 2: K♣ (club) goes, 9♦ does not
    assert legal(g) == ["play K♣", "draw"]


def test_a_pending_two_cannot_be_answered_with_an_ace_or_jack():
    g = game("2S 9C 9H", "AH JC 9D", stock="5S 3C 4C")
    play(g, "play 2S")
    assert legal(g) == ["draw"]
    with pytest.raises(IllegalAction, match="only a 2 can answer a draw of"):
        g.apply("play AH")
    with pytest.raises(IllegalAction, match="only a 2 can answer a draw of"):
        g.apply("play JC")


def test_penalty_draw_even_when_a_drawn_card_could_be_played():
    g = game("2S 9C", "4D 9D", stock="5S 5D 3D")
    play(g, "play 2S", "draw")          # 5♦ and 3♦ drawn; 5♦ could go, but nothing is played
    assert g.hands[1] == cards("4D 9D 5D 3D") and g.current_player == 0 and g.phase == "play"


# -- Aces ------------------------------------------------------------------------------------------
def test_aces_go_on_anything_and_stack_4_8_12_16():
    g = game("AS AD 5C 6H", "AH AC 9D 7C JH", stock="5H", fill=True)
    assert "play A♠" in legal(g)                    # an Ace on 5♥
    stack(g, "ace", [("AS", 4), ("AH", 8), ("AD", 12), ("AC", 16)])
    assert legal(g) == ["draw"]
    stock_top16 = g.stock[:16]
    play(g, "draw")
    assert len(g.hands[0]) == 2 + 16 and g.hands[0][2:] == stock_top16
    # the Ace does not change the suit: after the penalty match A♣ by suit or rank; a Jack (or Ace)
    # still goes on anything
    assert g.current_player == 1 and g.pending is None and g.named_suit is None
    assert legal(g) == ["play 7♣", "play J♥", "draw"]


def test_a_pending_ace_cannot_be_answered_with_a_two():
    g = game("AS 9C", "2S 9D", stock="5S 3C 4C 5C 6C")
    play(g, "play AS")
    with pytest.raises(IllegalAction,
                       match=r"2♠ is not an Ace: only an Ace can answer a draw of 4 \(Aces: draw four\)"):
        g.apply("play 2S")


# -- Jacks -----------------------------------------------------------------------------------------
def test_jack_on_anything_jack_on_jack_and_the_named_suit():
    g = game("JS 9C 4D 3S", "JD 9H KS 3C", stock="5H 6D 7D")
    play(g, "play JS")                  # a Jack on 5♥
    assert g.phase == "choose" and g.current_player == 0
    assert legal(g) == ["choose spades", "choose hearts", "choose diamonds", "choose clubs"]
    play(g, "choose hearts")
    assert g.named_suit.word == "hearts" and g.current_player == 1
    # as if the Jack were a heart: 9♥ goes, K♠ (the Jack's own suit) does not; J♦ on the Jack
    assert legal(g) == ["play J♦", "play 9♥", "draw"]
    with pytest.raises(IllegalAction, match=r"does not follow the suit named after the Jack \(hearts\)"):
        g.apply("play KS")
    play(g, "play JD", "choose clubs")
    assert legal(g) == ["play 9♣", "draw"]
    play(g, "play 9C")
    assert g.named_suit is None


def test_named_suit_stays_while_the_jack_is_on_top():
    g = game("JS 9C", "4D KD", stock="5H 3S 6S")
    play(g, "play JS", "choose clubs", "draw")      # player 1 draws 3♠: not a club, kept
    assert g.hands[1] == cards("4D KD 3S") and g.current_player == 0
    assert g.named_suit.word == "clubs"
    assert legal(g) == ["play 9♣", "draw"]


# -- 8s --------------------------------------------------------------------------------------------
def test_eight_in_two_players_skips_the_other_who_may_only_play_an_8_or_pass():
    g = game("8H 6H 7C 3S", "9D 10D KD", stock="5H 2S 4S")
    play(g, "play 8H")
    assert g.pending == Pending("eight", 1) and g.current_player == 1
    assert legal(g) == ["pass"]
    with pytest.raises(IllegalAction, match=r"Facing an 8 you cannot draw: play an 8 or pass \(8s: miss a turn\)"):
        g.apply("draw")
    play(g, "pass")
    # the player of the 8 plays again
    assert g.current_player == 0 and g.pending is None
    assert legal(g) == ["play 6♥", "draw"]
    assert "missed a turn" in g.log[-1].explain()


def test_eight_in_three_players_skips_only_the_next_player():
    g = game("8H 6H 3S 3D", "9D KD 4S", "8C 4H 5C", stock="5H 2S 6S")
    play(g, "play 8H")
    assert legal(g) == ["pass"]
    play(g, "pass")
    assert g.current_player == 2 and g.pending is None
    assert legal(g) == ["play 8♣", "play 4♥", "draw"]
    play(g, "play 8C")                  # an 8 on the 8: player 0 now misses one turn
    assert g.current_player == 0 and g.pending == Pending("eight", 1)
    assert legal(g) == ["pass"]


def test_eights_answered_by_eights_without_accumulate_cost_one_turn():
    g = game("8H 6S 5H 3C", "8S 9S 9H 3D", "4D KD QD 7D", stock="7H 2C 4C")
    play(g, "play 8H", "play 8S")
    assert g.pending == Pending("eight", 1) and g.current_player == 2
    play(g, "pass", "play 6S", "play 9S")
    assert g.current_player == 2 and legal(g) == ["draw"]


def test_eights_accumulate_adds_a_missed_turn_per_eight():
    g = game("8H 6S 5H 3C", "8S 9S 9H 3D", "4D KD QD 7D", stock="7H 2C 4C", eights_accumulate=True)
    play(g, "play 8H", "play 8S")
    assert g.pending == Pending("eight", 2) and g.current_player == 2
    play(g, "pass")
    assert g.skips_owed == [0, 0, 1] and "1 more to miss" in g.log[-1].explain()
    play(g, "play 6S", "play 9S")
    assert g.current_player == 2 and legal(g) == ["pass"]     # the second missed turn
    play(g, "pass")
    assert g.skips_owed == [0, 0, 0] and g.current_player == 0


# -- last card --------------------------------------------------------------------------------------
def test_last_card_called_before_the_play_and_a_wrong_challenge_costs_nothing():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    assert legal(g) == ["play 9♥", "draw", "last card"]
    play(g, "last card")
    assert g.called == {0} and legal(g) == ["play 9♥", "draw"]
    play(g, "play 9H")
    assert g.window == 0 and g.current_player == 1
    assert legal(g) == ["play 9♠", "draw", "challenge"]
    play(g, "challenge")
    assert g.hands[0] == cards("4C") and "wrong challenge costs nothing" in g.log[-1].explain()
    assert legal(g) == ["play 9♠", "draw"]          # one challenge; the window is closed


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


def test_last_card_called_just_after_the_play_before_the_next_player_acts():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    play(g, "play 9H")
    assert g.current_player == 1 and "last card" not in legal(g)
    play(g, "last card")                # player 0's call, out of turn
    assert g.called == {0} and g.log[-1].player == 0
    play(g, "challenge")
    assert g.hands[0] == cards("4C")


def test_the_chance_to_catch_passes_once_the_next_player_acts():
    g = game("9H 4C", "9S 3D 10D", "KH QH JC", stock="5H 6C 7C 8D")
    play(g, "play 9H", "draw")          # player 1 draws 6♣ (kept): they acted
    assert g.window is None and g.current_player == 2
    assert "challenge" not in legal(g) and g.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="There is nobody to catch now"):
        g.apply("challenge")
    with pytest.raises(IllegalAction, match="last card"):
        g.apply("last card")
    assert g.hands[0] == cards("4C")


def test_only_the_next_player_challenges():
    g = game("9H 4C", "9S 3D 10D", "KH QH", stock="5H 6C 7C 8D")
    play(g, "play 9H")
    assert "challenge" in legal(g, 1) and "challenge" not in legal(g, 2)


def test_last_card_needs_two_cards_and_a_card_to_play():
    g = game("9H 4C 5D", "9S 3D", stock="5H 6C 7C 8D")
    assert "last card" not in legal(g)
    with pytest.raises(IllegalAction, match="last card"):
        g.apply("last card")
    g = game("3C 4C", "9S 3D", stock="5H 6C 7C 8D")      # nothing playable: no call
    assert legal(g) == ["draw"]


def test_an_open_uncalled_window_owns_the_last_card_call():
    g = game("9H 4C", "9S 3D", stock="5H 6C 7C 8D")
    play(g, "play 9H")
    # player 1 holds 2 cards with 9♠ to play, but "last card" now is player 0's (late) call
    assert "last card" not in legal(g, 1) and legal(g, 0) == ["last card"]
    play(g, "last card")
    assert g.called == {0}
    assert legal(g, 1) == ["play 9♠", "draw", "challenge", "last card"]


def test_drawing_cancels_a_call():
    g = game("9H 4C", "9S 3D", stock="5H 6C 7C 8D")
    play(g, "last card", "draw")        # 6♣ drawn, kept
    assert g.called == set() and len(g.hands[0]) == 3


def test_last_card_after_a_jack_while_naming_the_suit():
    g = game("JS 4C", "9S 3D", stock="5H 6C 7C 8D")
    play(g, "play JS")
    assert legal(g) == ["choose spades", "choose hearts", "choose diamonds", "choose clubs",
                        "last card"]
    play(g, "last card", "choose clubs")
    assert g.window == 0 and g.called == {0}


# -- stock -------------------------------------------------------------------------------------------
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
    assert g.phase == "drawn" and legal(g) == [f"play {drawn}", "pass"]


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


# -- end ----------------------------------------------------------------------------------------------
def test_blocked_round_fewest_cards_wins():
    g = game("9C 3C", "10S", stock="5H")
    play(g, "draw")
    assert not g.is_over and g.blocked_turns == 1
    play(g, "draw")
    assert g.is_over and g.winner == 1 and g.winners == [1] and g.end_reason == "blocked"
    assert "fewest cards (1)" in g.log[-1].explain() and g.current_player is None


def test_blocked_round_tie_is_a_shared_draw():
    g = game("9C", "10S", "KD", stock="5H")
    play(g, "draw", "draw")
    assert not g.is_over
    play(g, "draw")
    assert g.is_over and g.winner is None and g.winners == [0, 1, 2]
    assert g.legal_actions() == []


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


# -- observation, log, json ----------------------------------------------------------------------------
def test_observation_shows_only_what_the_seat_may_see():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    o = g.observation(1)
    assert o.hand == tuple(cards("9S 3D 10D")) and o.card_counts == (2, 3) == tuple(o["hand_counts"])
    assert o.discard == tuple(cards("5H")) and o.stock_count == 3 and o.legal_actions == ()
    assert o.hands is None and o.stock is None
    assert all(str(c) not in o.to_json() for c in cards("9H 4C 6C 7C 8D"))
    text = repr(o)
    for hidden in cards("9H 4C 6C 7C 8D"):
        assert str(hidden) not in text
    o0 = g.observation(0)
    assert [str(a) for a in o0.legal_actions] == ["play 9♥", "draw", "last card"]
    full = g.observation(1, reveal=True)
    assert full.hands[0] == tuple(cards("9H 4C")) and full.stock == tuple(cards("6C 7C 8D"))
    play(g, "last card", "play 9H")
    assert g.observation(1).last_card_called == (0,)


def test_draw_events_never_name_the_card_drawn():
    g = game("9C KS", "3D 4D", stock="5H 7H 3C")
    play(g, "draw", "pass")
    assert "7♥" not in " ".join(texts(g)) and g.log[-2].cards == (C("7H"),)
    assert g.log[-2].visible_to == (0,) and g.observation(1).events[-2].cards == ()
    assert g.observation(0).events[-2].explain() == "You drew 7♥, which you may play at once (Draw if you cannot play)."
    assert "7♥" not in g.observation(1).to_json()


def test_json_round_trip_and_illegal_action_leaves_state_unchanged():
    g = new_game(SwitchRules(players=3, eights_accumulate=True), seed=5)
    players = [computer_player("easy", seed=i) for i in range(3)]
    for _ in range(25):
        s = g.current_player
        g.apply(players[s].choose(g.observation(s)))
    before = g.to_json()
    for bad in ("play 3X", "choose hearts", "challenge", "play " + str(g.stock[0])):
        with pytest.raises(InvalidAction if bad == "play 3X" else IllegalAction):
            g.apply(bad)
        assert g.to_json() == before
    back = SwitchState.from_json(before)
    assert (back.hands, back.stock, back.discard, back.pending, back.named_suit) == \
           (g.hands, g.stock, g.discard, g.pending, g.named_suit)
    assert back.to_json() == before


def test_a_game_without_seed_still_replays():
    g = new_game()
    play(g, "draw")
    back = SwitchState.from_json(g.to_json())
    assert back.hands == g.hands and back.stock == g.stock


def test_repr_and_html():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    assert repr(g) == "<Switch 2p: player 0 to play; top 5♥; hands 2/3; stock 3>"
    html = g._repr_html_()
    assert "9♥" in html and "8♦" in html          # lessons see the whole position


# -- computer players ------------------------------------------------------------------------------
def test_computer_names_the_suit_it_holds_most_of():
    g = game("JS 4C 6C 9D", "9S 3D 10D", stock="5H 6H 7C 8D")
    play(g, "play JS")
    me = computer_player("easy", seed=0)
    assert me.choose(g.observation(0)) == Action("choose", word="clubs")


def test_computer_answers_a_penalty_with_a_two():
    g = game("2S 9C 3C", "2H 9D KD QD", stock="5S 3H 4H")
    play(g, "play 2S")
    assert computer_player("hard", seed=0).choose(g.observation(1)) == Action.play("2H")


def test_computer_keeps_specials_and_prefers_a_plain_card():
    g = game("2H 8H AH 6H 9S KD", "9D 10D KC 4S 5S 6S 7S", stock="5H 3C 4C")
    assert computer_player("easy", seed=0).choose(g.observation(0)) == Action.play("6H")


def test_computer_attacks_when_the_next_player_is_close_to_going_out():
    g = game("2H 8H 6H 9S KD", "9D 10D", stock="5H 3C 4C")
    assert computer_player("easy", seed=0).choose(g.observation(0)) == Action.play("2H")


def test_computer_calls_last_card_unless_it_forgets():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    assert computer_player("easy", forget_rate=0.0).choose(g.observation(0)) == Action("last card")
    assert computer_player("easy", forget_rate=1.0).choose(g.observation(0)) == Action.play("9H")


def test_computer_challenges_a_forgetful_player_but_not_one_who_called():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    play(g, "play 9H")
    assert computer_player("easy", catch_rate=1.0).choose(g.observation(1)) == Action("challenge")
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    play(g, "last card", "play 9H")
    assert computer_player("easy", catch_rate=1.0).choose(g.observation(1)) == Action.play("9S")


def test_computer_plays_a_whole_game_from_observations_only():
    g = new_game(SwitchRules(players=4), seed=8)
    players = [computer_player(lvl, seed=i) for i, lvl in enumerate(["easy", "hard"] * 2)]
    play_out(g, players)
    assert g.is_over and g.winner is not None and len(g.hands[g.winner]) == 0
    with pytest.raises(ValueError, match="unknown level"):
        computer_player("genius")


def test_owing_a_missed_turn_while_facing_a_two_means_drawing_the_penalty():
    g = game("8H 6S 5H 3C", "8S 2S 9H 3D", "4D KD QD 7D", stock="7H 2C 4C 5C 6C",
             eights_accumulate=True)
    play(g, "play 8H", "play 8S", "pass", "play 6S", "play 2S")
    assert g.skips_owed == [0, 0, 1] and g.pending == Pending("two", 2)
    assert legal(g) == ["draw"]
    play(g, "draw")
    assert g.hands[2] == cards("4D KD QD 7D 2C 4C") and g.skips_owed == [0, 0, 0]
    assert g.current_player == 0 and g.pending is None


def test_eights_accumulate_in_two_players_the_player_of_the_eights_plays_on():
    g = game("8H 6S 5S 3C", "8S 9S 4S 3D", stock="7H 2C 4C", eights_accumulate=True)
    play(g, "play 8H", "play 8S")
    assert g.pending == Pending("eight", 2) and g.current_player == 0
    play(g, "pass", "play 9S")
    assert g.current_player == 0 and legal(g) == ["pass"]
    play(g, "pass")
    assert g.current_player == 1 and g.hands[0] == cards("6S 5S 3C")


def test_passing_with_an_eight_in_hand_is_not_a_blocked_turn():
    g = game("8H 3C", "8D 9D", stock="5H")
    play(g, "play 8H", "pass")          # player 1 could have played 8♦
    assert g.blocked_turns == 0 and g.current_player == 0


def test_full_stock_for_lessons():
    hands = ["9H 4C", "9S 3D 10D"]
    stock = full_stock(hands, top="5H 7H", seed=3)
    assert stock[:2] == cards("5H 7H") and len(stock) == 52 - 5
    assert Counter(stock + cards("9H 4C 9S 3D 10D")) == Counter(standard_pack())
    g = new_game(hands=hands, deck=stock, dealer=1, seed=0)
    assert g.discard == cards("5H") and g.stock[0] == C("7H")


def test_what_now_sentences():
    from cardkit.switch import what_now
    g = game("8H 6H 7C 3S", "9D 10D KD", stock="5H 2S 4S")
    assert what_now(g.observation(0)) == ("Play a card that matches 5♥ by suit (♥) or rank (5) — a "
                                          "Jack or an Ace goes on anything — or draw a card "
                                          "(Match the suit or the rank).")
    play(g, "play 8H")
    assert what_now(g.observation(0)) == "Waiting for Player 2." == g.observation(0).what_now
    assert what_now(g.observation(1)) == "You face an 8: play an 8, or pass and miss this turn (8s: miss a turn)."
    g = game("JS 9C 4D 3S", "JD 9H KS 3C", stock="5H 6D 7D")
    play(g, "play JS")
    assert what_now(g.observation(0)).startswith("You played a Jack: name the suit")
    play(g, "choose hearts")
    assert what_now(g.observation(1)).startswith("Play a ♥ card (hearts were named after the Jack)")
    g = game("2H", "9S 3D", stock="5H 6C 7C")
    play(g, "play 2H")
    assert what_now(g.observation(0)) == "You won! Cards left — Player 2: 2. Press New game to play again."
    assert what_now(g.observation(1)) == ("Player 1 won. Cards left — Player 2: 2. Press New game "
                                          "to play again.")
    assert g.observation(1).outcome == Outcome(0, "out", "Player 1 won. Cards left — Player 2: 2.", (0,))


def test_hands_without_rules_set_the_player_count():
    g = new_game(hands=["9H 4C", "9S 3D", "KH QH"], deck="5H 6C", dealer=2, seed=0)
    assert g.rules == SwitchRules(players=3) and g.current_player == 0
    assert g.pending is None
    play(g, "play 9H")
    g2 = game("2S 9C 9H", "AH JC 9D", stock="5S 3C 4C")
    play(g2, "play 2S")
    assert g2.pending == ("two", 2)                 # Pending is a named tuple


def test_log_sentences_agree_with_you_and_say_the_or_the_s():
    """Past tense throughout, "you" for the reader, "the Ace" after one Ace, "the 2s" after two 2s."""
    g = new_game(hands=["JH 9C 4D", "AS 10S KD"], deck="5H 6C 7C 8D 9D 3S 4S 5S 6S", dealer=1,
                 seed=0, names=["Bo", "Ada"])
    play(g, "play JH")
    assert g.observation(0).events[-1].explain() == (
        "You played J♥ (a Jack goes on anything) and named a suit (Jacks: name a suit).")
    assert g.log[-1].explain() == "Bo played J♥ (a Jack goes on anything) and named a suit (Jacks: name a suit)."
    play(g, "choose spades")
    play(g, "play AS")
    play(g, "draw")
    assert g.observation(0).events[-1].explain() == (
        "You drew 4 cards (6♣ 7♣ 8♦ 9♦) for the Ace and could play nothing this turn (Aces: draw four).")
    assert g.observation(1).events[-1].explain() == (
        "Bo drew 4 cards for the Ace and could play nothing this turn (Aces: draw four).")
    g = game("2H 9C 4D", "2S 10S KD", stock="5H 6C 7C 8D 9D 3S 4S 5S 6S")
    play(g, "play 2H")
    play(g, "play 2S")
    play(g, "draw")
    assert g.log[-1].explain() == "Player 1 drew 4 cards for the 2s and could play nothing this turn (2s: draw two)."
    g = game("2H 9C 4D", "3S 10S KD", stock="5H 6C 7C 8D 9D 3C 4S 5S 6S")
    play(g, "play 2H")
    play(g, "draw")
    assert g.log[-1].explain() == "Player 2 drew 2 cards for the 2 and could play nothing this turn (2s: draw two)."

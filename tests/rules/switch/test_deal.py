"""Switch (RULES.md §2): the options, the deal one card at a time from the dealer's left, the starter
(a special turned up goes back into the middle of the stock) and who plays first.

Every expected value was worked out by hand from the stacked cards (tests/rules/switch/deals.py).
"""
from collections import Counter

import pytest
from harness import play

from cardkit import standard_pack
from cardkit.ecarte import EcarteRules
from cardkit.switch import SwitchRules, full_stock, new_game
from cardkit.war import WarRules

from .deals import C, cards, game, rest_of_pack


# -- options ----------------------------------------------------------------------------------------
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


# -- the deal and the starter -----------------------------------------------------------------------
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


def test_deal_three_players_one_at_a_time_and_an_ace_then_a_two_turned_back():
    # dealer 0 of 3: player 1 gets cards 0, 3, 6; player 2 gets 1, 4, 7; player 0 gets 2, 5, 8.
    head = "3S 4S 5S 6S 7S 9S 10S QS KS AS 2H 7D"
    deck = rest_of_pack(first=head)
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


def test_six_players_and_hand_size_limits():
    g = new_game(SwitchRules(players=6, hand_size=8), deck=standard_pack(), dealer=5, seed=0)
    assert [len(h) for h in g.hands] == [8] * 6
    assert g.hands[0][:2] == cards("2S 8S") and g.hands[5][0] == C("7S")
    assert len(g.stock) + len(g.discard) == 52 - 48
    with pytest.raises(ValueError, match="played by 2 to 6 players"):
        new_game(SwitchRules(players=7))
    with pytest.raises(ValueError, match=r"6 × 9 \+ 1 = 55"):
        SwitchRules(players=6, hand_size=9)


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


def test_play_passes_in_seat_order_from_the_player_after_the_dealer():
    g = new_game(SwitchRules(players=4), deck=rest_of_pack(first="5H"), dealer=2, seed=0)
    seen = []
    for _ in range(5):
        seen.append(g.current_player)
        play(g, "draw")
        if g.phase == "drawn":
            play(g, "pass")
    assert seen == [3, 0, 1, 2, 3]


def test_hands_without_rules_set_the_player_count():
    g = new_game(hands=["9H 4C", "9S 3D", "KH QH"], deck="5H 6C", dealer=2, seed=0)
    assert g.rules == SwitchRules(players=3) and g.current_player == 0
    assert g.pending is None
    play(g, "play 9H")
    g2 = game("2S 9C 9H", "AH JC 9D", stock="5S 3C 4C")
    play(g2, "play 2S")
    assert g2.pending == ("two", 2)                 # Pending is a named tuple


def test_full_stock_for_lessons():
    hands = ["9H 4C", "9S 3D 10D"]
    stock = full_stock(hands, top="5H 7H", seed=3)
    assert stock[:2] == cards("5H 7H") and len(stock) == 52 - 5
    assert Counter(stock + cards("9H 4C 9S 3D 10D")) == Counter(standard_pack())
    g = new_game(hands=hands, deck=stock, dealer=1, seed=0)
    assert g.discard == cards("5H") and g.stock[0] == C("7H")


def test_new_game_refuses_another_games_rules():
    with pytest.raises(TypeError, match=r"^Switch needs SwitchRules, not EcarteRules$"):
        new_game(EcarteRules())
    with pytest.raises(TypeError, match=r"^Switch needs SwitchRules, not WarRules$"):
        new_game(WarRules())
    with pytest.raises(TypeError, match=r"^Switch needs SwitchRules, not str$"):
        new_game("standard")


def test_a_bad_deal_names_the_rule():
    with pytest.raises(ValueError, match=r"^A card appears twice in the hands and stock \(Deal and starter\)\.$"):
        new_game(hands=["9H 4C", "9H 3D"], deck="5H", seed=0)
    with pytest.raises(ValueError, match=r"^The dealer must be a seat 0\.\.1, not 2 \(Deal and starter\)\.$"):
        new_game(hands=["9H 4C", "9S 3D"], deck="5H", dealer=2, seed=0)
    with pytest.raises(ValueError, match=r"^3 names given for 2 players \(Switch options\)\.$"):
        new_game(names=["Ada", "Ben", "Cleo"], seed=0)
    with pytest.raises(ValueError, match=r"^Switch is played without jokers \(deck\) \(Deal and starter\)\.$"):
        new_game(deck="JOKER 5H", seed=0)

"""Écarté's pack, deal and exchanges (RULES.md §3.1, §3.2): worked examples with stacked decks,
each worked out by hand from RULES.md.
"""
import pytest

from cardkit import Action, IllegalAction, parse_cards, piquet_pack
from cardkit import ecarte
from cardkit.ecarte import EcarteRules, EcarteState, new_game
from harness import play, refused

from .deals import ANNOUNCE, CLA, DEAL_A, DEAL_B, DEAL_KING_UP, PLAY_A, STD, C, hand_scores, over, stack


# ------------------------------------------------------------------ §3.1 pack and deal


def test_deal_three_then_two_non_dealer_first():
    deck = parse_cards("7S 8S 9S 7H 8H 9H 10S JS 10H JH KD QD JD AD 10D")
    deck += [c for c in piquet_pack() if c not in deck]
    s = new_game(deck=deck, dealer=1)
    assert s.hands[0] == parse_cards("7S 8S 9S 10S JS")     # non-dealer: cards 1-3 and 7-8
    assert s.hands[1] == parse_cards("7H 8H 9H 10H JH")     # dealer: cards 4-6 and 9-10
    assert s.turn_up == C("KD") and str(s.trump) == "♦"
    assert s.stock[:3] == parse_cards("QD JD AD") and len(s.stock) == 21
    assert s.current_player == 0 and s.phase == "decide"
    # the 11th card is a king: the dealer scores 1 point at once
    assert s.scores == [0, 1]
    assert "dealer" in s.log[-1].explain() and "1 point" in s.log[-1].explain()


def test_deal_two_then_three_option():
    deck = parse_cards("7S 8S 7H 8H 9S 10S JS 9H 10H JH QD")
    deck += [c for c in piquet_pack() if c not in deck]
    s = new_game(EcarteRules(packets=(2, 3)), deck=deck, dealer=0)
    assert s.hands[1] == parse_cards("7S 8S 9S 10S JS")   # player 1 is the non-dealer
    assert s.hands[0] == parse_cards("7H 8H 9H 10H JH")
    assert s.turn_up == C("QD") and s.scores == [0, 0]


# ====================================================================== §3.1 deal
def test_deal_three_then_two_non_dealer_first_when_player_0_deals():
    top = parse_cards("7S 8S 9S 7H 8H 9H 10S JS 10H JH QD")
    deck = top + [c for c in piquet_pack() if c not in top]
    s = new_game(deck=deck, dealer=0)
    assert s.hands[1] == parse_cards("7S 8S 9S 10S JS")      # non-dealer: cards 1-3, 7-8
    assert s.hands[0] == parse_cards("7H 8H 9H 10H JH")      # dealer: cards 4-6, 9-10
    assert s.turn_up == C("QD") and s.trump == C("QD").suit
    assert s.stock == deck[11:] and len(s.stock) == 21 and s.turn_up not in s.stock
    assert s.current_player == 1 and s.legal_actions() == [Action("stand"), Action("propose")]
    assert s.scores == [0, 0]


def test_deal_two_then_three_option_when_player_1_deals():
    top = parse_cards("7S 8S 7H 8H 9S 10S JS 9H 10H JH AD")
    deck = top + [c for c in piquet_pack() if c not in top]
    rules = EcarteRules(packets=(2, 3))
    s = new_game(rules, deck=deck, dealer=1)
    assert s.hands[0] == parse_cards("7S 8S 9S 10S JS")      # non-dealer: cards 1-2, 5-7
    assert s.hands[1] == parse_cards("7H 8H 9H 10H JH")      # dealer: cards 3-4, 8-10
    assert s.turn_up == C("AD") and s.stock == deck[11:]
    # stacked_deck with the same packets builds that very deck
    assert stack("7S 8S 9S 10S JS", "7H 8H 9H 10H JH", "AD", packets=(2, 3))[:11] == top
    # and the hands= option deals the given hands whatever the packets
    h = new_game(rules, hands=["7H 8H 9H 10H JH", "7S 8S 9S 10S JS"], turn_up="AD", dealer=0, seed=1)
    assert h.hands == [parse_cards("7H 8H 9H 10H JH"), parse_cards("7S 8S 9S 10S JS")]


def test_bad_decks_and_options_are_refused_with_the_rule():
    with pytest.raises(ValueError, match="32-card"):
        new_game(deck=piquet_pack()[:31], dealer=0)
    with pytest.raises(ValueError, match="32-card"):
        new_game(deck=[*piquet_pack()[:31], C("2S")], dealer=0)
    with pytest.raises(ValueError, match=r"target must be a whole number .* \(Winning the game\)"):
        EcarteRules(target=0)
    with pytest.raises(ValueError, match=r"add up to 5 cards.*\(Deal and trumps\)"):
        EcarteRules(packets=(3, 3))
    with pytest.raises(ValueError, match=r"dealer is player 0 or player 1 \(Deal and trumps\)"):
        new_game(dealer=2)


def test_first_dealer_is_seeded_and_the_deal_alternates():
    dealers = {new_game(seed=s).dealer for s in range(20)}
    assert dealers == {0, 1}
    assert new_game(seed=5).dealer == new_game(seed=5).dealer
    s = new_game(deck=stack("KH QH JH 7S 7D", "AH 10H KS KD KC", "8H"), dealer=1, seed=0)
    play(s, "stand", "play QH", "play 10H", "play JH", "play AH", "play KH", "play KS",
         "play 7D", "play KD", "play KC", "play 7S")
    assert s.hand_number == 2 and s.dealer == 0 and s.current_player == 1
    assert s.tricks == [0, 0] and s.last_hand["tricks"] == [3, 2]


def test_the_deal_alternates_every_hand():
    s = new_game(seed=2024)
    first = s.dealer
    bots = [ecarte.computer_player(seed=1), ecarte.computer_player(seed=2)]
    while not s.is_over:
        s.apply(bots[s.current_player].choose(s.observation(s.current_player)))
    deals = [e.player for e in s.log if e.kind == "deal"]
    assert len(deals) >= 3
    assert deals == [(first + i) % 2 for i in range(len(deals))]


def test_turn_up_king_scores_for_player_0_as_dealer_at_once():
    s = new_game(deck=stack("7S 8S 9S 10S JS", "7H 8H 9H 10H JH", "KC"), dealer=0)
    assert s.scores == [1, 0] and s.phase == "decide" and s.actions == []
    kinds = [e.kind for e in s.log]
    assert kinds == ["deal", "turn_up_king"] and s.log[-1].rule.section == "3.1"
    # nobody can hold the king of trumps: no announcement all hand
    play(s, "stand")
    assert ANNOUNCE not in s.legal_actions()


def test_turn_up_king_in_a_later_hand_goes_to_that_hands_dealer():
    s = new_game(deck=[DEAL_A, DEAL_KING_UP], dealer=1, seed=0)
    play(s, "stand", *PLAY_A)
    assert hand_scores(s) == [2, 0]
    assert s.hand_number == 2 and s.dealer == 0 and s.turn_up == C("KD")
    assert s.scores == [3, 0] and not s.is_over and s.current_player == 1
    assert s.hands[1] == parse_cards("7S 8S 9S 10S JS")      # the new non-dealer, served first


def test_turn_up_king_ends_the_game_at_the_deal():
    s = new_game(EcarteRules(target=3), deck=[DEAL_A, DEAL_KING_UP], dealer=1, seed=0)
    play(s, "stand", *PLAY_A)
    assert s.is_over and s.winner == 0 and s.scores == [3, 0]
    assert s.current_player is None and s.legal_actions() == []
    assert s.log[-1].kind == "game_over"
    over(s, "stand")
    r = EcarteState.from_json(s.to_json())
    assert r.is_over and r.scores == [3, 0] and r.to_json() == s.to_json()


def test_hands_option_deals_those_hands_and_replays():
    s = new_game(hands=["KH QH JH 7S 7D", "AH 10H KS KD KC"], turn_up="8H", dealer=1, seed=4)
    assert s.hands == [parse_cards("KH QH JH 7S 7D"), parse_cards("AH 10H KS KD KC")]
    assert s.turn_up == C("8H") and len(s.stock) == 21 and s.current_player == 0
    t = new_game(hands=["KH QH JH 7S 7D", "AH 10H KS KD KC"], dealer=0, seed=4)
    assert t.hands[1] == parse_cards("AH 10H KS KD KC") and t.turn_up not in t.hands[0] + t.hands[1]
    play(s, "stand", *PLAY_A[:2])
    r = ecarte.EcarteState.from_json(s.to_json())
    assert r.to_json() == s.to_json() and r.stock == s.stock
    with pytest.raises(ValueError, match="5 cards"):
        new_game(hands=["KH QH", "AH 10H KS KD KC"], dealer=0)
    with pytest.raises(ValueError, match="32-card"):
        new_game(hands=["KH QH JH 7S 7D", "KH 10H KS KD KC"], dealer=0)


def test_stacked_decks_for_several_hands():
    s = new_game(deck=[DEAL_A, DEAL_B], dealer=1)
    play(s, "stand", *PLAY_A)
    assert s.dealer == 0 and s.turn_up == C("8H") and s.hands[1] == parse_cards("7S 8S QD QC 7C")
    r = ecarte.EcarteState.from_json(s.to_json())
    assert r.to_json() == s.to_json() and r.hands == s.hands


# ------------------------------------------------------------------ §3.2 proposals and exchanges


# ------------------------------------------------------------------ §3.2 proposals and exchanges
def test_exchange_non_dealer_first_draws_from_the_top_of_the_stock():
    deck = stack("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", "7H", stock="KC QC JC AC 10C 9C")
    s = new_game(deck=deck, dealer=1)
    play(s, "propose")
    assert s.current_player == 1 and s.legal_actions() == [Action("accept"), Action("refuse")]
    s.apply("accept")
    assert s.phase == "exchange" and s.current_player == 0
    assert Action("discard") not in s.legal_actions()       # the non-dealer discards at least 1
    with pytest.raises(IllegalAction, match="at least 1"):
        s.apply("discard")
    with pytest.raises(IllegalAction, match="own hand"):
        s.apply("discard 7D")
    s.apply("discard 7S 8S")
    assert s.hands[0] == parse_cards("9S 10S JS KC QC")
    assert s.discards[0] == parse_cards("7S 8S") and len(s.stock) == 19
    assert s.current_player == 1
    s.apply("discard")                                      # the dealer may discard none
    assert s.hands[1] == parse_cards("7D 8D 9D 10D JD")
    assert s.phase == "decide" and s.current_player == 0    # the non-dealer may propose again
    play(s, "propose", "accept", "discard 9S", "discard 7D 8D 9D")
    assert s.hands[0] == parse_cards("10S JS KC QC JC")
    assert s.hands[1] == parse_cards("10D JD AC 10C 9C")
    assert len(s.stock) == 15 and len(s.discards[1]) == 3


# ====================================================================== §3.2 proposals, exchanges
def test_non_dealer_is_served_first_from_the_top_of_the_stock():
    deck = stack("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", "7H", stock="KC QC JC AC 10C 9C 8C")
    s = play(new_game(deck=deck, dealer=0), "propose")
    assert s.current_player == 0 and s.legal_actions() == [Action("accept"), Action("refuse")]
    assert refused(s, "stand", "").rule.cite() == "§3.2"    # the dealer answers, nothing else
    assert refused(s, "discard 7D", "").rule.cite() == "§3.2"
    s.apply("accept")
    assert s.phase == "exchange" and s.current_player == 1      # the non-dealer (1) first
    s.apply("discard 7S 8S 9S")
    assert s.hands[1] == parse_cards("10S JS KC QC JC")
    assert s.current_player == 0
    s.apply("discard 7D 8D")
    assert s.hands[0] == parse_cards("9D 10D JD AC 10C")
    assert s.stock[0] == C("9C") and len(s.stock) == 16
    assert s.discards == [parse_cards("7D 8D"), parse_cards("7S 8S 9S")]
    assert s.phase == "decide" and s.current_player == 1


def test_exchange_sizes_non_dealer_1_to_5_dealer_0_to_5():
    s = play(new_game(deck=stack("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", "7H"), dealer=1),
             "propose", "accept")
    sizes = sorted({len(a.cards) for a in s.legal_actions()})
    assert sizes == [1, 2, 3, 4, 5] and len(s.legal_actions()) == 31     # 2^5 - 1 subsets
    refused(s, "discard", "at least 1")
    assert refused(s, "discard 7S 7S", "").rule.cite() == "§3.2"
    s.apply("discard 7S 8S 9S 10S JS")                                    # all five is allowed
    assert len(s.stock) == 16
    assert sorted({len(a.cards) for a in s.legal_actions()}) == [0, 1, 2, 3, 4, 5]
    assert len(s.legal_actions()) == 32
    s.apply("discard 7D 8D 9D 10D JD")
    assert len(s.stock) == 11 and len(s.hands[0]) == len(s.hands[1]) == 5


def test_discard_order_does_not_matter():
    assert Action.parse("discard 8D 7S") == Action.parse("discard 7♠ 8♦")


def test_exchanges_end_when_the_stock_is_empty_and_nobody_overdraws():
    s = new_game(deck=stack("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", "7H"), dealer=1)
    play(s, "propose", "accept", "discard 7S 8S 9S 10S JS")
    play(s, "discard 7D 8D 9D 10D JD")                      # 21 - 10 = 11 left
    h0, h1 = list(s.hands[0]), list(s.hands[1])
    play(s, "propose", "accept", f"discard {' '.join(map(str, h0))}", f"discard {' '.join(map(str, h1))}")
    assert len(s.stock) == 1 and s.phase == "decide"
    play(s, "propose", "accept")
    before = s.to_json()
    with pytest.raises(IllegalAction, match="stock holds 1"):
        s.apply(f"discard {s.hands[0][0]} {s.hands[0][1]}")
    assert s.to_json() == before
    s.apply(f"discard {s.hands[0][0]}")
    assert s.stock == [] and s.current_player == 1
    assert s.legal_actions() == [Action("discard")]         # nothing left to draw
    s.apply("discard")
    assert s.phase == "play" and s.current_player == 0      # play begins, non-dealer leads
    assert "stock is empty" in s.log[-1].explain()
    # every card is still somewhere: 5 + 5 in hand, the turn-up, 21 discarded
    assert len(s.discards[0]) + len(s.discards[1]) == 21


def test_dealer_may_not_discard_more_than_the_stock_can_replace():
    # 21 → (nd 5, d 5) → 11 → (nd 5, d 3) → 3 → nd 1 → 2: the dealer (1) may discard at most 2
    s = new_game(deck=stack("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", "7H"), dealer=1)
    play(s, "propose", "accept", "discard 7S 8S 9S 10S JS", "discard 7D 8D 9D 10D JD")
    h0, h1 = s.hands[0], s.hands[1]
    play(s, "propose", "accept", "discard " + " ".join(map(str, h0)),
         "discard " + " ".join(map(str, h1[:3])))
    assert len(s.stock) == 3 and s.phase == "decide"
    play(s, "propose", "accept")
    refused(s, "discard " + " ".join(map(str, s.hands[0][:4])), "stock holds 3")
    s.apply(f"discard {s.hands[0][0]}")
    assert len(s.stock) == 2 and s.current_player == 1
    assert max(len(a.cards) for a in s.legal_actions()) == 2
    assert len(s.legal_actions()) == 1 + 5 + 10                          # 0, 1 or 2 of 5 cards
    refused(s, "discard " + " ".join(map(str, s.hands[1][:3])), "stock holds 2")
    s.apply("discard " + " ".join(map(str, s.hands[1][:2])))
    assert s.stock == [] and s.phase == "play" and s.current_player == 0
    assert sum(map(len, s.discards)) == 21


def test_stock_emptied_by_the_dealers_discard_starts_play_at_once():
    # 21 → (5, 5) → 11 → (3, 3) → 5 → (2, 3) → 0: play begins, the non-dealer (1) leads
    s = new_game(deck=stack("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", "7H"), dealer=0)
    for n_nd, n_d in [(5, 5), (3, 3), (2, 3)]:
        assert s.phase == "decide" and s.current_player == 1
        play(s, "propose", "accept")
        top = list(s.stock[:n_nd])
        s.apply("discard " + " ".join(map(str, s.hands[1][:n_nd])))
        assert s.hands[1][-n_nd:] == top                                # drew the top cards
        top = list(s.stock[:n_d])
        s.apply("discard " + " ".join(map(str, s.hands[0][:n_d])))
        assert s.hands[0][-n_d:] == top
    assert s.stock == [] and s.phase == "play" and s.current_player == 1 and s.leader == 1
    assert all(a.kind == "play" for a in s.legal_actions()) and len(s.legal_actions()) == 5
    assert refused(s, "propose", "").rule.cite() == "§3.4"
    assert s.proposals == 3


def test_proposals_repeat_until_the_dealer_refuses():
    # nd 0 starts with 8♣ for 7♦; stock 9♣ 7♦. Two exchanges (each: nd one card, dealer none)
    # turn the hands into DEAL_A; the third proposal is refused and PLAY_A gives nd 3 tricks.
    deck = stack("KH QH JH 7S 8C", "AH 10H KS KD KC", "8H", stock="9C 7D")
    for rules, expected in [(STD, [2, 0]),    # standard: any refused proposal → 2
                            (CLA, [1, 0])]:   # classic: a later refusal changes nothing
        s = new_game(rules, deck=deck, dealer=1, seed=0)
        play(s, "propose", "accept", "discard 8C", "discard")
        assert s.phase == "decide" and s.legal_actions() == [Action("stand"), Action("propose")]
        play(s, "propose", "accept", "discard 9C", "discard")
        assert sorted(map(str, s.hands[0])) == sorted(map(str, parse_cards("KH QH JH 7S 7D")))
        play(s, "propose", "refuse")
        assert s.proposals == 3 and s.phase == "play" and len(s.stock) == 19
        play(s, *PLAY_A)
        assert hand_scores(s) == expected, rules.name


def test_refusal_means_the_hands_are_played_as_they_are():
    s = new_game(deck=stack("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", "7H"), dealer=1)
    play(s, "propose", "refuse")
    assert s.phase == "play" and s.current_player == 0 and len(s.stock) == 21

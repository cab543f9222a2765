"""Écarté (RULES.md §3): a rules review — worked examples whose answers were worked out by hand
from RULES.md before running the engine, for the cases tests/test_ecarte.py leaves out or covers
thinly (disputed points of real play, dealer 0 as well as dealer 1, both presets, the options).

Decks are built with ``ecarte.stacked_deck(non_dealer, dealer, turn_up, stock)``: the non-dealer's
and the dealer's five cards, the 11th card, then the top of the stock.
"""
import itertools
import json
import re
import random

import numpy as np
import pytest

from cardkit import Action, IllegalAction, parse_card, parse_cards, piquet_pack
from cardkit import ecarte
from cardkit.ecarte import EcarteRules, EcarteState, new_game, trick_winner

C = parse_card
STD, CLA = EcarteRules.standard(), EcarteRules.classic()
ANNOUNCE = Action("announce", word="king")


def stack(nd, d, turn_up, stock="", packets=(3, 2)):
    return ecarte.stacked_deck(nd, d, turn_up, stock, packets)


def play(state, *actions):
    for a in actions:
        state.apply(a)
    return state


def plays(state):
    return sorted(str(a) for a in state.legal_actions() if a.kind == "play")


def hand_scores(state):
    """Scores right after the last hand was scored (before any turn-up king of the next deal)."""
    return [e for e in state.log if e.kind == "hand_score"][-1].data["scores"]


def refused(state, action, pattern):
    """``action`` is illegal: IllegalAction naming ``pattern``, and nothing changes."""
    before, obs = state.to_json(), (state.observation(0), state.observation(1))
    n_log, actions = len(state.log), list(state.actions)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    # the message carries the rule's plain name, never its section; .rule has the section
    if pattern is None:
        pass
    elif pattern.startswith("§"):
        assert re.fullmatch(pattern, info.value.rule.cite()), (pattern, info.value.rule)
        assert f"({info.value.rule})" in str(info.value)
    else:
        assert re.search(pattern, str(info.value)), (pattern, str(info.value))
    assert "§" not in str(info.value) and "RULES.md" not in str(info.value)
    assert state.to_json() == before
    assert (state.observation(0), state.observation(1)) == obs
    assert len(state.log) == n_log and state.actions == actions


# ====================================================================== §3.1 ranking
def test_every_pair_of_ranks_in_a_suit_follows_k_q_j_a_10_9_8_7():
    order = parse_cards("KS QS JS AS 10S 9S 8S 7S")
    hearts = C("7H").suit
    for hi, lo in itertools.combinations(order, 2):          # hi ranks above lo
        assert trick_winner(lo, hi, hearts) == 1              # led low, followed high: follower
        assert trick_winner(hi, lo, hearts) == 0              # led high: leader keeps it
    # trumps: same order, and the lowest trump beats the highest plain card
    for hi, lo in itertools.combinations(parse_cards("KH QH JH AH 10H 9H 8H 7H"), 2):
        assert trick_winner(lo, hi, hearts) == 1 and trick_winner(hi, lo, hearts) == 0
    assert trick_winner(C("KS"), C("7H"), hearts) == 1
    assert trick_winner(C("7H"), C("KS"), hearts) == 0        # a plain card never beats a trump
    assert trick_winner(C("AS"), C("KD"), hearts) == 0        # nor a card of another plain suit


def test_ace_below_jack_in_play_jack_led_the_ace_cannot_win():
    # trumps ♥. Non-dealer 0 leads J♠; the dealer holds A♠ and Q♠: only Q♠ beats the jack,
    # so Q♠ is forced (must win if able) — the ace ranks below the jack.
    s = play(new_game(deck=stack("JS 10S 8D 9D 10D", "AS QS 7C 8C 9C", "7H"), dealer=1), "stand",
             "play JS")
    assert plays(s) == ["play Q♠"]
    refused(s, "play AS", r"§3\.4")
    s.apply("play QS")
    assert s.tricks == [0, 1] and s.current_player == 1      # the winner leads
    # the dealer leads A♠; the non-dealer's 10♠ cannot beat it (ace above ten): 10♠ is forced
    s.apply("play AS")
    assert plays(s) == ["play 10♠"]
    s.apply("play 10S")
    assert s.tricks == [0, 2] and s.leader == 1


def test_ten_led_both_the_ace_and_the_jack_win_so_both_may_be_played():
    s = play(new_game(deck=stack("10S 8D 9D 10D JD", "AS JS 7S 7C 8C", "7H"), dealer=1), "stand",
             "play 10S")
    assert plays(s) == ["play A♠", "play J♠"]
    refused(s, "play 7S", "win the trick")
    s.apply("play AS")
    assert s.tricks == [0, 1]


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


def test_packets_option_survives_json_and_rules_presets():
    r = EcarteRules.classic(target=7, packets=(2, 3))
    assert (r.name, r.must_trump, r.scoring, r.target, r.packets) == ("classic", True, "classic", 7, (2, 3))
    s = EcarteRules.standard()
    assert (s.name, s.must_trump, s.scoring, s.target, s.packets) == ("standard", False, "standard", 5, (3, 2))
    g = play(new_game(r, seed=11), "stand")
    back = EcarteState.from_json(g.to_json())
    assert back.rules == r and back.hands == g.hands and back.to_json() == g.to_json()


def test_turn_up_king_scores_for_player_0_as_dealer_at_once():
    s = new_game(deck=stack("7S 8S 9S 10S JS", "7H 8H 9H 10H JH", "KC"), dealer=0)
    assert s.scores == [1, 0] and s.phase == "decide" and s.actions == []
    kinds = [e.kind for e in s.log]
    assert kinds == ["deal", "turn_up_king"] and s.log[-1].rule.section == "3.1"
    # nobody can hold the king of trumps: no announcement all hand
    play(s, "stand")
    assert ANNOUNCE not in s.legal_actions()


# hand 1 (player 1 deals): the non-dealer 0 stands and takes 3 tricks — standard: 2 points.
#   t1 Q♥ 10♥ (0)  t2 J♥ A♥ (0)  t3 K♥ K♠ (0)  t4 7♦ K♦ (1)  t5 K♣ 7♠ (1)
DEAL_A = stack("KH QH JH 7S 7D", "AH 10H KS KD KC", "8H")
PLAY_A = ["play QH", "play 10H", "play JH", "play AH", "play KH", "play KS", "play 7D", "play KD",
          "play KC", "play 7S"]
# hand 2 (player 0 deals): the turn-up is K♦, so player 0 scores 1 at the deal
DEAL_KING_UP = stack("7S 8S 9S 10S JS", "7H 8H 9H 10H JH", "KD")


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
    refused(s, "stand", "over")
    r = EcarteState.from_json(s.to_json())
    assert r.is_over and r.scores == [3, 0] and r.to_json() == s.to_json()


# ====================================================================== §3.2 proposals, exchanges
def test_non_dealer_is_served_first_from_the_top_of_the_stock():
    deck = stack("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", "7H", stock="KC QC JC AC 10C 9C 8C")
    s = play(new_game(deck=deck, dealer=0), "propose")
    assert s.current_player == 0 and s.legal_actions() == [Action("accept"), Action("refuse")]
    refused(s, "stand", r"§3\.2")                               # the dealer answers, nothing else
    refused(s, "discard 7D", r"§3\.2")
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
    refused(s, "discard 7S 7S", r"§3\.2")
    s.apply("discard 7S 8S 9S 10S JS")                                    # all five is allowed
    assert len(s.stock) == 16
    assert sorted({len(a.cards) for a in s.legal_actions()}) == [0, 1, 2, 3, 4, 5]
    assert len(s.legal_actions()) == 32
    s.apply("discard 7D 8D 9D 10D JD")
    assert len(s.stock) == 11 and len(s.hands[0]) == len(s.hands[1]) == 5


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
    refused(s, "propose", r"§3\.4")
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


# ====================================================================== §3.3 king of trumps
def test_king_drawn_by_the_non_dealer_in_the_exchange_can_be_announced_once():
    s = new_game(deck=stack("7S 8D 9D 10D JD", "QH 7C 8C 9C 10C", "7H", stock="KH"), dealer=1)
    play(s, "propose", "accept")
    refused(s, "announce king", r"§3\.2")                  # not during the exchange
    play(s, "discard 7S", "discard")
    assert C("KH") in s.hands[0]
    refused(s, "announce king", r"§3\.3")                  # not before the proposals are over
    s.apply("stand")
    assert s.legal_actions()[0] == ANNOUNCE
    s.apply("announce king")
    assert s.scores == [1, 0] and s.current_player == 0
    refused(s, "announce king", r"§3\.3")                  # at most one king point
    s.apply("play KH")                                      # leading it now adds nothing
    assert s.scores == [1, 0]


def test_king_drawn_by_the_dealer_in_the_exchange_is_announced_before_the_dealers_first_card():
    s = new_game(deck=stack("7S 8D 9D 10D JD", "QH 7C 8C 9C 10C", "7H", stock="9S KH"), dealer=1)
    play(s, "propose", "accept", "discard 7S", "discard 7C", "stand")
    assert C("KH") in s.hands[1] and C("9S") in s.hands[0]
    assert ANNOUNCE not in s.legal_actions()               # the non-dealer has no king
    refused(s, "announce king", r"§3\.3")
    s.apply("play 8D")
    assert s.legal_actions()[0] == ANNOUNCE
    s.apply("announce king")
    assert s.scores == [0, 1] and s.current_player == 1
    s.apply("play 8C")                                      # void in ♦: any card (standard)
    assert s.tricks == [1, 0] and s.scores == [0, 1]


def test_non_dealer_leading_the_king_later_than_the_first_card_scores_nothing():
    # trumps ♥: nd 0 leads Q♦ (dealer's 7♦ cannot beat it), then leads K♥ to trick 2
    s = new_game(deck=stack("KH QD 8S 9S 10S", "7D 7C 8C 9C 10C", "7H"), dealer=1)
    play(s, "stand", "play QD")
    assert plays(s) == ["play 7♦"]
    s.apply("play 7D")
    assert s.tricks == [1, 0] and s.current_player == 0
    refused(s, "announce king", "before your first card")
    s.apply("play KH")
    assert s.scores == [0, 0] and not [e for e in s.log if e.kind == "king"]


def test_non_dealer_leading_the_king_of_trumps_first_scores_once_and_can_end_the_game():
    deck = stack("KH 8D 9D 10D JD", "QH 7S 7C 8C 9C", "7H")
    s = play(new_game(deck=deck, dealer=1), "stand", "play KH")
    assert s.scores == [1, 0] and s.king_announced == 0
    assert plays(s) == ["play Q♥"]
    s.apply("play QH")
    assert s.tricks == [1, 0] and s.scores == [1, 0]
    t = play(new_game(EcarteRules(target=1), deck=deck, dealer=1), "stand", "play KH")
    assert t.is_over and t.winner == 0 and t.scores == [1, 0] and t.current_player is None
    refused(t, "play QH", "over")


def test_dealer_announces_then_plays_another_card():
    s = play(new_game(deck=stack("9H 8D 9D 10D JD", "KH QH 7C 8C 9C", "7H"), dealer=0), "stand")
    # player 1 is the non-dealer here; the dealer (0) holds K♥
    assert s.current_player == 1 and ANNOUNCE not in s.legal_actions()
    s.apply("play 9H")
    assert s.legal_actions()[0] == ANNOUNCE and plays(s) == ["play K♥", "play Q♥"]
    play(s, "announce king", "play QH")
    assert s.scores == [1, 0] and s.tricks == [1, 0]
    refused(s, "announce king", r"§3\.3")


# ====================================================================== §3.4 tricks
def test_follower_with_the_suit_led_may_not_trump_in_either_preset():
    deck = stack("QS 8D 9D 10D JD", "7S 8H 7C 8C 9C", "7H")
    for rules in (STD, CLA):
        s = play(new_game(rules, deck=deck, dealer=1), "stand", "play QS")
        assert plays(s) == ["play 7♠"], rules.name
        refused(s, "play 8H", "follow suit")


def test_void_follower_standard_any_card_classic_any_trump():
    deck = stack("QS 8D 9D 10D JD", "8H 10H 7C 8C 9C", "7H")
    s = play(new_game(STD, deck=deck, dealer=1), "stand", "play QS")
    assert plays(s) == sorted(["play 8♥", "play 10♥", "play 7♣", "play 8♣", "play 9♣"])
    c = play(new_game(CLA, deck=deck, dealer=1), "stand", "play QS")
    assert plays(c) == ["play 10♥", "play 8♥"]
    refused(c, "play 9C", "must trump")
    c.apply("play 8H")
    assert c.tricks == [0, 1] and c.current_player == 1


def test_classic_void_with_no_trump_plays_any_card():
    deck = stack("QS 8D 9D 10D JD", "7D AD 7C 8C 9C", "7H")
    c = play(new_game(CLA, deck=deck, dealer=1), "stand", "play QS")
    assert len(plays(c)) == 5
    # a trump led to a follower with no trump: any card, and the trump wins
    d = play(new_game(CLA, deck=stack("7H 8D 9D 10D JD", "KS QS 7C 8C 9C", "8H"), dealer=1),
             "stand", "play 7H")
    assert len(plays(d)) == 5
    d.apply("play KS")
    assert d.tricks == [1, 0] and d.current_player == 0


def test_trick_winner_leads_and_the_leader_then_must_follow_and_win():
    # trumps ♥. t1: nd 0 leads 9♣, dealer must win with K♣ (holds 8♣ too); dealer leads Q♦,
    # nd holds K♦ and 8♦: must play K♦.
    s = new_game(deck=stack("9C KD 8D 7S 8S", "KC 8C QD 9S 10S", "7H"), dealer=1)
    play(s, "stand", "play 9C")
    assert plays(s) == ["play K♣"]
    s.apply("play KC")
    assert s.leader == 1 and s.current_player == 1 and len(plays(s)) == 4
    s.apply("play QD")
    assert s.current_player == 0 and plays(s) == ["play K♦"]
    s.apply("play KD")
    assert s.tricks == [1, 1] and s.current_player == 0


# ====================================================================== §3.5 scoring
# Four deals (the non-dealer's and dealer's cards), each played out by hand; trumps ♥ (8♥ or 7♥).
# A: nd 3 tricks (see PLAY_A).  B: dealer 4 tricks.  V: nd 5 (vole).  W: dealer 5 (vole).
# For an exchange, the non-dealer holds `spare` instead of `real`; `real` tops the stock, so
# discarding the spare gives back the same hand.
DEALS = {
    "A": ("KH QH JH 7S 7D", "AH 10H KS KD KC", "8H", PLAY_A, "7D", "8C", [3, 2]),
    # t1 7♠ K♠ (d)  t2 K♥ 8♠ (d)  t3 Q♥ 7♣ (d)  t4 J♥ Q♣ (d)  t5 7♦ Q♦ (nd)
    "B": ("7S 8S QD QC 7C", "KH QH JH KS 7D", "8H",
          ["play 7S", "play KS", "play KH", "play 8S", "play QH", "play 7C", "play JH", "play QC",
           "play 7D", "play QD"], "7C", "10C", [1, 4]),
    # every lead is a trump the dealer cannot follow
    "V": ("QH JH AH 10H 9H", "7S 8S 9S 10S JS", "7H",
          ["play QH", "play 7S", "play JH", "play 8S", "play AH", "play 9S", "play 10H", "play 10S",
           "play 9H", "play JS"], "9H", "7C", [5, 0]),
    # t1 7♠ K♠ (d, must win) then the dealer leads four trumps
    "W": ("7S 8S 9S 10S JS", "KS QH JH AH 10H", "7H",
          ["play 7S", "play KS", "play QH", "play JS", "play JH", "play 10S", "play AH", "play 9S",
           "play 10H", "play 8S"], "8S", "7C", [0, 5]),
}
STARTS = {
    "stand": lambda spare: ["stand"],
    "refuse first": lambda spare: ["propose", "refuse"],
    "exchange, stand": lambda spare: ["propose", "accept", f"discard {spare}", "discard", "stand"],
    "exchange, refuse": lambda spare: ["propose", "accept", f"discard {spare}", "discard",
                                       "propose", "refuse"],
}
# (rules, start, deal) → (points, to whom), worked out from RULES.md §3.5
EXPECTED = {
    # standard: stood at once or any refusal + nd takes 3+ → 2 (no extra for the vole)
    ("standard", "stand", "A"): (2, "nd"), ("standard", "stand", "V"): (2, "nd"),
    ("standard", "stand", "B"): (1, "d"), ("standard", "stand", "W"): (2, "d"),
    ("standard", "refuse first", "A"): (2, "nd"), ("standard", "refuse first", "V"): (2, "nd"),
    ("standard", "refuse first", "B"): (1, "d"), ("standard", "refuse first", "W"): (2, "d"),
    ("standard", "exchange, stand", "A"): (1, "nd"), ("standard", "exchange, stand", "V"): (2, "nd"),
    ("standard", "exchange, stand", "B"): (1, "d"), ("standard", "exchange, stand", "W"): (2, "d"),
    ("standard", "exchange, refuse", "A"): (2, "nd"), ("standard", "exchange, refuse", "V"): (2, "nd"),
    ("standard", "exchange, refuse", "B"): (1, "d"), ("standard", "exchange, refuse", "W"): (2, "d"),
    # classic: the stander/first refuser who takes < 3 gives the opponent 2 (2 for a vole too)
    ("classic", "stand", "A"): (1, "nd"), ("classic", "stand", "V"): (2, "nd"),
    ("classic", "stand", "B"): (2, "d"), ("classic", "stand", "W"): (2, "d"),
    ("classic", "refuse first", "A"): (2, "nd"), ("classic", "refuse first", "V"): (2, "nd"),
    ("classic", "refuse first", "B"): (1, "d"), ("classic", "refuse first", "W"): (2, "d"),
    ("classic", "exchange, stand", "A"): (1, "nd"), ("classic", "exchange, stand", "V"): (2, "nd"),
    ("classic", "exchange, stand", "B"): (1, "d"), ("classic", "exchange, stand", "W"): (2, "d"),
    ("classic", "exchange, refuse", "A"): (1, "nd"), ("classic", "exchange, refuse", "V"): (2, "nd"),
    ("classic", "exchange, refuse", "B"): (1, "d"), ("classic", "exchange, refuse", "W"): (2, "d"),
}


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("rules_name, start, deal", sorted(EXPECTED))
def test_scoring_table(rules_name, start, deal, dealer):
    nd_cards, d_cards, turn_up, moves, real, spare, tricks = DEALS[deal]
    rules = {"standard": STD, "classic": CLA}[rules_name]
    if start.startswith("exchange"):
        nd_cards = nd_cards.replace(real, spare)
        deck = stack(nd_cards, d_cards, turn_up, stock=real)
    else:
        deck = stack(nd_cards, d_cards, turn_up)
    s = new_game(rules, deck=deck, dealer=dealer, seed=0)
    nd = 1 - dealer
    play(s, *STARTS[start](spare), *moves)
    assert s.last_hand["tricks"] == ([tricks[0], tricks[1]] if nd == 0 else [tricks[1], tricks[0]])
    points, who = EXPECTED[(rules_name, start, deal)]
    expected = [0, 0]
    expected[nd if who == "nd" else dealer] = points
    assert hand_scores(s) == expected
    assert s.last_hand["points"] == points
    assert [e for e in s.log if e.kind == "hand_score"][-1].rule.section == "3.5"
    assert s.hand_number == 2 and s.dealer == 1 - dealer         # the deal passes


def test_king_point_and_standard_stood_bonus_add_up_to_three_never_more_for_the_vole():
    # nd 0 holds K♥ and announces (1), stands and takes the vole: standard 2, so 3 in all
    s = new_game(deck=stack("KH QH JH AH 10H", "7S 8S 9S 10S JS", "7H"), dealer=1, seed=0)
    play(s, "stand", "announce king", "play KH", "play 7S", "play QH", "play 8S", "play JH",
         "play 9S", "play AH", "play 10S", "play 10H", "play JS")
    assert hand_scores(s) == [3, 0] and s.last_hand["points"] == 2


# ====================================================================== §3.5 game end
# hand 1 (dealer 1): nd 0 stands, announces K♥, takes the vole: 1 + 2 = 3 → [3, 0]
H1 = stack("KH QH JH AH 10H", "7S 8S 9S 10S JS", "7H")
H1_PLAY = ["stand", "announce king", "play QH", "play 7S", "play KH", "play 8S", "play JH", "play 9S",
           "play AH", "play 10S", "play 10H", "play JS"]
# hand 2 (dealer 0): turn-up K♣ → [4, 0]; nd 1 stands and takes 3 tricks: standard 2 → [4, 2]
#   t1 Q♣ 10♣ (1)  t2 J♣ 9♣ (1)  t3 A♣ 8♥ (1)  t4 7♠ K♠ (0)  t5 K♦ 7♦ (0)
H2 = stack("QC JC AC 7S 7D", "10C 9C 8H KS KD", "KC")
H2_PLAY = ["stand", "play QC", "play 10C", "play JC", "play 9C", "play AC", "play 8H", "play 7S",
           "play KS", "play KD", "play 7D"]
# hand 3 (dealer 1): nd 0 holds K♥ and announces it: 5 points, mid-hand
H3 = stack("KH 8D 9D 10D JD", "QH 7S 7C 8C 9C", "7H")


def test_game_to_five_ends_the_moment_a_king_point_reaches_it_mid_hand():
    s = new_game(deck=[H1, H2, H3], dealer=1, seed=0)
    play(s, *H1_PLAY)
    assert hand_scores(s) == [3, 0] and s.dealer == 0
    assert s.scores == [4, 0]                                # turn-up K♣ for the new dealer
    play(s, *H2_PLAY)
    assert hand_scores(s) == [4, 2] and s.dealer == 1 and s.hand_number == 3
    play(s, "stand", "announce king")
    assert s.is_over and s.winner == 0 and s.scores == [5, 2]
    assert s.hand_number == 3 and s.phase == "over" and s.legal_actions() == []
    assert s.log[-1].kind == "game_over" and s.log[-1].rule.section == "3.5"
    refused(s, "play KH", "over")
    o = s.observation(1)
    assert o.is_over and o.winner == 0 and o.legal_actions == () and o.outcome.termination == "target"
    assert o.outcome.text == "Player 1 wins the game 5–2." and s.observation(0).outcome.text == "You win the game 5–2!"


def test_target_seven_plays_on_past_five():
    s = new_game(EcarteRules(target=7), deck=[H1, H2, H3], dealer=1, seed=0)
    play(s, *H1_PLAY, *H2_PLAY, "stand", "announce king")
    assert s.scores == [5, 2] and not s.is_over and s.winner is None and s.current_player == 0


def test_hand_score_reaching_the_target_ends_the_game_without_a_new_deal():
    for target, scores in [(2, [2, 0]), (1, [2, 0])]:        # 2 points may overshoot the target
        s = new_game(EcarteRules(target=target), deck=[DEAL_A, DEAL_KING_UP], dealer=1, seed=0)
        play(s, "stand", *PLAY_A)
        assert s.is_over and s.winner == 0 and s.scores == scores
        assert s.hand_number == 1 and s.dealer == 1 and s.turn_up == C("8H")


def test_the_deal_alternates_every_hand():
    s = new_game(seed=2024)
    first = s.dealer
    bots = [ecarte.computer_player(seed=1), ecarte.computer_player(seed=2)]
    while not s.is_over:
        s.apply(bots[s.current_player].choose(s.observation(s.current_player)))
    deals = [e.player for e in s.log if e.kind == "deal"]
    assert len(deals) >= 3
    assert deals == [(first + i) % 2 for i in range(len(deals))]


# ====================================================================== protocol
def _some_moves(s, rng, n):
    for _ in range(n):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("rules", [STD, CLA, EcarteRules.standard(target=7, packets=(2, 3))])
def test_json_replays_a_seeded_match_with_exchanges(rules):
    s = new_game(rules, seed=77)
    _some_moves(s, np.random.default_rng(5), 120)
    random.seed(1)
    np.random.seed(1)
    r = EcarteState.from_json(s.to_json())
    assert r.to_json() == s.to_json() and r.hands == s.hands and r.stock == s.stock
    assert r.scores == s.scores and r.dealer == s.dealer and r.discards == s.discards
    assert [e.explain() for e in r.log] == [e.explain() for e in s.log]


@pytest.mark.parametrize("start", [
    lambda: play(new_game(), "stand"),                                  # shuffled, dealer drawn
    lambda: play(new_game(deck=DEAL_A), "stand"),                       # stacked, dealer drawn
    lambda: play(new_game(hands=["KH QH JH 7S 7D", "AH 10H KS KD KC"], turn_up="8H", dealer=1),
                 "stand"),                                              # the stock is shuffled
    lambda: play(new_game(deck=DEAL_A, dealer=1), "stand", *PLAY_A),    # hand 2 is shuffled
], ids=["new_game()", "deck, no dealer", "hands", "deck, second hand"])
def test_json_replays_a_game_started_without_a_seed(start):
    # to_json() records the rules, the deal and the actions "so a game replays
    # exactly" (from_json); War and Switch draw and record a fresh seed when none is given.
    for _ in range(10):     # a chance match of a random deal (or dealer) must not hide the bug
        s = start()
        r = EcarteState.from_json(s.to_json())
        assert r.dealer == s.dealer and r.hands == s.hands
        assert r.turn_up == s.turn_up and r.stock == s.stock and r.to_json() == s.to_json()


def test_illegal_actions_in_every_phase_name_the_rule_and_change_nothing():
    s = new_game(CLA, deck=stack("QS 8D 9D 10D JD", "8H KH 7C 8C 9C", "7H", stock="AS"), dealer=1)
    refused(s, "accept", r"§3\.2")
    refused(s, "discard 8D", r"§3\.2")
    refused(s, "play QS", r"§3\.2")
    s.apply("propose")
    refused(s, "propose", r"§3\.2")
    refused(s, "play 8H", r"§3\.2")
    refused(s, "announce king", r"§3\.2")
    s.apply("accept")
    refused(s, "stand", r"§3\.2")
    refused(s, "play QS", r"§3\.2")
    refused(s, "discard 8H", r"§3\.2")                      # not the non-dealer's card
    play(s, "discard 8D", "discard")
    assert s.hands[0][-1] == C("AS")
    play(s, "stand", "play QS")
    refused(s, "play 7C", r"§3\.4")                         # classic: void in ♠, must trump
    refused(s, "stand", r"§3\.4")
    s.apply("announce king")
    refused(s, "announce king", r"§3\.3")
    s.apply("play 8H")
    assert s.tricks == [0, 1] and s.scores == [0, 1]


@pytest.mark.parametrize("rules", [STD, CLA])
def test_observations_hide_the_opponent_the_stock_and_the_opponents_discards(rules):
    rng = np.random.default_rng(3)
    for seed in range(6):
        s = new_game(rules, seed=seed)
        while not s.is_over:
            for seat in (0, 1):
                o = s.observation(seat)
                hidden = set(s.hands[1 - seat]) | set(s.stock) | set(s.discards[1 - seat])
                if s.king_announced == 1 - seat:
                    hidden.discard(s.king_of_trumps())
                start = max(i for i, e in enumerate(s.log) if e.kind == "deal")
                view = {k: v for k, v in o.to_dict().items() if k != "events"}
                text = repr(view) + " ".join(o["log"][start:]) + o.what_now + json.dumps(
                    [e.to_dict() for e in o.events[start:]], ensure_ascii=False)
                leaked = [c for c in hidden if repr(c) in text or str(c) in text]
                assert not leaked, (seat, leaked)
                assert o["opponent_cards"] == len(s.hands[1 - seat])
                assert o["stock_count"] == len(s.stock)
                assert o.own_discards == tuple(s.discards[seat])
                assert o.legal_actions == (tuple(s.legal_actions()) if s.current_player == seat else ())
            legal = s.legal_actions()
            # prefer exchanges so that discards and the stock change hands
            pref = [a for a in legal if a.kind in ("propose", "accept")]
            s.apply(pref[0] if pref and rng.random() < 0.8 else legal[int(rng.integers(len(legal)))])


def test_playing_a_card_one_does_not_hold_names_the_rule():
    # an IllegalAction's message "names the rule that forbids it" (RULES.md §3.x);
    # the discard check does ("own hand … (§3.2)"), and so must the play check.
    s = play(new_game(deck=stack("QS 8D 9D 10D JD", "8H KH 7C 8C 9C", "7H"), dealer=1), "stand")
    refused(s, "play 7C", r"§3\.\d")                       # the dealer's card
    refused(s, "play AS", r"§3\.\d")                       # a card in the stock


def test_action_values_outside_legal_actions_are_illegal():
    # apply() takes Action values as well as text; one that is not among
    # legal_actions() must raise IllegalAction and change nothing (an accepted
    # "announce queen" scored the king point, and its JSON no longer replays).
    s = play(new_game(deck=stack("KH 8D 9D 10D JD", "QH 7S 7C 8C 9C", "7H"), dealer=1), "stand")
    assert ANNOUNCE in s.legal_actions()
    for bad in [Action("announce", word="queen"), Action("play", tuple(parse_cards("KH 8D"))),
                Action("play", ())]:
        assert bad not in s.legal_actions()
        refused(s, bad, None)
    assert s.scores == [0, 0]

"""Écarté (RULES.md §3): worked examples with stacked decks, each worked out by hand.

Decks are built with :func:`stack`: the non-dealer's and the dealer's five cards, the turn-up and
the top of the stock; dealt 3+2 as §3.1 says, so a test reads like a real deal.
"""
import pytest

from cardkit import Action, IllegalAction, InvalidAction, parse_card, parse_cards, piquet_pack
from cardkit import ecarte
from cardkit.ecarte import EcarteRules, new_game, rank_strength, trick_winner

C = parse_card


def stack(nd, d, turn_up, stock="", packets=(3, 2)):
    """A 32-card deck, top first, dealing ``nd`` to the non-dealer and ``d`` to the dealer."""
    deck = ecarte.stacked_deck(nd, d, turn_up, stock, packets)
    assert len(set(deck)) == 32
    return deck


def scores_after_hand(state):
    """The scores right after the last hand was scored (the next deal may add a turn-up king)."""
    return [e for e in state.log if e.kind == "hand_score"][-1].data["scores"]


def play(state, *actions):
    for a in actions:
        state.apply(a)
    return state


# ------------------------------------------------------------------ §3.1 pack, ranking, deal
def test_rank_order_king_high_ace_below_jack():
    order = parse_cards("KS QS JS AS 10S 9S 8S 7S")
    assert [rank_strength(c) for c in order] == [8, 7, 6, 5, 4, 3, 2, 1]
    assert [str(r) for r in ecarte.RANK_ORDER] == ["K", "Q", "J", "A", "10", "9", "8", "7"]
    # the jack beats the ace of its suit; any trump beats any plain card
    assert trick_winner(C("AS"), C("JS"), trump=C("7H").suit) == 1
    assert trick_winner(C("KS"), C("7H"), trump=C("7H").suit) == 1
    # a card of another plain suit never wins, however high
    assert trick_winner(C("7S"), C("KD"), trump=C("7H").suit) == 0


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


# ------------------------------------------------------------------ §3.4 tricks
def test_follower_must_follow_suit_and_win_if_able():
    # trumps ♥; non-dealer 0 leads Q♠; dealer holds K♠ and 7♠: must play the K♠
    s = new_game(deck=stack("QS 8D 9D 10D JD", "KS 7S 7C 8C 9C", "7H"), dealer=1)
    play(s, "stand", "play QS")
    assert s.legal_actions() == [Action.parse("play KS")]
    before = s.to_json()
    with pytest.raises(IllegalAction, match=r"win the trick.*K♠"):
        s.apply("play 7S")
    with pytest.raises(IllegalAction, match="follow suit"):
        s.apply("play 7C")
    assert s.to_json() == before
    s.apply("play KS")
    assert s.tricks == [0, 1] and s.leader == 1
    assert "wins trick 1 with K♠" in s.log[-1].explain()


def test_follower_who_cannot_beat_the_lead_may_play_any_card_of_the_suit():
    s = new_game(deck=stack("KS 8D 9D 10D JD", "QS 7S 7C 8C 9C", "7H"), dealer=1)
    play(s, "stand", "play KS")
    assert sorted(map(str, s.legal_actions())) == ["play 7♠", "play Q♠"]


def test_void_standard_any_card_classic_must_trump():
    deck = stack("QS 8D 9D 10D JD", "8H 7C 8C 9C 10C", "7H")
    s = play(new_game(deck=deck, dealer=1), "stand", "play QS")
    assert len(s.legal_actions()) == 5                     # standard: any card (seed)
    s.apply("play 7C")
    assert s.tricks == [1, 0]                              # a plain card of another suit loses
    c = play(new_game(EcarteRules.classic(), deck=deck, dealer=1), "stand", "play QS")
    assert c.legal_actions() == [Action.parse("play 8H")]  # classic: must trump if able
    with pytest.raises(IllegalAction, match="must trump"):
        c.apply("play 7C")
    c.apply("play 8H")
    assert c.tricks == [0, 1]


def test_trump_lead_must_be_followed_with_a_higher_trump():
    s = new_game(deck=stack("JH 8D 9D 10D JD", "QH 9H 7C 8C 9C", "7H"), dealer=1)
    play(s, "stand", "play JH")
    assert s.legal_actions() == [Action.parse("play QH")]


def test_leader_may_lead_anything_and_trick_winner_leads_next():
    s = new_game(deck=stack("7C 8D 9D 10D JD", "KC 9H 7S 8C 9C", "7H"), dealer=1)
    play(s, "stand")
    assert len(s.legal_actions()) == 5
    play(s, "play 7C", "play KC")
    assert s.current_player == 1 and s.leader == 1
    # the leader is told they may lead anything, and what the reply must do — not to follow suit
    assert ecarte.what_now(s.observation(1)) == (
        "Your lead: play any card; the other player must follow its suit and beat it if they can.")


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


def test_refusal_means_the_hands_are_played_as_they_are():
    s = new_game(deck=stack("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", "7H"), dealer=1)
    play(s, "propose", "refuse")
    assert s.phase == "play" and s.current_player == 0 and len(s.stock) == 21


def test_wrong_phase_actions_name_the_rule_and_change_nothing():
    s = new_game(deck=stack("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", "7H"), dealer=1)
    before = s.to_json()
    for bad, section in [("accept", "3.2"), ("play 7S", "3.2"), ("announce king", "3.3"),
                         ("flip", "3.2")]:
        with pytest.raises(IllegalAction) as refused:
            s.apply(bad)
        assert refused.value.rule.section == section
        assert f"({refused.value.rule})" in str(refused.value) and "§" not in str(refused.value)
        assert s.to_json() == before
    with pytest.raises(InvalidAction, match="Cannot read"):
        s.apply("bogus")
    assert s.to_json() == before
    s.apply("stand")
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply("play 7D")


# ------------------------------------------------------------------ §3.3 king of trumps
def test_dealer_announces_king_before_their_first_card():
    s = new_game(deck=stack("QH 8D 9D 10D JD", "KH 7S 7C 8C 9C", "7H"), dealer=1)
    play(s, "stand", "play QH")
    assert Action("announce", word="king") in s.legal_actions()
    s.apply("announce king")
    assert s.scores == [0, 1] and s.current_player == 1
    assert Action("announce", word="king") not in s.legal_actions()
    s.apply("play KH")
    assert s.tricks == [0, 1]


def test_king_not_announced_before_the_first_card_is_lost():
    s = new_game(deck=stack("QS 8D 9D 10D JD", "KS KH 7C 8C 9C", "7H"), dealer=1)
    play(s, "stand", "play QS", "play KS")                  # dealer plays without announcing
    with pytest.raises(IllegalAction, match="before your first card"):
        s.apply("announce king")
    s.apply("play KH")
    assert s.scores == [0, 0]


def test_non_dealer_leading_the_king_of_trumps_announces_it():
    s = new_game(deck=stack("KH 8D 9D 10D JD", "QH 7S 7C 8C 9C", "7H"), dealer=1)
    play(s, "stand", "play KH")
    assert s.scores == [1, 0]
    assert "announces it" in s.log[-2].explain() or "announces it" in s.log[-1].explain()


def test_announcing_is_optional_and_only_for_the_holder():
    s = new_game(deck=stack("KH 8D 9D 10D JD", "QH 7S 7C 8C 9C", "7H"), dealer=1)
    play(s, "stand")
    acts = s.legal_actions()
    assert acts[0] == Action("announce", word="king") and len(acts) == 6
    play(s, "play 8D", "play QH")                           # non-dealer did not announce
    assert s.scores == [0, 0]
    s2 = new_game(deck=stack("QH 8D 9D 10D JD", "JH 7S 7C 8C 9C", "7H"), dealer=1)
    play(s2, "stand")
    with pytest.raises(IllegalAction, match="king of trumps"):
        s2.apply("announce king")


def test_turned_up_king_is_the_only_king_point():
    s = new_game(deck=stack("QH 8D 9D 10D JD", "JH 7S 7C 8C 9C", "KH"), dealer=1)
    assert s.scores == [0, 1]
    play(s, "stand")
    assert all(a.kind != "announce" for a in s.legal_actions())


def test_match_ends_the_moment_the_target_is_reached_even_mid_hand():
    s = new_game(EcarteRules(target=1), deck=stack("QH 8D 9D 10D JD", "KH 7S 7C 8C 9C", "7H"), dealer=1)
    play(s, "stand", "play QH", "announce king")
    assert s.is_over and s.winner == 1 and s.current_player is None and s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.apply("play KH")
    t = new_game(EcarteRules(target=1), deck=stack("QH 8D 9D 10D JD", "JH 7S 7C 8C 9C", "KD"), dealer=0)
    assert t.is_over and t.winner == 0 and t.scores == [1, 0]   # the turn-up king wins a 1-point game


# ------------------------------------------------------------------ §3.5 scoring
# deal A: the non-dealer (0) takes 3 tricks, the dealer 2 — worked out by hand:
#   t1 Q♥ 10♥ (0)  t2 J♥ A♥ (0)  t3 K♥ K♠ (0)  t4 7♦ K♦ (1)  t5 K♣ 7♠ (1)
DEAL_A = stack("KH QH JH 7S 7D", "AH 10H KS KD KC", "8H")
PLAY_A = ["play QH", "play 10H", "play JH", "play AH", "play KH", "play KS", "play 7D", "play KD",
          "play KC", "play 7S"]
# deal B: the dealer (1) takes 4 tricks, the non-dealer 1:
#   t1 7♠ K♠ (1)  t2 K♥ 8♠ (1)  t3 Q♥ 7♣ (1)  t4 J♥ Q♣ (1)  t5 7♦ Q♦ (0)
DEAL_B = stack("7S 8S QD QC 7C", "KH QH JH KS 7D", "8H")
PLAY_B = ["play 7S", "play KS", "play KH", "play 8S", "play QH", "play 7C", "play JH", "play QC",
          "play 7D", "play QD"]


def _hand(rules, deal, start, moves):
    s = new_game(rules, deck=deal, dealer=1, seed=0)
    play(s, *start, *moves)
    return s


@pytest.mark.parametrize("rules, start, deal, moves, scores", [
    # standard: stood at once and the non-dealer wins 3 → 2 points
    (EcarteRules.standard(), ["stand"], DEAL_A, PLAY_A, [2, 0]),
    # classic: the player who stood and won scores normally → 1
    (EcarteRules.classic(), ["stand"], DEAL_A, PLAY_A, [1, 0]),
    # standard: stood, the dealer wins 4 → the dealer scores normally, 1
    (EcarteRules.standard(), ["stand"], DEAL_B, PLAY_B, [0, 1]),
    # classic: the non-dealer stood and took fewer than 3 → the dealer scores 2
    (EcarteRules.classic(), ["stand"], DEAL_B, PLAY_B, [0, 2]),
    # standard: the dealer refused, the non-dealer wins 3 → 2
    (EcarteRules.standard(), ["propose", "refuse"], DEAL_A, PLAY_A, [2, 0]),
    # classic: the dealer refused the first proposal and took fewer than 3 → non-dealer 2
    (EcarteRules.classic(), ["propose", "refuse"], DEAL_A, PLAY_A, [2, 0]),
    # standard: the dealer refused and won 4 → 1
    (EcarteRules.standard(), ["propose", "refuse"], DEAL_B, PLAY_B, [0, 1]),
    # classic: the refuser won → scores normally, 1
    (EcarteRules.classic(), ["propose", "refuse"], DEAL_B, PLAY_B, [0, 1]),
])
def test_scoring_played_as_dealt(rules, start, deal, moves, scores):
    s = _hand(rules, deal, start, moves)
    assert scores_after_hand(s) == scores
    assert s.last_hand["points"] == max(scores)
    assert [e for e in s.log if e.kind == "hand_score"][-1].rule.section == "3.5"


# deal V: the non-dealer (0) holds all the trumps that matter and takes all 5 tricks (the vole)
#   t1 K♥ 7♠ ... every lead wins: K♥ Q♥ J♥ A♥ 10♥ against 7♠ 8♠ 9♠ 10♠ J♠
DEAL_V = stack("KH QH JH AH 10H", "7S 8S 9S 10S JS", "7H")
PLAY_V = ["play QH", "play 7S", "play KH", "play 8S", "play JH", "play 9S", "play AH", "play 10S",
          "play 10H", "play JS"]


@pytest.mark.parametrize("rules, start, scores", [
    (EcarteRules.standard(), ["stand"], [3, 0]),            # 1 king + 2 (stood; no extra for the vole)
    (EcarteRules.classic(), ["stand"], [3, 0]),             # 1 king + 2 for the vole
    (EcarteRules.standard(), ["propose", "accept", "discard 10H", "discard", "stand"], None),
])
def test_vole_scores_two(rules, start, scores):
    s = new_game(rules, deck=stack("KH QH JH AH 10H", "7S 8S 9S 10S JS", "7H", stock="9H"),
                 dealer=1, seed=0)
    play(s, *start)
    s.apply("announce king")
    moves = PLAY_V if scores else [m.replace("10H", "9H") for m in PLAY_V]
    play(s, *moves)
    assert s.last_hand["tricks"] == [5, 0]
    assert scores_after_hand(s) == (scores or [3, 0])                   # after an exchange: vole = 2, + king


def test_exchange_then_normal_scoring_and_later_refusal():
    # after an accepted exchange the non-dealer's 3 tricks are worth 1 (standard)...
    deck = stack("KH QH JH 7S 8C", "AH 10H KS KD KC", "8H", stock="7D")
    s = new_game(deck=deck, dealer=1)
    play(s, "propose", "accept", "discard 8C", "discard")
    assert s.hands[0] == parse_cards("KH QH JH 7S 7D")
    play(s, "stand", *PLAY_A)
    assert scores_after_hand(s) == [1, 0]
    # ... but a refusal of any later proposal makes them 2 in standard, not in classic
    for rules, expected in [(EcarteRules.standard(), [2, 0]), (EcarteRules.classic(), [1, 0])]:
        s = new_game(rules, deck=deck, dealer=1)
        play(s, "propose", "accept", "discard 8C", "discard", "propose", "refuse", *PLAY_A)
        assert scores_after_hand(s) == expected, rules.name


def test_classic_later_refusal_does_not_change_scoring_even_when_the_refuser_loses():
    deck = stack("KH QH JH 7S 8C", "AH 10H KS KD KC", "8H", stock="7D")
    s = new_game(EcarteRules.classic(), deck=deck, dealer=1)
    play(s, "propose", "accept", "discard 8C", "discard", "propose", "refuse", *PLAY_A)
    assert scores_after_hand(s) == [1, 0]        # the dealer refused the 2nd proposal and lost: no penalty


def test_target_option_and_presets():
    assert EcarteRules.standard() == EcarteRules()
    c = EcarteRules.classic(target=7)
    assert (c.name, c.must_trump, c.scoring, c.target) == ("classic", True, "classic", 7)
    s = new_game(EcarteRules(target=7), seed=1)
    assert s.rules.target == 7


# ------------------------------------------------------------------ protocol details
def test_observation_hides_the_opponent_and_the_stock():
    s = new_game(deck=DEAL_A, dealer=1)
    o = s.observation(0)
    assert o.hand == tuple(s.hands[0]) and o.card_counts == (5, 5) and o.stock_count == 21
    assert o.legal_actions == (Action("stand"), Action("propose"))
    assert s.observation(1).legal_actions == ()
    text = repr(o)
    for c in s.hands[1] + s.stock:
        assert repr(c) not in text
    play(s, "propose", "accept", "discard 7S")
    o1 = s.observation(1)
    assert o1.discard_counts == (1, 0) and "7S" not in repr(o1) and "Card('7♠')" not in repr(o1)
    assert "7♠" not in o1.to_json() and "7♠" in s.observation(0).to_json()


def test_what_now_names_the_rule():
    s = play(new_game(deck=stack("QS 8D 9D 10D JD", "KS 7S 7C 8C 9C", "7H"), dealer=1), "stand", "play QS")
    assert ecarte.what_now(s.observation(1)) == \
        "You must follow suit and win the trick if you can: play K♠ (Follow suit and win the trick)."
    assert s.observation(1).what_now == ecarte.what_now(s.observation(1))
    assert s.observation(0).what_now == "Waiting for Player 2."


def test_names_option_and_repr():
    s = new_game(deck=DEAL_A, dealer=1, names=("Ada", "Computer"))
    assert s.log[0].explain().startswith("Computer deals 5 cards each in packets of 3+2")
    assert s.observation(1).events[0].explain().startswith("You deal 5 cards each in packets of 3+2")
    assert repr(s).startswith("<Écarté standard hand 1: dealer 1, trumps ♥")
    assert "K♥" in s._repr_html_()
    assert ecarte.EcarteState.from_json(s.to_json()).names == ("Ada", "Computer")


def test_stacked_decks_for_several_hands():
    s = new_game(deck=[DEAL_A, DEAL_B], dealer=1)
    play(s, "stand", *PLAY_A)
    assert s.dealer == 0 and s.turn_up == C("8H") and s.hands[1] == parse_cards("7S 8S QD QC 7C")
    r = ecarte.EcarteState.from_json(s.to_json())
    assert r.to_json() == s.to_json() and r.hands == s.hands


# ------------------------------------------------------------------ computer player
def test_computer_player_stands_on_a_jeu_de_regle_and_announces():
    s = new_game(deck=stack("KH 9H 8H 7S 7D", "AH 10H KS KD KC", "QH"), dealer=1)
    bot = ecarte.computer_player(seed=0)
    assert bot.choose(s.observation(0)) == Action("stand")       # three trumps
    s.apply("stand")
    assert bot.choose(s.observation(0)) == Action("announce", word="king")
    weak = new_game(deck=stack("7S 8S 9D 8C 7C", "AH 10H KS KD KC", "QH"), dealer=1)
    assert bot.choose(weak.observation(0)) == Action("propose")


def test_computer_player_wins_cheaply_and_discards_non_trumps():
    s = play(new_game(deck=stack("QS 8D 9D 10D JD", "KS 7H 7C 8C 9C", "8H"), dealer=1), "stand", "play 8D")
    bot = ecarte.computer_player(seed=0)
    assert bot.choose(s.observation(1)) == Action.parse("play 7H")    # trump cheaply
    d = play(new_game(deck=stack("KH 9H 8C 7S 7D", "AH 10H KS KD KC", "QH"), dealer=1), "propose", "accept")
    assert bot.choose(d.observation(0)) == Action.parse("discard 7S 7D 8C")
    with pytest.raises(ValueError):
        bot.choose(d.observation(1))
    with pytest.raises(ValueError, match="level"):
        ecarte.computer_player(level="grandmaster")


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


def test_the_hand_end_names_each_score_whichever_seat_won():
    """§3.5: seat 1 (non-dealer) stands with the five top trumps and takes the vole (2) with the
    king of trumps (1): 3–0. Each score is said with its player's name, the winner first, for
    both readers (in seat order it read "you … scored 2 points; the score is 0–3")."""
    s = new_game(deck=stack("KH QH JH AH 10H", "7S 8S 9S 7C 8C", "9H"), dealer=0)
    s.apply("stand")
    for code, reply in zip(("KH", "QH", "JH", "AH", "10H"), ("7S", "8S", "9S", "7C", "8C"), strict=False):
        play(s, f"play {code}", f"play {reply}")
    ends = {seat: [e for e in s.observation(seat).events if e.kind == "hand_end"][-1].explain()
            for seat in (0, 1)}
    assert s.scores == [0, 3]
    assert ends[1] == ("Hand 1 is over: you took 5 tricks to 0 and scored 2 points; score: you 3, "
                       "Player 1 0.")
    assert ends[0] == ("Hand 1 is over: Player 2 took 5 tricks to 0 and scored 2 points; score: "
                       "Player 2 3, you 0.")


def test_the_game_over_sentence_says_the_points_to_reach():
    """§3.5 target: "You reach 5 points" (the target was once filled in as a seat's name)."""
    # seat 1 stands with the five top trumps: the king (1) and the vole (2) reach a target of 3
    s = new_game(EcarteRules(target=3), deck=stack("KH QH JH AH 10H", "7S 8S 9S 7C 8C", "9H"),
                 dealer=0)
    s.apply("stand")
    for code, reply in zip(("KH", "QH", "JH", "AH", "10H"), ("7S", "8S", "9S", "7C", "8C"), strict=False):
        play(s, f"play {code}", f"play {reply}")
    ends = {seat: [e for e in s.observation(seat).events if e.kind == "game_over"][-1].explain()
            for seat in (0, 1)}
    assert s.is_over and s.scores == [0, 3]
    assert ends[1] == "You reach 3 points and win the game 3–0 (Winning the game)."
    assert ends[0] == "Player 2 reaches 3 points and wins the game 3–0 (Winning the game)."

"""Écarté's play (RULES.md §3.1 ranking, §3.3 king of trumps, §3.4 tricks): worked examples with
stacked decks, each worked out by hand, and the refusals that name the rule.
"""
import itertools

import pytest

from cardkit import Action, IllegalAction, InvalidAction, parse_cards
from cardkit import ecarte
from cardkit.ecarte import EcarteRules, new_game, rank_strength, trick_winner
from harness import play, plays, refused

from .deals import ANNOUNCE, CLA, STD, C, over, stack


# ------------------------------------------------------------------ §3.1 ranking


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
    assert refused(s, "play AS", "").rule.cite() == "§3.4"
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


# ------------------------------------------------------------------ §3.4 tricks


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


def test_what_now_names_the_rule():
    s = play(new_game(deck=stack("QS 8D 9D 10D JD", "KS 7S 7C 8C 9C", "7H"), dealer=1), "stand", "play QS")
    assert ecarte.what_now(s.observation(1)) == \
        "You must follow suit and win the trick if you can: play K♠ (Follow suit and win the trick)."
    assert s.observation(1).what_now == ecarte.what_now(s.observation(1))
    assert s.observation(0).what_now == "Waiting for Player 2."


# ------------------------------------------------------------------ §3.3 king of trumps


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


# ====================================================================== §3.3 king of trumps
def test_king_drawn_by_the_non_dealer_in_the_exchange_can_be_announced_once():
    s = new_game(deck=stack("7S 8D 9D 10D JD", "QH 7C 8C 9C 10C", "7H", stock="KH"), dealer=1)
    play(s, "propose", "accept")
    assert refused(s, "announce king", "").rule.cite() == "§3.2"    # not during the exchange
    play(s, "discard 7S", "discard")
    assert C("KH") in s.hands[0]
    assert refused(s, "announce king", "").rule.cite() == "§3.3"    # not before the proposals are over
    s.apply("stand")
    assert s.legal_actions()[0] == ANNOUNCE
    s.apply("announce king")
    assert s.scores == [1, 0] and s.current_player == 0
    assert refused(s, "announce king", "").rule.cite() == "§3.3"    # at most one king point
    s.apply("play KH")                                      # leading it now adds nothing
    assert s.scores == [1, 0]


def test_king_drawn_by_the_dealer_in_the_exchange_is_announced_before_the_dealers_first_card():
    s = new_game(deck=stack("7S 8D 9D 10D JD", "QH 7C 8C 9C 10C", "7H", stock="9S KH"), dealer=1)
    play(s, "propose", "accept", "discard 7S", "discard 7C", "stand")
    assert C("KH") in s.hands[1] and C("9S") in s.hands[0]
    assert ANNOUNCE not in s.legal_actions()               # the non-dealer has no king
    assert refused(s, "announce king", "").rule.cite() == "§3.3"
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
    over(t, "play QH")


def test_dealer_announces_then_plays_another_card():
    s = play(new_game(deck=stack("9H 8D 9D 10D JD", "KH QH 7C 8C 9C", "7H"), dealer=0), "stand")
    # player 1 is the non-dealer here; the dealer (0) holds K♥
    assert s.current_player == 1 and ANNOUNCE not in s.legal_actions()
    s.apply("play 9H")
    assert s.legal_actions()[0] == ANNOUNCE and plays(s) == ["play K♥", "play Q♥"]
    play(s, "announce king", "play QH")
    assert s.scores == [1, 0] and s.tricks == [1, 0]
    assert refused(s, "announce king", "").rule.cite() == "§3.3"


# ------------------------------------------------------------------ refusals name the rule


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


def test_illegal_actions_in_every_phase_name_the_rule_and_change_nothing():
    s = new_game(CLA, deck=stack("QS 8D 9D 10D JD", "8H KH 7C 8C 9C", "7H", stock="AS"), dealer=1)
    assert refused(s, "accept", "").rule.cite() == "§3.2"
    assert refused(s, "discard 8D", "").rule.cite() == "§3.2"
    assert refused(s, "play QS", "").rule.cite() == "§3.2"
    s.apply("propose")
    assert refused(s, "propose", "").rule.cite() == "§3.2"
    assert refused(s, "play 8H", "").rule.cite() == "§3.2"
    assert refused(s, "announce king", "").rule.cite() == "§3.2"
    s.apply("accept")
    assert refused(s, "stand", "").rule.cite() == "§3.2"
    assert refused(s, "play QS", "").rule.cite() == "§3.2"
    assert refused(s, "discard 8H", "").rule.cite() == "§3.2"    # not the non-dealer's card
    play(s, "discard 8D", "discard")
    assert s.hands[0][-1] == C("AS")
    play(s, "stand", "play QS")
    assert refused(s, "play 7C", "").rule.cite() == "§3.4"    # classic: void in ♠, must trump
    assert refused(s, "stand", "").rule.cite() == "§3.4"
    s.apply("announce king")
    assert refused(s, "announce king", "").rule.cite() == "§3.3"
    s.apply("play 8H")
    assert s.tricks == [0, 1] and s.scores == [0, 1]


def test_playing_a_card_one_does_not_hold_names_the_rule():
    # an IllegalAction's message "names the rule that forbids it" (RULES.md §3.x);
    # the discard check does ("own hand … (§3.2)"), and so must the play check.
    s = play(new_game(deck=stack("QS 8D 9D 10D JD", "8H KH 7C 8C 9C", "7H"), dealer=1), "stand")
    assert refused(s, "play 7C", "").rule.section.startswith("3.")                       # the dealer's card
    assert refused(s, "play AS", "").rule.section.startswith("3.")                       # a card in the stock


def test_action_values_outside_legal_actions_are_illegal():
    # apply() takes Action values as well as text; one that is not among
    # legal_actions() must raise IllegalAction and change nothing (an accepted
    # "announce queen" scored the king point, and its JSON no longer replays).
    s = play(new_game(deck=stack("KH 8D 9D 10D JD", "QH 7S 7C 8C 9C", "7H"), dealer=1), "stand")
    assert ANNOUNCE in s.legal_actions()
    for bad in [Action("announce", word="queen"), Action("play", tuple(parse_cards("KH 8D"))),
                Action("play", ())]:
        assert bad not in s.legal_actions()
        refused(s, bad, "")
    assert s.scores == [0, 0]


# ------------------------------------------------------------------ one statement of §3.4
def test_legal_plays_worked_out_by_hand():
    from cardkit.ecarte import legal_plays
    hearts = C("7H").suit
    hand = parse_cards("KS 7S 8H 7C 9D")
    # leading: any card
    p = legal_plays(hand, None, hearts)
    assert (p.duty, p.cards, p.lead, p.held) == ("lead", tuple(hand), None, ())
    # Q♠ led: only K♠ beats it (7♠ is a spade that does not)
    p = legal_plays(hand, C("QS"), hearts)
    assert (p.duty, p.cards, p.held) == ("win", (C("KS"),), (C("KS"), C("7S")))
    # A♠ led: K♠ beats it; with only the 7♠, any spade (the 7♠), no trump, no other suit
    assert legal_plays(hand, C("AS"), hearts).cards == (C("KS"),)
    p = legal_plays(parse_cards("7S 8H 7C"), C("AS"), hearts, must_trump=True)
    assert (p.duty, p.cards) == ("follow", (C("7S"),))
    # 10♦ led: the 9♦ follows suit and cannot beat it
    p = legal_plays(hand, C("10D"), hearts)
    assert (p.duty, p.cards) == ("follow", (C("9D"),))
    # void in the suit led: standard any card, classic the trumps held, classic without trump any
    void = parse_cards("KS 7S 8H 10H 7C")
    assert legal_plays(void, C("QD"), hearts).duty == "any"
    assert legal_plays(void, C("QD"), hearts).cards == tuple(void)
    p = legal_plays(void, C("QD"), hearts, must_trump=True)
    assert (p.duty, p.cards, p.held) == ("trump", (C("8H"), C("10H")), (C("10H"), C("8H")))
    p = legal_plays(parse_cards("KS 7C"), C("QD"), hearts, must_trump=True)
    assert (p.duty, p.cards) == ("any", tuple(parse_cards("KS 7C")))


def _play_positions(rules, seeds):
    """(state, seat) at every card to play in seeded matches of random legal moves."""
    import numpy as np
    for seed in seeds:
        s = new_game(rules, seed=seed)
        rng = np.random.default_rng(seed)
        while not s.is_over:
            if s.phase == "play" and s.legal_actions()[-1].kind == "play":
                yield s, s.current_player
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("rules", [STD, CLA], ids=["standard", "classic"])
def test_legal_moves_refusals_and_what_now_all_come_from_legal_plays(rules):
    """The legal cards, the refusal of every other card held (the sentence a table shows on a
    greyed card) and "What now" are the words of one decision, ``legal_plays`` (§3.4)."""
    from cardkit.ecarte import by_rank, legal_plays, or_list
    from cardkit.ecarte.text import play_refusal
    duties = set()
    for s, seat in _play_positions(rules, range(30)):
        obs = s.observation(seat)
        lead = s.trick[0][1] if s.trick else None
        p = legal_plays(s.hands[seat], lead, s.trump, rules.must_trump)
        duties.add(p.duty)
        assert obs.playable == p.cards and tuple(s.playable_cards()) == p.cards
        assert [a.card for a in s.legal_actions() if a.kind == "play"] == list(p.cards)
        if p.duty not in ("lead", "any"):
            assert or_list(by_rank(p.cards)) in obs.what_now
        for card in s.hands[seat]:
            why = obs.refusal(Action.play(card))
            if card in p.cards:
                assert why is None
                continue
            assert str(why) == str(play_refusal(p, card)) and why.rule.section == "3.4"
            with pytest.raises(IllegalAction) as info:
                s.apply(Action.play(card))
            assert str(info.value) == str(why)
    assert duties == ({"lead", "win", "follow", "any", "trump"} if rules.must_trump
                      else {"lead", "win", "follow", "any"})

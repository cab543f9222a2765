"""Écarté's scoring and the end of the match (RULES.md §3.5): worked examples with stacked decks,
each worked out by hand, and the one hand-scoring function.
"""
import pytest

from cardkit import IllegalAction, parse_cards
from cardkit.ecarte import EcarteRules, hand_points, new_game
from harness import play

from .deals import (CLA, DEAL_A, DEAL_B, DEAL_KING_UP, H1, H1_PLAY, H2, H2_PLAY, H3,
                    PLAY_A, PLAY_B, PLAY_V, STD, C, hand_scores, over, stack)


# ------------------------------------------------------------------ scoring (§3.5)
def test_hand_points_both_presets():
    """(non-dealer's points, dealer's points, why): the one scoring function of the engine and the AI."""
    std = dict(scoring="standard", refused_first=False)
    assert hand_points(3, stood_at_once=True, refused=False, **std) == (2, 0, "stood")     # stood and won
    assert hand_points(5, stood_at_once=True, refused=False, **std) == (2, 0, "stood")     # no extra for vole
    assert hand_points(2, stood_at_once=True, refused=False, **std) == (0, 1, "plain")
    assert hand_points(0, stood_at_once=False, refused=False, **std) == (0, 2, "vole")    # dealer's vole
    assert hand_points(4, stood_at_once=False, refused=True, **std) == (2, 0, "refused")     # refused
    assert hand_points(3, stood_at_once=False, refused=False, **std) == (1, 0, "plain")
    cls = dict(scoring="classic", refused=False)
    assert hand_points(2, stood_at_once=True, refused_first=False, **cls) == (0, 2, "stood_lost")  # stood, lost
    assert hand_points(3, stood_at_once=True, refused_first=False, **cls) == (1, 0, "plain")  # stood, won
    assert hand_points(3, stood_at_once=False, refused_first=True, **cls) == (2, 0, "refused_lost")  # refuser lost
    assert hand_points(1, stood_at_once=False, refused_first=True, **cls) == (0, 1, "plain")  # refuser won
    assert hand_points(5, stood_at_once=False, refused_first=False, **cls) == (2, 0, "vole")


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
    assert hand_scores(s) == scores
    assert s.last_hand["points"] == max(scores)
    assert [e for e in s.log if e.kind == "hand_score"][-1].rule.section == "3.5"


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
    assert hand_scores(s) == (scores or [3, 0])                   # after an exchange: vole = 2, + king


def test_exchange_then_normal_scoring_and_later_refusal():
    # after an accepted exchange the non-dealer's 3 tricks are worth 1 (standard)...
    deck = stack("KH QH JH 7S 8C", "AH 10H KS KD KC", "8H", stock="7D")
    s = new_game(deck=deck, dealer=1)
    play(s, "propose", "accept", "discard 8C", "discard")
    assert s.hands[0] == parse_cards("KH QH JH 7S 7D")
    play(s, "stand", *PLAY_A)
    assert hand_scores(s) == [1, 0]
    # ... but a refusal of any later proposal makes them 2 in standard, not in classic
    for rules, expected in [(EcarteRules.standard(), [2, 0]), (EcarteRules.classic(), [1, 0])]:
        s = new_game(rules, deck=deck, dealer=1)
        play(s, "propose", "accept", "discard 8C", "discard", "propose", "refuse", *PLAY_A)
        assert hand_scores(s) == expected, rules.name


def test_classic_later_refusal_does_not_change_scoring_even_when_the_refuser_loses():
    deck = stack("KH QH JH 7S 8C", "AH 10H KS KD KC", "8H", stock="7D")
    s = new_game(EcarteRules.classic(), deck=deck, dealer=1)
    play(s, "propose", "accept", "discard 8C", "discard", "propose", "refuse", *PLAY_A)
    assert hand_scores(s) == [1, 0]        # the dealer refused the 2nd proposal and lost: no penalty


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


# ------------------------------------------------------------------ §3.5 the end of the match


def test_match_ends_the_moment_the_target_is_reached_even_mid_hand():
    s = new_game(EcarteRules(target=1), deck=stack("QH 8D 9D 10D JD", "KH 7S 7C 8C 9C", "7H"), dealer=1)
    play(s, "stand", "play QH", "announce king")
    assert s.is_over and s.winner == 1 and s.current_player is None and s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.apply("play KH")
    t = new_game(EcarteRules(target=1), deck=stack("QH 8D 9D 10D JD", "JH 7S 7C 8C 9C", "KD"), dealer=0)
    assert t.is_over and t.winner == 0 and t.scores == [1, 0]   # the turn-up king wins a 1-point game


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
    over(s, "play KH")
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


def test_the_hand_end_names_each_score_whichever_seat_won():
    """§3.5: seat 1 (non-dealer) stands with the five top trumps and takes the vole (2) with the
    king of trumps (1): 3–0. Each score is said with its player's name, the winner first, for
    both readers (in seat order it read "you … scored 2 points; the score is 0–3"). The next hand
    is stacked too: a turned-up king there would give its dealer a point (1 time in 8 unstacked)."""
    s = new_game(deck=[stack("KH QH JH AH 10H", "7S 8S 9S 7C 8C", "9H"),
                       stack("7S 8S 9S 10S JS", "7D 8D 9D 10D JD", "7H")], dealer=0)
    s.apply("stand")
    for code, reply in zip(("KH", "QH", "JH", "AH", "10H"), ("7S", "8S", "9S", "7C", "8C"), strict=False):
        play(s, f"play {code}", f"play {reply}")
    ends = {seat: [e for e in s.observation(seat).events if e.kind == "hand_end"][-1].explain()
            for seat in (0, 1)}
    assert s.scores == [0, 3]
    assert ends[1] == ("Hand 1 is over: you took 5 tricks to 0 and scored 2 points for the tricks; score: you 3, "
                       "Player 1 0.")
    assert ends[0] == ("Hand 1 is over: Player 2 took 5 tricks to 0 and scored 2 points for the tricks; score: "
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

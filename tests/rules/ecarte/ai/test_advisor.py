"""The Écarté advisor (cardkit.ecarte.ai.advisor, RULES.md §3.6): the numbers behind a decision and
its one sentence.
"""
import itertools
from math import comb

import pytest

from cardkit import ecarte
from cardkit.cards import SUITS, parse_cards
from cardkit.ecarte import new_game
from cardkit.ecarte.ai import advice, card_advice, foster_counts, jeux_de_regle_check, stand_advice, solve_plain

from .positions import SPADES, positions


# ------------------------------------------------------------------ the advisor
def test_foster_counts_exact():
    out = foster_counts()
    assert out == {"hands": 65780, "two_or_more_trumps": {1: 21206, 2: 15506}}
    # the same by counting: 7 - held trumps among the 26 unseen cards, at least two in the hand
    for held, want in ((1, 21206), (2, 15506)):
        t = 7 - held
        assert comb(26, 5) - comb(26 - t, 5) - t * comb(26 - t, 4) == want


def test_stand_advice_exact_enumeration_on_fixed_hands():
    # K Q J 10 9 of trumps: every trick, whatever the dealer holds
    a = stand_advice("KS QS JS 10S 9S", "7S", exact=True)
    assert a["dealer_hands"] == 65780 and a["p_three"] == 1.0 and a["p_vole"] == 1.0
    # §3.6's first jeu de règle: one trump and a tierce major. When the dealer holds fewer than two
    # trumps it always takes three tricks (lead K♥, Q♥, J♥: one trump ruffs at most one of them);
    # the dealer holds fewer than two trumps in 65,780 - 21,206 = 44,574 hands, 67.8 %.
    a = stand_advice("7S KH QH JH 8D", "9S", exact=True)
    assert a["p_three_if_dealer_under_two_trumps"] == 1.0
    assert a["dealer_under_two_trumps"] == pytest.approx(44574 / 65780, abs=1e-12)
    assert 0.66 < a["p_three"] < 0.70                       # about 2 to 1 on, as §3.6 says
    assert a["choice"] == "stand" and "jeu de règle" in a["reason"]
    # the sample estimate agrees with the enumeration within its stated error (×1.5 margin)
    b = stand_advice("7S KH QH JH 8D", "9S", samples=3000, seed=4)
    assert abs(b["p_three"] - a["p_three"]) <= 1.5 * b["error_95"]


def test_jeux_de_regle_check():
    rows = {r["name"]: r for r in jeux_de_regle_check()}
    assert rows["one trump and a tierce major"]["jeu_de_regle"]
    assert 0.6 < rows["one trump and a tierce major"]["p_three"] < 0.75
    assert rows["two trumps and three cards of one plain suit"]["p_three"] > 0.6
    assert not rows["not one: one trump and small cards"]["jeu_de_regle"]
    assert rows["not one: one trump and small cards"]["p_three"] < 0.3


def test_card_advice_is_exact_late_in_the_hand():
    # Trumps ♠ (turn-up 10♠). Non-dealer 0: K♥ Q♥ 7♠ J♦ 8♣; dealer 1: 9♥ 8♠ A♦ 10♣ 9♣. 0 stands.
    # Trick 1: K♥, 9♥ (the dealer follows, cannot beat): 0. Trick 2: Q♥, 8♠ (no heart: any card;
    # it trumps): 1. Trick 3: 10♣ led by 1, 8♣ (0 follows, cannot beat): 1. The dealer now leads
    # with A♦ 9♣ against two unseen cards. What it saw: 0 holds no club above 10♣ (A♣ J♣ Q♣ K♣),
    # and 0 played without announcing, so not K♠ (a guess). The advisor's expected tricks must
    # equal an enumeration over every such hand, each solved by the plain brute force.
    deck = ecarte.stacked_deck("KH QH 7S JD 8C", "9H 8S AD 10C 9C", "10S")
    s = new_game(deck=deck, dealer=1)
    for a in ("stand", "play K♥", "play 9♥", "play Q♥", "play 8♠", "play 10♣", "play 8♣"):
        s.apply(a)
    assert s.current_player == 1 and s.tricks == [1, 2]
    obs = s.observation(1)
    out = card_advice(obs, samples=500)
    assert out["exact"]
    unseen = [c for c in ecarte.piquet_pack() if c not in parse_cards(
        "AD 9C 10S KH QH 9H 8S 10C 8C KS AC JC QC KC")]
    hands = list(itertools.combinations(unseen, 2))
    assert out["hands"] == len(hands) == comb(18, 2)
    trump = SUITS[SPADES]
    for card, t in out["cards"].items():
        mine = [c for c in parse_cards("AD 9C") if c != card]
        total = 0
        for opp in hands:
            best = None
            for f in opp:                               # the follower's legal answers (§3.4)
                same = [x for x in opp if x.suit == card.suit]
                if same and f not in ([x for x in same if ecarte.rank_strength(x) >
                                       ecarte.rank_strength(card)] or same):
                    continue
                rest = [x for x in opp if x != f]
                if ecarte.trick_winner(card, f, trump) == 0:
                    r = 1 + solve_plain(mine, rest, trump)
                else:
                    r = 1 - solve_plain(rest, mine, trump)
                best = r if best is None else min(best, r)
            total += 2 + best
        assert t == pytest.approx(total / len(hands))


def test_advice_for_each_phase_is_one_short_sentence():
    seen = set()
    for obs in positions(8)[::3]:
        a = advice(obs)
        assert a["text"].endswith(".") and len(a["text"]) < 220 and "\n" not in a["text"]
        seen.add(obs.phase)
        if obs.phase == "decide":
            assert ("stand" in a["text"]) or ("propose" in a["text"])
            assert 0 <= a["numbers"]["p_three"] <= 1
        if obs.phase == "play" and not any(x.kind == "announce" for x in obs.legal_actions):
            assert a["text"].startswith("Play ")
    assert {"decide", "answer", "exchange", "play"} <= seen


def test_advisor_importable_from_cardkit_ecarte():
    for name in ("advice", "stand_advice", "card_advice", "foster_counts", "jeux_de_regle_check"):
        assert callable(getattr(ecarte, name))


def test_the_verdict_never_calls_a_jeu_de_regle_a_reason_to_propose():
    """A jeu de règle is a hand to play without proposing (§3.6): when the numbers say propose
    anyway, the verdict says that the books and the numbers disagree."""
    from cardkit.ecarte.text import verdict as _verdict
    assert _verdict(True, "stand") == "a jeu de règle — stand"
    assert _verdict(False, "propose") == "not a jeu de règle — propose"
    assert _verdict(True, "propose").startswith("a jeu de règle, which the books say to play as dealt")
    assert _verdict(True, "propose").endswith("— propose")
    assert "standing scores a little more" in _verdict(False, "stand")
    for choice in ("stand", "propose"):
        assert not _verdict(True, choice).startswith("a jeu de règle — propose")

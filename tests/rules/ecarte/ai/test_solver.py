"""The Écarté double-dummy solver (cardkit.ecarte.ai.solver, RULES.md §3.4), each value worked out
by hand or by the plain brute force.

Écarté's order in every suit is K Q J A 10 9 8 7 (§3.1): the ace ranks between the jack and the ten.
"""
import random

import pytest

from cardkit import ecarte
from cardkit.cards import SUITS, parse_cards
from cardkit.ecarte.ai import Solver, card_index, cards_of, mask_of, mask_of_idx, solve_plain

from .positions import SPADES, C, M, values


# ------------------------------------------------------------------ double-dummy solver, by hand
@pytest.mark.parametrize("must_trump", [False, True], ids=["standard", "classic"])
def test_two_tricks_each_lead_gives_one(must_trump):
    # Trumps ♠. Leader K♥ 7♠, follower A♥ 8♠.
    # Lead K♥: the follower must follow hearts and cannot beat it (A♥ ranks below K♥): leader 1;
    #   then 7♠ is led and the follower must win with 8♠. Leader 1 trick.
    # Lead 7♠: the follower must win with 8♠, then leads A♥, and the leader must win with K♥. 1 trick.
    s = Solver(SPADES, must_trump)
    assert s.tricks(M("KH 7S"), M("AH 8S")) == 1
    assert values(s.lead_values(M("KH 7S"), M("AH 8S"))) == {"K♥": 1, "7♠": 1}


@pytest.mark.parametrize("must_trump", [False, True], ids=["standard", "classic"])
def test_two_tricks_void_follower_trumps_both(must_trump):
    # Trumps ♠. Leader A♥ 7♦, follower 7♠ K♣.
    # Lead A♥: the follower (no heart) trumps with 7♠ and wins, then leads K♣: the leader has no
    #   club and no trump, so K♣ wins too. Leader 0 (in standard the follower could throw K♣
    #   instead, but that gives the leader a trick, so it does not).
    # Lead 7♦: the follower trumps again, then K♣ wins. Leader 0.
    s = Solver(SPADES, must_trump)
    assert values(s.lead_values(M("AH 7D"), M("7S KC"))) == {"A♥": 0, "7♦": 0}


@pytest.mark.parametrize("must_trump", [False, True], ids=["standard", "classic"])
def test_three_tricks_two_top_trumps_and_a_losing_heart(must_trump):
    # Trumps ♠. Leader K♠ Q♠ 7♥, follower J♠ 8♥ 9♦.
    # K♠ first: the follower must follow trumps and cannot beat the king (J♠): leader 1. Q♠: the
    # follower has no trump left and may play either card: leader 2. 7♥ last: the follower must win
    # with 8♥. The follower always takes the heart trick (its 8♥ beats the leader's only heart,
    # whoever leads it, and a heart thrown on the 9♦ loses too), so 2 is the best: value 2.
    s = Solver(SPADES, must_trump)
    assert s.tricks(M("KS QS 7H"), M("JS 8H 9D")) == 2
    lv = values(s.lead_values(M("KS QS 7H"), M("JS 8H 9D")))
    assert lv["K♠"] == 2 and lv["Q♠"] == 2
    # leading 7♥ first: 8♥ wins, the follower leads 9♦ and the leader trumps (Q♠), then K♠ wins
    assert lv["7♥"] == 2


@pytest.mark.parametrize("must_trump", [False, True], ids=["standard", "classic"])
def test_follower_must_win_the_trick_if_able(must_trump):
    # Trumps ♠. 9♥ led; the leader keeps K♦. The follower holds Q♥ 7♥: it must win with Q♥ (§3.4),
    # 7♥ is not legal. Q♥ wins, the follower leads 7♥, the leader (no heart) throws K♦: 2 tricks.
    s = Solver(SPADES, must_trump)
    assert values(s.follow_values(M("QH 7H"), M("KD"), card_index(C("9H")))) == {"Q♥": 2}


def test_void_follower_any_card_in_standard_must_trump_in_classic():
    # 7♣ led; the follower holds 8♠ (trump) and K♦, no club (§3.4)
    lead = card_index(C("7C"))
    assert cards_of(Solver(SPADES, False).legal_follows(M("8S KD"), lead)) == parse_cards("8S KD")
    assert cards_of(Solver(SPADES, True).legal_follows(M("8S KD"), lead)) == parse_cards("8S")
    # with no trump either, any card in both presets
    assert cards_of(Solver(SPADES, True).legal_follows(M("9H KD"), lead)) == parse_cards("9H KD")
    # holding the suit led but nothing higher: any card of that suit
    assert cards_of(Solver(SPADES, True).legal_follows(M("7H 8H KS"), card_index(C("9H")))) == parse_cards("7H 8H")


def test_the_presets_differ_on_a_four_card_position():
    # Trumps ♠. Leader A♠ 9♦ 10♦ 7♣, follower Q♠ K♥ 7♦ A♦. On the lead of 7♣ a classic follower
    # must spend Q♠ (its only trump); a standard one may keep it. Brute force agrees.
    a, b = M("AS 9D 10D 7C"), M("QS KH 7D AD")
    std, cls = Solver(SPADES, False), Solver(SPADES, True)
    assert values(std.lead_values(a, b))["7♣"] == 1
    assert values(cls.lead_values(a, b))["7♣"] == 2
    for must, want in ((False, 1), (True, 2)):
        assert solve_plain(cards_of(a), cards_of(b), SUITS[SPADES], must) == want


@pytest.mark.parametrize("must_trump", [False, True], ids=["standard", "classic"])
def test_solver_matches_brute_force_on_randompositions(must_trump):
    rng = random.Random(7 + must_trump)
    for i in range(250):
        n = 1 + i % 5
        d = rng.sample(range(32), 2 * n)
        t = rng.randrange(4)
        a, b = mask_of_idx(d[:n]), mask_of_idx(d[n:])
        s = Solver(t, must_trump)
        want = solve_plain(cards_of(a), cards_of(b), SUITS[t], must_trump)
        assert s.tricks(a, b) == want
        lv = s.lead_values(a, b)
        assert max(lv.values()) == want and set(lv) == set(d[:n])
        # each lead: the follower's best answer, by brute force over its legal answers
        for c, v in lv.items():
            fv = s.follow_values(b, a ^ (1 << c), c)
            assert v == n - max(fv.values())


def test_solver_rejects_badpositions():
    s = Solver(SPADES)
    with pytest.raises(ValueError, match="same size"):
        s.tricks(M("KS QS"), M("7H"))
    with pytest.raises(ValueError, match="disjoint"):
        s.tricks(M("KS"), M("KS"))


def test_stand_advice_counts_match_brute_force_on_sampled_dealer_hands():
    hand, up = parse_cards("8S 7S AH 10H 9H"), C("9S")
    unseen = [c for c in ecarte.piquet_pack() if c not in hand and c != up]
    rng = random.Random(2)
    for must in (False, True):
        s = Solver(SPADES, must)
        for _ in range(40):
            d = rng.sample(unseen, 5)
            assert s.tricks(mask_of(hand), mask_of(d)) == solve_plain(hand, d, up.suit, must)


@pytest.mark.parametrize("must_trump", [False, True], ids=["standard", "classic"])
def test_the_bit_masks_agree_with_legal_plays_on_random_positions(must_trump):
    """The solver keeps its own fast form of §3.4 (bit masks); it must allow exactly the cards of
    the one statement of the rule, ``cardkit.ecarte.legal_plays``, on every position."""
    from cardkit.ecarte import legal_plays
    rng = random.Random(11 + must_trump)
    kinds = set()
    for _ in range(3000):
        t = rng.randrange(4)
        n = rng.randrange(1, 6)
        cards = rng.sample(range(32), n + 1)
        lead, hand = cards[0], mask_of_idx(cards[1:])
        want = legal_plays(cards_of(hand), cards_of(1 << lead)[0], SUITS[t], must_trump)
        kinds.add(want.duty)
        assert cards_of(Solver(t, must_trump).legal_follows(hand, lead)) == sorted(
            want.cards, key=card_index)
    assert kinds == ({"win", "follow", "trump", "any"} if must_trump else {"win", "follow", "any"})

"""What an Écarté seat infers about the opponent's hand (cardkit.ecarte.ai.sampler, RULES.md §3.3,
§3.4, §3.6): facts of the rules and guesses of the opponent model.
"""
import random

import pytest

from cardkit import ecarte
from cardkit.ecarte import EcarteRules, new_game
from cardkit.ecarte.ai import (Search, bid_hint, card_index, cards_of, consistent_hand,
                              hand_constraints, mask_of, play_weight, sample_hands, seat_view, unseen_mask)

from cardkit.ecarte.ai.sampler import PLAY_UNLIKELY

from .positions import C, M, games


@pytest.mark.parametrize("rules", [EcarteRules.standard(), EcarteRules.classic()], ids=["standard", "classic"])
def test_sampled_hands_never_contradict_what_the_seat_saw(rules):
    rng = random.Random(1)
    checked = inferred = 0
    for s in games(40, rules):
        if s.phase != "play":
            continue
        for seat in (0, 1):
            v = seat_view(s.observation(seat))
            true = mask_of(s.hands[1 - seat])
            assert consistent_hand(v, true)                 # the checker accepts the truth
            allowed, forced, soft = hand_constraints(v)
            assert true & ~allowed == 0 and forced & ~true == 0
            inferred += allowed != unseen_mask(v) or bool(soft)
            for h in sample_hands(v, 12, rng):
                assert consistent_hand(v, h), (s.observation(seat), cards_of(h))
                checked += 1
    assert checked > 2000 and inferred > 50


def test_sampler_uses_a_shown_void_and_a_failure_to_beat():
    # Player 1 deals; trumps ♦ (turn-up 7♦). The non-dealer (0) leads K♥; the dealer has no heart
    # and throws 7♣ (standard: any card): so it holds no heart. Then 0 leads Q♠ and the dealer
    # plays 8♠ (it could not beat the queen): it holds no spade above the queen (K♠) either.
    deck = ecarte.stacked_deck("KH QS 9C 10C JC", "7C 8S AS 8D 9D", "7D")
    s = new_game(deck=deck, dealer=1)
    for a in ("stand", "play K♥", "play 7♣"):
        s.apply(a)
    # the dealer took no trick; 0 won and leads again
    s.apply("play Q♠")
    s.apply("play 8♠")
    v = seat_view(s.observation(0))
    allowed, _forced, _soft = hand_constraints(v)
    hearts = mask_of([c for c in cards_of(allowed) if c.suit.letter == "H"])
    assert hearts == 0 and not (allowed >> card_index(C("KS"))) & 1
    for h in sample_hands(v, 50, random.Random(0)):
        assert all(c.suit.letter != "H" for c in cards_of(h)) and C("KS") not in cards_of(h)
    # without the inferences (medium) hearts may be sampled
    assert any(c.suit.letter == "H" for c in cards_of(hand_constraints(v, inferences=False)[0]))


def test_classic_failure_to_trump_shows_no_trump():
    # classic: trumps ♦. 0 leads K♥, the dealer plays 7♣: no heart AND no diamond (it must trump)
    deck = ecarte.stacked_deck("KH QS 9C 10C JC", "7C 8S AS KS 9S", "7D")
    s = new_game(EcarteRules.classic(), deck=deck, dealer=1)
    for a in ("stand", "play K♥", "play 7♣"):
        s.apply(a)
    allowed = hand_constraints(seat_view(s.observation(0)))[0]
    assert all(c.suit.letter not in "HD" for c in cards_of(allowed))


def test_announced_king_is_held_and_an_unannounced_one_is_not():
    # trumps ♥ (turn-up 7♥); the dealer (1) holds K♥ and announces it before its first card
    deck = ecarte.stacked_deck("QS JS 9C 10C JC", "KH 8S AS 8D 9D", "7H")
    s = new_game(deck=deck, dealer=1)
    s.apply("stand")
    s.apply("play Q♠")
    s.apply("announce king")
    s.apply("play A♠")            # it must win if it can: A♠ ranks below Q♠, so any spade: A♠
    v = seat_view(s.observation(0))
    assert hand_constraints(v)[1] == M("KH")
    assert all(C("KH") in cards_of(h) for h in sample_hands(v, 20, random.Random(0)))
    # the same deal, but the dealer plays without announcing: K♥ is then guessed not held (soft)
    s = new_game(deck=deck, dealer=1)
    for a in ("stand", "play Q♠", "play A♠"):
        s.apply(a)
    v = seat_view(s.observation(0))
    assert hand_constraints(v)[2] == M("KH")
    assert all(C("KH") not in cards_of(h) for h in sample_hands(v, 20, random.Random(0)))


def test_bid_hint_after_a_stand_and_after_an_exchange():
    # classic, trumps ♦ (turn-up 7♦), player 1 deals. The non-dealer stands at once with Q♦ J♦ 9♦
    # 7♥ 8♥ (three trumps: a jeu de règle, §3.6) and leads Q♦.
    deck = ecarte.stacked_deck("QD JD 9D 7H 8H", "KH QS 9C 10C JC", "7D")
    s = new_game(EcarteRules.classic(), deck=deck, dealer=1)
    s.apply("stand")
    s.apply("play Q♦")
    v = seat_view(s.observation(1))
    assert v.last_bid == "stand" and v.opp_exchange is None
    hint = bid_hint(v)
    # The dealer reads the stand as the model's: a jeu de règle or a hand worth 10.5 or more.
    # Q♦ 7♠ 8♠ 7♣ 8♣: one trump (3.6), nothing else, no K-Q-J of a plain suit: it would propose.
    assert not hint(M("QD 7S 8S 7C 8C"))
    assert hint(M("QD JD 9D 7H 8H"))                         # three trumps: it stands
    # K♦ Q♦ K♠ K♥ 7♣: 5.0 + 3.6 + 2.2 + 2.2 = 13.0 >= 10.5: it stands
    assert hint(M("KD QD KS KH 7C"))
    played = M("QD")
    # the hard player weighs its samples by the hint (a guess, so a hand that fails it keeps a
    # small weight): most of its hands fit; the plain sampler (the facts of the rules only) draws
    # hands that fit about one time in three
    hard_hands = Search("hard", seed=0).opponent_hands(v, 64, random.Random(0))
    fits = sum(hint(h | played) for h in hard_hands)
    plain = sum(hint(h | played) for h in sample_hands(v, 64, random.Random(0)))
    assert len(hard_hands) == 64 and fits >= 44 and plain <= 28, (fits, plain)
    assert all(consistent_hand(v, h) for h in hard_hands)      # never against the facts
    # the stander itself learns nothing about the dealer from its own stand
    assert bid_hint(seat_view(s.observation(0))) is None

    # The non-dealer proposes, the dealer accepts; the non-dealer throws 4 cards and keeps Q♦ —
    # the model keeps only trumps and kings, so the dealer infers at least 5 - 4 = 1 of them.
    s = new_game(EcarteRules.classic(), deck=deck, dealer=1)
    for a in ("propose", "accept", "discard J♦ 9♦ 7♥ 8♥"):
        s.apply(a)
    v = seat_view(s.observation(1))
    assert v.opp_exchange == 4 and v.last_bid == "accept"
    hint = bid_hint(v)
    assert hint(M("QD 7S 8S 7C 8C")) and hint(M("KS 7S 8S 7C 8C"))
    assert not hint(M("AS 7S 8S 7C 8C"))                      # no trump and no king


def test_bid_hint_reads_a_proposal_and_an_acceptance():
    # standard, trumps ♦ (turn-up 7♦), player 1 deals; the non-dealer proposes with 8♦ 7♥ 8♥ 9♣ 7♠
    deck = ecarte.stacked_deck("8D 7H 8H 9C 7S", "KH QS 9S 10C JC", "7D")
    s = new_game(deck=deck, dealer=1)
    s.apply("propose")
    v = seat_view(s.observation(1))                   # the dealer answering
    hint = bid_hint(v)
    assert v.last_bid == "propose" and not v.bid_stale
    assert hint(M("8D 7H 8H 9C 7S")) and not hint(M("QD JD 9D 7H 8H"))   # three trumps: it stands
    s.apply("accept")
    v = seat_view(s.observation(0))                   # the non-dealer about to exchange
    hint = bid_hint(v)
    # the dealer accepted: the model refuses from 11.5 up; K♦ Q♦ J♦ 7♠ 8♠ is 5 + 4.5 + 4 = 13.5
    assert not hint(M("KD QD JD 7S 8S")) and hint(M("KH QS 9S 10C JC"))
    s.apply("discard 7H 8H 9C 7S")
    s.apply("discard 10C JC")
    v = seat_view(s.observation(0))
    # the dealer has exchanged since it accepted: the acceptance no longer tells about its hand;
    # its 2-card exchange says it kept 3 trumps or kings
    assert v.bid_stale and v.opp_exchange == 2
    hint = bid_hint(v)
    assert hint(M("KD QD JD 7S 8S")) and hint(M("KH KS 9D 7C 8C")) and not hint(M("KH QS 9S 7C 8C"))


def test_play_weight_reads_cheap_and_dear_cards():
    # standard, trumps ♦, player 1 deals. The non-dealer stands and leads 9♥; the dealer holds
    # K♥ Q♥ 10♠ 9♣ 10♣ and must win: it chooses K♥ where Q♥ would do (a sensible player wins as
    # cheaply as it can). Seen from the non-dealer, a hand still holding a heart between 9♥ and
    # K♥ (Q♥, J♥, A♥, 10♥) made that choice unlikely.
    deck = ecarte.stacked_deck("9H 7S 8S 7C 8C", "KH QH 10S 9C 10C", "7D")
    s = new_game(deck=deck, dealer=1)
    s.apply("stand")
    s.apply("play 9♥")
    assert play_weight(seat_view(s.observation(0))) is None     # nothing followed yet
    s.apply("play K♥")
    w = play_weight(seat_view(s.observation(0)))
    assert w(M("QH 10S 9C 10C")) == PLAY_UNLIKELY
    assert w(M("10H 10S 9C 10C")) == PLAY_UNLIKELY
    assert w(M("8H 10S 9C 10C")) == 1.0 and w(M("AS 10S 9C 10C")) == 1.0
    # The non-dealer leads 7♥; the dealer, void in hearts with no trump, throws J♣ where 9♣ or
    # 10♣ was cheaper (a sensible player throws its cheapest card; in standard it would rather
    # trump, so a hand with a trump made the throw unlikely too).
    deck = ecarte.stacked_deck("7H 8H 9H 7C 8C", "KS QS JC 9C 10C", "7D")
    s = new_game(deck=deck, dealer=1)
    s.apply("stand")
    s.apply("play 7H")
    s.apply("play JC")
    w = play_weight(seat_view(s.observation(0)))
    assert w(M("KS QS 9C 10C")) == PLAY_UNLIKELY                 # a cheaper plain card held
    assert w(M("KS QS KC QC")) == 1.0                            # nothing cheaper than J♣
    assert w(M("KS QS KC 9D")) == PLAY_UNLIKELY                  # standard: it could have trumped
    assert w(M("AS QS 9C 8D")) == PLAY_UNLIKELY ** 2             # both

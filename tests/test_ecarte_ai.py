"""The Écarté AI (cardkit.ecarte_ai): solver, sampler, players and advisor (RULES.md §3, §3.6).

Écarté's order in every suit is K Q J A 10 9 8 7 (§3.1): the ace ranks between the jack and the ten.
"""
import gc
import itertools
import random
from math import comb

import pytest

from cardkit import ecarte
from cardkit.cards import SUITS, parse_card, parse_cards
from cardkit.ecarte import EcarteRules, new_game
from cardkit.ecarte_ai import (RandomPlayer, Solver, StrongPlayer, advice, card_advice, card_index,
                               cards_of, consistent_hand, foster_counts, hand_constraints,
                               hand_points, jeux_de_regle_check, mask_of, mask_of_idx, sample_hands,
                               seat_view, solve_plain, stand_advice, unseen_mask, bid_hint,
                               play_weight, PLAY_UNLIKELY)

C = parse_card
SPADES, HEARTS = 0, 1


def M(text):
    return mask_of(parse_cards(text))


def values(d):
    return {str(c): v for c, v in ((cards_of(1 << i)[0], v) for i, v in d.items())}


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
def test_solver_matches_brute_force_on_random_positions(must_trump):
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


def test_solver_rejects_bad_positions():
    s = Solver(SPADES)
    with pytest.raises(ValueError, match="same size"):
        s.tricks(M("KS QS"), M("7H"))
    with pytest.raises(ValueError, match="disjoint"):
        s.tricks(M("KS"), M("KS"))


# ------------------------------------------------------------------ scoring (§3.5)
def test_hand_points_both_presets():
    std = dict(scoring="standard", refused_first=False)
    assert hand_points(3, stood_at_once=True, refused=False, **std) == (2, 0)     # stood and won
    assert hand_points(5, stood_at_once=True, refused=False, **std) == (2, 0)     # no extra for vole
    assert hand_points(2, stood_at_once=True, refused=False, **std) == (0, 1)
    assert hand_points(0, stood_at_once=False, refused=False, **std) == (0, 2)    # dealer's vole
    assert hand_points(4, stood_at_once=False, refused=True, **std) == (2, 0)     # refused
    assert hand_points(3, stood_at_once=False, refused=False, **std) == (1, 0)
    cls = dict(scoring="classic", refused=False)
    assert hand_points(2, stood_at_once=True, refused_first=False, **cls) == (0, 2)  # stood, lost
    assert hand_points(3, stood_at_once=True, refused_first=False, **cls) == (1, 0)  # stood, won
    assert hand_points(3, stood_at_once=False, refused_first=True, **cls) == (2, 0)  # refuser lost
    assert hand_points(1, stood_at_once=False, refused_first=True, **cls) == (0, 1)  # refuser won
    assert hand_points(5, stood_at_once=False, refused_first=False, **cls) == (2, 0)


# ------------------------------------------------------------------ the sampler
def _games(n, rules):
    """Seeded matches between mixed players, yielding (state, seat) at every decision."""
    for g in range(n):
        s = new_game(rules, seed=500 + g)
        bots = [RandomPlayer(g), ecarte.computer_player("easy", seed=g)] if g % 2 else \
               [ecarte.computer_player("easy", seed=g), RandomPlayer(g)]
        while not s.is_over:
            yield s
            p = s.current_player
            s.apply(bots[p].choose(s.observation(p)))


@pytest.mark.parametrize("rules", [EcarteRules.standard(), EcarteRules.classic()], ids=["standard", "classic"])
def test_sampled_hands_never_contradict_what_the_seat_saw(rules):
    rng = random.Random(1)
    checked = inferred = 0
    for s in _games(40, rules):
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


# ------------------------------------------------------------------ the players
def test_computer_player_levels():
    assert type(ecarte.computer_player("easy")).__name__ == "EcartePlayer"
    assert ecarte.computer_player("hard", seed=1).level == "hard"
    assert ecarte.computer_player("medium", seed=1).level == "medium"
    with pytest.raises(ValueError, match="'easy', 'medium' or 'hard'"):
        ecarte.computer_player("expert")


def _positions(n=12):
    out = []
    for g in range(n):
        s = new_game(EcarteRules.classic() if g % 2 else None, seed=900 + g)
        bots = [ecarte.computer_player("easy", seed=g), RandomPlayer(g)]
        k = 0
        while not s.is_over and k < 40:
            p = s.current_player
            if len(s.observation(p).legal_actions) > 1:
                out.append(s.observation(p))
            s.apply(bots[p].choose(s.observation(p)))
            k += 1
    return out


def test_hard_player_works_from_the_observation_alone():
    positions = _positions()
    kinds = {o.phase for o in positions}
    assert {"decide", "answer", "exchange", "play"} <= kinds
    for obs in positions[::3]:
        # nothing reachable from the observation is a game state
        seen, todo = set(), [obs]
        while todo:
            x = todo.pop()
            if id(x) in seen or isinstance(x, (str, int, float, type)):
                continue
            seen.add(id(x))
            assert not isinstance(x, ecarte.EcarteState)
            todo.extend(gc.get_referents(x))
        # the plain-JSON form of the observation gives the same choice: no state is needed
        hard = StrongPlayer("hard", seed=3)
        a = hard.choose(obs)
        assert a in obs.legal_actions
        assert hard.choose(obs.to_dict()) == a


def test_same_seed_and_observation_same_choice():
    for obs in _positions(6)[::4]:
        a = [StrongPlayer("hard", seed=11).choose(obs) for _ in range(2)]
        p = StrongPlayer("hard", seed=11)
        assert a[0] == a[1] == p.choose(obs) == p.choose(obs)
        assert StrongPlayer("medium", seed=11).choose(obs) in obs.legal_actions


def test_hard_player_refuses_an_observation_with_no_move():
    s = new_game(seed=1)
    other = 1 - s.current_player
    with pytest.raises(ValueError, match="no legal action"):
        StrongPlayer("hard").choose(s.observation(other))
    with pytest.raises(ValueError, match="Écarté observation"):
        StrongPlayer("hard").choose({"game": "war"})


def test_hard_announces_the_king_then_leads_trumps():
    # Trumps ♠ (turn-up 7♠). The hard non-dealer holds K♠ Q♠ J♠ K♥ 7♥ and stands: it first
    # announces the king (§3.3, a free point), then leads a trump: K Q J of trumps draw the
    # dealer's two trumps (10♠ 9♠), which must follow and cannot beat them.
    deck = ecarte.stacked_deck("KS QS JS KH 7H", "10S 9S 8H 9D 10D", "7S")
    s = new_game(deck=deck, dealer=1)
    s.apply("stand")
    hard = StrongPlayer("hard", seed=0)
    first = hard.choose(s.observation(0))
    assert first == ecarte.Action("announce", word="king")
    s.apply(first)
    assert hard.choose(s.observation(0)).card.suit.letter == "S"


def test_strength_hard_beats_easy():
    # 300 seeded matches to 5 (150 seeds, seats swapped), half of them in each preset. A true 65 %
    # player wins at least 169 of 300 with probability 0.9992 (binomial, exact sum); a coin flip
    # (50 %) only with probability 0.016. About 2.5 minutes of CPU time (0.5 s a match, measured by
    # the benchmark); far longer in wall-clock time on a machine shared with other work.
    wins = 0
    for i in range(300):
        seat = i % 2
        rules = EcarteRules.classic() if (i // 2) % 2 else EcarteRules.standard()
        s = new_game(rules, seed=70_000 + i // 2)
        bots = [None, None]
        bots[seat] = StrongPlayer("hard", seed=i)
        bots[1 - seat] = ecarte.computer_player("easy", seed=i)
        while not s.is_over:
            p = s.current_player
            s.apply(bots[p].choose(s.observation(p)))
        wins += s.winner == seat
    assert wins >= 169, wins


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


def test_stand_advice_counts_match_brute_force_on_sampled_dealer_hands():
    hand, up = parse_cards("8S 7S AH 10H 9H"), C("9S")
    unseen = [c for c in ecarte.piquet_pack() if c not in hand and c != up]
    rng = random.Random(2)
    for must in (False, True):
        s = Solver(SPADES, must)
        for _ in range(40):
            d = rng.sample(unseen, 5)
            assert s.tricks(mask_of(hand), mask_of(d)) == solve_plain(hand, d, up.suit, must)


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
    for obs in _positions(8)[::3]:
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


def test_time_budget_still_gives_a_legal_move():
    # a spent budget stops each decision after 8 samples; the move is still one of the legal ones
    for obs in _positions(4)[::5]:
        assert StrongPlayer("hard", seed=2, time_budget=0.0).choose(obs) in obs.legal_actions


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
    hard_hands = StrongPlayer("hard", seed=0)._opponent_hands(v, 64, random.Random(0))
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


def test_the_king_of_trumps_counts_in_bidding():
    # standard, trumps ♠ (turn-up 7♠), player 1 deals; the non-dealer is at 4 points and holds
    # K♠: announcing it as play begins wins the match whether it stands or exchanges (the model's
    # discard keeps trumps), so both options are worth a sure win — whatever the tricks.
    deck = ecarte.stacked_deck("KS 7H 8H 9D 10C", "QS JS AS 10S 9S", "7S")
    s = new_game(deck=deck, dealer=1)
    s.scores = [4, 3]
    vals = StrongPlayer("hard", seed=0).bid_values(seat_view(s.observation(0)), random.Random(0))
    assert vals == {"stand": 1.0, "propose": 1.0}
    # with 2 points it is not a sure win either way: standing faces a dealer who may hold five trumps
    s.scores = [2, 3]
    vals = StrongPlayer("hard", seed=0).bid_values(seat_view(s.observation(0)), random.Random(0))
    assert 0 < vals["stand"] < 1 and 0 < vals["propose"] < 1


def test_the_verdict_never_calls_a_jeu_de_regle_a_reason_to_propose():
    """A jeu de règle is a hand to play without proposing (§3.6): when the numbers say propose
    anyway, the verdict says that the books and the numbers disagree."""
    from cardkit.ecarte_ai import _verdict
    assert _verdict(True, "stand") == "a jeu de règle — stand"
    assert _verdict(False, "propose") == "not a jeu de règle — propose"
    assert _verdict(True, "propose").startswith("a jeu de règle, which the books say to play as dealt")
    assert _verdict(True, "propose").endswith("— propose")
    assert "standing scores a little more" in _verdict(False, "stand")
    for choice in ("stand", "propose"):
        assert not _verdict(True, choice).startswith("a jeu de règle — propose")

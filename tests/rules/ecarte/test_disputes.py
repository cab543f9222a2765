"""Écarté (RULES.md §3): the points players dispute, each worked out by hand from stacked decks
(``ecarte.stacked_deck(non_dealer, dealer, turn_up, stock)``) before the engine was run, and random
matches against an independent reading of the rule book.
"""
import pytest

from cardkit import parse_card
from cardkit import ecarte
from cardkit.ecarte import EcarteRules
from harness import refused

C = parse_card


STD, CLA = EcarteRules.standard(), EcarteRules.classic()


def ecarte_game(rules, nd, d, turn_up, stock="", dealer=1):
    return ecarte.new_game(rules, deck=ecarte.stacked_deck(nd, d, turn_up, stock), dealer=dealer,
                           seed=0)


def test_ecarte_dealer_leading_the_king_of_trumps_at_trick_two_scores_nothing():
    # §3.3: the dealer's first card was played to trick 1, so leading K♥ at trick 2 is too late.
    # trumps ♥ (7♥ turned). t1: 7♠ led, the dealer must win: 8♠. t2: the dealer leads K♥.
    s = ecarte_game(STD, "7S 9D 10D JD QD", "8S KH 7C 8C 9C", "7H")
    for a in ("stand", "play 7S"):
        s.apply(a)
    assert [str(a) for a in s.legal_actions()] == ["announce king", "play 8♠"]
    s.apply("play 8S")
    assert s.leader == 1 and s.tricks == [0, 1]
    assert "announce king" not in [str(a) for a in s.legal_actions()]
    err = refused(s, "announce king",
                  "The king must be announced before your first card is played", seats=(0, 1))
    assert err.rule.section == "3.3"
    s.apply("play KH")
    assert s.scores == [0, 0] and s.king_announced is None
    assert [e.kind for e in s.log].count("king") == 0


def test_ecarte_classic_must_trump_when_void_with_a_low_trump_but_any_card_after_a_trump_lead():
    # §3.4 classic: 10♠ led, the dealer has no spade: must trump, and any trump will do (7♥ is
    # the only trump here, so it must be played even though a K♦ is held). On a trump lead
    # (9♥) a player with no trump may play anything: there is nothing to follow or to trump.
    s = ecarte_game(CLA, "10S 9H JD QD KC", "7H KD 8C 9C 10C", "8H")
    for a in ("stand", "play 10S"):
        s.apply(a)
    assert sorted(str(a.card) for a in s.legal_actions() if a.kind == "play") == ["7♥"]
    err = refused(s, "play KD", "you must trump", seats=(0, 1))
    assert err.rule.section == "3.4"
    s.apply("play 7H")                       # the dealer wins trick 1 with the only trump
    assert s.tricks == [0, 1] and s.leader == 1
    s2 = ecarte_game(CLA, "9H 10S JD QD KC", "7S KD 8C 9C 10C", "8H")
    for a in ("stand", "play 9H"):
        s2.apply(a)
    assert len([a for a in s2.legal_actions() if a.kind == "play"]) == 5


def test_ecarte_standard_refusal_of_the_first_proposal_then_the_dealer_wins_scores_normally():
    # §3.5 standard: the 2 points are for the NON-dealer after a refusal. Here the dealer who
    # refused takes 4 tricks: 1 point, and the refusal costs nothing. Trumps ♥.
    # t1 7♠ K♠ (d) t2 K♥ 8♠ (d) t3 Q♥ 7♣ (d) t4 J♥ Q♣ (d) t5 7♦ Q♦ (nd)
    s = ecarte_game(STD, "7S 8S QD QC 7C", "KH QH JH KS 7D", "8H", dealer=0)
    for a in ("propose", "refuse", "play 7S", "play KS", "play KH", "play 8S", "play QH",
              "play 7C", "play JH", "play QC", "play 7D", "play QD"):
        if a == "play KS":       # the dealer may announce K♥ before this first card, and does not
            assert "announce king" in [str(x) for x in s.legal_actions()]
        s.apply(a)
    assert s.last_hand["tricks"] == [4, 1] and s.last_hand["points"] == 1
    assert [e for e in s.log if e.kind == "hand_score"][-1].data["scores"] == [1, 0]


def test_ecarte_exchanges_last_while_the_stock_lasts_then_play_begins():
    # §3.2: 21 cards in the stock. Round 1: 5 + 5 (11 left); round 2: 5 + 5 (1 left);
    # round 3: the non-dealer may take only 1 and the dealer none; the stock is empty: play.
    s = ecarte.new_game(STD, seed=4, dealer=0)
    sizes = []
    for _round in range(3):
        s.apply("propose")
        s.apply("accept")
        nd_max = max(len(a.cards) for a in s.legal_actions())
        s.apply(max(s.legal_actions(), key=lambda a: len(a.cards)))
        d_max = max(len(a.cards) for a in s.legal_actions())
        s.apply(max(s.legal_actions(), key=lambda a: len(a.cards)))
        sizes.append((nd_max, d_max, len(s.stock)))
    assert sizes == [(5, 5, 11), (5, 5, 1), (1, 0, 0)]
    assert s.phase == "play" and s.current_player == 1
    assert s.log[-1].kind == "stock_empty"


def test_ecarte_announced_king_ends_the_game_the_moment_it_reaches_the_target():
    # §3.3 + §3.5 (target 1): the dealer announces the king before following: 1 point, game
    # over, with the non-dealer's lead still on the table and no hand scored.
    s = ecarte_game(EcarteRules.standard(target=1), "7S 9D 10D JD QD", "8S KH 7C 8C 9C", "7H")
    for a in ("stand", "play 7S", "announce king"):
        s.apply(a)
    assert s.is_over and s.winner == 1 and s.scores == [0, 1]
    assert s.trick == [(0, C("7S"))] and s.legal_actions() == []
    assert s.log[-1].kind == "game_over"


@pytest.mark.parametrize("rules", [STD, CLA], ids=["standard", "classic"])
def test_ecarte_random_matches_offer_exactly_the_plays_and_points_of_the_rule_book(rules):
    """§3.4 (follow suit, win the trick if able; classic: trump when void) and §3.5 (points)
    checked at every card and every hand of seeded random matches."""
    import random
    order = ["K", "Q", "J", "A", "10", "9", "8", "7"]

    def strength(card):
        return 8 - order.index(card.rank.label)

    for seed in range(40):
        rnd = random.Random(seed)
        s = ecarte.new_game(rules, seed=seed)
        hand, stood, refused_any, refused_first, proposals = 0, False, False, False, 0
        while not s.is_over:
            if s.hand_number != hand:
                hand, stood, refused_any, refused_first, proposals = s.hand_number, False, False, \
                    False, 0
            p, acts = s.current_player, s.legal_actions()
            if s.phase == "play":
                held = s.hands[p]
                expected = held
                if s.trick:
                    lead = s.trick[0][1]
                    same = [c for c in held if c.suit == lead.suit]
                    trumps = [c for c in held if c.suit == s.trump]
                    if same:
                        expected = [c for c in same if strength(c) > strength(lead)] or same
                    elif rules.must_trump and trumps:
                        expected = trumps
                assert sorted(str(a.card) for a in acts if a.kind == "play") == \
                    sorted(map(str, expected)), (seed, s)
            a = rnd.choice(acts)
            stood = stood or (a.kind == "stand" and proposals == 0)
            proposals += a.kind == "propose"
            refused_any = refused_any or a.kind == "refuse"
            refused_first = refused_first or (a.kind == "refuse" and proposals == 1)
            nd, dealer, last = s.non_dealer, s.dealer, sum(s.tricks) == 4 and s.phase == "play" \
                and len(s.trick) == 1
            s.apply(a)
            if last and a.kind == "play" and s.last_hand and s.last_hand["hand"] == hand:
                w, n = s.last_hand["winner"], max(s.last_hand["tricks"])
                if rules.scoring == "standard":
                    points = 2 if ((stood or refused_any) and w == nd) or n == 5 else 1
                else:
                    responsible = nd if stood else (dealer if refused_first else None)
                    points = 2 if (responsible is not None and w != responsible) or n == 5 else 1
                assert s.last_hand["points"] == points, (seed, s.last_hand)
        assert max(s.scores) >= rules.target and s.scores[s.winner] == max(s.scores)

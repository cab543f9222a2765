"""Switch (RULES.md §2): the points players dispute, each worked out by hand (hands given directly,
player 0 first to play, the dealer the last seat, the stock text top first: its top card is the
starter) before the engine was run, and random games against an independent reading of the rule
book.
"""
import pytest

from cardkit import parse_card, parse_cards
from cardkit.switch import Pending, SwitchRules
from cardkit.switch import new_game as switch_game
from harness import refused

C = parse_card


def switch(*hands, stock, **options):
    n = len(hands)
    return switch_game(SwitchRules(players=n, **options), hands=[parse_cards(h) for h in hands],
                       deck=parse_cards(stock), dealer=n - 1, seed=0)


def test_switch_jack_does_not_reverse_the_direction_of_play():
    # §2 gives the Jack one power, naming a suit: play goes on in seat order (0 → 1 → 2).
    g = switch("JS 4C 5C", "6H 7H 8D", "9H 10H 3D", stock="5H KS QS")
    g.apply("play JS")
    g.apply("choose hearts")
    assert g.current_player == 1 and g.named_suit.word == "hearts"
    g.apply("play 6H")
    assert g.current_player == 2 and g.named_suit is None


def test_switch_eight_with_two_players_leaves_the_last_card_and_the_player_goes_out():
    # §2: player 1 calls, plays 8♥ (down to 4♥); player 2 has no 8 and misses the turn; with two
    # players the player of the 8 plays again and goes out with 4♥.
    g = switch("8H 4H", "KC QC", stock="5H 2S 3S")
    assert [str(a) for a in g.legal_actions()] == ["play 8♥", "play 4♥", "draw", "last card"]
    g.apply("last card")
    g.apply("play 8H")
    assert g.pending == Pending("eight", 1)
    assert [str(a) for a in g.legal_actions()] == ["pass", "challenge"]
    g.apply("challenge")                     # a wrong challenge: player 1 had called
    assert len(g.hands[0]) == 1
    g.apply("pass")
    assert g.current_player == 0
    g.apply("play 4H")
    assert g.is_over and g.winner == 0 and g.end_reason == "out"


def test_switch_pending_two_cannot_be_answered_by_an_ace_even_as_the_last_card():
    # §2: a pending 2-penalty can only be answered with a 2: player 2's only card, A♥, may not
    # go on it; player 2 draws the 2 cards and plays nothing.
    g = switch("2H 9C 9D", "AH", stock="5H 6S 7S 8S")
    g.apply("play 2H")
    assert [str(a) for a in g.legal_actions()] == ["draw"]
    err = refused(g, "play AH", "only a 2 can answer", seats=(0, 1))
    assert err.rule.name.startswith("2s")
    g.apply("draw")
    assert g.hands[1] == parse_cards("AH 6S 7S") and g.pending is None and g.current_player == 0


def test_switch_ace_penalty_then_a_jack_still_goes_on_the_ace():
    # §2: after the Ace's penalty is drawn the Ace's own suit (♣) or rank counts; a Jack goes on
    # anything, so player 1 may play J♦ on A♣ but not 9♦.
    g = switch("AC 9D JD", "KH QH", stock="5C 6S 7S 8S 9S 10S")
    g.apply("play AC")
    g.apply("draw")                          # player 2 draws 4: 6♠ 7♠ 8♠ 9♠
    assert len(g.hands[1]) == 6 and g.current_player == 0
    assert sorted(str(a) for a in g.legal_actions() if a.kind == "play") == ["play J♦"]
    refused(g, "play 9D", "matches neither", seats=(0, 1))


def test_switch_stock_rebuilt_for_a_draw_keeps_the_top_card_and_its_pending_penalty_amount():
    # §2 "Stock empty": the stock holds one card (3♠) when player 1 must draw 4 for two 2s: 3♠
    # is drawn, then the discard pile but its top (2♦) — 2♥ and the starter 5♥ — is shuffled
    # into a new stock of 2 and both are drawn; nothing is left, so 3 of the 4 are drawn.
    g = switch("2H 9C 9D", "2D KS", stock="5H 3S")
    g.apply("play 2H")
    g.apply("play 2D")
    assert g.pending == Pending("two", 4)
    g.apply("draw")                          # player 1 faces 4 with no 2
    assert len(g.hands[0]) == 2 + 3 and g.discard == [C("2D")] and g.stock == []
    assert sorted(map(str, g.hands[0])) == sorted(map(str, parse_cards("9C 9D 3S 5H 2H")))
    assert any(e.kind == "rebuild" for e in g.log)
    assert g.log[-1].explain() == ("Player 1 had to draw 4 cards for the 2s but there were only 3 "
                                   "to draw; the turn passed (2s: draw two).")
    assert g.current_player == 1 and g.pending is None


@pytest.mark.parametrize("rules", [SwitchRules(), SwitchRules(players=3),
                                   SwitchRules(players=4, hand_size=5)],
                         ids=lambda r: f"{r.players}p")
def test_switch_random_games_offer_exactly_the_moves_of_the_rule_book(rules):
    """§2 at every turn of seeded random games: the cards that may be played (suit or rank,
    Jacks and Aces on anything, the named suit after a Jack; only a 2 on a 2-penalty, only an
    Ace on an Ace-penalty, only an 8 on an 8), draw — or pass facing an 8 —, and what each
    special card leaves pending."""
    import random
    from cardkit import Rank
    answer = {"two": Rank.TWO, "ace": Rank.ACE, "eight": Rank.EIGHT}
    n = rules.players
    for seed in range(40):
        rnd = random.Random(seed)
        g = switch_game(rules, seed=seed)
        assert g.discard[0].rank not in (Rank.TWO, Rank.EIGHT, Rank.JACK, Rank.ACE)
        for _step in range(3000):
            if g.is_over:
                break
            c, acts = g.turn, g.legal_actions()
            if g.phase == "play" and not g.skips_owed[c]:
                top = g.discard[0]
                if g.pending is None:
                    suit = g.named_suit or top.suit
                    expected = [x for x in g.hands[c] if x.rank in (Rank.JACK, Rank.ACE)
                                or x.suit == suit or x.rank == top.rank]
                else:
                    expected = [x for x in g.hands[c] if x.rank == answer[g.pending.kind]]
                assert sorted(str(a.card) for a in acts if a.kind == "play") == \
                    sorted(map(str, expected)), (seed, g)
                other = {str(a) for a in acts if a.kind != "play"} - {"challenge", "last card"}
                facing_eight = g.pending is not None and g.pending.kind == "eight"
                assert other == ({"pass"} if facing_eight else {"draw"}), (seed, g)
            plays = [a for a in acts if a.kind == "play"]
            a = rnd.choice(plays) if plays and rnd.random() < 0.8 else rnd.choice(acts)
            before, phase = g.pending, g.phase
            g.apply(a)
            if g.is_over or a.kind != "play" or phase == "choose":
                continue
            rank = a.card.rank
            if rank == Rank.JACK:
                assert g.phase == "choose" and g.turn == c
                continue
            step = {Rank.TWO: ("two", 2), Rank.ACE: ("ace", 4), Rank.EIGHT: ("eight", 1)}.get(rank)
            if step is None:
                assert g.pending is None
            else:
                kind, add = step
                so_far = before.amount if before and before.kind == kind and kind != "eight" else 0
                assert g.pending == Pending(kind, so_far + add)
            assert g.turn == (c + 1) % n and g.named_suit is None
        assert g.is_over, seed

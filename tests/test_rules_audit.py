"""A rules audit (docs/RULES.md §1–§3): stacked-deck checks of disputed points and of edges the
other rule tests leave out (other seats, other presets, option combinations).

Every expected value was worked out by hand from the stacked cards before the engine was run.
War packets are given directly, top card first (won cards go to the bottom, so they appear at the
END of a packet). Écarté decks come from ``ecarte.stacked_deck(non_dealer, dealer, turn_up,
stock)``. Switch hands are given directly with player 0 first to play (the dealer is the last seat)
and the stock text top first (its top card is the starter).
"""
from dataclasses import replace

import pytest

from cardkit import IllegalAction, parse_card, parse_cards, standard_pack
from cardkit import ecarte
from cardkit.ecarte import EcarteRules
from cardkit.switch import Pending, SwitchRules
from cardkit.switch import new_game as switch_game
from cardkit.war import WarRules
from cardkit.war import new_game as war_game

C = parse_card


def txt(text):
    """Symbol form of a plain-letter card list: ``"KD 4S"`` → ``"K♦ 4♠"``."""
    return " ".join(map(str, parse_cards(text)))


def packets(g):
    return [" ".join(map(str, p)) for p in g.packets]


def war(rules, *hands):
    g = war_game(rules, hands=list(hands), seed=0)
    g.apply("flip")
    return g


def unchanged_after(state, action, *, seats, words):
    """``action`` raises IllegalAction whose message says ``words`` and names its rule in plain
    words (never a § number); the state and every seat's observation are exactly as before."""
    before = state.to_json()
    views = [state.observation(s) for s in seats]
    n_log = len(state.log)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    message = str(info.value)
    assert words in message, message
    assert info.value.rule is not None and str(info.value.rule) in message, message
    assert "§" not in message
    assert state.to_json() == before and len(state.log) == n_log
    assert [state.observation(s) for s in seats] == views
    return info.value


# ============================================================================== War (§1)
def test_war_second_player_short_in_the_second_war_turns_the_last_card_up():
    # battle 9♠/9♥ tie; war 1: 2♣ 3♣ 4♣ / 2♦ 3♦ 4♦ down, 5♠/5♥ up: a second tie.
    # war 2: player 1 puts 6♣ 7♣ 8♣ down and turns K♣; player 2 has one card left (6♦): none
    # down, 6♦ is the deciding card. K♣ beats 6♦: player 1 takes all 15, winner's cards first.
    g = war(WarRules(), "9S 2C 3C 4C 5S 6C 7C 8C KC QC", "9H 2D 3D 4D 5H 6D")
    assert g.wars == 2 and g.is_over and g.winner == 0 and g.result == "all_cards"
    assert packets(g) == [txt("QC 9S 2C 3C 4C 5S 6C 7C 8C KC 9H 2D 3D 4D 5H 6D"), ""]
    story = [e for e in g.log if e.kind == "battle"][-1].explain()
    assert "Player 2 is short of cards: 0 face down, and the last card is their deciding card." in story


def test_war_second_player_short_deciding_ace_wins_and_stays_in():
    # the same, but player 2's last card is A♦: it beats K♣, player 2 takes the 15 cards
    # (their own first, in the order put down) and plays on; player 1 keeps Q♣.
    g = war(WarRules(), "9S 2C 3C 4C 5S 6C 7C 8C KC QC", "9H 2D 3D 4D 5H AD")
    assert not g.is_over and g.wars == 2
    assert packets(g) == [txt("QC"), txt("9H 2D 3D 4D 5H AD 9S 2C 3C 4C 5S 6C 7C 8C KC")]


def test_war_four_players_three_way_tie_one_down_one_up_and_pickup_order():
    # §1.2: K♠ K♥ K♦ tie above 2♣; only the three kings fight, 1 down 1 up: 5♠, 9♥, 7♦ up.
    # Player 2's 9♥ wins all 10 cards: their own first, then seats 1, 3, 4 in seat order.
    # Players 1 and 3 have no cards left and drop out; player 4 keeps 3♣.
    g = war(WarRules.multiplayer(4), "KS 2S 5S", "KH 3H 9H", "KD 4D 7D", "2C 3C")
    assert packets(g) == ["", txt("KH 3H 9H KS 2S 5S KD 4D 7D 2C"), "", txt("3C")]
    assert g.out == [True, False, True, False] and not g.is_over


def test_war_three_player_preset_all_three_tie_all_three_fight():
    # §1.3 speaks of the two highest cards tying; when all three tie (7♠ 7♥ 7♦) the engine lets
    # all three fight the 3-down-1-up war: 9♠ beats 5♥ and 6♦, player 1 takes all 15 cards.
    g = war(WarRules.three_player(), "7S 2S 3S 4S 9S", "7H 2H 3H 4H 5H", "7D 2D 3D 4D 6D")
    assert packets(g)[0] == txt("7S 2S 3S 4S 9S 7H 2H 3H 4H 5H 7D 2D 3D 4D 6D")
    assert g.is_over and g.winner == 0


def test_war_automatic_two_as_the_last_card_with_short_of_cards_lose():
    # §1.6 + §1.1 lose: player 1's only card is the 2♠, which starts a war against K♥; player 1
    # cannot complete it, so loses the war and the game. Player 2 takes K♥ then 2♠.
    g = war(replace(WarRules.automatic_war(), short_of_cards="lose"), "2S", "KH 3D 4D 5D 6D")
    assert g.is_over and g.winner == 1
    assert packets(g) == ["", txt("3D 4D 5D 6D KH 2S")]


def test_war_peace_second_peace_short_player_stands_and_the_low_card_wins():
    # §1.4: 9♠/9♥ tie: a peace, 5 down each; 6♣ and 6♦ up tie again. Player 1 has no cards left:
    # 6♣ stands. Player 2 has 3 cards: 2 down (K♦ Q♦), the last (2♦) up. 2♦ is lower than 6♣:
    # player 2 wins the peace, every one of the 17 cards, and the game.
    g = war(WarRules.peace(), "9S 2C 3C 4C 5C 7C 6C", "9H 2H 3H 4H 5H 7H 6D KD QD 2D")
    assert g.is_over and g.winner == 1 and g.wars == 2
    assert packets(g) == ["", txt("9H 2H 3H 4H 5H 7H 6D KD QD 2D 9S 2C 3C 4C 5C 7C 6C")]


def test_war_razboi_ace_war_needs_eleven_cards_short_player_turns_the_last():
    # §1.5: two aces: 10 down, the 11th up. Player 1 has 11 cards after the ace: 3♣…Q♣ down,
    # 2♣ up. Player 2 has only 4: 3 down, the 4th (K♦) up as the deciding card. K♦ beats 2♣.
    g = war(WarRules.razboi(), "AS 3C 4C 5C 6C 7C 8C 9C 10C JC QC 2C", "AH 3D 4D 5D KD")
    assert g.is_over and g.winner == 1
    assert packets(g) == ["", txt("AH 3D 4D 5D KD AS 3C 4C 5C 6C 7C 8C 9C 10C JC QC 2C")]


def test_war_underdog_is_not_applied_when_a_short_player_loses_under_lose():
    # §1.8 with short_of_cards="lose": player 1 cannot complete the war (2 cards left, needs 4),
    # loses it and so the game; the 6♣ among the cards left on the table does not turn the war
    # (the engine applies the underdog only to wars decided by comparing cards).
    g = war(replace(WarRules.underdog(), short_of_cards="lose"), "9S 6C 3C", "9H 2D 3D 4D 5D")
    assert g.is_over and g.winner == 1
    assert packets(g) == ["", txt("2D 3D 4D 5D 9H 9S 6C 3C")]


def test_war_illegal_actions_in_a_slap_decision_change_nothing():
    # §1.9: a 5 turned up waits for the person's slap; "steal" and "top" are other variants' moves
    g = war_game(WarRules.slap(), hands=["5S 2C", "KH 3D"], seed=0)
    g.apply("flip")
    assert g.phase == "slap" and g.current_player == 0
    for bad in ("steal", "top 5S"):
        unchanged_after(g, bad, seats=(0, 1), words="")


def test_war_observation_never_shows_a_face_down_card_mid_war():
    # a Steal War war waits for a decision with 3 face-down cards each on the table: they are
    # backs (None) in both seats' views until the war is settled
    g = war_game(WarRules.steal(), hands=["7S 2C 3C 4C 9S", "7H 2D 3D 4D 9H"],
                 piles=["", "9D"], seed=0)
    g.apply("flip")
    # 7♠/7♥ tie; 3 down each; player 1's fourth card 9♠ matches player 2's face-up 9♦: steal?
    assert g.phase == "steal" and g.current_player == 0
    for seat in (0, 1):
        text = g.observation(seat).to_json()
        for hidden in ("2♣", "3♣", "4♣", "2♦", "3♦", "4♦"):
            assert hidden not in text, (seat, hidden)


# ============================================================================== Écarté (§3)
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
    err = unchanged_after(s, "announce king", seats=(0, 1),
                          words="The king must be announced before your first card is played")
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
    err = unchanged_after(s, "play KD", seats=(0, 1), words="you must trump")
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


# ============================================================================== Switch (§2)
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
    err = unchanged_after(g, "play AH", seats=(0, 1), words="only a 2 can answer")
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
    unchanged_after(g, "play 9D", seats=(0, 1), words="matches neither")


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


def test_war_no_face_down_cards_option_zero():
    # §1.1 war_facedown=0: a war is just one more card up each: 9♠ beats 3♥
    g = war(replace(WarRules(), war_facedown=0), "7S 9S", "7H 3H KD")
    assert packets(g) == [txt("7S 9S 7H 3H"), txt("KD")] and g.wars == 1


# ============================================================== independent readings, many deals
# Each check below plays the rule book's text as a short, separate program (written from
# docs/RULES.md, not from the engine) against the engine over many seeded small deals with few
# ranks, so that ties, repeated wars and players running short come up often.
_RAZBOI = {r: (r if r <= 10 else 11 if r == 14 else 10) for r in range(2, 15)}


def _beats(rules, a, b):
    """§1.1, §1.4, §1.7: a card of rank value ``a`` beats one of ``b``."""
    if a == b:
        return False
    if rules.lowest_wins:
        return a < b
    for r, victims in ((rules.beats_faces_rank, (11, 12, 13)), (rules.beats_aces_rank, (14,))):
        if r is not None and a == r and b in victims:
            return True
        if r is not None and b == r and a in victims:
            return False
    return a > b


def _after_battle(P, seen, battles, limit):
    """§1.1/§1.2 after a battle: the last player holding cards wins; a position seen before at
    the start of a battle is a draw by repetition; the battle limit stops the game (a draw)."""
    alive = [p for p in range(len(P)) if P[p]]
    if len(alive) == 1:
        return ("win", alive[0], battles)
    key = tuple(map(tuple, P))
    if key in seen:
        return ("draw", "repetition", battles)
    seen.add(key)
    if battles >= limit:
        return ("draw", "limit", battles)
    return None


def _two_player_war(rules, packets, limit):
    """Two-player War as §1.1 and §1.4–§1.8 say: ("win", seat, battles) or ("draw", how, battles).
    Where the book is silent it follows the decisions cardkit/war/engine.py documents (a
    standing card facing an automatic-war card is compared as usual; the underdog does not
    rescue a player who loses a war by being short under ``lose``)."""
    P = [list(p) for p in packets]
    seen = {tuple(map(tuple, P))}
    battles = 0
    v = lambda card: int(card.rank)  # noqa: E731
    while True:
        table, down = [[], []], [[], []]
        up = [P[0].pop(0), P[1].pop(0)]
        table[0].append(up[0])
        table[1].append(up[1])
        newly, wars, winner, short_loss = [0, 1], 0, None, False
        while winner is None:
            auto = rules.automatic_rank is not None and any(v(up[p]) == rules.automatic_rank
                                                            for p in newly)
            if not auto and _beats(rules, v(up[0]), v(up[1])):
                winner = 0
                break
            if not auto and _beats(rules, v(up[1]), v(up[0])):
                winner = 1
                break
            if not auto and (not newly or (rules.short_of_cards == "last_card_up"
                                           and not P[0] and not P[1])):
                return ("draw", "standing", battles + 1)
            cause = rules.automatic_rank if auto else v(up[0])
            k = rules.war_facedown if rules.war_size == "fixed" else _RAZBOI[cause] - 1
            wars += 1
            short = [p for p in (0, 1) if len(P[p]) < k + 1]
            if short and rules.short_of_cards == "draw":
                return ("draw", "short", battles + 1)
            if short and rules.short_of_cards == "lose":
                if len(short) == 2:
                    return ("draw", "short", battles + 1)
                s = short[0]
                table[s] += P[s]
                P[s] = []
                winner, short_loss = 1 - s, True
                break
            newly = []
            for p in (0, 1):
                n = min(len(P[p]), k + 1)
                if n:
                    cards, P[p] = P[p][:n], P[p][n:]
                    table[p] += cards
                    down[p] += cards[:-1]
                    up[p] = cards[-1]
                    newly.append(p)
        if wars and rules.underdog_rank is not None and not short_loss \
                and rules.underdog_rank in [v(c) for c in down[1 - winner]]:
            winner = 1 - winner
        order = (winner, 1 - winner) if rules.pickup == "winner_first" else (0, 1)
        P[winner] += [c for p in order for c in table[p]]
        battles += 1
        end = _after_battle(P, seen, battles, limit)
        if end:
            return end


def _several_player_war(rules, packets, limit):
    """§1.2, §1.3 (and §1.5 with more players): only the tied players fight, last card up."""
    n = rules.players
    P = [list(p) for p in packets]
    seen = {tuple(map(tuple, P))}
    battles = 0
    v = lambda card: int(card.rank)  # noqa: E731
    while True:
        alive = [p for p in range(n) if P[p]]
        table, up = [[] for _ in range(n)], [None] * n
        for p in alive:
            up[p] = P[p].pop(0)
            table[p].append(up[p])
        fighting, newly = alive, alive
        while True:
            top = max(v(up[p]) for p in fighting)
            best = [p for p in fighting if v(up[p]) == top]
            if len(best) == 1:
                winner = best[0]
                break
            if not newly or all(not P[p] for p in best):
                return ("draw", "standing", battles + 1)
            k = rules.war_facedown if rules.war_size == "fixed" else _RAZBOI[top] - 1
            newly = []
            for p in best:
                m = min(len(P[p]), k + 1)
                if m:
                    table[p] += P[p][:m]
                    P[p] = P[p][m:]
                    up[p] = table[p][-1]
                    newly.append(p)
            fighting = best
        P[winner] += [c for p in [winner] + [q for q in range(n) if q != winner] for c in table[p]]
        battles += 1
        end = _after_battle(P, seen, battles, limit)
        if end:
            return end


def _engine_war(rules, packets, limit):
    g = war_game(replace(rules, max_battles=limit), hands=[list(p) for p in packets], seed=0)
    while not g.is_over:
        g.apply("flip")
    how = {"repetition": "repetition", "battle_limit": "limit", "short_of_cards": "short",
           "standing_tie": "standing"}
    if g.winner is not None:
        return ("win", g.winner, g.battles)
    return ("draw", how[g.result], g.battles)


def _small_deals(players, n_deals, seed):
    """Random packets from a pack cut down to a few ranks (many ties), of random sizes."""
    import random
    rnd = random.Random(seed)
    pack = standard_pack()
    for _i in range(n_deals):
        ranks = rnd.sample(range(2, 15), rnd.choice([2, 3, 4, 6, 13]))
        cards = [c for c in pack if int(c.rank) in ranks]
        rnd.shuffle(cards)
        cards = cards[:rnd.randint(players, len(cards))]
        cuts = sorted(rnd.sample(range(1, len(cards)), players - 1))
        yield [cards[a:b] for a, b in zip([0, *cuts], [*cuts, len(cards)], strict=False)]


TWO_PLAYER_RULES = {
    "classic": WarRules(), "player_order": replace(WarRules(), pickup="player_order"),
    "lose": replace(WarRules(), short_of_cards="lose"),
    "draw": replace(WarRules(), short_of_cards="draw"),
    "one_down": replace(WarRules(), war_facedown=1), "peace": WarRules.peace(),
    "razboi": WarRules.razboi(), "razboi_lose": replace(WarRules.razboi(), short_of_cards="lose"),
    "automatic": WarRules.automatic_war(),
    "automatic_one_down": replace(WarRules.automatic_war(), war_facedown=1),
    "beats_faces": WarRules.beats_faces(), "beats_aces": WarRules.beats_aces(),
    "underdog": WarRules.underdog(), "underdog_one_down": replace(WarRules.underdog(), war_facedown=1),
    "underdog_lose": replace(WarRules.underdog(), short_of_cards="lose"),
}


@pytest.mark.parametrize("name", sorted(TWO_PLAYER_RULES))
def test_war_two_players_engine_agrees_with_an_independent_reading(name):
    rules = TWO_PLAYER_RULES[name]
    results = set()
    for deal in _small_deals(2, 120, seed=len(name)):
        expected = _two_player_war(rules, deal, 400)
        assert _engine_war(rules, deal, 400) == expected, (name, [" ".join(map(str, p)) for p in deal])
        results.add(expected[:2])
    assert ("win", 0) in results and ("win", 1) in results      # the deals are not all alike


@pytest.mark.parametrize("rules", [WarRules.multiplayer(3), WarRules.multiplayer(4),
                                   WarRules.three_player(), WarRules.razboi(3),
                                   WarRules(players=4)], ids=lambda r: r.name + str(r.players))
def test_war_several_players_engine_agrees_with_an_independent_reading(rules):
    for deal in _small_deals(rules.players, 120, seed=rules.players):
        assert _engine_war(rules, deal, 400) == _several_player_war(rules, deal, 400), \
            [" ".join(map(str, p)) for p in deal]


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


def test_war_three_players_standing_tie_with_a_third_player_holding_cards():
    # §1.1 "If both players are standing on their last card and those cards tie, the game is a
    # draw", applied as written in a game of three (the engine's documented decision): K♠ and K♥
    # are players 1 and 2's last cards; player 3's 3♣ is below them and player 3 still holds
    # cards. The story says that the players in the war (not everyone) stand on their last card.
    g = war(WarRules.multiplayer(3), "KS", "KH", "3C 4C 5C")
    assert g.is_over and g.winner is None and g.result == "standing_tie"
    story = [e for e in g.log if e.kind == "battle"][-1].explain()
    assert "The players in the war are standing on their last card and K♠ and K♥ tie." in story
    assert "Everyone" not in story
    # with two players the sentence is unchanged
    g = war(WarRules(), "8S", "8H")
    assert "Everyone is standing on their last card and 8♠ and 8♥ tie." in g.log[-2].explain()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_war_steal_random_games_steal_exactly_the_matching_piles_in_seat_order(players):
    """§1.10 at every decision of seeded random Steal War games: a steal is offered only when the
    top card of the player's packet matches the top of an opponent's face-up pile; it takes every
    matching pile (seat order), whole and in order, with the card on top; no card is lost."""
    import random
    from collections import Counter
    for seed in range(25):
        rnd = random.Random(seed)
        g = war_game(WarRules.steal(players), seed=seed)
        every = Counter(g.all_cards())
        for _step in range(3000):
            if g.is_over:
                break
            acts = g.legal_actions()
            if g.stage == "steal":
                p = g.current_player
                top = g.packets[p][0]
                victims = [q for q in range(players) if q != p and g.piles[q]
                           and g.piles[q][0].rank == top.rank]
                assert victims, (seed, g)
                piles = g.piles
                a = rnd.choice(acts)
                n_log = len(g.log)
                g.apply(a)
                if a.kind == "steal":
                    steal = next(e for e in g.log[n_log:] if e.kind == "steal")
                    assert steal.data["victims"] == victims and steal.cards == (top,)
                    assert steal.data["cards"] == [c for q in victims for c in piles[q]]
            else:
                g.apply(rnd.choice(acts))
            assert Counter(g.all_cards()) == every
        assert g.is_over, seed

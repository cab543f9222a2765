"""Switch (RULES.md §2): why a move is refused. One function decides every move and why not
(:func:`cardkit.switch.moves.judge`): the legal list, the engine's refusal and the sentence a table
shows for a greyed card or button all come from it, so they always agree.

Every expected value was worked out by hand from the stacked cards (tests/rules/switch/deals.py).
"""
import pytest
from harness import play, refused, texts

from cardkit import Action, IllegalAction, InvalidAction, standard_pack
from cardkit.switch import SwitchRules, computer_player, new_game

from .deals import game


def snapshot(g):
    return (g.to_json(), [list(h) for h in g.hands], list(g.stock), list(g.discard), g.pending,
            g.named_suit, g.phase, g.turn, g.window, set(g.called), list(g.skips_owed),
            len(g.log), [texts(g.legal_actions(s)) for s in range(g.players)])


def test_bad_input_names_the_rule_and_changes_nothing_in_every_phase():
    g = game("JS 9C 4D", "9D 3D 10D", stock="5H 6C 7C")
    play(g, "play JS")                                   # choose phase
    assert str(refused(g, "play 9C", "First name a suit")) == "First name a suit for your Jack (Jacks: name a suit)."
    assert str(refused(g, "draw", "First name a suit")) == "First name a suit for your Jack (Jacks: name a suit)."
    play(g, "choose diamonds")
    assert str(refused(g, "choose hearts", "You name a suit")) == (
        "You name a suit only right after playing a Jack (Jacks: name a suit).")
    assert str(refused(g, "pass", "You pass only")).startswith(
        "You pass only to keep a card you just drew or to miss a turn after an 8 ")
    refused(g, "last card", "last card")
    g = game("9C KS", "3D 4D", stock="5H 7H 3C")
    play(g, "draw")                                      # drawn phase
    assert str(refused(g, "play KS", "After drawing")).startswith(
        "After drawing you may only play the card you drew (7♥), or pass to keep it")
    assert str(refused(g, "draw", "After drawing")) == (
        "After drawing you play the card you drew or pass (Draw if you cannot play).")
    g = game("8H 4C 5C", "9S 3S", stock="5H 6C")
    play(g, "play 8H")                                   # facing an 8
    refused(g, "draw", "Facing an 8 you cannot draw")
    refused(g, "play 9S", "not an 8")
    assert str(refused(g, "play 4C", "You do not hold")) == "You do not hold 4♣ (Match the suit or the rank)."
    before = snapshot(g)
    for text in ("play 3X", "fly", "choose purple", "play"):
        with pytest.raises(InvalidAction, match="Cannot read the action"):
            g.apply(text)
        assert snapshot(g) == before


def test_owing_a_missed_turn_while_facing_a_two_the_message_says_draw():
    g = game("8H 6S 5H 3C", "8S 2S 9H 3D", "4D KD QD 7D", stock="7H 2C 4C 5C 6C",
             eights_accumulate=True)
    play(g, "play 8H", "play 8S", "pass", "play 6S", "play 2S")
    assert texts(g.legal_actions()) == ["draw"]
    msg = str(refused(g, "pass", "(8s: miss a turn)."))
    assert msg.endswith("(8s: miss a turn).")
    assert "your only move is draw" in msg and "only move is pass" not in msg
    assert "draw" in str(refused(g, "play 4D", "miss"))
    g2 = game("8H 6S 5H 3C", "8S 9S 9H 3D", "4D KD QD 7D", stock="7H 2C 4C", eights_accumulate=True)
    play(g2, "play 8H", "play 8S", "pass", "play 6S", "play 9S")
    assert texts(g2.legal_actions()) == ["pass"]
    refused(g2, "draw", "your only move is pass")


def test_the_next_player_holding_two_cards_is_told_to_call_after_the_play():
    # Player 1 plays 9♥ down to one card without calling: "last card" is now Player 1's (late)
    # call. Player 2 holds 9♠ 3D and can play 9♠, so the refusal must not say "none of your cards
    # can be played" (it did): Player 2 calls right after the play.
    g = game("9H 4C", "9S 3D", stock="5H 6C 7C 8D")
    play(g, "play 9H")
    assert texts(g.legal_actions(1)) == ["play 9♠", "draw", "challenge"]
    assert str(g.observation(1).refusal("last card")) == (
        "Player 1 has just played down to one card and may still call “last card”: you call yours "
        "right after your play this time (Last card).")
    play(g, "play 9S")                  # Player 1's chance has passed; Player 2's call is open
    assert g.window == 1 and texts(g.legal_actions(1)) == ["last card"]


def test_the_table_and_the_engine_give_the_same_answer_for_every_move():
    """On positions of seeded computer games, for every seat and every move (each card of the pack,
    draw, pass, challenge, last card, choose hearts): the observation refuses exactly the moves
    its legal list leaves out, and for the current player the engine refuses with the same
    sentence and rule."""
    moves = [Action.play(c) for c in standard_pack()] + [
        Action("draw"), Action("pass"), Action("challenge"), Action("last card"),
        Action("choose", word="hearts")]
    checked = 0
    for seed, rules in enumerate([SwitchRules(), SwitchRules(players=3, eights_accumulate=True),
                                  SwitchRules(players=4, hand_size=3)]):
        g = new_game(rules, seed=seed)
        players = [computer_player("easy", seed=seed * 10 + s) for s in range(rules.players)]
        for step in range(400):
            if g.is_over:
                break
            if step % 4 == 0:
                engine_legal = g._legal_actions()
                for seat in range(rules.players):
                    obs = g.observation(seat)
                    for a in moves:
                        why = obs.refusal(a)
                        assert (why is None) == (a in obs.legal_actions), (seed, step, seat, a)
                        if why is None or seat != g.current_player or a in engine_legal:
                            continue
                        with pytest.raises(IllegalAction) as info:
                            g.apply(a)
                        assert str(info.value) == str(why) and info.value.rule == why.rule
                        checked += 1
            s = g.current_player
            g.apply(players[s].choose(g.observation(s)))
    assert checked > 1000

"""Switch (RULES.md §2, docs/observation.md "Switch"): what one seat sees and reads — the
observation hides the other hands, the stock and the cards others draw; the history's sentences,
"what now", the outcome; JSON replay, the repr and the lesson picture.

Every expected value was worked out by hand from the stacked cards (tests/rules/switch/deals.py).
"""
import pytest
from harness import play

from cardkit import IllegalAction, InvalidAction, Outcome
from cardkit.switch import SwitchRules, SwitchState, computer_player, new_game, what_now

from .deals import C, cards, game


def test_observation_shows_only_what_the_seat_may_see():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    o = g.observation(1)
    assert o.hand == tuple(cards("9S 3D 10D")) and o.card_counts == (2, 3)
    assert o.discard == tuple(cards("5H")) and o.stock_count == 3 and o.legal_actions == ()
    assert o.hands is None and o.stock is None
    assert all(str(c) not in o.to_json() for c in cards("9H 4C 6C 7C 8D"))
    text = repr(o)
    for hidden in cards("9H 4C 6C 7C 8D"):
        assert str(hidden) not in text
    o0 = g.observation(0)
    assert [str(a) for a in o0.legal_actions] == ["play 9♥", "draw", "last card"]
    full = g.observation(1, reveal=True)
    assert full.hands[0] == tuple(cards("9H 4C")) and full.stock == tuple(cards("6C 7C 8D"))
    play(g, "last card", "play 9H")
    assert g.observation(1).last_card_called == (0,)


def test_draw_events_never_name_the_card_drawn():
    g = game("9C KS", "3D 4D", stock="5H 7H 3C")
    play(g, "draw", "pass")
    assert "7♥" not in " ".join(e.explain() for e in g.log) and g.log[-2].cards == (C("7H"),)
    assert g.log[-2].visible_to == (0,) and g.observation(1).events[-2].cards == ()
    assert g.observation(0).events[-2].explain() == "You drew 7♥, which you may play at once (Draw if you cannot play)."
    assert "7♥" not in g.observation(1).to_json()


def test_what_now_sentences():
    g = game("8H 6H 7C 3S", "9D 10D KD", stock="5H 2S 4S")
    assert what_now(g.observation(0)) == ("Play a card that matches 5♥ by suit (♥) or rank (5) — a "
                                          "Jack or an Ace goes on anything — or draw a card "
                                          "(Match the suit or the rank).")
    play(g, "play 8H")
    assert what_now(g.observation(0)) == "Waiting for Player 2." == g.observation(0).what_now
    assert what_now(g.observation(1)) == "You face an 8: play an 8, or pass and miss this turn (8s: miss a turn)."
    g = game("JS 9C 4D 3S", "JD 9H KS 3C", stock="5H 6D 7D")
    play(g, "play JS")
    assert what_now(g.observation(0)).startswith("You played a Jack: name the suit")
    play(g, "choose hearts")
    assert what_now(g.observation(1)).startswith("Play a ♥ card (hearts were named after the Jack)")
    g = game("2H", "9S 3D", stock="5H 6C 7C")
    play(g, "play 2H")
    assert what_now(g.observation(0)) == "You won! Cards left — Player 2: 2. Press New game to play again."
    assert what_now(g.observation(1)) == ("Player 1 won. Cards left — Player 2: 2. Press New game "
                                          "to play again.")
    assert g.observation(1).outcome == Outcome(0, "out", "Player 1 won. Cards left — Player 2: 2.", (0,))


def test_log_sentences_agree_with_you_and_say_the_or_the_s():
    """Past tense throughout, "you" for the reader, "the Ace" after one Ace, "the 2s" after two 2s."""
    g = new_game(hands=["JH 9C 4D", "AS 10S KD"], deck="5H 6C 7C 8D 9D 3S 4S 5S 6S", dealer=1,
                 seed=0, names=["Bo", "Ada"])
    play(g, "play JH")
    assert g.observation(0).events[-1].explain() == (
        "You played J♥ (a Jack goes on anything) and named a suit (Jacks: name a suit).")
    assert g.log[-1].explain() == "Bo played J♥ (a Jack goes on anything) and named a suit (Jacks: name a suit)."
    play(g, "choose spades")
    play(g, "play AS")
    play(g, "draw")
    assert g.observation(0).events[-1].explain() == (
        "You drew 4 cards (6♣ 7♣ 8♦ 9♦) for the Ace and could play nothing this turn (Aces: draw four).")
    assert g.observation(1).events[-1].explain() == (
        "Bo drew 4 cards for the Ace and could play nothing this turn (Aces: draw four).")
    g = game("2H 9C 4D", "2S 10S KD", stock="5H 6C 7C 8D 9D 3S 4S 5S 6S")
    play(g, "play 2H")
    play(g, "play 2S")
    play(g, "draw")
    assert g.log[-1].explain() == "Player 1 drew 4 cards for the 2s and could play nothing this turn (2s: draw two)."
    g = game("2H 9C 4D", "3S 10S KD", stock="5H 6C 7C 8D 9D 3C 4S 5S 6S")
    play(g, "play 2H")
    play(g, "draw")
    assert g.log[-1].explain() == "Player 2 drew 2 cards for the 2 and could play nothing this turn (2s: draw two)."


# -- JSON, replay, pictures -------------------------------------------------------------------------
def test_json_round_trip_and_illegal_action_leaves_state_unchanged():
    g = new_game(SwitchRules(players=3, eights_accumulate=True), seed=5)
    players = [computer_player("easy", seed=i) for i in range(3)]
    for _ in range(25):
        s = g.current_player
        g.apply(players[s].choose(g.observation(s)))
    before = g.to_json()
    for bad in ("play 3X", "choose hearts", "challenge", "play " + str(g.stock[0])):
        with pytest.raises(InvalidAction if bad == "play 3X" else IllegalAction):
            g.apply(bad)
        assert g.to_json() == before
    back = SwitchState.from_json(before)
    assert (back.hands, back.stock, back.discard, back.pending, back.named_suit) == \
           (g.hands, g.stock, g.discard, g.pending, g.named_suit)
    assert back.to_json() == before


def test_a_game_without_seed_still_replays():
    g = new_game()
    play(g, "draw")
    back = SwitchState.from_json(g.to_json())
    assert back.hands == g.hands and back.stock == g.stock


def test_repr_and_html():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    assert repr(g) == "<Switch 2p: player 0 to play; top 5♥; hands 2/3; stock 3>"
    html = g._repr_html_()
    assert "9♥" in html and "8♦" in html          # lessons see the whole position

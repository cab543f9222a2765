"""War's state on the protocol (docs/observation.md): refusals, JSON, clones, what a seat
sees, its text forms. The protocol invariants every game shares, over many random games:
tests/rules/test_conformance.py.
"""

from dataclasses import replace

import pytest

from cardkit.i18n import language

from cardkit import Action, IllegalAction, parse_cards, war
from cardkit.war import WarRules, WarState, new_game
from harness import refused

from .helpers import C, R, assert_hides, cards, flip, game


def test_illegal_actions_name_the_rule_and_change_nothing():
    g = flip(game(R(), "KD 2C 5S", "4S 3H 6S"))
    before = g.to_json()
    for bad, words in [("play KD", "not a War action"), ("top KD", "just after winning"),
                       ("steal", "Steal War"), ("slap", "Slap war"), ("draw", "not a War action")]:
        refused(g, bad, words)
        assert g.to_json() == before


def test_json_round_trip_and_clone():
    g = flip(new_game(WarRules.steal(), seed=4))
    while g.current_player is not None:
        g.apply(g.legal_actions()[0])
    flip(g, 3)
    h = WarState.from_json(g.to_json())
    assert h.packets == g.packets and h.piles == g.piles and h.to_json() == g.to_json()
    c = g.clone()
    while c.current_player is not None:
        c.apply(c.legal_actions()[0])
    flip(c)
    assert c.to_json() != g.to_json() and g.to_json() == h.to_json()


def test_observation_hides_packets_and_face_down_cards():
    g = game(R(), "9S 2C 3C 4C 5S 8S", "9H 2D 3D 4D KH 7H")
    o = g.observation(1)
    assert o.card_counts == (6, 6) and not hasattr(o, "packets") and o.hand == ()
    assert o.legal_actions == (Action("flip"),) and o.current_player is None
    assert o.phase == "battle" and o.what_now.startswith("Press Flip to turn the top cards")
    flip(g)
    o = g.observation(0)
    last = o.last_battle                      # settled: every card face up
    assert last["table"][0] == cards("9S 2C 3C 4C 5S") and last["winner"] == 1
    assert last["face_up"][0] == [True, False, False, False, True]
    assert last["counts_before"] == [6, 6] and last["counts_after"] == [1, 11]
    assert o.table == ((), ())
    assert o.events[-1].explain() == (           # told to its reader, seat 0
        "Battle: 9♠ (you) vs 9♥ (Player 2). 9♠ and 9♥ tie: war! You put 3 cards face down. "
        "Player 2 puts 3 cards face down. Turned up: 5♠ (you), K♥ (Player 2). Face down were: "
        "yours 2♣ 3♣ 4♣; Player 2 2♦ 3♦ 4♦. K♥ beats 5♠: Player 2 wins the war and takes 10 cards.")
    assert g.observation(1).last_battle["text"] == "K♥ beats 5♠: you win the war and take 10 cards."
    assert o.what_now == "Press Flip to turn the top cards (Classic War)." and o.outcome is None
    with pytest.raises(ValueError):
        g.observation(2)


def test_repr_and_html():
    g = flip(game(R(), "KD 2C", "4S 3H"))
    assert repr(g) == "<War classic: packets 3/1, 1 battles, battle 2 next>"
    assert str(g) == "War, Classic (3 down, 1 up): packets 3/1, 1 battle so far; battle 2 is next."
    with language("kn"):
        assert "Classic" not in str(g) and "3/1" in str(g)
    html = g._repr_html_()
    assert "K♦" in html and "3♥" in html and "Player 2" in html


# -- what a seat sees, told to its reader -------------------------------------------------------


def test_face_down_war_cards_are_hidden_until_the_battle_is_settled():
    # Steal War: a war, then a steal decision before the deciding cards: the face-down cards are
    # backs in every seat's observation (hand-stacked; see test_slap_and_steal.py)
    g = new_game(WarRules.steal(), hands=["8S 2C 3C 4C 7S AS", "8H 2D 3D 4D 9H KD"],
                 piles=[[], ["7H"]])
    g.apply("flip")
    assert g.phase == "steal" and g.current_player == 0
    for seat in (0, 1):
        obs = g.observation(seat)
        assert obs.table == ((C("8S"), None, None, None), (C("8H"), None, None, None))
        assert_hides(obs, set(parse_cards("2C 3C 4C 2D 3D 4D AS 9H KD")))
        assert obs.piles[1] == {"top": C("7H"), "size": 1}         # a pile's top card is public
    assert g.observation(0).looking_at == C("7S")                 # your own next card
    assert g.observation(1).looking_at is None
    assert_hides(g.observation(1), {C("7S")})
    g.apply("flip")                                      # play the 7♠: the war is settled
    last = g.observation(1).last_battle
    assert last["face_up"] == [[True, False, False, False, True]] * 2


def test_what_now_says_press_flip_and_the_decision():
    g = new_game(WarRules.classic(), hands=["KD 2C", "4S 3H"])
    assert g.observation(0).what_now == ("Press Flip to turn the top cards: both players turn up "
                                         "their top card, and the highest card wins the battle "
                                         "(Classic War).")
    g.apply("flip")
    assert g.observation(1).what_now == "Press Flip to turn the top cards (Classic War)."
    assert str(g.observation(1).rule) == "Classic War"
    s = new_game(WarRules.steal(), hands=["7S 2C 9C", "KH 3D 4D"], piles=[[], ["7H", "4H", "8H"]])
    s.apply("flip")
    assert s.observation(0).what_now == ("Your top card 7♠ has the rank of the top card of "
                                         "Player 2's face-up pile: steal the pile, or play the card "
                                         "(Steal War)?")
    assert s.observation(1).what_now == ("Player 1 decides whether to steal a face-up pile "
                                         "(Steal War).")
    refusal = s.observation(1).refusal("steal")
    assert isinstance(refusal, IllegalAction) and str(refusal) == "It is Player 1's decision now."
    assert str(refusal.rule) == "Steal War" and s.observation(0).refusal("steal") is None


def test_events_speak_to_their_reader():
    g = new_game(WarRules.classic(), hands=["AC", "KS"], names=["Ada", "Bo"])
    g.apply("flip")
    assert g.observation(0).events[-1].explain() == "You hold all the cards and win the game."
    assert g.observation(1).events[-1].explain() == "Ada holds all the cards and wins the game."
    assert g.observation(1).outcome.text == "Ada holds all the cards and wins the game."
    assert g.observation(0).what_now == ("You hold all the cards and win the game. Press New game "
                                         "to play again.")
    assert g.log[1].explain() == ("Battle: A♣ (Ada) vs K♠ (Bo). A♣ beats K♠: Ada wins the battle "
                                   "and takes 2 cards.")


def test_presets_have_labels_and_names():
    labels = {name: r.label for name, r in war.presets().items()}
    assert labels["classic"] == "Classic (3 down, 1 up)" and labels["multiplayer4"] == \
        "Four players (1 down, 1 up)" and labels["steal"] == "Steal War (jokers, steals)"
    assert len(set(labels.values())) == len(labels)
    assert all(r.name == name for name, r in war.presets().items())
    custom = replace(WarRules.classic(), war_facedown=1)
    assert (custom.name, custom.label) == ("custom", "Custom rules (1 down, 1 up)")
    assert WarRules.slap(seat=1).name == "slap"          # the person's seat is not a rule


def test_war_doctests_pass():
    import doctest
    import importlib
    attempted = 0
    for name in ("cardkit.war", "cardkit.war.rules", "cardkit.war.engine", "cardkit.war.battle",
                 "cardkit.war.deal", "cardkit.war.observation",
                 "cardkit.war.text", "cardkit.war.computer", "cardkit.war.simulation"):
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, name
        attempted += result.attempted
    assert attempted >= 8          # the quick start, the rules' label and error, rule_ref


def test_a_rule_failing_half_way_changes_nothing(monkeypatch):
    # apply()'s undo: the packets, the table, the log, the counts and the RNG as they were
    g = new_game(replace(WarRules.classic(), pickup="random"), hands=["7C 2S 3C 9D KD 5D", "7H 5H JS 8C 4S 2D"],
                 seed=5)
    g.apply("flip")
    before = (g.to_json(), g.packets, g.table, g.battles, g.wars, len(g.log), g.observation(0).to_json(),
              g._rng.bit_generator.state)

    def broken(self, w, why, rule, what=None):
        self._rng.random()                  # the RNG moves on, cards move, then the rule fails
        self._packets[w].extend(self._pickup(w))
        self.battles += 1
        raise RuntimeError("a rule failed half-way")
    monkeypatch.setattr(WarState, "_settle", broken)
    with pytest.raises(RuntimeError):
        g.apply("flip")
    assert (g.to_json(), g.packets, g.table, g.battles, g.wars, len(g.log), g.observation(0).to_json(),
            g._rng.bit_generator.state) == before
    monkeypatch.undo()
    h = new_game(replace(WarRules.classic(), pickup="random"), hands=["7C 2S 3C 9D KD 5D", "7H 5H JS 8C 4S 2D"],
                 seed=5)
    h.apply("flip").apply("flip")
    g.apply("flip")
    assert g.to_json() == h.to_json() and g.packets == h.packets


def test_a_steal_speaks_to_the_robbed_seat():
    g = new_game(WarRules.steal(3), hands=["9S 2C", "KH 3D", "4D 5D"], piles=[[], ["9H"], ["9D"]])
    g.apply("flip").apply("steal")
    said = [next(e for e in g.observation(s).events if e.kind == "steal").explain() for s in range(3)]
    assert said == [
        "You steal with 9♠: you take Player 2's and Player 3's face-up pile (3 cards with the 9♠).",
        "Player 1 steals with 9♠: takes your and Player 3's face-up pile (3 cards with the 9♠).",
        "Player 1 steals with 9♠: takes Player 2's and your face-up pile (3 cards with the 9♠)."]

"""War on the shared observation contract (docs/observation.md), for every preset in
``cardkit.war.presets()`` and a few more: random playouts driven through observations alone.

After every move, for every seat: no card hidden from the seat is in its observation (in any
notation: ``K♦``, ``KD``, ``10D``/``TD``, ``king of diamonds``); the observation round-trips through
JSON; ``what_now`` is not empty while the game goes on; every event explains itself. Invalid text
and illegal actions raise ``InvalidAction`` / ``IllegalAction`` (with the rule) and change
nothing; clones are independent; the same seeds give the same game.

A card is hidden from a seat while it lies in a packet or face down on the table and has never
been face up in this game (a card once face up is public for ever: the history may name it).
"""
import json
import re
from dataclasses import replace

import numpy as np
import pytest

from cardkit import war
from cardkit import parse_card, parse_cards
from cardkit.core import Action, IllegalAction, InvalidAction, Outcome, Preset, Rule
from cardkit.war import WarRules, WarState, new_game

LIMIT = 40
RULES = {**war.presets(), "steal3": WarRules.steal(3), "slap_all": replace(WarRules.slap(), slap_seat=None),
         "slap_seat1": WarRules.slap(seat=1)}
CASES = [(name, replace(r, max_battles=LIMIT)) for name, r in RULES.items()]
IDS = [name for name, _r in CASES]
SEEDS = range(2)
C = parse_card
SHARED = ("game", "names", "seat", "rules", "phase", "current_player", "legal_actions", "scores",
          "outcome", "what_now", "events", "card_counts", "hand")


def seen_cards(g: WarState, seat: int) -> set:
    """Cards that have been face up in this game, as ``seat`` knows: every card of a settled
    battle, the card that stole a pile, the face-up cards of the battle in progress, the face-up
    piles, and the seat's own top card while it decides a steal."""
    seen = set()
    for e in g.log:
        if e.kind == "battle":
            seen |= {c for t in e.data["table"] for c in t}
        elif e.kind == "steal":
            seen.add(e.data["card"])
    b = g._b
    if b is not None:
        seen |= {g.table[p][i] for p in range(g.players) for i, up in enumerate(b["up_flags"][p]) if up}
    seen |= {c for p in g.piles for c in p}
    if g.stage == "steal" and g.current_player == seat:
        seen.add(g.packets[seat][0])
    return seen


def secret(g: WarState, seat: int) -> set:
    """The cards hidden from ``seat`` now (jokers are all alike, so never a secret)."""
    return {c for c in set(g.all_cards()) - seen_cards(g, seat) if not c.is_joker}


def notations(card) -> list[str]:
    """Every way a card may be written: symbol, letters (10 also as T), words."""
    forms = [str(card), card.code, card.name]
    if card.rank.label == "10":
        forms.append("T" + card.suit.letter)
    return forms


def assert_hides(obs, hidden: set) -> None:
    if not hidden:
        return
    text = obs.to_json() + " " + repr(obs)
    forms = sorted({f for card in hidden for f in notations(card)}, key=len, reverse=True)
    pattern = r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, forms)) + r")(?![A-Za-z0-9])"
    found = re.search(pattern, text)
    assert found is None, f"{found.group(1)} is hidden from seat {obs.seat} but in its observation"


def check_observation(g: WarState, seat: int) -> None:
    obs = g.observation(seat)
    assert obs.game == "war" and obs.seat == seat and len(obs.names) == g.players
    assert isinstance(obs.rules, Preset) and obs.rules.label and obs.rules.name == g.rules.name
    assert obs.phase in war.PHASES and obs.scores is None and obs.hand == ()
    assert obs.card_counts == tuple(len(p) for p in g.packets)
    assert len(obs.events) == len(g.log)
    if g.is_over:
        assert isinstance(obs.outcome, Outcome) and obs.outcome.termination == g.result
        assert obs.outcome.winner == g.winner and obs.outcome.text and obs.legal_actions == ()
        assert obs.phase == "over"
    else:
        assert obs.outcome is None and obs.what_now.strip()
        cp = obs.current_player
        assert obs.legal_actions == (tuple(g.legal_actions()) if cp == seat else
                                     () if cp is not None else (Action("flip"),))
    d = json.loads(obs.to_json())
    assert set(SHARED) <= set(d) and d == json.loads(json.dumps(obs.to_dict()))
    assert d["legal_actions"] == [str(a) for a in obs.legal_actions]
    for e in obs.events:
        sentence = e.explain()
        assert sentence and "{" not in sentence and "}" not in sentence, (e.kind, sentence)
        assert e.rule is None or isinstance(e.rule, Rule)
        assert e.to_dict()["text"] == sentence
        assert "RULES.md" not in sentence and "§" not in sentence
    assert "RULES.md" not in obs.what_now and "§" not in obs.what_now
    assert_hides(obs, secret(g, seat))


def choose(g: WarState, rng: np.random.Generator):
    """A random legal move, read from the observations only."""
    obs = [g.observation(s) for s in range(g.players)]
    cp = obs[0].current_player
    actor = cp if cp is not None else int(rng.integers(g.players))
    legal = obs[actor].legal_actions
    assert legal, "a game that is not over has a move"
    return legal[int(rng.integers(len(legal)))]


def playout(rules, seed, *, checks=True):
    g = new_game(rules, seed=seed)
    rng = np.random.default_rng(seed + 1000)
    for step in range(5_000):
        if checks and (step % 3 == 0 or g.is_over or g.current_player is not None):
            for seat in range(g.players):
                check_observation(g, seat)
        if g.is_over:
            return g
        action = choose(g, rng)
        if checks and step % 7 == 0:
            probe_refusals(g)
            probe_clone(g, action)
        g.apply(action)
    raise AssertionError("the game did not end")


def probe_refusals(g: WarState) -> None:
    before, views = g.to_json(), [g.observation(s).to_json() for s in range(g.players)]
    for text in ("bogus", "play XY", "top", "announce queen"):
        with pytest.raises(InvalidAction):
            g.apply(text)
    legal = set(g.legal_actions())
    for text in ("steal", "slap", "draw", "play K♦", "top A♠", "top JOKER", "discard 7♠", "pass"):
        if Action.parse(text) in legal:
            continue
        with pytest.raises(IllegalAction) as err:
            g.apply(text)
        assert isinstance(err.value.rule, Rule) and "§" not in str(err.value)
        assert "RULES.md" not in str(err.value)
    assert g.to_json() == before
    assert [g.observation(s).to_json() for s in range(g.players)] == views


def probe_clone(g: WarState, action) -> None:
    before = g.to_json()
    c = g.clone()
    c.apply(action)
    while not c.is_over and c.battles < g.battles + 3:
        cp = c.current_player
        c.apply("flip" if cp is None else c.legal_actions()[0])
    assert g.to_json() == before and c.to_json() != before


@pytest.mark.parametrize("name,rules", CASES, ids=IDS)
def test_random_playouts_through_observations(name, rules):
    for seed in SEEDS:
        g = playout(rules, seed)
        assert g.is_over
        h = WarState.from_json(g.to_json())
        assert h.to_json() == g.to_json()
        for seat in range(g.players):
            assert h.observation(seat).to_json() == g.observation(seat).to_json()


@pytest.mark.parametrize("name,rules", CASES, ids=IDS)
def test_seeds_reproduce(name, rules):
    a = playout(rules, 7, checks=False)
    b = playout(rules, 7, checks=False)
    assert a.to_json() == b.to_json()
    assert next(s.observation(0).to_json() for s in (a, b)) == b.observation(0).to_json()


def test_face_down_war_cards_are_hidden_until_the_battle_is_settled():
    # Steal War: a war, then a steal decision before the deciding cards: the face-down cards are
    # backs in every seat's observation (hand-stacked; see tests/test_war.py)
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
    refused = s.observation(1).refusal("steal")
    assert isinstance(refused, IllegalAction) and str(refused) == "It is Player 1's decision now."
    assert str(refused.rule) == "Steal War" and s.observation(0).refusal("steal") is None


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
    for name in ("cardkit.war", "cardkit.war.rules", "cardkit.war.engine", "cardkit.war.observation",
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

"""One observation per position (docs/architecture.md, "A click's path"): a click and the
computer's reply build three observations — the person's after the click (drawn), the computer's
(it chooses from its own seat's), the person's after the reply (drawn) — and a refused click
builds none and words its refusal once.

Every deal is stacked and worked out by hand:

- Écarté: the person (seat 0, non-dealer) holds Q♥ J♥ A♥ 10♥ 8♥, the computer 7♠ 8♠ 9♠ 7♣ 8♣,
  the turn-up is the 9♥ (hearts are trumps). The person stands and leads the Q♥; the computer,
  with no heart, plays one card and the person's trump wins the trick: the person leads again.
- Switch: the person (seat 0) holds 6♥ 3♣ K♠ 9♦ and plays first on the starter 3♥; the
  computer holds 10♠ 4♠ Q♦ 7♥. The person plays the 6♥, the computer's one match is the 7♥
  (it keeps three cards: no "last card"), then it is the person's turn.
- War (Steal War): the computer's next card, the 9♣, has the rank of the top of the person's
  face-up pile (9♥ 3♠). The person's Flip gives the computer that choice; it steals, the battle
  K♥ against 4♦ is the person's, and the person chooses the order of the won cards.
"""
from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator

import pytest

from cardkit import ecarte, switch, war
from cardkit.core import Action, GameState, Observation
from cardkit_tables import EcarteTable, SwitchTable, WarTable


@contextlib.contextmanager
def counting(state: GameState, obs_class: type[Observation]) -> Iterator[Counter]:
    """Count, while inside, the calls to ``state``'s ``observation`` and ``_legal_actions`` (by
    patching its class) and to ``obs_class._refuse`` (one per refusal worded, by action)."""
    calls: Counter = Counter()
    cls = type(state)
    observation, legal, refuse = cls.observation, cls._legal_actions, obs_class._refuse

    def counted_observation(self, *args, **kwargs):
        calls["observation"] += 1
        return observation(self, *args, **kwargs)

    def counted_legal(self):
        calls["_legal_actions"] += 1
        return legal(self)

    def counted_refuse(self, action: Action):
        calls["refusal " + str(action)] += 1
        return refuse(self, action)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cls, "observation", counted_observation)
        mp.setattr(cls, "_legal_actions", counted_legal)
        mp.setattr(obs_class, "_refuse", counted_refuse)
        yield calls


def ecarte_table() -> EcarteTable:
    deck = ecarte.stacked_deck("QH JH AH 10H 8H", "7S 8S 9S 7C 8C", "9H")
    t = EcarteTable(deck=deck, dealer=1, seed=2, delay=0)
    assert t.act("stand")
    assert t.state.observation(0).legal_actions[0] == Action.parse("play QH")
    return t


def switch_table() -> SwitchTable:
    hands = ["6H 3C KS 9D", "10S 4S QD 7H"]
    return SwitchTable(hands=hands, deck=switch.full_stock(hands, top="3H"), dealer=1, seed=1,
                       delay=0)


def war_table() -> WarTable:
    return WarTable(war.VARIANTS["steal"](), hands=["KH 5C 7D", "9C 4D 6S"], piles=["9H 3S", ""],
                    seed=1, delay=0)


def test_an_ecarte_click_and_the_reply_build_three_observations():
    t = ecarte_table()
    moves = t.controller.moves
    with counting(t.state, ecarte.EcarteObservation) as calls:
        assert t.act("play QH")
    assert t.controller.moves == moves + 2                  # the click and one reply
    assert t.state.observation(0).current_player == 0       # the person won the trick
    # the person's after the click, the computer's, the person's after the reply (was 8)
    assert calls["observation"] == 3
    # the click's check, the computer's legal moves, its move's check, the person's (was 6)
    assert calls["_legal_actions"] == 4
    assert t.view["pos"] == t.controller.pos


def test_a_switch_click_and_the_reply_build_three_observations():
    t = switch_table()
    with counting(t.state, switch.SwitchObservation) as calls:
        assert t.act("play 6H")
    assert [e.explain() for e in t.state.log[-2:]] == ["You played 6♥.", "Ada played 7♥."]
    assert t.state.observation(0).current_player == 0
    assert calls["observation"] == 3                        # (was 10)
    assert calls["_legal_actions"] == 2


def test_a_war_flip_and_the_computers_steal_build_three_observations():
    t = war_table()
    with counting(t.state, war.WarObservation) as calls:
        assert t.act("flip")
    log = [e.explain() for e in t.state.log]
    assert log[-2].startswith("Player 2 steals with 9♣")
    assert log[-1].startswith("Battle: K♥ (Player 1) vs 4♦ (Player 2)")
    obs = t.state.observation(0)
    assert (obs.current_player, obs.phase) == (0, "top")
    assert calls["observation"] == 3
    assert calls["_legal_actions"] == 4


def test_a_classic_war_flip_builds_one_observation():
    t = WarTable(hands=["QS 2C", "AD 3C"], seed=1, delay=0)
    with counting(t.state, war.WarObservation) as calls:
        assert t.flip()
    assert calls["observation"] == 1                        # nobody replies to a flip (was 4)


def computer_moves(t: EcarteTable, *moves: str) -> None:
    """Make the computer's ``moves`` (its own player switched off), as its move does."""
    for move in moves:
        t.state.apply(move)
        t.controller.pos += 1
        t.draw()


def follow_table() -> EcarteTable:
    """Écarté: the person (seat 0, non-dealer) holds 7♣ Q♠ J♠ A♦ 10♦, the computer K♣ 8♠ 9♠ 7♦ 8♦,
    the turn-up is the 9♥ (nobody holds a trump). The person stands and leads the 7♣; the
    computer's K♣ takes the trick (the test moves for the computer)."""
    deck = ecarte.stacked_deck("7C QS JS AD 10D", "KC 8S 9S 7D 8D", "9H")
    t = EcarteTable(deck=deck, dealer=1, seed=2, delay=0)
    t.controller.players = {}
    assert t.act("stand") and t.act("play 7C")
    computer_moves(t, "play KC")
    return t


def test_a_refused_click_builds_no_observation_and_words_its_refusal_once():
    """The computer leads the 8♠: the person must follow suit and win, so Q♠ and J♠ may be played,
    A♦ and 10♦ may not. The refusal said on "What now" and the greyed card's reason are one
    sentence, worked out once per position (it was worked out for the greyed card, then by the
    engine and by the view again on the click, on two more observations)."""
    t = follow_table()
    with counting(t.state, ecarte.EcarteObservation) as calls:
        computer_moves(t, "play 8S")
        assert calls["observation"] == 1                    # the redraw's
        assert not t.act("play AD")
    assert calls["observation"] == 1                        # none for the click (was 3)
    assert calls["_legal_actions"] == 2                     # the 8♠'s check, the redraw's (was 6)
    assert sorted(c.code for c in t.state.observation(0).playable) == ["JS", "QS"]
    refusal = t.refusals[-1]
    assert refusal.startswith("You must follow suit")
    assert {c["code"]: c.get("reason") for c in t.view["hand"]}["AD"] == refusal
    assert calls["refusal play A♦"] == 1                    # (was 3)
    assert calls["refusal play 10♦"] == 1

"""The game protocol, one conformance suite for every game and every preset (docs/observation.md),
in the spirit of OpenSpiel's random_sim_test.

Random playouts are driven through observations alone: at each step every seat's
``observation(seat)`` is read, one of the moves some seat is offered is picked with a seeded RNG
and applied. Along the way:

- no card hidden from a seat ever appears in its observation, in any field or any notation
  (``10♦``, ``10D``, ``TD``, ``ten of diamonds``, ``Card('10♦')``), checked on the JSON text: the
  fields against the cards hidden now, each new event against the cards hidden both before and
  after the move that made it (a move that plays a card shows it), and every older event is
  exactly as the seat saw it before (public events stay public, nothing is added later);
- the JSON of an observation round-trips, and ``from_json(to_json())`` replays to the same views;
- a clone is independent of its original;
- text that is not an action raises ``InvalidAction`` and a move the rules forbid raises
  ``IllegalAction`` naming the rule in plain words; either way nothing changes;
- the same seed and the same choices give the same game, whatever the global RNGs do;
- every event explains itself to every seat in a finished sentence, speaking to the reader as
  "you" (never by their own name), and ``what_now`` is never empty while the game goes on.

To add a game, add a :class:`GameSpec` to ``GAMES``: its module must have ``presets()`` and
``new_game(rules, seed=, names=)``; ``secret(state, seat)`` names the cards hidden from the seat
now (read from the full state), ``shows(state, action)`` the cards a move shows face up, and
``new_deal`` the event kind that starts a fresh deal (the cards are shuffled again), if any.
``prepare`` adapts a preset for the suite (War: a battle limit, so that every game ends),
``check_view(state, seat, obs)`` and ``probe(state, action)`` add a game's own checks. Each game's
``new_game`` refuses every other game's rules (``TypeError``, :func:`cardkit.core.check_rules`).
The doctests of every cardkit module run here too.

This file merges the former tests/test_protocol.py and tests/test_protocol_war.py; War's own
observation tests are in tests/rules/war/test_state.py.
"""
from __future__ import annotations

import dataclasses
import doctest
import importlib
import inspect
import json
import pkgutil
import random
import re
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

import numpy as np
import pytest

import cardkit
from cardkit import Action, Card, IllegalAction, InvalidAction, Observation, Rank, ecarte, switch, war
from cardkit.cards import standard_pack
from cardkit.core import Outcome, Preset, Rule, _jsonable

from .war.helpers import assert_hides, secret as _war_secret

NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")
SEEDS = (0, 1)


# ------------------------------------------------------------------------------------ the registry
def _ecarte_secret(s, seat: int) -> set[Card]:
    hidden = set(s.hands[1 - seat]) | set(s.stock) | set(s.discards[1 - seat])
    if s.king_announced == 1 - seat and s.phase != "over":
        hidden.discard(s.king_of_trumps())           # announcing shows the king (§3.3)
    return hidden


def _ecarte_shows(s, action: Action) -> set[Card]:
    if action.kind == "play":
        return set(action.cards)
    if action.kind == "announce":
        return {s.king_of_trumps()}
    return set()


def _switch_secret(s, seat: int) -> set[Card]:
    return (set(s.stock) | {c for p, h in enumerate(s.hands) if p != seat for c in h}) - set(s.discard)


def _plays(_s, action: Action) -> set[Card]:
    return set(action.cards) if action.kind == "play" else set()


def _switch_face_up_at_the_deal(s) -> set[Card]:
    """The starters turned face up at the deal, the special ones put back into the stock."""
    return {c for e in s.log if e.kind in ("return", "starter") for c in e.cards}


@dataclass(frozen=True)
class GameSpec:
    module: Any
    secret: Callable[[Any, int], set]
    shows: Callable[[Any, Action], set] = _plays
    new_deal: str | None = None
    face_up_at_deal: Callable[[Any], set] = lambda s: set()
    #: option sets worth playing besides the module's presets
    variants: dict = field(default_factory=dict)
    max_steps: int = 300
    #: the rules as the suite plays them (War: a battle limit)
    prepare: Callable[[Any], Any] = lambda rules: rules
    #: every game ends within ``max_steps`` (asserted)
    must_end: bool = False
    #: the game's own checks of one seat's observation, every few steps
    check_view: Callable[[Any, int, Observation], None] | None = None
    #: the game's own checks before a move (refusals, clones), every few steps
    probe: Callable[[Any, Action], None] | None = None


# War: the cards hidden from a seat are in a packet or face down on the table and were never face up
# (tests/rules/war/helpers.py: ``secret``); what a move turns up is public once the battle is settled
WAR_LIMIT = 40
WAR_SHARED = ("game", "names", "seat", "rules", "phase", "current_player", "legal_actions",
              "scores", "outcome", "what_now", "events", "card_counts", "hand")


def _war_view(g, seat: int, obs: Observation) -> None:
    """War's own observation checks (docs/observation.md, War)."""
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
    assert set(WAR_SHARED) <= set(d) and d == json.loads(json.dumps(obs.to_dict()))
    assert d["legal_actions"] == [str(a) for a in obs.legal_actions]
    for e in obs.events:
        sentence = e.explain()
        assert sentence and "{" not in sentence and "}" not in sentence, (e.kind, sentence)
        assert e.rule is None or isinstance(e.rule, Rule)
        assert e.to_dict()["text"] == sentence
        assert "RULES.md" not in sentence and "§" not in sentence
    assert "RULES.md" not in obs.what_now and "§" not in obs.what_now
    assert_hides(obs, _war_secret(g, seat))


def _war_probe(g, action: Action) -> None:
    """War's refusals name a rule; a clone plays on three battles and the original stays put."""
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
    c = g.clone()
    c.apply(action)
    while not c.is_over and c.battles < g.battles + 3:
        cp = c.current_player
        c.apply("flip" if cp is None else c.legal_actions()[0])
    assert g.to_json() == before and c.to_json() != before


def _no_cards(_s, _action: Action) -> set[Card]:
    return set()         # War: what a move turns up is public once the battle is settled


GAMES: dict[str, GameSpec] = {
    "war": GameSpec(war, _war_secret, _no_cards, max_steps=5_000, must_end=True,
                    prepare=lambda r: dataclasses.replace(r, max_battles=WAR_LIMIT),
                    check_view=_war_view, probe=_war_probe,
                    variants={"steal-3-players": war.WarRules.steal(3),
                              "slap-everyone-simulated": war.WarRules.slap(seat=None),
                              "slap-seat-2": war.WarRules.slap(seat=1),
                              "player-order-lose-1-down": war.WarRules(
                                  pickup="player_order", short_of_cards="lose", war_facedown=1),
                              "4-players-random-draw": war.WarRules(
                                  players=4, war_facedown=1, pickup="random", short_of_cards="draw")}),
    "ecarte": GameSpec(ecarte, _ecarte_secret, _ecarte_shows, new_deal="deal",
                       variants={"classic-to-7": ecarte.EcarteRules.classic(target=7),
                                 "packets-2-3": ecarte.EcarteRules.standard(packets=(2, 3))}),
    "switch": GameSpec(switch, _switch_secret, face_up_at_deal=_switch_face_up_at_the_deal,
                       variants={"3-players": switch.SwitchRules(players=3),
                                 "6-players-3-cards": switch.SwitchRules(players=6, hand_size=3),
                                 "eights-add-up": switch.SwitchRules(eights_accumulate=True),
                                 "no-penalty": switch.SwitchRules(penalty_last_card=0, hand_size=3)}),
}


def _cases():
    for game, spec in GAMES.items():
        rules = {**spec.module.presets(), **spec.variants}
        for name, r in rules.items():
            yield pytest.param(game, spec.prepare(r), id=f"{game}-{name}")


CASES = list(_cases())


def _new(game: str, rules, seed: int):
    module = GAMES[game].module
    kw = {"seed": seed}
    n = getattr(rules, "players", 2)
    if "names" in inspect.signature(module.new_game).parameters:
        kw["names"] = NAMES[:n]
    return module.new_game(rules, **kw)


def _seats(state) -> range:
    return range(len(state.names))


# ------------------------------------------------------------------------------------ card spellings
def _spellings(card: Card) -> list[str]:
    forms = {str(card), card.code, card.name, repr(card)}
    if card.rank is Rank.TEN:
        forms.add("T" + card.suit.letter)
    return sorted(forms, key=len, reverse=True)


def _found(cards, text: str) -> list[tuple[Card, str]]:
    """Every (card, spelling) of ``cards`` written in ``text`` (not inside a longer token)."""
    out = []
    for c in cards:
        for form in _spellings(c):
            if re.search(r"(?<![0-9A-Za-z])" + re.escape(form) + r"(?![0-9A-Za-z])", text):
                out.append((c, form))
    return out


def _fields(obs: Observation) -> dict:
    """Every field but the events, as plain JSON types (the events are checked as they come)."""
    return {f.name: _jsonable(getattr(obs, f.name)) for f in dataclasses.fields(obs)
            if f.name != "events"}


def _fields_text(obs: Observation) -> str:
    return json.dumps(_fields(obs), ensure_ascii=False) + repr(obs.hand) + obs.what_now


def _events_text(events) -> str:
    return json.dumps([e.to_dict() for e in events], ensure_ascii=False) + " ".join(map(repr, events))


# ------------------------------------------------------------------------------------ playouts
def _choices(state) -> list[tuple[int, Action]]:
    """Every (seat, move) the seats' observations offer now."""
    return [(seat, a) for seat in _seats(state) for a in state.observation(seat).legal_actions]


def _illegal_probe(state, rng) -> Action:
    """A well-formed action no seat may make now."""
    offered = {a for _seat, a in _choices(state)} | set(state.legal_actions())
    pack = standard_pack()
    candidates = [Action.play(c) for c in pack] + [
        Action(k) for k in ("draw", "pass", "stand", "propose", "accept", "refuse", "challenge",
                            "last card", "flip", "steal", "slap")] + [
        Action("choose", word="hearts"), Action("announce", word="king"),
        Action("discard", tuple(pack[:6]))]
    bad = [a for a in candidates if a not in offered]
    return bad[int(rng.integers(len(bad)))]


def _views(state, full: bool = False) -> list[str]:
    """Every seat's observation as JSON (``full``), or its fields, the number of its events and
    the last one (enough to see a change: events are frozen and the log only grows)."""
    out = []
    for seat in _seats(state):
        obs = state.observation(seat)
        if full:
            out.append(obs.to_json())
        else:
            last = obs.events[-1].to_dict() if obs.events else None
            out.append(json.dumps([_fields(obs), len(obs.events), last], ensure_ascii=False))
    return out


def _playout(game: str, rules, seed: int, *, checks: bool = True, disturb: bool = False):
    """Play ``game`` at random through observations; with ``checks``, assert the whole contract
    at every step. Returns (state, the choices made)."""
    spec = GAMES[game]
    state = _new(game, rules, seed)
    rng = np.random.default_rng(seed + 1000)
    seen = [() for _ in _seats(state)]           # each seat's events (JSON) at the last step
    history = []
    for step in range(spec.max_steps):
        if state.is_over:
            break
        views = [state.observation(seat) for seat in _seats(state)]
        if checks:
            _check_views(state, views, seen, step)
            if step % 7 == 0:
                _check_refusals(state, rng)
            if step % 11 == 0:
                _check_clone(state)
        choices = [(seat, a) for seat, obs in enumerate(views) for a in obs.legal_actions]
        assert choices, f"step {step}: the game goes on but no seat is offered a move"
        assert set(state.legal_actions()) <= {a for _s, a in choices}
        _seat, action = choices[int(rng.integers(len(choices)))]
        if checks and spec.probe is not None and step % 7 == 0:
            spec.probe(state, action)
        before = [spec.secret(state, s) for s in _seats(state)]
        shown = spec.shows(state, action)
        n_log = len(state.log)
        state.apply(action)
        history.append(str(action))
        if disturb:
            random.random(), np.random.random()  # a global RNG must never matter
        if checks:
            _check_new_events(state, before, shown, n_log)
    if checks:
        _check_views(state, [state.observation(s) for s in _seats(state)], seen, "end")
    if spec.must_end:
        assert state.is_over, f"{game} did not end in {spec.max_steps} moves"
    return state, history


def _check_views(state, views, seen, step) -> None:
    spec = GAMES[state.GAME]
    for seat, obs in enumerate(views):
        assert obs.game == state.GAME and obs.seat == seat and obs.names == tuple(state.names)
        assert obs.rules.name and obs.rules.label
        assert obs.current_player == state.current_player
        assert obs.is_over == state.is_over and (obs.outcome is None) == (not state.is_over)
        assert obs.card_counts and all(isinstance(n, int) for n in obs.card_counts)
        if not obs.is_over:
            assert obs.what_now.strip(), (step, seat)
        else:
            assert obs.outcome.text and obs.outcome.termination and obs.legal_actions == ()
            assert obs.winner in (None, *_seats(state))
        # nothing hidden from this seat now is in its fields, in any spelling
        secret = spec.secret(state, seat)
        leaked = _found(secret, _fields_text(obs))
        assert not leaked, (step, seat, leaked)
        # JSON round-trips, with plain JSON types only
        if step == "end" or step % 10 == 0:
            d = obs.to_dict()
            assert json.loads(obs.to_json()) == d == json.loads(json.dumps(d))
        assert len(obs.events) == len(state.log)
        # public events stay as they were: the seat's older events never change
        old = len(seen[seat])
        if step == "end" or step % 10 == 0:
            now = tuple(json.dumps(e.to_dict(), ensure_ascii=False) for e in obs.events)
            assert now[:old] == seen[seat], (step, seat)
        else:
            now = seen[seat] + tuple(json.dumps(e.to_dict(), ensure_ascii=False)
                                     for e in obs.events[old:])
        seen[seat] = now
        for e in obs.events[old:]:
            _check_sentence(e.explain(), state, seat)
        if spec.check_view is not None and (step == "end" or step % 3 == 0
                                            or state.current_player is not None):
            spec.check_view(state, seat, obs)


def _check_sentence(text: str, state, seat: int) -> None:
    assert text and not text[0].islower() and text.rstrip()[-1] in ".!?)", text
    assert "{" not in text and "}" not in text, text
    assert "§" not in text and "RULES.md" not in text, text
    name = state.names[seat]
    if name in NAMES:        # the reader is "you", never their own name
        assert not re.search(r"\b" + name + r"\b", text), (seat, text)


def _check_new_events(state, before, shown, n_log) -> None:
    """Each event the last move made names no card that was hidden from the seat before and is
    hidden still (unless the move showed it); events of a fresh deal name no card hidden now."""
    spec = GAMES[state.GAME]
    kinds = [e.kind for e in state.log[n_log:]]
    cut = max((i for i, k in enumerate(kinds) if k == spec.new_deal), default=len(kinds))
    for seat in _seats(state):
        after = spec.secret(state, seat)
        new = state.observation(seat).events[n_log:]
        leaked = _found((before[seat] & after) - shown, _events_text(new[:cut]))
        leaked += _found(after, _events_text(new[cut:]))
        assert not leaked, (seat, leaked, [e.explain() for e in new])


def _check_refusals(state, rng) -> None:
    before, views = state.to_json(), _views(state)
    n_log, n_actions = len(state.log), len(state.actions)
    for text in ("bogus", "play XY", "choose purple", ""):
        with pytest.raises(InvalidAction):
            state.apply(text)
    bad = _illegal_probe(state, rng)
    with pytest.raises(IllegalAction) as refused:
        state.apply(bad)
    message = str(refused.value)
    assert message and "§" not in message and "RULES.md" not in message and "{" not in message
    assert state.to_json() == before and _views(state) == views
    assert len(state.log) == n_log and len(state.actions) == n_actions


def _check_clone(state) -> None:
    twin = state.clone()
    before, views = state.to_json(), _views(state)
    legal = twin.legal_actions()
    if legal:
        twin.apply(legal[0])
    assert state.to_json() == before and _views(state) == views


# ------------------------------------------------------------------------------------ the tests
@pytest.mark.parametrize("game,rules", CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_keep_the_contract(game, rules, seed):
    state, history = _playout(game, rules, seed)
    assert len(history) > 0
    # replaying the JSON gives the same game and the same views
    back = type(state).from_json(state.to_json())
    assert back.to_json() == state.to_json() and _views(back, full=True) == _views(state, full=True)


@pytest.mark.parametrize("game,rules", CASES)
def test_seeds_reproduce_whatever_the_global_rngs_do(game, rules):
    a, ha = _playout(game, rules, 7, checks=False)
    random.seed(99)
    np.random.seed(99)
    b, hb = _playout(game, rules, 7, checks=False, disturb=True)
    assert ha == hb and a.to_json() == b.to_json() and _views(a, full=True) == _views(b, full=True)
    c, _hc = _playout(game, rules, 8, checks=False)
    assert c.to_json() != a.to_json()            # another seed, another game


@pytest.mark.parametrize("game,rules", CASES)
def test_observations_are_frozen_and_read_by_name(game, rules):
    state = _new(game, rules, 3)
    obs = state.observation(0)
    with pytest.raises(AttributeError):
        obs.phase = "over"                        # frozen
    # read as attributes only: an observation is not a mapping
    assert not hasattr(obs, "get") and not hasattr(obs, "__getitem__")
    with pytest.raises(TypeError):
        obs["phase"]
    with pytest.raises(TypeError):
        "phase" in obs  # noqa: B015 (the test is that it raises)
    assert obs.to_dict()["legal_actions"] == [str(a) for a in obs.legal_actions]
    assert all(isinstance(c, str) for c in obs.to_dict()["hand"])


def test_every_preset_has_a_label_on_its_rules():
    labels = {(g, n): r.label for g, spec in GAMES.items() for n, r in spec.module.presets().items()}
    assert labels[("ecarte", "standard")] == "Standard"
    assert labels[("ecarte", "classic")] == "Classic (must trump)"
    assert labels[("switch", "standard")] == "Standard"
    assert switch.SwitchRules(penalty_last_card=0).label == "Custom"


# ------------------------------------------------------------------------------------ rules
RULES_CLASSES = {"war": war.WarRules, "ecarte": ecarte.EcarteRules, "switch": switch.SwitchRules}
FOREIGN = [pytest.param(game, other, id=f"{game}-with-{other}-rules")
           for game in GAMES for other in GAMES if other != game]


@pytest.mark.parametrize("game,other", FOREIGN)
def test_new_game_refuses_another_games_rules(game, other):
    rules = next(iter(GAMES[other].module.presets().values()))
    with pytest.raises(TypeError) as err:
        GAMES[game].module.new_game(rules, seed=0)
    message = str(err.value)
    assert RULES_CLASSES[game].__name__ in message and type(rules).__name__ in message, message


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("value", ["classic", 3, {"players": 2}], ids=["str", "int", "dict"])
def test_new_game_refuses_a_value_that_is_not_rules(game, value):
    with pytest.raises(TypeError) as err:
        GAMES[game].module.new_game(value, seed=0)
    message = str(err.value)
    assert RULES_CLASSES[game].__name__ in message and type(value).__name__ in message, message


def test_war_names_both_in_the_one_refusal():
    with pytest.raises(TypeError) as err:
        war.new_game(ecarte.EcarteRules.standard())
    assert str(err.value) == "War needs WarRules, not EcarteRules"


# ------------------------------------------------------------------------------------ doctests
def _modules():
    for info in pkgutil.walk_packages(cardkit.__path__, "cardkit."):
        yield info.name


@pytest.mark.parametrize("name", sorted(_modules()))
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"

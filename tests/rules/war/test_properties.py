"""War (RULES.md §1): properties over many seeded games, for every preset and option.

After every action all 52 (Steal War: 54) cards are accounted for, none duplicated (packets,
piles, table and set-aside cards compared as multisets with the pack); an illegal action leaves
``to_json()`` unchanged; the same seed gives the same game even when the global RNGs are
disturbed; JSON round-trips; observations show no face-down card; every game ends; and
``simulate`` plays exactly the same games as ``flip`` after ``flip`` through ``apply``.
"""
import random
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cardkit import Action, IllegalAction, standard_pack
from cardkit.war import PRESETS, WarRules, WarState, computer_player, new_game, simulate

LIMIT = 250          # battles per game here: keeps multiplayer loops short
PRESET_RULES = [replace(make(), max_battles=LIMIT) for make in PRESETS.values()] + [
    replace(WarRules.multiplayer(3), max_battles=LIMIT),
    replace(WarRules.multiplayer(4), max_battles=LIMIT),
    replace(WarRules.steal(3), max_battles=LIMIT),
    replace(WarRules.slap(), slap_seat=None, max_battles=LIMIT),
    replace(WarRules.slap(), slap_window=0.5, max_battles=LIMIT),
]
SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def variants():
    """Any rules a person can build: a preset with the §1.1 options changed."""
    base = st.sampled_from([WarRules.classic(), WarRules.peace(), WarRules.razboi(),
                            WarRules.automatic_war(), WarRules.beats_faces(),
                            WarRules.beats_aces(), WarRules.underdog(), WarRules.multiplayer(3),
                            WarRules.multiplayer(4), WarRules.three_player(), WarRules.razboi(3)])
    return st.builds(
        lambda r, pickup, short, down, part, limit, at: replace(
            r, pickup=pickup, short_of_cards=short,
            war_facedown=(r.war_facedown if down is None else down),
            war_participants=part, max_battles=limit, at_limit=at),
        base, st.sampled_from(["winner_first", "player_order", "random"]),
        st.sampled_from(["last_card_up", "lose", "draw"]), st.sampled_from([None, 0, 1, 2, 3, 5]),
        st.sampled_from(["tied", "all"]), st.integers(20, 400), st.sampled_from(["draw", "most_cards"]))


def pack(rules):
    return Counter(standard_pack(rules.jokers))


OBS_KEYS = {"game", "names", "seat", "rules", "phase", "current_player", "legal_actions", "scores",
            "outcome", "what_now", "events", "card_counts", "hand", "players", "out", "piles",
            "table", "last_battle", "looking_at", "won", "slap", "battles", "wars", "rule"}


def check_observations(g, battle_log_start):
    """Each seat sees packet sizes only, face-down table cards as None, its own packet's top card
    only while it decides a steal; nothing logged during an unsettled battle names a face-down card."""
    b = g._b
    unsettled = b is not None and not g.is_over and g.stage != "top"
    for seat in range(g.players):
        o = g.observation(seat)
        assert set(o.to_dict()) == OBS_KEYS
        assert o.card_counts == tuple(len(p) for p in g.packets)
        assert o.phase == ("over" if g.is_over else g.stage or "battle")
        assert o.what_now and (o.outcome is None) == (not g.is_over)
        if unsettled:
            for p in range(g.players):
                flags = b["up_flags"][p]
                assert [c is None for c in o.table[p]] == [not f for f in flags]
                assert [c for c in o.table[p] if c is not None] == \
                    [c for c, f in zip(g.table[p], flags, strict=False) if f]
        if o.looking_at is not None:
            assert seat == g.current_player and g.stage == "steal"
            assert o.looking_at == g.packets[seat][0]
        if o.piles is not None:
            assert list(o.piles) == [{"top": p[0] if p else None, "size": len(p)} for p in g.piles]
        if seat != g.current_player and g.current_player is not None:
            assert o.legal_actions == ()
    if unsettled:
        downs = {str(g.table[p][i]) for p in range(g.players)
                 for i, up in enumerate(b["up_flags"][p]) if not up} - {"JOKER"}
        for e in g.log[battle_log_start:]:
            assert not [c for c in downs if c in e.explain()], e.explain()


def play(rules, seed, *, checks=True, level="easy", disturb=False):
    """Play one game with computer decisions; check the invariants after every action."""
    g = new_game(rules, seed=seed)
    bots = [computer_player(level, seed=seed + p) for p in range(rules.players)]
    full = pack(rules)
    rng = np.random.default_rng(seed)
    battle_start = len(g.log)
    for step in range(100_000):
        if checks:
            assert Counter(g.all_cards()) == full
        if g.is_over:
            break
        if checks and step % 9 == 0:
            check_observations(g, battle_start)
            before = g.to_json()
            legal = set(g.legal_actions())
            probes = [Action("steal"), Action("slap"), Action("play", (standard_pack()[3],)),
                      Action("top", (standard_pack()[int(rng.integers(52))],)), Action("draw")]
            for bad in (a for a in probes if a not in legal):
                with pytest.raises(IllegalAction):
                    g.apply(bad)
                assert g.to_json() == before
        if disturb:
            random.seed(step)
            np.random.seed(step)
            np.random.random()
        cp = g.current_player
        if g._b is None:
            battle_start = len(g.log)
        if cp is None:
            g.apply("flip")
        else:
            g.apply(bots[cp].choose(g.observation(cp)))
    else:
        raise AssertionError("the game did not end")
    return g


def test_every_preset_many_games():
    for rules in PRESET_RULES:
        for seed in range(4):
            g = play(rules, seed)
            assert g.is_over and g.battles <= LIMIT and g.current_player is None
            assert g.legal_actions() == []
            if g.result == "all_cards":       # the winner holds every card in play
                assert g.card_counts()[g.winner] + len(g.set_aside) == sum(pack(rules).values())
                assert sum(not o for o in g.out) == 1 and not g.out[g.winner]
            elif g.result == "battle_limit":
                assert g.battles == LIMIT and g.winner is None
            else:
                assert g.result in ("repetition", "standing_tie", "short_of_cards")
                assert g.winner is None


@SETTINGS
@given(rules=variants(), seed=st.integers(0, 10_000))
def test_cards_conserved_and_illegal_actions_change_nothing(rules, seed):
    g = play(rules, seed)
    assert g.is_over


@SETTINGS
@given(rules=st.sampled_from(PRESET_RULES), seed=st.integers(0, 10_000))
def test_same_seed_same_game_even_with_global_rngs_disturbed(rules, seed):
    a = play(rules, seed, checks=False)
    b = play(rules, seed, checks=False, disturb=True)
    assert a.to_json() == b.to_json() and a.packets == b.packets and a.log[-1].text == b.log[-1].text


@SETTINGS
@given(rules=st.sampled_from(PRESET_RULES), seed=st.integers(0, 10_000), cut=st.integers(0, 40))
def test_json_round_trip_mid_game(rules, seed, cut):
    g = new_game(rules, seed=seed)
    bots = [computer_player("hard", seed=seed + p) for p in range(rules.players)]
    for _ in range(cut):
        if g.is_over:
            break
        cp = g.current_player
        g.apply("flip" if cp is None else bots[cp].choose(g.observation(cp)))
    h = WarState.from_json(g.to_json())
    assert h.to_json() == g.to_json()
    assert (h.packets, h.piles, h.table, h.battles, h.current_player, h.legal_actions()) == \
        (g.packets, g.piles, g.table, g.battles, g.current_player, g.legal_actions())
    assert [e.text for e in h.log] == [e.text for e in g.log]
    c = g.clone()
    if not c.is_over:
        c.apply(c.legal_actions()[0])
        assert g.to_json() == h.to_json()          # the clone is independent


@SETTINGS
@given(rules=st.sampled_from(PRESET_RULES), seed=st.integers(0, 10_000))
def test_simulation_plays_the_same_games_as_apply(rules, seed):
    # simulate() draws each game's seed from its own seed; replay those games through apply()
    res = simulate(rules, 3, seed=seed)
    rng = np.random.default_rng(seed)
    sim_rules = replace(rules, slap_seat=None) if rules.slap_rank is not None else rules
    for i, s in enumerate(rng.integers(0, 2**62, size=3)):
        g = new_game(sim_rules, seed=int(s))
        bots = None
        while not g.is_over:
            cp = g.current_player
            if cp is not None and bots is None:
                bots = [computer_player("easy", seed=int(s) + p + 1) for p in range(rules.players)]
            g.apply("flip" if cp is None else bots[cp].choose(g.observation(cp)))
        assert (res.lengths[i], res.wars[i], res.winners[i]) == (g.battles, g.wars, g.winner)


def test_every_default_game_ends_classic_and_multiplayer():
    # with the default battle limit (10,000) and repetition check
    for rules in (WarRules.classic(), WarRules.multiplayer(3), replace(WarRules(), pickup="player_order")):
        res = simulate(rules, 40, seed=3)
        assert len(res.winners) == 40 and res.lengths.max() <= 10_000
        assert set(res.ends) <= {"all_cards", "repetition", "battle_limit", "standing_tie"}


def test_simulate_with_decisions_steal_and_slap():
    for rules in (WarRules.steal(), WarRules.slap()):
        res = simulate(replace(rules, max_battles=400), 6, seed=2)
        assert res.n_games == 6 and (res.lengths > 0).all()
        assert res.win_rates.sum() + res.draw_rate == pytest.approx(1)

"""Resume (issue 20 point 3): a War table kept in a table store comes back on a new kernel's
table from the page's token alone; Flip, "Play to the end" and the computers' choices are all
written, each with its seat's token."""
import json

import pytest

from cardkit import war
from cardkit_serving.store import open_store
from widget_helpers import StoredPage as Page
from cardkit_tables import WarTable


def play(table, moves):
    """Flip, or the person's first choice when they decide, ``moves`` times."""
    for _i in range(moves):
        obs = table.state.observation(table.controller.seat)
        if obs.is_over:
            return
        action = "flip" if obs.current_player is None else obs.legal_actions[0]
        assert table.act(action), table.refusals[-1:]


def new_kernel(store, rules=None, **kw):
    table = WarTable(rules, store=store, delay=0, **kw)
    return table, Page(table)


@pytest.mark.parametrize("variant, seed", [("classic", 1), ("multiplayer4", 2), ("steal", 3),
                                           ("slap", 4), ("three_player", 5)])
def test_a_match_comes_back_on_a_new_table(url, store, variant, seed):
    first, page = new_kernel(store, war.VARIANTS[variant](), seed=seed)
    assert page.token is None and first.view["resume"] is True
    play(first, 6)
    assert not first.state.is_over
    first.send_from_page({"do": "set", "name": "variant", "value": "peace"})   # for the next game
    first.send_from_page({"do": "pref", "name": "delay", "value": 1.5})
    assert page.token and page.told == [page.token]
    kept = store.table(page.token)
    players = first.state.observation(0).players
    assert kept.version == len(first.state.actions)
    assert sorted(kept.settings["computers"]) == [str(s) for s in range(1, players)]
    obs = first.state.observation(0)

    second, page2 = new_kernel(store, seed=9)                # a reload: a new kernel, classic
    second.send_from_page({"do": "resume", "token": page.token})
    assert second.errors == [] and page2.told == [page.token]
    assert second.state.to_json() == first.state.to_json()
    assert second.state.observation(0) == obs
    assert second.controller.settings == {"variant": variant}
    assert second.controller.pending == {"variant": "peace"}
    assert second.controller.computers == tuple(range(1, players))
    assert second.controller.delay == 1.5
    n = obs.card_counts[0]
    assert second.view["what_now"]["note"] == f"Welcome back: you have {n} card{'s' * (n != 1)}."
    # "Play to the end" on the new table: every battle (and every computer's choice) is
    # stored, and a restarted server's store has the finished game
    second.play_to_end()
    assert second.state.is_over and second.errors == []
    with open_store(url) as restarted:
        assert restarted.table(page.token).version == len(second.state.actions)
        assert restarted.table(page.token).state_json == second.state.to_json()
        third, page3 = new_kernel(restarted, seed=1)
        third.send_from_page({"do": "resume", "token": page.token})
        assert page3.told == [page.token]                        # a finished match: its end
        assert third.state.is_over and third.state.to_json() == second.state.to_json()


def test_play_to_the_end_from_the_first_move_is_stored(store):
    table, page = new_kernel(store, war.VARIANTS["steal"](), seed=11)
    table.play_to_end()
    assert table.state.is_over and page.token
    assert store.table(page.token).version == len(table.state.actions)


def test_the_slap_races_too_slow_is_stored(store):
    # playing to the end, the table answers each slap race for the person ("flip": too slow,
    # the computer slaps): the person's move, stored with the person's token
    table, page = new_kernel(store, war.VARIANTS["slap"](), seed=4)
    table.play_to_end()
    assert table.state.is_over and table.errors == []
    replay = war.WarState.from_json(store.table(page.token).state_json)
    assert replay.to_json() == table.state.to_json()
    again, races = war.new_game(war.VARIANTS["slap"](), seed=4), 0
    for action in json.loads(table.state.to_json())["actions"]:
        races += again.phase == "slap"
        again.apply(action)
    assert races > 0


@pytest.mark.parametrize("token", [
    "junk", None, 7, {"a": 1}, "x" * 10_000, "K7MPQ2XR." + "a" * 43, "ÄÄÄÄÄÄÄÄ." + "a" * 43])
def test_bad_tokens_change_nothing(store, token):
    table, page = new_kernel(store, seed=3)
    before = (table.state.to_json(), json.dumps(table.view, sort_keys=True))
    table.send_from_page({"do": "resume", "token": token})
    assert (table.state.to_json(), json.dumps(table.view, sort_keys=True)) == before
    # the page is given the token of the deal it shows instead, which the store now keeps
    assert table.errors == [] and len(page.told) == 1 and page.token != token
    assert store.table(page.token).state_json == table.state.to_json()


def test_a_table_under_way_ignores_a_resume(store):
    owner, page = new_kernel(store, seed=1)
    play(owner, 2)
    other, _page2 = new_kernel(store, seed=2)
    play(other, 1)
    before = other.state.to_json()
    other.send_from_page({"do": "resume", "token": page.token})
    assert other.state.to_json() == before


def test_without_a_store_nothing_changes():
    table = WarTable(delay=0, seed=2)
    assert "resume" not in table.view
    before = table.state.to_json()
    table.send_from_page({"do": "resume", "token": "K7MPQ2XR." + "a" * 43})
    assert table.state.to_json() == before and table.errors == []

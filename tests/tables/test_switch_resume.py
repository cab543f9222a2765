"""Resume (issue 20 point 3): a Switch table against several computers kept in a table store
comes back on a new kernel's table from the page's token alone; bad tokens change nothing."""
import json

import pytest

from cardkit_serving.store import open_store
from widget_helpers import StoredPage as Page
from cardkit_tables import SwitchTable


def play(table, moves):
    """The person's first legal move on their turn, ``moves`` times (until the game is over)."""
    for _i in range(moves):
        obs = table.state.observation(table.controller.seat)
        if obs.is_over:
            return
        assert table.act(obs.legal_actions[0]), table.refusals[-1:]


def new_kernel(store, **kw):
    table = SwitchTable(store=store, delay=0, **kw)
    return table, Page(table)


@pytest.mark.parametrize("seed, players, moves", [(1, 2, 3), (3, 4, 4), (5, 5, 2), (8, 3, 5)])
def test_a_match_comes_back_on_a_new_table(url, store, seed, players, moves):
    first, page = new_kernel(store, seed=seed, players=players, level="hard")
    assert page.token is None and first.view["resume"] is True
    play(first, moves)
    assert not first.state.is_over
    nxt = 3 if players == 2 else 2
    first.send_from_page({"do": "set", "name": "players", "value": nxt})    # for the next game
    first.send_from_page({"do": "pref", "name": "beginner", "value": True})
    assert page.token and page.told == [page.token]          # told once, at the first move
    obs = first.state.observation(0)
    kept = store.table(page.token)
    assert kept.version == len(first.state.actions)          # every seat's moves written
    assert sorted(kept.settings["computers"]) == [str(s) for s in range(1, players)]

    second, page2 = new_kernel(store, seed=7)                # a reload: a new kernel, a new table
    second.send_from_page({"do": "resume", "token": page.token})
    assert second.errors == [] and page2.told == [page.token]
    assert second.state.to_json() == first.state.to_json()
    assert second.state.observation(0, reveal=True) == first.state.observation(0, reveal=True)
    assert second.controller.settings == {"players": players, "level": "hard"}
    assert second.controller.computers == tuple(range(1, players))
    assert second.controller.pending == {"players": nxt}
    assert second.prefs["beginner"] is True
    n = len(obs.hand)
    assert second.view["what_now"]["note"] == f"Welcome back: you have {n} card{'s' * (n != 1)}."
    # play goes on through the store, and a restarted server's store finds it again
    play(second, 2)
    with open_store(url) as restarted:
        third, _page3 = new_kernel(restarted)
        third.send_from_page({"do": "resume", "token": page.token})
        if second.state.is_over:
            assert third.state.to_json() != second.state.to_json()
        else:
            assert third.state.to_json() == second.state.to_json()
            assert restarted.table(page.token).version == len(second.state.actions)


def test_a_late_last_card_call_is_the_persons_move(store):
    # the person plays down to one card, then calls "last card" on the next player's turn: the
    # call is the person's move (their token), the computer's turn stays the computer's
    from cardkit import switch
    from cardkit_tables.resume import mover
    hands = ["6H 3C", "10S 4S QD 7H", "9S 8C KD 5C"]
    state = switch.new_game(hands=hands, deck=switch.full_stock(hands, top="3H"), dealer=2)
    state.apply("play 6H")
    assert state.current_player == 1
    assert mover(state, "last card", 0) == 0 and mover(state, "draw", 0) == 1
    tokens = [t.token for t in store.create(state, ["person", "computer:easy", "computer:easy"]).tickets]
    assert store.apply(tokens[mover(state, "last card", 0)], 0, "last card").version == 1


@pytest.mark.parametrize("token", [
    "junk", None, 7, {"a": 1}, "x" * 10_000, "K7MPQ2XR." + "a" * 43, "ÄÄÄÄÄÄÄÄ." + "a" * 43])
def test_bad_tokens_change_nothing(store, token):
    table, page = new_kernel(store, seed=3, players=3)
    before = (table.state.to_json(), json.dumps(table.view, sort_keys=True))
    table.send_from_page({"do": "resume", "token": token})
    assert (table.state.to_json(), json.dumps(table.view, sort_keys=True)) == before
    # the page is given the token of the deal it shows instead, which the store now keeps
    assert table.errors == [] and len(page.told) == 1 and page.token != token
    assert store.table(page.token).state_json == table.state.to_json()


def test_an_ecarte_token_is_not_a_switch_match(store):
    from cardkit_tables import EcarteTable
    ecarte = EcarteTable(store=store, delay=0, seed=2)
    page = Page(ecarte)
    obs = ecarte.state.observation(0)
    assert ecarte.act(obs.legal_actions[0])
    table, page2 = new_kernel(store, seed=3)
    before = table.state.to_json()
    table.send_from_page({"do": "resume", "token": page.token})
    assert table.state.to_json() == before and page2.told == [page2.token] != [page.token]
    assert store.table(page2.token).game == "switch"


def test_a_finished_match_comes_back_at_its_end(store):
    table, page = new_kernel(store, seed=4, players=3)
    while not table.state.is_over:
        play(table, 50)
    assert page.token and store.table(page.token).version == len(table.state.actions)
    fresh, page2 = new_kernel(store, seed=1)
    fresh.send_from_page({"do": "resume", "token": page.token})
    assert fresh.state.to_json() == table.state.to_json() and page2.told == [page.token]


def test_new_game_replaces_the_token(store):
    table, page = new_kernel(store, seed=6, players=3)
    play(table, 2)
    old = page.token
    table.new_game()
    assert page.token is None
    play(table, 1)
    assert page.token not in (None, old)


def test_without_a_store_nothing_changes():
    table = SwitchTable(delay=0, seed=2)
    assert "resume" not in table.view
    before = table.state.to_json()
    table.send_from_page({"do": "resume", "token": "K7MPQ2XR." + "a" * 43})
    assert table.state.to_json() == before and table.errors == []


def test_welcome_back_in_the_tables_language(store):
    owner, page = new_kernel(store, seed=3, players=3)
    play(owner, 2)
    table, _page2 = new_kernel(store, language="pa")
    table.send_from_page({"do": "resume", "token": page.token})
    n = len(owner.state.observation(0).hand)
    assert table.view["what_now"]["note"] == f"ਮੁੜ ਜੀ ਆਇਆਂ ਨੂੰ: ਤੁਹਾਡੇ ਕੋਲ {n} ਕਾਰਡ {'ਹਨ' if n > 1 else 'ਹੈ'}।"

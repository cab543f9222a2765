"""Resume (issue 20 point 3): an Écarté table against the computer kept in a table store comes
back on a new kernel's table from the page's token alone; bad tokens change nothing."""
import json

import pytest

from cardkit_serving.store import open_store
from widget_helpers import StoredPage as Page
from cardkit_tables import EcarteTable


def play(table, moves):
    """The person's first legal move (``next hand`` between hands), ``moves`` times."""
    for _i in range(moves):
        if table.pause is not None:
            assert table.act("next hand")
            continue
        obs = table.state.observation(table.controller.seat)
        if obs.is_over:
            return
        assert table.act(obs.legal_actions[0]), table.refusals[-1:]


def new_kernel(store, **kw):
    table = EcarteTable(store=store, delay=0, **kw)
    return table, Page(table)


@pytest.mark.parametrize("seed, moves", [(1, 14), (2, 11), (3, 9), (4, 12), (5, 6), (6, 13)])
def test_a_match_comes_back_on_a_new_table(url, store, seed, moves):
    first, page = new_kernel(store, level="medium", seed=seed)
    assert page.token is None and first.view["resume"] is True
    play(first, moves)
    assert not first.state.is_over
    first.send_from_page({"do": "set", "name": "level", "value": "hard"})     # for the next game
    first.send_from_page({"do": "pref", "name": "hint", "value": True})
    first.send_from_page({"do": "pref", "name": "delay", "value": 1.5})
    assert page.token and page.told == [page.token]          # told once, at the first move
    obs = first.state.observation(0)

    second, page2 = new_kernel(store, seed=7)                # a reload: a new kernel, a new table
    second.send_from_page({"do": "resume", "token": page.token})
    assert second.errors == [] and page2.told == [page.token]
    again = second.state.observation(0)
    assert again == obs and second.state.to_json() == first.state.to_json()
    assert (again.hand_number, again.scores) == (obs.hand_number, obs.scores)
    assert second.controller.settings["level"] == "medium"
    assert second.controller.pending == {"level": "hard"}                   # still for the next game
    assert second.prefs["hint"] is True and second.controller.delay == 1.5
    said = second.view["what_now"]["note"]
    assert said == (f"Welcome back: hand {obs.hand_number}, you {obs.scores[0]}, "
                    f"Computer {obs.scores[1]}")
    assert (second.pause is None) == (first.pause is None)   # on the finished hand, if it was
    # play goes on from there, through the store, and a third table finds it again, on a store
    # opened afresh (a restarted server)
    play(second, 2)
    with open_store(url) as restarted:
        third, _page3 = new_kernel(restarted)
        third.send_from_page({"do": "resume", "token": page.token})
        assert third.state.to_json() == second.state.to_json()
        assert third.controller.started()                    # New game asks first


def test_new_game_replaces_the_token(store):
    table, page = new_kernel(store)
    play(table, 2)
    old = page.token
    table.new_game()
    assert page.token is None
    play(table, 1)
    assert page.token not in (None, old)
    fresh, _page2 = new_kernel(store)
    fresh.send_from_page({"do": "resume", "token": page.token})
    assert fresh.state.to_json() == table.state.to_json()


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


def test_another_tables_code_with_a_wrong_secret(store):
    owner, page = new_kernel(store)
    play(owner, 2)
    code = page.token.split(".")[0]
    for forged in (code + "." + "A" * 43, page.token[:-1] + ("B" if page.token[-1] != "B" else "C")):
        table, page2 = new_kernel(store, seed=5)
        before = table.state.to_json()
        table.send_from_page({"do": "resume", "token": forged})
        assert table.state.to_json() == before and table.errors == []
        assert page2.told == [page2.token] and page2.token.split(".")[0] != code


def test_a_finished_match_comes_back_at_its_end(store):
    """A reload at game over shows the same end (issue 31), and New game deals afresh."""
    table, page = new_kernel(store)
    while not table.state.is_over:
        play(table, 50)
    assert page.token
    fresh, page2 = new_kernel(store, seed=1)
    fresh.send_from_page({"do": "resume", "token": page.token})
    assert fresh.state.to_json() == table.state.to_json() and page2.told == [page.token]
    assert fresh.view["mode"] == table.view["mode"] and fresh.errors == []
    fresh.new_game()
    assert not fresh.state.is_over and page2.token not in (None, page.token)
    assert store.table(page2.token).state_json == fresh.state.to_json()


def test_a_table_under_way_ignores_a_resume(store):
    owner, page = new_kernel(store)
    play(owner, 2)
    other, _page2 = new_kernel(store)
    play(other, 1)
    before = other.state.to_json()
    other.send_from_page({"do": "resume", "token": page.token})
    assert other.state.to_json() == before


def test_without_a_store_nothing_changes():
    table = EcarteTable(delay=0, seed=2)
    assert "resume" not in table.view
    before = table.state.to_json()
    table.send_from_page({"do": "resume", "token": "K7MPQ2XR." + "a" * 43})
    assert table.state.to_json() == before and table.errors == []


def test_welcome_back_in_the_tables_language(store):
    owner, page = new_kernel(store)
    play(owner, 2)
    table, _page2 = new_kernel(store, language="kn")
    table.send_from_page({"do": "resume", "token": page.token})
    assert table.view["what_now"]["note"].startswith("ಮತ್ತೆ ಸ್ವಾಗತ: ಸುತ್ತು 1, ನೀವು ")


def test_a_store_that_fails_never_stops_the_game(store, monkeypatch):
    table, page = new_kernel(store)
    play(table, 1)

    def broken(*args, **kw):
        raise OSError("disk full")
    monkeypatch.setattr(store, "apply", broken)
    play(table, 4)
    assert table.errors == [] and page.told == [page.token]
    assert len(table.state.actions) > 4

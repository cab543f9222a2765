"""The deal is the match's from the moment a page shows it (issue 31): a reload right after a
deal, after New game, at the end of an Écarté hand or at game over brings back the same cards,
for every game, on SQLite and on Redis (the ``store`` fixture)."""
from __future__ import annotations

import pytest

from cardkit_serving.store import open_store
from cardkit_tables import EcarteTable, SwitchTable, WarTable
from widget_helpers import StoredPage

MAKERS = {"ecarte": EcarteTable, "switch": SwitchTable, "war": WarTable}


@pytest.fixture(params=["sqlite", "redis"])
def store(request, tmp_path):
    """Each test on both backends (a real ``redis-server``: ``tests/redis_server.py``)."""
    url = f"sqlite:///{tmp_path}/t.db" if request.param == "sqlite" else request.getfixturevalue("redis_url")
    with open_store(url) as s:
        yield s


def page_load(store, game: str, token: str | None, seed: int):
    """A page loading the app: a kernel the pool ran ahead (its own deal, ``seed``), then the
    page's first message, with the token it keeps (None on a first visit)."""
    table = MAKERS[game](store=store, delay=0, seed=seed)
    page = StoredPage(table)
    page.token = token
    table.send_from_page({"do": "resume", "token": token})
    assert table.errors == []
    return table, page


def hand(table) -> list[str]:
    """The cards the person holds (War: the top of their packet is hidden: its size)."""
    obs = table.state.observation(table.controller.seat)
    held = getattr(obs, "hand", None)
    return [str(c) for c in held] if held is not None else [str(n) for n in obs.card_counts]


@pytest.mark.parametrize("game", MAKERS)
def test_three_reloads_right_after_the_deal_show_the_same_cards(store, game):
    first, page = page_load(store, game, None, seed=11)
    assert page.told == [page.token] and page.token is not None     # stored at once, untouched
    dealt = first.state.to_json()
    assert store.table(page.token).state_json == dealt
    for seed in (12, 13, 14):                                       # each reload: a new kernel
        again, page2 = page_load(store, game, page.token, seed=seed)
        assert again.state.to_json() == dealt and hand(again) == hand(first)
        assert page2.told == [page.token]


@pytest.mark.parametrize("game", MAKERS)
def test_new_game_is_stored_before_the_page_draws_it(store, game):
    table, page = page_load(store, game, None, seed=21)
    old = page.token
    table.new_game()
    assert page.token not in (None, old) and page.told == [old, page.token]
    assert store.table(page.token).state_json == table.state.to_json()
    again, _page2 = page_load(store, game, page.token, seed=22)
    assert again.state.to_json() == table.state.to_json()


def test_a_reload_at_the_end_of_an_ecarte_hand_shows_that_hand_and_the_next_deal(store):
    table, page = page_load(store, "ecarte", None, seed=5)
    while table.pause is None:                           # play the first hand to its last trick
        obs = table.state.observation(table.controller.seat)
        assert table.act(obs.legal_actions[0]), table.refusals[-1:]
    shown = table.state.to_json()
    again, _page2 = page_load(store, "ecarte", page.token, seed=6)
    assert again.state.to_json() == shown and again.pause is not None
    assert again.view["mode"] == "between"
    assert again.act("next hand")                        # (the reloaded page holds the seat now)
    third, _page3 = page_load(store, "ecarte", page.token, seed=7)
    assert third.pause is None and hand(third) == hand(again)     # the next hand: the same deal


def test_a_pool_kernel_keeps_nothing_until_a_page_comes(store):
    """A kernel run ahead stores no table: only a page's first message does."""
    table = EcarteTable(store=store, delay=0, seed=3)
    page = StoredPage(table)
    assert page.told == [] and table._stored is not None and table._stored.token is None
    table.new_game()                                     # (a deal no page has seen)
    assert page.told == [] and table._stored.token is None


@pytest.mark.parametrize("game", MAKERS)
def test_a_copied_token_takes_the_seat_and_the_first_page_stops(store, game):
    """One live page per seat (issue 31): the seat's token opened on a second page takes the
    seat there; the first page says so at its next ping and no move of its lands afterwards."""
    from cardkit_tables.resume import ELSEWHERE
    first, page = page_load(store, game, None, seed=31)
    obs = first.state.observation(first.controller.seat)
    assert first.act(obs.legal_actions[0]), first.refusals[-1:]
    second, _page2 = page_load(store, game, page.token, seed=32)       # the copied token
    assert second.state.to_json() == first.state.to_json()
    first._held_checked = 0.0
    first.send_from_page({"do": "ping", "n": 1})
    assert first.view["what_now"]["note"] == ELSEWHERE
    version = store.table(page.token).version
    move = first.state.observation(first.controller.seat).legal_actions
    if move:
        first.send_from_page({"do": "act", "action": str(move[0]), "pos": first.controller.pos})
        assert first.refusals[-1] == ELSEWHERE
    assert store.table(page.token).version == version                 # nothing landed from it
    obs2 = second.state.observation(second.controller.seat)           # the second page plays on
    if obs2.legal_actions and not obs2.is_over:
        assert second.act(obs2.legal_actions[0]), second.refusals[-1:]
        assert store.table(page.token).version > version
    assert second.view["what_now"]["note"] != ELSEWHERE and first.errors == second.errors == []

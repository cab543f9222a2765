"""The table store (``cardkit_serving.store``) on both backends: SQLite in a temporary file, and a
real ``redis-server`` (Debian's package) that these tests start on a free port and stop. Without
``redis-server`` (or redis-py) the Redis tests fail, saying what to install: ``./dev test`` and
``.ci/run`` install both.

A stacked Écarté match played through the store move by move; two moves sent at once (threads,
and processes) from one version: exactly one lands, every card accounted for; forged tokens,
replays, wrong seats and illegal moves change nothing; wrong codes are limited; old tables are
purged; the file and the keys hold nothing but the expected fields (no plain token).
"""
from __future__ import annotations

import doctest
import json
import multiprocessing
import os
import secrets
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import cardkit_serving.store as store_module
from cardkit import IllegalAction, InvalidAction, ecarte, war
from cardkit.cards import piquet_pack
from cardkit.i18n import language
from cardkit_serving.store import (FAILED_CODES_PER_MINUTE, BadStoreURL, NotYourTurn, SeatPlan,
                                   SeatTaken, StaleVersion, StillHere, TooManyAttempts, UnknownSeat,
                                   UnknownTable, open_store)
from cardkit_serving.store import base as store_base
from redis_server import redis_server

ADA_BLAISE = ("Ada", "Blaise")


# ---------------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    """A redis-server of its own on loopback, nothing saved to disk; stopped after the module."""
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


class Clock:
    """A fake Unix clock (seconds) the store reads; tests move it on."""

    def __init__(self) -> None:
        self.now = float(int(time.time()))   # now: a store opened on the real clock keeps its tables

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["sqlite", "redis"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/tables.db"
    import redis
    base = request.getfixturevalue("redis_url")
    with redis.Redis.from_url(base) as client:
        client.flushdb()
    return base


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def store(url, clock):
    with open_store(url, clock=clock) as s:
        yield s


def stacked_match():
    """Ada (seat 0) is the non-dealer with K♥ Q♥ J♥ 7♠ 7♦; Blaise deals and holds A♥ 10♥ K♠ K♦
    K♣; the 8♥ is turned up: hearts are trumps (RULES.md §3.1)."""
    deck = ecarte.stacked_deck("KH QH JH 7S 7D", "AH 10H KS KD KC", "8H")
    return ecarte.new_game(deck=deck, dealer=1, names=ADA_BLAISE, seed=7)


def two_classmates(store, state=None):
    """A table with Ada's seat and Blaise's, Blaise having joined by the code: both tokens."""
    new = store.create(state or stacked_match(), [SeatPlan.person(), SeatPlan.classmate()],
                       {"advice": True})
    blaise = store.join(new.code, client="10.0.0.7")
    return new.code, new.tickets[0].token, blaise.token


def all_cards(state) -> list[str]:
    """Every card of an Écarté state: hands, stock, turn-up, discards, and the cards played this
    hand (the finished tricks and the one on the table), sorted."""
    cards = [*state.hands[0], *state.hands[1], *state.stock, state.turn_up, *state.discards[0],
             *state.discards[1], *(c for _trick, _p, c in state.played)]
    return sorted(map(str, cards))


PACK = sorted(map(str, piquet_pack()))


# ---------------------------------------------------------------------------------- a match
def test_a_stacked_ecarte_hand_played_through_the_store(store):
    code, ada, blaise = two_classmates(store)
    assert len(code) == 8 and ada.startswith(code + ".") and blaise.startswith(code + ".")
    moves = [(ada, "stand"), (ada, "play KH"), (blaise, "play 10H"), (ada, "play QH"),
             (blaise, "play AH"), (ada, "play JH"), (blaise, "play KC"), (ada, "play 7S"),
             (blaise, "play KS"), (blaise, "play KD")]
    for version, (token, action) in enumerate(moves):
        view = store.apply(token, version, action)
        assert view.version == version + 1
    ada_view, blaise_view = store.table(ada), store.table(blaise)
    assert (ada_view.seat, blaise_view.seat, ada_view.version) == (0, 1, 10)
    obs = blaise_view.observation()
    # K♥ led: Ada announces the king (1 point); Ada has won tricks 1-3, Blaise trick 4 and leads 5
    assert obs.tricks == (3, 1) and obs.scores == (1, 0) and obs.current_player == 0
    assert obs.hand == () and obs.trick == ((1, ecarte.parse_card("KD")),)
    assert [str(c) for c in ada_view.observation().hand] == ["7♦"]
    view = store.apply(ada, 10, "play 7D")
    # Ada stood at once and won 3 tricks: 2 points (§3.5, standard), 3 with the king; hand 2
    state = view.state()
    assert state.scores == [3, 0] and state.hand_number == 2 and state.dealer == 0
    assert view.settings == {"advice": True} and all_cards(state) == PACK
    assert store.wait_for_change(blaise, 10, timeout=0.0) == 11


def test_a_table_against_the_computer_resumes_in_a_new_store(url, store):
    state = ecarte.new_game(seed=3, names=("Ada", "Computer"))
    new = store.create(state, [SeatPlan.person(), SeatPlan.computer("hard")],
                       {"level": "hard", "advice": False})
    me, computer = (t.token for t in new.tickets)
    bot = ecarte.computer_player("hard", seed=1)
    version = 0
    for _ in range(12):                                  # Ada's kernel plays both seats
        view = store.table(me)
        seat = view.state().current_player
        token = me if seat == 0 else computer
        seen = store.table(token).observation()
        choice = seen.legal_actions[0] if seat == 0 else bot.choose(seen)
        view = store.apply(token, version, choice)
        version = view.version
    store.close()
    with open_store(url) as again:                       # a restarted server, a new kernel
        back = again.table(me)
        assert (back.version, back.settings) == (12, {"level": "hard", "advice": False})
        assert back.state_json == view.state_json
        assert [s.kind for s in back.seats] == ["person", "computer"]
        assert back.seats[1].level == "hard" and not back.seats[1].away


def test_any_seat_may_flip_at_war(store):
    state = war.new_game(seed=2)
    new = store.create(state, [SeatPlan.person(), SeatPlan.person()])
    one, two = (t.token for t in new.tickets)
    assert store.apply(one, 0, "flip").version == 1
    assert store.apply(two, 1, "flip").version == 2


# ---------------------------------------------------------------------------------- two at once
def _race_position(seed: int, prefix: list[int]):
    """An Écarté match after a random legal prefix, not over."""
    state = ecarte.new_game(seed=seed, names=ADA_BLAISE)
    for i in prefix:
        actions = state.legal_actions()
        if state.is_over or len(actions) == 0:
            break
        trial = state.clone().apply(actions[i % len(actions)])
        if trial.is_over:
            break
        state = trial
    return state


def _tokens_of_mover(store, state):
    new = store.create(state, [SeatPlan.person(), SeatPlan.person()])
    return new.tickets[state.current_player].token


def _check_one_landed(store, token, before, outcomes, actions):
    wins = [i for i, r in enumerate(outcomes) if r == "ok"]
    assert len(wins) == 1 and outcomes[1 - wins[0]] == "StaleVersion", outcomes
    view = store.table(token)
    assert view.version == 1
    expected = before.clone().apply(actions[wins[0]])
    assert view.state_json == expected.to_json()
    assert all_cards(view.state()) == PACK


def _apply_outcome(store, token, action) -> str:
    try:
        store.apply(token, 0, action)
    except StaleVersion:
        return "StaleVersion"
    return "ok"


RACES = dict(seed=st.integers(0, 2**32), prefix=st.lists(st.integers(0, 50), max_size=40),
             picks=st.tuples(st.integers(0, 50), st.integers(0, 50)))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(**RACES)
def test_two_moves_at_once_from_threads(store, seed, prefix, picks):
    state = _race_position(seed, prefix)
    token = _tokens_of_mover(store, state)
    legal = state.legal_actions()
    actions = [str(legal[p % len(legal)]) for p in picks]
    outcomes: list[str] = ["", ""]
    barrier = threading.Barrier(2)

    def client(i: int) -> None:
        barrier.wait()
        outcomes[i] = _apply_outcome(store, token, actions[i])

    threads = [threading.Thread(target=client, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    _check_one_landed(store, token, state, outcomes, actions)


def _process_client(url, token, action, barrier, results, i):
    with open_store(url) as own:                     # each process (kernel) opens its own
        barrier.wait()
        results.put((i, _apply_outcome(own, token, action)))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(**RACES)
def test_two_moves_at_once_from_processes(url, store, seed, prefix, picks):
    state = _race_position(seed, prefix)
    token = _tokens_of_mover(store, state)
    legal = state.legal_actions()
    actions = [str(legal[p % len(legal)]) for p in picks]
    ctx = multiprocessing.get_context("fork")
    barrier, results = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_process_client, args=(url, token, actions[i], barrier, results, i))
             for i in range(2)]
    for p in procs:
        p.start()
    got = dict(results.get(timeout=60) for _ in procs)
    for p in procs:
        p.join(30)
    _check_one_landed(store, token, state, [got[0], got[1]], actions)


def test_a_move_that_loses_at_the_write_is_refused(store):
    # the other move lands between this one's read and its write: compare-and-set catches it
    _code, ada, _blaise = two_classmates(store)
    real = store._write_state

    def racing(code, version, state, now):
        store._write_state = real
        store.apply(ada, version, "propose")            # lands first
        return real(code, version, state, now)

    store._write_state = racing
    with pytest.raises(StaleVersion, match="moved on"):
        store.apply(ada, 0, "stand")
    view = store.table(ada)
    assert view.version == 1 and json.loads(view.state_json)["actions"] == ["propose"]


# ---------------------------------------------------------------------------------- refusals
def _unchanged(store, token, attempt, error, words=None):
    before = store.table(token)
    with pytest.raises(error, match=words):
        attempt()
    after = store.table(token)
    assert (after.state_json, after.version, after.updated) == (before.state_json, before.version,
                                                                before.updated)


def test_forged_replayed_wrong_seat_and_illegal_moves_change_nothing(store):
    code, ada, blaise = two_classmates(store)
    forged = [f"{code}.{secrets.token_urlsafe(32)}", code, f"{code}.", "", "ZZZZZZZZ.x",
              blaise[:-1] + ("A" if blaise[-1] != "A" else "B"), ada.replace(code, "A" * 8)]
    for token in forged:
        _unchanged(store, ada, lambda t=token: store.apply(t, 0, "stand"), UnknownSeat,
                   "not on the server")
    _unchanged(store, ada, lambda: store.apply(blaise, 0, "stand"), NotYourTurn, "Ada's turn")
    _unchanged(store, ada, lambda: store.apply(ada, 0, "play KH"), IllegalAction)
    _unchanged(store, ada, lambda: store.apply(ada, 0, "fly away"), InvalidAction)
    _unchanged(store, ada, lambda: store.apply(ada, 3, "stand"), StaleVersion)
    store.apply(ada, 0, "stand")
    _unchanged(store, ada, lambda: store.apply(ada, 0, "stand"), StaleVersion)   # the replay
    _unchanged(store, ada, lambda: store.apply(ada, 0, "play KH"), StaleVersion)
    _unchanged(store, ada, lambda: store.apply(blaise, 1, "play AH"), NotYourTurn)
    for token in forged:
        with pytest.raises(UnknownSeat):
            store.table(token)
        with pytest.raises(UnknownSeat):
            store.touch(token)


def test_a_seat_is_joined_once(store, clock):
    new = store.create(stacked_match(), [SeatPlan.person(), SeatPlan.classmate()])
    assert [t.seat for t in new.tickets] == [0]
    with pytest.raises(SeatTaken):
        store.join(new.code, client="x", seat=0)           # Ada sits there
    first = store.join(f" {new.code[:4].lower()}-{new.code[4:]} ", client="x")
    assert first.seat == 1 and store.table(first.token).seat == 1
    with pytest.raises(SeatTaken, match="no free seat"):
        store.join(new.code, client="y")                   # the token is given once
    computer = store.create(stacked_match(), [SeatPlan.person(), SeatPlan.computer()])
    with pytest.raises(SeatTaken):
        store.join(computer.code, client="z")


def test_wrong_codes_are_limited_per_client(store, clock):
    new = store.create(stacked_match(), [SeatPlan.person(), SeatPlan.classmate()])
    wrong = "ABCDEFGH" if new.code != "ABCDEFGH" else "HGFEDCBA"
    for guess in [wrong, "nonsense", "", *[wrong] * (FAILED_CODES_PER_MINUTE - 3)]:
        with pytest.raises(UnknownTable, match="No table has this code"):
            store.join(guess, client="10.0.0.66")
    with pytest.raises(TooManyAttempts, match="Wait a minute"):
        store.join(new.code, client="10.0.0.66")           # even the right code, for a minute
    clock.now += 61
    assert store.join(new.code, client="10.0.0.66").seat == 1


def test_another_client_is_not_held_up(store):
    new = store.create(stacked_match(), [SeatPlan.person(), SeatPlan.classmate()])
    for _ in range(FAILED_CODES_PER_MINUTE):
        with pytest.raises(UnknownTable):
            store.join("QQQQQQQQ", client="10.0.0.66")
    assert store.join(new.code, client="10.0.0.67").seat == 1


# ---------------------------------------------------------------------------------- presence, expiry
def test_presence_says_who_is_away(store, clock):
    _code, ada, blaise = two_classmates(store)
    clock.now += 20
    store.touch(ada)
    assert [s.away for s in store.seats(blaise)] == [False, False]
    clock.now += 15                                       # Blaise: 35 s, Ada: 15 s
    assert [s.away for s in store.seats(ada)] == [False, True]
    assert [s.away for s in store.seats(ada, away_after=10)] == [True, True]
    assert store.seats(ada)[0].last_seen == clock.now - 15


# ---------------------------------------------------------------------------------- taking over
def _snapshot(store, token):
    """What a refused take-over must leave as it was: the view's position and times, the seats."""
    view = store.table(token)
    return view.state_json, view.version, view.updated, view.seats


def test_the_computer_takes_a_gone_classmates_seat(store, clock):
    # issue 20: Blaise joined, then never came back; 31 s later Ada's kernel hands his seat to
    # the computer and plays it with the new token (the stacked hand of the first test)
    code, ada, blaise = two_classmates(store)
    clock.now += 31
    store.touch(ada)
    ticket = store.take_over(ada, 1, "hard", away_after=30)
    assert (ticket.code, ticket.seat) == (code, 1) and ticket.token.startswith(code + ".")
    assert ticket.token not in (ada, blaise) and ticket.token not in repr(ticket)
    view = store.table(ticket.token)
    assert view.seat == 1 and view.version == 0            # not a move
    computer = view.seats[1]
    assert (computer.kind, computer.level, computer.taken, computer.away) == ("computer", "hard",
                                                                              True, False)
    assert computer.last_seen == clock.now and view.seats[0].kind == "person"
    for attempt in (lambda: store.table(blaise), lambda: store.touch(blaise),
                    lambda: store.apply(blaise, 0, "stand")):
        with pytest.raises(UnknownSeat):                   # the old token opens nothing
            attempt()
    store.apply(ada, 0, "stand")
    store.apply(ada, 1, "play KH")
    with pytest.raises(NotYourTurn):
        store.apply(ada, 2, "play QH")
    after = store.apply(ticket.token, 2, "play 10H")       # the computer's seat follows suit
    assert after.version == 3 and after.state().current_player == 0   # K♥ won: Ada leads
    with pytest.raises(ValueError, match="computer"):
        store.take_over(ada, 1, "easy", away_after=30)     # once only


def test_a_player_still_here_keeps_the_seat(store, clock):
    _code, ada, blaise = two_classmates(store)
    clock.now += 50
    store.touch(blaise)
    clock.now += 30                                        # exactly 30 s: not yet away
    before = _snapshot(store, ada)
    with pytest.raises(StillHere, match="still at the table"):
        store.take_over(ada, 1, "easy", away_after=30)
    assert _snapshot(store, blaise) == before and store.table(blaise).seat == 1
    clock.now += 0.5
    assert store.take_over(ada, 1, "easy", away_after=30).seat == 1


def test_a_player_back_while_the_computer_sits_down_keeps_the_seat(store, clock):
    # Blaise's kernel touches the seat between the take-over's read and its write: the
    # compare-and-set sees a last_seen that is no longer the one read, and writes nothing
    code, ada, blaise = two_classmates(store)
    clock.now += 60
    real = store._retake

    def racing(*args):
        store._retake = real
        store.touch(blaise)
        return real(*args)

    store._retake = racing
    with pytest.raises(StillHere):
        store.take_over(ada, 1, "easy", away_after=30)
    seats = store.seats(blaise)
    assert seats[1].kind == "person" and seats[1].last_seen == clock.now
    # the primitive alone: a seat last seen other than as given, or never, is not changed
    seen = seats[1].last_seen
    for before in (None, seen - 1):
        assert not store._retake(code, 1, "0" * 64, "easy", clock.now, before)
    assert store._retake(code, 1, "0" * 64, "easy", clock.now, seen)
    assert not store._retake(code, 1, "1" * 64, "easy", clock.now, clock.now)   # now a computer


def test_a_take_over_of_a_seat_that_cannot_be_taken_is_a_developers_error(store, clock):
    _code, ada, blaise = two_classmates(store)
    computer = store.create(stacked_match(), [SeatPlan.person(), SeatPlan.computer()]).tickets[0]
    waiting = store.create(stacked_match(), [SeatPlan.person(), SeatPlan.classmate()]).tickets[0]
    clock.now += 3600                                      # everybody away
    cases = [(ada, 2, "easy", "seats 0 to 1"), (ada, -1, "easy", "seats 0 to 1"),
             (ada, True, "easy", "seats 0 to 1"), (ada, 0, "easy", "its own token"),
             (blaise, 1, "easy", "its own token"), (computer.token, 1, "easy", "a computer"),
             (waiting.token, 1, "easy", "open"), (ada, 1, "", "level"),
             (ada, 1, "x" * 21, "level"), (ada, 1, None, "level")]
    for token, seat, level, words in cases:
        before = _snapshot(store, token)
        with pytest.raises(ValueError, match=words):
            store.take_over(token, seat, level, away_after=30)
        assert _snapshot(store, token) == before
    assert store.take_over(ada, 1, "x" * 20, away_after=30).seat == 1


def test_a_forged_token_takes_no_seat(store, clock):
    code, ada, blaise = two_classmates(store)
    clock.now += 3600
    before = _snapshot(store, ada)
    for token in (f"{code}.{secrets.token_urlsafe(32)}", code, "", "ZZZZZZZZ.x", blaise + "x"):
        with pytest.raises(UnknownSeat, match="not on the server"):
            store.take_over(token, 1, "easy", away_after=30)
    assert _snapshot(store, blaise) == before


def test_wait_for_change_hears_a_move(store):
    _code, ada, blaise = two_classmates(store)
    assert store.wait_for_change(blaise, 0, timeout=0.1) is None
    mover = threading.Timer(0.2, lambda: store.apply(ada, 0, "stand"))
    mover.start()
    try:
        assert store.wait_for_change(blaise, 0, timeout=10.0) == 1
    finally:
        mover.join()
    assert store.wait_for_change(blaise, 0, timeout=0.0) == 1


def test_purge_removes_old_tables_only(store, clock):
    _c1, old, _b1 = two_classmates(store)
    _c2, kept, _b2 = two_classmates(store)
    _c3, moved, _b3 = two_classmates(store)
    clock.now += 3600
    store.touch(kept)
    store.apply(moved, 0, "stand")
    clock.now += 1800
    assert store.purge(older_than=2 * 3600) == 0
    assert store.purge(older_than=3000) == 1
    with pytest.raises(UnknownSeat):
        store.table(old)
    assert store.table(kept).version == 0 and store.table(moved).version == 1


def test_opening_a_sqlite_store_removes_the_expired_tables(tmp_path, clock):
    """Nobody need call ``purge``: each kernel that opens the file removes tables idle for
    ``expire_after`` (Redis: the keys' TTL, tested above)."""
    url = f"sqlite:///{tmp_path}/t.db"
    with open_store(url, clock=clock, expire_after=3600) as store:
        _c1, old, _b1 = two_classmates(store)
        clock.now += 1800
        _c2, young, _b2 = two_classmates(store)
    clock.now += 2000                               # old: idle 3800 s; young: 2000 s
    with open_store(url, clock=clock, expire_after=3600) as store:
        with pytest.raises(UnknownSeat):
            store.table(old)
        assert store.table(young).version == 0


def test_settings_are_saved_and_kept_small(store):
    _code, ada, blaise = two_classmates(store)
    store.save_settings(ada, {"advice": False, "language": "pa"})
    assert store.table(blaise).settings == {"advice": False, "language": "pa"}
    assert store.table(blaise).version == 0
    with pytest.raises(ValueError, match="4096"):
        store.save_settings(ada, {"x": "y" * 5000})


# ---------------------------------------------------------------------------------- what is kept
def _secrets(*tokens):
    return [t.partition(".")[2] for t in tokens]


def test_the_sqlite_file_holds_only_the_expected_fields(tmp_path):
    path = tmp_path / "t.db"
    with open_store(f"sqlite:///{path}") as s:
        _code, ada, blaise = two_classmates(s)
        s.apply(ada, 0, "stand")
        with pytest.raises(UnknownTable):
            s.join("WWWWWWWW", client="10.0.0.99")
        assert set(s._rows("tables")[0]) == {"code", "game", "state", "settings", "version",
                                              "created", "updated"}
        assert set(s._rows("seats")[0]) == {"code", "seat", "kind", "level", "token_hash",
                                             "last_seen"}
        assert set(s._rows("failed_codes")[0]) == {"client", "at"}
        names = {r[0] for r in s._db().execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert names == {"tables", "seats", "failed_codes"}
        data = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    for word in [*_secrets(ada, blaise), "10.0.0.99", "10.0.0.7"]:
        assert word.encode() not in data
    assert (path.stat().st_mode & 0o777) == 0o600


def test_the_redis_keys_hold_only_the_expected_fields(redis_url):
    import redis
    with redis.Redis.from_url(redis_url) as client:
        client.flushdb()
    with open_store(redis_url) as s:
        code, ada, blaise = two_classmates(s)
        s.apply(ada, 0, "stand")
        with pytest.raises(UnknownTable):
            s.join("WWWWWWWW", client="10.0.0.99")
        keys = s._keys()
        ttl = s._redis.ttl(f"cardkit:table:{code}")
    table = keys.pop(f"cardkit:table:{code}")
    seat_fields = {f"{k}:{n}" for k in ("kind", "level", "hash", "seen") for n in (0, 1)}
    assert set(table) == {"game", "state", "settings", "version", "created", "updated",
                          "seats"} | seat_fields
    (failed,) = keys                                       # the wrong code's count, hashed client
    assert failed.startswith("cardkit:failed:") and "10.0.0.99" not in failed
    text = json.dumps([table, keys])
    for word in [*_secrets(ada, blaise), "10.0.0.99", "10.0.0.7"]:
        assert word not in text
    assert 0 < ttl <= store_base.EXPIRE_AFTER


# ---------------------------------------------------------------------------------- opening, words
@pytest.mark.parametrize("bad", ["postgres://db/cards", "sqlite://", "sqlite:///", "tables.db",
                                 "redis://"])
def test_a_store_url_it_cannot_open_is_refused(bad):
    with pytest.raises(BadStoreURL, match=r"sqlite:///path/to/file\.db") as info:
        open_store(bad)
    assert isinstance(info.value, ValueError)


def test_the_url_may_come_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDKIT_STORE", f"sqlite:///{tmp_path}/env.db")
    with open_store() as s:
        assert s.path == Path(f"{tmp_path}/env.db")
    monkeypatch.chdir(tmp_path)
    with open_store("sqlite:///sub/rel.db") as s:          # relative to the working folder
        assert s.path.resolve() == tmp_path / "sub" / "rel.db"


def test_a_refusal_speaks_the_students_language(store):
    _code, ada, _blaise = two_classmates(store)
    store.apply(ada, 0, "stand")
    for lang in ("pa", "kn"):
        with language(lang), pytest.raises(StaleVersion) as info:
            store.apply(ada, 0, "stand")
        assert "moved on" not in str(info.value) and str(info.value).strip()
        with language(lang), pytest.raises(StillHere) as info:
            store.take_over(ada, 1, "easy", away_after=30)
        assert "still at the table" not in str(info.value) and str(info.value).strip()


def test_the_docstrings_examples_run():
    for module in (store_module, store_base):
        assert doctest.testmod(module).failed == 0


def test_no_process_is_left_behind():
    # the fork-based race test's children have all ended
    assert not multiprocessing.active_children()
    assert os.getpid() > 0

"""Play classmates at Switch and War (issue 20 point 2), headless: several tables on one store,
as the kernels of one server are. Ada makes a table with seats for classmates and computers,
the others join with its code; every move goes through the store, each page sees only its own
seat, and the kernel of the first person here (the host) plays the computers.

As in ``test_ecarte_classmates.py``, no event loop runs: ``mate_sync()`` is one step of the
watcher, made by hand."""
import json
import random
import re

import pytest

from cardkit_serving.store import open_store
from cardkit_tables import EcarteTable, SwitchTable, WarTable
from cardkit_tables.classmate import GIVE_UP_AFTER
from widget_helpers import StoredPage as Page


@pytest.fixture(params=["sqlite", "redis"])
def store(request, tmp_path, clock):
    """Each test on both backends, on a clock the test moves."""
    url = f"sqlite:///{tmp_path}/t.db" if request.param == "sqlite" else request.getfixturevalue("redis_url")
    with open_store(url, clock=clock) as s:
        yield s


def switch_kernel(store, players=4):
    table = SwitchTable(store=store, classmates=True, delay=0, players=players)
    return table, Page(table)


def sync(tables, rounds=3):
    """Every kernel reads the store (the host's computers move as they read it)."""
    for _r in range(rounds):
        for t in tables:
            t.mate_sync()


def moves_of(text) -> list:
    return json.loads(text if isinstance(text, str) else text.to_json())["actions"]


def cards_in(part) -> set[str]:
    return set(re.findall(r'"code": "([^"]+)"', json.dumps(part)))


def switch_trio(store):
    """Ada's Switch table of 4 (Ben and Cleo classmates, one computer), everyone seated."""
    ada, ada_page = switch_kernel(store)
    seats = ada.view["classmate"]["seats"]
    assert [c["label"] for c in seats] == ["3 classmates", "2 classmates + 1 computer",
                                           "1 classmate + 2 computers"]
    ada.send_from_page({"do": "classmate", "name": "Ada", "classmates": 2})
    code = ada.view["classmate"]["code"]
    assert ada.view["what_now"]["prompt"] == (f"Your table's code is {code}. Give your classmates the "
                                              "link or the code: the game starts when 2 more sit down.")
    ben, ben_page = switch_kernel(store, players=2)        # a joiner's own settings do not matter
    cleo, cleo_page = switch_kernel(store)
    ben.send_from_page({"do": "join", "code": code, "name": "Ben"})
    assert ben.view["classmate"]["stage"] == "waiting"      # Cleo is still to come
    assert ben.view["what_now"]["prompt"] == "Wait until your classmate sits down at the table."
    ada.mate_sync()
    assert ada.view["what_now"]["note"] == "Ben sat down."
    assert ada.view["what_now"]["prompt"].endswith("Give your classmate the link or the code: "
                                                   "the game starts when they sit down.")
    cleo.send_from_page({"do": "join", "code": code, "name": "Cleo"})
    assert cleo.view["what_now"]["note"] == "You sat down at Ada's table."
    sync([ada, ben, cleo])
    return (ada, ada_page), (ben, ben_page), (cleo, cleo_page)


def test_switch_two_classmates_and_a_computer_play_a_whole_game(store):
    (ada, ada_page), (ben, _bp), (cleo, _cp) = switch_trio(store)
    tables = [ada, ben, cleo]
    view = store.table(ada_page.token)
    assert [(s.kind, s.taken) for s in view.seats] == [("person", True)] * 3 + [("computer", True)]
    assert set(view.settings["computers"]) == {"3"}
    assert [t.controller.seat for t in tables] == [0, 1, 2]
    assert list(ada.state.names) == ["you", "Ben", "Cleo", "Dev"]       # no computer is named Ben
    assert list(cleo.state.names) == ["Ada", "Ben", "you", "Dev"]
    assert ada.view["classmate"]["who"] == "You are playing Ben and Cleo."
    assert ada.controller.computers == (3,) and ben.controller.computers == cleo.controller.computers == ()
    assert [(o["name"], o["extra"]) for o in cleo.view["opponents"]] == [("Dev", "computer"), ("Ada", ""),
                                                                         ("Ben", "")]
    rng = random.Random(3)
    moves = 0
    while not ada.state.is_over and moves < 800:
        turn = ada.state.current_player
        assert turn != 3                            # the host played the computer at once
        t = tables[turn]
        for page in tables:                        # no page ever shows another seat's hand
            me = page.controller.seat
            assert not cards_in(page.view["opponents"])
            assert cards_in(page.view["hand"]) == {c.code for c in page.state.hands[me]}
        legal = t.state.observation(turn).legal_actions
        plays = [a for a in legal if a.kind in ("play", "choose")]
        assert t.act(rng.choice(plays or legal)), t.refusals[-1:]
        sync(tables)
        moves += 1
        stored = moves_of(store.table(ada_page.token).state_json)
        assert moves_of(ada.state) == moves_of(ben.state) == moves_of(cleo.state) == stored
    assert ada.state.is_over and moves > 10
    played = {e.player for e in ada.state.observation(0).events if e.kind == "play"}
    assert 3 in played                              # the computer played too
    assert all(not t.errors for t in tables)


def test_beginner_mode_shows_no_classmate_s_cards(store):
    """Beginner mode turns every hand and the stock face up: on a table alone, never at a
    classmate table (not offered, and a page that asks anyway sees nothing more)."""
    alone, _page = switch_kernel(store)
    alone.send_from_page({"do": "pref", "name": "beginner", "value": True})
    assert cards_in(alone.view["opponents"]) and alone.view["stock"]["faces"]
    (ada, _ap), (ben, _bp), (cleo, _cp) = switch_trio(store)
    for t in (ada, ben, cleo):
        assert "beginner" not in [x["name"] for x in t.view["toggles"]] and t.view["settings"] == []
        t.send_from_page({"do": "pref", "name": "beginner", "value": True})
        assert not cards_in(t.view["opponents"]) and t.view["stock"]["faces"] == []
        assert cards_in(t.view["hand"]) == {c.code for c in t.state.hands[t.controller.seat]}


def test_two_classmates_with_one_name_are_told_apart(store):
    """A class has two Zoës: the second to sit down gets their seat's number after the name, so
    that every sentence names one person."""
    ada, ada_page = switch_kernel(store)
    ada.send_from_page({"do": "classmate", "name": "Zoë", "classmates": 2})
    code = ada.view["classmate"]["code"]
    ben, _bp = switch_kernel(store)
    cleo, _cp = switch_kernel(store)
    ben.send_from_page({"do": "join", "code": code, "name": "Ben"})
    cleo.send_from_page({"do": "join", "code": code, "name": "zoë"})
    sync([ada, ben, cleo])
    assert store.table(ada_page.token).settings["names"] == {"0": "Zoë", "1": "Ben", "2": "zoë 3"}
    assert ben.view["classmate"]["who"] == "You are playing Zoë and zoë 3."
    assert cleo.view["classmate"]["who"] == "You are playing Zoë and Ben."
    assert list(ben.state.names)[:3] == ["Zoë", "you", "zoë 3"]


def test_the_host_is_the_first_person_here(store, clock):
    (ada, _ap), (ben, _bp), (cleo, _cp) = switch_trio(store)
    clock.now += 11                                 # Ada's page closed: only Ben and Cleo ping
    for t in (ben, cleo):
        t.send_from_page({"do": "ping", "n": 1})
        t._mate.touched = -1e9
    sync([ben, cleo, ada])
    assert ada.controller.computers == () and ben.controller.computers == (3,)
    assert cleo.view["classmate"]["who"] == "Ada is away."


def test_a_gone_classmate_s_seat_goes_to_the_computer_and_the_others_play_on(store, clock):
    (ada, ada_page), (ben, _bp), (_cleo, cleo_page) = switch_trio(store)
    clock.now += GIVE_UP_AFTER + 1                  # Cleo is gone; Ada and Ben are here
    for t in (ada, ben):
        t.send_from_page({"do": "ping", "n": 1})
        t._mate.touched = -1e9
    sync([ada, ben])
    assert ben.view["classmate"]["finish"] is True
    assert ben.view["what_now"]["note"] == ("Cleo has been away for 2 minutes. Wait for them, or "
                                            "finish the game against the computer.")
    ben.send_from_page({"do": "finish"})
    assert ben.view["what_now"]["note"] == "The computer plays for Cleo now. Your match goes on."
    sync([ada, ben])
    view = store.table(ada_page.token)
    assert [s.kind for s in view.seats] == ["person", "person", "computer", "computer"]
    assert ada.controller.computers == (2, 3) and ben._mate is not None
    with pytest.raises(store.Error):
        store.table(cleo_page.token)                # Cleo's old token opens nothing now
    rng, moves = random.Random(5), 0
    while not ada.state.is_over and moves < 300:    # Ada and Ben play on; the host plays 2 and 3
        turn = ada.state.current_player
        assert turn in (0, 1)
        t = ada if turn == 0 else ben
        legal = t.state.observation(turn).legal_actions
        plays = [a for a in legal if a.kind in ("play", "choose")]
        assert t.act(rng.choice(plays or legal)), t.refusals[-1:]
        sync([ada, ben])
        moves += 1
        assert moves_of(ada.state) == moves_of(ben.state) == moves_of(store.table(ada_page.token).state_json)
    assert ada.state.is_over and not ada.errors and not ben.errors


def test_a_code_of_another_game_sits_nobody_down(store):
    ada, ada_page = switch_kernel(store)
    ada.send_from_page({"do": "classmate", "name": "Ada", "classmates": 1})
    code = ada.view["classmate"]["code"]
    ecarte = EcarteTable(store=store, classmates=True, delay=0)
    ecarte.send_from_page({"do": "join", "code": code, "name": "Ben"})
    assert ecarte.refusals[-1] == ("This code is for a table of another game. Open that game's "
                                   "page, then type the code there.")
    assert ecarte._mate is None
    assert [s.taken for s in store.table(ada_page.token).seats] == [True, False, True, True]


def test_a_bad_choice_of_seats_is_kept_in_range(store):
    for sent, kinds in ((0, ["person", "person", "computer"]), (9, ["person"] * 3),
                        ("2", ["person"] * 3), (True, ["person"] * 3)):
        table, page = switch_kernel(store, players=3)
        table.send_from_page({"do": "classmate", "name": "Ada", "classmates": sent})
        assert [s.kind for s in store.table(page.token).seats] == kinds
        assert not table.errors


def war_kernel(store, variant="classic"):
    table = WarTable(store=store, classmates=True, delay=0)
    table.send_from_page({"do": "set", "name": "variant", "value": variant})
    return table, Page(table)


def test_war_two_classmates_flip_in_turn_through_the_store(store):
    ada, ada_page = war_kernel(store)
    assert ada.view["classmate"]["seats"] == []     # two seats: one classmate
    ada.send_from_page({"do": "classmate", "name": "Ada"})
    ben, _bp = war_kernel(store)
    ben.send_from_page({"do": "join", "code": ada.view["classmate"]["code"], "name": "Ben"})
    sync([ada, ben])
    assert list(ada.state.names) == list(ben.state.names) == ["Ada", "Ben"]
    assert ada.view["classmate"]["who"] == "You are playing Ben."
    for k in range(30):                             # whoever presses Flip flips for both
        t = (ada, ben)[k % 2]
        assert t.flip(), t.refusals[-1:]
        sync([ada, ben])
        assert moves_of(ada.state) == moves_of(ben.state) == moves_of(store.table(ada_page.token).state_json)
    assert len(moves_of(ada.state)) == 30 and not ada.errors and not ben.errors


def test_war_of_three_with_a_classmate_and_a_computer(store):
    ada, ada_page = war_kernel(store, "three_player")
    assert [c["label"] for c in ada.view["classmate"]["seats"]] == ["2 classmates", "1 classmate + 1 computer"]
    ada.send_from_page({"do": "classmate", "name": "Ada", "classmates": 1})
    ben, _bp = war_kernel(store)
    ben.send_from_page({"do": "join", "code": ada.view["classmate"]["code"], "name": "Ben"})
    sync([ada, ben])
    assert list(ben.state.names) == ["Ada", "Ben", "Computer"]       # a computer, named so
    for k in range(20):
        if ada.state.is_over:
            break
        t = (ada, ben)[k % 2]
        assert t.flip(), t.refusals[-1:]
        sync([ada, ben])
    assert moves_of(ada.state) == moves_of(ben.state) == moves_of(store.table(ada_page.token).state_json)


def test_slap_war_is_played_against_the_computer_only(store):
    ada, page = war_kernel(store, "slap")
    ada.send_from_page({"do": "classmate", "name": "Ada"})
    assert ada.refusals[-1] == ("Slap war is played against the computer only: choose another "
                                "variant in Settings to play a classmate.")
    assert ada._mate is None and page.token is None


def test_new_game_leaves_the_table_for_a_game_of_one_s_own_at_one_s_own_seat(store, clock):
    (ada, ada_page), (ben, _bp), (cleo, _cp) = switch_trio(store)
    ben.send_from_page({"do": "new_game"})          # Ben's own table is a game of 2
    ben.send_from_page({"do": "answer", "yes": True})
    assert ben._mate is None and ben.controller.seat == 0 and ben.controller.computers == (1,)
    assert ben.view["classmate"]["stage"] == "offer" and not ben.errors
    assert len(ben.state.observation(0).names) == 2
    assert store.table(ada_page.token).settings["left"] == [1]
    sync([ada, cleo])
    assert ada.view["classmate"]["finish"] is True and cleo.view["classmate"]["finish"] is True
    assert ada.view["what_now"]["note"] == ("Ben left the table. Finish the game against the "
                                            "computer, or press New game.")
    clock.now += 1
    cleo.send_from_page({"do": "finish"})           # at once: Ben said he left
    assert cleo.view["what_now"]["note"] == "The computer plays for Ben now. Your match goes on."
    assert [s.kind for s in store.table(ada_page.token).seats] == ["person", "computer", "person", "computer"]
    sync([ada, cleo])
    assert ada.controller.computers == (1, 3) and not ada.errors and not cleo.errors


def test_play_to_the_end_waits_for_the_classmate_too(store):
    ada, page = war_kernel(store)
    ada.send_from_page({"do": "classmate", "name": "Ada"})
    ada.play_to_end()
    assert ada.refusals[-1] == "Wait until your classmate sits down at the table."
    assert store.table(page.token).version == 0 and not ada.auto


def test_leave_this_table_while_waiting_asks_nothing(store):
    ada, page = switch_kernel(store)
    ada.send_from_page({"do": "classmate", "name": "Ada", "classmates": 1})
    token = page.token
    assert ada.view["classmate"]["labels"]["leave"] == "Leave this table"
    ada.send_from_page({"do": "new_game"})          # the page's "Leave this table"
    assert ada._mate is None and not ada.view["confirm"] and ada.view["classmate"]["stage"] == "offer"
    assert store.table(token).settings["left"] == [0] and page.token is None and not ada.errors


def test_finishing_against_the_computer_keeps_every_seat_s_name_and_the_log(store, clock):
    ada, _ada_page = switch_kernel(store, players=3)
    ada.send_from_page({"do": "classmate", "name": "Ada", "classmates": 1})     # + 1 computer
    ben, _bp = switch_kernel(store, players=3)
    ben.send_from_page({"do": "join", "code": ada.view["classmate"]["code"], "name": "Ben"})
    sync([ada, ben])
    assert ada.view["subtitle"] == "at a table with classmates"
    assert ada.view["badges"] == ["computer: easy", "You are playing Ben."]
    rng = random.Random(1)
    for _i in range(6):
        turn = ada.state.current_player
        t = ada if turn == 0 else ben
        legal = t.state.observation(turn).legal_actions
        assert t.act(rng.choice([a for a in legal if a.kind in ("play", "choose")] or legal))
        sync([ada, ben])
    names, log = list(ada.state.names), [e.explain() for e in ada.state.observation(0).events]
    assert names == ["you", "Ben", "Cleo"]          # Cleo: the computer, no classmate's name
    ben.send_from_page({"do": "new_game"})
    ben.send_from_page({"do": "answer", "yes": True})
    clock.now += 1
    sync([ada])
    assert ada.view["classmate"]["finish"] is True
    ada.send_from_page({"do": "finish"})
    assert ada._mate is None and ada.controller.computers == (1, 2)
    assert list(ada.state.names) == names           # Ben's seat is still Ben's: the computer plays it
    assert [e.explain() for e in ada.state.observation(0).events][:len(log)] == log
    assert ada.view["what_now"]["note"] == "The computer plays for Ben now. Your match goes on."
    assert not ada.errors


def test_a_two_seat_switch_table_of_classmates_claims_no_computer(store):
    ada, _ap = switch_kernel(store, players=2)
    ada.send_from_page({"do": "classmate", "name": "Ada"})
    ben, _bp = switch_kernel(store, players=2)
    ben.send_from_page({"do": "join", "code": ada.view["classmate"]["code"], "name": "Ben"})
    sync([ada, ben])
    for t in (ada, ben):
        assert t.view["subtitle"] == "at a table with classmates"
        assert not [b for b in t.view["badges"] if "computer" in b]


def test_who_you_play_leaves_out_who_left(store):
    (ada, _ap), (ben, _bp), (_cleo, _cp) = switch_trio(store)
    ben.send_from_page({"do": "new_game"})
    ben.send_from_page({"do": "answer", "yes": True})
    sync([ada])
    assert ada.view["classmate"]["who"] == "You are playing Cleo."
    assert ada.view["what_now"]["note"].startswith("Ben left the table.")


def test_playing_to_the_end_goes_on_after_a_classmate_s_flip(store, monkeypatch):
    ada, _ap = war_kernel(store)
    ada.send_from_page({"do": "classmate", "name": "Ada"})
    ben, _bp = war_kernel(store)
    ben.send_from_page({"do": "join", "code": ada.view["classmate"]["code"], "name": "Ben"})
    sync([ada, ben])
    later = []
    monkeypatch.setattr(ada.controller, "later", lambda seconds, fn: later.append(fn) or True)
    ada.auto = True                                 # Ada's page plays to the end (timers on)
    assert ben.flip()
    ada.mate_sync()                                 # Ben's Flip lands on Ada's table
    assert later == [ada._auto_step] and len(moves_of(ada.state)) == 1
    later.pop()()           # the next step (headless, it plays on to the end at once)
    assert ada.state.is_over and moves_of(store.table(_ap.token).state_json) == moves_of(ada.state)


def test_a_settings_write_another_kernel_wrote_over_is_written_again(store):
    (ada, ada_page), (ben, _bp), (cleo, _cp) = switch_trio(store)
    real, clobbered = store.save_settings, []

    def racing(token, settings):                    # another kernel writes the old settings
        old = dict(store.table(token).settings)     # back just after the first write
        real(token, settings)
        if not clobbered:
            clobbered.append(True)
            real(token, old)

    store.save_settings = racing
    try:
        ben.send_from_page({"do": "new_game"})
        ben.send_from_page({"do": "answer", "yes": True})
    finally:
        store.save_settings = real
    assert clobbered and store.table(ada_page.token).settings["left"] == [1]    # written again
    store.save_settings(ada_page.token, {**store.table(ada_page.token).settings,
                                         "names": {"0": "Ada", "1": "Ben"}})    # Cleo's name lost
    cleo.mate_sync()                                # her kernel puts it back
    assert store.table(ada_page.token).settings["names"] == {"0": "Ada", "1": "Ben", "2": "Cleo"}
    assert not ada.errors and not ben.errors and not cleo.errors

"""Play a classmate (issue 20 point 2), headless: two Écarté tables on one store, as two
kernels of one server are. Ada makes a table, Ben joins with its code, and they play; each table
shows only its own seat; moves go through the store; a stale page is refused and changes
nothing; away, back, and finish against the computer; resume of a classmate match.

The tables here have no running event loop, so the watcher does not run: ``mate_sync()`` is the
one step of it a test makes by hand (the browser test runs the real watcher)."""
import json
import re

import pytest

from cardkit_serving.store import open_store
from widget_helpers import StoredPage as Page
from cardkit_tables import EcarteTable
from cardkit_tables.classmate import AWAY_AFTER, GIVE_UP_AFTER, clean_name


@pytest.fixture(params=["sqlite", "redis"])
def store(request, tmp_path, clock):
    """Each test on both backends, on a clock the test moves."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path}/tables.db"
    else:
        url = request.getfixturevalue("redis_url")
    with open_store(url, clock=clock) as s:
        yield s


def kernel(store):
    table = EcarteTable(store=store, classmates=True, delay=0)
    return table, Page(table)


def seated(store):
    """Ada's table (made) and Ben's (joined), both up to date."""
    ada, ada_page = kernel(store)
    ben, ben_page = kernel(store)
    ada.send_from_page({"do": "classmate", "name": "Ada"})
    code = ada.view["classmate"]["code"]
    ben.send_from_page({"do": "join", "code": code.lower(), "name": " Ben\n"})
    ada.mate_sync()
    return ada, ada_page, ben, ben_page


def mover(ada, ben):
    """The table whose turn it is (pressing Next hand on both first)."""
    for t in (ada, ben):
        if t.pause is not None:
            assert t.act("next hand")
    return ada if ada.state.current_player == ada.controller.seat else ben


def play(ada, ben, moves):
    for _i in range(moves):
        if ada.state.is_over:
            return
        t = mover(ada, ben)
        assert t.act(t.state.observation(t.controller.seat).legal_actions[0]), t.refusals[-1:]
        (ben if t is ada else ada).mate_sync()


def moves_of(state_or_json) -> list:
    """The moves of a match (its deal and names aside: each table names the seats its way)."""
    text = state_or_json if isinstance(state_or_json, str) else state_or_json.to_json()
    return json.loads(text)["actions"]


def cards_in(view) -> set[str]:
    return set(re.findall(r'"code": "([^"]+)"', json.dumps(view)))


def test_a_made_table_waits_for_the_classmate(store):
    ada, page = kernel(store)
    assert ada.view["classmate"]["stage"] == "offer"
    ada.send_from_page({"do": "classmate", "name": "Ada"})
    m = ada.view["classmate"]
    assert m["stage"] == "waiting" and re.fullmatch(r"[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}", m["code"])
    assert page.token.startswith(m["code"].replace("-", "") + ".")
    assert ada.view["mode"] == "wait" and ada.view["actions"] == []
    assert not any(c["playable"] for c in ada.view["hand"])
    assert ada.view["what_now"]["prompt"] == (
        f"Your table's code is {m['code']}. Give your classmate the link or the code: the game "
        "starts when they sit down.")
    obs = ada.state.observation(0)
    assert not ada.act(obs.legal_actions[0]) if obs.current_player == 0 else True
    view = store.table(page.token)
    assert view.version == 0 and view.settings == {"mode": "classmate", "names": {"0": "Ada"}}
    assert [s.taken for s in view.seats] == [True, False]


def test_two_classmates_play_a_whole_match_each_seeing_only_their_seat(store):
    ada, ada_page, ben, ben_page = seated(store)
    assert ben.controller.seat == 1 and ada.controller.seat == 0
    assert ben.view["classmate"]["who"] == "You are playing Ada."
    assert ada.view["classmate"]["who"] == "You are playing Ben."
    assert ada.view["what_now"]["note"] == "Ben sat down. You are playing Ben."
    assert ben.view["what_now"]["note"] == "You sat down at Ada's table."
    assert store.table(ben_page.token).settings["names"] == {"0": "Ada", "1": "Ben"}
    waiting = ada if ada.state.current_player == 1 else ben
    assert waiting.view["what_now"]["prompt"] == ("Waiting for Ben." if waiting is ada else "Waiting for Ada.")
    moves = 0
    while not ada.state.is_over and moves < 400:
        t = mover(ada, ben)
        other = ben if t is ada else ada
        # neither page's view ever holds a card of the other's hand
        for page, them in ((ada, 1), (ben, 0)):
            hidden = {c.code for c in page.state.hands[them]}
            assert not cards_in(page.view) & hidden
        assert t.act(t.state.observation(t.controller.seat).legal_actions[0]), t.refusals[-1:]
        other.mate_sync()
        moves += 1
        # both kernels hold the store's position
        assert moves_of(ada.state) == moves_of(ben.state) == moves_of(store.table(ada_page.token).state_json)
    assert ada.state.is_over and ben.state.is_over and moves > 20
    later, page = kernel(store)                     # a finished classmate match is not resumed:
    page.token = ben_page.token                     # the page is given its own deal's token
    later.send_from_page({"do": "resume", "token": ben_page.token})
    assert page.token != ben_page.token and later._mate is None and later.controller.message is None
    assert store.table(page.token).settings.get("mode") != "classmate"
    assert store.table(ada_page.token).version == len(json.loads(ada.state.to_json())["actions"])
    ada_says, ben_says = ada.view["what_now"]["prompt"], ben.view["what_now"]["prompt"]
    assert ("You win the game" in ada_says) != ("You win the game" in ben_says)
    assert re.search(r"(Ada|Ben) wins the game \d–\d\.", ada_says + ben_says)
    assert not ada.errors and not ben.errors


def test_a_second_tab_takes_the_seat_and_the_first_changes_nothing(store):
    """Ben's reload in a second tab (or his token copied into another browser): the seat goes
    to the new page (issue 31: one live page per seat). His first page's move is refused with
    the sentence that says so, nothing lands in the store, and the new page plays on."""
    from cardkit_tables.resume import ELSEWHERE
    ada, ada_page, ben, ben_page = seated(store)
    play(ada, ben, 3)
    while ben.state.current_player != 1 or ben.pause is not None:    # (the deal is random)
        assert not ada.state.is_over
        play(ada, ben, 1)
    assert not ben.state.is_over
    tab2, _page = kernel(store)
    tab2.send_from_page({"do": "resume", "token": ben_page.token})
    assert tab2.controller.seat == 1 and moves_of(tab2.state) == moves_of(ben.state)
    legal = ben.state.observation(1).legal_actions
    before = store.table(ada_page.token)
    assert not ben.act(legal[0]) and ben.refusals[-1] == ELSEWHERE
    after = store.table(ada_page.token)
    assert (after.version, after.state_json) == (before.version, before.state_json)
    assert tab2.act(legal[0]) and store.table(ada_page.token).version == before.version + 1


def test_a_classmate_table_keeps_the_rules_it_was_made_with(store):
    """No ⚙ chooser of the game at a classmate table, and a setting sent anyway is refused: a
    re-deal before the first move (as a table alone does) would have left the table without a
    word, and a pending setting could only start with New game, which leaves it."""
    ada, ada_page = kernel(store)
    assert [s["name"] for s in ada.view["settings"]] == ["rules", "target", "level"]
    ada.send_from_page({"do": "classmate", "name": "Ada"})
    ben, _ben_page = kernel(store)
    ben.send_from_page({"do": "join", "code": ada.view["classmate"]["code"], "name": "Ben"})
    ada.mate_sync()
    before = store.table(ada_page.token)
    for t, name, value in ((ada, "target", 7), (ben, "rules", "classic"), (ada, "level", "hard")):
        t.send_from_page({"do": "set", "name": name, "value": value})
        assert t.view["what_now"]["note"] == "That setting is not offered on this table."
        assert t.view["settings"] == [] and t.view["pending_note"] == "" and t.controller.pending == {}
        assert t.view["classmate"]["stage"] == "playing" and t.controller.moves == 0
    after = store.table(ada_page.token)
    assert (after.version, after.state_json) == (before.version, before.state_json)
    play(ada, ben, 6)
    assert len(moves_of(ada.state)) == 6 and moves_of(ada.state) == moves_of(ben.state)
    assert not ada.errors and not ben.errors


def test_wrong_codes_names_and_messages(store):
    ada, _p = kernel(store)
    ada.send_from_page({"do": "classmate", "name": "Ada"})
    code = ada.view["classmate"]["code"].replace("-", "")
    ben, ben_page = kernel(store)
    for bad in ("", "ABCDEFGH", code[:-1], 12, None, ["x"], "x" * 500):
        ben.send_from_page({"do": "join", "code": bad, "name": "Ben"})
        assert ben.refusals[-1] == ("No table has this code. Check the code with your classmate "
                                    "and type it again.")
        assert ben.view["classmate"]["stage"] == "offer" and ben_page.token is None
        assert ben.view["classmate"]["error"] == ben.refusals[-1]         # shown in the form too
    for nameless in ({"html": "<b>"}, "", " \u200b\n", None):     # a name first: refused, no seat
        ben.send_from_page({"do": "join", "code": code, "name": nameless})
        assert ben.refusals[-1] == "Type your name first: the others at the table see it."
        assert ben.view["classmate"]["error"] == ben.refusals[-1] and ben_page.token is None
    ben.send_from_page({"do": "join", "code": f" {code[:4].lower()} - {code[4:]} ", "name": "<b>Ben"})
    assert ben.view["classmate"]["stage"] == "playing"
    assert store.table(ben_page.token).settings["names"] == {"0": "Ada", "1": "<b>Ben"}
    ada.mate_sync()
    assert ada.view["classmate"]["who"] == "You are playing <b>Ben."             # text, never HTML
    third, _p3 = kernel(store)
    third.send_from_page({"do": "join", "code": code, "name": "Cy"})
    assert third.refusals[-1] == "This table has no free seat: somebody already sat down there."
    for junk in ({"do": "finish", "x": 1}, {"do": "classmate", "name": 5}, {"do": "join"}):
        third.send_from_page(junk)
    assert not ada.errors and not ben.errors and not third.errors
    assert clean_name("<b>Ada</b>\u200b\u202e") == "<b>Ada</b>"      # kept as text, drawn as text


def test_a_page_makes_one_table_at_a_time_and_five_a_minute_at_most(store):
    ada, page = kernel(store)
    ada.send_from_page({"do": "classmate", "name": "Ada"})
    first = page.token
    ada.send_from_page({"do": "classmate", "name": "Ada"})      # already at a table: ignored
    assert page.token == first
    for _i in range(4):                                          # New game, then another table
        ada.send_from_page({"do": "new_game"})
        ada.send_from_page({"do": "answer", "yes": True})
        ada.send_from_page({"do": "classmate", "name": "Ada"})
        assert page.token != first and ada.view["classmate"]["stage"] == "waiting"
        first = page.token
    ada.send_from_page({"do": "new_game"})
    ada.send_from_page({"do": "answer", "yes": True})
    ada.send_from_page({"do": "classmate", "name": "Ada"})      # the sixth in a minute
    assert ada.refusals[-1] == "You made 5 tables in a minute. Wait a minute, then make one again."
    assert ada.view["classmate"]["stage"] == "offer" and not ada.errors


def test_too_many_wrong_codes_from_one_kernel(store):
    ben, _p = kernel(store)
    for _i in range(10):
        ben.send_from_page({"do": "join", "code": "ZZZZZZZZ", "name": "Ben"})
    ben.send_from_page({"do": "join", "code": "ZZZZZZZZ", "name": "Ben"})
    assert ben.refusals[-1] == ("Too many wrong table codes were typed from your computer. Wait "
                                "a minute, then try again.")


def test_away_back_and_finish_against_the_computer(store, clock):
    ada, ada_page, ben, ben_page = seated(store)
    play(ada, ben, 2)
    assert ada.view["classmate"]["away"] is False
    clock.now += AWAY_AFTER + 1                     # Ben's page closed: his seat is not touched
    ada._page_seen = 0.0
    ada.send_from_page({"do": "ping", "n": 1})      # Ada's page is open: her seat is touched
    ada.controller.message = None
    ada.mate_sync()
    assert ada.view["classmate"]["away"] is True and ada.view["classmate"]["who"] == "Ben is away."
    assert ada.view["what_now"]["note"] == "Ben is away."
    ada.send_from_page({"do": "finish"})            # too soon: refused, nothing changes
    assert ada.refusals[-1].startswith("Your classmate is still here, or was here less than 2")
    assert ada._mate is not None
    ben.send_from_page({"do": "ping", "n": 1})      # Ben is back
    ben._mate.touched = -1e9
    ben.mate_sync()
    ada.mate_sync()
    assert ada.view["classmate"]["who"] == "You are playing Ben."
    assert ada.view["what_now"]["note"] == "Ben is back."
    clock.now += GIVE_UP_AFTER + 1                  # Ben is gone for good
    ada.mate_sync()
    assert ada.view["classmate"]["finish"] is True
    assert ada.view["what_now"]["note"] == ("Ben has been away for 2 minutes. Wait for them, or "
                                            "finish the game against the computer.")
    position, old = ada.state.to_json(), ada_page.token
    ada.send_from_page({"do": "finish"})
    assert ada._mate is None and ada.controller.computers == (1,)
    assert ada.view["what_now"]["note"] == "The computer plays for Ben now. Your match goes on."
    assert json.loads(ada.state.to_json())["actions"][:len(json.loads(position)["actions"])] == \
        json.loads(position)["actions"]
    assert ada.view["them"]["name"] == "Ben" and ada.view["classmate"]["stage"] == "offer"   # (his name stays)
    assert store.table(old).settings["ended"] is True
    # Ada plays on against the computer; her match is kept under a new token of its own
    for _i in range(3):
        if ada.pause is not None:
            ada.act("next hand")
        obs = ada.state.observation(0)
        if obs.is_over:
            break
        assert ada.act(obs.legal_actions[0])
    assert ada_page.token != old and store.table(ada_page.token).settings.get("mode") != "classmate"
    again, _p = kernel(store)
    again.send_from_page({"do": "resume", "token": ada_page.token})
    assert again.state.to_json() == ada.state.to_json()
    # Ben comes back later: told the match was finished, his page forgets the token
    late, late_page = kernel(store)
    late_page.token = ben_page.token
    late.send_from_page({"do": "resume", "token": ben_page.token})
    assert late.view["what_now"]["note"] == ("Ada finished this match against the computer. "
                                             "Press New game to play again.")
    assert late_page.token is None and late._mate is None
    assert not ada.errors and not late.errors


def test_a_classmate_match_resumes_on_a_new_kernel(store):
    ada, _ada_page, ben, ben_page = seated(store)
    play(ada, ben, 7)
    fresh, page = kernel(store)
    fresh.send_from_page({"do": "resume", "token": ben_page.token})
    assert fresh.controller.seat == 1 and fresh.state.to_json() == ben.state.to_json()     # named alike
    obs = fresh.state.observation(1)
    assert fresh.view["what_now"]["note"] == (
        f"Welcome back: hand {obs.hand_number}, you {obs.scores[1]}, Ada {obs.scores[0]}")
    assert fresh.view["classmate"]["who"] == "You are playing Ada."
    assert page.token == ben_page.token
    play(ada, fresh, 5)                              # and the match plays on with Ada
    assert moves_of(ada.state) == moves_of(fresh.state)


def test_new_game_leaves_the_classmate_table_and_ben_may_finish_at_once(store, clock):
    ada, ada_page, ben, _bp = seated(store)
    play(ada, ben, 2)
    ada.send_from_page({"do": "new_game"})
    assert ada.view["confirm"] and ada.view["labels"]["confirm"] == (
        "Really leave this table? Your game with Ben ends, and you play the computer.")
    assert ada.view["labels"]["yes"] == "Yes, leave the table"          # not "Yes, start again"
    ada.send_from_page({"do": "answer", "yes": True})
    assert ada._mate is None and ada.view["classmate"]["stage"] == "offer"
    assert ada.controller.computers == (1,) and ada_page.token is None
    assert ada.view["them"]["name"] == "Computer"
    ben.mate_sync()                                  # no 2 minutes' wait: Ada said she left
    assert ben.view["classmate"]["finish"] is True
    left = "Ada left the table. Finish the game against the computer, or press New game."
    for _i in range(2):                              # and still once her seat is away: left, not away
        said = ben.view["what_now"]
        assert said["note"] == left and ben.view["classmate"]["who"] == "Ada left the table."
        if ben.state.observation(1).current_player == 0:
            assert said["prompt"] == "" and said["text"] == left        # not "Waiting for Ada."
        else:
            assert said["prompt"] and said["text"] == left + " " + said["prompt"]
        clock.now += 11
        ben.send_from_page({"do": "ping", "n": 1})
        ben._mate.touched = -1e9
        ben.mate_sync()
    ben.send_from_page({"do": "finish"})
    assert ben._mate is None and ben.controller.computers == (0,) and not ben.errors


def test_tables_without_classmates_offer_nothing(store):
    plain = EcarteTable(store=store, delay=0)
    assert plain.view["classmate"] is None
    plain.send_from_page({"do": "classmate", "name": "Ada"})
    plain.send_from_page({"do": "join", "code": "ABCDEFGH", "name": "Ada"})
    assert plain._mate is None and not plain.errors
    assert EcarteTable(delay=0, classmates=True).view["classmate"] is None      # no store


def test_making_or_joining_a_table_mid_game_asks_first(store):
    """A game against the computer in which the person has moved ends when its page makes or
    joins a classmate table: the page asks first, as New game does, and No keeps the game as it
    was (a page whose only moves were the computer's asks nothing)."""
    ada, ada_page = kernel(store)
    obs = ada.state.observation(0)
    assert obs.current_player == 0                  # (delay 0: the computer has moved)
    assert ada.act(obs.legal_actions[0])
    game, token = moves_of(ada.state), ada_page.token
    ada.send_from_page({"do": "classmate", "name": "Ada"})
    assert ada.view["confirm"] and ada.view["labels"]["confirm"] == "Really start again? This game is not finished."
    assert ada._mate is None and moves_of(ada.state) == game
    ada.send_from_page({"do": "answer", "yes": False})
    assert not ada.view["confirm"] and ada._mate is None and moves_of(ada.state) == game
    assert ada_page.token == token and store.table(token).version == len(game)
    ada.send_from_page({"do": "classmate", "name": "Ada"})
    ada.send_from_page({"do": "ping", "n": 1})      # the page pings while the question is shown
    ada.send_from_page({"do": "answer", "yes": True})
    assert not ada.view["confirm"] and ada.view["classmate"]["stage"] == "waiting"
    code = ada.view["classmate"]["code"]
    ben, _bp = kernel(store)
    assert ben.act(ben.state.observation(0).legal_actions[0])
    ben.send_from_page({"do": "join", "code": code, "name": "Ben"})
    assert ben.view["confirm"] and ben._mate is None
    ben.send_from_page({"do": "answer", "yes": True})
    assert ben.view["classmate"]["stage"] == "playing" and not ada.errors and not ben.errors
    cleo, _cp = kernel(store)
    cleo.send_from_page({"do": "classmate", "name": "Cleo"})     # no move of hers: nothing to lose
    assert not cleo.view["confirm"] and cleo.view["classmate"]["stage"] == "waiting"

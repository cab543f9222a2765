"""Play a classmate (issue 20 point 2): two chromium pages, each in a browser context of its own
(two students' machines), on one Voilà whose kernels share a table store: Ada makes a table,
Ben opens her link and sits down, and they play a whole Écarté match against each other; then
Ben reloads mid-hand and sits back down at the same position. Once through SQLite, once through
Redis (a ``redis-server`` this module starts).

Every websocket frame each page receives is kept: no frame of Ada's page ever holds a card of
Ben's hand before he played it (checked at the first deal), nor a card Ben threw away in an
exchange (never shown to Ada), and the same the other way round."""
import os
import re
import time

import pytest

from cardkit_serving.launch import start_voila
from cardkit_serving.store import open_store
from redis_server import redis_server

from .conftest import LESSONS, START_TIMEOUT, WIDGET_TIMEOUT, App
from .tables import artefact, what_now
from .test_keyboard_a11y import AXE_JS, TAGS, load_axe

HAND = ".ck-hand-south .ck-cardbtn"
PLAYABLE = HAND + ":not([aria-disabled='true'])"
APP = "ecarte_app.ipynb"
MATCH_SECONDS = 300


@pytest.fixture(scope="module", params=["sqlite", "redis"])
def served(request, tmp_path_factory):
    """A Voilà on the lessons whose kernels use a store of this module's: ``(url, store URL)``."""
    work = tmp_path_factory.mktemp(f"classmates-{request.param}")
    with (redis_server(work) if request.param == "redis" else _nothing(f"sqlite:///{work}/t.db")) as url:
        server = start_voila(LESSONS, pool={APP: 0}, args=["--show_tracebacks=True"],
                             env={"CARDKIT_STORE": url}, timeout=START_TIMEOUT)
        try:
            yield server.url, url
        finally:
            server.stop()
            os.unlink(server.log_path)


class _nothing:
    def __init__(self, value):
        self.value = value

    def __enter__(self):
        return self.value

    def __exit__(self, *exc):
        return False


class Student(App):
    """A page of its own browser context, keeping every websocket frame it receives."""

    def __init__(self, browser, url: str, name: str):
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        page = context.new_page()
        page.set_default_timeout(30_000)
        super().__init__(page, name, url)
        self.frames: list[str] = []
        self.recording = False          # on from the classmate match's first frame
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        page.goto(url, wait_until="domcontentloaded", timeout=WIDGET_TIMEOUT * 1000)
        page.locator(HAND).first.wait_for(state="visible", timeout=WIDGET_TIMEOUT * 1000)

    def _frame(self, f) -> None:
        if self.recording:
            self.frames.append(f if isinstance(f, str) else f.decode("utf-8", "replace"))

    def mode(self) -> str:
        return self.page.locator(".ck-root").get_attribute("data-mode") or ""

    def shows(self, card: str) -> bool:
        """Whether any frame so far held the card ``card`` (its code, e.g. ``"QH"``)."""
        pattern = re.compile(r'"code":\s*"' + re.escape(card) + '"')
        return any(pattern.search(f) for f in self.frames)

    def reload_and_sit_back(self, welcome: str, playing: str) -> None:
        """Reload mid-match: a new kernel sits back down at this seat, saying ``welcome``, with
        the same hand, the badge still ``playing``."""
        quiet(self)
        before = self.locator(HAND).evaluate_all("els => els.map(e => e.dataset.key)")
        self.recording = False          # the new kernel's own fresh deal, before it sits back
        self.reload(wait_until="domcontentloaded")
        self.wait_for_function("(w) => (document.querySelector('.ck-whatnow') || {}).innerText"
                               "?.includes(w)", arg=welcome, timeout=60_000)
        self.recording = True
        quiet(self)
        assert self.locator(HAND).evaluate_all("els => els.map(e => e.dataset.key)") == before
        assert playing in self.locator(".ck-badge").all_inner_texts()

    def close(self) -> None:
        self.page.close(run_before_unload=True)
        self.page.context.close()


def axe_violations(app: Student) -> list[str]:
    """axe-core's WCAG 2 A/AA violations on the table (the form, the code and link included),
    but a card's name in words (label-content-name-mismatch on a card button, as
    ``test_keyboard_a11y`` explains)."""
    load_axe(app)
    return [f"{v['id']}: {n['target']}: {n['why']}"
            for v in app.evaluate(AXE_JS, [".ck-root", TAGS])["violations"] for n in v["nodes"]
            if not (v["id"] == "label-content-name-mismatch" and n["card"])]


def quiet(app: Student, ms: int = 600) -> None:
    """Wait until the table's position has not changed for ``ms`` (either page may be waiting
    for the other, so not :func:`tables.settle`, which waits for the person's turn)."""
    last, since, end = None, time.monotonic(), time.monotonic() + 30
    while time.monotonic() < end:
        now = app.locator(".ck-root").get_attribute("data-pos")
        if now != last:
            last, since = now, time.monotonic()
        elif (time.monotonic() - since) * 1000 >= ms:
            return
        time.sleep(0.05)
    raise AssertionError(f"{app.name}: the table never stood still")


def one_move(app: Student) -> None:
    """This page's move now: Next hand, an exchange decision, one card thrown away, or the
    first card it may play."""
    old = app.locator(".ck-root").get_attribute("data-pos")
    if app.mode() == "between":
        app.locator(".ck-end-btn").click()
    elif app.mode() == "decide":
        app.locator(".ck-actions button:not([aria-disabled='true'])").first.click()
    elif app.mode() == "select":
        app.locator(HAND).first.click()
        app.locator(".ck-actions [data-key='act:discard']").click()
    else:
        app.locator(PLAYABLE).first.click()
    app.wait_for_function("(old) => document.querySelector('.ck-root').dataset.pos !== old", arg=old)


def hidden_cards(store_url: str, token: str, seat: int) -> set[str]:
    """The cards ``seat`` may never see in the stored match: the other seat's discards."""
    with open_store(store_url) as store:
        state = store.table(token).state()
    return {c.code for e in state.log if e.kind == "discard" and e.player != seat for c in e.cards}


def hand_now(store_url: str, token: str, seat: int) -> list[str]:
    with open_store(store_url) as store:
        return [c.code for c in store.table(token).state().hands[seat]]


def test_two_classmates_play_a_whole_match(served, browser):
    base, store_url = served
    url = f"{base}/voila/render/{APP}"
    ada = Student(browser, url, "Ada")
    # Ada: Play a classmate, her name, Make a table: a code and a link to hand over
    ada.locator("[data-key='mate:open']").click()
    ada.locator("[data-key='mate:name']").fill("Ada")
    ada.recording = True                # (the page's own game against the computer is over)
    ada.locator("[data-key='mate:make']").click()
    code = ada.locator(".ck-mates-code-text").inner_text()
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}", code), code
    link = ada.locator(".ck-mates-link").input_value()
    assert link == f"{url}?table={code.replace('-', '')}"
    quiet(ada)
    assert f"Your table's code is {code}" in what_now(ada)
    assert ada.locator(PLAYABLE).count() == 0        # nothing to click before Ben sits down
    assert ada.locator(".ck-actions button:not([aria-disabled='true'])").count() == 0
    ada.screenshot(path=artefact("classmates_waiting_1100.png"))
    assert axe_violations(ada) == []
    ada_token = ada.evaluate("() => Object.values(localStorage)[0]")

    # Ben opens the link: the form is open with the code; a name, Sit down
    ben = Student(browser, link, "Ben")
    assert ben.locator("[data-key='mate:code']").input_value() == code
    ben.screenshot(path=artefact("classmates_join_1100.png"))
    assert axe_violations(ben) == []
    ben.locator("[data-key='mate:name']").fill("Ben")
    ben.recording = True
    ben.locator("[data-key='mate:join']").click()
    ben.locator(".ck-badge", has_text="You are playing Ada.").wait_for()
    ada.locator(".ck-badge", has_text="You are playing Ben.").wait_for(timeout=5_000)   # at once
    ben_token = ben.evaluate("() => Object.values(localStorage)[0]")
    assert ben_token != ada_token and ben_token[:9] == ada_token[:9]
    quiet(ada)
    quiet(ben)
    # the first deal: neither page was sent a card of the other's hand
    assert not any(ada.shows(c) for c in hand_now(store_url, ada_token, 1))
    assert not any(ben.shows(c) for c in hand_now(store_url, ada_token, 0))
    # whose turn, by name
    waiting = ada if ada.mode() == "wait" else ben
    other = "Ben" if waiting is ada else "Ada"
    assert f"Waiting for {other}." in what_now(waiting)

    deadline, moves, reloaded = time.monotonic() + MATCH_SECONDS, 0, False
    while not (ada.mode() == "over" and ben.mode() == "over"):
        assert time.monotonic() < deadline, f"the match did not end in {MATCH_SECONDS} s ({moves} moves)"
        movers = [p for p in (ada, ben) if p.mode() not in ("wait", "over", "")]
        if not movers:
            time.sleep(0.1)
            continue
        mover = movers[0]
        watcher = ben if mover is ada else ada
        old = watcher.locator(".ck-root").get_attribute("data-pos")
        next_hand = mover.mode() == "between"       # (the page's own: the store is not told)
        one_move(mover)
        moves += 1
        if not next_hand and watcher.mode() != "between":
            # the other page follows the move (its kernel reads it from the store)
            try:
                watcher.wait_for_function("(old) => document.querySelector('.ck-root').dataset.pos !== old",
                                          arg=old, timeout=10_000)
            except Exception:
                raise AssertionError(f"{watcher.name} did not follow {mover.name}'s move {moves} "
                                     f"({mover.mode()}): {what_now(watcher)} / {what_now(mover)}") from None
        if moves == 9 and not reloaded:
            # Ben reloads mid-match: a new kernel sits back down at the same position
            ben.reload_and_sit_back("Welcome back", "You are playing Ada.")
            reloaded = True
    quiet(ada)
    quiet(ben)
    assert reloaded and moves > 20
    ada.screenshot(path=artefact("classmates_over_ada_1100.png"))
    ben.screenshot(path=artefact("classmates_over_ben_1100.png"))
    said_ada, said_ben = what_now(ada), what_now(ben)
    assert re.search(r"You win the game \d+–\d+!|Ben wins the game \d+–\d+\.", said_ada), said_ada
    assert re.search(r"You win the game \d+–\d+!|Ada wins the game \d+–\d+\.", said_ben), said_ben
    assert ("You win" in said_ada) != ("You win" in said_ben)
    # never a card thrown away by the other in any frame of a page
    assert not [c for c in hidden_cards(store_url, ada_token, 0) if ada.shows(c)]
    assert not [c for c in hidden_cards(store_url, ada_token, 1) if ben.shows(c)]
    for page in (ada, ben):
        page.assert_clean()
        page.close()


# ------------------------------------------------------------------ a killed kernel, a restarted server
def until_turn(app: Student, timeout: float = 30.0) -> None:
    """Wait until it is this page's move (the computer, or the classmate, has played)."""
    end = time.monotonic() + timeout
    while app.mode() in ("wait", ""):
        assert time.monotonic() < end, f"{app.name}: never this page's turn: {what_now(app)}"
        time.sleep(0.1)
    quiet(app)


def hand_keys(app: Student) -> list[str]:
    return app.locator(HAND).evaluate_all("els => els.map(e => e.dataset.key)")


WELCOME = re.compile(r"Welcome back: hand \d+, you \d+, \w+ \d+")


def welcomed(app: Student, since: int, timeout: float = 90.0) -> str:
    """The "Welcome back …" line the page's kernel sent after frame ``since`` (read from the
    frames: a moment later "Ben is away." may take its place on the table, rightly)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = next((m.group(0) for f in app.frames[since:] for m in [WELCOME.search(f)] if m), None)
        if found:
            quiet(app)
            return found
        app.wait_for_timeout(100)           # (Playwright hands over the frames while it waits)
    raise AssertionError(f"{app.name}: no welcome back: {what_now(app)}")


def reload(app: Student) -> int:
    """Reload the page, recording its frames; the frame it starts from."""
    app.recording = True
    since = len(app.frames)
    app.reload(wait_until="domcontentloaded")
    return since


@pytest.fixture
def restartable(tmp_path):
    """``start()`` a Voilà on the lessons, again and again on one port, with one store file."""
    from cardkit_serving.launch import free_port
    port, servers = free_port(), []

    def start():
        server = start_voila(LESSONS, pool={APP: 0}, env={"CARDKIT_STORE": f"sqlite:///{tmp_path}/t.db"},
                             timeout=START_TIMEOUT, port=port)
        servers.append(server)
        return f"{server.url}/voila/render/{APP}"
    yield start, servers
    for server in servers:
        server.stop()
        os.unlink(server.log_path)


def test_leave_this_table_asks_then_says_so_on_both_pages(served, browser):
    """Issue 31: once seated, "Leave this table" is there; it asks first (its answer says
    leave, not start again), then the page plays the computer, and the classmate's page says
    who left and offers to finish against the computer."""
    base, _store_url = served
    ada = Student(browser, f"{base}/voila/render/{APP}", "Ada")
    ada.locator("[data-key='mate:open']").click()
    ada.locator("[data-key='mate:name']").fill("Ada")
    ada.locator("[data-key='mate:make']").click()
    ben = Student(browser, ada.locator(".ck-mates-link").input_value(), "Ben")
    ben.locator("[data-key='mate:name']").fill("Ben")
    ben.locator("[data-key='mate:join']").click()
    ada.locator(".ck-badge", has_text="You are playing Ben.").wait_for(timeout=5_000)
    quiet(ada)
    quiet(ben)
    mover = next(p for p in (ada, ben) if p.mode() not in ("wait", "over", ""))
    one_move(mover)                                  # a game under way: leaving asks first
    quiet(ada)
    ada.locator("[data-key='mate:leave']").click()
    ada.locator(".ck-confirm").wait_for(state="visible", timeout=10_000)
    assert ada.locator(".ck-confirm-text").inner_text() == (
        "Really leave this table? Your game with Ben ends, and you play the computer.")
    assert ada.locator("[data-key='confirm:yes']").inner_text() == "Yes, leave the table"
    ada.locator("[data-key='confirm:yes']").click()
    # alone again, against the computer: the offer to play a classmate is back, no Leave
    ada.locator("[data-key='mate:open'], .ck-mates-form").first.wait_for(timeout=10_000)
    assert ada.locator("[data-key='mate:leave']").count() == 0
    ben.wait_for_function("() => document.querySelector('.ck-whatnow').innerText.includes("
                          "'Ada left the table. Finish the game against the computer')", timeout=5_000)
    assert "Ada left the table." in ben.locator(".ck-badge").all_inner_texts()
    assert not any("You are playing" in b for b in ben.locator(".ck-badge").all_inner_texts())
    ben.locator("[data-key='mate:finish']").wait_for(timeout=5_000)
    ben.screenshot(path=artefact("classmates_left_1100.png"))
    for page in (ada, ben):
        page.close()


def test_a_restarted_server_brings_a_match_against_the_computer_back(browser, restartable):
    start, servers = restartable
    url = start()
    app = Student(browser, url, "Ada")
    for _i in range(3):
        until_turn(app)
        one_move(app)
    until_turn(app)
    before = (hand_keys(app), app.locator(".ck-subtitle").inner_text())
    servers[-1].stop()                      # the server goes: every kernel with it
    start()
    said = welcomed(app, reload(app))
    assert re.search(r"Welcome back: hand \d+, you \d+, Computer \d+", said), said
    assert (hand_keys(app), app.locator(".ck-subtitle").inner_text()) == before
    one_move(app)                           # and it plays on
    until_turn(app)
    app.close()


def test_a_classmate_match_survives_a_killed_kernel_and_a_restarted_server(browser, restartable):
    from .tables import kill_kernel
    start, servers = restartable
    url = start()
    ada = Student(browser, url, "Ada")
    ada.locator("[data-key='mate:open']").click()
    ada.locator("[data-key='mate:name']").fill("Ada")
    ada.locator("[data-key='mate:make']").click()
    link = ada.locator(".ck-mates-link").input_value()
    ben = Student(browser, link, "Ben")
    ben.locator("[data-key='mate:name']").fill("Ben")
    ben.locator("[data-key='mate:join']").click()
    ada.locator(".ck-badge", has_text="You are playing Ben.").wait_for(timeout=10_000)

    def play(moves: int) -> None:
        for _i in range(moves):
            end = time.monotonic() + 30
            while not [p for p in (ada, ben) if p.mode() not in ("wait", "over", "")]:
                assert time.monotonic() < end
                time.sleep(0.1)
            one_move(next(p for p in (ada, ben) if p.mode() not in ("wait", "over", "")))
        quiet(ada)
        quiet(ben)

    play(3)
    # Ada's kernel dies; her page is reloaded: a new kernel sits her back down
    before = hand_keys(ada)
    ada.kernel_gone = True
    kill_kernel(ada)
    assert welcomed(ada, reload(ada)).endswith(tuple("0123456789")) and hand_keys(ada) == before
    assert "You are playing Ben." in ada.locator(".ck-badge").all_inner_texts()
    play(2)
    # the server restarts: both pages reload and both sit back down, at the same position
    before = (hand_keys(ada), hand_keys(ben))
    servers[-1].stop()
    start()
    since = [reload(page) for page in (ada, ben)]
    assert re.fullmatch(r"Welcome back: hand \d+, you \d+, Ben \d+", welcomed(ada, since[0]))
    assert re.fullmatch(r"Welcome back: hand \d+, you \d+, Ada \d+", welcomed(ben, since[1]))
    assert (hand_keys(ada), hand_keys(ben)) == before
    play(3)                                 # and they play on, each following the other
    ada.close()
    ben.close()

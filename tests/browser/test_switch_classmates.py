"""Switch with two classmates and a computer (issue 20 point 2): three chromium pages, each in a
browser context of its own (three students' machines), on the session's Voilà, whose kernels
share a SQLite table store. Ada chooses 4 players, makes a table for "2 classmates + 1 computer"; Ben and Cleo
open her link and sit down; they play, the computer's moves made by Ada's kernel (the first
person here), and Cleo reloads mid-game and sits back down with her hand. Every websocket frame
each page receives is kept: no frame ever holds a card another seat holds unseen (the deal,
then every card drawn and never played face up)."""
import re
import time


from cardkit_serving.store import open_store

from .tables import artefact, what_now
from .test_ecarte_classmates import Student, axe_violations, quiet
from .test_switch_app import one_move

APP = "switch_app.ipynb"
PERSON_MOVES = 15


def unseen(store_url: str, token: str, seat: int) -> set[str]:
    """The cards the other seats hold now that were never face up (``seat`` may never see
    them)."""
    with open_store(store_url) as store:
        state = store.table(token).state()
    public = {c.code for e in state.log if e.kind in ("play", "starter") for c in e.cards}
    return {c.code for s, hand in enumerate(state.hands) if s != seat for c in hand} - public


def moves_by(store_url: str, token: str) -> dict[int, int]:
    """Moves each seat made so far (plays and draws)."""
    with open_store(store_url) as store:
        state = store.table(token).state()
    counts: dict[int, int] = {}
    for e in state.log:
        if e.kind in ("play", "draw") and e.player is not None:
            counts[e.player] = counts.get(e.player, 0) + 1
    return counts


def test_two_classmates_and_a_computer_play_switch(voila_url, store_url, browser):
    url = f"{voila_url}/voila/render/{APP}"
    ada = Student(browser, url, "Ada")
    ada.locator(".ck-settings > summary").click()
    ada.locator(".ck-select[data-key='set:players']").select_option(index=2)      # 4 players
    ada.locator(".ck-settings > summary").click()
    ada.locator("[data-key='mate:open']").click()
    ada.locator("[data-key='mate:name']").fill("Ada")
    seats = ada.locator("[data-key='mate:seats'] option").all_inner_texts()
    assert seats == ["3 classmates", "2 classmates + 1 computer", "1 classmate + 2 computers"]
    ada.locator("[data-key='mate:seats']").select_option(label="2 classmates + 1 computer")
    ada.recording = True
    ada.locator("[data-key='mate:make']").click()
    code = ada.locator(".ck-mates-code-text").inner_text()
    link = ada.locator(".ck-mates-link").input_value()
    assert link == f"{url}?table={code.replace('-', '')}"
    quiet(ada)
    assert (f"Your table's code is {code}. Give your classmates the link or the code: the game "
            "starts when 2 more sit down.") in what_now(ada)
    token = ada.evaluate("() => Object.values(localStorage)[0]")

    pages = [ada]
    for name in ("Ben", "Cleo"):
        page = Student(browser, link, name)
        page.locator("[data-key='mate:name']").fill(name)
        page.recording = True
        page.locator("[data-key='mate:join']").click()
        pages.append(page)
    ben, cleo = pages[1:]
    ben.wait_for_function("() => document.querySelector('.ck-whatnow').innerText.includes('Cleo sat down')"
                          " || document.querySelector('.ck-badge') !== null", timeout=10_000)
    for page, others in ((ada, "Ben and Cleo"), (ben, "Ada and Cleo"), (cleo, "Ada and Ben")):
        page.locator(".ck-badge", has_text=f"You are playing {others}.").wait_for(timeout=10_000)
        assert page.locator(".ck-subtitle").inner_text() == "at a table with classmates"
    for page in pages:
        quiet(page)
    cleo.screenshot(path=artefact("classmates_switch_cleo_1100.png"))
    assert axe_violations(cleo) == []
    # the deal: no page was sent a card of another seat's hand (the computer's included)
    for seat, page in enumerate(pages):
        assert not [c for c in unseen(store_url, token, seat) if page.shows(c)], page.name
    names = [n.removeprefix("▶ ") for n in cleo.locator(".ck-opponent .ck-nameplate b").all_inner_texts()]
    assert names == ["Dev", "Ada", "Ben"]         # after Cleo in play order; the computer is Dev

    made, deadline = 0, time.monotonic() + 240
    while made < PERSON_MOVES and not any(p.mode() == "over" for p in pages):
        assert time.monotonic() < deadline, f"only {made} moves in 240 s"
        movers = [p for p in pages if p.mode() == "play"]
        if not movers:
            time.sleep(0.1)
            continue
        mover = movers[0]
        others = [p for p in pages if p is not mover]
        before = [p.locator(".ck-root").get_attribute("data-pos") for p in others]
        assert one_move(mover), what_now(mover)
        made += 1
        for page, old in zip(others, before, strict=True):      # the others follow at once
            page.wait_for_function("(old) => document.querySelector('.ck-root').dataset.pos !== old",
                                   arg=old, timeout=10_000)
        if made == 6:
            # Cleo reloads mid-game: a new kernel sits back down at her seat, with her hand
            cleo.reload_and_sit_back("Welcome back: you have", "You are playing Ada and Ben.")
    for page in pages:
        quiet(page, 1500)
    counts = moves_by(store_url, token)
    assert counts.get(3, 0) >= 1, counts            # the computer played, from Ada's kernel
    assert made >= 10 or any(p.mode() == "over" for p in pages)
    for seat, page in enumerate(pages):
        hidden = unseen(store_url, token, seat)
        assert not [c for c in hidden if page.shows(c)], page.name
        page.screenshot(path=artefact(f"classmates_switch_{page.name.lower()}_play_1100.png"))
    said = [what_now(p) for p in pages]
    assert all(not re.search(r"went wrong|Traceback", s) for s in said), said
    for page in pages:
        page.assert_clean()
        page.close()

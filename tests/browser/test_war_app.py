"""The War app served by Voilà, in Debian's chromium, at 1280 × 800 and 390 × 844: battles by
clicking and by keyboard alone, Flip never moves, the rows line up, a war's face-down cards stay
backs and Flip waits while they turn over, the connection-lost notice after the kernel dies, no
console errors; screenshots in ``artifacts/tables/``."""
import time

import pytest

from .tables import (VIEWPORTS, artefact, backs_are_blank, boxes, game_over, kill_kernel, pos, settle,
                     tab_to, wait_for_change, wait_game_stopped, what_now)

FLIP = ".ck-actions [data-key='act:flip']"
STILL = [FLIP, ".ck-actions [data-key='act:auto']", ".ck-newgame", ".ck-whatnow", ".ck-war-decision"]


def flip(app, timings=None):
    app.locator(FLIP + ":not([aria-disabled='true'])").wait_for(timeout=15_000)
    old = pos(app)
    start = time.perf_counter()
    app.locator(FLIP).click()
    wait_for_change(app, old)
    if timings is not None:
        timings.append(time.perf_counter() - start)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_battles_by_clicking_flip_never_moves(open_app, size):
    app = open_app("war_app", wait_for=FLIP, viewport=VIEWPORTS[size])
    vw, vh = VIEWPORTS[size]["width"], VIEWPORTS[size]["height"]
    assert app.evaluate("() => document.documentElement.scrollWidth") <= vw
    b = app.locator(FLIP).bounding_box()
    assert b["y"] + b["height"] <= vh, b                 # Flip is on screen without scrolling
    assert "Press Flip" in what_now(app)
    still = boxes(app, STILL)
    timings = []
    for i in range(12):
        if game_over(app):      # a random deal: about 1 game in 10,000 ends within 12 battles
            break
        flip(app, timings)
        settle(app)             # a war's face-down cards have turned over, Flip is live again
        backs_are_blank(app)
        now = boxes(app, STILL)
        assert now == still, f"moved after flip {i + 1}: {still} -> {now}"
        # the two rows line up: the packets and the table cards start at the same x
        xs = app.eval_on_selector_all(".ck-war-row .ck-war-packet",
                                      "els => els.map(e => Math.round(e.getBoundingClientRect().left))")
        assert len(set(xs)) == 1, xs
        decision = app.locator(".ck-war-decision").inner_text()
        assert decision.strip() and decision not in what_now(app)   # said once, on the table
    app.screenshot(path=artefact(f"war_{size}.png"))
    print(f"\nWar {size}: click → update median {sorted(timings)[len(timings) // 2] * 1000:.0f} ms")


def test_battles_by_keyboard_alone(open_app):
    app = open_app("war_app", wait_for=FLIP, viewport=VIEWPORTS["desktop"])
    app.locator("body").click(position={"x": 5, "y": 5})
    walk = tab_to(app, "e => e.dataset.key === 'act:flip'")["stops"]
    for stop in walk:
        assert "ck-back" not in stop["cls"] and stop["name"].strip(), stop
    for _ in range(5):
        app.locator(FLIP + ":not([aria-disabled='true'])").wait_for(timeout=15_000)
        old = pos(app)
        app.keyboard.press("Enter")
        wait_for_change(app, old)
        settle(app)
        # the focus stays on Flip, so Enter again plays the next battle
        assert app.evaluate("() => document.activeElement.dataset.key") == "act:flip"


def test_new_game_asks_and_connection_lost(open_app):
    app = open_app("war_app", wait_for=FLIP, viewport=VIEWPORTS["phone"])
    flip(app)
    app.locator(".ck-newgame").dblclick()
    app.locator(".ck-confirm").wait_for(state="visible", timeout=10_000)
    app.screenshot(path=artefact("war_confirm.png"))
    app.locator("[data-key='confirm:no']").click()
    app.locator(".ck-confirm").wait_for(state="hidden", timeout=10_000)
    errors = len(app.console_errors)
    kill_kernel(app)
    wait_game_stopped(app)
    del app.console_errors[errors:]
    app.failed_requests.clear()

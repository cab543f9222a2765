"""The Switch app served by Voilà, in Debian's chromium, at 1280 × 800 and 390 × 844: moves by
clicking and by keyboard alone, the sorted hand, controls that stay put, suit buttons in their
colours, the connection-lost notice, no console errors; screenshots in ``artifacts/tables/``."""
import time

import pytest

from cardkit import parse_card
from cardkit_tables.cardtable import sort_hand

from .tables import (VIEWPORTS, artefact, backs_are_blank, buttons, kill_kernel, pos, settle,
                     tab_to, wait_for_change, wait_game_stopped, what_now)

HAND = ".ck-hand-south .ck-cardbtn"
PLAYABLE = HAND + ":not([aria-disabled='true'])"
STILL = [".ck-newgame", ".ck-hand-south", ".ck-whatnow", ".ck-actions", ".ck-stock", ".ck-discard",
         ".ck-actions [data-key='act:last']", ".ck-actions [data-key='act:catch']"]


def check_sorted(app):
    codes = [k.split(":", 1)[1] for k in app.eval_on_selector_all(HAND, "els => els.map(e => e.dataset.key)")]
    cards = [parse_card(c) for c in codes]
    assert cards == sort_hand(cards, lambda c: int(c.rank)), codes


def one_move(app, keyboard=False):
    """Play the first playable card, else choose the first suit, else draw or pass."""
    old = pos(app)
    if app.locator(PLAYABLE).count():
        if keyboard:
            tab_to(app, "e => e.matches('.ck-hand-south .ck-cardbtn:not([aria-disabled=\"true\"])')")
            app.keyboard.press("Enter")
        else:
            # near the card's left edge: in a long hand on a phone the next card covers its right
            # part (the hand overlaps to fit), as a finger sees it
            app.locator(PLAYABLE).first.click(position={"x": 6, "y": 30})
    else:
        names = buttons(app)
        choice = next((n for n in names if n[:1] in "♠♥♦♣"), None) or next(
            (n for n in ("Draw", "Pass") if n in names), None)
        if choice is None:
            return False
        if keyboard:
            tab_to(app, f"e => e.innerText.trim() === {choice!r}")
            app.keyboard.press("Enter")
        else:
            app.locator(".ck-actions button", has_text=choice).first.click()
    wait_for_change(app, old)
    return True


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_moves_by_clicking(open_app, size):
    app = open_app("switch_app", wait_for=HAND, viewport=VIEWPORTS[size])
    vw, vh = VIEWPORTS[size]["width"], VIEWPORTS[size]["height"]
    settle(app)             # a random deal: the computer may be the first to play
    assert app.evaluate("() => document.documentElement.scrollWidth") <= vw
    for sel in (HAND, ".ck-whatnow", ".ck-actions"):
        b = app.locator(sel).last.bounding_box()
        assert b["y"] + b["height"] <= vh and b["x"] + b["width"] <= vw + 1, (sel, b)
    def placed():
        """STILL's places. What grows is measured from its bottom: What now from the hand's bottom
        (a hand too long for the rows the table keeps for it gets one more row of cards, pushing
        What now down by just that: 71 px at 1280 px with 17 cards, 49 px on a phone with 13);
        what lies under What now (the action bar and its buttons) from What now's bottom (a
        phone's What now grows to show a long text whole, and by a pixel when a suit symbol comes
        from a fallback font). Read in one go, so that a redraw cannot fall between two of them."""
        got = app.evaluate("""(sels) => { const r = document.querySelector('.ck-root').getBoundingClientRect();
            const hand = document.querySelector('.ck-hand-south').getBoundingClientRect();
            const now = document.querySelector('.ck-whatnow').getBoundingClientRect();
            return sels.map(s => { const e = document.querySelector(s);
              if (!e || !e.getClientRects().length) return null;
              const b = e.getBoundingClientRect();
              const top = s.startsWith('.ck-actions') ? now.bottom : s === '.ck-whatnow' ? hand.bottom : r.y;
              return [Math.round(b.x - r.x), Math.round(b.y - top)]; }); }""", STILL)
        return {sel: (tuple(b) if b else None) for sel, b in zip(STILL, got, strict=True)}

    still = placed()
    timings = []
    for _ in range(10):
        settle(app)
        if "Press New game" in what_now(app):
            break
        backs_are_blank(app)
        check_sorted(app)
        assert placed() == still
        start = time.perf_counter()
        if not one_move(app):
            app.wait_for_timeout(500)
            continue
        timings.append(time.perf_counter() - start)
        # the hand stays inside the table, however long it gets (read in one go: the computer's
        # reply may redraw the table at any moment; a random deal: the move may have played
        # south's last card, leaving no hand to measure)
        spill = app.evaluate(f"""() => {{ const cards = document.querySelectorAll({HAND!r});
            if (!cards.length) return null;
            const f = document.querySelector('.ck-felt').getBoundingClientRect();
            const c = cards[cards.length - 1].getBoundingClientRect();
            return c.right - f.right; }}""")
        assert spill is None or spill <= 1, f"the last card is {spill:.0f} px past the felt"
    app.screenshot(path=artefact(f"switch_{size}.png"))
    assert timings, "no move was made"
    print(f"\nSwitch {size}: click → update median {sorted(timings)[len(timings) // 2] * 1000:.0f} ms")


def test_on_a_small_phone_the_suits_come_into_view_after_your_jack(open_app):
    """At 320 × 568 the table is taller than the screen: after your Jack, What now and the four
    suits lay below it (802 px down) until the table brings the buttons into view."""
    app = open_app("switch_jack", where="tests", wait_for=HAND, viewport={"width": 320, "height": 568})
    settle(app)
    old = pos(app)
    app.locator(HAND + "[data-key='card:JD']").click(position={"x": 6, "y": 30})
    wait_for_change(app, old)
    app.wait_for_function("() => document.querySelectorAll('.ck-actions button').length === 6")
    suits = app.eval_on_selector_all(".ck-actions button", """els => els.map(e => {
        const r = e.getBoundingClientRect(); return [e.innerText.trim(), r.top >= 0 && r.bottom <= innerHeight]; })""")
    assert [s for s, seen in suits if s[:1] in "♠♥♦♣" and seen] == ["♠ spades", "♥ hearts", "♦ diamonds", "♣ clubs"]
    now = app.locator(".ck-whatnow").bounding_box()
    assert now["y"] >= 0 and "name the suit" in what_now(app)
    app.screenshot(path=artefact("switch_jack_320.png"))


def test_moves_by_keyboard_alone(open_app):
    app = open_app("switch_app", wait_for=HAND, viewport=VIEWPORTS["desktop"])
    settle(app)
    app.locator("body").click(position={"x": 5, "y": 5})
    walk = tab_to(app, "e => e.matches('.ck-hand-south .ck-cardbtn, .ck-actions button')")["stops"]
    for stop in walk:
        assert "ck-back" not in stop["cls"] and stop["name"].strip(), stop
    for _ in range(4):
        settle(app)
        if "Press New game" in what_now(app):
            break
        one_move(app, keyboard=True)
        assert app.evaluate("() => document.activeElement !== document.body")


def test_last_card_and_caught_you_are_disabled_with_a_reason_and_connection_lost(open_app):
    app = open_app("switch_app", wait_for=HAND, viewport=VIEWPORTS["phone"])
    settle(app)
    for key in ("act:last", "act:catch"):
        b = app.locator(f".ck-actions [data-key='{key}']")
        if b.get_attribute("aria-disabled") == "true":
            assert b.get_attribute("title")
    errors = len(app.console_errors)
    kill_kernel(app)
    wait_game_stopped(app)
    app.screenshot(path=artefact("switch_connection_lost.png"))
    del app.console_errors[errors:]
    app.failed_requests.clear()

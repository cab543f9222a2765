"""The Écarté app served by Voilà, played in Debian's chromium (docs/architecture.md "Tests"), at a
desktop size (1280 × 800) and a phone size (390 × 844): a whole hand by clicking and by keyboard
alone, the sorted hand, the hand's last trick still where it was played at its end, controls
that never move between moves, the connection-lost notice after the kernel dies, no console
errors; a screenshot of each in ``artifacts/tables/``.
"""
import re
import statistics
import time

import pytest

from cardkit import parse_card
from cardkit.cards import Suit
from cardkit.ecarte import rank_strength
from cardkit_tables.cardtable import sort_hand

from .tables import (VIEWPORTS, artefact, backs_are_blank, boxes, buttons, kill_kernel, pos, settle,
                     tab_to, wait_for_change, wait_game_stopped, what_now)

HAND = ".ck-hand-south .ck-cardbtn"
PLAYABLE = HAND + ":not([aria-disabled='true'])"
STILL = [".ck-newgame", ".ck-whatnow", ".ck-actions", ".ck-hand-south", ".ck-stock", ".ck-trick", ".ck-last"]
PREFER = ("Propose an exchange", "Accept (new cards)", "Stand (play these cards)", "Announce the king (1 point)")
TIMINGS: dict[str, list[float]] = {}


def hand_codes(app) -> list[str]:
    return [k.split(":", 1)[1] for k in app.eval_on_selector_all(HAND, "els => els.map(e => e.dataset.key)")]


def trump_suit(app) -> Suit:
    sym = app.locator(".ck-trump-sym").inner_text().strip()
    return next(s for s in Suit if s.symbol == sym)


def check_sorted(app) -> None:
    codes = hand_codes(app)
    if codes:
        cards = [parse_card(c) for c in codes]
        assert cards == sort_hand(cards, rank_strength, trump_suit(app)), codes


def click(app, locator, timings=None, force=False) -> None:
    old = pos(app)
    start = time.perf_counter()
    locator.click(force=force)           # force: a person can click a card marked "not allowed"
    wait_for_change(app, old)
    if timings is not None:
        timings.append(time.perf_counter() - start)


def play_one_hand(app, *, keyboard: bool, timings: list[float]) -> None:
    """Play until the hand is over, choosing as a simple player would; check on the way."""
    still = None
    for _ in range(80):
        settle(app)
        backs_are_blank(app)
        check_sorted(app)
        text = what_now(app)
        if app.locator(".ck-end").count() or "Press New game" in text:
            return                  # the hand's summary (or the game's end) lies on the felt
        now = boxes(app, STILL)
        # on a phone What now grows to show a long text whole: the buttons under it move down
        # by just that much, and nothing else moves
        under = app.evaluate("() => Math.round(document.querySelector('.ck-actions').getBoundingClientRect().top"
                             " - document.querySelector('.ck-whatnow').getBoundingClientRect().bottom)")
        now[".ck-actions"] = (now[".ck-actions"][0], under)
        if still is None:
            still = now
        assert now == still, f"the table moved: {still} -> {now}"
        names = buttons(app)
        choice = next((n for n in PREFER if n in names), None)
        if choice is None and app.locator(".ck-actions [data-key='act:discard']").count():
            # an exchange: select the first card, then press Discard
            first = app.locator(HAND).first
            if keyboard:
                tab_to(app, "e => e.matches('.ck-hand-south .ck-cardbtn')")
                app.keyboard.press("Enter")
            else:
                first.click()
            app.locator(HAND + "[aria-pressed='true']").first.wait_for(timeout=5000)
            discard = app.locator(".ck-actions [data-key='act:discard']")
            assert discard.get_attribute("aria-disabled") is None
            assert discard.inner_text() == "Discard 1 card"
            if keyboard:
                old = pos(app)
                tab_to(app, "e => e.dataset.key === 'act:discard'")
                app.keyboard.press("Enter")
                wait_for_change(app, old)
            else:
                click(app, discard, timings)
            continue
        if choice is None and "Keep all my cards" in names:
            choice = "Keep all my cards"
        if choice is not None:
            target = app.locator(".ck-actions button", has_text=choice).first
            if keyboard:
                old = pos(app)
                tab_to(app, f"e => e.innerText.trim() === {choice!r}")
                app.keyboard.press("Enter")
                wait_for_change(app, old)
            else:
                click(app, target, timings)
            continue
        if app.locator(PLAYABLE).count():
            if keyboard:
                old = pos(app)
                tab_to(app, "e => e.matches('.ck-hand-south .ck-cardbtn:not([aria-disabled=\"true\"])')")
                app.keyboard.press("Enter")
                wait_for_change(app, old)
                # the focus stays in the hand (or moves to a button), never back to <body>
                assert app.evaluate("() => document.activeElement !== document.body")
            else:
                click(app, app.locator(PLAYABLE).first, timings)
            continue
        app.wait_for_timeout(300)           # the computer's turn
    raise AssertionError("the hand did not end in 80 steps: " + what_now(app))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_whole_hand_by_clicking(open_app, size):
    app = open_app("ecarte_app", wait_for=HAND, viewport=VIEWPORTS[size])
    assert "from cardkit_tables import" not in app.content()
    assert app.locator(".ck-root").count() == 1
    timings = TIMINGS.setdefault(size, [])
    vw, vh = VIEWPORTS[size]["width"], VIEWPORTS[size]["height"]
    settle(app)             # a random deal: the computer may be the first to move
    # the hand, "What now" and the buttons are on screen without scrolling
    for sel in (HAND, ".ck-whatnow", ".ck-actions"):
        for b in [app.locator(sel).nth(i).bounding_box() for i in range(app.locator(sel).count())]:
            assert b["x"] >= 0 and b["x"] + b["width"] <= vw and b["y"] + b["height"] <= vh, (sel, b)
    assert app.evaluate("() => document.documentElement.scrollWidth") <= vw
    # five cards each, face down across the table; the computer may already have led one
    assert app.locator(HAND).count() == 5
    assert app.locator(".ck-hand-north .ck-back").count() in (4, 5)
    app.screenshot(path=artefact(f"ecarte_{size}_start.png"))
    play_one_hand(app, keyboard=False, timings=timings)
    app.screenshot(path=artefact(f"ecarte_{size}_end_of_hand.png"))
    text = what_now(app)
    assert re.search(r"took \d tricks?|wins? the game", text), text
    # the hand's last trick still lies where it was played, its winner said beside it
    last = app.locator(".ck-trick .ck-face")
    assert last.count() == 2 and all(last.nth(i).get_attribute("aria-label") for i in range(2))
    assert re.fullmatch(r"(You win|Computer wins) the trick with (10|[KQJA987])[♠♥♦♣]",
                        app.locator(".ck-done-text").inner_text())
    if timings:
        print(f"\nÉcarté {size}: click → update median {statistics.median(timings) * 1000:.0f} ms, "
              f"max {max(timings) * 1000:.0f} ms over {len(timings)} clicks")


def test_a_whole_hand_by_keyboard_alone(open_app):
    app = open_app("ecarte_app", wait_for=HAND, viewport=VIEWPORTS["desktop"])
    # no back, empty place or decoration is a tab stop; every stop has a name
    app.locator("body").click(position={"x": 5, "y": 5})
    walk = tab_to(app, "e => e.matches('.ck-actions button, .ck-hand-south .ck-cardbtn')")["stops"]
    for stop in walk:
        assert "ck-back" not in stop["cls"] and "ck-slot" not in stop["cls"], stop
        assert stop["name"].strip(), stop
    play_one_hand(app, keyboard=True, timings=[])
    app.screenshot(path=artefact("ecarte_keyboard_end_of_hand.png"))
    assert "Next hand" in buttons(app, ".ck-end") or "Press New game" in what_now(app)


def test_cards_are_named_in_words_and_forbidden_ones_say_why(open_app):
    app = open_app("ecarte_app", wait_for=HAND, viewport=VIEWPORTS["desktop"])
    names = app.eval_on_selector_all(HAND, "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(re.match(r"^(king|queen|jack|ace|ten|nine|eight|seven) of (spades|hearts|diamonds|clubs)", n)
               for n in names), names
    assert app.locator(".ck-whatnow[role='status']").count() == 1
    for _ in range(60):
        settle(app)
        blocked = app.locator(".ck-hand-south .ck-cardbtn.ck-blocked")
        if blocked.count():
            label = blocked.first.get_attribute("aria-label")
            assert "not allowed: You must" in label, label
            assert "not allowed" in blocked.first.inner_text()          # in words, not colour alone
            before = pos(app)
            blocked.first.click(force=True)      # a person can click a card marked "not allowed"
            app.locator(".ck-whatnow.ck-tone-warn").wait_for(timeout=10_000)
            assert pos(app) == before             # refused: the position is the same
            app.screenshot(path=artefact("ecarte_refused_card.png"))
            return
        names = buttons(app)
        choice = next((n for n in ("Stand (play as dealt)", "Refuse (play as dealt)", "Stand (play these cards)",
                                   "Keep all my cards") if n in names), None)
        if choice:
            click(app, app.locator(".ck-actions button", has_text=choice).first)
        elif app.locator(".ck-end [data-key='act:next']").count():      # the hand's summary
            click(app, app.locator(".ck-end [data-key='act:next']"))
        elif "Press New game" in what_now(app):      # at game over: the end panel's (the only one)
            over_new = app.locator(".ck-end [data-key='end:over-new']")
            click(app, over_new if over_new.count() else app.locator(".ck-newgame"))
        elif app.locator(PLAYABLE).count():
            click(app, app.locator(PLAYABLE).last)
        elif app.locator(".ck-actions [data-key='act:discard']").count():
            app.locator(HAND).first.click()
            click(app, app.locator(".ck-actions [data-key='act:discard']"))
    raise AssertionError("no forbidden card came up in 60 moves")


def test_new_game_double_click_cannot_skip_the_question(open_app):
    app = open_app("ecarte_app", wait_for=HAND, viewport=VIEWPORTS["desktop"])
    settle(app)
    names = buttons(app)
    first = next((n for n in ("Propose an exchange", "Accept (new cards)", "Stand (play as dealt)")
                  if n in names), None)
    if first is not None:
        click(app, app.locator(".ck-actions button", has_text=first).first)
    else:                                       # the computer stood: the person plays a card
        click(app, app.locator(PLAYABLE).first)
    settle(app)
    hand = hand_codes(app)
    app.locator(".ck-newgame").dblclick()
    question = app.locator(".ck-confirm")
    question.wait_for(state="visible", timeout=10_000)
    app.wait_for_timeout(600)
    assert question.is_visible() and hand_codes(app) == hand
    assert app.evaluate("() => document.activeElement.dataset.key") == "confirm:no"
    app.screenshot(path=artefact("ecarte_confirm_new_game.png"))
    app.locator("[data-key='confirm:no']").click()
    question.wait_for(state="hidden", timeout=10_000)
    assert hand_codes(app) == hand


def test_connection_lost_after_the_kernel_dies(open_app):
    app = open_app("ecarte_app", wait_for=HAND, viewport=VIEWPORTS["phone"])
    settle(app)
    errors_before = len(app.console_errors)
    kill_kernel(app)
    wait_game_stopped(app)
    app.screenshot(path=artefact("ecarte_connection_lost.png"))
    # what the dead kernel's websocket logs after this point is expected
    del app.console_errors[errors_before:]
    app.failed_requests.clear()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_refusal_reads_apart_and_chosen_discards_survive_a_setting(open_app, size):
    """On a stacked deal (tests/browser/notebooks/ecarte_exchange.ipynb: you are the non-dealer,
    the computer accepts a proposal): a refusal is its own line above "What now: …", and the
    phone's What now box grows to show both whole; cards chosen to throw away stay chosen when a setting
    is changed meanwhile (it waits for the next game, and says so)."""
    app = open_app("ecarte_exchange", where="tests", wait_for=HAND, viewport=VIEWPORTS[size])
    settle(app)
    assert buttons(app) == ["Stand (play as dealt)", "Propose an exchange"]
    row = [app.locator(".ck-actions button").nth(i).bounding_box()["y"] for i in range(2)]
    assert row[0] == row[1]                              # the two choices share one row
    now = app.locator(".ck-whatnow")
    height = now.bounding_box()["height"]
    app.locator(HAND + "[data-key='card:7S']").click(force=True)     # before deciding: refused
    app.locator(".ck-whatnow.ck-tone-warn").wait_for(timeout=10_000)
    note, prompt = app.locator(".ck-whatnow-note"), app.locator(".ck-whatnow-prompt")
    assert note.inner_text() == ("You are the non-dealer: first stand (play the hand as dealt) or "
                                 "propose an exchange (Proposals and exchanges).")
    assert prompt.inner_text() == ("What now: You are the non-dealer: Stand (play the hand as dealt), "
                                   "or Propose an exchange with the stock (Proposals and exchanges).")
    assert note.bounding_box()["y"] + note.bounding_box()["height"] <= prompt.bounding_box()["y"]
    if size == "phone":             # the box grows to show its whole text, never less than before
        assert now.bounding_box()["height"] >= height
        assert now.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    app.screenshot(path=artefact(f"ecarte_{size}_refusal_apart.png"))
    click(app, app.locator(".ck-actions button", has_text="Propose an exchange"))
    app.locator(".ck-actions [data-key='act:discard']").wait_for(timeout=10_000)
    settle(app)
    for code in ("7S", "8S"):
        app.locator(HAND + f"[data-key='card:{code}']").click()
    chosen = HAND + "[aria-pressed='true']"
    assert app.locator(chosen).count() == 2
    app.locator(".ck-settings > summary").click()
    old = pos(app)
    app.locator(".ck-select[data-key='set:level']").select_option(index=1)
    wait_for_change(app, old)
    app.locator(".ck-pending-note").wait_for(timeout=10_000)
    assert app.locator(".ck-pending-note").inner_text() == ("Your new settings start with the next "
                                                            "game: press New game.")
    keys = sorted(app.eval_on_selector_all(chosen, "els => els.map(e => e.dataset.key)"))
    assert keys == ["card:7S", "card:8S"]
    assert app.locator(".ck-actions [data-key='act:discard']").inner_text() == "Discard 2 cards"
    app.screenshot(path=artefact(f"ecarte_{size}_chosen_after_setting.png"))
    app.locator(".ck-settings > summary").click()
    click(app, app.locator(".ck-actions [data-key='act:discard']"))
    assert not {"7S", "8S"} & set(hand_codes(app))

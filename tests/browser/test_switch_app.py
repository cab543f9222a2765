"""The Switch app served by Voilà, played in Debian's chromium (DESIGN.md test layer 4).

A game is played by clicking, as a student would: a card not marked "not allowed", else Draw or
Pass, a suit after a Jack, "Last card!" before going down to one card and "Caught you!" when the
computer forgot. The page must never show the computer's cards or the stock (beginner mode off),
and must log no console error.
"""
import re
import time

CARD = re.compile(r"^(10|[2-9JQKA])[♠♥♦♣]$")
SUIT_BUTTON = re.compile(r"^[♠♥♦♣] ")


def what_now(app) -> str:
    """The "What now" sentence, without its "What now:" heading."""
    return app.locator(".ck-whatnow").inner_text().strip().removeprefix("What now:").strip()


def log_text(app) -> str:
    return app.locator(".ck-log").inner_text()


def action_labels(app) -> list[str]:
    buttons = app.locator(".ck-switch-actions .widget-button")
    return [buttons.nth(i).inner_text().strip() for i in range(buttons.count())]


def click_and_wait(app, locator):
    """Click, then wait until the table has answered (the "What now" text or the log changes)."""
    before = [what_now(app), log_text(app)]
    locator.click()
    app.wait_for_function(
        "([w, l]) => document.querySelector('.ck-whatnow').innerText !== w"
        " || document.querySelector('.ck-log').innerText !== l", arg=before, timeout=30_000)
    settle(app)


def action(app, label):
    return app.locator(".ck-switch-actions .widget-button", has_text=label).first


def opponent_cards_hidden(app):
    """Backs only: no text and no tooltip on the computer's cards or the stock (read in one go,
    while the table may be changing)."""
    for selector in (".ck-opponent .widget-button", ".ck-stock .widget-button",
                     ".ck-stock-cards .widget-button"):
        shown = app.locator(selector).evaluate_all(
            "bs => bs.map(b => [b.innerText.trim(), (b.getAttribute('title') || '').trim(),"
            " b.offsetParent !== null])")
        for text, tooltip, visible in shown:
            assert not CARD.match(text) and not tooltip, (selector, text, tooltip)
            assert not (visible and selector.endswith("stock-cards .widget-button")), selector


def settle(app, timeout=10.0):
    """Wait until the table stops changing, so what the test reads next is one consistent picture."""
    app.settle([".ck-switch-actions .widget-button", ".ck-hand-south .widget-button"],
               texts=(".ck-whatnow", ".ck-log"), timeout=timeout)


def my_hand(app) -> list[str]:
    cards = app.locator(".ck-hand-south .widget-button")
    return [cards.nth(i).inner_text().strip() for i in range(cards.count())]


def test_play_a_game_by_clicking(open_app):
    app = open_app("switch_app", wait_for=".ck-hand-south .widget-button")
    assert "Switch" in app.locator("h1").inner_text()
    assert "from cardkit_tables import" not in app.content()            # no code on the page
    assert all(CARD.match(c) for c in my_hand(app)) and len(my_hand(app)) == 7
    moves, calls, catches, refused = 0, 0, 0, 0
    caught_log = None
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        opponent_cards_hidden(app)
        text = what_now(app)
        if text.startswith("Waiting for"):
            app.wait_for_timeout(250)
            continue
        settle(app)
        text = what_now(app)
        if " won" in text or "drawn between" in text:
            break
        labels = action_labels(app)
        playable = app.locator(".ck-hand-south .widget-button:not(.ck-unplayable)")
        bubble = app.locator(".ck-opponent .ck-bubble").first.inner_text().strip()
        count = app.locator(".ck-opponent .widget-html").nth(1).inner_text().strip()
        if (count.startswith("1 card") and not bubble and "Caught you!" in labels
                and caught_log != log_text(app)):
            caught_log = log_text(app)
            click_and_wait(app, action(app, "Caught you!"))
            catches += 1
        elif any(SUIT_BUTTON.match(label) for label in labels):
            click_and_wait(app, action(app, next(x for x in labels if SUIT_BUTTON.match(x))))
        elif playable.count() and len(my_hand(app)) == 2:
            click_and_wait(app, action(app, "Last card!"))     # call, then play (§2)
            assert "You called “last card”!" in log_text(app)
            calls += 1
            click_and_wait(app, app.locator(".ck-hand-south .widget-button:not(.ck-unplayable)").first)
        elif playable.count():
            card = playable.first
            assert CARD.match(card.inner_text().strip())
            click_and_wait(app, card)
        elif "Draw" in labels:
            click_and_wait(app, action(app, "Draw"))
        else:
            assert "Pass" in labels, (text, labels)
            click_and_wait(app, action(app, "Pass"))
        moves += 1
        refused += app.locator(".ck-whatnow-warn").count() > 0
    final = what_now(app)
    print(f"\nSwitch app: {moves} moves by clicking ({calls} last-card calls, {catches} catches); "
          f"end: {final}")
    assert moves >= 5 and refused == 0          # every click was a legal move, in turn
    assert " won" in final or "drawn between" in final, f"the game did not end in time: {final}"
    assert action_labels(app) == []
    opponent_cards_hidden(app)


def test_beginner_mode_shows_then_hides_the_computers_cards(open_app):
    app = open_app("switch_app", wait_for=".ck-hand-south .widget-button")
    opponent_cards_hidden(app)
    app.locator(".ck-beginner input").check()
    app.wait_for_function("() => [...document.querySelectorAll('.ck-opponent .widget-button')]"
                          ".some(b => b.innerText.trim() !== '')", timeout=30_000)
    faces = app.locator(".ck-opponent .widget-button")
    assert all(CARD.match(faces.nth(i).inner_text().strip()) for i in range(faces.count()))
    app.locator(".ck-stock-cards .widget-button:visible").first.wait_for(timeout=30_000)
    assert app.locator(".ck-stock-cards .widget-button:visible").count() > 20
    app.locator(".ck-beginner input").uncheck()
    app.wait_for_function("() => [...document.querySelectorAll('.ck-opponent .widget-button')]"
                          ".every(b => b.innerText.trim() === '')", timeout=30_000)
    app.wait_for_function("() => [...document.querySelectorAll('.ck-stock-cards .widget-button')]"
                          ".every(b => b.offsetParent === null)", timeout=30_000)
    opponent_cards_hidden(app)


def test_an_unplayable_card_says_why(open_app):
    app = open_app("switch_app", wait_for=".ck-hand-south .widget-button")
    for _ in range(80):
        if what_now(app).startswith("Waiting for"):
            app.wait_for_timeout(250)
            continue
        bad = app.locator(".ck-hand-south .widget-button.ck-unplayable")
        if bad.count():
            assert "not allowed" in bad.first.get_attribute("title")
            bad.first.click()
            app.wait_for_function("() => document.querySelector('.ck-whatnow-warn') !== null",
                                  timeout=30_000)
            text = what_now(app)         # a short sentence naming the rule, then the guidance
            assert "RULES.md" not in text and re.match(r"[^.]+\. \S", text), text
            return
        labels = action_labels(app)
        if any(SUIT_BUTTON.match(x) for x in labels):
            click_and_wait(app, action(app, next(x for x in labels if SUIT_BUTTON.match(x))))
        elif "Draw" in labels:
            click_and_wait(app, action(app, "Draw"))
        elif "Pass" in labels:
            click_and_wait(app, action(app, "Pass"))
        else:
            app.get_by_role("button", name="New game").click()
            app.wait_for_timeout(1000)
    raise AssertionError("no unplayable card came up in 80 moves")


def test_opponent_rows_are_compact_on_a_phone(open_app):
    """At 390 px an opponent's name and card count share one line, right above the small backs."""
    app = open_app("switch_app", wait_for=".ck-hand-south .widget-button",
                   viewport={"width": 390, "height": 844})
    row = app.locator(".ck-opponent").first
    boxes = row.locator(".ck-opponent-label .widget-html").evaluate_all(
        "hs => hs.slice(0, 2).map(h => { const r = h.getBoundingClientRect();"
        " return [r.top, r.bottom]; })")
    (name_top, name_bottom), (count_top, count_bottom) = boxes
    assert abs(name_top - count_top) < 8, boxes                 # one line
    label_bottom = row.locator(".ck-opponent-label").evaluate("e => e.getBoundingClientRect().bottom")
    backs_top = row.locator(".widget-button").first.evaluate("e => e.getBoundingClientRect().top")
    assert backs_top - label_bottom < 30, (label_bottom, backs_top)    # no big gap

"""The Écarté app served by Voilà, played in Debian's chromium (DESIGN.md test layer 4).

A whole hand is played by clicking, as a student would: the buttons that are shown, the cards
that are not marked "not allowed", and the cards to throw away in an exchange. The page must
never show the computer's cards or the stock, and must log no console error.
"""
import re
import statistics
import time

CARD = re.compile(r"^(10|[2-9JQKA])[♠♥♦♣]$")


def what_now(app) -> str:
    return app.locator(".ck-whatnow").inner_text()


def title(app) -> str:
    return app.locator(".ck-title-line").inner_text()


def click_and_wait(app, locator, timings):
    """Click, then wait until the table has answered (the "What now" text or log changes)."""
    before = (what_now(app), app.locator(".ck-log").inner_text())
    start = time.perf_counter()
    locator.click()
    app.wait_for_function(
        "([w, l]) => document.querySelector('.ck-whatnow').innerText !== w"
        " || document.querySelector('.ck-log').innerText !== l", arg=list(before), timeout=30_000)
    timings.append(time.perf_counter() - start)


def computer_cards_hidden(app):
    """The computer's cards and the stock are backs: no text, no tooltip (read in one go)."""
    texts = app.eval_on_selector_all(
        ".ck-hand-north .widget-button, .ck-stock .widget-button",
        "els => els.map(e => (e.innerText + (e.title || '')).trim())")
    assert all(t == "" for t in texts), texts


def test_play_a_whole_hand_by_clicking(open_app):
    app = open_app("ecarte_app", wait_for=".ck-hand-south .widget-button")
    assert "Écarté" in app.locator("h1").inner_text()
    assert "from cardkit_tables import" not in app.content()           # no code on the page
    start_title = title(app)
    assert "hand 1" in start_title
    timings = []
    for _ in range(60):
        computer_cards_hidden(app)
        text = what_now(app)
        if "Waiting for" in text:                          # the computer is thinking
            app.wait_for_timeout(300)
            continue
        if "wins the game" in text or "win the game" in text:
            break
        actions = app.locator(".ck-ecarte-actions .widget-button")
        labels = [actions.nth(i).inner_text() for i in range(actions.count())]
        if "Next hand" in labels:
            break
        if "Propose" in labels:
            click_and_wait(app, app.get_by_role("button", name="Propose"), timings)
        elif "Accept" in labels:
            click_and_wait(app, app.get_by_role("button", name="Accept"), timings)
        elif any(label.startswith(("Discard", "Keep")) for label in labels):
            first = app.locator(".ck-hand-south .widget-button").first
            first.click()
            app.locator(".ck-hand-south .ck-selected").first.wait_for(timeout=15_000)
            assert "1 card selected" in what_now(app)
            click_and_wait(app, app.locator(".ck-ecarte-actions .widget-button", has_text="Discard 1 card"),
                           timings)
        elif "Announce king" in labels:
            click_and_wait(app, app.get_by_role("button", name="Announce king"), timings)
        else:
            playable = app.locator(".ck-hand-south .widget-button:not(.ck-unplayable)")
            assert playable.count() >= 1, text
            for i in range(playable.count()):
                assert CARD.match(playable.nth(i).inner_text().strip())
            click_and_wait(app, playable.first, timings)
    log = app.locator(".ck-log").inner_text()
    assert "Next hand" in app.locator(".ck-ecarte-actions").inner_text() or "wins the game" in what_now(app), \
        "the hand did not finish"
    assert "Last trick of hand 1" in app.locator(".ck-trick").inner_text() or "wins the game" in what_now(app)
    assert re.search(r"(tricks|vole|points|wins the game)", what_now(app) + log)
    print(f"\nÉcarté app: {len(timings)} clicks; click → table updated: median "
          f"{statistics.median(timings):.2f} s, max {max(timings):.2f} s "
          f"(first visible change; the computer then moves after a 0.6 s pause)")
    app.screenshot(path="artifacts/ecarte_app_after_hand.png", full_page=True) if _artifacts() else None


def test_a_forbidden_card_is_explained(open_app):
    app = open_app("ecarte_app", wait_for=".ck-hand-south .widget-button")
    for _ in range(40):
        text = what_now(app)
        bad = app.locator(".ck-hand-south .widget-button.ck-unplayable")
        if bad.count():
            assert "not allowed" in bad.first.get_attribute("title")
            bad.first.click()
            # the refusal names the rule in plain words (its section stays out of the sentence)
            app.wait_for_function("() => /\\((Follow suit and win the trick|Must trump when void)\\)/"
                                  ".test(document.querySelector('.ck-whatnow').innerText)",
                                  timeout=30_000)
            assert "§" not in what_now(app)
            assert "must" in what_now(app)
            return
        actions = app.locator(".ck-ecarte-actions .widget-button")
        labels = [actions.nth(i).inner_text() for i in range(actions.count())]
        for wanted in ("Stand (play as dealt)", "Stand (play these cards)", "Refuse", "Next hand"):
            if wanted in labels:
                app.get_by_role("button", name=wanted).click()
                break
        else:
            if "Announce king" in labels:
                app.get_by_role("button", name="Announce king").click()
            elif "wins the game" in text or "win the game" in text:
                app.get_by_role("button", name="New game").click()
            else:
                app.locator(".ck-hand-south .widget-button:not(.ck-unplayable)").first.click()
        app.wait_for_timeout(1500)
    raise AssertionError("no forbidden card came up in 40 moves")


def test_narrow_screen_shows_the_whole_hand(open_app):
    app = open_app("ecarte_app", wait_for=".ck-hand-south .widget-button", viewport={"width": 390, "height": 844})
    cards = app.locator(".ck-hand-south .widget-button")
    assert cards.count() == 5
    for i in range(5):
        box = cards.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["width"] >= 44


def _artifacts():
    import os
    os.makedirs("artifacts", exist_ok=True)
    return True

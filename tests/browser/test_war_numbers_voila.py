"""The lesson "War by the numbers" in Voilà, as a student uses it: guess first, then press.

Every cell has run when the page is shown, yet nothing of an answer is on it (not in the text,
not in a hidden node, not in an image) until the student has made a guess and pressed that
section's button; then the guess is compared with the games in words. At 1280 and at 390 px
wide (a phone), with screenshots in ``artifacts/lessons/`` (``06_war_numbers-guess-*.png``).
"""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "lessons"
# the sentences only a pressed button puts on the page
ANSWERS = ("You guessed", "you guessed", "average is", "games looped", "times as long",
           "The kit, 100,000 games each")


def _page_text(page) -> str:
    """Everything in the page's DOM, hidden nodes and image sources included."""
    return page.evaluate("() => document.documentElement.outerHTML")


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_guess_first_then_the_button_shows_the_games(open_app, width, height):
    app = open_app("06_war_numbers.ipynb", wait_for=".ck-root", viewport={"width": width, "height": height})
    page = app.page
    boxes = page.locator(".widget-vbox:has(> .widget-button:has-text('Simulate 100,000 games'))")
    page.wait_for_function("() => document.querySelectorAll('.widget-radio-box').length >= 6",
                           timeout=120_000)
    dom = _page_text(page)
    for answer in ANSWERS:
        assert answer not in dom, answer
    assert "data:image/png" not in dom.split("How many battles do you think")[1]
    first = boxes.first
    first.scroll_into_view_if_needed()
    # pressing before guessing says what is missing and shows nothing
    first.locator(".widget-button").click()
    page.wait_for_function("() => document.body.innerText.includes('First type your guess')")
    assert "You guessed" not in _page_text(page)
    first.locator("input[type=text]").fill("50")
    first.locator(".widget-radio-box label:has-text('15')").click()
    first.locator(".widget-button").click()
    page.wait_for_function("() => document.body.innerText.includes('You guessed 50 battles')",
                           timeout=60_000)
    text = first.inner_text()
    assert "the average is" in text and "times your guess" in text
    assert "You guessed 15 wars; the average is" in text
    assert first.locator("img").evaluate("i => i.naturalWidth > 0 && i.getBoundingClientRect().width > 0")
    # a phone keeps the chart and the sentences inside the screen
    box = first.bounding_box()
    assert box["width"] <= width
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    stem = "desktop" if width > 500 else "phone"
    first.screenshot(path=str(ARTIFACTS / f"06_war_numbers-guess-{stem}.png"))
    # the other sections still hold their answers back
    rest = _page_text(page).split("You guessed 15 wars", 1)[1]
    assert "games looped" not in rest and "times as long" not in rest
    # the pickup section: three guesses, one button
    loops = page.locator(".widget-vbox:has(> .widget-button:has-text('Simulate 100,000 games of each'))").first
    loops.scroll_into_view_if_needed()
    for group in loops.locator(".widget-radio-box").all():
        group.locator("label").first.click()
    loops.locator(".widget-button").click()
    page.wait_for_function("() => document.body.innerText.includes('games looped')", timeout=120_000)
    assert "Player 1's cards first: you guessed" in loops.inner_text()
    loops.screenshot(path=str(ARTIFACTS / f"06_war_numbers-guess-loops-{stem}.png"))
    app.assert_clean()

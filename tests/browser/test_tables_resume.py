"""Resume in the Switch and War apps (issue 20 point 3): moves, then a reload of the page (a new
kernel), and the same hand (Switch) or the same card counts (War) are back with "Welcome back:
…"; the browser keeps only the seat's token.

The session's Voilà (``tests/browser/conftest.py``), whose kernels use a table store in a
temporary file (``store_url``), so that the test neither reads nor writes the user's default
store."""
import re

from .tables import buttons, pos, settle, wait_for_change, what_now

HAND = ".ck-hand-south .ck-cardbtn"
PLAYABLE = HAND + ":not([aria-disabled='true'])"
FLIP = ".ck-actions [data-key='act:flip']"
TOKEN = re.compile(r"^[A-HJ-NP-Z2-9]{8}\.[A-Za-z0-9_-]{43}$")


def stored(app) -> dict:
    return app.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def switch_move(app) -> None:
    """Play the first playable card, else choose a suit, else draw or pass."""
    old = pos(app)
    if app.locator(PLAYABLE).count():
        app.locator(PLAYABLE).first.click(position={"x": 6, "y": 30})
    else:
        names = buttons(app)
        choice = next((n for n in names if n[:1] in "♠♥♦♣"), None) or next(
            (n for n in ("Draw", "Pass") if n in names), None)
        assert choice is not None, names
        app.locator(".ck-actions button", has_text=choice).first.click()
    wait_for_change(app, old)


def war_move(app) -> None:
    app.locator(FLIP + ":not([aria-disabled='true'])").wait_for(timeout=15_000)
    old = pos(app)
    app.locator(FLIP).click()
    wait_for_change(app, old)


def reload_and_welcome(app, game: str, seen, move) -> None:
    """Two moves, a reload: the same position (``seen(app)``), welcomed back, and play goes on."""
    for _i in range(2):
        settle(app)
        move(app)
    settle(app)
    before = seen(app)
    keep = stored(app)
    (key, token), = keep.items()
    assert key == f"cardkit:{game}:resume:/voila/render/{game}_app.ipynb" and TOKEN.match(token)
    app.reload(wait_until="domcontentloaded")           # Voilà: a new kernel, a fresh deal
    app.wait_for_function("() => (document.querySelector('.ck-whatnow') || {}).innerText"
                          "?.includes('Welcome back')", timeout=90_000)
    settle(app)
    said = what_now(app)
    assert re.search(r"Welcome back: you have \d+ cards?\.", said), said
    assert seen(app) == before
    assert stored(app) == keep
    move(app)                                           # and the resumed match plays on
    settle(app)


def test_a_switch_reload_brings_the_same_hand_back(open_app):
    app = open_app("switch_app", wait_for=HAND)
    reload_and_welcome(app, "switch", lambda a: a.eval_on_selector_all(
        HAND, "els => els.map(e => e.dataset.key)"), switch_move)


def test_a_war_reload_brings_the_same_counts_back(open_app):
    app = open_app("war_app", wait_for=FLIP)
    reload_and_welcome(app, "war", lambda a: (a.eval_on_selector_all(
        ".ck-war-row .ck-count", "els => els.map(e => e.innerText)"),
        a.locator(".ck-counters").inner_text()), war_move)

"""Resume in the Écarté app (issue 20 point 3): moves, then a reload of the page (a new kernel),
or a killed kernel and a reload, and the same hand is back with "Welcome back: …"; the browser
keeps only the seat's token.

The session's Voilà (``tests/browser/conftest.py``), whose kernels use a table store in a
temporary file (``store_url``), so that the test neither reads nor writes the user's default
store."""
import re

from .tables import kill_kernel, settle, wait_game_stopped, what_now

HAND = ".ck-hand-south .ck-cardbtn"
PLAYABLE = HAND + ":not([aria-disabled='true'])"
PREFER = ("Propose an exchange", "Accept (new cards)", "Stand (play these cards)")
TOKEN = re.compile(r"^[A-HJ-NP-Z2-9]{8}\.[A-Za-z0-9_-]{43}$")


def hand(app) -> list[str]:
    return app.eval_on_selector_all(HAND, "els => els.map(e => e.dataset.key)")


def one_move(app) -> None:
    """The person's move: an exchange decision, a discard of one card, or a card played."""
    old = app.locator(".ck-root").get_attribute("data-pos")
    names = [b.inner_text().strip() for b in app.locator(".ck-actions button").all()]
    choice = next((n for n in PREFER if n in names), None)
    if choice is not None:
        app.locator(".ck-actions button", has_text=choice).first.click()
    elif app.locator(".ck-actions [data-key='act:discard']").count():
        app.locator(HAND).first.click()
        app.locator(".ck-actions [data-key='act:discard']").click()
    else:
        app.locator(PLAYABLE).first.click()
    app.wait_for_function("(old) => document.querySelector('.ck-root').dataset.pos !== old", arg=old)


def stored(app) -> dict:
    return app.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def two_moves_then(app, lose) -> None:
    """Two moves, ``lose(app)`` (the kernel goes), a reload: the same hand, welcomed back."""
    settle(app)
    one_move(app)
    settle(app)
    one_move(app)
    settle(app)
    before = (hand(app), app.locator(".ck-subtitle").inner_text())
    keep = stored(app)
    assert len(keep) == 1
    (key, token), = keep.items()
    assert key == "cardkit:ecarte:resume:/voila/render/ecarte_app.ipynb" and TOKEN.match(token)

    lose(app)
    app.reload(wait_until="domcontentloaded")           # Voilà: a new kernel, a fresh deal
    app.locator(HAND).first.wait_for(state="visible", timeout=90_000)
    app.wait_for_function("() => (document.querySelector('.ck-whatnow') || {}).innerText"
                          "?.includes('Welcome back')", timeout=30_000)
    settle(app)
    said = what_now(app)
    assert re.search(r"Welcome back: hand \d+, you \d+, Computer \d+", said), said
    assert (hand(app), app.locator(".ck-subtitle").inner_text()) == before
    assert stored(app) == keep
    one_move(app)                                       # and the resumed match plays on
    settle(app)


def test_a_reload_brings_the_same_hand_back(open_app):
    two_moves_then(open_app("ecarte_app", wait_for=HAND), lambda app: None)


def test_three_reloads_right_after_the_deal_show_the_same_five_cards(open_app):
    """Issue 31: the deal is the match's from the moment the page shows it, so reloading before
    the first decision never deals other cards (a student cannot reload for a better hand)."""
    app = open_app("ecarte_app", wait_for=HAND)
    settle(app)
    app.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('cardkit:ecarte:resume:'))",
                          timeout=30_000)
    first, keep = hand(app), stored(app)
    assert len(first) == 5
    for _reload in range(3):
        app.reload(wait_until="domcontentloaded")       # a new kernel, with a deal of its own
        app.locator(HAND).first.wait_for(state="visible", timeout=90_000)
        app.wait_for_function("() => (document.querySelector('.ck-whatnow') || {}).innerText"
                              "?.includes('Welcome back')", timeout=30_000)
        settle(app)
        assert hand(app) == first and stored(app) == keep
    one_move(app)                                       # and that deal is played from there
    settle(app)


def test_a_copied_token_takes_the_seat_and_the_first_page_says_so(open_app):
    """Issue 31, one live page per seat: the seat's token copied into another browser takes the
    seat there; within 2 s the first page says so, and a click on it afterwards lands nothing."""
    first = open_app("ecarte_app", wait_for=HAND)
    settle(first)
    one_move(first)
    settle(first)
    (key, token), = stored(first).items()
    second = open_app("ecarte_app", wait_for=HAND)                  # another browser (its own storage)
    second.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, token])
    second.reload(wait_until="domcontentloaded")
    second.locator(HAND).first.wait_for(state="visible", timeout=90_000)
    second.wait_for_function("() => (document.querySelector('.ck-whatnow') || {}).innerText"
                             "?.includes('Welcome back')", timeout=30_000)
    settle(second)
    assert hand(second) == hand(first)
    first.wait_for_function("() => document.querySelector('.ck-whatnow').innerText"
                            ".includes('This seat is now open on another page')", timeout=2_500)
    seen = (hand(second), second.locator(".ck-root").get_attribute("data-pos"))
    if first.locator(PLAYABLE).count():                             # a click there changes nothing
        first.locator(PLAYABLE).first.click()
        first.wait_for_timeout(1_500)
        assert "This seat is now open on another page" in what_now(first)
    assert (hand(second), second.locator(".ck-root").get_attribute("data-pos")) == seen
    one_move(second)                                                # the second page plays on


def test_a_killed_kernel_then_a_reload_brings_it_back(open_app):
    def kill(app):
        app.kernel_gone = True          # the page's attempts to reach it are expected to fail
        kill_kernel(app)
        wait_game_stopped(app)
    app = open_app("ecarte_app", wait_for=HAND)
    two_moves_then(app, kill)
    # leaving the page asks Voilà to shut the dead kernel down, which it refuses (403): expected
    app.console_errors = [e for e in app.console_errors if "/voila/api/shutdown/" not in e]

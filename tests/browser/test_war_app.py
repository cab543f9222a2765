"""The War app served by Voilà, played in Debian's chromium.

The game is played by clicking, as a student would: **Flip** battle after battle, then the pause
set to 0 and **Play to the end**. Before the first flip the page names no card at all (all 52 are
face down); while flipping, every card the page names has been turned up on the table (face-down
cards of a war are backs until the war is settled, and the packets are backs); and no console
error is logged.
"""
import re
import time

CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])[♠♥♦♣]")


def cards_named(text: str) -> set[str]:
    return {m.group(0) for m in CARD.finditer(text)}


def page_text(app) -> str:
    """Everything a person can read: the text on the page and every button's tooltip."""
    return app.evaluate("() => document.body.innerText + '\\n' + [...document.querySelectorAll("
                        "'[title]')].map(e => e.getAttribute('title')).join('\\n')")


def table_faces(app) -> set[str]:
    """The cards face up on the table now (a back has no text)."""
    texts = app.locator(".ck-war-cards .widget-button").evaluate_all(
        "bs => bs.map(b => b.innerText.trim())")
    return {t for t in texts if CARD.fullmatch(t)}


def backs_are_blank(app) -> None:
    """Packets and face-down cards: no text, no tooltip."""
    shown = app.locator(".widget-button.ck-back").evaluate_all(
        "bs => bs.map(b => [b.innerText.trim(), (b.getAttribute('title') || '').trim()])")
    assert shown, "no card backs on the page"
    for text, tooltip in shown:
        assert not CARD.search(text) and not tooltip, (text, tooltip)


def counters(app) -> str:
    return app.locator(".ck-war-counters").inner_text().strip()


def what_now(app) -> str:
    return app.locator(".ck-whatnow").inner_text().strip().removeprefix("What now:").strip()


def action(app, label):
    return app.locator(".ck-war-actions .widget-button", has_text=label).first


def settle(app, timeout=15.0) -> None:
    """Wait until the table stops changing (one click's updates arrive as several messages, and
    a war's face-down cards turn face up after the pause)."""
    app.settle([".ck-war-cards .widget-button"], texts=(".ck-whatnow", ".ck-log", ".ck-war-counters"),
               busy="in a moment", interval_ms=300, timeout=timeout)


def flip(app) -> None:
    before = counters(app)
    action(app, "Flip").click()
    app.wait_for_function("b => document.querySelector('.ck-war-counters').innerText.trim() !== b",
                          arg=before, timeout=30_000)
    settle(app)


def test_flip_then_play_to_the_end(open_app):
    app = open_app("war_app", wait_for=".ck-war-actions .widget-button")
    assert "War" in app.locator("h1").inner_text()
    assert "from cardkit_tables import" not in app.content()            # no code on the page
    assert cards_named(page_text(app)) == set()                   # every card is face down
    backs_are_blank(app)
    assert counters(app) == "battles 0 · wars 0"

    revealed: set[str] = set()
    for _ in range(25):
        flip(app)
        revealed |= table_faces(app)
        if "Battle:" in app.locator(".ck-log").inner_text():
            # the newest log line is the battle on the table: it names only its cards
            newest = app.locator(".ck-log li").first.inner_text()
            assert cards_named(newest) <= table_faces(app) | revealed
        named = cards_named(page_text(app))
        assert named <= revealed, f"the page names cards never turned up: {named - revealed}"
        backs_are_blank(app)
        if "Press New game" in what_now(app):
            break
    assert len(revealed) >= 10

    # the pause slider to 0 (its readout can be typed into), then play to the end
    readout = app.locator(".ck-settings .widget-readout").first
    readout.click()
    app.keyboard.press("Control+A")
    app.keyboard.type("0")
    app.keyboard.press("Enter")
    app.wait_for_timeout(500)
    if "Press New game" not in what_now(app):
        action(app, "Play to the end").click()
        app.wait_for_function("() => document.querySelector('.ck-whatnow').innerText"
                              ".includes('Press New game to play again')", timeout=120_000)
    final = what_now(app)
    print(f"\nWar app: {counters(app)}; {final}")
    assert re.search(r"wins? the game|draw", final), final        # "You win" or "Player 2 wins"
    assert app.locator(".ck-war-actions .widget-button:visible").count() == 0
    backs_are_blank(app)
    # every card the page names now is on the table or in the log of played battles
    log = app.locator(".ck-log").inner_text()
    assert cards_named(page_text(app)) <= cards_named(log) | table_faces(app)


def test_variant_chooser_starts_a_new_game(open_app):
    app = open_app("war_app", wait_for=".ck-war-actions .widget-button")
    app.locator(".ck-settings select").select_option(label="Peace (lowest wins)")
    app.get_by_role("button", name="New game").click()
    app.wait_for_function("() => document.querySelector('.ck-title-line').innerText.includes('Peace (lowest wins)')",
                          timeout=30_000)
    flip(app)
    time.sleep(0.2)
    assert "battles 1" in counters(app)
    assert cards_named(page_text(app)) <= table_faces(app)

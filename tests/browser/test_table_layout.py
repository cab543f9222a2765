"""The three tables in play, served by Voilà in Debian's chromium at 1280 × 800 and 390 × 844 (the
notebook ``tests/browser/notebooks/table_layout.ipynb``):

- on an Écarté table where the computer leads the 10♥ with hearts trumps, the "★ trump" tag on
  that card in the trick sits clear of the "Trick 1" label above it, inside the felt (it once
  overlapped the label);
- no two controls of a table share a name (an Écarté table in task mode once had two called
  "Hint": the advisor's check box in the settings and the task's button), with the settings open;
- a long Switch hand (11 cards and more) stays on the felt, and a redraw that leaves the hand as
  it is slides none of its cards (the overlap was once worked out a frame late, so every card slid);
- "✕ not allowed" and "★ trump" tags stay within their cards' width;
- a What now text longer than its box on a phone says "more ▾" until scrolled to its end;
- screenshots of each table in play in ``artifacts/tables/layout_<game>_<size>*.png``.
"""
import pytest

from .tables import VIEWPORTS, artefact, settle_table, wait_pos_change

ECARTE, WAR, SWITCH = (f".ck-root.ck-game-{g}" for g in ("ecarte", "war", "switch"))
TRICK_TAG = f"{ECARTE} .ck-trick .ck-tag-trump"

# every control's accessible name in a table, as a screen reader reads it out (aria-label, else
# the text of its <label>, else its own text), of the controls that are not hidden
NAMES_JS = """root => [...root.querySelectorAll('button, summary, input, select')]
  .filter(e => !e.closest('[hidden]'))
  .map(e => (e.getAttribute('aria-label')
             || (e.labels && e.labels.length ? e.labels[0].innerText.trim().split('\\n')[0] : '')
             || e.innerText || '').trim())"""


def _norm(name: str) -> str:
    """A name as a person hears it: without the leading symbols (⚙, ↺, ✓) and case."""
    return name.lstrip("⚙↺✓★💡 ").strip().casefold()


def box(app, sel):
    b = app.locator(sel).first.bounding_box()
    assert b, f"{sel} is not drawn"
    return b


def press(app, root, locator):
    """Press a control and wait for the table to move on and settle."""
    old = app.locator(root).get_attribute("data-pos")
    locator.click()
    wait_pos_change(app, root, old)
    settle_table(app, root, quiet_ms=800, timeout_ms=20_000)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_ecarte_trump_tag_in_the_trick_clears_the_trick_label(open_app, size):
    app = open_app("table_layout", where="tests", wait_for=TRICK_TAG, viewport=VIEWPORTS[size])
    app.locator(ECARTE).scroll_into_view_if_needed()
    app.locator(ECARTE).screenshot(path=artefact(f"layout_ecarte_{size}_trump_led.png"))
    label, tag = box(app, f"{ECARTE} .ck-trick-label"), box(app, TRICK_TAG)
    card = box(app, f"{ECARTE} .ck-trick-them .ck-card")
    middle, felt = box(app, f"{ECARTE} .ck-middle"), box(app, f"{ECARTE} .ck-felt")
    assert app.locator(f"{ECARTE} .ck-trick-label").inner_text() == "Trick 1"
    assert app.locator(TRICK_TAG).inner_text() == "★ trump"
    # the tag is on the card (its top edge), below the label: they do not overlap
    assert tag["y"] >= label["y"] + label["height"], (label, tag)
    assert card["y"] - tag["height"] <= tag["y"] <= card["y"] + card["height"] / 3, (card, tag)
    # and it is not cut off: inside the middle of the felt, and inside the screen
    assert middle["y"] <= tag["y"] and tag["y"] + tag["height"] <= middle["y"] + middle["height"]
    assert felt["x"] <= tag["x"] and tag["x"] + tag["width"] <= felt["x"] + felt["width"]
    assert app.evaluate("() => document.documentElement.scrollWidth") <= VIEWPORTS[size]["width"]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_no_two_controls_of_a_table_share_a_name(open_app, size):
    app = open_app("table_layout", where="tests", wait_for=f"{SWITCH} .ck-cardbtn", viewport=VIEWPORTS[size])
    for root in (ECARTE, WAR, SWITCH):
        app.locator(f"{root} .ck-settings > summary").click()
        app.locator(f"{root} .ck-settings-row input").first.wait_for(state="visible")
        names = app.locator(root).evaluate(NAMES_JS)
        assert all(names), f"{root}: a control without a name: {names}"
        seen: dict[str, str] = {}
        for n in names:
            assert _norm(n) not in seen, f"{root}: two controls called {seen[_norm(n)]!r} and {n!r}: {names}"
            seen[_norm(n)] = n
    # the Écarté table in task mode: the task's Hint button and the advisor's check box
    names = app.locator(ECARTE).evaluate(NAMES_JS)
    assert "Hint" in names and "Show advice" in names, names


def _ecarte_in_play(app):
    press(app, ECARTE, app.locator(f"{ECARTE} .ck-cardbtn[data-key='card:QH']"))   # the right answer


def _war_in_play(app):
    for _ in range(3):
        flip = app.locator(f"{WAR} [data-key='act:flip']:not([aria-disabled='true'])")
        flip.wait_for(state="visible", timeout=30_000)
        press(app, WAR, flip)


def _switch_in_play(app):
    for _ in range(2):
        app.wait_for_function(
            "sel => document.querySelector(sel).querySelectorAll(\".ck-cardbtn:not([aria-disabled='true']),"
            " .ck-stock-btn, .ck-actions button:not([aria-disabled='true'])\").length", arg=SWITCH, timeout=30_000)
        card = app.locator(f"{SWITCH} .ck-hand .ck-cardbtn:not([aria-disabled='true'])")
        button = app.locator(f"{SWITCH} .ck-actions button:not([aria-disabled='true'])")
        target = card.first if card.count() else button.first
        press(app, SWITCH, target)


def _switch_long_hand(app, want=11):
    """Draw (and keep the card drawn) until the hand holds ``want`` cards or the game stops."""
    hand = app.locator(f"{SWITCH} .ck-hand-south .ck-cardbtn")
    for _ in range(40):
        if hand.count() >= want:
            return
        app.wait_for_function(
            "sel => document.querySelector(sel).querySelector(\"[data-key='act:draw']:not([aria-disabled='true']),"
            " [data-key='act:pass']:not([aria-disabled='true'])\")", arg=SWITCH, timeout=30_000)
        keep = app.locator(f"{SWITCH} [data-key='act:pass']:not([aria-disabled='true'])")
        press(app, SWITCH, keep if keep.count() else
              app.locator(f"{SWITCH} [data-key='act:draw']:not([aria-disabled='true'])"))
    pytest.fail(f"the hand did not grow to {want} cards: {hand.count()}")


def _hand_spill(app, root):
    """The hand's cards drawn outside the felt (px past its inner edges), if any."""
    return app.locator(root).evaluate("""r => { const f = r.querySelector('.ck-felt').getBoundingClientRect();
        return [...r.querySelectorAll('.ck-hand-south .ck-cardbtn')].map(c => c.getBoundingClientRect())
          .filter(b => b.left < f.left + 4 || b.right > f.right - 4)
          .map(b => [Math.round(b.left - f.left), Math.round(f.right - b.right)]); }""")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_long_switch_hand_stays_on_the_felt_and_still(open_app, size):
    app = open_app("table_layout", where="tests", wait_for=f"{SWITCH} .ck-cardbtn", viewport=VIEWPORTS[size])
    app.locator(SWITCH).scroll_into_view_if_needed()
    _switch_long_hand(app)
    app.wait_for_timeout(1200)                       # the cards' movements are over
    assert not _hand_spill(app, SWITCH), _hand_spill(app, SWITCH)
    # a redraw that leaves the hand as it is (here: Four-colour suits ticked) slides none of its
    # cards: each is drawn where it ends up at once, overlapped as the row needs (no slide from
    # where it would be before the overlap)
    app.evaluate("""sel => { window.ckSlides = []; const r = document.querySelector(sel);
        new MutationObserver(() => { for (const c of r.querySelectorAll('.ck-hand-south .ck-cardbtn'))
            if (c.getAnimations().length) window.ckSlides.push(c.dataset.key); })
          .observe(r.querySelector('.ck-felt'), {childList: true, subtree: true}); }""", SWITCH)
    app.locator(f"{SWITCH} .ck-settings > summary").click()
    app.locator(f"{SWITCH} [data-key='tog:four_colour']").check()
    app.wait_for_function("sel => document.querySelector(sel).classList.contains('ck-four')", arg=SWITCH)
    app.wait_for_timeout(500)
    assert app.evaluate("() => window.ckSlides") == []
    assert not _hand_spill(app, SWITCH), _hand_spill(app, SWITCH)
    app.locator(SWITCH).screenshot(path=artefact(f"layout_switch_{size}_long_hand.png"))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_tables_in_play_fit_the_screen(open_app, size):
    app = open_app("table_layout", where="tests", wait_for=f"{SWITCH} .ck-cardbtn", viewport=VIEWPORTS[size])
    width = VIEWPORTS[size]["width"]
    for game, root, play in (("ecarte", ECARTE, _ecarte_in_play), ("war", WAR, _war_in_play),
                             ("switch", SWITCH, _switch_in_play)):
        app.locator(root).scroll_into_view_if_needed()
        play(app)
        t = box(app, root)
        assert t["x"] >= 0 and t["x"] + t["width"] <= width, (game, t)
        assert app.evaluate("() => document.documentElement.scrollWidth") <= width
        # every button inside the table and on the screen
        for b in app.locator(f"{root} button:visible").all():
            bb = b.bounding_box()
            assert bb and t["x"] - 1 <= bb["x"] and bb["x"] + bb["width"] <= t["x"] + t["width"] + 1, (game, bb)
        # every tag on a card ("★ trump", "✕ not allowed") within its card's width, so that a
        # hand of tagged cards side by side reads card by card
        spill = app.locator(root).evaluate("""r => [...r.querySelectorAll('.ck-tag')].filter(t => t.offsetParent)
            .map(t => { const a = t.getBoundingClientRect(), c = t.closest('.ck-card').getBoundingClientRect();
                        return [t.innerText, a.left - c.left, c.right - a.right]; })
            .filter(([, l, r]) => l < -1 || r < -1)""")
        assert not spill, f"{game}: tags wider than their cards: {spill}"
        app.wait_for_timeout(1200)                   # the cards' movements are over
        app.locator(root).screenshot(path=artefact(f"layout_{game}_{size}.png"))


def test_a_long_what_now_shows_whole_on_a_phone_and_says_more_on_a_desktop(open_app):
    """On a phone (390 and 320 px) the What now box shows its whole text: four lines high at
    least, taller when it says more (a cut sentence on a phone, issue 19). On a desktop it keeps
    its place and size (nothing below it moves) and scrolls: when its text goes on below the box
    it shows "more ▾" (class ck-more); a tap opens it to its whole text, another closes it; "more"
    is gone once scrolled to the end."""
    app = open_app("table_layout", where="tests", wait_for=TRICK_TAG, viewport=VIEWPORTS["phone"])
    now = app.locator(f"{ECARTE} .ck-whatnow")
    assert "ck-more" not in now.get_attribute("class")          # the question fits
    box = now.bounding_box()

    def say(text):
        now.evaluate("(e, t) => { e.querySelector('.ck-whatnow-text').textContent = t;"
                     " e.dispatchEvent(new Event('scroll')); }", text)

    def whole():
        return now.evaluate("e => e.scrollHeight <= e.clientHeight + 1")

    def in_table():
        return now.evaluate("e => { const r = e.getBoundingClientRect(), t = e.closest('.ck-root')"
                            ".getBoundingClientRect(); return [r.x - t.x, r.y - t.y, r.width, r.height]; }")

    say("You must follow suit and win the trick if you can. " * 8)
    for size in (VIEWPORTS["phone"], {"width": 320, "height": 720}):
        app.set_viewport_size(size)
        now.evaluate("e => e.dispatchEvent(new Event('scroll'))")
        assert whole() and "ck-more" not in now.get_attribute("class"), size
        assert now.bounding_box()["height"] > 1.5 * box["height"]
    now.screenshot(path=artefact("whatnow_whole_phone_320.png"))

    app.set_viewport_size(VIEWPORTS["desktop"])
    say("You must follow suit and win the trick if you can. " * 14)
    assert "ck-more" in now.get_attribute("class")
    box = now.bounding_box()
    place = in_table()
    more = app.locator(f"{ECARTE} .ck-more-btn")       # a button (the keyboard's way: test_keyboard_a11y)
    assert more.is_visible() and more.inner_text().strip() == "more ▾"
    # a tap opens the box to its whole text (the person asked: what is below may move), and
    # another tap closes it to its place and size
    now.click()
    assert "ck-open" in now.get_attribute("class") and "ck-more" not in now.get_attribute("class")
    assert whole() and now.bounding_box()["height"] > box["height"]
    assert more.inner_text().strip() == "less ▴" and more.get_attribute("aria-expanded") == "true"
    now.screenshot(path=artefact("whatnow_open_phone.png"))
    now.click()
    assert "ck-open" not in now.get_attribute("class") and "ck-more" in now.get_attribute("class")
    # the same size, at the same place in its table (the taps may have scrolled the page)
    assert in_table() == place
    now.evaluate("e => { e.scrollTop = e.scrollHeight; e.dispatchEvent(new Event('scroll')); }")
    assert "ck-more" not in now.get_attribute("class")

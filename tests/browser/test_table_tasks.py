"""Task mode on the three tables, served by Voilà in Debian's chromium at 1280 × 800 and 390 × 844
(the notebook ``tests/browser/notebooks/table_tasks.ipynb``; its deals are worked out in
``tests/tables/test_table_tasks.py``): nothing greyed and the question on the What now line before the
first attempt, Hint, a refused attempt naming the rule, the ✓, a War prediction, Deal this again;
the task row fits under the buttons without moving the table, the What now box or the buttons;
screenshots in ``artifacts/tables/``."""
import pytest

from .tables import VIEWPORTS, artefact, wait_pos_change
from .tables import settle_table as settle

ECARTE, WAR, SWITCH = (f".ck-root.ck-game-{g}" for g in ("ecarte", "war", "switch"))
STILL = [".ck-felt", ".ck-whatnow", ".ck-actions", ".ck-newgame", ".ck-taskbar"]


#: (x, y, w, h) of each of ``parts`` of the table ``r``, from the top left corner of its toolbar
#: (an app's one-line introduction, ``intro=True``, sits above it), in one go
BOXES_JS = """(r, parts) => { const o = r.querySelector(".ck-toolbar").getBoundingClientRect();
  return parts.map(p => { const b = r.querySelector(p).getBoundingClientRect();
    return [b.x - o.x, b.y - o.y, b.width, b.height].map(Math.round); }); }"""


def boxes(app, root, parts=tuple(STILL)):
    """(x, y, w, h) of each of ``parts``, from the table's toolbar's top left corner (read in one go, so
    that a redraw cannot fall between two of them)."""
    got = app.locator(root).evaluate(BOXES_JS, list(parts))
    return {p: tuple(b) for p, b in zip(parts, got, strict=False)}


def what_now(app, root):
    return app.locator(f"{root} .ck-whatnow").inner_text()


def click_and_wait(app, root, locator) -> tuple[str, dict]:
    """Click, wait for the table to redraw (a refusal redraws without a new position) and to
    settle (the computer has replied). Returns the What now text the click itself brought and
    the :func:`boxes` of that moment, read in one go when it came: a right answer's "✓" (and
    the table as it showed it) lasts only until the computer's reply."""
    before = what_now(app, root)
    locator.click()
    said, at = app.wait_for_function(
        f"""([sel, old, parts]) => {{ const r = document.querySelector(sel);
             const t = r.querySelector('.ck-whatnow').innerText;
             return t !== old && [t, ({BOXES_JS})(r, parts)]; }}""",
        arg=[root, before, STILL], timeout=30_000).json_value()
    settle(app, root)
    return said, {p: tuple(b) for p, b in zip(STILL, at, strict=False)}


def taskbar_fits(app, root, width):
    """The task row is under the buttons, inside the table and the screen, on one line."""
    bar = app.locator(f"{root} .ck-taskbar").bounding_box()
    acts = app.locator(f"{root} .ck-actions").bounding_box()
    table = app.locator(root).bounding_box()
    assert bar["y"] >= acts["y"] + acts["height"] - 1, (bar, acts)
    assert table["x"] - 1 <= bar["x"] and bar["x"] + bar["width"] <= table["x"] + table["width"] + 1
    assert bar["x"] + bar["width"] <= width
    for b in app.locator(f"{root} .ck-taskbar button").all():
        bb = b.bounding_box()
        assert bb["x"] + bb["width"] <= width and bb["height"] <= 60, bb


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_ecarte_task_predict_then_see(open_app, size):
    app = open_app("table_tasks", where="tests", wait_for=f"{ECARTE} .ck-cardbtn",
                   viewport=VIEWPORTS[size])
    width = VIEWPORTS[size]["width"]
    assert app.evaluate("() => document.documentElement.scrollWidth") <= width
    root = ECARTE
    app.locator(root).scroll_into_view_if_needed()
    assert what_now(app, root) == "Your turn: The computer leads the 9♠. Which card must you play?"
    assert app.locator(f"{root} .ck-cardbtn.ck-blocked").count() == 0       # nothing greyed
    assert app.locator(f"{root} .ck-cardbtn").count() == 5
    names = [b.inner_text().strip() for b in app.locator(f"{root} .ck-taskbar button").all()]
    assert names == ["Hint", "↺ Deal this again"]
    taskbar_fits(app, root, width)
    still = boxes(app, root)
    app.locator(root).screenshot(path=artefact(f"task_ecarte_{size}_question.png"))

    click_and_wait(app, root, app.locator(f"{root} [data-key='task:hint']"))
    assert what_now(app, root).endswith("Hint: Which of your spades beats the 9♠?")
    assert app.locator(f"{root} .ck-cardbtn.ck-blocked").count() == 0
    assert boxes(app, root) == still

    seven = app.locator(f"{root} .ck-cardbtn[data-key='card:7S']")
    click_and_wait(app, root, seven)
    text = what_now(app, root)
    assert "You must win the trick if you can: 7♠ does not beat 9♠, but K♠ does" in text, text
    assert "ck-tone-warn" in app.locator(f"{root} .ck-whatnow").get_attribute("class")
    assert app.locator(f"{root} .ck-cardbtn.ck-blocked").count() == 4      # the greying is back
    assert app.locator(f"{root} .ck-cardbtn").count() == 5                  # nothing was played
    assert boxes(app, root) == still
    app.locator(root).screenshot(path=artefact(f"task_ecarte_{size}_refused.png"))

    click_and_wait(app, root, app.locator(f"{root} .ck-cardbtn[data-key='card:KS']"))
    # the ✓ speaks of the move made, on its own line; then what to do now
    assert what_now(app, root).startswith("✓ You must follow suit and win the trick if you can.\nWhat now: ")
    assert app.locator(f"{root} .ck-cardbtn[data-key='card:KS']").count() == 0
    assert boxes(app, root) == still
    app.locator(root).screenshot(path=artefact(f"task_ecarte_{size}_right.png"))

    old = app.locator(root).get_attribute("data-pos")
    app.locator(f"{root} [data-key='task:again']").click()
    app.locator(f"{root} [data-key='confirm:yes']").click()             # a game in progress: asked
    wait_pos_change(app, root, old)
    app.wait_for_function("sel => document.querySelector(sel + ' .ck-whatnow').innerText.includes('Which card')",
                          arg=root, timeout=30_000)
    assert what_now(app, root) == "Your turn: The computer leads the 9♠. Which card must you play?"
    assert app.locator(f"{root} .ck-cardbtn").count() == 5
    assert app.locator(f"{root} .ck-cardbtn.ck-blocked").count() == 0
    assert boxes(app, root) == still


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_war_prediction_and_switch_task(open_app, size):
    app = open_app("table_tasks", where="tests", wait_for=f"{SWITCH} .ck-cardbtn",
                   viewport=VIEWPORTS[size])
    width = VIEWPORTS[size]["width"]
    # -- War: the choices in the task row, Flip held until the right one
    root = WAR
    app.locator(root).scroll_into_view_if_needed()
    assert what_now(app, root).startswith("Your turn: You (Player 1) turn up the Q♠ and the computer "
                                          "(Player 2) the A♦.")
    flip = app.locator(f"{root} [data-key='act:flip']")
    assert flip.get_attribute("aria-disabled") == "true"
    choices = app.locator(f"{root} .ck-taskbar .ck-choice")
    assert [c.inner_text() for c in choices.all()] == ["Player 1", "Player 2"]
    taskbar_fits(app, root, width)
    still = boxes(app, root)
    app.locator(root).screenshot(path=artefact(f"task_war_{size}_question.png"))
    click_and_wait(app, root, choices.nth(0))
    assert "The queen is high, but one card is higher." in what_now(app, root)
    assert app.locator(f"{root} .ck-counters").inner_text().startswith("battles 0")
    click_and_wait(app, root, choices.nth(1))
    assert what_now(app, root).startswith("✓ The ace is the highest card.\nWhat now: ")
    assert app.locator(f"{root} .ck-counters").inner_text().startswith("battles 1")
    assert flip.get_attribute("aria-disabled") is None
    assert [c.inner_text() for c in choices.all()] == ["Player 1", "✓ Player 2"]
    assert [c.get_attribute("aria-disabled") for c in choices.all()] == ["true", "true"]
    assert boxes(app, root) == still
    app.locator(root).screenshot(path=artefact(f"task_war_{size}_right.png"))

    # -- Switch: a legal wrong card is refused and stays in the hand
    root = SWITCH
    app.locator(root).scroll_into_view_if_needed()
    assert what_now(app, root) == "Your turn: Play a card that matches the 3♥ by its rank, not its suit."
    assert app.locator(f"{root} .ck-cardbtn.ck-blocked").count() == 0
    taskbar_fits(app, root, width)
    still = boxes(app, root)
    click_and_wait(app, root, app.locator(f"{root} .ck-cardbtn[data-key='card:6H']"))
    assert "this time find the one that matches the rank" in what_now(app, root)
    assert app.locator(f"{root} .ck-hand-south .ck-cardbtn").count() == 4
    assert app.locator(f"{root} .ck-hand-south .ck-cardbtn.ck-blocked").count() == 2   # K♠, 9♦
    assert boxes(app, root) == still
    app.locator(root).screenshot(path=artefact(f"task_switch_{size}_refused.png"))
    said, shown = click_and_wait(app, root, app.locator(f"{root} .ck-cardbtn[data-key='card:3C']"))
    assert "✓ A card may match by rank" in said, said
    assert shown == still
    app.screenshot(path=artefact(f"task_tables_{size}.png"), full_page=True)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_task_row_moves_nothing_the_apps_have(open_app, size):
    """The felt, What now, the buttons and New game of a table with a task stand where the
    lesson apps' tables have them: the task row only adds a row under the buttons. (The Écarté
    app's ⚙ Settings line also holds "Play a classmate", 44 px tall: the parts under that line
    are measured from its bottom. What now is as tall as its text, which the deal decides on a
    phone: its height is not compared, and the buttons under it are measured from its bottom.)"""
    parts = (".ck-felt", ".ck-whatnow", ".ck-actions", ".ck-newgame", ".ck-toolrow")

    def below_settings(got: dict) -> dict:
        _x, y, _w, h = got.pop(".ck-toolrow")
        got = {p: (b if p == ".ck-newgame" else (b[0], b[1] - (y + h), *b[2:])) for p, b in got.items()}
        x, top, w, tall = got[".ck-whatnow"]
        got[".ck-whatnow"] = (x, top, w)
        a = got[".ck-actions"]
        got[".ck-actions"] = (a[0], a[1] - (top + tall), a[2], a[3])
        return got

    tasks = open_app("table_tasks", where="tests", wait_for=f"{SWITCH} .ck-cardbtn", viewport=VIEWPORTS[size])
    for game, root in (("ecarte", ECARTE), ("war", WAR)):
        mine = below_settings(boxes(tasks, root, parts))
        plain = open_app(f"{game}_app", wait_for=".ck-root .ck-newgame", viewport=VIEWPORTS[size])
        settle(plain, ".ck-root")
        theirs = below_settings(boxes(plain, ".ck-root", parts))
        # (to a pixel: each box is rounded, and What now's fractional height with it)
        assert mine.keys() == theirs.keys() and all(
            len(mine[p]) == len(theirs[p])
            and all(abs(a - b) <= 1 for a, b in zip(mine[p], theirs[p], strict=True))
            for p in mine), (game, mine, theirs)


def test_a_busy_kernel_is_lost_for_a_while_then_the_table_comes_back(open_app):
    """A kernel busy for 12 s (a button of the notebook sleeps) leaves a click unanswered: the
    table says the connection is lost; when the kernel answers, the notice goes and the table
    plays again."""
    app = open_app("table_tasks", where="tests", wait_for=f"{ECARTE} .ck-cardbtn",
                   viewport=VIEWPORTS["desktop"])
    root = ECARTE
    app.locator(".widget-button", has_text="Keep the kernel busy").click()
    app.wait_for_timeout(300)
    app.locator(f"{root} [data-key='task:hint']").click()        # not answered for 12 s
    lost = app.locator(f"{root} .ck-lost")
    lost.wait_for(state="visible", timeout=15_000)
    assert lost.inner_text() == "Connection lost — reload the page to play again."
    lost.wait_for(state="hidden", timeout=30_000)
    assert "ck-is-lost" not in app.locator(root).get_attribute("class")
    # the click made while busy was answered too, and the table plays again
    app.wait_for_function("sel => document.querySelector(sel + ' .ck-whatnow').innerText.includes('Hint:')",
                          arg=root, timeout=15_000)
    assert app.locator(f"{root} [data-key='task:again']").get_attribute("aria-disabled") is None
    click_and_wait(app, root, app.locator(f"{root} .ck-cardbtn[data-key='card:KS']"))
    assert what_now(app, root).startswith("✓ You must follow suit")

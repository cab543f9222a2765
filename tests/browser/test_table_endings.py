"""What stays on the table when a trick, a hand or a game ends, served by Voilà in Debian's
chromium (the notebook ``tests/browser/notebooks/table_endings.ipynb``, every table with no pause):

- Écarté, on a stacked deal (you, the non-dealer, hold Q♥ J♥ A♥ 10♥ 8♥ with hearts trumps, the
  computer five spades; you stand): after you lead Q♥ the computer's spade lies in the trick
  area beside it, the Q♥ marked as the winner and "You win the trick with Q♥" said beside the
  trick, until your next lead; a hand ends with its summary on the felt (tricks 5–0, 2 points
  for a stand that won, RULES.md §3.5, you deal next) and Next hand in it; the trick's label
  stays on one line. The same deal in a game to 2 points ends with the game-over panel (won,
  2–0) and New game beside the result. "Really start again?" is modal: the table under it is
  inert, Escape answers No, and a double click on New game selects no text.
- War (one war, then a battle, decide the game): the war's ten cards stay on the table until
  the next Flip; the game-over panel names the winner, with the battles and wars counted.
- Switch (you go out on your second card): the computer's play is named beside the discard pile;
  the game-over panel says you won.
- At 390 and 320 px every What now box shows its whole text.

Screenshots at 1280, 390 and 320 px in ``artifacts/tables/endings_*.png``.
"""
import re

from .tables import VIEWPORTS, artefact

PHONE_320 = {"width": 320, "height": 720}
SPADES = {"7S", "8S", "9S", "10S", "JS"}


def roots(app):
    """The four tables of the notebook, in its order: Écarté (a hand), Écarté (a game to 2),
    War, Switch."""
    r = app.locator(".ck-root")
    return r.nth(0), r.nth(1), r.nth(2), r.nth(3)


def until(app, root, predicate: str, timeout: int = 20_000) -> None:
    """Wait until ``predicate`` (JS, ``r => …`` of the table's root element) holds and the table
    waits for the person (not the computer's turn)."""
    app.wait_for_function(f"r => r.dataset.mode !== 'wait' && ({predicate})(r)",
                          arg=root.element_handle(), timeout=timeout)


def press(app, root, locator, then: str = "r => true") -> None:
    """Click ``locator`` in table ``root``, wait for the table to move on and for ``then``."""
    old = root.get_attribute("data-pos")
    locator.click()
    until(app, root, f"r => r.dataset.pos !== {old!r} && ({then})(r)")


def trick_codes(root) -> dict[str, str]:
    """The codes of the cards lying in the Écarté trick area (``you``/``them``), by their slot."""
    return root.evaluate("""r => Object.fromEntries(['you', 'them'].map(s => {
        const c = r.querySelector('.ck-trick-' + s + ' .ck-face');
        return [s, c ? c.dataset.anim : null]; }))""")


def end_panel(root) -> dict:
    """What the end panel says: title, text, the score pad's rows, its other lines, its button."""
    return root.evaluate("""r => { const e = r.querySelector('.ck-end'); if (!e) return null;
        const t = (s) => { const x = e.querySelector(s); return x ? x.innerText.trim() : null; };
        return {cls: e.className, title: t('.ck-end-title'), text: t('.ck-end-text'), score: t('.ck-end-score'),
                pad: [...e.querySelectorAll('.ck-end-pad tr')].map(tr => [...tr.children].map(c => c.innerText.trim())),
                lines: [...e.querySelectorAll('.ck-end-why p')].map(p => p.innerText.trim()),
                button: t('.ck-end-btn')}; }""")


def whole_what_now(app, width: int) -> None:
    """Every table's What now box shows its whole text (nothing scrolled away, no "more")."""
    cut = app.evaluate("""() => [...document.querySelectorAll('.ck-whatnow')]
        .filter(e => e.scrollHeight > e.clientHeight + 1 || e.classList.contains('ck-more'))
        .map(e => e.innerText)""")
    assert not cut, f"{width} px: What now cut: {cut}"


def shoot(app, root, name: str) -> None:
    """Screenshots of table ``root`` at 1280, 390 and 320 px (back at 1280 after), once the
    gathered cards' flights are over."""
    app.wait_for_function("() => !document.querySelector('.ck-flying')")
    for label, size in (("1280", VIEWPORTS["desktop"]), ("390", VIEWPORTS["phone"]), ("320", PHONE_320)):
        app.set_viewport_size(size)
        root.scroll_into_view_if_needed()
        if label != "1280":
            whole_what_now(app, size["width"])
        root.screenshot(path=artefact(f"endings_{name}_{label}.png"))
        assert root.evaluate(TITLE_CLEAR_JS) == 0, f"{name} at {label} px: New game covers the title"
    app.set_viewport_size(VIEWPORTS["desktop"])


# an end panel's title and its button never overlap, also for a title of one long word (Écarté's
# "Computer won." ran under New game at 320 px): how many lines of the title meet the button (the
# title's text is put back after)
TITLE_CLEAR_JS = """r => {
  const t = r.querySelector('.ck-end-title'), b = r.querySelector('.ck-end-btn');
  if (!t || !b) return 0;
  const meets = () => { const B = b.getBoundingClientRect(), range = document.createRange();
    range.selectNodeContents(t);
    return [...range.getClientRects()].filter((x) => x.width && x.left < B.right && B.left < x.right
                                                   && x.top < B.bottom && B.top < x.bottom).length; };
  const text = t.textContent;
  let n = meets();
  t.textContent = 'Computer won.';
  n += meets();
  t.textContent = text;
  return n;
}"""


def test_an_ecarte_trick_hand_and_game_end_on_the_table(open_app):
    app = open_app("table_endings", where="tests", wait_for=".ck-game-switch .ck-cardbtn",
                   viewport=VIEWPORTS["desktop"])
    hand_table, game_table, _war, _switch = roots(app)
    hand = hand_table.locator(".ck-hand-south .ck-cardbtn")
    press(app, hand_table, hand_table.locator("[data-key='act:stand']"), "r => r.dataset.mode === 'play'")

    # -- the computer's card, played second, stays beside yours with the winner named
    press(app, hand_table, hand_table.locator("[data-key='card:QH']"),
          "r => r.querySelectorAll('.ck-trick .ck-face').length === 2")
    first = trick_codes(hand_table)
    assert first["you"] == "QH" and first["them"] in SPADES, first
    assert hand_table.locator(".ck-trick .ck-trick-winner").get_attribute("data-anim") == "QH"
    assert hand_table.locator(".ck-done-text").inner_text() == "You win the trick with Q♥"
    assert hand_table.locator(".ck-trick").get_attribute("aria-label") == "Trick 1: You win the trick with Q♥"
    assert hand_table.locator(".ck-trick-label").inner_text() == "Trick 1"
    shoot(app, hand_table, "ecarte_finished_trick")

    # -- "Really start again?" is modal; a double click on New game selects no text
    hand_table.locator(".ck-newgame").dblclick()
    question = hand_table.locator(".ck-confirm")
    question.wait_for(state="visible", timeout=10_000)
    assert app.evaluate("() => window.getSelection().toString()") == ""
    assert hand_table.locator(".ck-newgame").evaluate("e => getComputedStyle(e).userSelect") == "none"
    assert hand_table.locator(".ck-confirm").get_attribute("aria-modal") == "true"
    inert = hand_table.evaluate("""r => ['.ck-felt', '.ck-actions', '.ck-toolbar', '.ck-whatnow', '.ck-log']
        .map(s => !!r.querySelector(s).closest('[inert]'))""")
    assert inert == [True] * 5, inert
    at = hand_table.get_attribute("data-pos")
    hand.first.click(force=True)                  # a click on the inert table reaches nothing
    app.wait_for_timeout(300)
    assert question.is_visible() and hand_table.get_attribute("data-pos") == at
    assert app.evaluate("() => document.activeElement.dataset.key") == "confirm:no"
    app.keyboard.press("Escape")                  # = "No, keep playing"
    question.wait_for(state="hidden", timeout=10_000)
    assert trick_codes(hand_table) == first and hand.count() == 4
    assert not hand_table.evaluate("r => !!r.querySelector('[inert]')")

    # -- your next lead takes the finished trick away
    press(app, hand_table, hand_table.locator("[data-key='card:JH']"),
          "r => r.querySelectorAll('.ck-trick .ck-face').length === 2")
    second = trick_codes(hand_table)
    assert second["you"] == "JH" and second["them"] in SPADES - {first["them"]}, second
    for code in ("AH", "10H", "8H"):
        press(app, hand_table, hand_table.locator(f"[data-key='card:{code}']"))
    until(app, hand_table, "r => r.dataset.mode === 'between'")

    # -- the hand's summary on the felt; its last trick still in place, its label on one line
    assert end_panel(hand_table) == {
        "cls": "ck-end ck-end-hand", "title": "Hand 1 is over", "text": None, "score": None,
        "pad": [["", "You", "Computer"], ["Tricks", "5", "0"], ["Points this hand", "2", "0"],
                ["Score", "2", "0"]],
        "lines": ["You (non-dealer) win 5 tricks after playing the hand as dealt: 2 points (Scoring).",
                  "You deal next."],
        "button": "Next hand"}
    assert trick_codes(hand_table)["you"] == "8H"
    assert app.evaluate("() => document.activeElement.dataset.key") == "act:next"   # what comes next
    label = hand_table.locator(".ck-trick-label")
    assert label.inner_text() == "Trick 5" and label.bounding_box()["height"] <= 20
    shoot(app, hand_table, "ecarte_hand_summary")
    press(app, hand_table, hand_table.locator(".ck-end [data-key='act:next']"),
          "r => r.dataset.mode !== 'between'")
    assert end_panel(hand_table) is None and trick_codes(hand_table) == {"you": None, "them": None}
    assert hand_table.locator(".ck-subtitle").inner_text() == "hand 2"

    # -- the same hand ends a game to 2 points: won, 2–0, New game beside the result
    game_table.scroll_into_view_if_needed()
    press(app, game_table, game_table.locator("[data-key='act:stand']"), "r => r.dataset.mode === 'play'")
    for code in ("QH", "JH", "AH", "10H", "8H"):
        press(app, game_table, game_table.locator(f"[data-key='card:{code}']"))
    until(app, game_table, "r => r.dataset.mode === 'over'")
    over = end_panel(game_table)
    assert over == {
        "cls": "ck-end ck-end-won", "title": "You won!", "text": "You win the game 2–0!", "score": None,
        "pad": [["", "You", "Computer"], ["Tricks", "5", "0"], ["Points this hand", "2", "0"],
                ["Score", "2", "0"]],
        "lines": ["You (non-dealer) win 5 tricks after playing the hand as dealt: 2 points (Scoring)."],
        "button": "New game"}, over
    title, button = (game_table.locator(s).bounding_box() for s in (".ck-end-title", ".ck-end-btn"))
    assert button["x"] > title["x"] and button["y"] < title["y"] + title["height"]     # beside it
    # one New game at game over: the toolbar's is not shown beside the panel's (its place kept)
    assert not game_table.locator(".ck-newgame").is_visible()
    assert game_table.locator(".ck-newgame").bounding_box() is not None
    shoot(app, game_table, "ecarte_game_over")
    press(app, game_table, game_table.locator(".ck-end-btn"), "r => r.dataset.mode !== 'over'")
    assert end_panel(game_table) is None and not game_table.locator(".ck-confirm").is_visible()


def test_war_and_switch_end_on_the_table(open_app):
    app = open_app("table_endings", where="tests", wait_for=".ck-game-switch .ck-cardbtn",
                   viewport=VIEWPORTS["desktop"])
    _hand, _game, war, switch = roots(app)

    # -- War: the war's ten cards stay until the next Flip, which brings the deciding battle
    war.scroll_into_view_if_needed()
    flip = war.locator("[data-key='act:flip']")
    press(app, war, flip, "r => r.querySelectorAll('.ck-war-cards .ck-face').length === 10")
    app.wait_for_timeout(400)
    assert war.locator(".ck-war-cards .ck-face").count() == 10
    assert re.fullmatch(r"Q♣ beats 3♣: .+ wins the war and takes 10 cards\.",
                        war.locator(".ck-war-decision").inner_text())
    press(app, war, flip, "r => r.dataset.mode === 'over'")
    faces = "r => [...r.querySelectorAll('.ck-war-cards .ck-face')].map(c => c.getAttribute('aria-label'))"
    assert war.evaluate(faces) == ["nine of spades", "eight of hearts"]
    winner = war.locator(".ck-war-won .ck-nameplate b").inner_text()
    over = end_panel(war)
    assert over["cls"] == "ck-end ck-end-lost" and over["title"] == f"{winner} won."
    assert over["text"] == f"{winner} holds all the cards and wins the game."
    assert over["score"] == "battles 2 · wars 1" and over["button"] == "New game"
    # no disabled game buttons at game over (Flip, Play to the end), one New game
    assert war.locator(".ck-actions button").count() == 0
    assert not war.locator(".ck-newgame").is_visible()
    shoot(app, war, "war_game_over")

    # -- Switch: Ada's play named beside the pile; you go out and win
    switch.scroll_into_view_if_needed()
    press(app, switch, switch.locator("[data-key='card:5H']"),
          "r => r.querySelector('.ck-discard .ck-face').dataset.anim === '6H'")
    assert switch.locator(".ck-played").inner_text() == "Ada played 6♥"
    press(app, switch, switch.locator("[data-key='card:6C']"), "r => r.dataset.mode === 'over'")
    assert switch.locator(".ck-played").inner_text() == "You played 6♣"
    assert switch.locator(".ck-actions button").count() == 0    # no "Last card!" to call now
    over = end_panel(switch)
    assert over == {"cls": "ck-end ck-end-won", "title": "You won!", "text": "Cards left — Ada: 1.",
                    "score": None, "pad": [], "lines": [], "button": "New game"}, over
    assert re.fullmatch(r"You won! Cards left — Ada: 1\. Press New game to play again\.",
                        " ".join(switch.locator(".ck-whatnow-text").inner_text().split()))
    shoot(app, switch, "switch_game_over")
    press(app, switch, switch.locator(".ck-end-btn"), "r => r.dataset.mode !== 'over'")
    assert end_panel(switch) is None

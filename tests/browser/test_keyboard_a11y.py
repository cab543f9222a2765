"""The tables by keyboard alone, and checked by axe-core (issue 19, points 5 and 7), on
tests/browser/notebooks/keyboard.ipynb: an Écarté table where you are the non-dealer with clubs
trumps and the computer accepts your proposal, a Switch table, a short Steal War game.

- A hand is ONE tab stop (the WAI-ARIA toolbar pattern, widgets/js/keys.js): Tab reaches one card,
  the arrow keys move between the cards, Home and End go to the first and the last, Enter or
  Space plays the card (or, during Écarté's exchange, chooses it); after each play the focus is on
  a card you may play, never on one you may not, never lost to <body>. Steal War's choice of
  your top card works the same way.
- Every control of the three tables is reached by Tab and has a name.
- The focus and a card chosen to throw away look different (a white ring away from the card; a
  lifted card with an orange edge and a tick): screenshots at 390 and 1280 px in
  ``artifacts/tables/keys_*.png``.
- "more ▾" under What now is a real button (aria-expanded) that Enter and Space open and close.
- axe-core (pinned in package.json, loaded from node_modules) finds no violation of the WCAG 2.0,
  2.1 and 2.2 A and AA rules on each table, mid-hand, with four-colour suits off and on (and the
  settings open), with a disabled button showing; the disabled buttons' text, which axe leaves
  out (WCAG exempts inactive controls), is held to 4.5 : 1 here too, under the mouse as well.
"""
from __future__ import annotations

import pytest

from .conftest import ROOT
from .tables import artefact, settle_table, tab_to, wait_pos_change

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: the rule sets run: WCAG 2.0, 2.1 and 2.2, levels A and AA
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
ECARTE, SWITCH, WAR = ".ck-game-ecarte", ".ck-game-switch", ".ck-game-war"
HAND = " .ck-hand-south > .ck-cardbtn"
LIVE = ":not([aria-disabled='true'])"

FOCUS_JS = """() => { const e = document.activeElement;
  return { key: e.dataset.key || null, usable: e.getAttribute('aria-disabled') !== 'true',
           hand: !!e.closest('.ck-hand-south'), top: !!e.closest('.ck-war-top'),
           table: (e.closest('.ck-root') || {}).className || '', body: e === document.body }; }"""


def focused(app) -> dict:
    return app.evaluate(FOCUS_JS)


def keys_of(app, sel: str) -> list[str]:
    return app.eval_on_selector_all(sel, "els => els.map(e => e.dataset.key)")


def ready(app, root: str) -> None:
    """Wait until the table ``root`` waits for the person (the computer moves at once: delay 0)."""
    settle_table(app, root, quiet_ms=300)


def press(app, key: str, root: str) -> None:
    """Press ``key`` and wait for the table ``root`` to answer (its position changes)."""
    old = app.locator(root).get_attribute("data-pos")
    app.keyboard.press(key)
    wait_pos_change(app, root, old)


def tab_into(app, root: str) -> None:
    """Tab until the focus is in the hand of the table ``root``."""
    tab_to(app, f"e => !!e.closest('{root} .ck-hand-south')")


def four_colour(app, root: str) -> None:
    """Open the table's settings and tick four-colour suits (the settings stay open)."""
    app.locator(f"{root} .ck-settings > summary").click()
    app.locator(f"{root} [data-key='tog:four_colour']").check()
    app.locator(f"{root}.ck-four").wait_for()


# ------------------------------------------------------------------------------------- axe-core
def load_axe(app) -> None:
    """Put axe-core into the page (from node_modules: the page fetches nothing from outside)."""
    if not AXE.is_file():
        pytest.fail(f"axe-core is not installed ({AXE.relative_to(ROOT)} is missing): run `npm ci` "
                    "in the repository (./dev test does it)")
    if not app.evaluate("() => !!window.axe"):
        app.add_script_tag(path=str(AXE))


#: The table at rest: no card flying to a trick's winner (axe took those copies in the overlay for
#: something covering the words), no card sliding.
AT_REST_JS = """(sel) => { const r = document.querySelector(sel);
  return !r.querySelector('.ck-overlay').childElementCount
    && r.getAnimations({ subtree: true }).every((a) => a.playState !== 'running'); }"""

#: axe on one table. The felt is a gradient, on which axe cannot measure text (it answers
#: "incomplete"): while axe runs, the felt is painted one colour, the lightest of its gradient
#: (the worst case for the light text on it), so that every word on the felt is measured.
AXE_JS = """async ([sel, tags]) => {
  const root = document.querySelector(sel);
  const lum = (c) => c.slice(0, 3).map((v) => v / 255)
    .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const bg = getComputedStyle(root.querySelector('.ck-felt')).backgroundImage;
  const stops = [...bg.matchAll(/rgba?\\(([^)]+)\\)/g)].map((m) => m[1].split(',').map(Number));
  const light = stops.sort((a, b) => lum(b) - lum(a))[0];
  const style = document.createElement('style');
  style.textContent = `${sel} .ck-felt { background: rgb(${light.slice(0, 3)}) !important; }`;
  document.head.appendChild(style);
  try {
    const res = await axe.run(root, { runOnly: { type: 'tag', values: tags },
                                      resultTypes: ['violations', 'incomplete'] });
    const nodes = (r) => r.nodes.map((n) => ({
      target: n.target.join(' '), html: n.html.slice(0, 200),
      why: (n.failureSummary || (n.any[0] || {}).message || '').slice(0, 300),
      card: !!document.querySelector(n.target.join(' '))?.closest('.ck-cardbtn') }));
    return { stops: stops.length,
             violations: res.violations.map((v) => ({ id: v.id, nodes: nodes(v) })),
             contrast: res.incomplete.filter((v) => v.id === 'color-contrast').flatMap(nodes) };
  } finally { style.remove(); }
}"""

#: The contrast of each element's text on its background, measured by axe's own colour
#: functions (axe.run leaves disabled controls out: WCAG 1.4.3 exempts them).
CONTRAST_JS = """(els) => { axe.setup(els[0].closest('.ck-root'));
  try {
    const C = axe.commons.color;
    return els.map((e) => { const bg = C.getBackgroundColor(e, []);
                            const fg = bg && C.getForegroundColor(e, false, bg);
                            return [e.dataset.key || e.innerText, fg ? C.getContrast(bg, fg) : null]; });
  } finally { axe.teardown(); } }"""


def disabled_contrast(app, root: str, hover: bool = False) -> list[tuple[str, float | None]]:
    """Each disabled button of the table and its text's contrast (``hover``: the mouse on it)."""
    buttons = app.locator(f"{root} .ck-btn[aria-disabled='true']:visible")
    out = []
    for i in range(buttons.count()):
        if hover:
            buttons.nth(i).hover()
        out.append(tuple(app.evaluate(CONTRAST_JS, [buttons.nth(i).element_handle()])[0]))
    app.mouse.move(0, 0)
    return out


def check_axe(app, root: str, what: str) -> None:
    """No WCAG A/AA violation on the table ``root``; every word on the felt measured; disabled
    buttons readable, with and without the mouse over them."""
    load_axe(app)
    app.mouse.move(0, 0)                    # no hover state
    app.wait_for_function(AT_REST_JS, arg=root, timeout=10_000)
    res = app.evaluate(AXE_JS, [root, TAGS])
    assert res["stops"] >= 2, f"{root}: the felt's gradient was not read"
    problems = []
    for v in res["violations"]:
        for n in v["nodes"]:
            # A card's visible label is a picture of the card (its corner index "8" or "K" over
            # pips); its name says the card in words ("eight of spades", "king of spades"), as
            # the tables have always named cards (cards.js; TABLES.md "Shared parts"). axe's
            # label-content-name-mismatch wants the drawn "8"/"K" inside that name: "8♠, eight of
            # spades" would make every screen reader say each card twice, and a person using
            # speech input says "eight of spades". Card buttons only: any other control with this
            # violation fails.
            if v["id"] == "label-content-name-mismatch" and n["card"]:
                continue
            problems.append(f"{v['id']}: {n['target']}: {n['why']} [{n['html']}]")
    for n in res["contrast"]:
        # a card's corner index and the trump badge's suit symbol are one or two characters, too
        # short for axe to call them text: their inks on the paper are measured by suit_inks
        if any(c in n["html"] for c in ("ck-index", "ck-court-letter", "ck-joker", "ck-trump-sym")):
            continue
        # a symbol hidden from screen readers beside the words that say it (the game-over panel's
        # ★/☆ beside "You won!", the ▾ of "more ▾"): the words' contrast is measured
        if (n["html"].startswith(('<span class="ck-end-mark"', '<span class="ck-more-arrow"'))
                and 'aria-hidden="true"' in n["html"] and "non-text characters" in n["why"]):
            continue
        # the "★ trump" tag of a chosen or focused card: the card's tick or focus ring (pseudo
        # elements, at a corner and outside the card) make axe give up; the tag's own colours
        # are the same on every card, measured on the cards neither chosen nor focused
        if "pseudo element" in n["why"] and "ck-tag-trump" in n["html"]:
            continue
        problems.append(f"contrast not measured: {n['target']}: {n['why']} [{n['html']}]")
    for hover in (False, True):
        for key, ratio in disabled_contrast(app, root, hover):
            if ratio is None or ratio < 4.5:
                problems.append(f"disabled button {key}{' under the mouse' if hover else ''}: {ratio}")
    assert not problems, f"{root} ({what}):\n  " + "\n  ".join(problems)


INKS_JS = """(sel) => { const r = document.querySelector(sel), NS = 'http://www.w3.org/2000/svg';
  const inks = {};
  for (const s of ['S', 'H', 'D', 'C']) {        // a card face of each suit, drawn for a moment
    const face = document.createElement('span');
    face.className = `ck-card ck-face ck-suit-${s} ${'HD'.includes(s) ? 'ck-red' : 'ck-black'}`;
    const svg = face.appendChild(document.createElementNS(NS, 'svg'));
    const ink = svg.appendChild(document.createElementNS(NS, 'path'));
    ink.setAttribute('class', 'ck-ink');
    r.querySelector('.ck-felt').appendChild(face);
    inks[s] = getComputedStyle(ink).fill;
    face.remove();
  }
  const C = axe.commons.color, paper = new C.Color();
  paper.parseString(getComputedStyle(r).getPropertyValue('--paper').trim());
  const ratio = (c) => { const x = new C.Color(); x.parseString(c); return C.getContrast(x, paper); };
  const sym = r.querySelector(".ck-trump-badge[class*='ck-suit-'] .ck-trump-sym");
  return { inks, ratios: Object.fromEntries(Object.entries(inks).map(([s, c]) => [s, ratio(c)])),
           badge: sym && [sym.parentElement.className.match(/ck-suit-(.)/)[1], getComputedStyle(sym).color] };
}"""


def suit_inks(app, root: str, four: bool) -> None:
    """The suits' inks reach 4.5 : 1 on the cards' paper; with four-colour suits ♦ and ♣ have
    their own (blue, green), and the trump badge's symbol is in its suit's ink."""
    load_axe(app)
    got = app.evaluate(INKS_JS, root)
    assert all(r >= 4.5 for r in got["ratios"].values()), got
    inks = got["inks"]
    assert (inks["D"] != inks["H"] and inks["C"] != inks["S"]) == four, inks
    if got["badge"]:
        suit, colour = got["badge"]
        assert colour == inks[suit], got


# ------------------------------------------------------------------------------------ the tests
def test_an_ecarte_hand_by_keyboard_alone_and_axe(open_app):
    """Propose, choose two cards and discard, stand, and play the whole hand with Tab, the arrow
    keys, Home, End, Enter and Space only; the focus after each play on a card you may play; focus
    and choice look different (screenshots); "more ▾" by keyboard; axe on the way."""
    app = open_app("keyboard", where="tests", wait_for=ECARTE + HAND, viewport={"width": 1280, "height": 900})
    ready(app, ECARTE)
    app.locator("body").click(position={"x": 2, "y": 2})
    tab_to(app, f"e => e.closest('{ECARTE}') && e.innerText.trim() === 'Propose an exchange'")
    press(app, "Enter", ECARTE)
    discard = app.locator(f"{ECARTE} [data-key='act:discard']")
    discard.wait_for()
    ready(app, ECARTE)
    assert discard.get_attribute("aria-disabled") == "true"
    check_axe(app, ECARTE, "exchange, Discard disabled, four-colour suits off")
    suit_inks(app, ECARTE, four=False)

    # the hand is one tab stop: one card has tabindex 0, and one Tab leaves the hand
    cards = keys_of(app, ECARTE + HAND)
    assert len(cards) == 5
    assert app.eval_on_selector_all(ECARTE + HAND, "els => els.filter(e => e.tabIndex === 0).length") == 1
    app.locator("body").click(position={"x": 2, "y": 2})
    tab_into(app, ECARTE)
    f = focused(app)
    assert f["usable"] and f["key"] in cards
    for key, want in (("End", 4), ("Home", 0), ("ArrowLeft", 0), ("ArrowRight", 1), ("ArrowDown", 2),
                      ("ArrowUp", 1)):                  # no wrapping past the first card
        app.keyboard.press(key)
        assert focused(app)["key"] == cards[want], key
    app.keyboard.press("Tab")
    assert not focused(app)["hand"]
    app.keyboard.press("Shift+Tab")                       # back to the card it left
    assert focused(app)["key"] == cards[1]

    # choose the first and the third card (Space, Enter); the focus stays on the card chosen
    app.keyboard.press("Home")
    app.keyboard.press("Space")
    chosen = ECARTE + HAND + "[aria-pressed='true']"
    app.locator(chosen).first.wait_for()
    assert focused(app)["key"] == cards[0]
    app.keyboard.press("ArrowRight")
    app.keyboard.press("ArrowRight")
    app.keyboard.press("Enter")
    app.wait_for_function(f"() => document.querySelectorAll({chosen!r}).length === 2")
    assert keys_of(app, chosen) == [cards[0], cards[2]]
    assert discard.inner_text() == "Discard 2 cards" and discard.get_attribute("aria-disabled") is None
    app.keyboard.press("ArrowRight")                      # the focus on a card not chosen
    assert focused(app)["key"] == cards[3]
    looks = app.evaluate("""([sel, keys]) => keys.map((k) => {
        const b = document.querySelector(`${sel} [data-key="${k}"]`), face = b.querySelector('.ck-face');
        const ring = getComputedStyle(b, '::after'), edge = getComputedStyle(face);
        return { ring: ring.content !== 'none' ? [ring.borderTopColor, ring.top] : null,
                 edge: edge.outlineStyle !== 'none' ? edge.outlineColor : null,
                 lift: new DOMMatrix(getComputedStyle(b).transform).m42,
                 tick: getComputedStyle(face, '::before').content }; })""", [ECARTE, [cards[3], cards[2]]])
    # the focus: a white ring 7 px out from the card, not lifted, no edge, no tick; a chosen
    # card: lifted, an orange edge and a tick, no ring
    assert looks[0] == {"ring": ["rgb(255, 255, 255)", "-7px"], "edge": None, "lift": 0, "tick": "none"}, looks
    assert looks[1]["ring"] is None and looks[1]["edge"] == "rgb(255, 157, 0)", looks
    assert looks[1]["lift"] <= -12 and "✓" in looks[1]["tick"], looks
    felt = app.locator(f"{ECARTE} .ck-felt")
    felt.screenshot(path=artefact("keys_focus_and_chosen_1280.png"))
    app.set_viewport_size({"width": 390, "height": 844})
    app.wait_for_timeout(300)
    assert focused(app)["key"] == cards[3]
    felt.screenshot(path=artefact("keys_focus_and_chosen_390.png"))
    app.keyboard.press("Home")                            # focused and chosen at once
    felt.screenshot(path=artefact("keys_focused_chosen_390.png"))

    # a long What now on a phone: the box grows to show it whole (no "more ▾" there)
    now = app.locator(f"{ECARTE} .ck-whatnow")
    more = app.locator(f"{ECARTE} .ck-more-btn")

    def say(text):
        now.evaluate("(e, t) => { e.querySelector('.ck-whatnow-text').textContent = t;"
                     " e.dispatchEvent(new Event('scroll')); }", text)

    say("Click the cards to throw away, then Discard. " * 9)
    assert now.evaluate("e => e.scrollHeight <= e.clientHeight + 1") and not more.is_visible()
    check_axe(app, ECARTE, "a long What now, 390 px")
    app.set_viewport_size({"width": 1280, "height": 900})
    app.wait_for_timeout(300)

    # "more ▾" under a What now longer than its box (desktop): a real button, opened and closed
    # from the keyboard (the text is made long here: the game's own sentences fit in the box)
    say("Click the cards to throw away, then Discard. " * 16)
    assert more.is_visible() and more.get_attribute("aria-expanded") == "false"
    assert now.get_attribute("tabindex") == "0"         # a box that scrolls: the arrow keys scroll it
    check_axe(app, ECARTE, "What now longer than its box, 1280 px")
    assert more.get_attribute("aria-controls") == now.get_attribute("id")
    height = now.bounding_box()["height"]
    tab_to(app, "e => e.classList.contains('ck-more-btn')")
    assert more.inner_text().strip() == "more ▾"
    app.keyboard.press("Enter")
    assert more.get_attribute("aria-expanded") == "true" and more.inner_text().strip() == "less ▴"
    assert now.evaluate("e => e.scrollHeight <= e.clientHeight + 1")        # every line shows
    assert now.bounding_box()["height"] > height
    app.locator(f"{ECARTE} .ck-whatnow-wrap").screenshot(path=artefact("keys_more_open_1280.png"))
    app.keyboard.press("Space")
    assert more.get_attribute("aria-expanded") == "false" and now.bounding_box()["height"] == height
    assert focused(app)["key"] == "tool:more"

    # discard, stand and play the hand: the arrow keys to the card, Enter; after each play the
    # focus is on a card you may play (once the hand is over, on a button: never <body>)
    tab_to(app, "e => e.dataset.key === 'act:discard'")
    press(app, "Enter", ECARTE)
    plays = 0
    for _ in range(40):
        ready(app, ECARTE)
        names = app.eval_on_selector_all(f"{ECARTE} .ck-actions button{LIVE}",
                                         "els => els.map(e => e.innerText.trim())")
        if app.locator(ECARTE).get_attribute("data-mode") in ("between", "over"):
            break
        stand = next((n for n in names if n.startswith("Stand")), None)
        if stand:
            tab_to(app, f"e => e.closest('{ECARTE}') && e.innerText.trim() === {stand!r}")
            press(app, "Enter", ECARTE)
            continue
        playable = keys_of(app, ECARTE + HAND + LIVE)
        assert playable, names
        f = focused(app)
        if plays:
            assert f["hand"] and f["usable"] and f["key"] in playable, f
        if plays == 1:
            check_axe(app, ECARTE, "mid-hand, four-colour suits off")
            four_colour(app, ECARTE)
            check_axe(app, ECARTE, "mid-hand, four-colour suits on, settings open")
            suit_inks(app, ECARTE, four=True)
            app.locator(f"{ECARTE} .ck-middle").screenshot(path=artefact("keys_ecarte_four_colour.png"))
            tab_into(app, ECARTE)
            assert focused(app)["key"] in playable
        app.keyboard.press("End")                         # to the last card you may play
        while focused(app)["key"] != playable[-1]:
            app.keyboard.press("ArrowLeft")
        press(app, "Enter", ECARTE)
        plays += 1
        assert not focused(app)["body"]
    assert plays == 5
    f = focused(app)
    assert not f["body"] and ECARTE[1:] in f["table"], f


#: a control of a table as (its table and key, its name: aria-label, its <label>, or its text)
NAMED = """(e) => [e.closest('.ck-root').className.match(/ck-game-\\w+/)[0] + ' ' + (e.dataset.key || e.tagName),
  (e.getAttribute('aria-label') || (e.labels && e.labels.length ? e.labels[0].innerText : '')
   || e.innerText || '').trim()]"""
#: every control of the tables that Tab should reach: visible, in the tab order
CONTROLS_JS = f"""() => [...document.querySelectorAll(['button', 'select', 'input', 'summary', '[tabindex]']
  .map((t) => '.ck-root ' + t).join())]
  .filter((e) => e.tabIndex >= 0 && e.checkVisibility({{ visibilityProperty: true }}))   // not in a closed <details>
  .map({NAMED})"""
ACTIVE_JS = f"""() => {{ const e = document.activeElement;
  return e && e.closest('.ck-root') ? ({NAMED})(e) : null; }}"""


def test_switch_and_steal_war_by_keyboard_and_axe(open_app):
    """Every control reached by Tab and named. Switch: the hand one tab stop, Home/End, cards
    played with Enter, the focus then on a card you may play (or Draw). Steal War: Flip gives the
    focus to the choice of your top card, itself one tab stop; Play to the end; Flip disabled
    after the game and readable. axe on both tables, four-colour suits off and on."""
    app = open_app("keyboard", where="tests", wait_for=SWITCH + HAND, viewport={"width": 1280, "height": 900})
    ready(app, SWITCH)
    ready(app, WAR)
    controls = dict(app.evaluate(CONTROLS_JS))
    app.locator("body").click(position={"x": 2, "y": 2})
    assert len(controls) > 20, controls
    reached = {}
    for _ in range(len(controls) + 30):                  # once round the page
        app.keyboard.press("Tab")
        here = app.evaluate(ACTIVE_JS)
        if here:
            reached[here[0]] = here[1]
    assert set(controls) <= set(reached), set(controls) - set(reached)
    assert all(reached.values()), [k for k, n in reached.items() if not n]
    check_axe(app, SWITCH, "start, four-colour suits off")
    check_axe(app, WAR, "start, four-colour suits off")

    # Switch: Tab to the hand, End and Home, then three moves
    app.locator(f"{SWITCH} .ck-toolbar").click(position={"x": 2, "y": 2})
    tab_into(app, SWITCH)
    cards = keys_of(app, SWITCH + HAND)
    playable = keys_of(app, SWITCH + HAND + LIVE)
    assert focused(app)["key"] == (playable[0] if playable else cards[0]), playable
    app.keyboard.press("End")
    assert focused(app)["key"] == cards[-1]
    app.keyboard.press("Home")
    assert focused(app)["key"] == cards[0]
    for move in range(3):
        ready(app, SWITCH)
        if app.locator(SWITCH).get_attribute("data-mode") == "over":
            break
        playable = keys_of(app, SWITCH + HAND + LIVE)
        if playable:
            if not focused(app)["hand"]:
                tab_into(app, SWITCH)
            while focused(app)["key"] not in playable:   # the arrow keys to a card you may play
                app.keyboard.press("ArrowRight")
        else:                                             # nothing to play: the focus on Draw
            assert focused(app)["key"] in ("act:draw", "act:pass"), focused(app)
        press(app, ("Enter", "Space")[move % 2], SWITCH)
        ready(app, SWITCH)
        f = focused(app)
        assert not f["body"] and SWITCH[1:] in f["table"], f
        playable = keys_of(app, SWITCH + HAND + LIVE)
        assert (f["key"] in playable) if playable else f["key"] in ("act:draw", "act:pass"), (f, playable)
    check_axe(app, SWITCH, "mid-game, four-colour suits off")

    # Steal War: Tab to Flip, Enter; the choice of your top card: one tab stop, arrows, Enter
    tab_to(app, f"e => e.closest('{WAR}') && e.dataset.key === 'act:flip'")
    press(app, "Enter", WAR)
    app.locator(f"{WAR} .ck-war-top > .ck-cardbtn").first.wait_for()
    ready(app, WAR)
    assert keys_of(app, f"{WAR} .ck-war-top > .ck-cardbtn") == ["card:KS", "card:3H"]
    f = focused(app)
    assert f["top"] and f["key"] == "card:KS", f          # Flip gave the focus to the choice
    check_axe(app, WAR, "choosing the top card, Flip disabled")
    app.keyboard.press("End")
    assert focused(app)["key"] == "card:3H"
    press(app, "Enter", WAR)
    ready(app, WAR)
    assert focused(app)["key"] == "act:flip"
    tab_to(app, f"e => e.closest('{WAR}') && e.dataset.key === 'act:auto'")
    app.keyboard.press("Enter")
    app.wait_for_function(f"() => document.querySelector('{WAR}').dataset.mode === 'over'", timeout=30_000)
    ready(app, WAR)
    # game over: no Flip to press, and the focus on what comes next, the panel's New game
    assert app.locator(f"{WAR} [data-key='act:flip']").count() == 0
    assert focused(app)["key"] == "end:over-new", focused(app)
    check_axe(app, WAR, "game over, the end panel's New game")
    app.locator(WAR).screenshot(path=artefact("keys_war_over.png"))

    for root in (SWITCH, WAR):
        four_colour(app, root)
        check_axe(app, root, "four-colour suits on, settings open")
        suit_inks(app, root, four=True)

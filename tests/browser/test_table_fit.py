"""Every table fits from 320 px up (issue 19, points 3, 4 and 6), on ONE page
(``tests/browser/notebooks/table_fit.ipynb``: an Écarté table, a Switch table whose hand holds 15
cards, and War, Steal War and Slap war tables) resized to 320, 390, 768 and 1280 px:

- nothing off the felt (toolbar, score, What now, buttons) sticks out of its table sideways;
- every card (and its "★ trump" / "✕" tag) and every label on the felt lies inside the felt
  (inside its wooden rim), no two labels overlap and no label lies on a card; a battle's cards
  each show at least 12 px beside the one before (a long war at 320 px too);
- every card a person taps (a hand's cards, Switch's stock, Steal War's won cards) shows a part of
  at least 44 × 44 px (WCAG 2.5.5) holding its corner index (rank over suit, at least 9 px high),
  and the centre and the corners of that part are that card's (``elementFromPoint``); a real tap
  on the middle of a covered Switch card at 390 px plays that card and no other;
- War names the person's row "You" on every War table (the others by their names);
- after "Play to the end" with no pause, no card is drawn outside the felt at any frame, and
  nothing is left flying once the game is over;
- screenshots of each table at each width in ``artifacts/tables/fit_<game>_<width>.png`` and of
  War at game over.
"""
from .tables import artefact, settle_table, wait_pos_change

WIDTHS = (320, 390, 768, 1280)
GAMES = ("ecarte", "switch", "war", "steal", "slap")         # the notebook's tables, in order
RIM = 7          # px: the felt's wooden rim (box-shadow 6 + 2 px) less 1 px
MIN_TAP = 44     # px (WCAG 2.5.5)


def root(game: str) -> str:
    """The CSS selector of a game's table on the page (marked by :func:`_mark_tables`)."""
    return f"[data-fit-table='{game}']"


def _mark_tables(app):
    app.evaluate("""games => document.querySelectorAll('.ck-root').forEach((r, i) => {
        r.dataset.fitTable = games[i]; })""", list(GAMES))


# every card, tag and label of a table's felt that lies outside the felt or on another label or
# on a card; labels are measured line by line (the text's own boxes, not its element's)
FIT_JS = """([rim]) => {
  const out = [];
  document.querySelectorAll('[data-fit-table]').forEach((root) => {
    const game = root.dataset.fitTable, felt = root.querySelector('.ck-felt');
    const F = felt.getBoundingClientRect();
    const inside = (b) => b.left >= F.left + rim - .5 && b.right <= F.right - rim + .5
                          && b.top >= F.top + rim - .5 && b.bottom <= F.bottom - rim + .5;
    const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    const name = (e) => (e.closest('[aria-label]') || e).getAttribute('aria-label') || e.className;
    const px = (b) => [b.left - F.left, b.top - F.top, b.width, b.height].map(Math.round).join(',');
    const cards = [...felt.querySelectorAll('.ck-card')].filter(shown);
    for (const c of cards) if (!inside(c.getBoundingClientRect()))
      out.push(`${game}: card ${name(c)} outside the felt at ${px(c.getBoundingClientRect())}`);
    for (const t of felt.querySelectorAll('.ck-tag')) if (shown(t) && !inside(t.getBoundingClientRect()))
      out.push(`${game}: tag "${t.textContent}" outside the felt at ${px(t.getBoundingClientRect())}`);
    const labels = [];
    const walk = document.createTreeWalker(felt, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const p = n.parentElement;
      if (!n.data.trim() || p.closest('.ck-card, .ck-cardbtn, svg') || !shown(p)) continue;
      const r = document.createRange();
      r.selectNodeContents(n);
      for (const b of r.getClientRects()) if (b.width > 0) labels.push({ text: n.data.trim(), b, n });
    }
    for (const l of labels) if (!inside(l.b)) out.push(`${game}: label "${l.text}" outside the felt at ${px(l.b)}`);
    labels.forEach((l, i) => labels.slice(i + 1).forEach((m) => {
      if (l.n !== m.n && meet(l.b, m.b))
        out.push(`${game}: labels "${l.text}" and "${m.text}" overlap at ${px(l.b)} / ${px(m.b)}`);
    }));
    for (const l of labels) for (const c of cards) if (meet(l.b, c.getBoundingClientRect()))
      out.push(`${game}: label "${l.text}" lies on card ${name(c)}`);
    // a battle's cards, in the order put down, each at least 12 px right of the one before (its
    // corner index shows)
    for (const row of felt.querySelectorAll('.ck-war-cards')) {
      const xs = [...row.children].map((c) => c.getBoundingClientRect().left);
      xs.slice(1).forEach((x, i) => {
        const d = Math.round(x - xs[i]);
        if (d < 12) out.push(`${game}: war card ${i + 2} of ${xs.length} is ${d} px right of the one before`);
      });
    }
  });
  return out;
}"""

# every card a person taps: the part that shows (later cards of the same group cover it from the
# right, later rows from below), whether its centre and corners hit it, its corner index
TAP_JS = """(root) => {
  const felt = root.querySelector('.ck-felt');
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const btns = [...felt.querySelectorAll('.ck-cardbtn')].filter(shown);
  return btns.map((c) => {
    const b = c.getBoundingClientRect();
    let w = b.width, h = b.height;
    for (const d of btns) {
      if (d === c || !(c.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      const e = d.getBoundingClientRect();
      if (e.right <= b.left || e.left >= b.right || e.bottom <= b.top || e.top >= b.bottom) continue;
      if (e.top <= b.top + 1) w = Math.min(w, e.left - b.left); else h = Math.min(h, e.top - b.top);
    }
    const hits = ([x, y]) => {
      const e = document.elementFromPoint(x, y);
      return !!e && e.closest('.ck-cardbtn') === c;
    };
    const pts = [[b.left + w / 2, b.top + h / 2], [b.left + 3, b.top + 3], [b.left + w - 3, b.top + 3],
                 [b.left + 3, b.top + h - 3], [b.left + w - 3, b.top + h - 3]];
    const g = c.querySelector('.ck-index');                 // the top left corner: rank over suit
    let index = null;
    if (g) {
      const i = g.parentNode.getBoundingClientRect(), t = g.getBoundingClientRect();
      index = { inside: i.left >= b.left - .5 && i.right <= b.left + w + .5
                        && i.top >= b.top - .5 && i.bottom <= b.top + h + .5,
                height: Math.round(t.height) };
    }
    return { name: c.getAttribute('aria-label'), key: c.dataset.key, w: Math.round(w), h: Math.round(h),
             x: b.left + w / 2, y: b.top + h / 2, missed: pts.filter((p) => !hits(p)).length, index };
  });
}"""

# the smallest elements of each table outside its felt that stick out of the table sideways
OFF_FELT_JS = """() => [...document.querySelectorAll('[data-fit-table]')].flatMap((r) => {
  const R = r.getBoundingClientRect();
  return [...r.querySelectorAll('*')]
    .filter((e) => !e.closest('.ck-felt-wrap') && !e.children.length && e.getClientRects().length)
    .map((e) => [e.textContent.trim() || e.className, e.getBoundingClientRect()])
    .filter(([, b]) => b.width && (b.left < R.left - 1 || b.right > R.right + 1))
    .map(([t, b]) => `${r.dataset.fitTable}: "${t}" at ${Math.round(b.left - R.left)}..${Math.round(b.right - R.left)}`
                     + ` of ${Math.round(R.width)}`);
})"""

# a frame-by-frame watch of one table: any card (drawn, or a copy in flight) outside its felt
WATCH_JS = """(root) => {
  window.ckOutside = []; window.ckFlying = 0; window.ckWatch = true;
  const tick = () => {
    const F = root.querySelector('.ck-felt').getBoundingClientRect();
    const cards = root.querySelectorAll('.ck-card');
    window.ckFlying = Math.max(window.ckFlying, root.querySelectorAll('.ck-flying').length);
    for (const c of cards) { const b = c.getBoundingClientRect();
      if (b.width && (b.left < F.left - 1 || b.right > F.right + 1 || b.top < F.top - 1 || b.bottom > F.bottom + 1))
        window.ckOutside.push([Math.round(b.left - F.left), Math.round(b.top - F.top), c.className]); }
    if (window.ckWatch) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def _press(app, game, locator):
    sel = root(game)
    old = app.locator(sel).get_attribute("data-pos")
    locator.click()
    wait_pos_change(app, sel, old)
    settle_table(app, sel, quiet_ms=300, timeout_ms=20_000)


def _war_battles(app, game, n):
    """``n`` moves on a War table: Flip, or the decision asked for (Steal War's, Slap war's)."""
    t = app.locator(root(game))
    for _ in range(n):
        settle_table(app, root(game), quiet_ms=300, timeout_ms=20_000)
        flip = t.locator("[data-key='act:flip']:not([aria-disabled='true'])")
        choice = t.locator(".ck-actions .ck-btn:not([aria-disabled='true']):not([data-key='act:auto'])")
        _press(app, game, flip if flip.count() else choice.first)


def _check_fit(app, width):
    app.mouse.move(0, 0)                             # no card lifted by the pointer
    app.wait_for_timeout(150)
    problems = app.evaluate(FIT_JS, [RIM])
    assert not problems, f"at {width} px:\n  " + "\n  ".join(problems)
    # nothing of any table off the felt (its toolbar, score, What now, buttons) sticks out of it
    out = app.evaluate(OFF_FELT_JS)
    assert not out, f"at {width} px, sticking out of the table: {out}"
    for game in GAMES:
        t = app.locator(root(game))
        t.evaluate("r => r.querySelector('.ck-felt').scrollIntoView({block: 'center'})")
        for card in t.evaluate(TAP_JS):
            where = f"{game} at {width} px: {card['name']}"
            assert card["w"] >= MIN_TAP and card["h"] >= MIN_TAP, f"{where}: shows only {card['w']}×{card['h']} px"
            assert card["missed"] == 0, f"{where}: {card['missed']} of 5 points of the part that shows hit another"
            if card["index"]:
                assert card["index"]["inside"], f"{where}: its corner index is covered"
                assert card["index"]["height"] >= 9, f"{where}: its corner index is {card['index']['height']} px high"


def test_every_table_fits_from_320_px(open_app):
    app = open_app("table_fit", where="tests", wait_for=".ck-game-switch .ck-cardbtn",
                   viewport={"width": 320, "height": 900})
    _mark_tables(app)
    hand = app.locator(f"{root('switch')} .ck-hand-south .ck-cardbtn")
    assert hand.count() == 15
    # Écarté mid-hand: play as dealt, then lead a card (the computer answers and leads)
    ecarte = app.locator(root("ecarte"))
    _press(app, "ecarte", ecarte.locator("[data-key='act:stand']"))
    assert ecarte.locator(".ck-hand-south .ck-cardbtn").count() == 5
    _check_fit(app, 320)                             # five cards in the hand
    _press(app, "ecarte", ecarte.locator(".ck-hand-south .ck-cardbtn:not([aria-disabled='true'])").first)
    for game in ("war", "steal", "slap"):
        _war_battles(app, game, 3)
    # every War table calls the person's row "You" (the sentences say "you win the battle")
    for game in ("war", "steal", "slap"):
        t = app.locator(root(game))
        assert t.locator(".ck-war-you .ck-nameplate b").inner_text() == "You"
        assert t.locator(".ck-war-you .ck-war-packet").get_attribute("aria-label").startswith("You: ")
        assert t.locator(".ck-war-row:not(.ck-war-you) .ck-nameplate b").inner_text() == "Player 2"
        assert "Player 1" not in t.locator(".ck-felt").inner_text()
    for width in WIDTHS:
        app.set_viewport_size({"width": width, "height": 900})
        _check_fit(app, width)
        for game in GAMES:
            t = app.locator(root(game))
            t.scroll_into_view_if_needed()
            t.screenshot(path=artefact(f"fit_{game}_{width}.png"))
        if width == 390:
            _tap_a_covered_card(app)
    _play_war_to_the_end(app)                        # at 1280 px


def _tap_a_covered_card(app):
    """A tap on the middle of the part that shows of a covered Switch card plays that card."""
    sw = app.locator(root("switch"))
    sw.evaluate("r => r.querySelector('.ck-hand-south').scrollIntoView({block: 'center'})")
    app.mouse.move(0, 0)
    app.wait_for_timeout(150)
    cards = [c for c in sw.evaluate(TAP_JS) if c["key"].startswith("card:")]
    before = [c["key"] for c in cards]
    # a card you may play, partly covered by another (its whole face does not show)
    full = max(c["w"] * c["h"] for c in cards)
    target = next(c for c in cards if c["w"] * c["h"] < full and "not allowed" not in c["name"])
    old = sw.get_attribute("data-pos")
    app.mouse.click(target["x"], target["y"])
    wait_pos_change(app, root("switch"), old)
    settle_table(app, root("switch"), quiet_ms=300, timeout_ms=20_000)
    after = sw.evaluate("r => [...r.querySelectorAll('.ck-hand-south .ck-cardbtn')].map(c => c.dataset.key)")
    assert [k for k in before if k not in after] == [target["key"]], (target, before, after)


def _play_war_to_the_end(app):
    """After "Play to the end" with no pause (the table's delay is 0), no card is outside the
    felt at any frame, and nothing is left flying once the game is over."""
    war = app.locator(root("war"))
    war.scroll_into_view_if_needed()
    war.evaluate(WATCH_JS)
    war.locator("[data-key='act:auto']").click()
    app.wait_for_function("sel => document.querySelector(sel).dataset.mode === 'over'",
                          arg=root("war"), timeout=30_000)
    app.wait_for_timeout(700)
    app.evaluate("window.ckWatch = false")
    outside = app.evaluate("window.ckOutside")
    assert outside == [], f"{len(outside)} card frames outside the felt, e.g. {outside[:5]}"
    assert war.evaluate("r => r.querySelectorAll('.ck-flying').length") == 0
    war.screenshot(path=artefact("fit_war_1280_over.png"))
    # the last battle (in this deal a war of 8 cards a side) squeezes into its rows on a phone
    assert war.locator(".ck-war-you .ck-war-cards .ck-card").count() >= 8
    app.set_viewport_size({"width": 320, "height": 900})
    _check_fit(app, 320)
    war.scroll_into_view_if_needed()
    war.screenshot(path=artefact("fit_war_320_over.png"))

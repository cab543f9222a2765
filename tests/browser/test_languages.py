"""Every lesson and app in Punjabi and in Kannada, as Voilà serves it in chromium: drawn with
real letters (no "tofu" box anywhere on the page, at desktop and phone width), tables speaking
the page's language; an app link's ``?lang=`` choosing the language of a preheated pool kernel's
table; ⚙ Settings changing it mid-game (issue 18).

The tofu check is tests/browser/test_fonts.py's (each Gurmukhi or Kannada character drawn alone on
a canvas in its element's computed font, compared with the missing-glyph box of U+E000), run over
every text node of the page, each (font, character) once.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardkit.i18n import _, language

from .tables import settle

ROOT = Path(__file__).resolve().parents[2]
PAGES = [p.relative_to(ROOT / "lessons").with_suffix("").as_posix()
         for lang in ("pa", "kn") for p in sorted((ROOT / "lessons" / lang).glob("*.ipynb"))]
DESKTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}

#: () → the page's Gurmukhi and Kannada characters drawn as the missing-glyph box: "font: chars"
TOFU_JS = r"""(scope) => {
  const canvas = document.createElement("canvas");
  canvas.width = 96; canvas.height = 64;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  const draw = (font, ch) => {
    ctx.clearRect(0, 0, 96, 64);
    ctx.font = font; ctx.textBaseline = "middle"; ctx.fillStyle = "#000";
    ctx.fillText(ch, 32, 32);
    return ctx.getImageData(0, 0, 96, 64).data.join(",");
  };
  const moving = (el) => {
    for (let e = el; e; e = e.parentElement) {
      if (e.getAnimations().some((a) => a.playState === "running")) return true;
    }
    return false;
  };
  const seen = new Set(), boxes = new Map(), found = [];
  let n = 0;
  for (const top of document.querySelectorAll(scope || "body")) {
  const walk = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, el = node.parentElement;
    if (!el || !/[\u0A00-\u0A7F\u0C80-\u0CFF]/.test(node.data)) continue;
    if (el.closest("[hidden], script, style, template")) continue;
    const s = getComputedStyle(el);
    if (parseFloat(s.fontSize) < 4) continue;          // text hidden by a font-size of 0
    const font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;   // as drawn
    if (!boxes.has(font)) boxes.set(font, draw(font, "\uE000"));
    for (const ch of node.data) {
      if (!/[\u0A00-\u0A7F\u0C80-\u0CFF]/.test(ch) || seen.has(font + ch)) continue;
      seen.add(font + ch);
      n += 1;
      if (draw(font, ch) === boxes.get(font)) {
        found.push(`${el.className || el.tagName} (${s.fontSize} ${s.fontWeight}): ${ch}`);
      }
    }
  }
  }
  // and what the page drew: a one-line text node's drawn width against the canvas's measure of
  // the same text in the same font (chromium can keep drawing boxes for text whose font it looked
  // up while the font was loading, though the font is there now and a canvas draws it right)
  for (const top of document.querySelectorAll(scope || "body")) {
    const walk = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const node = walk.currentNode, el = node.parentElement;
      const text = node.data.replace(/\s+/g, " ").trim();
      if (!el || !/[\u0A00-\u0A7F\u0C80-\u0CFF]/.test(text) || el.closest("[hidden], option")) continue;
      const s = getComputedStyle(el);
      if (parseFloat(s.fontSize) < 4) continue;
      if (s.letterSpacing !== "normal" || s.wordSpacing !== "0px" || s.textTransform !== "none") continue;
      if (moving(el)) continue;                        // scaled while it slides (motion.js)
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = range.getClientRects();
      if (rects.length !== 1 || node.data !== node.data.trim()) continue;
      ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      // SVG text (a joker's name, turned along the card's edge) is measured along its own line, in
      // its own units, whatever its turn or the card's scale
      const want = ctx.measureText(text).width;
      const got = el instanceof SVGTextContentElement ? el.getComputedTextLength() : rects[0].width;
      if (Math.abs(want - got) > Math.max(1, want * 0.03)) {
        found.push(`${s.fontSize} ${s.fontWeight}: "${text.slice(0, 30)}" drawn ${got.toFixed(1)} px, ` +
                   `${want.toFixed(1)} px in its font`);
      }
    }
  }
  return { checked: n, tofu: found };
}"""


#: resolves once every finite animation of the page is over: a card sliding in (scaled from .7,
#: motion.js) has its text drawn smaller than its font measures (CI: "★ ਟਰੰਪ" 25.8 px, 28.1 px)
SETTLED_JS = """() => Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => null))).then(() => true)"""


def _no_tofu(app, where: str, scope: str = "body") -> int:
    app.page.evaluate("document.fonts.ready.then(() => true)")
    app.page.evaluate(SETTLED_JS)
    got = app.page.evaluate(TOFU_JS, scope)
    assert got["checked"] > 20, f"{where}: hardly any Gurmukhi or Kannada on the page ({got['checked']})"
    assert not got["tofu"], f"{where}: drawn as boxes: {got['tofu'][:10]}"
    return got["checked"]


@pytest.mark.parametrize("name", PAGES)
def test_each_lesson_and_app_renders_in_its_language_without_tofu(open_app, name):
    lang = name.split("/")[0]
    app = open_app(name, wait_for=".ck-root", viewport=DESKTOP)
    page = app.page
    page.wait_for_function("() => [...document.querySelectorAll('.ck-root')].every(e => e.innerText.trim())",
                           timeout=120_000)
    # every table on the page speaks the lesson's language (its root carries it for the fonts)
    langs = page.locator(".ck-root").evaluate_all("els => els.map(e => e.lang)")
    assert langs and set(langs) == {lang}, f"{name}: tables in {langs}"
    with language(lang):
        new_game = _("New game")
    assert page.locator(".ck-newgame").first.inner_text().strip() == new_game
    _no_tofu(app, f"{name} at 1280 px")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    _no_tofu(app, f"{name} at 390 px")
    # nothing wider than the phone's screen but the tables' own scrolling parts
    wide = page.evaluate("""() => [...document.querySelectorAll('.jp-RenderedMarkdown p, .jp-RenderedMarkdown li')]
                              .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).length""")
    assert wide == 0, f"{name}: {wide} lines of text wider than a 390 px phone"


def test_an_app_link_chooses_the_language_of_a_pool_kernels_table(browser, voila_url):
    """``/voila/render/ecarte_app.ipynb?lang=kn`` (the English app, run ahead in the pool): the
    table turns Kannada as the page connects; a value the kit does not ship changes nothing."""
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(f"{voila_url}/voila/render/ecarte_app.ipynb?lang=kn", wait_until="domcontentloaded")
        page.wait_for_function("() => document.querySelector('.ck-root')?.lang === 'kn'", timeout=90_000)
        with language("kn"):
            want = {_("New game"), _("Settings")}
        table_text = page.locator(".ck-root").inner_text()
        assert all(w in table_text for w in want), table_text[:300]
        intro = page.locator(".ck-intro").inner_text()
        assert intro and not re.search(r"[A-Za-z]{2,}", intro), intro
        said = re.sub(r"(10|[2-9AKQJ])[♠♥♦♣]", "", page.locator(".ck-whatnow").inner_text())
        words = re.findall(r"[A-Za-z]{2,}", said)
        assert not words, f"English in What now: {words}"
    finally:
        page.close()
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(f"{voila_url}/voila/render/war_app.ipynb?lang=fr", wait_until="domcontentloaded")
        page.locator(".ck-root").wait_for(timeout=90_000)
        page.wait_for_timeout(500)
        assert page.locator(".ck-root").get_attribute("lang") == "en"
        assert page.locator(".ck-newgame").inner_text().strip() == "New game"
    finally:
        page.close()


def test_settings_change_the_tables_language_mid_game_losing_nothing(open_app):
    app = open_app("ecarte_app", wait_for=".ck-root", viewport=DESKTOP)
    page = app.page
    settle(app)
    # a first move, whatever the deal asks of the person: Stand, Propose, Accept or Refuse when
    # the buttons are there, else (the computer dealt to itself and stood) a card to lead
    old = page.locator(".ck-root").get_attribute("data-pos")
    if page.locator(".ck-actions button:not([disabled])").count():
        page.locator(".ck-actions button:not([disabled])").first.click()
    else:
        page.locator(".ck-hand-south .ck-cardbtn:not([aria-disabled='true'])").first.click()
    page.wait_for_function("(old) => document.querySelector('.ck-root').dataset.pos !== old", arg=old)
    settle(app)
    pos = page.locator(".ck-root").get_attribute("data-pos")
    log = page.locator(".ck-log li").count()
    page.locator(".ck-settings-summary").click()
    page.locator('[data-key="set:language"]').select_option(label="ਪੰਜਾਬੀ")
    page.wait_for_function("() => document.querySelector('.ck-root').lang === 'pa'", timeout=10_000)
    with language("pa"):
        assert page.locator(".ck-newgame").inner_text().strip() == _("New game")
    assert page.locator(".ck-root").get_attribute("data-pos") == pos
    assert page.locator(".ck-log li").count() == log
    _no_tofu(app, "the Écarté app switched to Punjabi")
    page.locator('[data-key="set:language"]').select_option(label="English")
    page.wait_for_function("() => document.querySelector('.ck-root').lang === 'en'", timeout=10_000)
    assert page.locator(".ck-newgame").inner_text().strip() == "New game"


class _Page:
    """What :func:`_no_tofu` reads: a page (``app.page``)."""

    def __init__(self, page):
        self.page = page


@pytest.mark.parametrize("card", [f"{lang}/{game}" for lang in ("pa", "kn")
                                  for game in ("ecarte", "war", "switch")])
def test_each_translated_rule_card_prints_on_one_page_without_tofu(voila_url, browser, card):
    lang = card.split("/")[0]
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(f"{voila_url}/voila/templates/cardkit/static/rule-cards/{card}.html")
        assert page.locator("html").get_attribute("lang") == lang
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        with language(lang):
            assert page.locator(".ck-print").inner_text().strip() == _("Print")
        _no_tofu(_Page(page), f"the {card} rule card")
        for size in ("A4", "Letter"):
            pdf = page.pdf(format=size)
            pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
            assert pages == 1, f"the {card} rule card takes {pages} {size} pages"
    finally:
        page.close()

"""The links inside a lesson work on a Voilà page, the way a class is given lessons.

- Lessons served together (``./dev lessons``: Voilà on the ``lessons/`` folder, each page at
  ``/voila/render/<name>``; Binder's Voilà links are the same shape): a link to another lesson or
  an app opens it, and a link to a rule card opens its printable HTML page in a new tab (Voilà
  serves no Markdown: the ``cardkit`` page template points the link at the page written by
  tools/rule_cards.py).
- A lesson served on its own (``voila lessons/01_ecarte.ipynb``, where every path on the server is
  that one notebook): a link to another notebook would open this lesson again, so it is plain text
  that says why; the rule card still opens.
- Voilà as a Jupyter server extension, from the repository root (what Binder's Voilà links run:
  ``/voila/render/lessons/<name>``): the same links work.
- Each rule card prints on one page (A4 and Letter) and reads on a phone without sideways scroll.

Front-end dependent: the ``cardkit`` template's ``ck-link-off`` class and the rule cards' static
path (``/voila/templates/cardkit/static/rule-cards/``).
"""
from __future__ import annotations

import os
import re
import secrets
import sys
from pathlib import Path

import pytest

from cardkit_serving.launch import free_port, start_server, start_voila

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
CARDS = "/voila/templates/cardkit/static/rule-cards/"
LIVE = ".ck-root"


def _links(page) -> list[dict]:
    """Every link of the page's Markdown with its attribute, its resolved URL and its target."""
    return page.eval_on_selector_all(
        "a[href]",
        "els => els.map(a => ({text: a.textContent.trim(), href: a.getAttribute('href'),"
        " url: a.href, target: a.getAttribute('target')}))")


def test_links_between_lessons_work(open_app, voila_url, browser):
    app = open_app("00_start_here", wait_for=LIVE)
    links = [a for a in _links(app.page) if not re.match(r"(https?:|#)", a["href"])]
    notebooks = [a for a in links if a["href"].endswith(".ipynb")]
    cards = [a for a in links if CARDS in a["href"]]
    assert {a["href"] for a in notebooks} >= {p.name for p in LESSONS.glob("[0-9]*.ipynb")} - {"00_start_here.ipynb"}
    assert len(notebooks) + len(cards) == len(links), [a for a in links if a not in notebooks + cards]
    for a in notebooks:
        assert a["url"] == f"{voila_url}/voila/render/{a['href']}", a
        assert (LESSONS / a["href"]).exists(), a
    # the three rule cards, each a printable page opened in a new tab
    assert {a["href"].rsplit("/", 1)[1] for a in cards} == {"ecarte.html", "war.html", "switch.html"}
    for a in cards:
        assert a["target"] == "_blank"
        reply = app.page.request.get(a["url"])
        assert reply.status == 200 and reply.headers["content-type"].startswith("text/html"), a
        assert "— rule card</title>" in reply.text()
    # a student follows the link to War: the lesson opens, live
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(app.url, timeout=120_000)
        page.locator(LIVE).first.wait_for(timeout=120_000)
        page.get_by_role("link", name="02 War", exact=True).click()
        page.wait_for_url(f"{voila_url}/voila/render/02_war.ipynb", timeout=60_000)
        page.locator(LIVE).first.wait_for(timeout=120_000)
        assert "War: learn to play" in page.locator("body").inner_text()
    finally:
        page.close(run_before_unload=True)


def test_a_lesson_served_alone_says_why_its_notebook_links_do_not_open(browser):
    server = start_voila(LESSONS / "01_ecarte.ipynb", pool={}, timeout=120)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(server.url + "/", timeout=120_000)
        page.locator(LIVE).first.wait_for(timeout=120_000)
        links = _links(page)
        assert not [a for a in links if a["href"].endswith(".ipynb") and not a["href"].startswith("https:")], links
        off = page.locator(".ck-link-off")
        assert off.count() >= 2                         # the app and the list of lessons
        assert "the Écarté app" in off.all_inner_texts()
        assert "served on its own" in (off.first.get_attribute("title") or "")
        # said in words too (a title shows only on hover, never on a phone): once per cell
        notes = page.locator(".ck-link-note")
        assert notes.count() >= 1 and notes.first.is_visible()
        assert notes.first.inner_text().startswith("This page was served on its own, so its links")
        card = [a for a in links if a["href"].endswith("/ecarte.html")]
        assert card and all(a["url"] == f"{server.url}{CARDS}ecarte.html" for a in card)
        assert page.request.get(card[0]["url"]).status == 200
    finally:
        page.close(run_before_unload=True)
        server.stop()


def test_links_work_on_a_binder_style_server(browser, tmp_path):
    port, token = free_port(), secrets.token_hex(16)
    cmd = [str(Path(sys.executable).with_name("jupyter")), "server", "--no-browser", "--allow-root",
           "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", f"--IdentityProvider.token={token}",
           f"--ServerApp.root_dir={ROOT}"]
    try:
        server = start_server(cmd, port, f"/api/status?token={token}",
                              env={"JUPYTER_CONFIG_DIR": str(tmp_path / "config")})
    except RuntimeError as exc:
        pytest.fail(str(exc))
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{server.url}/voila/render/lessons/01_ecarte.ipynb?token={token}", timeout=120_000)
        page.locator(LIVE).first.wait_for(timeout=120_000)
        links = {a["href"]: a for a in _links(page)}
        assert links["ecarte_app.ipynb"]["url"] == f"{server.url}/voila/render/lessons/ecarte_app.ipynb"
        card = links[f"{CARDS}ecarte.html"]
        assert card["target"] == "_blank"
        assert page.request.get(card["url"]).status == 200
    finally:
        page.close()
        server.stop()
        os.unlink(server.log_path)


@pytest.mark.parametrize("game", ["ecarte", "war", "switch"])
def test_each_rule_card_prints_on_one_page(voila_url, browser, tmp_path, game):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{voila_url}{CARDS}{game}.html")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.get_by_role("button", name="Print").is_visible()
        for size in ("A4", "Letter"):
            pdf = page.pdf(format=size)
            pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
            assert pages == 1, f"the {game} rule card takes {pages} {size} pages"
        (tmp_path / f"{game}.pdf").write_bytes(pdf)
    finally:
        page.close()

"""Helpers for the browser tests of the anywidget tables (one ``.ck-root`` per table).

The page exposes no game state of its own beyond what it draws; the helpers read the DOM the way
a person (or a screen reader) does: button names, the "What now" text, the cards' accessible
names. ``data-pos`` on the table's root is the position counter the page sends with each click
(public), used here to wait for an answer.
"""
from __future__ import annotations

import os
import signal
import re
import time
from pathlib import Path

ARTEFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "tables"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def artefact(name: str) -> str:
    """A path under ``artifacts/tables/`` (gitignored) for a screenshot."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    return str(ARTEFACTS / name)


def pos(app, root: str = ".ck-root") -> int:
    return int(app.locator(root).first.get_attribute("data-pos") or -1)


def what_now(app) -> str:
    return app.locator(".ck-whatnow").first.inner_text()


def wait_for_change(app, old: int, timeout: float = 30.0) -> None:
    app.wait_for_function("(old) => Number(document.querySelector('.ck-root').dataset.pos) !== old",
                          arg=old, timeout=timeout * 1000)


#: Is the table ``r`` waiting for the person (or over)? Not while the computer is to move
#: (``data-mode="wait"``: Écarté, Switch) nor, on a War table, while Flip is held in play with
#: no prediction to answer instead (a war's face-down cards are turning over, or a computer
#: decides): then the table will change by itself, and whatever a test reads or clicks may be
#: redrawn under it.
READY_JS = """r => { if (!r) return false;
  const mode = r.dataset.mode;
  if (mode === 'wait') return false;
  if (r.classList.contains('ck-game-war') && mode === 'battle')
    return !!r.querySelector("[data-key='act:flip']:not([aria-disabled='true']),"
                             + " .ck-taskbar .ck-choice:not([aria-disabled='true'])");
  return true; }"""


def settle(app, quiet_ms: int = 500, timeout: float = 30.0, root: str = ".ck-root") -> None:
    """Wait until the table ``root`` waits for the person (:data:`READY_JS`: the computer has
    made its moves, a war's cards have turned over) and its position has not changed for
    ``quiet_ms`` since (the cards' movements are over). Fails after ``timeout`` seconds: a
    table that never hands back the turn is broken. Conditions, not a pause: a loaded machine
    only makes it wait longer."""
    probe = f"sel => {{ const r = document.querySelector(sel); return [r ? r.dataset.pos : null, ({READY_JS})(r)]; }}"
    end = time.monotonic() + timeout
    last, since = None, time.monotonic()
    while True:
        now = app.evaluate(probe, root)
        t = time.monotonic()
        if now != last:
            last, since = now, t
        elif now[1] and (t - since) * 1000 >= quiet_ms:
            return
        if t > end:
            text = app.locator(f"{root} .ck-whatnow").first.inner_text()
            raise AssertionError(f"{root} did not hand the turn back in {timeout:g} s "
                                 f"(position, ready: {now}): {text}")
        app.wait_for_timeout(100)


def wait_pos_change(app, root: str, old: str | None, timeout: int = 30_000) -> None:
    """Wait until the table ``root`` (a CSS selector) shows a position other than ``old``."""
    app.wait_for_function("([sel, old]) => document.querySelector(sel).dataset.pos !== old",
                          arg=[root, old], timeout=timeout)


def settle_table(app, root: str, quiet_ms: int = 700, timeout_ms: int = 30_000) -> None:
    """:func:`settle` for the table ``root`` of a page with several (``timeout_ms`` in ms)."""
    settle(app, quiet_ms=quiet_ms, timeout=timeout_ms / 1000, root=root)


def game_over(app, root: str = ".ck-root") -> bool:
    """The table says its game is over (``data-mode="over"``)."""
    return app.locator(root).first.get_attribute("data-mode") == "over"


def buttons(app, scope: str = ".ck-actions") -> list[str]:
    """Names of the enabled buttons in ``scope``."""
    return app.eval_on_selector_all(
        f"{scope} button:not([aria-disabled='true'])", "els => els.map(e => e.innerText.trim())")


def backs_are_blank(app) -> None:
    """Every face-down card is an empty, unnamed, unfocusable element."""
    info = app.eval_on_selector_all(
        ".ck-back", "els => els.map(e => [e.innerText, e.getAttribute('aria-label'), e.title, e.tabIndex,"
                    " e.getAttribute('aria-hidden'), e.className])")
    for text, label, title, tab, hidden, cls in info:
        assert text == "" and label is None and title == "" and tab < 0 and hidden == "true", cls
        assert cls.split() <= ["ck-card", "ck-back", "ck-small", "ck-mid", "ck-mini", "ck-stack-2"] or \
            set(cls.split()) <= {"ck-card", "ck-back", "ck-small", "ck-mid", "ck-mini", "ck-stack-2"}, cls


def boxes(app, selectors: list[str], root: str = ".ck-root") -> dict[str, tuple[int, int]]:
    """The (x, y) of the first element of each selector (``None``: not drawn), in px from the
    table's top left corner (so that scrolling the page does not count as a move). Read in one
    go in the page, so that a redraw cannot fall between two of them."""
    got = app.evaluate("""([root, sels]) => { const r = document.querySelector(root).getBoundingClientRect();
        return sels.map(s => { const e = document.querySelector(s);
          const b = e && e.getClientRects().length ? e.getBoundingClientRect() : null;
          return b ? [Math.round(b.x - r.x), Math.round(b.y - r.y)] : null; }); }""", [root, selectors])
    return {sel: (tuple(b) if b else None) for sel, b in zip(selectors, got, strict=False)}


def tab_to(app, predicate_js: str, limit: int = 60) -> dict:
    """Press Tab until the focused element satisfies ``predicate_js`` (``e => …``); returns what
    was focused on the way (each stop's class and accessible name). Fails after ``limit`` Tabs."""
    stops = []
    for _ in range(limit):
        app.keyboard.press("Tab")
        info = app.evaluate("() => { const e = document.activeElement; return {cls: e.className || '',"
                            " tag: e.tagName, name: e.getAttribute('aria-label') || e.innerText || '',"
                            " disabled: e.getAttribute('aria-disabled')}; }")
        stops.append(info)
        if app.evaluate(f"() => ({predicate_js})(document.activeElement)"):
            return {"stops": stops}
    raise AssertionError(f"no focusable element matched after {limit} Tabs: {stops[-8:]}")


def kill_kernel(app, voila_log_hint: str = "") -> None:
    """Kill the page's kernel process (SIGKILL), as if it had died."""
    html = app.content()
    m = re.search(r"kernelId[\"']?\s*[:=]\s*[\"']([0-9a-f-]{36})", html)
    assert m, "no kernel id on the page"
    kid = m.group(1)
    for cmd in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            text = cmd.read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if kid in text and "ipykernel" in text:
            os.kill(int(cmd.parent.name), signal.SIGKILL)
            return
    raise AssertionError(f"no kernel process for {kid}")


def wait_game_stopped(app, timeout: float = 10.0) -> None:
    """After the page's kernel died, with no click: the page's "This game has stopped" notice
    (the ``cardkit`` template), and the table greyed out, its What now saying the notice's text
    instead of asking for a move, its controls off."""
    from cardkit_serving import STOPPED_MESSAGE
    app.locator("#ck-stopped").wait_for(state="visible", timeout=timeout * 1000)
    app.kernel_gone = True          # its reconnection attempts now get 404s, as they should
    root = app.locator(".ck-root").first
    app.locator(".ck-root.ck-is-lost").first.wait_for(timeout=2_000)
    assert " ".join(root.locator(".ck-whatnow").inner_text().split()) == STOPPED_MESSAGE
    controls = root.locator("button")
    assert controls.count() > 0
    assert all(b.get_attribute("aria-disabled") == "true" for b in controls.all())

"""Helpers for headless widget tests (docs/architecture.md "Tests").

- :func:`all_widget_states` — ``get_state()`` of every live widget, the way a browser sees them
  (ipywidgets sends all of them on page load, displayed or not).
- :func:`assert_no_hidden_cards` — scan those states for hidden cards in every text form
  (``K♥``, ``KH``, ``king of hearts``).
- :func:`forge_state` / :func:`forge_click` — what a hostile browser can send: any trait update,
  a click on any button (even a disabled or hidden one).
- :class:`HandlerErrors` — ``Button.click()`` swallows handler exceptions (it logs a warning on
  the ``traitlets`` logger outside IPython); this collects them so a test can fail on them.
  :func:`widget_hygiene` installs one around every widget test.
- :func:`widget_hygiene` — the autouse fixture of the widget tests' folders.
- :class:`StoredPage` — what a table keeping its match in a table store tells its page (the
  resume token), kept as the browser keeps it.
"""
from __future__ import annotations

import json
import logging
import re
import sys
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from cardkit.cards import Card


def live_widgets() -> list[Any]:
    """Every widget that is still open (``ipywidgets.widgets.widget._instances``)."""
    if "ipywidgets" not in sys.modules:
        return []
    from ipywidgets.widgets import widget
    return list(widget._instances.values())


def all_widget_states() -> dict[str, dict]:
    """``{model_id: get_state()}`` for every live widget (bytes buffers as their repr)."""
    return {w.model_id: w.get_state() for w in live_widgets()}


def states_text(states: dict[str, dict] | None = None) -> str:
    """The states as one JSON text (non-ASCII kept, so ``♥`` stays ``♥``)."""
    if states is None:
        states = all_widget_states()
    return json.dumps(states, ensure_ascii=False, default=repr, sort_keys=True)


def card_forms(card: Card) -> list[str]:
    """Every text form a card could leak in: ``K♥``, ``KH``, ``king of hearts`` (and the words
    the tables use, which equal the name in English)."""
    from cardkit_tables.cardtable import card_words
    return sorted({str(card), card.code, card.name, card_words(card)})


def _pattern(form: str) -> re.Pattern:
    # a card code must stand alone: "AS" in "CLASS" or "0♥" in "10♥" is not a card
    return re.compile(r"(?<![0-9A-Za-z])" + re.escape(form) + r"(?![0-9A-Za-z])",
                      re.IGNORECASE if " " in form else 0)


def find_hidden_cards(cards: Iterable[Card], text: str | None = None) -> list[tuple[Card, str, str]]:
    """``(card, form, context)`` for each hidden card form found in ``text`` (default: the
    serialized states of all live widgets)."""
    if text is None:
        text = states_text()
    found = []
    for card in cards:
        for form in card_forms(card):
            m = _pattern(form).search(text)
            if m:
                found.append((card, form, text[max(0, m.start() - 80): m.end() + 80]))
    return found


def assert_no_hidden_cards(cards: Iterable[Card], states: dict[str, dict] | None = None) -> None:
    """Fail if any of ``cards`` (the cards the viewer must not see) appears in any synced trait
    of any live widget: value, description, tooltip, CSS classes, layout…"""
    cards = list(cards)
    assert cards, "assert_no_hidden_cards needs the hidden cards to look for"
    found = find_hidden_cards(cards, states_text(states))
    assert not found, "hidden cards reach the browser:\n" + "\n".join(
        f"  {card} as {form!r} in …{context}…" for card, form, context in found)


def scan_for_hidden(cards: Iterable[Card]) -> None:
    """:func:`assert_no_hidden_cards` over every live widget, with a fast substring pre-filter
    (a regex hit is always a substring hit, so nothing is missed). Does nothing for no cards."""
    states = all_widget_states()
    text = states_text(states)
    low = text.lower()
    suspects = [c for c in cards
                if any((f.lower() in low) if " " in f else (f in text) for f in card_forms(c))]
    if suspects:
        assert_no_hidden_cards(suspects, states)


def view_text(table: Any, *, log: bool = True) -> str:
    """A table's synced ``view`` as JSON text (what the page can read); ``log=False`` leaves out
    the log, whose sentences are the observation's public history."""
    view = dict(table.view)
    if not log:
        view.pop("log", None)
    return json.dumps(view, ensure_ascii=False, sort_keys=True)


def page_states_text() -> str:
    """Every live widget's state as the page receives it, without anywidget's ``_esm``/``_css``
    (the tables' program text, the same for every game: code, not state)."""
    states = {k: {n: v for n, v in st.items() if n not in ("_esm", "_css")}
              for k, st in all_widget_states().items()}
    return states_text(states)


def forge_state(widget: Any, **state: Any) -> None:
    """Set traits the way a browser's ``update`` message does (``set_state``; read-only too)."""
    widget.set_state(state)


def forge_click(button: Any) -> None:
    """Send a button the ``click`` custom message a browser sends (works on disabled buttons)."""
    button._handle_button_msg(None, {"event": "click"}, [])


class HandlerErrors(logging.Handler):
    """Collects the warnings ipywidgets logs when a callback raised (``Exception in callback``).

    Use as a context manager: ``with HandlerErrors() as errs: ...; errs.check()``.
    """

    LOGGERS = ("traitlets",)

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith(("Exception in callback", "Exception in widget method")):
            self.records.append(record)

    def __enter__(self) -> HandlerErrors:
        for name in self.LOGGERS:
            logging.getLogger(name).addHandler(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        for name in self.LOGGERS:
            logging.getLogger(name).removeHandler(self)

    def messages(self) -> list[str]:
        return [self.format(r) if r.exc_info is None else
                r.getMessage() + "\n" + logging.Formatter().formatException(r.exc_info)
                for r in self.records]

    def check(self) -> None:
        """Fail if a widget callback raised."""
        assert not self.records, "a widget callback raised:\n" + "\n".join(self.messages())


def table_errors() -> list[tuple[Any, BaseException]]:
    """``(table, exception)`` for every error a live table's safe handlers caught."""
    kinds = []
    if "cardkit_tables.cardtable" in sys.modules:
        from cardkit_tables.cardtable import CardTable
        kinds.append(CardTable)
    if not kinds:
        return []
    return [(w, e) for w in live_widgets() if isinstance(w, tuple(kinds)) for e in w.errors]


def assert_no_table_errors() -> None:
    """Fail if any live table's ``errors`` is not empty (a handler raised and was caught)."""
    import traceback
    errs = table_errors()
    assert not errs, "a table's click handler raised:\n" + "\n".join(
        f"{t!r}: " + "".join(traceback.format_exception(e)) for t, e in errs)


def close_all_widgets() -> None:
    """``Widget.close_all()`` if ipywidgets was imported."""
    if "ipywidgets" in sys.modules:
        from ipywidgets import Widget
        Widget.close_all()


@pytest.fixture(autouse=True)
def widget_hygiene() -> Iterator[HandlerErrors]:
    """Every widget test runs inside this (autouse in ``tests/tables/`` and ``tests/lessons/``,
    whose conftests import it): it fails when a widget callback raised (ipywidgets only logs
    that outside IPython) or a table's safe handler caught an exception (``table.errors``), and
    it closes every widget before and after, so states never leak from one test into the next. A
    test that provokes an error on purpose asserts it and then clears ``table.errors``."""
    close_all_widgets()
    with HandlerErrors() as errs:
        yield errs
    try:
        errs.check()
        assert_no_table_errors()
    finally:
        close_all_widgets()


class StoredPage:
    """Records what the kernel tells the page (the resume token: ``{"resume": token}``, None to
    forget it) as the browser would keep it: ``token`` now, ``told`` every one in order."""

    def __init__(self, table) -> None:
        self.token = None
        self.told: list = []

        def send(content, buffers=None):
            if isinstance(content, dict) and "resume" in content:
                self.told.append(content["resume"])
                self.token = content["resume"]
        table.send = send

"""Small ipywidgets parts the card tables are built from (DESIGN.md "Widgets", TABLES.md).

Parts (ipywidgets 8.1, imported as ``ipw``):

- :class:`CardView` — one card: a face (``K♥``), a back (no text at all) or an empty slot.
- :class:`HandView` — a row of clickable cards; ``show(cards, playable=, selected=, notes=)``,
  ``show_backs(n)``, ``on_card(callback)``.
- :class:`PileView` — a labelled pile ("Stock: 17 cards") with its top card, a back or nothing.
- :class:`ScoreBoard`, :class:`WhatNow`, :class:`LogView` — HTML panels (text is escaped).
- :class:`ActionBar` — only the buttons that apply now; ``on_action(callback)`` gets the key.
- :class:`Style` / :func:`table_css` — the CSS every part uses, as an ``ipw.HTML("<style>…")``.
- :class:`TableBase` — base ``VBox`` for a table: ``message()``, ``safe()`` click handlers that
  never show a traceback, ``errors`` (tests assert it stays empty), a short stable ``repr``, and
  the narrow (one-column) layout.

Security (DESIGN.md "Widgets"): the browser can read every synced trait of every live widget and
forge any message. So a part only ever holds in synced traits what it was asked to show face up:
backs and spare buttons carry no text, tooltip or identifying CSS class, and a click is mapped to a
card through a Python-side list by button index — never through the (forgeable) description.
Every sentence a person reads goes through :func:`cardkit.i18n._`.
"""
from __future__ import annotations

import asyncio
import functools
import html
import itertools
import logging
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any

import ipywidgets as ipw

from cardkit.cards import Card, Suit
from cardkit.core import IllegalAction
from cardkit.i18n import _, ngettext

__all__ = ["esc", "running_loop", "card_label", "card_words", "CardView", "HandView", "PileView", "ScoreBoard",
           "WhatNow", "LogView", "ActionBar", "Style", "table_css", "safe_handler", "TableBase"]

log = logging.getLogger("cardkit.widgets")

# Card sizes: (width, height, font size). Large enough to tap on a phone (>= 44 px).
_SIZES = {"normal": ("56px", "78px", "20px"), "small": ("44px", "60px", "16px")}
_TWO_COLOURS = {Suit.SPADES: "black", Suit.CLUBS: "black", Suit.HEARTS: "red", Suit.DIAMONDS: "red"}
_FOUR_COLOURS = {Suit.SPADES: "black", Suit.HEARTS: "red", Suit.DIAMONDS: "blue", Suit.CLUBS: "green"}
# Classes that describe what a CardView shows now; anything else (hooks a table added) is kept.
_STATE_CLASSES = frozenset({"ck-face", "ck-back", "ck-empty", "ck-red", "ck-black", "ck-blue",
                            "ck-green", "ck-unplayable", "ck-selected"})


#: The description of a back or an empty slot: a no-break space, the same for every card.
BLANK = "\u00a0"


def card_label(card: Card) -> str:
    """The short face text of ``card``: ``K♥``, ``10♦``; a joker is ``_("Joker")``."""
    return _("Joker") if card.is_joker else str(card)


def card_words(card: Card) -> str:
    """The card in words, for screen readers: ``king of hearts`` (translated)."""
    if card.is_joker:
        return _("joker")
    return _("{rank} of {suit}").format(rank=_(card.rank.word), suit=_(card.suit.word))


def _classes(widget: ipw.DOMWidget, *names: str | None) -> ipw.DOMWidget:
    """Add the CSS classes ``names`` (``None`` skipped) to ``widget``; return it."""
    for name in names:
        if name:
            widget.add_class(name)
    return widget


def _colour(card: Card, four_colour: bool) -> str:
    if card.is_joker:
        return "black"
    return (_FOUR_COLOURS if four_colour else _TWO_COLOURS)[card.suit]


# ----------------------------------------------------------------------------------------- cards
class CardView(ipw.Button):
    """One card as a large Button: a face, a back or an empty slot.

    ``CardView(card=None, *, face_up=True, four_colour=False, size="normal", hook=None)``:
    with a ``card`` it shows that face (or a back when ``face_up`` is false, without remembering
    the card), without one an empty slot. ``size`` is ``"normal"`` (56×78 px) or ``"small"``;
    ``hook`` is an extra, non-secret CSS class (a stable selector for browser tests).

    The face is the text ``K♥`` with ``king of hearts`` as tooltip; red/black, or
    black/red/blue/green with ``four_colour``. A back has no description, no tooltip and the same
    classes as every other back. ``card`` (Python side only) is the face shown, else ``None``.
    Clicks come through the usual ``on_click(callback(button))``.
    """

    def __init__(self, card: Card | None = None, *, face_up: bool = True,
                 four_colour: bool = False, size: str = "normal", hook: str | None = None,
                 **kwargs: Any):
        if size not in _SIZES:
            raise ValueError(f"CardView size must be one of {sorted(_SIZES)}, not {size!r}")
        width, height, font = _SIZES[size]
        kwargs.setdefault("layout", ipw.Layout(width=width, height=height, margin="2px",
                                               padding="0"))
        kwargs.setdefault("style", ipw.ButtonStyle(font_size=font, font_weight="bold"))
        super().__init__(**kwargs)
        self.four_colour = four_colour
        self._card: Card | None = None
        _classes(self, "ck-card", f"ck-{size}" if size != "normal" else None, hook)
        if card is None:
            self.show_empty()
        elif face_up:
            self.show(card)
        else:
            self.show_back()

    @property
    def card(self) -> Card | None:
        """The card whose face is showing (``None`` for a back or an empty slot)."""
        return self._card

    def _paint(self, description: str, tooltip: str | None, state: list[str]) -> None:
        keep = [c for c in self._dom_classes if c not in _STATE_CLASSES]
        with self.hold_sync():
            # ipywidgets' ButtonView leaves the old text on screen when the description becomes
            # "" (it only redraws a non-empty one), so "no text" is a no-break space.
            self.description = description or BLANK
            self.tooltip = tooltip
            self._dom_classes = tuple(keep + state)

    def show(self, card: Card, *, playable: bool = True, selected: bool = False,
             note: str | None = None) -> None:
        """Show ``card`` face up. ``playable=False`` greys it and marks it "not allowed" (text in
        the tooltip and a marker drawn by the CSS, not colour alone); ``selected`` lifts it and
        gives it a border; ``note`` (public text, e.g. "trump") is added to the tooltip."""
        self._card = card
        words = [card_words(card)]
        if note:
            words.append(note)
        if not playable:
            words.append(_("not allowed"))
        classes = ["ck-face", f"ck-{_colour(card, self.four_colour)}"]
        if not playable:
            classes.append("ck-unplayable")
        if selected:
            classes.append("ck-selected")
        self._paint(card_label(card), " — ".join(words), classes)

    def show_back(self) -> None:
        """Show a face-down card: no text, no tooltip, nothing that tells one back from another."""
        self._card = None
        self._paint("", None, ["ck-back"])

    def show_empty(self, text: str = "") -> None:
        """Show an empty slot (dashed outline), with an optional public ``text``."""
        self._card = None
        self._paint(text, None, ["ck-empty"])


class HandView(ipw.HBox):
    """A hand (or any row of cards) as clickable :class:`CardView` buttons.

    ``HandView(*, four_colour=False, size="normal", hook=None, **box_kwargs)``; ``hook`` is a
    non-secret CSS class such as ``"ck-hand-south"``. The row wraps on narrow screens.

    ``show(cards, ...)`` and ``show_backs(n)`` update the buttons in place (one pool of buttons,
    spares hidden and blanked). A card keeps its button while it stays in the hand, so a late
    click on a card that has just been played is ignored rather than landing on its neighbour.
    ``on_card(callback)`` registers ``callback(card)``; the card is looked up on the Python side
    from the clicked button's index. Cards that are not playable stay clickable, so the table can
    say which rule forbids them. Clicks on backs and hidden spares are ignored.
    """

    def __init__(self, *, four_colour: bool = False, size: str = "normal",
                 hook: str | None = None, **kwargs: Any):
        kwargs.setdefault("layout", ipw.Layout(flex_flow="row wrap", align_items="flex-end"))
        super().__init__(**kwargs)
        self._four_colour = four_colour
        self._size = size
        self._pool: list[CardView] = []
        self._held: list[Card | None] = []   # per pool index: the face it shows, or None
        self._freed: list[int] = []          # per pool index: when it was last freed (LRU reuse)
        self._shown: tuple[int, ...] = ()    # pool indices on display, in display order
        self._clock = itertools.count(1)
        self._backs = False
        self._options: dict[str, Any] = {}   # playable/selected/notes of the last show()
        self._card_handlers = ipw.CallbackDispatcher()
        _classes(self, "ck-hand", hook)

    # -- reading -----------------------------------------------------------------------------
    @property
    def cards(self) -> tuple[Card, ...]:
        """The face-up cards on display, in order (empty while showing backs)."""
        return tuple(self._held[i] for i in self._shown if self._held[i] is not None)

    @property
    def buttons(self) -> tuple[CardView, ...]:
        """The buttons on display, in display order (``buttons[k]`` shows ``cards[k]``)."""
        return tuple(self._pool[i] for i in self._shown)

    def button_for(self, card: Card) -> CardView:
        """The displayed button showing ``card``; ``KeyError`` if it is not shown face up."""
        for i in self._shown:
            if self._held[i] == card:
                return self._pool[i]
        raise KeyError(card)

    @property
    def four_colour(self) -> bool:
        return self._four_colour

    @four_colour.setter
    def four_colour(self, value: bool) -> None:
        """Switch between red/black and four-colour suits; redraws the faces shown."""
        self._four_colour = bool(value)
        for b in self._pool:
            b.four_colour = self._four_colour
        if not self._backs:
            self.show(self.cards, **self._options)

    # -- events ------------------------------------------------------------------------------
    def on_card(self, callback: Callable[[Card], Any], remove: bool = False) -> None:
        """Register (or with ``remove=True`` unregister) ``callback(card)`` for card clicks."""
        self._card_handlers.register_callback(callback, remove=remove)

    def _click(self, index: int) -> None:
        card = self._held[index]
        if card is None or index not in self._shown:
            return  # a back, a spare, or a stale click on a card that has left the hand
        self._card_handlers(card)

    def click(self, card: Card) -> None:
        """Click the button showing ``card``, as a person would (for lessons and tests)."""
        self.button_for(card).click()

    # -- drawing -----------------------------------------------------------------------------
    def _new_button(self) -> int:
        index = len(self._pool)
        button = CardView(four_colour=self._four_colour, size=self._size)
        button.on_click(lambda _b, i=index: self._click(i))
        self._pool.append(button)
        self._held.append(None)
        self._freed.append(0)
        return index

    def _free_indices(self, used: set[int]) -> list[int]:
        """Pool indices not in ``used``, longest-free first."""
        return sorted((i for i in range(len(self._pool)) if i not in used),
                      key=lambda i: (self._freed[i], i))

    def _finish(self, order: list[int]) -> None:
        """Blank the buttons not in ``order`` and display ``order``."""
        on = set(order)
        now = next(self._clock)
        for i, b in enumerate(self._pool):
            if i not in on:
                if self._held[i] is not None or i in self._shown:
                    self._freed[i] = now
                self._held[i] = None
                b.show_empty()
        self._shown = tuple(order)
        self.children = tuple(self._pool[i] for i in order)

    def show(self, cards: Iterable[Card], *, playable: Iterable[Card] | None = None,
             selected: Iterable[Card] = (), notes: Mapping[Card, str] | None = None) -> None:
        """Show ``cards`` face up, in this order.

        ``playable``: the cards that may be played now (``None``: all, with no marker); the others
        are greyed and marked "not allowed". ``selected``: cards drawn lifted with a border (e.g.
        chosen for discarding). ``notes``: a public word per card for its tooltip ("trump").
        """
        cards = list(cards)
        allowed = None if playable is None else set(playable)
        chosen = set(selected)
        notes = dict(notes or {})
        self._options = {"playable": allowed, "selected": chosen, "notes": notes}
        # keep each card on the button that already shows it (duplicates: first come first served)
        holding: dict[Card, list[int]] = {}
        if not self._backs:
            for i in self._shown:
                if self._held[i] is not None:
                    holding.setdefault(self._held[i], []).append(i)
        slots: list[int | None] = [holding[c].pop(0) if holding.get(c) else None for c in cards]
        free = iter(self._free_indices({i for i in slots if i is not None}))
        order = [i if i is not None else next(free, None) for i in slots]
        with self.hold_sync():
            for k, card in enumerate(cards):
                if order[k] is None:
                    order[k] = self._new_button()
                i = order[k]
                self._held[i] = card
                self._pool[i].show(card, playable=allowed is None or card in allowed,
                                   selected=card in chosen, note=notes.get(card))
            self._backs = False
            self._finish(order)

    def show_backs(self, n: int) -> None:
        """Show ``n`` face-down cards (no text, no tooltip, no identifying class)."""
        if n < 0:
            raise ValueError("show_backs needs a count >= 0")
        with self.hold_sync():
            while len(self._pool) < n:
                self._new_button()
            order = list(range(n))
            for i in order:
                if self._held[i] is not None:
                    self._freed[i] = next(self._clock)
                self._held[i] = None
                self._pool[i].show_back()
            self._backs = True
            self._finish(order)


class PileView(ipw.VBox):
    """A labelled pile: "Stock: 17 cards" over its top card, a back, or an empty slot.

    ``PileView(label, *, four_colour=False, size="normal", hook=None)``; ``label`` is already
    translated (``_("Stock")``). ``show(count=None, top=None)``: ``top`` a :class:`Card` shows
    that face; otherwise a back when ``count`` is positive (or ``None``) and an empty slot when it
    is 0. ``count=None`` leaves the count out of the label. ``on_click(callback())`` for a
    clickable pile (draw from the stock).
    """

    def __init__(self, label: str, *, four_colour: bool = False, size: str = "normal",
                 hook: str | None = None, **kwargs: Any):
        self.label = label
        self.caption = ipw.HTML()
        self.caption.add_class("ck-pile-label")
        self.card_view = CardView(four_colour=four_colour, size=size)
        super().__init__(children=(self.caption, self.card_view), **kwargs)
        self._handlers = ipw.CallbackDispatcher()
        self.card_view.on_click(lambda _b: self._handlers())
        self.count: int | None = None
        _classes(self, "ck-pile", hook)
        self.show()

    def on_click(self, callback: Callable[[], Any], remove: bool = False) -> None:
        """Register ``callback()`` (no arguments) for clicks on the pile."""
        self._handlers.register_callback(callback, remove=remove)

    def click(self) -> None:
        self.card_view.click()

    @property
    def top(self) -> Card | None:
        """The face-up top card shown, if any (Python side)."""
        return self.card_view.card

    def show(self, count: int | None = None, top: Card | None = None) -> None:
        text = html.escape(self.label)
        if count is not None:
            text = _("{label}: {count}").format(
                label=text, count=html.escape(ngettext("{n} card", "{n} cards", count).format(n=count)))
        with self.hold_sync():
            self.count = count
            self.caption.value = text
            if top is not None:
                self.card_view.show(top)
            elif count is None or count > 0:
                self.card_view.show_back()
            else:
                self.card_view.show_empty()


# ----------------------------------------------------------------------------------- text panels
def esc(text: Any) -> str:
    """``text`` as safe HTML (escaped)."""
    return html.escape(str(text))


_esc = esc


def running_loop() -> "asyncio.AbstractEventLoop | None":
    """The running asyncio event loop (in a live kernel: the kernel's), or ``None`` (headless).

    Tables schedule the computer's paused moves on it with ``call_later``, so the kernel stays
    free to answer clicks meanwhile; without one they move at once.
    """
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class ScoreBoard(ipw.HTML):
    """Scores as one line: "Score  You 2 · Computer 3  (game to 5)".

    ``show(scores, *, title=None, note=None)``: ``scores`` maps a (translated) name to a value, or
    is a list of ``(name, value)`` pairs; ``title`` defaults to ``_("Score")``; ``note`` is extra
    public text in brackets. Everything is HTML-escaped.
    """

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("ck-scoreboard")
        self.scores: list[tuple[str, Any]] = []

    def show(self, scores: Mapping[str, Any] | Iterable[tuple[str, Any]], *,
             title: str | None = None, note: str | None = None) -> None:
        pairs = list(scores.items() if isinstance(scores, Mapping) else scores)
        self.scores = pairs
        cells = " · ".join(f'{_esc(name)} <b class="ck-score">{_esc(value)}</b>'
                           for name, value in pairs)
        head = _esc(title if title is not None else _("Score"))
        tail = f' <span class="ck-note">({_esc(note)})</span>' if note else ""
        self.value = f'<span class="ck-title">{head}</span> {cells}{tail}'


class WhatNow(ipw.HTML):
    """The "What now" panel: one sentence in the second person saying what to do, and the rule.

    ``show(text, rule="", *, tone="info")``: ``tone`` is ``"info"`` (your move), ``"warn"`` (that
    move is not allowed, and why) or ``"done"`` (the hand or game is over). ``text`` and ``rule``
    (public, translated) are kept as attributes for tests and escaped in the HTML.
    """

    TONES = ("info", "warn", "done")

    def __init__(self, text: str = "", rule: str = "", **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("ck-whatnow")
        self.text = ""
        self.rule = ""
        self.tone = "info"
        self.show(text, rule)

    def show(self, text: str, rule: str = "", *, tone: str = "info") -> None:
        if tone not in self.TONES:
            raise ValueError(f"WhatNow tone must be one of {self.TONES}, not {tone!r}")
        self.text, self.rule, self.tone = text, rule, tone
        rule_html = f' <span class="ck-rule">{_esc(rule)}</span>' if rule else ""
        self.value = (f'<div class="ck-whatnow-{tone}" role="status" aria-live="polite">'
                      f'<b>{_esc(_("What now:"))}</b> {_esc(text)}{rule_html}</div>')


class LogView(ipw.HTML):
    """The game log, newest first, one line per move (text is escaped).

    ``LogView(max_lines=40)``. ``show(lines)`` takes the log oldest first (as in
    ``observation["log"]``) and shows the last ``max_lines`` newest first; ``add(line)`` puts one
    line on top; ``clear()``. ``lines`` is what is shown, newest first.
    """

    def __init__(self, max_lines: int = 40, **kwargs: Any):
        super().__init__(**kwargs)
        self.max_lines = max_lines
        self.lines: list[str] = []
        self.add_class("ck-log")
        self._render()

    def show(self, lines: Iterable[Any]) -> None:
        self.lines = [str(x) for x in lines][::-1][: self.max_lines]
        self._render()

    def add(self, line: Any) -> None:
        self.lines = [str(line), *self.lines][: self.max_lines]
        self._render()

    def clear(self) -> None:
        self.show(())

    def _render(self) -> None:
        items = "".join(f"<li>{_esc(x)}</li>" for x in self.lines)
        self.value = (f'<div class="ck-log-title">{_esc(_("Log"))}</div>'
                      f'<ol class="ck-log-lines" reversed>{items}</ol>')


class ActionBar(ipw.HBox):
    """A row of buttons of which only those that apply now are shown.

    ``ActionBar(labels=None, *, hook=None)``: ``labels`` maps an action key (any hashable: a word
    such as ``"draw"`` or a :class:`cardkit.Action`) to its translated label. ``show(actions, *,
    primary=None)`` shows exactly ``actions`` in that order — an iterable of keys, or a mapping
    key → label for labels that change ("Discard 2 cards"); a key without a label shows
    ``_(str(key).capitalize())``. ``primary`` is the key drawn as the main button. ``on_action(callback)``
    registers ``callback(key)``; a key is looked up on the Python side by button index, and a
    click on a button that is not shown now is ignored. Each key has its own button for good
    (never reused for another key), so a late second click of a double-click is ignored rather
    than pressing the action that replaced it.
    """

    def __init__(self, labels: Mapping[Hashable, str] | None = None, *, hook: str | None = None,
                 **kwargs: Any):
        kwargs.setdefault("layout", ipw.Layout(flex_flow="row wrap"))
        super().__init__(**kwargs)
        self.labels = dict(labels or {})
        self._pool: list[ipw.Button] = []
        self._keys: list[Hashable | None] = []
        self._shown: tuple[int, ...] = ()
        self._handlers = ipw.CallbackDispatcher()
        _classes(self, "ck-actions", hook)

    @property
    def shown(self) -> tuple[Hashable, ...]:
        """The keys of the buttons on display, in order."""
        return tuple(self._keys[i] for i in self._shown)

    def button(self, key: Hashable) -> ipw.Button:
        """The displayed button for ``key``; ``KeyError`` if it is not shown."""
        for i in self._shown:
            if self._keys[i] == key:
                return self._pool[i]
        raise KeyError(key)

    def on_action(self, callback: Callable[[Hashable], Any], remove: bool = False) -> None:
        """Register ``callback(key)`` for clicks on the action buttons."""
        self._handlers.register_callback(callback, remove=remove)

    def click(self, key: Hashable) -> None:
        """Click the button for ``key`` (it must be shown)."""
        self.button(key).click()

    def _click(self, index: int) -> None:
        if index in self._shown and self._keys[index] is not None:
            self._handlers(self._keys[index])

    def show(self, actions: Iterable[Hashable] | Mapping[Hashable, str], *,
             primary: Hashable | None = None) -> None:
        if isinstance(actions, Mapping):
            items = list(actions.items())
        else:
            items = [(k, None) for k in actions]
        # Each key has a button of its own for good: a second click of a double-click on
        # "Accept" must not land on whatever button would otherwise take its place.
        order = []
        with self.hold_sync():
            for key, label in items:
                i = self._keys.index(key) if key in self._keys else None
                if i is None:
                    i = len(self._pool)
                    b = ipw.Button()
                    b.add_class("ck-action")
                    b.on_click(lambda _b, i=i: self._click(i))
                    self._pool.append(b)
                    self._keys.append(key)
                b = self._pool[i]
                with b.hold_sync():
                    b.description = label if label is not None else self.labels.get(key, _(str(key).capitalize()))
                    b.button_style = "primary" if key == primary else ""
                order.append(i)
            for i, b in enumerate(self._pool):
                if i not in order:
                    b.description = ""        # a hidden button keeps no label
            self._shown = tuple(order)
            self.children = tuple(self._pool[i] for i in order)


# ------------------------------------------------------------------------------------------ CSS
def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def table_css() -> str:
    """The CSS for every ``ck-*`` class the parts use (works in JupyterLab and Voilà)."""
    not_allowed = _css_string(_("not allowed"))
    return f"""
.ck-table {{ gap: 6px; max-width: 960px; }}
.ck-row {{ flex-wrap: wrap; align-items: center; gap: 12px; }}
.ck-narrow .ck-row {{ flex-wrap: wrap !important; gap: 6px; }}
@media (max-width: 600px) {{ .ck-table .ck-row {{ flex-wrap: wrap !important; gap: 6px; }} }}
.jupyter-button.ck-card:focus:not(:focus-visible) {{ outline: none; }}
.jupyter-button.ck-card {{ position: relative; border-radius: 7px; line-height: 1.1;
  box-shadow: 0 1px 2px rgba(0,0,0,.25); transition: transform .12s; }}
.jupyter-button.ck-card.ck-face {{ background: #fff; border: 1px solid #777; }}
.jupyter-button.ck-card.ck-red {{ color: #c40000; }}
.jupyter-button.ck-card.ck-black {{ color: #111; }}
.jupyter-button.ck-card.ck-blue {{ color: #0646b4; }}
.jupyter-button.ck-card.ck-green {{ color: #0a7a1f; }}
.jupyter-button.ck-card.ck-back {{ border: 3px solid #fff; outline: 1px solid #1d3f8f;
  background: repeating-linear-gradient(45deg, #1d3f8f 0 6px, #2d5bc0 6px 12px); }}
.jupyter-button.ck-card.ck-empty {{ background: transparent; border: 2px dashed #999;
  box-shadow: none; color: #555; font-size: 11px !important; font-weight: normal !important; }}
.jupyter-button.ck-card.ck-unplayable {{ opacity: .5; border: 2px dashed #777; background: #e6e6e6; }}
.jupyter-button.ck-card.ck-unplayable::after {{ content: {not_allowed}; position: absolute;
  left: 0; right: 0; bottom: 3px; font-size: 8px; font-weight: normal; color: #333;
  white-space: nowrap; overflow: hidden; }}
.jupyter-button.ck-card.ck-selected {{ transform: translateY(-10px); border: 3px solid #e08a00; }}
.ck-hand {{ min-height: 92px; padding-top: 12px; }}
.ck-pile {{ align-items: center; }}
.ck-pile-label, .ck-scoreboard {{ font-size: 14px; }}
.ck-scoreboard .ck-title {{ font-weight: bold; margin-right: .5em; }}
.ck-whatnow > div {{ padding: 6px 10px; border-left: 5px solid #2d5bc0; background: #eef3fc;
  font-size: 16px; white-space: normal; }}
.ck-whatnow .ck-whatnow-warn {{ border-left-color: #c35a00; background: #fff3e3; }}
.ck-whatnow .ck-whatnow-done {{ border-left-color: #13803a; background: #eaf7ee; }}
.ck-whatnow .ck-rule {{ color: #555; font-size: 13px; }}
.ck-log {{ max-height: 11em; overflow-y: auto; font-size: 13px; }}
.ck-log .ck-log-title {{ font-weight: bold; }}
.ck-log ol {{ margin: 2px 0; padding-left: 3em; }}
.ck-actions .jupyter-button.widget-button {{ width: auto; min-width: 90px; max-width: 100%;
  height: 40px; padding: 0 14px; font-size: 15px; }}
"""


class Style(ipw.HTML):
    """An (invisible) ``ipw.HTML("<style>…</style>")`` carrying :func:`table_css`.

    Put one in every table's children; a ``<style>`` element applies even though the widget itself
    is not displayed (``layout.display="none"``).
    """

    def __init__(self, **kwargs: Any):
        kwargs.setdefault("layout", ipw.Layout(display="none"))
        super().__init__(value=f"<style>{table_css()}</style>", **kwargs)

    def __repr__(self) -> str:
        return "Style()"


# ------------------------------------------------------------------------------------ handlers
def safe_handler(fn: Callable[..., Any], on_error: Callable[[BaseException], Any]
                 ) -> Callable[..., Any]:
    """Wrap a click handler: any ``Exception`` raised by ``fn`` goes to ``on_error(exc)`` and the
    wrapper returns ``None``, so no traceback (which could name hidden cards) reaches the browser.
    If ``on_error`` itself fails, that is logged at DEBUG level and swallowed."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - every error must stop here
            try:
                on_error(exc)
            except Exception:  # noqa: BLE001
                log.debug("error handler failed", exc_info=True)
            return None

    return wrapper


class TableBase(ipw.VBox):
    """Base class of the game tables (``EcarteTable``, ``WarTable``, ``SwitchTable``).

    ``TableBase(*, seat=0, narrow=False, **box_kwargs)``. Gives a table:

    - ``css`` (a :class:`Style`), ``what_now`` (a :class:`WhatNow`) and ``log_view`` (a
      :class:`LogView`) to place in its children (the CSS must be among them);
    - ``message(text, rule="", *, tone="info")`` — fill "What now";
    - ``safe(fn)`` — wrap every click handler: an :class:`cardkit.IllegalAction` is shown as a
      ``"warn"`` message (its text names the rule) and kept in ``refusals``; any other exception
      shows a short generic message — never a traceback or hidden state — and is kept in
      ``errors`` (tests assert it stays empty);
    - ``narrow`` — ``True`` puts every :meth:`row` in one column (phones, projectors; narrow
      screens get it automatically from the CSS);
    - :meth:`row` / :meth:`column` — boxes that follow that layout;
    - a short, stable ``repr`` (``EcarteTable(seat=0)``) so nbval's text/plain output is stable;
      subclasses may override :meth:`_repr_args`.

    Careful: a widget already has traits named ``log`` (a ``logging.Logger``), ``layout``,
    ``children``, ``tooltip``, ``box_style``…; don't use these names for a table's own parts.
    """

    GENERIC_ERROR = "Sorry, something went wrong with that click. Try again, or start a new game."

    def __init__(self, *, seat: int = 0, narrow: bool = False, **kwargs: Any):
        super().__init__(**kwargs)
        self.seat = seat
        self.errors: list[BaseException] = []
        self.refusals: list[IllegalAction] = []
        self.css = Style()
        self.what_now = WhatNow()
        self.log_view = LogView()
        self.add_class("ck-table")
        self._narrow = False
        self.narrow = narrow

    def _repr_args(self) -> str:
        return f"seat={self.seat}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._repr_args()})"

    # -- messages and errors ----------------------------------------------------------------------
    def message(self, text: str, rule: str = "", *, tone: str = "info") -> None:
        """Show one sentence (and the rule it comes from) in the "What now" panel."""
        self.what_now.show(text, rule, tone=tone)

    def _on_handler_error(self, exc: BaseException) -> None:
        if isinstance(exc, IllegalAction):
            self.refusals.append(exc)
            self.message(str(exc), tone="warn")
            return
        self.errors.append(exc)
        log.debug("table handler failed", exc_info=exc)
        self.message(_(self.GENERIC_ERROR), tone="warn")

    def safe(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` wrapped with :func:`safe_handler` reporting to this table (see class doc)."""
        return safe_handler(fn, self._on_handler_error)

    # -- layout ------------------------------------------------------------------------------------
    @property
    def narrow(self) -> bool:
        """One-column layout (CSS class ``ck-narrow`` on the table)."""
        return self._narrow

    @narrow.setter
    def narrow(self, value: bool) -> None:
        self._narrow = bool(value)
        if self._narrow:
            self.add_class("ck-narrow")
        else:
            self.remove_class("ck-narrow")

    @staticmethod
    def row(*children: ipw.Widget, hook: str | None = None, **kwargs: Any) -> ipw.HBox:
        """An ``HBox`` of ``children`` that becomes a column in the narrow layout."""
        return _classes(ipw.HBox(children=children, **kwargs), "ck-row", hook)

    @staticmethod
    def column(*children: ipw.Widget, hook: str | None = None, **kwargs: Any) -> ipw.VBox:
        """A ``VBox`` of ``children`` (with an optional hook class)."""
        return _classes(ipw.VBox(children=children, **kwargs), "ck-col", hook)

"""The base of the card tables: one anywidget model per table (docs/architecture.md "Tables").

:class:`CardTable` is an ``anywidget.AnyWidget`` (an ipywidgets ``DOMWidget`` whose JavaScript
and CSS ship inside this package, in ``static/``: no build step, nothing fetched from the
internet). Its one synced trait of state, ``view``, is the JSON the page draws: the seat's
observation turned into plain values by the table's ``*_view`` function, plus the table's own
public settings. The page draws it with ``textContent`` only (never HTML from the model) and
sends each click back as a custom message ``{"do": "act", "action": "play K♥", "pos": 17}``,
which the table's :class:`~cardkit_tables.controller.Controller` runs through ``state.apply``.

Helpers shared by the tables' view functions: :func:`card_json` (a card as the page draws it and
as a screen reader says it) and :func:`sort_hand` (suits together, alternating colours, in the
game's own rank order).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from cardkit.cards import Card, Suit
from cardkit.i18n import _

from . import controller as controller_mod
from .live_note import LiveNote
from .controller import Controller

__all__ = ["CardTable", "bundle", "card_json", "card_words", "sort_hand"]

STATIC = Path(__file__).parent / "static"

#: Suits in the order a card player lays them out, alternating colours.
SUIT_CYCLE = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def bundle(*names: str) -> str:
    """The files ``static/<name>`` joined into one ES module (the shared part first)."""
    return "\n".join((STATIC / n).read_text(encoding="utf-8") for n in names)


def card_words(card: Card) -> str:
    """The card in words for a screen reader: ``queen of hearts`` (translated)."""
    if card.is_joker:
        return _("joker")
    return _("{rank} of {suit}").format(rank=_(card.rank.word), suit=_(card.suit.word))


def card_json(card: Card, **extra: Any) -> dict:
    """``card`` as the page draws it: ``{"code": "QH", "rank": "Q", "suit": "H", "text": "Q♥",
    "words": "queen of hearts"}`` (a joker has ``suit`` ``None``), plus ``extra`` public fields
    (``trump=True``, ``playable=False``, ``reason="…"``)."""
    d = {"code": card.code, "rank": card.rank.label, "suit": None if card.is_joker else card.suit.letter,
         "text": _("Joker") if card.is_joker else str(card), "words": card_words(card)}
    d.update(extra)
    return d


def _suit_order(suits: list[Suit], trump: Suit | None) -> list[Suit]:
    """The present ``suits`` ordered so that colours alternate as far as they can, trumps first
    when there are trumps, else in the order ♠ ♥ ♣ ♦."""
    best, best_key = suits, None
    for perm in itertools.permutations(suits):
        clashes = sum(a.is_red == b.is_red for a, b in itertools.pairwise(perm))
        trump_pos = perm.index(trump) if trump in perm else 0
        key = (clashes, trump_pos, [SUIT_CYCLE.index(s) for s in perm])
        if best_key is None or key < best_key:
            best, best_key = list(perm), key
    return best


def sort_hand(cards: Iterable[Card], strength: Callable[[Card], int], trump: Suit | None = None
              ) -> list[Card]:
    """``cards`` as a card player holds them: suits together, colours alternating where the suits
    allow it (trumps first), each suit from high to low by ``strength`` (the game's rank order,
    e.g. Écarté's K Q J A 10 9 8 7); jokers at the left.

    >>> from cardkit import parse_cards
    >>> from cardkit.ecarte import rank_strength
    >>> " ".join(map(str, sort_hand(parse_cards("AC 7H KC QS 10D"), rank_strength)))
    'Q♠ 7♥ K♣ A♣ 10♦'
    """
    cards = list(cards)
    jokers = [c for c in cards if c.is_joker]
    plain = [c for c in cards if not c.is_joker]
    suits = _suit_order(sorted({c.suit for c in plain}, key=SUIT_CYCLE.index), trump)
    out = list(jokers)
    for s in suits:
        out += sorted((c for c in plain if c.suit == s), key=strength, reverse=True)
    return out


class CardTable(LiveNote, anywidget.AnyWidget):
    """Base class of the three tables: one model, one synced ``view`` (module doc).

    Subclasses set ``_esm``/``_css`` (class attributes, from :func:`bundle`), build a
    :class:`Controller` as ``self.controller`` and implement ``draw()`` (set ``view``). Page
    preferences that are not game settings (``animate``: short card movements; ``four_colour``:
    ♠ black, ♥ red, ♦ blue, ♣ green) are kept in ``prefs`` and drawn at once.

    For lessons and tests: :meth:`send_from_page` handles a message exactly as if the page sent
    it; ``errors`` and ``refusals`` come from the controller; :meth:`act`, :meth:`new_game`,
    :meth:`deal_again`, :meth:`predict` and ``task_answered`` do what the buttons do.
    """

    view = traitlets.Dict().tag(sync=True)

    def __init__(self, *, animate: bool = True, four_colour: bool = False, **kwargs: Any):
        super().__init__(**kwargs)
        self.prefs = {"animate": bool(animate), "four_colour": bool(four_colour)}
        self.on_msg(self._on_page_message)

    controller: Controller

    def set_state(self, sync_data: dict) -> None:
        """Trait values sent by the page (untrusted): the page never sets the table's traits —
        ``view`` is drawn from the observation — so a forged value is dropped (not echoed, not
        stored) and the true values are sent back to the page."""
        forged = [name for name in sync_data if name in self.keys]
        if forged:
            self.send_state(forged)

    # -- messages from the page -------------------------------------------------------------------
    def _on_page_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.send_from_page(content)

    def send_from_page(self, content: Any) -> None:
        """Handle one (untrusted) message from the page: ``{"do": "ping", "n": int}`` is answered
        with ``{"pong": n}`` (the page's connection check); ``{"do": "pref", "name": "animate" |
        "four_colour", "value": bool}`` changes a preference; anything else goes to the
        controller (:meth:`Controller.handle`). ``{"do": "pref", "name": "delay", "value":
        seconds}`` (0 to 3) sets the pause before the computer's moves."""
        if isinstance(content, dict) and content.get("do") == "ping":
            n = content.get("n")
            self.send({"pong": n if isinstance(n, int) else 0})
            return
        if isinstance(content, dict) and content.get("do") == "pref" and content.get("name") == "delay":
            value = content.get("value")
            if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 3:
                self.controller.delay = float(value)
                self.draw()
            return
        if isinstance(content, dict) and content.get("do") == "pref":
            name, value = content.get("name"), content.get("value")
            if name in self.prefs and isinstance(value, bool):
                self.prefs[name] = value
                self.draw()
            return
        self.controller.handle(content)

    @property
    def errors(self) -> list[BaseException]:
        """Unexpected exceptions caught in handlers (tests assert this stays empty)."""
        c = getattr(self, "controller", None)      # None: the table's construction failed
        return [] if c is None else c.errors

    @property
    def refusals(self) -> list[str]:
        """The refusal sentences the table has shown."""
        return self.controller.refusals

    @property
    def state(self):
        """The game (a Python attribute only; never synced). Lessons may look at it; the table
        itself reads only ``state.observation(seat)``."""
        return self.controller.state

    def act(self, action: Any) -> bool:
        """Make the person's move ``action`` (text or action) on the current position, exactly as
        a click does; True if it was made (else the refusal is on the table)."""
        self.send_from_page({"do": "act", "action": str(action), "pos": self.controller.pos})
        return bool(self.controller.message is None or self.controller.message[1] != "warn")

    def new_game(self) -> None:
        """Start the next game now (no question asked), with any settings chosen meanwhile."""
        self.controller.new_game()

    # -- the stacked deal and its task (``task.py``), for lessons and tests ------------------------
    def deal_again(self) -> None:
        """"Deal this again" now (no question asked): the stacked deal, its settings and its
        task afresh. Does nothing on a table dealt from a seed."""
        self.controller.deal_again()

    def predict(self, choice: str) -> None:
        """Answer the task's prediction with the choice ``choice`` (its text), as its button
        does. Raises ``ValueError`` when no prediction waits or ``choice`` is not one of it."""
        b = self.controller.task_open
        if b is None or not b.prediction or choice not in b.task.choices:
            raise ValueError(f"no prediction waits for the answer {choice!r}")
        self.send_from_page({"do": "predict", "index": b.task.choices.index(choice)})

    @property
    def task_answered(self) -> bool | None:
        """True once this deal's task was answered right, False before, None without a task."""
        b = self.controller.bound
        return None if b is None else b.answered

    def draw(self) -> None:  # pragma: no cover - every table overrides it
        raise NotImplementedError

    # -- shared parts of a view ------------------------------------------------------------------
    def _common_view(self, what_now: str, tone: str = "info",
                     news: tuple[str, str] | None = None) -> dict:
        """The parts every table's view has: the position counters, "What now" (``what_now``,
        its ``tone``; ``news``: ``(text, tone)``, a line on what just happened, shown first unless
        a refusal or a note of the controller's is on show), the restart question, the labels."""
        c = self.controller
        text = what_now
        b = c.task_open
        if b is not None and (b.quiet or b.prediction):
            text, tone = b.task.question, "info"           # the question, not the answer
        elif b is not None and c.message is not None and c.message[1] == "warn":
            text = ""               # a wrong attempt at a task says one thing: why not
        if b is not None and b.hint_shown:
            text = (text + " " + _("Hint: {hint}").format(hint=b.task.hint)).strip()
        # a refusal (or a note) and the prompt are two things: the page shows the refusal first,
        # on its own line, then what to do now; ``text`` is both, in that order
        note, prompt, note_tone = None, text, tone
        if c.message is not None:
            note, tone = c.message
            note_tone = tone
        elif news and not (b is not None and (b.quiet or b.prediction)):
            note, note_tone = news
        if note:
            text = (note + " " + prompt).strip()
        return {
            "pos": c.pos,
            "game_pos": c.turn,
            "what_now": {"text": text, "tone": tone, "note": note, "note_tone": note_tone,
                         "prompt": prompt},
            "confirm": c.confirming,
            "prefs": dict(self.prefs),
            "labels": {
                "new_game": _("New game"), "settings": _("Settings"),
                "confirm": _("Really start again? This game is not finished."),
                "yes": _("Yes, start again"), "no": _("No, keep playing"),
                "lost": _("Connection lost — reload the page to play again."),
                "animate": _("Animations"), "four_colour": _("Four-colour suits"),
                "log": _("Log"), "what_now": _("What now"), "not_allowed": _("not allowed"),
                "trump": _("trump"), "pending": _("from the next game"),
                "face_down": _("face down"), "advice": _("Advice"),
            },
        }

    def _task_view(self, view: dict) -> dict:
        """Put the task (if any) and "Deal this again" (on a stacked deal) into ``view``, and
        until the first attempt at the task take out all that would give its answer away: no
        card greyed as not allowed, no call button held back, no advice (``task.py``). While a
        prediction waits, the cards and moves wait too. Nothing of the task's answers is put
        in. Returns ``view``."""
        c = self.controller
        b = c.task_open
        view["again"] = {"label": _("Deal this again")} if c.stacked else None
        view["task"] = None
        if c.bound is not None:
            t = c.bound.task
            view["task"] = {
                "question": t.question, "answered": c.bound.answered,
                "hint": None if t.hint is None else {
                    "label": _("Hint"), "enabled": b is not None and not c.bound.hint_shown},
                # a prediction's choices stay (greyed once answered, the right one ticked) so
                # that the row keeps its height
                "choices": ([{"index": i, "label": ch, "enabled": b is not None,
                              "right": b is None and ch in c.bound.accept}
                             for i, ch in enumerate(t.choices)] if c.bound.prediction else []),
                "choices_label": t.question,
            }
        if b is None:
            return view
        view["labels"] = {**view.get("labels", {}), "what_now": _("Your turn")}
        if b.prediction:
            wait = _(controller_mod.ANSWER_FIRST)
            for card in view.get("hand", []) + view.get("top_choice", []):
                card.update(playable=False, idle=True, reason=wait)
            for group in ("actions", "calls", "decision", "suits"):
                for a in view.get(group, []) or []:
                    a.update(enabled=False, reason=wait)
            if view.get("stock"):
                view["stock"]["draw"] = False
        elif b.quiet:
            for card in view.get("hand", []):
                if card.get("playable") is False and not card.get("idle"):
                    card["playable"] = True
                    card.pop("reason", None)
            for a in view.get("calls", []) or []:
                a.update(enabled=True, reason=None)
        if b.quiet or b.prediction:
            view["hint"] = None
        return view

    def _toggles(self, *first: tuple[str, str]) -> list[dict]:
        """The check boxes of the settings: ``first`` (name, label) pairs, then the animations
        and four-colour suits every table has."""
        pairs = [*first, ("animate", _("Animations")), ("four_colour", _("Four-colour suits"))]
        return [{"name": n, "label": label, "value": bool(self.prefs.get(n))} for n, label in pairs]

    def _speed(self) -> dict:
        """The "Pause (s)" slider: the seconds before each computer move."""
        return {"label": _("Pause (s)"), "value": self.controller.delay}

    def _setting(self, name: str, label: str, options: list[tuple[Any, str]]) -> dict:
        c = self.controller
        return {"name": name, "label": label, "value": c.pending.get(name, c.settings.get(name)),
                "now": c.settings.get(name), "pending": name in c.pending,
                "options": [[v, text] for v, text in options]}

    def __repr__(self) -> str:
        if getattr(self, "controller", None) is None:
            return f"{type(self).__name__}(not dealt)"
        return f"{type(self).__name__}({self._repr_args()})"

    def _repr_args(self) -> str:
        return f"seat={self.controller.seat}"

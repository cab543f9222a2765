"""The base of the card tables: one anywidget model per table (docs/architecture.md, "A click's
path").

:class:`CardTable` is an ``anywidget.AnyWidget`` (an ipywidgets ``DOMWidget`` whose JavaScript
and CSS ship inside this package, in ``static/``; nothing is fetched from the internet). The
JavaScript's source is ES modules in ``js/`` (``table.js``: the shell and ``makeRender``;
``cards.js``, ``dom.js``, ``motion.js``, ``fit.js``, ``connection.js``: the cards, the element
builder, cards that move, rows of cards that fit their width, the connection check; each
widget's module imports what it uses and ends with ``export default { render }``), bundled by
esbuild into one committed file per widget, ``static/<game>.bundle.js`` (``npm ci && npm run build``; a user
builds nothing). Its one synced trait of state, ``view``, is the JSON the page draws: the seat's
observation turned into plain values by the table's ``*_view`` function, plus the table's own
public settings. The page draws it with ``textContent`` only (never HTML from the model) and
sends each click back as a custom message ``{"do": "act", "action": "play K♥", "pos": 17}``,
which the table's :class:`~cardkit_tables.controller.Controller` runs through ``state.apply``.

Helpers shared by the tables' view functions: :func:`card_json` (a card as the page draws it and
as a screen reader says it), :func:`sort_hand` (suits together, alternating colours, in the
game's own rank order), and :func:`held` / :func:`waiting_card` (what a prediction holds back).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from cardkit.cards import Card, Suit, card_words
from cardkit.core import GameState, Observation, Outcome
from cardkit.i18n import LANGUAGES, _, check_language, get_language, language

from .controller import Controller
from .fonts import font_message
from .live_note import LiveNote
from .task import ANSWER_FIRST, TaskMode

__all__ = ["CardTable", "bundle", "card_json", "card_words", "game_over_view", "held", "sort_hand",
           "waiting_card"]

STATIC = Path(__file__).parent / "static"

#: Suits in the order a card player lays them out, alternating colours.
SUIT_CYCLE = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def bundle(name: str) -> str:
    """The text of ``static/<name>``: a table's ES module (``"ecarte.bundle.js"``, built by esbuild
    from ``js/``, see the module doc) or the stylesheet (``"table.css"``). Raises
    ``FileNotFoundError`` for a file that is not there."""
    return (STATIC / name).read_text(encoding="utf-8")


def card_json(card: Card, **extra: Any) -> dict[str, Any]:
    """``card`` as the page draws it, plus ``extra`` public fields (``trump=True``,
    ``playable=False``, ``reason="…"``). ``code`` is the card's text in ASCII (what an action
    carries), ``text`` how it is printed, ``words`` how a screen reader says it; a joker has
    ``suit`` ``None``. Plain JSON values only:

    >>> from cardkit import parse_card
    >>> card_json(parse_card("QH"), playable=True)
    {'code': 'QH', 'rank': 'Q', 'suit': 'H', 'text': 'Q♥', 'words': 'queen of hearts', 'playable': True}
    """
    suit = card.suit
    d: dict[str, Any] = {"code": card.code, "rank": card.rank.label,
                         "suit": None if suit is None else suit.letter,
                         "text": _("Joker") if suit is None else str(card), "words": card_words(card)}
    d.update(extra)
    return d


def waiting_card() -> dict[str, Any]:
    """The fields of a card while a prediction waits for its answer: not playable, idle (not
    "not allowed"), with the reason. ``card_json(c, **waiting_card())``."""
    return {"playable": False, "idle": True, "reason": _(ANSWER_FIRST)}


def held(buttons: list[dict[str, Any]], task: TaskMode) -> list[dict[str, Any]]:
    """``buttons`` as the view draws them: while a prediction waits (``task == "predict"``),
    each one disabled with the reason (the answer first); otherwise unchanged.

    >>> held([{"id": "flip", "enabled": True}], None)
    [{'id': 'flip', 'enabled': True}]
    >>> held([{"id": "flip", "enabled": True}], "predict")[0]["enabled"]
    False
    """
    if task != "predict":
        return buttons
    wait = _(ANSWER_FIRST)
    return [{**b, "enabled": False, "reason": wait} for b in buttons]


def game_over_view(outcome: Outcome | None, seat: int, names: Sequence[str], *,
                   score: str | None = None, pad: dict[str, Any] | None = None,
                   lines: Sequence[str] = ()) -> dict[str, Any] | None:
    """The game-over panel a table draws on its felt, with New game beside the result; ``None``
    while the game goes on (``outcome`` is the observation's, ``None`` until the end).

    ``seat``: the reader's; ``names``: every seat's name as shown (``names[w]`` names the winner);
    ``score``: the match's score line (War: "battles 57 · wars 4"); ``pad``: a score pad
    ``{"cols": [names], "rows": [[label, n, …], …]}`` (Écarté: the last hand's tricks and points,
    the score); ``lines``: sentences on how the game ended (Écarté: why the last points were
    scored). ``result`` is ``"won"`` (the reader won), ``"lost"`` or ``"draw"`` (nobody, or
    several seats shared the win), for the panel's mark; ``title`` says it in words.

    >>> from cardkit.core import Outcome
    >>> v = game_over_view(Outcome(1, "out", "Ada won."), 0, ["you", "Ada"])
    >>> v["result"], v["title"], v["button"]["do"]
    ('lost', 'Ada won.', 'new_game')
    >>> game_over_view(None, 0, ["you", "Ada"]) is None
    True
    """
    if outcome is None:
        return None
    if outcome.winner is None:
        result, title = "draw", _("The game is a draw.")
    elif outcome.winner == seat:
        result, title = "won", _("You won!")
    else:
        result, title = "lost", _("{who} won.").format(who=names[outcome.winner])
    text = outcome.text
    if text.startswith(title):              # Switch's "You won! Cards left — Ada: 2."
        text = text[len(title):].strip()
    return {"kind": "over", "result": result, "title": title, "text": text or None, "score": score,
            "pad": pad, "lines": list(lines), "next": None,
            "button": {"id": "over-new", "label": _("New game"), "do": "new_game"}}


def _suit_order(suits: list[Suit], trump: Suit | None) -> list[Suit]:
    """The present ``suits`` ordered so that colours alternate as far as they can, trumps first
    when there are trumps, else in the order ♠ ♥ ♣ ♦.

    >>> _suit_order([Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS], trump=None)
    [<Suit.SPADES: 'S'>, <Suit.DIAMONDS: 'D'>, <Suit.CLUBS: 'C'>]
    """
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
    jokers = [c for c in cards if c.suit is None]
    plain = [c for c in cards if c.suit is not None]
    suits = _suit_order(sorted({c.suit for c in plain if c.suit is not None}, key=SUIT_CYCLE.index),
                        trump)
    out = list(jokers)
    for s in suits:
        out += sorted((c for c in plain if c.suit == s), key=strength, reverse=True)
    return out


class CardTable(LiveNote, anywidget.AnyWidget):
    """Base class of the three tables: one model, one synced ``view`` (module doc).

    Subclasses set ``_esm``/``_css`` (class attributes, ``bundle("<game>.bundle.js")`` and
    ``bundle("table.css")``), build a :class:`Controller` as ``self.controller`` and implement
    ``draw()`` (set ``view``). Page
    preferences that are not game settings (``animate``: short card movements; ``four_colour``:
    ♠ black, ♥ red, ♦ blue, ♣ green) are kept in ``prefs`` and drawn at once.

    For lessons and tests: :meth:`send_from_page` handles a message exactly as if the page sent
    it; ``errors`` and ``refusals`` come from the controller; :meth:`act`, :meth:`new_game`,
    :meth:`deal_again`, :meth:`predict` and ``task_answered`` do what the buttons do.
    """

    view = traitlets.Dict().tag(sync=True)

    #: the game in one or two sentences, for an app page (``intro=True``): English, through ``_()``
    INTRO = ""

    def __init__(self, *, animate: bool = True, four_colour: bool = False,
                 language: str | None = None, intro: bool = False, **kwargs: Any):
        super().__init__(**kwargs)
        self.intro = bool(intro)
        self.prefs = {"animate": bool(animate), "four_colour": bool(four_colour)}
        #: the table's own language (``"en"``, ``"pa"``, ``"kn"``): ``language=``, else the
        #: kernel's default (:func:`cardkit.i18n.set_language`); ⚙ Settings change it
        self.language = check_language(language) if language is not None else get_language()
        self.on_msg(self._on_page_message)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # every table's own ``draw`` runs in the table's language, whoever calls it
        super().__init_subclass__(**kwargs)
        draw = cls.__dict__.get("draw")
        if draw is not None and not getattr(draw, "_speaks", False):
            def draw_speaking(self: CardTable) -> None:
                with self.speaking():
                    draw(self)
            draw_speaking._speaks = True  # type: ignore[attr-defined]
            draw_speaking.__doc__ = draw.__doc__
            cls.draw = draw_speaking  # type: ignore[method-assign]

    def speaking(self) -> Any:
        """``with table.speaking():`` every ``_()`` inside translates into the table's language
        (:func:`cardkit.i18n.language`); the table's drawing, clicks and timers run inside it."""
        return language(getattr(self, "language", None))

    def set_language(self, code: str) -> None:
        """Speak ``code`` (``"en"``, ``"pa"``, ``"kn"``) from now on: the table is redrawn at once,
        mid-game, with nothing lost. Raises :class:`cardkit.i18n.UnknownLanguage`."""
        self.language = check_language(code)
        c = getattr(self, "controller", None)
        if c is not None:
            c.forget()              # the observations' sentences were in the old language
            self.draw()

    controller: Controller

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Trait values sent by the page (untrusted): the page never sets the table's traits —
        ``view`` is drawn from the observation — so a forged value is dropped (not echoed, not
        stored) and the true values are sent back to the page."""
        forged = [name for name in sync_data if name in self.keys]
        if forged:
            self.send_state(forged)

    # -- hooks for the controller (:class:`~cardkit_tables.controller.TableHooks`) ----------------
    def seat_observation(self, state: GameState, seat: int) -> Observation:
        """The person's observation of ``state``: ``state.observation(seat)`` (a table with a
        display option of its own, such as Switch's beginner mode, says so here)."""
        return state.observation(seat)

    def computer_may_move(self) -> bool:
        """True unless the table holds the game (a pause between hands, a reveal)."""
        return True

    def on_table_action(self, name: str) -> bool:
        """Carry out a table-only action; True if ``name`` was one (none here)."""
        return False

    def after_move(self) -> None:
        """Called after every move, before the redraw (nothing here)."""

    def after_prediction(self) -> None:
        """Called when a prediction was answered right (nothing here)."""

    def restore_deal(self) -> None:
        """Put the stacked deal back for "Deal this again" (tables with a stacked deal)."""

    def why_not_now(self, obs: Observation) -> str | None:
        """The table's reason why the person may not act now (see ``TableHooks``), or ``None``."""
        return None

    def draw(self) -> None:  # pragma: no cover - every table overrides it
        """Set ``view`` from :meth:`Controller.observation` (every table overrides it)."""
        raise NotImplementedError

    # -- messages from the page -------------------------------------------------------------------
    def _on_page_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.send_from_page(content)

    def send_from_page(self, content: Any) -> None:
        """Handle one (untrusted) message from the page: ``{"do": "fonts"}`` is answered with the
        fonts of Punjabi and Kannada as binary buffers (:func:`cardkit_tables.fonts.font_message`:
        every table's language menu names them in their own letters); ``{"do": "ping", "n": int}``
        is answered
        with ``{"pong": n}`` (the page's connection check); ``{"do": "pref", "name": "animate" |
        "four_colour", "value": bool}`` changes a preference; anything else goes to the
        controller (:meth:`Controller.handle`). ``{"do": "pref", "name": "delay", "value":
        seconds}`` (0 to 3) sets the pause before the computer's moves."""
        kind = content.get("do") if isinstance(content, dict) else None
        if kind == "fonts":             # the page lacks the fonts of the kit's scripts
            self.send(*font_message())
        elif kind == "ping":
            n = content.get("n")
            self.send({"pong": n if isinstance(n, int) else 0})
        elif kind == "pref":
            self._set_pref(content.get("name"), content.get("value"))
        else:
            self.controller.handle(content)

    def _set_pref(self, name: Any, value: Any) -> None:
        """A preference from the page (untrusted): ``delay`` a number of seconds from 0 to 3,
        the others (``prefs``) booleans; anything else is ignored."""
        if name == "language":
            if isinstance(value, str) and value in LANGUAGES:
                self.set_language(value)
        elif name == "delay":
            if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 3:
                self.controller.delay = float(value)
                self.draw()
        elif isinstance(name, str) and name in self.prefs and isinstance(value, bool):
            self.prefs[name] = value
            self.controller.forget()        # a preference may change what the person sees
            self.draw()

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
    def state(self) -> GameState:
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
        if b is None or not b.prediction or choice not in b.choices:
            raise ValueError(f"no prediction waits for the answer {choice!r}")
        self.send_from_page({"do": "predict", "index": b.choices.index(choice)})

    @property
    def task_answered(self) -> bool | None:
        """True once this deal's task was answered right, False before, None without a task."""
        b = self.controller.bound
        return None if b is None else b.answered

    # -- shared parts of a view ------------------------------------------------------------------
    def _what_now(self, what_now: str, tone: str, news: tuple[str, str] | None) -> dict[str, Any]:
        """The "What now" line: the game's prompt ``what_now`` (or, while the task is quiet or a
        prediction waits, the task's question; after a wrong attempt, nothing but why not), the
        hint once asked for, and a note first (the controller's message, else ``news``)."""
        c = self.controller
        b = c.task_open
        mode = c.task_mode
        text = what_now
        if mode is not None and b is not None:
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
        elif news and mode is None:
            note, note_tone = news
        if note:
            text = (note + " " + prompt).strip()
        return {"text": text, "tone": tone, "note": note, "note_tone": note_tone, "prompt": prompt}

    def _common_view(self, what_now: str, tone: str = "info",
                     news: tuple[str, str] | None = None) -> dict[str, Any]:
        """The parts every table's view has: the position counters, "What now" (``what_now``,
        its ``tone``; ``news``: ``(text, tone)``, a line on what just happened, shown first unless
        a refusal or a note of the controller's is on show), the restart question, the labels,
        the task and "Deal this again" (:meth:`_task_parts`)."""
        c = self.controller
        return {
            "pos": c.pos,
            "game_pos": c.turn,
            "what_now": self._what_now(what_now, tone, news),
            "confirm": c.confirming,
            "prefs": dict(self.prefs),
            "intro": _(self.INTRO) if self.intro and self.INTRO else None,
            "language": {"label": _("Language"), "value": self.language,
                          "options": [[code, name] for code, name in LANGUAGES.items()]},
            "labels": {
                "new_game": _("New game"), "settings": _("Settings"),
                "confirm": _("Really start again? This game is not finished."),
                "yes": _("Yes, start again"), "no": _("No, keep playing"),
                "lost": _("Connection lost — reload the page to play again."),
                "animate": _("Animations"), "four_colour": _("Four-colour suits"),
                "log": _("Log"),
                "what_now": _("What now") if c.task_open is None else _("Your turn"),
                "not_allowed": _("not allowed"), "trump": _("trump"),
                "pending": _("from the next game"), "face_down": _("face down"),
                "advice": _("Advice"), "more": _("more"), "less": _("less"),
            },
            **self._task_parts(),
        }

    def _task_parts(self) -> dict[str, Any]:
        """``again`` ("Deal this again", on a stacked deal) and ``task`` (the question, the Hint
        button, a prediction's choices — greyed once answered, the right one ticked, so that the
        row keeps its height). Nothing of the task's answers is put in before it is answered.
        What the game's own view holds back meanwhile it was told (``task_mode``)."""
        c = self.controller
        bound = c.bound
        task = None
        if bound is not None:
            t = bound.task
            open_ = not bound.answered
            task = {
                "question": t.question, "answered": bound.answered,
                "hint": None if t.hint is None else {
                    "label": _("Hint"), "enabled": open_ and not bound.hint_shown},
                "choices": [{"index": i, "label": ch, "enabled": open_,
                             "right": not open_ and ch in bound.accept}
                            for i, ch in enumerate(bound.choices)],
                "choices_label": t.question,
            }
        return {"again": {"label": _("Deal this again")} if c.stacked else None, "task": task}

    def _toggles(self, *first: tuple[str, str]) -> list[dict[str, Any]]:
        """The check boxes of the settings: ``first`` (name, label) pairs, then the animations
        and four-colour suits every table has."""
        pairs = [*first, ("animate", _("Animations")), ("four_colour", _("Four-colour suits"))]
        return [{"name": n, "label": label, "value": bool(self.prefs.get(n))} for n, label in pairs]

    def _speed(self) -> dict[str, Any]:
        """The "Pause (s)" slider: the seconds before each computer move."""
        return {"label": _("Pause (s)"), "value": self.controller.delay}

    def _setting(self, name: str, label: str, options: list[tuple[Any, str]]) -> dict[str, Any]:
        """One setting's chooser: its value (the pending one if any), the value now, whether
        one waits for the next game, and the ``options`` as ``[value, label]`` pairs."""
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

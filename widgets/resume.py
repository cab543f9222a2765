"""Resume: a table against the computer kept in the table store, so that a reload, a new kernel
or a restarted server brings back the same match (issue 20; docs/architecture.md "Table store").

DESIGN. A table built with ``store=`` (a ``cardkit_serving.store.TableStore``; this layer does
not import it, the table is handed one) keeps its match in a :class:`StoredMatch`:

- a game is put in the store as soon as a page shows it: the page's first message (``resume``,
  with its token or none) stores the deal it is shown, and every later deal (New game, a
  setting that deals again) is stored when dealt, before the page draws it, so that a reload at
  any moment, right after a deal included, brings back the same cards. A kernel the pool ran
  ahead stores nothing until a page comes (its deal is never seen if the page resumes another
  match). Seats are the person and each computer at its level (Écarté one, Switch 1–5, War
  1–3); the kernel holds every seat's token;
- after every move, the moves the store does not have yet are written through ``store.apply``
  with the version the kernel last read, each with the token of the seat that made it
  (:func:`mover`: the person's when the rules let the person make it now — their turn, nobody's
  turn as War's Flip, a call out of turn as Switch's "last card" — else the token of the
  computer whose turn it is): the store's engine checks each again;
- the settings that matter (the game's ⚙ settings, the table's toggles such as advice, the
  pause, those for the next game) and the computer seats' tokens (``"computers"``: seat →
  token) go in the table's settings (``save_settings``): they never leave the kernel and the
  store;
- the page gets only the person's token, in a custom message ``{"resume": token}`` (``None``:
  forget it), and keeps it in the browser's ``localStorage`` (``js/resume.js``);
- a new page sends ``{"do": "resume", "token": text}`` once (``null`` when it keeps none): the
  text is an attacker's until the store says otherwise. Its form is checked (length,
  alphabet), then the store looks it up; a match of this game (finished ones too: a reload at
  game over shows the same end), the token the person's seat and every computer's token still
  good, is rebuilt with the game's ``from_json`` and carried on (:meth:`Controller.adopt`).
  Anything else (none, junk, a forged secret, a purged match) changes nothing on the table:
  the deal the page shows is stored and the page is given its token instead. A table whose
  own match is stored or under way ignores the message.

- one live page per seat: a page that resumes a seat (its token copied into another browser,
  a second tab) takes it, and the store's settings say which table holds it (``"holders"``:
  seat → a secret of the kernel's table, never sent to a page). The page that had the seat
  finds out at its next ping (every 2 s) or click: it says :data:`ELSEWHERE`, makes no more
  moves and writes nothing more (a reload there takes the seat back).

A store that fails (a full disk, a locked file) never stops the game: the table logs it and
plays on without the store (the page keeps its token: another tab may be playing that match).
"""
from __future__ import annotations

import json
import logging
import re
import secrets
import time
from collections.abc import Mapping, Sequence
from typing import Any

from cardkit import state_class
from cardkit.core import Action, GameState
from cardkit.i18n import N_, _, ngettext, shown_name

__all__ = ["ELSEWHERE", "Resumable", "StoredMatch", "claim_seat", "mover", "named", "seat_holder",
           "well_formed_token"]

log = logging.getLogger("cardkit.tables")

#: what a resumed Écarté table says first (the hand, then each side's points); Switch and War
#: say the person's cards (:meth:`Resumable._welcome_cards`)
WELCOME = N_("Welcome back: hand {n}, you {you}, {who} {them}")

#: what a page says when its seat was opened on another page (module doc: one live page per seat)
ELSEWHERE = N_("This seat is now open on another page: play on there, or reload this page to "
               "play here.")

#: how often (seconds) a page's ping asks the store whether this table still holds its seat
HOLD_CHECK = 1.0

#: a seat token's form: the table code (8 of the store's 31 letters), a dot, 43 URL-safe
#: characters (``secrets.token_urlsafe(32)``)
TOKEN = re.compile(r"[A-HJ-NP-Z2-9]{8}\.[A-Za-z0-9_-]{43}")


def well_formed_token(text: Any) -> bool:
    """Whether ``text`` (from the page: anything) has a seat token's form.

    >>> well_formed_token("K7MPQ2XR." + "a" * 43), well_formed_token("K7MPQ2XR.x"), well_formed_token(7)
    (True, False, False)
    """
    return isinstance(text, str) and len(text) == 52 and TOKEN.fullmatch(text) is not None


def claim_seat(store: Any, token: str, seat: int, holder: str) -> None:
    """Say in the table's settings that ``holder`` (a kernel table's secret) holds ``seat``
    (module doc); the other settings are kept."""
    settings = dict(store.table(token).settings)
    held = settings.get("holders")
    settings["holders"] = {**(held if isinstance(held, dict) else {}), str(seat): holder}
    store.save_settings(token, settings)


def seat_holder(store: Any, token: str, seat: int) -> str | None:
    """Which kernel table holds ``seat`` (:func:`claim_seat`), None when none has claimed it."""
    held = store.table(token).settings.get("holders")
    found = held.get(str(seat)) if isinstance(held, dict) else None
    return found if isinstance(found, str) else None


class StoredMatch:
    """One table's match in the store (module doc). ``store``: the table store; ``game``: the
    store's name of the game (``"ecarte"``, ``"switch"``, ``"war"``); ``seat``: the person's.

    Attributes: ``token`` (the person's, or None while the game is not stored), ``computers``
    (each computer seat's token, by seat), ``version`` (moves the store holds), ``page_token`` (what the
    page was last told to keep: a token, None to forget it, or ``...`` before anything)."""

    def __init__(self, store: Any, game: str, seat: int) -> None:
        self.store = store
        self.game = game
        self.seat = seat
        self.token: str | None = None
        self.computers: dict[int, str] = {}
        self.version = 0
        self.base = 0                           # moves the state had when it was stored
        self.page_token: Any = ...
        self.touched = False                    # the person made a move in this game
        self.seen = False                       # a page has shown this table (its first message)
        self.holder = secrets.token_urlsafe(12)  # this table's claim on a seat (never sent)
        self.elsewhere = False                  # the seat was taken by another page: stop
        self._fresh: str | None = None          # the deal's JSON, until the first move
        self._shadow: GameState | None = None   # the store's position, to know who moved
        self._saved: dict[str, Any] | None = None

    # -- a new game, its moves and settings ----------------------------------------------------
    def dealt(self, state: GameState) -> None:
        """A new game was dealt: it is stored as a new table when a page has seen this table
        (at once, :meth:`Resumable._stored_dealt`), else at the page's first message or move."""
        self.token = self._shadow = self._saved = None
        self.computers = {}
        self.version, self.base, self.touched = 0, 0, False
        self._fresh = state.to_json()

    def record(self, state: GameState, seats: list[str], settings: dict[str, Any]) -> str | None:
        """Write the moves of ``state`` the store lacks, creating the table first (``seats`` as
        ``store.create`` takes them) once a page has shown it (``seen``) or the person has moved
        (``touched``); returns the person's token when it is new, else None. A store error is
        logged and the match goes on unstored."""
        if self.store is None or self.elsewhere or (self.token is None and (
                self._fresh is None or not (self.touched or self.seen))):
            return None
        try:
            new = self._create(seats, settings) if self.token is None else None
            self._write(state)
        except Exception:
            log.warning("the table store failed: the match goes on without it", exc_info=True)
            self.store, self.token = None, None
            return None
        return new

    def _create(self, seats: list[str], settings: dict[str, Any]) -> str:
        assert self._fresh is not None
        made = self.store.create(self._fresh, seats, None)
        tokens = {t.seat: t.token for t in made.tickets}
        self.token = tokens.pop(self.seat)
        self.computers = tokens
        self._shadow = state_class(self.game).from_json(self._fresh)
        self.base = len(json.loads(self._fresh)["actions"])
        self._fresh, self.version = None, 0
        self.save(settings)
        return self.token

    def _write(self, state: GameState) -> None:
        """Each move the store lacks, by the token of the seat whose turn it was."""
        shadow = self._shadow
        assert shadow is not None and self.token is not None
        for action in json.loads(state.to_json())["actions"][self.base + self.version:]:
            seat = mover(shadow, action, self.seat)
            token = self.token if seat == self.seat else self.computers[seat]
            self.version = self.store.apply(token, self.version, action).version
            shadow.apply(action)

    def save(self, settings: Mapping[str, Any]) -> None:
        """Keep ``settings`` (and the computers' tokens) with the stored match, when changed."""
        if self.store is None or self.token is None or self.elsewhere or settings == self._saved:
            return
        computers = {str(seat): token for seat, token in sorted(self.computers.items())}
        try:
            held = self.store.table(self.token).settings.get("holders")    # (kept as they are)
            extra = {"holders": held} if isinstance(held, dict) else {}
            self.store.save_settings(self.token, {**settings, "computers": computers, **extra})
            self._saved = dict(settings)
        except Exception:
            log.warning("the table store failed to keep the settings", exc_info=True)

    # -- coming back -----------------------------------------------------------------------------
    def find(self, token: Any) -> tuple[GameState, dict[str, Any]] | None:
        """The live match of this game whose person's seat the (untrusted) ``token`` opens, as
        ``(state, settings)`` (its seats named as the table that dealt it named them); None for
        anything else (never an exception)."""
        if self.store is None or not well_formed_token(token):
            return None
        try:
            view = self.store.table(token)
            settings = dict(view.settings)
            settings.pop("holders", None)
            computers = self._computers(token, view, settings.pop("computers", None))
            if view.game != self.game or settings.get("mode") == "classmate" or computers is None:
                return None
            state = state_class(self.game).from_json(view.state_json)
        except Exception:           # an unknown seat, a purged table, a store that failed
            log.debug("no match to resume for this token", exc_info=True)
            return None
        self.token, self.computers, self.version, self.seat = token, computers, view.version, view.seat
        self.base = len(json.loads(view.state_json)["actions"]) - view.version
        self._fresh, self._shadow, self._saved = None, state_class(self.game).from_json(view.state_json), settings
        return state, settings

    def _computers(self, token: str, view: Any, kept: Any) -> dict[int, str] | None:
        """The computer seats' tokens kept with the table (``kept``: untrusted JSON), when every
        seat but the person's is a computer's and each token opens its own seat; else None."""
        seats = {s.seat for s in view.seats if s.kind == "computer"}
        if (not isinstance(kept, dict) or not seats or len(view.seats) != len(seats) + 1
                or view.seat in seats or {str(s) for s in seats} != set(kept)):
            return None
        computers = {int(seat): t for seat, t in kept.items()}
        for seat, t in computers.items():
            if (not well_formed_token(t) or t[:9] != token[:9]
                    or self.store.table(t).seat != seat):
                return None
        return computers


def mover(state: GameState, action: Any, person: int) -> int:
    """The seat that made ``action`` at ``state`` (before it): the ``person``'s when the rules
    let them make it now (their turn; nobody's turn, as War's Flip; a call out of turn, as
    Switch's "last card", which the engine then gives the person), else the seat whose turn it
    is (a computer's: computers move only on their turn).

    >>> from cardkit import war
    >>> state = war.new_game(war.WarRules.classic(), hands=["QS 2C", "AD 3C"])
    >>> mover(state, "flip", 1)              # nobody's turn: the person flips
    1
    """
    obs = state.observation(person)
    if obs.refusal(Action.parse(action)) is None:
        return person
    turn = obs.current_player
    return person if turn is None else turn


def named(state_json: str, names: Sequence[str]) -> str:
    """The engine's JSON (``GameState.to_json()``) with its seats named ``names`` (one per
    seat): how a table names the seats of a match it did not deal (the names a page shows are
    its own: "You" for its own seat).

    >>> json.loads(named('{"names": null, "actions": []}', ["Ada", "You"]))["names"]
    ['Ada', 'You']
    """
    d = json.loads(state_json)
    d["names"] = list(names)
    return json.dumps(d, ensure_ascii=False, sort_keys=True)


class Resumable:
    """What a table against the computer (:class:`~cardkit_tables.EcarteTable`,
    :class:`~cardkit_tables.SwitchTable`, :class:`~cardkit_tables.WarTable`) adds to keep its
    match in a store (module doc). The table calls :meth:`_keep_in` before its controller
    deals, :meth:`_stored_dealt` from ``new_state`` and :meth:`_stored_draw` from ``draw``; the
    moves are written from ``after_move`` (:meth:`_store_moves`, for a table with its own) and
    the page's ``resume`` message is handled here. ``RESUMED_PREFS``: the table's toggles kept
    with the match."""

    controller: Any
    prefs: dict[str, Any]
    _stored: StoredMatch | None = None
    _welcome_note: tuple[str, str] | None = None     # the "Welcome back" note, until a move
    _held_checked = 0.0                 # when a ping last asked whether the seat is still ours
    RESUMED_PREFS: tuple[str, ...] = ("hint",)

    def _keep_in(self, store: Any, game: str) -> None:
        self._stored = None if store is None else StoredMatch(store, game, self.controller.seat)

    def _stored_dealt(self, state: GameState) -> None:
        """A new game: stored at once when a page shows this table (the page is given the new
        token before it draws the deal), else when one first does; the page forgets the old
        token meanwhile."""
        m = self._stored
        if m is not None:
            m.dealt(state)
            if m.seen:
                self._store_moves(state)
            elif isinstance(m.page_token, str):
                self._tell_page(None)

    def _stored_draw(self, view: dict[str, Any]) -> None:
        """The view says the page may resume; the settings shown are kept with the match."""
        if self._stored is not None:
            view["resume"] = True
            self._stored.save(self._stored_settings())

    def _stored_settings(self) -> dict[str, Any]:
        c = self.controller
        prefs = {name: bool(self.prefs.get(name)) for name in self.RESUMED_PREFS}
        return {**c.settings, "prefs": prefs, "delay": c.delay, "next": dict(c.pending)}

    def _computer_level(self) -> str:
        """The computers' level, as the store's seat word says it."""
        return str(self.controller.settings.get("level", "easy"))

    def after_move(self) -> None:
        super().after_move()  # type: ignore[misc]
        # "Welcome back …" goes with the first move after it, the computer's too
        welcome, self._welcome_note = self._welcome_note, None
        if welcome is not None and self.controller.message is welcome:
            self.controller.message = None
        self._store_moves()

    def _store_moves(self, state: GameState | None = None) -> None:
        """Write the moves the store lacks of ``state`` (None: the table's), storing the table
        first when a page has shown it (module doc)."""
        m, c = self._stored, self.controller
        if m is None:
            return
        state = c.state if state is None else state
        seats = ["person" if s == c.seat else f"computer:{self._computer_level()}"
                 for s in range(len(state.observation(c.seat).names))]
        new = m.record(state, seats, self._stored_settings())
        if new is not None:             # (a store that failed leaves the page's token alone:
            self._tell_page(new)        # another page of this browser may be playing it)

    def send_from_page(self, content: Any) -> None:
        """``{"do": "resume", "token": text}`` (module doc) is handled here; an ``act`` marks
        the game as the person's own (stored from now on); the rest as every table does."""
        kind = content.get("do") if isinstance(content, dict) else None
        # (a ping asks too: the page that lost its seat is told within 2 s)
        elsewhere = kind in ("act", "ping") and self._seat_elsewhere(kind == "act")
        if elsewhere and kind == "act":     # another page holds the seat: no move from here lands
            with self.speaking():  # type: ignore[attr-defined]
                self.controller.refuse(_(ELSEWHERE))
            return
        if self._stored is not None and kind == "act":
            self._stored.touched = True
        if kind != "resume":
            super().send_from_page(content)  # type: ignore[misc]
            return
        with self.speaking():  # type: ignore[attr-defined]
            try:
                self._resume(content.get("token"))
            except Exception as exc:
                self.controller._error(exc)

    def _seat_link(self) -> tuple[Any, str, int] | None:
        """The store, token and seat this page plays (a classmate table's, else the stored
        match's), or None when it plays none."""
        mate = getattr(self, "_mate", None)
        if mate is not None:
            return mate.store, mate.token, mate.seat
        m = self._stored
        if m is None or m.store is None or m.token is None:
            return None
        return m.store, m.token, m.seat

    def _claim_seat(self) -> None:
        """This table now holds its seat (a page resumed it): another page that had it stops."""
        link, m = self._seat_link(), self._stored
        if link is None or m is None:
            return
        try:
            claim_seat(*link, m.holder)
        except Exception:
            log.warning("the table store could not record which page holds the seat", exc_info=True)

    def _seat_elsewhere(self, now: bool) -> bool:
        """Whether another page has taken this page's seat (checked at most every
        :data:`HOLD_CHECK` seconds unless ``now``); the first time, the table says so, stops
        the computers and writes nothing more."""
        m, link = self._stored, self._seat_link()
        if m is None or m.elsewhere or link is None:
            return bool(m is not None and m.elsewhere)
        if not now and time.monotonic() - self._held_checked < HOLD_CHECK:
            return False
        self._held_checked = time.monotonic()
        try:
            holder = seat_holder(*link)
        except Exception:               # a store that fails stops nothing
            return False
        if holder is None or holder == m.holder:
            return False
        m.elsewhere = True
        c = self.controller
        c.cancel()
        c.cancel_later()
        mate = getattr(self, "_mate", None)
        if mate is not None:
            mate.stop()
        with self.speaking():  # type: ignore[attr-defined]
            c.note(_(ELSEWHERE), "warn")
        return True

    def _resume(self, token: Any) -> None:
        m, c = self._stored, self.controller
        if m is None:
            return
        m.seen = True
        if m.token is not None or m.touched:
            return                      # this table's own match is stored or under way
        found = m.find(token)
        if found is None:               # the deal the page shows is its match from now on
            self._store_moves()
            if m.token is None:
                self._tell_page(None)
            return
        state, settings = found
        c.seat, c.computers = m.seat, tuple(sorted(m.computers))
        self._resumed_hand(state)
        c.adopt(state, self._offered(settings), self._welcome(state))
        self._welcome_note = c.message
        self._claim_seat()
        nxt = settings.get("next")
        c.pending = self._offered(nxt) if isinstance(nxt, dict) else {}
        if c.pending:
            self.draw()  # type: ignore[attr-defined]
        self._tell_page(m.token)

    def _resumed_hand(self, state: GameState) -> None:
        """Forget what the table showed of its fresh deal for ``state`` (a table with a pause
        between hands says so here)."""

    def _offered(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The stored settings the table offers (the game's); its toggles and pause put back."""
        c = self.controller
        prefs = settings.get("prefs")
        for name in self.RESUMED_PREFS:
            if isinstance(prefs, dict) and isinstance(prefs.get(name), bool):
                self.prefs[name] = prefs[name]
        delay = settings.get("delay")
        if isinstance(delay, (int, float)) and not isinstance(delay, bool) and 0 <= delay <= 3:
            c.delay = float(delay)
        return {k: v for k, v in settings.items() if k in c.options and v in c.options[k]}

    def _welcome(self, state: GameState) -> str:
        obs: Any = state.observation(self.controller.seat)
        me, them = obs.seat, 1 - obs.seat
        return _(WELCOME).format(n=obs.hand_number, you=obs.scores[me],
                                 who=shown_name(obs.names[them]), them=obs.scores[them])

    @staticmethod
    def _welcome_cards(n: int) -> str:
        """Switch's and War's welcome: the person's ``n`` cards."""
        return ngettext("Welcome back: you have {n} card.", "Welcome back: you have {n} cards.",
                        n).format(n=n)

    def _tell_page(self, token: str | None) -> None:
        """The page keeps ``token`` in its storage (None: forgets it)."""
        assert self._stored is not None
        self._stored.page_token = token
        try:
            self.send({"resume": token})  # type: ignore[attr-defined]
        except Exception:
            log.debug("the page could not be told its resume token", exc_info=True)

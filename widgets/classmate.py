"""Play a classmate: two pages, two kernels, one match in the table store (issue 20;
docs/architecture.md "Table store", "Play a classmate").

DESIGN. A table built with ``store=`` and ``classmates=True`` (the Voilà app pages) offers
"Play a classmate". Nothing of the match passes from one kernel to the other but through the
store, and nothing of the store reaches a page but the seat's own observation:

- **making a table** (``{"do": "classmate", "name": text}``): the kernel deals a new match with
  the table's rules, stores it with the seats ``[person, classmate]`` and sits at seat 0; the
  page is shown the table's code (``view["classmate"]["code"]``) and builds the link to hand
  over from its own address (``?table=CODE``);
- **joining** (``{"do": "join", "code": text, "name": text}``, from the link or a typed code):
  :meth:`TableStore.join` gives this kernel the open seat's token (wrong codes are limited per
  kernel, :data:`~cardkit_serving.store.FAILED_CODES_PER_MINUTE` a minute, and the code space
  is 31**8); the store's refusal is shown in the table's language;
- **names**: each page gives a name (at most :data:`MAX_NAME` characters, control characters
  dropped; none: "Classmate"); they are kept in the table's settings (``names``: seat -> name),
  never in the engine's state, and each kernel puts them on its own copy of the state: "You"
  for its own seat, the other's name for theirs ("Waiting for Ada.");
- **a move**: the person's move is applied to the kernel's copy (the engine refuses an illegal
  one with the rule's sentence, as always), then written with ``store.apply(token, version,
  action)``: the store's engine checks it again and compare-and-set on the version lets only one
  of two moves land. A refusal of the store (the other move landed first, a purged table) puts
  the store's position back on the table, with the store's sentence;
- **the other's move**: a watcher on the kernel's event loop waits on the store
  (``wait_for_change``: Redis pub/sub, SQLite polling every 50 ms) in a worker thread, and
  redraws from the store's state the moment the version moves. Headless (no running loop),
  :meth:`Classmates.mate_sync` does one step of the same by hand;
- **away and back**: the page pings its kernel every 2 s (``connection.js``); while it does, the
  kernel touches its seat every :data:`TOUCH_EVERY` seconds. A seat not touched for
  :data:`AWAY_AFTER` seconds is shown as away ("Ada is away"), and as back when it is touched
  again. A closed page stops pinging, so it is away within seconds even while its kernel lives;
- **a classmate who never comes back**: once they have been away :data:`GIVE_UP_AFTER`
  seconds, the table offers "Finish against the computer" (``{"do": "finish"}``, checked again
  by the kernel): the computer takes their seat on this page, the match goes on from the same
  position and is kept as a match against the computer (a resume token of its own); the store
  marks the classmate table ended, and a classmate who comes back later is told so. We chose
  this over ending the match: the one who stayed keeps the position they played for;
- **resume**: the page keeps its seat's token like any stored match (``resume.js``); a reload,
  a new kernel or a restarted server finds the classmate match by it and sits back down.

A store that fails in the middle of a classmate match shows the generic error sentence and the
table stays on the last position the store confirmed.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import time
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from cardkit.i18n import N_, _, shown_name

from .hooks import running_loop
from .resume import type_of, well_formed_token, with_names

__all__ = ["AWAY_AFTER", "GIVE_UP_AFTER", "MAX_NAME", "Classmates", "MateLink", "clean_name"]

log = logging.getLogger("cardkit.tables")

#: seconds without a touch before a seat shows as away
AWAY_AFTER = 10.0
#: seconds a classmate may be away before the table offers to finish against the computer
GIVE_UP_AFTER = 120.0
#: how often (seconds) a kernel whose page pings touches its seat
TOUCH_EVERY = 3.0
#: a page counts as open while it pinged within this many seconds
PAGE_OPEN = 6.0
#: the longest name a page may give, in characters
MAX_NAME = 12
#: how long one wait on the store lasts (seconds) before the watcher looks at who is here
WAIT = 1.0
#: classmate tables one table (one page) may make in any 60 seconds: a page cannot fill the store
TABLES_PER_MINUTE = 5

CLASSMATE = N_("Classmate")
WAITING_FOR = N_("Your table's code is {code}. Give your classmate the link or the code: the "
                 "game starts when they sit down.")
SIT_FIRST = N_("Wait until your classmate sits down at the table.")
AWAY = N_("{who} is away.")
BACK = N_("{who} is back.")
GONE = N_("{who} has been away for 2 minutes. Wait for them, or finish the game against the "
          "computer.")
FINISHED_VS_COMPUTER = N_("The computer plays for {who} now. Your match goes on.")
TOO_MANY_TABLES = N_("You made {n} tables in a minute. Wait a minute, then make one again.")
LEFT = N_("{who} left the table. Finish the game against the computer, or press New game.")
LEAVE = N_("Really leave this table? Your game with {who} ends, and you play the computer.")
ENDED = N_("{who} finished this match against the computer. Press New game to play again.")
NOT_GONE = N_("Your classmate is still here, or was here less than 2 minutes ago: keep playing.")
PLAYING = N_("You are playing {who}.")
SAT_DOWN = N_("{who} sat down. You are playing {who}.")
JOINED = N_("You sat down at {who}'s table.")


def clean_name(text: Any) -> str:
    """A name a page sent (anything) as the table keeps it: text only, control and format
    characters dropped, spaces squeezed, at most :data:`MAX_NAME` characters ('' for none).

    >>> clean_name("  Ada\\u202e  Lovelace\\n"), clean_name(7), clean_name("x" * 30) == "x" * 12
    ('Ada Lovelace', '', True)
    """
    if not isinstance(text, str):
        return ""
    kept = "".join(ch for ch in text[:200] if unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())[:MAX_NAME].strip()


class MateLink:
    """This kernel's seat at a classmate table: ``store``, ``token`` (the seat's secret, also
    the page's resume token), ``seat`` (0 or 1), ``code``, ``version`` (the store's, as last
    read), ``names`` (seat -> name, from the table's settings), ``taken`` (the other seat is
    taken), ``away`` (the other seat is away), ``left`` (away long enough to give up on them),
    ``quit`` (they left with New game), ``ended`` (the table was finished against the
    computer)."""

    def __init__(self, store: Any, token: str, seat: int, version: int) -> None:
        self.store, self.token, self.seat, self.version = store, token, seat, version
        self.code = token[:8]
        self.names: dict[str, str] = {}
        self.taken = False
        self.away = False
        self.left = False
        self.quit = False
        self.ended = False
        self.touched = 0.0
        self.pool: ThreadPoolExecutor | None = None
        self.task: asyncio.Future[Any] | None = None

    def other(self) -> int:
        """The classmate's seat."""
        return 1 - self.seat

    def other_name(self) -> str:
        """The classmate's name (English "Classmate" when they gave none)."""
        return self.names.get(str(self.other()), "") or CLASSMATE

    def read_seats(self, view: Any) -> None:
        """Who is at the table, from a :class:`~cardkit_serving.store.TableView` and the store's
        own clock: away after :data:`AWAY_AFTER` seconds, gone after :data:`GIVE_UP_AFTER`."""
        settings = view.settings
        names = settings.get("names")
        self.names = {k: clean_name(v) for k, v in names.items()} if isinstance(names, dict) else {}
        self.ended = settings.get("ended") is True
        other = self.other()
        self.quit = settings.get("left") == other
        self.taken = view.seats[other].taken
        self.away = self.store.seats(self.token, away_after=AWAY_AFTER)[other].away
        self.left = self.away and self.store.seats(self.token, away_after=GIVE_UP_AFTER)[other].away

    def gone(self) -> bool:
        """The classmate left the table (New game), or has been away for
        :data:`GIVE_UP_AFTER` seconds."""
        return self.quit or self.left

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.task = self.pool = None


class Classmates:
    """What the Écarté table adds to play a classmate through the store (module doc). The
    table calls :meth:`_offer_classmates` when built, :meth:`_mate_left` from ``new_state``,
    :meth:`_mate_why_not` from ``why_not_now`` and :meth:`_mate_draw` from ``draw``."""

    controller: Any
    _names: tuple[str, str]
    _mate: MateLink | None = None
    _mates_offered = False
    _mate_error: str | None = None      # why the last code typed sat nobody down (for the form)
    _page_seen = 0.0
    _mate_made: tuple[float, ...] = ()  # when this page made its classmate tables (monotonic s)

    def _offer_classmates(self, store: Any, on: bool) -> None:
        self._mates_offered = bool(on) and store is not None
        self._mate_store = store

    # -- messages from the page ----------------------------------------------------------------
    def send_from_page(self, content: Any) -> None:
        """``classmate``, ``join``, ``finish`` and a classmate match's ``resume`` are handled
        here (module doc); a ``ping`` says the page is open; the rest as every table does."""
        kind = content.get("do") if isinstance(content, dict) else None
        if kind == "ping":
            self._page_seen = time.monotonic()
        if not self._mates_offered or kind not in ("classmate", "join", "finish", "resume"):
            super().send_from_page(content)  # type: ignore[misc]
            return
        with self.speaking():  # type: ignore[attr-defined]
            try:
                if kind == "resume" and not self._mate_resume(content.get("token")):
                    super().send_from_page(content)  # type: ignore[misc]
                elif kind == "classmate":
                    self._mate_make(clean_name(content.get("name")))
                elif kind == "join":
                    self._mate_join(content.get("code"), clean_name(content.get("name")))
                elif kind == "finish":
                    self._mate_finish()
            except Exception as exc:
                self.controller._error(exc)

    def _mate_make(self, name: str) -> None:
        """A new match for a classmate: dealt with the table's rules, stored, seat 0 (not while
        this page sits at a classmate table; :data:`TABLES_PER_MINUTE` at most)."""
        c, now = self.controller, time.monotonic()
        if self._mate is not None:
            return
        made = tuple(t for t in self._mate_made if now - t < 60.0)
        if len(made) >= TABLES_PER_MINUTE:
            c.refuse(_(TOO_MANY_TABLES).format(n=len(made)))
            return
        self._mate_made = (*made, now)
        c.settings.update(c.pending)
        c.pending = {}
        c.games += 1
        state = self.new_state(dict(c.settings), None)  # type: ignore[attr-defined]
        new = self._mate_store.create(state, ["person", "classmate"],
                                      {"mode": "classmate", "names": {"0": name}})
        self._mate_sit(new.tickets[0].token, 0)

    def _mate_join(self, code: Any, name: str) -> None:
        if self._mate is not None:
            return
        if not isinstance(code, str) or len(code) > 40:
            code = ""
        try:
            ticket = self._mate_store.join(code, client=f"kernel:{os.getpid()}:{id(self)}")
        except self._mate_store.Error as exc:
            self._mate_error = str(exc)
            self.controller.refuse(str(exc))
            return
        self._mate_error = None
        view = self._mate_store.table(ticket.token)
        names = dict(view.settings.get("names") or {})
        names[str(ticket.seat)] = name
        self._mate_store.save_settings(ticket.token, {**view.settings, "names": names})
        self._mate_sit(ticket.token, ticket.seat)

    def _mate_resume(self, token: Any) -> bool:
        """Sit back down at the classmate match ``token`` (the page's, untrusted) opens; False
        when it opens none (the token may be a match against the computer's)."""
        if self._mate is not None or not well_formed_token(token):
            return False
        try:
            view = self._mate_store.table(token)
        except Exception:
            return False
        if view.game != "ecarte" or view.settings.get("mode") != "classmate":
            return False
        if view.state().is_over:
            return False                # (a finished match is not resumed: the page forgets it)
        if view.settings.get("ended") is True:
            link = MateLink(self._mate_store, token, view.seat, view.version)
            link.read_seats(view)
            self.controller.note(_(ENDED).format(who=shown_name(link.other_name())))
            self._tell_page(None)  # type: ignore[attr-defined]
            return True
        self._mate_sit(token, view.seat, welcome=True)
        return True

    def _mate_sit(self, token: str, seat: int, welcome: bool = False) -> None:
        """Play seat ``seat`` of the classmate table ``token`` opens, from the store's position
        (``welcome``: a page come back to it is told so)."""
        c = self.controller
        stored = getattr(self, "_stored", None)
        if stored is not None:              # no match against the computer is kept meanwhile
            stored.dealt(c.state)
        mate = MateLink(self._mate_store, token, seat, 0)
        self._mate = mate
        c.cancel()
        c.cancel_later()
        c.seat, c.computers, c.players = seat, (), {}
        self._page_seen = time.monotonic()
        mate.store.touch(token)
        view = mate.store.table(token)
        mate.read_seats(view)
        self._mate_put(view, first=True)
        message = (self._welcome(c.state) if welcome  # type: ignore[attr-defined]
                   else _(JOINED).format(who=shown_name(mate.other_name())) if mate.taken else None)
        c.message = (message, "info") if message else None
        self.draw()  # type: ignore[attr-defined]
        self._tell_page(token)  # type: ignore[attr-defined]
        self._mate_watch()

    def _mate_put(self, view: Any, first: bool = False) -> None:
        """Put the store's position on the table (the kernel's own copy, named for this page)."""
        mate, c = self._mate, self.controller
        assert mate is not None
        self._names = (N_("You"), mate.other_name())
        state = type_of("ecarte").from_json(with_names(view.state_json, self._names, mate.seat))
        mate.version = view.version
        if first:
            self._resumed_hand(state)  # type: ignore[attr-defined]
        c.state = state
        c.moves = len(json.loads(view.state_json).get("actions", ()))
        c.forget()
        c.pos += 1
        c.turn += 1

    # -- the two kernels keep in step ----------------------------------------------------------
    def _mate_push(self) -> None:
        """Write this page's moves the store lacks (module doc: a move)."""
        mate, c = self._mate, self.controller
        assert mate is not None
        actions = json.loads(c.state.to_json())["actions"][mate.version:]
        try:
            for action in actions:
                mate.version = mate.store.apply(mate.token, mate.version, action).version
        except (mate.store.Error, ValueError) as exc:
            self._mate_put(mate.store.table(mate.token))
            c.message = (str(exc), "warn")
            c.refusals.append(str(exc))

    def mate_sync(self) -> None:
        """One step of the watcher (module doc): touch this seat if the page is open, read who
        is here, and put the store's position on the table when it moved on; redraw when
        anything shown changed. Tests call it headless."""
        mate, c = self._mate, self.controller
        if mate is None:
            return
        now = time.monotonic()
        if now - self._page_seen <= PAGE_OPEN and now - mate.touched >= TOUCH_EVERY:
            mate.store.touch(mate.token)
            mate.touched = now
        view = mate.store.table(mate.token)
        before = (mate.taken, mate.away, mate.gone(), mate.names, mate.ended)
        mate.read_seats(view)
        moved = view.version != mate.version
        if moved:
            self._mate_put(view)
            c.message = None
        if not moved and before == (mate.taken, mate.away, mate.gone(), mate.names, mate.ended):
            return
        who = shown_name(mate.other_name())
        if mate.names != before[3] and not moved:
            self._mate_put(view)                # named afresh
        if mate.taken and not before[0]:
            c.message = (_(SAT_DOWN).format(who=who), "info")
        elif mate.away != before[1] and not moved:
            c.message = (_(AWAY if mate.away else BACK).format(who=who), "info")
        self.draw()  # type: ignore[attr-defined]

    def _mate_watch(self) -> None:
        """Start the watcher on the kernel's event loop (none headless: see :meth:`mate_sync`)."""
        mate, loop = self._mate, running_loop()
        if mate is None or loop is None:
            return
        mate.pool = ThreadPoolExecutor(1, thread_name_prefix="cardkit-classmate")
        mate.task = asyncio.ensure_future(self._mate_loop(mate), loop=loop)

    async def _mate_loop(self, mate: MateLink) -> None:
        loop = asyncio.get_running_loop()
        while self._mate is mate and mate.pool is not None:
            try:
                await loop.run_in_executor(mate.pool, mate.store.wait_for_change,
                                                 mate.token, mate.version, WAIT)
                if self._mate is not mate:
                    return
                with self.speaking():  # type: ignore[attr-defined]
                    self.mate_sync()
            except asyncio.CancelledError:
                return
            except mate.store.Error:        # the table is gone (purged): nothing to wait for
                log.info("the classmate table is gone from the store", exc_info=True)
                return
            except Exception:
                log.warning("the classmate table could not be read", exc_info=True)
                await asyncio.sleep(WAIT)

    # -- leaving, finishing --------------------------------------------------------------------
    def _mate_finish(self) -> None:
        """The classmate is gone (checked again here): the computer takes their seat."""
        mate, c = self._mate, self.controller
        if mate is None:
            return
        self.mate_sync()
        if not mate.gone():
            c.refuse(_(NOT_GONE))
            return
        view = mate.store.table(mate.token)
        mate.store.save_settings(mate.token, {**view.settings, "ended": True})
        who = shown_name(mate.other_name())
        self._mate_left(leaving=False)
        other = 1 - c.seat
        c.computers = (other,)
        c.players = {other: self.computer_player(other, dict(c.settings), None)}  # type: ignore[attr-defined]
        self._names = (N_("You"), N_("Computer"))
        c.state = type_of("ecarte").from_json(with_names(c.state.to_json(), self._names, c.seat))
        stored = getattr(self, "_stored", None)
        if stored is not None:
            stored.dealt(c.state)
            stored.seat, stored.touched = c.seat, True
        c.forget()
        c.pos += 1
        c.message = (_(FINISHED_VS_COMPUTER).format(who=who), "info")
        self.draw()  # type: ignore[attr-defined]
        c.schedule()

    def _mate_left(self, leaving: bool = True) -> None:
        """Leave the classmate table (``leaving``: New game, and the table tells the classmate,
        who may then finish against the computer at once; else the computer took their seat):
        the watcher stops and the table plays the computer again from its next deal."""
        mate = self._mate
        if mate is None:
            return
        if leaving:
            try:
                settings = dict(mate.store.table(mate.token).settings)
                mate.store.save_settings(mate.token, {**settings, "left": mate.seat})
            except Exception:
                log.warning("the classmate table could not be told this seat left", exc_info=True)
        mate.stop()
        self._mate = None
        c = self.controller
        c.computers = (1 - c.seat,)
        self._names = (N_("You"), N_("Computer"))

    # -- what the table asks -------------------------------------------------------------------
    def after_move(self) -> None:
        if self._mate is None:
            super().after_move()  # type: ignore[misc]
        else:
            self._mate_push()

    def _mate_why_not(self) -> str | None:
        """Why the person may not move at a classmate table now: the classmate has not sat
        down yet (else None)."""
        mate = self._mate
        return _(SIT_FIRST) if mate is not None and not mate.taken else None

    def _mate_draw(self, view: dict[str, Any]) -> None:
        """``view["classmate"]``: what the page shows of classmate play (module doc), or None
        when the table does not offer it."""
        mate = self._mate
        if not self._mates_offered:
            view["classmate"] = None
            return
        labels = {"offer": _("Play a classmate"), "name": _("Your name"),
                  "make": _("Make a table"), "code": _("Table code"),
                  "join": _("Sit down"), "or": _("or type your classmate's code:"),
                  "link": _("Send your classmate this link:"), "copy": _("Copy"),
                  "close": _("Close"), "finish": _("Finish against the computer")}
        if mate is None:
            view["classmate"] = {"stage": "offer", "labels": labels, "error": self._mate_error}
            return
        view["labels"]["confirm"] = _(LEAVE).format(who=shown_name(mate.other_name()))
        code = f"{mate.code[:4]}-{mate.code[4:]}"
        stage = "waiting" if not mate.taken else "playing"
        who = shown_name(mate.other_name())
        over = view["mode"] == "over"
        view["classmate"] = {"stage": stage, "code": code, "labels": labels, "away": mate.away,
                             "who": _(AWAY if mate.away else PLAYING).format(who=who),
                             "finish": mate.gone() and not over}
        if stage == "playing":          # who you play: a badge of the toolbar
            view["badges"] = [*view["badges"], view["classmate"]["who"]]
        if stage == "waiting":          # nothing to click until the classmate sits down
            view["mode"], view["actions"] = "wait", []
            for card in view["hand"]:
                card.update(playable=False, idle=True, reason=_(SIT_FIRST))
            view["what_now"]["prompt"] = _(WAITING_FOR).format(code=code)
            view["what_now"]["text"] = " ".join(
                t for t in (view["what_now"].get("note"), view["what_now"]["prompt"]) if t)
        elif mate.gone() and not over:
            view["what_now"]["note"] = _(LEFT if mate.quit else GONE).format(who=who)
            view["what_now"]["note_tone"] = "warn"
            view["what_now"]["text"] = view["what_now"]["note"] + " " + view["what_now"]["prompt"]

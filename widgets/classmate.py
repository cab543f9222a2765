"""Play classmates: one match, a page and a kernel per person, kept in the table store
(issue 20; docs/architecture.md "Table store", "Play a classmate").

DESIGN. A table built with ``store=`` and ``classmates=True`` (the Voilà app pages of Écarté,
Switch and War) offers "Play a classmate". Nothing of the match passes from one kernel to another
but through the store, and nothing of the store reaches a page but the seat's own observation:

- **making a table** (``{"do": "classmate", "name": text, "classmates": int}``): the kernel
  deals a new match with the table's rules and stores it with the seats ``[person, classmate
  × k, computer × the rest]`` (Écarté: one classmate; Switch and War: the page chooses ``k``
  among the game's seats); it sits at seat 0, and the page is shown the table's code
  (``view["classmate"]["code"]``) and builds the link to hand over from its own address
  (``?table=CODE``). Slap war is played against the computer only (its slap race is one
  person's);
- **joining** (``{"do": "join", "code": text, "name": text}``, from the link or a typed code):
  :meth:`TableStore.join` gives this kernel the first open seat's token, only at a table of
  this page's game (wrong codes are limited per kernel,
  :data:`~cardkit_serving.store.FAILED_CODES_PER_MINUTE` a minute, and the code space is
  31**8); the store's refusal is shown in the table's language. The game starts when every
  classmate's seat is taken;
- **names**: each page gives a name (at most :data:`MAX_NAME` characters, control characters
  dropped; none: "Classmate"); they are kept in the table's settings (``names``: seat -> name),
  never in the engine's state, and each kernel puts them on its own copy of the state (the
  table's :meth:`_seat_names`: "You" for its own seat in Écarté, "Waiting for Ada.");
- **a move**: the person's move is applied to the kernel's copy (the engine refuses an illegal
  one with the rule's sentence, as always), then written with ``store.apply(token, version,
  action)``: the store's engine checks it again and compare-and-set on the version lets only one
  of two moves land. A refusal of the store (another move landed first, a purged table) puts
  the store's position back on the table, with the store's sentence;
- **the computers** at a table of Switch or War are played by one kernel, the **host**: the
  person seat with the lowest number whose page is here (not away). Their tokens are kept in the
  table's settings (``computers``: seat -> token; they never leave the kernels and the store);
  the host's controller plays them as it plays the computer against one person, and writes
  each move with its seat's token. When the host goes away the next person's kernel takes over;
  should two kernels play the same move, compare-and-set keeps one;
- **the others' moves**: a watcher on the kernel's event loop waits on the store
  (``wait_for_change``: Redis pub/sub, SQLite polling every 50 ms) in a worker thread, and
  redraws from the store's state the moment the version moves. Headless (no running loop),
  :meth:`Classmates.mate_sync` does one step of the same by hand;
- **away and back**: the page pings its kernel every 2 s (``connection.js``); while it does, the
  kernel touches its seat every :data:`TOUCH_EVERY` seconds. A seat not touched for
  :data:`AWAY_AFTER` seconds is shown as away ("Ada is away."), and as back when it is touched
  again. A closed page stops pinging, so it is away within seconds even while its kernel lives;
- **a classmate who never comes back**: once they have been away :data:`GIVE_UP_AFTER`
  seconds (at once when they left with New game), the table offers "Finish against the
  computer" (``{"do": "finish"}``, checked again by the kernel). When nobody else is left, the
  computer takes every other seat on this page, the match goes on from the same position and is
  kept as a match against the computer (a resume token of its own); the store marks the
  classmate table ended, and a classmate who comes back later is told so. When other classmates
  are still playing, the computer takes the gone seat at the shared table
  (:meth:`TableStore.take_over`: the gone page's token opens nothing any more) and the host plays
  it. We chose this over ending the match: those who stayed keep the position they played for;
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
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Callable, Mapping
from typing import Any

from cardkit import state_class
from cardkit.i18n import N_, Nn_, _, ngettext, shown_name

from .controller import NOT_OFFERED
from .hooks import running_loop
from .mate_seats import (AWAY_AFTER, GIVE_UP_AFTER, MAX_NAME, PAGE_OPEN, TOUCH_EVERY, MateLink,
                         clean_name, own_name, seat_set)
from .resume import mover, named, well_formed_token

__all__ = ["AWAY_AFTER", "GIVE_UP_AFTER", "MAX_NAME", "Classmates", "MateLink", "clean_name"]

log = logging.getLogger("cardkit.tables")

#: how long one wait on the store lasts (seconds) before the watcher looks at who is here
WAIT = 1.0
#: classmate tables one table (one page) may make in any 60 seconds: a page cannot fill the store
TABLES_PER_MINUTE = 5

WAITING_FOR = Nn_("Your table's code is {code}. Give your classmate the link or the code: the "
                  "game starts when they sit down.",
                  "Your table's code is {code}. Give your classmates the link or the code: the "
                  "game starts when {n} more sit down.")
SIT_FIRST = Nn_("Wait until your classmate sits down at the table.",
                "Wait until {n} more classmates sit down at the table.")
AWAY = N_("{who} is away.")
BACK = N_("{who} is back.")
GONE = N_("{who} has been away for 2 minutes. Wait for them, or finish the game against the "
          "computer.")
FINISHED_VS_COMPUTER = N_("The computer plays for {who} now. Your match goes on.")
TOO_MANY_TABLES = N_("You made {n} tables in a minute. Wait a minute, then make one again.")
LEFT = N_("{who} left the table. Finish the game against the computer, or press New game.")
LEAVE = N_("Really leave this table? Your game with {who} ends, and you play the computer.")
HAS_LEFT = N_("{who} left the table.")
ENDED = N_("{who} finished this match against the computer. Press New game to play again.")
NOT_GONE = N_("Your classmate is still here, or was here less than 2 minutes ago: keep playing.")
PLAYING = N_("You are playing {who}.")
SAT_DOWN = N_("{who} sat down. You are playing {who}.")
SAT_DOWN_WAIT = N_("{who} sat down.")
JOINED = N_("You sat down at {who}'s table.")
NAME_FIRST = N_("Type your name first: the others at the table see it.")


class Classmates:
    """What a table adds to play classmates through the store (module doc). The table calls
    :meth:`_offer_classmates` when built, :meth:`_mate_left` from ``new_state``,
    :meth:`_mate_why_not` from ``why_not_now`` and :meth:`_mate_draw` from ``draw``, and gives
    :meth:`_players_next` and :meth:`_seat_names`; the moves go to the store from
    ``_store_moves`` (:class:`~cardkit_tables.resume.Resumable`'s)."""

    controller: Any
    _mate: MateLink | None = None
    _mates_offered = False
    _mate_error: str | None = None      # why the last code typed sat nobody down (for the form)
    _page_seen = 0.0
    _mate_made: tuple[float, ...] = ()  # when this page made its classmate tables (monotonic s)
    _mate_asked: dict[str, Any] | None = None   # the make or join waiting for "Really start again?"
    _acted_in: Any = None               # the game this page last made a move in (asked before leaving)

    def _offer_classmates(self, store: Any, on: bool) -> None:
        self._mates_offered = bool(on) and store is not None
        self._mate_store = store
        self._home_seat = self.controller.seat     # the seat this table deals itself at

    # -- what each table gives -----------------------------------------------------------------
    def _players_next(self) -> int:
        """Seats of the game the next New game deals, the settings chosen included (Écarté:
        always 2)."""
        return 2

    def _seat_names(self, n: int, seat: int, people: Mapping[int, str]) -> list[str]:
        """The names this kernel puts on the ``n`` seats of its copy of a classmate match, the
        person at ``seat``: ``people`` names every person seat (the person's own included; none:
        the table's own match against the computer); the others are computers."""
        raise NotImplementedError

    def _mate_moved(self) -> None:
        """Another kernel's move was put on the table (War goes on playing to the end)."""

    def _mate_refusal(self, settings: dict[str, Any]) -> str | None:
        """Why no classmate table may be made with ``settings`` (None: it may)."""
        return None

    # -- messages from the page ----------------------------------------------------------------
    def send_from_page(self, content: Any) -> None:
        """``classmate``, ``join``, ``finish`` and a classmate match's ``resume`` are handled
        here (module doc; making or joining a table in the middle of a game against the computer
        in which the person has moved first asks "Really start again?"); a ``ping`` says the page
        is open; the rest as every table does."""
        kind = content.get("do") if isinstance(content, dict) else None
        if kind == "ping":
            self._page_seen = time.monotonic()
        elif kind == "act":
            self._acted_in = self.controller.state
        asked = None
        if kind in ("answer", "new_game"):          # (the page pings while the question is shown)
            asked, self._mate_asked = self._mate_asked, None
        confirmed = kind == "answer" and asked is not None and content.get("yes") is True
        if confirmed and asked is not None:         # "Really start again?" Yes: make or join now
            self.controller.confirming = False
            content, kind = asked, asked["do"]
        if kind == "set" and self._mate is not None:   # the table's game keeps the rules it was made with
            with self.speaking():  # type: ignore[attr-defined]
                self.controller.refuse(_(NOT_OFFERED))
            return
        if not self._mates_offered or kind not in ("classmate", "join", "finish", "resume"):
            super().send_from_page(content)  # type: ignore[misc]
            return
        with self.speaking():  # type: ignore[attr-defined]
            try:
                if kind == "resume" and not self._mate_resume(content.get("token")):
                    super().send_from_page(content)  # type: ignore[misc]
                elif kind in ("classmate", "join"):
                    self._mate_request(content, confirmed)
                elif kind == "finish":
                    self._mate_finish()
            except Exception as exc:
                self.controller._error(exc)

    def _mate_request(self, content: dict[str, Any], confirmed: bool) -> None:
        """Make (``classmate``) or join a table: a name first; in the middle of a game against
        the computer in which the person has moved, "Really start again?" first (unless
        ``confirmed``: the answer was Yes)."""
        name = clean_name(content.get("name"))
        if not name:
            self._mate_error = _(NAME_FIRST)
            self.controller.refuse(self._mate_error)
        elif not confirmed and self._mate is None and self._acted_in is self.controller.state \
                and self.controller.in_progress():
            self._mate_asked = {k: content.get(k) for k in ("do", "name", "code", "classmates")}
            self.controller.confirming = True
            self.controller.pos += 1
            self.draw()  # type: ignore[attr-defined]
        elif content.get("do") == "classmate":
            self._mate_make(name, content.get("classmates"))
        else:
            self._mate_join(content.get("code"), name)

    def _game(self) -> str:
        return str(self._stored.game)  # type: ignore[attr-defined]

    def _mate_make(self, name: str, classmates: Any = None) -> None:
        """A new match for classmates: dealt with the table's rules, stored, seat 0, with
        ``classmates`` (untrusted; default: every other seat) seats for classmates and the
        rest for computers (not while this page sits at a classmate table;
        :data:`TABLES_PER_MINUTE` at most)."""
        c, now = self.controller, time.monotonic()
        if self._mate is not None:
            return
        made = tuple(t for t in self._mate_made if now - t < 60.0)
        if len(made) >= TABLES_PER_MINUTE:
            c.refuse(_(TOO_MANY_TABLES).format(n=len(made)))
            return
        settings = {**c.settings, **c.pending}
        why = self._mate_refusal(settings)
        if why:
            c.refuse(why)
            return
        n = self._players_next()
        k = classmates if isinstance(classmates, int) and not isinstance(classmates, bool) else n - 1
        k = min(max(k, 1), n - 1)
        self._mate_made = (*made, now)
        c.settings.update(c.pending)
        c.pending = {}
        c.games += 1
        c.seat = 0
        state = self.new_state(dict(c.settings), None)  # type: ignore[attr-defined]
        level = self._computer_level()  # type: ignore[attr-defined]
        seats = ["person"] + ["classmate"] * k + [f"computer:{level}"] * (n - 1 - k)
        new = self._mate_store.create(state, seats, {"mode": "classmate", "names": {"0": name}})
        computers = {str(t.seat): t.token for t in new.tickets if t.seat > 0}
        if computers:
            self._mate_store.save_settings(new.tickets[0].token, {
                "mode": "classmate", "names": {"0": name}, "computers": computers})
        self._mate_sit(new.tickets[0].token, 0, name)

    def _mate_join(self, code: Any, name: str) -> None:
        if self._mate is not None:
            return
        if not isinstance(code, str) or len(code) > 40:
            code = ""
        try:
            ticket = self._mate_store.join(code, client=f"kernel:{os.getpid()}:{id(self)}",
                                           game=self._game())
        except self._mate_store.Error as exc:
            self._mate_error = str(exc)
            self.controller.refuse(str(exc))
            return
        self._mate_error = None
        self._mate_sit(ticket.token, ticket.seat, name)

    def _mate_resume(self, token: Any) -> bool:
        """Sit back down at the classmate match ``token`` (the page's, untrusted) opens; False
        when it opens none (the token may be a match against the computer's)."""
        if self._mate is not None or not well_formed_token(token):
            return False
        try:
            view = self._mate_store.table(token)
        except Exception:
            return False
        if view.game != self._game() or view.settings.get("mode") != "classmate":
            return False
        if view.state().is_over:
            return False                # (a finished match is not resumed: the page forgets it)
        if view.settings.get("ended") is True:
            link = MateLink(self._mate_store, token, view.seat, view.version)
            link.read_seats(view)
            self.controller.note(_(ENDED).format(who=link.who()))
            self._tell_page(None)  # type: ignore[attr-defined]
            return True
        self._mate_sit(token, view.seat, None, welcome=True)
        self._claim_seat()  # type: ignore[attr-defined]  # (one live page per seat)
        return True

    def _mate_sit(self, token: str, seat: int, name: str | None, welcome: bool = False) -> None:
        """Play seat ``seat`` of the classmate table ``token`` opens, from the store's position,
        as ``name`` (None: the name kept; ``welcome``: a page come back to it is told so)."""
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
        mate.my_name = mate.names.get(str(seat), "") if name is None else own_name(name, seat, mate.names)
        self._mate_name_kept(view)
        self._mate_put(view, first=True)
        message = (self._welcome(c.state) if welcome  # type: ignore[attr-defined]
                   else _(JOINED).format(who=shown_name(mate.name(0))) if seat != 0 else None)
        c.message = (message, "info") if message else None
        self._mate_host()
        self.draw()  # type: ignore[attr-defined]
        self._tell_page(token)  # type: ignore[attr-defined]
        self._mate_watch()
        c.schedule()

    def _mate_name_kept(self, view: Any) -> bool:
        """Put this seat's name in the table's settings when it is not there (two classmates
        sitting down at once may write over each other: the watcher puts it back). True when
        it was written."""
        mate = self._mate
        assert mate is not None
        names = view.settings.get("names")
        if isinstance(names, dict) and names.get(str(mate.seat), "") == mate.my_name:
            return False

        def named(settings: dict[str, Any]) -> dict[str, Any]:
            kept = settings.get("names")
            kept = dict(kept) if isinstance(kept, dict) else {}
            return {**settings, "names": {**kept, str(mate.seat): mate.my_name}}

        self._mate_settings(named)
        mate.names = {**mate.names, str(mate.seat): mate.my_name}
        return True

    def _mate_settings(self, change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        """Write ``change(settings)`` over the table's settings, and check that it stayed:
        settings are not a move (no compare-and-set), so two kernels writing at once may write
        over each other, and the one whose change is gone writes it again (3 tries)."""
        mate = self._mate
        assert mate is not None
        for _try in range(3):
            settings = dict(mate.store.table(mate.token).settings)
            wanted = change(settings)
            if wanted == settings:
                return
            mate.store.save_settings(mate.token, wanted)

    def _mate_put(self, view: Any, first: bool = False) -> None:
        """Put the store's position on the table (the kernel's own copy, named for this page)."""
        mate, c = self._mate, self.controller
        assert mate is not None
        n = len(view.seats)
        people = {s: mate.name(s) for s in (*mate.people, mate.seat)}
        game = state_class(view.game)
        names = self._seat_names(n, mate.seat, people)
        state = game.from_json(named(view.state_json, names))
        mate.shadow = game.from_json(view.state_json)
        mate.version = view.version
        actions = len(json.loads(view.state_json).get("actions", ()))
        mate.base = actions - view.version
        if first:
            self._resumed_hand(state)  # type: ignore[attr-defined]
        c.state = state
        c.moves = actions
        c.forget()
        c.pos += 1
        c.turn += 1

    def _mate_host(self) -> None:
        """Play the computer seats on this kernel when it is the host (module doc), else not."""
        mate, c = self._mate, self.controller
        assert mate is not None
        seats = tuple(sorted(mate.computers)) if mate.host and mate.taken else ()
        if seats == tuple(c.computers) and set(c.players) == set(seats):
            return
        c.cancel()
        c.computers = seats
        c.players = {p: self.computer_player(  # type: ignore[attr-defined]
            p, {**c.settings, "level": mate.levels.get(p, "easy")}, None) for p in seats}

    # -- the kernels keep in step --------------------------------------------------------------
    def _store_moves(self, state: Any = None) -> None:
        """Write the moves the store lacks: this page's own and, on the host, the computers'
        (``state``: a fresh deal not yet the table's, against the computer only)."""
        if self._mate is None:
            super()._store_moves(state)  # type: ignore[misc]
        else:
            self._mate_push()

    def _mate_push(self) -> None:
        """Write each move of the kernel's copy the store lacks, by the token of the seat that
        made it (module doc: a move)."""
        mate, c = self._mate, self.controller
        assert mate is not None and mate.shadow is not None
        actions = json.loads(c.state.to_json())["actions"][mate.base + mate.version:]
        seat = mate.seat
        try:
            for action in actions:
                seat = mover(mate.shadow, action, mate.seat)
                token = mate.token if seat == mate.seat else mate.computers[seat]
                mate.version = mate.store.apply(token, mate.version, action).version
                mate.shadow.apply(action)
        except (mate.store.Error, ValueError, KeyError) as exc:
            self._mate_put(mate.store.table(mate.token))
            self._mate_moved()
            if seat == mate.seat:            # (a computer's move another host made first: quiet)
                c.message = (str(exc), "warn")
                c.refusals.append(str(exc))

    def mate_sync(self) -> None:
        """One step of the watcher (module doc): touch this seat if the page is open, read who
        is here, and put the store's position on the table when it moved on; redraw when
        anything shown changed, and let the computers move on the host. Tests call it
        headless."""
        mate, c = self._mate, self.controller
        if mate is None:
            return
        now = time.monotonic()
        if now - self._page_seen <= PAGE_OPEN and now - mate.touched >= TOUCH_EVERY:
            mate.store.touch(mate.token)
            mate.touched = now
        view = mate.store.table(mate.token)
        before = (mate.seated, mate.away, mate.gone(), mate.names, mate.ended, mate.host,
                  mate.people)
        mate.read_seats(view)
        if self._mate_name_kept(view):
            view = mate.store.table(mate.token)
        moved = view.version != mate.version
        if moved:
            self._mate_put(view)
            c.message = None
            self._mate_moved()
        after = (mate.seated, mate.away, mate.gone(), mate.names, mate.ended, mate.host, mate.people)
        if not moved and before == after:
            return
        if (mate.names != before[3] or mate.people != before[6]) and not moved:
            self._mate_put(view)                # named afresh
        sat = mate.seated - before[0]
        if sat:
            c.message = (_(SAT_DOWN if mate.taken else SAT_DOWN_WAIT).format(who=mate.who(sat)),
                         "info")
        elif mate.away != before[1] and not moved:
            came = (mate.away - before[1]) or (before[1] - mate.away)
            c.message = (_(AWAY if mate.away - before[1] else BACK).format(who=mate.who(came)),
                         "info")
        self._mate_host()
        self.draw()  # type: ignore[attr-defined]
        c.schedule()

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
        """Classmates are gone (checked again here): the computer takes their seats (module
        doc)."""
        mate, c = self._mate, self.controller
        if mate is None:
            return
        self.mate_sync()
        gone = mate.gone()
        if not gone:
            c.refuse(_(NOT_GONE))
            return
        who = mate.who(gone)
        try:
            if set(mate.people) - gone:
                self._mate_take_over(gone)
            else:
                self._mate_alone()
        except mate.store.Error as exc:      # back in the meantime (StillHere): nothing changed
            c.refuse(str(exc))
            return
        c.message = (_(FINISHED_VS_COMPUTER).format(who=who), "info")
        self.draw()  # type: ignore[attr-defined]
        c.schedule()

    def _mate_take_over(self, gone: frozenset[int]) -> None:
        """The computer takes the ``gone`` seats at the shared table; the host plays them."""
        mate = self._mate
        assert mate is not None
        level = self._computer_level()  # type: ignore[attr-defined]
        computers = {str(s): t for s, t in mate.computers.items()}
        for seat in sorted(gone):
            wait = 0.0 if seat in mate.quit else GIVE_UP_AFTER   # (who left said so)
            computers[str(seat)] = mate.store.take_over(mate.token, seat, level, wait).token
        def seated(settings: dict[str, Any]) -> dict[str, Any]:
            kept = settings.get("computers")
            return {**settings, "computers": {**(kept if isinstance(kept, dict) else {}), **computers}}

        self._mate_settings(seated)
        mate.read_seats(mate.store.table(mate.token))
        self._mate_host()

    def _mate_alone(self) -> None:
        """Nobody else is left: the match goes on here against the computer, kept as such
        (every seat keeps its name: the log and the scores say what was played by whom)."""
        mate, c = self._mate, self.controller
        assert mate is not None
        self._mate_settings(lambda settings: {**settings, "ended": True})
        self._mate_left(leaving=False)
        c.players = {p: self.computer_player(p, dict(c.settings), None)  # type: ignore[attr-defined]
                     for p in c.computers}
        stored = getattr(self, "_stored", None)
        if stored is not None:
            stored.dealt(c.state)
            stored.seat, stored.touched = c.seat, True
        c.forget()
        c.pos += 1

    def _mate_left(self, leaving: bool = True) -> None:
        """Leave the classmate table (``leaving``: New game, and the table tells the classmates,
        who may then finish against the computer at once; else the computer took their seats):
        the watcher stops and the table plays the computer again from its next deal."""
        mate = self._mate
        if mate is None:
            return
        if leaving:
            try:
                self._mate_settings(lambda settings: {
                    **settings, "left": sorted(seat_set(settings.get("left")) | {mate.seat})})
            except Exception:
                log.warning("the classmate table could not be told this seat left", exc_info=True)
        mate.stop()
        self._mate = None
        c = self.controller
        n = len(c.observation().names)
        c.cancel()
        if leaving:                     # the next deal is this table's own, at its own seat
            c.seat = self._home_seat
            stored = getattr(self, "_stored", None)
            if stored is not None:
                stored.seat = c.seat
        c.computers = tuple(s for s in range(n) if s != c.seat)

    # -- what the table asks -------------------------------------------------------------------
    def _mate_why_not(self) -> str | None:
        """Why the person may not move at a classmate table now: a classmate has not sat
        down yet (else None)."""
        mate = self._mate
        if mate is None or mate.taken:
            return None
        return ngettext(*SIT_FIRST, mate.open).format(n=mate.open)

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
                  "close": _("Close"), "finish": _("Finish against the computer"),
                  "seats": _("Who plays with you"), "leave": _("Leave this table")}
        if mate is None:
            view["classmate"] = {"stage": "offer", "labels": labels, "error": self._mate_error,
                                 "seats": self._mate_seat_choices()}
            return
        who = mate.who()
        view["labels"]["confirm"] = _(LEAVE).format(who=who)
        view["labels"]["yes"] = _("Yes, leave the table")      # (not "start again": they leave)
        view["settings"], view["pending_note"] = [], ""     # the match keeps the rules it was made with
        code = f"{mate.code[:4]}-{mate.code[4:]}"
        stage = "waiting" if not mate.taken else "playing"
        over = view["mode"] == "over"
        away = mate.who(mate.away - mate.quit)                # (who left is said apart)
        gone = mate.gone()
        playing = mate.who(set(mate.people) - mate.quit)
        said = (_(AWAY).format(who=away) if away else _(PLAYING).format(who=playing) if playing
                else _(HAS_LEFT).format(who=who))        # (not "You are playing" one who left)
        view["classmate"] = {"stage": stage, "code": code, "labels": labels,
                             "away": bool(away) or not playing, "who": said,
                             "finish": bool(gone) and not over}
        if stage == "playing":          # who you play: a badge of the toolbar
            view["badges"] = [*view["badges"], view["classmate"]["who"]]
        if stage == "waiting":          # nothing to click until every classmate sits down
            self._mate_idle(view)
            view["what_now"]["prompt"] = ngettext(*WAITING_FOR, mate.open).format(
                code=code, n=mate.open) if mate.seat == 0 else self._mate_why_not()
            view["what_now"]["text"] = " ".join(
                t for t in (view["what_now"].get("note"), view["what_now"]["prompt"]) if t)
        elif gone and not over:
            quit_only = gone <= mate.quit
            view["what_now"]["note"] = _(LEFT if quit_only else GONE).format(who=mate.who(gone))
            view["what_now"]["note_tone"] = "warn"
            if self.controller.observation().current_player in gone:    # not "Waiting for Ben."
                view["what_now"]["prompt"] = ""
            view["what_now"]["text"] = " ".join(t for t in (view["what_now"]["note"], view["what_now"]["prompt"]) if t)

    def _mate_idle(self, view: dict[str, Any]) -> None:
        """Nothing on the table may be clicked (a classmate is still to sit down)."""
        why = self._mate_why_not()
        view["mode"], view["actions"] = "wait", []
        for card in view.get("hand", ()):
            card.update(playable=False, idle=True, reason=why)
        if "suits" in view:
            view["suits"] = []
        for call in view.get("calls", ()):
            call.update(enabled=False, reason=why)
        if isinstance(view.get("stock"), dict) and "draw" in view["stock"]:
            view["stock"]["draw"] = False

    def _mate_seat_choices(self) -> list[dict[str, Any]]:
        """How many of the next game's other seats classmates take (the rest: computers), as
        the form offers it (none for a game of two)."""
        n = self._players_next()
        if n <= 2:
            return []
        choices = []
        for k in range(n - 1, 0, -1):
            m = n - 1 - k
            label = ngettext("{n} classmate", "{n} classmates", k).format(n=k)
            if m:
                label += " + " + ngettext("{n} computer", "{n} computers", m).format(n=m)
            choices.append({"value": k, "label": label})
        return choices

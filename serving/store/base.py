"""The table store's values, errors and the logic both backends share (docs/architecture.md
"Table store"). A backend (:mod:`.sqlite_store`, :mod:`.redis_store`) supplies a dozen small
primitives (``_insert``, ``_load``, ``_claim``, ``_write_state`` …); everything a caller sees —
checking a token, the seat's turn, the engine, compare-and-set, the attempt limit — is here, once.
"""
from __future__ import annotations

import abc
import hashlib
import json
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardkit import state_class
from cardkit.core import Action, GameState
from cardkit.i18n import N_, _

__all__ = [
    "AWAY_AFTER", "CODE_ALPHABET", "CODE_LENGTH", "EXPIRE_AFTER", "FAILED_CODES_PER_MINUTE",
    "BadStoreURL", "MoveConflict", "NewTable", "NotYourTurn", "OtherGame", "Seat", "SeatPlan",
    "SeatTaken", "StaleVersion", "StillHere", "StoreError", "TableStore", "TableView", "Ticket",
    "TooManyAttempts", "UnknownSeat", "UnknownTable", "normalize_code",
]

#: a table code's letters: no 0/O, 1/I/L (31 symbols), so a classmate can read and type it
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: characters in a table code: 31**8 ≈ 8.5e11 codes (see :meth:`TableStore.create` for the odds)
CODE_LENGTH = 8
#: wrong codes one client address may type in any 60 seconds before :class:`TooManyAttempts`
FAILED_CODES_PER_MINUTE = 10
#: a taken seat not touched for this many seconds is away (:attr:`Seat.away`)
AWAY_AFTER = 30.0
#: seconds after its last write or touch that a table may be purged (Redis: the keys' TTL)
EXPIRE_AFTER = 14 * 24 * 3600
#: the longest settings dict a table keeps, as JSON bytes
MAX_SETTINGS = 4096
#: positions a store keeps rebuilt (its tables last written from this process), so that the
#: next move on one replays nothing (War's "Play to the end": hundreds of moves in a row)
KEPT_STATES = 64

# What a student may read (the tables show these errors' text)
UNKNOWN_TABLE = N_("No table has this code. Check the code with your classmate and type it again.")
OTHER_GAME = N_("This code is for a table of another game. Open that game's page, then type "
               "the code there.")
SEAT_TAKEN = N_("This table has no free seat: somebody already sat down there.")
TOO_MANY = N_("Too many wrong table codes were typed from your computer. Wait a minute, then "
              "try again.")
STALE = N_("The table moved on before your move arrived, so your move was not played. Look at "
           "the table again and choose.")
UNKNOWN_SEAT = N_("This game is not on the server any more (it ended long ago, or the link is "
                  "wrong). Start a new game.")
STILL_HERE = N_("This player is still at the table: the computer can take a seat only from "
                "someone who has gone.")


# ---------------------------------------------------------------------------------- errors
class StoreError(Exception):
    """Base of every error the table store raises; ``str(error)`` is one sentence a student may
    read, translated (``cardkit.i18n``) in the language in force when it was raised."""


class BadStoreURL(StoreError, ValueError):
    """:func:`~cardkit_serving.store.open_store` was given a URL it cannot open (a developer's
    or a server's setting: English)."""


class UnknownTable(StoreError, LookupError):
    """No table has this code (mistyped, or purged). Counts as a failed attempt."""


class UnknownSeat(StoreError, PermissionError):
    """This token opens no seat: forged, mistyped, or its table was purged."""


class OtherGame(StoreError):
    """The code is another game's table (a Switch code typed on the Écarté page)."""


class SeatTaken(StoreError):
    """The table has no open seat left (or the seat asked for is taken)."""


class TooManyAttempts(StoreError):
    """This client typed :data:`FAILED_CODES_PER_MINUTE` wrong codes within 60 seconds."""


class NotYourTurn(StoreError):
    """The move belongs to another seat now; the message is the engine's ("Wait: it is Ada's
    turn.")."""


class StaleVersion(StoreError):
    """The move was made on a position that is no longer the table's (another move landed
    first, or the same move was sent again): nothing was written."""


class StillHere(StoreError):
    """The seat the computer was to take was touched within ``away_after`` seconds (its player
    is still there, or came back while the computer was sitting down): nothing was written."""


#: the same error by the name a reader of "two moves at once" may look for
MoveConflict = StaleVersion


# ---------------------------------------------------------------------------------- values
@dataclass(frozen=True)
class SeatPlan:
    """Who sits at one seat when a table is made.

    - ``kind``: ``"person"`` or ``"computer"``.
    - ``level``: the computer's level (its game's ``computer_player`` word: ``"easy"`` …), or
      None for a person.
    - ``open``: a person still to come (a classmate who joins with the code): its token is made
      when they join, not at creation.
    """

    kind: str = "person"
    level: str | None = None
    open: bool = False

    @classmethod
    def person(cls) -> SeatPlan:
        """The seat of whoever makes the table (its token comes back from ``create``)."""
        return cls("person")

    @classmethod
    def classmate(cls) -> SeatPlan:
        """A seat left open for a classmate, who takes it with :meth:`TableStore.join`."""
        return cls("person", open=True)

    @classmethod
    def computer(cls, level: str = "easy") -> SeatPlan:
        """A computer player at ``level``; its token comes back from ``create`` to the kernel
        that plays it."""
        return cls("computer", level)

    @classmethod
    def of(cls, plan: SeatPlan | str) -> SeatPlan:
        """``plan`` itself, or the plan its word names (for a caller that does not import this
        module: a table of ``cardkit_tables``, below this layer).

        >>> SeatPlan.of("computer:hard"), SeatPlan.of("classmate").open
        (SeatPlan(kind='computer', level='hard', open=False), True)
        """
        if isinstance(plan, SeatPlan):
            return plan
        kind, _colon, level = str(plan).partition(":")
        if kind == "computer":
            return cls.computer(level)
        return cls.classmate() if kind == "classmate" else cls(kind)

    def __post_init__(self) -> None:
        if self.kind not in ("person", "computer"):
            raise ValueError(f"a seat is a 'person' or a 'computer', not {self.kind!r}")
        if self.kind == "computer" and (self.open or not isinstance(self.level, str)
                                        or not 0 < len(self.level) <= 20):
            raise ValueError("a computer seat needs a level word and cannot be open")


@dataclass(frozen=True)
class Ticket:
    """What lets a kernel play one seat: the table's ``code``, the ``seat`` (0-based) and its
    secret ``token`` (also the page's resume token). The store keeps only a SHA-256 hash of the
    token: lost, it cannot be given again."""

    code: str
    seat: int
    token: str = field(repr=False)


@dataclass(frozen=True)
class NewTable:
    """What :meth:`TableStore.create` returns: the table's ``code`` (to hand to a classmate)
    and a :class:`Ticket` for every seat not left open, in seat order."""

    code: str
    tickets: tuple[Ticket, ...]


@dataclass(frozen=True)
class Seat:
    """One seat as the store tells it.

    - ``seat``: 0-based; ``kind``: ``"person"`` or ``"computer"``; ``level``: the computer's.
    - ``taken``: somebody holds its token (an open seat nobody joined yet: False).
    - ``last_seen``: Unix time (seconds) of its last :meth:`TableStore.touch`, or None.
    - ``away``: taken, and not touched for ``away_after`` seconds (a computer is never away).
    """

    seat: int
    kind: str
    level: str | None
    taken: bool
    last_seen: float | None
    away: bool


@dataclass(frozen=True)
class TableView:
    """One seat's view of its table, for **that seat's kernel only**.

    ``state_json`` is the whole match (every hand, the stock's order): the kernel rebuilds the
    state with :meth:`state` and gives the page only ``state().observation(seat)``. It must never
    be sent to a browser, logged, or shown (it is left out of ``repr``).

    - ``code``, ``game`` (``"ecarte"`` …), ``seat`` (whose view), ``version`` (moves written
      since creation: 0, 1, 2 …), ``settings`` (the table's small JSON dict), ``seats``
      (:class:`Seat` per seat), ``created`` and ``updated`` (Unix time, seconds).
    """

    code: str
    game: str
    seat: int
    version: int
    state_json: str = field(repr=False)
    settings: Mapping[str, Any]
    seats: tuple[Seat, ...]
    created: float
    updated: float

    def state(self) -> GameState:
        """The match, rebuilt by its game's ``from_json`` (replays the deal and every move)."""
        return _rebuild(self.game, self.state_json)

    def observation(self) -> Any:
        """``state().observation(seat)``: what this seat's page may be sent."""
        return self.state().observation(self.seat)


@dataclass
class SeatRow:
    """A seat as a backend stores it: ``token_hash`` is the SHA-256 hex of the token, or None
    while the seat is open; ``last_seen`` Unix time or None."""

    seat: int
    kind: str
    level: str | None
    token_hash: str | None
    last_seen: float | None


@dataclass
class Record:
    """A table as a backend stores it: nothing more than this (no plain token, no name of a
    client): the engine's ``state`` JSON, ``settings`` JSON, the seats and the times."""

    code: str
    game: str
    state: str
    settings: str
    version: int
    created: float
    updated: float
    seats: list[SeatRow]


# ---------------------------------------------------------------------------------- helpers
def normalize_code(text: str) -> str:
    """A typed table code as the store keeps it: capitals, without spaces or dashes.

    >>> normalize_code(" k7mp-q2xr ")
    'K7MPQ2XR'
    """
    return "".join(text.split()).replace("-", "").upper()


def _well_formed(code: str) -> bool:
    return len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code)


def new_code() -> str:
    """A fresh random table code from :mod:`secrets`.

    >>> code = new_code(); len(code) == CODE_LENGTH and _well_formed(code)
    True
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))


def token_hash(text: str) -> str:
    """SHA-256 hex of a token (or a client address): what the store keeps instead."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _rebuild(game: str, text: str) -> GameState:
    return state_class(game).from_json(text)


def _settings_json(settings: Mapping[str, Any] | None) -> str:
    text = json.dumps(dict(settings or {}), ensure_ascii=False, sort_keys=True)
    if len(text.encode("utf-8")) > MAX_SETTINGS:
        raise ValueError(f"a table's settings are at most {MAX_SETTINGS} bytes of JSON")
    return text


def _seat_rows(seats: Sequence[SeatPlan], tickets: Sequence[Ticket], now: float) -> list[SeatRow]:
    """A new table's seats: those with a ticket taken (and seen now), the others open."""
    held = {t.seat: token_hash(t.token) for t in tickets}
    return [SeatRow(i, plan.kind, plan.level, held.get(i), now if i in held else None)
            for i, plan in enumerate(seats)]


def _check_seat(state: GameState, seat: int, action: Action) -> None:
    """Raise unless ``action`` is ``seat``'s to make now: the engine's own ``IllegalAction``
    (naming the rule) when it is this seat's turn or nobody's, :class:`NotYourTurn` when it is
    another seat's turn. An out-of-turn action the rules give this seat (Switch's ``last
    card``) is in its observation's ``legal_actions`` and passes."""
    refusal = state.observation(seat).refusal(action)
    if refusal is None:
        return
    if state.current_player is not None and state.current_player != seat and not state.is_over:
        raise NotYourTurn(str(refusal))
    raise refusal


# ---------------------------------------------------------------------------------- the store
class TableStore(abc.ABC):
    """Every match of a server, shared by the kernels of its seats (docs/architecture.md
    "Table store"). Open one with :func:`~cardkit_serving.store.open_store`.

    ``clock`` gives Unix time in seconds (tests pass a fake); ``expire_after`` is the seconds
    after which Redis lets an untouched table's keys expire. Safe to share between threads; each
    process opens its own.
    """

    #: the base of every error the store raises, for a caller that does not import this module
    #: (a table of ``cardkit_tables``, a layer below): ``except store.Error``
    Error = StoreError

    def __init__(self, *, clock: Callable[[], float] = time.time,
                 expire_after: float = EXPIRE_AFTER) -> None:
        self._clock = clock
        self.expire_after = expire_after
        self._states: dict[str, tuple[str, GameState]] = {}    # code -> (its JSON, the state)
        self._states_lock = threading.Lock()

    # -- making and joining ----------------------------------------------------------------------
    def create(self, state: GameState | str, seats: Sequence[SeatPlan | str],
               settings: Mapping[str, Any] | None = None) -> NewTable:
        """Store a new table: ``state`` (a :class:`~cardkit.core.GameState` or its
        ``to_json()``), one :class:`SeatPlan` per seat of the game, ``settings`` (a JSON dict of
        at most :data:`MAX_SETTINGS` bytes). Version 0. A seat may be given as a word instead
        (``"person"``, ``"classmate"``, ``"computer:easy"``: :meth:`SeatPlan.of`).

        The code is :data:`CODE_LENGTH` characters from :data:`CODE_ALPHABET` (31**8 ≈ 8.5e11),
        drawn with :mod:`secrets`. Guessing odds: with 10 wrong codes a minute allowed per
        address, one address trying every minute of a school year (200 days × 8 hours = 960,000
        tries) against 1,000 live tables finds one with probability about 0.1 %; and a code
        alone gives only a seat still open, never one somebody sits at (that needs its token).

        Raises ``ValueError`` for JSON that is no game's, a seat count other than the game's, or
        settings too long."""
        text = state if isinstance(state, str) else state.to_json()
        plans = [SeatPlan.of(plan) for plan in seats]
        game = str(json.loads(text).get("game"))
        players = len(_rebuild(game, text).names)
        if len(plans) != players:
            raise ValueError(f"{game} here has {players} seats, not {len(plans)}")
        now, settings_text = self._clock(), _settings_json(settings)
        secrets_ = [None if plan.open else secrets.token_urlsafe(32) for plan in plans]
        for _attempt in range(20):
            code = new_code()
            tickets = tuple(Ticket(code, i, f"{code}.{s}") for i, s in enumerate(secrets_) if s)
            if self._insert(Record(code, game, text, settings_text, 0, now, now,
                                   _seat_rows(plans, tickets, now))):
                return NewTable(code, tickets)
        raise StoreError("no free table code after 20 tries")   # 1,000 tables: p ≈ 1e-180

    def join(self, code: str, client: str, seat: int | None = None,
             game: str | None = None) -> Ticket:
        """Take an open seat of the table ``code`` (as typed: :func:`normalize_code`), the first
        open one or ``seat``; its token is given this once. ``game`` (``"switch"`` …): the page
        plays this game only, and a code of another game's table sits nobody down
        (:class:`OtherGame`, not counted as a wrong code).

        ``client`` names who asks (the page's network address); only its hash is kept, to count
        wrong codes. Raises :class:`TooManyAttempts` after :data:`FAILED_CODES_PER_MINUTE` wrong
        codes within 60 seconds (even for a right one), :class:`UnknownTable` for a wrong code,
        :class:`SeatTaken` when no such seat is open."""
        code, client, now = normalize_code(code), token_hash(client), self._clock()
        if self._failures(client, now - 60.0) >= FAILED_CODES_PER_MINUTE:
            raise TooManyAttempts(_(TOO_MANY))
        record = self._load(code) if _well_formed(code) else None
        if record is None:
            self._fail(client, now)
            raise UnknownTable(_(UNKNOWN_TABLE))
        if game is not None and record.game != game:
            raise OtherGame(_(OTHER_GAME))
        for row in record.seats:
            if row.kind == "person" and row.token_hash is None and seat in (None, row.seat):
                token = f"{code}.{secrets.token_urlsafe(32)}"
                if self._claim(code, row.seat, token_hash(token), now):
                    return Ticket(code, row.seat, token)
        raise SeatTaken(_(SEAT_TAKEN))

    # -- reading and playing -----------------------------------------------------------------
    def table(self, token: str) -> TableView:
        """The token's seat's :class:`TableView` (for its kernel only: see there). Raises
        :class:`UnknownSeat` for a token that opens no seat (also a purged table's)."""
        record, seat = self._resolve(token)
        return self._view(record, seat)

    def apply(self, token: str, expected_version: int, action: Action | str) -> TableView:
        """Play ``action`` for the token's seat on the position ``expected_version`` (what the
        kernel last read) and return the new view (version + 1).

        The move is checked by the engine (``state.apply``, RULES.md's rules) and written only if
        the table is still at ``expected_version`` (compare-and-set), so of two moves sent from
        one version exactly one lands. Raises, writing nothing: :class:`UnknownSeat` (forged
        token), ``cardkit.InvalidAction`` (not an action), :class:`StaleVersion` (the table
        moved on: another move landed first, or this one is a replay), :class:`NotYourTurn`
        (another seat's move), ``cardkit.IllegalAction`` (the rules forbid it; names the
        rule)."""
        record, seat = self._resolve(token)
        action = Action.parse(action)
        if record.version != expected_version:
            raise StaleVersion(_(STALE))
        state = self._state(record)
        _check_seat(state, seat, action)
        state.apply(action)
        now, text = self._clock(), state.to_json()
        if not self._write_state(record.code, expected_version, text, now):
            raise StaleVersion(_(STALE))
        self._keep_state(record.code, text, state)
        record.state, record.version, record.updated = text, expected_version + 1, now
        return self._view(record, seat)

    def save_settings(self, token: str, settings: Mapping[str, Any]) -> None:
        """Replace the table's settings (a JSON dict of at most :data:`MAX_SETTINGS` bytes;
        ``ValueError`` if longer). The version does not change: settings are not a move."""
        record, _seat = self._resolve(token)
        self._write_settings(record.code, _settings_json(settings), self._clock())

    def take_over(self, token: str, seat: int, level: str, away_after: float) -> Ticket:
        """The computer takes a gone classmate's seat: the person seat ``seat`` of the token's
        table, taken and not touched for ``away_after`` seconds (:attr:`Seat.away`), becomes a
        computer seat at ``level`` with a fresh token, given this once in the returned
        :class:`Ticket` (to the kernel that now plays it: the caller's). The seat's old token
        opens nothing any more; the version does not change (not a move).

        The token is that of any other seat of the table. The seat is changed only if it is still
        as read (compare-and-set): a player who touches it in between keeps it. Raises, writing
        nothing: :class:`UnknownSeat` (forged token), :class:`StillHere` (the seat was touched
        within ``away_after`` seconds), ``ValueError`` (a seat not in the table, the caller's own,
        a computer's or an open one, or a level that is not a word of 1 to 20 characters).
        For issue 20: a classmate who never comes back."""
        record, mine = self._resolve(token)
        if not isinstance(level, str) or not 0 < len(level) <= 20:
            raise ValueError("a computer seat needs a level word of 1 to 20 characters")
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < len(record.seats):
            raise ValueError(f"table {record.code} has seats 0 to {len(record.seats) - 1}, "
                             f"not {seat!r}")
        if seat == mine:
            raise ValueError("a seat cannot be taken over with its own token")
        row = record.seats[seat]
        if row.kind != "person" or row.token_hash is None:
            raise ValueError(f"seat {seat} is {'a computer' if row.kind != 'person' else 'open'}"
                             ": only a person's taken seat can be taken over")
        if not self._seats(record, away_after)[seat].away:
            raise StillHere(_(STILL_HERE))
        now, fresh = self._clock(), f"{record.code}.{secrets.token_urlsafe(32)}"
        if not self._retake(record.code, seat, token_hash(fresh), level, now, row.last_seen):
            raise StillHere(_(STILL_HERE))
        return Ticket(record.code, seat, fresh)

    # -- presence and notifications ------------------------------------------------------------
    def touch(self, token: str) -> None:
        """Note that the token's seat is here now (its kernel calls this every few seconds)."""
        record, seat = self._resolve(token)
        self._touch(record.code, seat, self._clock())

    def seats(self, token: str, away_after: float = AWAY_AFTER) -> tuple[Seat, ...]:
        """Every seat of the token's table, each ``away`` when taken by a person and not touched
        for ``away_after`` seconds."""
        record, _seat = self._resolve(token)
        return self._seats(record, away_after)

    def wait_for_change(self, token: str, version: int, timeout: float) -> int | None:
        """Wait up to ``timeout`` seconds for the table to leave ``version``; return its new
        version, or None if it did not change. Redis is told by pub/sub (channel
        ``cardkit:moves:<code>``, message the version); SQLite polls the version every 50 ms
        (one indexed read). Raises :class:`UnknownSeat` for a forged token."""
        record, _seat = self._resolve(token)
        return self._wait(record.code, version, timeout)

    # -- expiry ------------------------------------------------------------------------------
    def purge(self, older_than: float) -> int:
        """Remove every table neither written nor touched for ``older_than`` seconds (and
        wrong-code counts as old); return how many tables went."""
        return self._purge(self._clock() - older_than)

    @abc.abstractmethod
    def close(self) -> None:
        """Let go of the connections (the store's data stays)."""

    def __enter__(self) -> TableStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- shared steps ------------------------------------------------------------------------
    def _state(self, record: Record) -> GameState:
        """The table's position: the one this process last wrote when the table's JSON is still
        exactly its JSON (taken out, so no other thread shares it), else rebuilt (replayed)."""
        with self._states_lock:
            kept = self._states.pop(record.code, None)
        if kept is not None and kept[0] == record.state:
            return kept[1]
        return _rebuild(record.game, record.state)

    def _keep_state(self, code: str, text: str, state: GameState) -> None:
        """Keep ``state`` (whose JSON is ``text``) for the next move on ``code``; the oldest of
        more than :data:`KEPT_STATES` go."""
        with self._states_lock:
            self._states[code] = (text, state)
            while len(self._states) > KEPT_STATES:
                self._states.pop(next(iter(self._states)))

    def _resolve(self, token: str) -> tuple[Record, int]:
        """The token's table and seat, or :class:`UnknownSeat`. A token is ``<code>.<secret>``;
        its hash is compared with each seat's in constant time."""
        code, _dot, _secret = str(token).partition(".")
        record = self._load(code) if _dot and _well_formed(code) else None
        digest = token_hash(str(token))
        for row in record.seats if record else ():
            if row.token_hash is not None and secrets.compare_digest(row.token_hash, digest):
                assert record is not None
                return record, row.seat
        raise UnknownSeat(_(UNKNOWN_SEAT))

    def _seats(self, record: Record, away_after: float) -> tuple[Seat, ...]:
        now = self._clock()
        return tuple(Seat(r.seat, r.kind, r.level, r.token_hash is not None, r.last_seen,
                          r.kind == "person" and r.token_hash is not None
                          and (r.last_seen is None or now - r.last_seen > away_after))
                     for r in record.seats)

    def _view(self, record: Record, seat: int) -> TableView:
        return TableView(record.code, record.game, seat, record.version, record.state,
                         json.loads(record.settings), self._seats(record, AWAY_AFTER),
                         record.created, record.updated)

    def _wait(self, code: str, version: int, timeout: float) -> int | None:
        """Poll :meth:`_version` every 50 ms (a backend with notifications overrides this)."""
        deadline = time.monotonic() + timeout
        while True:
            now = self._version(code)
            if now is None:
                raise UnknownSeat(_(UNKNOWN_SEAT))
            if now != version:
                return now
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            time.sleep(min(0.05, left))

    # -- what a backend supplies -------------------------------------------------------------
    @abc.abstractmethod
    def _insert(self, record: Record) -> bool:
        """Store a new table; False (nothing written) if its code is taken."""

    @abc.abstractmethod
    def _load(self, code: str) -> Record | None:
        """The table ``code`` with its seats, or None."""

    @abc.abstractmethod
    def _claim(self, code: str, seat: int, digest: str, now: float) -> bool:
        """Set the seat's token hash (and last seen) if it has none; False if it had one."""

    @abc.abstractmethod
    def _retake(self, code: str, seat: int, digest: str, level: str, now: float,
                seen_before: float | None) -> bool:
        """Compare-and-set: make the seat a computer at ``level`` with token hash ``digest``,
        seen ``now``, only if it is still a person's taken seat last seen ``seen_before`` (None:
        never); False (nothing written) if it was not."""

    @abc.abstractmethod
    def _write_state(self, code: str, expected_version: int, state: str, now: float) -> bool:
        """Compare-and-set: write ``state``, version + 1 and ``updated`` only if the version is
        still ``expected_version`` (and tell the table's listeners); False if it was not."""

    @abc.abstractmethod
    def _write_settings(self, code: str, settings: str, now: float) -> None:
        """Replace the settings JSON."""

    @abc.abstractmethod
    def _touch(self, code: str, seat: int, now: float) -> None:
        """Set the seat's last seen."""

    @abc.abstractmethod
    def _version(self, code: str) -> int | None:
        """The table's version, or None if it is gone."""

    @abc.abstractmethod
    def _failures(self, client: str, since: float) -> int:
        """Wrong codes ``client`` (a hash) typed since ``since``."""

    @abc.abstractmethod
    def _fail(self, client: str, now: float) -> None:
        """Count one wrong code for ``client`` (a hash)."""

    @abc.abstractmethod
    def _purge(self, before: float) -> int:
        """Delete the tables last written and touched before ``before``; their number."""

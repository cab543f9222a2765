"""Who sits at a classmate table, as one kernel reads it from the table store (issue 20;
:mod:`cardkit_tables.classmate` plays the match): :class:`MateLink` (this kernel's seat, the
others, who is away or gone, who plays the computers), the names pages give
(:func:`clean_name`, :func:`said_together`) and the times that say away and gone."""
from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from cardkit.core import GameState
from cardkit.i18n import N_, _, shown_name

__all__ = ["AWAY_AFTER", "GIVE_UP_AFTER", "MAX_NAME", "PAGE_OPEN", "TOUCH_EVERY", "MateLink",
           "clean_name", "said_together", "seat_set"]

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
#: the name of a classmate who gave none; "{first} and {last}": names said together
CLASSMATE = N_("Classmate")
AND = N_("{first} and {last}")


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


def own_name(name: str, seat: int, names: Mapping[str, str]) -> str:
    """``name`` for seat ``seat``, with the seat's number after it when another seat of
    ``names`` (seat number as text -> name) has it already, whatever the case: two Zoës at one
    table are "Zoë" and "Zoë 3", so that "Waiting for Zoë." names one person.

    >>> own_name("zoë", 2, {"0": "Ada", "1": "Zoë"}), own_name("Ben", 2, {"0": "Ada", "2": "Ben"})
    ('zoë 3', 'Ben')
    """
    taken = {n.casefold() for s, n in names.items() if s != str(seat)}
    return f"{name} {seat + 1}" if name.casefold() in taken else name


def said_together(names: Iterable[str]) -> str:
    """Names (already in the reader's language) as one phrase: "Ada", "Ada and Ben", "Ada, Ben
    and Cleo".

    >>> said_together(["Ada"]), said_together(["Ada", "Ben", "Cleo"])
    ('Ada', 'Ada, Ben and Cleo')
    """
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return _(AND).format(first=", ".join(names[:-1]), last=names[-1])


def seat_set(value: Any) -> frozenset[int]:
    """Seats kept in the settings (a seat number or a list of them; untrusted JSON)."""
    items = value if isinstance(value, list) else [value]
    return frozenset(v for v in items if isinstance(v, int) and not isinstance(v, bool))


class MateLink:
    """This kernel's seat at a classmate table: ``store``, ``token`` (the seat's secret, also
    the page's resume token), ``seat``, ``code``, ``version`` (the store's, as last read),
    ``base`` (moves the stored state had before version 0), ``names`` (seat -> name, from the
    table's settings), ``people`` (the other person seats), ``computers`` (computer seat ->
    its token), ``levels`` (computer seat -> level), ``open`` (person seats nobody took yet),
    ``away`` (the other person seats away now), ``long_away`` (away :data:`GIVE_UP_AFTER`
    seconds), ``quit`` (seats that left with New game), ``ended`` (the table was finished
    against the computer), ``host`` (this kernel plays the computer seats)."""

    def __init__(self, store: Any, token: str, seat: int, version: int) -> None:
        self.store, self.token, self.seat, self.version = store, token, seat, version
        self.code = token[:8]
        self.base = 0
        self.my_name = ""
        self.names: dict[str, str] = {}
        self.people: tuple[int, ...] = ()
        self.computers: dict[int, str] = {}
        self.levels: dict[int, str] = {}
        self.open = 0
        self.seated: frozenset[int] = frozenset()
        self.away: frozenset[int] = frozenset()
        self.long_away: frozenset[int] = frozenset()
        self.quit: frozenset[int] = frozenset()
        self.ended = False
        self.host = False
        self.shadow: GameState | None = None     # the store's position, to know who moved
        self.touched = 0.0
        self.pool: ThreadPoolExecutor | None = None
        self.task: asyncio.Future[Any] | None = None

    @property
    def taken(self) -> bool:
        """Every classmate sat down: the game is on."""
        return self.open == 0

    def name(self, seat: int) -> str:
        """The name seat ``seat`` gave (English "Classmate" when none)."""
        return self.names.get(str(seat), "") or CLASSMATE

    def who(self, seats: Iterable[int] | None = None) -> str:
        """The names of ``seats`` (default: the other people), in the reader's language."""
        return said_together(shown_name(self.name(s))
                             for s in sorted(self.people if seats is None else seats))

    def read_seats(self, view: Any) -> None:
        """Who is at the table, from a :class:`~cardkit_serving.store.TableView` and the store's
        own clock: away after :data:`AWAY_AFTER` seconds, gone after :data:`GIVE_UP_AFTER`."""
        self._read_settings(view.settings)
        seats = view.seats
        kept = view.settings.get("computers")
        kept = kept if isinstance(kept, dict) else {}
        self.people = tuple(s.seat for s in seats if s.kind == "person" and s.seat != self.seat)
        self.computers = {s.seat: kept[str(s.seat)] for s in seats
                          if s.kind == "computer" and isinstance(kept.get(str(s.seat)), str)}
        self.levels = {s.seat: str(s.level) for s in seats if s.kind == "computer"}
        self.open = sum(1 for s in seats if s.kind == "person" and not s.taken)
        self.seated = frozenset(s.seat for s in seats if s.seat in self.people and s.taken)
        self.quit = seat_set(view.settings.get("left")) & set(self.people)
        self._read_presence()

    def _read_settings(self, settings: Any) -> None:
        """The names and the end kept in the table's settings (untrusted JSON)."""
        names = settings.get("names")
        self.names = {k: clean_name(v) for k, v in names.items()} if isinstance(names, dict) else {}
        self.ended = settings.get("ended") is True

    def _read_presence(self) -> None:
        """Who is away, who is gone, and whether this kernel is the host (the lowest person
        seat taken and here)."""
        now = self.store.seats(self.token, away_after=AWAY_AFTER)
        self.away = frozenset(s.seat for s in now if s.away and s.seat in self.people)
        long = self.store.seats(self.token, away_after=GIVE_UP_AFTER)
        self.long_away = frozenset(s.seat for s in long if s.away and s.seat in self.people)
        here = [s.seat for s in now if s.kind == "person" and s.taken and not s.away]
        self.host = bool(here) and min(here) == self.seat

    def gone(self) -> frozenset[int]:
        """The other people who left the table (New game) or have been away for
        :data:`GIVE_UP_AFTER` seconds."""
        return self.quit | self.long_away

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.task = self.pool = None

"""The table store: every match of a class, shared by the kernels of its seats
(docs/architecture.md "Table store"; DESIGN.md "Serving").

It lives in ``cardkit_serving`` because only the server's kernels use it: the rules
(``cardkit``) stay a pure library, and the tables and lessons reach a match only through the
kernel that holds a seat's token. It is a package (``store/``) so that each backend is one
module and the shared logic one more, with no import cycle.

A **table** is one match: the engine's state (``GameState.to_json()``, rebuilt with the game's
``from_json``), the game's name, its seats (a person, or the computer at a level; each seat's
secret token kept only as a SHA-256 hash; when it was last seen), the table's settings (a small
JSON dict), a version (moves written so far) and its creation and update times. Nothing else:
no name of a student, no network address (wrong-code counts keep only a hash of it).

How a kernel uses it::

    store = open_store()                                  # CARDKIT_STORE, or the default file
    new = store.create(state, [SeatPlan.person(), SeatPlan.classmate()], {"advice": True})
    new.code                                              # 'K7MPQ2XR': for the classmate to type
    mine = new.tickets[0].token                           # this page's seat (and resume token)
    theirs = store.join("k7mp-q2xr", client="10.0.0.7")   # the classmate's kernel: their token
    view = store.table(mine)                              # state (kernel only!), version, seats
    view = store.apply(mine, view.version, "stand")       # checked by the engine, compare-and-set
    store.wait_for_change(theirs.token, 0, timeout=10.0)  # -> 1: "your opponent moved"

The full state in a :class:`TableView` is for the seat's kernel, which computes its own
``observation(seat)`` from it: it must never reach a browser. A page keeps only its seat's token
(the resume token); any kernel given it back (a reload, a new kernel after a crash, a restarted
server) finds the same match, position and settings. A table against the computer is stored the
same way, its computer seat's token held by the player's kernel.

Errors (each a :class:`StoreError` whose text a student may read, translated): ``BadStoreURL``,
``UnknownTable``, ``OtherGame``, ``UnknownSeat``, ``SeatTaken``, ``TooManyAttempts``, ``NotYourTurn``,
``StaleVersion`` (also named ``MoveConflict``), ``StillHere`` (``take_over`` of a seat whose
player has not gone); the engine's own ``cardkit.InvalidAction`` and ``cardkit.IllegalAction``
pass through unchanged.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .base import (AWAY_AFTER, CODE_ALPHABET, CODE_LENGTH, EXPIRE_AFTER, FAILED_CODES_PER_MINUTE,
                   BadStoreURL, MoveConflict, NewTable, NotYourTurn, OtherGame, Seat, SeatPlan, SeatTaken,
                   StaleVersion, StillHere, StoreError, TableStore, TableView, Ticket,
                   TooManyAttempts, UnknownSeat, UnknownTable, normalize_code)

__all__ = [
    "AWAY_AFTER", "CODE_ALPHABET", "CODE_LENGTH", "DEFAULT_URL", "ENV", "EXPIRE_AFTER",
    "FAILED_CODES_PER_MINUTE", "BadStoreURL", "MoveConflict", "NewTable", "NotYourTurn", "OtherGame", "Seat",
    "SeatPlan", "SeatTaken", "StaleVersion", "StillHere", "StoreError", "TableStore", "TableView",
    "Ticket", "TooManyAttempts", "UnknownSeat", "UnknownTable", "normalize_code", "open_store",
]

#: the environment variable naming the store's URL (for every kernel of a server)
ENV = "CARDKIT_STORE"
#: the store when neither an URL nor CARDKIT_STORE is given: one SQLite file in the user's data
#: folder, the same for every kernel of the user whatever folder its notebook is in
DEFAULT_URL = "sqlite:///" + str(Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
                                 / "cardkit" / "tables.db")


def open_store(url: str | None = None, **kw: Any) -> TableStore:
    """The table store at ``url``, else at ``$CARDKIT_STORE``, else :data:`DEFAULT_URL`.

    - ``sqlite:///path/to/file.db`` (relative to the working folder; ``sqlite:////abs/file.db``
      is absolute): :class:`~.sqlite_store.SQLiteStore`, one file, made if missing.
    - ``redis://host:port/db`` (or ``rediss://`` over TLS):
      :class:`~.redis_store.RedisStore`, which needs ``pip install 'cardkit[store-redis]'``.

    Keywords go to the store (``clock``, ``expire_after``). Raises :class:`BadStoreURL` (a
    ``ValueError``) for any other URL.

    >>> open_store("postgres://db/cards")
    Traceback (most recent call last):
    ...
    cardkit_serving.store.base.BadStoreURL: postgres://db/cards: a table store is sqlite:///path/to/file.db or redis://host:port/db
    """
    url = url or os.environ.get(ENV) or DEFAULT_URL
    scheme, sep, rest = url.partition("://")
    if sep and scheme == "sqlite" and rest.startswith("/") and rest.strip("/"):
        from .sqlite_store import SQLiteStore
        return SQLiteStore(rest[1:], **kw)
    if sep and scheme in ("redis", "rediss", "unix") and rest:
        from .redis_store import RedisStore
        return RedisStore(url, **kw)
    raise BadStoreURL(f"{url}: a table store is sqlite:///path/to/file.db or redis://host:port/db")

"""The table store in one SQLite file (the default: every kernel of one machine).

Standard-library :mod:`sqlite3` in WAL mode (readers never wait for the writer) with a busy
timeout of 10 s; one connection per thread and per process. The file is made readable by its
owner only (it holds every hand). Three tables, nothing else::

    tables(code PRIMARY KEY, game, state, settings, version, created, updated)
    seats(code, seat, kind, level, token_hash, last_seen)      -- PRIMARY KEY (code, seat)
    failed_codes(client, at)                                     -- client: SHA-256 of the address

A move is one statement, ``UPDATE tables SET … WHERE code=? AND version=?``: SQLite runs it
atomically under its write lock, and a row count of 0 means another move landed first.
"""
from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .base import Record, SeatRow, TableStore

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, state TEXT NOT NULL, settings TEXT NOT NULL,
    version INTEGER NOT NULL, created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, level TEXT,
    token_hash TEXT, last_seen REAL, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS failed_codes (client TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS failed_codes_by_client ON failed_codes (client, at);
"""
#: seconds a statement waits for another process's write lock before failing
BUSY_TIMEOUT = 10.0


class SQLiteStore(TableStore):
    """The store in the SQLite file at ``path`` (made, with its folder, if missing)."""

    def __init__(self, path: str | os.PathLike[str], **kw: Any) -> None:
        super().__init__(**kw)
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self.path.exists():                 # owner only: the file holds every hand
            os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._db().executescript(SCHEMA)
        # old matches go when a kernel opens the file (Redis lets its keys expire instead): a
        # table neither written nor touched for ``expire_after`` seconds
        self.purge(self.expire_after)

    def _db(self) -> sqlite3.Connection:
        """This thread's connection (a new one in a forked process)."""
        db = getattr(self._local, "db", None)
        if db is None or self._local.pid != os.getpid():
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None,
                                 check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            self._local.db, self._local.pid = db, os.getpid()
            with self._lock:
                self._all.append(db)
        return db

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``: takes the write lock at once)."""
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            for db in self._all:
                db.close()
            self._all.clear()
        self._local = threading.local()

    # -- primitives --------------------------------------------------------------------------
    def _insert(self, record: Record) -> bool:
        try:
            with self._transaction() as db:
                db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (record.code, record.game, record.state, record.settings,
                            record.version, record.created, record.updated))
                db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                               [(record.code, s.seat, s.kind, s.level, s.token_hash, s.last_seen)
                                for s in record.seats])
        except sqlite3.IntegrityError:
            return False
        return True

    def _load(self, code: str) -> Record | None:
        db = self._db()
        db.execute("BEGIN")                        # one snapshot for both reads
        try:
            row = db.execute("SELECT code, game, state, settings, version, created, updated "
                             "FROM tables WHERE code = ?", (code,)).fetchone()
            seats = db.execute("SELECT seat, kind, level, token_hash, last_seen FROM seats "
                               "WHERE code = ? ORDER BY seat", (code,)).fetchall()
        finally:
            db.execute("COMMIT")
        if row is None:
            return None
        code, game, state, settings, version, created, updated = row
        return Record(code, game, state, settings, version, created, updated,
                      [SeatRow(*s) for s in seats])

    def _claim(self, code: str, seat: int, digest: str, now: float) -> bool:
        cur = self._db().execute("UPDATE seats SET token_hash = ?, last_seen = ? WHERE code = ? "
                                 "AND seat = ? AND token_hash IS NULL", (digest, now, code, seat))
        return cur.rowcount == 1

    def _retake(self, code: str, seat: int, digest: str, level: str, now: float,
                seen_before: float | None) -> bool:
        cur = self._db().execute(
            "UPDATE seats SET kind = 'computer', level = ?, token_hash = ?, last_seen = ? "
            "WHERE code = ? AND seat = ? AND kind = 'person' AND token_hash IS NOT NULL "
            "AND last_seen IS ?", (level, digest, now, code, seat, seen_before))
        return cur.rowcount == 1

    def _write_state(self, code: str, expected_version: int, state: str, now: float) -> bool:
        cur = self._db().execute("UPDATE tables SET state = ?, version = version + 1, updated = ? "
                                 "WHERE code = ? AND version = ?", (state, now, code, expected_version))
        return cur.rowcount == 1

    def _write_settings(self, code: str, settings: str, now: float) -> None:
        self._db().execute("UPDATE tables SET settings = ?, updated = ? WHERE code = ?",
                           (settings, now, code))

    def _touch(self, code: str, seat: int, now: float) -> None:
        self._db().execute("UPDATE seats SET last_seen = ? WHERE code = ? AND seat = ?",
                           (now, code, seat))

    def _version(self, code: str) -> int | None:
        row = self._db().execute("SELECT version FROM tables WHERE code = ?", (code,)).fetchone()
        return None if row is None else int(row[0])

    def _failures(self, client: str, since: float) -> int:
        row = self._db().execute("SELECT count(*) FROM failed_codes WHERE client = ? AND at > ?",
                                 (client, since)).fetchone()
        return int(row[0])

    def _fail(self, client: str, now: float) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM failed_codes WHERE at <= ?", (now - 60.0,))
            db.execute("INSERT INTO failed_codes VALUES (?, ?)", (client, now))

    def _purge(self, before: float) -> int:
        old = ("SELECT code FROM tables WHERE updated < :before AND code NOT IN "
               "(SELECT code FROM seats WHERE last_seen >= :before)")
        with self._transaction() as db:
            codes = [c for (c,) in db.execute(old, {"before": before})]
            db.executemany("DELETE FROM seats WHERE code = ?", [(c,) for c in codes])
            db.executemany("DELETE FROM tables WHERE code = ?", [(c,) for c in codes])
            db.execute("DELETE FROM failed_codes WHERE at <= ?", (before,))
        return len(codes)

    def _rows(self, table: str) -> list[dict[str, Any]]:
        """Every row of ``table`` as a dict (for tests: what the file holds)."""
        cur = self._db().execute(f"SELECT * FROM {table}")   # a fixed name, never a user's
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]

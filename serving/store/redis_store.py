"""The table store in Redis (the servers of a JupyterHub on several machines share one).

Through redis-py, the official client (the extra ``cardkit[store-redis]``). Keys, nothing else::

    cardkit:table:<code>    a hash: game, state, settings, version, created, updated, seats (how
                            many), and per seat n: kind:n, level:n, hash:n (SHA-256 of its token,
                            "" while open), seen:n (Unix time, "" before) — TTL expire_after,
                            renewed by every write and touch
    cardkit:failed:<client> a sorted set of wrong-code times (client: SHA-256 of the address),
                            TTL 2 minutes
    cardkit:moves:<code>    the pub/sub channel a move is announced on (message: the new version)

Every write is a Lua script, which Redis runs atomically: the move checks the version, writes
and publishes in one step (compare-and-set); a seat is claimed only if it has no token yet, and
taken over by the computer only if it is still a person's, last seen when it was read; a table
is purged only if it is still old when deleted.
"""
from __future__ import annotations

import math
import secrets
import time
from typing import Any, cast

from cardkit.i18n import _

from .base import UNKNOWN_SEAT, BadStoreURL, Record, SeatRow, TableStore, UnknownSeat

PREFIX = "cardkit:"

_INSERT = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 1
"""
_CLAIM = """
if redis.call('HGET', KEYS[1], 'hash:' .. ARGV[1]) ~= '' then return 0 end
redis.call('HSET', KEYS[1], 'hash:' .. ARGV[1], ARGV[2], 'seen:' .. ARGV[1], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
"""
_RETAKE = """
local n = ARGV[1]
local kind, hash, seen = unpack(redis.call('HMGET', KEYS[1], 'kind:' .. n, 'hash:' .. n,
                                           'seen:' .. n))
if kind ~= 'person' or not hash or hash == '' then return 0 end
if ARGV[2] == '' then
  if seen and seen ~= '' then return 0 end
elseif not seen or tonumber(seen) ~= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'kind:' .. n, 'computer', 'level:' .. n, ARGV[3], 'hash:' .. n, ARGV[4],
           'seen:' .. n, ARGV[5])
redis.call('EXPIRE', KEYS[1], ARGV[6])
return 1
"""
_WRITE_STATE = """
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return 0 end
local v = tostring(tonumber(ARGV[1]) + 1)
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'version', v, 'updated', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], v)
return 1
"""
_PURGE_IF_OLD = """
local h = redis.call('HGETALL', KEYS[1])
if #h == 0 then return 0 end
for i = 1, #h, 2 do
  if (h[i] == 'updated' or string.sub(h[i], 1, 5) == 'seen:') and h[i + 1] ~= ''
     and tonumber(h[i + 1]) >= tonumber(ARGV[1]) then return 0 end
end
return redis.call('DEL', KEYS[1])
"""
_SET_IF_EXISTS = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 1
"""


def _table(code: str) -> str:
    return f"{PREFIX}table:{code}"


def _channel(code: str) -> str:
    return f"{PREFIX}moves:{code}"


def _opt(text: str) -> str | None:
    return text or None


def _seat_fields(row: SeatRow) -> dict[str, str]:
    n = row.seat
    return {f"kind:{n}": row.kind, f"level:{n}": row.level or "", f"hash:{n}": row.token_hash or "",
            f"seen:{n}": "" if row.last_seen is None else repr(row.last_seen)}


class RedisStore(TableStore):
    """The store in the Redis database at ``url`` (``redis://host:port/db``)."""

    def __init__(self, url: str, **kw: Any) -> None:
        super().__init__(**kw)
        try:
            import redis
        except ImportError as exc:
            raise BadStoreURL(f"{url}: the Redis store needs redis-py: pip install "
                              "'cardkit[store-redis]'") from exc
        self._redis = redis.Redis.from_url(url, decode_responses=True)
        self._scripts = {name: self._redis.register_script(lua) for name, lua in
                         (("insert", _INSERT), ("claim", _CLAIM), ("retake", _RETAKE),
                          ("write", _WRITE_STATE), ("set", _SET_IF_EXISTS), ("purge", _PURGE_IF_OLD))}

    @property
    def _ttl(self) -> int:
        return max(1, math.ceil(self.expire_after))

    def close(self) -> None:
        self._redis.close()

    def _hash(self, key: str) -> dict[str, str]:
        """A hash's fields (strings: the client decodes responses)."""
        return cast(dict[str, str], self._redis.hgetall(key))

    # -- primitives --------------------------------------------------------------------------
    def _insert(self, record: Record) -> bool:
        fields = {"game": record.game, "state": record.state, "settings": record.settings,
                  "version": str(record.version), "created": repr(record.created),
                  "updated": repr(record.updated), "seats": str(len(record.seats))}
        for row in record.seats:
            fields.update(_seat_fields(row))
        flat = [x for kv in fields.items() for x in kv]
        return bool(self._scripts["insert"](keys=[_table(record.code)], args=[self._ttl, *flat]))

    def _load(self, code: str) -> Record | None:
        h = self._hash(_table(code))
        if not h:
            return None
        seats = [SeatRow(n, h[f"kind:{n}"], _opt(h[f"level:{n}"]), _opt(h[f"hash:{n}"]),
                         float(h[f"seen:{n}"]) if h[f"seen:{n}"] else None)
                 for n in range(int(h["seats"]))]
        return Record(code, h["game"], h["state"], h["settings"], int(h["version"]),
                      float(h["created"]), float(h["updated"]), seats)

    def _claim(self, code: str, seat: int, digest: str, now: float) -> bool:
        return bool(self._scripts["claim"](keys=[_table(code)],
                                           args=[seat, digest, repr(now), self._ttl]))

    def _retake(self, code: str, seat: int, digest: str, level: str, now: float,
                seen_before: float | None) -> bool:
        seen = "" if seen_before is None else repr(seen_before)     # as _seat_fields writes it
        return bool(self._scripts["retake"](keys=[_table(code)], args=[
            seat, seen, level, digest, repr(now), self._ttl]))

    def _write_state(self, code: str, expected_version: int, state: str, now: float) -> bool:
        return bool(self._scripts["write"](keys=[_table(code)], args=[
            str(expected_version), state, repr(now), self._ttl, _channel(code)]))

    def _write_settings(self, code: str, settings: str, now: float) -> None:
        self._scripts["set"](keys=[_table(code)],
                             args=[self._ttl, "settings", settings, "updated", repr(now)])

    def _touch(self, code: str, seat: int, now: float) -> None:
        self._scripts["set"](keys=[_table(code)], args=[self._ttl, f"seen:{seat}", repr(now)])

    def _version(self, code: str) -> int | None:
        v = self._redis.hget(_table(code), "version")
        return None if v is None else int(v)

    def _failures(self, client: str, since: float) -> int:
        key = f"{PREFIX}failed:{client}"
        pipe = self._redis.pipeline()
        pipe.zremrangebyscore(key, "-inf", since)
        pipe.zcard(key)
        return int(pipe.execute()[1])

    def _fail(self, client: str, now: float) -> None:
        key = f"{PREFIX}failed:{client}"
        pipe = self._redis.pipeline()
        pipe.zadd(key, {f"{now!r}:{secrets.token_hex(4)}": now})
        pipe.expire(key, 120)
        pipe.execute()

    def _purge(self, before: float) -> int:
        """Each table's times are read and the table deleted in one script: a move or a touch
        cannot land between the two."""
        return sum(int(self._scripts["purge"](keys=[key], args=[repr(before)]))
                   for key in self._redis.scan_iter(match=f"{PREFIX}table:*", count=200))

    def _wait(self, code: str, version: int, timeout: float) -> int | None:
        """Subscribe to the table's channel, then read the version (a move between the two is
        not missed), then wait for a message."""
        deadline = time.monotonic() + timeout
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        try:
            pubsub.subscribe(_channel(code))
            now = self._version(code)
            if now is None:
                raise UnknownSeat(_(UNKNOWN_SEAT))
            if now != version:
                return now
            while (left := deadline - time.monotonic()) > 0:
                message = pubsub.get_message(timeout=left)
                if message is not None and int(message["data"]) != version:
                    return int(message["data"])
            return None
        finally:
            pubsub.close()

    def _keys(self) -> dict[str, Any]:
        """Every key of the store and its value (for tests: what Redis holds)."""
        out: dict[str, Any] = {}
        for key in self._redis.scan_iter(match=f"{PREFIX}*"):
            kind = self._redis.type(key)
            out[key] = (self._redis.hgetall(key) if kind == "hash" else
                        self._redis.zrange(key, 0, -1) if kind == "zset" else self._redis.get(key))
        return out

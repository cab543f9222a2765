"""The kernel manager a classroom Voilà uses (``VoilaConfiguration.multi_kernel_manager_class``).

Voilà starts one kernel per page load and has no cap on their number (voila#617); a kernel that
fails to start leaves the page streaming heartbeats for minutes (the page's render task dies and
the request never ends); and its preheated pool keeps a refill that failed as a failed task,
which later breaks every kernel shutdown. :class:`ClassroomKernelManager` is jupyter_server's
``AsyncMappingKernelManager`` with these additions, each a configurable trait in ``voila.json``:

- ``max_kernels``: a page load that would start one more kernel than this gets HTTP 503 with
  the page "The class is full … Try again in a minute" (Voilà renders ``503.html`` of the
  ``cardkit`` template). Kernels waiting in Voilà's preheated pool count: the cap is pool plus
  students.
- ``ready_timeout``: a kernel that has not answered ``kernel_info`` within this many seconds (or
  whose process died, e.g. "ZMQError: Address already in use") is shut down and the page load
  gets HTTP 503 "The game could not start …".
- ``pool_start_concurrency``: at most this many kernels of Voilà's preheated pool start at
  once (a refill after thirty arrivals would otherwise start thirty kernels while the class
  plays).
- **Every kernel has one student.** A page load is a *visitor* (the login cookie's user and the
  network address, :meth:`admit`); the kernel it is handed (:meth:`hand_out`) belongs to that
  user alone: only that user's websocket may connect to it and only that user may read or stop
  it over HTTP (:mod:`cardkit_serving.connection`). The kernel is *claimed* when that websocket
  has been accepted (:meth:`claim`), never before: a refused or failed handshake leaves it
  unclaimed.
- ``unclaimed_timeout``: a kernel handed to a page load that no accepted websocket claimed (the
  page was closed while loading, a script only GETs pages, a handshake was refused) is shut down
  once it has been this many seconds since it was handed out and since it last ran anything (a
  lesson's page connects only after its notebook has run); ``sweep_interval`` is how often that
  is checked.
- ``max_pending_per_address``: at most this many page loads from one network address may hold a
  kernel they have not connected to; one more gets HTTP 429 "Too many pages …". A student's page
  connects about a second after it loads, so only a script that loads pages without playing is
  stopped here. While one page load of an address waits to connect, the next ones from there
  start a kernel of their own instead of taking a preheated one: such a script cannot empty the
  pool the class is about to use.
- ``max_kernel_memory``: a kernel whose resident memory grows past this many MB is stopped (its
  page then says "This game has stopped").
- **The pool survives the cap.** A pool refill that finds no room (or fails to start) leaves the
  pool at once instead of staying in it as a failed task; every ``sweep_interval`` the pools are
  topped up again as far as room allows. A refill takes room only when it starts, and not
  while page loads are being prepared: a class arriving at once comes first.

Voilà's preheated pool (``VoilaKernelManager``) is built on top of this class by Voilà's own
factory (a subclass); :meth:`__init_subclass__` wraps four of its methods so that both work
together (``tests/serving/test_serving.py`` fails if Voilà renames them).
"""
from __future__ import annotations

import asyncio
import contextvars
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar, cast

from jupyter_client.manager import AsyncKernelManager
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Integer

from . import FULL_MESSAGE, START_FAILED_MESSAGE, TOO_MANY_PAGES_MESSAGE
from . import page_template

__all__ = ["ClassroomKernelManager", "Visitor", "current_visitor"]


@dataclass(eq=False)
class Visitor:
    """One page load: ``user`` (the login cookie's user name), ``address`` (the client's network
    address), ``since`` (``time.monotonic()`` when admitted), ``kernel_id`` once a kernel was
    handed to it, ``claimed`` once its websocket was accepted."""
    user: str
    address: str
    since: float = field(default_factory=time.monotonic)
    kernel_id: str | None = None
    claimed: bool = False
    pooled: bool = True      # may take a preheated kernel (no other page of its address waits)


# The page load being served (set by the identity provider for the request's task, read when a
# kernel is started or taken from the pool for it).
_VISITOR: contextvars.ContextVar[Visitor | None] = contextvars.ContextVar("cardkit_visitor",
                                                                         default=None)


def current_visitor() -> Visitor | None:
    """The page load the current request is serving, if :meth:`ClassroomKernelManager.admit`
    admitted one."""
    return _VISITOR.get()


_T = TypeVar("_T")


class _NoRoom(RuntimeError):
    """A pool refill found the class at ``max_kernels``: it leaves the pool and is retried."""


def _rss_mb(pid: int | None) -> float:
    """Resident memory of process ``pid`` in MB (0.0 when it is gone)."""
    if not pid:
        return 0.0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return 0.0


class ClassroomKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` with a kernel cap, one student per kernel, a start that
    fails visibly, unclaimed and oversized kernels shut down and a pool that survives the cap
    (see the module doc). Errors raised: ``tornado.web.HTTPError(503)`` from
    :meth:`start_kernel` when full or when the kernel does not come up;
    ``tornado.web.HTTPError(429)`` from :meth:`admit`."""

    max_kernels = Integer(40, config=True, help="Most kernels alive at once (pool included); "
                          "one more page load gets the 'class is full' page.")
    ready_timeout = Float(45.0, config=True, help="Seconds a new kernel has to answer "
                          "kernel_info before the page gets 'the game could not start'.")
    unclaimed_timeout = Float(30.0, config=True, help="Seconds after which a kernel handed to a "
                              "page that never connected its websocket is shut down.")
    sweep_interval = Float(2.0, config=True, help="Seconds between checks for unclaimed and "
                           "oversized kernels and for pools to top up.")
    pool_start_concurrency = Integer(2, config=True, help="Most preheated-pool kernels starting "
                                     "at once, so a refill after a class arrived does not take "
                                     "the CPU from the students' clicks.")
    max_pending_per_address = Integer(10, config=True, help="Most page loads from one network "
                                      "address holding a kernel they have not connected to; one "
                                      "more gets HTTP 429. A class behind one address (a school "
                                      "proxy) arriving at once needs the class size here.")
    max_kernel_memory = Float(600.0, config=True, help="MB of resident memory past which a "
                              "kernel is stopped (0: no ceiling).")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]  # unannotated in jupyter_server
        # Voilà builds this manager at start-up, before its page templates are loaded and its
        # pool is filled: a template it cannot find stops it here with a sentence saying what to
        # run, instead of a first page request that hangs (an editable install, page_template)
        voila_configuration = getattr(self.parent, "voila_configuration", None)
        if voila_configuration is not None:
            page_template.require(voila_configuration.template)
        self._starting = 0
        self._orphans: dict[str, float] = {}             # kernel id -> when seen unhanded
        self._visitors: dict[str, Visitor] = {}          # kernel id -> its page load
        self._pending: dict[str, list[Visitor]] = {}     # address -> admitted, not connected
        self._sweeper: asyncio.Task[None] | None = None
        self._pool_gate: asyncio.Semaphore | None = None
        self._tasks: set[asyncio.Future[Any]] = set()    # kept until done (asyncio keeps weak refs)

    # ------------------------------------------------------------------ Voilà's pool, wrapped
    # given by the subclass Voilà's factory makes when preheating is on (voila.json):
    # notebook -> its pool of kernel starts, and the call that tops a pool up
    _pools: dict[str, list[asyncio.Future[Any]]]
    fill_if_needed: Callable[..., None]

    _WRAPPED = ("_initialize", "get_rendered_notebook", "shutdown_kernel", "get_pool_size")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Voilà's factory subclasses this class to add its preheated pool; wrap the pool's
        methods so that a refill never stays in the pool as a failed task, the kernel a page
        takes from the pool is recorded as that page's, and a shutdown never trips over a
        failed refill."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        for name in cls._WRAPPED:                # each with its wrapper (_WRAPPERS, below)
            if name in own:
                setattr(cls, name, _WRAPPERS[name](own[name]))

    def _pool_config(self) -> dict[str, int]:
        """Notebook → configured pool size, for the pools that exist."""
        config = getattr(self, "kernel_pools_config", {}) or {}
        default = config.get("default", {})
        return {nb: int(config.get(nb, default).get("pool_size", default.get("pool_size", 0)))
                for nb in getattr(self, "_pools", {})}

    def _pool_holding(self, task: asyncio.Future[Any] | None) -> list[asyncio.Future[Any]] | None:
        pools: dict[str, list[asyncio.Future[Any]]] = getattr(self, "_pools", {})
        for pool in pools.values():
            if task in pool:
                return pool
        return None

    def _leave_pool(self, task: asyncio.Future[Any] | None) -> None:
        """Take ``task`` (a pool refill) out of Voilà's pool; its result is retrieved when it
        ends, so that asyncio does not log it as never retrieved."""
        if task is None:
            return
        pool = self._pool_holding(task)
        if pool is not None:
            pool.remove(task)
        task.add_done_callback(_retrieve)

    def scrub_pools(self) -> int:
        """Remove finished pool tasks that failed or were cancelled (they hold no kernel);
        returns how many."""
        n = 0
        for pool in getattr(self, "_pools", {}).values():
            for task in [t for t in pool if t.done()]:
                if task.cancelled() or task.exception() is not None:
                    pool.remove(task)
                    n += 1
        return n

    def room(self) -> int:
        """Kernels that may still start before ``max_kernels`` (those starting count)."""
        return self.max_kernels - len(self) - self._starting

    def arriving(self) -> int:
        """Page loads admitted in the last minute that have no kernel yet (Voilà is preparing
        their page): the room a pool refill leaves them."""
        now = time.monotonic()
        return sum(1 for visitors in self._pending.values() for v in visitors
                   if v.kernel_id is None and now - v.since < 60)

    def room_for_pool(self, task: asyncio.Future[Any] | None = None) -> int:
        """Room the pool refill ``task`` (default: the current task) may take: none while page
        loads are being prepared (a class arriving at once comes first; the refill is retried at
        the next sweep), unless a page has already taken the refill from the pool and waits for
        it (then it is that page's kernel)."""
        task = task or asyncio.current_task()
        if self._pool_holding(task) is None and task is not None:
            return self.room()
        return 0 if self.arriving() else self.room()

    def refill_pools(self) -> int:
        """Top up every pool that is short of its size, as far as room allows; returns how many
        refills were asked for."""
        self.scrub_pools()
        asked = 0
        for nb, size in self._pool_config().items():
            short = size - len(self._pools.get(nb, ()))
            room = 0 if self.arriving() else self.room()
            if short > 0 and room > 0:
                self.log.info("Refilling the pool of %s (%d short, room for %d)", nb, short, room)
                self.fill_if_needed(delay=0, notebook_name=nb)
                asked += short
        return asked

    # ------------------------------------------------------------------------------ visitors
    def admit(self, user: str, address: str) -> Visitor:
        """Admit a page load by ``user`` from ``address`` (the identity provider calls this for
        every notebook page request); the kernel it gets is recorded as ``user``'s. Raises
        ``tornado.web.HTTPError(429)`` when ``address`` already holds
        ``max_pending_per_address`` kernels it has not connected to."""
        now = time.monotonic()
        waiting = [v for v in self._pending.get(address, ())
                   if not v.claimed and now - v.since < self.unclaimed_timeout + 5
                   and (v.kernel_id is None or v.kernel_id in self)]
        if len(waiting) >= self.max_pending_per_address > 0:
            self._pending[address] = waiting
            self.log.warning("Refused a page load from %s: %d pages from there hold a kernel "
                             "they never connected to", address, len(waiting))
            raise web.HTTPError(429, TOO_MANY_PAGES_MESSAGE, reason="Too many pages at once")
        visitor = Visitor(user, address, now, pooled=not waiting)
        waiting.append(visitor)
        self._pending[address] = waiting
        _VISITOR.set(visitor)
        return visitor

    def hand_out(self, kernel_id: str, visitor: Visitor | None = None) -> None:
        """Record ``kernel_id`` as the kernel of ``visitor`` (default: the current request's)."""
        visitor = visitor or current_visitor()
        if visitor is None or kernel_id is None:
            return
        visitor.kernel_id = kernel_id
        visitor.since = time.monotonic()
        self._visitors[kernel_id] = visitor
        self._orphans.pop(kernel_id, None)
        self._ensure_sweeper()

    def owner_of(self, kernel_id: str) -> str | None:
        """The user a kernel was handed to (None: a kernel no page load got, e.g. in the pool)."""
        visitor = self._visitors.get(kernel_id)
        return visitor.user if visitor else None

    def claim(self, kernel_id: str, user: str, address: str = "") -> None:
        """An accepted websocket of ``user`` claimed ``kernel_id``."""
        visitor = self._visitors.get(kernel_id)
        if visitor is None:                   # not handed out by a page load seen here
            visitor = self._visitors[kernel_id] = Visitor(user, address, kernel_id=kernel_id)
        visitor.claimed = True
        self._unpend(visitor)

    def _forget(self, kernel_id: str) -> None:
        visitor = self._visitors.pop(kernel_id, None)
        if visitor is not None:
            self._unpend(visitor)
        try:      # Voilà keeps each page load's request info for a kernel that never asks for it
            from voila.request_info_handler import RequestInfoSocketHandler
            RequestInfoSocketHandler._cache.pop(kernel_id, None)
        except ImportError:  # pragma: no cover - Voilà is a dependency
            pass

    def _drop_visitor(self, visitor: Visitor | None) -> None:
        """A page load that got no kernel (refused or failed) no longer counts as pending."""
        if visitor is not None:
            self._unpend(visitor)

    def _unpend(self, visitor: Visitor) -> None:
        """``visitor`` no longer waits to connect (it did, it got no kernel, or its kernel went)."""
        pending = self._pending.get(visitor.address)
        if pending and visitor in pending:
            pending.remove(visitor)
            if not pending:
                del self._pending[visitor.address]

    # ------------------------------------------------------------------------------- start
    # jupyter_client types the async managers' methods with its synchronous base class's
    # signatures, so an async override "differs" from them
    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel like jupyter_server does, refusing past ``max_kernels`` and checking
        that it answers; returns its id. Raises ``tornado.web.HTTPError(503)`` (see class doc)."""
        known = kwargs.get("kernel_id")
        if known is not None and known in self:
            return await super().start_kernel(*args, **kwargs)
        pooled = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"
        visitor = None if pooled else current_visitor()
        if not pooled and self.room() <= 0:
            self.log.warning("Class is full: %d kernels running or starting (max_kernels=%d); "
                             "refusing a page load", len(self) + self._starting, self.max_kernels)
            self._drop_visitor(visitor)
            raise web.HTTPError(503, FULL_MESSAGE, reason="The class is full")
        self._ensure_sweeper()
        kernel_id = None
        try:
            if pooled:
                # a refill takes room only once it may start (students come first): the room is
                # checked and taken without a pause in between
                async with self._pool_starts():
                    if self.room_for_pool() <= 0:
                        raise _NoRoom("the class is at max_kernels")
                    kernel_id = await self._start_process(*args, **kwargs)
                    await self._wait_ready(kernel_id)
            else:
                kernel_id = await self._start_process(*args, **kwargs)
                await self._wait_ready(kernel_id)
        except (web.HTTPError, _NoRoom):
            self._drop_visitor(visitor)
            raise
        except Exception as exc:
            self.log.warning("Kernel %s failed to start: %r", kernel_id, exc)
            self._drop_visitor(visitor)
            await self._discard(kernel_id)
            raise web.HTTPError(503, START_FAILED_MESSAGE, reason="The game could not start") \
                from exc
        if visitor is not None:
            self.hand_out(kernel_id, visitor)
        return kernel_id

    def _pool_starts(self) -> asyncio.Semaphore:
        """What lets at most ``pool_start_concurrency`` pool kernels start at once (made on first
        use, inside the server's event loop)."""
        if self._pool_gate is None:
            self._pool_gate = asyncio.Semaphore(max(1, self.pool_start_concurrency))
        return self._pool_gate

    async def _start_process(self, *args: Any, **kwargs: Any) -> str:
        """jupyter_server's start, counted in ``_starting`` until the kernel is in the map
        (where ``len(self)`` counts it)."""
        self._starting += 1
        try:
            return await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1

    async def _wait_ready(self, kernel_id: str) -> None:
        """Wait until the kernel answers ``kernel_info`` (``ready_timeout`` s at most); fail
        at once if its process exits."""
        # the kernels of an AsyncMappingKernelManager are AsyncKernelManagers (get_kernel is
        # typed with the synchronous class)
        km = cast(AsyncKernelManager, self.get_kernel(kernel_id))
        kc = km.client()
        kc.start_channels()
        deadline = time.monotonic() + self.ready_timeout
        try:
            while True:
                if not await km.is_alive():
                    raise RuntimeError("the kernel process exited while starting")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no kernel_info reply within {self.ready_timeout:g} s")
                try:
                    await kc.wait_for_ready(timeout=min(2.0, left))
                    return
                except RuntimeError as exc:       # jupyter_client's "didn't respond" timeout
                    if "respond" not in str(exc):
                        raise
        finally:
            kc.stop_channels()

    async def _discard(self, kernel_id: str | None) -> None:
        if kernel_id is None or kernel_id not in self:
            return
        try:
            await self.shutdown_kernel(kernel_id, now=True)
        except Exception as exc:
            self.log.warning("Could not shut down kernel %s: %r", kernel_id, exc)

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Shut a kernel down as jupyter_server does (closing its page's websocket first, so the
        page says its game stopped, whoever stops it: the culler, the sweeper, the page's close)
        and forget whose it was."""
        from .connection import StudentConnection
        StudentConnection.close_kernel_sockets(kernel_id, "the game was stopped")
        try:
            # unannotated in jupyter_server (it returns jupyter_client's shutdown, None)
            await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]
        finally:
            self._forget(kernel_id)

    def run_soon(self, coro: Coroutine[Any, Any, _T]) -> asyncio.Task[_T]:
        """Run ``coro`` as a task kept until it ends (its failure is logged at WARNING)."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)

        def done(t: asyncio.Future[Any]) -> None:
            self._tasks.discard(t)
            if not t.cancelled() and t.exception() is not None:
                self.log.warning("Background task failed: %r", t.exception())
        task.add_done_callback(done)
        return task

    # ------------------------------------------------------------------------------ sweep
    def _ensure_sweeper(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.ensure_future(self._sweep_forever())

    def _pooled_ids(self) -> set[str]:
        """Kernels waiting in Voilà's preheated pool (none when preheating is off)."""
        out = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    out.add(task.result()["kernel_id"])
        return out

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_interval)
            for step in (self.sweep_unclaimed, self.sweep_oversized):
                try:
                    await step()
                except Exception as exc:
                    self.log.warning("Sweeping kernels (%s) failed: %r", step.__name__, exc)
            try:
                self.refill_pools()
            except Exception as exc:
                self.log.warning("Refilling the pools failed: %r", exc)

    async def sweep_unclaimed(self) -> list[str]:
        """Shut down kernels handed to a page load that no accepted websocket claimed within
        ``unclaimed_timeout`` seconds (and kernels that left the pool without being handed to
        anyone, after as long); returns their ids."""
        now = time.monotonic()
        pooled = self._pooled_ids()
        stopped = []
        for kernel_id in self.list_kernel_ids():
            visitor = self._visitors.get(kernel_id)
            if kernel_id in pooled or (visitor and visitor.claimed):
                self._orphans.pop(kernel_id, None)
                continue
            # handed to a page load, or out of the pool for no page load seen here
            since = visitor.since if visitor else self._orphans.setdefault(kernel_id, now)
            waited = min(now - since, self._idle_seconds(kernel_id))
            if waited >= self.unclaimed_timeout:
                self.log.info("Shutting down kernel %s: no page connected to it in %.0f s",
                              kernel_id, waited)
                await self._discard(kernel_id)
                self._forget(kernel_id)
                stopped.append(kernel_id)
        for kernel_id in [k for k in self._visitors if k not in self]:
            self._forget(kernel_id)
        for kernel_id in [k for k in self._orphans if k not in self]:
            del self._orphans[kernel_id]
        return stopped

    def _idle_seconds(self, kernel_id: str) -> float:
        """Seconds since the kernel last did anything (0 while it runs the page's notebook: the
        page can connect only once its notebook has run, which takes a lesson many seconds)."""
        try:
            km = self.get_kernel(kernel_id)
        except KeyError:
            return float("inf")
        if getattr(km, "execution_state", None) == "busy":
            return 0.0
        last = getattr(km, "last_activity", None)
        return (utcnow() - last).total_seconds() if last else float("inf")

    def kernel_pid(self, kernel_id: str) -> int | None:
        try:
            provisioner = self.get_kernel(kernel_id).provisioner
        except KeyError:
            return None
        return getattr(provisioner, "pid", None)

    async def sweep_oversized(self) -> list[str]:
        """Stop kernels whose resident memory is past ``max_kernel_memory`` MB (their pages are
        told the game stopped); returns their ids."""
        if not self.max_kernel_memory:
            return []
        stopped = []
        for kernel_id in self.list_kernel_ids():
            mb = _rss_mb(self.kernel_pid(kernel_id))
            if mb > self.max_kernel_memory:
                self.log.warning("Stopping kernel %s: %.0f MB of memory, more than "
                                 "max_kernel_memory=%g MB", kernel_id, mb, self.max_kernel_memory)
                await self._discard(kernel_id)
                stopped.append(kernel_id)
        return stopped


def _retrieve(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()


# Voilà's pool methods (voila.voila_kernel_manager, unannotated) and their wrappers
_AsyncMethod = Callable[..., Awaitable[Any]]


def _wrap_initialize(initialize: _AsyncMethod) -> _AsyncMethod:
    @wraps(initialize)
    async def _initialize(self: ClassroomKernelManager, notebook_path: str, kernel_id: str | None = None,
                          **kwargs: Any) -> Any:
        if kernel_id is not None:                  # a restart: Voilà re-runs the notebook
            return await initialize(self, notebook_path, kernel_id, **kwargs)
        task = asyncio.current_task()
        if self.room_for_pool() <= 0:   # checked before Voilà reads the notebook: cheap
            self._leave_pool(task)
            raise _NoRoom("the class is at max_kernels")
        try:
            return await initialize(self, notebook_path, kernel_id, **kwargs)
        except BaseException as exc:
            self._leave_pool(task)
            if not isinstance(exc, (_NoRoom, asyncio.CancelledError)):
                self.log.warning("A pool kernel for %s did not start: %r", notebook_path, exc)
            raise
    return _initialize


def _wrap_get_rendered(get_rendered: _AsyncMethod) -> _AsyncMethod:
    @wraps(get_rendered)
    async def get_rendered_notebook(self: ClassroomKernelManager, *args: Any, **kwargs: Any) -> Any:
        self.scrub_pools()
        try:
            result = await get_rendered(self, *args, **kwargs)
        except web.HTTPError:
            self._drop_visitor(current_visitor())
            raise
        except Exception as exc:
            self._drop_visitor(current_visitor())
            if isinstance(exc, _NoRoom):
                raise web.HTTPError(503, FULL_MESSAGE, reason="The class is full") from exc
            self.log.warning("The pool kernel a page took did not start: %r", exc)
            raise web.HTTPError(503, START_FAILED_MESSAGE,
                                reason="The game could not start") from exc
        self.hand_out(result[2])
        return result
    return get_rendered_notebook


def _wrap_pool_size(get_pool_size: Callable[[ClassroomKernelManager, str], int]
                    ) -> Callable[[ClassroomKernelManager, str], int]:
    @wraps(get_pool_size)
    def pool_size(self: ClassroomKernelManager, notebook_name: str) -> int:
        visitor = current_visitor()
        if visitor is not None and not visitor.pooled and visitor.kernel_id is None:
            return 0                 # Voilà then starts a kernel of the page's own
        return get_pool_size(self, notebook_name)
    return pool_size


def _wrap_shutdown(shutdown: _AsyncMethod) -> _AsyncMethod:
    @wraps(shutdown)
    async def shutdown_kernel(self: ClassroomKernelManager, kernel_id: str, *args: Any,
                              **kwargs: Any) -> Any:
        self.scrub_pools()
        return await shutdown(self, kernel_id, *args, **kwargs)
    return shutdown_kernel


#: the wrapper of each of Voilà's pool methods in ClassroomKernelManager._WRAPPED
_WRAPPERS: dict[str, Callable[[Any], Callable[..., Any]]] = {
    "_initialize": _wrap_initialize,
    "get_rendered_notebook": _wrap_get_rendered,
    "shutdown_kernel": _wrap_shutdown,
    "get_pool_size": _wrap_pool_size,
}

"""The kernel manager a classroom Voilà uses (``VoilaConfiguration.multi_kernel_manager_class``).

Voilà starts one kernel per page load and has no cap on their number (voila#617); a kernel that
fails to start leaves the page streaming heartbeats for minutes (the page's render task dies and
the request never ends). :class:`ClassroomKernelManager` is jupyter_server's
``AsyncMappingKernelManager`` with three additions, each a configurable trait in ``voila.json``:

- ``max_kernels``: a page load that would start one more kernel than this gets HTTP 503 with
  the page "The class is full … Try again in a minute" (Voilà renders ``503.html`` of the
  ``cardkit`` template). Kernels waiting in Voilà's preheated pool count.
- ``ready_timeout``: a kernel that has not answered ``kernel_info`` within this many seconds (or
  whose process died, e.g. "ZMQError: Address already in use") is shut down and the page load
  gets HTTP 503 "The game could not start …".
- ``pool_start_concurrency``: at most this many kernels of Voilà's preheated pool start at
  once (a refill after thirty arrivals would otherwise start thirty kernels while the class
  plays).
- ``unclaimed_timeout``: a kernel handed to a page load that no websocket ever connected to
  (the page was closed while loading, or a script only GETs pages) is shut down after this many
  seconds; ``sweep_interval`` is how often that is checked. Preheated kernels still waiting in
  the pool are never touched.

Voilà's preheated pool (``VoilaKernelManager``) is built on top of this class by Voilà's own
factory, so both work together.
"""
from __future__ import annotations

import asyncio
import time

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Integer

from . import FULL_MESSAGE, START_FAILED_MESSAGE

__all__ = ["ClassroomKernelManager"]


class ClassroomKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` with a kernel cap, a start that fails visibly, and unclaimed
    kernels shut down (see the module doc). Errors raised by :meth:`start_kernel`:
    ``tornado.web.HTTPError(503)`` when full or when the kernel does not come up."""

    max_kernels = Integer(40, config=True, help="Most kernels alive at once (pool included); "
                          "one more page load gets the 'class is full' page.")
    ready_timeout = Float(45.0, config=True, help="Seconds a new kernel has to answer "
                          "kernel_info before the page gets 'the game could not start'.")
    unclaimed_timeout = Float(90.0, config=True, help="Seconds after which a kernel handed to a "
                              "page that never opened its websocket is shut down.")
    sweep_interval = Float(10.0, config=True, help="Seconds between checks for unclaimed kernels.")
    pool_start_concurrency = Integer(2, config=True, help="Most preheated-pool kernels starting "
                                     "at once, so a refill after a class arrived does not take "
                                     "the CPU from the students' clicks.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._starting = 0
        self._unclaimed_since: dict[str, float] = {}
        self._sweeper: asyncio.Task | None = None
        self._pool_gate: asyncio.Semaphore | None = None

    # ------------------------------------------------------------------------------- start
    async def start_kernel(self, *args, **kwargs) -> str:
        """Start a kernel like jupyter_server does, refusing past ``max_kernels`` and checking
        that it answers; returns its id. Raises ``tornado.web.HTTPError(503)`` (see class doc)."""
        if kwargs.get("kernel_id") in self:
            return await super().start_kernel(*args, **kwargs)
        if len(self) + self._starting >= self.max_kernels:
            self.log.warning("Class is full: %d kernels running or starting (max_kernels=%d); "
                             "refusing a page load", len(self) + self._starting, self.max_kernels)
            raise web.HTTPError(503, FULL_MESSAGE, reason="The class is full")
        self._ensure_sweeper()
        self._starting += 1
        kernel_id = None
        pooled = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"
        if pooled and self._pool_gate is None:
            self._pool_gate = asyncio.Semaphore(max(1, self.pool_start_concurrency))
        try:
            if pooled:
                async with self._pool_gate:
                    kernel_id = await super().start_kernel(*args, **kwargs)
                    await self._wait_ready(kernel_id)
            else:
                kernel_id = await super().start_kernel(*args, **kwargs)
                await self._wait_ready(kernel_id)
        except web.HTTPError:
            raise
        except Exception as exc:  # noqa: BLE001 - any start failure becomes the 503 page
            self.log.error("Kernel %s failed to start: %r", kernel_id, exc)
            await self._discard(kernel_id)
            raise web.HTTPError(503, START_FAILED_MESSAGE, reason="The game could not start") \
                from exc
        finally:
            self._starting -= 1
        return kernel_id

    async def _wait_ready(self, kernel_id: str) -> None:
        """Wait until the kernel answers ``kernel_info`` (``ready_timeout`` s at most); fail
        at once if its process exits."""
        km = self.get_kernel(kernel_id)
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
        except Exception as exc:  # noqa: BLE001 - already gone
            self.log.warning("Could not shut down failed kernel %s: %r", kernel_id, exc)

    # ------------------------------------------------------------------------------ sweep
    def _ensure_sweeper(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.ensure_future(self._sweep_forever())

    def _pooled_ids(self) -> set[str]:
        """Kernels waiting in Voilà's preheated pool (none when preheating is off)."""
        out = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                try:
                    if task.done() and not task.cancelled() and task.exception() is None:
                        out.add(task.result()["kernel_id"])
                except Exception:  # noqa: BLE001 - a failed pool task holds no kernel
                    pass
        return out

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_interval)
            try:
                await self.sweep_unclaimed()
            except Exception as exc:  # noqa: BLE001 - the sweeper must keep running
                self.log.warning("Sweeping unclaimed kernels failed: %r", exc)

    async def sweep_unclaimed(self) -> list[str]:
        """Shut down kernels no websocket has claimed for ``unclaimed_timeout`` seconds since
        they left the pool; returns their ids."""
        from .connection import StudentConnection

        now = time.monotonic()
        pooled = self._pooled_ids()
        stopped = []
        for kernel_id in self.list_kernel_ids():
            if kernel_id in pooled or StudentConnection.was_claimed(kernel_id) \
                    or self._kernel_connections.get(kernel_id, 0) > 0:
                self._unclaimed_since.pop(kernel_id, None)
                continue
            since = self._unclaimed_since.setdefault(kernel_id, now)
            if now - since >= self.unclaimed_timeout:
                self.log.info("Shutting down kernel %s: no page connected to it in %.0f s",
                              kernel_id, now - since)
                self._unclaimed_since.pop(kernel_id, None)
                await self._discard(kernel_id)
                stopped.append(kernel_id)
        for kernel_id in list(self._unclaimed_since):
            if kernel_id not in self:
                del self._unclaimed_since[kernel_id]
        return stopped

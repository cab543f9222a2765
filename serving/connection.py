"""The kernel websocket a student's page uses (``Voila.kernel_websocket_connection_class``).

jupyter_server's ``ZMQChannelsWebsocketConnection`` lets anyone who knows a kernel's id connect
to it, as often as they like, forwards every message either way as fast as it comes, and lets
the page open any comm, which in a widget kernel creates any widget with any state. For a class
that means the kernel id in the page is a password, one page can grow its kernel's memory or
flood the server, a closed page keeps its kernel until the culler comes (Voilà's own shutdown
request is refused, voila#1458: ``'_xsrf' argument missing``), and tracebacks reach the browser.
:class:`StudentConnection` changes that:

- **One student per kernel.** A kernel belongs to the user (login cookie) whose page load got it
  (:meth:`cardkit_serving.kernels.ClassroomKernelManager.hand_out`; standalone Voilà gives each
  browser a signed anonymous-user cookie). A websocket from another user, or a second one while
  the first is open, is refused with HTTP 403 (the same browser session reconnecting, same
  ``session_id``, replaces its stale socket as before). The kernel is claimed only once the
  websocket handshake has been accepted: a refused or failed handshake leaves it unclaimed, and
  the kernel manager shuts unclaimed kernels down.
- **A closed page frees its kernel.** When the kernel's last websocket closes, the kernel is shut
  down ``close_grace`` seconds later unless its owner reconnected (a network blip). This works
  whatever the page's own shutdown request does.
- **A kernel that dies is not restarted behind the page's back**: the page's websocket is closed
  (the ``cardkit`` template's notice says "This game has stopped … Reload the page") and the
  kernel is shut down.
- **Only what a page needs goes in** (:func:`read_frame`): a frame that is not a well-formed
  kernel message (JSON nested deeper than ``MAX_DEPTH``, a header that is not an object, a binary
  frame whose offsets do not add up) is dropped; ``comm_open`` is allowed only to the targets a
  table's page opens (``ALLOWED_TARGETS``: the widget manager's ``request_states``), at most
  ``max_comm_opens`` times per kernel; and messages are rate-limited per kernel
  (``rate``/``burst``: a token bucket far above what a person clicking sends). A page that keeps
  sending past the limit (``flood_limit`` dropped messages) loses its game: its websocket is
  closed and its kernel shut down. The frame size limit is Tornado's
  ``websocket_max_message_size`` (``Voila.tornado_settings`` in ``voila.json``).
- **No traceback reaches the browser.** Outgoing ``error`` messages and ``stream`` messages on
  stderr are dropped and written to the server's log instead (jupyter_server's own
  ``allow_tracebacks=False`` fails in 2.21: it reads ``traceback_replacement_message`` from the
  wrong object).

Voilà's allow-list of incoming message types (comm messages, ``kernel_info_request``,
``shutdown_request``) is applied by the parent class, unchanged.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol, cast

import zmq
from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado import web
from traitlets import Float, Integer

from . import delivery, gate

if TYPE_CHECKING:
    import logging

    from jupyter_server.base.handlers import JupyterHandler
    from zmq.eventloop.zmqstream import ZMQStream

__all__ = [
    "ALLOWED_TARGETS",
    "MAX_DEPTH",
    "BadFrame",
    "StudentConnection",
    "StudentIdentityProvider",
    "read_frame",
]

#: comm targets a table's page opens (ipywidgets' manager asks for every widget's state)
ALLOWED_TARGETS = frozenset({"jupyter.widget.control"})
#: deepest JSON nesting a page's message may have (a click is 5 deep)
MAX_DEPTH = 32
_CHANNELS = frozenset({"shell", "control"})
_MAX_PARTS = 8                      # header, parent, metadata, content and a few buffers


class _Refused(Exception):
    """A websocket that got past the handshake but may not stay (the reason)."""


class BadFrame(ValueError):
    """A websocket frame that is not a kernel message a page would send (the reason)."""


def _depth_ok(value: object, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` (parsed JSON) nests at most ``limit`` deep (no recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return True


def _json(data: str | bytes, what: str) -> object:
    """``data`` parsed as JSON (anything JSON holds: narrowed by the caller)."""
    try:
        value: object = json.loads(data)
    except RecursionError:
        raise BadFrame(f"{what} nests too deep to read") from None
    except (ValueError, UnicodeDecodeError):
        raise BadFrame(f"{what} is not JSON") from None
    if not _depth_ok(value):
        raise BadFrame(f"{what} nests deeper than {MAX_DEPTH}")
    return value


@dataclass
class Frame:
    """What :func:`read_frame` read: ``channel``, ``msg_type``, ``content`` (a dict)."""
    channel: str
    msg_type: str
    content: dict[str, Any]


class _Parts(NamedTuple):
    """A frame's channel and its four JSON parts as read, not yet checked (any JSON value)."""
    channel: object
    header: object
    parent: object
    metadata: object
    content: object


#: the JSON parts of a kernel message, in the order of :class:`_Parts` (after the channel) and of a v1 frame
_PART_NAMES = ("header", "parent header", "metadata", "content")


def read_frame(ws_msg: str | bytes, v1: bool) -> Frame:
    """Read one frame from a page: the legacy JSON protocol (``v1`` False) or the binary
    ``v1.kernel.websocket.jupyter.org`` one. Raises :class:`BadFrame` for anything that is not a
    well-formed kernel message on the shell or control channel."""
    return _checked(_read_v1(ws_msg) if v1 else _read_legacy(ws_msg))


def _v1_offsets(ws_msg: bytes) -> list[int]:
    """The offset table of a binary v1 frame: ``n`` (6 to ``_MAX_PARTS + 2``), then ``n``
    offsets, the first just past the table, never decreasing, none past the frame's end."""
    n = int.from_bytes(ws_msg[:8], "little")
    if not 6 <= n <= _MAX_PARTS + 2 or len(ws_msg) < 8 * (n + 1):
        raise BadFrame("bad v1 offsets")
    offsets = [int.from_bytes(ws_msg[8 * (i + 1):8 * (i + 2)], "little") for i in range(n)]
    if offsets[0] != 8 * (n + 1) or offsets != sorted(offsets) or offsets[-1] > len(ws_msg):
        raise BadFrame("bad v1 offsets")
    return offsets


def _read_v1(ws_msg: str | bytes) -> _Parts:
    """A binary v1 frame's parts: its UTF-8 channel, then header, parent header, metadata and
    content as JSON (the buffers after them are not read)."""
    if not isinstance(ws_msg, bytes) or len(ws_msg) < 8:
        raise BadFrame("not a binary v1 frame")
    offsets = _v1_offsets(ws_msg)
    parts = [ws_msg[offsets[i]:offsets[i + 1]] for i in range(len(offsets) - 1)]
    try:
        channel = parts[0].decode("utf-8")
    except UnicodeDecodeError:
        raise BadFrame("bad channel") from None
    header, parent, metadata, content = (_json(p, what) for p, what in zip(
        parts[1:5], _PART_NAMES, strict=False))
    return _Parts(channel, header, parent, metadata, content)


def _read_legacy(ws_msg: str | bytes) -> _Parts:
    """A JSON-protocol frame's parts: one JSON object (its channel "shell" when it names none;
    parent header, metadata and content ``{}`` when absent)."""
    if isinstance(ws_msg, bytes):
        raise BadFrame("a binary frame on the JSON protocol")
    msg = _json(ws_msg, "message")
    if not isinstance(msg, dict):
        raise BadFrame("message is not an object")
    return _Parts(msg.get("channel") or "shell", msg.get("header"), msg.get("parent_header", {}),
                  msg.get("metadata", {}), msg.get("content", {}))


def _checked(parts: _Parts) -> Frame:
    """``parts`` as a :class:`Frame` when they are a kernel message on the shell or control
    channel: four objects, the header's ``msg_type`` and ``msg_id`` strings."""
    channel = parts.channel
    if not isinstance(channel, str) or channel not in _CHANNELS:
        raise BadFrame(f"channel {str(channel)[:20]!r}")
    header, _, _, content = (_object(part, what) for part, what in zip(
        parts[1:], _PART_NAMES, strict=True))
    msg_type = header.get("msg_type")
    if not isinstance(msg_type, str) or not isinstance(header.get("msg_id"), str):
        raise BadFrame("header without msg_type and msg_id")
    return Frame(channel, msg_type, content)


def _object(part: object, what: str) -> dict[str, Any]:
    """``part`` when it is a JSON object; raises :class:`BadFrame` naming ``what`` otherwise."""
    if not isinstance(part, dict):
        raise BadFrame(f"{what} is not an object")
    return part


class _KernelMap(Protocol):
    """What a connection needs of its multi kernel manager to shut a kernel down (jupyter_server's
    ``AsyncMappingKernelManager``, :class:`cardkit_serving.kernels.ClassroomKernelManager`)."""
    log: logging.Logger

    def __contains__(self, kernel_id: str) -> bool: ...

    async def shutdown_kernel(self, kernel_id: str) -> None: ...


def _user_key(handler: web.RequestHandler) -> str:
    user = getattr(handler, "current_user", None)
    return getattr(user, "username", None) or str(user)


class StudentConnection(ZMQChannelsWebsocketConnection):
    """A kernel websocket for one student (see the module doc). Class-level bookkeeping:
    ``_live`` (kernel id → open connections), ``_buckets`` (kernel id → rate limit),
    ``_banned`` (kernels stopped for flooding)."""

    close_grace = Float(5.0, config=True, help="Seconds after a kernel's last websocket closes "
                        "before the kernel is shut down (unless its owner reconnected).")
    rate = Float(8.0, config=True, help="Messages per second a page may send, sustained.")
    burst = Integer(40, config=True, help="Messages a page may send at once above the rate.")
    flood_limit = Integer(400, config=True, help="Messages dropped for the rate limit after "
                          "which the page's game is stopped.")
    max_comm_opens = Integer(8, config=True, help="comm_open messages a page may send to its "
                             "kernel (one per page load or reconnection).")

    # shared by every connection of the server (class-level on purpose)
    _live: ClassVar[dict[str, set[StudentConnection]]] = {}
    _buckets: ClassVar[dict[str, list[float]]] = {}   # kernel id -> [tokens, last time, dropped, comm opens]
    _banned: ClassVar[set[str]] = set()
    _tasks: ClassVar[set[asyncio.Future[None]]] = set()   # kept until done (asyncio keeps weak refs)
    _dropped = 0      # messages kept from browsers (error / stderr), for tests and logs
    _refused = 0      # frames from browsers not forwarded (bad, over the limit, not allowed)

    @classmethod
    def _keep(cls, coro: Awaitable[None]) -> None:
        task = asyncio.ensure_future(coro)
        cls._tasks.add(task)
        task.add_done_callback(cls._tasks.discard)

    @classmethod
    def close_kernel_sockets(cls, kernel_id: str, why: str) -> None:
        """Close every page websocket of ``kernel_id`` (the page then says its game stopped)."""
        for conn in list(cls._live.get(kernel_id, ())):
            conn.log.warning("Closing the page's websocket of kernel %s: %s", kernel_id, why)
            with contextlib.suppress(Exception):
                conn.websocket_handler.close(1008, why[:100])

    # ------------------------------------------------------------------------- opening
    async def prepare(self) -> None:
        """Refuse (HTTP 403) a websocket from another user than the kernel's student, or a
        second one while one is open; otherwise connect as jupyter_server does. Nothing is
        claimed here: Tornado may still refuse the handshake (Origin, Upgrade) after this."""
        self._check_allowed()
        await super().prepare()  # type: ignore[no-untyped-call]  # unannotated in jupyter_server
        self._check_allowed()

    def _owner(self) -> str | None:
        owner_of = getattr(self.multi_kernel_manager, "owner_of", None)
        return owner_of(self.kernel_id) if owner_of else None

    def _refuse(self, why: str) -> None:
        """End the handshake with HTTP 403 and ``why`` as plain text (``tornado.web.Finish``:
        an HTTPError would go through jupyter_server's error page, which Voilà cannot render,
        and log a traceback)."""
        handler = self.websocket_handler
        if handler.ws_connection is not None:      # already a websocket: close it instead
            raise _Refused(why)
        handler.set_status(403)
        handler.set_header("Content-Type", "text/plain; charset=utf-8")
        raise web.Finish(why + "\n")

    def _check_allowed(self) -> None:
        kernel_id = self.kernel_id
        user = _user_key(self.websocket_handler)
        if kernel_id in self._banned:
            self._refuse("This game was stopped.")
        owner = self._owner()
        if owner is None and self._live.get(kernel_id):
            owner = _user_key(next(iter(self._live[kernel_id])).websocket_handler)
        if owner is not None and owner != user:
            self.log.warning("Refused a websocket to kernel %s from another user than its "
                             "student", kernel_id)
            self._refuse("This game belongs to another page.")
        session = self.session.session
        for other in self._live.get(kernel_id, ()):
            if other.session.session != session:
                self.log.warning("Refused a second websocket to kernel %s", kernel_id)
                self._refuse("This game is already open in another page.")

    # jupyter_server's base class declares connect and disconnect async; the class extended here
    # (ZMQChannelsWebsocketConnection) made them plain methods, and its handler calls them so
    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]
        """The handshake was accepted: claim the kernel for this student, then connect as
        jupyter_server does (a rival that got this far at the same moment is closed)."""
        kernel_id = self.kernel_id
        try:
            self._check_allowed()
        except _Refused as exc:
            self.log.warning("Closing a websocket to kernel %s: %s", kernel_id, exc)
            self.websocket_handler.close(1008, "refused")
            return None
        claim = getattr(self.multi_kernel_manager, "claim", None)
        if claim is not None:
            claim(kernel_id, _user_key(self.websocket_handler),
                  self.websocket_handler.request.remote_ip or "")
        self._buckets.setdefault(kernel_id, [float(self.burst), time.monotonic(), 0, 0])
        self._live.setdefault(kernel_id, set()).add(self)
        return super().connect()

    def _forget(self) -> bool:
        """Remove this connection from ``_live``; True when it was the kernel's last."""
        live = self._live.get(self.kernel_id)
        if live is None or self not in live:
            return False
        live.discard(self)
        if not live:
            del self._live[self.kernel_id]
            return True
        return False

    # ------------------------------------------------------------------------- closing
    def disconnect(self) -> None:  # type: ignore[override]  # plain, as connect (above)
        """Close as jupyter_server does, then shut the kernel down ``close_grace`` s after its
        last websocket closed."""
        kernel_id = self.kernel_id
        mkm = self.multi_kernel_manager
        last = self._forget()
        super().disconnect()  # type: ignore[no-untyped-call]  # unannotated in jupyter_server
        if last:
            delay = 0.0 if kernel_id in self._banned else self.close_grace
            self._keep(self._shutdown_later(mkm, kernel_id, delay))

    @classmethod
    async def _shutdown_later(cls, mkm: _KernelMap, kernel_id: str, delay: float) -> None:
        await asyncio.sleep(delay)
        if kernel_id not in mkm:
            cls._buckets.pop(kernel_id, None)
            cls._banned.discard(kernel_id)
            return
        if cls._live.get(kernel_id):
            return
        mkm.log.info("Shutting down kernel %s: its page closed %.0f s ago", kernel_id, delay)
        cls._buckets.pop(kernel_id, None)
        try:
            await mkm.shutdown_kernel(kernel_id)
        except Exception as exc:
            if kernel_id in mkm:
                mkm.log.warning("Could not shut down kernel %s: %r", kernel_id, exc)
        finally:
            cls._banned.discard(kernel_id)

    def _stop(self, why: str) -> None:
        """Close this page's websocket and shut its kernel down at once."""
        self.log.warning("Stopping kernel %s: %s", self.kernel_id, why)
        self._keep(self._shutdown_later(self.multi_kernel_manager, self.kernel_id, 0.5))
        with contextlib.suppress(Exception):
            self.websocket_handler.close(1008, why[:100])

    def on_kernel_restarted(self) -> None:
        """The kernel died and jupyter_server restarted it empty: close the page's websocket
        (its notice says the game stopped) and shut the kernel down."""
        super().on_kernel_restarted()  # type: ignore[no-untyped-call]  # unannotated in jupyter_server
        self._stop("the kernel died and was restarted empty")

    def on_restart_failed(self) -> None:
        """The kernel died (``KernelRestarter.restart_limit`` 0: it is not restarted)."""
        self._stop("the kernel died")

    # ------------------------------------------------------------------------- incoming
    def handle_incoming_message(self, incoming_msg: str | bytes) -> None:
        """Forward a page's message to the kernel when it is a well-formed kernel message the
        page may send, within the rate limit (see the module doc); drop it otherwise."""
        bucket = self._buckets.get(self.kernel_id)
        if bucket is None or self.kernel_id in self._banned:
            return
        now = time.monotonic()
        bucket[0] = min(float(self.burst), bucket[0] + (now - bucket[1]) * self.rate)
        bucket[1] = now
        if bucket[0] < 1.0:
            bucket[2] += 1
            StudentConnection._refused += 1
            if bucket[2] == 1 or bucket[2] % 100 == 0:
                self.log.warning("Kernel %s: a page sent more than %g messages a second; "
                                 "%d dropped", self.kernel_id, self.rate, bucket[2])
            if bucket[2] >= self.flood_limit:
                self._banned.add(self.kernel_id)
                self._stop(f"its page sent {bucket[2]} messages over the rate limit")
            return
        bucket[0] -= 1.0
        try:
            frame = read_frame(incoming_msg, self.subprotocol == "v1.kernel.websocket.jupyter.org")
        except BadFrame as exc:
            StudentConnection._refused += 1
            self.log.warning("Kernel %s: dropped a frame from the page: %s", self.kernel_id, exc)
            return
        if frame.msg_type == "comm_open":
            target = frame.content.get("target_name")
            bucket[3] += 1
            if target not in ALLOWED_TARGETS or bucket[3] > self.max_comm_opens:
                StudentConnection._refused += 1
                self.log.warning("Kernel %s: refused a comm_open to %r from the page",
                                 self.kernel_id, str(target)[:60])
                return
        # jupyter_server types the message str; on the v1 protocol it is the frame's bytes
        super().handle_incoming_message(incoming_msg)  # type: ignore[arg-type]

    # ------------------------------------------------------------------------- outgoing
    def handle_outgoing_message(self, stream: str | ZMQStream, outgoing_msg: list[Any]) -> None:
        """Forward a kernel message to the page, except tracebacks and stderr (logged)."""
        try:
            _, fed = self.session.feed_identities(outgoing_msg)
            header = json.loads(_raw(fed[1]))
            msg_type = header.get("msg_type")
            if msg_type in ("error", "stream"):
                content = json.loads(_raw(fed[4]))
                if msg_type == "error" or content.get("name") == "stderr":
                    StudentConnection._dropped += 1
                    text = (content.get("text") or
                            f"{content.get('ename')}: {content.get('evalue')}")
                    self.log.warning("Kept from the browser (kernel %s, %s): %s",
                                     self.kernel_id, msg_type, str(text)[:2000])
                    return None
        except Exception as exc:
            self.log.warning("Dropped an unreadable kernel message: %r", exc)
            return None
        # jupyter_server types ``stream`` str (a channel's name); it gets the channel's ZMQStream
        # (``on_recv_stream``, the replay of a reconnected page's buffer) and takes either
        super().handle_outgoing_message(stream, outgoing_msg)  # type: ignore[arg-type]


def _raw(part: bytes | zmq.Frame) -> bytes:
    """A message part's bytes (``feed_identities`` gives bytes, or zmq frames when not copied)."""
    return part.bytes if isinstance(part, zmq.Frame) else bytes(part)


# ------------------------------------------------------------------------------ identity
_KERNEL_PATH = re.compile(r"/(?:voila/api/shutdown|api/kernels)/([0-9a-f-]{36})/?$")


class StudentIdentityProvider(PasswordIdentityProvider):
    """Voilà's identity provider (``Voila.identity_provider_class``), except that

    - a request about one kernel — ``GET /api/kernels/<id>`` (the page reads its kernel's
      state), ``POST /voila/api/shutdown/<id>`` (Voilà's page-close request) or ``DELETE
      /api/kernels/<id>`` — has a user only when that user is the kernel's student (the login
      cookie whose page load got it); anyone else gets HTTP 403, even with a made-up ``_xsrf``
      cookie and header (which pass Tornado's double-submit check);
    - a notebook page load is admitted by :func:`cardkit_serving.gate.admit_page` (HTTP 400 for
      ``?template=``/``?theme=``, 429 for an address holding too many unconnected kernels);
    - :meth:`get_handlers` puts :mod:`cardkit_serving.gate`'s refusals in front of Voilà's
      routes, makes the application compress and cache what a page downloads
      (:func:`cardkit_serving.delivery.install`) and drops ``/logout`` (a classroom app has no
      login to leave).
    """

    async def get_user(self, handler: web.RequestHandler) -> User | None:
        """The request's user (None for a kernel request by someone else than its student);
        raises ``tornado.web.HTTPError`` for a page load that is not admitted."""
        user = super().get_user(handler)
        if isinstance(user, Awaitable):
            user = await user
        # jupyter_server asks its identity provider about its own handlers (JupyterHandler:
        # Tornado's RequestHandler with the server's log and user)
        jupyter_handler = cast("JupyterHandler", handler)
        m = _KERNEL_PATH.search(handler.request.path)
        if m:
            owner_of = getattr(handler.settings.get("kernel_manager"), "owner_of", None)
            owner = owner_of(m.group(1)) if owner_of else None
            if user is None or owner is None or owner != user.username:
                jupyter_handler.log.warning("Refused %s %s: not this kernel's student",
                                            handler.request.method, handler.request.path)
                return None
        elif user is not None and gate.is_page_load(handler):
            # set before a refusal: the error page reads the user
            handler.current_user = jupyter_handler._jupyter_current_user = user
            gate.admit_page(handler, user.username)
        return user

    def is_token_authenticated(self, handler: web.RequestHandler) -> bool:
        """As jupyter_server decides, and also True for a page's own close request (``POST
        /voila/api/shutdown/<id>`` by the kernel's student, from the page's own origin): Voilà's
        front end sends it without the ``_xsrf`` argument, so jupyter_server answered 403 and the
        page logged an error as it closed (voila#1458). Only the kernel's student can send it
        (:meth:`get_user`), and all it can do is end that student's own game."""
        request = handler.request
        m = _KERNEL_PATH.search(request.path)
        if m and request.method == "POST" and "/voila/api/shutdown/" in request.path:
            owner_of = getattr(handler.settings.get("kernel_manager"), "owner_of", None)
            user = getattr(handler, "_jupyter_current_user", None)
            origin = request.headers.get("Origin")
            same_origin = origin is None or origin.split("://", 1)[-1] == request.host
            if (owner_of and user is not None and same_origin
                    and owner_of(m.group(1)) == getattr(user, "username", None)):
                return True
        return super().is_token_authenticated(handler)

    def get_handlers(self) -> list[tuple[str, object]]:
        """The login handler (when a token is set) and, in front of Voilà's routes, the
        classroom's refusals (:func:`cardkit_serving.gate.install`); compression and caching
        headers (:func:`cardkit_serving.delivery.install`)."""
        app = getattr(getattr(self, "parent", None), "app", None)
        if app is not None:
            gate.install(app)
            delivery.install(app)
        return [h for h in super().get_handlers() if h[0] != r"/logout"]

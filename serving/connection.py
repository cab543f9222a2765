"""The kernel websocket a student's page uses (``Voila.kernel_websocket_connection_class``).

jupyter_server's ``ZMQChannelsWebsocketConnection`` lets anyone who knows a kernel's id connect
to it, as often as they like, and forwards every kernel message to every connection. For a
class that means the kernel id in the page is a password, a closed page keeps its kernel until
the culler comes (Voilà's own shutdown request is refused, voila#1458: ``'_xsrf' argument
missing``), and tracebacks reach the browser. :class:`StudentConnection` changes that:

- **One student per kernel.** The first websocket to a kernel claims it for the login cookie's
  user (standalone Voilà gives each browser a signed anonymous-user cookie). A websocket from
  another user, or a second one while the first is open, is refused with HTTP 403 (the same
  browser session reconnecting, same ``session_id``, replaces its stale socket as before).
- **A closed page frees its kernel.** When the kernel's last websocket closes, the kernel is shut
  down ``close_grace`` seconds later unless its owner reconnected (a network blip). This works
  whatever the page's own shutdown request does.
- **A kernel that dies is not restarted behind the page's back**: its restart is reported to the
  page (the widgets show as disconnected, and the ``cardkit`` template's notice says "This game
  has stopped … Reload the page") and the kernel is shut down.
- **No traceback reaches the browser.** Outgoing ``error`` messages and ``stream`` messages on
  stderr are dropped and written to the server's log instead (jupyter_server's own
  ``allow_tracebacks=False`` fails in 2.21: it reads ``traceback_replacement_message`` from the
  wrong object).

Voilà's allow-list of incoming message types (comm messages, ``kernel_info_request``,
``shutdown_request``) is applied by the parent class, unchanged.
"""
from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable

from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado import web
from traitlets import Float

__all__ = ["StudentConnection", "StudentIdentityProvider"]


def _user_key(handler) -> str:
    user = getattr(handler, "current_user", None)
    return getattr(user, "username", None) or str(user)


class StudentConnection(ZMQChannelsWebsocketConnection):
    """A kernel websocket for one student (see the module doc). Class-level bookkeeping:
    ``_owners`` (kernel id → user), ``_live`` (kernel id → open connections)."""

    close_grace = Float(5.0, config=True, help="Seconds after a kernel's last websocket closes "
                        "before the kernel is shut down (unless its owner reconnected).")

    _owners: dict[str, str] = {}
    _live: dict[str, set] = {}
    _dropped = 0      # messages kept from browsers (error / stderr), for tests and logs

    @classmethod
    def was_claimed(cls, kernel_id: str) -> bool:
        """Whether a page ever opened a websocket to this kernel."""
        return kernel_id in cls._owners

    # ------------------------------------------------------------------------- opening
    async def prepare(self):
        """Refuse (HTTP 403) a websocket from another user than the kernel's first, or a second
        one while one is open; otherwise claim the kernel and connect as jupyter_server does."""
        kernel_id = self.kernel_id
        user = _user_key(self.websocket_handler)
        owner = self._owners.get(kernel_id)
        if owner is not None and owner != user:
            self.log.warning("Refused a websocket to kernel %s from another user than its "
                             "student", kernel_id)
            raise web.HTTPError(403, "This game belongs to another page.")
        session = self.session.session
        for other in self._live.get(kernel_id, ()):
            if other.session.session != session:
                self.log.warning("Refused a second websocket to kernel %s", kernel_id)
                raise web.HTTPError(403, "This game is already open in another page.")
        self._owners[kernel_id] = user
        self._live.setdefault(kernel_id, set()).add(self)
        try:
            await super().prepare()
        except BaseException:
            self._forget()
            raise

    def _forget(self) -> bool:
        """Remove this connection from ``_live``; True when it was the kernel's last."""
        live = self._live.get(self.kernel_id)
        if live is None:
            return False
        live.discard(self)
        if not live:
            del self._live[self.kernel_id]
            return True
        return False

    # ------------------------------------------------------------------------- closing
    def disconnect(self):
        """Close as jupyter_server does, then shut the kernel down ``close_grace`` s after its
        last websocket closed."""
        kernel_id = self.kernel_id
        mkm = self.multi_kernel_manager
        last = self._forget()
        super().disconnect()
        if last:
            asyncio.ensure_future(self._shutdown_later(mkm, kernel_id, self.close_grace))

    @classmethod
    async def _shutdown_later(cls, mkm, kernel_id: str, delay: float) -> None:
        await asyncio.sleep(delay)
        if cls._live.get(kernel_id) or kernel_id not in mkm:
            if kernel_id not in mkm:
                cls._owners.pop(kernel_id, None)
            return
        mkm.log.info("Shutting down kernel %s: its page closed %.0f s ago", kernel_id, delay)
        cls._owners.pop(kernel_id, None)
        try:
            await mkm.shutdown_kernel(kernel_id)
        except Exception as exc:  # noqa: BLE001 - already gone
            mkm.log.debug("Kernel %s already gone: %r", kernel_id, exc)

    def on_kernel_restarted(self):
        """The kernel died and jupyter_server restarted it empty: tell the page (status
        "restarting", so its widgets show disconnected) and shut the kernel down."""
        super().on_kernel_restarted()
        self.log.warning("Kernel %s died; shutting it down (its page shows a notice)",
                         self.kernel_id)
        mkm, kernel_id = self.multi_kernel_manager, self.kernel_id
        asyncio.ensure_future(self._shutdown_later(mkm, kernel_id, 0.5))
        try:
            self.websocket_handler.close()
        except Exception:  # noqa: BLE001 - already closed
            pass

    # ------------------------------------------------------------------------- outgoing
    def handle_outgoing_message(self, stream, outgoing_msg):
        """Forward a kernel message to the page, except tracebacks and stderr (logged)."""
        try:
            _, fed = self.session.feed_identities(outgoing_msg)
            header = json.loads(bytes(fed[1]))
            msg_type = header.get("msg_type")
            if msg_type in ("error", "stream"):
                content = json.loads(bytes(fed[4]))
                if msg_type == "error" or content.get("name") == "stderr":
                    StudentConnection._dropped += 1
                    text = (content.get("text") or
                            f"{content.get('ename')}: {content.get('evalue')}")
                    self.log.warning("Kept from the browser (kernel %s, %s): %s",
                                     self.kernel_id, msg_type, str(text)[:2000])
                    return None
        except Exception as exc:  # noqa: BLE001 - unparsable: do not forward it
            self.log.warning("Dropped an unreadable kernel message: %r", exc)
            return None
        return super().handle_outgoing_message(stream, outgoing_msg)


# ------------------------------------------------------------------------------ identity
_KERNEL_PATH = re.compile(r"/(?:voila/api/shutdown|api/kernels)/([0-9a-f-]{36})/?$")


class StudentIdentityProvider(PasswordIdentityProvider):
    """Voilà's identity provider (``Voila.identity_provider_class``), except that a request that
    would stop a kernel — ``POST /voila/api/shutdown/<id>`` (Voilà's page-close request) or
    ``DELETE /api/kernels/<id>`` — has a user only when that user is the kernel's student (the
    login cookie that claimed it). Anyone else gets HTTP 403, even with a made-up ``_xsrf``
    cookie and header (which pass Tornado's double-submit check)."""

    async def get_user(self, handler):
        """The request's user, or None for a kernel stop by someone else than its student."""
        user = super().get_user(handler)
        if isinstance(user, Awaitable):
            user = await user
        m = _KERNEL_PATH.search(handler.request.path)
        if m and handler.request.method not in ("GET", "HEAD", "OPTIONS"):
            owner = StudentConnection._owners.get(m.group(1))
            if user is None or owner is None or owner != getattr(user, "username", None):
                handler.log.warning("Refused %s %s: not this kernel's student",
                                    handler.request.method, handler.request.path)
                return None
        return user

"""The classroom's front door: requests refused before Voilà sees them.

Voilà answers some requests a page never makes with a server error or with more than it should:
a template path with ``..`` in it (``/voila/templates/cardkit/static/../conf.json``) or without
``/static/`` is a 500 page; ``/logout`` is a 500 page (there is no login to leave); the
``/voila/query/<kernel id>`` websocket hands a page load's request details to anyone who has the
kernel id; a websocket or kernel request for a kernel that does not exist is a traceback in the
log. Each of these gets a plain 404 here, with one line at WARNING in the log at most.

A notebook page load is *admitted* by :func:`admit_page`: ``?template=`` and ``?theme=`` (which
make Voilà start a fresh kernel instead of taking one from the preheated pool, while
``voila.json`` allows neither) get HTTP 400, and a network address already holding too many
kernels it never connected to gets HTTP 429 (``ClassroomKernelManager.admit``).

:func:`install` puts the refusals in front of Voilà's own routes; the identity provider
(:class:`cardkit_serving.connection.StudentIdentityProvider`), the one class Voilà lets a
configuration hand its request routing to, calls it when Voilà asks it for its handlers.
"""
from __future__ import annotations

import re
import urllib.parse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from tornado import web
from tornado.httputil import HTTPServerRequest
from tornado.routing import Matcher, Rule

from . import BAD_PAGE_ARGUMENT_MESSAGE

if TYPE_CHECKING:
    from voila.handler import VoilaHandler

__all__ = ["admit_page", "install", "is_page_load"]

_KERNEL_ID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_TEMPLATE_FILE = re.compile(r"^[A-Za-z0-9_.-]+/static/[^\x00]*$")


class Refusal(web.RequestHandler):
    """A plain-text refusal (``status``, ``text``) for any method, websocket or not."""

    def initialize(self, status: int = 404, text: str = "Not found") -> None:
        self.status, self.text = status, text

    def prepare(self) -> None:
        self.set_status(self.status)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(self.text + "\n")

    def write_error(self, status_code: int, **kwargs: Any) -> None:  # never a traceback
        self.finish(self.text + "\n")


class _When(Matcher):
    """Matches a request when ``test(request)`` is true."""

    def __init__(self, test: Callable[[HTTPServerRequest], bool]):
        self.test = test

    def match(self, request: HTTPServerRequest) -> dict[str, Any] | None:
        try:
            return {} if self.test(request) else None
        except Exception:
            return {}


def _path(request: HTTPServerRequest) -> str:
    return urllib.parse.unquote(request.path or "")


def _bad_template_path(base: str) -> Callable[[HTTPServerRequest], bool]:
    prefix = base + "voila/templates/"

    def test(request: HTTPServerRequest) -> bool:
        path = _path(request)
        if not path.startswith(prefix):
            return False
        rest = path[len(prefix):]
        return (not _TEMPLATE_FILE.match(rest)
                or any(part in ("..", ".") for part in re.split(r"[/\\]", rest)))
    return test


class _Kernels(Protocol):
    """What a refusal needs of the kernel manager: whether it runs a kernel of that id."""

    def __contains__(self, kernel_id: str) -> bool: ...


def _unknown_kernel(base: str, kernel_manager: _Kernels) -> Callable[[HTTPServerRequest], bool]:
    pattern = re.compile("^" + re.escape(base) + r"api/kernels/(" + _KERNEL_ID + r")(?:/|$)")

    def test(request: HTTPServerRequest) -> bool:
        m = pattern.match(request.path or "")
        return m is not None and m.group(1) not in kernel_manager
    return test


def _prefix(path: str) -> Callable[[HTTPServerRequest], bool]:
    return lambda request: _path(request) == path or _path(request).startswith(path + "/")


def install(app: web.Application) -> None:
    """Put the refusals of the module doc in front of every route ``app`` has or gets."""
    base = app.settings.get("base_url", "/")
    if not base.endswith("/"):
        base += "/"
    rules = [
        Rule(_When(_bad_template_path(base)), Refusal),
        Rule(_When(_prefix(base + "voila/query")), Refusal),
        Rule(_When(_prefix(base + "logout")), Refusal),
    ]
    kernel_manager = app.settings.get("kernel_manager")
    if kernel_manager is not None:
        rules.append(Rule(_When(_unknown_kernel(base, kernel_manager)), Refusal))
    app.add_handlers(".*$", rules)


# ---------------------------------------------------------------------------------- page loads
def is_page_load(handler: web.RequestHandler) -> bool:
    """Whether ``handler`` is a GET of a notebook page, which takes or starts a kernel."""
    try:
        from voila.handler import VoilaHandler
    except ImportError:  # pragma: no cover - Voilà is a dependency
        return False
    if not isinstance(handler, VoilaHandler) or handler.request.method != "GET":
        return False
    path = handler.path_args[0] if handler.path_args else ""
    if getattr(handler, "notebook_path", None):
        return not path
    return bool(path) and path.lower().endswith(".ipynb")


def admit_page(handler: VoilaHandler, user: str) -> None:
    """Admit a notebook page load (see the module doc). Raises ``tornado.web.HTTPError`` 400
    for a template or theme argument Voilà's configuration does not allow, 429 when the
    client's address holds too many kernels it has not connected to."""
    config = handler.voila_configuration
    for name, allowed in (("template", config.allow_template_override),
                          ("theme", config.allow_theme_override)):
        if name in handler.request.arguments and allowed == "NO":
            handler.log.warning("Refused a page load with ?%s=", name)
            raise web.HTTPError(400, BAD_PAGE_ARGUMENT_MESSAGE, reason="Bad request")
    admit = getattr(handler.kernel_manager, "admit", None)
    if admit is not None:
        admit(user, handler.request.remote_ip or "")

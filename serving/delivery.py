"""What a student's page downloads: compressed, and cached as long as it safely can be.

The Écarté app's first load is Voilà's front end (JupyterLab's libraries: about 4 MB of
JavaScript and 0.6 MB of style sheets), the widget libraries and the page itself: 5.3 MB per
student, none of it compressed (issue 19; ``benchmarks/first_load.py`` measures it: 1.5 MB
now). Two standard HTTP tools cut it:

- **Compression.** Tornado's ``compress_response`` setting (``Voila.tornado_settings``) gzips
  every text, JavaScript, CSS and JSON response of at least 1 KB. Standalone Voilà (0.5.13)
  copies ``tornado_settings`` into its application only after building it, when Tornado has
  already chosen its output transforms, so the setting alone did nothing; :func:`install` adds
  the transform the setting asks for. Under Jupyter Server (a hub),
  ``ServerApp.tornado_settings`` is given to the application when it is built and works as is
  (the spawners' arguments in ``hub/``; Binder's server is not configured here). The same files
  go to every student: :class:`GzipOnce` compresses each static file once and keeps the result
  (Tornado's own transform compressed it again for every request: about a quarter of a CPU
  second per student, 5.3 MB of gzip at level 6). The kernel websocket is compressed by
  ``websocket_compression_options`` (the same setting as
  ``ServerApp.websocket_compression_options``, read at each handshake).
- **Caching** (:class:`CacheHeaders`, always installed; standalone Voilà only). Tornado already
  caches the page template's files for good (their URLs carry ``?v=<hash>``). Voilà sends its
  widget libraries (``/voila/labextensions/…``) with ``no-cache`` although their file names
  carry a hash of their content: those are cached for a year. Its own front end
  (``/voila/static/…``, names such as ``7155.voila.js`` that stay the same from one Voilà
  version to the next) came with no caching header at all, so a browser guessed how long to
  keep it: it is revalidated instead (``no-cache``: the browser asks, the server answers "304
  Not Modified" when its copy is current), never stale after an upgrade.

A reload, or a second lesson in the same browser, then costs the page and a few hundred bytes
per file.
"""
from __future__ import annotations

import re
from collections import OrderedDict
from typing import ClassVar

from tornado import httputil, web

__all__ = ["CacheHeaders", "GzipOnce", "install"]

#: a file name with a content hash, as webpack writes them (``84.09c61a35dce1705f.js``,
#: ``remoteEntry.698dcaf7.js``)
_HASHED = re.compile(r"\.[0-9a-f]{8,}\.(?:js|css|json|woff2?|svg|png)$")
_LABEXTENSIONS = re.compile(r"/voila/labextensions/")
_VOILA_STATIC = re.compile(r"/voila/static/")
_STATIC = re.compile(r"/voila/(?:static|labextensions|templates/[^/]+/static)/")
#: a year: what a file whose name changes with its content can be kept for
FOREVER = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def cache_control(path: str) -> str | None:
    """The ``Cache-Control`` value for a static file at URL ``path`` (no query), or None to
    leave the handler's own. ``/voila/labextensions/<…>/<name>.<hash>.js`` -> a year,
    immutable; other files under ``/voila/static/`` or ``/voila/labextensions/`` ->
    ``no-cache``."""
    if _LABEXTENSIONS.search(path):
        return FOREVER if _HASHED.search(path) else REVALIDATE
    if _VOILA_STATIC.search(path):
        return REVALIDATE
    return None


class CacheHeaders(web.OutputTransform):
    """Sets ``Cache-Control`` on Voilà's static files as :func:`cache_control` says (on a 200
    or a 304 to a GET or HEAD; everything else is left alone)."""

    def __init__(self, request: httputil.HTTPServerRequest) -> None:
        self.value = cache_control(request.path) if request.method in ("GET", "HEAD") else None

    def transform_first_chunk(self, status_code: int, headers: httputil.HTTPHeaders,
                              chunk: bytes, finishing: bool) -> tuple[int, httputil.HTTPHeaders, bytes]:
        if self.value and status_code in (200, 304):
            headers["Cache-Control"] = self.value
        return status_code, headers, chunk


class GzipOnce(web.GZipContentEncoding):
    """Tornado's gzip transform (same types, level and minimum size), except that the
    compressed body of a whole static file (a 200 to a GET under ``/voila/static/``,
    ``/voila/labextensions/`` or a template's ``static/``, with the ``ETag`` Tornado's
    StaticFileHandler derives from the file's content) is kept, keyed by path and ETag, and
    sent as it is to the next browser that asks: each file is compressed once per server, not
    once per student. At most ``LIMIT`` bytes are kept (the oldest go first); Voilà's whole
    front end is about 3 MB compressed."""

    LIMIT: ClassVar[int] = 64 * 2**20
    _kept: ClassVar[OrderedDict[tuple[str, str], bytes]] = OrderedDict()
    _kept_bytes: ClassVar[int] = 0

    def __init__(self, request: httputil.HTTPServerRequest) -> None:
        super().__init__(request)
        self._path = request.path if request.method == "GET" and _STATIC.search(request.path) else None
        self._replay = False
        self._key: tuple[str, str] | None = None
        self._parts: list[bytes] = []

    def transform_first_chunk(self, status_code: int, headers: httputil.HTTPHeaders,
                              chunk: bytes, finishing: bool) -> tuple[int, httputil.HTTPHeaders, bytes]:
        etag = headers.get("Etag")
        key = None
        if (self._path and self._gzipping and etag and status_code == 200
                and "Content-Range" not in headers and "Content-Encoding" not in headers):
            key = (self._path, etag)
        kept = self._kept.get(key) if key else None
        if key and kept is not None:
            self._kept.move_to_end(key)
            headers["Vary"] = headers["Vary"] + ", Accept-Encoding" if "Vary" in headers else "Accept-Encoding"
            headers["Content-Encoding"] = "gzip"
            headers["Content-Length"] = str(len(kept))
            self._replay = True
            return status_code, headers, kept
        status_code, headers, chunk = super().transform_first_chunk(status_code, headers, chunk, finishing)
        if key and self._gzipping:
            self._key, self._parts = key, [chunk]
            if finishing:
                self._keep()
        return status_code, headers, chunk

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        if self._replay:
            return b""
        chunk = super().transform_chunk(chunk, finishing)
        if self._key:
            self._parts.append(chunk)
            if finishing:
                self._keep()
        return chunk

    def _keep(self) -> None:
        body = b"".join(self._parts)
        key, self._key, self._parts = self._key, None, []
        if key is None or len(body) > self.LIMIT // 4 or key in self._kept:
            return
        cls = type(self)
        cls._kept[key] = body
        cls._kept_bytes += len(body)
        while cls._kept_bytes > cls.LIMIT:
            _, old = cls._kept.popitem(last=False)
            cls._kept_bytes -= len(old)


def install(app: web.Application) -> None:
    """Make ``app`` (standalone Voilà's Tornado application) compress its responses when its
    settings ask for it (``compress_response`` or ``gzip``) and send :class:`CacheHeaders`.
    Called by :meth:`cardkit_serving.connection.StudentIdentityProvider.get_handlers`, once
    Voilà has built ``app`` and copied ``Voila.tornado_settings`` into it; calling it again
    changes nothing. The compression is :class:`GzipOnce` (in place of Tornado's own, should
    that be there)."""
    if app.settings.get("compress_response") or app.settings.get("gzip"):
        app.transforms[:] = [t for t in app.transforms if t is not web.GZipContentEncoding]
        if GzipOnce not in app.transforms:
            app.add_transform(GzipOnce)
    if CacheHeaders not in app.transforms:
        app.add_transform(CacheHeaders)

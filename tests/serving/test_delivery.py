"""cardkit_serving.delivery on a small Tornado application (fast; the whole page's weight is
measured in a real browser by tests/browser/test_first_load.py)."""
from __future__ import annotations

import asyncio
import concurrent.futures
import gzip
import json
from pathlib import Path

from tornado import httpclient, httpserver, web

from cardkit_serving import delivery
from cardkit_serving.launch import free_port

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = b"function f(){return 'cardkit';}\n" * 4000        # 128 KB: streamed in 64 KB chunks


def test_cache_control_keeps_hashed_files_and_revalidates_the_rest():
    forever, again = delivery.FOREVER, delivery.REVALIDATE
    assert delivery.cache_control("/voila/labextensions/anywidget/static/528.d9f5934c.js") == forever
    assert delivery.cache_control(
        "/user/ada/voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/"
        "remoteEntry.c8c9eed2cdefdeac.js") == forever
    # a lab extension's file whose name changes not with its content, and Voilà's own build
    # (the same names from one Voilà version to the next)
    assert delivery.cache_control("/voila/labextensions/anywidget/package.json") == again
    assert delivery.cache_control("/voila/static/7155.voila.js") == again
    assert delivery.cache_control("/voila/static/voila.js") == again
    # the template's files (Tornado caches them by their ?v=), pages and the API: unchanged
    assert delivery.cache_control("/voila/templates/cardkit/static/index.css") is None
    assert delivery.cache_control("/") is None
    assert delivery.cache_control("/api/kernels/0b2c") is None


def test_voila_json_and_the_hubs_ask_for_compression():
    settings = json.loads((ROOT / "voila.json").read_text())["Voila"]["tornado_settings"]
    assert settings["compress_response"] is True
    assert settings["websocket_compression_options"] == {}
    flag = "--ServerApp.tornado_settings=compress_response=True"
    for config in ("hub/jupyterhub_config.py", "hub/tljh/cardkit.py", "hub/z2jh/config.yaml"):
        assert flag in (ROOT / config).read_text(), config


def _app(static: Path, **settings) -> web.Application:
    app = web.Application([
        (r"/voila/static/(.*)", web.StaticFileHandler, {"path": str(static)}),
        (r"/voila/labextensions/(.*)", web.StaticFileHandler, {"path": str(static)}),
        (r"/page", _Page),
    ], **settings)
    # as Voilà does: the settings copied in after the application is built
    app.settings.update(compress_response=True)
    delivery.install(app)
    delivery.install(app)
    return app


class _Page(web.RequestHandler):
    def get(self):
        self.set_header("Content-Type", "text/html")
        self.write(SCRIPT)


def _fetch(app: web.Application, requests: list[dict]) -> list[httpclient.HTTPResponse]:
    """``requests`` (``path`` and fetch arguments) to ``app``, served on a free port, one after
    the other; in a thread of its own (a browser test's Playwright may hold this one's loop)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _fetch_all(app, requests)).result()


async def _fetch_all(app: web.Application, requests: list[dict]) -> list[httpclient.HTTPResponse]:
    port = free_port()
    server = httpserver.HTTPServer(app)
    server.listen(port, "127.0.0.1")
    client = httpclient.AsyncHTTPClient(force_instance=True)
    try:
        out = []
        for r in requests:
            path = r.pop("path")
            out.append(await client.fetch(f"http://127.0.0.1:{port}{path}", raise_error=False,
                                          decompress_response=False, **r))
        return out
    finally:
        client.close()
        server.stop()


def test_each_static_file_is_gzipped_once_and_sent_whole(tmp_path, monkeypatch):
    monkeypatch.setattr(delivery.GzipOnce, "_kept", type(delivery.GzipOnce._kept)())
    monkeypatch.setattr(delivery.GzipOnce, "_kept_bytes", 0)
    (tmp_path / "7155.voila.js").write_bytes(SCRIPT)
    (tmp_path / "528.d9f5934c.js").write_bytes(SCRIPT)
    app = _app(tmp_path)
    assert app.transforms.count(delivery.GzipOnce) == 1 and web.GZipContentEncoding not in app.transforms
    zipped = {"Accept-Encoding": "gzip"}
    first, second, plain, hashed, part, page = _fetch(app, [
        {"path": "/voila/static/7155.voila.js", "headers": zipped},
        {"path": "/voila/static/7155.voila.js", "headers": zipped},
        {"path": "/voila/static/7155.voila.js"},
        {"path": "/voila/labextensions/528.d9f5934c.js", "headers": zipped},
        {"path": "/voila/static/7155.voila.js", "headers": {**zipped, "Range": "bytes=0-99"}},
        {"path": "/page", "headers": zipped},
    ])
    for r in (first, second, hashed):
        assert r.code == 200 and r.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(r.body) == SCRIPT
        assert len(r.body) < len(SCRIPT) // 20
        assert "Accept-Encoding" in r.headers["Vary"]
    # the first was compressed as it streamed (chunked); the second student got the kept copy
    # whole, with its length
    assert "Content-Length" not in first.headers
    assert second.body == first.body and int(second.headers["Content-Length"]) == len(second.body)
    assert list(delivery.GzipOnce._kept) == [
        ("/voila/static/7155.voila.js", first.headers["Etag"]),
        ("/voila/labextensions/528.d9f5934c.js", hashed.headers["Etag"])]
    assert first.headers["Cache-Control"] == second.headers["Cache-Control"] == "no-cache"
    assert hashed.headers["Cache-Control"] == delivery.FOREVER
    # a browser that takes no gzip gets the file as it is; a range is never the kept copy
    assert "Content-Encoding" not in plain.headers and plain.body == SCRIPT
    assert part.code == 206 and gzip.decompress(part.body) == SCRIPT[:100]
    # a page is compressed but not kept (it differs for every student)
    assert page.headers["Content-Encoding"] == "gzip" and gzip.decompress(page.body) == SCRIPT
    assert len(delivery.GzipOnce._kept) == 2


def test_without_the_setting_nothing_is_compressed(tmp_path):
    (tmp_path / "a.js").write_bytes(SCRIPT)
    app = web.Application([(r"/voila/static/(.*)", web.StaticFileHandler, {"path": str(tmp_path)})])
    delivery.install(app)
    assert app.transforms == [delivery.CacheHeaders]
    (r,) = _fetch(app, [{"path": "/voila/static/a.js", "headers": {"Accept-Encoding": "gzip"}}])
    assert "Content-Encoding" not in r.headers and r.body == SCRIPT
    assert r.headers["Cache-Control"] == "no-cache"


def test_the_kept_copies_have_a_ceiling(monkeypatch):
    monkeypatch.setattr(delivery.GzipOnce, "_kept", type(delivery.GzipOnce._kept)())
    monkeypatch.setattr(delivery.GzipOnce, "_kept_bytes", 0)
    monkeypatch.setattr(delivery.GzipOnce, "LIMIT", 1000)
    keeper = delivery.GzipOnce.__new__(delivery.GzipOnce)
    for n in range(6):
        keeper._key, keeper._parts = (f"/voila/static/{n}.js", '"e"'), [b"x" * 200]
        keeper._keep()
    assert [k[0] for k in delivery.GzipOnce._kept] == [f"/voila/static/{n}.js" for n in range(1, 6)]
    assert delivery.GzipOnce._kept_bytes == 1000

"""The Écarté app's first load (issue 19): what a student's browser downloads, with nothing
cached, until the table is drawn: at most 2 MB (it was 5.3 MB before compression), every
sizeable script and style sheet gzipped, nothing from another server; and a reload with the
cache on costs a small part of that (``cardkit_serving.delivery``: compression and caching
headers; ``benchmarks/first_load.py`` prints the same figures in more detail)."""
from __future__ import annotations

from page_weight import load

LIMIT = 2_000_000           # bytes per student, uncached (issue 19's goal)
TEXT = ("javascript", "css", "html", "json")


def test_first_load_is_under_2_mb_and_a_reload_costs_little(browser, voila_url):
    url = f"{voila_url}/voila/render/ecarte_app.ipynb"
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        first = load(page, cdp, url, cache=False, timeout=90)
        print("\nfirst load, cache disabled: " + "\n".join(first.lines(10)))
        assert first.total <= LIMIT, f"{first.total:,} bytes (HTTP and websocket) > {LIMIT:,}"
        assert len(first.items) >= 20           # the measure saw Voilà's front end load
        assert all(i.url.startswith(voila_url) or i.url.startswith("blob:") for i in first.items)
        # (a blob: is the table's own script, made in the page from what the websocket brought)
        unzipped = [f"{i.path} ({i.decoded:,} bytes)" for i in first.items
                    if i.url.startswith(voila_url) and any(t in i.type for t in TEXT)
                    and i.decoded >= 2048 and i.encoding != "gzip"]
        assert not unzipped, unzipped

        again = load(page, cdp, None, cache=True, timeout=90)
        print("reload, cache on: " + "\n".join(again.lines(5)))
        ratio = again.transferred / first.transferred
        print(f"reload / first load: {ratio:.1%}")
        assert ratio <= 0.10, f"a reload transferred {again.transferred:,} bytes ({ratio:.0%})"
        # the widget libraries (names with a hash of their content) came from the cache,
        # unasked; Voilà's own files were revalidated (304), none sent again
        hashed = [i for i in again.items if "/voila/labextensions/" in i.path and i.path.endswith(".js")]
        assert hashed and all(i.transferred == 0 for i in hashed), [(i.path, i.status) for i in hashed]
        resent = [i.path for i in again.items if "/voila/static/" in i.path and i.transferred > 1000]
        assert not resent, resent
    finally:
        page.close(run_before_unload=True)
        context.close()

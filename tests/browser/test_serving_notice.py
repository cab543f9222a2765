"""A page whose kernel died says so: the Écarté app in chromium, its kernel killed (SIGKILL),
and within seconds the "This game has stopped … Reload" notice of the ``cardkit`` page
template is shown, instead of silent broken widgets."""
from __future__ import annotations

import os
import re
import signal
import tempfile
from pathlib import Path

from cardkit_serving import STOPPED_MESSAGE


def kernel_pid(kernel_id: str) -> int:
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if f"kernel-{kernel_id}".encode() in cmdline.read_bytes():
                return int(cmdline.parent.name)
        except OSError:
            continue
    raise AssertionError(f"no process for kernel {kernel_id}")


def test_a_dead_kernel_shows_the_stopped_notice(voila_url, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{voila_url}/voila/render/ecarte_app.ipynb", wait_until="domcontentloaded")
        page.locator(".ck-root button").first.wait_for(state="visible", timeout=90_000)
        notice = page.locator("#ck-stopped")
        assert notice.is_hidden()
        kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page.content()).group(1)
        os.kill(kernel_pid(kernel_id), signal.SIGKILL)
        # the page says so: the template's banner, or the table's own notice (its pings go
        # unanswered), whichever comes first
        told = page.locator("#ck-stopped:visible, .ck-lost:visible").first
        told.wait_for(state="visible", timeout=30_000)
        said = " ".join(told.inner_text().split())
        assert said.startswith(STOPPED_MESSAGE) or said.startswith("Connection lost — reload"), said
        page.screenshot(path=str(Path(tempfile.gettempdir()) / "cardkit-stopped.png"))
    finally:
        page.close()

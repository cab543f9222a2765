"""What a student sees when the server cannot give them a game: a full class, a kernel that
does not start. Each test starts its own small Voilà on the Écarté app (no preheated pool)."""
from __future__ import annotations

import time

import pytest

from cardkit_serving import FULL_MESSAGE, START_FAILED_MESSAGE
from cardkit_serving.launch import start_voila
from voila_client import PageError, WidgetSession

APP = "lessons/ecarte_app.ipynb"


@pytest.fixture
def tiny_voila():
    servers = []

    def _start(*args):
        server = start_voila(APP, pool={}, args=list(args))
        servers.append(server)
        return server

    yield _start
    for s in servers:
        s.stop()


def test_a_full_class_gets_a_try_again_page_and_a_freed_place_is_reused(tiny_voila):
    voila = tiny_voila("--ClassroomKernelManager.max_kernels=1")
    first = WidgetSession(voila.url)
    first.load()
    first.connect()
    second = WidgetSession(voila.url)
    with pytest.raises(PageError) as err:
        second.load()
    assert err.value.status == 503
    assert "The class is full" in err.value.text and FULL_MESSAGE in err.value.text
    assert "Traceback" not in err.value.text
    # the first student leaves: within seconds the place is free again
    first.close()
    deadline = time.monotonic() + 20
    while True:
        try:
            second.load()
            break
        except PageError:
            assert time.monotonic() < deadline, "no place 20 s after a student left"
            time.sleep(1)
    assert second.kernel_id != first.kernel_id


def test_a_kernel_that_does_not_start_gives_a_page_that_says_so(tiny_voila):
    # a kernel given no time at all to answer stands for one that hangs or dies while starting
    voila = tiny_voila("--ClassroomKernelManager.ready_timeout=0")
    s = WidgetSession(voila.url, timeout=60)
    t0 = time.monotonic()
    with pytest.raises(PageError) as err:
        s.load()
    assert time.monotonic() - t0 < 30, "the page hung instead of saying the game failed"
    assert err.value.status == 503 and START_FAILED_MESSAGE in err.value.text
    assert "Traceback" not in err.value.text
    # and the failed kernel is not left running
    time.sleep(2)
    assert voila.kernels() == []

"""Every test in this folder runs inside ``widget_hygiene`` (``tests/widget_helpers.py``): it
fails on a swallowed widget-callback or table-handler exception and closes every widget before
and after the test. The tables kept in a table store (the resume and classmate tests) get
``url`` and ``store``: a SQLite store in the test's own folder, never the user's."""
import pytest

from cardkit_serving.store import open_store
from widget_helpers import widget_hygiene

__all__ = ["clock", "redis_url", "store", "url", "widget_hygiene"]


class Clock:
    """A clock a test moves by hand (``clock.now += 31``): Unix seconds, as ``time.time``."""

    def __init__(self):
        self.now = 1_800_000_000.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock():
    """A :class:`Clock` for a store whose seats go away when the test says so."""
    return Clock()


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    """A real ``redis-server`` for the module's tests (``tests/redis_server.py``)."""
    from redis_server import redis_server
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


@pytest.fixture
def url(tmp_path):
    """A SQLite table store's URL in the test's temporary folder."""
    return f"sqlite:///{tmp_path}/tables.db"


@pytest.fixture
def store(url):
    """The table store at ``url``, closed after the test."""
    with open_store(url) as s:
        yield s

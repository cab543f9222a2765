"""Every test in this folder runs inside ``widget_hygiene`` (``tests/widget_helpers.py``): it
fails on a swallowed widget-callback or table-handler exception and closes every widget before
and after the test. The tables kept in a table store (the resume and classmate tests) get
``url`` and ``store``: a SQLite store in the test's own folder, never the user's."""
import pytest

from cardkit_serving.store import open_store
from widget_helpers import widget_hygiene

__all__ = ["store", "url", "widget_hygiene"]


@pytest.fixture
def url(tmp_path):
    """A SQLite table store's URL in the test's temporary folder."""
    return f"sqlite:///{tmp_path}/tables.db"


@pytest.fixture
def store(url):
    """The table store at ``url``, closed after the test."""
    with open_store(url) as s:
        yield s

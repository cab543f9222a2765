"""Fixtures shared by the tests (nbval's own settings live in the root ``conftest.py``).

Hypothesis draws the same examples on every run (profile ``ci``; ``pytest
--hypothesis-profile=explore`` draws fresh ones). Every test runs inside ``widget_hygiene``: it
fails when a widget callback raised (ipywidgets only logs that outside IPython) or a table's safe
handler caught an exception (``table.errors``), and it closes every widget afterwards so states
never leak from one test into the next. A test that provokes an error on purpose asserts it and
then clears ``table.errors``.
"""
from __future__ import annotations

import pytest
from hypothesis import settings

from widget_helpers import HandlerErrors, assert_no_table_errors, close_all_widgets

# Property tests draw the same examples on every run (CI runs the suite once: a rare example
# found by chance must not decide whether a change lands); `pytest --hypothesis-profile=explore`
# draws fresh ones, to look for new failures.
settings.register_profile("ci", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("ci")


@pytest.fixture(autouse=True)
def widget_hygiene():
    """Fail on swallowed handler exceptions; close all widgets at teardown."""
    close_all_widgets()
    with HandlerErrors() as errs:
        yield errs
    try:
        errs.check()
        assert_no_table_errors()
    finally:
        close_all_widgets()

"""Settings shared by every test (nbval's own live in the root ``conftest.py``).

Hypothesis draws the same examples on every run (profile ``ci``; ``pytest
--hypothesis-profile=explore`` draws fresh ones). Nothing here imports the widget stack: the
rules tests run without ipywidgets. The widget tests' hygiene fixture lives in the conftest of
their folders (``tests/tables/``, ``tests/lessons/``).
"""
from __future__ import annotations

from hypothesis import settings

# Property tests draw the same examples on every run (CI runs the suite once: a rare example
# found by chance must not decide whether a change lands); `pytest --hypothesis-profile=explore`
# draws fresh ones, to look for new failures.
settings.register_profile("ci", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("ci")

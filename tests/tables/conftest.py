"""Every test in this folder runs inside ``widget_hygiene`` (``tests/widget_helpers.py``): it
fails on a swallowed widget-callback or table-handler exception and closes every widget before
and after the test."""
from widget_helpers import widget_hygiene

__all__ = ["widget_hygiene"]

"""The examples in the docstrings of ``cardkit_tables`` (the ``widgets/`` folder) run as tests:
every module of the package is imported and its doctests run; any failure fails the suite, and
so does a package with no example at all (a runner that finds nothing cannot fail)."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cardkit_tables

MODULES = ["cardkit_tables", *sorted(m.name for m in pkgutil.iter_modules(cardkit_tables.__path__,
                                                                         "cardkit_tables."))]


def run_doctests(name: str) -> doctest.TestResults:
    """Run the doctests of module ``name``; their report is printed (pytest shows it on failure)."""
    module = importlib.import_module(name)
    return doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_each_module_hold(name):
    result = run_doctests(name)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"


def test_the_examples_are_there():
    attempted = {name: run_doctests(name).attempted for name in MODULES}
    assert sum(attempted.values()) > 0, attempted
    # the view helpers teach by example: card_json, card_words, sort_hand, each table's view
    for name in ("cardkit_tables.cardtable", "cardkit_tables.ecarte_table",
                 "cardkit_tables.switch_table", "cardkit_tables.war_table", "cardkit_tables.task"):
        assert attempted[name] > 0, f"{name} has no example"

"""The tables read only ``state.observation(seat)`` and change the game only through
``state.apply`` (docs/architecture.md, "A click's path"): a scan of every module in ``widgets/``
fails on any other use of a game state — an attribute read (``state.hands``, ``state.log``, ``state.is_over``…), a
private helper, a clone."""
import ast
from pathlib import Path

import pytest

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
ALLOWED = {"observation", "apply"}


def _is_state(node: ast.AST) -> bool:
    """``state``, ``self.state``, ``self.controller.state``, ``c.state`` …"""
    if isinstance(node, ast.Name):
        return node.id == "state"
    return isinstance(node, ast.Attribute) and node.attr == "state"


def uses_of_the_state(source: str) -> list[tuple[int, str]]:
    """``(line, "state.<attr>")`` for each use of a game state other than observation/apply."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and _is_state(node.value) and node.attr not in ALLOWED:
            found.append((node.lineno, f"state.{node.attr}"))
        if isinstance(node, ast.Subscript) and _is_state(node.value):
            found.append((node.lineno, "state[…]"))
    return sorted(found)


# The lessons' demo modules (lesson_*.py) are not tables: they play a stacked deal and show it
# face up on purpose ("every card shown, as only a lesson can"), never to a seat at a table.
TABLE_MODULES = sorted(p for p in WIDGETS.glob("*.py") if not p.name.startswith("lesson_"))


#: Besides: a table that keeps its match in the table store (resume.py) writes the engine's own
#: JSON there (``to_json``: the deal and the moves, for the kernels and the store only; the
#: page is sent no more than before); so does a table playing a classmate (classmate.py).
ALSO = {"resume.py": {"to_json"}, "classmate.py": {"to_json"}}


@pytest.mark.parametrize("path", TABLE_MODULES, ids=lambda p: p.name)
def test_a_table_reads_only_the_observation(path):
    found = [(line, use) for line, use in uses_of_the_state(path.read_text(encoding="utf-8"))
             if use.removeprefix("state.") not in ALSO.get(path.name, ())]
    assert not found, f"{path.name} uses the game state beyond observation/apply: {found}"


def test_the_scan_finds_what_it_must():
    bad = "def f(self):\n    self.state.hands\n    x = self.controller.state.log[-1]\n    state._b\n"
    assert [u for _l, u in uses_of_the_state(bad)] == ["state.hands", "state.log", "state._b"]
    good = "def f(self):\n    self.state.apply('flip')\n    obs = self.controller.state.observation(0)\n"
    assert uses_of_the_state(good) == []

"""The rules tests run without the widget stack: no module under tests/rules, nor tests/harness.py,
nor tests/conftest.py's import chain, imports ipywidgets, anywidget or cardkit_tables.

Each is imported in a fresh interpreter where those packages are blocked (``sys.modules[name] =
None`` makes ``import name`` raise ``ImportError``), so a rules test can never need a widget
installed, and ``pytest tests/rules`` works in an environment with cardkit and pytest alone.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
BLOCKED = ("ipywidgets", "anywidget", "cardkit_tables")


def _modules() -> list[str]:
    """``harness``, ``conftest`` and every module of tests/rules, as importable names."""
    names = ["harness", "conftest"]
    for path in sorted((TESTS / "rules").rglob("*.py")):
        parts = path.relative_to(TESTS).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def _import_blocked(module: str, path: Path = TESTS) -> subprocess.CompletedProcess[str]:
    """Import ``module`` (found on ``path``) in a fresh interpreter with the widget stack blocked."""
    code = (f"import sys\nsys.path.insert(0, {str(path)!r})\n"
            f"for name in {BLOCKED!r}:\n    sys.modules[name] = None\n"
            f"import importlib\nimportlib.import_module({module!r})\n"
            f"assert not any(sys.modules.get(n) for n in {BLOCKED!r})\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, cwd=TESTS.parent)


def test_the_list_covers_every_rules_test_module():
    names = _modules()
    assert {"harness", "conftest", "rules.test_conformance", "rules.test_no_widgets",
            "rules.war.test_battles", "rules.war.test_disputes", "rules.war.helpers"} <= set(names)


@pytest.mark.parametrize("module", _modules())
def test_imports_without_the_widget_stack(module):
    done = _import_blocked(module)
    assert done.returncode == 0, f"{module} needs the widget stack:\n{done.stderr[-2000:]}"


def test_a_module_that_imports_a_widget_fails_here(tmp_path):
    # the check itself can fail: a module importing ipywidgets is caught
    (tmp_path / "uses_widgets.py").write_text("import cardkit\nimport ipywidgets\n")
    done = _import_blocked("uses_widgets", tmp_path)
    assert done.returncode != 0 and "import of ipywidgets halted" in done.stderr, done.stderr

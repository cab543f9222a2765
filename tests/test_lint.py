"""The code is clean by ``ruff check`` and type-checked by mypy (settings in pyproject.toml), in
the test suite and so in CI: ``mypy --strict`` over the rules package ``cardkit`` (it ships
``py.typed``: its types are a promise to the code that uses it) and plain ``mypy`` over the
tables and the serving layer."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> str:
    return shutil.which(name) or str(Path(sys.executable).with_name(name))


def test_ruff_check_finds_nothing():
    done = subprocess.run([_tool("ruff"), "check", "--no-cache", str(ROOT)], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("args", [["--strict", "cardkit"],
                                  ["widgets", "serving"]],
                         ids=["strict-cardkit", "tables-serving"])
def test_mypy_finds_nothing(args):
    done = subprocess.run([_tool("mypy"), "--no-incremental", "--cache-dir=/dev/null", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr

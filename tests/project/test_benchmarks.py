"""Every benchmark answers ``--help`` with its usage (argparse), and the README names each one.
(``war_throughput.py``, ``war_bench.py`` and ``ecarte_bench.py`` read ``sys.argv`` by hand and
crashed on ``--help`` with "invalid literal for int()".) Nothing is measured here."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = sorted((ROOT / "benchmarks").glob("*.py"))


def test_there_are_seven_benchmarks_and_the_readme_names_them():
    names = [p.name for p in BENCHMARKS]
    assert names == ["classroom.py", "ecarte_bench.py", "ecarte_strength.py", "first_load.py",
                     "tables_latency.py", "war_bench.py", "war_throughput.py"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme.split("## Layout", 1)[1].split("\n## ", 1)[0]
    assert [n for n in names if n not in layout] == []


@pytest.mark.parametrize("path", BENCHMARKS, ids=[p.stem for p in BENCHMARKS])
def test_benchmark_answers_help_with_its_usage(path):
    run = subprocess.run([sys.executable, str(path), "--help"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stderr[-2000:]
    assert re.match(rf"usage: {re.escape(path.name)} \[-h\]", run.stdout), run.stdout[:300]
    assert "Traceback" not in run.stderr

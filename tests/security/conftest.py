"""Security tests against a standalone Voilà on 127.0.0.1, driven by raw websocket clients
(``voila_client.WidgetSession``, tests/voila_client.py) the way an attacker's script would.

Fixtures:

- ``voila`` (session): Voilà serving ``lessons/`` from the repository root (the root
  ``voila.json`` applies; only the Écarté app's preheated pool is shrunk to 1 kernel), with an
  IPython startup file in its kernels (``truth_startup.py``) that records what each table hides.
- ``truth``: ``truth(kernel_id)`` → a :class:`Truth` reading that record.

Every test here is marked ``security``.
"""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from cardkit_serving.launch import start_voila, wait_pool

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.security)


@pytest.fixture(scope="session")
def truth_dir(tmp_path_factory):
    root = tmp_path_factory.mktemp("truth")
    startup = root / "ipython" / "profile_default" / "startup"
    startup.mkdir(parents=True)
    shutil.copy(HERE / "truth_startup.py", startup / "00-cardkit-truth.py")
    (root / "records").mkdir()
    return root


@pytest.fixture(scope="session")
def voila(truth_dir):
    """A running standalone Voilà serving ``lessons/`` (``.url``, ``.log()``)."""
    server = start_voila("lessons", pool={"ecarte_app.ipynb": 1},
                         env={"IPYTHONDIR": str(truth_dir / "ipython"),
                              "CARDKIT_TRUTH_DIR": str(truth_dir / "records")})
    try:
        wait_pool(server, "ecarte_app.ipynb", 1, timeout=180)
        yield server
    finally:
        server.stop()


class Truth:
    """What a kernel's table hid, over time (from ``truth_startup.py``'s records)."""

    def __init__(self, records: Path, kernel_id: str):
        self.records, self.kernel_id = records, kernel_id

    def lines(self) -> list[dict]:
        out = []
        for path in self.records.glob("*.jsonl"):
            for line in path.read_text().splitlines():
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                if rec["kernel"] == self.kernel_id and rec["tables"]:
                    out.append(rec)
        return sorted(out, key=lambda r: r["t"])

    def now(self, timeout: float = 10.0) -> dict:
        """The latest record of the (single) table."""
        end = time.monotonic() + timeout
        while True:
            lines = self.lines()
            if lines:
                return lines[-1]["tables"][0]
            if time.monotonic() > end:
                raise AssertionError(f"no truth recorded for kernel {self.kernel_id}")
            time.sleep(0.1)

    def hidden_throughout(self, t0: float, t1: float) -> set[str]:
        """Cards hidden in every record from the last one before ``t0`` to ``t1``."""
        lines = self.lines()
        before = [r for r in lines if r["t"] <= t0]
        window = ([before[-1]] if before else []) + [r for r in lines if t0 < r["t"] <= t1]
        sets = [set(r["tables"][0]["hidden"]) for r in window]
        return set.intersection(*sets) if sets else set()


    def hidden_this_deal(self, t: float) -> set[str]:
        """Cards hidden in every record of the deal current at ``t`` (from its first record to
        ``t``): a card seen in an earlier deal (a turn-up, a trick) may be hidden again now."""
        lines = [r for r in self.lines() if r["t"] <= t]
        if not lines:
            return set()
        hand = lines[-1]["tables"][0]["hand"]
        sets = []
        for r in reversed(lines):
            if r["tables"][0]["hand"] != hand:
                break
            sets.append(set(r["tables"][0]["hidden"]))
        return set.intersection(*sets)


@pytest.fixture
def truth(truth_dir):
    return lambda kernel_id: Truth(truth_dir / "records", kernel_id)

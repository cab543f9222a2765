#!/usr/bin/env python
"""Click → update in the kernel, page load → table and click → update in the browser, for the
three tables: a baseline checkout's (default: ``main`` of this repository) side by side with this
one's, plus the number of widget models each table creates.

    nice .venv/bin/python benchmarks/tables_latency.py [--baseline REF] [--loads 5] [--flips 20]
                                                       [--clicks 300] [--no-browser]

Both run in this environment: the baseline's ``cardkit`` and ``cardkit_tables`` come first on
``PYTHONPATH`` (a ``git worktree`` of REF in a temporary folder), so only the code differs.

- **In the kernel** (headless, no browser; ``delay=0``, so a click's time includes the computer's
  reply): ``--clicks`` clicks per table, chosen at random (the same choices on both sides) among
  what the table offers (cards, buttons); per click the wall time and the observations built
  (``state.observation`` calls). Prints medians, p95s and the mean observations per click.
- **In the browser** (skipped with ``--no-browser``): each Voilà app is loaded ``--loads`` times
  in Debian's chromium through Playwright ("to table": from ``goto`` to the first card of the
  person's hand, or War's Flip button, being visible); then War's Flip is clicked ``--flips``
  times per load and Écarté's first button (or, with none, the first card you may play) once per
  load ("click → update": from the click until the table shows the answer).

Prints medians and p95s and the ratio after / before. Timings depend on the machine: report them
with its load.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# selectors of each generation of tables: what "the table is there" and "it answered" look like
OLD = {
    "ecarte_app": {"ready": ".ck-hand-south .widget-button",
                   "button": ".ck-ecarte-actions .widget-button, .ck-hand-south .widget-button:not(.ck-unplayable)",
                   "changed": "() => document.querySelector('.ck-whatnow').innerText"},
    "war_app": {"ready": ".ck-war-actions .widget-button", "flip": ".ck-war-actions .widget-button",
                "changed": "() => document.querySelector('.ck-war-counters').innerText"},
    "switch_app": {"ready": ".ck-hand-south .widget-button"},
}
NEW = {
    "ecarte_app": {"ready": ".ck-hand-south .ck-cardbtn",
                   "button": ".ck-actions button:not([aria-disabled='true']), "
                             ".ck-hand-south .ck-cardbtn:not([aria-disabled='true'])",
                   "changed": "() => document.querySelector('.ck-root').dataset.pos"},
    "war_app": {"ready": ".ck-actions [data-key='act:flip']", "flip": ".ck-actions [data-key='act:flip']",
                "changed": "() => document.querySelector('.ck-root').dataset.pos"},
    "switch_app": {"ready": ".ck-hand-south .ck-cardbtn"},
}

MODELS = """
import json, sys
from ipywidgets.widgets import widget
import cardkit_tables
from cardkit_tables import EcarteTable, WarTable, SwitchTable
out = {"where": cardkit_tables.__file__}
for name, make in [("EcarteTable", lambda: EcarteTable(seed=1, delay=0)),
                   ("WarTable", lambda: WarTable(seed=1, delay=0)),
                   ("SwitchTable", lambda: SwitchTable(seed=1, delay=0))]:
    before = len(widget._instances)
    t = make()
    out[name] = len(widget._instances) - before
    states = {k: w.get_state() for k, w in widget._instances.items()}
    out[name + " bytes"] = len(json.dumps(states, default=repr))
    widget.Widget.close_all()
print(json.dumps(out))
"""


KERNEL = """
import json, random, statistics, sys, time
from cardkit import war
from cardkit_tables import EcarteTable, SwitchTable, WarTable

SKIP = {"play to the end", "stop"}


def offers(view, rng):
    # what a person could click now: the cards that may be played and the enabled buttons; while
    # discarding (Écarté), the discard of some cards as the page sends it
    if view.get("mode") == "select":
        codes = [c["code"] for c in view["hand"]]
        acts = ["discard " + " ".join(rng.sample(codes, rng.randint(1, view["select_max"])))]
        return acts + [b["action"] for b in view["actions"] if not b.get("selection")]
    acts = [c["action"] for c in view.get("hand", []) + view.get("top_choice", [])
            if c.get("action") and c.get("playable") and not c.get("idle")]
    for group in ("actions", "calls", "decision", "suits"):
        acts += [b["action"] for b in view.get(group) or []
                 if b.get("action") and b.get("enabled", True) and b["action"] not in SKIP]
    return acts


def run(make, clicks, seed):
    rng = random.Random(seed)
    times, counts, games = [], [], 0
    t = make(games)
    cls = type(t.state)
    original = cls.observation
    built = [0]

    def counted(self, *args, **kwargs):
        built[0] += 1
        return original(self, *args, **kwargs)

    cls.observation = counted
    try:
        while len(times) < clicks:
            options = offers(t.view, rng)
            if not options or t.view.get("mode") == "over":
                t.close()
                games += 1
                t = make(games)
                continue
            action = rng.choice(options)
            built[0] = 0
            start = time.perf_counter()
            t.send_from_page({"do": "act", "action": action, "pos": t.view["pos"]})
            times.append(time.perf_counter() - start)
            counts.append(built[0])
    finally:
        cls.observation = original
    return {"times": times, "observations": counts}


clicks = int(sys.argv[1])
print(json.dumps({
    "kernel ecarte": run(lambda k: EcarteTable(seed=100 + k, delay=0), clicks, 1),
    "kernel switch": run(lambda k: SwitchTable(seed=100 + k, delay=0, players=3), clicks, 2),
    "kernel steal war": run(lambda k: WarTable(war.VARIANTS["steal"](), seed=100 + k, delay=0),
                           clicks, 3),
}))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def serve(root: Path, env: dict) -> tuple[subprocess.Popen, str]:
    port = free_port()
    voila = Path(sys.executable).with_name("voila")
    proc = subprocess.Popen([str(voila), str(root / "lessons"), "--no-browser", f"--port={port}",
                             "--Voila.ip=127.0.0.1"], cwd=root, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "/voila/tree", timeout=2)
            return proc, url
        except Exception:
            time.sleep(0.2)
    raise RuntimeError("Voilà did not start")


def stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(proc.pid, signal.SIGKILL)


def measure(url: str, sel: dict, loads: int, flips: int) -> dict:
    from playwright.sync_api import sync_playwright
    out = {k: [] for k in ("ecarte_app load", "war_app load", "switch_app load", "war flip", "ecarte click")}
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
        for _ in range(loads):
            for app in ("ecarte_app", "war_app", "switch_app"):
                page = b.new_page(viewport={"width": 1280, "height": 800})
                start = time.perf_counter()
                page.goto(f"{url}/voila/render/{app}.ipynb", wait_until="domcontentloaded", timeout=120_000)
                page.locator(sel[app]["ready"]).first.wait_for(state="visible", timeout=120_000)
                out[f"{app} load"].append(time.perf_counter() - start)
                page.wait_for_timeout(1500)          # the computer's first moves
                if app == "war_app":
                    for _i in range(flips):
                        before = page.evaluate(sel[app]["changed"])
                        t0 = time.perf_counter()
                        page.locator(sel[app]["flip"]).filter(has_text="Flip").first.click()
                        page.wait_for_function(f"(b) => ({sel[app]['changed']})() !== b", arg=before, timeout=30_000)
                        out["war flip"].append(time.perf_counter() - t0)
                        page.wait_for_timeout(150)
                if app == "ecarte_app":
                    before = page.evaluate(sel[app]["changed"])
                    t0 = time.perf_counter()
                    page.locator(sel[app]["button"]).first.click()
                    page.wait_for_function(f"(b) => ({sel[app]['changed']})() !== b", arg=before, timeout=30_000)
                    out["ecarte click"].append(time.perf_counter() - t0)
                page.close(run_before_unload=True)
        b.close()
    return out


def kernel(env: dict, clicks: int) -> dict:
    """Per table: each click's seconds and observations built, headless (see the module doc)."""
    r = subprocess.run([sys.executable, "-c", KERNEL, str(clicks)], env=env, capture_output=True,
                       text=True, cwd=tempfile.gettempdir())
    if r.returncode:
        raise RuntimeError(r.stderr)
    return json.loads(r.stdout.strip().splitlines()[-1])


def selectors(root: Path) -> dict:
    """The selectors of the tables in ``root``: the anywidget generation's, or the older
    ipywidgets generation's."""
    source = (root / "widgets" / "cardtable.py").read_text(encoding="utf-8")
    return NEW if "anywidget" in source else OLD


def report(results: dict) -> None:
    """Print the before/after table of ``results`` (``{"before"/"after": {...}}``)."""
    before, after = results["before"], results["after"]
    print(f"{'measure':<18} {'before median/p95':>20} {'after median/p95':>20} {'ratio':>7}")
    for key in after["times"]:
        a, b = before["times"].get(key), after["times"][key]
        if not a or not b:
            continue
        ma, mb = statistics.median(a), statistics.median(b)
        print(f"{key:<18} {ma * 1000:9.1f}/{pct(a, .95) * 1000:6.1f} ms "
              f"{mb * 1000:11.1f}/{pct(b, .95) * 1000:6.1f} ms"
              f" {mb / ma:7.2f}")
    for key, b in after["observations"].items():
        a = before["observations"][key]
        print(f"{key:<18} observations per click: mean {statistics.mean(a):.2f} (max {max(a)}) -> "
              f"{statistics.mean(b):.2f} (max {max(b)})")
    for name in ("EcarteTable", "WarTable", "SwitchTable"):
        print(f"{name:<18} widget models {before['models'][name]:>5} -> "
              f"{after['models'][name]:<5}  state {before['models'][name + ' bytes']:>8} -> "
              f"{after['models'][name + ' bytes']} bytes")
    print("(before from", before["models"]["where"], ")")


def models(env: dict) -> dict:
    r = subprocess.run([sys.executable, "-c", MODELS], env=env, capture_output=True, text=True,
                       cwd=tempfile.gettempdir())
    if r.returncode:
        raise RuntimeError(r.stderr)
    return json.loads(r.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", default="main")
    ap.add_argument("--loads", type=int, default=5)
    ap.add_argument("--flips", type=int, default=20)
    ap.add_argument("--clicks", type=int, default=300, help="kernel clicks per table")
    ap.add_argument("--no-browser", action="store_true", help="measure in the kernel only")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tables-baseline-"))
    base = tmp / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), args.baseline],
                   check=True, capture_output=True)
    try:
        shim = tmp / "shim"
        shim.mkdir()
        (shim / "cardkit").symlink_to(base / "cardkit")
        (shim / "cardkit_tables").symlink_to(base / "widgets")
        env_old = dict(os.environ, PYTHONPATH=str(shim))
        env_new = dict(os.environ)
        env_new.pop("PYTHONPATH", None)
        results = {}
        for label, root, env in (("before", base, env_old), ("after", ROOT, env_new)):
            k = kernel(env, args.clicks)
            times = {key: v["times"] for key, v in k.items()}
            results[label] = {"times": times, "models": models(env),
                              "observations": {key: v["observations"] for key, v in k.items()}}
            if args.no_browser:
                continue
            proc, url = serve(root, env)
            try:
                times.update(measure(url, selectors(root), args.loads, args.flips))
            finally:
                stop(proc)
        report(results)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Binder: the README's badges open files that exist, from the one repository path in
pyproject.toml; and (slow) a fresh virtual environment built from ``binder/`` alone runs the
lessons under nbval, as Binder's image would: the English ones, and one lesson in Punjabi and one in
Kannada, whose text comes from the catalogues the installed package must carry (the main run's
nbval already runs every lesson in every language from the working tree)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import binder_badges  # noqa: E402

README = (ROOT / "README.md").read_text()


def test_readme_badges_are_the_ones_pyproject_makes():
    block = README.split(binder_badges.START, 1)[1].split(binder_badges.END, 1)[0].strip()
    assert block == binder_badges.badge_block(), \
        "README badges are stale: run tools/binder_badges.py --write"


def test_badges_open_jupyterlab_at_start_here_and_voila_at_the_ecarte_app():
    urls = re.findall(r"\((https://mybinder\.org/v2/gh/[^)\s]+)\)", README)
    repo = binder_badges.tomllib.loads((ROOT / "pyproject.toml").read_text())[
        "tool"]["cardkit"]["binder"]["repository"]
    paths = []
    for url in urls:
        parts = urllib.parse.urlsplit(url)
        assert parts.path.startswith(f"/v2/gh/{repo}/"), url
        (raw,) = re.findall(r"urlpath=([^&]+)", parts.query)
        assert not raw.lower().startswith(("%2f", "/")), f"leading slash 404s (voila#776): {url}"
        paths.append(urllib.parse.unquote(raw))
    assert sorted(paths) == ["lab/tree/lessons/00_start_here.ipynb",
                             "voila/render/lessons/ecarte_app.ipynb"]
    for p in paths:
        target = ROOT / p.split("/", 2)[2]
        assert target.is_file(), target


@pytest.mark.slow
def test_fresh_venv_from_binder_runs_the_lessons(tmp_path):
    """Build a venv from binder/requirements.txt only (plus pytest and nbval to run the
    checks), from the repository root as repo2docker does, and run the lessons' nbval."""
    venv = tmp_path / "binder-venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    pip = [str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, "-r", "binder/requirements.txt", "pytest", "nbval"], cwd=ROOT,
                   check=True, timeout=900)
    # the environment holds what binder/ asked for, nothing from the developer's .venv
    out = subprocess.run([str(py), "-c", "import cardkit, cardkit_tables, cardkit_lessons, voila, ipywidgets; "
                          "print(cardkit.__file__)"], capture_output=True, text=True, check=True,
                         cwd=tmp_path)
    assert str(venv) in out.stdout, out.stdout
    # the page template voila.json names is installed with the project
    assert (venv / "share/jupyter/voila/templates/cardkit/index.html.j2").is_file()
    assert (venv / "share/jupyter/voila/templates/cardkit/static/rule-cards/war.html").is_file()
    ext = subprocess.run([str(venv / "bin" / "jupyter"), "server", "extension", "list"],
                         capture_output=True, text=True)
    assert "voila" in ext.stdout + ext.stderr
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    notebooks = [*sorted(str(p.relative_to(ROOT)) for p in (ROOT / "lessons").glob("*.ipynb")),
                 "lessons/pa/02_war.ipynb", "lessons/kn/02_war.ipynb"]
    assert len(notebooks) == 13, notebooks
    run = subprocess.run([str(py), "-m", "pytest", "--nbval", *notebooks,
                          "-p", "no:cacheprovider", "-o", "addopts="],
                         cwd=ROOT, capture_output=True, text=True, env=env, timeout=1800)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert re.search(r"\d+ passed", run.stdout), run.stdout[-2000:]
    # Punjabi and Kannada text came out of the installed catalogues (nbval compared it)
    assert "lessons/pa/02_war.ipynb" in run.stdout and "lessons/kn/02_war.ipynb" in run.stdout, run.stdout[-2000:]

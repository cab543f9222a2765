"""The README's Binder badges, made from ``[tool.cardkit.binder]`` in pyproject.toml.

    .venv/bin/python tools/binder_badges.py           # print the badge block
    .venv/bin/python tools/binder_badges.py --write   # rewrite it in README.md

Two badges: JupyterLab at the start-here lesson (``urlpath=lab/tree/…``) and the Écarté app in
Voilà (``urlpath=voila/render/…``). ``urlpath`` never starts with a slash: mybinder then
redirects Voilà to ``/tree/voila/…``, a 404 (voila#776). The block sits between the
``<!-- binder-badges -->`` and ``<!-- /binder-badges -->`` lines of README.md.
"""
from __future__ import annotations

import sys
import tomllib
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START, END = "<!-- binder-badges -->", "<!-- /binder-badges -->"
TARGETS = (("JupyterLab: start here", "lab/tree/lessons/00_start_here.ipynb"),
           ("Voilà: play Écarté", "voila/render/lessons/ecarte_app.ipynb"))


def badge_block() -> str:
    """The Markdown between the markers (without them)."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["cardkit"]["binder"]
    base = f"https://mybinder.org/v2/gh/{conf['repository']}/{conf['ref']}"
    lines = [f"[![Binder: {label}](https://mybinder.org/badge_logo.svg)]"
             f"({base}?urlpath={urllib.parse.quote(path, safe='')}) {label}"
             for label, path in TARGETS]
    return "\n\n".join(lines)


def write_readme() -> bool:
    """Put the block in README.md; True when it changed."""
    path = ROOT / "README.md"
    text = path.read_text()
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    new = f"{head}{START}\n{badge_block()}\n{END}{tail}"
    path.write_text(new)
    return new != text


if __name__ == "__main__":
    if "--write" in sys.argv:
        print("README.md updated" if write_readme() else "README.md already up to date")
    else:
        print(badge_block())

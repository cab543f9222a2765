"""The README's Binder badges, made from ``[tool.cardkit.binder]`` in pyproject.toml.

    .venv/bin/python tools/binder_badges.py           # print the badge block
    .venv/bin/python tools/binder_badges.py --write   # rewrite it in README.md and the lessons' sources

Two badges: JupyterLab at the start-here lesson (``urlpath=lab/tree/…``) and the Écarté app in
Voilà (``urlpath=voila/render/…``). :func:`lesson_badges` gives the same pair for one lesson as text links (its
"For teachers" section carries them; tests/lessons/test_lessons.py checks they match this file):

    .venv/bin/python tools/binder_badges.py --lesson 01_ecarte.ipynb

``urlpath`` never starts with a slash: mybinder then redirects Voilà to ``/tree/voila/…``, a 404
(voila#776). The block sits between the ``<!-- binder-badges -->`` and ``<!-- /binder-badges -->``
lines of README.md, and of each lesson source that carries it.
"""
from __future__ import annotations

import re
import sys
import tomllib
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START, END = "<!-- binder-badges -->", "<!-- /binder-badges -->"
TARGETS = (("JupyterLab: start here", "lab/tree/lessons/00_start_here.ipynb"),
           ("Voilà: play Écarté", "voila/render/lessons/ecarte_app.ipynb"))


def binder_url(path: str) -> str:
    """The mybinder.org address that opens ``path`` (``lab/tree/…`` or ``voila/render/…``, no
    leading slash) in the repository and ref of ``[tool.cardkit.binder]``."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["cardkit"]["binder"]
    base = f"https://mybinder.org/v2/gh/{conf['repository']}/{conf['ref']}"
    return f"{base}?urlpath={urllib.parse.quote(path, safe='')}"


def _badge(label: str, path: str) -> str:
    return f"[![Binder: {label}](https://mybinder.org/badge_logo.svg)]({binder_url(path)}) {label}"


def badge_block() -> str:
    """The Markdown between the markers (without them)."""
    return "\n\n".join(_badge(label, path) for label, path in TARGETS)


def lesson_badges(notebook: str) -> str:
    """Two Binder links for ``lessons/<notebook>``, on one line: the lesson in JupyterLab, and the
    same lesson as a Voilà page (text and live tables, no code) to hand to a class. Plain text
    links, not badge images: a lesson page must not fetch anything from the internet (offline
    classrooms, and the browser tests fail on a failed request)."""
    return (f"[open it in JupyterLab on Binder]({binder_url(f'lab/tree/lessons/{notebook}')}) · "
            f"[open it as a Voilà page on Binder]({binder_url(f'voila/render/lessons/{notebook}')})")


def _replace_block(text: str, block: str) -> str:
    """``text`` with ``block`` between the markers, indented as the START marker is (so the
    links stay inside the Markdown list item that holds them)."""
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    indent = head[head.rfind("\n") + 1:]
    indent = indent if not indent.strip() else ""
    return f"{head}{START}\n{indent}{block}\n{indent}{END}{tail}"


def write_lessons() -> list[Path]:
    """Put :func:`lesson_badges` between the markers of every lesson source (``lessons/*.md``)
    that has them, and point every other mybinder.org link in them (the start-here table) at
    the repository and ref of ``[tool.cardkit.binder]``; return the sources that changed (then
    run tools/run_notebooks.py on them, which writes their notebooks)."""
    base = binder_url("").split("?")[0]
    changed = []
    for md in sorted((ROOT / "lessons").glob("*.md")):
        text = md.read_text(encoding="utf-8")
        if not text.startswith("---\njupyter:"):       # not a lesson source (lessons/README.md)
            continue
        new = re.sub(r"https://mybinder\.org/v2/gh/[^/\s]+/[^/\s]+/[^?\s)]+(?=\?)", base, text)
        if START in new:
            new = _replace_block(new, lesson_badges(md.with_suffix(".ipynb").name))
        if new != text:
            md.write_text(new, encoding="utf-8")
            changed.append(md)
    return changed


def write_readme() -> bool:
    """Put the block in README.md; True when it changed."""
    path = ROOT / "README.md"
    text = path.read_text()
    new = _replace_block(text, badge_block())
    path.write_text(new)
    return new != text


if __name__ == "__main__":
    if "--lesson" in sys.argv:
        print(lesson_badges(sys.argv[sys.argv.index("--lesson") + 1]))
    elif "--write" in sys.argv:
        print("README.md updated" if write_readme() else "README.md already up to date")
        for md in write_lessons():
            print(f"{md.relative_to(ROOT)} updated: run tools/run_notebooks.py {md.relative_to(ROOT)}")
    else:
        print(badge_block())

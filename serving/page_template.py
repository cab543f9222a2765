"""Where Voilà finds the page template ``cardkit``, and what happens when it cannot.

Voilà looks for the template ``VoilaConfiguration.template`` names (``cardkit``, in
``voila.json``) only in ``<dir>/voila/templates/<name>`` for each ``dir`` of
``jupyter_core.paths.jupyter_path()``: the user's Jupyter data folder, ``<sys.prefix>/share/
jupyter`` and the system's. Nothing configurable adds a folder: Voilà rebuilds its
``template_paths`` from those folders at start-up, and looks a template's static files (the rule
cards) up there again at every request.

A regular install (``pip install .``: Binder, a hub) copies ``serving/templates/cardkit`` to
``<sys.prefix>/share/jupyter/voila/templates/cardkit`` (pyproject.toml's data-files). An editable
install (``pip install -e .``) copies no data files, and Voilà then quietly renders with its base
template: the first page request hangs (the log says ``TemplateNotFound``) and later ones get a
bare "500: Internal Server Error". So the classroom kernel manager checks at start-up
(:func:`require`) and stops Voilà with a sentence saying what to run:
``python -m cardkit_serving.page_template``, which links the repository's template folder where
Voilà looks (:func:`link`; ``./dev`` runs it too). See docs/architecture.md "Serving".
"""
from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from jupyter_core.paths import jupyter_path

__all__ = ["NAME", "SOURCE", "find", "link", "missing_message", "require"]

#: the template voila.json names
NAME = "cardkit"
#: the template's folder in the repository (an editable install imports from the repository)
SOURCE = Path(__file__).resolve().parent / "templates" / NAME


def _roots(roots: Iterable[str | Path] | None) -> list[Path]:
    return [Path(r) for r in (jupyter_path() if roots is None else roots)]


def find(name: str = NAME, roots: Iterable[str | Path] | None = None) -> Path | None:
    """The folder ``<root>/voila/templates/<name>`` Voilà would use (the first root that has it,
    in ``jupyter_path()`` order unless ``roots`` is given), or None when no root has it."""
    for root in _roots(roots):
        folder = root / "voila" / "templates" / name
        if folder.is_dir():
            return folder
    return None


def missing_message(name: str = NAME, roots: Iterable[str | Path] | None = None) -> str:
    """The sentence Voilà stops with when template ``name`` is in none of ``roots``."""
    looked = ", ".join(str(r / "voila" / "templates") for r in _roots(roots))
    return (f"Voilà cannot find the page template '{name}' that voila.json names (it looked in "
            f"{looked}). An editable install (pip install -e .) does not copy it there: run "
            f"`{sys.executable} -m cardkit_serving.page_template` once (it links "
            f"serving/templates/{name} into {Path(sys.prefix) / 'share' / 'jupyter'}), or use "
            f"./dev app, or install with `pip install .`.")


def require(name: str = NAME, roots: Iterable[str | Path] | None = None) -> Path:
    """The template's folder; raises ``SystemExit`` with :func:`missing_message` (exit status 1,
    the sentence on stderr, no traceback) when Voilà would not find it."""
    found = find(name, roots)
    if found is None:
        raise SystemExit(missing_message(name, roots))
    return found


def link(prefix: str | Path | None = None, source: Path = SOURCE) -> Path:
    """Make ``<prefix>/share/jupyter/voila/templates/<source's name>`` a symbolic link to
    ``source`` (default prefix: ``sys.prefix``, this environment) and return the link; an
    existing folder or working link there is left as it is, a dangling link replaced. Raises
    ``FileNotFoundError`` when ``source`` is not a folder (a regular install ships the template
    under share/ instead)."""
    if not (source / "index.html.j2").is_file():
        raise FileNotFoundError(f"no page template at {source}")
    target = Path(sys.prefix if prefix is None else prefix) / "share" / "jupyter" / "voila" / "templates"
    target.mkdir(parents=True, exist_ok=True)
    dest = target / source.name
    if dest.is_symlink() and not dest.exists():
        dest.unlink()                       # a link left dangling (the repository moved)
    if not dest.exists():
        dest.symlink_to(source, target_is_directory=True)
    return dest


def main() -> int:
    """``python -m cardkit_serving.page_template``: link the template unless Voilà finds it."""
    found = find()
    if found is None:
        found = link()
        print(f"linked {found} -> {SOURCE}")
    else:
        print(f"Voilà finds the page template '{NAME}' at {found}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

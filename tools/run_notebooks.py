#!/usr/bin/env python
"""Execute notebooks in place, so that their stored outputs are exactly what ``pytest --nbval``
will compare.

    .venv/bin/python tools/run_notebooks.py                        # every lessons/**/*.ipynb
    .venv/bin/python tools/run_notebooks.py lessons/01_ecarte.md   # just these (source or notebook)

A lesson's source is its jupytext Markdown file (``lessons/NN_name.md``, see lessons/README.md).
When a notebook has one, the notebook is first written from it (``jupytext --to ipynb --update``:
the text and code come from the source, cell ids and metadata stay), then executed. If the
notebook's cells differ from its source and the notebook is the newer file (edited in JupyterLab
without jupytext), nothing is overwritten: run ``jupytext --sync`` first.

Runs each notebook the way nbval does: a kernel from the running interpreter's environment (like
``--nbval-current-env``), started in the notebook's own folder, cells in order, skipping the cells
nbval skips (``# NBVAL_SKIP`` / tag ``nbval-skip``) and letting the cells nbval expects to raise
(``# NBVAL_RAISES_EXCEPTION`` / tags ``nbval-raises-exception``, ``raises-exception``) raise. The
notebook's kernelspec stays as it is (``python3``, for JupyterLab and Voilà); no widget state is
stored (a table is live only with a kernel: each lesson says at its top how to run it, and the
stored notebook stays small), and a widget output is stored as its plain text only (what JupyterLab
shows before the notebook runs: "An Écarté table — it comes to life when the notebook runs …",
instead of "Error displaying widget: model not found"); no timing metadata is written. Exits 1 if a
cell fails.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import ipykernel.kernelspec
import jupytext
import jupytext.cli
import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from traitlets import default

ROOT = Path(__file__).resolve().parent.parent
CURRENT_ENV = ":cardkit-current-env"
TIMEOUT = 300  # seconds per cell, as in the pytest settings (conftest.py)


class _CurrentEnvSpecs(KernelSpecManager):
    """Kernel specs plus one for ipykernel in this interpreter's environment."""

    def get_kernel_spec(self, kernel_name):
        if kernel_name == CURRENT_ENV:
            return self.kernel_spec_class(resource_dir=ipykernel.kernelspec.RESOURCES,
                                          **ipykernel.kernelspec.get_kernel_dict())
        return super().get_kernel_spec(kernel_name)


def _markers(cell) -> set[str]:
    """nbval's markers of a cell: comment lines (``# NBVAL_SKIP``) and tags, lower-cased."""
    found = {t.lower() for t in cell.get("metadata", {}).get("tags", [])}
    for line in cell.get("source", "").splitlines():
        line = line.strip()
        if line.startswith("#"):
            word = line.lstrip("#").strip().lower()
            if word.startswith(("nbval_", "pytest_validate_")):
                found.add(word.replace("_", "-"))
    return found


class _CurrentEnvKernelManager(AsyncKernelManager):
    @default("kernel_spec_manager")
    def _kernel_spec_manager_default(self):
        return _CurrentEnvSpecs(data_dir=self.data_dir)


class _NbvalLikeClient(NotebookClient):
    """Runs cells as nbval does: skips the skipped ones, lets the expected exceptions raise."""

    async def async_execute_cell(self, cell, cell_index, execution_count=None, store_history=True):
        marks = _markers(cell)
        if cell.cell_type != "code" or "nbval-skip" in marks:
            return cell
        added = ("nbval-raises-exception" in marks
                 and "raises-exception" not in cell.metadata.get("tags", []))
        if added:
            cell.metadata.setdefault("tags", []).append("raises-exception")
        try:
            return await super().async_execute_cell(cell, cell_index, execution_count,
                                                    store_history)
        finally:
            if added:
                cell.metadata.tags.remove("raises-exception")
                if not cell.metadata.tags:
                    del cell.metadata["tags"]


class StaleSource(Exception):
    """The notebook was edited after its Markdown source and the two differ."""


def source_of(notebook: Path) -> Path | None:
    """The jupytext Markdown source paired with ``notebook`` (same name, ``.md``), or None."""
    md = notebook.with_suffix(".md")
    return md if md.exists() and md.read_text(encoding="utf-8").startswith("---\njupyter:") else None


def cells_of(nb) -> list[tuple[str, str, dict]]:
    """What a source and its notebook must share: each cell's type, source and the metadata a
    reader sees (``jupyter.source_hidden``, tags)."""
    keep = ("jupyter", "tags")
    return [(c.cell_type, c.source, {k: c.metadata[k] for k in keep if k in c.metadata})
            for c in nb.cells]


def write_from_source(notebook: Path) -> bool:
    """Write ``notebook`` from its Markdown source (outputs, ids and metadata kept); True when a
    source exists. Raises :class:`StaleSource` when the notebook is newer and differs."""
    md = source_of(notebook)
    if md is None:
        return False
    source = jupytext.read(md)
    if notebook.exists():
        current = nbformat.read(notebook, as_version=4)
        if cells_of(current) != cells_of(source) and notebook.stat().st_mtime > md.stat().st_mtime:
            raise StaleSource(f"{notebook} is newer than {md} and differs from it: "
                              f"run `jupytext --sync {notebook}` (or edit the .md) first")
    jupytext.cli.jupytext(["--quiet", "--to", "ipynb", "--update", str(md)])
    return True


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def store_widgets_as_text(nb) -> int:
    """Keep each widget output as its plain text only (cardkit_tables.live_note: "An Écarté
    table — it comes to life when the notebook runs …"): a stored widget view, whose model is
    not in the notebook, is drawn by JupyterLab as "Error displaying widget: model not found".
    nbval does not compare widget views (their model ids are random). Returns how many."""
    n = 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if WIDGET_VIEW in out.get("data", {}):
                del out["data"][WIDGET_VIEW]
                n += 1
    return n


def run_notebook(path: Path, timeout: int = TIMEOUT) -> float:
    """Execute ``path`` in place; return the seconds it took. Raises ``CellExecutionError``."""
    nb = nbformat.read(path, as_version=4)
    client = _NbvalLikeClient(nb, kernel_name=CURRENT_ENV,
                              kernel_manager_class=_CurrentEnvKernelManager, timeout=timeout, record_timing=False,
                              store_widget_state=False,
                              resources={"metadata": {"path": str(path.parent.resolve())}})
    start = time.perf_counter()
    client.execute()
    took = time.perf_counter() - start
    nb.metadata.pop("widgets", None)
    store_widgets_as_text(nb)
    nbformat.write(nb, path)
    return took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path,
                        help="notebooks or folders (default: lessons/)")
    parser.add_argument("--timeout", type=int, default=TIMEOUT, help="seconds per cell")
    args = parser.parse_args(argv)
    paths = args.paths or [ROOT / "lessons"]
    notebooks = []
    for p in paths:
        if p.is_dir():
            notebooks += sorted(q for q in p.rglob("*.ipynb") if ".ipynb_checkpoints" not in q.parts)
        elif p.suffix == ".ipynb" and p.exists():
            notebooks.append(p)
        elif p.suffix == ".md" and source_of(p.with_suffix(".ipynb")) is not None:
            notebooks.append(p.with_suffix(".ipynb"))
        else:
            parser.error(f"not a notebook or folder: {p}")
    failed = 0
    for nb in notebooks:
        try:
            write_from_source(nb)
            took = run_notebook(nb, args.timeout)
        except StaleSource as e:
            failed += 1
            sys.stderr.write(f"NOT RUN: {e}\n")
        except CellExecutionError as e:
            failed += 1
            sys.stderr.write(f"FAILED {nb}:\n{e}\n")
        else:
            sys.stdout.write(f"ran {nb} in {took:.1f} s\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python
"""Write the Écarté app notebook (and re-execute it with tools/run_notebooks.py afterwards).

The lesson notebook is written by tools/make_ecarte_lesson.py. Notebooks are generated from code
so that their text can be reviewed in one place; run both, then
``.venv/bin/python tools/run_notebooks.py lessons/ecarte_app.ipynb lessons/01_ecarte.ipynb``.
"""
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HIDDEN = {"jupyter": {"source_hidden": True}}


def app() -> nbformat.NotebookNode:
    nb = new_notebook()
    nb.metadata.update({"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                        "language_info": {"name": "python"}, "voila": {"template": "lab"}})
    nb.cells = [
        new_markdown_cell("# Écarté against the computer\n\n"
                          "Win tricks with your five cards: follow suit and beat the card led if you "
                          "can, trumps beat everything else, and the first to 5 points wins — the "
                          "**What now** line under your hand always says what you may do."),
        new_code_cell("from widgets import EcarteTable\n\nEcarteTable()", metadata=HIDDEN),
    ]
    return nb


if __name__ == "__main__":
    out = Path(__file__).resolve().parent.parent / "lessons" / "ecarte_app.ipynb"
    nbformat.write(app(), out)
    print("wrote", out)

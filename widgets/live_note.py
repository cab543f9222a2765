"""What a lesson's notebook shows in place of a live widget before it runs.

A notebook keeps its outputs but not its widgets' models (those live in the kernel), so JupyterLab
draws a stored widget output as "Error displaying widget: model not found" until the notebook
runs. ``tools/run_notebooks.py`` therefore stores a lesson's widget outputs as their plain text
only, and each lesson widget's plain text says what it is and how to bring it to life, in the
same words as the lesson's first cell. The live page (JupyterLab after Run All Cells, Voilà) draws
the widget as always: the widget output is only left out of the *stored* notebook (nbval does not
compare it: model ids are random).
"""
from __future__ import annotations

import contextlib
from typing import Any

from cardkit.i18n import N_, _

#: what every stored lesson widget says after its name, in English (tests find the widget cells
#: by it, in each language: ``_(SAYS)``)
SAYS = N_("it comes to life when the notebook runs (Run ▸ Run All Cells).")
LIVE_NOTE = N_("{what} — it comes to life when the notebook runs (Run ▸ Run All Cells).")


def live_note(what: str) -> str:
    """The plain text stored for a widget, in the language in force (``what`` is translated):

    >>> live_note("An Écarté table")
    'An Écarté table — it comes to life when the notebook runs (Run ▸ Run All Cells).'
    """
    return _(LIVE_NOTE).format(what=_(what))


class LiveNote:
    """Mixin for a lesson widget (before ``ipywidgets.DOMWidget`` or ``anywidget.AnyWidget`` in
    the bases): its ``text/plain`` representation is :func:`live_note` of ``live_note_what``
    instead of its ``repr`` (which stays the developer's)."""

    live_note_what = N_("A live table")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]  # (the widget's, after this mixin)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict) and "text/plain" in data:
            speaking = getattr(self, "speaking", None)     # a table: in its own language
            with speaking() if speaking is not None else contextlib.nullcontext():
                data["text/plain"] = live_note(self.live_note_what)
        return bundle

"""The look of a lesson's demos (the outputs between its tables): rows of a label and cards or
words, in plain HTML with inline styles, at most :data:`MAX_WIDTH` pixels wide and left-aligned.

JupyterLab right-aligns the cells of an HTML ``<table>`` in an output and lets a wide one overflow
(a 37-card stock drawn in one table row came out 1,220 px wide in a 934 px output, with empty rows).
These rows are flex boxes instead: cards wrap onto new lines, and text reads from the left.
"""
from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from IPython.display import HTML

from cardkit.cards import Card, card_html

__all__ = ["MAX_WIDTH", "box", "cards", "row", "sentences"]

#: the widest a demo may be, in CSS pixels (a JupyterLab output at 1280 px is about 934 px wide)
MAX_WIDTH = 880

_BOX = f"max-width:{MAX_WIDTH}px;text-align:left;font-size:14px;line-height:1.9"
_ROW = "display:flex;gap:10px;align-items:flex-start;margin:2px 0"
_LABEL = "flex:0 0 170px;text-align:left"
_CONTENT = "display:flex;flex-wrap:wrap;gap:1px;text-align:left;min-width:0"


def cards(hand: Sequence[Card]) -> str:
    """The cards as small faces (:func:`cardkit.cards.card_html`), or ``—`` for none (HTML)."""
    return "".join(card_html(c) for c in hand) or "—"


def row(label: str, content_html: str, *, bold: bool = False) -> str:
    """One row: ``label`` (plain text, escaped here) and ``content_html`` (HTML: cards or
    already-escaped words), the content wrapping within the row."""
    text = html.escape(label)
    text = f"<b>{text}</b>" if bold else text
    return (f'<div style="{_ROW}"><div style="{_LABEL}">{text}</div>'
            f'<div style="{_CONTENT}">{content_html}</div></div>')


def sentences(lines: Iterable[str]) -> str:
    """Plain sentences (escaped here), one paragraph each (HTML)."""
    return "".join(f'<p style="margin:2px 0;text-align:left">{html.escape(t)}</p>' for t in lines)


def box(*parts: str) -> HTML:
    """The parts (HTML) in one left-aligned box at most :data:`MAX_WIDTH` pixels wide."""
    return HTML(f'<div class="cardkit-demo" style="{_BOX}">' + "".join(parts) + "</div>")

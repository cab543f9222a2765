"""cardkit's ipywidgets card tables and the shared parts they are built from.

The folder is ``widgets/``; the import name is ``cardkit_tables`` (prefixed with the
distribution's name so that it cannot clash with another distribution's top-level package).
Import ipywidgets itself as ``ipw``. A table draws only
``state.observation(seat)``; see DESIGN.md "Widgets".
"""
from pathlib import Path as _Path

from .parts import (ActionBar, CardView, HandView, LogView, PileView, ScoreBoard, Style,
                    TableBase, WhatNow, card_label, card_words, safe_handler, table_css)

__all__ = ["ActionBar", "CardView", "HandView", "LogView", "PileView", "ScoreBoard", "Style",
           "TableBase", "WhatNow", "card_label", "card_words", "safe_handler", "table_css"]

# The game tables, each imported once its module exists.
_here = _Path(__file__).parent
if (_here / "ecarte_table.py").exists():
    from .ecarte_table import EcarteTable
    __all__.append("EcarteTable")
if (_here / "war_table.py").exists():
    from .war_table import WarTable
    __all__.append("WarTable")
if (_here / "switch_table.py").exists():
    from .switch_table import SwitchTable
    __all__.append("SwitchTable")
from .quiz import Quiz
__all__.append("Quiz")

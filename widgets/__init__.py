"""cardkit's card tables: one anywidget model per table, drawn from a seat's observation.

The folder is ``widgets/``; the import name is ``cardkit_tables`` (prefixed with the
distribution's name so that it cannot clash with another distribution's top-level package).

- :class:`EcarteTable`, :class:`WarTable`, :class:`SwitchTable` — the tables;
- :class:`Quiz` — the lessons' "your turn" question;
- :class:`Task` — a "your turn" task on a live table (``EcarteTable(deck=…, task=Task(…))``):
  predict, then see;
- :class:`CardTable`, :class:`Controller` — what the tables share (``cardtable.py``,
  ``controller.py``); the front end is in ``static/`` (no build step, nothing from the internet).

A table reads only ``state.observation(seat)`` and changes the game only through ``apply``; see
docs/architecture.md "A click's path".
"""
from .cardtable import CardTable, card_json, card_words, sort_hand
from .controller import Controller
from .ecarte_table import EcarteTable
from .quiz import Quiz
from .switch_table import SwitchTable
from .task import Task
from .war_table import WarTable

__all__ = ["CardTable", "Controller", "EcarteTable", "Quiz", "SwitchTable", "Task", "WarTable",
           "card_json", "card_words", "sort_hand"]

"""What a stored lesson shows in place of each widget before it runs (cardkit_tables.live_note),
and that a table's repr stays the developer's."""
from __future__ import annotations

from cardkit_tables import EcarteTable, Quiz, SwitchTable, WarTable

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _bundle(widget) -> dict:
    b = widget._repr_mimebundle_()
    return b[0] if isinstance(b, tuple) else b


def test_each_table_and_quiz_says_how_to_bring_it_to_life():
    for widget, what in ((EcarteTable(seed=1, delay=0), "An Écarté table"),
                         (WarTable(seed=1, delay=0), "A War table"),
                         (SwitchTable(seed=1, delay=0), "A Switch table"),
                         (Quiz("Which?", ["a", "b"], "a", right="Yes."), "A quiz")):
        data = _bundle(widget)
        assert data["text/plain"] == f"{what} — it comes to life when the notebook runs (Run ▸ Run All Cells)."
        assert data[WIDGET_VIEW]["model_id"] == widget.model_id      # the live view is unchanged
    assert repr(WarTable(seed=1, delay=0)) == "WarTable(seat=0, rules='classic')"

"""What every table shares (``cardkit_tables.cardtable``): preferences from the page, which are
untrusted like every message."""
from __future__ import annotations

import pytest

from cardkit_tables import EcarteTable, SwitchTable, WarTable


@pytest.mark.parametrize("make", [lambda: EcarteTable(seed=1, delay=0), lambda: WarTable(seed=1, delay=0),
                                  lambda: SwitchTable(seed=1, delay=0)], ids=["ecarte", "war", "switch"])
@pytest.mark.parametrize("name", [["animate"], {"a": 1}, None, 3])
def test_a_forged_preference_name_changes_nothing(make, name):
    """A name that is not a string (a list could not even be looked up: it raised TypeError in
    the message handler) is ignored, as an unknown name is."""
    t = make()
    before = dict(t.view)
    t.send_from_page({"do": "pref", "name": name, "value": False})
    assert t.view == before
    assert t.prefs["animate"] is True


def test_a_preference_is_drawn_at_once_and_beginner_mode_shows_every_hand():
    t = SwitchTable(seed=1, delay=0)
    t.send_from_page({"do": "pref", "name": "four_colour", "value": True})
    assert t.view["prefs"]["four_colour"] is True
    assert all(o["faces"] == [] for o in t.view["opponents"])
    t.send_from_page({"do": "pref", "name": "beginner", "value": True})
    hands = t.state.observation(0, reveal=True).hands
    assert [len(o["faces"]) for o in t.view["opponents"]] == [len(hands[1])]
    t.send_from_page({"do": "pref", "name": "beginner", "value": False})
    assert all(o["faces"] == [] for o in t.view["opponents"])

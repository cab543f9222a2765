"""Écarté's rules as data (RULES.md §3): options, presets, labels, and rules of another game.
"""
import pytest

from cardkit.ecarte import EcarteRules, EcarteState, new_game
from harness import play



def test_target_option_and_presets():
    assert EcarteRules.standard() == EcarteRules()
    c = EcarteRules.classic(target=7)
    assert (c.name, c.must_trump, c.scoring, c.target) == ("classic", True, "classic", 7)
    s = new_game(EcarteRules(target=7), seed=1)
    assert s.rules.target == 7


def test_packets_option_survives_json_and_rules_presets():
    r = EcarteRules.classic(target=7, packets=(2, 3))
    assert (r.name, r.must_trump, r.scoring, r.target, r.packets) == ("classic", True, "classic", 7, (2, 3))
    s = EcarteRules.standard()
    assert (s.name, s.must_trump, s.scoring, s.target, s.packets) == ("standard", False, "standard", 5, (3, 2))
    g = play(new_game(r, seed=11), "stand")
    back = EcarteState.from_json(g.to_json())
    assert back.rules == r and back.hands == g.hands and back.to_json() == g.to_json()


# ------------------------------------------------------------------ labels (issue 17, bug 1)
def test_a_label_says_what_the_rules_are():
    # the presets, with any target: their own labels
    assert EcarteRules.standard().label == "Standard"
    assert EcarteRules.standard(target=7).label == "Standard"
    assert EcarteRules.classic(target=10).label == "Classic (must trump)"
    # a preset's name with other options is not that preset: "Custom" and how it differs from the
    # standard rules (it said "Standard")
    assert EcarteRules.standard(must_trump=True).label == "Custom (must trump)"
    assert EcarteRules.standard(packets=(2, 3), must_trump=True).label == "Custom (must trump, dealt 2+3)"
    assert EcarteRules.classic(packets=(2, 3)).label == "Custom (must trump, classic scoring, dealt 2+3)"
    assert EcarteRules.classic(must_trump=False).label == "Custom (classic scoring)"
    # rules with their own name keep it
    assert EcarteRules(name="house", must_trump=True).label == "house (must trump)"
    assert EcarteRules(name="house").label == "house"
    # the name is kept as given: only the label tells
    assert EcarteRules.standard(must_trump=True).name == "standard"
    assert not EcarteRules.standard(must_trump=True).is_preset and EcarteRules.classic(target=7).is_preset


def test_the_observation_shows_the_rules_label():
    s = new_game(EcarteRules.standard(packets=(2, 3), must_trump=True), seed=1)
    rules = s.observation(0).rules
    assert (rules.name, rules.label) == ("standard", "Custom (must trump, dealt 2+3)")
    assert rules.options["must_trump"] is True and rules.options["packets"] == [2, 3]


def test_rules_of_another_game_are_refused_naming_both():
    from cardkit import switch, war
    with pytest.raises(TypeError, match="Écarté needs EcarteRules, not WarRules"):
        new_game(war.WarRules.classic())
    with pytest.raises(TypeError, match="Écarté needs EcarteRules, not SwitchRules"):
        new_game(switch.SwitchRules())
    with pytest.raises(TypeError, match="Écarté needs EcarteRules, not str"):
        new_game("classic")
    assert new_game(None, seed=1).rules == EcarteRules.standard()

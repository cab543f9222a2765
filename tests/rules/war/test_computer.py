"""War's computer player (RULES.md §1.9, §1.10): it decides from ``observation(seat)`` alone.
"""

import numpy as np
import pytest

from cardkit import Action
from cardkit.core import Player
from cardkit.war import WarComputer, WarRules, computer_player

from .helpers import cards, flip, game


def test_computer_player_chooses_from_the_observation():
    cp = computer_player("hard", seed=0)
    g = flip(game(WarRules.steal(), "7S 2C", "KH 3D", piles=[[], cards("7H 4H")]))
    assert cp.choose(g.observation(0)) == Action("steal")
    g = flip(game(WarRules.steal(), "JOKER 2C", "4H 3D"))
    assert cp.choose(g.observation(0)) == Action.parse("top JOKER")   # only 2 jokers exist
    with pytest.raises(ValueError, match="level"):
        computer_player("expert")


def test_slap_computer_timing_is_seeded():
    a, b = computer_player("easy", seed=3), computer_player("easy", seed=3)
    assert a.slap_delay() == b.slap_delay()
    fast = computer_player("hard", seed=1)
    assert np.mean([fast.slap_delay() for _ in range(400)]) == pytest.approx(0.45, rel=0.1)


def test_computer_is_a_player_made_with_level_and_seed():
    cp = WarComputer(level="hard", seed=3)
    assert isinstance(cp, Player) and (cp.level, cp.mean) == ("hard", 0.45)
    g = game(WarRules.classic(), "KD 2C", "4S 3H")
    assert cp.choose(g.observation(0)) == Action("flip")            # no decision: flip
    # the same seed, the same slap decisions (reaction times drawn from the player's own RNG)
    a, b = WarComputer(level="easy", seed=9), WarComputer(level="easy", seed=9)
    assert [a.slap_delay() for _ in range(5)] == [b.slap_delay() for _ in range(5)]
    with pytest.raises(ValueError, match="no decision to make"):
        cp.choose(flip(game(WarRules.classic(), "AC", "KS")).observation(0))

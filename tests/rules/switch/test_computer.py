"""Switch (RULES.md §2): the computer player (:class:`cardkit.switch.SwitchComputer`, a
:class:`cardkit.core.Player`) chooses from its seat's observation only.

Every expected value was worked out by hand from the stacked cards (tests/rules/switch/deals.py).
"""
import pytest
from harness import play

from cardkit import Action
from cardkit.core import Player
from cardkit.switch import SwitchComputer, SwitchRules, computer_player, new_game, play_out

from .deals import game


def test_computer_player_is_a_player_made_by_level_and_seed():
    me = computer_player("hard", seed=4)
    assert isinstance(me, SwitchComputer) and isinstance(me, Player)
    assert (me.level, me.forget_rate, me.catch_rate) == ("hard", 0.05, 1.0)
    g = game("9H 4C 5D", "9S 3D 10D", stock="5H 6C 7C 8D")
    a, b = computer_player("random", seed=4), computer_player("random", seed=4)
    assert [a.choose(g.observation(0)) for _ in range(5)] == [b.choose(g.observation(0)) for _ in range(5)]
    with pytest.raises(ValueError, match="No move to choose"):
        me.choose(g.observation(1))


def test_computer_names_the_suit_it_holds_most_of():
    g = game("JS 4C 6C 9D", "9S 3D 10D", stock="5H 6H 7C 8D")
    play(g, "play JS")
    me = computer_player("easy", seed=0)
    assert me.choose(g.observation(0)) == Action("choose", word="clubs")


def test_computer_answers_a_penalty_with_a_two():
    g = game("2S 9C 3C", "2H 9D KD QD", stock="5S 3H 4H")
    play(g, "play 2S")
    assert computer_player("hard", seed=0).choose(g.observation(1)) == Action.play("2H")


def test_computer_keeps_specials_and_prefers_a_plain_card():
    g = game("2H 8H AH 6H 9S KD", "9D 10D KC 4S 5S 6S 7S", stock="5H 3C 4C")
    assert computer_player("easy", seed=0).choose(g.observation(0)) == Action.play("6H")


def test_computer_attacks_when_the_next_player_is_close_to_going_out():
    g = game("2H 8H 6H 9S KD", "9D 10D", stock="5H 3C 4C")
    assert computer_player("easy", seed=0).choose(g.observation(0)) == Action.play("2H")


def test_computer_calls_last_card_unless_it_forgets():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    assert computer_player("easy", forget_rate=0.0).choose(g.observation(0)) == Action("last card")
    assert computer_player("easy", forget_rate=1.0).choose(g.observation(0)) == Action.play("9H")


def test_computer_challenges_a_forgetful_player_but_not_one_who_called():
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    play(g, "play 9H")
    assert computer_player("easy", catch_rate=1.0).choose(g.observation(1)) == Action("challenge")
    g = game("9H 4C", "9S 3D 10D", stock="5H 6C 7C 8D")
    play(g, "last card", "play 9H")
    assert computer_player("easy", catch_rate=1.0).choose(g.observation(1)) == Action.play("9S")


def test_computer_plays_a_whole_game_from_observations_only():
    g = new_game(SwitchRules(players=4), seed=8)
    players = [computer_player(lvl, seed=i) for i, lvl in enumerate(["easy", "hard"] * 2)]
    play_out(g, players)
    assert g.is_over and g.winner is not None and len(g.hands[g.winner]) == 0
    with pytest.raises(ValueError, match="unknown level"):
        computer_player("genius")

"""Écarté's computer player below the search (RULES.md §3.6): levels, the easy and random players.
"""
import pytest

from cardkit import Action
from cardkit import ecarte
from cardkit.ecarte import new_game
from harness import play

from .deals import stack


# ------------------------------------------------------------------ computer player
def test_computer_player_stands_on_a_jeu_de_regle_and_announces():
    s = new_game(deck=stack("KH 9H 8H 7S 7D", "AH 10H KS KD KC", "QH"), dealer=1)
    bot = ecarte.computer_player(seed=0)
    assert bot.choose(s.observation(0)) == Action("stand")       # three trumps
    s.apply("stand")
    assert bot.choose(s.observation(0)) == Action("announce", word="king")
    weak = new_game(deck=stack("7S 8S 9D 8C 7C", "AH 10H KS KD KC", "QH"), dealer=1)
    assert bot.choose(weak.observation(0)) == Action("propose")


def test_computer_player_wins_cheaply_and_discards_non_trumps():
    s = play(new_game(deck=stack("QS 8D 9D 10D JD", "KS 7H 7C 8C 9C", "8H"), dealer=1), "stand", "play 8D")
    bot = ecarte.computer_player(seed=0)
    assert bot.choose(s.observation(1)) == Action.parse("play 7H")    # trump cheaply
    d = play(new_game(deck=stack("KH 9H 8C 7S 7D", "AH 10H KS KD KC", "QH"), dealer=1), "propose", "accept")
    assert bot.choose(d.observation(0)) == Action.parse("discard 7S 7D 8C")
    with pytest.raises(ValueError):
        bot.choose(d.observation(1))
    with pytest.raises(ValueError, match="level"):
        ecarte.computer_player(level="grandmaster")


# ------------------------------------------------------------------ the players
def test_computer_player_levels():
    assert type(ecarte.computer_player("easy")).__name__ == "EcarteComputer"
    assert ecarte.computer_player("easy").level == "easy"
    assert ecarte.computer_player("random", seed=1).level == "random"
    assert ecarte.computer_player("hard", seed=1).level == "hard"
    assert ecarte.computer_player("medium", seed=1).level == "medium"
    with pytest.raises(ValueError, match="'easy', 'medium' or 'hard'"):
        ecarte.computer_player("expert")


def test_every_level_is_an_ecarte_computer_and_a_player():
    from cardkit.core import Player
    s = new_game(seed=4)
    obs = s.observation(s.current_player)
    for level in ecarte.LEVELS:
        bot = ecarte.computer_player(level, seed=1)
        assert isinstance(bot, ecarte.EcarteComputer) and isinstance(bot, Player)
        assert (bot.level, bot.seed) == (level, 1)
        assert bot.choose(obs) in obs.legal_actions
    assert ecarte.LEVELS == ("random", "easy", "medium", "hard")


def test_the_random_level_is_a_seeded_uniform_choice():
    # it draws an index into the legal actions from random.Random(seed): the same seed, the same
    # choices; over many positions it picks every kind of move the phase offers
    s = new_game(seed=8)
    a, b = ecarte.computer_player("random", seed=5), ecarte.computer_player("random", seed=5)
    seen = set()
    while not s.is_over:
        obs = s.observation(s.current_player)
        x = a.choose(obs)
        assert x == b.choose(obs) and x in obs.legal_actions
        seen.add(x.kind)
        s.apply(x)
    assert {"stand", "propose", "play"} <= seen
    with pytest.raises(ValueError, match="no legal action"):
        a.choose(s.observation(0))

"""The guess-first widgets of the lesson "War by the numbers" (``cardkit_lessons.war_numbers``).

The results are built by hand (``BulkResult`` arrays whose mean, median and ends are worked out
below), so every sentence the button shows can be checked to the letter; one test plays real
games and checks the sentences against :func:`cardkit.war.stats.length_summary`. The widget
states are read as a browser gets them (``get_state()`` of the widget and all its children):
before the button is pressed, nothing of the answer is there.
"""
from __future__ import annotations

import html
from dataclasses import replace
import json

import numpy as np
import pytest

from cardkit.war import WarRules
from cardkit.war.bulk import BulkResult, GameEnd, play_many
from cardkit.war.stats import length_summary
from cardkit_lessons.war_numbers import (ChoiceGuess, GuessFirst, NumberGuess, Reveal, compare_number,
                                        guess_game_length, guess_loops, guess_pack_size,
                                        guess_variants, guess_wars_spread, kit_figures)


def bulk(battles, wars=None, end=None, rules=None) -> BulkResult:
    n = len(battles)
    return BulkResult(rules or WarRules.classic(), np.array(battles, dtype=np.int64),
                      np.array(wars if wars is not None else [0] * n, dtype=np.int64),
                      np.zeros(n, dtype=np.int8),
                      np.array(end if end is not None else [0] * n, dtype=np.int8),
                      np.zeros(n, dtype=np.int8), np.arange(n, dtype=np.uint64))


def tree_states(w) -> str:
    """What the page receives for ``w``: the state of ``w`` and of every widget under it."""
    seen, todo, states = set(), [w], []
    while todo:
        x = todo.pop()
        if x.model_id in seen:
            continue
        seen.add(x.model_id)
        states.append(x.get_state())
        todo += list(getattr(x, "children", ()))
        todo += [x.layout, getattr(x, "style", None)] if hasattr(x, "layout") else []
        todo = [t for t in todo if t is not None]
    return json.dumps(states, ensure_ascii=False, default=repr)


def shown(w: GuessFirst) -> str:
    """The text the button put on the page, as the student reads it (the HTML unescaped)."""
    return html.unescape(w.text.value)


def answer(w: GuessFirst, *values) -> None:
    """Type or choose each guess, as the student does in the page."""
    for inp, v in zip(w.inputs, values, strict=False):
        inp.value = v


# mean 250, median 250, wars 0 10 20 30 (mean 15), one game in four without a war
FOUR = [100, 200, 300, 400]


def test_nothing_of_the_answer_reaches_the_page_before_the_button():
    calls = []
    w = guess_game_length(lambda: calls.append(1) or bulk(FOUR, [0, 10, 20, 30]))
    before = tree_states(w)
    assert calls == []                                  # nothing simulated yet
    for leak in ("250 ", "average is", "median", "15.0"):
        assert leak not in before, leak
    assert w.image.value == b"" and w.text.value == ""
    answer(w, "50", "15")
    assert w.press() and calls == [1]
    after = tree_states(w)
    assert "You guessed 50 battles; the average is 250 battles — 5.0 times your guess." in after
    assert "The median is 250 battles: half the games are shorter than that." in after
    assert "You guessed 15 wars; the average is 15.0 wars per game, so 15 was the closest choice — yours." in after
    assert w.image.value[:8] == b"\x89PNG\r\n\x1a\n" and w.image.layout.display == ""
    assert all(i.disabled for i in w.inputs) and w.button.disabled
    w.press()
    assert calls == [1]                                 # simulated once


def test_the_result_is_computed_once_and_stays_in_the_kernel():
    calls = []
    w = guess_game_length(lambda: calls.append(1) or bulk(FOUR))
    assert w.result is w.result and calls == [1] and w.seconds is not None
    assert "250 " not in tree_states(w) and not w.revealed


@pytest.mark.parametrize("typed, says", [
    ("", "First type your guess: How many battles"),
    ("fifty", "Type a whole number from 1 to 1,000,000: How many battles"),
    ("-3", "Type a whole number from 1 to 1,000,000"),
    ("<b>7</b>", "Type a whole number from 1 to 1,000,000"),
    ("²", "Type a whole number from 1 to 1,000,000"),          # a digit to str.isdigit, not to int
    ("9" * 5000, "Type a whole number from 1 to 1,000,000"),   # longer than int() reads
    ("1000001", "Type a whole number from 1 to 1,000,000"),
])
def test_a_missing_or_bad_guess_is_refused_and_shows_nothing(typed, says):
    w = guess_game_length(lambda: bulk(FOUR))
    answer(w, typed, "2")
    assert not w.press() and says in w.status.value and not w.revealed
    assert shown(w) == "" and w.image.value == b"" and "<b>" not in w.status.value
    answer(w, "1,000", None)
    assert not w.press() and "First choose your guess: How many wars" in w.status.value
    answer(w, "1,000", "50")
    assert w.press()
    assert ("You guessed 1,000 battles; the average is 250 battles — less than a third of your "
            "guess.") in shown(w)
    assert "You guessed 50 wars; the average is 0.0 wars per game, so 2 was the closest choice." in shown(w)


def test_compare_number_in_words():
    assert compare_number(50, 191.2, "battles") == \
        "You guessed 50 battles; the average is 191 battles — 3.8 times your guess."
    assert compare_number(180, 191.2, "battles").endswith("— close: within 10 % of your guess.")
    assert compare_number(150, 191.2, "battles").endswith("— 41 more than your guess.")
    assert compare_number(250, 191.2, "battles").endswith("— 59 fewer than your guess.")
    assert compare_number(400, 191.2, "battles").endswith("— less than half your guess.")
    assert compare_number(10, 6.25, "wars") == \
        "You guessed 10 wars; the average is 6.2 wars — 3.8 fewer than your guess."


def test_every_text_is_escaped():
    w = GuessFirst("<script>x</script>", [NumberGuess("<i>q</i>", 0, 9)], "Go",
                   lambda: None, lambda _r, g: Reveal([f"<img src=x> {g['<i>q</i>']}"]))
    answer(w, "3")
    w.press()
    page = tree_states(w)
    assert "<script>" not in page and "&lt;script&gt;" in page and "<i>q" not in page
    assert "&lt;img src=x&gt; 3" in w.text.value


def test_a_button_alone_needs_no_guess():
    w = kit_figures(lambda: {"winner's cards first": bulk(FOUR, [0, 10, 20, 30]),
                             "Player 1's cards first": bulk([6000, 100], end=[GameEnd.repetition, 0]),
                             "shuffled": bulk([300, 500], [4, 6])})
    assert "battles and" not in tree_states(w)
    assert w.press()
    assert "winner's cards first: 250 battles and 15.0 wars per game" in shown(w)
    assert "shuffled: 400 battles and 5.0 wars per game" in shown(w)
    assert "Player 1's cards first, looping or still going after 5,000 battles: 50.0%" in shown(w)
    # the published "fixed order" figure is set beside both of the kit's, and why they differ
    assert ("So which is right, the published 8–12 % or the kit's 0.0% and 50.0%? The published "
            "figure only says “a fixed order”, and the share of games still going depends entirely "
            "on which fixed order is used") in shown(w)


def test_wars_spread_counts_the_games_without_a_war():
    # 1 game in 4 without a war: "Many"; most common number of wars 3, median 3
    w = guess_wars_spread(lambda: bulk(FOUR, [0, 3, 3, 8]))
    assert "no war at all (" not in tree_states(w)
    answer(w, "Hardly any (fewer than 1 game in 1,000)")
    w.press()
    assert ("You guessed “Hardly any (fewer than 1 game in 1,000)”. In fact 1 of the 4 games had no "
            "war at all (25.00%): the right choice was “Many (1 game in 20, or more)”.") in shown(w)
    assert "The most common number of wars is 3, and half the games have 3 wars or fewer" in shown(w)


def test_wars_spread_waits_for_the_game_length_guess_it_would_answer():
    first = guess_game_length(lambda: bulk(FOUR, [0, 3, 3, 8]))
    w = guess_wars_spread(lambda: first.result, after=first)
    answer(w, "Many (1 game in 20, or more)")
    assert not w.press() and not w.revealed and w.text.value == ""
    assert html.unescape(w.status.value) == (
        "<div style='line-height:1.45'>First make the guesses in the section before this one and "
        "press its “Simulate 100,000 games” button: what this button shows would give their "
        "answers away.</div>")
    assert "3.5" not in tree_states(w) and "half the games have" not in tree_states(w)
    answer(first, "100", "15")
    assert first.press() and w.press()
    assert "half the games have 3 wars or fewer" in shown(w)
    with pytest.raises(TypeError, match="after must be a GuessFirst"):
        guess_wars_spread(lambda: first.result, after="section 1")


def test_a_reveal_table_is_drawn_after_its_lines():
    w = GuessFirst("t", [ChoiceGuess("Which?", ["a", "b"])], "Show",
                   lambda: "<table><tr><td>Fortytwo battles</td></tr></table>",
                   lambda res, g: Reveal([f"You chose {g['Which?']} <b>"], table=res))
    assert "Fortytwo" not in tree_states(w)
    answer(w, "b")
    assert w.press()
    assert w.text.value == ("<div style='line-height:1.45'><p style='margin:0.35em 0'>You chose b "
                            "&lt;b&gt;</p><table><tr><td>Fortytwo battles</td></tr></table></div>")


def test_loops_compares_each_order_with_the_draws_by_repetition():
    rep, lim = int(GameEnd.repetition), int(GameEnd.battle_limit)
    runs = {"winner's cards first": bulk(FOUR),
            "Player 1's cards first": bulk([50, 60, 10_000, 70], end=[rep, rep, lim, 0]),
            "shuffled": bulk(FOUR)}
    w = guess_loops(lambda: runs, list(runs))
    assert "looped" not in tree_states(w)
    answer(w, "None", "Fewer than 1 in 100", "More than 1 in 4")
    w.press()
    text = shown(w)
    assert "winner's cards first: you guessed “None”; 0 games looped (0.0%) — right!" in text
    assert ("Player 1's cards first: you guessed “Fewer than 1 in 100”; 2 games looped (50.0%) — "
            "the right choice was “More than 1 in 4”. 1 more was stopped by the battle limit (10,000 "
            "battles).") in text
    assert "shuffled: you guessed “More than 1 in 4”; 0 games looped (0.0%) — the right choice was “None”." in text
    assert "A random order can never loop for ever" in text


def test_variants_names_the_shortest_and_the_longest():
    runs = {"classic": bulk(FOUR), "Peace (lowest wins, 5 down)": bulk([100, 150]),
            "Război (war size = card value)": bulk([60, 80]), "one-card wars (1 down)": bulk([300, 500])}
    w = guess_variants(lambda: runs)
    assert [i.options for i in w.inputs] == [("classic", "Peace", "Război", "one-card wars")] * 2
    answer(w, "Peace", "one-card wars")
    w.press()
    assert ("Shortest: you guessed Peace; the shortest games are Război's (mean 70 battles, "
            "median 70) — the right choice was “Război”.") in shown(w)
    assert ("Longest: you guessed one-card wars; the longest games are one-card wars's (mean 400 "
            "battles, median 400) — right!") in shown(w)


def test_pack_size_ratio_of_the_whole_pack_to_28_cards():
    packs = {k: bulk([10 * k]) for k in range(2, 13)} | {7: bulk([40]), 13: bulk([200])}
    w = guess_pack_size(lambda: packs)
    assert w.inputs[0].options == ("Half as long, or longer", "Between half and a quarter as long",
                                   "Less than a quarter as long")         # in their natural order
    answer(w, "Half as long, or longer")
    w.press()
    assert ("With 28 cards a game lasts 40 battles on average, with 52 cards 200: the whole pack's "
            "games are 5.0 times as long — the right choice was “Less than a quarter as long”.") in shown(w)
    assert "Doubling the pack makes games far more than twice as long" in shown(w)


def test_real_games_the_sentences_are_the_summary_s_figures():
    res = play_many(WarRules.classic(), 2_000, seed=5)
    s = length_summary(res)
    w = guess_game_length(lambda: res)
    answer(w, "100", "2")
    w.press()
    assert f"the average is {s.mean:,.0f} battles" in shown(w)
    assert f"The median is {s.median:.0f} battles" in shown(w)
    assert f"the average is {s.wars_mean:.1f} wars per game, so 15 was the closest choice." in shown(w)


def test_a_guess_must_be_a_number_or_a_choice():
    with pytest.raises(TypeError):
        GuessFirst("t", ["how many?"], "Go", lambda: None, lambda r, g: Reveal([]))
    with pytest.raises(ValueError):
        ChoiceGuess("q", ["only one"])


def test_a_failing_simulation_says_so_in_a_sentence_and_can_be_pressed_again():
    def boom():
        raise ValueError("no games to summarise")
    w = GuessFirst("t", [], "Go", boom, lambda r, g: Reveal(["x"]))
    assert not w.press() and not w.revealed and not w.button.disabled
    assert w.status.value == "<div style='line-height:1.45'>The games could not be played: no games to summarise</div>"


def test_the_experiments_panel_shows_nothing_until_run():
    from cardkit_lessons.war_numbers import NumbersPanel
    panel = NumbersPanel(n_games=1_000, seed=4)
    assert panel.image.value == b"" and panel.result is None
    assert panel.text.value == "Choose a variant and press Run."
    # each control says what it sets in words (not "Short")
    assert [panel.variant.description, panel.pickup.description, panel.short.description] == \
        ["Variant", "Pickup", "Short of cards"]


def test_panel_runs_and_shows_a_png_and_the_numbers():
    from cardkit_lessons.war_numbers import NumbersPanel
    panel = NumbersPanel(variant="Război (war size = card value)", n_games=2000, seed=2)
    panel.pickup.value = "random"
    res = panel.run()
    assert res.rules == replace(WarRules.razboi(), pickup="random") and res.n_games == 2000
    assert panel.image.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert panel.text.value.startswith("2,000 games: mean ") and "Ends: all cards" in panel.text.value
    assert repr(panel) == "NumbersPanel(variant='Război (war size = card value)')"
    assert not panel.button.disabled

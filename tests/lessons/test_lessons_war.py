"""The War lessons (lessons/02_war, 03_war_variants, 03b_war_variants_more, 04_steal_war,
06_war_numbers) and their helper module ``cardkit_lessons.lesson_war``.

- the helpers, on deals worked out by hand (docs/RULES.md §1);
- the corrected sentences: each new wording is in the notebook and the old wrong one is not;
- every "your turn" table of the lessons, built from the notebook's own cells: before the first
  attempt it holds the battle, each wrong answer is refused and not played, the right one says
  "✓" and is played — and what then happens on the table is what the answer said.
"""
from __future__ import annotations

import ast
import html
import re
from dataclasses import replace
from pathlib import Path

import nbformat
import pytest

from cardkit.war import WarRules
from cardkit_lessons.lesson_war import (after_choice, battle_stories, first_battle, loop_story,
                                       side_by_side, side_by_side_rows, steal_vs_classic_rows,
                                       whole_games_figures)
from cardkit_tables import Quiz, WarTable
from widget_helpers import page_states_text

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
WAR = ["02_war", "03_war_variants", "03b_war_variants_more", "04_steal_war", "06_war_numbers"]


def _nb(name: str):
    return nbformat.read(LESSONS / f"{name}.ipynb", as_version=4)


def _text(name: str) -> str:
    """Everything a student can read in the notebook: Markdown, code strings, stored outputs."""
    nb = _nb(name)
    parts = []
    for c in nb.cells:
        parts.append(c.source)
        for out in c.get("outputs", []):
            parts.append(out.get("text", ""))
            parts += [str(v) for k, v in out.get("data", {}).items() if k.startswith("text/")]
    return re.sub(r"\s+", " ", "\n".join(parts))


def _joined(text: str) -> str:
    """``text`` with Python's adjacent string literals joined (``"… " "…"`` → ``"… …"``), as the
    student reads them on the table."""
    return re.sub(r'" "', "", text)


def _markdown(name: str) -> str:
    return re.sub(r"\s+", " ", "\n".join(c.source for c in _nb(name).cells if c.cell_type == "markdown"))


# ---------------------------------------------------------------------------------- the helpers
def test_first_battle_tells_a_war_of_ten_cards():
    e = first_battle(WarRules.classic(), ["7C 2S 3C 9D KD 5D", "7H 5H JS 8C 4S 2D"])
    assert e.data["winner"] == 0 and len(e.data["won"]) == 10 and e.data["wars"] == 1
    assert e.explain().endswith("K♦ beats 4♠: Player 1 wins the war and takes 10 cards.")


def test_side_by_side_rows_show_what_changed_even_when_the_result_is_the_same():
    # the same two kings tie; 1 down needs a second war (3♣ = 3♦), 3 down settles it at once
    rows = side_by_side_rows(["KS 2C 3C 4C AC", "5H 9H", "KD 2D 3D 4D QD"],
                             {"1 down": WarRules.multiplayer(3), "3 down": WarRules.three_player()})
    assert [r.result for r in rows] == ["Player 1 takes 11 cards"] * 2
    assert [(r.face_down, r.wars) for r in rows] == [(2, 2), (3, 1)]
    assert "3♣ and 3♦ tie: war!" in rows[0].story and "3♣ and 3♦" not in rows[1].story


def test_side_by_side_counts_a_short_players_face_down_cards():
    # classic: 3 down, then short of cards in the second war: 2 down — 5 in all; Peace: 5 at once
    rows = side_by_side_rows(["7S 3C 4C 5C 6C 8C 2S 9S", "7H 3D 4D 5D 6D 8D 4H KH"],
                             {"classic": WarRules.classic(), "peace": WarRules.peace()})
    assert [(r.face_down, r.wars, r.winner, r.taken) for r in rows] == [(5, 2, 1, 16), (5, 1, 0, 14)]


def test_side_by_side_escapes_every_text():
    html = side_by_side(["3S AC", "9D 2C"], {"<b>x</b>": WarRules.classic()}).data
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert "9♦ beats 3♠: Player 2 wins the battle and takes 2 cards." in html


def test_slap_rows_a_deciding_card_can_be_slapped_and_no_slap_leaves_it_to_the_cards():
    slap = WarRules.slap(seat=None)
    rows = side_by_side_rows(["9S 2C 3C 4C KH", "9H 3D 4D 6D 5S"],
                             {"classic": WarRules.classic(), "slap": slap,
                              "none": replace(slap, slap_window=0.01)})
    assert [r.winner for r in rows] == [0, 1, 0]
    assert "slaps the 5♠ first" in rows[1].story and "tie: war!" in rows[1].story
    assert "Nobody slaps the 5♠" in rows[2].story and "K♥ beats 5♠" in rows[2].story


def test_battle_stories_when_short_of_cards():
    one, none, both = battle_stories([["8S 2C AC", "8H 4D 5D 6D 7D KC"], ["8S", "8H 4D 5D 6D 9D KC"],
                                      ["8S", "8H"]])
    assert "Player 1 is short of cards: 1 face down" in one and one.endswith("takes 8 cards.")
    assert "8♠ stands as their deciding card" in none and "Player 2 wins the war" in none
    assert both.endswith("the game is a draw.")


def test_loop_story_repeats_after_seven_battles():
    lines = loop_story(["2S 3S 5S 4S", "6H"])
    assert len(lines) == 9 and lines[0] == "before battle 1: 2♠ 3♠ 5♠ 4♠ | 6♥"
    assert lines[1] == "before battle 2: 3♠ 5♠ 4♠ | 6♥ 2♠"
    # the position it comes back to is shown, and named
    assert lines[7] == "before battle 8: 3♠ 5♠ 4♠ | 6♥ 2♠ — the same packets as before battle 2"
    assert lines[-1].startswith("Draw by repetition")
    # a game that is won shows no repeated position
    assert loop_story(["AS", "2H"]) == ["before battle 1: A♠ | 2♥",
                                        "Player 1 holds all the cards and wins the game."]


def test_random_pickup_games_end_and_are_longer_than_fixed_ones():
    figs = whole_games_figures({"winner": WarRules.classic(),
                                "player": replace(WarRules.classic(), pickup="player_order"),
                                "random": replace(WarRules.classic(), pickup="random")}, 60, seed=1)
    assert figs["random"]["draws"] == 0 and figs["player"]["draws"] > 0.25
    assert figs["random"]["mean"] > figs["winner"]["mean"]


def test_steal_vs_classic_the_nine_steals_only_in_steal_war():
    rows = steal_vs_classic_rows(["KS 9C 4C 2C 8S", "9H 5D 9D 3D 6D"], rounds=3)
    classic, steal = rows["Classic War"], rows["Steal War"]
    assert "Battle: 4♣ (Player 1) vs 9♦ (Player 2)." in " ".join(classic[0])
    assert "Player 2 steals with 9♦: takes Player 1's face-up pile (5 cards with the 9♦)." in steal[0]
    assert steal[1].startswith("Player 1: packet 2 cards, face-up pile 4♣ 3♦")   # the last round's won cards
    assert "Player 2: packet 1 card, face-up pile 9♦ 9♣ 5♦ K♠ 9♥" in steal[1]


def test_after_choice_stealing_first_covers_the_other_pile():
    rules = WarRules.steal()
    stole = after_choice(rules, ["8S 2C 9C", "5H 3D 9D"], ["5S", "8H"], "steal")
    played = after_choice(rules, ["8S 2C 9C", "5H 3D 9D"], ["5S", "8H"], "flip")
    assert "5♥ beats 2♣" in stole and "chooses which won card goes on top" in stole
    assert played.endswith("Now Player 2 looks at the 5♥ and decides whether to steal with it.")
    # and what Player 2 then does: steals the 5♠ pile first, then the 8♠ wins only the 3♦
    then = after_choice(rules, ["8S 2C 9C", "5H 3D 9D"], ["5S", "8H"], "flip", then="steal")
    assert then == ("Player 1 chose to play the card. Now Player 2 looks at the 5♥ and decides "
                    "whether to steal with it. Player 2 steals with 5♥: takes Player 1's face-up "
                    "pile (2 cards with the 5♥). Battle: 8♠ (Player 1) vs 3♦ (Player 2). 8♠ beats "
                    "3♦: Player 1 wins the battle and takes 2 cards.")


# --------------------------------------------------------------------------- corrected wording
def test_02_random_pickup_sentence_says_what_is_true():
    text = _joined(_text("02_war"))
    assert "so every game ends" not in text and "not shorter — they just always end" not in text
    assert "random pickup games are not shorter" not in text
    # in plain words, with the mathematicians' phrase explained where it is used
    assert "(Mathematicians say it ends with probability 1: the chance that it never ends is zero.)" in text
    assert "The 10,000-battle stop catches the rare very long game." in text
    assert "battle limit" not in text
    assert "about 272 battles against 190" in text
    # the figures the sentence quotes are the ones the lesson's own table shows
    assert re.search(r"winner&#x27;s cards first</th><td[^>]*>190</td>", text)
    assert re.search(r"shuffled \(random pickup\)</th><td[^>]*>272</td>", text)


def test_02_log_sentence():
    text = _text("02_war")
    assert "the log keeps every battle" not in text
    assert "the log lists the latest battles, newest first" in text


def test_03_intro_counts_the_variants_it_names():
    first = _nb("03_war_variants").cells[0].source
    assert "nine variants" not in _text("03_war_variants")
    assert "four variants that change **which card wins a battle** — Peace, # beats faces, # beats " \
           "aces and slap war" in re.sub(r"\s+", " ", first)
    more = re.sub(r"\s+", " ", _nb("03b_war_variants_more").cells[0].source)
    assert ("six variants — one-card wars, Război, automatic war, underdog, three or four players, "
            "and three-player war") in more
    for name in ("Peace", "# beats faces", "# beats aces", "Slap war"):
        assert re.search(rf"## \d\. {re.escape(name)}", _markdown("03_war_variants"), re.I), name
    for name in ("One-card wars", "Război", "Automatic war", "Underdog", "Three or four players"):
        assert re.search(rf"## \d\. {re.escape(name)}", _markdown("03b_war_variants_more")), name


def test_03_beats_aces_still_beats_two_and_three():
    text = _markdown("03_war_variants")
    assert "**it still beats the 2 and the 3**" in text
    assert "beats the ace only." not in text


def test_03_slap_deciding_card_and_no_slap():
    text = _markdown("03_war_variants")
    assert "or as the deciding card of a war — the first player to **slap** it wins" in text
    assert "If nobody slaps in time, the battle is decided normally, by the cards." in text


def _cells(name: str) -> str:
    """Every cell's source of a lesson, in order, whitespace collapsed (tasks live in code cells)."""
    return re.sub(r"\s+", " ", "\n".join(c.source for c in _nb(name).cells))


def _before(text: str, first: str, then: str) -> bool:
    """``first`` occurs in ``text``, and before ``then``."""
    return first in text and then in text and text.index(first) < text.index(then)


def test_your_turn_questions_come_before_what_answers_them():
    peace = _cells("03_war_variants")
    assert _before(peace, 'Task("Peace: your 3♠ against the 9♦', "the 3♠ now beats the 9♦")
    assert _before(peace, "your 3♣ meets the 8♥", "so the 8 still wins")
    assert _before(peace, "your 4♠ meets the 3♥", "**it still beats the 2 and the 3**")
    # each rule is guessed at the table before the sentence that states it
    assert _before(peace, 'Task("Peace: your 3♠ against the 9♦', "In **Peace** the lowest card wins")
    assert _before(peace, "your 3♣ meets the 8♥", "it still loses to every higher number")
    assert "## 1. Peace: the lowest card wins" not in peace
    assert "it stands for a number" in peace and "Player 1 takes 14 cards" in peace
    more = _cells("03b_war_variants_more")
    assert _before(more, "Which card will you turn up", "only the 2♣ goes down")
    assert _before(more, "two 2s tie. How many cards", "Război puts just 1 card down")
    assert _before(more, "your 2♠ meets the K♥. What happens?", "the 2 starts a war")
    assert _before(more, "your 2♠ meets the K♥. What happens?",
                   "So the chosen rank always starts a war when it is turned up in a battle")
    # underdog: the task's trap (a 6 face down on the winner's side) is not the demo's deal
    assert _before(more, "Player 2's 6♦ 7♦ 8♦, and your 4♠ meets the K♥", "the underdog takes the war")
    assert _before(more, "Who wins the war?", "the underdog takes the war")
    assert _before(more, "The **median** is the middle game", "guess_whole_games( \"Of classic War")
    # the guess comes before the sentence under it; its table is played only on the press
    assert _before(more, "guess_whole_games( \"Of classic War", "Compare the medians with your guess")
    assert "whole_games({" not in more
    assert "Război and automatic war make short games" not in more
    assert "J, Q and K count 10 (9 down)" not in more
    # the three-player task comes before the demo, and nothing under it says the answer
    assert _before(more, "Who goes to war?", "Now a deal where the highest cards do tie")
    assert "a tie below the highest card never matters" not in more
    steal = _cells("04_steal_war")
    assert _before(steal, "What can you steal?", "a card that matches several piles steals all of them")
    # the fourth card of a war: asked at the table before the sentence that says it may steal
    assert _before(steal, "What do you do with the 7♠?", "the face-up (fourth) card of a war may be used to steal")
    assert "but the face-up (fourth) card may be used to steal" not in steal
    assert "A **joker** is safest" not in steal and "there are only two." not in steal
    assert "matches Player 2's 7♦" not in steal
    war = _cells("02_war")
    assert _before(war, "Why does shuffling the won cards", "it ends with probability 1")
    assert "Player 2 has only 2 cards left. How many" not in war
    assert "Player 2 has only two cards left after it: the 5♣, then the 9♦" in war
    numbers = _cells("06_war_numbers")
    assert _before(numbers, "2, 15 or 50?", "guess_game_length(")
    # the answers are the guess widgets' to show, after the button: not the lesson's prose
    for gone in ("print(ws.length_summary(classic))", "A random order can never loop",
                 "Doubling the pack makes games far more", "so one player runs out sooner",
                 "panel.run()"):
        assert gone not in numbers, gone


def test_03b_automatic_war_and_underdog_are_two_player_variants():
    text = _markdown("03b_war_variants_more")
    assert "## 3. Automatic war (two players)" in text and "**Automatic war** is a two-player variant" in text
    assert "## 4. Underdog (two players)" in text and "**Underdog** is a two-player variant too" in text


def test_04_others_steal_with_the_top_card_of_their_own_packet():
    text = _markdown("04_steal_war")
    assert "The top card of your pile is what the others can steal with" not in text
    assert ("an opponent steals your pile with the top card of **their own packet** when it has the "
            "same rank as the top card of your face-up pile") in text


def test_04_has_the_same_shape_as_the_others():
    text = _markdown("04_steal_war")
    assert "## 6. The same deal in classic War" in text and "What changed:" in text
    nb = _nb("04_steal_war")
    python = [c for c in nb.cells if c.cell_type == "code" and not c.metadata.get("jupyter")]
    assert len(python) >= 3 and any("legal_actions" in c.source for c in python)


@pytest.mark.parametrize("name", WAR)
def test_one_duration_and_the_rule_card(name):
    text = _markdown(name)
    found = set(re.findall(r"(\d+)(?:\s*[–-]\s*\d+)?\s+minutes", text))
    assert len(found) == 1, (name, found)
    assert "../docs/rule-cards/war.md" in text


# ------------------------------------------------------------------- the lessons' own task tables
#: Hidden cells that only print or simulate whole games: they build nothing a student answers.
_SIMULATE_ONLY = ("whole_games(", "print(", "plt.", "play_many")


def _run_hidden_cells(name: str, wanted: str | None = None):
    """Run the notebook's hidden code cells here, in order (headless, no event loop: tables act
    at once), and yield ``(source, value)`` for each whose last line is an expression: what that
    line builds. The cells in ``_SIMULATE_ONLY`` are skipped, unless they contain ``wanted``."""
    ns: dict = {}
    for cell in _nb(name).cells:
        if cell.cell_type != "code" or not cell.metadata.get("jupyter", {}).get("source_hidden"):
            continue
        src = cell.source
        if (wanted is None or wanted not in src) and any(s in src for s in _SIMULATE_ONLY):
            continue
        tree = ast.parse(src)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, name, "exec"), ns)
        if last is not None:
            yield src, eval(compile(ast.Expression(last.value), name, "eval"), ns)


def _hidden_cells_values(name: str):
    """Each table or quiz the notebook's hidden cells build (:func:`_run_hidden_cells`)."""
    for _src, value in _run_hidden_cells(name):
        if isinstance(value, (WarTable, Quiz)):
            yield value


def _answer_index(t: WarTable, text: str) -> int:
    return [c["label"] for c in t.view["task"]["choices"]].index(text)


def _battle(t: WarTable):
    return [e for e in t.state.log if e.kind == "battle"][-1]


# what each prediction's right answer claims, checked on the battle the table then flips
CLAIMS = {
    "Your top card is the Q♠": lambda e: e.data["winner"] == 1,
    "The 8s tie: a war. After your 8♠ you have only 2 cards left":
        lambda e: e.data["winner"] == 0 and len(e.data["won"]) == 8
        and "Player 1 is short of cards: 1 face down" in e.explain(),
    "The kings tie, and the K♠ was your last card":
        lambda e: e.data["winner"] == 0 and len(e.data["won"]) == 6
        and "K♠ stands as their deciding card" in e.explain(),
    "Both players turn up a 7": lambda e: len(e.data["won"]) == 10,
    "Peace: your 3♠ against the 9♦": lambda e: e.data["winner"] == 0,
    "# beats faces (3 beats J, Q and K)": lambda e: e.data["winner"] == 1,
    "# beats aces (4 beats the ace)": lambda e: e.data["winner"] == 0,
    "One-card wars: the 9s tie": lambda e: "Turned up: 3♣ (Player 1)" in e.explain(),
    "Război: two 2s tie": lambda e: "Player 1 puts 1 card face down." in e.explain(),
    "Automatic war with the 2": lambda e: "war!" in e.explain() and e.data["wars"] == 1,
    "Underdog with the 6": lambda e: e.data["winner"] == 1 and "underdog" not in e.explain()
        and "Player 2 6♦ 7♦ 8♦" in e.explain(),
    "Three players turn up 9♠ (you), 9♦ and J♣": lambda e: e.data["winner"] == 2 and e.data["wars"] == 0,
}


@pytest.mark.parametrize("name", ["02_war", "03_war_variants", "03b_war_variants_more"])
def test_prediction_tables_wait_refuse_wrong_answers_then_show_the_claim(name):
    tables = [v for v in _hidden_cells_values(name) if isinstance(v, WarTable) and v.view["task"]]
    assert len(tables) >= 2
    for t in tables:
        b = t.controller.bound
        question = b.task.question
        claim = next(check for start, check in CLAIMS.items() if question.startswith(start))
        assert t.view["what_now"]["text"] == question and t.state.battles == 0
        assert t.view["again"] == {"label": "Deal this again"}
        for wrong in (c for c in b.task.choices if c not in b.task.accept):
            t.send_from_page({"do": "predict", "index": _answer_index(t, wrong)})
            assert t.state.battles == 0 and not b.answered, (question, wrong)
        t.send_from_page({"do": "predict", "index": _answer_index(t, b.task.accept[0])})
        assert b.answered and t.view["what_now"]["text"].startswith("✓ "), question
        assert t.state.battles == 1 and claim(_battle(t)), question
        assert t.errors == []


def test_steal_war_move_tasks_refuse_the_wrong_move_and_play_the_right_one():
    tables = [v for v in _hidden_cells_values("04_steal_war") if isinstance(v, WarTable) and v.view["task"]]
    assert len(tables) == 3
    for t in tables:
        b = t.controller.bound
        before = len(t.state.log)
        wrong = "flip" if "flip" not in b.task.accept else None
        if wrong:
            t.send_from_page({"do": "act", "action": wrong, "pos": t.view["pos"]})
            assert len(t.state.log) == before and not b.answered, b.task.question
        right = b.task.accept[0]
        action = right if right in ("steal", "flip") else f"top {right}"
        t.send_from_page({"do": "act", "action": action, "pos": t.view["pos"]})
        assert b.answered and t.view["what_now"]["text"].startswith("✓ "), b.task.question
        kinds = [e.kind for e in t.state.log[before:]]
        assert ("steal" in kinds) == (right == "steal"), (b.task.question, kinds)
        if right == "JOKER":
            assert t.state.piles[0][0].code == "JOKER"
        assert t.errors == []


def test_whole_games_figures_are_the_engines_whichever_way_they_are_played(monkeypatch):
    import cardkit_lessons.lesson_war as lw
    rule_sets = {"3 players": WarRules.multiplayer(3), "underdog": WarRules.underdog()}
    fast = lw.whole_games_figures(rule_sets, 40, seed=3)
    monkeypatch.setattr(lw, "_bulk", lambda *a: None)        # as without numba: the engine only
    assert lw.whole_games_figures(rule_sets, 40, seed=3) == fast


def _built_by(name: str, marker: str):
    """What the last line of the lesson's hidden cell containing ``marker`` builds, the cells
    before it run first (:func:`_run_hidden_cells`)."""
    for src, value in _run_hidden_cells(name, marker):
        if marker in src:
            return value
    raise AssertionError(f"no hidden cell of {name} contains {marker!r}")


def _03b_whole_games_shown() -> str:
    """03b's whole-games guess, built from its cell, answered "Classic War" and pressed: the HTML
    it puts on the page (checked on the way: nothing of it is in the page before)."""
    w = _built_by("03b_war_variants_more", "guess_whole_games(")
    before = page_states_text()             # every widget, as the page receives them
    assert "Război" in before and "median battles" not in before and "One-card wars</th>" not in before
    assert not w.press() and "First choose your guess" in w.status.value and w.text.value == ""
    w.inputs[0].value = "Classic War"
    assert w.press() and "median battles" in page_states_text()
    return html.unescape(w.text.value)


def test_03b_whole_games_are_shown_only_after_the_guess():
    text = _03b_whole_games_shown()
    assert text.startswith("<div style='line-height:1.45'><p style='margin:0.35em 0'>You chose "
                           "“Classic War”: the right choice was “Război”.</p><p style='margin:0.35em "
                           "0'>Big wars move many cards")
    assert "Război has the biggest wars" in text
    assert text.index("</p><p") < text.index("<table")


def test_03b_whole_game_sentences_match_its_table():
    text = _03b_whole_games_shown()
    assert "more than half of these 3-player games end in a draw by repetition" in _text("03b_war_variants_more")
    rows = dict(re.findall(r">([^<>]+)</th><td[^>]*>\d+</td><td[^>]*>\d+</td><td[^>]*>[\d.]+</td>"
                           r"<td[^>]*>(\d+)%</td>", text))
    assert int(rows["3 players"]) > 50
    medians = dict(re.findall(r">([^<>]+)</th><td[^>]*>\d+</td><td[^>]*>(\d+)</td>", text))
    assert int(medians["Război"]) < int(medians["Classic War"]) < int(medians["One-card wars"])
    assert int(medians["Automatic war"]) < int(medians["Classic War"])


# ------------------------------------------------------------------ predict before the rule
def test_02_short_of_cards_is_predicted_before_it_is_explained():
    war = _cells("02_war")
    short = war[war.index("## 3. Running short of cards"):war.index("## 4. The end of the game")]
    # the two tasks come first; the rule each one teaches is said only after it (or in its answer)
    assert _before(short, "After your 8♠ you have only 2 cards left. What happens?",
                   "So a player who is **short of cards** for a war puts all but their **last** card")
    assert _before(short, "the K♠ was your last card. What happens?",
                   "With no card at all left, the card that tied **stands** as your deciding card.")
    first_task = short.index("Task(")
    assert "all but" not in short[:first_task] and "deciding card" not in short[:first_task]
    # the quiz that asked what the paragraph above it had just said is gone
    assert "A war starts and Player 2 has only 2 cards left. What do they do?" not in war


# ---------------------------------------------------------------- exit questions: a new case
def _exit(name: str) -> tuple[str, str]:
    """The exit question and its hidden answer, whitespace collapsed."""
    md = _markdown(name)
    part = md[md.index("## Exit question"):]
    question, answer = part.split("<details>", 1)
    return question, answer.split("</details>", 1)[0]


def _recap_and_glossary(name: str) -> str:
    md = _markdown(name)
    return md[md.index("## Recap"):md.index("## Where next")]


def test_exit_questions_make_the_student_apply_the_rules_to_a_new_case():
    q, a = _exit("02_war")
    # short of cards, then a repeated war with a standing card: two rules at once
    assert "Player 2 has only two cards left after it: the 5♣, then the 9♦" in q
    assert "the 9♦ **stands** as their deciding card" in a and "another 9 ties again" in a
    assert "that jack was Player 2's last card" not in q
    q, a = _exit("03_war_variants")
    # # beats aces decides a war's face-up card too (the recap says nothing of wars)
    assert "you turn up the 4♠ and your opponent the A♥" in q and "you take 10 cards" in a
    recap_line = _recap_and_glossary("03_war_variants").split("**# beats aces**")[1].split("**Slap war**")[0]
    assert "your 4♦ meets a 2♣" not in q and "war" not in recap_line and "still beats 2 and 3" in recap_line
    q, a = _exit("03b_war_variants_more")
    # Război with a player short of cards
    assert "two aces tie, and after your ace you have only 6 cards left" in q
    assert "your opponent puts 10 down" in a and "(5 cards), and your 6th and last card" in a
    assert "two 5s tie" not in q
    q, a = _exit("04_steal_war")
    # two steals in a row, and which card ends on top
    assert "the top card of your packet is the 7♠, and the card under it is the 8♣" in q
    assert "the 8♣ ends on top of your face-up pile" in a
    assert "Your face-up pile shows the 6♣" not in q
    q, a = _exit("06_war_numbers")
    # the standard error, used on somebody else's simulation
    assert "6.3 % of them, with a standard error of 0.24 %" in q
    assert "0.42 / 0.24 ≈ 1.75 standard errors" in a
    assert "the median is 148 battles" not in q


def test_exit_answers_are_what_the_engine_does():
    from cardkit.war import new_game
    from cardkit_lessons.lesson_war import first_battle
    # 02: after J-J and 9♠-9♦, Player 2 stands on the 9♦; a 10 wins Player 1 the game, an 8 loses
    for up, over in (("TS", True), ("8S", False)):
        g = new_game(WarRules.classic(), hands=[f"JS 2C 3C 4C 9S 5H 6H 7H {up} 2D", "JH 5C 9D"], seed=1)
        g.apply("flip")
        assert g.is_over is over and (g.winner == 0 if over else "9♦ stands" in g.log[-1].explain())
    # 03: # beats aces, K-K then 4♠ against A♥: Player 1 takes 10
    e = first_battle(WarRules.beats_aces(), ["KS 2C 3C 5C 4S", "KH 2D 3D 5D AH"])
    assert e.data["winner"] == 0 and len(e.data["won"]) == 10
    # 03b: Război aces, 6 cards left: 5 down and the last decides; the other player 10 down
    e = first_battle(WarRules.razboi(), ["AS 2C 3C 5C 6C 7C 8C",
                                         "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"])
    assert "Player 1 is short of cards: 5 face down" in e.explain()
    assert "Player 2 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦." in e.explain()
    # 04: three players, 7♠ then 8♣ steal both piles; the 8♣ ends on top
    from cardkit import parse_cards
    g = new_game(replace(WarRules.steal(), players=3), hands=["7S 8C 2C 9C", "KH 3D 4D", "QH 5D 6D"],
                 piles=[[], parse_cards("7D 4H"), parse_cards("8H 3S")], seed=1)
    for act in ("flip", "steal", "steal"):
        g.apply(act)
    assert [str(c) for c in g.piles[0]] == ["8♣", "8♥", "3♠", "7♠", "7♦", "4♥"]
    # 06: 1/17 with the friend's figures
    assert abs((0.063 - 1 / 17) / 0.0024 - 1.75) < 0.01
    assert 1 / 17 - 3 * 0.0024 > 0.0515 and 1 / 17 + 3 * 0.0024 < 0.0661


# ------------------------------------------------------------------ 06: guess, then simulate
def test_06_stored_page_shows_no_answer_before_a_button():
    from cardkit.war.bulk import play_many
    from cardkit.war.stats import length_summary
    s = length_summary(play_many(WarRules.classic(), 100_000, seed=1))
    text = _text("06_war_numbers")
    for answer in (f"{s.mean:.1f}", f"mean {s.mean:.0f}", f"median {s.median:.0f}",
                   f"{s.wars_mean:.1f} wars", "about 190 battles", "about 150"):
        assert answer not in text, answer
    outputs = [o["data"]["text/plain"] for c in _nb("06_war_numbers").cells if c.cell_type == "code"
               for o in c.get("outputs", []) if "text/plain" in o.get("data", {})]
    # six guess widgets, each stored as its live note (cardkit_tables.live_note)
    assert outputs.count("A guess, then the games — it comes to life when the notebook runs "
                         "(Run ▸ Run All Cells).") == 6


def test_06_guess_widgets_of_the_notebook_wait_for_the_button_then_answer():
    """Run the notebook's own cells here, with fewer games, and press each guess widget."""
    import types

    import cardkit.war.stats as ws
    from cardkit.war.bulk import play_many
    from cardkit_lessons.war_numbers import ChoiceGuess, GuessFirst

    def few(rules, n=None, **kw):
        return play_many(rules, min(n, 3_000), **kw) if n is not None else play_many(rules, **kw)

    shim = types.SimpleNamespace(**{k: getattr(ws, k) for k in dir(ws) if not k.startswith("__")})
    shim.compare = lambda names, n, seed=0, **o: ws.compare(names, min(n, 3_000), seed, **o)
    shim.by_pack_size = lambda rules, ks, n, seed=0: ws.by_pack_size(rules, ks, min(n, 1_000), seed)
    ns: dict = {}
    widgets = []
    for cell in _nb("06_war_numbers").cells:
        if cell.cell_type != "code" or ("NumbersPanel(" in cell.source and "import" not in cell.source):
            continue
        if "## Try it" in cell.source or "longest = " in cell.source:
            continue
        tree = ast.parse(cell.source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, "06", "exec"), ns)
        ns["play_many"], ns["ws"] = few, shim
        if last is not None:
            value = eval(compile(ast.Expression(last.value), "06", "eval"), ns)
            if isinstance(value, GuessFirst):
                widgets.append(value)
    assert len(widgets) == 6
    from .test_war_numbers import tree_states
    for w in widgets:
        before = tree_states(w).lower()
        for leak in ("you guessed", "average is", "looped", "times as long", "games are", "the kit,"):
            assert leak not in before, (w, leak)
        assert w.image.value == b""
        for g, inp in zip(w.guesses, w.inputs, strict=False):
            inp.value = g.options[0] if isinstance(g, ChoiceGuess) else "100"
        assert w.press(), w
        shown = w.text.value.lower()
        assert "you guessed" in shown or "the kit, 3,000 games each" in shown, w


# ------------------------------------------------ Voilà page: the Python part is left out
def _try_it_section(name: str) -> list:
    """The cells of the lesson's "Try it in Python" section: its heading cell, up to the next
    cell that starts another section."""
    cells = _nb(name).cells
    start = next(i for i, c in enumerate(cells) if c.source.lstrip().startswith("## Try it in Python"))
    end = next((i for i in range(start + 1, len(cells))
                if cells[i].cell_type == "markdown" and cells[i].source.lstrip().startswith("## ")),
               len(cells))
    return cells[start:end]


@pytest.mark.parametrize("name", WAR)
def test_try_it_in_python_is_tagged_hide_in_voila_and_nothing_else_is(name):
    section = _try_it_section(name)
    assert any(c.cell_type == "code" for c in section)
    for c in section:
        assert "hide-in-voila" in c.metadata.get("tags", []), (name, c.source[:60])
    # the heading cell holds that section only (not the exit question or For teachers)
    assert "## Exit question" not in section[0].source and "<details>" not in section[0].source
    others = [c for c in _nb(name).cells
              if c not in section and not c.source.startswith("## For teachers")]
    assert not any("hide-in-voila" in c.metadata.get("tags", []) for c in others), name
    # the Try it code still runs in JupyterLab: it has outputs
    assert all(c.get("outputs") for c in section if c.cell_type == "code"), name


@pytest.mark.parametrize("name", WAR)
def test_for_teachers_says_how_to_serve_the_lesson_for_a_class(name):
    md = _markdown(name)
    teachers = md[md.index("## For teachers"):]
    assert f"`IP=0.0.0.0 ./dev lessons {name}`" in teachers
    assert "prints the address to give the class" in teachers and "30 students at once" in teachers
    assert "voila lessons/" not in md


def test_06_code_a_student_need_not_read_is_hidden_in_jupyterlab():
    nb = _nb("06_war_numbers")
    section = _try_it_section("06_war_numbers")
    code = [c for c in nb.cells if c.cell_type == "code"]
    shown = [c for c in code if not c.metadata.get("jupyter", {}).get("source_hidden")]
    assert shown == [c for c in section if c.cell_type == "code"] and len(shown) == 1
    assert "NBVAL_IGNORE_OUTPUT" not in _cells("06_war_numbers")


# ---------------------------------------------------- directions and plain words, as read
def test_directions_point_at_the_settings_above_the_table():
    for name in ("03_war_variants", "03b_war_variants_more"):
        md = _markdown(name)
        assert "menu under the table" not in md
        assert "Open **⚙ Settings** above the table and choose a variant in its **Variant** menu" in md
    assert ("**Your turn:** open **⚙ Settings** above the table, set the pause to 0, then press "
            "**Play to the end**.") in _markdown("02_war")
    more = _markdown("03b_war_variants_more")
    assert "Each section starts with a live table" not in more
    assert "In sections 1 to 5 a live table asks you a question before it flips" in more
    assert "Section 6 asks you to guess before it shows whole games." in more
    assert "In sections 1 to 3 a live table asks you who wins" in _markdown("03_war_variants")


def test_02_wrong_answer_for_eight_does_not_give_the_sum():
    war = _joined(_cells("02_war"))
    assert "2 + 6 + 2" not in war
    assert "You counted the cards of the war itself. What about the two 7s that started it?" in war


def test_02_shuffling_quiz_is_asked_before_anything_says_why():
    war = _joined(_cells("02_war"))
    quiz = war.index('Quiz("Why does shuffling the won cards')
    before, after = war[:quiz], war[war.index("## Recap"):]
    for why in ("followed by a different battle", "followed by different battles"):
        assert why not in before and why not in after, why
    assert "**Your turn:** why can a shuffled game never go round a loop for ever?" in before


def test_02_loop_story_shows_the_repeated_position():
    text = _text("02_war")
    assert "before battle 8: 3♠ 5♠ 4♠ | 6♥ 2♠ — the same packets as before battle 2" in text
    assert "before battle 2: 3♠ 5♠ 4♠ | 6♥ 2♠" in text
    assert "Before battle 8 the packets are exactly what they were before battle 2" in text


def test_plain_words_for_eleven_to_fourteen():
    for name in ("02_war", "03_war_variants", "03b_war_variants_more", "04_steal_war"):
        md = _markdown(name)
        for hard in ("seeded", "simulated", "The kit", "the kit", "battle limit"):
            assert hard not in md, (name, hard)
    assert "**median** is the length of the middle game: half the games are shorter" in \
        _markdown("03_war_variants")
    numbers = _markdown("06_war_numbers")
    assert "battle limit" not in numbers and "the kit's default" not in numbers
    # "the kit" is said only after it is explained, in the section that compares its figures
    assert numbers.index("The **kit** is cardkit, the program behind these lessons") < \
        numbers.index("which conventions does the kit use?")
    assert "the kit" not in numbers[:numbers.index("## 7. Published figures")]
    assert ("The **standard error** is the usual size of that random wobble. Landing 1 or 2 "
            "standard errors away from the exact value is normal") in numbers


def test_04_who_decides_first_and_the_story_is_told_to_its_end():
    text = _text("04_steal_war")
    assert "With two players that means: **the player who lost the last battle decides first**." in text
    assert ("Player 2 steals with 5♥: takes Player 1's face-up pile (2 cards with the 5♥). Battle: "
            "8♠ (Player 1) vs 3♦ (Player 2).") in text


def test_06_loop_shows_the_start_so_the_repeat_can_be_seen():
    text = _text("06_war_numbers")
    assert "at the start: packets ['K♠ 2♠', '3♣ A♣']" in text
    assert "after battle 4: packets ['K♠ 2♠', '3♣ A♣']" in text
    assert "After battle 4 the packets are back where they started" in text


def test_03b_one_card_table_names_its_variant():
    tables = [v for v in _hidden_cells_values("03b_war_variants_more") if isinstance(v, WarTable)]
    one_card = next(t for t in tables if t.state.rules.war_facedown == 1 and t.state.rules.players == 2
                    and t.state.rules.war_size != "value")
    assert one_card.view["subtitle"] == "One-card wars (1 down, 1 up)"
    assert ["custom", "One-card wars"] in [list(o) for o in one_card.view["settings"][0]["options"]]
    # without a name, rules outside the menu are still called custom rules
    plain = WarTable(replace(WarRules.classic(), war_facedown=1), hands=["9S 2C", "9H 3D"])
    assert plain.view["subtitle"] == "Custom rules (1 down, 1 up)"


def test_third_reading_wording():
    """A third fresh reading: the shuffled-pickup answer says what changes (the order the won
    cards go under: the next battle itself is fixed by the two top cards), and 04 no longer
    calls the other top card "safer" (by its own rule of thumb the 9♣ was the safer one)."""
    src02 = _text("02_war")
    assert "The won cards go under in a new order each time" in src02
    assert "The same position can lead to a different next battle" not in src02
    text04 = _text("04_steal_war")
    assert "choose a safer top card" not in text04
    assert "put the other card on top, and see what the 9♦ does then" in text04


def test_guess_whole_games_refuses_an_answer_that_is_not_an_option():
    from cardkit_lessons.lesson_war import guess_whole_games

    with pytest.raises(ValueError, match="the answer 'Peace' is not one of the options"):
        guess_whole_games("Which?", ["Classic War", "Război"], "Peace", "r", "w",
                          {"Classic War": WarRules.classic()})


def test_06_recap_waits_for_the_guesses_it_answers():
    """06's recap states what its guess-first sections reveal (games with a shuffled pickup last
    longer, bigger wars make shorter games): on a page read top to bottom it stays folded."""
    recap = _recap_and_glossary("06_war_numbers")
    folded = recap.split("<details><summary>Open the recap once you have made every guess above: "
                         "it gives their answers.</summary>", 1)[1].split("</details>", 1)[0]
    assert "Bigger wars (Peace, Război) make shorter games; one-card wars make longer ones." in folded
    assert "with a shuffled pickup it cannot, and games last longer on average" in folded


WAR_LESSONS = [LESSONS / lang / f"{stem}.md" for lang in ("", "pa", "kn")
               for stem in ("02_war", "03_war_variants", "03b_war_variants_more")]


@pytest.mark.parametrize("source", WAR_LESSONS, ids=lambda p: str(p.relative_to(LESSONS)))
def test_task_choices_name_the_seats_as_the_table_rows_do(source):
    """A War table's row for the student says "You" (issue 19), so a task's choices say "You"
    too, never "Player 1 (you)"; the others are "Player 2" …, in the lesson's language."""
    from cardkit.i18n import _ as say, language, shown_name
    lang = source.parent.name if source.parent != LESSONS else "en"
    with language(lang):
        rows = {say("You")} | {shown_name(f"Player {n}") for n in range(2, 5)}
        seats = rows | {shown_name("Player 1")}
    named = []                     # the choices that name a seat ("Player 1 (you)" names one)
    for node in ast.walk(ast.parse(_code_of(source))):
        if isinstance(node, ast.keyword) and node.arg == "choices":
            named += [c for c in ast.literal_eval(node.value)
                      if re.sub(r"\s*\(.*\)$", "", c) in seats]
    assert named, f"{source.name}: no task names a seat"
    assert set(named) <= rows, f"{source.name}: {sorted(set(named) - rows)} is not a row's name"


def _code_of(source: Path) -> str:
    """The code cells of a jupytext Markdown lesson, as one Python source."""
    import jupytext
    return "\n".join(c.source for c in jupytext.read(source).cells
                     if c.cell_type == "code" and "WarTable(" in c.source)

"""cardkit_lessons.lesson_ecarte and lesson_switch (the demos of lessons 01 and 05), and every
"your turn" task at a table in those lessons, run headless from the lessons' own sources.

Hand-worked values:

- the Écarté rank order is K Q J A 10 9 8 7 (RULES.md §3.1), so the J♠ beats the A♠ led;
- deal A of the scoring comparison: Ada stands and wins 3 tricks: standard pays her 2 (stood and
  won), classic 1 (the normal score). Deal B: Ada stands and wins 1 trick: Ben wins 4, standard
  pays him 1, classic 2 (Ada stood and lost);
- Switch aces: after Ada draws 8 for the A♥, Ben (7♣ J♦ K♠ 3♥) may play the J♦ (a Jack goes on
  anything) or the 3♥ (a heart), or draw — not the 7♣ or the K♠;
- eights, three players: with "eights add up" off Ben takes his next turn as usual; on, the two 8s
  cost him two turns;
- the starter demo's deal (seed 1) shows all 52 cards once: 7 + 7 in hand, 1 on the pile, 37 in
  the stock;
- 01's king task: you deal and hold K♥ 10♠ 7♠ 9♥ A♣ (hearts trumps); the computer stands and leads
  the 9♠: you must follow and win (the 10♠ only) or first announce the king; once the 10♠ is
  played, the king can no longer be announced;
- 05's Ace task: 9♥ 5♣ A♣ 7♠ on the 5♥: the 9♥ (suit), 5♣ (rank), A♣ (anything) and draw are legal,
  the 7♠ is not; the Jack task: J♠ K♣ 5♦ 9♥ 3♥ Q♥ 7♥ on the 5♣: J♠, K♣, 5♦ and draw (4 hearts,
  1 club); the last-card task: 9♥ and 5♣ both go on the 5♥.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import jupytext
import pytest

from cardkit import ecarte
from cardkit.cards import standard_pack
from cardkit_lessons import lesson_ecarte as le
from cardkit_lessons import lesson_switch as ls
from cardkit_lessons.lesson_view import MAX_WIDTH

ROOT = Path(__file__).resolve().parents[2]


def _faces(html: str) -> list[str]:
    return re.findall(r'title="([^"]+)">', html)


# ------------------------------------------------------------------------------------- Écarté
def test_rank_order_and_the_jack_over_the_ace():
    assert le.rank_order() == "K♠ > Q♠ > J♠ > A♠ > 10♠ > 9♠ > 8♠ > 7♠"
    assert le.trick_demo("AS", "JS", trump="H") == "A♠ led, J♠ played: J♠ wins the trick"
    assert le.trick_demo("9S", "7H", trump="H") == "9♠ led, 7♥ played: 7♥ wins the trick"
    assert le.trick_demo("9S", "10S", trump="H") == "9♠ led, 10♠ played: 10♠ wins the trick"


def test_deal_demo_scores_the_turned_up_king_for_the_dealer_and_shows_every_card():
    html = le.deal_demo("KH").data
    assert "Ben, the dealer, scores 1 point" in html
    assert f"max-width:{MAX_WIDTH}px" in html and "<table" not in html
    assert len(_faces(html)) == 32 and len(set(_faces(html))) == 32     # 5 + 5 + turn-up + 21


def test_exchange_demo_keeps_the_cards_not_thrown_away():
    lines = le.exchange_demo()
    assert lines[0] == "Ada proposes an exchange (Proposals and exchanges)."
    assert "Ada exchanges 3 cards" in lines[2] and "Ben exchanges 1 card" in lines[4]
    assert lines[3] == "Ada threw away 7♠ 8♠ 7♣." and lines[5] == "Ben threw away 9♠."
    hand = lines[-1].removeprefix("Ada now holds ").split()
    assert len(hand) == 5 and {"9♦", "8♣"} <= set(hand) and not {"7♠", "8♠", "7♣"} & set(hand)


def test_scoring_comparison_worked_by_hand():
    (_, deck_a, moves_a), (_, deck_b, moves_b) = le.SCORING_DEALS
    std, classic = ecarte.EcarteRules.standard(), ecarte.EcarteRules.classic()
    assert "Ada" in le.hand_score(std, deck_a, moves_a) and "2 points" in le.hand_score(std, deck_a, moves_a)
    assert le.hand_score(classic, deck_a, moves_a) == "Ada wins 3 tricks: 1 point (Scoring)."
    assert le.hand_score(std, deck_b, moves_b) == "Ben wins 4 tricks: 1 point (Scoring)."
    assert "Ben scores 2 points" in le.hand_score(classic, deck_b, moves_b)
    html = le.scoring_comparison().data
    assert html.count("standard rules") == 2 and "<table" not in html


def test_strategy_helpers():
    assert le.foster_summary()[1:] == [
        "you hold 1 trump: the dealer holds two or more trumps in 21,206 of them (32%)",
        "you hold 2 trumps: the dealer holds two or more trumps in 15,506 of them (24%)"]
    lines = le.jeux_de_regle_lines()
    tierce = next(ln for ln in lines if "tierce major" in ln)
    assert "100.0%" in tierce                        # 3 tricks whenever the dealer has < 2 trumps
    assert max(len(ln) for ln in lines) <= 112     # 13 px monospace: under 900 px
    with pytest.raises(ValueError, match="stand"):
        le.stand_or_propose("pass")


# ------------------------------------------------------------------------------------- Switch
def test_switch_deal_view_fits_and_shows_all_52_cards_once():
    html = ls.starter_demo(seed=1).data
    assert "went back into the middle of the stock" in html
    faces = _faces(html)
    assert len(faces) == 52 and len(set(faces)) == 52 == len(standard_pack())
    assert f"max-width:{MAX_WIDTH}px" in html and "<table" not in html
    assert "flex-wrap:wrap" in html and "text-align:left" in html


def test_switch_aces_worked_by_hand():
    lines = ls.aces_demo(moves=True)
    assert lines[2] == "Ada drew 8 cards for the Aces and could play nothing this turn (Aces: draw four)."
    assert lines[-1] == "Ben may now: play J♦, play 3♥, draw a card"
    # what the lesson shows stops before Ben's moves: its quiz asks which one he may NOT play
    assert ls.aces_demo() == lines[:-1] and len(lines) == 4


def test_switch_eights_add_up_changes_bens_next_turn():
    assert ls.eights_next_turn(False).startswith("Ben takes his turn as usual")
    assert ls.eights_next_turn(True) == "Ben misses a second turn: all he may do is pass"
    html = ls.eights_comparison().data
    assert "Eights add up: off" in html and "eights_accumulate" not in html


def test_switch_stuck_game_ends_with_the_fewest_cards():
    assert "Ben had the fewest cards (1) and won" in ls.stuck_demo()


# ------------------------------------------------------------------ the lessons' table tasks
def _task_cells(lesson: str) -> tuple[str, list[str]]:
    cells = jupytext.read(ROOT / "lessons" / f"{lesson}.md").cells
    code = [c.source for c in cells if c.cell_type == "code"]
    return code[0], [c for c in code if "task=Task(" in c]


TASKS = [(lesson, i) for lesson, n in (("01_ecarte", 3), ("05_switch", 8)) for i in range(n)]


def test_the_lessons_have_their_tasks():
    assert len(_task_cells("01_ecarte")[1]) == 3 and len(_task_cells("05_switch")[1]) == 8


def _task_table(lesson: str, i: int):
    """The lesson's i-th task table, built from its own source (no pause between moves)."""
    imports, cells = _task_cells(lesson)
    ns: dict = {}
    exec(imports.rsplit("\n\n", 1)[0], ns)                  # the lesson's imports (not its table)
    tree = ast.parse(re.sub(r"delay=[0-9.]+", "delay=0", cells[i]))
    exec(compile(ast.Module(tree.body[:-1], []), "<cell>", "exec"), ns)
    return eval(compile(ast.Expression(tree.body[-1].value), "<cell>", "eval"), ns)


@pytest.mark.parametrize("lesson,i", TASKS, ids=[f"{a}-{b}" for a, b in TASKS])
def test_lesson_task_hides_the_answer_then_accepts_it(lesson, i):
    table = _task_table(lesson, i)
    task = table.controller.task
    bound = table.controller.bound
    assert table.view["what_now"]["text"] == task.question   # the question, not the answer
    assert all(c.get("playable") is not False or task.choices for c in table.view["hand"])
    assert table.view["again"] == {"label": "Deal this again"}
    assert task.hint and table.view["task"]["hint"]["enabled"]
    for wrong in (task.wrong if isinstance(task.wrong, dict) else {}):
        before = table.controller.moves
        if task.choices:
            table.send_from_page({"do": "predict", "index": task.choices.index(wrong)})
        else:
            table.send_from_page({"do": "act", "action": _action(wrong), "pos": table.view["pos"]})
        # one clear thing, once: the task's own sentence alone (a prediction keeps its question)
        said = task.wrong[wrong] + (" " + task.question if task.choices else "")
        assert table.view["what_now"]["text"] == said, wrong
        assert table.controller.moves == before                 # not played
    if task.choices:
        table.send_from_page({"do": "predict", "index": task.choices.index(task.accept[0])})
    else:
        table.send_from_page({"do": "act", "action": _action(task.accept[0]), "pos": table.view["pos"]})
    assert table.view["what_now"]["text"].startswith("✓ " + task.right), table.view["what_now"]
    assert bound.answered and table.errors == []


def _action(answer: str) -> str:
    return answer if " " in answer or answer in ("stand", "propose", "draw", "challenge") else f"play {answer}"


# ------------------------------------------------------------------------ the exit questions
def test_ecarte_exit_question_answer_is_the_engines():
    # spades trumps, the A♥ led; J♥ 8♥ 7♠ Q♣ 9♦ must follow suit and win: only the J♥
    s = ecarte.new_game(deck=ecarte.stacked_deck("AH 10D KC 8C 7D", "JH 8H 7S QC 9D", "9S"), dealer=1)
    s.apply("stand")
    s.apply("play AH")
    assert [str(a) for a in s.legal_actions()] == ["play J♥"]
    md = (ROOT / "lessons" / "01_ecarte.md").read_text(encoding="utf-8")
    assert "Your opponent holds J♥ 8♥ 7♠ Q♣ 9♦" in md and "The **J♥**" in md


def test_switch_exit_question_answer_is_the_engines():
    # Ben's A♣ on the 7♦; you hold 2♣ 7♣ J♥ 9♦ and no Ace: draw 4 is all you may do
    from cardkit import switch
    hands = ["2C 7C JH 9D", "AC 5S 6S 3H"]
    g = switch.new_game(hands=hands, deck=switch.full_stock(hands, top="7D"), dealer=0,
                        names=["you", "Ben"], seed=0)
    g.apply("play AC")
    assert [str(a) for a in g.legal_actions()] == ["draw"]
    md = (ROOT / "lessons" / "05_switch.md").read_text(encoding="utf-8")
    assert "Ben plays the A♣ on the 7♦. You hold 2♣ 7♣ J♥ 9♦." in md and "**Draw 4 cards.**" in md


def test_the_advisor_numbers_wait_behind_a_closed_details_block():
    """The strategy task: the student decides first, on a Voilà page too (nothing to edit)."""
    out = le.advisor_numbers().data
    assert out.startswith("<details") and "<details open" not in out and out.endswith("</details>")
    assert "Decided? Open the advisor&#x27;s numbers" in out
    assert "over all 65,780 dealer hands" in out and "You chose" not in out
    # what the numbers mean is inside the closed block too, with the advisor's own figures
    a = ecarte.stand_advice(le.STAND_HAND, le.STAND_TURN_UP, exact=True)
    assert ("<b>Expected points</b> are what you would score on average if you played this same "
            "hand very many times") in out
    assert f"standing {a['stand_points']:+.2f}, proposing {a['propose_points']:+.2f}" in out
    assert (f"the ± (plus or minus) {a['propose_error_95']:.2f} says how far from the true value it "
            "may be, 19 times in 20") in out
    assert f"A close call: standing wins this hand about half the time ({a['p_three']:.1%})" in out
    assert out.index("A close call") < out.index("</details>")
    # each word explained the first time it comes: expected points before the advisor's lines
    assert out.index("<b>Expected points</b>") < out.index("standing +0.51") < out.index("(plus or minus)")
    assert 0.45 < a["p_three"] < 0.55 and abs(a["stand_points"] - a["propose_points"]) < 0.1


# ------------------------------------------------------- a fresh reader's findings (01 and 05)
def test_ecarte_king_task_is_a_real_choice_and_right_to_the_rule():
    """§4's task asks when the king's point can be claimed; at its position both announcing and
    playing a card are legal (RULES.md §3.3), and after a card is played the chance is gone."""
    table = _task_table("01_ecarte", 1)
    task = table.controller.task
    assert task.choices and task.accept == ("Only now, before I play my first card",)
    legal = [str(a) for a in table.state.legal_actions()]
    assert legal == ["announce king", "play 10♠"]      # must follow and win: the 10♠, or announce first
    # the engine: play the 10♠ (it wins the 9♠) without announcing; leading next, no announce
    s = ecarte.new_game(deck=ecarte.stacked_deck("9S QD 8D 7C JC", "KH 10S 7S 9H AC", "8H"), dealer=0)
    for move in ("stand", "play 9S", "play 10S"):
        s.apply(move)
    assert s.current_player == 0 and not [a for a in s.legal_actions() if a.kind == "announce"]


def _switch_task(question_part: str):
    n = len(_task_cells("05_switch")[1])
    for i in range(n):
        t = _task_table("05_switch", i)
        if question_part in t.controller.task.question:
            return t
    raise AssertionError(question_part)


@pytest.mark.parametrize("question_part,answer", [
    ("Ada has one card left. The top card is the 5♥", "play A♣"),
    ("four of your cards are hearts", "play J♠"),
    ("You hold the 9♥ and the 5♣", "last card"),
])
def test_switch_special_card_tasks_give_a_real_choice(question_part, answer):
    """The Ace, Jack and last-card tasks: more than one card may be played, so the special card
    (or the call) is a choice, not the only move."""
    t = _switch_task(question_part)
    legal = [str(a) for a in t.state.legal_actions()]
    plays = [a for a in legal if a.startswith("play ")]
    assert answer in legal and len(plays) >= 2, legal


def test_switch_jack_task_hand_is_mostly_hearts():
    t = _switch_task("four of your cards are hearts")
    hand = [str(c) for c in t.state.hands[0]]
    assert len(hand) == 7 and sum(c.endswith("♥") for c in hand) == 4
    assert sum(c.endswith("♣") for c in hand) == 1             # "you have only one club"
    md = (ROOT / "lessons" / "05_switch.md").read_text(encoding="utf-8")
    assert "Four of your seven cards are hearts, and you have only one\nclub." in md
    assert "you hold mostly hearts" not in md


def test_which_card_says_what_trumps_are():
    lines = le.which_card()
    assert lines[0] == "trumps: spades (the turn-up is 10♠)"
    assert lines[1] == "your cards: A♦ 9♣"

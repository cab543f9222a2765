"""The "your turn" Quiz used by the lessons: feedback names the rule, right answers stick, and
only a choice index from the page is accepted."""
import pytest

from cardkit import parse_card, parse_cards
from cardkit_tables import Quiz
from widget_helpers import live_widgets


def click(q, choice):
    q.send_from_page({"do": "choose", "index": q.choices.index(choice)})


def test_card_quiz_feedback():
    q = Quiz("Spades are led with the A♠. Which spade wins?", parse_cards("10S JS 9S"),
             parse_card("JS"), right="The jack ranks above the ace (§3.1).",
             wrong="No — the order is K Q J A 10 9 8 7.")
    assert repr(q) == "Quiz('Spades are led with the A♠. Which spade wins?')"
    assert q.view["feedback"] == {"text": "Click your answer.", "tone": "info"}
    assert [c["card"]["words"] for c in q.view["choices"]] == ["ten of spades", "jack of spades", "nine of spades"]
    click(q, parse_card("10S"))
    assert (q.view["feedback"]["text"], q.view["feedback"]["tone"], q.answered) == \
        ("No — the order is K Q J A 10 9 8 7.", "warn", False)
    click(q, parse_card("JS"))
    assert q.view["feedback"] == {"text": "Right! The jack ranks above the ace (§3.1).", "tone": "done"}
    assert (q.answered, q.attempts) == (True, 2)


def test_word_quiz_with_a_message_per_wrong_answer():
    q = Quiz("What does the dealer score?", ["1 point", "2 points", "3 points"], "2 points",
             right="Stood and lost: 2 (§3.5).", wrong={"3 points": "Never 3 (§3.5)."})
    click(q, "3 points")
    assert q.view["feedback"]["text"] == "Never 3 (§3.5)."
    click(q, "1 point")
    assert q.view["feedback"]["text"] == "Not quite — try again."
    click(q, "2 points")
    assert q.answered


@pytest.mark.parametrize("content", [None, {"do": "choose"}, {"do": "choose", "index": 9},
                                     {"do": "choose", "index": True}, {"do": "choose", "index": "0"}])
def test_forged_choices_are_ignored(content):
    q = Quiz("?", ["a", "b"], "a", right="yes")
    q.send_from_page(content)
    assert q.attempts == 0 and not q.answered


def test_one_model_and_the_answer_must_be_a_choice():
    before = len(live_widgets())
    Quiz("?", ["a", "b"], "a", right="")
    assert len(live_widgets()) - before == 2
    with pytest.raises(ValueError, match="one of its choices"):
        Quiz("?", ["a", "b"], "c", right="")

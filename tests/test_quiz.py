"""The "your turn" Quiz used by the lessons: feedback names the rule, right answers stick."""
import pytest

from cardkit import parse_card, parse_cards
from cardkit_tables import Quiz


def test_card_quiz_feedback():
    q = Quiz("Spades are led with the A♠. Which spade wins?", parse_cards("10S JS 9S"),
             parse_card("JS"), right="The jack ranks above the ace (§3.1).",
             wrong="No — the order is K Q J A 10 9 8 7.")
    assert repr(q) == "Quiz('Spades are led with the A♠. Which spade wins?')"
    assert q.what_now.text == "Click your answer."
    q.options.click(parse_card("10S"))
    assert (q.what_now.text, q.what_now.tone, q.answered) == ("No — the order is K Q J A 10 9 8 7.", "warn", False)
    q.options.click(parse_card("JS"))
    assert q.what_now.text == "Right! The jack ranks above the ace (§3.1)."
    assert (q.what_now.tone, q.answered, q.attempts) == ("done", True, 2)


def test_word_quiz_with_a_message_per_wrong_answer():
    q = Quiz("What does the dealer score?", ["1 point", "2 points", "3 points"], "2 points",
             right="Stood and lost: 2 (§3.5).", wrong={"3 points": "Never 3 (§3.5)."})
    q.options.click("3 points")
    assert q.what_now.text == "Never 3 (§3.5)."
    q.options.click("1 point")
    assert q.what_now.text == "Not quite — try again."
    q.options.click("2 points")
    assert q.answered and q.errors == []


def test_the_answer_must_be_a_choice():
    with pytest.raises(ValueError, match="one of its choices"):
        Quiz("?", ["a", "b"], "c", right="")

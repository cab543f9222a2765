"""A "Your turn" check for lessons (LESSONS.md: answered by clicking, with feedback naming the
rule). ``Quiz(question, choices, answer, right, wrong)`` shows a question, one button per choice
(cards are drawn as cards) and a feedback panel. Nothing hidden is ever on it: every choice is
shown face up on purpose.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as ipw

from cardkit.cards import Card
from cardkit.i18n import _

from .parts import ActionBar, HandView, TableBase, esc as _esc

__all__ = ["Quiz"]


class Quiz(TableBase):
    """One question answered by a click, with immediate feedback that names the rule.

    - ``question``: the question (plain text, escaped).
    - ``choices``: a list of :class:`Card` (drawn as cards) or of strings (drawn as buttons).
    - ``answer``: the right choice (one element of ``choices``).
    - ``right``: the sentence shown for the right answer (it should say why, naming the rule).
    - ``wrong``: a sentence for any wrong answer, or a mapping choice → sentence; a missing entry
      falls back to "Not quite — try again."

    ``answered`` is True once the right choice was clicked; ``attempts`` counts clicks. Raises
    ``ValueError`` if ``answer`` is not among ``choices``.
    """

    def __init__(self, question: str, choices: Sequence[Any], answer: Any, right: str,
                 wrong: "str | Mapping[Any, str]" = "", **kwargs: Any):
        super().__init__(**kwargs)
        choices = list(choices)
        if answer not in choices:
            raise ValueError("the quiz answer must be one of its choices")
        self.question = question
        self.choices, self.answer, self.right, self.wrong = choices, answer, right, wrong
        self.answered = False
        self.attempts = 0
        self.prompt = ipw.HTML()
        self.prompt.value = "<b>{}</b> {}".format(_("Your turn —"), _esc(question))
        if all(isinstance(c, Card) for c in choices):
            self.options = HandView(hook="ck-quiz-cards")
            self.options.show(choices)
            self.options.on_card(self.safe(self.choose))
        else:
            self.options = ActionBar(hook="ck-quiz-choices")
            self.options.show({c: str(c) for c in choices})
            self.options.on_action(self.safe(self.choose))
        self.message(_("Click your answer."))
        self.children = (self.css, self.prompt, self.options, self.what_now)

    def choose(self, choice: Any) -> None:
        """Answer with ``choice`` (what a click does)."""
        self.attempts += 1
        if choice == self.answer:
            self.answered = True
            self.message(_("Right! ") + self.right, tone="done")
            return
        wrong = self.wrong.get(choice, "") if isinstance(self.wrong, Mapping) else self.wrong
        self.message(wrong or _("Not quite — try again."), tone="warn")

    def _repr_args(self) -> str:
        return repr(self.question)

"""A "Your turn" check for lessons: answered by clicking, with feedback naming the rule.

``Quiz(question, choices, answer, right, wrong)`` is one anywidget model (like the tables): the
question, one button per choice — cards drawn as the tables draw them, words as buttons — and the
feedback in a live region. Nothing hidden is ever on it: every choice is shown face up on purpose.
The page sends ``{"do": "choose", "index": i}``; anything else is ignored.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Mapping, Sequence

import anywidget
import traitlets

from cardkit.cards import Card
from cardkit.i18n import N_, _, check_language, get_language
from cardkit.i18n import language as in_language

from .live_note import LiveNote
from .cardtable import bundle, card_json
from .fonts import font_message

__all__ = ["Quiz"]


class Quiz(LiveNote, anywidget.AnyWidget):
    """One question answered by a click, with immediate feedback that names the rule.

    - ``question``: the question (plain text: the page draws it as text).
    - ``choices``: a list of :class:`Card` (drawn as cards) or of strings (drawn as buttons).
    - ``answer``: the right choice (one element of ``choices``).
    - ``right``: the sentence shown for the right answer (it should say why, naming the rule).
    - ``wrong``: a sentence for any wrong answer, or a mapping choice → sentence; a missing entry
      falls back to "Not quite — try again."

    ``answered`` is True once the right choice was clicked; ``attempts`` counts clicks;
    ``feedback`` is ``(text, tone)`` as shown. Raises ``ValueError`` if ``answer`` is not among
    ``choices``.

    >>> q = Quiz("Which card wins the battle?", ["K♠", "A♦"], "A♦", right="Aces are high in War.")
    >>> q.choose("K♠")
    >>> q.feedback
    ('Not quite — try again.', 'warn')
    >>> q.choose("A♦")
    >>> q.feedback, q.answered, q.attempts
    (('Right! Aces are high in War.', 'done'), True, 2)
    >>> q.close()
    """

    live_note_what = N_("A quiz")

    _esm = bundle("quiz.bundle.js")
    _css = bundle("table.css")
    view = traitlets.Dict().tag(sync=True)

    def __init__(self, question: str, choices: Sequence[Any], answer: Any, right: str,
                 wrong: str | Mapping[Any, str] = "", *, four_colour: bool = False,
                 language: str | None = None, **kwargs: Any):
        choices = list(choices)
        if answer not in choices:
            raise ValueError("the quiz answer must be one of its choices")
        super().__init__(**kwargs)
        #: the quiz's language (its buttons' words and cards' names): ``language=``, else the
        #: kernel's default (:func:`cardkit.i18n.set_language`)
        self.language = check_language(language) if language is not None else get_language()
        self.question = question
        self.choices, self.answer, self.right, self.wrong = choices, answer, right, wrong
        self.answered = False
        self.attempts = 0
        self.four_colour = four_colour
        with in_language(self.language):
            self.feedback = (_("Click your answer."), "info")
        self.on_msg(lambda _w, content, _b=None: self.send_from_page(content))
        self._draw()

    def send_from_page(self, content: Any) -> None:
        """One (untrusted) message from the page: ``{"do": "choose", "index": i}``."""
        if isinstance(content, dict) and content.get("do") == "fonts":
            self.send(*font_message(self.language))     # the page lacks this quiz's font
            return
        if not isinstance(content, dict) or content.get("do") != "choose":
            return
        i = content.get("index")
        if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(self.choices):
            self.choose(self.choices[i])

    def choose(self, choice: Any) -> None:
        """Answer with ``choice`` (what a click does); an unknown choice is ignored."""
        if choice not in self.choices:
            return
        self.attempts += 1
        with in_language(self.language):
            if choice == self.answer:
                self.answered = True
                self.feedback = (_("Right! ") + self.right, "done")
            else:
                wrong = self.wrong.get(choice, "") if isinstance(self.wrong, Mapping) else self.wrong
                self.feedback = (wrong or _("Not quite — try again."), "warn")
        self._draw()

    def speaking(self) -> Any:
        """``with quiz.speaking():`` translates into the quiz's language."""
        return in_language(self.language)

    def _draw(self) -> None:
        with in_language(self.language):
            self.view = {
                "prompt": _("Your turn —"), "question": self.question,
                "choices": [{"card": card_json(c)} if isinstance(c, Card) else {"label": str(c)}
                            for c in self.choices],
                "feedback": {"text": self.feedback[0], "tone": self.feedback[1]},
                "answered": self.answered, "four_colour": self.four_colour,
                "language": self.language,
            }

    def __repr__(self) -> str:
        return f"Quiz({self.question!r})"

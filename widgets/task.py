"""A lesson's "your turn" task on a live card table: predict, then see.

``Task(question, accept, right, hint=None, wrong=None, *, moves=(), choices=None)`` is given to a
table built on a stacked deal (``EcarteTable(deck=..., task=Task(...))``, the same for
``WarTable`` and ``SwitchTable``). What the table does with it (the tables' shared
:class:`~cardkit_tables.controller.Controller` runs it):

- **before the student's first attempt** nothing on the table gives the answer away: no card is
  greyed as not allowed, the What now line shows the task's ``question`` instead of the game's
  own advice, and the Écarté advisor says nothing. A **Hint** button shows ``hint``;
- **each attempt** (a click on a card or on an action button) is checked in the kernel, through
  the engine exactly as every click is: an action in ``accept`` says "✓ " + ``right`` and is
  played; a legal action that is not accepted says the ``wrong`` sentence and is **not** played
  (the student tries again); an illegal action gets the engine's own refusal naming the rule.
  That sentence stands alone on the What now line (with the hint, once asked for): one thing,
  said once. After the first attempt the table's usual greying comes back;
- **once answered** the game goes on normally (the computer moves, and so on).

A *prediction* (``choices=[...]``) asks for one of a few plain-text answers instead of a move —
"Who wins this battle?" on a War table, where the only move is Flip. The table shows one button
per choice and holds the game (Flip, the cards, the computer) until the right one is chosen; then
it says "✓ " + ``right`` and plays on (a War table flips the battle, so the student sees it).

The position the task is put at is the deal's start after ``moves`` (action texts, each made
through the engine in order, the computer's moves included, so the position is exact: "the
computer stands and leads the 9♠" is ``moves=["stand", "play 9S"]``). It must be the student's
turn there. Every text is plain text (drawn as text, never as HTML). Nothing of ``accept`` is ever
sent to the page: the check happens in the kernel, and the ``right``/``wrong`` sentences and the
hint reach the page only once earned (an answer, a click on Hint). The texts themselves are the
lesson's: a question may name the stacked cards it asks about (the table adds no hidden card).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from cardkit.cards import parse_card
from cardkit.core import Action, InvalidAction, Observation
from cardkit.i18n import N_, _

__all__ = ["ANSWER_FIRST", "TICK", "BoundTask", "Task", "TaskMode"]

TICK = "✓ "
#: The sentence for a legal move that is not the answer, when the task gives none for it.
NOT_THAT = N_("Not that one — try again.")
#: The sentence for a move tried while a prediction waits for its answer (and the reason shown
#: on every card and button meanwhile).
ANSWER_FIRST = N_("First answer the question: choose one of the answers below.")

#: What a table's view must hold back for an open task (``BoundTask.mode``): ``"quiet"`` before
#: the first attempt (no card greyed as not allowed, no call button held back, no advice),
#: ``"predict"`` while a prediction waits (every card and move waits too), ``None`` otherwise.
TaskMode = Literal["quiet", "predict"] | None


def _text(value: object, what: str, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise ValueError(f"the task's {what} must be a non-empty string, not {value!r}")
    return value


@dataclass(frozen=True)
class Task:
    """One "your turn" task for a table on a stacked deal (module doc).

    - ``question``: what the student is asked (shown where the What now line is until the first
      attempt), e.g. ``"The computer leads the 9♠. Which card must you play?"``;
    - ``accept``: the right answers: action texts as the table's buttons send them
      (``"play KS"``, ``"stand"``, ``"discard 7S 8D"``, ``"steal"``, ``"top 9C"``); a bare card
      (``"KS"``) means the move with that one card (``play``, or ``top`` on a Steal War choice).
      With ``choices``: some of the choices;
    - ``right``: the sentence for the right answer, naming the rule ("✓ " is put before it unless
      it starts with a tick already);
    - ``hint``: the text of the Hint button (no Hint button without it);
    - ``wrong``: the sentence for any legal but wrong answer, or a mapping answer → sentence
      (the answers written as in ``accept``); a missing one falls back to "Not that one — try
      again.";
    - ``moves``: actions made on the deal before the question is put (see the module doc);
    - ``choices``: plain-text answers for a prediction (see the module doc), or ``None``.

    Raises ``ValueError`` for an empty question, no answer, an answer that is not among the
    choices, or texts that are not strings. Whether the moves and answers fit the deal is checked
    when the table deals it (:meth:`bind`).
    """

    question: str
    accept: Sequence[str]
    right: str
    hint: str | None = None
    wrong: str | Mapping[str, str] | None = None
    moves: Sequence[str] = ()
    choices: Sequence[str] | None = None

    def __post_init__(self) -> None:
        _text(self.question, "question")
        _text(self.right, "right sentence")
        accept = [self.accept] if isinstance(self.accept, str) else list(self.accept)
        if not accept:
            raise ValueError("the task needs at least one right answer in accept")
        for a in accept:
            _text(a, "answer")
        object.__setattr__(self, "accept", tuple(accept))
        object.__setattr__(self, "moves", tuple(str(m) for m in self.moves))
        if self.hint is not None:
            _text(self.hint, "hint")
        if isinstance(self.wrong, Mapping):
            for k, v in self.wrong.items():
                _text(k, "wrong answer")
                _text(v, "wrong sentence")
            object.__setattr__(self, "wrong", dict(self.wrong))
        elif self.wrong is not None:
            _text(self.wrong, "wrong sentence")
        if self.choices is not None:
            choices = tuple(_text(c, "choice") for c in self.choices)
            if len(choices) < 2 or len(set(choices)) != len(choices):
                raise ValueError("a prediction needs two or more different choices")
            object.__setattr__(self, "choices", choices)
            missing = [a for a in accept if a not in choices]
            if missing:
                raise ValueError(f"the task's answers {missing} are not among its choices {list(choices)}")
            if isinstance(self.wrong, dict):
                odd = [k for k in self.wrong if k not in choices]
                if odd:
                    raise ValueError(f"the task's wrong answers {odd} are not among its choices")

    @property
    def right_text(self) -> str:
        """``right`` with the tick in front (once).

        >>> Task("Who wins this battle?", accept=["Computer"], right="The ace beats the queen.",
        ...      choices=["You", "Computer"]).right_text
        '✓ The ace beats the queen.'
        """
        r = self.right.strip()
        return r if r.startswith("✓") else TICK + r

    def bind(self, obs: Observation) -> BoundTask:
        """The task read against the observation ``obs`` of its position (the deal after
        ``moves``, the student's seat): the answers as actions. Raises ``ValueError`` when it is
        not the student's turn there, or when an answer is not a legal move there (with the
        engine's reason), or a text is not a move at all."""
        return BoundTask(self, obs)


class BoundTask:
    """A :class:`Task` read against its position: ``accept`` (a set of :class:`Action`, or of
    choice texts), ``wrong`` (a mapping of the same to sentences), and what the student has done
    so far: ``attempts`` (counted clicks checked), ``answered``, ``hint_shown``. Kernel-side
    only: none of it is sent to the page but the question, the hint once asked for, and the
    choices' labels."""

    def __init__(self, task: Task, obs: Observation):
        self.task = task
        self.attempts = 0
        self.answered = False
        self.hint_shown = False
        self.accept: set[Action | str]
        self.wrong: dict[Action | str, str]
        if task.choices is not None:
            self.accept = set(task.accept)
            self.wrong = dict(task.wrong) if isinstance(task.wrong, dict) else {}
            return
        legal = list(obs.legal_actions)
        if not legal:
            raise ValueError("the task's position is not the student's turn: add the other "
                             "players' moves to the task's moves")
        self.accept = {self._legal(a, obs, legal, "answer") for a in task.accept}
        self.wrong = ({self._legal(k, obs, legal, "wrong answer"): v for k, v in task.wrong.items()}
                      if isinstance(task.wrong, dict) else {})

    @staticmethod
    def _legal(text: str, obs: Observation, legal: list[Action], what: str) -> Action:
        action = as_action(text, legal)
        why = obs.refusal(action)
        if why is not None:
            extra = (" (the table shows the engine's own refusal for it, so leave it out of "
                     "wrong)" if what == "wrong answer" else "")
            raise ValueError(f"the task's {what} {text!r} is not a legal move at its position"
                             + (f": {why}" if why else "") + extra)
        return action

    @property
    def prediction(self) -> bool:
        """A prediction (choices) rather than a move."""
        return self.task.choices is not None

    @property
    def quiet(self) -> bool:
        """Before the first attempt: the table gives nothing away (module doc)."""
        return not self.answered and self.attempts == 0

    @property
    def choices(self) -> tuple[str, ...]:
        """The prediction's answers (``()`` for a move task)."""
        return tuple(self.task.choices or ())

    @property
    def mode(self) -> TaskMode:
        """What the table's view holds back now (:data:`TaskMode`): ``"predict"`` while a
        prediction waits, ``"quiet"`` before the first attempt at a move, else ``None``."""
        if self.answered:
            return None
        if self.prediction:
            return "predict"
        return "quiet" if self.attempts == 0 else None

    def wrong_text(self, answer: Action | str) -> str:
        """The sentence for the wrong (legal) ``answer``: its own, the task's one sentence, or
        "Not that one — try again." (translated)."""
        if answer in self.wrong:
            return self.wrong[answer]
        if isinstance(self.task.wrong, str):
            return self.task.wrong
        return _(NOT_THAT)


def as_action(text: str | Action, legal: Sequence[Action] = ()) -> Action:
    """``text`` as an :class:`Action`: an action text (``"play KS"``, ``"stand"``), or a bare
    card (``"KS"``, ``"K♠"``) meaning the one legal move with that card alone (``play``, or
    ``top``), else ``play`` of it. Raises :class:`cardkit.core.InvalidAction` (a ``ValueError``)
    for text that is neither.

    >>> as_action("play KS")
    Action('play K♠')
    >>> as_action("K♠", [Action.parse("top K♠"), Action.parse("flip")])
    Action('top K♠')
    >>> as_action("the king")
    Traceback (most recent call last):
    ...
    cardkit.actions.InvalidAction: the task's answer 'the king' is neither a move nor a card
    """
    try:
        return Action.parse(text)
    except InvalidAction:
        try:
            card = parse_card(str(text).strip())
        except ValueError:
            raise InvalidAction(f"the task's answer {text!r} is neither a move nor a card") from None
        for a in legal:
            if a.cards == (card,):
                return a
        return Action("play", (card,))


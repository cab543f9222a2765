"""The flow shared by every card table: one :class:`Controller` (docs/architecture.md, "A click's
path").

A table (``EcarteTable``, ``WarTable``, ``SwitchTable``) owns one controller and gives it a few
hooks (:class:`TableHooks`); the controller does the rest the same way for every game:

- **seeds**: game ``k`` of a table built with ``seed=s`` is dealt from ``s + k`` (``None``: a fresh
  shuffle each time), so a lesson shows the same story on every run;
- **the position counter** ``pos``: it goes up by one whenever the position on the table changes
  (a move, a new game, a new hand). Every click from the page carries the ``pos`` it was made on; a
  click made on an earlier position is refused ("the table has moved on") and changes nothing.
  ``turn`` counts only the changes of the game itself (a deal, a move, the next hand), not a
  question asked, a refusal or a setting kept for the next game: what the page holds between two
  clicks (the cards chosen to throw away) lasts while ``turn`` stays the same;
- **one observation per position**: :meth:`Controller.observation` builds a seat's observation
  once per position and hands the same one to everything that reads it — the check of a click,
  the table's view, the task, the computer player (which gets its own seat's). A click and the
  computer's reply build three: the person's after the click (drawn), the computer's (it
  chooses), the person's after the reply (drawn). A refusal's sentence is worked out once per
  position and action (:meth:`Controller.refusal`), for the click and for the greyed card alike;
- **act → draw → the computer's reply**: the person's action goes through ``state.apply`` (the
  only door into the game), the table is redrawn, then the computer's moves are scheduled one at
  a time ``delay`` seconds apart on the kernel's event loop (``loop.call_later``), so the kernel
  keeps answering clicks meanwhile; headless (no running loop) or with ``delay=0`` they are made
  at once. A new game cancels a scheduled move;
- **settings that wait for New game**: a changed setting is kept as *pending* (shown as such on
  the table) and used by the next game; before the first move of a game it applies at once, by
  dealing a new game (the What now line says so);
- **confirming a restart**: "New game" during a game in progress asks first; the answer is a
  different button in a different place, so a double click on "New game" cannot skip the
  question;
- **the stacked deal and its task**: a table built on a stacked deal (``stacked=True``) can deal
  it again ("Deal this again": the same deal, seat, settings, computer and task, as a fresh
  attempt; asked first like New game); a :class:`~cardkit_tables.task.Task` is put on that deal
  after its ``moves`` and every attempt of the person's is checked here (see ``task.py``); the
  table's view is told :attr:`Controller.task_mode` (what to hold back) when it is drawn.

Every message from the page is untrusted (docs/architecture.md, "Serving"):
:meth:`Controller.handle` checks its shape, and every error ends as a sentence on the table,
never as a traceback.
"""
from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Mapping
from typing import Any

from cardkit.core import Action, GameState, IllegalAction, Observation, Player
from cardkit.i18n import N_, _

from .hooks import TableHooks, running_loop
from .task import ANSWER_FIRST, BoundTask, Task, TaskMode

__all__ = ["ANSWER_FIRST", "Controller", "TableHooks", "running_loop"]

log = logging.getLogger("cardkit.tables")

#: The sentence for a click made on a position the table has already left.
MOVED_ON = N_("The table has moved on since that click: look again and choose.")
GENERIC_ERROR = N_("Sorry, something went wrong with that click. Try again, or start a "
                   "new game.")
#: The note after a setting changed before the first move: it is used at once, on a new deal.
SETTINGS_DEALT = N_("New settings: no move had been made yet, so a new game is dealt with "
                    "them.")
#: The sentence for a text from the page that is no action at all, and for a setting not offered.
NOT_A_MOVE = N_("That is not a move on this table.")
NOT_OFFERED = N_("That setting is not offered on this table.")
MAX_TEXT = 200          # longest action text or setting value accepted from the page


#: Seconds the computer waits before its reply to a task's right answer, when moves are paused
#: (``delay > 0``), so the "✓" can be read against the position the student made.
TASK_LINGER = 2.5


class Controller:
    """Seeds, turns, the computer's moves, settings and restarts for one table (module doc).

    ``Controller(table, *, seat, seed, delay, computers, settings, options, stacked=False,
    task=None)``:

    - ``table``: the :class:`TableHooks`;
    - ``seat``: the person's seat; ``computers``: the seats the computer plays (others: nobody);
    - ``seed``: ``None`` or an int, see the module doc; ``delay``: seconds (>= 0) before each
      computer move;
    - ``settings``: the first game's settings (a dict), ``options``: for each setting that the
      page may change, the allowed values (a mapping name -> tuple of values);
    - ``stacked``: the first game is a stacked deal, which "Deal this again" deals again (the
      table's ``restore_deal()`` puts it back); without a seed, one is drawn once so that the
      dealt-again game and its computer are the same as the first time;
    - ``task``: a :class:`~cardkit_tables.task.Task` put on the stacked deal, or ``None``.

    Attributes read by the table: ``state``, ``pos``, ``turn`` (module doc), ``settings`` (this
    game's), ``pending`` (chosen for the next game), ``confirming`` (the restart question is on
    show), ``message`` (``(text, tone)`` or ``None``: a refusal or a note on top of "What now"),
    ``errors`` (unexpected exceptions, for tests: it stays empty), ``refusals`` (the refusal
    sentences shown), ``bound`` (this game's :class:`~cardkit_tables.task.BoundTask`, or
    ``None``).

    Raises ``ValueError`` for a negative delay, and (when dealing) for a task whose moves or
    answers do not fit the deal.
    """

    state: GameState

    def __init__(self, table: TableHooks, *, seat: int, seed: int | None, delay: float,
                 computers: tuple[int, ...], settings: dict[str, Any],
                 options: Mapping[str, tuple[Any, ...]] | None = None, stacked: bool = False,
                 task: Task | None = None):
        if delay < 0:
            raise ValueError("delay is a number of seconds, 0 or more")
        if task is not None and not isinstance(task, Task):
            raise ValueError("task must be a cardkit_tables.Task")
        if task is not None and not stacked:
            raise ValueError("a task needs a stacked deal (deck=, hands=…): the student must be "
                             "able to deal it again")
        if stacked and seed is None:
            seed = random.SystemRandom().randrange(2 ** 31)
        self.table = table
        self.seat = seat
        self.seed = seed
        self.stacked = bool(stacked)
        self.task = task
        self.bound: BoundTask | None = None
        self.first_settings = dict(settings)
        self._confirm_kind = "new"
        self.delay = float(delay)
        self.linger = 0.0           # a longer pause before the computer's next move (s); a table may raise it
        self.computers = tuple(computers)
        self.settings = dict(settings)
        self.options = {k: tuple(v) for k, v in (options or {}).items()}
        self.pending: dict[str, Any] = {}
        self.games = 0
        self.pos = 0
        self.turn = 0                   # changes of the game itself (module doc)
        self.moves = 0                  # moves made in this game (anyone's)
        self.confirming = False
        self.message: tuple[str, str] | None = None
        self.errors: list[BaseException] = []
        self.refusals: list[str] = []
        self.players: dict[int, Player[Any]] = {}
        self._handle: asyncio.TimerHandle | None = None   # the scheduled computer move
        self._timer: asyncio.TimerHandle | None = None    # the table's own timer (a reveal, …)
        # this position's observations (seat -> observation) and refusals (action -> refusal)
        self._seen_at: tuple[GameState | None, int] = (None, -1)
        self._seen: dict[int, Observation] = {}
        self._refused: dict[Action, IllegalAction | None] = {}

    def start(self) -> None:
        """Deal the first game (the table calls this once it holds the controller)."""
        with self.table.speaking():
            self._start(deal=True)

    # ------------------------------------------------------------------------------ observations
    def observation(self, seat: int | None = None) -> Observation:
        """What ``seat`` (default: the person's, through the table's ``seat_observation``) sees at this
        position: built once per position (``state`` and ``pos``) and handed to every reader."""
        if self._seen_at[0] is not self.state or self._seen_at[1] != self.pos:
            self.forget()
            self._seen_at = (self.state, self.pos)
        who = self.seat if seat is None else seat
        obs = self._seen.get(who)
        if obs is None:
            obs = (self.table.seat_observation(self.state, who) if who == self.seat
                   else self.state.observation(who))
            self._seen[who] = obs
        return obs

    def refusal(self, action: Action) -> IllegalAction | None:
        """The rules' refusal of the person's ``action`` at this position (``None``: legal),
        worked out once per position: the refused click and the greyed card's reason say the
        same sentence, computed once."""
        obs = self.observation()
        if action not in self._refused:
            self._refused[action] = obs.refusal(action)
        return self._refused[action]

    def forget(self) -> None:
        """Drop this position's observations (the state changed, or how the table shows it)."""
        self._seen.clear()
        self._refused.clear()
        self._seen_at = (None, -1)

    # ------------------------------------------------------------------------------ games
    def game_seed(self) -> int | None:
        """The seed of the current game: ``seed + games`` (``None`` without a seed)."""
        return None if self.seed is None else self.seed + self.games

    def _start(self, deal: bool = False) -> None:
        """Deal a game: the stacked deal (and its task) when ``deal``, else the next one."""
        self.cancel()
        self.cancel_later()
        self.settings.update(self.pending)
        self.pending = {}
        self._begin(self.table.new_state(dict(self.settings), self.game_seed()), 0, None)
        if deal and self.task is not None:
            self._put_task(self.task)
        self.table.draw()
        self.schedule()

    def _begin(self, state: GameState, moves: int, message: tuple[str, str] | None) -> None:
        """Put ``state`` on the table (``moves`` made in it already), with fresh computer players."""
        seed, self.state = self.game_seed(), state
        self.players = {p: self.table.computer_player(p, dict(self.settings),
                                                      None if seed is None else seed + 7919 * (p + 1))
                        for p in self.computers}
        self.bound, self.moves, self.confirming, self.message = None, moves, False, message
        self.pos, self.turn = self.pos + 1, self.turn + 1

    def adopt(self, state: GameState, settings: Mapping[str, Any], message: str) -> None:
        """Carry on ``state`` (a resumed match, ``resume.py``) with ``settings``, saying ``message``."""
        self.cancel()
        self.cancel_later()
        self.settings.update(settings)
        self.pending = {}
        self._begin(state, max(1, len(getattr(state, "actions", ()))), (message, "info"))
        self.table.draw()
        self.schedule()

    def _put_task(self, task: Task) -> None:
        """Make the task's moves on the fresh deal and read its answers at that position."""
        for m in task.moves:
            try:
                self.state.apply(m)
            except ValueError as exc:
                raise ValueError(f"the task's move {m!r} cannot be made on this deal: {exc}") from None
        self.forget()
        self.bound = task.bind(self.observation())

    def new_game(self) -> None:
        """Start the next game at once (settings pending are used now); no question asked."""
        self.games += 1
        with self.table.speaking():
            self._start()

    def deal_again(self) -> None:
        """"Deal this again": the stacked deal once more, with the first game's settings, seat,
        computer and task (a fresh attempt); settings chosen meanwhile are dropped. Does nothing
        on a table that was not built on a stacked deal."""
        if not self.stacked:
            return
        self.games = 0
        self.settings = dict(self.first_settings)
        self.pending = {}
        self.table.restore_deal()
        with self.table.speaking():
            self._start(deal=True)

    def request_deal_again(self) -> None:
        """The "Deal this again" button: asks first when a game is in progress, as New game."""
        if not self.stacked:
            return
        if self.in_progress():
            self._confirm_kind = "again"
            self.confirming = True
            self.pos += 1
            self.table.draw()
            return
        self.deal_again()

    # ------------------------------------------------------------------------------ the task
    @property
    def task_open(self) -> BoundTask | None:
        """This game's task while it waits for its right answer, else ``None``."""
        b = self.bound
        return b if b is not None and not b.answered else None

    @property
    def task_mode(self) -> TaskMode:
        """What the table's view holds back for this game's task now
        (:data:`~cardkit_tables.task.TaskMode`): ``"quiet"``, ``"predict"`` or ``None``."""
        b = self.bound
        return None if b is None else b.mode

    def show_hint(self) -> None:
        """The Hint button: the task's hint goes on the What now line (no attempt counted)."""
        b = self.task_open
        if b is None or b.task.hint is None:
            return
        b.hint_shown = True
        self.table.draw()

    def predict(self, index: Any) -> None:
        """A prediction's answer, the choice at ``index`` (untrusted): the right one says
        "✓ …" and lets the game go on (the table's ``after_prediction()``, e.g. War flips);
        a wrong one says why not. Ignored when no prediction waits or ``index`` is not one."""
        b = self.task_open
        if b is None or not b.prediction or isinstance(index, bool) or not isinstance(index, int):
            return
        if not 0 <= index < len(b.choices):
            return
        choice = b.choices[index]
        b.attempts += 1
        if choice not in b.accept:
            self.refuse(b.wrong_text(choice))
            return
        b.answered = True
        self.pos += 1
        self.turn += 1
        self.table.after_prediction()
        self.message = (b.task.right_text, "done")
        self.table.draw()
        self.schedule()

    def _task_attempt(self, b: BoundTask, action: Any) -> bool:
        """One attempt at the task's move (module doc of ``task.py``): the rules' refusal, the
        right answer (played, "✓ …"), or a legal wrong one (refused with the task's sentence)."""
        act = self._parse(action)
        if act is None:
            return False
        b.attempts += 1
        refusal = self.refusal(act)
        if refusal is not None:
            self.refuse(str(refusal))
            return False
        if act not in b.accept:
            self.refuse(b.wrong_text(act))
            return False
        self.state.apply(act)
        b.answered = True
        # the "✓" speaks of the position the student made: the computer's reply waits long
        # enough for it to be read against that position
        self.linger = TASK_LINGER
        self._moved(message=(b.task.right_text, "done"))
        return True

    def in_progress(self) -> bool:
        """A game that has :meth:`started` and is not over (a restart would lose it)."""
        return self.started() and not self.observation().is_over

    def started(self) -> bool:
        """A move was made, or the deal itself scored (an Écarté turn-up king, RULES.md §3.3):
        a restart or a re-deal for a new setting would lose something, so it must wait or ask."""
        if self.moves > 0:
            return True
        scores = self.observation().scores
        return scores is not None and any(scores)

    def request_new_game(self) -> None:
        """The "New game" button: ask first when a game is in progress (see module doc)."""
        if self.in_progress():
            self._confirm_kind = "new"
            self.confirming = True          # a second click keeps the question on show
            self.pos += 1
            self.table.draw()
            return
        self.new_game()

    def answer_new_game(self, yes: bool) -> None:
        """The answer to "Really start again?" (after New game or Deal this again); ignored
        when the question is not on show."""
        if not self.confirming:
            return
        self.confirming = False
        kind, self._confirm_kind = self._confirm_kind, "new"
        if yes and kind == "again":
            self.deal_again()
        elif yes:
            self.new_game()
        else:
            self.pos += 1
            self.table.draw()

    def change_setting(self, name: str, value: Any) -> None:
        """A setting chosen on the page: checked against ``options``; kept for the next game
        (before the first move of a game used at once, except on a task's deal, which is kept)."""
        allowed = self.options.get(name)
        if allowed is None or value not in allowed:
            self.refuse(_(NOT_OFFERED))
            return
        if value == self.settings.get(name):
            self.pending.pop(name, None)
        else:
            self.pending[name] = value
        if self.pending and not self.started() and not self.confirming and self.bound is None:
            self.games += 1             # (a task's deal is kept: its settings wait for New game)
            self._start()
            self.note(_(SETTINGS_DEALT))
            return
        self.pos += 1
        self.table.draw()

    # ------------------------------------------------------------------------------ moves
    def act(self, action: Any, *, pos: int | None = None) -> bool:
        """The person's move ``action`` (an action or its text) made on position ``pos``.

        Refused, with a sentence and no change, when ``pos`` is not the current position (the
        table has moved on), when the table says not now (``why_not_now``: a pause, another
        seat's turn), or when the rules forbid it (the rules' sentence, naming the rule, worked
        out once: :meth:`refusal`). Returns True when the move was made.
        """
        if pos is not None and pos != self.pos:
            self.refuse(_(MOVED_ON))
            return False
        if self.confirming:
            self.confirming = False
        b = self.task_open
        if b is not None and b.prediction:
            self.refuse(_(ANSWER_FIRST))
            return False
        why = self.table.why_not_now(self.observation())
        if why:
            if b is not None:
                b.attempts += 1
            self.refuse(why)
            return False
        if b is not None:
            return self._task_attempt(b, action)
        act = self._parse(action)
        if act is None:
            return False
        refusal = self.refusal(act)
        if refusal is not None:
            self.refuse(str(refusal))
            return False
        return self._apply(act)

    def _parse(self, action: Any) -> Action | None:
        """``action`` as an :class:`Action`, or ``None`` after refusing text that is none."""
        try:
            return Action.parse(action)
        except ValueError:
            self.refuse(_(NOT_A_MOVE))
            return None

    def _apply(self, action: Action) -> bool:
        try:
            self.state.apply(action)
        except IllegalAction as exc:        # the rules' word is the last (should not happen)
            self.refuse(str(exc))
            return False
        except ValueError:
            self.refuse(_(NOT_A_MOVE))
            return False
        self._moved()
        return True

    def table_move(self, action: Action | str) -> None:
        """A move the table makes itself (a timer ran out: "too slow", the next battle of
        "Play to the end"): no position check; errors end as a sentence, never a traceback."""
        try:
            self.state.apply(action)
        except ValueError as exc:
            self.refuse(str(exc))
            return
        self._moved()

    def _moved(self, message: tuple[str, str] | None = None) -> None:
        self.cancel_later()
        self.moves += 1
        self.message = message
        self._next_position()
        self.schedule()

    def _next_position(self) -> None:
        """After a move: a new position (``pos``, ``turn``), the table's ``after_move``, a
        redraw."""
        self.forget()
        self.pos += 1
        self.turn += 1
        self.table.after_move()
        self.table.draw()

    def refuse(self, text: str) -> None:
        """Show ``text`` as a refusal (warn tone) on top of "What now"; nothing else changes."""
        self.refusals.append(text)
        self.message = (text, "warn")
        self.table.draw()

    def note(self, text: str, tone: str = "info") -> None:
        """Show ``text`` on top of "What now" until the next move."""
        self.message = (text, tone)
        self.table.draw()

    def advanced(self) -> None:
        """The table moved the game on itself (e.g. "Next hand"): new position, redraw, and
        let the computer move if it is its turn."""
        self.message = None
        self.pos += 1
        self.turn += 1
        self.table.draw()
        self.schedule()

    # ------------------------------------------------------------------------------ computer
    def computer_turn(self) -> bool:
        """Is it the computer's turn now (and does the table let it move)?"""
        obs = self.observation()
        return (not obs.is_over and obs.current_player in self.players
                and self.table.computer_may_move() and self.task_mode != "predict")

    def schedule(self) -> None:
        """Let the computer make its moves, one at a time (see the module doc)."""
        if self._handle is not None or not self.computer_turn():
            return
        loop = running_loop() if self.delay else None
        if loop is None:
            while self.computer_turn():
                self._computer_step()
            return
        # the computer thinks now and moves when the pause is over: thinking never makes the pause
        # longer than ``delay`` (unless the thinking itself takes longer)
        start = loop.time()
        choice = self._choose()
        wait = max(0.0, max(self.delay, self.linger) - (loop.time() - start))
        self.linger = 0.0
        self._handle = loop.call_later(wait, self._scheduled, self.state, self.pos, choice)

    def _choose(self) -> Action:
        """The computer's choice, from its own seat's observation of this position."""
        p = self.observation().current_player
        assert p is not None
        return self.players[p].choose(self.observation(p))

    def _scheduled(self, state: GameState, pos: int, choice: Action) -> None:
        self._handle = None
        with self.table.speaking():
            if state is not self.state or pos != self.pos:
                self.schedule()             # a new game or another move meanwhile: think again
                return
            try:
                if self.computer_turn():
                    self._computer_step(choice)
                self.schedule()
            except Exception as exc:
                self._error(exc)

    def _computer_step(self, choice: Action | str | None = None) -> None:
        if choice is None:
            choice = self._choose()
        self.state.apply(choice)
        self.moves += 1
        if self.message is not None and self.message[1] == "warn":
            self.message = None         # a refusal spoke of the position before this move
        self._next_position()

    # ------------------------------------------------------------------------------ table timer
    def later(self, seconds: float, fn: Callable[[], Any]) -> bool:
        """Run ``fn()`` after ``seconds`` on the kernel's event loop (one table timer at a time:
        this replaces the one pending). False, and nothing scheduled, without a running loop or
        with ``seconds <= 0`` (the caller then goes on at once)."""
        self.cancel_later()
        loop = running_loop()
        if loop is None or seconds <= 0:
            return False
        state = self.state

        def run() -> None:
            self._timer = None
            if state is not self.state:
                return
            with self.table.speaking():
                try:
                    fn()
                except Exception as exc:
                    self._error(exc)

        self._timer = loop.call_later(seconds, run)
        return True

    def cancel_later(self) -> None:
        """Cancel the table's timer, if one is pending."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    @property
    def timers(self) -> bool:
        """Pauses are real (a running loop and ``delay > 0``); else everything happens at once."""
        return self.delay > 0 and running_loop() is not None

    def cancel(self) -> None:
        """Cancel the scheduled computer move, if any."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    @property
    def waiting(self) -> bool:
        """A computer move is scheduled and not made yet."""
        return self._handle is not None

    # ------------------------------------------------------------------------------ the page
    def handle(self, content: Any) -> None:
        """One message from the page (untrusted). Shapes accepted:

        ``{"do": "act", "action": text, "pos": int}`` — a move (or a table action such as
        ``"next hand"``); ``{"do": "new_game"}``; ``{"do": "answer", "yes": bool}``;
        ``{"do": "set", "name": text, "value": ...}``; ``{"do": "again"}`` (Deal this again);
        ``{"do": "hint"}`` (the task's hint); ``{"do": "predict", "index": int}`` (a
        prediction's answer). Anything else is ignored.
        """
        with self.table.speaking():
            try:
                self._handle_message(content)
            except Exception as exc:
                self._error(exc)

    def _handle_message(self, content: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("do")
        if kind == "act":
            action, pos = content.get("action"), content.get("pos")
            if not isinstance(action, str) or len(action) > MAX_TEXT or not isinstance(pos, int):
                self.refuse(_("That is not a move on this table."))
                return
            if pos != self.pos:
                self.refuse(_(MOVED_ON))
                return
            if self.table.on_table_action(action):
                return
            self.act(action, pos=pos)
        elif kind == "new_game":
            self.request_new_game()
        elif kind == "again":
            self.request_deal_again()
        elif kind == "hint":
            self.show_hint()
        elif kind == "predict":
            self.predict(content.get("index"))
        elif kind == "answer":
            self.answer_new_game(content.get("yes") is True)
        elif kind == "set":
            name, value = content.get("name"), content.get("value")
            if not isinstance(name, str) or isinstance(value, (dict, list)) or (
                    isinstance(value, str) and len(value) > MAX_TEXT):
                return
            self.change_setting(name, value)

    def _error(self, exc: BaseException) -> None:
        self.errors.append(exc)
        log.debug("table handler failed", exc_info=exc)
        try:
            self.message = (_(GENERIC_ERROR), "warn")
            self.table.draw()
        except Exception:
            log.debug("redraw after an error failed", exc_info=True)


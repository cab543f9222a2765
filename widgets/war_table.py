"""The War card table (RULES.md §1): flip battles, play to the end, every variant — with Steal
War's steals and Slap war's Slap button for the person at ``seat``.

``WarTable(rules=None, *, seed=None, seat=0, delay=0.4, level="easy", hands=None, deck=None,
piles=None, narrow=False, animate=True, four_colour=False, task=None)`` is one anywidget model (see
:mod:`cardkit_tables.cardtable`). It reads only ``state.observation(seat)`` — turned into the
page's JSON by the one function :func:`war_view` — and changes the game only through
``war.new_game`` and ``state.apply``, via the shared
:class:`~cardkit_tables.controller.Controller`.

Timing (``delay``, the "Pause" setting, seconds): the pause between battles when playing to the
end, and how long a war's face-down cards stay backs after a flip (at least 0.5 s); Flip waits
until they are turned over. Slap war: when a slap card turns up the computer slaps after its
reaction time unless you press "Slap!" first — during "Play to the end" too. "Play to the end"
makes your Steal War choices for you (as the computer would) instead of stopping at each one.
Headless (no running event loop) or with ``delay=0`` everything happens at once.

Tasks (a lesson's :class:`~cardkit_tables.task.Task`, on a stacked deal): War's only move is Flip,
so a task on a classic War table is a *prediction* — ``Task("Who wins this battle?",
choices=["You", "Computer"], accept=["Computer"], right=…)`` — answered with the choice buttons
before the battle is flipped; the right answer flips it, so the student sees it. Steal War's and
Slap war's choices (``steal`` or ``flip``, ``slap``, ``top 9C``) are real moves and make move
tasks as on the other tables. While a task waits, "Play to the end" waits too.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from cardkit import war
from cardkit.cards import Card
from cardkit.core import Action, GameState, Observation, Player, default_names
from cardkit.i18n import N_, _
from cardkit.war import WarObservation

from .cardtable import CardTable, bundle, card_json, game_over_view, held, waiting_card
from .classmate import Classmates
from .controller import Controller
from .resume import Resumable
from .task import Task, TaskMode

__all__ = ["VARIANTS", "WarTable", "war_view"]

VARIANTS = tuple(war.VARIANTS)
"""The keys of the variant chooser, in its order."""
AUTO, STOP = "play to the end", "stop"


def _seated(rules: war.WarRules, seat: int) -> war.WarRules:
    """Slap war's live seat is the person's."""
    return replace(rules, slap_seat=seat) if rules.slap_rank is not None else rules


def _variant_key(rules: war.WarRules) -> str | None:
    for key, make in war.VARIANTS.items():
        made = make()
        if _seated(made, rules.slap_seat if rules.slap_seat is not None else 0) == rules:
            return key
    return None


def _cards(cards: tuple[Card | None, ...] | list[Card | None]) -> list[dict[str, Any] | None]:
    return [None if c is None else card_json(c) for c in cards]


def _battle_table(obs: WarObservation, reveal: bool) -> list[list[dict[str, Any] | None]]:
    """The cards on the table per seat: the open battle, or the last one (backs while revealing)."""
    last = obs.last_battle
    if obs.phase in ("steal", "slap"):
        return [_cards(t) for t in obs.table]
    if last is None:
        return [[] for _ in range(obs.players)]
    if reveal:
        return [[card_json(c) if up else None for c, up in zip(t, f, strict=False)]
                for t, f in zip(last["table"], last["face_up"], strict=False)]
    # once turned over, a war's face-down cards are marked ``down`` (drawn tucked under, so that
    # the face-up cards that decided it stand out)
    return [[card_json(c) if up else card_json(c, down=True) for c, up in zip(t, f, strict=False)]
            for t, f in zip(last["table"], last["face_up"], strict=False)]


def _count_label(count: int) -> str:
    return _("{n} cards").format(n=count) if count != 1 else _("1 card")


def _pile_view(src: Mapping[str, Any]) -> dict[str, Any]:
    """A Steal War face-up pile: its size, top card and labels."""
    return {"size": src["size"], "top": None if src["top"] is None else card_json(src["top"]),
            "label": _("Face-up pile"),
            "count_label": _("{n} cards").format(n=src["size"]) if src["size"] != 1 else _("1 card")}


def _row_count(obs: WarObservation, p: int, table: list[list[Any]],
               before: Mapping[str, Any] | None) -> int:
    """Seat ``p``'s card count: now, or before the battle ``before`` (while revealing it)."""
    if before is None:
        return obs.card_counts[p]
    piles = before["piles_before"]
    pile_size = piles[p]["size"] if piles else 0
    return max(0, int(before["counts_before"][p]) - pile_size - len(table[p]))


def _won_label(last: Mapping[str, Any] | None, p: int, obs: WarObservation, reveal: bool) -> str:
    """"won the battle" / "won the war" on the row of the last battle's winner, else ``""``."""
    if reveal or last is None or last["winner"] != p or obs.phase in ("steal", "slap"):
        return ""
    return _("won the war") if last["wars"] else _("won the battle")


def _row(obs: WarObservation, p: int, table: list[list[Any]], reveal: bool) -> dict[str, Any]:
    """One seat's row: name, out, count, face-up pile, cards on the table, won the battle. The
    person's row is "You", as the table's sentences say ("you win the battle"); the others' rows
    have their seats' names (``obs.names``: already in the reader's language)."""
    me = obs.seat
    before = obs.last_battle if reveal else None       # the position before the battle shown
    name = _("You") if p == me else obs.names[p]
    out = before["out_before"][p] if before is not None else obs.out[p]
    count = _row_count(obs, p, table, before)
    pile = None
    if obs.piles is not None:
        pile = _pile_view((before["piles_before"] if before is not None else obs.piles)[p])
    won_label = _won_label(obs.last_battle, p, obs, reveal)
    return {"seat": p, "you": p == me, "name": name, "out": bool(out),
            "out_label": _("out") if out else "",
            "count": count, "count_label": _count_label(count),
            "pile": pile, "table": table[p],
            "won": bool(won_label), "won_label": won_label}


def _rows(obs: WarObservation, reveal: bool) -> list[dict[str, Any]]:
    """Every seat's row, the opponents first and the person's last."""
    me = obs.seat
    table = _battle_table(obs, reveal)
    return [_row(obs, p, table, reveal)
            for p in [q for q in range(obs.players) if q != me] + [me]]


def _flip_reason(obs: WarObservation, reveal: bool, decides: bool) -> str | None:
    """Why Flip is disabled now, or ``None``."""
    if obs.is_over:
        return _("The game is over: press New game.")
    if reveal:
        return war.reveal_pause(obs.war_rules)
    if obs.current_player is not None:
        return (_("First answer the question below.") if decides else
                _("Wait: {who} is deciding.").format(who=obs.names[obs.current_player]))
    return None


def _actions(obs: WarObservation, reveal: bool, auto: bool, decides: bool) -> list[dict[str, Any]]:
    """The buttons: Flip always first and in the same place; Play to the end / Stop next to it.
    None once the game is over: the end panel's New game is what comes next."""
    over = obs.is_over
    if over:
        return []
    flip_reason = _flip_reason(obs, reveal, decides)
    return [{"id": "flip", "label": _("Flip"), "action": "flip", "primary": True,
             "enabled": flip_reason is None, "reason": flip_reason},
            {"id": "auto", "label": _("Stop") if auto else _("Play to the end"),
             "action": STOP if auto else AUTO, "primary": False, "enabled": not over,
             "reason": _("The game is over: press New game.") if over else None}]


def _decision(obs: WarObservation) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The person's choice buttons (Steal War, Slap war, choosing the top card) and top-card choices."""
    if obs.phase == "steal":
        return [{"id": "steal", "label": _("Steal"), "action": "steal", "primary": True},
                {"id": "play", "label": _("Play the card"), "action": "flip", "primary": False}], []
    if obs.phase == "slap":
        return [{"id": "slap", "label": _("Slap!"), "action": "slap", "primary": True, "big": True},
                {"id": "late", "label": _("Too slow — go on"), "action": "flip", "primary": False}], []
    if obs.phase == "top":
        top_choice = [card_json(a.cards[0], action=str(a).replace(str(a.cards[0]), a.cards[0].code),
                                playable=True)
                      for a in obs.legal_actions if a.kind == "top"]
        return [{"id": "keep", "label": _("Keep this order"), "action": "flip", "primary": False}], top_choice
    return [], []


def _log(obs: WarObservation, reveal: bool) -> list[dict[str, Any]]:
    """The log, numbered by battle, newest first (the last 120 events)."""
    events = list(obs.events)
    if reveal:
        cut = max((i for i, e in enumerate(events) if e.kind == "battle"), default=len(events))
        events = events[:cut]
    numbers, battle = [], 0
    for e in events:                       # every event's battle number; only the last 120 said
        if e.kind == "battle":
            battle += 1
        numbers.append(battle)
    log = [{"n": n, "text": e.explain()} for n, e in zip(numbers[-120:], events[-120:], strict=False)]
    return log[::-1]


def war_view(obs: WarObservation, *, reveal: bool = False, auto: bool = False,
             task: TaskMode = None) -> dict[str, Any]:
    """The page's JSON for one War observation (the only place the table reads it).

    ``obs``: ``state.observation(seat)`` (a :class:`cardkit.war.WarObservation`); ``reveal``: the
    table is showing a war's face-down cards as backs for a moment, so the view shows the position
    before the battle (counts, piles, nobody out, no winner) and the battle's face-down cards as
    backs — none of their faces is in it; ``auto``: playing to the end; ``task``: what a lesson's
    task holds back (:data:`~cardkit_tables.task.TaskMode`: while a prediction waits, Flip, the
    choices and the cards wait too). Plain JSON values only. The last battle's cards stay in the
    rows until the next Flip; ``end`` is the game-over panel once the game is over
    (:func:`~cardkit_tables.cardtable.game_over_view`, with the battles and wars counted).

    >>> state = war.new_game(war.WarRules.classic(), hands=["QS 2C", "AD 3C"])
    >>> [(a["label"], a["enabled"]) for a in war_view(state.observation(0))["actions"]]
    [('Flip', True), ('Play to the end', True)]
    >>> [a["enabled"] for a in war_view(state.observation(0), task="predict")["actions"]]
    [False, False]
    """
    decides = obs.current_player == obs.seat and not obs.is_over
    last = obs.last_battle
    over = obs.is_over
    decision, top_choice = _decision(obs) if decides and not reveal else ([], [])
    if task == "predict":
        top_choice = [{**card, **waiting_card()} for card in top_choice]
    return {
        "game": "war",
        "title": _("War"),
        "subtitle": obs.rules.label,
        "mode": "over" if over else ("decide" if decides else "battle"),
        "rows": _rows(obs, reveal),
        "players": obs.players,
        "steal": obs.piles is not None,
        "decision_text": "" if (reveal or last is None or obs.phase in ("steal", "slap")) else last["text"],
        "counters": _("battles {b} · wars {w}").format(b=obs.battles, w=obs.wars),
        "looking_at": None if obs.looking_at is None or reveal else card_json(obs.looking_at),
        "looking_label": _("Your top card"),
        "top_choice": top_choice,
        "top_label": _("Put on top of your pile:"),
        "packet_label": _("Packet"),
        "actions": held(_actions(obs, reveal, auto, decides), task),
        "decision": held(decision, task),
        "what_now": {"text": war.reveal_pause(obs.war_rules) if reveal else obs.what_now,
                     "tone": "done" if over else "info"},
        "log": _log(obs, reveal),
        "reveal": reveal,
        "battles": obs.battles,
        "end": game_over_view(obs.outcome, obs.seat, obs.names,
                              score=_("battles {b} · wars {w}").format(b=obs.battles, w=obs.wars)),
    }


class WarTable(Classmates, Resumable, CardTable):
    """Play War and its variants (RULES.md §1).

    Parameters: ``rules`` (a :class:`cardkit.war.WarRules`; default classic; for Slap war the
    live seat is set to ``seat``); ``seed`` (game ``k`` uses ``seed + k``); ``seat`` (the
    person's seat: the bottom row); ``delay`` (seconds, see the module doc; 0 in tests);
    ``level`` (the computers' level); ``hands``/``deck``/``piles`` (a stacked first game, as in
    :func:`cardkit.war.new_game`); ``narrow`` (force the phone layout); ``animate``,
    ``four_colour``; ``task`` (a :class:`~cardkit_tables.task.Task` on the stacked deal, see the
    module doc); ``store`` (a table store, ``cardkit_serving.store.open_store()``: the match is
    kept there, every move by its seat's token — Flip, "Play to the end" and the slap timer's
    "too slow" are the person's — and a new page comes back to it,
    :mod:`cardkit_tables.resume`; None, the default: nothing is kept); ``classmates`` (with a
    store: offer "Play a classmate", classmates and computers at one table, each Flip any
    person's, :mod:`cardkit_tables.classmate`; not Slap war, whose race is one person's).

    For lessons and tests: :meth:`flip` (press Flip), :meth:`play_to_end`; ``reveal`` (True
    while a war's face-down cards are shown as backs), ``auto`` (playing to the end).
    ``name``: for rules that are not in the Variant menu, the variant's name shown under the title
    and in the menu (``name="One-card wars"`` shows "One-card wars (1 down, 1 up)", not "Custom
    rules (1 down, 1 up)"); ignored for the menu's own variants.
    Raises ``ValueError`` for a seat not in the game, a negative delay, or a task without a
    stacked deal or whose moves or answers do not fit it.
    """

    live_note_what = N_("A War table")
    INTRO = N_("Press Flip: the higher card takes both; equal cards start a war. Whoever ends up "
               "with all the cards wins.")

    _esm = bundle("war.bundle.js")
    _css = bundle("table.css")

    def __init__(self, rules: war.WarRules | None = None, *, seed: int | None = None,
                 seat: int = 0, delay: float = 0.4, level: str = "easy", hands: Any = None, deck: Any = None,
                 piles: Any = None, narrow: bool = False, animate: bool = True, four_colour: bool = False,
                 task: Task | None = None, name: str | None = None, store: Any = None,
                 classmates: bool = False, **kwargs: Any):
        rules = rules if rules is not None else war.WarRules.classic()
        self._name = str(name) if name else None
        if not 0 <= seat < rules.players:
            raise ValueError(_("seat must be 0..{m}").format(m=rules.players - 1))
        if delay < 0:
            raise ValueError("delay is a number of seconds, 0 or more")
        super().__init__(animate=animate, four_colour=four_colour, **kwargs)
        self.prefs["narrow"] = bool(narrow)
        self.level = level
        self.reveal = False
        self.auto = False
        rules = _seated(rules, seat)
        self._first = {"rules": rules, "hands": hands, "deck": deck, "piles": piles}
        self._deal = dict(self._first)
        stacked = any(x is not None for x in (hands, deck, piles))
        key = _variant_key(rules)
        self._custom = rules if key is None else None
        options = list(VARIANTS) + (["custom"] if key is None else [])
        # plays the person's Steal War choices during auto-play
        self._helper: Player[Any] = war.computer_player(level)
        self._revealed_at: int | None = None     # the battle whose face-down cards were shown
        self.controller = Controller(
            self, seat=seat, seed=seed, delay=delay,
            computers=tuple(p for p in range(rules.players) if p != seat),
            settings={"variant": key or "custom"}, options={"variant": tuple(options)},
            stacked=stacked, task=task)
        self._keep_in(store, "war")
        self._offer_classmates(store, classmates)
        self.controller.start()

    # -- hooks for the controller ------------------------------------------------------------------
    def new_state(self, settings: dict[str, Any], seed: int | None) -> GameState:
        """A new game of the variant in ``settings`` (the stacked deal, the first time)."""
        self._mate_left()
        first, self._first = self._first, {}
        seat = self.controller.seat
        rules = first["rules"] if first else self._rules_of(settings)
        if seat >= rules.players:
            raise ValueError("the person's seat is not in this variant")
        self.reveal = False
        self.auto = False
        self.controller.computers = tuple(p for p in range(rules.players) if p != seat)
        self._helper = war.computer_player(self.level, seed=None if seed is None else seed * 31 + 97)
        state = war.new_game(rules, seed=seed, hands=first.get("hands"), deck=first.get("deck"),
                             piles=first.get("piles"))
        self._stored_dealt(state)
        return state

    RESUMED_PREFS = ()

    def _rules_of(self, settings: dict[str, Any]) -> war.WarRules:
        """The rules a new game of ``settings`` is dealt with (the menu's variant, or custom)."""
        if settings["variant"] == "custom" and self._custom is not None:
            return self._custom
        return _seated(war.VARIANTS[settings["variant"]](), self.controller.seat)

    def _seat_names(self, n: int, seat: int, people: Mapping[int, str]) -> list[str]:
        """Each person's name at their seat (``people``: the person's own row says "You" on the
        table); a computer's seat is "Player k" in a game against the computer, and named as a
        computer at a classmate table ("Computer", or "Computer 1", "Computer 2" …), so that
        nobody takes it for a classmate."""
        if not people:
            return list(default_names(n))
        computers = [s for s in range(n) if not people.get(s)]
        named = {s: "Computer" if len(computers) == 1 else f"Computer {k}"
                 for k, s in enumerate(computers, start=1)}
        return [people.get(s) or named[s] for s in range(n)]

    def _players_next(self) -> int:
        return self._rules_of({**self.controller.settings, **self.controller.pending}).players

    def _mate_moved(self) -> None:
        """A classmate's Flip landed while this page plays to the end: it goes on from there."""
        if self.auto and not self._observation().is_over:
            self.controller.later(self.controller.delay, self._auto_step)

    def _mate_refusal(self, settings: dict[str, Any]) -> str | None:
        """Slap war is played against the computer only: its slap race is one person's."""
        if self._rules_of(settings).slap_rank is not None:
            return _("Slap war is played against the computer only: choose another variant in "
                     "Settings to play a classmate.")
        return None

    def _computer_level(self) -> str:
        return self.level

    def _resumed_hand(self, state: Any) -> None:
        """A resumed game: no war shown, not playing to the end."""
        self.reveal = self.auto = False
        self._revealed_at = None

    def _welcome(self, state: Any) -> str:
        return self._welcome_cards(state.observation(self.controller.seat).card_counts[self.controller.seat])

    def computer_player(self, seat: int, settings: dict[str, Any], seed: int | None) -> Player[Any]:
        """The computer at ``seat`` (the table's ``level``)."""
        return war.computer_player(self.level, seed=None if seed is None else seed * 31 + seat)

    def restore_deal(self) -> None:
        """Put the stacked deal back for the next ``new_state``."""
        self._first = dict(self._deal)

    def after_prediction(self) -> None:
        """A prediction was answered right: flip the battle it was about (when Flip is the move)."""
        c = self.controller
        obs = self._observation()
        if obs.current_player is None and not obs.is_over:
            c.table_move("flip")

    def computer_may_move(self) -> bool:
        """Not while a war's face-down cards are shown as backs."""
        return not self.reveal

    def why_not_now(self, obs: Observation) -> str | None:
        """The game over, a war being shown, or a computer's decision (else ``None``)."""
        assert isinstance(obs, WarObservation)
        if obs.is_over:
            return _("The game is over: press New game to play again.")
        if self._mate_why_not():
            return self._mate_why_not()
        if self.reveal:
            return war.reveal_pause(obs.war_rules)
        cp = obs.current_player
        if cp is not None and cp != obs.seat:
            return _("Wait: {who} is deciding.").format(who=obs.names[cp])
        return None

    def on_table_action(self, name: str) -> bool:
        """"Stop" and "Play to the end" (True); anything else is a move (False)."""
        c = self.controller
        if name == STOP:
            self.auto = False
            c.cancel_later()
            if self.reveal:
                self.reveal = False
            c.advanced()
            return True
        if name == AUTO:
            if self._mate_why_not():                    # a classmate still to sit down
                c.refuse(self._mate_why_not() or "")
                return True
            if c.task_open is not None:
                c.refuse(_("First answer the question, then play to the end."))
                return True
            if self._observation().is_over:
                c.refuse(_("The game is over: press New game to play again."))
                return True
            self.auto = True
            c.pos += 1
            self.draw()
            self._auto_step()
            return True
        return False

    def after_move(self) -> None:
        """After every move: the move is stored (:class:`~cardkit_tables.resume.Resumable`);
        show a war's face-down cards as backs for a moment, start the slap race, or go on
        playing to the end."""
        self._store_moves()
        c = self.controller
        obs = self._observation()
        last = obs.last_battle
        if (last and last["wars"] and obs.phase == "battle" and c.timers and obs.battles
                and not self.auto and not obs.is_over and not self._reveal_done(obs)):
            self.reveal = True
            self._revealed_at = obs.battles
            c.later(max(c.delay, 0.5), self._end_reveal)
            return
        self._next(obs)

    def _observation(self) -> WarObservation:
        """The person's observation at this position (the controller's, built once)."""
        obs = self.controller.observation()
        assert isinstance(obs, WarObservation)
        return obs

    def _reveal_done(self, obs: WarObservation) -> bool:
        return self._revealed_at == obs.battles

    def _end_reveal(self) -> None:
        self.reveal = False
        c = self.controller
        c.pos += 1
        self.draw()
        self._next(self._observation())

    def _next(self, obs: WarObservation) -> None:
        """Start the slap race if a slap card is up for the person; else keep playing to the end."""
        c = self.controller
        if obs.is_over:
            self.auto = False
            return
        if obs.phase == "slap" and obs.current_player == c.seat:
            s = obs.slap
            assert s is not None                # a slap card is up
            t = s["others_time"] if s["others_time"] is not None else s["window"]
            if not c.later(t, lambda: c.table_move("flip")) and self.auto:
                c.table_move("flip")            # no timers: the person is too slow
            return
        if self.auto:
            c.later(c.delay, self._auto_step)    # without timers, _auto_step's loop goes on

    def _auto_step(self) -> None:
        """One step of "Play to the end": the next battle, or the person's Steal War choice made
        for them. Without timers, loops to the end of the game at once."""
        c = self.controller
        for _i in range(100_000):
            if not self.auto:
                return
            obs = self._observation()
            if obs.is_over:
                self.auto = False
                self.draw()
                return
            if self.reveal:
                return
            action: Action | str
            if obs.current_player == c.seat and obs.phase in ("steal", "top"):
                action = self._helper.choose(obs)
            elif obs.current_player is None:
                action = "flip"
            else:
                return                           # a slap race or a computer's choice is on
            c.table_move(action)
            if c.timers:
                return                           # after_move scheduled the next step

    def draw(self) -> None:
        """Set ``view`` from the person's observation (:func:`war_view`) and the table's own
        parts."""
        c = self.controller
        obs = self._observation()
        view = war_view(obs, reveal=self.reveal, auto=self.auto, task=c.task_mode)
        said = view.pop("what_now")
        view.update(self._common_view(said["text"], said["tone"]))
        view["badges"] = []
        choices = [(k, war.VARIANTS[k]().label) for k in VARIANTS]
        if "custom" in c.options["variant"]:
            choices.append(("custom", self._name or _("Custom rules")))
            if self._name and obs.war_rules.variant is None:
                view["subtitle"] = obs.rules.label.replace(_("Custom rules"), self._name, 1)
        view["settings"] = [self._setting("variant", _("Variant"), choices)]
        view["pending_note"] = (_("The new variant starts with the next game: press New game.")
                                if c.pending else "")
        view["toggles"] = self._toggles()
        view["speed"] = self._speed()
        view["prefs"] = dict(self.prefs)
        self._stored_draw(view)
        self._mate_draw(view)
        self.view = view

    # -- for lessons and tests ---------------------------------------------------------------------
    def flip(self) -> bool:
        """Press Flip (one battle, with all the wars it leads to)."""
        return self.act("flip")

    def play_to_end(self) -> None:
        """Press "Play to the end"."""
        self.send_from_page({"do": "act", "action": AUTO, "pos": self.controller.pos})

    def _repr_args(self) -> str:
        return f"seat={self.controller.seat}, rules={self.controller.settings['variant']!r}"

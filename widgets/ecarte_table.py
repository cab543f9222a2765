"""The Écarté card table: a person plays a match against the computer (RULES.md §3).

``EcarteTable(rules=None, *, seed=None, seat=0, level="easy", delay=0.6, deck=None, dealer=None,
narrow=False)`` is an ipywidgets ``VBox``. It draws only ``state.observation(seat)``: the
computer's hand and the stock are shown as backs and never enter a synced trait. Every click goes
through ``state.apply``; a move the rules forbid leaves the game unchanged and the "What now"
panel names the rule (RULES.md §3).
"""
from __future__ import annotations

import time
from typing import Any

import ipywidgets as ipw

from cardkit import ecarte
from cardkit.cards import Card
from cardkit.core import Action
from cardkit.i18n import _, ngettext

from .parts import ActionBar, CardView, HandView, PileView, ScoreBoard, TableBase, running_loop

__all__ = ["EcarteTable"]

PRESETS = {"standard": ecarte.EcarteRules.standard, "classic": ecarte.EcarteRules.classic}
TARGETS = (5, 7, 10)


class EcarteTable(TableBase):
    """Play Écarté against the computer (RULES.md §3), one match to ``rules.target`` points.

    Parameters: ``rules`` (an :class:`cardkit.ecarte.EcarteRules`, default standard), ``seed``
    (seeds the deals and the computer; "New game" moves on to ``seed + 1``, ``seed + 2`` …),
    ``seat`` (0 or 1: the person's seat), ``level`` (the computer's level), ``delay`` (seconds
    before each of the computer's moves, so a student can follow the trick; 0 in tests — in a
    running kernel the pause is scheduled on the event loop, so clicks made meanwhile are answered
    at once, "not your turn", instead of queueing up), ``deck`` and ``dealer`` (a stacked first
    hand, as in :func:`cardkit.ecarte.new_game`), ``narrow`` (one column, for phones).

    After each hand the table pauses on that hand's last trick and result until the person
    presses "Next hand".

    Parts, for lessons and tests: ``your_hand`` and ``their_hand`` (:class:`HandView`), ``stock``
    and ``turn_up`` (:class:`PileView`), ``trick_yours`` / ``trick_theirs`` (:class:`CardView`),
    ``actions`` (:class:`ActionBar`: keys ``stand propose accept refuse discard announce next``),
    ``what_now``, ``log_view``, ``score``, ``preset``, ``target``, ``new_game_button``;
    ``state`` (the :class:`cardkit.ecarte.EcarteState`, a Python attribute only), ``selected``
    (cards picked for discarding) and ``between_hands`` (the finished hand's summary while the
    table pauses on it, else ``None``).
    """

    def __init__(self, rules: ecarte.EcarteRules | None = None, *, seed: int | None = None,
                 seat: int = 0, level: str = "easy", delay: float = 0.6, deck=None,
                 dealer: int | None = None, narrow: bool = False, **kwargs: Any):
        if seat not in (0, 1):
            raise ValueError("Écarté has two seats: seat is 0 or 1")
        super().__init__(seat=seat, narrow=narrow, **kwargs)
        rules = rules or ecarte.EcarteRules.standard()
        self.delay = delay
        self.level = level
        self._seed = seed
        self._games = 0
        self.selected: list[Card] = []
        self.between_hands: dict | None = None
        self._seen_log = 0
        self._news: list = []
        self._pending = None          # the scheduled computer move, if any
        self._confirm_new = False

        # --- parts
        self.title = ipw.HTML()
        self.title.add_class("ck-title-line")
        self.score = ScoreBoard()
        self.their_label = ipw.HTML()
        self.their_hand = HandView(hook="ck-hand-north", size="small")
        self.their_tricks = ipw.HTML()
        self.stock = PileView(_("Stock"), hook="ck-stock", size="small")
        self.turn_up = PileView(_("Turn-up"), hook="ck-turn-up")
        self.trumps = ipw.HTML()
        self.trick_label = ipw.HTML()
        self.trick_theirs_label = ipw.HTML()
        self.trick_theirs = CardView(hook="ck-trick-theirs")
        self.trick_yours_label = ipw.HTML()
        self.trick_yours = CardView(hook="ck-trick-yours")
        self.your_label = ipw.HTML(_("Your hand:"))
        self.your_hand = HandView(hook="ck-hand-south")
        self.your_tricks = ipw.HTML()
        self.actions = ActionBar({
            "stand": _("Stand (play as dealt)"), "propose": _("Propose"), "accept": _("Accept"),
            "refuse": _("Refuse"), "discard": _("Discard"), "announce": _("Announce king"),
            "next": _("Next hand"),
        }, hook="ck-ecarte-actions")
        self.preset = ipw.Dropdown(options=[(_("standard"), "standard"), (_("classic"), "classic")],
                                   value=rules.name if rules.name in PRESETS else "standard",
                                   description=_("Rules:"), layout=ipw.Layout(width="190px"))
        self.target = ipw.Dropdown(options=sorted(set(TARGETS) | {rules.target}), value=rules.target,
                                   description=_("Game to:"), layout=ipw.Layout(width="150px"))
        self.new_game_button = ipw.Button(description=_("New game"), button_style="success")
        self.new_game_button.add_class("ck-new-game")
        for w in (self.preset, self.target):
            w.style.description_width = "initial"

        # --- events (every handler is wrapped: errors become messages, never tracebacks)
        self.your_hand.on_card(self.safe(self._on_card))
        self.actions.on_action(self.safe(self._on_action))
        self.new_game_button.on_click(self.safe(lambda _b: self._on_new_game()))
        self.preset.observe(self.safe(self._on_setting), names="value")
        self.target.observe(self.safe(self._on_setting), names="value")

        self.children = (
            self.css,
            self.row(self.title, self.score, hook="ck-header"),
            self.row(self.their_label, self.their_hand, self.their_tricks, hook="ck-north"),
            self.row(self.stock, self.turn_up, self.trumps, hook="ck-middle"),
            self.row(self.trick_label, self.trick_theirs_label, self.trick_theirs,
                     self.trick_yours_label, self.trick_yours, hook="ck-trick"),
            self.row(self.your_label, self.your_hand, self.your_tricks, hook="ck-south"),
            self.what_now,
            self.actions,
            self.log_view,
            self.row(self.preset, self.target, self.new_game_button, hook="ck-settings"),
        )
        self._start(rules, deck=deck, dealer=dealer)

    # ------------------------------------------------------------------------------ game flow
    def _start(self, rules, *, deck=None, dealer=None) -> None:
        self._cancel_pending()
        seed = None if self._seed is None else self._seed + self._games
        names = (_("You"), _("Computer")) if self.seat == 0 else (_("Computer"), _("You"))
        self.state = ecarte.new_game(rules, seed=seed, deck=deck, dealer=dealer, names=names)
        self.computer = ecarte.computer_player(self.level, seed=None if seed is None else seed + 7919)
        self.selected = []
        self.between_hands = None
        self._hand_shown = self.state.hand_number
        self._seen_log = 0
        self._news = []
        self._confirm_new = False
        self.new_game_button.description = _("New game")
        self._render()
        self._computer_moves(pause=False)

    def new_game(self) -> None:
        """Start a new match with the rules and target chosen on the table."""
        self._games += 1
        rules = PRESETS[self.preset.value](target=int(self.target.value))
        self._start(rules)

    def _on_new_game(self) -> None:
        s = self.state
        in_progress = not s.is_over and (s.actions or s.hand_number > 1)
        if in_progress and not self._confirm_new:
            self._confirm_new = True
            self.new_game_button.description = _("Really start again?")
            self.message(_("This game is not finished. Press “Really start again?” to abandon it, "
                           "or carry on playing."), tone="warn")
            return
        self.new_game()

    def _on_setting(self, _change) -> None:
        self.message(_("The new rules start with the next game: press New game."), tone="info")

    def _cancel_pending(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def _computer_turn(self) -> bool:
        s = self.state
        return not s.is_over and self.between_hands is None and s.current_player == 1 - self.seat

    def _computer_moves(self, pause: bool = True) -> None:
        """Let the computer play until it is the person's turn, the hand ends or the match ends.

        With a pause (``delay`` > 0) and a running event loop (a live kernel), each move is
        scheduled with ``call_later`` so the kernel stays free to answer clicks meanwhile; without
        one (headless, in tests) the moves are made at once.
        """
        if not self._computer_turn():
            return
        loop = running_loop() if pause and self.delay else None
        if loop is None:
            while self._computer_turn():
                if pause and self.delay:
                    time.sleep(self.delay)
                self._computer_step()
            return
        state = self.state
        self._pending = loop.call_later(self.delay, self.safe(lambda: self._scheduled_step(state)))

    def _scheduled_step(self, state) -> None:
        self._pending = None
        if state is not self.state or not self._computer_turn():
            return                     # a new game was started meanwhile
        self._computer_step()
        self._computer_moves()

    def _computer_step(self) -> None:
        other = 1 - self.seat
        self.state.apply(self.computer.choose(self.state.observation(other)))
        self._after_move()

    def _act(self, action: "Action | str") -> None:
        self.state.apply(action)          # raises IllegalAction (shown by safe()) if not allowed
        self.selected = []
        self._news = []
        self._after_move()
        self._computer_moves()

    def _after_move(self) -> None:
        s = self.state
        if s.hand_number != self._hand_shown and not s.is_over:
            self.between_hands = dict(s.last_hand)     # pause on the finished hand
        self._render()

    def _next_hand(self) -> None:
        self.between_hands = None
        self._hand_shown = self.state.hand_number
        self._news = []
        self._render()
        self._computer_moves()

    # ------------------------------------------------------------------------------ clicks
    def _on_card(self, card: Card) -> None:
        self._reset_confirm()
        obs = self.state.observation(self.seat)
        if self.between_hands is not None:
            self.message(_("This hand is over: press Next hand."), tone="warn")
            return
        if obs["is_over"]:
            self.message(_("The game is over: press New game to play again."), tone="done")
            return
        if obs["current_player"] != self.seat:
            self.message(_("Wait: it is not your turn."), tone="warn")
            return
        if obs["phase"] == "exchange":
            if card in self.selected:
                self.selected.remove(card)
            elif card in obs["hand"]:
                limit = min(5, obs["stock_count"])
                if len(self.selected) >= limit:
                    self.message(_("You may discard at most {n} cards: the stock cannot replace more "
                                   "(§3.2).").format(n=limit), tone="warn")
                    return
                self.selected.append(card)
            self._render()
            return
        if obs["phase"] in ("decide", "answer"):
            self.message(_("First decide about the exchange: use the buttons below (§3.2)."), tone="warn")
            return
        self._act(Action("play", (card,)))

    def _on_action(self, key: str) -> None:
        self._reset_confirm()
        if key == "next":
            if self.between_hands is not None:
                self._next_hand()
            return
        if self.between_hands is not None:
            self.message(_("This hand is over: press Next hand."), tone="warn")
            return
        if key == "discard":
            self._act(Action("discard", tuple(self.selected)))
        elif key == "announce":
            self._act(Action("announce", word="king"))
        else:
            self._act(Action(key))

    def _reset_confirm(self) -> None:
        if self._confirm_new:
            self._confirm_new = False
            self.new_game_button.description = _("New game")

    # ------------------------------------------------------------------------------ drawing
    def _render(self) -> None:
        obs = self.state.observation(self.seat)
        me, them = self.seat, 1 - self.seat
        names = obs["names"]
        done = self.between_hands
        mine = obs["current_player"] == me and done is None
        with self.hold_sync():
            dealer = done["dealer"] if done else obs["dealer"]
            role = {me: _("non-dealer"), them: _("non-dealer")}
            role[dealer] = _("dealer")
            hand_no = done["hand"] if done else obs["hand_number"]
            self.title.value = "<b>{}</b> — {} ({}) · {} ({}) · {}".format(
                _("Écarté"), names[them], role[them], names[me], role[me],
                _("hand {n}, {rules} rules").format(n=hand_no, rules=_(obs.rules.name)))
            scores = done["scores"] if done else obs["scores"]
            self.score.show([(names[me], scores[me]), (names[them], scores[them])],
                            note=_("game to {n}").format(n=obs["target"]))
            self.their_label.value = _("{who}'s hand:").format(who=names[them])
            tricks = done["tricks"] if done else obs["tricks"]
            self.their_tricks.value = _("tricks this hand: {n}").format(n=tricks[them])
            self.your_tricks.value = _("tricks this hand: {n}").format(n=tricks[me])
            if done:
                self.their_hand.show_backs(0)
                self.stock.show(None)
                self.turn_up.show(None, done["turn_up"])
                trump = done["turn_up"].suit
            else:
                self.their_hand.show_backs(obs["opponent_cards"])
                self.stock.show(obs["stock_count"])
                self.turn_up.show(None, obs["turn_up"])
                trump = obs["trump"]
            self.trumps.value = _("Trumps: <b>{symbol}</b> ({suit})").format(
                symbol=trump.symbol, suit=_(trump.word))
            self._render_trick(obs)
            self._render_hand(obs, mine)
            self._render_actions(obs, mine)
            start, end = self._hand_log_range()
            self.log_view.show(obs["log"][start:end])
            self._render_message(obs)

    def _hand_log_range(self) -> tuple[int, int]:
        """The log lines to show: this hand's (after the last hand's result), or, while the table
        pauses between hands, the finished hand's."""
        log = self.state.log
        deals = [i for i, e in enumerate(log) if e.kind == "deal"]
        if self.between_hands is not None and len(deals) >= 2:
            return deals[-2], deals[-1]
        start = deals[-1]
        while start > 0 and log[start - 1].kind in ("hand_score", "game_over"):
            start -= 1
        return start, len(log)

    def _render_trick(self, obs) -> None:
        me, them = self.seat, 1 - self.seat
        names = obs["names"]
        done = self.between_hands
        if done:
            self.trick_label.value = _("Last trick of hand {n}:").format(n=done["hand"])
            cards = done["last_trick"]
        elif obs["trick"]:
            self.trick_label.value = _("Trick {n}:").format(n=sum(obs["tricks"]) + 1)
            cards = obs["trick"]
        elif obs["last_trick"]:
            self.trick_label.value = _("Last trick:")
            cards = obs["last_trick"]
        else:
            self.trick_label.value = _("Trick 1:")
            cards = []
        shown = dict(cards)
        lead = cards[0][0] if cards else None
        self.trick_theirs_label.value = (_("{who} led").format(who=names[them]) if lead == them
                                         else names[them])
        self.trick_yours_label.value = _("you led") if lead == me else _("you")
        for view, p in ((self.trick_theirs, them), (self.trick_yours, me)):
            if p in shown:
                view.show(shown[p])
            else:
                view.show_empty()

    def _render_hand(self, obs, mine: bool) -> None:
        if self.between_hands is not None:
            self.selected = []
            self.your_hand.show([])
            return
        hand = obs["hand"]
        self.selected = [c for c in self.selected if c in hand]
        notes = {c: _("trump") for c in hand if c.suit == obs["trump"]}
        playable = None
        if obs["phase"] == "play" and mine:
            playable = obs["playable"]
        self.your_hand.show(hand, playable=playable, selected=self.selected, notes=notes)

    def _render_actions(self, obs, mine: bool) -> None:
        if self.between_hands is not None:
            self.actions.show(["next"], primary="next")
            return
        if not mine:
            self.actions.show([])
            return
        kinds = [a.kind for a in obs["legal_actions"]]
        shown: dict[str, str] = {}
        for k in ("stand", "propose", "accept", "refuse", "announce"):
            if k in kinds:
                shown[k] = self.actions.labels[k]
        if "stand" in shown and obs["proposals"]:
            shown["stand"] = _("Stand (play these cards)")
        if "discard" in kinds:
            n = len(self.selected)
            if n:
                shown["discard"] = ngettext("Discard {n} card", "Discard {n} cards", n).format(n=n)
            elif obs["dealer"] == self.seat or obs["stock_count"] == 0:
                shown["discard"] = _("Keep all my cards")
            else:
                shown["discard"] = _("Discard")
        primary = "discard" if "discard" in shown else None
        self.actions.show(shown, primary=primary)

    def _render_message(self, obs) -> None:
        # results of a hand stay on show until the person's next move
        self._news += [e for e in obs.events[self._seen_log:] if e.kind == "hand_score"]
        self._seen_log = len(obs.events)
        if self.between_hands is not None:
            result = " ".join(e.explain() for e in self._news[-1:])
            self.message(result + " " + _("Press Next hand to deal again."), tone="done")
            return
        text = ecarte.what_now(obs)
        if obs["phase"] == "exchange" and obs["current_player"] == self.seat and self.selected:
            text = ngettext("{n} card selected.", "{n} cards selected.", len(self.selected)).format(
                n=len(self.selected)) + " " + text
        if self._news:
            text = " ".join(e.explain() for e in self._news) + " " + text
        if obs["is_over"]:
            text += " " + _("Press New game to play again.")
        self.message(text, tone="done" if obs["is_over"] else "info")

    def _repr_args(self) -> str:
        return f"seat={self.seat}, rules={self.state.rules.name!r}, target={self.state.rules.target}"

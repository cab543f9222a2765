"""The Écarté card table: a person plays a match against the computer (TABLES.md "Écarté").

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

from .parts import ActionBar, CardView, HandView, PileView, ScoreBoard, TableBase

__all__ = ["EcarteTable"]

PRESETS = {"standard": ecarte.EcarteRules.standard, "classic": ecarte.EcarteRules.classic}
TARGETS = (5, 7, 10)


class EcarteTable(TableBase):
    """Play Écarté against the computer (RULES.md §3), one match to ``rules.target`` points.

    Parameters: ``rules`` (an :class:`cardkit.ecarte.EcarteRules`, default standard), ``seed``
    (seeds the deals and the computer; "New game" moves on to ``seed + 1``, ``seed + 2`` …),
    ``seat`` (0 or 1: the person's seat), ``level`` (the computer's level), ``delay`` (seconds
    between the computer's moves, so a student can follow the trick; 0 in tests), ``deck`` and
    ``dealer`` (a stacked first hand, as in :func:`cardkit.ecarte.new_game`), ``narrow`` (one
    column, for phones and projectors).

    Parts, for lessons and tests: ``your_hand`` and ``their_hand`` (:class:`HandView`), ``stock``
    and ``turn_up`` (:class:`PileView`), ``trick_yours`` / ``trick_theirs`` (:class:`CardView`),
    ``actions`` (:class:`ActionBar`: keys ``stand propose accept refuse discard announce``),
    ``what_now``, ``log_view``, ``score``, ``preset``, ``target``, ``new_game_button``;
    ``state`` (the :class:`cardkit.ecarte.EcarteState`, a Python attribute only) and
    ``selected`` (cards picked for discarding).
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
        self._seen_log = 0
        self._news: list = []

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
            "refuse": _("Refuse"), "discard": _("Discard selected"), "announce": _("Announce king"),
        }, hook="ck-ecarte-actions")
        self.preset = ipw.Dropdown(options=[(_("standard"), "standard"), (_("classic"), "classic")],
                                   value=rules.name if rules.name in PRESETS else "standard",
                                   description=_("Rules:"), layout=ipw.Layout(width="190px"))
        self.target = ipw.Dropdown(options=sorted(set(TARGETS) | {rules.target}), value=rules.target,
                                   description=_("Game to:"), layout=ipw.Layout(width="150px"))
        self.level_picker = ipw.Dropdown(options=[(_("easy"), "easy")], value="easy",
                                         description=_("Computer:"), layout=ipw.Layout(width="190px"))
        self.new_game_button = ipw.Button(description=_("New game"), button_style="success")
        self.new_game_button.add_class("ck-new-game")
        for w in (self.preset, self.target, self.level_picker):
            w.style.description_width = "initial"

        # --- events (every handler is wrapped: errors become messages, never tracebacks)
        self.your_hand.on_card(self.safe(self._on_card))
        self.actions.on_action(self.safe(self._on_action))
        self.new_game_button.on_click(self.safe(lambda _b: self.new_game()))

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
            self.row(self.preset, self.target, self.level_picker, self.new_game_button,
                     hook="ck-settings"),
        )
        self._start(rules, deck=deck, dealer=dealer)

    # ------------------------------------------------------------------------------ game flow
    def _start(self, rules, *, deck=None, dealer=None) -> None:
        seed = None if self._seed is None else self._seed + self._games
        names = (_("You"), _("Computer")) if self.seat == 0 else (_("Computer"), _("You"))
        self.state = ecarte.new_game(rules, seed=seed, deck=deck, dealer=dealer, names=names)
        self.computer = ecarte.computer_player(self.level, seed=None if seed is None else seed + 7919)
        self.selected = []
        self._seen_log = 0
        self._news = []
        self._render()
        self._computer_moves(pause=False)

    def new_game(self) -> None:
        """Start a new match with the rules and target chosen on the table."""
        self._games += 1
        rules = PRESETS[self.preset.value](target=int(self.target.value))
        self.level = self.level_picker.value
        self._start(rules)

    def _computer_moves(self, pause: bool = True) -> None:
        """Let the computer play until it is the person's turn (or the match is over)."""
        s = self.state
        other = 1 - self.seat
        while not s.is_over and s.current_player == other:
            if pause and self.delay:
                time.sleep(self.delay)
            s.apply(self.computer.choose(s.observation(other)))
            self._render()
            pause = True

    def _act(self, action: "Action | str") -> None:
        self.state.apply(action)          # raises IllegalAction (shown by safe()) if not allowed
        self.selected = []
        self._news = []
        self._render()
        self._computer_moves()

    # ------------------------------------------------------------------------------ clicks
    def _on_card(self, card: Card) -> None:
        obs = self.state.observation(self.seat)
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
        if key == "discard":
            self._act(Action("discard", tuple(self.selected)))
        elif key == "announce":
            self._act(Action("announce", word="king"))
        else:
            self._act(Action(key))

    # ------------------------------------------------------------------------------ drawing
    def _render(self) -> None:
        obs = self.state.observation(self.seat)
        me, them = self.seat, 1 - self.seat
        names = obs["names"]
        mine = obs["current_player"] == me
        with self.hold_sync():
            dealer_note = _("dealer") if obs["dealer"] == them else _("non-dealer")
            self.title.value = "<b>{}</b> — {} ({}) · {}".format(
                _("Écarté"), names[them], dealer_note,
                _("hand {n}, {rules} rules").format(n=obs["hand_number"], rules=_(obs["rules"])))
            self.score.show([(names[me], obs["scores"][me]), (names[them], obs["scores"][them])],
                            note=_("game to {n}").format(n=obs["target"]))
            self.their_label.value = _("{who}'s hand:").format(who=names[them])
            self.their_hand.show_backs(obs["opponent_cards"])
            self.their_tricks.value = _("tricks this hand: {n}").format(n=obs["tricks"][them])
            self.your_tricks.value = _("tricks this hand: {n}").format(n=obs["tricks"][me])
            self.stock.show(obs["stock_count"])
            self.turn_up.show(None, obs["turn_up"])
            self.trumps.value = _("Trumps: <b>{symbol}</b> ({suit})").format(
                symbol=obs["trump"].symbol, suit=_(obs["trump"].word))
            self._render_trick(obs)
            self._render_hand(obs, mine)
            self._render_actions(obs, mine)
            self.log_view.show(obs["log"][self._hand_log_start():])
            self._render_message(obs)

    def _hand_log_start(self) -> int:
        """Where this hand's log begins (with the last hand's result, if there was one)."""
        log = self.state.log
        start = max(i for i, e in enumerate(log) if e.kind == "deal")
        while start > 0 and log[start - 1].kind in ("hand_score", "game_over"):
            start -= 1
        return start

    def _render_trick(self, obs) -> None:
        me, them = self.seat, 1 - self.seat
        names = obs["names"]
        trick = dict(obs["trick"])
        if obs["trick"]:
            n = sum(obs["tricks"]) + 1
            self.trick_label.value = _("Trick {n}:").format(n=n)
            shown = trick
        elif obs["last_trick"]:
            self.trick_label.value = _("Last trick:")
            shown = dict(obs["last_trick"])
        else:
            self.trick_label.value = _("Trick 1:")
            shown = {}
        lead = (obs["trick"] or obs["last_trick"] or [(None, None)])[0][0]
        self.trick_theirs_label.value = (_("{who} led").format(who=names[them]) if lead == them
                                         else names[them])
        self.trick_yours_label.value = _("you led") if lead == me else _("you")
        for view, p in ((self.trick_theirs, them), (self.trick_yours, me)):
            if p in shown:
                view.show(shown[p])
            else:
                view.show_empty()

    def _render_hand(self, obs, mine: bool) -> None:
        hand = obs["hand"]
        self.selected = [c for c in self.selected if c in hand]
        notes = {c: _("trump") for c in hand if c.suit == obs["trump"]}
        playable = None
        if obs["phase"] == "play" and mine:
            playable = obs["playable"]
        self.your_hand.show(hand, playable=playable, selected=self.selected, notes=notes)

    def _render_actions(self, obs, mine: bool) -> None:
        if not mine:
            self.actions.show([])
            return
        kinds = [a.kind for a in obs["legal_actions"]]
        shown: dict[str, str] = {}
        for k in ("stand", "propose", "accept", "refuse", "announce"):
            if k in kinds:
                shown[k] = self.actions.labels[k]
        if "discard" in kinds:
            n = len(self.selected)
            shown["discard"] = (ngettext("Discard {n} card", "Discard {n} cards", n).format(n=n)
                                if n else _("Keep all my cards") if obs["dealer"] == self.seat
                                else _("Discard selected"))
        primary = "discard" if "discard" in shown else None
        self.actions.show(shown, primary=primary)

    def _render_message(self, obs) -> None:
        # results of a hand stay on show until the person's next move
        self._news += [e for e in self.state.log[self._seen_log:] if e.kind in ("hand_score",)]
        self._seen_log = len(self.state.log)
        news = self._news
        text = ecarte.what_now(obs)
        if obs["phase"] == "exchange" and obs["current_player"] == self.seat and self.selected:
            text = ngettext("{n} card selected.", "{n} cards selected.", len(self.selected)).format(
                n=len(self.selected)) + " " + text
        if news:
            text = " ".join(e.explain() for e in news) + " " + text
        if obs["is_over"]:
            text += " " + _("Press New game to play again.")
        tone = "done" if obs["is_over"] else "info"
        self.message(text, tone=tone)

    def _repr_args(self) -> str:
        return f"seat={self.seat}, rules={self.state.rules.name!r}, target={self.state.rules.target}"

"""The Switch card table: a person plays against 1–5 computers (RULES.md §2).

``SwitchTable(rules=None, *, players=None, seed=None, seat=0, level="easy", delay=0.8,
beginner=False, deck=None, hands=None, dealer=None, narrow=False)`` is an ipywidgets ``VBox``. It
draws only ``state.observation(seat)`` — with ``reveal=True`` only while **beginner mode** is on
(the opponents' hands and the stock, face up). With beginner mode off the opponents' cards and the
stock are backs and counts, and never enter a synced trait. Every click goes through
``state.apply``; a move the rules forbid leaves the game unchanged and the "What now" panel says
why in one short sentence naming the rule (:func:`cardkit.switch.refusal`), then the usual
guidance. The log keeps its history after the stock is rebuilt: a card named by an older line that
is face down again is written "a card" (beginner mode off).

Timing: the computers move one at a time with a pause of ``delay`` seconds. In a running kernel
(JupyterLab, Voilà) the pause is an ``asyncio`` timer, so the person's clicks are handled in
between: "Last card!" works right after your play, until the next player moves, and "Caught you!"
before you act on your turn — their real windows (RULES.md §2). With ``delay=0`` (tests) the
computers move at once.
"""
from __future__ import annotations

import asyncio
import time
from typing import Any

import ipywidgets as ipw

from cardkit import switch
from cardkit.cards import SUITS, Card
from cardkit.core import Action, IllegalAction
from cardkit.i18n import _, ngettext

from .parts import esc as _esc, running_loop, ActionBar, HandView, PileView, TableBase

__all__ = ["SwitchTable"]

COMPUTER_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve")
MAX_BACKS = 16          # backs drawn per opponent (the count is written out, and "+N" beyond)
#: the "Last card!" speech bubble: plain text in a rounded border (no emoji: some systems have no
#: emoji font and would show an empty box)
BUBBLE = ('<span style="display:inline-block;border:2px solid #c35a00;border-radius:10px;'
          'padding:0 8px;font-weight:bold;color:#c35a00;background:#fff7ec;white-space:nowrap">'
          '{text}</span>')
LAST_CARD = "last card"
CHALLENGE = "challenge"


class _Opponent:
    """One opponent's row: name (and turn marker), card count, speech bubble, hand."""

    def __init__(self, index: int):
        self.name = ipw.HTML()
        self.count = ipw.HTML()
        self.bubble = ipw.HTML()
        self.bubble.add_class("ck-bubble")
        self.more = ipw.HTML()          # "+N" when there are more cards than backs drawn
        self.hand = HandView(size="small", hook=f"ck-opponent-{index}")
        # compact on a phone: name, count and bubble stay on one line, the backs follow
        self.hand.layout.min_height = "0px"
        self.hand.layout.padding = "0px"
        self.label = ipw.HBox([self.name, self.count, self.bubble],
                              layout=ipw.Layout(flex_flow="row nowrap", align_items="center",
                                                grid_gap="8px"))
        self.label.add_class("ck-opponent-label")
        self.box = TableBase.row(self.label, self.hand, self.more, hook="ck-opponent")

    def hide(self) -> None:
        with self.box.hold_sync():
            self.hand.show_backs(0)
            self.name.value = self.count.value = self.bubble.value = self.more.value = ""
            self.box.layout.display = "none"


class SwitchTable(TableBase):
    """Play Switch against the computer (RULES.md §2): you and 1–5 computer players.

    Parameters: ``rules`` (a :class:`cardkit.switch.SwitchRules`; ``players`` overrides its
    player count), ``seed`` (seeds the deals and the computers; "New game" moves on to ``seed + 1``
    …), ``seat`` (the person's seat), ``level`` (``"easy"`` or ``"hard"``), ``delay`` (seconds
    between computer moves; 0 in tests), ``beginner`` (start in beginner mode), ``deck``,
    ``hands`` and ``dealer`` (a stacked first game, as in :func:`cardkit.switch.new_game`),
    ``forget_rate`` / ``catch_rate`` (the computers' chance of forgetting "last card" and of
    catching you), ``narrow`` (one column).

    Parts, for lessons and tests: ``your_hand`` (:class:`HandView`; unplayable cards are greyed
    and marked "not allowed", and a click on one says which rule forbids it), ``opponents`` (one
    row each: ``name``, ``count``, ``bubble`` (in ``label``, one line), ``hand`` (up to 16
    backs) and ``more`` ("+N" beyond them)), ``stock`` and ``discard``
    (:class:`PileView`; clicking the stock draws), ``stock_cards`` (the stock face up, beginner
    mode only), ``status`` (named suit and pending penalty), ``actions`` (:class:`ActionBar`, keys
    ``draw``, ``pass``, ``choose <suit>``, ``last card`` ("Last card!"), ``challenge`` ("Caught
    you!"); the last two are always there while the game runs, so that remembering them is up to
    you), ``beginner`` (checkbox), ``what_now``, ``log_view``, ``players_picker``,
    ``level_picker``, ``pause``, ``new_game_button``; ``state`` (Python attribute only).
    """

    def __init__(self, rules: switch.SwitchRules | None = None, *, players: int | None = None,
                 seed: int | None = None, seat: int = 0, level: str = "easy", delay: float = 0.8,
                 beginner: bool = False, deck=None, hands=None, dealer: int | None = None,
                 forget_rate: float | None = None, catch_rate: float | None = None,
                 narrow: bool = False, **kwargs: Any):
        rules = rules or switch.SwitchRules()
        if players is None and hands is not None:
            players = len(hands)
        if players is not None:
            rules = switch.SwitchRules(**{**rules.__dict__, "players": players})
        if not 0 <= seat < rules.players:
            raise ValueError(_("seat must be 0..{m}").format(m=rules.players - 1))
        super().__init__(seat=seat, narrow=narrow, **kwargs)
        self.rules = rules
        self.delay = float(delay)
        self.level = level
        self._computer_options = {"forget_rate": forget_rate, "catch_rate": catch_rate}
        self._seed = seed
        self._games = 0
        self._timer: asyncio.TimerHandle | None = None
        self._mark = 0

        # --- parts
        self.title = ipw.HTML()
        self.beginner = ipw.Checkbox(value=bool(beginner), description=_("beginner mode"),
                                     indent=False, layout=ipw.Layout(width="auto"))
        self.beginner.add_class("ck-beginner")
        self.new_game_button = ipw.Button(description=_("New game"), button_style="success")
        self.new_game_button.add_class("ck-new-game")
        self.opponents = [_Opponent(i) for i in range(5)]
        self.stock = PileView(_("Stock"), hook="ck-stock", size="small")
        self.stock_cards = HandView(size="small", hook="ck-stock-cards")
        self.discard = PileView(_("Discard pile"), hook="ck-discard")
        self.status = ipw.HTML()
        self.status.add_class("ck-status")
        self.your_label = ipw.HTML(_("Your hand:"))
        self.your_hand = HandView(hook="ck-hand-south")
        labels = {"draw": _("Draw"), "pass": _("Pass"), LAST_CARD: _("Last card!"),
                  CHALLENGE: _("Caught you!")}
        for s in SUITS:
            labels[f"choose {s.word}"] = f"{s.symbol} {_(s.word)}"
        self.actions = ActionBar(labels, hook="ck-switch-actions")
        self.players_picker = ipw.Dropdown(
            options=[(ngettext("you vs {n} computer", "you vs {n} computers", n - 1).format(n=n - 1), n)
                     for n in range(2, 7)],
            value=rules.players, description=_("Players:"), layout=ipw.Layout(width="230px"))
        self.level_picker = ipw.Dropdown(options=[(_("easy"), "easy"), (_("hard"), "hard")],
                                         value=level if level in ("easy", "hard") else "easy",
                                         description=_("Computer:"), layout=ipw.Layout(width="190px"))
        self.pause = ipw.FloatSlider(value=self.delay, min=0, max=3, step=0.1,
                                     description=_("Pause (s):"), continuous_update=False,
                                     layout=ipw.Layout(width="260px"))
        for w in (self.players_picker, self.level_picker, self.pause):
            w.style.description_width = "initial"

        # --- events (every handler is wrapped: errors become messages, never tracebacks)
        self.your_hand.on_card(self.safe(self._on_card))
        self.actions.on_action(self.safe(self._on_action))
        self.stock.on_click(self.safe(lambda: self._on_action("draw")))
        self.new_game_button.on_click(self.safe(lambda _b: self.new_game()))
        self.beginner.observe(self.safe(lambda _c: self._render()), names="value")
        self.pause.observe(self.safe(self._on_pause), names="value")
        self.players_picker.observe(self.safe(self._on_setting), names="value")
        self.level_picker.observe(self.safe(self._on_setting), names="value")
        self._tick = self.safe(self._computer_tick)

        self.children = (
            self.css,
            self.row(self.title, self.beginner, self.new_game_button, hook="ck-header"),
            *[o.box for o in self.opponents],
            self.row(self.stock, self.discard, self.status, hook="ck-middle"),
            self.row(self.stock_cards, hook="ck-stock-row"),
            self.row(self.your_label, self.your_hand, hook="ck-south"),
            self.what_now,
            self.actions,
            self.log_view,
            self.row(self.players_picker, self.level_picker, self.pause, hook="ck-settings"),
        )
        self._start(rules, deck=deck, hands=hands, dealer=dealer)

    # ------------------------------------------------------------------------------ game flow
    def _names(self, n: int) -> list[str]:
        names, others = [], iter(COMPUTER_NAMES)
        for s in range(n):
            names.append(_("you") if s == self.seat else next(others))
        return names

    def _start(self, rules, *, deck=None, hands=None, dealer=None) -> None:
        self._cancel_timer()
        self._mark = 0
        if self.seat >= rules.players:
            self.seat = 0
        seed = None if self._seed is None else self._seed + self._games
        self.rules = rules
        self.state = switch.new_game(rules, seed=seed, deck=deck, hands=hands, dealer=dealer,
                                     names=self._names(rules.players))
        self.computers = {
            s: switch.computer_player(self.level, seed=None if seed is None else seed * 31 + s,
                                      **{k: v for k, v in self._computer_options.items()
                                         if v is not None})
            for s in range(rules.players) if s != self.seat}
        self._render()
        self._run_computers()

    def new_game(self) -> None:
        """Start a new game with the player count and computer level chosen on the table."""
        self._games += 1
        self.level = self.level_picker.value
        rules = switch.SwitchRules(**{**self.rules.__dict__, "players": int(self.players_picker.value)})
        self._start(rules)

    def _computer_to_move(self) -> bool:
        s = self.state
        return not s.is_over and s.current_player != self.seat

    def _computer_move(self) -> None:
        s = self.state
        seat = s.current_player
        s.apply(self.computers[seat].choose(s.observation(seat)))
        self._render()

    def _run_computers(self) -> None:
        """Let the computers move until it is the person's decision: one move per ``delay``
        seconds on the kernel's event loop when there is one (clicks are handled in between),
        else all at once (``delay`` 0, or sleeping between moves outside a kernel)."""
        self._cancel_timer()
        if not self._computer_to_move():
            return
        loop = running_loop()
        if self.delay > 0 and loop is not None:
            self._timer = loop.call_later(self.delay, self._tick)
            return
        while self._computer_to_move():
            if self.delay > 0:
                time.sleep(self.delay)
            self._computer_move()

    def _computer_tick(self) -> None:
        self._timer = None
        if self._computer_to_move():
            self._computer_move()
        self._run_computers()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _on_setting(self, _change) -> None:
        self.message(_("The new setting starts with the next game: press New game."))

    def _on_pause(self, change) -> None:
        self.delay = float(change["new"])

    def _act(self, action: Action) -> None:
        self._mark = len(self.state.log)  # "caught you" since this move goes into What now
        self.state.apply(action)          # raises IllegalAction (shown by safe()) if not allowed
        self._render()
        self._run_computers()

    # ------------------------------------------------------------------------------ clicks
    def _refuse(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (shown by ``safe()``) with a short sentence naming the rule
        followed by the usual "What now" guidance, unless the person may make ``action`` now."""
        obs = self.state.observation(self.seat)
        if action in obs["legal_actions"]:
            return
        refused = obs.refusal(action)
        why = str(refused)
        if obs["current_player"] == self.seat or obs["is_over"]:
            why += " " + obs.what_now             # the guidance stays in view
        raise IllegalAction(why, refused.rule)

    def _on_card(self, card: Card) -> None:
        action = Action.play(card)
        self._refuse(action)
        self._act(action)

    def _on_action(self, key: str) -> None:
        action = Action.parse(key)
        # legal_actions(seat) holds only the person's own moves: while an opponent's last-card
        # window is open, "last card" would be theirs (cardkit.switch protocol)
        self._refuse(action)
        self._act(action)

    # ------------------------------------------------------------------------------ drawing
    def _render(self) -> None:
        reveal = bool(self.beginner.value)
        obs = self.state.observation(self.seat, reveal=reveal)
        n, me = obs["players"], self.seat
        mine = obs["current_player"] == me
        with self.hold_sync():
            self.title.value = "<b>{}</b> — {}".format(
                _("Switch"), ngettext("you vs {n} computer", "you vs {n} computers", n - 1).format(n=n - 1))
            others = [(me + k) % n for k in range(1, n)]
            for row, seat in zip(self.opponents, others):
                self._render_opponent(row, seat, obs, reveal)
            for row in self.opponents[len(others):]:
                row.hide()
            self.stock.show(obs["stock_count"])
            if reveal:
                self.stock_cards.show(obs["stock"])
                self.stock_cards.layout.display = "flex"
            else:
                self.stock_cards.show([])
                self.stock_cards.layout.display = "none"
            self.discard.show(len(obs["discard"]), obs["top"])
            self.status.value = self._status_html(obs)
            self.your_label.value = _("Your hand ({n}):").format(
                n=ngettext("{n} card", "{n} cards", len(obs["hand"])).format(n=len(obs["hand"])))
            playable = None
            if mine and obs["phase"] in ("play", "drawn"):
                playable = [a.card for a in obs["legal_actions"] if a.kind == "play"]
            self.your_hand.show(obs["hand"], playable=playable)
            self._render_actions(obs, mine)
            self.log_view.show(self._log_lines(obs))
            self.message(" ".join(self._caught_you(obs) + [obs.what_now]),
                         tone="done" if obs["is_over"] else "info")

    def _caught_you(self, obs) -> list[str]:
        """The sentences of computers catching you since your last move (they would
        otherwise be easy to miss in the log)."""
        return [e.explain() for e in obs.events[self._mark:]
                if e.kind == "challenge" and e.data.get("target") == self.seat
                and e.data.get("caught")]

    def _log_lines(self, obs) -> list[str]:
        """The seat's view of the log, oldest first (the last ``log_view.max_lines`` lines): a card
        once played face up stays named in the history; hidden cards never appear."""
        return [e.explain() for e in obs.events[-self.log_view.max_lines:]]

    def _render_opponent(self, row: _Opponent, seat: int, obs: dict, reveal: bool) -> None:
        names = obs["names"]
        count = obs["hand_counts"][seat]
        turn = " ◀" if obs["current_player"] == seat else ""
        with row.box.hold_sync():
            row.box.layout.display = "flex"
            row.name.value = f"<b>{_esc(names[seat])}</b>{turn}"
            extra = ""
            if obs["skips_owed"][seat]:
                extra = " · " + _("misses {n} more turn(s)").format(n=obs["skips_owed"][seat])
            row.count.value = _esc(ngettext("{n} card", "{n} cards", count).format(n=count) + extra)
            row.bubble.value = (BUBBLE.format(text=_esc(_("Last card!")))
                                if seat in obs["last_card_called"] else "")
            if reveal:
                row.hand.show(obs["hands"][seat])
                row.more.value = ""
            else:
                row.hand.show_backs(min(count, MAX_BACKS))
                row.more.value = f"<b>+{count - MAX_BACKS}</b>" if count > MAX_BACKS else ""

    @staticmethod
    def _status_html(obs: dict) -> str:
        parts = []
        if obs["named_suit"] is not None:
            s = obs["named_suit"]
            parts.append(_("Suit named: <b>{sym}</b> ({suit})").format(sym=s.symbol, suit=_(s.word)))
        p = obs["pending"]
        if p is not None:
            who = obs["names"][obs["current_player"]] if obs["current_player"] is not None else ""
            parts.append(_("Pending: <b>{what}</b> — for {who}").format(what=_esc(p.describe()),
                                                                         who=_esc(who)))
        return " · ".join(parts)

    def _render_actions(self, obs: dict, mine: bool) -> None:
        if obs["is_over"]:
            self.actions.show([])
            return
        keys = []
        if mine:
            keys = [str(a) for a in obs["legal_actions"]
                    if a.kind in ("draw", "pass", "choose")]
        keys += [LAST_CARD, CHALLENGE]
        self.actions.show(keys)          # all neutral: no suit looks recommended

    def _repr_args(self) -> str:
        return f"players={self.rules.players}, seat={self.seat}"





"""The War card table (RULES.md §1): flip battles, play to the end, every
variant — with Steal War's steals and Slap war's Slap button for the person at ``seat``.

``WarTable(rules=None, *, seed=None, seat=0, delay=0.4, level="easy", hands=None, deck=None,
piles=None, narrow=False)`` is an ipywidgets ``VBox``. It draws only
``state.observation(seat)``: packets are a back and a count, face-down war cards are backs until
the battle is settled (then every card of it is turned face up), and the person's own top card is
shown only while they decide a steal. Every click goes through ``state.apply``; a move the rules
forbid leaves the game unchanged and "What now" names the rule.

Timing: ``delay`` (the "Pause" slider) is the pause between battles when playing to the end, and
how long face-down war cards stay backs after a flip. In a running kernel (JupyterLab, Voilà) the
pauses are ``asyncio`` timers, so clicks are handled in between; with ``delay=0`` (tests) or
without an event loop everything happens at once. Slap war: when a slap card turns up the
computer slaps after its reaction time (seeded, ``rules.slap_mean`` seconds on average) unless you
press "Slap!" first; without timers the race waits for your click ("Slap!" or "Too slow").
"""
from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import ipywidgets as ipw

from cardkit import war
from cardkit.cards import Card
from cardkit.core import Action
from cardkit.i18n import _

from .parts import esc as _esc, running_loop, ActionBar, CardView, HandView, PileView, TableBase

__all__ = ["WarTable", "VARIANTS"]


def _variants() -> dict[str, tuple[str, Any]]:
    """Variant key → (label, rules factory taking the person's seat): cardkit.war's variants."""
    return {key: (make().label, lambda seat, make=make: _seated(make(), seat))
            for key, make in war.VARIANTS.items()}


def _seated(rules: war.WarRules, seat: int) -> war.WarRules:
    """Slap war's live seat is the person's."""
    return replace(rules, slap_seat=seat) if rules.slap_rank is not None else rules


VARIANTS = tuple(war.VARIANTS)
"""The keys of the variant chooser, in its order."""


# The buttons that answer one kind of decision (the phase they answer).
_DECISION_STAGE = {"play": "steal", "late": "slap", "keep": "top"}


class _TableRow:
    """The cards one player has put on the table: faces, or backs for face-down cards."""

    def __init__(self, seat: int):
        self.label = ipw.HTML()
        self.cards = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.cards.add_class("ck-war-cards")
        self.pool: list[CardView] = []
        self.shown: list[Card | None] = []

    def show(self, cards: list[Card | None]) -> None:
        while len(self.pool) < len(cards):
            self.pool.append(CardView(size="small"))
        with self.cards.hold_sync():
            for view, card in zip(self.pool, cards):
                if card is None:
                    view.show_back()
                else:
                    view.show(card)
            for view in self.pool[len(cards):]:
                view.show_empty()
            self.cards.children = tuple(self.pool[:len(cards)])
        self.shown = list(cards)


class _Seat:
    """One player's line: name, packet (a back and a count), face-up pile, cards on the table."""

    def __init__(self, seat: int):
        self.seat = seat
        self.name = ipw.HTML()
        self.packet = PileView(_("Packet"), size="small", hook=f"ck-war-packet-{seat}")
        self.pile = PileView(_("Face-up pile"), size="small", hook=f"ck-war-pile-{seat}")
        self.table = _TableRow(seat)
        self.box = TableBase.row(self.name, self.packet, self.pile, self.table.cards,
                                 hook=f"ck-war-seat-{seat}")


class WarTable(TableBase):
    """Play War and its variants (RULES.md §1).

    Parameters: ``rules`` (a :class:`cardkit.war.WarRules`; default classic; for Slap war the
    live seat is set to ``seat``), ``seed`` (seeds the deals and the computers; "New game" moves
    on to ``seed + 1`` …), ``seat`` (the person's seat: the bottom line, "you" in Steal War and
    Slap war), ``delay`` (seconds; see the module doc; 0 in tests), ``level`` (the computers'
    level), ``hands``/``deck``/``piles`` (a stacked first game, as in
    :func:`cardkit.war.new_game`), ``narrow`` (one column).

    Parts, for lessons and tests: ``seats`` (one line per player, top to bottom the others then
    you: ``name``, ``packet`` and ``pile`` (:class:`PileView`), ``table`` (the cards put down:
    ``table.shown`` is a list of ``Card`` or ``None`` for a back)), ``decision`` (the sentence
    saying which card won and why), ``counters`` (battles · wars), ``actions``
    (:class:`ActionBar`; keys ``flip``, ``auto`` (play to the end), ``stop``, ``steal``,
    ``play``, ``slap``, ``late`` (too slow), ``keep`` (keep the won cards' order)),
    ``top_choice`` (:class:`HandView` of the cards you have won, click one to put it on top),
    ``looking`` (your top card while you decide a steal), ``variant`` (dropdown),
    ``new_game_button``, ``speed`` (the pause slider), ``what_now``, ``log_view``; ``state``
    (Python attribute only).
    """

    def __init__(self, rules: war.WarRules | None = None, *, seed: int | None = None,
                 seat: int = 0, delay: float = 0.4, level: str = "easy", hands=None, deck=None,
                 piles=None, narrow: bool = False, **kwargs: Any):
        rules = rules if rules is not None else war.WarRules.classic()
        if not 0 <= seat < rules.players:
            raise ValueError(_("seat must be 0..{m}").format(m=rules.players - 1))
        super().__init__(seat=seat, narrow=narrow, **kwargs)
        self.delay = float(delay)
        self.level = level
        self._seed = seed
        self._games = 0
        self._timer: asyncio.TimerHandle | None = None
        self._autoplay = False
        self._hide_downs = False
        variants = _variants()

        # --- parts
        self.title = ipw.HTML()
        self.title.add_class("ck-title-line")
        self.seats = [_Seat(p) for p in range(6)]
        self.decision = ipw.HTML()
        self.decision.add_class("ck-war-decision")
        self.counters = ipw.HTML()
        self.counters.add_class("ck-war-counters")
        self.looking_label = ipw.HTML()
        self.looking = CardView(hook="ck-war-looking")
        self.looking_box = self.row(self.looking_label, self.looking, hook="ck-war-looking-row")
        self.top_label = ipw.HTML()
        self.top_choice = HandView(size="small", hook="ck-war-top-choice")
        self.top_box = self.row(self.top_label, self.top_choice, hook="ck-war-top-row")
        self.actions = ActionBar({
            "flip": _("Flip"), "auto": _("Play to the end"), "stop": _("Stop"),
            "steal": _("Steal"), "play": _("Play the card"), "slap": _("Slap!"),
            "late": _("Too slow — go on"), "keep": _("Keep this order"),
        }, hook="ck-war-actions")
        self.speed = ipw.FloatSlider(value=self.delay, min=0, max=2, step=0.1,
                                     description=_("Pause (s):"), continuous_update=False,
                                     layout=ipw.Layout(width="260px"))
        options = [(label, key) for key, (label, _f) in variants.items()]
        key = self._variant_key(rules)
        if key is None:
            options.append((_("Custom rules"), "custom"))
            key = "custom"
        self.variant = ipw.Dropdown(options=options, value=key, description=_("Variant:"),
                                    layout=ipw.Layout(width="330px"))
        self.new_game_button = ipw.Button(description=_("New game"), button_style="success")
        self.new_game_button.add_class("ck-new-game")
        for w in (self.speed, self.variant):
            w.style.description_width = "initial"

        # --- events (every handler is wrapped: errors become messages, never tracebacks)
        self.actions.on_action(self.safe(self._on_action))
        self.variant.observe(self.safe(self._on_variant), names="value")
        self.top_choice.on_card(self.safe(self._on_top))
        self.new_game_button.on_click(self.safe(lambda _b: self.new_game()))
        self.speed.observe(self.safe(self._on_speed), names="value")
        self._tick = self.safe(self._auto_tick)
        self._reveal_tick = self.safe(self._reveal)
        self._slap_tick = self.safe(self._slap_timeout)

        self._custom_rules = rules
        self.children = (
            self.css,
            self.row(self.title, self.counters, hook="ck-header"),
            *[s.box for s in self.seats],
            self.decision,
            self.looking_box,
            self.top_box,
            self.what_now,
            self.actions,
            self.log_view,
            self.row(self.variant, self.new_game_button, self.speed, hook="ck-settings"),
        )
        self._start(rules, hands=hands, deck=deck, piles=piles)

    # ------------------------------------------------------------------------------ game flow
    @staticmethod
    def _variant_key(rules: war.WarRules) -> str | None:
        for key, (_label, make) in _variants().items():
            made = make(rules.slap_seat if rules.slap_seat is not None else 0)
            if made == rules:
                return key
        return None

    def _rules_for_seat(self, rules: war.WarRules) -> war.WarRules:
        if rules.slap_rank is not None and rules.slap_seat != self.seat:
            rules = replace(rules, slap_seat=self.seat)
        return rules

    def _start(self, rules: war.WarRules, *, hands=None, deck=None, piles=None) -> None:
        self._cancel_timer()
        self._autoplay = False
        self._hide_downs = False
        rules = self._rules_for_seat(rules)
        if self.seat >= rules.players:
            self.seat = 0
            rules = self._rules_for_seat(rules)
        seed = None if self._seed is None else self._seed + self._games
        self.rules = rules
        self.state = war.new_game(rules, seed=seed, hands=hands, deck=deck, piles=piles)
        self.computers = {p: war.computer_player(self.level, seed=None if seed is None else seed * 31 + p)
                          for p in range(rules.players) if p != self.seat}
        self._render()

    def new_game(self) -> None:
        """Start a new game with the variant chosen on the table."""
        self._games += 1
        key = self.variant.value
        rules = self._custom_rules if key == "custom" else _variants()[key][1](self.seat)
        self._start(rules)

    def _obs(self):
        """The person's observation: all the table reads of the game."""
        return self.state.observation(self.seat)

    @property
    def _over(self) -> bool:
        return self._obs().is_over

    @property
    def _decides(self) -> bool:
        """The person has a decision to make now."""
        obs = self._obs()
        return not obs.is_over and obs.current_player == self.seat

    def _computers(self) -> None:
        """Let the computers make their decisions (Steal War, slaps of other live seats)."""
        s = self.state
        while True:
            obs = self._obs()
            p = obs.current_player
            if obs.is_over or p is None or p == self.seat:
                return
            s.apply(self.computers[p].choose(s.observation(p)))

    def _act(self, action: "Action | str") -> None:
        battles = self._obs().battles
        self.state.apply(action)            # raises IllegalAction (shown by safe()) if not allowed
        self._computers()
        obs = self._obs()
        last = obs.last_battle
        self._hide_downs = bool(obs.battles > battles and last and last["wars"]
                                and self._timers_on() and not self._autoplay)
        self._render()
        if self._hide_downs:
            self._timer = running_loop().call_later(max(self.delay, 0.5), self._reveal_tick)
        self._after_move()

    def _after_move(self) -> None:
        """Start the slap race if a slap card is up, or go on playing to the end."""
        if self._over:
            self._autoplay = False
            self._render()
            return
        if self._decides and self._phase() == "slap" and self._timers_on():
            obs = self._obs().slap
            t = obs["others_time"] if obs["others_time"] is not None else obs["window"]
            self._cancel_timer()
            self._timer = running_loop().call_later(t, self._slap_tick)
            return
        if self._autoplay and not self._decides:
            self._schedule_auto()

    def _timers_on(self) -> bool:
        return self.delay > 0 and running_loop() is not None

    def _schedule_auto(self) -> None:
        if self._timers_on():
            self._cancel_timer()
            self._timer = running_loop().call_later(self.delay, self._tick)
            return
        s = self.state           # no timers: play on at once, up to the person's next decision
        while not self._over and not self._decides:
            s.apply("flip")
            self._computers()
        self._autoplay = not self._over and self._autoplay
        self._render()

    def _auto_tick(self) -> None:
        self._timer = None
        if not self._autoplay or self._over or self._decides:
            return
        self._act("flip")

    def _reveal(self) -> None:
        self._timer = None
        self._hide_downs = False
        self._render()
        if self._autoplay:
            self._schedule_auto()

    def _slap_timeout(self) -> None:
        """The computer's reaction time is up (or the window closed): you were too slow."""
        self._timer = None
        if self._decides and self._phase() == "slap":
            self._act("flip")

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _on_speed(self, change) -> None:
        self.delay = float(change["new"])

    # ------------------------------------------------------------------------------ clicks
    def _on_action(self, key: str) -> None:
        if key == "stop":
            self._autoplay = False
            self._cancel_timer()
            self._hide_downs = False
            self._render()
            return
        if self._over:
            raise war.decision_refusal("over")
        if key == "auto":
            self._autoplay = True
            if self._decides:
                self._render()
                return
            self._cancel_timer()
            self._hide_downs = False
            self._act("flip")
            return
        if key in ("steal", "slap"):          # the engine says which rule forbids them
            self._cancel_timer()
            self._act(key)
            return
        if key in _DECISION_STAGE and (not self._decides or self._phase() != _DECISION_STAGE[key]):
            raise war.decision_refusal(_DECISION_STAGE[key])
        if key in ("play", "late", "keep", "flip"):
            self._cancel_timer()
            self._hide_downs = False
            self._act("flip")     # play the card / no slap / keep the order / next battle
            return
        raise self.state.observation(self.seat).refusal(Action(str(key)))

    def _on_top(self, card: Card) -> None:
        if self._phase() != "top" or not self._decides:
            raise war.decision_refusal("top")
        self._act(Action("top", (card,)))

    # ------------------------------------------------------------------------------ drawing
    def _name(self, p: int, obs: dict) -> str:
        name = obs.names[p]
        if p == self.seat:            # the log and the decisions speak to you ("you win the war")
            name = _("{player} (you)").format(player=name)
        return name

    def _has_decisions(self) -> bool:
        return self.rules.steal_war or self.rules.slap_rank is not None

    def _phase(self) -> str:
        return self._obs().phase

    def _table_cards(self, obs) -> list[list[Card | None]]:
        n = obs.players
        if obs.phase in ("steal", "slap"):
            return [list(t) for t in obs.table]
        last = obs["last_battle"]
        if last is None:
            return [[] for _ in range(n)]
        if self._hide_downs:
            return [[c if up else None for c, up in zip(t, f)]
                    for t, f in zip(last["table"], last["face_up"])]
        return last["table"]

    def _render(self) -> None:
        obs = self.state.observation(self.seat)
        n = obs["players"]
        order = [p for p in range(n) if p != self.seat] + [self.seat]
        table = self._table_cards(obs)
        with self.hold_sync():
            label = obs.rules.label
            self.title.value = "<b>{}</b> — {}".format(_esc(_("War")), _esc(label))
            self.counters.value = _esc(_("battles {b} · wars {w}").format(b=obs["battles"],
                                                                          w=obs["wars"]))
            for line, p in zip(self.seats, order):
                self._render_seat(line, p, obs, table[p])
            for line in self.seats[n:]:
                line.box.layout.display = "none"
                line.table.show([])
                line.packet.show(0)
                line.pile.show(0)
            last = obs["last_battle"]
            self.decision.value = (f"<b>{_esc(last['text'])}</b>" if last and not self._hide_downs
                                   else "")
            self._render_decisions(obs)
            self._render_actions(obs)
            log = [e.explain() for e in obs.events]
            if self._hide_downs:          # the log names the war's face-down cards: not yet
                log = log[:max(i for i, e in enumerate(obs.events) if e.kind == "battle")]
            self.log_view.show(log)
            self._render_message(obs)

    def _render_seat(self, line: _Seat, p: int, obs, cards: list) -> None:
        with line.box.hold_sync():
            line.box.layout.display = "flex"
            last = obs.last_battle
            before = self._hide_downs and last is not None
            # while the war's face-down cards are still backs, show nothing that tells who won:
            # the counts as they stood before the battle less the cards on the table, no winner,
            # no one out (all from the observation's last battle)
            out = last["out_before"][p] if before else obs.out[p]
            winner = obs.winner == p and not self._hide_downs
            line.name.value = (f"<b>{_esc(self._name(p, obs))}</b>"
                               f"{_esc(' ' + _('(out)') if out else '')}"
                               f"{_esc(' ' + _('(winner)') if winner else '')}")
            if before:
                piles = last["piles_before"]
                pile_size = piles[p]["size"] if piles else 0
                line.packet.show(max(0, last["counts_before"][p] - pile_size - len(cards)))
            else:
                line.packet.show(obs.card_counts[p])
            if obs.piles is not None:
                line.pile.layout.display = "flex"
                pile = (last["piles_before"] if before else obs.piles)[p]
                line.pile.show(pile["size"], pile["top"])
            else:
                line.pile.layout.display = "none"
                line.pile.show(0)
            line.table.show(list(cards))

    def _render_decisions(self, obs: dict) -> None:
        looking = obs["looking_at"]
        if looking is not None:
            self.looking_label.value = _esc(_("Your top card:"))
            self.looking.show(looking)
            self.looking_box.layout.display = "flex"
        else:
            self.looking_label.value = ""
            self.looking.show_empty()
            self.looking_box.layout.display = "none"
        if obs["won"] is not None and self._decides:
            choices = [a.card for a in obs["legal_actions"] if a.kind == "top"]
            self.top_label.value = _esc(_("Put on top of your pile:"))
            self.top_choice.show(choices)
            self.top_box.layout.display = "flex"
        else:
            self.top_label.value = ""
            self.top_choice.show([])
            self.top_box.layout.display = "none"

    def _render_actions(self, obs) -> None:
        if obs.is_over:
            self.actions.show([])
            return
        stage = obs.phase if self._decides else None
        if stage == "steal":
            keys, primary = ["steal", "play"], "steal"
        elif stage == "slap":
            keys, primary = ["slap", "late"], "slap"
        elif stage == "top":
            keys, primary = ["keep"], None
        else:
            keys, primary = ["flip", "stop" if self._autoplay else "auto"], "flip"
        if stage is not None and self._autoplay:
            keys.append("stop")
        self.actions.show(keys, primary=primary)

    def _render_message(self, obs) -> None:
        if obs.is_over:
            self.message(obs.what_now, tone="done")
        elif self._hide_downs:
            self.message(war.reveal_pause(self.rules))
        else:
            self.message(obs.what_now)       # the sentence names the rule

    def _on_variant(self, _change) -> None:
        self.message(_("The new variant starts with the next game: press New game."))

    def _repr_args(self) -> str:
        return f"seat={self.seat}, rules={self.rules.preset or 'custom'!r}"

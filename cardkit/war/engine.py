"""War's engine (RULES.md §1): :class:`WarState`, played battle by battle (started by
:func:`cardkit.war.new_game`, :mod:`cardkit.war.deal`).

The only action is ``flip`` (one battle, with every war it leads to), except where a player has a
choice (``current_player`` is then not ``None``):

- Steal War (§1.10): ``steal`` or ``flip`` (play the card) when the top card of the deciding
  player's packet matches the top card of an opponent's face-up pile, and ``top <card>`` (or
  ``flip``: keep the pickup order) after winning a battle.
- Slap war (§1.9): ``slap`` or ``flip`` (no slap) for the live seat ``rules.slap_seat`` when a
  slap card has just been turned up; the other players' reaction times are drawn from the game's
  RNG (gamma distribution, mean ``rules.slap_mean`` seconds).

Decisions where RULES.md is silent (also in each docstring):

- **Battle limit**: when ``rules.max_battles`` battles have been played the game stops; with
  ``at_limit="draw"`` (default) it is a draw, with ``"most_cards"`` the player holding the most
  cards wins (a tie for most is a draw).
- **Draw by repetition** is checked only when the game's future is fixed by the position (pickup
  ``winner_first`` or ``player_order``, no slap, no Steal War); with a random element a repeated
  position is not a loop.
- "Seat order" for pickup and for several stolen piles is ascending seat number (0, 1, 2, …),
  skipping the winner / the stealer.
- ``short_of_cards="lose"`` with several players: the short players lose the war (their remaining
  cards go on the table for the war's winner) and drop out; the war goes on among the others; if
  every player in the war is short the game is a draw. Standing players whose cards tie in a game
  of three or four: the game is a draw (the §1.1 rule, applied as written).
- # beats faces / aces with three or more players can make a cycle (3 beats K, K beats 5, 5 beats
  3); the usual rank order then decides.
- Război with a war started by an automatic-war card: the war size is that card's value.
- Underdog applies to wars decided by comparing cards (not to a slap, nor to ``lose``).
- Steal War replaces ``short_of_cards`` by its own rule (a player with no cards at all during a
  war loses at once); only ``short_of_cards="draw"`` changes it (the game is then drawn).
- A settled battle is public: its face-down cards are turned face up as the winner gathers them
  (the ``battle`` event lists them). Until then they are backs (``None``) in every observation.
"""
from __future__ import annotations

import html
import itertools
from typing import Any
from collections.abc import Iterable, Sequence

import numpy as np

from ..cards import cards_html as _cards_html, Card
from ..core import (Action, Event, GameState, IllegalAction, Rule, _copy_tree, default_names,
                    rules_from_dict)
from ..i18n import N_, _, ngettext, shown_name
from .rules import (WarRules, _IDX, _beats_table, _card,
                    _cards)
from . import battle
from .battle import reaction_time
from .observation import WarObservation, observe
from .text import Downs, Say, StoryEvent, Ups, refusal, rule_ref, state_line, variant_rule

__all__ = ["PHASES", "StoryEvent", "WarState", "reaction_time"]

_MOVES = itertools.count(1)     # a fresh id for every move of every game (observation cache)

#: the phases of a game: a battle to flip, a decision waiting, or the end
PHASES = ("battle", "steal", "top", "slap", "over")


# -- the state ------------------------------------------------------------------------------------
class WarState(GameState):
    """A game of War (RULES.md §1). Build it with :func:`new_game`.

    Public position (cards are :class:`~cardkit.cards.Card`, every list top first):
    ``packets`` (face-down packets), ``piles`` (Steal War face-up piles), ``table`` (cards on the
    table in the battle in progress, per player, in the order put down), ``set_aside``,
    ``battles`` and ``wars`` (counts so far), ``out`` (players who dropped out), ``result``
    (how the game ended: ``"all_cards"``, ``"repetition"``, ``"battle_limit"``,
    ``"short_of_cards"``, ``"standing_tie"``, or ``None`` while it goes on), ``phase``
    (``battle``, ``steal``, ``top``, ``slap``, ``over``), ``names`` (one per seat).
    What one seat may see is ``observation(seat)`` (:class:`~cardkit.war.WarObservation`).
    """

    GAME = "war"

    def __init__(self, rules: WarRules, rng: np.random.Generator, packets: list[list[int]],
                 piles: list[list[int]] | None = None, set_aside: Sequence[int] = (),
                 quiet: bool = False, names: Sequence[str] | None = None):
        super().__init__()
        n = rules.players
        self.rules = rules
        self.names = tuple(names) if names is not None else default_names(n)
        self._rng = rng
        self._packets = [list(p) for p in packets]
        self._piles = [list(p) for p in piles] if piles else [[] for _ in range(n)]
        self._aside = list(set_aside)
        self._out = [False] * n
        self.battles = 0
        self.wars = 0
        self._b: dict[str, Any] | None = None          # the battle in progress
        self._last: dict[str, Any] | None = None       # the last settled battle, for tables
        self._result: dict[str, Any] | None = None     # {"winner": int | None, "how": str}
        self._first = 0                      # Steal War: who decides first next round
        self._seen: set[bytes] = set()
        self._quiet = quiet
        self._beats = _beats_table(rules)          # a tuple: shared by copies
        self._transitive = rules.beats_faces_rank is None and rules.beats_aces_rank is None
        self._version = next(_MOVES)        # changes with every move (observations are cached)

    @property
    def _battle(self) -> dict[str, Any]:
        """The battle in progress (read only while there is one: ``_b`` is None between battles)."""
        b = self._b
        assert b is not None, "no battle in progress"
        return b

    # -- public position ----------------------------------------------------------------------
    @property
    def packets(self) -> list[list[Card]]:
        """Each player's face-down packet, top first (copies)."""
        return [_cards(p) for p in self._packets]

    @property
    def piles(self) -> list[list[Card]]:
        """Steal War: each player's face-up pile of won cards, top (showing) first."""
        return [_cards(p) for p in self._piles]

    @property
    def table(self) -> list[list[Card]]:
        """Cards on the table in the battle in progress, per player, in the order put down."""
        n = self.rules.players
        if self._b is None:
            return [[] for _ in range(n)]
        return [_cards(t) for t in self._battle["table"]]

    @property
    def set_aside(self) -> list[Card]:
        """Cards set aside unused by the deal (e.g. the 52nd card with three players)."""
        return _cards(self._aside)

    @property
    def out(self) -> list[bool]:
        """``out[p]``: player ``p`` has dropped out (no cards left)."""
        return list(self._out)

    @property
    def players(self) -> int:
        return self.rules.players

    def all_cards(self) -> list[Card]:
        """Every card of the game: packets, piles, table and set-aside cards."""
        out = [c for p in self._packets for c in p] + [c for p in self._piles for c in p]
        if self._b is not None:
            out += [c for t in self._battle["table"] for c in t]
        return _cards(out + self._aside)

    def _pile_tops(self) -> list[dict[str, Any]]:
        """Steal War's face-up piles as everyone sees them: ``{"top": Card | None, "size": n}``."""
        return [{"top": _card(p[0]) if p else None, "size": len(p)} for p in self._piles]

    def card_counts(self) -> list[int]:
        """Cards each player holds (packet + face-up pile; not cards on the table)."""
        return [len(a) + len(b) for a, b in zip(self._packets, self._piles, strict=False)]

    # -- protocol -----------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def winner(self) -> int | None:
        """The winning seat, or ``None`` (game not over, or drawn)."""
        return self._result["winner"] if self._result else None

    @property
    def result(self) -> str | None:
        """How the game ended (see the class docstring), ``None`` while it goes on."""
        return self._result["how"] if self._result else None

    @property
    def phase(self) -> str:
        """``"battle"`` (a flip plays the next battle), ``"steal"`` / ``"top"`` (Steal War, §1.10)
        or ``"slap"`` (Slap war, §1.9) while a decision waits, ``"over"`` once the game is over."""
        if self.is_over:
            return "over"
        st = self._battle["stage"] if self._b is not None else None
        return st if st in ("steal", "top", "slap") else "battle"

    @property
    def stage(self) -> str | None:
        """The decision waiting: ``"steal"``, ``"top"`` or ``"slap"``; ``None`` between battles and
        once the game is over (:attr:`phase` without ``"battle"`` and ``"over"``)."""
        ph = self.phase
        return ph if ph in ("steal", "top", "slap") else None

    @property
    def current_player(self) -> int | None:
        """The player with a decision (Steal War, Slap war), else ``None``."""
        st = self.stage
        if st == "steal":
            return int(self._battle["queue"][0])
        if st == "top":
            return int(self._battle["winner"])
        if st == "slap":
            return self.rules.slap_seat
        return None

    def _legal_actions(self) -> list[Action]:
        st = self.stage
        if st == "steal":
            return [Action("steal"), Action("flip")]
        if st == "slap":
            return [Action("slap"), Action("flip")]
        if st == "top":
            seen: list[int] = []
            for c in self._battle["won"]:
                if c not in seen:
                    seen.append(c)
            return [Action("top", (_card(c),)) for c in seen] + [Action("flip")]
        return [Action("flip")]

    def _won_cards(self) -> list[Card]:
        """Steal War: the cards the winner is placing on their face-up pile (phase ``top``)."""
        return _cards(self._battle["won"]) if self.stage == "top" else []

    def _refusal(self, action: Action) -> IllegalAction:
        """War's one refusal explainer (:func:`cardkit.war.text.refusal`), for the deciding seat."""
        return refusal(action, rules=self.rules, phase=self.phase, current_player=None,
                       names=self.names, won=self._won_cards()) or IllegalAction(
            _("{action} is not possible now.").format(action=action), rule_ref("war"))

    def _apply(self, action: Action) -> None:
        self._version = next(_MOVES)
        k, st = action.kind, self.stage
        if k == "flip":
            if self._b is None:
                self._start_battle()
            elif st == "steal":
                self._battle["queue"].pop(0)
                self._battle["stage"] = "decide"
            elif st == "slap":
                battle.slap_resolve(self, False)
            elif st == "top":
                battle.finish_top(self, None)
        elif k == "steal":
            battle.steal(self)
        elif k == "top":
            battle.finish_top(self, _IDX[action.card])
        elif k == "slap":
            battle.slap_resolve(self, True)
        self._run()

    # -- undo ---------------------------------------------------------------------------------
    #: replaced whole, never changed in place: a snapshot shares them
    _SHARED = frozenset({"_last", "_result", "_beats", "names", "_rng"})

    def _snapshot(self) -> Any:
        """What ``apply`` needs to undo a move that fails half-way: core's snapshot, faster for
        War's packets and piles (lists of small ints are copied flat, not element by element)."""
        saved = {}
        for k, v in self.__dict__.items():
            if k in self._NOT_COPIED or k in self._SHARED:
                continue
            if k in ("_packets", "_piles"):
                saved[k] = [p[:] for p in v]
            elif type(v) is list:
                saved[k] = v[:] if all(type(x) is not list and type(x) is not dict for x in v) \
                    else _copy_tree(v)
            else:
                saved[k] = _copy_tree(v)
        shared = {k: self.__dict__[k] for k in self._SHARED if k in self.__dict__}
        return saved, shared, self._rng.bit_generator.state, len(self.log)

    def _restore(self, snapshot: Any) -> None:
        saved, shared, rng_state, n_log = snapshot
        keep = {k: v for k, v in self.__dict__.items() if k in self._NOT_COPIED}
        self.__dict__.clear()
        self.__dict__.update(saved)
        self.__dict__.update(shared)
        self.__dict__.update(keep)
        self._rng.bit_generator.state = rng_state
        del self.log[n_log:]

    # -- the battle machine -------------------------------------------------------------------
    def _say(self, text: Say | str | tuple[str, str, str], you: str | tuple[str, str, str] = "",
             player: int | None = None, **fields: Any) -> None:
        """Add one sentence to the battle's story: a :class:`~cardkit.war.text.Say` (or its
        templates), told when someone reads the battle event."""
        if not self._quiet:
            say = text if isinstance(text, Say) else Say(text, you, player, tuple(fields.items()))
            self._battle["steps"].append(say)

    def _event(self, kind: str, player: int | None, text: str, rule: Rule | None = None, *,
               shown: Sequence[Card] = (), you: str = "", **data: Any) -> None:
        """Log an event: ``text`` is an English template (``{player}`` and the seats in ``data``
        filled at read time, :class:`~cardkit.core.Event`); ``you`` the template for ``player``."""
        if not self._quiet:
            self.log.append(Event(kind, player, text, rule, data, tuple(shown), you,
                                  names=tuple(self.names)))

    def _start_battle(self) -> None:
        n = self.rules.players
        active = [p for p in range(n) if not self._out[p]]
        self._b = b = {
            "table": [[] for _ in range(n)], "up_flags": [[] for _ in range(n)],
            "in": active, "contenders": list(active), "up": [None] * n,
            "turning": list(active), "newly": [], "round": 0, "wars": 0, "steps": [],
            "slapped": -1, "slap": None, "stage": "turn", "queue": [], "lost": [], "standing": [],
        }
        if not self._quiet:      # for the battle event: the position before the battle
            b.update(before=self.card_counts(), out_before=list(self._out),
                     piles_before=self._pile_tops() if self.rules.steal_war else None)
        if self.rules.steal_war:
            order = [(self._first + i) % n for i in range(n)]
            b["queue"] = [p for p in order if p in active]
            b["stage"] = "decide"

    def _run(self) -> None:
        while self._b is not None and not self.is_over:
            st = self._battle["stage"]
            if st == "turn":
                self._turn()
            elif st == "judge":
                battle.judge_cards(self)
            elif st == "decide":
                battle.decide(self)
            else:   # a decision waits
                return

    def _put(self, p: int, up: bool) -> int:
        c = self._packets[p].pop(0)
        b = self._battle
        b["table"][p].append(c)
        b["up_flags"][p].append(up)
        if self.rules.steal_war and not self._packets[p] and self._piles[p]:
            battle.reshuffle(self, p)
        return c

    def _turn(self) -> None:
        b = self._battle
        for p in b["turning"]:
            b["up"][p] = self._put(p, True)
        b["newly"], b["turning"] = b["turning"], []
        if not self._quiet:
            ups = tuple((_card(b["up"][p]), p) for p in b["newly"])
            if b["round"] == 0:
                self._say(N_("Battle: {ups}."), ups=Ups(ups))
            elif ups:
                self._say(N_("Turned up: {ups}."), ups=Ups(ups, N_(", ")))
        b["stage"] = "judge"

    def _rule(self) -> Rule:
        """The rule of the variant that governs a battle (Classic War, Peace, Steal War …)."""
        return rule_ref(variant_rule(self.rules))













    # -- Steal War ------------------------------------------------------------------------------






    # -- Slap war -------------------------------------------------------------------------------

    # -- settling -------------------------------------------------------------------------------
    def _pickup(self, w: int) -> list[int]:
        b, R = self._battle, self.rules
        n = R.players
        order = list(range(n)) if R.pickup == "player_order" else [w] + [p for p in range(n) if p != w]
        won = [c for p in order for c in b["table"][p]]
        if R.pickup == "random":
            won = [won[int(i)] for i in self._rng.permutation(len(won))]
        return won

    def _record(self, w: int | None, decision: Say | None, rule: Rule | None, won: list[int]
                ) -> None:
        """Log the settled battle (every card, face-down ones too: they are turned up now) and
        keep it for tables: the cards, which were face up, who stood on their last card, the
        winner, the cards won, and the card counts before the battle and after it is gathered.
        The story of the battle is told when read, for the reader (:class:`StoryEvent`)."""
        if self._quiet:
            return
        assert decision is not None, "a battle is told unless the game is quiet"
        b, n, names = self._battle, self.rules.players, tuple(self.names)
        self._last = {"table": [list(t) for t in b["table"]],
                      "up_flags": [list(f) for f in b["up_flags"]],
                      "winner": w, "says": decision, "rule": rule, "wars": b["wars"],
                      "standing": list(b["standing"])}
        face_down = [(p, _cards(c for c, f in zip(b["table"][p], b["up_flags"][p], strict=False)
                                if not f)) for p in range(n)]
        downs = tuple((p, tuple(d)) for p, d in face_down if d)
        steps = list(b["steps"])
        if downs:
            steps.append(Say(N_("Face down were: {downs}."), fields=(("downs", Downs(downs)),)))
        steps.append(decision)
        after = self.card_counts()
        if w is not None:
            after[w] += len(won)
        table = [_cards(t) for t in b["table"]]
        told = [step.tell(names) for step in steps]        # for a spectator
        self.log.append(StoryEvent(
            "battle", w, " ".join(told), rule,
            {"table": table, "face_up": [list(f) for f in b["up_flags"]], "winner": w,
             "wars": b["wars"], "won": _cards(won), "decision": told[-1],
             "standing": list(b["standing"]), "counts_before": list(b["before"]),
             "counts_after": after, "out_before": list(b["out_before"]),
             "piles_before": b["piles_before"]},
            tuple(c for t in table for c in t), names=names, steps=tuple(steps)))

    def _settle(self, w: int, why: Say | None, rule: Rule | None, what: Say | None = None
                ) -> None:
        b = self._battle
        won = self._pickup(w)
        self.battles += 1
        self.wars += b["wars"]
        decision = None
        if not self._quiet:
            what = what or Say(N_("the battle") if b["wars"] == 0 else
                               N_("the peace") if self.rules.lowest_wins else N_("the war"))
            decision = Say(N_("{why}: {player} wins {what} and takes {n} cards."),
                           N_("{why}: {player} win {what} and take {n} cards."), w,
                           (("why", why), ("what", what), ("n", len(won))))
        self._record(w, decision, rule, won)
        if self.rules.steal_war:
            for p in range(self.rules.players):
                if p != w and not self._out[p] and not self._packets[p] and not self._piles[p]:
                    self._out[p] = True
            alive = [p for p in range(self.rules.players) if not self._out[p]]
            b["winner"], b["won"] = w, won
            if len(alive) > 1 and len(set(won)) > 1:
                b["stage"] = "top"
                return
            battle.finish_top(self, None)
            return
        self._packets[w].extend(won)
        self._b = None
        self._after_battle()

    def _end(self, winner: int | None, how: str, text: str, rule: Rule, you: str = "",
             **data: Any) -> None:
        self._result = {"winner": winner, "how": how}
        self._event("end", winner, text, rule, you=you, how=how, **data)

    def _end_mid_battle(self, sentence: str, how: str, rule: Rule) -> None:
        """The game ends in the middle of a battle (a draw): ``sentence`` is the English template
        saying why, e.g. ``"The standing cards tie: the game is a draw."``."""
        b = self._battle
        self.battles += 1
        self.wars += b["wars"]
        self._record(None, Say(sentence), rule, [])
        self._end(None, how, sentence, rule)

    def _after_battle(self) -> None:
        R, out, packets, piles = self.rules, self._out, self._packets, self._piles
        alive = []
        for p in range(R.players):
            if out[p]:
                continue
            if packets[p] or piles[p]:
                alive.append(p)
                continue
            out[p] = True
            self._event("out", p, N_("{player} has no cards left and is out."), self._rule(),
                        you=N_("You have no cards left and are out."))
        if len(alive) == 1:
            w = alive[0]
            if R.players == 2:
                text, you = (N_("{player} holds all the cards and wins the game."),
                             N_("You hold all the cards and win the game."))
            else:
                text, you = (N_("{player} is the last player holding cards and wins the game."),
                             N_("You are the last player holding cards and win the game."))
            self._end(w, "all_cards", text, self._rule(), you)
            return
        if R.deterministic:
            key = self._key()
            if key in self._seen:
                self._end(None, "repetition", N_("Draw by repetition: the packets are exactly as "
                                                 "they were at the start of an earlier battle, so "
                                                 "the game would go round for ever."),
                          rule_ref("repetition"))
                return
            self._seen.add(key)
        if R.max_battles is not None and self.battles >= R.max_battles:
            counts = self.card_counts()
            top = [p for p in range(R.players) if counts[p] == max(counts)]
            leader = top[0] if R.at_limit == "most_cards" and len(top) == 1 else None
            if leader is None:
                self._end(None, "battle_limit", N_("The battle limit ({n}) is reached: the game "
                                                   "stops as a draw."), rule_ref("limit"),
                          n=R.max_battles)
            else:
                self._end(leader, "battle_limit", N_("The battle limit ({n}) is reached: {player} holds "
                                                     "the most cards and wins."), rule_ref("limit"),
                          N_("The battle limit ({n}) is reached: you hold the most cards and win."),
                          n=R.max_battles)

    def _open(self) -> None:
        """After the deal: Steal War's empty packets take their piles; players without cards are
        out; a lone player with cards has won; the first position is remembered (repetition)."""
        n = self.rules.players
        if self.rules.steal_war:
            for p in range(n):
                if not self._packets[p] and self._piles[p]:
                    battle.reshuffle(self, p)
        for p in range(n):
            if not self._packets[p] and not self._piles[p]:
                self._out[p] = True
        alive = [p for p in range(n) if not self._out[p]]
        if len(alive) == 1:
            self._end(alive[0], "all_cards", N_("{player} holds all the cards and wins the game."),
                      self._rule(), N_("You hold all the cards and win the game."))
        elif self.rules.deterministic:
            self._seen.add(self._key())

    def _key(self) -> bytes:
        return b"\xff".join(map(bytes, self._packets))


    # -- views ------------------------------------------------------------------------------------
    def observation_outcome_text(self, seat: int) -> str:
        """How the game ended, as ``seat`` reads it ("You hold all the cards and win the game.")."""
        end = self.log[-1] if self.log and self.log[-1].kind == "end" else None
        if end is not None:
            return end.seen_by(seat, tuple(self.names)).explain()
        if self.winner is None:
            return _("The game is a draw.")
        return _("{player} wins the game.").format(player=shown_name(self.names[self.winner]))

    @property
    def outcome_rule(self) -> Rule | None:
        """The rule that ended the game (None while it goes on)."""
        end = self.log[-1] if self.log and self.log[-1].kind == "end" else None
        return end.rule if end is not None else (self._rule() if self.is_over else None)

    def _steal_targets(self, seat: int) -> list[int]:
        """Steal War (§1.10): the seats whose face-up pile ``seat`` may steal now."""
        return battle.steal_targets(self, seat)

    def _looking_at(self, seat: int) -> Card | None:
        """Steal War: the top card of ``seat``'s own packet (shown to that seat while it decides)."""
        return _card(self._packets[seat][0]) if self._packets[seat] else None

    def _slap_card(self) -> Card | None:
        """Slap war: the slap card waiting for a slap (phase ``slap``)."""
        return _card(self._battle["slap"]["card"]) if self.stage == "slap" else None

    def observation(self, seat: int) -> WarObservation:
        """What ``seat`` may see: a :class:`~cardkit.war.observation.WarObservation` (every field
        is listed there and in docs/observation.md). Packets are counts only, face-down cards of
        a battle in progress are ``None``. Raises ``ValueError`` for a seat not in the game."""
        return observe(self, seat)

    def __repr__(self) -> str:
        sizes = "/".join(str(len(p)) for p in self._packets)
        status = (f"winner {self.names[self.winner]}" if self.winner is not None else
                  f"draw ({self.result})") if self.is_over else f"battle {self.battles + 1} next"
        return (f"<War {self.rules.preset or 'custom'}: packets {sizes}, {self.battles} battles, "
                f"{status}>")

    def __str__(self) -> str:
        return state_line(self)

    def _repr_html_(self) -> str:
        """The whole position, every card face up (for lessons)."""
        def cards_html(codes: Iterable[int]) -> str:
            return _cards_html(_card(i) for i in codes)
        rows = []
        for p in range(self.rules.players):
            cells = [html.escape(self.names[p]) + (" " + html.escape(_("(out)")) if self._out[p] else ""),
                     f"{len(self._packets[p])}", cards_html(self._packets[p])]
            if self.rules.steal_war:
                cells.append(cards_html(self._piles[p]))
            if self._b is not None:
                cells.append(cards_html(self._battle["table"][p]))
            rows.append("<tr>" + "".join(f"<td style='text-align:left'>{c}</td>" for c in cells) + "</tr>")
        head = [_("Player"), _("Cards"), _("Packet (top first)")]
        if self.rules.steal_war:
            head.append(_("Face-up pile (top first)"))
        if self._b is not None:
            head.append(_("On the table"))
        status = html.escape(self.log[-1].explain()) if self.log else ""
        title = html.escape(_("War — {rules}: {battles}, {wars}").format(
            rules=self.rules.describe(),
            battles=ngettext("{n} battle", "{n} battles", self.battles).format(n=self.battles),
            wars=ngettext("{n} war", "{n} wars", self.wars).format(n=self.wars)))
        return (f"<div><b>{title}</b><table><tr>"
                + "".join(f"<th style='text-align:left'>{html.escape(h)}</th>" for h in head)
                + "</tr>" + "".join(rows) + f"</table><div>{status}</div></div>")

    # -- JSON -------------------------------------------------------------------------------------
    @classmethod
    def _from_setup(cls, setup: dict[str, Any]) -> WarState:
        # new_game (deal.py, which imports this module) is set as _new_game when cardkit.war loads
        state = cls._new_game(rules_from_dict(WarRules, setup["rules"]), seed=setup["seed"],
                              deck=setup.get("deck"), hands=setup.get("hands"),
                              piles=setup.get("piles"), names=setup.get("names"))
        assert isinstance(state, WarState)
        return state

"""War's engine (RULES.md §1): :class:`WarState`, played battle by battle, and :func:`new_game`.

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
from dataclasses import dataclass
from typing import Any
from collections.abc import Iterable, Sequence

import numpy as np

from ..cards import cards_html as _cards_html, Card, parse_cards
from ..core import (Action, Event, GameState, IllegalAction, Rule, _copy_tree, check_rules, default_names,
                    rules_from_dict, rules_to_dict)
from ..i18n import N_, _
from .rules import (WarRules, _IDX, _RV, _RAZBOI_VALUE, _FACES, _beats_table, _card,
                    _cards, _text, _parse_packet, _pack_codes)
from .text import And, Downs, Say, Ups, Whose, refusal, rule_ref, tell_all, variant_rule
from .observation import WarObservation, observe

__all__ = ["WarState", "new_game", "reaction_time"]

_MOVES = itertools.count(1)     # a fresh id for every move of every game (observation cache)

#: the phases of a game: a battle to flip, a decision waiting, or the end
PHASES = ("battle", "steal", "top", "slap", "over")


@dataclass(frozen=True)
class StoryEvent(Event):
    """An event whose sentences name several players (a ``battle``, a ``steal``): its story is
    told when read (``steps``, a tuple of :class:`~cardkit.war.text.Say`), so ``explain()``
    speaks to its reader ("you win the war", "takes your face-up pile") in the language chosen
    then. ``text`` is the story for a spectator."""

    steps: tuple = ()

    def explain(self) -> str:
        names = self.names or default_names(len(self.data.get("table", ())))
        return tell_all(self.steps, names, self.seat) if self.steps else super().explain()


def reaction_time(rng: np.random.Generator, mean: float) -> float:
    """A slap reaction time in seconds: gamma distribution, shape 4, the given ``mean`` (§1.9)."""
    return float(rng.gamma(4.0, mean / 4.0))


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
        self._b: dict | None = None          # the battle in progress
        self._last: dict | None = None       # the last settled battle, for tables
        self._result: dict | None = None     # {"winner": int | None, "how": str}
        self._first = 0                      # Steal War: who decides first next round
        self._seen: set[bytes] = set()
        self._quiet = quiet
        self._beats = _beats_table(rules)          # a tuple: shared by copies
        self._transitive = rules.beats_faces_rank is None and rules.beats_aces_rank is None
        self._version = next(_MOVES)        # changes with every move (observations are cached)

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
        return [_cards(t) for t in self._b["table"]]

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
            out += [c for t in self._b["table"] for c in t]
        return _cards(out + self._aside)

    def _pile_tops(self) -> list[dict]:
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
        st = self._b["stage"] if self._b is not None else None
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
            return self._b["queue"][0]
        if st == "top":
            return self._b["winner"]
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
            for c in self._b["won"]:
                if c not in seen:
                    seen.append(c)
            return [Action("top", (_card(c),)) for c in seen] + [Action("flip")]
        return [Action("flip")]

    def _won_cards(self) -> list[Card]:
        """Steal War: the cards the winner is placing on their face-up pile (phase ``top``)."""
        return _cards(self._b["won"]) if self.stage == "top" else []

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
                self._b["queue"].pop(0)
                self._b["stage"] = "decide"
            elif st == "slap":
                self._slap_resolve(False)
            elif st == "top":
                self._finish_top(None)
        elif k == "steal":
            self._steal()
        elif k == "top":
            self._finish_top(_IDX[action.card])
        elif k == "slap":
            self._slap_resolve(True)
        self._run()

    # -- undo ---------------------------------------------------------------------------------
    #: replaced whole, never changed in place: a snapshot shares them
    _SHARED = frozenset({"_last", "_result", "_beats", "names", "_rng"})

    def _snapshot(self):
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

    def _restore(self, snapshot) -> None:
        saved, shared, rng_state, n_log = snapshot
        keep = {k: v for k, v in self.__dict__.items() if k in self._NOT_COPIED}
        self.__dict__.clear()
        self.__dict__.update(saved)
        self.__dict__.update(shared)
        self.__dict__.update(keep)
        self._rng.bit_generator.state = rng_state
        del self.log[n_log:]

    # -- the battle machine -------------------------------------------------------------------
    def _say(self, text: Say | str, you: str | tuple = "", player: int | None = None,
             **fields) -> None:
        """Add one sentence to the battle's story: a :class:`~cardkit.war.text.Say` (or its
        templates), told when someone reads the battle event."""
        if not self._quiet:
            say = text if isinstance(text, Say) else Say(text, you, player, tuple(fields.items()))
            self._b["steps"].append(say)

    def _event(self, kind: str, player: int | None, text: str, rule: Rule | None = None, *,
               shown: Sequence[Card] = (), you: str = "", **data) -> None:
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
            st = self._b["stage"]
            if st == "turn":
                self._turn()
            elif st == "judge":
                self._judge()
            elif st == "decide":
                self._decide()
            else:   # a decision waits
                return

    def _put(self, p: int, up: bool) -> int:
        c = self._packets[p].pop(0)
        b = self._b
        b["table"][p].append(c)
        b["up_flags"][p].append(up)
        if self.rules.steal_war and not self._packets[p] and self._piles[p]:
            self._reshuffle(p)
        return c

    def _turn(self) -> None:
        b = self._b
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

    def _judge(self) -> None:
        """Compare the cards just turned up: a slap card waits for slaps (§1.9), an automatic-war
        card starts a war (§1.6), one best card wins (§1.1, §1.7, §1.8), a tie goes to war."""
        b, R = self._b, self.rules
        cont, newly, up = b["contenders"], b["newly"], b["up"]
        if self._slap_card_up():
            return
        if R.automatic_rank is not None:
            auto = [p for p in newly if _RV[up[p]] == R.automatic_rank]
            if auto:
                self._say(N_("{card} is the automatic-war card: war!"), card=_card(up[auto[0]]))
                self._war(list(cont), R.automatic_rank, rule_ref("automatic"))
                return
        best = self._best(cont)
        if len(best) == 1:
            self._win(best[0], cont)
        else:
            self._tie(best)

    def _slap_card_up(self) -> bool:
        """Slap war (§1.9): a slap card has just turned up (once per round): draw everyone's
        reaction time, then wait for the live seat's slap or resolve at once. True if so."""
        b, R = self._b, self.rules
        cont, newly, up = b["contenders"], b["newly"], b["up"]
        if (R.slap_rank is None or b["slapped"] == b["round"]
                or not any(_RV[up[p]] == R.slap_rank for p in newly)):
            return False
        b["slapped"] = b["round"]
        b["slap"] = {"times": {p: reaction_time(self._rng, R.slap_mean) for p in cont},
                     "card": next(up[p] for p in newly if _RV[up[p]] == R.slap_rank)}
        if R.slap_seat is not None and R.slap_seat in cont:
            b["stage"] = "slap"
        else:
            self._slap_resolve(False)
        return True

    def _win(self, w: int, cont: list[int]) -> None:
        """``w``'s card is the best: they win, unless the loser of a war holds the underdog (§1.8)."""
        why, rule = self._why(w, cont)
        if self._b["round"] > 0 and self.rules.underdog_rank is not None:
            w2, why2 = self._underdog(w, cont)
            if w2 != w:
                self._settle(w2, Say(N_("{a}; {b}"), fields=(("a", why), ("b", why2))),
                             rule_ref("underdog"))
                return
        self._settle(w, why, rule)

    def _tie(self, best: list[int]) -> None:
        """The best cards tie: a war among the tied players (or everyone, §1.2), or a draw when
        they all stand on their last card (§1.1)."""
        b, R = self._b, self.rules
        up = b["up"]
        cards_of = And(tuple(_card(up[p]) for p in best))
        standing = not b["newly"] or (R.short_of_cards == "last_card_up" and not R.steal_war
                                      and all(not self._packets[p] for p in best))
        if standing:   # everyone is standing on their last card and they tie: nobody can fight on
            # (with three or four players someone outside the war may still hold cards: the
            # sentence then speaks of the players in the war only)
            self._say(N_("Everyone is standing on their last card and {cards} tie.")
                      if all(p in best for p in b["in"]) else
                      N_("The players in the war are standing on their last card and {cards} tie."),
                      cards=cards_of)
            self._end_mid_battle(N_("The standing cards tie: the game is a draw."), "standing_tie",
                                 rule_ref("short"))
            return
        self._say(N_("{cards} tie: peace!") if R.lowest_wins else N_("{cards} tie: war!"),
                  cards=cards_of)
        W = best
        if R.war_participants == "all":
            # everyone still in joins; a player with no card left has no tied card to stand on,
            # so only the tied players can stand on their card (§1.1, §1.2)
            W = [p for p in b["in"] if p in best or self._packets[p]]
        self._war(W, _RV[up[best[0]]], self._rule())

    def _best(self, cont: list[int]) -> list[int]:
        up = self._b["up"]
        ranks = [_RV[up[p]] for p in cont]
        if not self._transitive:
            B = self._beats
            unbeaten = [p for p, r in zip(cont, ranks, strict=False) if not any(B[r2][r] for r2 in ranks)]
            if unbeaten:
                return unbeaten
        key = [-r for r in ranks] if self.rules.lowest_wins else ranks
        m = max(key)
        return [p for p, k in zip(cont, key, strict=False) if k == m]

    def _why(self, w: int, cont: list[int]) -> tuple[Say | None, Rule | None]:
        """Why ``w``'s card wins (told at read time), and the rule."""
        if self._quiet:
            return None, None
        R, up = self.rules, self._b["up"]
        wc = _card(up[w])
        others = [p for p in cont if p != w]
        rule = self._b.get("war_rule") or self._rule()     # e.g. a war started by an automatic card
        if len(others) != 1:
            if R.lowest_wins:
                return Say(N_("{card} is the lowest card (Peace: the lowest card wins)"),
                           fields=(("card", wc),)), rule
            return Say(N_("{card} is the highest card"), fields=(("card", wc),)), rule
        oc = _card(up[others[0]])
        ab = (("a", wc), ("b", oc))
        if R.beats_faces_rank is not None and wc.rank == R.beats_faces_rank and oc.rank in _FACES:
            return (Say(N_("{a} beats {b} (# beats faces: a {r} beats J, Q and K)"),
                        fields=(*ab, ("r", wc.rank.label))), rule_ref("beats_faces"))
        if R.beats_aces_rank is not None and wc.rank == R.beats_aces_rank and oc.rank == 14:
            return (Say(N_("{a} beats {b} (# beats aces: a {r} beats an ace)"),
                        fields=(*ab, ("r", wc.rank.label))), rule_ref("beats_aces"))
        if R.lowest_wins:
            return Say(N_("{a} is lower than {b} (Peace: the lowest card wins)"), fields=ab), rule
        if wc.is_joker and not oc.is_joker:
            return Say(N_("{a} beats {b} (a joker ranks above an ace)"), fields=ab), rule
        return Say(N_("{a} beats {b}"), fields=ab), rule

    def _underdog(self, w: int, cont: list[int]) -> tuple[int, Say | None]:
        b, R = self._b, self.rules
        losers = [p for p in b["in"] if p != w]
        if len(losers) != 1:
            return w, None
        lo = losers[0]
        hits = [c for c, f in zip(b["table"][lo], b["up_flags"][lo], strict=False) if not f and _RV[c] == R.underdog_rank]
        if not hits:
            return w, None
        if self._quiet:
            return lo, None
        return lo, Say(N_("{player} lost the war but had the underdog {card} face down, so wins it "
                          "instead"),
                       N_("{player} lost the war but had the underdog {card} face down, so win it "
                          "instead"), lo, (("card", _card(hits[0])),))

    def _war(self, W: list[int], cause_rank: int, rule: Rule) -> None:
        """Start a war (or the next round of one) among ``W``; the war size comes from the rules."""
        b, R = self._b, self.rules
        k = R.war_facedown if R.war_size == "fixed" else _RAZBOI_VALUE.get(cause_rank, 11) - 1
        need = k + 1
        b["round"] += 1
        b["wars"] += 1
        b["war_rule"] = rule
        if R.steal_war:
            self._steal_war(W, k)
            return
        short = [p for p in W if len(self._packets[p]) < need]
        if short and R.short_of_cards != "last_card_up":
            W = self._short_war(W, short, need)
            if W is None:
                return
        self._put_down(W, k, need)

    def _short_war(self, W: list[int], short: list[int], need: int) -> list[int] | None:
        """``short_of_cards`` ``draw`` or ``lose`` (§1.1): the game is drawn, or the short players
        lose the war (their cards go on the table) and the others fight on. Returns who fights on,
        or None when the battle is over."""
        b = self._b
        if self.rules.short_of_cards == "draw":
            p = short[0]
            self._say((N_("{player} has {n} card and cannot complete the war (needs {need})."),
                       N_("{player} has {n} cards and cannot complete the war (needs {need})."), "n"),
                      (N_("You have {n} card and cannot complete the war (needs {need})."),
                       N_("You have {n} cards and cannot complete the war (needs {need})."), "n"),
                      p, n=len(self._packets[p]), need=need)
            self._end_mid_battle(N_("A player cannot complete a war: the game is a draw "
                                    "(short of cards: draw)."), "short_of_cards",
                                 rule_ref("short_draw"))
            return None
        for p in short:
            self._say((N_("{player} has {n} card and cannot complete the war (needs {need}): "
                          "they lose it."),
                       N_("{player} has {n} cards and cannot complete the war (needs {need}): "
                          "they lose it."), "n"),
                      (N_("You have {n} card and cannot complete the war (needs {need}): you "
                          "lose it."),
                       N_("You have {n} cards and cannot complete the war (needs {need}): you "
                          "lose it."), "n"),
                      p, n=len(self._packets[p]), need=need)
            while self._packets[p]:          # the rest of their cards go to the war's winner
                self._put(p, False)
            b["lost"].append(p)
        W = [p for p in W if p not in short]
        b["in"] = [p for p in b["in"] if p not in short]
        if len(W) == 1:
            self._settle(W[0], self._only_left(W[0]), rule_ref("short_lose"))
            return None
        if not W:
            self._end_mid_battle(N_("Nobody can complete the war: the game is a draw."),
                                 "short_of_cards", rule_ref("short_lose"))
            return None
        return W

    def _put_down(self, W: list[int], k: int, need: int) -> None:
        """Each player in the war puts ``k`` cards face down and will turn one up; a short player
        puts all but their last card down, and one with no card stands on their last face-up
        card (§1.1 ``last_card_up``)."""
        b = self._b
        turning = []
        for p in W:
            n = len(self._packets[p])
            if n >= need:
                for _i in range(k):
                    self._put(p, False)
                turning.append(p)
                self._say_down(p, k)
            elif n:
                for _i in range(n - 1):
                    self._put(p, False)
                turning.append(p)
                self._say(N_("{player} is short of cards: {d} face down, and the last card is their "
                             "deciding card."),
                          N_("You are short of cards: {d} face down, and the last card is your "
                             "deciding card."), p, d=n - 1)
            else:
                if p not in b["standing"]:
                    b["standing"].append(p)
                self._say(N_("{player} has no cards left: {card} stands as their deciding card."),
                          N_("You have no cards left: {card} stands as your deciding card."), p,
                          card=_card(b["up"][p]))
        b["contenders"] = list(W)
        b["turning"] = turning
        b["stage"] = "turn"

    def _say_down(self, p: int, k: int) -> None:
        self._say((N_("{player} puts {k} card face down."), N_("{player} puts {k} cards face down."),
                   "k"),
                  (N_("You put {k} card face down."), N_("You put {k} cards face down."), "k"), p, k=k)

    def _only_left(self, w: int) -> Say:
        return Say(N_("{player} is the only player left in the war"),
                   N_("{player} are the only player left in the war"), w)

    # -- Steal War ------------------------------------------------------------------------------
    def _reshuffle(self, p: int) -> None:
        pile = self._piles[p]
        self._packets[p] = [pile[int(i)] for i in self._rng.permutation(len(pile))]
        self._piles[p] = []
        self._event("reshuffle", p, N_("{player}'s packet is empty: their face-up pile ({n} "
                                       "cards) is shuffled and becomes their packet."),
                    rule_ref("steal"), you=N_("Your packet is empty: your face-up pile ({n} cards) "
                                              "is shuffled and becomes your packet."), n=len(pile))

    def _steal_targets(self, p: int) -> list[int]:
        top = _RV[self._packets[p][0]]
        return [q for q in range(self.rules.players)
                if q != p and self._piles[q] and _RV[self._piles[q][0]] == top]

    def _decide(self) -> None:
        b = self._b
        while b["queue"]:
            p = b["queue"][0]
            if self._packets[p] and self._steal_targets(p):
                b["stage"] = "steal"
                return
            b["queue"].pop(0)
        b["stage"] = "turn"

    def _steal(self) -> None:
        p = self._b["queue"][0]
        targets = self._steal_targets(p)
        card = self._packets[p].pop(0)
        stolen: list[int] = []
        for q in targets:
            stolen += self._piles[q]
            self._piles[q] = []
        self._piles[p] = [card] + stolen + self._piles[p]
        if not self._quiet:
            names, c = tuple(self.names), _card(card)
            say = Say(N_("{player} steals with {card}: takes {whose} face-up pile ({n} cards with "
                         "the {card})."),
                      N_("{player} steal with {card}: you take {whose} face-up pile ({n} cards "
                         "with the {card})."), p,
                      (("card", c), ("whose", Whose(tuple(targets))), ("n", len(stolen) + 1)))
            self.log.append(StoryEvent(
                "steal", p, say.tell(names), rule_ref("steal"),
                {"card": c, "victims": targets, "cards": _cards(stolen), "n": len(stolen) + 1},
                (c,), names=names, steps=(say,)))
        if not self._packets[p]:
            self._reshuffle(p)
        self._b["stage"] = "decide"

    def _steal_war(self, W: list[int], k: int) -> None:
        """A Steal War war round: a player who cannot put down k cards and turn one more (packet
        and face-up pile together) has no cards at all during the war and loses at once."""
        b, R = self._b, self.rules
        short = [p for p in W if len(self._packets[p]) + len(self._piles[p]) <= k]
        if short and R.short_of_cards == "draw":
            self._end_mid_battle(N_("A player ran out of cards in a war: the game is a draw."),
                                 "short_of_cards", rule_ref("short_draw"))
            return
        for p in short:
            self._say(N_("{player} runs out of cards during the war and loses at once."),
                      N_("You run out of cards during the war and lose at once."), p)
            while self._packets[p]:            # what they have goes on the table, face down
                self._put(p, False)
            b["lost"].append(p)
            self._out[p] = True
        W = [p for p in W if p not in short]
        b["in"] = [p for p in b["in"] if p not in short]
        if len(W) == 1:
            self._settle(W[0], self._only_left(W[0]), rule_ref("steal"))
            return
        if not W:
            self._end_mid_battle(N_("Nobody has cards left for the war: the game is a draw."),
                                 "short_of_cards", rule_ref("steal"))
            return
        for p in W:
            for _i in range(k):
                self._put(p, False)
            self._say_down(p, k)
        n = R.players
        order = [(self._first + i) % n for i in range(n)]
        b["contenders"] = list(W)
        b["turning"] = [p for p in order if p in W]
        b["queue"] = list(b["turning"])
        b["stage"] = "decide"

    def _finish_top(self, top: int | None) -> None:
        b = self._b
        w, won = b["winner"], list(b["won"])
        if top is not None:
            won.remove(top)
            won.insert(0, top)
            self._event("top", w, N_("{player} puts {card} on top of their face-up pile."),
                        rule_ref("steal"), shown=[_card(top)],
                        you=N_("You put {card} on top of your face-up pile."), card=_card(top))
        self._piles[w] = won + self._piles[w]
        if not self._packets[w]:
            self._reshuffle(w)
        self._first = (w + 1) % self.rules.players
        self._b = None
        self._after_battle()

    # -- Slap war -------------------------------------------------------------------------------
    def _slap_resolve(self, live_slapped: bool) -> None:
        b, R = self._b, self.rules
        s = b["slap"]
        live = R.slap_seat if R.slap_seat in b["contenders"] else None
        b["stage"] = "judge"
        card = _card(s["card"])
        if live_slapped:
            w, t = live, None
        else:
            cands = sorted((t, p) for p, t in s["times"].items() if p != live and t <= R.slap_window)
            w, t = (cands[0][1], cands[0][0]) if cands else (None, None)
        if w is None:
            self._say(N_("Nobody slaps the {card} within {w:g} s: the cards decide."), card=card,
                      w=R.slap_window)
            self._judge()
            return
        what = Say(N_("the battle") if b["round"] == 0 else N_("the war"))
        if t is None:
            why = Say(N_("{player} slaps the {card} first"), N_("{player} slap the {card} first"), w,
                      (("card", card),))
        else:
            why = Say(N_("{player} slaps the {card} first ({t:.2f} s)"),
                      N_("{player} slap the {card} first ({t:.2f} s)"), w, (("card", card), ("t", t)))
        self._settle(w, why, rule_ref("slap"), what=what)

    # -- settling -------------------------------------------------------------------------------
    def _pickup(self, w: int) -> list[int]:
        b, R = self._b, self.rules
        n = R.players
        if R.pickup == "player_order":
            order = range(n)
        else:
            order = [w] + [p for p in range(n) if p != w]
        won = [c for p in order for c in b["table"][p]]
        if R.pickup == "random":
            won = [won[int(i)] for i in self._rng.permutation(len(won))]
        return won

    def _record(self, w: int | None, decision: Say, rule: Rule, won: list[int]) -> None:
        """Log the settled battle (every card, face-down ones too: they are turned up now) and
        keep it for tables: the cards, which were face up, who stood on their last card, the
        winner, the cards won, and the card counts before the battle and after it is gathered.
        The story of the battle is told when read, for the reader (:class:`StoryEvent`)."""
        if self._quiet:
            return
        b, n, names = self._b, self.rules.players, tuple(self.names)
        self._last = {"table": [list(t) for t in b["table"]],
                      "up_flags": [list(f) for f in b["up_flags"]],
                      "winner": w, "says": decision, "rule": rule, "wars": b["wars"],
                      "standing": list(b["standing"])}
        downs = [(p, _cards(c for c, f in zip(b["table"][p], b["up_flags"][p], strict=False) if not f))
                 for p in range(n)]
        downs = tuple((p, tuple(d)) for p, d in downs if d)
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

    def _settle(self, w: int, why: Say | None, rule: Rule, what: Say | None = None) -> None:
        b = self._b
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
            self._finish_top(None)
            return
        self._packets[w].extend(won)
        self._b = None
        self._after_battle()

    def _end(self, winner: int | None, how: str, text: str, rule: Rule, you: str = "",
             **data) -> None:
        self._result = {"winner": winner, "how": how}
        self._event("end", winner, text, rule, you=you, how=how, **data)

    def _end_mid_battle(self, sentence: str, how: str, rule: Rule) -> None:
        """The game ends in the middle of a battle (a draw): ``sentence`` is the English template
        saying why, e.g. ``"The standing cards tie: the game is a draw."``."""
        b = self._b
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
            if R.at_limit == "most_cards":
                most = max(counts)
                top = [p for p in range(R.players) if counts[p] == most]
                w = top[0] if len(top) == 1 else None
            else:
                w = None
            if w is None:
                self._end(None, "battle_limit", N_("The battle limit ({n}) is reached: the game "
                                                   "stops as a draw."), rule_ref("limit"),
                          n=R.max_battles)
            else:
                self._end(w, "battle_limit", N_("The battle limit ({n}) is reached: {player} holds "
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
                    self._reshuffle(p)
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
        return _("{player} wins the game.").format(player=self.names[self.winner])

    @property
    def outcome_rule(self) -> Rule | None:
        """The rule that ended the game (None while it goes on)."""
        end = self.log[-1] if self.log and self.log[-1].kind == "end" else None
        return end.rule if end is not None else (self._rule() if self.is_over else None)

    def _looking_at(self, seat: int) -> Card | None:
        """Steal War: the top card of ``seat``'s own packet (shown to that seat while it decides)."""
        return _card(self._packets[seat][0]) if self._packets[seat] else None

    def _slap_card(self) -> Card | None:
        """Slap war: the slap card waiting for a slap (phase ``slap``)."""
        return _card(self._b["slap"]["card"]) if self.stage == "slap" else None

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
                cells.append(cards_html(self._b["table"][p]))
            rows.append("<tr>" + "".join(f"<td style='text-align:left'>{c}</td>" for c in cells) + "</tr>")
        head = [_("Player"), _("Cards"), _("Packet (top first)")]
        if self.rules.steal_war:
            head.append(_("Face-up pile (top first)"))
        if self._b is not None:
            head.append(_("On the table"))
        status = html.escape(self.log[-1].explain()) if self.log else ""
        title = html.escape(_("War — {rules}: {n} battles, {w} wars").format(
            rules=self.rules.describe(), n=self.battles, w=self.wars))
        return (f"<div><b>{title}</b><table><tr>"
                + "".join(f"<th style='text-align:left'>{html.escape(h)}</th>" for h in head)
                + "</tr>" + "".join(rows) + f"</table><div>{status}</div></div>")

    # -- JSON -------------------------------------------------------------------------------------
    @classmethod
    def _from_setup(cls, setup: dict) -> WarState:
        return new_game(rules_from_dict(WarRules, setup["rules"]), seed=setup["seed"],
                        deck=setup.get("deck"), hands=setup.get("hands"), piles=setup.get("piles"),
                        names=setup.get("names"))


def _deal(rules: WarRules, rng: np.random.Generator, deck, setup: dict) -> tuple[list, list, tuple]:
    """Deal ``deck`` (or the rules' pack, shuffled) one card at a time from player 0 (§1.1, §1.2):
    the packets, the cards set aside, and the sentence saying how."""
    n = rules.players
    if deck is None:   # the rules' pack, shuffled as cards.shuffled does (same RNG draws)
        pack = _pack_codes(rules.jokers)
        codes = [pack[int(i)] for i in rng.permutation(len(pack))]
    else:
        codes = [_IDX[c] for c in parse_cards(deck)]
        setup["deck"] = _text(codes).split()
    each = len(codes) // n
    packets = [codes[p:each * n:n] for p in range(n)]
    aside = codes[each * n:]
    how = ((N_("The pack is dealt one card at a time: {each} cards each."), {"each": each})
           if not aside else
           (N_("The pack is dealt one card at a time: {each} cards each; {k} set aside unused."),
            {"each": each, "k": len(aside)}))
    return packets, aside, how


def _stacked(rules: WarRules, hands, deck, setup: dict) -> tuple[list, tuple]:
    """Packets given directly (top first), and the sentence saying so."""
    if deck is not None:
        raise ValueError("give deck or hands, not both")
    if isinstance(hands, str) or len(hands) != rules.players:
        raise ValueError(f"hands must hold {rules.players} packets (one per player), top card first")
    packets = [_parse_packet(h) for h in hands]
    setup["hands"] = [_text(p).split() for p in packets]
    return packets, (N_("The packets are stacked: {sizes} cards."),
                     {"sizes": ", ".join(str(len(p)) for p in packets)})


def _face_up_piles(rules: WarRules, piles, setup: dict) -> list | None:
    if piles is None:
        return None
    if not rules.steal_war:
        raise ValueError("face-up piles are only in Steal War")
    if isinstance(piles, str) or len(piles) != rules.players:
        raise ValueError(f"piles must hold {rules.players} face-up piles, top card first")
    codes = [_parse_packet(p) for p in piles]
    setup["piles"] = [_text(p).split() for p in codes]
    return codes


def _names(rules: WarRules, names) -> tuple[str, ...] | None:
    if names is None:
        return None
    names = tuple(str(x) for x in names)
    if len(names) != rules.players:
        raise ValueError(f"names must hold {rules.players} names, one per seat")
    return names


def new_game(rules: WarRules | None = None, *, seed: int | None = None,
             deck: Sequence[Card | str] | str | None = None,
             hands: Sequence[Sequence[Card | str] | str] | None = None,
             piles: Sequence[Sequence[Card | str] | str] | None = None,
             names: Sequence[str] | None = None, quiet: bool = False) -> WarState:
    """A new game of War (RULES.md §1).

    - ``rules``: a :class:`WarRules` (default classic); the player count comes from it.
    - ``seed``: feeds ``numpy.random.default_rng`` (shuffle, random pickup, slap reaction times,
      Steal War reshuffles); ``None`` draws a fresh seed from the OS, recorded for ``to_json``.
    - ``deck``: a stacked pack, top card first, dealt one card at a time starting with player 0;
      each player gets ``len(deck) // players`` cards, the rest are set aside (§1.2).
      Default: the rules' pack (52 cards + ``rules.jokers``), shuffled.
    - ``hands``: each player's packet directly, top first (any cards, any sizes; not with
      ``deck``). A player given no cards is out from the start.
    - ``piles``: Steal War only: each player's face-up pile, top first (default empty).
    - ``names``: the players' names (default ``"Player 1"``, ``"Player 2"``, …).
    - ``quiet``: keep no log (for fast simulation).

    Raises ``TypeError`` (:func:`cardkit.core.check_rules`) when ``rules`` is not a
    :class:`WarRules` (another game's rules, say), and ``ValueError`` for a wrong number of hands,
    piles or names, an unreadable card, or no cards at all.
    """
    rules = check_rules(WarRules() if rules is None else rules, WarRules, "War")
    if seed is None:
        seed = int(np.random.SeedSequence().entropy)
    rng = np.random.default_rng(seed)
    setup: dict[str, Any] = {"rules": rules_to_dict(rules), "seed": seed}
    seat_names = _names(rules, names)
    if seat_names is not None:
        setup["names"] = list(seat_names)
    aside: list[int] = []
    if hands is not None:
        packets, how = _stacked(rules, hands, deck, setup)
    else:
        packets, aside, how = _deal(rules, rng, deck, setup)
    pile_codes = _face_up_piles(rules, piles, setup)
    if not any(packets) and not any(pile_codes or []):
        raise ValueError("War needs some cards to play with")
    state = WarState(rules, rng, packets, pile_codes, aside, quiet=quiet, names=seat_names)
    state._setup = setup
    state._event("deal", None, how[0], rule_ref("deal"), **how[1])
    state._open()
    return state


WarState._new_game = staticmethod(new_game)

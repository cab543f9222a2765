"""What one seat sees of a game of War (RULES.md §1): :class:`WarObservation`.

The shared fields are :class:`cardkit.core.Observation`'s (docs/observation.md). War's phases are
``battle`` (a flip plays the next battle), ``steal`` and ``top`` (Steal War decisions, §1.10),
``slap`` (Slap war, §1.9) and ``over``. ``scores`` is None (War has no points), ``hand`` is ``()``
(nobody looks at their packet), ``card_counts`` are the packet sizes.

Hidden from every seat: the cards of every packet (only their number shows), and the face-down
cards of a battle that is not settled yet (``None`` in ``table``). A battle is settled in one
``flip`` (or once its last decision is made); its face-down cards are then turned up and the
``battle`` event names them. Steal War's face-up piles show their top card to everyone.

Event kinds (every War event is public; ``explain()`` speaks to the reader: "You put 3 cards face
down", "Player 2 wins the war"):

- ``deal``: ``data`` ``each`` (cards each) and ``k`` (set aside), or ``sizes`` (stacked packets).
- ``battle``: one settled battle, with every war it led to (a
  :class:`~cardkit.war.engine.StoryEvent`): ``cards`` every card of it; ``data`` ``table`` (per
  player, in the order put down), ``face_up`` (flags), ``standing`` (seats standing on their last
  card), ``winner`` (None: the game ended drawn in it), ``wars``, ``won`` (in pickup order),
  ``decision`` (the deciding sentence, for a spectator), ``counts_before`` / ``counts_after``
  (cards each player held, packet and pile, before the battle / once its cards are gathered),
  ``out_before``, ``piles_before`` (Steal War).
- ``reshuffle`` (Steal War): ``player``'s face-up pile became their packet; ``data`` ``n``.
- ``steal`` (Steal War): ``data`` ``card`` (the stealing card), ``victims`` (seats), ``cards``
  (the cards taken), ``n``.
- ``top`` (Steal War): ``data`` ``card``, put on top of the winner's face-up pile.
- ``out``: ``player`` has no cards left.
- ``end``: ``data`` ``how`` (the outcome's termination: ``all_cards``, ``repetition``,
  ``battle_limit``, ``short_of_cards``, ``standing_tie``), ``player`` the winner or None.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from collections.abc import Mapping

import numpy as np

from ..cards import Card
from ..core import Action, Event, IllegalAction, Observation, Outcome, Preset, Rule, rules_from_dict
from ..i18n import _, get_language, shown_name
from .rules import WarRules, _card, _cards
from .text import refusal, rule_ref, what_now

if TYPE_CHECKING:          # pragma: no cover
    from .engine import WarState

__all__ = ["WarObservation", "observe"]


@lru_cache(maxsize=64)
def _rules_of(options: tuple[tuple[str, Any], ...]) -> WarRules:
    return rules_from_dict(WarRules, dict(options))


@lru_cache(maxsize=64)
def _preset(rules: WarRules, language: str) -> Preset:
    return Preset.of(rules)         # its label is in ``language`` (part of the cache key)


@dataclass(frozen=True, kw_only=True)
class WarObservation(Observation):
    """One seat's view of a game of War. Shared fields: see :class:`cardkit.core.Observation`.

    War's own fields (cards are :class:`~cardkit.cards.Card`, lists top first):

    - ``players``: the number of seats.
    - ``out``: ``out[p]`` is True once player ``p`` has dropped out.
    - ``piles``: Steal War's face-up piles, ``{"top": Card | None, "size": n}`` per player (the
      top card is public); ``None`` in other variants.
    - ``table``: the battle in progress, per player, in the order put down: a ``Card`` when face
      up, ``None`` for a face-down card (a back). Empty lists between battles.
    - ``last_battle``: the last settled battle, every card face up, or ``None``: ``table``,
      ``face_up`` (flags), ``standing`` (seats standing on their last card), ``winner`` (seat or
      None for a draw), ``text`` (the decision sentence), ``rule`` (:class:`~cardkit.core.Rule`),
      ``wars``, and ``counts_before`` / ``counts_after`` (cards each player held, packet and pile,
      at the start of the battle / once its cards are gathered), ``out_before``, ``piles_before``
      (Steal War). A table that shows the war's face-down cards as backs for a moment draws the
      position before the battle from these, without the state.
    - ``looking_at``: Steal War: the top card of this seat's own packet while it decides a steal.
    - ``won``: Steal War, phase ``top``: the cards the battle's winner is placing on their face-up
      pile (public: the battle is settled), else None.
    - ``slap``: Slap war, phase ``slap``, for every seat: ``card`` (the slap card),
      ``others_time`` (the fastest other player's reaction, seconds, None if nobody slaps in time)
      and ``window`` (seconds).
    - ``battles``, ``wars``: counts so far.
    - ``rule``: the :class:`~cardkit.core.Rule` behind ``what_now``.
    """

    players: int
    out: tuple[bool, ...] = ()
    piles: tuple[Mapping[str, Any], ...] | None = None
    table: tuple[tuple[Card | None, ...], ...] = ()
    last_battle: Mapping[str, Any] | None = None
    looking_at: Card | None = None
    won: tuple[Card, ...] | None = None
    slap: Mapping[str, Any] | None = None
    battles: int = 0
    wars: int = 0
    rule: Rule | None = None

    @property
    def war_rules(self) -> WarRules:
        """The :class:`~cardkit.war.WarRules` of this game, rebuilt from ``rules.options``."""
        return _rules_of(tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                                      for k, v in self.rules.options.items())))

    def _refuse(self, action: Action) -> IllegalAction:
        """War's one refusal explainer (:func:`cardkit.war.text.refusal`) for this seat."""
        return refusal(action, rules=self.war_rules, phase=self.phase,
                       current_player=self.current_player, names=self.names, seat=self.seat,
                       won=self.won or ()) or IllegalAction(
            _("{action} is not possible now.").format(action=action), rule_ref("war"))


def _legal(state: WarState, seat: int) -> tuple[Action, ...]:
    if state.is_over:
        return ()
    cp = state.current_player
    if cp is None:
        return (Action("flip"),)
    return tuple(state.legal_actions()) if cp == seat else ()


def _table(state: WarState) -> tuple[tuple[Card | None, ...], ...]:
    b = state._b
    n = state.rules.players
    if b is None:
        return tuple(() for _ in range(n))
    reveal = state.is_over
    return tuple(tuple(_card(c) if (f or reveal) else None for c, f in zip(t, fl, strict=False))
                 for t, fl in zip(b["table"], b["up_flags"], strict=False))


def _last_battle(state: WarState, seat: int) -> dict[str, Any] | None:
    L = state._last
    if L is None:
        return None
    e = next((e for e in reversed(state.log) if e.kind == "battle"), None)
    d = e.data if e is not None else {}
    return {"table": [_cards(t) for t in L["table"]], "face_up": [list(f) for f in L["up_flags"]],
            "standing": list(L["standing"]), "winner": L["winner"],
            "text": L["says"].tell(tuple(state.names), seat),
            "rule": L["rule"], "wars": L["wars"], "counts_before": d.get("counts_before"),
            "counts_after": d.get("counts_after"), "out_before": d.get("out_before"),
            "piles_before": d.get("piles_before")}


def _slap(state: WarState, seat: int) -> dict[str, Any] | None:
    if state.stage != "slap":
        return None
    s, R = state._battle["slap"], state.rules
    others = [t for p, t in s["times"].items() if p != seat and t <= R.slap_window]
    return {"card": _card(s["card"]), "others_time": min(others) if others else None,
            "window": R.slap_window}


def _outcome(state: WarState, seat: int) -> Outcome | None:
    if not state.is_over:
        return None
    text = state.observation_outcome_text(seat)
    w = state.winner
    return Outcome(w, state.result or "", text, () if w is None else (w,))


# state → {"version": the state's move id, ("obs", seat, language): observation,
# ("events", seat): (n, last, events)}:
# an observation is built once per move and seat (a table asks many times per click), and the
# events a seat saw are extended, not rebuilt, as the log grows. Kept beside the state (weak
# keys), so snapshots and clones of the state never copy it.
_CACHE: weakref.WeakKeyDictionary[WarState, dict[Any, Any]] = weakref.WeakKeyDictionary()


def _events(state: WarState, seat: int, memo: dict[Any, Any]) -> tuple[Event, ...]:
    log = state.log
    n = len(log)
    key = ("events", seat)
    got = memo.get(key)
    events: tuple[Event, ...]
    if got is not None and got[0] <= n and (got[0] == 0 or log[got[0] - 1] is got[1]):
        k, _last, events = got
        if k < n:
            names = tuple(state.names)
            events = events + tuple(e.seen_by(seat, names) for e in log[k:])
    else:
        events = state.events_for(seat)
    memo[key] = (n, log[n - 1] if n else None, events)
    return events


def observe(state: WarState, seat: int) -> WarObservation:
    """``state.observation(seat)``: the :class:`WarObservation` for ``seat`` (0-based), built
    once per move (the same object until the next move).

    Raises ``ValueError`` for a seat that is not in the game.
    """
    n = state.rules.players
    if not isinstance(seat, (int, np.integer)) or isinstance(seat, bool) or not 0 <= seat < n:
        raise ValueError(f"seat must be 0-{n - 1}")
    seat = int(seat)
    memo = _CACHE.get(state)
    if memo is None or memo["version"] != state._version:
        memo = _CACHE[state] = {"version": state._version, **(
            {k: v for k, v in memo.items() if k[0] == "events"} if memo else {})}
    key = ("obs", seat, get_language())      # its sentences are in the reader's language
    obs = memo.get(key)
    if obs is None:
        obs = memo[key] = _build(state, seat, memo)
    return obs


def _build(state: WarState, seat: int, memo: dict[Any, Any]) -> WarObservation:
    n = state.rules.players
    phase, cp = state.phase, state.current_player
    sentence, rule = what_now(state, seat)
    return WarObservation(
        game="war", names=tuple(map(shown_name, state.names)), seat=seat, rules=_preset(state.rules, get_language()),
        phase=phase, current_player=cp, legal_actions=_legal(state, seat), scores=None,
        outcome=_outcome(state, seat), what_now=sentence, events=_events(state, seat, memo),
        card_counts=tuple(len(p) for p in state._packets), hand=(),
        players=n, out=tuple(state._out),
        piles=tuple(state._pile_tops()) if state.rules.steal_war else None,
        table=_table(state), last_battle=_last_battle(state, seat),
        looking_at=state._looking_at(seat) if phase == "steal" and cp == seat else None,
        won=tuple(state._won_cards()) if phase == "top" else None,
        slap=_slap(state, seat), battles=state.battles, wars=state.wars, rule=rule)

"""The War variants where a player decides (RULES.md §1.9, §1.10): Slap war's slaps and Steal
War's steals, face-up piles and top cards.

The steps of :class:`~cardkit.war.engine.WarState`'s battle machine for these variants, as
functions of the state ``s`` (internal: the state calls them), and :func:`reaction_time`, the
slap reaction times of simulated players.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..i18n import N_
from . import judge
from .rules import _RV, _card, _cards
from .text import Say, StoryEvent, Whose, rule_ref

if TYPE_CHECKING:          # pragma: no cover
    from .engine import WarState

__all__ = ["reaction_time"]


def reaction_time(rng: np.random.Generator, mean: float) -> float:
    """A slap reaction time in seconds: gamma distribution, shape 4, the given ``mean`` (§1.9)."""
    return float(rng.gamma(4.0, mean / 4.0))


# -- Slap war (§1.9) -------------------------------------------------------------------------------
def slap_card_up(s: WarState) -> bool:
    """Slap war (§1.9): a slap card has just turned up (once per round): draw everyone's
    reaction time, then wait for the live seat's slap or resolve at once. True if so."""
    b, R = s._battle, s.rules
    cont, newly, up = b["contenders"], b["newly"], b["up"]
    if (R.slap_rank is None or b["slapped"] == b["round"]
            or not any(_RV[up[p]] == R.slap_rank for p in newly)):
        return False
    b["slapped"] = b["round"]
    b["slap"] = {"times": {p: reaction_time(s._rng, R.slap_mean) for p in cont},
                 "card": next(up[p] for p in newly if _RV[up[p]] == R.slap_rank)}
    if R.slap_seat is not None and R.slap_seat in cont:
        b["stage"] = "slap"
    else:
        slap_resolve(s, False)
    return True


def slap_resolve(s: WarState, live_slapped: bool) -> None:
    """Slap war (§1.9): the live seat slapped (``live_slapped``) or not; the fastest slap within
    the window wins the battle or war, else the cards decide."""
    b, R = s._battle, s.rules
    slap = b["slap"]
    live = R.slap_seat if R.slap_seat in b["contenders"] else None
    b["stage"] = "judge"
    card = _card(slap["card"])
    if live_slapped:
        w, t = live, None
    else:
        cands = sorted((t, p) for p, t in slap["times"].items() if p != live and t <= R.slap_window)
        w, t = (cands[0][1], cands[0][0]) if cands else (None, None)
    if w is None:
        s._say(N_("Nobody slaps the {card} within {w:g} s: the cards decide."), card=card,
               w=R.slap_window)
        judge.judge_cards(s)
        return
    what = Say(N_("the battle") if b["round"] == 0 else N_("the war"))
    if t is None:
        why = Say(N_("{player} slaps the {card} first"), N_("{player} slap the {card} first"), w,
                  (("card", card),))
    else:
        why = Say(N_("{player} slaps the {card} first ({t:.2f} s)"),
                  N_("{player} slap the {card} first ({t:.2f} s)"), w, (("card", card), ("t", t)))
    s._settle(w, why, rule_ref("slap"), what=what)


# -- Steal War (§1.10) ----------------------------------------------------------------------------
def reshuffle(s: WarState, p: int) -> None:
    """Steal War (§1.10): ``p``'s packet is empty: their face-up pile is shuffled (the game's
    RNG) and becomes their packet."""
    pile = s._piles[p]
    s._packets[p] = [pile[int(i)] for i in s._rng.permutation(len(pile))]
    s._piles[p] = []
    s._event("reshuffle", p, N_("{player}'s packet is empty: their face-up pile ({n} "
                                "cards) is shuffled and becomes their packet."),
             rule_ref("steal"), you=N_("Your packet is empty: your face-up pile ({n} cards) "
                                       "is shuffled and becomes your packet."), n=len(pile))


def steal_targets(s: WarState, p: int) -> list[int]:
    """Steal War (§1.10): the seats whose face-up pile ``p`` may steal now: its top card has the
    rank of the top card of ``p``'s packet."""
    top = _RV[s._packets[p][0]]
    return [q for q in range(s.rules.players)
            if q != p and s._piles[q] and _RV[s._piles[q][0]] == top]


def decide(s: WarState) -> None:
    """Steal War (§1.10): the next player in the queue who may steal decides (phase ``steal``);
    when nobody can, the cards are turned up."""
    b = s._battle
    while b["queue"]:
        p = b["queue"][0]
        if s._packets[p] and steal_targets(s, p):
            b["stage"] = "steal"
            return
        b["queue"].pop(0)
    b["stage"] = "turn"


def steal(s: WarState) -> None:
    """Steal War (§1.10): the deciding player steals every matching face-up pile with the top card
    of their packet, which goes on top of their own pile."""
    p = s._battle["queue"][0]
    targets = steal_targets(s, p)
    card = s._packets[p].pop(0)
    stolen: list[int] = []
    for q in targets:
        stolen += s._piles[q]
        s._piles[q] = []
    s._piles[p] = [card] + stolen + s._piles[p]
    if not s._quiet:
        names, c = tuple(s.names), _card(card)
        say = Say(N_("{player} steals with {card}: takes {whose} face-up pile ({n} cards with "
                     "the {card})."),
                  N_("{player} steal with {card}: you take {whose} face-up pile ({n} cards "
                     "with the {card})."), p,
                  (("card", c), ("whose", Whose(tuple(targets))), ("n", len(stolen) + 1)))
        s.log.append(StoryEvent(
            "steal", p, say.tell(names), rule_ref("steal"),
            {"card": c, "victims": targets, "cards": _cards(stolen), "n": len(stolen) + 1},
            (c,), names=names, steps=(say,)))
    if not s._packets[p]:
        reshuffle(s, p)
    s._battle["stage"] = "decide"


def steal_war(s: WarState, W: list[int], k: int) -> None:
    """A Steal War war round: a player who cannot put down k cards and turn one more (packet
    and face-up pile together) has no cards at all during the war and loses at once."""
    b, R = s._battle, s.rules
    short = [p for p in W if len(s._packets[p]) + len(s._piles[p]) <= k]
    if short and R.short_of_cards == "draw":
        s._end_mid_battle(N_("A player ran out of cards in a war: the game is a draw."),
                          "short_of_cards", rule_ref("short_draw"))
        return
    for p in short:
        s._say(N_("{player} runs out of cards during the war and loses at once."),
               N_("You run out of cards during the war and lose at once."), p)
        while s._packets[p]:            # what they have goes on the table, face down
            s._put(p, False)
        b["lost"].append(p)
        s._out[p] = True
    W = [p for p in W if p not in short]
    b["in"] = [p for p in b["in"] if p not in short]
    if len(W) == 1:
        s._settle(W[0], judge.only_left(s, W[0]), rule_ref("steal"))
        return
    if not W:
        s._end_mid_battle(N_("Nobody has cards left for the war: the game is a draw."),
                          "short_of_cards", rule_ref("steal"))
        return
    for p in W:
        for _i in range(k):
            s._put(p, False)
        judge.say_down(s, p, k)
    n = R.players
    order = [(s._first + i) % n for i in range(n)]
    b["contenders"] = list(W)
    b["turning"] = [p for p in order if p in W]
    b["queue"] = list(b["turning"])
    b["stage"] = "decide"


def finish_top(s: WarState, top: int | None) -> None:
    """Steal War (§1.10): the battle's winner puts the won cards on their face-up pile, ``top``
    (a card code) on top or the pickup order kept (None); the next round starts after them."""
    b = s._battle
    w, won = b["winner"], list(b["won"])
    if top is not None:
        won.remove(top)
        won.insert(0, top)
        s._event("top", w, N_("{player} puts {card} on top of their face-up pile."),
                 rule_ref("steal"), shown=[_card(top)],
                 you=N_("You put {card} on top of your face-up pile."), card=_card(top))
    s._piles[w] = won + s._piles[w]
    if not s._packets[w]:
        reshuffle(s, w)
    s._first = (w + 1) % s.rules.players
    s._b = None
    s._after_battle()

"""The battle machine of :class:`~cardkit.war.engine.WarState`, as functions of the state ``s``
(internal: the state calls them; they read and change its battle in progress ``s._b``):

- comparing the cards turned up (RULES.md §1.1–§1.8): who wins, why, ties and the wars they
  start, and players running short of cards in a war;
- the variants where a player decides (§1.9, §1.10): Slap war's slaps and Steal War's steals,
  face-up piles and top cards; and :func:`reaction_time`, the slap reaction times of simulated
  players.

The two parts call each other (a war in Steal War is a steal decision; a steal ends in a
battle), so they are one module. The decisions where RULES.md is silent are listed in
:mod:`cardkit.war.engine`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..core import Rule
from ..i18n import N_, Nn_
from .rules import _FACES, _RAZBOI_VALUE, _RV, _card, _cards
from .text import And, Say, StoryEvent, Whose, rule_ref

if TYPE_CHECKING:          # pragma: no cover
    from .engine import WarState

__all__ = ["reaction_time"]



def judge_cards(s: WarState) -> None:
    """Compare the cards just turned up: a slap card waits for slaps (§1.9), an automatic-war
    card starts a war (§1.6), one best card wins (§1.1, §1.7, §1.8), a tie goes to war."""
    b, R = s._battle, s.rules
    cont, newly, up = b["contenders"], b["newly"], b["up"]
    if slap_card_up(s):
        return
    if R.automatic_rank is not None:
        auto = [p for p in newly if _RV[up[p]] == R.automatic_rank]
        if auto:
            s._say(N_("{card} is the automatic-war card: war!"), card=_card(up[auto[0]]))
            start_war(s, list(cont), R.automatic_rank, rule_ref("automatic"))
            return
    best = best_players(s, cont)
    if len(best) == 1:
        win(s, best[0], cont)
    else:
        tie(s, best)


def win(s: WarState, w: int, cont: list[int]) -> None:
    """``w``'s card is the best: they win, unless the loser of a war holds the underdog (§1.8)."""
    why, rule = why_it_wins(s, w, cont)
    if s._battle["round"] > 0 and s.rules.underdog_rank is not None:
        w2, why2 = underdog_wins(s, w, cont)
        if w2 != w:
            s._settle(w2, Say(N_("{a}; {b}"), fields=(("a", why), ("b", why2))),
                      rule_ref("underdog"))
            return
    s._settle(w, why, rule)


def tie(s: WarState, best: list[int]) -> None:
    """The best cards tie: a war among the tied players (or everyone, §1.2), or a draw when
    they all stand on their last card (§1.1)."""
    b, R = s._battle, s.rules
    up = b["up"]
    cards_of = And(tuple(_card(up[p]) for p in best))
    standing = not b["newly"] or (R.short_of_cards == "last_card_up" and not R.steal_war
                                  and all(not s._packets[p] for p in best))
    if standing:   # everyone is standing on their last card and they tie: nobody can fight on
        # (with three or four players someone outside the war may still hold cards: the
        # sentence then speaks of the players in the war only)
        s._say(N_("Everyone is standing on their last card and {cards} tie.")
               if all(p in best for p in b["in"]) else
               N_("The players in the war are standing on their last card and {cards} tie."),
               cards=cards_of)
        s._end_mid_battle(N_("The standing cards tie: the game is a draw."), "standing_tie",
                          rule_ref("short"))
        return
    s._say(N_("{cards} tie: peace!") if R.lowest_wins else N_("{cards} tie: war!"),
           cards=cards_of)
    W = best
    if R.war_participants == "all":
        # everyone still in joins; a player with no card left has no tied card to stand on,
        # so only the tied players can stand on their card (§1.1, §1.2)
        W = [p for p in b["in"] if p in best or s._packets[p]]
    start_war(s, W, _RV[up[best[0]]], s._rule())


def best_players(s: WarState, cont: list[int]) -> list[int]:
    """The contenders whose card is best (§1.1, Peace §1.4; # beats faces / aces §1.7, where
    an unbeaten card wins before the rank order decides): one seat, or several that tie."""
    up = s._battle["up"]
    ranks = [_RV[up[p]] for p in cont]
    if not s._transitive:
        B = s._beats
        unbeaten = [p for p, r in zip(cont, ranks, strict=False) if not any(B[r2][r] for r2 in ranks)]
        if unbeaten:
            return unbeaten
    key = [-r for r in ranks] if s.rules.lowest_wins else ranks
    m = max(key)
    return [p for p, k in zip(cont, key, strict=False) if k == m]


def why_it_wins(s: WarState, w: int, cont: list[int]) -> tuple[Say | None, Rule | None]:
    """Why ``w``'s card wins (told at read time), and the rule."""
    if s._quiet:
        return None, None
    R, up = s.rules, s._battle["up"]
    wc = _card(up[w])
    others = [p for p in cont if p != w]
    rule = s._battle.get("war_rule") or s._rule()     # e.g. a war started by an automatic card
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


def underdog_wins(s: WarState, w: int, cont: list[int]) -> tuple[int, Say | None]:
    """Underdog (§1.8): the war's one loser wins it instead when an underdog card is among their
    face-down cards. Returns the winner and why (None when quiet or not applied)."""
    b, R = s._battle, s.rules
    losers = [p for p in b["in"] if p != w]
    if len(losers) != 1:
        return w, None
    lo = losers[0]
    hits = [c for c, f in zip(b["table"][lo], b["up_flags"][lo], strict=False) if not f and _RV[c] == R.underdog_rank]
    if not hits:
        return w, None
    if s._quiet:
        return lo, None
    return lo, Say(N_("{player} lost the war but had the underdog {card} face down, so wins it "
                      "instead"),
                   N_("{player} lost the war but had the underdog {card} face down, so win it "
                      "instead"), lo, (("card", _card(hits[0])),))


def start_war(s: WarState, W: list[int], cause_rank: int, rule: Rule) -> None:
    """Start a war (or the next round of one) among ``W``; the war size comes from the rules."""
    b, R = s._battle, s.rules
    k = R.war_facedown if R.war_size == "fixed" else _RAZBOI_VALUE.get(cause_rank, 11) - 1
    need = k + 1
    b["round"] += 1
    b["wars"] += 1
    b["war_rule"] = rule
    if R.steal_war:
        steal_war(s, W, k)
        return
    short = [p for p in W if len(s._packets[p]) < need]
    if short and R.short_of_cards != "last_card_up":
        fighting = short_war(s, W, short, need)
        if fighting is None:
            return
        W = fighting
    put_down(s, W, k, need)


def short_war(s: WarState, W: list[int], short: list[int], need: int) -> list[int] | None:
    """``short_of_cards`` ``draw`` or ``lose`` (§1.1): the game is drawn, or the short players
    lose the war (their cards go on the table) and the others fight on. Returns who fights on,
    or None when the battle is over."""
    b = s._battle
    if s.rules.short_of_cards == "draw":
        p = short[0]
        s._say((*Nn_("{player} has {n} card and cannot complete the war (needs {need}).",
                "{player} has {n} cards and cannot complete the war (needs {need})."), "n"),
               (*Nn_("You have {n} card and cannot complete the war (needs {need}).",
                "You have {n} cards and cannot complete the war (needs {need})."), "n"),
               p, n=len(s._packets[p]), need=need)
        s._end_mid_battle(N_("A player cannot complete a war: the game is a draw "
                             "(short of cards: draw)."), "short_of_cards",
                          rule_ref("short_draw"))
        return None
    for p in short:
        s._say((*Nn_("{player} has {n} card and cannot complete the war (needs {need}): "
                   "they lose it.",
                "{player} has {n} cards and cannot complete the war (needs {need}): "
                   "they lose it."), "n"),
               (*Nn_("You have {n} card and cannot complete the war (needs {need}): you "
                   "lose it.",
                "You have {n} cards and cannot complete the war (needs {need}): you "
                   "lose it."), "n"),
               p, n=len(s._packets[p]), need=need)
        while s._packets[p]:          # the rest of their cards go to the war's winner
            s._put(p, False)
        b["lost"].append(p)
    W = [p for p in W if p not in short]
    b["in"] = [p for p in b["in"] if p not in short]
    if len(W) == 1:
        s._settle(W[0], only_left(s, W[0]), rule_ref("short_lose"))
        return None
    if not W:
        s._end_mid_battle(N_("Nobody can complete the war: the game is a draw."),
                          "short_of_cards", rule_ref("short_lose"))
        return None
    return W


def put_down(s: WarState, W: list[int], k: int, need: int) -> None:
    """Each player in the war puts ``k`` cards face down and will turn one up; a short player
    puts all but their last card down, and one with no card stands on their last face-up
    card (§1.1 ``last_card_up``)."""
    b = s._battle
    turning = []
    for p in W:
        n = len(s._packets[p])
        if n >= need:
            for _i in range(k):
                s._put(p, False)
            turning.append(p)
            say_down(s, p, k)
        elif n:
            for _i in range(n - 1):
                s._put(p, False)
            turning.append(p)
            s._say(N_("{player} is short of cards: {d} face down, and the last card is their "
                      "deciding card."),
                   N_("You are short of cards: {d} face down, and the last card is your "
                      "deciding card."), p, d=n - 1)
        else:
            if p not in b["standing"]:
                b["standing"].append(p)
            s._say(N_("{player} has no cards left: {card} stands as their deciding card."),
                   N_("You have no cards left: {card} stands as your deciding card."), p,
                   card=_card(b["up"][p]))
    b["contenders"] = list(W)
    b["turning"] = turning
    b["stage"] = "turn"


def say_down(s: WarState, p: int, k: int) -> None:
    """Tell that ``p`` puts ``k`` cards face down (§1.1)."""
    s._say((*Nn_("{player} puts {k} card face down.", "{player} puts {k} cards face down."), "k"),
           (*Nn_("You put {k} card face down.", "You put {k} cards face down."), "k"), p, k=k)


def only_left(s: WarState, w: int) -> Say:
    """Why ``w`` wins when everyone else left the war (running short, §1.1)."""
    return Say(N_("{player} is the only player left in the war"),
               N_("{player} are the only player left in the war"), w)


# ---------------------------------------------------------------- decisions: Slap war, Steal War (§1.9, §1.10)
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
        judge_cards(s)
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
    if len(pile) == 1:
        s._event("reshuffle", p, N_("{player}'s packet is empty: their face-up pile (1 card) is "
                                    "shuffled and becomes their packet."),
                 rule_ref("steal"), you=N_("Your packet is empty: your face-up pile (1 card) is "
                                           "shuffled and becomes your packet."), n=1)
        return
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
        s._settle(W[0], only_left(s, W[0]), rule_ref("steal"))
        return
    if not W:
        s._end_mid_battle(N_("Nobody has cards left for the war: the game is a draw."),
                          "short_of_cards", rule_ref("steal"))
        return
    for p in W:
        for _i in range(k):
            s._put(p, False)
        say_down(s, p, k)
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

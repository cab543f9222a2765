"""What the Switch lesson (lessons/05_switch) shows beyond its tables: small demos, one call each.

Each demo plays a stacked or seeded deal through the engine (:mod:`cardkit.switch`, RULES.md §2)
and returns what the lesson shows: the engine's own sentences, or a view that fits a 900 px
notebook output and reads left-aligned (:mod:`cardkit_lessons.lesson_view`).
"""
from __future__ import annotations

import html

from IPython.display import HTML

from cardkit import switch
from cardkit.switch.text import move_words
from cardkit.i18n import _, ngettext, shown_name

from .lesson_view import box, cards, row, sentences

__all__ = ["aces_demo", "deal_view", "eights_comparison", "starter_demo", "stuck_demo"]


def _deal_rows(state: switch.SwitchState) -> str:
    rows = [row(shown_name(name), cards(hand), bold=True)
            for name, hand in zip(state.names, state.hands, strict=False)]
    rows.append(row(_("Discard pile (top)"), cards(state.discard[:1])))
    n = len(state.stock)
    rows.append(row(ngettext("Stock: {n} card, top first", "Stock: {n} cards, top first", n).format(n=n),
                    cards(state.stock)))
    return "".join(rows)


def deal_view(state: switch.SwitchState) -> HTML:
    """Every card of a Switch game face up, as only a lesson shows it: each hand, the top of the
    discard pile and the whole stock (top first), cards wrapping within 880 px, left-aligned.
    Returns an ``IPython.display.HTML``."""
    return box(_deal_rows(state))


def starter_demo(seed: int = 1) -> HTML:
    """The deal and the starter (RULES.md §2): the engine's sentences for a seeded two-player deal
    (seed 1 turns up the A♥ first, which goes back into the stock), then every card of it."""
    state = switch.new_game(seed=seed, names=["Ada", "Ben"])
    return box(sentences(e.explain() for e in state.log), _deal_rows(state))


def aces_demo(moves: bool = False) -> list[str]:
    """Aces (RULES.md §2): Ada plays the A♠, Ben answers with the A♥, Ada draws 8. Returns the
    engine's sentences for those moves; with ``moves=True`` also a last line with Ben's legal
    moves after the penalty (the lesson leaves it out: its quiz asks what Ben may play)."""
    hands = ["AS 9C 4D 7H", "AH 7C JD KS 3H"]
    state = switch.new_game(hands=hands, deck=switch.full_stock(hands, top="5S", seed=2), dealer=1,
                            names=["Ada", "Ben"], seed=0)
    for move in ["play AS", "play AH", "draw"]:
        state.apply(move)
    lines = [e.explain() for e in state.log[2:]]
    if moves:
        lines.append(_("{player} may now: {moves}").format(
            player=shown_name("Ben"), moves=_(", ").join(move_words(a) for a in state.legal_actions())))
    return lines


def eights_next_turn(add_up: bool) -> str:
    """Three players (you, Ada, Ben): you play the 8♥, Ada the 8♠, Ben has no 8 and misses a turn;
    then you and Ada play again. What Ben may do at his next turn, in words, with the option
    "eights add up" (``eights_accumulate``) off or on."""
    hands = ["8H 6S 5H 3C", "8S 9S 9H 3D", "4D KD QD 7D"]
    state = switch.new_game(switch.SwitchRules(players=3, eights_accumulate=add_up), hands=hands,
                            deck=switch.full_stock(hands, top="7H", seed=4), dealer=2,
                            names=["you", "Ada", "Ben"], seed=0)
    for move in ["play 8H", "play 8S", "pass", "play 6S", "play 9S"]:
        state.apply(move)
    moves = state.legal_actions()
    if [str(a) for a in moves] == ["pass"]:
        return _("{player} misses a second turn: all he may do is pass").format(player=shown_name("Ben"))
    return _("{player} takes his turn as usual (he may: {moves})").format(
        player=shown_name("Ben"), moves=_(", ").join(move_words(a) for a in moves))


def eights_comparison() -> HTML:
    """The same deal under both settings of "eights add up" (:func:`eights_next_turn`), one row
    each, saying in words what changed for Ben."""
    return box(*(row(label, html.escape(eights_next_turn(on)))
                 for label, on in [(_("Eights add up: off (usual)"), False), (_("Eights add up: on"), True)]))


def stuck_demo() -> str:
    """The end when nobody can move (RULES.md §2): both players draw from an empty stock in turn;
    returns the engine's sentence for how that game ends."""
    state = switch.new_game(hands=["9C 3C", "10S"], deck="5H", dealer=1, names=["Ada", "Ben"], seed=0)
    state.apply("draw")
    state.apply("draw")
    return state.log[-1].explain()

"""The one judge of Switch's moves (RULES.md §2): :func:`judge` decides whether one seat may make
one move now and, if not, why. Everything else comes from it: the legal list
(:func:`legal_actions`), the cards that may be played (:func:`playable`), the refusal sentence
(:func:`~cardkit.switch.text.refusal_error` of its answer) and so the reason a table gives for a
greyed card, the engine's check before a move and the seat whose "last card" call it is.

It reads a :class:`Position`, which the engine builds from the state and an observation from its
own fields: one seat's view of what decides its moves, all of it public or that seat's own.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

from ..cards import SUITS, Card, Rank, Suit, standard_pack
from ..core import Action
from .rules import ANSWER, Pending
from .text import (ALREADY_CALLED, CALL_AFTER_YOUR_PLAY, CALL_WHEN, CHOOSE_AFTER_JACK,
                   DRAWN_PLAY_OR_PASS, GAME_OVER, MISSING_TURN_DRAW, MISSING_TURN_PASS,
                   NAME_SUIT_FIRST, NEXT_PLAYER_CATCHES, NO_DRAW_FACING_EIGHT, NO_MATCH,
                   NOBODY_TO_CATCH, NOT_HELD, NOT_SWITCH, NOT_THE_NAMED_SUIT,
                   NOTHING_TO_PLAY_FOR_CALL, ONLY_A_TWO, ONLY_AN_ACE, ONLY_AN_EIGHT,
                   ONLY_THE_DRAWN_CARD, PASS_WHEN, WAIT, Refusal)

__all__ = ["CHALLENGE", "DRAW", "LAST_CARD", "PASS", "Position", "judge", "legal_actions",
           "matches", "play_action", "playable"]

LAST_CARD = Action("last card")
CHALLENGE = Action("challenge")
DRAW = Action("draw")
PASS = Action("pass")
_CHOOSE = tuple(Action("choose", word=s.word) for s in SUITS)
_AFTER_PLAYS = (DRAW, PASS, CHALLENGE, LAST_CARD)
_PLAY = {c: Action("play", (c,)) for c in standard_pack()}
_WILD = (Rank.JACK, Rank.ACE)          # go on any card
_ONLY = {"two": ONLY_A_TWO, "ace": ONLY_AN_ACE, "eight": ONLY_AN_EIGHT}


class Position(NamedTuple):
    """What decides ``seat``'s moves now (RULES.md §2): whose turn it is (``current_player``, None
    once the game is over), the ``phase`` (``play``, ``drawn``, ``choose``, ``over``), the seat's
    own ``hand``, the ``top`` of the discard pile, the ``named_suit`` after a Jack, the ``pending``
    penalty, the turns the seat still must miss (``skips``), the card it has just drawn
    (``drawn_card``, phase ``drawn``), the seat whose last-card ``window`` is open and the seats
    whose call stands (``called``)."""

    seat: int
    current_player: int | None
    phase: str
    hand: Sequence[Card]
    top: Card | None
    named_suit: Suit | None
    pending: Pending | None
    skips: int
    drawn_card: Card | None
    window: int | None
    called: Collection[int]


def play_action(card: Card) -> Action:
    """``play <card>`` (one shared action per card)."""
    return _PLAY.get(card) or Action("play", (card,))


def matches(card: Card, top: Card | None, named_suit: Suit | None) -> bool:
    """May ``card`` go on ``top`` when no penalty is pending? It matches the suit to follow (the
    suit named after a Jack, else the top card's) or the top card's rank; a Jack or an Ace goes on
    anything (RULES.md §2).

    >>> from cardkit import parse_card as c
    >>> matches(c("4S"), c("10S"), None), matches(c("9D"), c("10S"), None), matches(c("AD"), c("10S"), None)
    (True, False, True)
    """
    if card.rank in _WILD:
        return True
    if top is None:
        return False
    return card.suit == (named_suit or top.suit) or card.rank == top.rank


def judge(pos: Position, action: Action) -> Refusal | None:
    """None when the seat of ``pos`` may make ``action`` now, else the :class:`Refusal` saying why
    (RULES.md §2). The only judge of Switch's moves: see the module documentation.

    >>> from cardkit import parse_card as c
    >>> pos = Position(0, 0, "play", (c("4S"), c("9D")), c("10S"), None, None, 0, None, None, ())
    >>> judge(pos, play_action(c("4S"))) is None
    True
    >>> judge(pos, play_action(c("9D"))).why.rule.name
    'Match the suit or the rank'
    """
    kind = action.kind
    if pos.phase == "over":
        return Refusal(GAME_OVER)
    if kind == "last card":
        return _judge_call(pos)
    if kind == "challenge":
        return _judge_challenge(pos)
    if pos.current_player != pos.seat:
        return Refusal(WAIT, {"who": pos.current_player})
    if pos.phase == "choose":
        return None if kind == "choose" else Refusal(NAME_SUIT_FIRST)
    if kind == "choose":
        return Refusal(CHOOSE_AFTER_JACK)
    if pos.phase == "drawn":
        return _judge_after_drawing(pos, action)
    if pos.skips:
        return _judge_missed_turn(pos, kind)
    if kind == "play":
        return _judge_play(pos, action.card)
    facing_eight = pos.pending is not None and pos.pending.kind == "eight"
    if kind == "draw":
        return Refusal(NO_DRAW_FACING_EIGHT) if facing_eight else None
    if kind == "pass":
        return None if facing_eight else Refusal(PASS_WHEN)
    return Refusal(NOT_SWITCH)


def _judge_play(pos: Position, card: Card) -> Refusal | None:
    """A card played on a turn of phase ``play`` (no turn to miss): a pending penalty is answered
    only by its rank; otherwise the card must match (:func:`matches`)."""
    if card not in pos.hand:
        return Refusal(NOT_HELD, {"card": card})
    p = pos.pending
    if p is not None:
        return None if card.rank == ANSWER[p.kind] else Refusal(_ONLY[p.kind],
                                                                {"card": card, "n": p.amount})
    if matches(card, pos.top, pos.named_suit):
        return None
    if pos.named_suit is not None:
        return Refusal(NOT_THE_NAMED_SUIT, {"card": card, "suit": pos.named_suit})
    return Refusal(NO_MATCH, {"card": card, "top": pos.top})


def _judge_after_drawing(pos: Position, action: Action) -> Refusal | None:
    """Phase ``drawn``: play the card just drawn (it can be played, or the turn would have ended)
    or pass to keep it."""
    if action.kind == "pass":
        return None
    if action.kind != "play":
        return Refusal(DRAWN_PLAY_OR_PASS)
    return None if action.card == pos.drawn_card else Refusal(ONLY_THE_DRAWN_CARD,
                                                             {"card": pos.drawn_card})


def _judge_missed_turn(pos: Position, kind: str) -> Refusal | None:
    """A turn missed to the 8s: pass, or draw a pending 2/Ace penalty (one missed turn too)."""
    p = pos.pending
    if p is not None and p.kind != "eight":
        return None if kind == "draw" else Refusal(MISSING_TURN_DRAW, {"n": p.amount})
    return None if kind == "pass" else Refusal(MISSING_TURN_PASS)


def _judge_challenge(pos: Position) -> Refusal | None:
    """Only the next player (the current one), before acting, catches the player whose last-card
    window is open."""
    if pos.window is None or pos.window == pos.seat:
        return Refusal(NOBODY_TO_CATCH)
    if pos.seat != pos.current_player:
        return Refusal(NEXT_PLAYER_CATCHES, {"who": pos.window})
    return None


def _judge_call(pos: Position) -> Refusal | None:
    """``last card``: the call of the player whose window is open and uncalled (even out of turn);
    else of the current player holding 2 cards, just before a play they can make."""
    if pos.seat in pos.called:
        return Refusal(ALREADY_CALLED)
    other = None
    if pos.window is not None and pos.window not in pos.called:
        if pos.window == pos.seat:
            return None
        other = pos.window          # the text "last card" is their (late) call now
    if not (pos.seat == pos.current_player and len(pos.hand) == 2
            and pos.phase in ("play", "drawn")):
        return Refusal(CALL_WHEN)
    if not playable(pos):
        return Refusal(NOTHING_TO_PLAY_FOR_CALL)
    return None if other is None else Refusal(CALL_AFTER_YOUR_PLAY, {"who": other})


def playable(pos: Position) -> list[Card]:
    """The cards of the seat's hand it may play now (in hand order), by :func:`judge`."""
    return [c for c in pos.hand if judge(pos, play_action(c)) is None]


def legal_actions(pos: Position) -> list[Action]:
    """Every move the seat of ``pos`` may make now, by :func:`judge`, in the protocol's order:
    ``choose`` (spades, hearts, diamonds, clubs), ``play`` (hand order), ``draw``, ``pass``,
    ``challenge``, ``last card``. Empty once the game is over."""
    if pos.phase == "over":
        return []
    candidates = (*_CHOOSE, *(play_action(c) for c in pos.hand), *_AFTER_PLAYS)
    return [a for a in candidates if judge(pos, a) is None]


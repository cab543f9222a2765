"""The Écarté card table: a person plays a match against the computer (RULES.md §3).

``EcarteTable(rules=None, *, seed=None, seat=0, level="easy", delay=0.6, deck=None, dealer=None,
narrow=False, animate=True, four_colour=False, hint=False, task=None)`` is one anywidget model (see
:mod:`cardkit_tables.cardtable`). It reads only ``state.observation(seat)`` — turned into the
page's JSON by the one function :func:`ecarte_view` — and changes the game only through
``ecarte.new_game`` and ``state.apply``, via the shared
:class:`~cardkit_tables.controller.Controller`.

The page draws a felt table: the computer's hand (backs) across, the stock, the turn-up and a
trumps badge on the left of the middle, the trick in the middle (each card in front of its
player; a finished trick stays there, its winner named beside it, until the next card is led),
the last trick beside it, your hand at the bottom (sorted: suits together, colours
alternating, K Q J A 10 9 8 7), then "What now" and the buttons that apply now. After each hand
the table pauses on that hand's last trick and its summary (tricks, points and why, who deals
next) until "Next hand"; at the end of the game a panel says who won, with New game beside it. On a stacked deal
(``deck=``) the table has "Deal this again" and may carry a lesson's
:class:`~cardkit_tables.task.Task`.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, cast

from cardkit import ecarte
from cardkit.cards import Card, Suit
from cardkit.core import Action, Event, GameState, IllegalAction, Observation, Player
from cardkit.ecarte import EcarteObservation
from cardkit.i18n import N_, _, ngettext, shown_name

from .cardtable import CardTable, bundle, card_json, game_over_view, held, sort_hand, waiting_card
from .classmate import Classmates
from .controller import Controller
from .resume import Resumable
from .task import Task, TaskMode

__all__ = ["EcarteTable", "ecarte_view"]

PRESETS = {"standard": ecarte.EcarteRules.standard, "classic": ecarte.EcarteRules.classic}
TARGETS = (5, 7, 10)
NEXT_HAND = "next hand"
#: Seconds a finished trick stays on the felt, both cards face up with its winner named, before
#: the computer leads the next trick (when the table pauses at all: a Pause above 0, which
#: lengthens it); a trick the person leads after stays until they play.
TRICK_HOLD = 1.5
#: The computer's levels (:func:`cardkit.ecarte.computer_player`), easiest first.
LEVELS = (N_("easy"), N_("medium"), N_("hard"))

#: The rules' refusal of the person's action now (``None``: legal); the controller's, worked
#: out once per position (:meth:`~cardkit_tables.controller.Controller.refusal`).
Refusal = Callable[[Action], IllegalAction | None]


def _advice(obs: EcarteObservation) -> str | None:
    """The advisor's one line for ``obs`` (RULES.md §3.6), or ``None`` when it has none."""
    text = ecarte.advice(cast(Any, obs)).get("text")   # (cardkit types it as taking a dict)
    return text or None


def _reason(refusal: Refusal, card: Card) -> str:
    """Why ``card`` may not be played now: the game's own refusal for this seat, in plain words
    (for the card's accessible name and tooltip)."""
    why = refusal(Action("play", (card,)))
    return _("the rules forbid it now") if why is None else str(why)


def _hand_end(obs: EcarteObservation) -> Event | None:
    """The last ``hand_end`` event the seat saw (the finished hand's summary), or ``None``."""
    for e in reversed(obs.events):
        if e.kind == "hand_end":
            return e
    return None


def _position(obs: EcarteObservation, pause: Event | None) -> dict[str, Any]:
    """What the table shows of the hand: the current one, or the finished hand's summary while
    pausing between hands (then no cards in hand, no stock)."""
    if pause is not None:
        summary = pause.data
        return {"trump": summary["turn_up"].suit, "hand": [], "their_count": 0, "stock": None,
                "turn_up": summary["turn_up"], "tricks": summary["tricks"], "scores": summary["scores"],
                "dealer": summary["dealer"], "trick": [], "last": [tuple(x) for x in summary["last_trick"]],
                "last_winner": summary["last_trick_winner"], "hand_no": summary["hand"]}
    trump = obs.trump
    return {"trump": trump, "hand": sort_hand(obs.hand, ecarte.rank_strength, trump),
            "their_count": obs.card_counts[1 - obs.seat], "stock": obs.stock_count,
            "turn_up": obs.turn_up, "tricks": obs.tricks, "scores": obs.scores,
            "dealer": obs.dealer, "trick": list(obs.trick), "last": list(obs.last_trick),
            "last_winner": obs.last_trick_winner, "hand_no": obs.hand_number}


def _mode(obs: EcarteObservation, pause: Event | None, mine: bool) -> str:
    """between (pausing after a hand), over, select (discarding), play, decide (stand/propose/
    accept/refuse) or wait."""
    if pause is not None:
        return "between"
    if obs.is_over:
        return "over"
    if not mine:
        return "wait"
    return {"exchange": "select", "play": "play"}.get(obs.phase, "decide")


def _hand_view(obs: EcarteObservation, cards: list[Card], mode: str, task: TaskMode,
               refusal: Refusal) -> list[dict[str, Any]]:
    """The person's hand, each card playable, selectable, or idle with the reason; while the
    task is quiet every card may be clicked (none greyed), while a prediction waits none."""
    trump = obs.trump
    playable = set(obs.playable) if mode == "play" else set()
    hand = []
    for c in cards:
        extra: dict[str, Any] = {"trump": c.suit == trump}
        if task == "predict":
            extra.update(waiting_card())
        elif mode == "play":
            extra["playable"] = c in playable or task == "quiet"
            if not extra["playable"]:
                extra["reason"] = _reason(refusal, c)
        elif mode == "select":
            extra["playable"] = True
        else:                                   # nothing to do with a card now: not "not allowed"
            extra["idle"] = True
            extra["reason"] = (_("first decide about the exchange") if mode == "decide"
                               else _("wait for your turn"))
        hand.append(card_json(c, action=f"play {c.code}", **extra))
    return hand


def _trick_cards(pairs: list[tuple[int, Card]] | tuple[tuple[int, Card], ...], me: int,
                 trump: Suit) -> dict[str, dict[str, Any]]:
    """``(player, card)`` pairs → ``{"you"/"them": card}``."""
    return {("you" if p == me else "them"): card_json(c, trump=c.suit == trump) for p, c in pairs}


def _finished_trick(last: list[Any], winner: int | None, me: int, trump: Suit,
                    names: tuple[str, str]) -> dict[str, Any]:
    """The trick just finished, lying where it was played until the next card is led (or Next
    hand): its cards (public: both were played face up), who took it (``winner``: ``"you"`` or
    ``"them"``) with which card (``code``) and the sentence that says so (``text``,
    RULES.md §3.4)."""
    card = dict(last)[winner]
    text = (_("You win the trick with {card}").format(card=card.said) if winner == me else
            _("{who} wins the trick with {card}").format(who=names[1], card=card.said))
    return {"cards": _trick_cards(last, me, trump), "winner": "you" if winner == me else "them",
            "code": card.code, "text": text}


def _last_trick(last: list[Any], winner: int | None, me: int, trump: Any,
                names: tuple[str, str]) -> dict[str, Any] | None:
    """The last trick, who took it (``winner``: the observation's ``last_trick_winner``, or the
    paused hand's) and its label; ``None`` before the first trick."""
    if not last or winner is None:
        return None
    return {"cards": _trick_cards(last, me, trump), "winner": "you" if winner == me else "them",
            "label": (_("Last trick: you took it") if winner == me else
                      _("Last trick: {who} took it").format(who=names[1]))}


def _decide_buttons(obs: EcarteObservation, kinds: list[str]) -> list[dict[str, Any]]:
    """Stand (play as dealt / play these cards), propose, accept (new cards), refuse (play as
    dealt) — those legal now, named as RULES.md §3.2 names them."""
    actions = []
    if "stand" in kinds:
        actions.append({"id": "stand", "action": "stand", "primary": False,
                        "label": (_("Stand (play these cards)") if obs.proposals
                                  else _("Stand (play as dealt)"))})
    if "propose" in kinds:
        actions.append({"id": "propose", "label": _("Propose an exchange"), "action": "propose",
                        "primary": True})
    if "accept" in kinds:
        actions.append({"id": "accept", "label": _("Accept (new cards)"), "action": "accept",
                        "primary": True})
    if "refuse" in kinds:
        actions.append({"id": "refuse", "label": _("Refuse (play as dealt)"), "action": "refuse",
                        "primary": False})
    return actions


def _select_buttons(stock: int | None, legal: list[Action]) -> tuple[list[dict[str, Any]], int]:
    """Discard the selected cards (up to 5, no more than the stock) and keep all; the most cards
    that may be selected."""
    actions = []
    select_max = min(5, stock or 0)
    may_keep = any(a.kind == "discard" and not a.cards for a in legal)
    if select_max:
        actions.append({"id": "discard", "action": "discard", "primary": True, "selection": True,
                        "labels": [_("Discard")] + [ngettext("Discard {n} card", "Discard {n} cards", n)
                                                    .format(n=n) for n in range(1, 6)],
                        "reason": _("Click the cards to throw away first")})
    if may_keep:
        actions.append({"id": "keep", "label": _("Keep all my cards"), "action": "discard",
                        "primary": not select_max})
    return actions, select_max


def _buttons(obs: EcarteObservation, mode: str, legal: list[Action], stock: int | None
             ) -> tuple[list[dict[str, Any]], int]:
    """The buttons that apply now, and how many cards may be selected (0 unless discarding)."""
    kinds = [a.kind for a in legal]
    if mode == "between":
        return [], 0                # Next hand is in the finished hand's summary (:func:`_end_view`)
    if mode == "decide":
        return _decide_buttons(obs, kinds), 0
    if mode == "select":
        return _select_buttons(stock, legal)
    if mode == "play" and "announce" in kinds:
        return [{"id": "announce", "label": _("Announce the king (1 point)"),
                 "action": "announce king", "primary": False}], 0
    return [], 0


SCORING = ("turn_up_king", "king", "hand_score")
#: The events of a person's own moves (after one, the news before it has been seen).
MOVES = ("stand", "propose", "accept", "refuse", "discard", "lead", "follow")
#: The computer's choices in the exchange that the table shows only in its log otherwise
#: (a refusal or a stand decides how the hand scores, §3.5).
BIDS = ("stand", "accept", "refuse", "discard")


def _news(obs: EcarteObservation, pause: Event | None) -> tuple[str, str] | None:
    """What just happened that the table does not show by itself, as ``(text, tone)`` — tone
    ``"score"`` when it is why the score changed (RULES.md §3.1, §3.3, §3.5), ``"news"`` for the
    computer's choice in the exchange (§3.2) — or ``None``:

    - in a hand: a turned-up king (the dealer's point), an announced king of trumps, and the
      computer's stand, acceptance, refusal or exchange, from when it happens until the person's
      next move (the computer's quick moves in between do not hide it);
    - a hand worth 2 points (the vole; or the standard preset's 2 points for a non-dealer who
      stood or whose proposal was refused, and won; or the classic preset's 2 points against a
      side that stood or refused and lost): while the table pauses on that hand, or at the end
      of the game; a plain 1-point hand says enough in its own summary.
    """
    events = list(obs.events)
    if pause is not None or obs.is_over:
        return _hand_news(events, pause)
    return _play_news(events, obs.seat)


def _hand_news(events: list[Event], pause: Event | None) -> tuple[str, str] | None:
    """Why the finished hand (``pause``; ``None``: the last one, the game being over) scored 2,
    or why the game-ending point was scored (:func:`_news`)."""
    last = next((e for e in reversed(events) if e.kind in SCORING), None)
    if pause is not None:               # the finished hand's own score, not the next deal's
        ends = [i for i, e in enumerate(events)
                if e.kind == "hand_end" and e.data.get("hand") == pause.data.get("hand")]
        last = next((e for e in reversed(events[:ends[-1]]) if e.kind in SCORING),
                    None) if ends else None
    if last is None or (last.kind == "hand_score" and last.data.get("points") != 2):
        return None
    if last.kind == "hand_score":
        return _("Why 2 points: {reason}").format(reason=last.explain()), "score"
    return last.explain(), "score"


def _play_news(events: list[Event], me: int) -> tuple[str, str] | None:
    """The king points and the computer's exchange choices of this hand since the person's last
    move (:func:`_news`)."""
    deals = [i for i, e in enumerate(events) if e.kind == "deal"]
    if not deals:
        return None
    since = deals[-1]
    for i in range(deals[-1], len(events)):
        if events[i].player == me and events[i].kind in MOVES:
            since = i                   # the person's last move: what came before was seen
    unseen = [e for e in events[since + 1:]
              if e.kind in ("turn_up_king", "king") or (e.kind in BIDS and e.player != me)]
    if not unseen:
        return None
    tone = "score" if any(e.kind in SCORING for e in unseen) else "news"
    return " ".join(e.explain() for e in unseen), tone


def _what_now_view(obs: EcarteObservation, mode: str, pause: Event | None) -> dict[str, Any]:
    """The prompt, and (``news``) what just happened that the table does not show (:func:`_news`)."""
    news = _news(obs, pause)
    if pause is not None:
        return {"text": pause.explain() + " " + _("Press Next hand to deal again."), "tone": "done",
                "news": news}
    text = obs.what_now
    if mode == "over":
        return {"text": text + " " + _("Press New game to play again."), "tone": "done", "news": news}
    return {"text": text, "tone": "info", "news": news}


def _hand_events(events: list[Event], hand_no: int) -> list[Event]:
    """The events of hand ``hand_no``: from its deal to its ``hand_end`` (or to the last event,
    when the game ended during the hand)."""
    start = next((i for i, e in enumerate(events)
                  if e.kind == "deal" and e.data.get("hand") == hand_no), len(events))
    end = next((i for i in range(start, len(events)) if events[i].kind == "hand_end"),
               len(events) - 1)
    return events[start:end + 1]


def _end_view(obs: EcarteObservation, pause: Event | None, names: tuple[str, str]
              ) -> dict[str, Any] | None:
    """The panel on the felt at the end of a hand or of the game, else ``None``.

    Between hands (``pause``: the finished hand's ``hand_end``): ``kind`` ``"hand"``, the title
    "Hand 1 is over", a score pad (``pad``: each side's tricks, the points this hand, the score),
    one sentence per point scored in the hand saying why (``lines``: the events' own sentences,
    RULES.md §3.3 and §3.5: the king, the vole, a stand or a refusal that won or lost), who deals
    next (``next``) and the Next hand button. At the end of the game: the same pad and lines for
    the last hand inside :func:`~cardkit_tables.cardtable.game_over_view` (won or lost, New game).
    """
    me = obs.seat
    if pause is not None:
        d = pause.data
        hand_no, tricks, scores, dealer = d["hand"], d["tricks"], d["scores"], d["dealer"]
    elif obs.is_over:
        hand_no, tricks, scores, dealer = obs.hand_number, obs.tricks, obs.scores, obs.dealer
    else:
        return None
    scored = [e for e in _hand_events(list(obs.events), hand_no) if e.kind in SCORING]
    points = [0, 0]
    for e in scored:
        if e.player is not None:
            points[e.player] += int(e.data.get("points", 0))
    them = 1 - me
    pad = {"cols": list(names),
           "rows": [[_("Tricks"), tricks[me], tricks[them]],
                    [_("Points this hand"), points[me], points[them]],
                    [_("Score"), scores[me], scores[them]]]}
    lines = [e.explain() for e in scored]
    if pause is None:
        by_seat = [names[0], names[1]] if me == 0 else [names[1], names[0]]
        return game_over_view(obs.outcome, me, by_seat, pad=pad, lines=lines)
    return {"kind": "hand", "result": None, "title": _("Hand {n} is over").format(n=hand_no),
            "text": None, "score": None, "pad": pad, "lines": lines,
            "next": (_("You deal next.") if dealer != me else
                     _("{who} deals next.").format(who=names[1])),
            "button": {"id": "next", "label": _("Next hand"), "action": NEXT_HAND, "primary": True}}


def _log_view(obs: EcarteObservation, pause: Event | None = None) -> list[dict[str, Any]]:
    """The last 80 events, numbered from the game's first, newest first; while the table pauses
    on a finished hand, none of the next deal's (its turn-up, a king scored) before Next hand."""
    events = list(obs.events)
    if pause is not None:
        ends = [i for i, e in enumerate(events) if e.kind == "hand_end"]
        if ends:
            events = events[:ends[-1] + 1]
    first = max(0, len(events) - 80)
    log = [e.explain() for e in events[first:]]
    return [{"n": first + i + 1, "text": t} for i, t in enumerate(log)][::-1]


def _players_view(me: int, pos: dict[str, Any], names: tuple[str, str]) -> dict[str, Any]:
    """The header: each side's name, role (dealer or not), tricks and score."""
    them = 1 - me
    tricks, scores = pos["tricks"], pos["scores"]
    role = {me: _("non-dealer"), them: _("non-dealer")}
    role[pos["dealer"]] = _("dealer")
    return {
        "you": {"name": names[0], "role": role[me], "tricks": tricks[me], "score": scores[me]},
        "them": {"name": names[1], "role": role[them], "tricks": tricks[them], "score": scores[them],
                 "count": pos["their_count"]},
        "scores": [{"name": names[0], "value": scores[me], "you": True},
                   {"name": names[1], "value": scores[them], "you": False}],
    }


def _middle_view(me: int, pos: dict[str, Any], pause: Event | None, names: tuple[str, str],
                 over: bool = False) -> dict[str, Any]:
    """The middle of the table: stock, turn-up, trumps badge, the trick and the last trick
    (``over``: the game is over, so no trick is coming)."""
    stock, trump_now, trick = pos["stock"], pos["trump"], pos["trick"]
    # a finished trick stays where it was played until the next card is led (or Next hand):
    # the observation's last trick while no card of the next one is on the table
    done = (_finished_trick(pos["last"], pos["last_winner"], me, trump_now, names)
            if not trick and pos["last"] and pos["last_winner"] is not None else None)
    played = sum(pos["tricks"])
    trick_no = max(1, played) if done or (over and not trick) else min(5, played + 1)
    cards = done.pop("cards") if done else _trick_cards(trick, me, trump_now)
    return {
        "stock": None if stock is None else {
            "count": stock, "label": _("Stock"),
            "count_label": ngettext("{n} card", "{n} cards", stock).format(n=stock)},
        "turn_up": card_json(pos["turn_up"], trump=True), "turn_up_label": _("Turn-up"),
        "trump": {"suit": trump_now.letter, "symbol": trump_now.symbol,
                  "label": _("Trumps: {suit}").format(suit=_(trump_now.word))},
        "trick": {"label": _("Trick {n}").format(n=trick_no), "cards": cards, "done": done,
                  "lead": ("you" if trick[0][0] == me else "them") if trick else None, "count": len(trick)},
        "last_trick": _last_trick(pos["last"], pos["last_winner"], me, trump_now, names),
    }


def ecarte_view(obs: EcarteObservation, *, names: tuple[str, str], pause: Event | None = None,
                hint: str | None = None, task: TaskMode = None,
                refusal: Refusal | None = None) -> dict[str, Any]:
    """The page's JSON for one Écarté observation (the only place the table reads it).

    ``obs``: ``state.observation(seat)`` (an :class:`cardkit.ecarte.EcarteObservation`);
    ``names``: (you, opponent) as shown; ``pause``: the finished hand's ``hand_end`` event while
    the table pauses between hands, else ``None``; ``hint``: the advisor's line, if asked for;
    ``task``: what a lesson's task holds back (:data:`~cardkit_tables.task.TaskMode`: while it is
    ``"quiet"`` no card is greyed and no advice shown, while a prediction waits every card and
    button waits too); ``refusal``: the rules' refusal of an action (default ``obs.refusal``; the
    table passes its controller's, worked out once per position). Returns plain JSON values
    only: what the seat may see, never the opponent's cards or the stock. Besides the hand, the
    piles and the buttons: ``trick`` (its cards; ``done``, the trick just finished while it lies
    there, :func:`_finished_trick`) and ``end`` (the hand's summary or the game-over panel,
    :func:`_end_view`; ``None`` in play).

    The non-dealer's first decision (RULES.md §3.2), the hand sorted K Q J A 10 9 8 7 within
    the trumps:

    >>> deck = ecarte.stacked_deck("QH JH AH 10H 8H", "7S 8S 9S 7C 8C", "9H")
    >>> view = ecarte_view(ecarte.new_game(deck=deck, dealer=1).observation(0),
    ...                    names=("You", "Computer"))
    >>> view["mode"], [a["action"] for a in view["actions"]]
    ('decide', ['stand', 'propose'])
    >>> [c["text"] for c in view["hand"]], view["them"]["count"]
    (['Q♥', 'J♥', 'A♥', '10♥', '8♥'], 5)
    """
    me = obs.seat
    mine = obs.current_player == me and pause is None and not obs.is_over
    legal = list(obs.legal_actions) if mine else []
    pos = _position(obs, pause)
    mode = _mode(obs, pause, mine)
    actions, select_max = _buttons(obs, mode, legal, pos["stock"])
    return {
        "game": "ecarte",
        "title": _("Écarté"),
        "subtitle": _("hand {n}").format(n=pos["hand_no"]),
        "mode": mode,
        **_players_view(me, pos, names),
        "score_label": _("Score"), "target_label": _("game to {n}").format(n=obs.target),
        "tricks_label": _("tricks"),
        **_middle_view(me, pos, pause, names, over=mode == "over"),
        "last_trick_empty": _("No trick played yet"),
        "hand": _hand_view(obs, pos["hand"], mode, task, refusal or obs.refusal),
        "hand_label": _("Your hand"),
        "select_max": select_max,
        "actions": held(actions, task),
        "hint": hint if task is None else None,
        "what_now": _what_now_view(obs, mode, pause),
        "end": _end_view(obs, pause, names),
        "log": _log_view(obs, pause),
    }


class EcarteTable(Classmates, Resumable, CardTable):
    """Play Écarté against the computer (RULES.md §3), one match to ``rules.target`` points.

    Parameters: ``rules`` (an :class:`cardkit.ecarte.EcarteRules`, default standard); ``seed``
    (seeds the deals and the computer; game ``k`` uses ``seed + k``); ``seat`` (0 or 1: the
    person's seat); ``level`` (the computer's level, one of the levels offered); ``delay`` (seconds
    before each of the computer's moves, 0 in tests); ``deck`` and ``dealer`` (a stacked first
    hand, as in :func:`cardkit.ecarte.new_game`); ``narrow`` (force the one-column phone layout);
    ``animate`` (short card movements; off: none), ``four_colour`` (♦ blue, ♣ green), ``hint``
    (show the advisor's line, when the advisor exists); ``task`` (a
    :class:`~cardkit_tables.task.Task` on the stacked ``deck``: "predict, then see"); ``store``
    (a table store, ``cardkit_serving.store.open_store()``: the match is kept there and a new
    page comes back to it, :mod:`cardkit_tables.resume`; None, the default: nothing is kept);
    ``classmates`` (with a store: offer "Play a classmate", :mod:`cardkit_tables.classmate`).

    Raises ``ValueError`` for a seat other than 0 or 1, a level not offered, or a task without a
    stacked deck or whose moves or answers do not fit it.
    """

    live_note_what = N_("An Écarté table")
    INTRO = N_("Win 3 of the 5 tricks; the first to 5 points wins. What now, under your hand, "
               "always says what you may do.")

    _esm = bundle("ecarte.bundle.js")
    _css = bundle("table.css")

    _rules_first: ecarte.EcarteRules | None     # the first game's rules, until it is dealt
    _hand_shown: int | None                     # the hand number the table shows
    pause: Event | None                         # the finished hand's summary, while pausing

    def __init__(self, rules: ecarte.EcarteRules | None = None, *, seed: int | None = None,
                 seat: int = 0, level: str = "easy", delay: float = 0.6, deck: Any = None,
                 dealer: int | None = None, narrow: bool = False, animate: bool = True,
                 four_colour: bool = False, hint: bool = False, task: Task | None = None,
                 store: Any = None, classmates: bool = False, **kwargs: Any):
        if seat not in (0, 1):
            raise ValueError("Écarté has two seats: seat is 0 or 1")
        if delay < 0:
            raise ValueError("delay is a number of seconds, 0 or more")
        if level not in LEVELS:
            raise ValueError(f"level must be one of {LEVELS}, not {level!r}")
        super().__init__(animate=animate, four_colour=four_colour, **kwargs)
        self.prefs["hint"] = bool(hint)
        self.prefs["narrow"] = bool(narrow)
        rules = rules or ecarte.EcarteRules.standard()
        self._first = {"deck": deck, "dealer": dealer}
        self._deal = (dict(self._first), rules)
        self._names = (N_("You"), N_("Computer"))     # English: shown_name says them
        self.pause = None
        self._hand_shown = None
        self._hint: tuple[int, str | None] = (-1, None)
        # rules that are not a preset (another name, or a preset's name with other options) are
        # offered as "custom" and kept for every new game (issue 17: they became Standard)
        self._custom = None if rules.is_preset and rules.name in PRESETS else rules
        preset = "custom" if self._custom is not None else rules.name
        settings = {"rules": preset, "target": rules.target, "level": level}
        self._rules_first: ecarte.EcarteRules | None = rules
        self.controller = Controller(
            self, seat=seat, seed=seed, delay=delay, computers=(1 - seat,), settings=settings,
            options={"rules": tuple(PRESETS) + (("custom",) if self._custom is not None else ()),
                     "target": tuple(sorted(set(TARGETS) | {rules.target})),
                     "level": LEVELS}, stacked=deck is not None, task=task)
        self._keep_in(store, "ecarte")
        self._offer_classmates(store, classmates)
        self.controller.start()

    # -- hooks for the controller ------------------------------------------------------------------
    def new_state(self, settings: dict[str, Any], seed: int | None) -> GameState:
        self._mate_left()
        first, self._first = self._first, {}
        rules = self._rules_first
        self._rules_first = None
        if rules is None and settings["rules"] == "custom" and self._custom is not None:
            rules = dataclasses.replace(self._custom, target=int(settings["target"]))
        elif rules is None:
            rules = PRESETS[settings["rules"]](target=int(settings["target"]))
        seat = self.controller.seat
        names = self._seat_names(2, seat, {})     # (a classmate's name is gone)
        state = ecarte.new_game(rules, seed=seed, deck=first.get("deck"), dealer=first.get("dealer"),
                                names=names)
        self.pause = None
        self._hand_shown = None
        self._stored_dealt(state)
        return state

    def _seat_names(self, n: int, seat: int, people: Mapping[int, str]) -> list[str]:
        """"You" at ``seat``, the classmate or "Computer" at the other (kept: ``_names``)."""
        self._names = (N_("You"), people.get(1 - seat) or N_("Computer"))
        return list(self._names if seat == 0 else self._names[::-1])

    def _resumed_hand(self, state: Any) -> None:
        """A match resumed before any move of its latest hand pauses on the hand before it."""
        obs = state.observation(self.controller.seat)
        fresh = obs.hand_number > 1 and not any(
            e.kind in MOVES for e in _hand_events(list(obs.events), obs.hand_number))
        self.pause, self._hand_shown = None, obs.hand_number - 1 if fresh else None

    def computer_player(self, seat: int, settings: dict[str, Any], seed: int | None) -> Player[Any]:
        """The computer at ``seat``, of the level chosen in ``settings``."""
        return ecarte.computer_player(settings["level"], seed=seed)

    def restore_deal(self) -> None:
        """Put the stacked deal and the first rules back for the next ``new_state``."""
        self._first, self._rules_first = dict(self._deal[0]), self._deal[1]

    def after_move(self) -> None:
        """A trick just finished and the computer leads the next: it waits :data:`TRICK_HOLD`
        seconds (or the Pause, if longer), so that the finished trick can be read; the move is
        stored (:class:`~cardkit_tables.resume.Resumable`)."""
        super().after_move()
        obs = self.controller.observation()
        if (obs.phase == "play" and not obs.is_over and not obs.trick and obs.last_trick
                and obs.current_player in self.controller.players):
            self.controller.linger = max(self.controller.linger, TRICK_HOLD)

    def computer_may_move(self) -> bool:
        """Not while the table pauses on a finished hand."""
        return self.pause is None

    def why_not_now(self, obs: Observation) -> str | None:
        """A pause between hands, the game over, the other side's turn, or a classmate still
        to sit down (else ``None``)."""
        if self._mate_why_not() or self.pause is not None:
            return self._mate_why_not() or _("This hand is over: press Next hand.")
        if obs.is_over:
            return _("The game is over: press New game to play again.")
        if obs.current_player != self.controller.seat:
            return _("Wait: it is {who}'s turn.").format(who=shown_name(self._names[1]))
        return None

    def on_table_action(self, name: str) -> bool:
        """"Next hand": leave the finished hand's summary for the next deal."""
        if name != NEXT_HAND:
            return False
        if self.pause is None:
            self.controller.refuse(_("There is no finished hand to leave: carry on playing."))
            return True
        self.pause = None
        self._hand_shown = self._observation().hand_number
        self.controller.advanced()
        return True

    def _observation(self) -> EcarteObservation:
        """The person's observation at this position (the controller's, built once)."""
        obs = self.controller.observation()
        assert isinstance(obs, EcarteObservation)
        return obs

    def _hint_now(self, obs: EcarteObservation) -> str | None:
        """The advisor's line when asked for (``hint``) and it is the person's turn in a hand,
        never while a task holds it back; the advisor thinks once per position."""
        c = self.controller
        if not (self.prefs.get("hint") and self.pause is None and obs.current_player == c.seat
                and c.task_mode is None):
            return None
        if self._hint[0] != c.pos:
            self._hint = (c.pos, _advice(obs))
        return self._hint[1]

    def draw(self) -> None:
        """Set ``view`` from the person's observation (:func:`ecarte_view`) and the table's
        own parts; a new hand dealt holds the table on the finished one until "Next hand"."""
        c = self.controller
        obs = self._observation()
        hand_no = obs.hand_number
        if self._hand_shown is None:
            self._hand_shown = hand_no
        if hand_no != self._hand_shown and self.pause is None and not obs.is_over:
            self.pause = _hand_end(obs)                   # hold the table on the finished hand
        names = (shown_name(self._names[0]), shown_name(self._names[1]))
        view = ecarte_view(obs, names=names, pause=self.pause, hint=self._hint_now(obs),
                           task=c.task_mode, refusal=c.refusal)
        said = view.pop("what_now")
        view.update(self._common_view(said["text"], said["tone"], news=said.get("news")))
        rules_label = _("Rules: {label}").format(label=_(obs.rules.label))
        view["badges"] = [rules_label] + ([] if self._mate else [
            _("computer: {level}").format(level=_(c.settings["level"]))])
        view["settings"] = [
            self._setting("rules", _("Rules"), [(k, _(make().label)) for k, make in PRESETS.items()]
                          + ([("custom", self._custom.label)] if self._custom is not None else [])),
            self._setting("target", _("Game to"), [(t, str(t)) for t in c.options["target"]]),
            self._setting("level", _("Computer"), [(lv, _(lv)) for lv in c.options["level"]]),
        ]
        view["pending_note"] = (_("Your new settings start with the next game: press New game.")
                                if c.pending else "")
        view["toggles"] = self._toggles(("hint", _("Show advice")))
        view["speed"] = self._speed()
        view["prefs"] = dict(self.prefs)
        self._stored_draw(view)
        self._mate_draw(view)
        self.view = view

    def _repr_args(self) -> str:
        s = self.controller.settings
        return f"seat={self.controller.seat}, rules={s['rules']!r}, target={s['target']}"


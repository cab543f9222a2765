"""The Écarté card table: a person plays a match against the computer (RULES.md §3).

``EcarteTable(rules=None, *, seed=None, seat=0, level="easy", delay=0.6, deck=None, dealer=None,
narrow=False, animate=True, four_colour=False, hint=False, task=None)`` is one anywidget model (see
:mod:`cardkit_tables.cardtable`). It reads only ``state.observation(seat)`` — turned into the
page's JSON by the one function :func:`ecarte_view` — and changes the game only through
``ecarte.new_game`` and ``state.apply``, via the shared
:class:`~cardkit_tables.controller.Controller`.

The page draws a felt table: the computer's hand (backs) across, the stock, the turn-up and a
trumps badge on the left of the middle, the trick in the middle (each card in front of its
player), the last trick beside it, your hand at the bottom (sorted: suits together, colours
alternating, K Q J A 10 9 8 7), then "What now" and the buttons that apply now. After each hand
the table pauses on that hand's last trick and result until "Next hand". On a stacked deal
(``deck=``) the table has "Deal this again" and may carry a lesson's
:class:`~cardkit_tables.task.Task`.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from cardkit import ecarte
from cardkit.cards import Card
from cardkit.core import Action
from cardkit.i18n import _, ngettext

from .cardtable import CardTable, bundle, card_json, sort_hand
from .controller import Controller

__all__ = ["EcarteTable", "ecarte_view"]

PRESETS = {"standard": ecarte.EcarteRules.standard, "classic": ecarte.EcarteRules.classic}
TARGETS = (5, 7, 10)
NEXT_HAND = "next hand"


def _levels() -> tuple[str, ...]:
    """The computer levels that exist: "easy", and "medium"/"hard" once the strong player is in."""
    try:
        from cardkit.ecarte import ai as ecarte_ai
    except ImportError:
        return ("easy",)
    offered = set(getattr(ecarte_ai, "LEVELS", ("medium", "hard"))) | {"easy"}
    return tuple(lv for lv in ("easy", "medium", "hard") if lv in offered)


def _advice(obs: Any) -> str | None:
    """The advisor's one line for ``obs``, when the advisor exists."""
    try:
        from cardkit.ecarte.ai import advice
    except ImportError:
        return None
    a = advice(obs)
    if isinstance(a, dict):
        return a.get("text") or None
    return None if a is None else str(a)


def _o(obs: Any, key: str, default: Any = None) -> Any:
    return obs.get(key, default) if isinstance(obs, dict) else getattr(obs, key, default)


def _reason(obs: Any, card: Card) -> str:
    """Why ``card`` may not be played now: the game's own refusal for this seat, in plain words
    (for the card's accessible name and tooltip)."""
    refusal = obs.refusal(Action("play", (card,))) if hasattr(obs, "refusal") else None
    if refusal is not None:
        return str(refusal)
    return _("the rules forbid it now")


def _hand_end(obs: Any) -> Any:
    """The last ``hand_end`` event the seat saw (the finished hand's summary), or ``None``."""
    for e in reversed(_o(obs, "events") or ()):
        if e.kind == "hand_end":
            return e
    return None


def _position(obs: Any, pause: Any) -> dict:
    """What the table shows of the hand: the current one, or the finished hand's summary while
    pausing between hands (then no cards in hand, no stock)."""
    if pause is not None:
        summary = pause.data
        return {"trump": summary["turn_up"].suit, "hand": [], "their_count": 0, "stock": None,
                "turn_up": summary["turn_up"], "tricks": summary["tricks"], "scores": summary["scores"],
                "dealer": summary["dealer"], "trick": [], "last": [tuple(x) for x in summary["last_trick"]],
                "last_winner": summary["last_trick_winner"], "hand_no": summary["hand"]}
    trump = _o(obs, "trump")
    return {"trump": trump, "hand": sort_hand(_o(obs, "hand"), ecarte.rank_strength, trump),
            "their_count": _o(obs, "card_counts")[1 - _o(obs, "seat")], "stock": _o(obs, "stock_count"),
            "turn_up": _o(obs, "turn_up"), "tricks": _o(obs, "tricks"), "scores": _o(obs, "scores"),
            "dealer": _o(obs, "dealer"), "trick": list(_o(obs, "trick")), "last": list(_o(obs, "last_trick")),
            "last_winner": _o(obs, "last_trick_winner"), "hand_no": _o(obs, "hand_number")}


def _mode(obs: Any, pause: Any, mine: bool) -> str:
    """between (pausing after a hand), over, select (discarding), play, decide (stand/propose/
    accept/refuse) or wait."""
    phase = _o(obs, "phase")
    if pause is not None:
        return "between"
    if _o(obs, "is_over"):
        return "over"
    if not mine:
        return "wait"
    return {"exchange": "select", "play": "play"}.get(phase, "decide")


def _hand_view(obs: Any, cards: list, mode: str) -> list:
    """The person's hand, each card playable, selectable, or idle with the reason."""
    trump = _o(obs, "trump")
    playable = set(_o(obs, "playable") or []) if mode == "play" else set()
    hand = []
    for c in cards:
        extra: dict[str, Any] = {"trump": c.suit == trump}
        if mode == "play":
            extra["playable"] = c in playable
            if c not in playable:
                extra["reason"] = _reason(obs, c)
        elif mode == "select":
            extra["playable"] = True
        else:                                   # nothing to do with a card now: not "not allowed"
            extra["idle"] = True
            extra["reason"] = (_("first decide about the exchange") if mode == "decide"
                               else _("wait for your turn"))
        hand.append(card_json(c, action=f"play {c.code}", **extra))
    return hand


def _trick_cards(pairs, me: int, trump: Any) -> dict:
    """``(player, card)`` pairs → ``{"you"/"them": card}``."""
    return {("you" if p == me else "them"): card_json(c, trump=c.suit == trump) for p, c in pairs}


def _last_trick(last: list, winner: int | None, me: int, trump: Any,
                names: tuple[str, str]) -> dict | None:
    """The last trick, who took it (``winner``: the observation's ``last_trick_winner``, or the
    paused hand's) and its label; ``None`` before the first trick."""
    if not last or winner is None:
        return None
    return {"cards": _trick_cards(last, me, trump), "winner": "you" if winner == me else "them",
            "label": (_("Last trick: you took it") if winner == me else
                      _("Last trick: {who} took it").format(who=names[1]))}


def _decide_buttons(obs: Any, kinds: list) -> list:
    """Stand (play as dealt / play these cards), propose, accept (new cards), refuse (play as
    dealt) — those legal now, named as RULES.md §3.2 names them."""
    actions = []
    if "stand" in kinds:
        actions.append({"id": "stand", "action": "stand", "primary": False,
                        "label": (_("Stand (play these cards)") if _o(obs, "proposals")
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


def _select_buttons(stock: Any, legal: list) -> tuple[list, int]:
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


def _buttons(obs: Any, mode: str, legal: list, stock: Any) -> tuple[list, int]:
    """The buttons that apply now, and how many cards may be selected (0 unless discarding)."""
    kinds = [a.kind for a in legal]
    if mode == "between":
        return [{"id": "next", "label": _("Next hand"), "action": NEXT_HAND, "primary": True}], 0
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


def _news(obs: Any, pause: Any) -> tuple[str, str] | None:
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
    events = list(_o(obs, "events") or ())
    if pause is not None or _o(obs, "is_over"):
        return _hand_news(events, pause)
    return _play_news(events, _o(obs, "seat"))


def _hand_news(events: list, pause: Any) -> tuple[str, str] | None:
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


def _play_news(events: list, me: int) -> tuple[str, str] | None:
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


def _what_now_view(obs: Any, mode: str, pause: Any) -> dict:
    """The prompt, and (``news``) what just happened that the table does not show (:func:`_news`)."""
    news = _news(obs, pause)
    if mode == "between":
        return {"text": pause.explain() + " " + _("Press Next hand to deal again."), "tone": "done",
                "news": news}
    text = _o(obs, "what_now")
    if mode == "over":
        return {"text": text + " " + _("Press New game to play again."), "tone": "done", "news": news}
    return {"text": text, "tone": "info", "news": news}


def _log_view(obs: Any, pause: Any = None) -> list:
    """The last 80 events, numbered from the game's first, newest first; while the table pauses
    on a finished hand, none of the next deal's (its turn-up, a king scored) before Next hand."""
    events = list(_o(obs, "events") or ())
    if pause is not None:
        ends = [i for i, e in enumerate(events) if e.kind == "hand_end"]
        if ends:
            events = events[:ends[-1] + 1]
    first = max(0, len(events) - 80)
    log = [e.explain() for e in events[first:]]
    return [{"n": first + i + 1, "text": t} for i, t in enumerate(log)][::-1]


def _players_view(me: int, pos: dict, names: tuple[str, str]) -> dict:
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


def _middle_view(me: int, pos: dict, pause: Any, names: tuple[str, str], over: bool = False) -> dict:
    """The middle of the table: stock, turn-up, trumps badge, the trick and the last trick
    (``over``: the game is over, so no trick is coming)."""
    stock, trump_now, trick, hand_no = pos["stock"], pos["trump"], pos["trick"], pos["hand_no"]
    trick_no = min(5, sum(pos["tricks"]) + (1 if trick or pause is None else 0))
    if pause is not None:
        trick_label = _("Hand {n} is over").format(n=hand_no)
    elif over and not trick:
        trick_label = _("The game is over")
    else:
        trick_label = _("Trick {n}").format(n=trick_no)
    return {
        "stock": None if stock is None else {
            "count": stock, "label": _("Stock"),
            "count_label": ngettext("{n} card", "{n} cards", stock).format(n=stock)},
        "turn_up": card_json(pos["turn_up"], trump=True), "turn_up_label": _("Turn-up"),
        "trump": {"suit": trump_now.letter, "symbol": trump_now.symbol,
                  "label": _("Trumps: {suit}").format(suit=_(trump_now.word))},
        "trick": {"label": trick_label, "cards": _trick_cards(trick, me, trump_now),
                  "lead": ("you" if trick[0][0] == me else "them") if trick else None, "count": len(trick)},
        "last_trick": _last_trick(pos["last"], pos["last_winner"], me, trump_now, names),
    }


def ecarte_view(obs: Any, *, names: tuple[str, str], pause: dict | None = None,
                hint: str | None = None) -> dict:
    """The page's JSON for one Écarté observation (the only place the table reads it).

    ``obs``: ``state.observation(seat)`` (an :class:`cardkit.ecarte.EcarteObservation`);
    ``names``: (you, opponent) as shown; ``pause``: the finished hand's ``hand_end`` event while
    the table pauses between hands, else ``None``; ``hint``: the advisor's line, if asked for.
    Returns plain JSON values only: what the seat may see, never the opponent's cards or the stock.
    """
    me = _o(obs, "seat")
    mine = _o(obs, "current_player") == me and pause is None and not _o(obs, "is_over")
    legal = list(_o(obs, "legal_actions") or []) if mine else []
    pos = _position(obs, pause)
    mode = _mode(obs, pause, mine)
    actions, select_max = _buttons(obs, mode, legal, pos["stock"])
    return {
        "game": "ecarte",
        "title": _("Écarté"),
        "subtitle": _("hand {n}").format(n=pos["hand_no"]),
        "mode": mode,
        **_players_view(me, pos, names),
        "score_label": _("Score"), "target_label": _("game to {n}").format(n=_o(obs, "target")),
        "tricks_label": _("tricks"),
        **_middle_view(me, pos, pause, names, over=mode == "over"),
        "last_trick_empty": _("No trick played yet"),
        "hand": _hand_view(obs, pos["hand"], mode), "hand_label": _("Your hand"),
        "select_max": select_max,
        "actions": actions,
        "hint": hint,
        "what_now": _what_now_view(obs, mode, pause),
        "log": _log_view(obs, pause),
    }


class EcarteTable(CardTable):
    """Play Écarté against the computer (RULES.md §3), one match to ``rules.target`` points.

    Parameters: ``rules`` (an :class:`cardkit.ecarte.EcarteRules`, default standard); ``seed``
    (seeds the deals and the computer; game ``k`` uses ``seed + k``); ``seat`` (0 or 1: the
    person's seat); ``level`` (the computer's level, one of the levels offered); ``delay`` (seconds
    before each of the computer's moves, 0 in tests); ``deck`` and ``dealer`` (a stacked first
    hand, as in :func:`cardkit.ecarte.new_game`); ``narrow`` (force the one-column phone layout);
    ``animate`` (short card movements; off: none), ``four_colour`` (♦ blue, ♣ green), ``hint``
    (show the advisor's line, when the advisor exists); ``task`` (a
    :class:`~cardkit_tables.task.Task` on the stacked ``deck``: "predict, then see").

    Raises ``ValueError`` for a seat other than 0 or 1, a level not offered, or a task without a
    stacked deck or whose moves or answers do not fit it.
    """

    live_note_what = "An Écarté table"

    _esm = bundle("table.js", "ecarte.js")
    _css = bundle("table.css")

    def __init__(self, rules: ecarte.EcarteRules | None = None, *, seed: int | None = None,
                 seat: int = 0, level: str = "easy", delay: float = 0.6, deck=None,
                 dealer: int | None = None, narrow: bool = False, animate: bool = True,
                 four_colour: bool = False, hint: bool = False, task=None, **kwargs: Any):
        if seat not in (0, 1):
            raise ValueError("Écarté has two seats: seat is 0 or 1")
        if delay < 0:
            raise ValueError("delay is a number of seconds, 0 or more")
        levels = _levels()
        if level not in levels:
            raise ValueError(f"level must be one of {levels}, not {level!r}")
        super().__init__(animate=animate, four_colour=four_colour, **kwargs)
        self.prefs["hint"] = bool(hint)
        self.prefs["narrow"] = bool(narrow)
        rules = rules or ecarte.EcarteRules.standard()
        self._first = {"deck": deck, "dealer": dealer}
        self._deal = (dict(self._first), rules)
        self._names = (_("You"), _("Computer"))
        self.pause: dict | None = None
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
                     "level": levels}, stacked=deck is not None, task=task)
        self.controller.start()

    # -- hooks for the controller ------------------------------------------------------------------
    def new_state(self, settings: dict, seed: int | None):
        first, self._first = self._first, {}
        rules = self._rules_first
        self._rules_first = None
        if rules is None and settings["rules"] == "custom" and self._custom is not None:
            rules = dataclasses.replace(self._custom, target=int(settings["target"]))
        elif rules is None:
            rules = PRESETS[settings["rules"]](target=int(settings["target"]))
        seat = self.controller.seat
        names = self._names if seat == 0 else self._names[::-1]
        state = ecarte.new_game(rules, seed=seed, deck=first.get("deck"), dealer=first.get("dealer"),
                                names=names)
        self.pause = None
        self._hand_shown = None
        return state

    def computer_player(self, seat: int, settings: dict, seed: int | None):
        return ecarte.computer_player(settings["level"], seed=seed)

    def restore_deal(self) -> None:
        """Put the stacked deal and the first rules back for the next ``new_state``."""
        self._first, self._rules_first = dict(self._deal[0]), self._deal[1]

    def computer_may_move(self) -> bool:
        return self.pause is None

    def why_not_now(self, obs: Any, action: Any = None) -> str | None:
        if self.pause is not None:
            return _("This hand is over: press Next hand.")
        if _o(obs, "is_over"):
            return _("The game is over: press New game to play again.")
        if _o(obs, "current_player") != self.controller.seat:
            return _("Wait: it is {who}'s turn.").format(who=self._names[1])
        return None

    def on_table_action(self, name: str) -> bool:
        if name != NEXT_HAND:
            return False
        if self.pause is None:
            self.controller.refuse(_("There is no finished hand to leave: carry on playing."))
            return True
        self.pause = None
        self._hand_shown = _o(self.controller.observation(), "hand_number")
        self.controller.advanced()
        return True

    def draw(self) -> None:
        c = self.controller
        obs = c.observation()
        hand_no = _o(obs, "hand_number")
        if self._hand_shown is None:
            self._hand_shown = hand_no
        if hand_no != self._hand_shown and self.pause is None and not _o(obs, "is_over"):
            self.pause = _hand_end(obs)                   # hold the table on the finished hand
        hint = None
        if (self.prefs.get("hint") and self.pause is None and _o(obs, "current_player") == c.seat
                and not c.task_quiet):
            if self._hint[0] != c.pos:                      # the advisor thinks once per position
                self._hint = (c.pos, _advice(obs))
            hint = self._hint[1]
        view = ecarte_view(obs, names=self._names, pause=self.pause, hint=hint)
        said = view.pop("what_now")
        view.update(self._common_view(said["text"], said["tone"], news=said.get("news")))
        rules_label = _("Rules: {label}").format(label=_(obs.rules.label))
        view["badges"] = [rules_label, _("computer: {level}").format(level=_(c.settings["level"]))]
        view["settings"] = [
            self._setting("rules", _("Rules"), [(k, _(make().label)) for k, make in PRESETS.items()]
                          + ([("custom", self._custom.label)] if self._custom is not None else [])),
            self._setting("target", _("Game to"), [(t, str(t)) for t in c.options["target"]]),
            self._setting("level", _("Computer"), [(lv, _(lv)) for lv in c.options["level"]]),
        ]
        view["pending_note"] = (_("Your new settings start with the next game: press New game.")
                                if c.pending else "")
        view["toggles"] = self._toggles(*([("hint", _("Show advice"))] if _advice_exists() else []))
        view["speed"] = self._speed()
        view["prefs"] = dict(self.prefs)
        self.view = self._task_view(view)

    def _repr_args(self) -> str:
        s = self.controller.settings
        return f"seat={self.controller.seat}, rules={s['rules']!r}, target={s['target']}"


def _advice_exists() -> bool:
    try:
        from cardkit.ecarte.ai import advice  # noqa: F401
    except ImportError:
        return False
    return True

"""The Switch card table: a person plays against 1–5 computers (RULES.md §2).

``SwitchTable(rules=None, *, players=None, seed=None, seat=0, level="easy", delay=0.8,
beginner=False, deck=None, hands=None, dealer=None, forget_rate=None, catch_rate=None,
narrow=False, animate=True, four_colour=False, task=None)`` is one anywidget model (see
:mod:`cardkit_tables.cardtable`). It reads only ``state.observation(seat)`` — with
``reveal=True`` only while **beginner mode** is on (the opponents' hands and the stock, face up) —
turned into the page's JSON by the one function :func:`switch_view`, and changes the game only
through ``switch.new_game`` and ``state.apply``, via the shared
:class:`~cardkit_tables.controller.Controller`.

The history keeps every card once played face up (it is public for ever); only where a hidden
card is now stays hidden. "Last card!" and "Caught you!" are always in the same place and enabled
only while they apply (RULES.md §2: the call from just before your play until the next player
acts; the challenge by the next player before acting — a wrong one costs nothing, so the button
gives nothing away).
"""
from __future__ import annotations

from typing import Any

from cardkit import switch
from cardkit.cards import SUITS, Card
from cardkit.core import Action
from cardkit.i18n import _, ngettext

from .cardtable import CardTable, bundle, card_json, sort_hand
from .controller import Controller

__all__ = ["SwitchTable", "switch_view"]

COMPUTER_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve")
MAX_BACKS = 16
LAST_CARD, CHALLENGE = "last card", "challenge"


def _o(obs: Any, key: str, default: Any = None) -> Any:
    """A field of the observation (a frozen observation, or the older dict)."""
    if isinstance(obs, dict):
        return obs.get(key, default)
    try:
        return obs[key]
    except (KeyError, AttributeError, TypeError):
        return getattr(obs, key, default)


def _strength(card: Card) -> int:
    return int(card.rank)


def _counts(obs: Any) -> list[int]:
    c = _o(obs, "card_counts")
    return list(c if c is not None else _o(obs, "hand_counts"))


def _refusal(obs: Any, action: Action) -> str:
    if hasattr(obs, "refusal"):
        r = obs.refusal(action)
        return "" if r is None else str(r)
    return switch.refusal(obs, action)


def _what_now(obs: Any) -> str:
    text = _o(obs, "what_now")
    return text if isinstance(text, str) and text else switch.what_now(obs)


def _log(obs: Any) -> list[str]:
    events = _o(obs, "events")
    if events is not None and not isinstance(events, str):
        return [e.explain() for e in events]
    return [line[:1].upper() + line[1:] for line in (_o(obs, "log") or [])]


def _cards_label(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _opponents(obs: Any, reveal: bool) -> list:
    """The opponents' seats, in play order after the person: name, turn, count (backs, or the
    faces in beginner mode), missed turns and the "Last card!" bubble."""
    me, n = _o(obs, "seat"), _o(obs, "players")
    names, cur = list(_o(obs, "names")), _o(obs, "current_player")
    counts = _counts(obs)
    called = set(_o(obs, "last_card_called") or ())
    hands = _o(obs, "hands") if reveal else None
    skips = list(_o(obs, "skips_owed") or [0] * n)
    opponents = []
    for p in [(me + k) % n for k in range(1, n)]:
        c = counts[p]
        extra = (ngettext("misses {n} more turn", "misses {n} more turns", skips[p]).format(n=skips[p])
                 if skips[p] else "")
        opponents.append({
            "seat": p, "name": names[p], "turn": cur == p, "count": c,
            "count_label": _cards_label(c),
            "extra": extra, "bubble": _("Last card!") if p in called else "",
            "backs": 0 if hands is not None else min(c, MAX_BACKS),
            "more": f"+{c - MAX_BACKS}" if hands is None and c > MAX_BACKS else "",
            "faces": [card_json(x) for x in hands[p]] if hands is not None else [],
        })
    return opponents


def _hand(obs: Any, mine: bool, legal: list) -> list:
    """The person's hand, sorted, each card playable or with the reason it is not."""
    phase = _o(obs, "phase")
    plays = {a.cards[0] for a in legal if a.kind == "play"} if mine else set()
    hand = []
    for c in sort_hand(_o(obs, "hand"), _strength):
        if mine and phase in ("play", "drawn"):
            ok = c in plays
            extra: dict[str, Any] = {"playable": ok}
            if not ok:
                extra["reason"] = _refusal(obs, Action("play", (c,)))
        else:
            extra = {"idle": True, "playable": False,
                     "reason": _("choose a suit first") if mine and phase == "choose" else _("wait for your turn")}
        hand.append(card_json(c, action=f"play {c.code}", **extra))
    return hand


def _badges(obs: Any) -> list:
    """The status badges: the suit named, and the penalty pending with whom it is for."""
    named = _o(obs, "named_suit")
    pending = _o(obs, "pending")
    cur = _o(obs, "current_player")
    badges = []
    if named is not None:
        badges.append({"text": _("Suit named: {suit}").format(suit=_(named.word)), "suit": named.letter,
                       "symbol": named.symbol})
    if pending is not None:
        who = list(_o(obs, "names"))[cur] if cur is not None else ""
        badges.append({"text": _("Pending: {what} — for {who}").format(what=pending.describe(), who=who),
                       "suit": None, "symbol": "⚠"})
    return badges


def _turn_buttons(obs: Any, mine: bool, kinds: set) -> tuple[list, list]:
    """Draw / Pass, and the suit choices after a suit-changing card (only on the person's turn)."""
    actions = []
    if mine and "draw" in kinds:
        actions.append({"id": "draw", "label": _("Draw"), "action": "draw", "primary": False})
    if mine and "pass" in kinds:
        actions.append({"id": "pass", "label": _("Pass"), "action": "pass", "primary": False})
    suits = []
    if mine and _o(obs, "phase") == "choose":
        suits = [{"id": "choose-" + s.word, "label": f"{s.symbol} {_(s.word)}", "suit": s.letter,
                  "action": f"choose {s.word}"} for s in SUITS]
    return actions, suits


def _calls(legal: list, over: bool) -> list:
    """"Last card!" and "Caught you!": always there, enabled only while they apply."""
    can_call = any(a.kind == "last card" for a in legal)
    can_catch = any(a.kind == "challenge" for a in legal)
    return [
        {"id": "last", "label": _("Last card!"), "action": LAST_CARD, "primary": False,
         "enabled": can_call and not over,
         "reason": None if can_call else _("only just before or after the play that leaves you one card")},
        {"id": "catch", "label": _("Caught you!"), "action": CHALLENGE, "primary": False,
         "enabled": can_catch and not over,
         "reason": None if can_catch else _("only right after the player before you is down to one card")},
    ]


def _what_now_text(obs: Any, caught: tuple[str, ...], over: bool) -> str:
    text = " ".join([*list(caught), _what_now(obs)])
    if over and "New game" not in text:
        text += " " + _("Press New game to play again.")
    return text


def _piles(obs: Any, reveal: bool, can_draw: bool) -> tuple[dict, dict]:
    """The stock (faces in beginner mode) and the discard pile's top card."""
    stock_count = _o(obs, "stock_count")
    top = _o(obs, "top")
    discard = _o(obs, "discard") or []
    stock = {"count": stock_count, "label": _("Stock"),
             "count_label": _cards_label(stock_count),
             "draw": can_draw,
             "faces": [card_json(x) for x in (_o(obs, "stock") or [])] if reveal else []}
    pile = {"top": None if top is None else card_json(top), "label": _("Discard pile"),
            "count_label": _cards_label(len(discard))}
    return stock, pile


def switch_view(obs: Any, *, reveal: bool = False, caught: tuple[str, ...] = ()) -> dict:
    """The page's JSON for one Switch observation (the only place the table reads it).

    ``obs``: ``state.observation(seat, reveal=reveal)``; ``reveal``: beginner mode (the
    opponents' hands and the stock are in ``obs`` face up and drawn so); ``caught``: sentences of
    computers catching you since your last move, put first in "What now". Plain JSON values only.
    """
    me = _o(obs, "seat")
    n = _o(obs, "players")
    over = bool(_o(obs, "is_over"))
    legal = list(_o(obs, "legal_actions") or [])
    kinds = {a.kind for a in legal}
    mine = _o(obs, "current_player") == me and not over
    hand = _hand(obs, mine, legal)
    actions, suits = _turn_buttons(obs, mine, kinds)
    stock, discard = _piles(obs, reveal, mine and "draw" in kinds)
    log = _log(obs)
    return {
        "game": "switch",
        "title": _("Switch"),
        "subtitle": ngettext("you vs {n} computer", "you vs {n} computers", n - 1).format(n=n - 1),
        "mode": "over" if over else ("play" if mine else "wait"),
        "opponents": _opponents(obs, reveal),
        "stock": stock,
        "discard": discard,
        "status": _badges(obs),
        "hand": hand,
        "hand_label": _("Your hand"),
        "hand_count": _cards_label(len(hand)),
        "you_called": me in set(_o(obs, "last_card_called") or ()),
        "bubble": _("Last card!"),
        "actions": actions, "suits": suits, "calls": _calls(legal, over),
        "what_now": {"text": _what_now_text(obs, caught, over), "tone": "done" if over else "info"},
        "log": [{"n": i + 1, "text": t} for i, t in enumerate(log)][::-1][:120],
    }


class SwitchTable(CardTable):
    """Play Switch against the computer (RULES.md §2): you and 1–5 computer players.

    Parameters: ``rules`` (a :class:`cardkit.switch.SwitchRules`; ``players`` overrides its
    player count); ``seed`` (game ``k`` uses ``seed + k``); ``seat``; ``level`` (``"easy"`` or
    ``"hard"``); ``delay`` (seconds between computer moves; 0 in tests); ``beginner`` (start in
    beginner mode: the opponents' hands and the stock face up); ``deck``, ``hands``, ``dealer`` (a
    stacked first game, as in :func:`cardkit.switch.new_game`); ``forget_rate`` / ``catch_rate``
    (the computers' chance of forgetting "last card" and of catching you); ``narrow``,
    ``animate``, ``four_colour``; ``task`` (a :class:`~cardkit_tables.task.Task` on the stacked
    deal: "predict, then see"). A stacked deal (``deck``/``hands``) has "Deal this again".

    Raises ``ValueError`` for a seat not in the game, a negative delay, or a task without a
    stacked deal or whose moves or answers do not fit it.
    """

    live_note_what = "A Switch table"

    _esm = bundle("switch.bundle.js")
    _css = bundle("table.css")

    def __init__(self, rules: switch.SwitchRules | None = None, *, players: int | None = None,
                 seed: int | None = None, seat: int = 0, level: str = "easy", delay: float = 0.8,
                 beginner: bool = False, deck=None, hands=None, dealer: int | None = None,
                 forget_rate: float | None = None, catch_rate: float | None = None,
                 narrow: bool = False, animate: bool = True, four_colour: bool = False,
                 task=None, **kwargs: Any):
        rules = rules or switch.SwitchRules()
        if players is None and hands is not None:
            players = len(hands)
        if players is not None:
            rules = switch.SwitchRules(**{**rules.__dict__, "players": players})
        if not 0 <= seat < rules.players:
            raise ValueError(_("seat must be 0..{m}").format(m=rules.players - 1))
        if delay < 0:
            raise ValueError("delay is a number of seconds, 0 or more")
        super().__init__(animate=animate, four_colour=four_colour, **kwargs)
        self.prefs["narrow"] = bool(narrow)
        self.prefs["beginner"] = bool(beginner)
        self._rules = rules
        self._first = {"deck": deck, "hands": hands, "dealer": dealer}
        self._deal = (dict(self._first), rules)
        self._computer_options = {k: v for k, v in {"forget_rate": forget_rate,
                                                     "catch_rate": catch_rate}.items() if v is not None}
        self._mark = 0
        self.controller = Controller(
            self, seat=seat, seed=seed, delay=delay,
            computers=tuple(p for p in range(rules.players) if p != seat),
            settings={"players": rules.players, "level": level if level in ("easy", "hard") else "easy"},
            options={"players": (2, 3, 4, 5, 6), "level": ("easy", "hard")},
            stacked=deck is not None or hands is not None, task=task)
        self.controller.start()

    # -- hooks for the controller ------------------------------------------------------------------
    def _names(self, n: int) -> list[str]:
        others = iter(COMPUTER_NAMES)
        return [_("you") if s == self.controller.seat else next(others) for s in range(n)]

    def new_state(self, settings: dict, seed: int | None):
        first, self._first = self._first, {}
        c = self.controller
        rules = switch.SwitchRules(**{**self._rules.__dict__, "players": int(settings["players"])})
        if c.seat >= rules.players:
            raise ValueError("the person's seat is not in this game")
        self._rules = rules
        c.computers = tuple(p for p in range(rules.players) if p != c.seat)
        self._mark = 0
        return switch.new_game(rules, seed=seed, deck=first.get("deck"), hands=first.get("hands"),
                               dealer=first.get("dealer"), names=self._names(rules.players))

    def computer_player(self, seat: int, settings: dict, seed: int | None):
        return switch.computer_player(settings["level"], seed=None if seed is None else seed * 31 + seat,
                                      **self._computer_options)

    def computer_may_move(self) -> bool:
        return True

    def restore_deal(self) -> None:
        """Put the stacked deal and the first rules back for the next ``new_state``."""
        self._first, self._rules = dict(self._deal[0]), self._deal[1]

    def why_not_now(self, obs: Any, action: Any = None) -> str | None:
        if _o(obs, "is_over"):
            return _("The game is over: press New game to play again.")
        try:
            act = action if isinstance(action, Action) else Action.parse(str(action))
        except ValueError:
            return _("That is not a move on this table.")
        if act in list(_o(obs, "legal_actions") or []):
            return None
        # the engine's refusal alone: the What now line follows it on the page already
        return _refusal(obs, act) or _("Wait: it is not your turn.")

    def on_table_action(self, name: str) -> bool:
        return False

    def after_move(self) -> None:
        pass

    def act(self, action: Any) -> bool:
        self._mark = len(_log(self.controller.observation()))
        return super().act(action)

    def send_from_page(self, content: Any) -> None:
        """As :meth:`CardTable.send_from_page`; ``{"do": "pref", "name": "beginner", "value":
        bool}`` switches beginner mode."""
        if isinstance(content, dict) and content.get("do") == "act":
            self._mark = len(_log(self.controller.observation()))
        super().send_from_page(content)

    def draw(self) -> None:
        c = self.controller
        reveal = bool(self.prefs.get("beginner"))
        obs = c.state.observation(c.seat, reveal=True) if reveal else c.observation()
        caught = tuple(line for line in _log(obs)[self._mark:]
                       if "caught you" in line.lower())
        view = switch_view(obs, reveal=reveal, caught=caught)
        said = view.pop("what_now")
        view.update(self._common_view(said["text"], said["tone"]))
        view["badges"] = [_("computer: {level}").format(level=_(c.settings["level"]))]
        view["settings"] = [
            self._setting("players", _("Players"),
                          [(k, ngettext("you vs {n} computer", "you vs {n} computers", k - 1).format(n=k - 1))
                           for k in (2, 3, 4, 5, 6)]),
            self._setting("level", _("Computer"), [("easy", _("easy")), ("hard", _("hard"))]),
        ]
        view["pending_note"] = (_("Your new settings start with the next game: press New game.")
                                if c.pending else "")
        view["toggles"] = self._toggles(("beginner", _("Beginner mode (show every card)")))
        view["speed"] = self._speed()
        view["prefs"] = dict(self.prefs)
        self.view = self._task_view(view)

    def _repr_args(self) -> str:
        return f"players={self._rules.players}, seat={self.controller.seat}"


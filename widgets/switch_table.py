"""The Switch card table: a person plays against 1–5 computers (RULES.md §2).

``SwitchTable(rules=None, *, players=None, seed=None, seat=0, level="easy", delay=0.8,
beginner=False, deck=None, hands=None, dealer=None, forget_rate=None, catch_rate=None,
narrow=False, animate=True, four_colour=False, task=None)`` is one anywidget model (see
:mod:`cardkit_tables.cardtable`). It reads only ``state.observation(seat)`` — with
``reveal=True`` only while **beginner mode** is on (the opponents' hands and the stock, face up;
never at a classmate table) —
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

from collections.abc import Callable, Mapping
from typing import Any, cast

from cardkit import switch
from cardkit.cards import SUITS, Card
from cardkit.core import Action, GameState, IllegalAction, Observation, Player
from cardkit.i18n import N_, _, ngettext
from cardkit.switch import SwitchObservation

from .cardtable import CardTable, bundle, card_json, game_over_view, held, sort_hand, waiting_card
from .classmate import Classmates
from .controller import Controller
from .resume import Resumable
from .task import Task, TaskMode

__all__ = ["SwitchTable", "switch_view"]

COMPUTER_NAMES = (N_("Ada"), N_("Ben"), N_("Cleo"), N_("Dev"), N_("Eve"))
MAX_BACKS = 16
LAST_CARD, CHALLENGE = "last card", "challenge"

#: The rules' refusal of the person's action now (``None``: legal); the controller's, worked
#: out once per position (:meth:`~cardkit_tables.controller.Controller.refusal`).
Refusal = Callable[[Action], IllegalAction | None]


def _strength(card: Card) -> int:
    return int(card.rank)


def _log(obs: SwitchObservation) -> list[str]:
    """Every event's sentence, oldest first."""
    return [e.explain() for e in obs.events]


def _cards_label(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _opponents(obs: SwitchObservation, reveal: bool) -> list[dict[str, Any]]:
    """The opponents' seats, in play order after the person: name, turn, count (backs, or the
    faces in beginner mode), missed turns and the "Last card!" bubble."""
    me, n = obs.seat, obs.players
    counts = obs.card_counts
    called = set(obs.last_card_called)
    hands = obs.hands if reveal else None
    skips = list(obs.skips_owed or [0] * n)
    opponents = []
    for p in [(me + k) % n for k in range(1, n)]:
        c = counts[p]
        extra = (ngettext("misses {n} more turn", "misses {n} more turns", skips[p]).format(n=skips[p])
                 if skips[p] else "")
        opponents.append({
            "seat": p, "name": obs.names[p], "turn": obs.current_player == p, "count": c,
            "count_label": _cards_label(c),
            "extra": extra, "bubble": _("Last card!") if p in called else "",
            "backs": 0 if hands is not None else min(c, MAX_BACKS),
            "more": f"+{c - MAX_BACKS}" if hands is None and c > MAX_BACKS else "",
            "faces": [card_json(x) for x in hands[p]] if hands is not None else [],
        })
    return opponents


def _card_marks(card: Card, plays: set[Card], task: TaskMode, refusal: Refusal) -> dict[str, Any]:
    """A card's marks on the person's turn to play: playable, or not with the rules' reason
    (every card may be clicked while the task is quiet)."""
    if card in plays or task == "quiet":
        return {"playable": True}
    why = refusal(Action("play", (card,)))
    return {"playable": False, "reason": "" if why is None else str(why)}


def _hand(obs: SwitchObservation, mine: bool, legal: list[Action], task: TaskMode,
          refusal: Refusal) -> list[dict[str, Any]]:
    """The person's hand, sorted, each card playable or with the reason it is not (see
    :func:`switch_view` for ``task``)."""
    phase = obs.phase
    plays = {a.cards[0] for a in legal if a.kind == "play"} if mine else set()
    hand = []
    for c in sort_hand(obs.hand, _strength):
        if task == "predict":
            extra = waiting_card()
        elif mine and phase in ("play", "drawn"):
            extra = _card_marks(c, plays, task, refusal)
        else:
            extra = {"idle": True, "playable": False,
                     "reason": _("choose a suit first") if mine and phase == "choose" else _("wait for your turn")}
        hand.append(card_json(c, action=f"play {c.code}", **extra))
    return hand


def _badges(obs: SwitchObservation) -> list[dict[str, Any]]:
    """The status badges: the suit named, and the penalty pending with whom it is for."""
    named = obs.named_suit
    pending = obs.pending
    cur = obs.current_player
    badges: list[dict[str, Any]] = []
    if named is not None:
        badges.append({"text": _("Suit named: {suit}").format(suit=_(named.word)), "suit": named.letter,
                       "symbol": named.symbol})
    if pending is not None:
        who = obs.names[cur] if cur is not None else ""
        badges.append({"text": _("Pending: {what} — for {who}").format(what=pending.describe(), who=who),
                       "suit": None, "symbol": "⚠"})
    return badges


def _turn_buttons(obs: SwitchObservation, mine: bool, kinds: set[str]
                  ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Draw / Pass, and the suit choices after a suit-changing card (only on the person's turn)."""
    actions = []
    if mine and "draw" in kinds:
        actions.append({"id": "draw", "label": _("Draw"), "action": "draw", "primary": False})
    if mine and "pass" in kinds:
        actions.append({"id": "pass", "label": _("Pass"), "action": "pass", "primary": False})
    suits = []
    if mine and obs.phase == "choose":
        suits = [{"id": "choose-" + s.word, "label": f"{s.symbol} {_(s.word)}", "suit": s.letter,
                  "action": f"choose {s.word}"} for s in SUITS]
    return actions, suits


def _calls(legal: list[Action], over: bool, task: TaskMode) -> list[dict[str, Any]]:
    """"Last card!" and "Caught you!": there while the game goes on (none once it is over:
    nothing to call), enabled only while they apply — both enabled while the task is quiet
    (their state would give its answer away)."""
    if over:
        return []
    quiet = task == "quiet"
    can_call = quiet or any(a.kind == "last card" for a in legal)
    can_catch = quiet or any(a.kind == "challenge" for a in legal)
    return held([
        {"id": "last", "label": _("Last card!"), "action": LAST_CARD, "primary": False,
         "enabled": can_call and not over,
         "reason": None if can_call else _("only just before or after the play that leaves you one card")},
        {"id": "catch", "label": _("Caught you!"), "action": CHALLENGE, "primary": False,
         "enabled": can_catch and not over,
         "reason": None if can_catch else _("only right after the player before you is down to one card")},
    ], task)


def _what_now_text(obs: SwitchObservation, caught: tuple[str, ...], over: bool) -> str:
    text = " ".join([*list(caught), obs.what_now])
    again = _("Press New game to play again.")
    if over and again not in text:      # (the game's own end sentence may say it already)
        text += " " + again
    return text


def _last_play(obs: SwitchObservation) -> str | None:
    """Who put the discard pile's top card there ("Ada played 8♦", "You played 8♦"), so that the
    last play stays readable while the next players think; ``None`` for the starter."""
    top = obs.top
    for e in reversed(obs.events):
        if e.kind == "play" and e.cards and e.player is not None:
            if e.cards[0] != top:
                return None
            return (_("You played {card}").format(card=top.said) if e.player == obs.seat else
                    _("{who} played {card}").format(who=obs.names[e.player], card=top.said))
        if e.kind in ("starter", "deal"):
            return None
    return None


def _piles(obs: SwitchObservation, reveal: bool, can_draw: bool
           ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The stock (faces in beginner mode) and the discard pile's top card, with who played it."""
    top = obs.top
    stock = {"count": obs.stock_count, "label": _("Stock"),
             "count_label": _cards_label(obs.stock_count),
             "draw": can_draw,
             "faces": [card_json(x) for x in (obs.stock or ())] if reveal else []}
    pile = {"top": None if top is None else card_json(top), "label": _("Discard pile"),
            "count_label": _cards_label(len(obs.discard)), "played": _last_play(obs)}
    return stock, pile


def switch_view(obs: SwitchObservation, *, reveal: bool = False, caught: tuple[str, ...] = (),
                task: TaskMode = None, refusal: Refusal | None = None) -> dict[str, Any]:
    """The page's JSON for one Switch observation (the only place the table reads it).

    ``obs``: ``state.observation(seat, reveal=reveal)``; ``reveal``: beginner mode (the
    opponents' hands and the stock are in ``obs`` face up and drawn so); ``caught``: sentences of
    computers catching you since your last move, put first in "What now"; ``task``: what a
    lesson's task holds back (:data:`~cardkit_tables.task.TaskMode`: while it is ``"quiet"`` no
    card is greyed and both calls are enabled, while a prediction waits every card and button
    waits too); ``refusal``: the rules' refusal of an action (default ``obs.refusal``; the table
    passes its controller's, worked out once per position). Plain JSON values only.
    ``discard.played`` says who played the top card (``None`` for the starter); ``end`` is the
    game-over panel once someone went out (:func:`~cardkit_tables.cardtable.game_over_view`).

    On the starter 3♥, the 6♥ (suit) and the 3♣ (rank) may be played; the K♠ may not, and
    says why (RULES.md §2) — unless a task is quiet:

    >>> hands = ["6H 3C KS 9D", "10S 4S QD 7H"]
    >>> state = switch.new_game(hands=hands, deck=switch.full_stock(hands, top="3H"), dealer=1)
    >>> view = switch_view(state.observation(0))
    >>> [(c["text"], c["playable"]) for c in view["hand"]]
    [('K♠', False), ('6♥', True), ('3♣', True), ('9♦', False)]
    >>> view["hand"][0]["reason"][:40]
    'K♠ matches neither the suit (♥) nor the '
    >>> all(c["playable"] for c in switch_view(state.observation(0), task="quiet")["hand"])
    True
    """
    me = obs.seat
    n = obs.players
    over = obs.is_over
    legal = list(obs.legal_actions)
    kinds = {a.kind for a in legal}
    mine = obs.current_player == me and not over
    hand = _hand(obs, mine, legal, task, refusal or obs.refusal)
    actions, suits = _turn_buttons(obs, mine, kinds)
    stock, discard = _piles(obs, reveal, mine and "draw" in kinds and task != "predict")
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
        "you_called": me in set(obs.last_card_called),
        "bubble": _("Last card!"),
        "actions": held(actions, task), "suits": held(suits, task), "calls": _calls(legal, over, task),
        "what_now": {"text": _what_now_text(obs, caught, over), "tone": "done" if over else "info"},
        "log": [{"n": i + 1, "text": t} for i, t in enumerate(log)][::-1][:120],
        "end": game_over_view(obs.outcome, me, obs.names),
    }


class SwitchTable(Classmates, Resumable, CardTable):
    """Play Switch against the computer (RULES.md §2): you and 1–5 computer players.

    Parameters: ``rules`` (a :class:`cardkit.switch.SwitchRules`; ``players`` overrides its
    player count); ``seed`` (game ``k`` uses ``seed + k``); ``seat``; ``level`` (``"easy"`` or
    ``"hard"``); ``delay`` (seconds between computer moves; 0 in tests); ``beginner`` (start in
    beginner mode: the opponents' hands and the stock face up); ``deck``, ``hands``, ``dealer`` (a
    stacked first game, as in :func:`cardkit.switch.new_game`); ``forget_rate`` / ``catch_rate``
    (the computers' chance of forgetting "last card" and of catching you); ``narrow``,
    ``animate``, ``four_colour``; ``task`` (a :class:`~cardkit_tables.task.Task` on the stacked
    deal: "predict, then see"); ``store`` (a table store, ``cardkit_serving.store.open_store()``:
    the match is kept there and a new page comes back to it, :mod:`cardkit_tables.resume`;
    None, the default: nothing is kept); ``classmates`` (with a store: offer "Play a classmate",
    classmates and computers at one table, :mod:`cardkit_tables.classmate`). A stacked deal
    (``deck``/``hands``) has "Deal this again".

    Raises ``ValueError`` for a seat not in the game, a negative delay, or a task without a
    stacked deal or whose moves or answers do not fit it.
    """

    live_note_what = N_("A Switch table")
    INTRO = N_("Get rid of all your cards first: match the top card's suit or rank. Watch out for "
               "2s, 8s, Jacks and Aces — and call Last card!")

    _esm = bundle("switch.bundle.js")
    _css = bundle("table.css")

    def __init__(self, rules: switch.SwitchRules | None = None, *, players: int | None = None,
                 seed: int | None = None, seat: int = 0, level: str = "easy", delay: float = 0.8,
                 beginner: bool = False, deck: Any = None, hands: Any = None, dealer: int | None = None,
                 forget_rate: float | None = None, catch_rate: float | None = None,
                 narrow: bool = False, animate: bool = True, four_colour: bool = False,
                 task: Task | None = None, store: Any = None, classmates: bool = False,
                 **kwargs: Any):
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
        self._keep_in(store, "switch")
        self._offer_classmates(store, classmates)
        self.controller.start()

    # -- hooks for the controller ------------------------------------------------------------------
    def _seat_names(self, n: int, seat: int, people: Mapping[int, str]) -> list[str]:
        """"you" at ``seat``, each classmate's name at theirs (``people``), and the computers'
        names no classmate has at the rest."""
        others = iter([name for name in COMPUTER_NAMES if name not in people.values()])
        return [N_("you") if s == seat else people[s] if s in people else next(others)
                for s in range(n)]

    def _players_next(self) -> int:
        return int({**self.controller.settings, **self.controller.pending}["players"])

    def new_state(self, settings: dict[str, Any], seed: int | None) -> GameState:
        """A new game of ``settings["players"]`` players (the stacked deal, the first time)."""
        self._mate_left()
        first, self._first = self._first, {}
        c = self.controller
        rules = switch.SwitchRules(**{**self._rules.__dict__, "players": int(settings["players"])})
        if c.seat >= rules.players:
            raise ValueError("the person's seat is not in this game")
        self._rules = rules
        c.computers = tuple(p for p in range(rules.players) if p != c.seat)
        self._mark = 0
        state = switch.new_game(rules, seed=seed, deck=first.get("deck"), hands=first.get("hands"),
                                dealer=first.get("dealer"),
                                names=self._seat_names(rules.players, c.seat, {}))
        self._stored_dealt(state)
        return state

    RESUMED_PREFS = ("beginner",)

    def _resumed_hand(self, state: Any) -> None:
        """A resumed game: its rules, and no catch to tell."""
        obs = state.observation(self.controller.seat)
        self._rules = switch.SwitchRules(**{**self._rules.__dict__, "players": obs.players})
        self._mark = len(obs.events)

    def _welcome(self, state: Any) -> str:
        return self._welcome_cards(len(state.observation(self.controller.seat).hand))

    def computer_player(self, seat: int, settings: dict[str, Any], seed: int | None) -> Player[Any]:
        """The computer at ``seat``, of the level chosen in ``settings``."""
        player = switch.computer_player(settings["level"], seed=None if seed is None else seed * 31 + seat,
                                        **self._computer_options)
        return cast(Player[Any], player)         # (cardkit types its ``choose`` as taking a dict)

    def restore_deal(self) -> None:
        """Put the stacked deal and the first rules back for the next ``new_state``."""
        self._first, self._rules = dict(self._deal[0]), self._deal[1]

    def seat_observation(self, state: GameState, seat: int) -> Observation:
        """The person's observation: with every hand and the stock face up in beginner mode
        (a display setting the person chose, RULES.md §2)."""
        assert isinstance(state, switch.SwitchState)
        return state.observation(seat, reveal=self._beginner())

    def _beginner(self) -> bool:
        """Beginner mode is on: never at a classmate table, where the hands are the classmates'."""
        return bool(self.prefs.get("beginner")) and self._mate is None

    def why_not_now(self, obs: Observation) -> str | None:
        """The game over (else ``None``: out-of-turn calls are moves too; the rules refuse the
        rest, naming the rule)."""
        if obs.is_over:
            return _("The game is over: press New game to play again.")
        return self._mate_why_not()

    def send_from_page(self, content: Any) -> None:
        """As :meth:`CardTable.send_from_page`; ``{"do": "pref", "name": "beginner", "value":
        bool}`` switches beginner mode. Before a click, the log is marked: the computers'
        catches after it are said first on "What now"."""
        if isinstance(content, dict) and content.get("do") == "act":
            self._mark = len(self.controller.observation().events)
        super().send_from_page(content)

    def draw(self) -> None:
        """Set ``view`` from the person's observation (:func:`switch_view`) and the table's
        own parts."""
        c = self.controller
        reveal = self._beginner()
        obs = c.observation()
        assert isinstance(obs, SwitchObservation)
        caught = tuple(line for line in (e.explain() for e in obs.events[self._mark:])
                       if "caught you" in line.lower())
        view = switch_view(obs, reveal=reveal, caught=caught, task=c.task_mode, refusal=c.refusal)
        said = view.pop("what_now")
        view.update(self._common_view(said["text"], said["tone"]))
        mate = self._mate
        if mate is not None:            # at a classmate table: who sits there, not the ⚙ count
            view["subtitle"] = _("at a table with classmates")
            for o in view["opponents"]:     # and which seats the computer plays
                if o["seat"] in mate.levels:
                    o["extra"] = " · ".join(t for t in (_("computer"), o["extra"]) if t)
        view["badges"] = [] if mate is not None and not mate.levels else [
            _("computer: {level}").format(level=_(mate.levels[min(mate.levels)] if mate else c.settings["level"]))]
        view["settings"] = [
            self._setting("players", _("Players"),
                          [(k, ngettext("you vs {n} computer", "you vs {n} computers", k - 1).format(n=k - 1))
                           for k in (2, 3, 4, 5, 6)]),
            self._setting("level", _("Computer"), [("easy", _("easy")), ("hard", _("hard"))]),
        ]
        view["pending_note"] = (_("Your new settings start with the next game: press New game.")
                                if c.pending else "")
        beginner = [("beginner", _("Beginner mode (show every card)"))] if mate is None else []
        view["toggles"] = self._toggles(*beginner)
        view["speed"] = self._speed()
        view["prefs"] = dict(self.prefs)
        self._stored_draw(view)
        self._mate_draw(view)
        self.view = view

    def _repr_args(self) -> str:
        return f"players={self._rules.players}, seat={self.controller.seat}"


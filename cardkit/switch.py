"""Switch (RULES.md §2): shed your cards by matching suit or rank; 2s, 8s, Jacks and Aces are special.

Quick start::

    >>> from cardkit import switch
    >>> g = switch.new_game(seed=1)
    >>> g.legal_actions()            # for g.current_player
    [Action('play J♦'), Action('play K♥'), Action('draw')]
    >>> obs = g.apply("play K♥").observation(0)   # or "draw", "pass", "choose hearts", "last card"
    >>> obs.events[-1].explain()
    'You played K♥.'

The state's public position (for lessons and tests; tables use :meth:`SwitchState.observation`):
``hands`` (list per seat, in the order the cards came), ``stock`` and ``discard`` (lists of
:class:`~cardkit.cards.Card`, **top first**: ``discard[0]`` is the card showing), ``pending``
(a :class:`Pending` or ``None``), ``named_suit`` (a :class:`~cardkit.cards.Suit` or ``None``),
``dealer``, ``turn``, ``phase``, ``log`` (events, newest last).

The protocol, move by move (every decision is one action; nothing is done for a player):

* **Turn** (``phase == "play"``) of ``current_player``: ``play <card>`` for each card that may go
  on the discard pile now, and ``draw``.
  - A card may be played when it matches the top card by suit or rank; a Jack or an Ace goes on
    anything (RULES.md §2). After a Jack the suit to match is the named suit (``named_suit``); it
    stays the suit of that Jack until a card is played on it.
  - ``draw`` takes one card from the stock. If that card can be played, the phase becomes
    ``"drawn"`` and the same player's legal actions are ``play <that card>`` (only that card) and
    ``pass`` (keep it); otherwise the card is kept and the turn passes at once, without a
    ``pass``. ``draw`` is always allowed on a normal turn (you may choose not to play). When
    stock and discard pile hold nothing to draw the player draws nothing and the turn passes.
* **Pending 2s** (``pending.kind == "two"``, amount 2/4/6/8): the player facing it may only
  ``play`` a 2 (the amount grows by 2 and moves on) or ``draw``, which takes the whole amount and
  ends the turn (nothing is played). The 2 on top is then an ordinary card.
* **Pending Aces** (``"ace"``, 4/8/12/16): the same, answered only by an Ace. The Ace never changes
  the suit: after the penalty the next card must match the Ace's own suit or rank (or be a Jack
  or an Ace, which go on anything).
* **Pending 8** (``"eight"``, amount = turns to miss): the player facing it may only
  ``play <an 8>`` or ``pass``, which means "miss this turn". In a two-player game the player of the
  8 then plays again. With ``eights_accumulate`` an 8 played on an 8 adds one missed turn
  (``amount`` 1, 2, 3, 4) and the player who passes misses that many turns: their next ``amount - 1``
  turns consist of the single legal action ``pass`` (``skips_owed``); a player who owes turns
  cannot answer a new 8 (its missed turn is added to what they owe) nor a 2 or an Ace (their one
  move is ``draw``, taking the penalty, which counts as one missed turn). Without the option every
  8 is one missed turn for the next player, never more.
* **Jack**: after ``play J…`` the phase is ``"choose"`` and the same player's legal actions are
  ``choose spades|hearts|diamonds|clubs``. A Jack that is the player's last card wins at once and
  names nothing.
* **Last card** (the call): ``last card`` is legal
  - for the current player just before the play that leaves them one card: they hold exactly 2
    cards and may play one now (normal turn, a pending 2/Ace/8 they can answer, or the drawn
    card);
  - for the player whose play has just left them one card (they have not called yet), from that
    play until the next player acts — even though it is not their turn. ``current_player`` is
    then already the next player; the caller's seat gets ``[last card]`` in
    ``observation(seat)["legal_actions"]`` and in ``legal_actions(seat)``.
  While such a "last card" window is open and uncalled, the text ``last card`` is that player's
  call (so the next player, if holding 2 cards themselves, calls after their play instead — still
  in time). Calling is never an "action" that closes a window. A call announces the play: if the
  caller's turn ends without it (``draw``, or ``pass`` keeping a drawn card or missing a turn to
  an 8), the call lapses and the later play down to one card needs a new call.
* **Challenge**: while the window of the player who has just played down to one card is open
  (``window``), the next player — the current player — may ``challenge`` before acting. If the
  caught player had not called, they draw ``penalty_last_card`` cards; if they had, it costs
  nothing. Either way the window closes (one challenge). Any other move of the next player
  (play, draw, pass) closes it too. ``challenge`` is legal even against a player who did call
  (that is the "wrong challenge").
* **Stock empty**: when a card must be drawn and the stock is empty, the discard pile except its top
  card is shuffled with the game's RNG to make a new stock; then drawing goes on. If there is
  still nothing, the player draws what there is (possibly nothing) and the turn passes.
* **End**: the first player with no cards wins at once (a pending penalty is dropped). If for a whole
  round (``players`` turns in a row) nobody could play or got a card, the game ends and the fewest
  cards wins; players tied for fewest share a drawn game: ``winner`` is ``None`` and ``winners``
  lists them. A turn counts as blocked when the player had no card they were allowed to play and
  the turn ended without their playing or receiving a card (a player who misses a turn to an 8,
  holding no 8, is blocked too).

Deal (RULES.md §2): ``deck`` is top first; cards are dealt one at a time starting with the player
after the dealer; the stock's top card is turned up as the starter. A 2, 8, J or A turned up is put
back into the **middle of the stock — at index ``len(stock) // 2`` of the stock that remains after
taking it** (top = index 0; with 37 cards left, 18 cards lie above it) — and the next card is turned,
until a plain card shows. (If the stock holds no plain card at all, the last card turned stays as
the starter and has no effect: a starter is never special.) The player after the dealer starts.
Without ``dealer=`` the dealer is drawn from the seeded RNG (after the shuffle).
"""
from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple
from collections.abc import Sequence

import numpy as np

from .cards import cards_html, Card, Rank, Suit, SUITS, parse_card, parse_cards, shuffled, standard_pack
from .core import (Action, Event, GameState, IllegalAction, Observation, Outcome, Preset, Rule,
                   default_names, _replace, rules_from_dict, rules_to_dict)
from .i18n import _, N_, ngettext

__all__ = [
    "SPECIAL_RANKS",
    "Pending",
    "SwitchComputer",
    "SwitchObservation",
    "SwitchRules",
    "SwitchState",
    "computer_player",
    "full_stock",
    "is_special",
    "new_game",
    "play_out",
    "presets",
    "what_now",
]

#: The ranks that do something (RULES.md §2): 2 (draw 2), 8 (miss a turn), Jack (name a suit),
#: Ace (draw 4). A starter of one of these ranks is put back into the stock.
SPECIAL_RANKS = (Rank.TWO, Rank.EIGHT, Rank.JACK, Rank.ACE)
_WILD = (Rank.JACK, Rank.ACE)          # go on any card
PACK_SIZE = 52
_PENALTY_STEP = {"two": 2, "ace": 4}   # cards per 2 / per Ace
_ANSWER = {"two": Rank.TWO, "ace": Rank.ACE, "eight": Rank.EIGHT}
LAST_CARD = Action("last card")
CHALLENGE = Action("challenge")
DRAW = Action("draw")
PASS = Action("pass")

# the rules a message or an event names: a plain name and its section of docs/RULES.md
RULE_OPTIONS = Rule(N_("Switch options"), "2")
RULE_DEAL = Rule(N_("Deal and starter"), "2")
RULE_MATCH = Rule(N_("Match the suit or the rank"), "2")
RULE_DRAW = Rule(N_("Draw if you cannot play"), "2")
RULE_TWO = Rule(N_("2s: draw two"), "2")
RULE_JACK = Rule(N_("Jacks: name a suit"), "2")
RULE_ACE = Rule(N_("Aces: draw four"), "2")
RULE_EIGHT = Rule(N_("8s: miss a turn"), "2")
RULE_LAST = Rule(N_("Last card"), "2")
RULE_STOCK = Rule(N_("Stock empty"), "2")
RULE_END = Rule(N_("End of the game"), "2")
_PENDING_RULE = {"two": RULE_TWO, "ace": RULE_ACE, "eight": RULE_EIGHT}


def _bad(text: str, rule: Rule = RULE_OPTIONS, **fields) -> ValueError:
    return ValueError(_(text).format(rule=rule, **fields))


def _illegal(text: str, rule: Rule, **fields) -> IllegalAction:
    return IllegalAction(_(text).format(rule=rule, **fields), rule)


def is_special(card: Card) -> bool:
    """True for a 2, 8, Jack or Ace (RULES.md §2)."""
    return card.rank in SPECIAL_RANKS


# -- rules ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SwitchRules:
    """The options of Switch (RULES.md §2). Frozen; validated on creation.

    - ``players``: 2 (default) to 6.
    - ``hand_size``: cards dealt to each player, default 7; ``players * hand_size + 1`` (the
      hands plus the starter) must fit the 52-card pack.
    - ``penalty_last_card``: cards drawn by a player caught not calling "last card", default 2
      (0 allowed: the challenge then costs nothing).
    - ``eights_accumulate``: default ``False`` (each 8 is one missed turn for the next player); when
      ``True`` an 8 answered by an 8 adds a missed turn for whoever finally passes.

    ``name`` is ``"standard"`` with the default options (any number of players) and ``"custom"``
    otherwise; ``label`` is what a table shows. Raises ``ValueError`` naming the rule when an
    option is out of range.
    """

    players: int = 2
    hand_size: int = 7
    penalty_last_card: int = 2
    eights_accumulate: bool = False

    def __post_init__(self):
        for name in ("players", "hand_size", "penalty_last_card"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                raise _bad(N_("{name} must be a whole number, not {v!r} ({rule})."), name=name, v=v)
        if not 2 <= self.players <= 6:
            raise _bad(N_("Switch is played by 2 to 6 players, not {v} ({rule})."), v=self.players)
        if self.hand_size < 1:
            raise _bad(N_("hand_size must be at least 1, not {v} ({rule})."), v=self.hand_size)
        if self.players * self.hand_size + 1 > PACK_SIZE:
            raise _bad(N_("players × hand_size + 1 (the hands and the starter) must fit the 52-card "
                          "pack: {p} × {h} + 1 = {t} ({rule})."), p=self.players, h=self.hand_size,
                       t=self.players * self.hand_size + 1)
        if self.penalty_last_card < 0:
            raise _bad(N_("penalty_last_card cannot be negative ({v}) ({rule})."),
                       v=self.penalty_last_card)
        if not isinstance(self.eights_accumulate, (bool, np.bool_)):
            raise _bad(N_("eights_accumulate is True or False, not {v!r} ({rule})."),
                       v=self.eights_accumulate)

    @property
    def name(self) -> str:
        """``"standard"`` (the defaults of RULES.md §2, any number of players) or ``"custom"``."""
        return "standard" if self == SwitchRules(players=self.players) else "custom"

    @property
    def label(self) -> str:
        """What a table shows: "Standard" or "Custom", translated."""
        return _("Standard") if self.name == "standard" else _("Custom")

    @classmethod
    def standard(cls, **options) -> SwitchRules:
        """The defaults of RULES.md §2 (2 players, 7 cards, last-card penalty 2, 8s do not add up),
        with any option overridden by keyword."""
        return cls(**options)


def presets() -> dict[str, SwitchRules]:
    """The named presets: ``{"standard": SwitchRules()}`` (other options are custom rules)."""
    return {"standard": SwitchRules()}


class Pending(NamedTuple):
    """A penalty waiting for the current player (RULES.md §2).

    ``kind`` is ``"two"`` (draw ``amount`` = 2, 4, 6, 8 unless a 2 is played), ``"ace"`` (draw
    4, 8, 12, 16 unless an Ace is played) or ``"eight"`` (miss ``amount`` turns unless an 8 is played).
    A named tuple: ``Pending("two", 4) == ("two", 4)``; JSON ``{"kind": "two", "amount": 4}``.
    """

    kind: str
    amount: int

    def describe(self) -> str:
        """``draw 4 (two 2s)``, ``draw 8 (two Aces)``, ``miss a turn (8)``: for tables."""
        if self.kind == "eight":
            return ngettext("miss a turn (8)", "miss {n} turns (8s)", self.amount).format(
                n=self.amount)
        count = self.amount // _PENALTY_STEP[self.kind]
        word = [_("one"), _("two"), _("three"), _("four")][count - 1] if count <= 4 else str(count)
        what = (ngettext("{n} 2", "{n} 2s", count) if self.kind == "two"
                else ngettext("{n} Ace", "{n} Aces", count)).format(n=word)
        return _("draw {n} ({what})").format(n=self.amount, what=what)


# -- the observation -----------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class SwitchObservation(Observation):
    """What one Switch seat may see (docs/observation.md, "Switch"): the shared fields plus
    ``players``, ``dealer``, ``discard`` (face-up pile, top first), ``top``, ``stock_count``,
    ``pending``, ``named_suit``, ``last_card_called``, ``window``, ``skips_owed``, ``drawn_card``,
    and — only with ``reveal=True`` (beginner mode) — ``hands`` and ``stock``."""

    players: int
    dealer: int
    discard: tuple[Card, ...] = ()
    top: Card | None = None
    stock_count: int = 0
    pending: Pending | None = None
    named_suit: Suit | None = None
    last_card_called: tuple[int, ...] = ()
    window: int | None = None
    skips_owed: tuple[int, ...] = ()
    drawn_card: Card | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    stock: tuple[Card, ...] | None = None

    _ALIASES = {"hand_counts": "card_counts",
                "log": lambda o: [e.explain() for e in o.events],
                "winners": lambda o: list(o.outcome.winners) if o.outcome else [],
                "end_reason": lambda o: o.outcome.termination if o.outcome else None}

    def _refuse(self, action: Action) -> IllegalAction:
        """Why this seat may not make ``action`` now, in the second person, naming the rule."""
        kind = action.kind
        if kind == "last card":
            return self._refuse_last_card()
        if kind == "challenge":
            if self.window is None or self.window == self.seat:
                return _illegal(N_("There is nobody to catch now: you can catch a player only right "
                                   "after they play down to one card without calling “last card” "
                                   "({rule})."), RULE_LAST)
            return _illegal(N_("Only the next player can catch {who}, before acting ({rule})."),
                            RULE_LAST, who=self.names[self.window])
        if self.current_player != self.seat:
            return super()._refuse(action)
        if self.phase == "choose":
            return _illegal(N_("First name a suit for your Jack ({rule})."), RULE_JACK)
        if kind == "choose":
            return _illegal(N_("You name a suit only right after playing a Jack ({rule})."),
                            RULE_JACK)
        if self.phase == "drawn":
            if kind == "play":
                return _illegal(N_("After drawing you may only play the card you drew ({card}), or "
                                   "pass to keep it ({rule})."), RULE_DRAW, card=self.drawn_card)
            return _illegal(N_("After drawing you play the card you drew or pass ({rule})."),
                            RULE_DRAW)
        if self.skips_owed[self.seat]:
            if self.pending is not None and self.pending.kind != "eight":
                return _illegal(N_("You miss this turn because of the 8s, and you face a draw of {n}: "
                                   "your only move is draw ({rule})."), RULE_EIGHT,
                                n=self.pending.amount)
            return _illegal(N_("You miss this turn because of the 8s: your only move is pass "
                               "({rule})."), RULE_EIGHT)
        if kind == "play":
            return self._refuse_play(action.card)
        if kind == "draw":
            return _illegal(N_("Facing an 8 you cannot draw: play an 8 or pass ({rule})."),
                            RULE_EIGHT)
        if kind == "pass":
            return _illegal(N_("You pass only to keep a card you just drew or to miss a turn after "
                               "an 8 ({rule})."), RULE_DRAW)
        return _illegal(N_("That move is not part of Switch ({rule})."), RULE_MATCH)

    def _refuse_last_card(self) -> IllegalAction:
        if self.seat in self.last_card_called:
            return _illegal(N_("You have already called “last card” ({rule})."), RULE_LAST)
        if (self.current_player == self.seat and len(self.hand) == 2
                and self.phase in ("play", "drawn")):
            return _illegal(N_("You cannot call “last card” now: none of your cards can be played, "
                               "so you will not get down to one card this turn ({rule})."), RULE_LAST)
        return _illegal(N_("You call “last card” only when you hold 2 cards and are about to play "
                           "one, or right after playing down to one card ({rule})."), RULE_LAST)

    def _refuse_play(self, card: Card) -> IllegalAction:
        p = self.pending
        if card not in self.hand:
            return _illegal(N_("You do not hold {card} ({rule})."), RULE_MATCH, card=card)
        if p is not None and p.kind == "two":
            return _illegal(N_("{card} is not a 2: only a 2 can answer a draw of {n} ({rule})."),
                            RULE_TWO, card=card, n=p.amount)
        if p is not None and p.kind == "ace":
            return _illegal(N_("{card} is not an Ace: only an Ace can answer a draw of {n} "
                               "({rule})."), RULE_ACE, card=card, n=p.amount)
        if p is not None:
            return _illegal(N_("{card} is not an 8: facing an 8 you play an 8 or miss the turn "
                               "({rule})."), RULE_EIGHT, card=card)
        if self.named_suit is not None:
            s = self.named_suit
            return _illegal(N_("{card} does not follow the suit named after the Jack ({suit}): play "
                               "a {sym} card, a Jack or an Ace ({rule})."), RULE_JACK, card=card,
                            suit=_(s.word), sym=s.symbol)
        top = self.top
        return _illegal(N_("{card} matches neither the suit ({sym}) nor the rank ({rank}) of {top}; "
                           "only Jacks and Aces go on anything ({rule})."), RULE_MATCH, card=card,
                        sym=top.suit.symbol, rank=top.rank.label, top=top)


# -- the state -----------------------------------------------------------------------------------
class SwitchState(GameState):
    """A game of Switch in progress (RULES.md §2). Build it with :func:`new_game`.

    Public position: ``hands``, ``stock``, ``discard`` (top first), ``pending``, ``named_suit``,
    ``dealer``, ``turn``, ``phase`` (``"play"``, ``"drawn"``, ``"choose"``, ``"over"``), ``called``
    (seats whose "last card" call stands), ``window`` (seat whose last-card window is open, or
    ``None``), ``skips_owed`` (missed turns still owed per seat), ``names``, ``log``.
    See the module documentation for the move protocol.
    """

    GAME = "switch"

    def __init__(self, rules: SwitchRules, rng: np.random.Generator, names: Sequence[str]):
        super().__init__()
        self.rules = rules
        self.rng = rng
        self.names = tuple(names)
        n = rules.players
        self.hands: list[list[Card]] = [[] for _i in range(n)]
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.dealer = 0
        self.turn = 0
        self.phase = "play"
        self.pending: Pending | None = None
        self.named_suit: Suit | None = None
        self.drawn: Card | None = None
        self.called: set[int] = set()
        self.window: int | None = None
        self.skips_owed = [0] * n
        self.blocked_turns = 0
        self._could_play = True
        self._acted = False           # played or received a card this turn
        self._over = False
        self._winners: list[int] = []
        self.end_reason: str | None = None

    # -- small helpers ----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _event(self, kind: str, player: int | None, text: str, you: str = "",
               rule: Rule | None = None, *, cards=(), visible_to=None, private=(), **data) -> None:
        self.log.append(Event(kind, player, text, rule, data, tuple(cards), you, visible_to,
                              tuple(private), self.names))

    @property
    def top(self) -> Card:
        """The card showing on the discard pile."""
        return self.discard[0]

    def suit_to_match(self) -> Suit:
        """The named suit after a Jack, else the top card's suit."""
        return self.named_suit or self.top.suit

    def matches(self, card: Card) -> bool:
        """May ``card`` go on the discard pile when nothing is pending? (suit or rank; J/A on all)"""
        if card.rank in _WILD:
            return True
        return card.suit == self.suit_to_match() or card.rank == self.top.rank

    def _playable(self, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand that may be played now (its turn, phase "play")."""
        if self.skips_owed[seat]:
            return []
        if self.pending is not None:
            want = _ANSWER[self.pending.kind]
            return [c for c in self.hands[seat] if c.rank == want]
        return [c for c in self.hands[seat] if self.matches(c)]

    # -- protocol ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat whose move it is (``None`` once the game is over). A player whose
        last-card window is open may still call out of turn: see :meth:`legal_actions`."""
        return None if self._over else self.turn

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winner(self) -> int | None:
        """The winner's seat; ``None`` while playing or when players tied for fewest cards."""
        return self._winners[0] if len(self._winners) == 1 else None

    @property
    def winners(self) -> list[int]:
        """Every seat that won: one seat, or the seats tied for fewest cards in a blocked game."""
        return list(self._winners)

    def _caller_of_last_card(self) -> int | None:
        """Whose call ``last card`` would be now, or ``None`` if nobody may call."""
        if self.window is not None and self.window not in self.called:
            return self.window
        c = self.turn
        if (len(self.hands[c]) == 2 and c not in self.called and self.phase in ("play", "drawn")
                and self._turn_plays(c)):
            return c
        return None

    def _turn_plays(self, seat: int) -> list[Card]:
        if self.phase == "drawn":
            return [self.drawn] if self.matches(self.drawn) else []
        if self.phase == "play":
            return self._playable(seat)
        return []

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The moves ``seat`` may make now (default: ``current_player``); empty when it is not
        that seat's decision or the game is over. The only out-of-turn move is ``last card`` by the
        player whose last-card window is open."""
        if self._over:
            return []
        if seat is None:
            seat = self.turn
        out: list[Action] = []
        if seat == self.turn:
            out = self._turn_actions()
            if self.window is not None and self.window != seat:
                out.append(CHALLENGE)
        if self._caller_of_last_card() == seat:
            out.append(LAST_CARD)
        return out

    def _turn_actions(self) -> list[Action]:
        c = self.turn
        if self.phase == "choose":
            return [Action("choose", word=s.word) for s in SUITS]
        if self.phase == "drawn":
            return ([Action.play(self.drawn)] if self.matches(self.drawn) else []) + [PASS]
        plays = [Action.play(card) for card in self._playable(c)]
        if self.skips_owed[c] and self.pending is not None and self.pending.kind != "eight":
            return [DRAW]        # missing this turn, facing a 2/Ace: the penalty is drawn
        if self.skips_owed[c] or (self.pending is not None and self.pending.kind == "eight"):
            return [*plays, PASS]
        return [*plays, DRAW]

    def _legal_actions(self) -> list[Action]:
        acts = self.legal_actions()
        if self.window is not None and self.window != self.turn and LAST_CARD not in acts:
            acts += self.legal_actions(self.window)
        return acts

    # -- applying ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "last card":
            self._call_last_card(self._caller_of_last_card())
            return
        c = self.turn
        if kind == "challenge":
            self._challenge(c)
            return
        if self.window != c:
            self.window = None  # the next player acts: the chance to catch has passed
        if kind == "choose":
            self._choose(c, Suit.parse(action.word))
        elif kind == "play":
            self._play(c, action.card)
        elif kind == "draw":
            self._draw_turn(c)
        else:
            self._pass(c)

    def _call_last_card(self, seat: int) -> None:
        self.called.add(seat)
        self._event("last card", seat, N_("{player} called “last card”!"),
                    N_("You called “last card”!"), RULE_LAST)

    def _challenge(self, c: int) -> None:
        target = self.window
        self.window = None
        if target in self.called:
            self._event("challenge", c, N_("{player} challenged {target}, but {target} had called "
                                           "“last card”: a wrong challenge costs nothing."),
                        N_("You challenged {target}, but {target} had called “last card”: a wrong "
                           "challenge costs nothing."), RULE_LAST, target=target, caught=False)
            return
        k = self.rules.penalty_last_card
        got = self._draw_cards(target, k)
        if len(got) < k:
            text = N_("{player} caught {target}: {target} had not called “last card”, so {target} "
                      "drew {n} of {k} penalty cards.")
            you = N_("You caught {target}: {target} had not called “last card”, so {target} drew "
                     "{n} of {k} penalty cards.")
        elif k == 1:
            text = N_("{player} caught {target}: {target} had not called “last card”, so {target} "
                      "drew {k} penalty card.")
            you = N_("You caught {target}: {target} had not called “last card”, so {target} drew "
                     "{k} penalty card.")
        else:
            text = N_("{player} caught {target}: {target} had not called “last card”, so {target} "
                      "drew {k} penalty cards.")
            you = N_("You caught {target}: {target} had not called “last card”, so {target} drew "
                     "{k} penalty cards.")
        self._event("challenge", c, text, you, RULE_LAST, cards=got, visible_to=(target,),
                    target=target, caught=True, n=len(got), k=k)

    def _draw_cards(self, seat: int, k: int) -> list[Card]:
        """Move up to ``k`` cards from the stock to ``seat``'s hand, rebuilding the stock from
        the discard pile when it runs out (RULES.md §2, "Stock empty"). Returns the cards."""
        got: list[Card] = []
        for _i in range(k):
            if not self.stock:
                if len(self.discard) <= 1:
                    break
                rest = self.discard[1:]
                self.discard = self.discard[:1]
                self.stock = shuffled(rest, self.rng)
                self._event("rebuild", None, N_("The stock was empty: the discard pile except its "
                                                "top card was shuffled to make a new stock of {n} "
                                                "cards ({rule}).") if len(rest) != 1 else
                            N_("The stock was empty: the discard pile except its top card was "
                               "shuffled to make a new stock of 1 card ({rule})."), "", RULE_STOCK,
                            n=len(rest), count=len(rest))
            got.append(self.stock.pop(0))
        if got:
            self.hands[seat].extend(got)
            self.called.discard(seat)
            if seat == self.turn:
                self._acted = True
        return got

    def _play(self, c: int, card: Card) -> None:
        hand = self.hands[c]
        hand.remove(card)
        self.discard.insert(0, card)
        self.named_suit = None
        self.drawn = None
        self._acted = True
        before = self.pending
        if not hand:
            self._play_out(c, card, before)
            return
        if len(hand) == 1:
            self.window = c
        nxt = self._next(c)
        if card.rank == Rank.JACK:
            self.pending = None
            self.phase = "choose"
            self._event("play", c, N_("{player} played {card} (a Jack goes on anything) and named a "
                                      "suit ({rule})."),
                        N_("You played {card} (a Jack goes on anything) and named a suit ({rule})."),
                        RULE_JACK, cards=(card,))
            return
        text, you, rule, amount = self._play_texts(card, before)
        self._event("play", c, text, you, rule, cards=(card,), next=nxt, k=amount)
        self._end_turn(c)

    def _play_out(self, c: int, card: Card, before: Pending | None) -> None:
        if card.rank in (Rank.TWO, Rank.ACE, Rank.EIGHT) or before is not None:
            text = N_("{player} played {card}, the last card in hand, and won! Finishing on a special "
                      "card is allowed; any penalty is dropped ({rule}).")
            you = N_("You played {card}, the last card in hand, and won! Finishing on a special card "
                     "is allowed; any penalty is dropped ({rule}).")
        else:
            text = N_("{player} played {card}, the last card in hand, and won ({rule}).")
            you = N_("You played {card}, the last card in hand, and won ({rule}).")
        self._event("play", c, text, you, RULE_END, cards=(card,))
        self.pending = None
        self._finish([c], "out")

    def _play_texts(self, card: Card, before: Pending | None) -> tuple[str, str, Rule, int]:
        """The play event's templates and rule, and the new pending amount (RULES.md §2)."""
        if card.rank == Rank.TWO:
            amount = (before.amount if before and before.kind == "two" else 0) + 2
            self.pending = Pending("two", amount)
            return (N_("{player} played {card}: {next} must draw {k} or play a 2 ({rule})."),
                    N_("You played {card}: {next} must draw {k} or play a 2 ({rule})."),
                    RULE_TWO, amount)
        if card.rank == Rank.ACE:
            amount = (before.amount if before and before.kind == "ace" else 0) + 4
            self.pending = Pending("ace", amount)
            return (N_("{player} played {card} (an Ace goes on anything): {next} must draw {k} or "
                       "play an Ace ({rule})."),
                    N_("You played {card} (an Ace goes on anything): {next} must draw {k} or play "
                       "an Ace ({rule})."), RULE_ACE, amount)
        if card.rank == Rank.EIGHT:
            amount = 1
            if self.rules.eights_accumulate and before and before.kind == "eight":
                amount = before.amount + 1
            self.pending = Pending("eight", amount)
            if self.players == 2:
                return ((N_("{player} played {card}: {next} must play an 8 or miss a turn; with two "
                            "players the player of the 8 then plays again ({rule}).") if amount == 1
                         else N_("{player} played {card}: {next} must play an 8 or miss {k} turns; "
                                 "with two players the player of the 8 then plays again ({rule}).")),
                        (N_("You played {card}: {next} must play an 8 or miss a turn; with two "
                            "players you then play again ({rule}).") if amount == 1
                         else N_("You played {card}: {next} must play an 8 or miss {k} turns; with "
                                 "two players you then play again ({rule}).")), RULE_EIGHT, amount)
            return ((N_("{player} played {card}: {next} must play an 8 or miss a turn ({rule}).")
                     if amount == 1 else
                     N_("{player} played {card}: {next} must play an 8 or miss {k} turns ({rule}).")),
                    (N_("You played {card}: {next} must play an 8 or miss a turn ({rule}).")
                     if amount == 1 else
                     N_("You played {card}: {next} must play an 8 or miss {k} turns ({rule}).")),
                    RULE_EIGHT, amount)
        self.pending = None
        return (N_("{player} played {card}."), N_("You played {card}."), RULE_MATCH, 0)

    def _choose(self, c: int, suit: Suit) -> None:
        self.named_suit = suit
        self._event("choose", c, N_("{player} named {suit}: the next card must be a {sym}, a Jack or "
                                    "an Ace ({rule})."),
                    N_("You named {suit}: the next card must be a {sym}, a Jack or an Ace ({rule})."),
                    RULE_JACK, suit=suit, sym=suit.symbol)
        self._end_turn(c)

    def _draw_penalty(self, c: int, p: Pending) -> None:
        """Draw a pending 2/Ace penalty; nothing is played this turn (RULES.md §2)."""
        if self.skips_owed[c]:
            self.skips_owed[c] -= 1     # the turn drawing the penalty is a missed turn too
        got = self._draw_cards(c, p.amount)
        self.pending = None
        several = p.amount > _PENALTY_STEP[p.kind]
        what = ((N_("2s") if several else N_("2")) if p.kind == "two"
                else (N_("Aces") if several else N_("Ace")))
        if len(got) == p.amount:
            text = N_("{player} drew {k} cards for the {what} and could play nothing this turn "
                      "({rule}).")
            you = N_("You drew {k} cards ({cards}) for the {what} and could play nothing this turn "
                     "({rule}).")
        else:
            text = N_("{player} had to draw {k} cards for the {what} but there were only {n} to "
                      "draw; the turn passed ({rule}).")
            you = N_("You had to draw {k} cards for the {what} but there were only {n} to draw "
                     "({cards}); the turn passed ({rule}).")
        self._event("penalty", c, text, you, _PENDING_RULE[p.kind], cards=got, visible_to=(c,),
                    k=p.amount, n=len(got), what=what)
        self._end_turn(c)

    def _draw_turn(self, c: int) -> None:
        if self.pending is not None:        # a 2 or Ace penalty: draw it all
            self._draw_penalty(c, self.pending)
            return
        got = self._draw_cards(c, 1)
        if not got:
            self._event("draw", c, N_("{player} could not draw: the stock and the discard pile were "
                                      "empty. The turn passed ({rule})."),
                        N_("You could not draw: the stock and the discard pile were empty. The turn "
                           "passed ({rule})."), RULE_STOCK)
            self._end_turn(c)
            return
        card = got[0]
        if self.matches(card):
            self.phase = "drawn"
            self.drawn = card
            self._event("draw", c, N_("{player} drew a card, which could be played at once "
                                      "({rule})."),
                        N_("You drew {card}, which you may play at once ({rule})."), RULE_DRAW,
                        cards=(card,), visible_to=(c,))
        else:
            self._event("draw", c, N_("{player} drew a card and kept it ({rule})."),
                        N_("You drew {card} and kept it ({rule})."), RULE_DRAW, cards=(card,),
                        visible_to=(c,))
            self._end_turn(c)

    def _pass(self, c: int) -> None:
        if self.phase == "drawn":
            self._event("pass", c, N_("{player} kept the card drawn."),
                        N_("You kept the card you drew."), RULE_DRAW)
            self.drawn = None
        elif self.skips_owed[c]:
            extra = self.pending.amount if self.pending and self.pending.kind == "eight" else 0
            self.skips_owed[c] += extra - 1
            self.pending = None
            self._event("pass", c, N_("{player} missed another turn ({rule})."),
                        N_("You missed another turn ({rule})."), RULE_EIGHT)
        else:                    # facing an 8
            k = self.pending.amount
            self.skips_owed[c] += k - 1
            self.pending = None
            if k == 1:
                self._event("pass", c, N_("{player} missed a turn ({rule})."),
                            N_("You missed a turn ({rule})."), RULE_EIGHT)
            else:
                self._event("pass", c, N_("{player} missed a turn; {k} more to miss ({rule})."),
                            N_("You missed a turn; {k} more to miss ({rule})."), RULE_EIGHT, k=k - 1)
        self._end_turn(c)

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase = "play"
        self.drawn = None
        self._could_play = bool(self._playable(seat))
        self._acted = False

    def _end_turn(self, c: int) -> None:
        if len(self.hands[c]) != 1:
            # a call announces the play that leaves one card: a turn that ends without that
            # play (keeping a drawn card, missing a turn to an 8) lets the call lapse
            self.called.discard(c)
        if not self._could_play and not self._acted:
            self.blocked_turns += 1
        else:
            self.blocked_turns = 0
        if self.blocked_turns >= self.players:
            self._end_blocked()
            return
        self._start_turn(self._next(c))

    def _end_blocked(self) -> None:
        fewest = min(len(h) for h in self.hands)
        winners = [s for s, h in enumerate(self.hands) if len(h) == fewest]
        if len(winners) == 1:
            text = N_("Nobody could play or draw for a whole round: the game ends, and {winner} had "
                      "the fewest cards ({k}) and won ({rule}).")
        else:
            text = N_("Nobody could play or draw for a whole round: the game ends; {winners} had "
                      "the fewest cards ({k}) and shared a drawn game ({rule}).")
        self._event("blocked", None, text, "", RULE_END, winners=winners, k=fewest,
                    **({"winner": winners[0]} if len(winners) == 1 else {}))
        self._finish(winners, "blocked")

    def _finish(self, winners: list[int], reason: str) -> None:
        self._over = True
        self._winners = list(winners)
        self.end_reason = reason
        self.window = None
        self.phase = "over"

    # -- views ------------------------------------------------------------------------------
    def _outcome(self, seat: int) -> Outcome | None:
        if not self._over:
            return None
        names, winners = self.names, self._winners
        if len(winners) > 1:
            head = _("Nobody could play or draw for a whole round: the game is drawn between {ws}, "
                     "who have the fewest cards.").format(ws=", ".join(
                         _("you") if w == seat else names[w] for w in winners))
        elif winners == [seat]:
            head = _("You won!") if self.end_reason == "out" else _(
                "You won: nobody could play or draw for a whole round and you have the fewest cards.")
        else:
            head = _("{who} won.").format(who=names[winners[0]])
        left = [s for s in range(self.players) if s not in winners]
        if left:
            head += " " + _("Cards left — {list}.").format(list=", ".join(
                _("{who}: {n}").format(who=names[s], n=len(self.hands[s])) for s in left))
        return Outcome(self.winner, self.end_reason, head, tuple(winners))

    def observation(self, seat: int, reveal: bool = False) -> SwitchObservation:
        """What ``seat`` may see: a :class:`SwitchObservation` (docs/observation.md, "Switch").

        ``reveal=True`` (beginner mode, RULES.md §2: a display setting the person chose) adds
        ``hands`` (every hand) and ``stock`` (top first); never pass it for a seat that should not
        see them. Raises ``ValueError`` for a seat that is not in the game.
        """
        if not 0 <= seat < self.players:
            raise ValueError(_("no seat {s} in a {n}-player game").format(s=seat, n=self.players))
        obs = SwitchObservation(
            game=self.GAME, names=self.names, seat=seat, rules=Preset.of(self.rules),
            phase=self.phase, current_player=self.current_player,
            legal_actions=tuple(self.legal_actions(seat)), scores=None,
            outcome=self._outcome(seat), events=self.events_for(seat),
            card_counts=tuple(len(h) for h in self.hands), hand=tuple(self.hands[seat]),
            players=self.players, dealer=self.dealer, discard=tuple(self.discard),
            top=self.discard[0] if self.discard else None, stock_count=len(self.stock),
            pending=self.pending, named_suit=self.named_suit,
            last_card_called=tuple(sorted(self.called)), window=self.window,
            skips_owed=tuple(self.skips_owed),
            drawn_card=self.drawn if seat == self.turn and self.phase == "drawn" else None,
            hands=tuple(tuple(h) for h in self.hands) if reveal else None,
            stock=tuple(self.stock) if reveal else None)
        return _replace(obs, what_now=what_now(obs))

    def __repr__(self) -> str:
        if self._over:
            status = "over, winners " + ",".join(map(str, self._winners))
        else:
            status = f"player {self.turn} to {self.phase}"
        pend = f", pending {self.pending.kind} {self.pending.amount}" if self.pending else ""
        named = f", named {self.named_suit.symbol}" if self.named_suit else ""
        counts = "/".join(str(len(h)) for h in self.hands)
        top = self.discard[0] if self.discard else "-"
        return (f"<Switch {self.players}p: {status}; top {top}{named}{pend}; hands {counts}; "
                f"stock {len(self.stock)}>")

    def _repr_html_(self) -> str:
        cards = cards_html
        rows = []
        for s, h in enumerate(self.hands):
            mark = " ◀" if s == self.current_player else ""
            bubble = " 💬 " + html.escape(_("last card!")) if s in self.called else ""
            rows.append(f"<tr><td><b>{html.escape(self.names[s])}</b>{mark}{bubble}</td>"
                        f"<td>{cards(h)}</td></tr>")
        extra = []
        if self.named_suit:
            extra.append(html.escape(_("suit named: {s}").format(s=self.named_suit.symbol)))
        if self.pending:
            extra.append(html.escape(_("pending: {p}").format(p=self.pending.describe())))
        if self._over:
            extra.append(html.escape(self.log[-1].explain() if self.log else ""))
        rows.append(f"<tr><td>{html.escape(_('Discard pile'))}</td><td>{cards(self.discard[:1])} "
                    f"<small>({len(self.discard)})</small> {' · '.join(extra)}</td></tr>")
        rows.append(f"<tr><td>{html.escape(_('Stock'))}</td><td>{cards(self.stock)}</td></tr>")
        return '<table class="cardkit-switch">' + "".join(rows) + "</table>"

    @classmethod
    def _from_setup(cls, setup: dict) -> SwitchState:
        return new_game(rules_from_dict(SwitchRules, setup["rules"]), seed=setup["seed"],
                        deck=setup.get("deck"), hands=setup.get("hands"),
                        dealer=setup.get("dealer"), names=setup.get("names"))


# -- starting a game -----------------------------------------------------------------------------
def _cards(value, what: str) -> list[Card]:
    cards = parse_cards(value) if isinstance(value, str) else [parse_card(c) for c in value]
    if any(c.is_joker for c in cards):
        raise _bad(N_("Switch is played without jokers ({what}) ({rule})."), RULE_DEAL, what=what)
    return cards


def _given_hands(hands, deck_cards, n: int, rng) -> tuple[list[list[Card]], list[Card]]:
    """Hands given directly and the stock (``deck`` or the rest of the pack, shuffled)."""
    hand_cards = [_cards(h, "hands") for h in hands]
    if len(hand_cards) != n or any(not h for h in hand_cards):
        raise _bad(N_("hands must give {n} non-empty hands ({rule})."), RULE_DEAL, n=n)
    dealt = [c for h in hand_cards for c in h]
    if deck_cards is None:
        deck_cards = shuffled([c for c in standard_pack() if c not in set(dealt)], rng)
    stock = list(deck_cards)
    if len(set(dealt + stock)) != len(dealt) + len(stock):
        raise _bad(N_("A card appears twice in the hands and stock ({rule})."), RULE_DEAL)
    if not stock:
        raise _bad(N_("The stock needs a card to turn up as the starter ({rule})."), RULE_DEAL)
    return hand_cards, stock


def _check_deck(deck_cards, rules: SwitchRules) -> None:
    if len(set(deck_cards)) != len(deck_cards):
        raise _bad(N_("The deck holds a card twice ({rule})."), RULE_DEAL)
    need = rules.players * rules.hand_size + 1
    if len(deck_cards) < need:
        raise _bad(N_("{n} players × {h} cards + the starter need {k} cards; the deck has {d} "
                      "({rule})."), RULE_DEAL, n=rules.players, h=rules.hand_size, k=need,
                   d=len(deck_cards))


def _deal(state: SwitchState, deck_cards: list[Card], first: int) -> None:
    """Deal ``hand_size`` cards each, one at a time, from ``first`` on; the rest is the stock."""
    n, k = state.players, state.players * state.rules.hand_size
    for i, card in enumerate(deck_cards[:k]):
        state.hands[(first + i) % n].append(card)
    state.stock = list(deck_cards[k:])
    state._event("deal", state.dealer, N_("{player} dealt {h} cards to each of {n} players, one at "
                                          "a time, starting with {next}, the first to play ({rule})."),
                 N_("You dealt {h} cards to each of {n} players, one at a time, starting with "
                    "{next}, the first to play ({rule})."), RULE_DEAL, h=state.rules.hand_size, n=n,
                 next=first)


def new_game(rules: SwitchRules | None = None, *, seed: int | None = None,
             deck: Sequence[Card | str] | str | None = None,
             hands: Sequence[Sequence[Card | str] | str] | None = None,
             dealer: int | None = None, names: Sequence[str] | None = None) -> SwitchState:
    """Deal a new game of Switch (RULES.md §2) and turn up the starter.

    - ``rules``: a :class:`SwitchRules` (default: the RULES.md defaults, with as many players as
      ``hands`` gives hands).
    - ``seed``: feeds ``numpy.random.default_rng``; it shuffles the pack, picks the dealer when
      ``dealer`` is ``None`` (after the shuffle) and shuffles every rebuilt stock. Without a seed a
      fresh one is drawn from the OS and recorded, so ``to_json`` still replays exactly.
    - ``deck``: a stacked pack, **top first** (cards or their text, e.g. ``"10S 4H …"``), dealt one
      card at a time starting with the player after the dealer; the rest is the stock, whose top
      card is turned up as the starter (specials put back at index ``len(stock)//2``). Usually all
      52 cards; a shorter pack of distinct cards is accepted for demonstrations (it needs at least
      ``players * hand_size + 1`` cards).
    - ``hands``: each player's cards given directly (then ``hand_size`` is not used); the stock is
      ``deck`` if given, else the rest of the 52-card pack shuffled with the seed. The starter is
      turned from that stock as above.
    - ``dealer``: the dealer's seat (0..players-1); the player after the dealer plays first.
    - ``names``: the players' names (default "Player 1", "Player 2", …).

    Raises ``ValueError`` (naming the rule) for a bad pack, duplicated cards, a wrong number of
    hands or a dealer out of range.
    """
    if rules is None:
        rules = SwitchRules(players=len(hands)) if hands is not None and 2 <= len(hands) <= 6 \
            else SwitchRules()
    n = rules.players
    if seed is None:
        seed = int(np.random.SeedSequence().entropy)
    rng = np.random.default_rng(seed)
    names = tuple(names) if names is not None else default_names(n)
    if len(names) != n:
        raise _bad(N_("{k} names given for {n} players ({rule})."), k=len(names), n=n)
    state = SwitchState(rules, rng, names)
    deck_cards = None if deck is None else _cards(deck, "deck")
    hand_cards = None
    if hands is not None:
        hand_cards, stock = _given_hands(hands, deck_cards, n, rng)
    else:
        deck_cards = shuffled(standard_pack(), rng) if deck_cards is None else deck_cards
        _check_deck(deck_cards, rules)
    state.dealer = int(rng.integers(n)) if dealer is None else int(dealer)
    if not 0 <= state.dealer < n:
        raise _bad(N_("The dealer must be a seat 0..{m}, not {d} ({rule})."), RULE_DEAL, m=n - 1,
                   d=dealer)
    first = (state.dealer + 1) % n
    if hand_cards is not None:
        state.hands = [list(h) for h in hand_cards]
        state.stock = stock
        state._event("deal", state.dealer, N_("{player} dealt; {next} to play first ({rule})."),
                     N_("You dealt; {next} to play first ({rule})."), RULE_DEAL, next=first)
    else:
        _deal(state, deck_cards, first)
    _turn_starter(state)
    state._setup = {
        # the dealer as given: replaying with None draws it from the RNG again, as here
        "rules": rules_to_dict(rules), "seed": seed,
        "dealer": None if dealer is None else state.dealer,
        "deck": None if deck is None else [str(c) for c in deck_cards],
        "hands": None if hands is None else [[str(c) for c in h] for h in hand_cards],
        "names": list(names),
    }
    state._start_turn(first)
    return state


def full_stock(hands: Sequence[Sequence[Card | str] | str], top: Sequence[Card | str] | str = "",
               seed: int = 0) -> list[Card]:
    """A stock for ``new_game(hands=..., deck=...)`` in lessons: the cards ``top`` first (the
    first of them is turned up as the starter), then every other card of the 52-card pack that is
    not in ``hands``, shuffled with ``numpy.random.default_rng(seed)``. Top first."""
    first = _cards(top, "top") if top else []
    used = set(first) | {c for h in hands for c in _cards(h, "hands")}
    rest = [c for c in standard_pack() if c not in used]
    return first + shuffled(rest, np.random.default_rng(seed))


def _turn_starter(state: SwitchState) -> None:
    """Turn the stock's top card up; put specials back at index ``len(stock)//2`` (RULES.md §2)."""
    returned: set[Card] = set()
    while True:
        card = state.stock.pop(0)
        if is_special(card) and any(not is_special(c) for c in state.stock):
            # a card coming up again (a short stock cycling its specials on top) goes to the
            # bottom instead, so that a plain card always comes up
            at = len(state.stock) // 2 if card not in returned else len(state.stock)
            returned.add(card)
            state.stock.insert(at, card)
            # the card was turned face up for everyone: the history may name it
            state._event("return", None, N_(
                "{card} was turned up, but a 2, 8, Jack or Ace cannot start the discard pile: it "
                "went back into the middle of the stock and the next card was turned ({rule})."),
                "", RULE_DEAL, cards=(card,), index=at)
            continue
        state.discard = [card]
        state._event("starter", None, N_("{card} was turned up to start the discard pile ({rule})."),
                     "", RULE_DEAL, cards=(card,))
        return


# -- words for tables ----------------------------------------------------------------------------
def _pending_text(obs: SwitchObservation) -> str:
    pending = obs.pending
    if pending.kind == "eight":
        return _("You face an 8: play an 8, or pass and miss this turn ({rule}).").format(
            rule=RULE_EIGHT)
    if pending.kind == "two":
        return _("You face a draw of {n}: play a 2 to pass {m} on, or draw {n} cards ({rule})."
                 ).format(n=pending.amount, m=pending.amount + 2, rule=RULE_TWO)
    return _("You face a draw of {n}: play an Ace to pass {m} on, or draw {n} cards ({rule})."
             ).format(n=pending.amount, m=pending.amount + 4, rule=RULE_ACE)


def what_now(obs: SwitchObservation) -> str:
    """One sentence in the second person saying what the seat of ``obs`` may do now and the plain
    name of the rule that applies (the observation's ``what_now``). Uses only the observation.

    It never hints at the "last card" call or at a challenge: remembering those is the player's
    job.
    """
    if obs.is_over:
        return obs.outcome.text + " " + _("Press New game to play again.")
    cp = obs.current_player
    if cp != obs.seat:
        return _("Waiting for {who}.").format(who=obs.names[cp])
    if obs.phase == "choose":
        return _("You played a Jack: name the suit the next player must follow ({rule}).").format(
            rule=RULE_JACK)
    if obs.phase == "drawn":
        return _("You drew {card}: play it now, or pass to keep it ({rule}).").format(
            card=obs.drawn_card, rule=RULE_DRAW)
    if obs.skips_owed[obs.seat]:
        if obs.pending is not None and obs.pending.kind != "eight":
            return _("You miss this turn (8s), and face a draw of {n}: draw the cards ({rule})."
                     ).format(n=obs.pending.amount, rule=RULE_EIGHT)
        return _("You miss this turn (8s): press Pass ({rule}).").format(rule=RULE_EIGHT)
    if obs.pending is not None:
        return _pending_text(obs)
    if obs.named_suit is not None:
        s = obs.named_suit
        return _("Play a {sym} card ({suit} were named after the Jack), a Jack or an Ace — or draw "
                 "a card ({rule}).").format(sym=s.symbol, suit=_(s.word), rule=RULE_JACK)
    top = obs.top
    return _("Play a card that matches {top} by suit ({sym}) or rank ({rank}) — a Jack or an Ace "
             "goes on anything — or draw a card ({rule}).").format(
        top=top, sym=top.suit.symbol, rank=top.rank.label, rule=RULE_MATCH)


# -- computer players ----------------------------------------------------------------------------
_LEVELS = {  # forget_rate (not calling "last card"), catch_rate (challenging a forgetful player)
    "random": (0.5, 0.5),
    "easy": (0.25, 0.6),
    "hard": (0.05, 1.0),
}


class SwitchComputer:
    """A computer player for Switch (RULES.md §2) that sees only ``state.observation(seat)``.

    ``level``: ``"easy"`` (default), ``"hard"`` or ``"random"`` (any legal move, for tests).
    ``forget_rate``: chance (0–1) of not calling "last card" before the play that leaves one card
    (easy 0.25, hard 0.05); ``catch_rate``: chance of challenging a player who forgot (easy 0.6,
    hard 1.0). Both draw from its own RNG seeded with ``seed``.

    How it plays (easy and hard): answers a pending 2/Ace/8 with a 2/Ace/8 when it has one; else
    plays a plain card (the one whose suit it holds most of), keeping 2s, 8s and Aces for when the
    next player is close to going out or nothing plain fits, and a Jack for last (it draws instead
    of spending a Jack while it holds 4+ cards and something can be drawn — hard only); it plays a
    playable drawn card; it names the suit it holds most of. It never calls "last card" late: it
    calls just before the play, or forgets.
    """

    def __init__(self, level: str = "easy", seed: int | None = None, *,
                 forget_rate: float | None = None, catch_rate: float | None = None):
        if level not in _LEVELS:
            raise ValueError(_("unknown level {l!r}: use one of {ls}").format(
                l=level, ls=", ".join(_LEVELS)))
        self.level = level
        self.rng = np.random.default_rng(seed)
        f, c = _LEVELS[level]
        self.forget_rate = f if forget_rate is None else float(forget_rate)
        self.catch_rate = c if catch_rate is None else float(catch_rate)

    def __repr__(self) -> str:
        return f"SwitchComputer({self.level!r})"

    def choose(self, obs: dict) -> Action:
        """Pick one of ``obs["legal_actions"]``. Raises ``ValueError`` when there is none."""
        legal = list(obs["legal_actions"])
        if not legal:
            raise ValueError(_("No move to choose: it is not this seat's decision."))
        if self.level == "random":
            return legal[int(self.rng.integers(len(legal)))]
        if legal == [LAST_CARD]:       # asked out of turn: it only is when it means to call
            return LAST_CARD
        if CHALLENGE in legal and obs["window"] not in obs["last_card_called"]:
            if self.rng.random() < self.catch_rate:
                return CHALLENGE
        hand = obs["hand"]
        if obs["phase"] == "choose":
            return Action("choose", word=_favourite_suit(hand, obs["top"]).word)
        move = self._move(obs, legal)
        if move.kind == "play" and LAST_CARD in legal and len(hand) == 2:
            if self.rng.random() >= self.forget_rate:
                return LAST_CARD
        return move

    def _move(self, obs: dict, legal: list[Action]) -> Action:
        plays = [a.card for a in legal if a.kind == "play"]
        fallback = DRAW if DRAW in legal else PASS
        if obs["phase"] == "drawn" or obs["pending"] is not None:
            return Action.play(_best_special(plays)) if plays else fallback
        if not plays:
            return fallback
        hand = obs["hand"]
        seat, n = obs["seat"], obs["players"]
        next_count = obs["hand_counts"][(seat + 1) % n]
        plain = [c for c in plays if not is_special(c)]
        attacks = [c for c in plays if c.rank in (Rank.TWO, Rank.EIGHT, Rank.ACE)]
        jacks = [c for c in plays if c.rank == Rank.JACK]
        if attacks and next_count <= 2:
            return Action.play(_best_special(attacks))
        if plain:
            counts = Counter(c.suit for c in hand)
            return Action.play(max(plain, key=lambda c: (counts[c.suit], int(c.rank))))
        if attacks:
            return Action.play(_best_special(attacks, keep_aces=True))
        can_draw = obs["stock_count"] > 0 or len(obs["discard"]) > 1
        if self.level == "hard" and len(hand) >= 4 and can_draw:
            return DRAW
        return Action.play(jacks[0])


def _best_special(cards: list[Card], keep_aces: bool = False) -> Card:
    order = ((Rank.EIGHT, Rank.TWO, Rank.ACE, Rank.JACK) if keep_aces
             else (Rank.ACE, Rank.TWO, Rank.EIGHT, Rank.JACK))
    def key(c: Card):
        return (order.index(c.rank) if c.rank in order else -1, -int(c.rank))
    return min(cards, key=key)


def _favourite_suit(hand: Sequence[Card], top: Card | None) -> Suit:
    """The suit held most (Jacks not counted: they go on anything); ties in ♠♥♦♣ order."""
    counts = Counter(c.suit for c in hand if c.rank != Rank.JACK)
    if not counts:
        return top.suit if top is not None and top.suit else SUITS[0]
    best = max(counts.values())
    return next(s for s in SUITS if counts.get(s) == best)


def computer_player(level: str = "easy", seed: int | None = None, **options) -> SwitchComputer:
    """A :class:`SwitchComputer` (one per seat). ``options``: ``forget_rate``, ``catch_rate``."""
    return SwitchComputer(level, seed, **options)


def play_out(state: SwitchState, players, max_actions: int = 20000) -> SwitchState:
    """Let computer ``players`` (a list, one per seat, or a dict seat → player) play ``state``
    to the end, each choosing from its own observation. Returns ``state``.

    Raises ``RuntimeError`` if the game has not ended after ``max_actions`` actions.
    """
    for _i in range(max_actions):
        if state.is_over:
            return state
        seat = state.current_player
        state.apply(players[seat].choose(state.observation(seat)))
    if not state.is_over:
        raise RuntimeError(_("the game did not end within {n} actions").format(n=max_actions))
    return state

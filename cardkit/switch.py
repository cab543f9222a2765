"""Switch (RULES.md §2): shed your cards by matching suit or rank; 2s, 8s, Jacks and Aces are special.

Quick start::

    >>> from cardkit import switch
    >>> g = switch.new_game(seed=1)
    >>> g.legal_actions()            # for g.current_player
    >>> g.apply("draw")              # or "play 9♥", "pass", "choose hearts", "last card", "challenge"

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
from typing import Iterable, NamedTuple, Sequence

import numpy as np

from .cards import cards_html, Card, Rank, Suit, SUITS, parse_card, parse_cards, shuffled, standard_pack
from .core import Action, Event, GameState, IllegalAction, rules_from_dict, rules_to_dict
from .i18n import _, ngettext

__all__ = ["SwitchRules", "Pending", "SwitchState", "SwitchComputer", "new_game", "what_now",
           "refusal", "computer_player", "play_out", "full_stock", "SPECIAL_RANKS", "is_special"]

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


def _rule() -> str:
    return _("Switch (RULES.md §2)")


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

    Raises ``ValueError`` naming the rule when an option is out of range.
    """

    players: int = 2
    hand_size: int = 7
    penalty_last_card: int = 2
    eights_accumulate: bool = False

    def __post_init__(self):
        for name in ("players", "hand_size", "penalty_last_card"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                raise ValueError(_("{rule}: {name} must be a whole number, not {v!r}").format(
                    rule=_rule(), name=name, v=v))
        if not 2 <= self.players <= 6:
            raise ValueError(_("{rule}: players must be 2 to 6, not {v}").format(
                rule=_rule(), v=self.players))
        if self.hand_size < 1:
            raise ValueError(_("{rule}: hand_size must be at least 1, not {v}").format(
                rule=_rule(), v=self.hand_size))
        if self.players * self.hand_size + 1 > PACK_SIZE:
            raise ValueError(_(
                "{rule}: players × hand_size + 1 (the hands and the starter) must fit the 52-card "
                "pack: {p} × {h} + 1 = {t}").format(rule=_rule(), p=self.players, h=self.hand_size,
                                                     t=self.players * self.hand_size + 1))
        if self.penalty_last_card < 0:
            raise ValueError(_("{rule}: penalty_last_card cannot be negative ({v})").format(
                rule=_rule(), v=self.penalty_last_card))
        if not isinstance(self.eights_accumulate, (bool, np.bool_)):
            raise ValueError(_("{rule}: eights_accumulate is True or False, not {v!r}").format(
                rule=_rule(), v=self.eights_accumulate))

    @classmethod
    def standard(cls, **options) -> "SwitchRules":
        """The defaults of RULES.md §2 (2 players, 7 cards, last-card penalty 2, 8s do not add up),
        with any option overridden by keyword."""
        return cls(**options)


class Pending(NamedTuple):
    """A penalty waiting for the current player (RULES.md §2).

    ``kind`` is ``"two"`` (draw ``amount`` = 2, 4, 6, 8 unless a 2 is played), ``"ace"`` (draw
    4, 8, 12, 16 unless an Ace is played) or ``"eight"`` (miss ``amount`` turns unless an 8 is played).
    A named tuple: ``Pending("two", 4) == ("two", 4)``.
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


# -- the state -----------------------------------------------------------------------------------
class SwitchState(GameState):
    """A game of Switch in progress (RULES.md §2). Build it with :func:`new_game`.

    Public position: ``hands``, ``stock``, ``discard`` (top first), ``pending``, ``named_suit``,
    ``dealer``, ``turn``, ``phase`` (``"play"``, ``"drawn"``, ``"choose"``), ``called`` (seats
    whose "last card" call stands), ``window`` (seat whose last-card window is open, or ``None``),
    ``skips_owed`` (missed turns still owed per seat), ``names``, ``log``.
    See the module documentation for the move protocol.
    """

    GAME = "switch"

    def __init__(self, rules: SwitchRules, rng: np.random.Generator, names: Sequence[str]):
        super().__init__()
        self.rules = rules
        self.rng = rng
        self.names = list(names)
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

    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _event(self, kind: str, player: int | None, text: str, rule: str = "", **data) -> None:
        self.log.append(Event(kind, player, text, rule or _rule(), dict(data)))

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

    def _can_draw_anything(self) -> bool:
        return bool(self.stock) or len(self.discard) > 1

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
            return plays + [PASS]
        return plays + [DRAW]

    def _legal_actions(self) -> list[Action]:
        acts = self.legal_actions()
        if self.window is not None and self.window != self.turn and LAST_CARD not in acts:
            acts += self.legal_actions(self.window)
        return acts

    def _check(self, action: Action) -> None:
        if action in self._legal_actions():
            return
        raise IllegalAction(self.why_not(action))

    def why_not(self, action: "Action | str") -> str:
        """The sentence naming the rule (RULES.md §2) that forbids ``action`` now — what
        :meth:`apply` raises with. (For a legal action the sentence is meaningless.)"""
        action = Action.parse(action)
        r = _rule()
        c = self.turn
        who = self._name(c)
        kind = action.kind
        if kind == "last card":
            return _("{r}: “last card” is called just before the play that leaves you one card "
                     "(holding 2 cards with a card you may play) or just after it, until the next "
                     "player acts").format(r=r)
        if kind == "challenge":
            if self.window is None:
                return _("{r}: nobody can be challenged now — a challenge is made by the next "
                         "player, before acting, against a player who has just played down to one "
                         "card").format(r=r)
            return _("{r}: only the next player can challenge, before acting").format(r=r)
        if self.phase == "choose":
            return _("{r}: {who} played a Jack and must now name a suit (choose spades, hearts, "
                     "diamonds or clubs)").format(r=r, who=who)
        if kind == "choose":
            return _("{r}: a suit is named only right after playing a Jack").format(r=r)
        if self.phase == "drawn":
            if kind == "play":
                return _("{r}: after drawing, only the card just drawn may be played ({card}), "
                         "or pass to keep it").format(r=r, card=self.drawn)
            return _("{r}: after drawing, play the card just drawn or pass").format(r=r)
        if self.skips_owed[c]:
            if self.pending is not None and self.pending.kind != "eight":
                return _("{r}: {who} must miss this turn (8s) and faces a draw of {n}: the only "
                         "move is draw").format(r=r, who=who, n=self.pending.amount)
            return _("{r}: {who} must miss this turn (8s): the only move is pass").format(r=r, who=who)
        p = self.pending
        if kind == "play":
            card = action.card
            if card not in self.hands[c]:
                return _("{r}: {who} does not hold {card}").format(r=r, who=who, card=card)
            if p is not None and p.kind == "two":
                return _("{r}: a pending draw-{n} can only be answered with a 2 — {card} is not a "
                         "2").format(r=r, n=p.amount, card=card)
            if p is not None and p.kind == "ace":
                return _("{r}: a pending draw-{n} (Aces) can only be answered with an Ace — {card} "
                         "is not an Ace").format(r=r, n=p.amount, card=card)
            if p is not None and p.kind == "eight":
                return _("{r}: facing an 8 you must play another 8 or miss the turn (pass) — "
                         "{card} is not an 8").format(r=r, card=card)
            if self.named_suit is not None:
                return _("{r}: a Jack named {suit}: play a {sym} card, a Jack or an Ace — not "
                         "{card}").format(r=r, suit=self.named_suit.word, sym=self.named_suit.symbol,
                                          card=card)
            return _("{r}: {card} matches neither the suit ({suit}) nor the rank ({rank}) of {top}; "
                     "only Jacks and Aces go on anything").format(
                r=r, card=card, suit=self.top.suit.symbol, rank=self.top.rank.label, top=self.top)
        if kind == "draw" and p is not None and p.kind == "eight":
            return _("{r}: facing an 8 you cannot draw: play an 8 or pass (miss the turn)").format(r=r)
        if kind == "pass":
            return _("{r}: pass is only for keeping a card just drawn or for missing a turn after "
                     "an 8; otherwise play or draw").format(r=r)
        return _("{r}: {a} is not a move now").format(r=r, a=action)

    # -- applying ---------------------------------------------------------------------------
    def apply(self, action: "Action | str") -> "SwitchState":
        """Apply ``action`` (an :class:`~cardkit.core.Action` or its text) and return ``self``.

        Raises :class:`~cardkit.core.IllegalAction` naming the rule when the move is not allowed
        now; the state is then exactly as it was. (Same contract as ``GameState.apply``; the
        backup is a cheap snapshot of the piles instead of a deep copy of everything, because
        cards are immutable — a computer-vs-computer game runs about four times faster.)
        """
        action = Action.parse(action)
        if self.is_over:
            raise IllegalAction(_("{a}: the game is over").format(a=action))
        self._check(action)
        saved = dict(self.__dict__)
        piles = ([list(h) for h in self.hands], list(self.stock), list(self.discard),
                 set(self.called), list(self.skips_owed), list(self.log),
                 self.rng.bit_generator.state)
        try:
            self._apply(action)
        except BaseException:
            self.__dict__.clear()
            self.__dict__.update(saved)
            (self.hands, self.stock, self.discard, self.called, self.skips_owed, self.log,
             self.rng.bit_generator.state) = piles
            raise
        self.actions.append(str(action))
        return self

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
        elif kind == "pass":
            self._pass(c)
        else:  # pragma: no cover - _check stops anything else
            raise IllegalAction(self.why_not(action))

    def _call_last_card(self, seat: int) -> None:
        self.called.add(seat)
        self._event("last card", seat, _("{p} called “last card”!").format(p=self._name(seat)),
                    rule=_("Switch (RULES.md §2, last card)"))

    def _challenge(self, c: int) -> None:
        target = self.window
        self.window = None
        rule = _("Switch (RULES.md §2, last card)")
        if target in self.called:
            self._event("challenge", c, _(
                "{c} challenged {t}, but {t} had called “last card”: a wrong challenge costs "
                "nothing.").format(c=self._name(c), t=self._name(target)), rule=rule,
                target=target, caught=False)
            return
        k = self.rules.penalty_last_card
        got = self._draw_cards(target, k)
        self._event("challenge", c, _(
            "{c} caught {t}: {t} had not called “last card”, so {t} drew {n} of {k} penalty "
            "cards.").format(c=self._name(c), t=self._name(target), n=len(got), k=k)
            if len(got) < k else ngettext(
            "{c} caught {t}: {t} had not called “last card”, so {t} drew {k} penalty card.",
            "{c} caught {t}: {t} had not called “last card”, so {t} drew {k} penalty cards.",
            k).format(
            c=self._name(c), t=self._name(target), k=k),
            rule=rule, target=target, caught=True, cards=got)

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
                self._event("rebuild", None, ngettext(
                    "The stock was empty: the discard pile except its top card was shuffled to "
                    "make a new stock of {n} card.",
                    "The stock was empty: the discard pile except its top card was shuffled to "
                    "make a new stock of {n} cards.", len(rest)).format(n=len(rest)),
                    rule=_("Switch (RULES.md §2, stock empty)"), count=len(rest))
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
        name, nxt = self._name(c), self._name(self._next(c))
        before = self.pending
        if not hand:
            dropped = ""
            if card.rank in (Rank.TWO, Rank.ACE, Rank.EIGHT) or before is not None:
                dropped = _(" Finishing on a special card is allowed; any penalty is dropped.")
            self._event("play", c, _("{p} played {card}, the last card in hand, and won!").format(
                p=name, card=card) + dropped, rule=_("Switch (RULES.md §2, end)"), card=card)
            self.pending = None
            self._finish([c], "out")
            return
        if len(hand) == 1:
            self.window = c
        rule = _rule()
        if card.rank == Rank.TWO:
            amount = (before.amount if before and before.kind == "two" else 0) + 2
            self.pending = Pending("two", amount)
            text = _("{p} played {card}: {n} must draw {k} or play a 2.").format(
                p=name, card=card, n=nxt, k=amount)
            rule = _("Switch (RULES.md §2, 2s)")
        elif card.rank == Rank.ACE:
            amount = (before.amount if before and before.kind == "ace" else 0) + 4
            self.pending = Pending("ace", amount)
            text = _("{p} played {card} (an Ace goes on anything): {n} must draw {k} or play an "
                     "Ace.").format(p=name, card=card, n=nxt, k=amount)
            rule = _("Switch (RULES.md §2, Aces)")
        elif card.rank == Rank.EIGHT:
            amount = 1
            if self.rules.eights_accumulate and before and before.kind == "eight":
                amount = before.amount + 1
            self.pending = Pending("eight", amount)
            text = ngettext("{p} played {card}: {n} must play an 8 or miss a turn.",
                            "{p} played {card}: {n} must play an 8 or miss {k} turns.",
                            amount).format(p=name, card=card, n=nxt, k=amount)
            if self.players == 2:
                text += " " + _("(Two players: the player of the 8 then plays again.)")
            rule = _("Switch (RULES.md §2, 8s)")
        elif card.rank == Rank.JACK:
            self.pending = None
            self.phase = "choose"
            self._event("play", c, _("{p} played {card} (a Jack goes on anything) and named a "
                                     "suit.").format(p=name, card=card),
                        rule=_("Switch (RULES.md §2, Jacks)"), card=card)
            return
        else:
            self.pending = None
            text = _("{p} played {card}.").format(p=name, card=card)
        self._event("play", c, text, rule=rule, card=card)
        self._end_turn(c)

    def _choose(self, c: int, suit: Suit) -> None:
        self.named_suit = suit
        self._event("choose", c, _("{p} named {suit}: the next card must be a {sym}, a Jack or an "
                                   "Ace.").format(p=self._name(c), suit=suit.word, sym=suit.symbol),
                    rule=_("Switch (RULES.md §2, Jacks)"), suit=suit.word)
        self._end_turn(c)

    def _draw_turn(self, c: int) -> None:
        name = self._name(c)
        p = self.pending
        if p is not None:        # a 2 or Ace penalty: draw it all, play nothing this turn
            if self.skips_owed[c]:
                self.skips_owed[c] -= 1     # the turn drawing the penalty is a missed turn too
            got = self._draw_cards(c, p.amount)
            self.pending = None
            several = p.amount > _PENALTY_STEP[p.kind]
            what = ((_("2s") if several else _("2")) if p.kind == "two"
                    else (_("Aces") if several else _("Ace")))
            rule = _("Switch (RULES.md §2, 2s)") if p.kind == "two" else _(
                "Switch (RULES.md §2, Aces)")
            if len(got) == p.amount:
                text = _("{p} drew {k} cards for the {what} and could play nothing this turn.").format(
                    p=name, k=p.amount, what=what)
            else:
                text = _("{p} had to draw {k} cards for the {what} but there were only {n} to "
                         "draw; the turn passed.").format(p=name, k=p.amount, what=what,
                                                          n=len(got))
            self._event("penalty", c, text, rule=rule, cards=got)
            self._end_turn(c)
            return
        got = self._draw_cards(c, 1)
        if not got:
            self._event("draw", c, _("{p} could not draw: the stock and the discard pile were "
                                     "empty. The turn passed.").format(p=name),
                        rule=_("Switch (RULES.md §2, stock empty)"))
            self._end_turn(c)
            return
        card = got[0]
        if self.matches(card):
            self.phase = "drawn"
            self.drawn = card
            self._event("draw", c, _("{p} drew a card, which could be played at once.").format(p=name),
                        card=card)
        else:
            self._event("draw", c, _("{p} drew a card and kept it.").format(p=name), card=card)
            self._end_turn(c)

    def _pass(self, c: int) -> None:
        name = self._name(c)
        rule8 = _("Switch (RULES.md §2, 8s)")
        if self.phase == "drawn":
            self._event("pass", c, _("{p} kept the card drawn.").format(p=name))
            self.drawn = None
        elif self.skips_owed[c]:
            extra = self.pending.amount if self.pending and self.pending.kind == "eight" else 0
            self.skips_owed[c] += extra - 1
            self.pending = None
            self._event("pass", c, _("{p} missed another turn (8s).").format(p=name), rule=rule8)
        else:                    # facing an 8
            k = self.pending.amount
            self.skips_owed[c] += k - 1
            self.pending = None
            self._event("pass", c, ngettext("{p} missed a turn (8).",
                                            "{p} missed a turn (8s); {k} more to miss.",
                                            k).format(p=name, k=k - 1), rule=rule8)
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
            fewest = min(len(h) for h in self.hands)
            winners = [s for s, h in enumerate(self.hands) if len(h) == fewest]
            if len(winners) == 1:
                text = _("Nobody could play or draw for a whole round: the game ends, and {p} had "
                         "the fewest cards ({k}) and won.").format(p=self._name(winners[0]), k=fewest)
            else:
                text = _("Nobody could play or draw for a whole round: the game ends; {ps} had "
                         "the fewest cards ({k}) and shared a drawn game.").format(
                    ps=", ".join(self._name(s) for s in winners), k=fewest)
            self._event("blocked", None, text, rule=_("Switch (RULES.md §2, end)"),
                        winners=winners)
            self._finish(winners, "blocked")
            return
        self._start_turn(self._next(c))

    def _finish(self, winners: list[int], reason: str) -> None:
        self._over = True
        self._winners = list(winners)
        self.end_reason = reason
        self.window = None
        self.phase = "over"

    # -- views ------------------------------------------------------------------------------
    def observation(self, seat: int, reveal: bool = False) -> dict:
        """What ``seat`` may see (RULES.md §2; DESIGN.md "observation").

        Keys: ``game``, ``seat``, ``players``, ``names``, ``rules``, ``dealer``, ``current_player``,
        ``legal_actions`` (this seat's moves now, possibly the out-of-turn ``last card``),
        ``phase``, ``is_over``, ``winner``, ``winners``, ``end_reason``, ``hand`` (own cards),
        ``hand_counts`` (cards per seat), ``discard`` (the face-up pile, top first), ``top``,
        ``stock_count``, ``pending`` (:class:`Pending` or ``None``), ``named_suit``,
        ``last_card_called`` (seats whose call stands), ``window`` (seat that may still be
        challenged, or ``None``), ``skips_owed``, ``drawn_card`` (own card just drawn, else
        ``None``), ``log`` (public sentences, newest last).

        ``reveal=True`` (beginner mode, RULES.md §2) adds ``hands`` (every hand) and ``stock``
        (top first); never pass it for a seat that should not see them.
        """
        if not 0 <= seat < self.players:
            raise ValueError(_("no seat {s} in a {n}-player game").format(s=seat, n=self.players))
        obs = {
            "game": self.GAME, "seat": seat, "players": self.players, "names": list(self.names),
            "rules": self.rules, "dealer": self.dealer,
            "current_player": self.current_player, "legal_actions": self.legal_actions(seat),
            "phase": self.phase, "is_over": self._over, "winner": self.winner,
            "winners": self.winners, "end_reason": self.end_reason,
            "hand": list(self.hands[seat]), "hand_counts": [len(h) for h in self.hands],
            "discard": list(self.discard), "top": self.discard[0] if self.discard else None,
            "stock_count": len(self.stock), "pending": self.pending, "named_suit": self.named_suit,
            "last_card_called": sorted(self.called), "window": self.window,
            "skips_owed": list(self.skips_owed),
            "drawn_card": self.drawn if seat == self.turn and self.phase == "drawn" else None,
            "log": [e.text for e in self.log],
        }
        if reveal:
            obs["hands"] = [list(h) for h in self.hands]
            obs["stock"] = list(self.stock)
        return obs

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
            rows.append(f"<tr><td><b>{html.escape(self._name(s))}</b>{mark}{bubble}</td>"
                        f"<td>{cards(h)}</td></tr>")
        extra = []
        if self.named_suit:
            extra.append(html.escape(_("suit named: {s}").format(s=self.named_suit.symbol)))
        if self.pending:
            extra.append(html.escape(_("pending: {p}").format(p=self.pending.describe())))
        if self._over:
            extra.append(html.escape(self.log[-1].text if self.log else ""))
        rows.append(f"<tr><td>{html.escape(_('Discard pile'))}</td><td>{cards(self.discard[:1])} "
                    f"<small>({len(self.discard)})</small> {' · '.join(extra)}</td></tr>")
        rows.append(f"<tr><td>{html.escape(_('Stock'))}</td><td>{cards(self.stock)}</td></tr>")
        return '<table class="cardkit-switch">' + "".join(rows) + "</table>"

    @classmethod
    def _from_setup(cls, setup: dict) -> "SwitchState":
        return new_game(rules_from_dict(SwitchRules, setup["rules"]), seed=setup["seed"],
                        deck=setup.get("deck"), hands=setup.get("hands"),
                        dealer=setup.get("dealer"), names=setup.get("names"))


# -- starting a game -----------------------------------------------------------------------------
def _cards(value, what: str) -> list[Card]:
    cards = parse_cards(value) if isinstance(value, str) else [parse_card(c) for c in value]
    if any(c.is_joker for c in cards):
        raise ValueError(_("{r}: Switch is played without jokers ({what})").format(r=_rule(), what=what))
    return cards


def new_game(rules: SwitchRules | None = None, *, seed: int | None = None,
             deck: "Sequence[Card | str] | str | None" = None,
             hands: "Sequence[Sequence[Card | str] | str] | None" = None,
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
    - ``names``: display names used in the log (default "Player 0", "Player 1", …).

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
    if names is None:
        names = [_("Player {n}").format(n=s) for s in range(n)]
    if len(names) != n:
        raise ValueError(_("{r}: {k} names given for {n} players").format(r=_rule(), k=len(names), n=n))
    state = SwitchState(rules, rng, names)
    deck_cards = None if deck is None else _cards(deck, "deck")
    if hands is not None:
        hand_cards = [_cards(h, "hands") for h in hands]
        if len(hand_cards) != n or any(not h for h in hand_cards):
            raise ValueError(_("{r}: hands must give {n} non-empty hands").format(r=_rule(), n=n))
        dealt = [c for h in hand_cards for c in h]
        if deck_cards is None:
            deck_cards = shuffled([c for c in standard_pack() if c not in set(dealt)], rng)
        stock = list(deck_cards)
        if len(set(dealt + stock)) != len(dealt) + len(stock):
            raise ValueError(_("{r}: a card appears twice in the hands and stock").format(r=_rule()))
        if not stock:
            raise ValueError(_("{r}: the stock needs a card to turn up as the starter").format(r=_rule()))
    else:
        if deck_cards is None:
            deck_cards = shuffled(standard_pack(), rng)
        if len(set(deck_cards)) != len(deck_cards):
            raise ValueError(_("{r}: the deck holds a card twice").format(r=_rule()))
        need = n * rules.hand_size + 1
        if len(deck_cards) < need:
            raise ValueError(_("{r}: {n} players × {h} cards + the starter need {k} cards; the deck "
                               "has {d}").format(r=_rule(), n=n, h=rules.hand_size, k=need,
                                                 d=len(deck_cards)))
    dealer_given = dealer
    if dealer is None:
        dealer = int(rng.integers(n))
    if not 0 <= int(dealer) < n:
        raise ValueError(_("{r}: dealer must be a seat 0..{m}, not {d}").format(r=_rule(), m=n - 1,
                                                                               d=dealer))
    dealer = int(dealer)
    state.dealer = dealer
    first = (dealer + 1) % n
    if hands is not None:
        state.hands = [list(h) for h in hand_cards]
        state.stock = stock
        state._event("deal", dealer, _("{d} dealt; {f} to play first.").format(
            d=state._name(dealer), f=state._name(first)), rule=_("Switch (RULES.md §2, deal)"))
    else:
        k = n * rules.hand_size
        for i, card in enumerate(deck_cards[:k]):
            state.hands[(first + i) % n].append(card)
        state.stock = list(deck_cards[k:])
        state._event("deal", dealer, _("{d} dealt {h} cards to each of {n} players, one at a time, "
                                       "starting with {f}, the first to play.").format(
            d=state._name(dealer), h=rules.hand_size, n=n, f=state._name(first)),
            rule=_("Switch (RULES.md §2, deal)"))
    _turn_starter(state)
    state._setup = {
        # the dealer as given: replaying with None draws it from the RNG again, as here
        "rules": rules_to_dict(rules), "seed": seed,
        "dealer": None if dealer_given is None else dealer,
        "deck": None if deck is None else [str(c) for c in deck_cards],
        "hands": None if hands is None else [[str(c) for c in h] for h in hand_cards],
        "names": list(names),
    }
    state._start_turn(first)
    return state


def full_stock(hands: "Sequence[Sequence[Card | str] | str]", top: "Sequence[Card | str] | str" = "",
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
    rule = _("Switch (RULES.md §2, deal)")
    while True:
        card = state.stock.pop(0)
        if is_special(card) and any(not is_special(c) for c in state.stock):
            at = len(state.stock) // 2
            state.stock.insert(at, card)
            # the text names the rank only: the card is back in the (hidden) stock now
            what = {Rank.TWO: _("A 2"), Rank.EIGHT: _("An 8"), Rank.JACK: _("A Jack"),
                    Rank.ACE: _("An Ace")}[card.rank]
            state._event("return", None, _(
                "{what} was turned up, but a 2, 8, Jack or Ace cannot start the discard pile: it "
                "went back into the middle of the stock and the next card was turned.").format(
                what=what), rule=rule, card=card, index=at)
            continue
        state.discard = [card]
        state._event("starter", None, _("{card} was turned up to start the discard pile.").format(
            card=card), rule=rule, card=card)
        return


# -- words for tables ----------------------------------------------------------------------------
def _game_over(obs: dict) -> str:
    """Who won, how many cards the others still hold (counts only: the hands stay hidden), and
    how to play again."""
    names, seat = obs["names"], obs["seat"]
    winners = obs["winners"]
    if len(winners) > 1:
        head = _("Nobody could play or draw for a whole round: the game is drawn between {ws}, "
                 "who have the fewest cards.").format(ws=", ".join(names[w] for w in winners))
    elif winners == [seat]:
        head = _("You won!") if obs["end_reason"] == "out" else _(
            "You won: nobody could play or draw for a whole round and you have the fewest cards.")
    else:
        head = _("{who} won.").format(who=names[winners[0]])
    counts = obs["hand_counts"]
    left = [s for s in range(obs["players"]) if s not in winners]
    parts = [head]
    if left:
        parts.append(_("Cards left — {list}.").format(list=", ".join(
            _("{who}: {n}").format(who=names[s], n=counts[s]) for s in left)))
    parts.append(_("Press New game to play again."))
    return " ".join(parts)


def refusal(obs: dict, action: "Action | str") -> str:
    """A short, friendly sentence in the second person saying why the seat of ``obs`` may not make
    ``action`` now, naming the rule in plain words (RULES.md §2) — for a table's "What now" panel,
    followed there by :func:`what_now`. Uses only the observation."""
    action = Action.parse(action)
    kind, seat, names = action.kind, obs["seat"], obs["names"]
    if obs["is_over"]:
        return _("The game is over.")
    mine = obs["current_player"] == seat
    if kind == "last card":
        if seat in obs["last_card_called"]:
            return _("You have already called “last card”.")
        if mine and len(obs["hand"]) == 2 and obs["phase"] in ("play", "drawn"):
            return _("You cannot call “last card” now: none of your cards can be played, so you "
                     "will not get down to one card this turn.")
        return _("You call “last card” only when you hold 2 cards and are about to play one, or "
                 "right after playing down to one card.")
    if kind == "challenge":
        if obs["window"] is None or obs["window"] == seat:
            return _("There is nobody to catch now: you can catch a player only right after they "
                     "play down to one card without calling “last card”.")
        return _("Only the next player can catch {who}, before acting.").format(
            who=names[obs["window"]])
    if not mine:
        if obs["current_player"] is None:
            return _("That move is not allowed now.")
        return _("Wait: it is {who}'s turn.").format(who=names[obs["current_player"]])
    phase, p = obs["phase"], obs["pending"]
    if phase == "choose":
        return _("First name a suit for your Jack.")
    if kind == "choose":
        return _("You name a suit only right after playing a Jack.")
    if phase == "drawn":
        if kind == "play":
            return _("After drawing you may only play the card you drew ({card}), or pass to "
                     "keep it.").format(card=obs["drawn_card"])
        return _("After drawing you play the card you drew or pass.")
    if obs["skips_owed"][seat]:
        return _("You miss this turn because of the 8.")
    if kind == "play":
        card = action.card
        if card not in obs["hand"]:
            return _("You do not hold {card}.").format(card=card)
        if p is not None and p.kind == "two":
            return _("{card} is not a 2: only a 2 can answer a draw of {n}.").format(
                card=card, n=p.amount)
        if p is not None and p.kind == "ace":
            return _("{card} is not an Ace: only an Ace can answer a draw of {n}.").format(
                card=card, n=p.amount)
        if p is not None and p.kind == "eight":
            return _("{card} is not an 8: facing an 8 you play an 8 or miss the turn.").format(
                card=card)
        if obs["named_suit"] is not None:
            s = obs["named_suit"]
            return _("{card} does not follow the suit named after the Jack ({suit}): play a {sym} "
                     "card, a Jack or an Ace.").format(card=card, suit=_(s.word), sym=s.symbol)
        top = obs["top"]
        return _("{card} matches neither the suit ({sym}) nor the rank ({rank}) of {top}; only "
                 "Jacks and Aces go on anything.").format(card=card, sym=top.suit.symbol,
                                                          rank=top.rank.label, top=top)
    if kind == "draw" and p is not None and p.kind == "eight":
        return _("Facing an 8 you cannot draw: play an 8 or pass.")
    if kind == "pass":
        return _("You pass only to keep a card you just drew or to miss a turn after an 8.")
    return _("That move is not allowed now.")


def what_now(obs: dict) -> str:
    """One sentence in the second person saying what the seat of ``obs`` may do now and which rule
    applies (RULES.md §2), for a table's "What now" panel. Uses only the observation.

    It never hints at the "last card" call or at a challenge: remembering those is the player's
    job (TABLES.md, Switch).
    """
    names, seat = obs["names"], obs["seat"]
    if obs["is_over"]:
        return _game_over(obs)
    cp = obs["current_player"]
    if cp != seat:
        return _("Waiting for {who}.").format(who=names[cp])
    phase, pending, top = obs["phase"], obs["pending"], obs["top"]
    if phase == "choose":
        return _("You played a Jack: name the suit the next player must follow (§2, Jacks).")
    if phase == "drawn":
        return _("You drew {card}: play it now, or pass to keep it (§2).").format(
            card=obs["drawn_card"])
    if obs["skips_owed"][seat]:
        if pending is not None and pending.kind != "eight":
            return _("You miss this turn (8s), and face a draw of {n}: draw the cards (§2).").format(
                n=pending.amount)
        return _("You miss this turn (8s): press Pass (§2, 8s).")
    if pending is not None:
        if pending.kind == "eight":
            return _("You face an 8: play an 8, or pass and miss this turn (§2, 8s).")
        if pending.kind == "two":
            return _("You face a draw of {n}: play a 2 to pass {m} on, or draw {n} cards (§2, 2s)."
                     ).format(n=pending.amount, m=pending.amount + 2)
        return _("You face a draw of {n}: play an Ace to pass {m} on, or draw {n} cards (§2, Aces)."
                 ).format(n=pending.amount, m=pending.amount + 4)
    if obs["named_suit"] is not None:
        s = obs["named_suit"]
        return _("Play a {sym} card ({suit} were named after the Jack), a Jack or an Ace — or draw "
                 "a card (§2).").format(sym=s.symbol, suit=_(s.word))
    return _("Play a card that matches {top} by suit ({sym}) or rank ({rank}) — a Jack or an Ace "
             "goes on anything — or draw a card (§2).").format(top=top, sym=top.suit.symbol,
                                                               rank=top.rank.label)


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
            raise ValueError(_("{r}: no move to choose: it is not this seat's decision").format(
                r=_rule()))
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

"""Switch's engine (RULES.md §2): :class:`SwitchState`, a game move by move, and :func:`new_game`
(the deal and the starter), with :func:`full_stock` for stacked lessons.

Every decision is one action (the protocol is in the package documentation, :mod:`cardkit.switch`);
whether an action is allowed is decided by :func:`cardkit.switch.moves.judge` alone. The sentences
of the events are in :mod:`cardkit.switch.text`.
"""
from __future__ import annotations

import html
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ..cards import Card, Rank, Suit, cards_html, parse_card, parse_cards, shuffled, standard_pack
from ..core import (Action, Event, GameState, IllegalAction, Outcome, Preset, check_rules,
                    default_names, rules_from_dict, rules_to_dict)
from ..i18n import shown_name
from . import text as T
from .moves import LAST_CARD, Position, judge, legal_actions, matches, play_action, playable
from .observation import SwitchObservation
from .rules import PENALTY_STEP, Pending, SwitchRules, is_special, pending_kind

__all__ = ["SwitchState", "full_stock", "new_game"]


class SwitchState(GameState):
    """A game of Switch in progress (RULES.md §2). Build it with :func:`new_game`.

    Public position: ``hands``, ``stock``, ``discard`` (top first), ``pending``, ``named_suit``,
    ``dealer``, ``turn``, ``phase`` (``"play"``, ``"drawn"``, ``"choose"``, ``"over"``), ``called``
    (seats whose "last card" call stands), ``window`` (seat whose last-card window is open, or
    ``None``), ``skips_owed`` (missed turns still owed per seat), ``blocked_turns`` (turns in a row
    where nobody could play or got a card), ``names``, ``log``. See :mod:`cardkit.switch` for the
    move protocol.
    """

    GAME = "switch"
    names: tuple[str, ...]

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
        """The number of players (2 to 6)."""
        return self.rules.players

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _event(self, kind: str, player: int | None, told: T.Told, *, cards: Iterable[Card] = (),
               visible_to: tuple[int, ...] | None = None, **data: Any) -> None:
        self.log.append(Event(kind, player, told.text, told.rule, data, tuple(cards), told.you,
                              visible_to, (), self.names))

    @property
    def top(self) -> Card:
        """The card showing on the discard pile."""
        return self.discard[0]

    def suit_to_match(self) -> Suit | None:
        """The named suit after a Jack, else the top card's suit."""
        return self.named_suit or self.top.suit

    def matches(self, card: Card) -> bool:
        """May ``card`` go on the discard pile when nothing is pending? (suit or rank; J/A on all:
        :func:`cardkit.switch.moves.matches`, the rule the judge applies)"""
        return matches(card, self.discard[0] if self.discard else None, self.named_suit)

    def _position(self, seat: int) -> Position:
        """What decides ``seat``'s moves now (the judge's view; the same as its observation's)."""
        return Position(seat, self.current_player, self.phase, self.hands[seat],
                        self.discard[0] if self.discard else None, self.named_suit, self.pending,
                        self.skips_owed[seat],
                        self.drawn if seat == self.turn and self.phase == "drawn" else None,
                        self.window, self.called)

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

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The moves ``seat`` may make now (default: ``current_player``); empty when it is not
        that seat's decision or the game is over. The only out-of-turn move is ``last card`` by the
        player whose last-card window is open."""
        if self._over:
            return []
        return legal_actions(self._position(self.turn if seat is None else seat))

    def _legal_actions(self) -> list[Action]:
        acts = self.legal_actions()
        if self.window is not None and self.window != self.turn and LAST_CARD not in acts:
            acts += self.legal_actions(self.window)
        return acts

    def _refusal(self, action: Action) -> IllegalAction:
        """Why the current player may not make ``action`` (the one judge's answer)."""
        refused = judge(self._position(self.turn), action)
        return (T.refusal_error(refused, self.names) if refused is not None
                else super()._refusal(action))

    def _caller_of_last_card(self) -> int:
        """Whose call the text ``last card`` is now: the open window's player, else the current
        player (the judge allowed one of them before this is asked)."""
        w = self.window
        return w if w is not None and judge(self._position(w), LAST_CARD) is None else self.turn

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
            self._choose(c, Suit.parse(action.word or ""))
        elif kind == "play":
            self._play(c, action.card)
        elif kind == "draw":
            self._draw_turn(c)
        else:
            self._pass(c)

    def _call_last_card(self, seat: int) -> None:
        self.called.add(seat)
        self._event("last card", seat, T.CALLED)

    def _challenge(self, c: int) -> None:
        target = self.window
        assert target is not None            # the judge allows a challenge only then
        self.window = None
        if target in self.called:
            self._event("challenge", c, T.WRONG_CHALLENGE, target=target, caught=False)
            return
        k = self.rules.penalty_last_card
        got = self._draw_cards(target, k)
        self._event("challenge", c, T.caught(k, short=len(got) < k), cards=got,
                    visible_to=(target,), target=target, caught=True, n=len(got), k=k)

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
                self._event("rebuild", None, T.rebuilt(len(rest)), n=len(rest), count=len(rest))
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
            self._event("play", c, T.went_out(pending_kind(card) is not None or before is not None),
                        cards=(card,))
            self.pending = None
            self._finish([c], "out")
            return
        if len(hand) == 1:
            self.window = c
        if card.rank == Rank.JACK:
            self.pending = None
            self.phase = "choose"
            self._event("play", c, T.PLAYED_JACK, cards=(card,))
            return
        self.pending = self._new_pending(card, before)
        amount = self.pending.amount if self.pending else 0
        self._event("play", c, T.played(pending_kind(card) or "", amount, self.players == 2),
                    cards=(card,), next=self._next(c), k=amount)
        self._end_turn(c)

    def _new_pending(self, card: Card, before: Pending | None) -> Pending | None:
        """The penalty ``card`` leaves for the next player (RULES.md §2): 2s and Aces add up (2 or
        4 cards each); an 8 is one missed turn, one more on an 8 with ``eights_accumulate``."""
        kind = pending_kind(card)
        if kind is None:
            return None
        so_far = before.amount if before is not None and before.kind == kind else 0
        if kind == "eight":
            return Pending(kind, so_far + 1 if self.rules.eights_accumulate else 1)
        return Pending(kind, so_far + PENALTY_STEP[kind])

    def _choose(self, c: int, suit: Suit) -> None:
        self.named_suit = suit
        self._event("choose", c, T.NAMED, suit=suit, sym=suit.symbol)
        self._end_turn(c)

    def _draw_penalty(self, c: int, p: Pending) -> None:
        """Draw a pending 2/Ace penalty; nothing is played this turn (RULES.md §2)."""
        if self.skips_owed[c]:
            self.skips_owed[c] -= 1     # the turn drawing the penalty is a missed turn too
        got = self._draw_cards(c, p.amount)
        self.pending = None
        what = T.penalty_what(p.kind, several=p.amount > PENALTY_STEP[p.kind])
        self._event("penalty", c, T.penalty_drawn(p.kind, complete=len(got) == p.amount), cards=got,
                    visible_to=(c,), k=p.amount, n=len(got), what=what)
        self._end_turn(c)

    def _draw_turn(self, c: int) -> None:
        if self.pending is not None:        # a 2 or Ace penalty: draw it all
            self._draw_penalty(c, self.pending)
            return
        got = self._draw_cards(c, 1)
        if not got:
            self._event("draw", c, T.COULD_NOT_DRAW)
            self._end_turn(c)
            return
        card = got[0]
        if judge(self._position(c), play_action(card)) is None:    # it may be played at once
            self.phase = "drawn"
            self.drawn = card
            self._event("draw", c, T.DREW_PLAYABLE, cards=(card,), visible_to=(c,))
        else:
            self._event("draw", c, T.DREW_KEPT, cards=(card,), visible_to=(c,))
            self._end_turn(c)

    def _pass(self, c: int) -> None:
        if self.phase == "drawn":
            self._event("pass", c, T.KEPT_DRAWN)
            self.drawn = None
        elif self.skips_owed[c]:
            extra = self.pending.amount if self.pending and self.pending.kind == "eight" else 0
            self.skips_owed[c] += extra - 1
            self.pending = None
            self._event("pass", c, T.MISSED_ANOTHER)
        else:                    # facing an 8
            k = self.pending.amount if self.pending else 1
            self.skips_owed[c] += k - 1
            self.pending = None
            if k == 1:
                self._event("pass", c, T.MISSED_ONE)
            else:
                self._event("pass", c, T.MISSED_MORE, k=k - 1)
        self._end_turn(c)

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase = "play"
        self.drawn = None
        self._could_play = bool(playable(self._position(seat)))
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
        data: dict[str, Any] = {"winners": winners, "k": fewest}
        if len(winners) == 1:
            data["winner"] = winners[0]
        self._event("blocked", None, T.blocked(shared=len(winners) > 1), **data)
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
        text = T.outcome_text(seat, self._winners, self.end_reason == "out", self.names,
                              [len(h) for h in self.hands])
        return Outcome(self.winner, self.end_reason or "", text, tuple(self._winners))

    def observation(self, seat: int, reveal: bool = False) -> SwitchObservation:
        """What ``seat`` may see: a :class:`SwitchObservation` (docs/observation.md, "Switch").

        ``reveal=True`` (beginner mode, RULES.md §2: a display setting the person chose) adds
        ``hands`` (every hand) and ``stock`` (top first); never pass it for a seat that should not
        see them. Raises ``ValueError`` for a seat that is not in the game.
        """
        if not 0 <= seat < self.players:
            raise ValueError(T.message("seat", s=seat, n=self.players))
        obs = SwitchObservation(
            game=self.GAME, names=tuple(map(shown_name, self.names)), seat=seat, rules=Preset.of(self.rules),
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
        # the one derived field, read from the observation itself; the observation is new and not
        # yet shared, so it is set in place (dataclasses.replace would build it all again)
        object.__setattr__(obs, "what_now", T.what_now(obs))
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

    def __str__(self) -> str:
        return T.state_line(self)

    def _repr_html_(self) -> str:
        words = T.picture_words()
        rows = []
        for s, h in enumerate(self.hands):
            mark = " ◀" if s == self.current_player else ""
            bubble = " 💬 " + html.escape(words["called"]) if s in self.called else ""
            rows.append(f"<tr><td><b>{html.escape(self.names[s])}</b>{mark}{bubble}</td>"
                        f"<td>{cards_html(h)}</td></tr>")
        extra = []
        if self.named_suit:
            extra.append(html.escape(words["named"].format(s=self.named_suit.symbol)))
        if self.pending:
            extra.append(html.escape(words["pending"].format(p=self.pending.describe())))
        if self._over:
            extra.append(html.escape(self.log[-1].explain() if self.log else ""))
        rows.append(f"<tr><td>{html.escape(words['discard'])}</td><td>"
                    f"{cards_html(self.discard[:1])} <small>({len(self.discard)})</small> "
                    f"{' · '.join(extra)}</td></tr>")
        rows.append(f"<tr><td>{html.escape(words['stock'])}</td><td>{cards_html(self.stock)}</td></tr>")
        return '<table class="cardkit-switch">' + "".join(rows) + "</table>"

    @classmethod
    def _from_setup(cls, setup: dict[str, Any]) -> SwitchState:
        return new_game(rules_from_dict(SwitchRules, setup["rules"]), seed=setup["seed"],
                        deck=setup.get("deck"), hands=setup.get("hands"),
                        dealer=setup.get("dealer"), names=setup.get("names"))


# -- starting a game -----------------------------------------------------------------------------
CardsLike = Sequence[Card | str] | str


def _cards(value: CardsLike, what: str) -> list[Card]:
    cards = parse_cards(value) if isinstance(value, str) else [parse_card(c) for c in value]
    if any(c.is_joker for c in cards):
        raise T.option_error("jokers", what=what)
    return cards


def _given_hands(hands: Sequence[CardsLike], deck_cards: list[Card] | None, n: int,
                 rng: np.random.Generator) -> tuple[list[list[Card]] | None, list[Card]]:
    """Hands given directly and the stock (``deck`` or the rest of the pack, shuffled)."""
    hand_cards = [_cards(h, "hands") for h in hands]
    if len(hand_cards) != n or any(not h for h in hand_cards):
        raise T.option_error("hands", n=n)
    dealt = [c for h in hand_cards for c in h]
    if deck_cards is None:
        deck_cards = shuffled([c for c in standard_pack() if c not in set(dealt)], rng)
    stock = list(deck_cards)
    if len(set(dealt + stock)) != len(dealt) + len(stock):
        raise T.option_error("twice")
    if not stock:
        raise T.option_error("no_starter")
    return hand_cards, stock


def _check_deck(deck_cards: list[Card], rules: SwitchRules) -> None:
    if len(set(deck_cards)) != len(deck_cards):
        raise T.option_error("deck_twice")
    need = rules.players * rules.hand_size + 1
    if len(deck_cards) < need:
        raise T.option_error("deck_short", n=rules.players, h=rules.hand_size, k=need,
                             d=len(deck_cards))


def _deal(state: SwitchState, deck_cards: list[Card], first: int) -> None:
    """Deal ``hand_size`` cards each, one at a time, from ``first`` on; the rest is the stock."""
    n, k = state.players, state.players * state.rules.hand_size
    for i, card in enumerate(deck_cards[:k]):
        state.hands[(first + i) % n].append(card)
    state.stock = list(deck_cards[k:])
    state._event("deal", state.dealer, T.DEALT, h=state.rules.hand_size, n=n, next=first)


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
            state._event("return", None, T.RETURNED, cards=(card,), index=at)
            continue
        state.discard = [card]
        state._event("starter", None, T.STARTER, cards=(card,))
        return


def new_game(rules: SwitchRules | None = None, *, seed: int | None = None,
             deck: CardsLike | None = None, hands: Sequence[CardsLike] | None = None,
             dealer: int | None = None, names: Sequence[str] | None = None) -> SwitchState:
    """Deal a new game of Switch (RULES.md §2) and turn up the starter.

    - ``rules``: a :class:`SwitchRules` (default: the RULES.md defaults, with as many players as
      ``hands`` gives hands). Anything else raises ``TypeError`` (:func:`cardkit.core.check_rules`).
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

    >>> g = new_game(hands=["9H 4C", "9S 3D 10D"], deck="5H 6C 7C", dealer=1, seed=0)
    >>> g.discard, g.current_player, g.legal_actions()
    ([Card('5♥')], 0, [Action('play 9♥'), Action('draw'), Action('last card')])
    >>> new_game(3)
    Traceback (most recent call last):
    ...
    TypeError: Switch needs SwitchRules, not int
    """
    rules = check_rules(_default_rules(hands) if rules is None else rules, SwitchRules, "Switch")
    n = rules.players
    seed = secrets.randbits(128) if seed is None else seed    # recorded: to_json replays it
    rng = np.random.default_rng(seed)
    seats = tuple(names) if names is not None else default_names(n)
    if len(seats) != n:
        raise T.option_error("names", k=len(seats), n=n)
    state = SwitchState(rules, rng, seats)
    given, cards = _prepare(rules, deck, hands, rng)
    state._setup = {
        # the dealer as given: replaying with None draws it from the RNG again, as here
        "rules": rules_to_dict(rules), "seed": seed, "dealer": None if dealer is None else int(dealer),
        "deck": None if deck is None else [str(c) for c in cards],
        "hands": None if given is None else [[str(c) for c in h] for h in given],
        "names": list(seats),
    }
    state.dealer = int(rng.integers(n)) if dealer is None else int(dealer)
    if not 0 <= state.dealer < n:
        raise T.option_error("dealer", m=n - 1, d=dealer)
    first = (state.dealer + 1) % n
    if given is not None:
        state.hands = [list(h) for h in given]
        state.stock = list(cards)
        state._event("deal", state.dealer, T.DEALT_GIVEN, next=first)
    else:
        _deal(state, cards, first)
    _turn_starter(state)
    state._start_turn(first)
    return state


def _default_rules(hands: Sequence[CardsLike] | None) -> SwitchRules:
    """The RULES.md defaults, with as many players as ``hands`` gives hands (2 to 6)."""
    given = len(hands) if hands is not None else 0
    return SwitchRules(players=given) if 2 <= given <= 6 else SwitchRules()


def _prepare(rules: SwitchRules, deck: CardsLike | None, hands: Sequence[CardsLike] | None,
             rng: np.random.Generator) -> tuple[list[list[Card]] | None, list[Card]]:
    """The hands given directly (or None) and the cards to deal from: the stock when hands are
    given, else the whole pack (``deck``, or the pack shuffled with ``rng``), checked."""
    deck_cards = None if deck is None else _cards(deck, "deck")
    if hands is not None:
        return _given_hands(hands, deck_cards, rules.players, rng)
    pack = shuffled(standard_pack(), rng) if deck_cards is None else deck_cards
    _check_deck(pack, rules)
    return None, pack


def full_stock(hands: Sequence[CardsLike], top: CardsLike = "", seed: int = 0) -> list[Card]:
    """A stock for ``new_game(hands=..., deck=...)`` in lessons: the cards ``top`` first (the
    first of them is turned up as the starter), then every other card of the 52-card pack that is
    not in ``hands``, shuffled with ``numpy.random.default_rng(seed)``. Top first.

    >>> s = full_stock(["9H 4C", "9S 3D 10D"], top="5H 7H")
    >>> s[:2], len(s)
    ([Card('5♥'), Card('7♥')], 47)
    """
    first = _cards(top, "top") if top else []
    used = set(first) | {c for h in hands for c in _cards(h, "hands")}
    rest = [c for c in standard_pack() if c not in used]
    return first + shuffled(rest, np.random.default_rng(seed))

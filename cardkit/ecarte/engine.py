"""Écarté's engine (RULES.md §3): :class:`EcarteState`, a whole match, and :func:`new_game`.

A state is a whole **match** across hands: the deal alternates every hand and the match ends the
moment a player reaches ``rules.target`` points (even in the middle of a hand).

Phases of a hand (``state.phase``) and the actions legal in each (for ``current_player``):

==============  ==============  ===================================================================
phase           who acts        actions
==============  ==============  ===================================================================
``decide``      non-dealer      ``stand`` (play the hand as dealt) or ``propose`` (§3.2)
``answer``      dealer          ``accept`` or ``refuse`` (§3.2)
``exchange``    non-dealer,     ``discard <1-5 cards>`` (non-dealer), ``discard <0-5 cards>``
                then dealer     (dealer; plain ``discard`` = none), never more than the stock holds
``play``        leader/follower ``play <card>``, and ``announce king`` before a player's first card
                                (§3.3, §3.4)
``over``        nobody          the match is over
==============  ==============  ===================================================================

Public position (for lessons and tests; a table shows only ``observation(seat)``, an
:class:`~cardkit.ecarte.EcarteObservation`): ``hands``, ``stock`` (top first), ``turn_up``,
``trump``, ``dealer``, ``tricks`` (won this hand, per player), ``scores``, ``trick`` (cards on the
table, in play order), ``discards`` (out of play), ``log``.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ..cards import Card, Rank, Suit, parse_cards, piquet_pack, shuffled
from ..core import (Action, Event, GameState, Outcome, Preset, Rule, check_rules, default_names,
                    rules_from_dict, rules_to_dict)
from ..i18n import _, shown_name
from . import text as T
from .observation import EcarteObservation
from .rules import EcarteRules, hand_points
from .text import RULE_DEAL, RULE_EXCHANGE, RULE_GAME, RULE_KING, RULE_PACK, RULE_SCORING, RULE_TRICK
from .tricks import legal_plays, trick_winner

__all__ = ["PHASES", "EcarteState", "new_game", "stacked_deck"]

PHASES = ("decide", "answer", "exchange", "play", "over")

#: a deck as ``new_game`` takes it: text like ``"KH QH …"`` or cards, top first
Deck = str | Sequence[Card | str]


class EcarteState(GameState):
    """A match of Écarté in progress (§3). Build it with :func:`new_game`.

    Attributes (public, for lessons and tests): ``rules``, ``hands`` (two lists of Cards, in the
    order received), ``stock`` (top first), ``turn_up``, ``trump`` (a :class:`Suit`), ``dealer``,
    ``tricks`` (tricks won this hand, ``[p0, p1]``), ``scores`` (``[p0, p1]``), ``trick`` (list of
    ``(player, card)`` on the table), ``leader``, ``phase``, ``discards``, ``hand_number`` (1-based),
    ``proposals`` (proposals made this hand), ``names``, ``log`` (list of :class:`Event`),
    ``last_hand`` (a summary dict of the previous finished hand, or None).
    """

    GAME = "ecarte"

    rules: EcarteRules
    rng: np.random.Generator
    names: tuple[str, ...]
    hands: list[list[Card]]
    stock: list[Card]
    turn_up: Card
    trump: Suit
    discards: list[list[Card]]
    tricks: list[int]
    trick: list[tuple[int, Card]]
    last_trick: list[tuple[int, Card]]
    played: list[tuple[int, int, Card]]
    leader: int
    dealer: int
    phase: str
    proposals: int
    refused: bool
    refused_first: bool
    stood_at_once: bool
    exchanger: int | None
    king_announced: int | None
    first_card_played: list[bool]
    scores: list[int]
    hand_number: int
    last_hand: dict[str, Any] | None
    _winner: int | None
    _stacked: list[list[Card]]

    # ------------------------------------------------------------------------------ deal
    def _deal(self, deck: list[Card]) -> None:
        """Deal one hand from ``deck`` (top first) as §3.1 says."""
        nd, d = 1 - self.dealer, self.dealer
        self.hands = [[], []]
        i = 0
        for size in self.rules.packets:
            for p in (nd, d):
                self.hands[p].extend(deck[i:i + size])
                i += size
        self.turn_up = deck[i]
        assert self.turn_up.suit is not None          # a piquet pack has no joker
        self.trump = self.turn_up.suit
        self.stock = list(deck[i + 1:])
        self.discards = [[], []]
        self.tricks = [0, 0]
        self.trick = []
        self.leader = nd
        self.phase = "decide"
        self.proposals = 0
        self.refused = False          # a proposal was refused this hand
        self.refused_first = False    # the first proposal was refused
        self.stood_at_once = False    # the non-dealer played without proposing
        self.exchanger = None         # whose discard is due in the exchange phase
        self.king_announced = None    # who announced (or leading-announced) the king this hand
        self.first_card_played = [False, False]
        self.played = []              # every (trick number, player, card) this hand, public
        self.last_trick = []          # the last finished trick of this hand
        self.hand_number += 1
        self._log("deal", d, *T.EVENTS["deal"], RULE_DEAL, cards=(self.turn_up,),
                  hand=self.hand_number, dealer=d, suit=self.trump,
                  packets="+".join(str(p) for p in self.rules.packets))
        if self.turn_up.rank is Rank.KING:
            self._score(d, 1, "turn_up_king", *T.EVENTS["turn_up_king"], RULE_DEAL,
                        cards=(self.turn_up,))
            self._check_target(d)

    def _next_deck(self) -> list[Card]:
        if self._stacked:
            return self._stacked.pop(0)
        return shuffled(piquet_pack(), self.rng)

    def _log(self, kind: str, player: int | None, text: str, you: str = "", rule: Rule | None = None,
             /, *, cards: Iterable[Card] = (), visible_to: tuple[int, ...] | None = None,
             private: Iterable[str] = (), **data: Any) -> None:
        self.log.append(Event(kind, player, text, rule, data, tuple(cards), you, visible_to,
                              tuple(private), tuple(self.names)))

    def _score(self, player: int, points: int, kind: str, text: str, you: str, rule: Rule, /,
               **data: Any) -> None:
        self.scores[player] += points
        self._log(kind, player, text, you, rule, points=points, scores=list(self.scores), **data)

    def _check_target(self, player: int) -> None:
        """End the match if ``player`` has reached the target (§3.5)."""
        if self.scores[player] >= self.rules.target and self.phase != "over":
            self.phase = "over"
            self._winner = player
            # ``target`` is a seat key in event texts ("{target}" names a seat): the sentences say
            # the points as ``goal``
            self._log("game_over", player, *T.EVENTS["game_over"], RULE_GAME,
                      target=self.rules.target, goal=self.rules.target, w=self.scores[player],
                      l=self.scores[1 - player], scores=list(self.scores))

    # ------------------------------------------------------------------------------ protocol
    @property
    def non_dealer(self) -> int:
        """The seat that does not deal this hand (it decides first and leads, §3.2)."""
        return 1 - self.dealer

    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "decide":
            return self.non_dealer
        if self.phase == "answer":
            return self.dealer
        if self.phase == "exchange":
            return self.exchanger
        return self.leader if not self.trick else 1 - self.leader

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def winner(self) -> int | None:
        """The player who reached the target, or None while the match goes on."""
        return self._winner

    def king_of_trumps(self) -> Card:
        """The king of the trump suit this hand."""
        return Card(Rank.KING, self.trump)

    def max_discard(self, player: int | None = None) -> int:
        """How many cards the exchanging player may discard now: min(5, cards in the stock) (§3.2)."""
        return min(5, len(self.stock))

    def playable_cards(self, player: int | None = None) -> list[Card]:
        """The cards ``player`` (default: current player) may play to the trick now (§3.4), from
        :func:`~cardkit.ecarte.tricks.legal_plays`."""
        p = self.current_player if player is None else player
        if self.phase != "play" or p is None:
            return []
        lead = self.trick[0][1] if self.trick and p != self.leader else None
        return list(legal_plays(self.hands[p], lead, self.trump, self.rules.must_trump).cards)

    def _can_announce(self, p: int) -> bool:
        return (self.phase == "play" and p == self.current_player and self.king_announced is None
                and not self.first_card_played[p] and self.king_of_trumps() in self.hands[p])

    def _legal_actions(self) -> list[Action]:
        p = self.current_player
        if self.phase == "decide":
            return [Action("stand"), Action("propose")]
        if self.phase == "answer":
            return [Action("accept"), Action("refuse")]
        if p is None:
            return []
        if self.phase == "exchange":
            hand = self.hands[p]
            lo = 1 if p == self.non_dealer else 0
            hi = min(self.max_discard(), len(hand))
            return [Action("discard", combo) for k in range(lo, hi + 1)
                    for combo in itertools.combinations(hand, k)]
        acts = [Action("play", (c,)) for c in self.playable_cards(p)]
        if self._can_announce(p):
            acts.insert(0, Action("announce", word="king"))
        return acts

    def _apply(self, action: Action) -> None:
        p = self.current_player
        assert p is not None                  # apply() refuses every move once the match is over
        k = action.kind
        if k == "stand":
            self._stand(p)
        elif k == "propose":
            self.proposals += 1
            self._log("propose", p, *T.EVENTS["propose"], RULE_EXCHANGE, proposal=self.proposals)
            self.phase = "answer"
        elif k == "accept":
            self._log("accept", p, *T.EVENTS["accept"], RULE_EXCHANGE)
            self.phase = "exchange"
            self.exchanger = self.non_dealer
        elif k == "refuse":
            self.refused = True
            self.refused_first = self.refused_first or self.proposals == 1
            self._log("refuse", p, *T.EVENTS["refuse"], RULE_EXCHANGE, proposal=self.proposals)
            self._start_play()
        elif k == "discard":
            self._discard(p, list(action.cards))
        elif k == "announce":
            self._announce(p, leading=False)
        else:
            self._play(p, action.card)

    def _stand(self, p: int) -> None:
        if self.proposals == 0:
            self.stood_at_once = True
            self._log("stand", p, *T.EVENTS["stand_at_once"], RULE_EXCHANGE)
        else:
            self._log("stand", p, *T.EVENTS["stand"], RULE_EXCHANGE)
        self._start_play()

    def _discard(self, p: int, cards: list[Card]) -> None:
        for c in cards:
            self.hands[p].remove(c)
        self.discards[p].extend(cards)
        drawn, self.stock = self.stock[:len(cards)], self.stock[len(cards):]
        self.hands[p].extend(drawn)
        key = ("discard_0", "discard_1", "discard_n")[min(len(cards), 2)]
        self._log("discard", p, *T.EVENTS[key], RULE_EXCHANGE, cards=cards, visible_to=(p,),
                  private=("drawn",), n=len(cards), left=len(self.stock), drawn=drawn)
        if p == self.non_dealer:
            self.exchanger = self.dealer
            return
        self.exchanger = None
        if self.stock:
            self.phase = "decide"
        else:
            self._log("stock_empty", None, *T.EVENTS["stock_empty"], RULE_EXCHANGE)
            self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.leader = self.non_dealer

    def _announce(self, p: int, *, leading: bool) -> None:
        self.king_announced = p
        self._score(p, 1, "king", *T.EVENTS["king_led" if leading else "king"], RULE_KING,
                    cards=(self.king_of_trumps(),))
        self._check_target(p)

    def _play(self, p: int, card: Card) -> None:
        trick_no = sum(self.tricks) + 1
        if (not self.trick and p == self.non_dealer and trick_no == 1 and not self.first_card_played[p]
                and card == self.king_of_trumps() and self.king_announced is None):
            # leading the king announces it; if that point ends the match the card is still led
            self._announce(p, leading=True)
        lead = self.trick[0][1] if self.trick else None
        plays = legal_plays(self.hands[p], lead, self.trump, self.rules.must_trump)
        self.hands[p].remove(card)
        self.first_card_played[p] = True
        self.trick.append((p, card))
        self.played.append((trick_no, p, card))
        if lead is None:
            self._log("lead", p, *T.EVENTS["lead"], RULE_TRICK, cards=(card,), trick=trick_no)
            return
        key = T.follow_key(plays, card, self.trump, self.rules.must_trump)
        self._log("follow", p, *T.EVENTS[key], RULE_TRICK, cards=(card,), trick=trick_no)
        self._end_trick(trick_no, self.trick[trick_winner(lead, card, self.trump)][0])

    def _end_trick(self, trick_no: int, w: int) -> None:
        wcard = dict(self.trick)[w]
        self.tricks[w] += 1
        key = "trick_trump" if wcard.suit == self.trump else "trick_suit"
        self._log("trick", w, *T.EVENTS[key], RULE_TRICK, cards=(wcard,), trick=trick_no, winner=w,
                  trick_cards=[c for _p, c in self.trick])
        self.last_trick = list(self.trick)
        self.trick = []
        self.leader = w
        if self.phase != "over" and sum(self.tricks) == 5:
            self._score_hand()

    def _score_hand(self) -> None:
        """Score the finished hand (§3.5, :func:`~cardkit.ecarte.rules.hand_points`), then deal
        the next one unless the match is over."""
        nd = self.non_dealer
        score = hand_points(self.tricks[nd], scoring=self.rules.scoring,
                            stood_at_once=self.stood_at_once, refused=self.refused,
                            refused_first=self.refused_first)
        w = nd if score.non_dealer else self.dealer
        points = max(score.non_dealer, score.dealer)
        extra = {"responsible": 1 - w} if score.reason.endswith("_lost") else {}
        self._score(w, points, "hand_score", *T.EVENTS["score_" + score.reason], RULE_SCORING,
                    n=self.tricks[w], **extra)
        self.last_hand = {"hand": self.hand_number, "dealer": self.dealer, "tricks": list(self.tricks),
                          "winner": w, "points": points, "trump": self.trump.word,
                          "turn_up": self.turn_up, "last_trick": list(self.last_trick),
                          "scores": list(self.scores)}
        self._log("hand_end", w, *T.EVENTS["hand_end_1" if points == 1 else "hand_end_n"],
                  RULE_SCORING, cards=[c for _p, c in self.last_trick],
                  hand=self.hand_number, dealer=self.dealer, tricks=list(self.tricks), winner=w,
                  won=self.tricks[w], lost=self.tricks[1 - w], points=points,
                  scores=list(self.scores), s0=self.scores[0], s1=self.scores[1],
                  # each score said with its player's name, the hand's winner first (the
                  # sentence's subject): "3–0" in seat order read backwards for seat 1
                  loser=1 - w, won_score=self.scores[w], lost_score=self.scores[1 - w],
                  trump=self.trump, turn_up=self.turn_up,
                  last_trick=[[p, c] for p, c in self.last_trick],
                  last_trick_winner=self.leader)
        self._check_target(w)
        if self.phase == "over":
            return
        self.dealer = 1 - self.dealer
        self._deal(self._next_deck())

    # ------------------------------------------------------------------------------ views
    def _outcome(self, seat: int) -> Outcome | None:
        w = self._winner
        if not self.is_over or w is None:
            return None
        text = T.outcome_text(w == seat, shown_name(self.names[w]), self.scores[w], self.scores[1 - w])
        return Outcome(w, "target", text, (w,))

    def observation(self, seat: int) -> EcarteObservation:
        """Exactly what ``seat`` may see: an :class:`~cardkit.ecarte.EcarteObservation`
        (docs/observation.md). Never the opponent's cards, the stock's order or the opponent's
        discards. Raises ``ValueError`` for a seat other than 0 or 1."""
        if seat not in (0, 1):
            raise ValueError(_(T.TWO_SEATS))
        mine = self.current_player == seat
        last = self.last_trick
        obs = EcarteObservation(
            game=self.GAME, names=tuple(map(shown_name, self.names)), seat=seat, rules=Preset.of(self.rules),
            phase=self.phase, current_player=self.current_player,
            legal_actions=tuple(self.legal_actions()) if mine else (),
            scores=tuple(self.scores), outcome=self._outcome(seat),
            events=self.events_for(seat), card_counts=(len(self.hands[0]), len(self.hands[1])),
            hand=tuple(self.hands[seat]), dealer=self.dealer, hand_number=self.hand_number,
            turn_up=self.turn_up, trump=self.trump, stock_count=len(self.stock),
            tricks=(self.tricks[0], self.tricks[1]), trick=tuple(self.trick),
            last_trick=tuple(last),
            last_trick_winner=last[trick_winner(last[0][1], last[1][1], self.trump)][0] if last else None,
            played=tuple(self.played), discard_counts=(len(self.discards[0]), len(self.discards[1])),
            own_discards=tuple(self.discards[seat]), proposals=self.proposals,
            king_announced=self.king_announced,
            playable=tuple(self.playable_cards(seat)) if (mine and self.phase == "play") else (),
            max_discard=self.max_discard() if (mine and self.phase == "exchange") else 0,
            target=self.rules.target, must_trump=self.rules.must_trump)
        # "What now" reads the observation itself: filled in before anyone else sees it
        object.__setattr__(obs, "what_now", T.what_now(obs))
        return obs

    def __repr__(self) -> str:
        return (f"<Écarté {self.rules.name} hand {self.hand_number}: dealer {self.dealer}, trumps "
                f"{self.trump.symbol}, phase {self.phase}, tricks {self.tricks[0]}-{self.tricks[1]}, "
                f"score {self.scores[0]}-{self.scores[1]}>")

    def __str__(self) -> str:
        return T.state_line(self)

    def _repr_html_(self) -> str:
        return T.state_html(self)

    # ------------------------------------------------------------------------------ json
    @classmethod
    def _from_setup(cls, setup: dict[str, Any]) -> EcarteState:
        d = setup
        return new_game(rules_from_dict(EcarteRules, d["rules"]), seed=d.get("seed"),
                        deck=d.get("deck"), dealer=d.get("dealer"),
                        names=tuple(d["names"]) if d.get("names") else None,
                        hands=d.get("hands"), turn_up=d.get("turn_up"))


def stacked_deck(non_dealer: Deck, dealer: Deck, turn_up: Card | str, stock: Deck = "",
                 packets: Sequence[int] = (3, 2)) -> list[Card]:
    """A 32-card deck, top first, that deals exactly these hands (for lessons and tests).

    ``non_dealer`` and ``dealer`` are 5 cards each (text like ``"KH QH JH 7S 7D"`` or Cards), in
    the order each player receives them; ``turn_up`` the 11th card; ``stock`` the top of the stock
    (the rest of the pack follows in a fixed order). Dealt in ``packets`` as §3.1 says. Raises
    ``ValueError`` if a card is repeated or not in the 32-card pack.

    >>> deck = stacked_deck("KH QH JH 7S 7D", "AH 10H KS KD KC", "8H")
    >>> " ".join(map(str, deck[:11]))
    'K♥ Q♥ J♥ A♥ 10♥ K♠ 7♠ 7♦ K♦ K♣ 8♥'
    """
    nd, d, top = parse_cards(non_dealer), parse_cards(dealer), parse_cards(stock)
    if len(nd) != 5 or len(d) != 5:
        raise T.bad_option(T.BAD_HAND, RULE_DEAL)
    deck: list[Card] = []
    i = 0
    for size in packets:
        deck += nd[i:i + size] + d[i:i + size]
        i += size
    deck += parse_cards([turn_up]) + top
    deck += [c for c in piquet_pack() if c not in deck]
    return _check_deck(deck)


def _check_deck(deck: Deck) -> list[Card]:
    cards = parse_cards(deck)
    if sorted(map(str, cards)) != sorted(map(str, piquet_pack())):
        raise T.bad_option(T.BAD_DECK, RULE_PACK)
    return cards


def _decks(rules: EcarteRules, rng: np.random.Generator, deck: Any, hands: Any,
           turn_up: Card | str | None, dealer: int) -> list[list[Card]]:
    """The stacked decks for :func:`new_game`: from ``hands`` (+ ``turn_up``; the rest shuffled
    from ``rng``), from ``deck`` (one deck, or a list of decks for successive hands), or none."""
    if hands is not None:
        if deck is not None:
            raise ValueError(_(T.DECK_OR_HANDS))
        hands = [parse_cards(h) for h in hands]
        if len(hands) != 2:
            raise T.bad_option(T.BAD_HANDS, RULE_DEAL)
        fixed = hands[0] + hands[1] + (parse_cards([turn_up]) if turn_up is not None else [])
        rest = shuffled([c for c in piquet_pack() if c not in fixed], rng)
        top = parse_cards([turn_up]) if turn_up is not None else rest[:1]
        rest = rest if turn_up is not None else rest[1:]
        deck = stacked_deck(hands[1 - dealer], hands[dealer], top[0], rest, rules.packets)
    elif turn_up is not None:
        raise ValueError(_(T.TURN_UP_ALONE))
    if deck is None:
        return []
    is_many = not isinstance(deck, str) and len(deck) > 0 and not isinstance(deck[0], (str, Card))
    return [_check_deck(x) for x in deck] if is_many else [_check_deck(deck)]


def new_game(rules: EcarteRules | None = None, *, seed: int | None = None, deck: Any = None,
             dealer: int | None = None, names: Sequence[str] | None = None,
             hands: Sequence[Deck] | None = None, turn_up: Card | str | None = None) -> EcarteState:
    """Start an Écarté match (§3).

    - ``rules``: an :class:`~cardkit.ecarte.EcarteRules` (default ``EcarteRules.standard()``).
    - ``seed``: feeds ``numpy.random.default_rng``: the first dealer (when ``dealer`` is None) and
      every shuffle. The same seed and actions always give the same match.
    - ``deck``: a stacked 32-card pack, **top first** (cards or text like ``"KH QH ..."``), dealt as
      §3.1 says: packets of 3 then 2 (``rules.packets``), non-dealer first; the 11th card is the
      turn-up; the rest is the stock, top first. A list of such decks stacks successive hands;
      later hands are shuffled from ``seed``.
    - ``dealer``: 0 or 1 for the first hand (default: drawn from the seeded RNG, §3.1).
    - ``names``: how the players are named (default ``("Player 1", "Player 2")``).
    - ``hands``: instead of ``deck``, each player's 5 cards (``[hand_of_0, hand_of_1]``) and,
      optionally, the ``turn_up``; the rest of the pack is shuffled from ``seed`` (turn-up first,
      then the stock).

    Raises ``ValueError`` for a deck that is not the 32-card pack, hands that are not 5 distinct
    cards each, or a dealer that is not 0 or 1; ``TypeError`` (:func:`cardkit.core.check_rules`)
    for rules of another game, or anything that is not an ``EcarteRules``.

    >>> s = new_game(seed=1)
    >>> s.legal_actions()            # the non-dealer decides first
    [Action('stand'), Action('propose')]
    """
    rules = check_rules(EcarteRules.standard() if rules is None else rules, EcarteRules, "Écarté")
    s = EcarteState()
    s.rules = rules
    if seed is None:      # draw one and record it, so that to_json() still replays this match
        seed = int(np.random.SeedSequence().entropy % 2**63)     # type: ignore[operator]
    s.rng = np.random.default_rng(seed)
    s.names = tuple(names) if names else default_names(2)
    if len(s.names) != 2:
        raise ValueError(_(T.TWO_NAMES))
    first_dealer = int(s.rng.integers(2)) if dealer is None else dealer
    if first_dealer not in (0, 1):
        raise T.bad_option(T.BAD_DEALER, RULE_DEAL)
    decks = _decks(rules, s.rng, deck, hands, turn_up, first_dealer)
    s._stacked = list(decks)
    s.dealer = first_dealer
    s.scores = [0, 0]
    s.hand_number = 0
    s._winner = None
    s.last_hand = None
    s.phase = "decide"
    s._setup = {"rules": rules_to_dict(rules), "seed": seed, "dealer": dealer,
                "deck": ([[str(c) for c in d] for d in decks] if len(decks) > 1
                         else ([str(c) for c in decks[0]] if decks else None)),
                "names": list(s.names) if names else None}
    if hands is not None:   # replay the same way: the rest of the pack is shuffled from the seed
        s._setup.update(deck=None, hands=[[str(c) for c in parse_cards(h)] for h in hands],
                        turn_up=None if turn_up is None else str(parse_cards([turn_up])[0]))
    s._deal(s._next_deck())
    return s

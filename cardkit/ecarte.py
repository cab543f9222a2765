"""Écarté: the 19th-century French trick-taking game for two (RULES.md §3).

A state is a whole **match** across hands: the deal alternates every hand and the match ends the
moment a player reaches ``rules.target`` points (even in the middle of a hand).

Quick use::

    >>> from cardkit import ecarte
    >>> s = ecarte.new_game(seed=1)
    >>> s.legal_actions()            # the non-dealer decides first
    [Action('stand'), Action('propose')]
    >>> obs = s.observation(s.current_player)
    >>> print(obs.what_now)  # doctest: +NORMALIZE_WHITESPACE
    You are the non-dealer: Stand (play the hand as dealt), or Propose an exchange with the stock
    (Proposals and exchanges).

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
:class:`EcarteObservation`): ``hands``, ``stock`` (top first), ``turn_up``, ``trump``, ``dealer``,
``tricks`` (won this hand, per player), ``scores``, ``trick`` (cards on the table, in play order),
``discards`` (out of play), ``log``.
"""
from __future__ import annotations

import html
import itertools
from dataclasses import dataclass

import numpy as np

from .cards import card_html, cards_html, Card, Rank, Suit, parse_cards, piquet_pack, shuffled
from .core import (Action, Event, GameState, IllegalAction, Observation, Outcome, Preset, Rule,
                   default_names, _replace, rules_from_dict, rules_to_dict)
from .i18n import _, N_

__all__ = [
    "RANK_ORDER",
    "RULE_DEAL",
    "RULE_EXCHANGE",
    "RULE_GAME",
    "RULE_KING",
    "RULE_SCORING",
    "RULE_TRICK",
    "RULE_TRUMP",
    "EcarteObservation",
    "EcartePlayer",
    "EcarteRules",
    "EcarteState",
    "computer_player",
    "hand_strength",
    "new_game",
    "presets",
    "rank_strength",
    "stacked_deck",
    "trick_winner",
    "what_now",
]

#: Écarté's rank order, highest first (§3.1): the ace ranks between the jack and the ten.
RANK_ORDER: tuple[Rank, ...] = (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN, Rank.NINE,
                                Rank.EIGHT, Rank.SEVEN)
_STRENGTH = {r: len(RANK_ORDER) - i for i, r in enumerate(RANK_ORDER)}  # K=8 ... 7=1

PHASES = ("decide", "answer", "exchange", "play", "over")

# the rules a message or an event names: a plain name and its section of docs/RULES.md
RULE_PACK = Rule(N_("The 32-card pack"), "3.1")
RULE_DEAL = Rule(N_("Deal and trumps"), "3.1")
RULE_EXCHANGE = Rule(N_("Proposals and exchanges"), "3.2")
RULE_KING = Rule(N_("King of trumps"), "3.3")
RULE_TRICK = Rule(N_("Follow suit and win the trick"), "3.4")
RULE_TRUMP = Rule(N_("Must trump when void"), "3.4")
RULE_SCORING = Rule(N_("Scoring"), "3.5")
RULE_GAME = Rule(N_("Winning the game"), "3.5")


def rank_strength(card: Card) -> int:
    """Écarté strength of a card's rank within its suit: K=8, Q=7, J=6, A=5, 10=4, 9=3, 8=2, 7=1.

    Raises ``KeyError`` for a card outside the 32-card pack (§3.1).
    """
    return _STRENGTH[card.rank]


def trick_winner(lead: Card, follow: Card, trump: Suit) -> int:
    """Which of two cards wins a trick (§3.4): 0 if ``lead`` wins, 1 if ``follow`` wins.

    The highest trump wins; with no trump, the highest card of the suit led; a card of another
    plain suit never wins.
    """
    if follow.suit == lead.suit:
        return 1 if rank_strength(follow) > rank_strength(lead) else 0
    return 1 if follow.suit == trump else 0


def _bad_option(text: str, rule: Rule, **fields) -> ValueError:
    return ValueError(_(text).format(rule=rule, **fields))


@dataclass(frozen=True)
class EcarteRules:
    """The rules of an Écarté match (§3). Frozen: a preset is data.

    - ``name``: the preset's name (``"standard"`` or ``"classic"``, or your own); ``label`` is
      the human label tables show.
    - ``must_trump``: when unable to follow suit, the follower must trump if able (§3.4; classic).
      When False any card may be played (standard).
    - ``scoring``: ``"standard"`` (a non-dealer who stood at once, or whose proposal was
      refused, scores 2 for 3+ tricks) or ``"classic"`` (the player who stood at once or refused the
      first proposal and then takes fewer than 3 tricks gives the opponent 2) (§3.5).
    - ``target``: points that win the match (default 5, §3.5).
    - ``packets``: how the 5 cards are dealt, e.g. ``(3, 2)`` (default) or ``(2, 3)`` (§3.1).

    Raises ``ValueError`` naming the rule for a bad option.
    """

    name: str = "standard"
    must_trump: bool = False
    scoring: str = "standard"
    target: int = 5
    packets: tuple[int, ...] = (3, 2)

    def __post_init__(self):
        if self.scoring not in ("standard", "classic"):
            raise _bad_option(N_("Écarté scoring is 'standard' or 'classic', not {v!r} ({rule})."),
                              RULE_SCORING, v=self.scoring)
        if not isinstance(self.target, (int, np.integer)) or isinstance(self.target, bool) or self.target < 1:
            raise _bad_option(N_("The Écarté target must be a whole number of points ≥ 1, not {v!r} "
                                 "({rule})."), RULE_GAME, v=self.target)
        packets = tuple(self.packets)
        if not packets or any((not isinstance(p, (int, np.integer))) or p < 1 for p in packets) or sum(packets) != 5:
            raise _bad_option(N_("Écarté packets must be positive and add up to 5 cards, e.g. (3, 2) "
                                 "or (2, 3); got {v!r} ({rule})."), RULE_DEAL, v=self.packets)
        object.__setattr__(self, "packets", tuple(int(p) for p in packets))
        object.__setattr__(self, "target", int(self.target))

    @property
    def label(self) -> str:
        """The preset's human label ("Standard", "Classic (must trump)"), translated."""
        return _(_LABELS[self.name]) if self.name in _LABELS else self.name

    @classmethod
    def standard(cls, **options) -> EcarteRules:
        """The default rules: any card when void, standard scoring (§3.4, §3.5)."""
        return cls(**{"name": "standard", **options})

    @classmethod
    def classic(cls, **options) -> EcarteRules:
        """19th-century club rules (Cavendish 1886; Parlett): must trump when void; classic scoring."""
        return cls(**{"name": "classic", "must_trump": True, "scoring": "classic", **options})


_LABELS = {"standard": N_("Standard"), "classic": N_("Classic (must trump)")}


def presets() -> dict[str, EcarteRules]:
    """Every named preset: ``{"standard": EcarteRules.standard(), "classic": …}``."""
    return {"standard": EcarteRules.standard(), "classic": EcarteRules.classic()}


def _illegal(text: str, rule: Rule, **fields) -> IllegalAction:
    """An :class:`IllegalAction` whose message is ``text`` (an English template with
    ``{rule}``) translated and filled."""
    return IllegalAction(_(text).format(rule=rule, **fields), rule)


@dataclass(frozen=True, kw_only=True)
class EcarteObservation(Observation):
    """What one Écarté seat may see (docs/observation.md, "Écarté"): the shared fields plus
    ``dealer``, ``hand_number``, ``turn_up``, ``trump``, ``stock_count``, ``tricks``, ``trick``,
    ``last_trick``, ``played``, ``discard_counts``, ``own_discards``, ``proposals``,
    ``king_announced``, ``playable``, ``max_discard``, ``target``, ``must_trump``. Never the
    opponent's cards, the stock's order or the opponent's discards."""

    dealer: int
    hand_number: int
    turn_up: Card
    trump: Suit
    stock_count: int
    tricks: tuple[int, int]
    trick: tuple[tuple[int, Card], ...] = ()
    last_trick: tuple[tuple[int, Card], ...] = ()
    played: tuple[tuple[int, int, Card], ...] = ()
    discard_counts: tuple[int, int] = (0, 0)
    own_discards: tuple[Card, ...] = ()
    proposals: int = 0
    king_announced: int | None = None
    playable: tuple[Card, ...] = ()
    max_discard: int = 0
    target: int = 5
    must_trump: bool = False

    _ALIASES = {"opponent_cards": lambda o: o.card_counts[1 - o.seat],
                "log": lambda o: [e.explain() for e in o.events],
                "scoring": lambda o: o.rules.options.get("scoring")}

    def _refuse(self, action: Action) -> IllegalAction:
        """Why this seat may not make ``action`` now (the rule, in plain words)."""
        if self.current_player != self.seat:
            return super()._refuse(action)
        if self.phase == "decide":
            if action.kind == "announce":
                return _illegal(N_("The king of trumps is announced just before your first card "
                                   "is played, after the proposals ({rule})."), RULE_KING)
            return _illegal(N_("You are the non-dealer: first stand (play the hand as dealt) or "
                               "propose an exchange ({rule})."), RULE_EXCHANGE)
        if self.phase == "answer":
            return _illegal(N_("You are the dealer: accept or refuse the proposal ({rule})."),
                            RULE_EXCHANGE)
        if self.phase == "exchange":
            return self._refuse_discard(action)
        return self._refuse_play(action)

    def _refuse_discard(self, action: Action) -> IllegalAction:
        if action.kind != "discard":
            return _illegal(N_("You must discard now: choose the cards to exchange ({rule})."),
                            RULE_EXCHANGE)
        cards = list(action.cards)
        missing = [c for c in cards if c not in self.hand]
        if len(set(cards)) != len(cards):
            return _illegal(N_("A card can be discarded only once ({rule})."), RULE_EXCHANGE)
        if missing:
            return _illegal(N_("You can only discard cards from your own hand: {cards} ({rule})."),
                            RULE_EXCHANGE, cards=" ".join(map(str, missing)))
        if not cards:
            return _illegal(N_("After a proposal is accepted the non-dealer must discard at least "
                               "1 card ({rule})."), RULE_EXCHANGE)
        return _illegal(N_("Nobody may discard more cards than the stock can replace: the stock "
                           "holds {n} ({rule})."), RULE_EXCHANGE, n=self.stock_count)

    def _refuse_play(self, action: Action) -> IllegalAction:
        king = Card(Rank.KING, self.trump)
        if action.kind == "announce":
            if self.king_announced is not None:
                return _illegal(N_("The king point has already been scored this hand ({rule})."),
                                RULE_KING)
            if king not in self.hand:
                return _illegal(N_("Only a player holding the king of trumps ({card}) may announce "
                                   "it ({rule})."), RULE_KING, card=king)
            return _illegal(N_("The king must be announced before your first card is played "
                               "({rule})."), RULE_KING)
        if action.kind != "play" or len(action.cards) != 1:
            return _illegal(N_("The hand is being played: play one card ({rule})."), RULE_TRICK)
        card = action.card
        if card not in self.hand:
            return _illegal(N_("{card} is not in your hand: you can only play your own cards "
                               "({rule})."), RULE_TRICK, card=card)
        lead = self.trick[0][1]
        same = by_rank([c for c in self.hand if c.suit == lead.suit])
        if same and card.suit != lead.suit:
            return _illegal(N_("You must follow suit: {lead} was led and you hold {cards} ({rule})."),
                            RULE_TRICK, lead=lead, cards=_(" and ").join(map(str, same)))
        if same:
            higher = [c for c in same if rank_strength(c) > rank_strength(lead)]
            return _illegal(N_("You must win the trick if you can: {card} does not beat {lead}, but "
                               "{cards} does ({rule})."), RULE_TRICK, card=card, lead=lead,
                            cards=or_list(higher))
        trumps = by_rank([c for c in self.hand if c.suit == self.trump])
        return _illegal(N_("You cannot follow suit, so in the classic rules you must trump: play "
                           "{cards} ({rule})."), RULE_TRUMP, cards=or_list(trumps))


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
        self._log("deal", d, N_("{player} deals 5 cards each in packets of {packets}, non-dealer "
                                "first; the turn-up is {card}, so {suit} are trumps ({rule})."),
                  N_("You deal 5 cards each in packets of {packets}, non-dealer first; the turn-up "
                     "is {card}, so {suit} are trumps ({rule})."), RULE_DEAL, cards=(self.turn_up,),
                  hand=self.hand_number, dealer=d, suit=self.trump,
                  packets="+".join(str(p) for p in self.rules.packets))
        if self.turn_up.rank is Rank.KING:
            self._score(d, 1, "turn_up_king",
                        N_("The turn-up is a king ({card}): {player}, the dealer, scores 1 point at "
                           "once ({rule})."),
                        N_("The turn-up is a king ({card}): you, the dealer, score 1 point at once "
                           "({rule})."), RULE_DEAL, cards=(self.turn_up,))
            self._check_target(d)

    def _next_deck(self) -> list[Card]:
        if self._stacked:
            return self._stacked.pop(0)
        return shuffled(piquet_pack(), self.rng)

    def _log(self, kind, player, text, you="", rule=None, *, cards=(), visible_to=None,
             private=(), **data) -> None:
        self.log.append(Event(kind, player, text, rule, data, tuple(cards), you, visible_to,
                              tuple(private), tuple(self.names)))

    def _score(self, player: int, points: int, kind: str, text: str, you: str, rule: Rule,
               **data) -> None:
        self.scores[player] += points
        self._log(kind, player, text, you, rule, points=points, scores=list(self.scores), **data)

    def _check_target(self, player: int) -> None:
        """End the match if ``player`` has reached the target (§3.5)."""
        if self.scores[player] >= self.rules.target and self.phase != "over":
            self.phase = "over"
            self._winner = player
            self._log("game_over", player,
                      N_("{player} reaches {goal} points and wins the game {w}–{l} ({rule})."),
                      N_("You reach {goal} points and win the game {w}–{l} ({rule})."), RULE_GAME,
                      # ``target`` is a seat key in event texts ("{target}" names a seat):
                      # the sentences say the points as ``goal``
                      target=self.rules.target, goal=self.rules.target, w=self.scores[player],
                      l=self.scores[1 - player],
                      scores=list(self.scores))

    # ------------------------------------------------------------------------------ protocol
    @property
    def non_dealer(self) -> int:
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
        """The cards ``player`` (default: current player) may play to the trick now (§3.4)."""
        p = self.current_player if player is None else player
        if self.phase != "play" or p is None:
            return []
        hand = self.hands[p]
        if not self.trick or p == self.leader:
            return list(hand)
        lead = self.trick[0][1]
        same = [c for c in hand if c.suit == lead.suit]
        if same:
            higher = [c for c in same if rank_strength(c) > rank_strength(lead)]
            return higher or same
        if self.rules.must_trump:
            trumps = [c for c in hand if c.suit == self.trump]
            if trumps:
                return trumps
        return list(hand)

    def _can_announce(self, p: int) -> bool:
        return (self.phase == "play" and p == self.current_player and self.king_announced is None
                and not self.first_card_played[p] and self.king_of_trumps() in self.hands[p])

    def _legal_actions(self) -> list[Action]:
        p = self.current_player
        if self.phase == "decide":
            return [Action("stand"), Action("propose")]
        if self.phase == "answer":
            return [Action("accept"), Action("refuse")]
        if self.phase == "exchange":
            hand = self.hands[p]
            lo = 1 if p == self.non_dealer else 0
            hi = min(self.max_discard(), len(hand))
            return [Action("discard", combo) for k in range(lo, hi + 1)
                    for combo in itertools.combinations(hand, k)]
        if self.phase == "play":
            acts = [Action("play", (c,)) for c in self.playable_cards(p)]
            if self._can_announce(p):
                acts.insert(0, Action("announce", word="king"))
            return acts
        return []

    def _apply(self, action: Action) -> None:
        p = self.current_player
        k = action.kind
        if k == "stand":
            if self.proposals == 0:
                self.stood_at_once = True
                self._log("stand", p, N_("{player} plays the hand as dealt, without proposing "
                                         "({rule})."),
                          N_("You play the hand as dealt, without proposing ({rule})."), RULE_EXCHANGE)
            else:
                self._log("stand", p, N_("{player} proposes no more exchanges: the hand is played "
                                         "({rule})."),
                          N_("You propose no more exchanges: the hand is played ({rule})."),
                          RULE_EXCHANGE)
            self._start_play()
        elif k == "propose":
            self.proposals += 1
            self._log("propose", p, N_("{player} proposes an exchange ({rule})."),
                      N_("You propose an exchange ({rule})."), RULE_EXCHANGE, proposal=self.proposals)
            self.phase = "answer"
        elif k == "accept":
            self._log("accept", p, N_("{player} accepts: each player now exchanges cards, the "
                                      "non-dealer first ({rule})."),
                      N_("You accept: each player now exchanges cards, the non-dealer first "
                         "({rule})."), RULE_EXCHANGE)
            self.phase = "exchange"
            self.exchanger = self.non_dealer
        elif k == "refuse":
            self.refused = True
            self.refused_first = self.refused_first or self.proposals == 1
            self._log("refuse", p, N_("{player} refuses: the hands are played as they are ({rule})."),
                      N_("You refuse: the hands are played as they are ({rule})."), RULE_EXCHANGE,
                      proposal=self.proposals)
            self._start_play()
        elif k == "discard":
            self._discard(p, list(action.cards))
        elif k == "announce":
            self._announce(p, leading=False)
        else:
            self._play(p, action.card)

    _DISCARD_TEXTS = {
        0: (N_("{player} keeps all five cards ({rule})."), N_("You keep all five cards ({rule}).")),
        1: (N_("{player} exchanges 1 card with the stock; {left} left ({rule})."),
            N_("You exchange 1 card ({cards}) with the stock and draw {drawn}; {left} left "
               "({rule}).")),
        2: (N_("{player} exchanges {n} cards with the stock; {left} left ({rule})."),
            N_("You exchange {n} cards ({cards}) with the stock and draw {drawn}; {left} left "
               "({rule}).")),
    }

    def _discard(self, p: int, cards: list[Card]) -> None:
        for c in cards:
            self.hands[p].remove(c)
        self.discards[p].extend(cards)
        drawn, self.stock = self.stock[:len(cards)], self.stock[len(cards):]
        self.hands[p].extend(drawn)
        text, you = self._DISCARD_TEXTS[min(len(cards), 2)]
        self._log("discard", p, text, you, RULE_EXCHANGE, cards=cards, visible_to=(p,),
                  private=("drawn",), n=len(cards), left=len(self.stock), drawn=drawn)
        if p == self.non_dealer:
            self.exchanger = self.dealer
            return
        self.exchanger = None
        if self.stock:
            self.phase = "decide"
        else:
            self._log("stock_empty", None, N_("The stock is empty: the exchanges end and play "
                                              "begins ({rule})."), "", RULE_EXCHANGE)
            self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.leader = self.non_dealer

    def _announce(self, p: int, *, leading: bool) -> None:
        self.king_announced = p
        if leading:
            text = N_("{player} leads the king of trumps ({card}) as the first card, which "
                      "announces it: 1 point ({rule}).")
            you = N_("You lead the king of trumps ({card}) as the first card, which announces it: "
                     "1 point ({rule}).")
        else:
            text = N_("{player} announces the king of trumps ({card}): 1 point ({rule}).")
            you = N_("You announce the king of trumps ({card}): 1 point ({rule}).")
        self._score(p, 1, "king", text, you, RULE_KING, cards=(self.king_of_trumps(),))
        self._check_target(p)

    def _play(self, p: int, card: Card) -> None:
        trick_no = sum(self.tricks) + 1
        if (not self.trick and p == self.non_dealer and trick_no == 1 and not self.first_card_played[p]
                and card == self.king_of_trumps() and self.king_announced is None):
            # leading the king announces it; if that point ends the match the card is still led
            self._announce(p, leading=True)
        self.hands[p].remove(card)
        self.first_card_played[p] = True
        self.trick.append((p, card))
        self.played.append((trick_no, p, card))
        if len(self.trick) == 1:
            self._log("lead", p, N_("{player} leads {card} to trick {trick}."),
                      N_("You lead {card} to trick {trick}."), RULE_TRICK, cards=(card,),
                      trick=trick_no)
            return
        lead = self.trick[0][1]
        w = self.trick[trick_winner(lead, card, self.trump)][0]
        text, you = self._follow_texts(lead, card)
        self._log("follow", p, text, you, RULE_TRICK, cards=(card,), trick=trick_no)
        wcard = dict(self.trick)[w]
        self.tricks[w] += 1
        if wcard.suit == self.trump:
            text = N_("{player} wins trick {trick} with {card}, the highest trump ({rule}).")
            you = N_("You win trick {trick} with {card}, the highest trump ({rule}).")
        else:
            text = N_("{player} wins trick {trick} with {card}, the highest card of the suit led "
                      "({rule}).")
            you = N_("You win trick {trick} with {card}, the highest card of the suit led ({rule}).")
        self._log("trick", w, text, you, RULE_TRICK, cards=(wcard,), trick=trick_no, winner=w,
                  trick_cards=[c for _p, c in self.trick])
        self.last_trick = list(self.trick)
        self.trick = []
        self.leader = w
        if self.phase != "over" and sum(self.tricks) == 5:
            self._score_hand()

    def _follow_texts(self, lead: Card, card: Card) -> tuple[str, str]:
        if card.suit == lead.suit and rank_strength(card) > rank_strength(lead):
            return (N_("{player} plays {card}, following suit and winning the trick, as the rule "
                       "requires when able ({rule})."),
                    N_("You play {card}, following suit and winning the trick, as the rule "
                       "requires when able ({rule})."))
        if card.suit == lead.suit:
            return (N_("{player} plays {card}, following suit, with no higher card of that suit "
                       "to win with ({rule})."),
                    N_("You play {card}, following suit, with no higher card of that suit to win "
                       "with ({rule})."))
        if card.suit == self.trump:
            return (N_("{player} plays {card}, trumping: unable to follow suit ({rule})."),
                    N_("You play {card}, trumping: unable to follow suit ({rule})."))
        if self.rules.must_trump:
            return (N_("{player} plays {card}: unable to follow suit and without a trump ({rule})."),
                    N_("You play {card}: unable to follow suit and without a trump ({rule})."))
        return (N_("{player} plays {card}: unable to follow suit ({rule})."),
                N_("You play {card}: unable to follow suit ({rule})."))

    def _hand_points(self, w: int) -> tuple[int, str, str, dict]:
        """Points for ``w``, the winner of 3+ tricks, with the texts that say why (§3.5)."""
        n, nd = self.tricks[w], self.non_dealer
        vole = (N_("{player} wins all 5 tricks, the vole: 2 points ({rule})."),
                N_("You win all 5 tricks, the vole: 2 points ({rule})."))
        plain = (N_("{player} wins {n} tricks: 1 point ({rule})."),
                 N_("You win {n} tricks: 1 point ({rule})."))
        if self.rules.scoring == "standard" and (self.stood_at_once or self.refused) and w == nd:
            if self.stood_at_once:
                return 2, N_("{player} (non-dealer) wins {n} tricks after playing the hand as dealt: "
                             "2 points ({rule})."), N_("You (non-dealer) win {n} tricks after playing "
                                                       "the hand as dealt: 2 points ({rule})."), {}
            return 2, N_("{player} (non-dealer) wins {n} tricks after the dealer refused a proposal: "
                         "2 points ({rule})."), N_("You (non-dealer) win {n} tricks after the dealer "
                                                   "refused a proposal: 2 points ({rule})."), {}
        if self.rules.scoring == "classic":
            responsible = nd if self.stood_at_once else (self.dealer if self.refused_first else None)
            if responsible is not None and w != responsible:
                if responsible == nd:
                    text = N_("{responsible} stood but took fewer than 3 tricks, so {player} scores "
                              "2 points ({rule}).")
                    you = N_("{responsible} stood but took fewer than 3 tricks, so you score 2 "
                             "points ({rule}).")
                else:
                    text = N_("{responsible} refused the first proposal but took fewer than 3 "
                              "tricks, so {player} scores 2 points ({rule}).")
                    you = N_("{responsible} refused the first proposal but took fewer than 3 "
                             "tricks, so you score 2 points ({rule}).")
                return 2, text, you, {"responsible": responsible}
        if n == 5:
            return 2, vole[0], vole[1], {}
        return 1, plain[0], plain[1], {}

    def _score_hand(self) -> None:
        w = 0 if self.tricks[0] >= 3 else 1
        points, text, you, extra = self._hand_points(w)
        self._score(w, points, "hand_score", text, you, RULE_SCORING, n=self.tricks[w], **extra)
        self.last_hand = {"hand": self.hand_number, "dealer": self.dealer, "tricks": list(self.tricks),
                          "winner": w, "points": points, "trump": self.trump.word,
                          "turn_up": self.turn_up, "last_trick": list(self.last_trick),
                          "scores": list(self.scores)}
        if points == 1:
            text = N_("Hand {hand} is over: {player} took {won} tricks to {lost} and scored 1 point; "
                      "score: {player} {won_score}, {loser} {lost_score}.")
            you = N_("Hand {hand} is over: you took {won} tricks to {lost} and scored 1 point; "
                     "score: you {won_score}, {loser} {lost_score}.")
        else:
            text = N_("Hand {hand} is over: {player} took {won} tricks to {lost} and scored "
                      "{points} points; score: {player} {won_score}, {loser} {lost_score}.")
            you = N_("Hand {hand} is over: you took {won} tricks to {lost} and scored {points} "
                     "points; score: you {won_score}, {loser} {lost_score}.")
        self._log("hand_end", w, text, you, RULE_SCORING, cards=[c for _p, c in self.last_trick],
                  hand=self.hand_number, dealer=self.dealer, tricks=list(self.tricks), winner=w,
                  won=self.tricks[w], lost=self.tricks[1 - w], points=points,
                  scores=list(self.scores), s0=self.scores[0], s1=self.scores[1],
                  # each score said with its player's name, the hand's winner first (the
                  # sentence's subject): "3–0" in seat order read backwards for seat 1
                  loser=1 - w, won_score=self.scores[w], lost_score=self.scores[1 - w],
                  trump=self.trump, turn_up=self.turn_up,
                  last_trick=[[p, c] for p, c in self.last_trick])
        self._check_target(w)
        if self.phase == "over":
            return
        self.dealer = 1 - self.dealer
        self._deal(self._next_deck())

    # ------------------------------------------------------------------------------ views
    def _outcome(self, seat: int) -> Outcome | None:
        if not self.is_over:
            return None
        w = self._winner
        a, b = self.scores[w], self.scores[1 - w]
        text = (_("You win the game {a}–{b}!") if w == seat else
                _("{who} wins the game {a}–{b}.")).format(who=self.names[w], a=a, b=b)
        return Outcome(w, "target", text, (w,))

    def observation(self, player: int) -> EcarteObservation:
        """Exactly what ``player`` may see: an :class:`EcarteObservation` (docs/observation.md).
        Never the opponent's cards, the stock's order or the opponent's discards.
        Raises ``ValueError`` for a seat other than 0 or 1."""
        if player not in (0, 1):
            raise ValueError(_("Écarté has two seats, 0 and 1"))
        mine = self.current_player == player
        obs = EcarteObservation(
            game=self.GAME, names=tuple(self.names), seat=player, rules=Preset.of(self.rules),
            phase=self.phase, current_player=self.current_player,
            legal_actions=tuple(self.legal_actions()) if mine else (),
            scores=tuple(self.scores), outcome=self._outcome(player),
            events=self.events_for(player), card_counts=(len(self.hands[0]), len(self.hands[1])),
            hand=tuple(self.hands[player]), dealer=self.dealer, hand_number=self.hand_number,
            turn_up=self.turn_up, trump=self.trump, stock_count=len(self.stock),
            tricks=tuple(self.tricks), trick=tuple(self.trick), last_trick=tuple(self.last_trick),
            played=tuple(self.played), discard_counts=(len(self.discards[0]), len(self.discards[1])),
            own_discards=tuple(self.discards[player]), proposals=self.proposals,
            king_announced=self.king_announced,
            playable=tuple(self.playable_cards(player)) if (mine and self.phase == "play") else (),
            max_discard=self.max_discard() if (mine and self.phase == "exchange") else 0,
            target=self.rules.target, must_trump=self.rules.must_trump)
        return _replace(obs, what_now=what_now(obs))

    def __repr__(self) -> str:
        return (f"<Écarté {self.rules.name} hand {self.hand_number}: dealer {self.dealer}, trumps "
                f"{self.trump.symbol}, phase {self.phase}, tricks {self.tricks[0]}-{self.tricks[1]}, "
                f"score {self.scores[0]}-{self.scores[1]}>")

    def _repr_html_(self) -> str:
        cards = cards_html
        rows = []
        for p in (1, 0):
            role = _("dealer") if p == self.dealer else _("non-dealer")
            rows.append(f"<tr><th>{html.escape(self.names[p])} ({role})</th><td>{cards(self.hands[p])}</td>"
                        f"<td>{_('tricks')}: {self.tricks[p]} · {_('score')}: {self.scores[p]}</td></tr>")
        trick = " ".join(f"{html.escape(self.names[p])}: {card_html(c)}" for p, c in self.trick) or "—"
        return (f"<div class='ck-ecarte-state'><b>Écarté ({html.escape(self.rules.label)})</b> — "
                f"{_('hand')} {self.hand_number}, {_('phase')}: {self.phase}<br>"
                f"{_('Turn-up')}: {card_html(self.turn_up)} {_('Trumps')}: {self.trump.symbol} · "
                f"{_('Stock')}: {len(self.stock)} {_('cards')} ({cards(self.stock[:5])}"
                f"{' …' if len(self.stock) > 5 else ''})"
                f"<table>{''.join(rows)}</table>{_('On the table')}: {trick}</div>")

    # ------------------------------------------------------------------------------ json
    @classmethod
    def _from_setup(cls, d: dict) -> EcarteState:
        return new_game(rules_from_dict(EcarteRules, d["rules"]), seed=d.get("seed"),
                        deck=d.get("deck"), dealer=d.get("dealer"),
                        names=tuple(d["names"]) if d.get("names") else None,
                        hands=d.get("hands"), turn_up=d.get("turn_up"))


def stacked_deck(non_dealer, dealer, turn_up, stock="", packets=(3, 2)) -> list[Card]:
    """A 32-card deck, top first, that deals exactly these hands (for lessons and tests).

    ``non_dealer`` and ``dealer`` are 5 cards each (text like ``"KH QH JH 7S 7D"`` or Cards), in
    the order each player receives them; ``turn_up`` the 11th card; ``stock`` the top of the stock
    (the rest of the pack follows in a fixed order). Dealt in ``packets`` as §3.1 says. Raises
    ``ValueError`` if a card is repeated or not in the 32-card pack.
    """
    nd, d, top = parse_cards(non_dealer), parse_cards(dealer), parse_cards(stock)
    if len(nd) != 5 or len(d) != 5:
        raise _bad_option(N_("Each Écarté hand has 5 cards ({rule})."), RULE_DEAL)
    deck: list[Card] = []
    i = 0
    for size in packets:
        deck += nd[i:i + size] + d[i:i + size]
        i += size
    deck += parse_cards([turn_up]) + top
    deck += [c for c in piquet_pack() if c not in deck]
    return _check_deck(deck)


def by_rank(cards) -> list[Card]:
    """``cards`` high to low in Écarté's order (K Q J A 10 9 8 7, §3.1), as a player holds them:
    the order in which a sentence names them."""
    return sorted(cards, key=rank_strength, reverse=True)


def or_list(cards) -> str:
    """``"A♥"``, ``"A♥ or 10♥"``, ``"K♠, 7♠ or 9♣"``: cards joined for a sentence."""
    words = [str(c) for c in cards]
    if len(words) <= 1:
        return "".join(words)
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _check_deck(deck) -> list[Card]:
    cards = parse_cards(deck)
    if sorted(map(str, cards)) != sorted(map(str, piquet_pack())):
        raise _bad_option(N_("An Écarté deck must be exactly the 32-card piquet pack, 7 to A in each "
                             "suit, each card once ({rule})."), RULE_PACK)
    return cards


def _decks(rules: EcarteRules, rng, deck, hands, turn_up, dealer: int) -> list[list[Card]]:
    """The stacked decks for :func:`new_game`: from ``hands`` (+ ``turn_up``; the rest shuffled
    from ``rng``), from ``deck`` (one deck, or a list of decks for successive hands), or none."""
    if hands is not None:
        if deck is not None:
            raise ValueError(_("Give either deck or hands, not both."))
        hands = [parse_cards(h) for h in hands]
        if len(hands) != 2:
            raise _bad_option(N_("Écarté is a game for two: give two hands ({rule})."), RULE_DEAL)
        fixed = hands[0] + hands[1] + (parse_cards([turn_up]) if turn_up is not None else [])
        rest = shuffled([c for c in piquet_pack() if c not in fixed], rng)
        top = parse_cards([turn_up]) if turn_up is not None else rest[:1]
        rest = rest if turn_up is not None else rest[1:]
        deck = stacked_deck(hands[1 - dealer], hands[dealer], top[0], rest, rules.packets)
    elif turn_up is not None:
        raise ValueError(_("turn_up goes with hands."))
    if deck is None:
        return []
    is_many = not isinstance(deck, str) and len(deck) > 0 and not isinstance(deck[0], (str, Card))
    return [_check_deck(x) for x in deck] if is_many else [_check_deck(deck)]


def new_game(rules: EcarteRules | None = None, *, seed: int | None = None, deck=None,
             dealer: int | None = None, names: tuple[str, str] | None = None, hands=None,
             turn_up=None) -> EcarteState:
    """Start an Écarté match (§3).

    - ``rules``: an :class:`EcarteRules` (default ``EcarteRules.standard()``).
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
    cards each, or a dealer that is not 0 or 1; ``TypeError`` for rules of another game.
    """
    rules = rules or EcarteRules.standard()
    if not isinstance(rules, EcarteRules):
        raise TypeError("rules must be an EcarteRules (e.g. EcarteRules.classic())")
    s = EcarteState()
    s.rules = rules
    if seed is None:      # draw one and record it, so that to_json() still replays this match
        seed = int(np.random.SeedSequence().entropy % 2**63)
    s.rng = np.random.default_rng(seed)
    s.names = tuple(names) if names else default_names(2)
    if len(s.names) != 2:
        raise ValueError(_("Écarté is a game for two players: give two names."))
    first_dealer = int(s.rng.integers(2)) if dealer is None else dealer
    if first_dealer not in (0, 1):
        raise _bad_option(N_("The dealer is player 0 or player 1 ({rule})."), RULE_DEAL)
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


# ---------------------------------------------------------------------------------- computer
_TRUMP_VALUE = {Rank.KING: 5.0, Rank.QUEEN: 4.5, Rank.JACK: 4.0, Rank.ACE: 3.6, Rank.TEN: 3.3,
                Rank.NINE: 3.1, Rank.EIGHT: 3.0, Rank.SEVEN: 2.9}
_PLAIN_VALUE = {Rank.KING: 2.2, Rank.QUEEN: 1.3, Rank.JACK: 0.7, Rank.ACE: 0.4, Rank.TEN: 0.1,
                Rank.NINE: 0.0, Rank.EIGHT: 0.0, Rank.SEVEN: 0.0}


def hand_strength(hand, trump: Suit) -> float:
    """A rough strength score of a 5-card hand (a heuristic, §3.6 — never a rule).

    Trumps count 2.9–5 each, plain kings 2.2, queens 1.3, jacks 0.7; a hand worth about 10 or more
    usually takes three tricks. Used by the computer player and for hints.
    """
    return sum(_TRUMP_VALUE[c.rank] if c.suit == trump else _PLAIN_VALUE[c.rank] for c in hand)


def _is_jeu_de_regle(hand, trump: Suit) -> bool:
    """§3.6's examples of hands to play without proposing."""
    trumps = [c for c in hand if c.suit == trump]
    plain = [c for c in hand if c.suit != trump]
    if len(trumps) >= 3:
        return True
    by_suit = {}
    for c in plain:
        by_suit.setdefault(c.suit, []).append(c.rank)
    if len(trumps) == 1 and any({Rank.KING, Rank.QUEEN, Rank.JACK} <= set(r) for r in by_suit.values()):
        return True
    return bool(len(trumps) == 2 and any(len(r) >= 3 for r in by_suit.values()))


class EcartePlayer:
    """A sensible computer player for Écarté: legal and sensible, not a strong player.

    It sees only an observation (``state.observation(seat)``) and picks among its
    ``legal_actions``: stands with a jeu de règle or a strong hand (§3.6), proposes otherwise;
    refuses only with a strong hand; discards everything but trumps and kings; always announces
    the king; wins tricks as cheaply as it can and throws its cheapest card when it cannot.
    ``level`` is ``"easy"`` (the only level so far); ``seed`` breaks ties reproducibly.
    """

    def __init__(self, level: str = "easy", seed: int | None = None):
        if level not in ("easy",):
            raise ValueError(f"unknown computer level {level!r}: 'easy', 'medium' or 'hard'")
        self.level = level
        self.rng = np.random.default_rng(seed)

    def choose(self, obs: EcarteObservation) -> Action:
        """Pick one of ``obs["legal_actions"]``. Raises ``ValueError`` if there is none."""
        legal = obs["legal_actions"]
        if not legal:
            raise ValueError("it is not this seat's turn: the observation lists no legal action")
        kinds = {a.kind for a in legal}
        hand, trump = obs["hand"], obs["trump"]
        if "stand" in kinds:
            strong = _is_jeu_de_regle(hand, trump) or hand_strength(hand, trump) >= 10.5
            return Action("stand") if strong else Action("propose")
        if "accept" in kinds:
            return Action("refuse") if hand_strength(hand, trump) >= 11.5 else Action("accept")
        if "discard" in kinds:
            return self._discard(obs, legal)
        if "announce" in kinds:
            return Action("announce", word="king")
        return self._play(obs, legal)

    def _discard(self, obs, legal) -> Action:
        hand, trump = obs["hand"], obs["trump"]
        keep = [c for c in hand if c.suit == trump or c.rank == Rank.KING]
        out = [c for c in hand if c not in keep]
        must = any(len(a.cards) == 0 for a in legal) is False  # non-dealer must discard ≥ 1
        limit = max(len(a.cards) for a in legal)
        out.sort(key=lambda c: (_TRUMP_VALUE[c.rank] if c.suit == trump else _PLAIN_VALUE[c.rank],
                                rank_strength(c)))
        out = out[:limit]
        if must and not out:
            weakest = min(hand, key=lambda c: (c.suit == trump, rank_strength(c)))
            out = [weakest]
        return Action("discard", tuple(out))

    def _play(self, obs, legal) -> Action:
        trump = obs["trump"]
        cards = [a.card for a in legal if a.kind == "play"]
        trick = obs["trick"]

        def cost(c):  # cheaper cards first: plain before trump, low before high
            return (c.suit == trump, rank_strength(c), float(self.rng.random()))
        if trick:
            lead = trick[0][1]
            winners = [c for c in cards if trick_winner(lead, c, trump) == 1]
            pick = min(winners or cards, key=cost)
            return Action("play", (pick,))
        hand = obs["hand"]
        trumps = sorted((c for c in hand if c.suit == trump), key=rank_strength, reverse=True)
        kings = [c for c in cards if c.rank == Rank.KING and c.suit != trump]
        if len(trumps) >= 2 and trumps[0] in cards and rank_strength(trumps[0]) >= rank_strength(
                Card(Rank.QUEEN, trump)):
            return Action("play", (trumps[0],))
        if kings:
            return Action("play", (kings[0],))
        plain = [c for c in cards if c.suit != trump]
        return Action("play", (min(plain or cards, key=cost),))


def computer_player(level: str = "easy", seed: int | None = None):
    """A computer Écarté player, ``choose(observation) -> Action``: ``"easy"`` (:class:`EcartePlayer`),
    ``"medium"`` or ``"hard"`` (:class:`cardkit.ecarte_ai.StrongPlayer`). Raises ``ValueError``."""
    if level in ("medium", "hard"):
        from .ecarte_ai import StrongPlayer
        return StrongPlayer(level, seed)
    return EcartePlayer(level, seed)


def _over_text(obs: EcarteObservation) -> str:
    return obs.outcome.text


def _play_text(obs: EcarteObservation) -> str:
    """What now in the play phase (§3.3, §3.4), for the seat whose turn it is."""
    extra = ""
    if any(a.kind == "announce" for a in obs.legal_actions):
        extra = " " + _("You hold the king of trumps: you may announce it for 1 point first "
                        "({rule}).").format(rule=RULE_KING)
    if not obs.trick:
        # the leader has nothing to follow: the rule to name is the one the reply must obey
        return _("Your lead: play any card; the other player must follow its suit and beat it "
                 "if they can.") + extra
    lead = obs.trick[0][1]
    cards = or_list(by_rank(obs.playable))
    if any(c.suit == lead.suit for c in obs.hand):
        if any(rank_strength(c) > rank_strength(lead) for c in obs.playable if c.suit == lead.suit):
            return _("You must follow suit and win the trick if you can: play {cards} "
                     "({rule}).").format(cards=cards, rule=RULE_TRICK) + extra
        return _("You must follow suit ({suit}); you cannot beat {lead}: play {cards} "
                 "({rule}).").format(suit=lead.suit.symbol, lead=lead, cards=cards,
                                     rule=RULE_TRICK) + extra
    if obs.must_trump and any(c.suit == obs.trump for c in obs.hand):
        return _("You cannot follow suit, so you must trump: play {cards} ({rule}).").format(
            cards=cards, rule=RULE_TRUMP) + extra
    return _("You cannot follow suit: play any card ({rule}).").format(rule=RULE_TRICK) + extra


def _exchange_text(obs: EcarteObservation) -> str:
    m = min(5, obs.stock_count)
    if m == 0:
        return _("The stock is empty, so you cannot exchange: keep your cards ({rule}).").format(
            rule=RULE_EXCHANGE)
    if obs.dealer == obs.seat:
        return _("Click up to {m} cards to throw away and press Discard — or keep all your cards. "
                 "You draw as many new cards from the stock ({rule}).").format(m=m, rule=RULE_EXCHANGE)
    return _("Click 1 to {m} cards to throw away, then press Discard: you draw as many new cards "
             "from the stock ({rule}).").format(m=m, rule=RULE_EXCHANGE)


def what_now(obs: EcarteObservation) -> str:
    """One sentence, in the second person, saying what the seat of ``obs`` can do now and the
    plain name of the rule that applies (the observation's ``what_now``; tables show it in their
    "What now" panel). Uses only the observation."""
    if obs.is_over:
        return _over_text(obs)
    if obs.current_player != obs.seat:
        return _("Waiting for {who}.").format(who=obs.names[obs.current_player])
    if obs.phase == "decide":
        if obs.proposals:
            return _("Stand (play the cards you hold now), or Propose another exchange with the "
                     "stock ({rule}).").format(rule=RULE_EXCHANGE)
        return _("You are the non-dealer: Stand (play the hand as dealt), or Propose an exchange "
                 "with the stock ({rule}).").format(rule=RULE_EXCHANGE)
    if obs.phase == "answer":
        return _("{who} proposes an exchange. Accept: each of you throws away cards and draws "
                 "from the stock; Refuse: play as dealt ({rule})."
                 ).format(who=obs.names[1 - obs.seat], rule=RULE_EXCHANGE)
    if obs.phase == "exchange":
        return _exchange_text(obs)
    return _play_text(obs)


# the advisor (§3.6), made in cardkit.ecarte_ai (which imports only cards and core)
from .ecarte_ai import advice, card_advice, foster_counts, jeux_de_regle_check, stand_advice  # noqa: E402,F401

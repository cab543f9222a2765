"""Écarté: the 19th-century French trick-taking game for two (§3, seed 004).

A state is a whole **match** across hands: the deal alternates every hand and the match ends the
moment a player reaches ``rules.target`` points (even in the middle of a hand).

Quick use::

    >>> from cardkit import ecarte
    >>> s = ecarte.new_game(seed=1)
    >>> s.legal_actions()            # the non-dealer decides first
    [Action('stand'), Action('propose')]

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

Public position (for lessons and tests; a table shows only ``observation(seat)``): ``hands``,
``stock`` (top first), ``turn_up``, ``trump``, ``dealer``, ``tricks`` (won this hand, per player),
``scores``, ``trick`` (cards on the table, in play order), ``discards`` (out of play), ``log``.
"""
from __future__ import annotations

import html
import itertools
import re
from dataclasses import dataclass, field

import numpy as np

from .cards import card_html, cards_html, Card, Rank, Suit, SUITS, parse_cards, piquet_pack, shuffled
from .core import Action, Event, GameState, IllegalAction, rules_from_dict, rules_to_dict
from .i18n import _

__all__ = ["EcarteRules", "EcarteState", "new_game", "computer_player", "EcartePlayer",
           "RANK_ORDER", "rank_strength", "trick_winner", "what_now", "hand_strength", "stacked_deck"]

#: Écarté's rank order, highest first (§3.1): the ace ranks between the jack and the ten.
RANK_ORDER: tuple[Rank, ...] = (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN, Rank.NINE,
                                Rank.EIGHT, Rank.SEVEN)
_STRENGTH = {r: len(RANK_ORDER) - i for i, r in enumerate(RANK_ORDER)}  # K=8 ... 7=1

PHASES = ("decide", "answer", "exchange", "play", "over")


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


@dataclass(frozen=True)
class EcarteRules:
    """The rules of an Écarté match (§3). Frozen: a preset is data.

    - ``name``: the preset's name, shown on tables (``"standard"`` or ``"classic"``, or your own).
    - ``must_trump``: when unable to follow suit, the follower must trump if able (§3.4; classic).
      When False any card may be played (standard, the seed).
    - ``scoring``: ``"standard"`` (the seed: a non-dealer who stood at once, or whose proposal was
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
            raise ValueError(f"Écarté scoring (§3.5) is 'standard' or 'classic', not {self.scoring!r}")
        if not isinstance(self.target, (int, np.integer)) or isinstance(self.target, bool) or self.target < 1:
            raise ValueError(f"Écarté target (§3.5) must be a whole number of points ≥ 1, not {self.target!r}")
        packets = tuple(self.packets)
        if not packets or any((not isinstance(p, (int, np.integer))) or p < 1 for p in packets) or sum(packets) != 5:
            raise ValueError(f"Écarté packets (§3.1) must be positive and add up to 5 cards, e.g. (3, 2) or (2, 3); got {self.packets!r}")
        object.__setattr__(self, "packets", tuple(int(p) for p in packets))
        object.__setattr__(self, "target", int(self.target))

    @classmethod
    def standard(cls, **options) -> "EcarteRules":
        """The seed's rules (the default): any card when void, the seed's scoring (§3.4, §3.5)."""
        return cls(**{"name": "standard", **options})

    @classmethod
    def classic(cls, **options) -> "EcarteRules":
        """19th-century club rules (Cavendish 1886; Parlett): must trump when void; classic scoring."""
        return cls(**{"name": "classic", "must_trump": True, "scoring": "classic", **options})


_YOU_VERBS = re.compile(r"\b(You|you)( \(non-dealer\))? (deals|plays|proposes|accepts|refuses|discards|"
                        r"keeps|exchanges|leads|announces|wins|reaches|scores|took|stood)\b")


def _agree(text: str, you: str) -> str:
    """English agreement for a player named "You" (a table's own seat): "You wins" → "You win",
    and "so You score" → "so you score". Other names and languages are left as they are."""
    if you != "You" or "You" not in text:
        return text
    text = _YOU_VERBS.sub(lambda m: m.group(1) + (m.group(2) or "") + " " + (
        m.group(3) if m.group(3) in ("took", "stood") else m.group(3)[:-2] if m.group(3).endswith(
            ("ches", "shes")) else m.group(3)[:-1]), text)
    return text[:1] + re.sub(r"\bYou\b", "you", text[1:])


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

    def __init__(self):
        super().__init__()

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
        names = self.names
        packets = _(" then ").join(str(p) for p in self.rules.packets)
        self._log("deal", d, _("{dealer} deals {packets} cards each (non-dealer first); the turn-up "
                               "is {card}, so {suit} are trumps (§3.1).").format(
            dealer=names[d], packets=packets, card=self.turn_up, suit=_(self.trump.word)),
            "3.1", {"turn_up": self.turn_up, "hand": self.hand_number})
        if self.turn_up.rank is Rank.KING:
            self._score(d, 1, "turn_up_king",
                        _("The turn-up is a king ({card}): the dealer ({dealer}) scores 1 point at "
                          "once (§3.1).").format(card=self.turn_up, dealer=names[d]), "3.1")

    def _next_deck(self) -> list[Card]:
        if self._stacked:
            return self._stacked.pop(0)
        return shuffled(piquet_pack(), self.rng)

    def _log(self, kind, player, text, rule="", data=None):
        self.log.append(Event(kind, player, _agree(text, _("You")), rule, dict(data or {})))

    def _score(self, player: int, points: int, kind: str, text: str, rule: str) -> None:
        self.scores[player] += points
        self._log(kind, player, text, rule, {"points": points, "scores": list(self.scores)})
        if self.scores[player] >= self.rules.target and self.phase != "over":
            self.phase = "over"
            self._winner = player
            self._log("game_over", player, _("{who} reaches {target} points and wins the game "
                                             "{w}–{l} (§3.5).").format(
                who=self.names[player], target=self.rules.target, w=self.scores[player],
                l=self.scores[1 - player]),
                "3.5", {"scores": list(self.scores)})

    def _snapshot(self):
        # every attribute is immutable, a list (of lists) of immutable values, or the RNG
        saved = {}
        for k, v in self.__dict__.items():
            if k in self._NOT_COPIED:
                continue
            if isinstance(v, list):
                v = [list(x) if isinstance(x, list) else x for x in v]
            elif isinstance(v, dict):
                v = dict(v)
            elif isinstance(v, np.random.Generator):
                v = (v, v.bit_generator.state)
            saved[k] = v
        return saved, len(self.log)

    def _restore(self, snapshot) -> None:
        saved, n_log = snapshot
        for k in [k for k in self.__dict__ if k not in self._NOT_COPIED and k not in saved]:
            del self.__dict__[k]
        for k, v in saved.items():
            if k == "rng":
                v[0].bit_generator.state = v[1]
                v = v[0]
            self.__dict__[k] = v
        del self.log[n_log:]

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

    def _check(self, action: Action) -> None:
        self._check_rule(action)
        if action not in self._legal_actions():        # anything the rule checks did not name
            raise IllegalAction(_("{action} is not a move of Écarté at this point; legal now: "
                                  "{legal} (§3).").format(action=action, legal=", ".join(
                                      map(str, self._legal_actions()[:8]))))

    def _check_rule(self, action: Action) -> None:
        p = self.current_player
        k = action.kind
        who = self.names[p]
        if self.phase == "decide":
            if k in ("stand", "propose"):
                return
            if k == "announce":
                raise IllegalAction(_("The king of trumps is announced just before a player's first "
                                      "card is played, after the proposals (§3.3)."))
            raise IllegalAction(_("{who} (the non-dealer) must first stand or propose an exchange "
                                  "(§3.2).").format(who=who))
        if self.phase == "answer":
            if k in ("accept", "refuse"):
                return
            raise IllegalAction(_("{who} (the dealer) must accept or refuse the proposal "
                                  "(§3.2).").format(who=who))
        if self.phase == "exchange":
            if k != "discard":
                raise IllegalAction(_("{who} must discard now: choose the cards to exchange "
                                      "(§3.2).").format(who=who))
            cards = list(action.cards)
            hand = self.hands[p]
            if len(set(cards)) != len(cards):
                raise IllegalAction(_("A card can be discarded only once (§3.2)."))
            missing = [c for c in cards if c not in hand]
            if missing:
                raise IllegalAction(_("You can only discard cards from your own hand: {cards} "
                                      "(§3.2).").format(cards=" ".join(map(str, missing))))
            if p == self.non_dealer and not cards:
                raise IllegalAction(_("After a proposal is accepted the non-dealer must discard at "
                                      "least 1 card (§3.2)."))
            if len(cards) > self.max_discard():
                raise IllegalAction(_("Nobody may discard more cards than the stock can replace: the "
                                      "stock holds {n} (§3.2).").format(n=len(self.stock)))
            return
        if self.phase == "play":
            if k == "announce":
                if action.word != "king":
                    raise IllegalAction(_("Only the king of trumps is announced (§3.3)."))
                if self.king_announced is not None:
                    raise IllegalAction(_("The king point has already been scored this hand "
                                          "(§3.3)."))
                if self.king_of_trumps() not in self.hands[p]:
                    raise IllegalAction(_("Only a player holding the king of trumps ({card}) may "
                                          "announce it (§3.3).").format(card=self.king_of_trumps()))
                if self.first_card_played[p]:
                    raise IllegalAction(_("The king must be announced before your first card is "
                                          "played (§3.3)."))
                return
            if k != "play" or len(action.cards) != 1:
                raise IllegalAction(_("The hand is being played: play one card (§3.4)."))
            card = action.card
            if card not in self.hands[p]:
                raise IllegalAction(_("{card} is not in your hand: you can only play your own "
                                      "cards (§3.4).").format(card=card))
            if card not in self.playable_cards(p):
                raise IllegalAction(self._why_not(p, card))
            return
        raise IllegalAction(_("The game is over."))

    def _why_not(self, p: int, card: Card) -> str:
        lead = self.trick[0][1]
        hand = self.hands[p]
        same = [c for c in hand if c.suit == lead.suit]
        if same:
            higher = [c for c in same if rank_strength(c) > rank_strength(lead)]
            if card.suit != lead.suit:
                return _("You must follow suit: {lead} was led and you hold {cards} "
                         "(§3.4).").format(lead=lead, cards=_(" and ").join(map(str, same)))
            return _("You must win the trick if you can: {card} does not beat {lead}, but {cards} "
                     "does (§3.4).").format(card=card, lead=lead, cards=or_list(higher))
        trumps = [c for c in hand if c.suit == self.trump]
        return _("You cannot follow suit, so in the classic rules you must trump: play {cards} "
                 "(§3.4).").format(cards=or_list(trumps))

    def _apply(self, action: Action) -> None:
        p = self.current_player
        k = action.kind
        names = self.names
        if k == "stand":
            if self.proposals == 0:
                self.stood_at_once = True
                text = _("{who} plays the hand as dealt, without proposing (§3.2).")
            else:
                text = _("{who} proposes no more exchanges: the hand is played (§3.2).")
            self._log("stand", p, text.format(who=names[p]), "3.2")
            self._start_play()
        elif k == "propose":
            if not self.stock:  # pragma: no cover - the decide phase never starts on an empty stock
                raise IllegalAction(_("The stock is empty: no more exchanges (§3.2)."))
            self.proposals += 1
            self._log("propose", p, _("{who} proposes an exchange (§3.2).").format(who=names[p]), "3.2",
                      {"proposal": self.proposals})
            self.phase = "answer"
        elif k == "accept":
            self._log("accept", p, _("{who} accepts: each player now exchanges cards, the "
                                     "non-dealer first (§3.2).").format(who=names[p]), "3.2")
            self.phase = "exchange"
            self.exchanger = self.non_dealer
        elif k == "refuse":
            self.refused = True
            if self.proposals == 1:
                self.refused_first = True
            self._log("refuse", p, _("{who} refuses: the hands are played as they are (§3.2).")
                      .format(who=names[p]), "3.2", {"proposal": self.proposals})
            self._start_play()
        elif k == "discard":
            self._discard(p, list(action.cards))
        elif k == "announce":
            self._announce(p, leading=False)
        elif k == "play":
            self._play(p, action.card)

    def _discard(self, p: int, cards: list[Card]) -> None:
        for c in cards:
            self.hands[p].remove(c)
        self.discards[p].extend(cards)
        drawn, self.stock = self.stock[:len(cards)], self.stock[len(cards):]
        self.hands[p].extend(drawn)
        n = len(cards)
        text = (_("{who} keeps all five cards (§3.2).") if n == 0 else
                _("{who} exchanges {n} cards with the stock; {left} left (§3.2).") if n > 1 else
                _("{who} exchanges 1 card with the stock; {left} left (§3.2)."))
        self._log("discard", p, text.format(who=self.names[p], n=n, left=len(self.stock)),
                  "3.2", {"discarded": cards, "drawn": drawn})
        if p == self.non_dealer:
            self.exchanger = self.dealer
            return
        self.exchanger = None
        if self.stock:
            self.phase = "decide"
        else:
            self._log("stock_empty", None, _("The stock is empty: the exchanges end and play begins "
                                             "(§3.2)."), "3.2")
            self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.leader = self.non_dealer

    def _announce(self, p: int, *, leading: bool) -> None:
        self.king_announced = p
        k = self.king_of_trumps()
        text = (_("{who} leads the king of trumps ({card}) as the first card, which announces it: "
                  "1 point (§3.3).") if leading else
                _("{who} announces the king of trumps ({card}): 1 point (§3.3)."))
        self._score(p, 1, "king", text.format(who=self.names[p], card=k), "3.3")

    def _play(self, p: int, card: Card) -> None:
        names = self.names
        trick_no = sum(self.tricks) + 1
        if (not self.trick and p == self.non_dealer and trick_no == 1 and not self.first_card_played[p]
                and card == self.king_of_trumps() and self.king_announced is None):
            self._announce(p, leading=True)
            if self.phase == "over":
                # the king point ended the match; the card is still led so nothing is lost
                pass
        self.hands[p].remove(card)
        self.first_card_played[p] = True
        self.trick.append((p, card))
        self.played.append((trick_no, p, card))
        if len(self.trick) == 1:
            self._log("lead", p, _("{who} leads {card} to trick {n}.").format(
                who=names[p], card=card, n=trick_no), "3.4", {"card": card, "trick": trick_no})
            return
        lead = self.trick[0][1]
        w = self.trick[trick_winner(lead, card, self.trump)][0]
        why = self._follow_reason(lead, card)
        self._log("follow", p, _("{who} plays {card}: {why}").format(who=names[p], card=card, why=why),
                  "3.4", {"card": card, "trick": trick_no})
        wcard = dict(self.trick)[w]
        self.tricks[w] += 1
        how = (_("the highest trump") if wcard.suit == self.trump else _("the highest card of the suit led"))
        self._log("trick", w, _("{who} wins trick {n} with {card}, {how} (§3.4).").format(
            who=names[w], n=trick_no, card=wcard, how=how), "3.4",
            {"cards": [c for _p, c in self.trick], "winner": w, "trick": trick_no})
        self.last_trick = list(self.trick)
        self.trick = []
        self.leader = w
        if self.phase == "over":
            return
        if sum(self.tricks) == 5:
            self._score_hand()

    def _follow_reason(self, lead: Card, card: Card) -> str:
        if card.suit == lead.suit:
            if rank_strength(card) > rank_strength(lead):
                return _("followed suit and won the trick, as the rule requires when able (§3.4).")
            return _("followed suit; no higher {suit} to win with (§3.4).").format(suit=_(lead.suit.word[:-1]))
        if card.suit == self.trump:
            return _("could not follow suit, so trumped (§3.4).")
        return _("could not follow suit{extra} (§3.4).").format(
            extra=_(" and had no trump") if self.rules.must_trump else "")

    def _score_hand(self) -> None:
        names = self.names
        w = 0 if self.tricks[0] >= 3 else 1
        n = self.tricks[w]
        nd = self.non_dealer
        points = 2 if n == 5 else 1
        scorer = w
        if self.rules.scoring == "standard":
            as_dealt = self.stood_at_once or self.refused
            if as_dealt and w == nd:
                points = 2
                reason = (_("playing the hand as dealt") if self.stood_at_once
                          else _("the dealer refused a proposal"))
                text = _("{who} (non-dealer) wins {n} tricks after {reason}: 2 points (§3.5, "
                         "standard).").format(who=names[w], n=n, reason=reason)
            elif n == 5:
                text = _("{who} wins all 5 tricks, the vole: 2 points (§3.5).").format(who=names[w])
            else:
                text = _("{who} wins {n} tricks: 1 point (§3.5).").format(who=names[w], n=n)
        else:
            responsible = nd if self.stood_at_once else (self.dealer if self.refused_first else None)
            if responsible is not None and w != responsible:
                points = 2
                act = _("stood") if responsible == nd else _("refused the first proposal")
                text = _("{loser} {act} but took fewer than 3 tricks, so {who} scores 2 points "
                         "(§3.5, classic).").format(loser=names[responsible], act=act, who=names[w])
            elif n == 5:
                text = _("{who} wins all 5 tricks, the vole: 2 points (§3.5).").format(who=names[w])
            else:
                text = _("{who} wins {n} tricks: 1 point (§3.5).").format(who=names[w], n=n)
        self.last_hand = {"hand": self.hand_number, "dealer": self.dealer, "tricks": list(self.tricks),
                          "winner": w, "points": points, "trump": self.trump.word,
                          "turn_up": self.turn_up, "last_trick": list(self.last_trick),
                          "scores": list(self.scores)}
        self._score(scorer, points, "hand_score", text, "3.5")
        self.last_hand["scores"] = list(self.scores)      # as they stood when the hand ended
        if self.phase == "over":
            return
        self.dealer = 1 - self.dealer
        self._deal(self._next_deck())

    # ------------------------------------------------------------------------------ views
    def observation(self, player: int) -> dict:
        """Exactly what ``player`` may see (DESIGN.md): a dict.

        Keys: ``seat``, ``names``, ``rules`` (name), ``target``, ``phase``, ``current_player``,
        ``legal_actions`` (that seat's moves when it is its turn, else ``[]``), ``hand`` (own cards),
        ``opponent_cards`` (a count), ``stock_count``, ``turn_up``, ``trump``, ``dealer``,
        ``tricks``, ``scores``, ``trick`` (``[(player, card)]`` on the table), ``last_trick``,
        ``played`` (all cards played this hand: ``[(trick, player, card)]``), ``discard_counts``,
        ``own_discards``, ``proposals``, ``king_announced``, ``playable`` (own playable cards when
        it is this seat's turn to play), ``hand_number``, ``last_hand``, ``is_over``, ``winner``,
        ``log`` (public sentences, newest last). Never the opponent's cards, the stock's order or
        the opponent's discards.
        """
        if player not in (0, 1):
            raise ValueError("Écarté has two seats, 0 and 1")
        mine = self.current_player == player
        return {
            "game": "ecarte", "seat": player, "names": tuple(self.names), "rules": self.rules.name,
            "must_trump": self.rules.must_trump, "scoring": self.rules.scoring,
            "target": self.rules.target, "phase": self.phase, "current_player": self.current_player,
            "legal_actions": self.legal_actions() if mine else [],
            "hand": list(self.hands[player]), "opponent_cards": len(self.hands[1 - player]),
            "stock_count": len(self.stock), "turn_up": self.turn_up, "trump": self.trump,
            "dealer": self.dealer, "tricks": list(self.tricks), "scores": list(self.scores),
            "trick": list(self.trick), "last_trick": list(self.last_trick),
            "played": list(self.played),
            "discard_counts": [len(d) for d in self.discards], "own_discards": list(self.discards[player]),
            "proposals": self.proposals, "king_announced": self.king_announced,
            "playable": self.playable_cards(player) if (mine and self.phase == "play") else [],
            "hand_number": self.hand_number, "last_hand": self.last_hand,
            "is_over": self.is_over, "winner": self.winner,
            "log": [e.text for e in self.log],
        }

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
        return (f"<div class='ck-ecarte-state'><b>Écarté ({html.escape(self.rules.name)})</b> — "
                f"{_('hand')} {self.hand_number}, {_('phase')}: {self.phase}<br>"
                f"{_('Turn-up')}: {card_html(self.turn_up)} {_('Trumps')}: {self.trump.symbol} · "
                f"{_('Stock')}: {len(self.stock)} {_('cards')} ({cards(self.stock[:5])}{' …' if len(self.stock) > 5 else ''})"
                f"<table>{''.join(rows)}</table>{_('On the table')}: {trick}</div>")

    # ------------------------------------------------------------------------------ json
    @classmethod
    def _from_setup(cls, d: dict) -> "EcarteState":  # noqa: D401
        deck = d.get("deck")
        return new_game(rules_from_dict(EcarteRules, d["rules"]), seed=d.get("seed"), deck=deck,
                        dealer=d.get("dealer"), names=tuple(d["names"]) if d.get("names") else None,
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
        raise ValueError("each Écarté hand has 5 cards (§3.1)")
    deck: list[Card] = []
    i = 0
    for size in packets:
        deck += nd[i:i + size] + d[i:i + size]
        i += size
    deck += parse_cards([turn_up]) + top
    deck += [c for c in piquet_pack() if c not in deck]
    return _check_deck(deck)


def or_list(cards) -> str:
    """``"A♥"``, ``"A♥ or 10♥"``, ``"K♠, 7♠ or 9♣"``: cards joined for a sentence."""
    words = [str(c) for c in cards]
    if len(words) <= 1:
        return "".join(words)
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _check_deck(deck) -> list[Card]:
    cards = parse_cards(deck)
    if sorted(map(str, cards)) != sorted(map(str, piquet_pack())):
        raise ValueError("An Écarté deck must be exactly the 32-card piquet pack, 7 to A in each suit, "
                         "each card once (§3.1)")
    return cards


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
    - ``names``: how the log names the players (default ``("Player 0", "Player 1")``).
    - ``hands``: instead of ``deck``, each player's 5 cards (``[hand_of_0, hand_of_1]``) and,
      optionally, the ``turn_up``; the rest of the pack is shuffled from ``seed`` (turn-up first,
      then the stock).

    Raises ``ValueError`` for a deck that is not the 32-card pack, hands that are not 5 distinct
    cards each, or a dealer that is not 0 or 1.
    """
    rules = rules or EcarteRules.standard()
    if not isinstance(rules, EcarteRules):
        raise TypeError("rules must be an EcarteRules (e.g. EcarteRules.classic())")
    s = EcarteState()
    s.rules = rules
    if seed is None:      # draw one and record it, so that to_json() still replays this match
        seed = int(np.random.SeedSequence().entropy % 2**63)
    s.rng = np.random.default_rng(seed)
    s.names = tuple(names) if names else (_("Player 0"), _("Player 1"))
    if len(s.names) != 2:
        raise ValueError("Écarté is a game for two players: give two names")
    given_dealer = dealer
    if dealer is None:
        dealer = int(s.rng.integers(2))
    if dealer not in (0, 1):
        raise ValueError("the dealer is player 0 or player 1 (§3.1)")
    decks = []
    if hands is not None:
        if deck is not None:
            raise ValueError("give either deck or hands, not both")
        hands = [parse_cards(h) for h in hands]
        if len(hands) != 2:
            raise ValueError("Écarté is a game for two: give two hands (§3.1)")
        fixed = hands[0] + hands[1] + (parse_cards([turn_up]) if turn_up is not None else [])
        rest = shuffled([c for c in piquet_pack() if c not in fixed], s.rng)
        top = parse_cards([turn_up]) if turn_up is not None else rest[:1]
        rest = rest if turn_up is not None else rest[1:]
        deck = stacked_deck(hands[1 - dealer], hands[dealer], top[0], rest, rules.packets)
    elif turn_up is not None:
        raise ValueError("turn_up goes with hands")
    if deck is not None:
        is_many = not isinstance(deck, str) and len(deck) > 0 and not isinstance(deck[0], (str, Card))
        decks = [_check_deck(x) for x in deck] if is_many else [_check_deck(deck)]
    s._stacked = list(decks)
    s.dealer = dealer
    s.scores = [0, 0]
    s.hand_number = 0
    s._winner = None
    s.last_hand = None
    s.last_trick = []
    s.phase = "decide"
    s._setup = {"rules": rules_to_dict(rules), "seed": seed, "dealer": given_dealer,
                "deck": ([[str(c) for c in d] for d in decks] if len(decks) > 1
                         else ([str(c) for c in decks[0]] if decks else None)),
                "names": list(s.names) if names else None}
    if hands is not None:   # replay the same way: the rest of the pack is shuffled from the seed
        s._setup.update(deck=None, hands=[[str(c) for c in h] for h in hands],
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
    if len(trumps) == 2 and any(len(r) >= 3 for r in by_suit.values()):
        return True
    return False


class EcartePlayer:
    """A sensible computer player for Écarté (issue: "legal, sensible" — not a strong player).

    It sees only an observation (``state.observation(seat)``) and picks among its
    ``legal_actions``: stands with a jeu de règle or a strong hand (§3.6), proposes otherwise;
    refuses only with a strong hand; discards everything but trumps and kings; always announces
    the king; wins tricks as cheaply as it can and throws its cheapest card when it cannot.
    ``level`` is ``"easy"`` (the only level so far); ``seed`` breaks ties reproducibly.
    """

    def __init__(self, level: str = "easy", seed: int | None = None):
        if level not in ("easy",):
            raise ValueError(f"unknown computer level {level!r}: only 'easy' exists so far")
        self.level = level
        self.rng = np.random.default_rng(seed)

    def choose(self, obs: dict) -> Action:
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


def computer_player(level: str = "easy", seed: int | None = None) -> EcartePlayer:
    """A computer Écarté player (see :class:`EcartePlayer`); ``choose(observation) -> Action``."""
    return EcartePlayer(level, seed)


def what_now(obs: dict) -> str:
    """One sentence, in the second person, saying what the seat of ``obs`` can do now and which
    rule applies (for the table's "What now" panel and for hints). Uses only the observation."""
    names = obs["names"]
    if obs["is_over"]:
        w = obs["winner"]
        return (_("You win the game {a}–{b}!") if w == obs["seat"] else
                _("{who} wins the game {a}–{b}.")).format(
            who=names[w], a=obs["scores"][w], b=obs["scores"][1 - w])
    cp = obs["current_player"]
    if cp != obs["seat"]:
        return _("Waiting for {who}.").format(who=names[cp])
    phase = obs["phase"]
    if phase == "decide":
        if obs["proposals"]:
            return _("Propose another exchange, or Stand to play the cards you hold now (§3.2).")
        return _("You are the non-dealer: play the hand as dealt (Stand), or Propose an exchange of "
                 "cards (§3.2).")
    if phase == "answer":
        return _("{who} proposes an exchange: Accept (both of you swap cards) or Refuse (play as "
                 "dealt) (§3.2).").format(who=names[1 - obs["seat"]])
    if phase == "exchange":
        m = min(5, obs["stock_count"])
        if m == 0:
            return _("The stock is empty, so you cannot exchange: keep your cards (§3.2).")
        if obs["dealer"] == obs["seat"]:
            return _("Click up to {m} cards to throw away and press Discard — or keep all your "
                     "cards. You draw as many new cards from the stock (§3.2).").format(m=m)
        return _("Click 1 to {m} cards to throw away, then press Discard: you draw as many new "
                 "cards from the stock (§3.2).").format(m=m)
    legal = obs["legal_actions"]
    announce = any(a.kind == "announce" for a in legal)
    extra = _(" You hold the king of trumps: you may announce it for 1 point first (§3.3).") if announce else ""
    trick = obs["trick"]
    playable = obs["playable"]
    if not trick:
        return _("Your lead: play any card (§3.4).") + extra
    lead = trick[0][1]
    hand = obs["hand"]
    cards = or_list(playable)
    if any(c.suit == lead.suit for c in hand):
        if any(rank_strength(c) > rank_strength(lead) for c in playable if c.suit == lead.suit):
            return _("You must follow suit and win the trick if you can: play {cards} (§3.4).").format(
                cards=cards) + extra
        return _("You must follow suit ({suit}); you cannot beat {lead}: play {cards} (§3.4).").format(
            suit=lead.suit.symbol, lead=lead, cards=cards) + extra
    if obs["must_trump"] and any(c.suit == obs["trump"] for c in hand):
        return _("You cannot follow suit, so you must trump: play {cards} (§3.4, classic).").format(
            cards=cards) + extra
    return _("You cannot follow suit: play any card (§3.4).") + extra

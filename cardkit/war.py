"""War and its variants (RULES.md §1): classic, multiplayer, three-player, Peace, Război,
automatic war, # beats faces / aces, underdog, slap war and Steal War.

Quick start::

    >>> from cardkit import war
    >>> g = war.new_game(war.WarRules.classic(), seed=1)
    >>> g.apply("flip")              # one battle, with every war it leads to
    >>> g.log[-1].explain()          # e.g. 'K♦ beats 4♠: Player 1 wins the battle and takes 2 cards.'

Seats are numbered 0..n-1; sentences people read call seat 0 "Player 1" (:func:`player_name`).
Every pile is a list of cards **top first**. The full position is public on the state
(``packets``, Steal War's ``piles``, the cards on the ``table``, ``set_aside``); a table widget
shows only ``observation(seat)``.

The only action is ``flip`` (one battle), except where a player has a choice (``current_player``
is then not ``None``):

- Steal War (§1.10): ``steal`` or ``flip`` (play the card) when the top card of the deciding
  player's packet matches the top card of an opponent's face-up pile, and ``top <card>`` (or
  ``flip``: keep the pickup order) after winning a battle.
- Slap war (§1.9): ``slap`` or ``flip`` (no slap) for the live seat ``rules.slap_seat`` when a
  slap card has just been turned up; the other players' reaction times are drawn from the game's
  RNG (gamma distribution, mean ``rules.slap_mean`` seconds).

Decisions where RULES.md is silent (also in each docstring):

- **Battle limit**: when ``rules.max_battles`` battles have been played the game stops; with
  ``at_limit="draw"`` (default) it is a draw, with ``"most_cards"`` the player holding the most
  cards wins (a tie for most is a draw).
- **Draw by repetition** is checked only when the game's future is fixed by the position (pickup
  ``winner_first`` or ``player_order``, no slap, no Steal War); with a random element a repeated
  position is not a loop.
- "Seat order" for pickup and for several stolen piles is ascending seat number (0, 1, 2, …),
  skipping the winner / the stealer.
- ``short_of_cards="lose"`` with several players: the short players lose the war (their remaining
  cards go on the table for the war's winner) and drop out; the war goes on among the others; if
  every player in the war is short the game is a draw. Standing players whose cards tie in a game
  of three or four: the game is a draw (the §1.1 rule, applied as written).
- # beats faces / aces with three or more players can make a cycle (3 beats K, K beats 5, 5 beats
  3); the usual rank order then decides.
- Război with a war started by an automatic-war card: the war size is that card's value.
- Underdog applies to wars decided by comparing cards (not to a slap, nor to ``lose``).
- Steal War replaces ``short_of_cards`` by its own rule (a player with no cards at all during a
  war loses at once); only ``short_of_cards="draw"`` changes it (the game is then drawn).
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field, replace, fields
from functools import lru_cache
from typing import Any, Iterable, Sequence

import numpy as np

from .cards import cards_html as _cards_html, Card, JOKER, Rank, parse_card, parse_cards, standard_pack
from .core import Action, Event, GameState, IllegalAction, rules_from_dict, rules_to_dict
from .i18n import _, ngettext

__all__ = ["WarRules", "WarState", "new_game", "simulate", "SimulationResult", "computer_player",
           "WarComputer", "player_name", "PRESETS", "reaction_time"]

# -- card codes: the engine works on small ints (fast, cheap to copy); Cards at the edges --------
_PACK: list[Card] = standard_pack(0) + [JOKER]          # index 52 is the joker
_IDX: dict[Card, int] = {c: i for i, c in enumerate(_PACK)}
_RV: list[int] = [int(c.rank) for c in _PACK]           # rank value of each code (joker 15)
_RAZBOI_VALUE = {r: (r if r <= 10 else 11 if r == 14 else 10) for r in range(2, 15)}
_FACES = (11, 12, 13)


def _code(card: "Card | str") -> int:
    return _IDX[parse_card(card)]


def _card(i: int) -> Card:
    return _PACK[i]


def _cards(codes: Iterable[int]) -> list[Card]:
    return [_PACK[i] for i in codes]


def _text(codes: Iterable[int]) -> str:
    return " ".join(str(_PACK[i]) for i in codes)


def player_name(seat: int) -> str:
    """The name people read for ``seat`` (0-based): ``"Player 1"`` for seat 0."""
    return _("Player {n}").format(n=seat + 1)


def reaction_time(rng: np.random.Generator, mean: float) -> float:
    """A slap reaction time in seconds: gamma distribution, shape 4, the given ``mean`` (§1.9)."""
    return float(rng.gamma(4.0, mean / 4.0))


class _ShareList(list):
    """A list whose items are never changed once added (log events, action texts): copying the
    state copies the list, not the items, so ``apply``'s safety copy stays cheap in long games."""

    def __deepcopy__(self, memo):
        return type(self)(self)


class _ShareDict(dict):
    """A dict never changed after it is made (the setup, the last battle): shared by copies."""

    def __deepcopy__(self, memo):
        return self


class _Nested(list):
    """Packets or piles: a list of lists of card codes, copied two levels deep (fast)."""

    def __deepcopy__(self, memo):
        return _Nested([list(x) for x in self])


class _Rng:
    """The game's ``numpy.random.Generator``; a copy starts from the same state.

    Copying only records the state; the copy builds its generator when first used, so the
    safety copy ``apply`` makes before each action costs little.
    """

    __slots__ = ("_g", "_state")

    def __init__(self, g: np.random.Generator | None = None, state: dict | None = None):
        self._g, self._state = g, state

    @property
    def g(self) -> np.random.Generator:
        if self._g is None:
            bg = getattr(np.random, self._state["bit_generator"])()
            bg.state = self._state
            self._g, self._state = np.random.Generator(bg), None
        return self._g

    def __deepcopy__(self, memo):
        return _Rng(state=self._state if self._g is None else self._g.bit_generator.state)


class _ShareSet(set):
    """The set of seen positions (immutable ``bytes``): copied shallowly, like :class:`_ShareList`."""

    def __deepcopy__(self, memo):
        return type(self)(self)


# -- rules ----------------------------------------------------------------------------------------
_PICKUPS = ("winner_first", "player_order", "random")
_SHORT = ("last_card_up", "lose", "draw")
_PARTICIPANTS = ("tied", "all")
_WAR_SIZES = ("fixed", "value")
_AT_LIMIT = ("draw", "most_cards")


def _rank_value(v: Any, what: str) -> int | None:
    if v is None:
        return None
    try:
        return int(Rank.parse(v))
    except (ValueError, KeyError):
        raise ValueError(f"{what}: {v!r} is not a rank (use 2-10, J, Q, K, A)") from None


@dataclass(frozen=True)
class WarRules:
    """Every option of War (RULES.md §1). Frozen; build one with a preset and change fields with
    :func:`dataclasses.replace`. Invalid values or combinations raise ``ValueError`` naming the rule.

    Fields (defaults = classic, §1.1):

    - ``players`` (2–6): cards are dealt one at a time from player 0; the cards left over
      (52 mod players) are set aside unused (§1.2).
    - ``pickup``: ``winner_first`` (the winner's cards, then the others' in seat order, each in the
      order put on the table) · ``player_order`` (player 0's, then player 1's, …) · ``random``
      (shuffled with the game's RNG). §1.1.
    - ``short_of_cards``: ``last_card_up`` (all but the last card face down, the last one up; with
      no cards left the last face-up card stands) · ``lose`` · ``draw``. §1.1.
    - ``war_facedown``: face-down cards in a war (3; pagat 1; multiplayer preset 1; Peace 5).
    - ``war_participants``: ``tied`` (only the tied players fight a war) · ``all``. §1.2.
    - ``war_size``: ``fixed`` (``war_facedown``) · ``value`` (Război §1.5: value of the tied card
      − 1 face down; J/Q/K count 10, A 11).
    - ``lowest_wins``: Peace (§1.4).
    - ``automatic_rank``: this rank always starts a war / continues one (§1.6; two players).
    - ``beats_faces_rank``: this number rank beats J, Q, K (§1.7). ``beats_aces_rank``: beats A.
    - ``underdog_rank``: a war's loser holding this rank face down in it wins instead (§1.8; two
      players).
    - ``slap_rank``, ``slap_mean`` (s), ``slap_window`` (s), ``slap_seat`` (the seat played by a
      person through the ``slap`` action, ``None``: everyone simulated). §1.9.
    - ``steal_war``: Steal War (§1.10), usually with ``jokers=2``; ``jokers`` (0–2) rank above aces.
    - ``max_battles`` (``None``: no limit) and ``at_limit`` (``draw`` or ``most_cards``): the
      battle limit (§1.1 "stops at a configurable battle limit").
    """

    players: int = 2
    pickup: str = "winner_first"
    short_of_cards: str = "last_card_up"
    war_facedown: int = 3
    war_participants: str = "tied"
    war_size: str = "fixed"
    lowest_wins: bool = False
    automatic_rank: int | None = None
    beats_faces_rank: int | None = None
    beats_aces_rank: int | None = None
    underdog_rank: int | None = None
    slap_rank: int | None = None
    slap_mean: float = 0.7
    slap_window: float = 1.0
    slap_seat: int | None = 0
    steal_war: bool = False
    jokers: int = 0
    max_battles: int | None = 10_000
    at_limit: str = "draw"

    def __deepcopy__(self, memo):
        return self     # frozen: copies of a game share their rules

    def __post_init__(self):
        setv = lambda k, v: object.__setattr__(self, k, v)  # noqa: E731
        for name in ("automatic_rank", "beats_faces_rank", "beats_aces_rank", "underdog_rank",
                     "slap_rank"):
            setv(name, _rank_value(getattr(self, name), f"War option {name}"))
        if not isinstance(self.players, (int, np.integer)) or not 2 <= self.players <= 6:
            raise ValueError(f"War (RULES.md §1.2): players must be 2 to 6, not {self.players!r}")
        setv("players", int(self.players))
        for name, allowed in (("pickup", _PICKUPS), ("short_of_cards", _SHORT),
                              ("war_participants", _PARTICIPANTS), ("war_size", _WAR_SIZES),
                              ("at_limit", _AT_LIMIT)):
            if getattr(self, name) not in allowed:
                raise ValueError(f"War (RULES.md §1.1): {name} must be one of {', '.join(allowed)}, "
                                 f"not {getattr(self, name)!r}")
        if not isinstance(self.war_facedown, (int, np.integer)) or not 0 <= self.war_facedown <= 20:
            raise ValueError("War (RULES.md §1.1): war_facedown must be a whole number 0 to 20")
        if self.jokers not in (0, 1, 2):
            raise ValueError("War (RULES.md §1.10): jokers must be 0, 1 or 2")
        if self.max_battles is not None and (not isinstance(self.max_battles, (int, np.integer))
                                             or self.max_battles < 1):
            raise ValueError("War (RULES.md §1.1): the battle limit max_battles must be ≥ 1 or None")
        if self.automatic_rank is not None and self.players != 2:
            raise ValueError("Automatic war (RULES.md §1.6) is a two-player variant")
        if self.underdog_rank is not None and self.players != 2:
            raise ValueError("Underdog (RULES.md §1.8) is a two-player variant")
        for name, what in (("beats_faces_rank", "# beats faces"), ("beats_aces_rank", "# beats aces")):
            r = getattr(self, name)
            if r is not None and not 2 <= r <= 10:
                raise ValueError(f"{what} (RULES.md §1.7): the chosen rank must be a number card "
                                 f"2-10, not {Rank(r).label}")
            if r is not None and self.lowest_wins:
                raise ValueError(f"{what} (RULES.md §1.7) cannot be combined with Peace "
                                 "(RULES.md §1.4): in Peace the low card already wins")
        if self.war_size == "value" and self.jokers:
            raise ValueError("Război (RULES.md §1.5): a joker has no value to size a war")
        if self.slap_rank is not None:
            if self.steal_war:
                raise ValueError("Slap war (RULES.md §1.9) cannot be combined with Steal War (§1.10)")
            if self.slap_rank == self.automatic_rank:
                raise ValueError("Slap war (RULES.md §1.9) and automatic war (§1.6) cannot use the "
                                 "same rank")
            if not (self.slap_mean > 0 and self.slap_window > 0):
                raise ValueError("Slap war (RULES.md §1.9): slap_mean and slap_window must be > 0 s")
            if self.slap_seat is not None and not 0 <= self.slap_seat < self.players:
                raise ValueError(f"Slap war (RULES.md §1.9): slap_seat must be a seat 0-"
                                 f"{self.players - 1} or None")
        setv("slap_mean", float(self.slap_mean))
        setv("slap_window", float(self.slap_window))

    # -- presets (data, not subclasses) --------------------------------------------------------
    @classmethod
    def classic(cls) -> "WarRules":
        """§1.1: two players, 52 cards, 3 down 1 up, winner's cards first, last card up."""
        return cls()

    @classmethod
    def multiplayer(cls, players: int = 3) -> "WarRules":
        """§1.2: 3 or 4 players; only the tied players fight a war, 1 down 1 up."""
        if players not in (3, 4):
            raise ValueError("Multiplayer War (RULES.md §1.2) is for 3 or 4 players")
        return cls(players=players, war_facedown=1, war_participants="tied")

    @classmethod
    def three_player(cls) -> "WarRules":
        """§1.3: three players; only the two (or more) tied highest fight, 3 down 1 up."""
        return cls(players=3, war_facedown=3, war_participants="tied")

    @classmethod
    def peace(cls) -> "WarRules":
        """§1.4: the lowest card wins; a tie starts a peace of 5 down (P-E-A-C-E), 1 up."""
        return cls(lowest_wins=True, war_facedown=5)

    @classmethod
    def razboi(cls, players: int = 2) -> "WarRules":
        """§1.5: a war is the tied card's value − 1 down, 1 up (J/Q/K 10, A 11)."""
        return cls(players=players, war_size="value")

    @classmethod
    def automatic_war(cls, rank: "int | str" = 2) -> "WarRules":
        """§1.6: ``rank`` (default 2) always starts a war, and continues one as a deciding card."""
        return cls(automatic_rank=rank)

    @classmethod
    def beats_faces(cls, rank: "int | str" = 3) -> "WarRules":
        """§1.7: ``rank`` (default 3) beats J, Q and K."""
        return cls(beats_faces_rank=rank)

    @classmethod
    def beats_aces(cls, rank: "int | str" = 4) -> "WarRules":
        """§1.7: ``rank`` (default 4) beats A only."""
        return cls(beats_aces_rank=rank)

    @classmethod
    def underdog(cls, rank: "int | str" = 6) -> "WarRules":
        """§1.8: a war's loser with ``rank`` (default 6) among their face-down cards wins it."""
        return cls(underdog_rank=rank)

    @classmethod
    def slap(cls, rank: "int | str" = 5, mean: float = 0.7, seat: int | None = 0) -> "WarRules":
        """§1.9: the first to slap a turned-up ``rank`` (default 5) wins the battle or war."""
        return cls(slap_rank=rank, slap_mean=mean, slap_seat=seat)

    @classmethod
    def steal(cls, players: int = 2) -> "WarRules":
        """§1.10: Steal War, 54 cards (two jokers above aces), face-up piles, steals."""
        return cls(players=players, steal_war=True, jokers=2)

    # -- descriptions --------------------------------------------------------------------------
    @property
    def preset(self) -> str | None:
        """The name of the preset these rules equal (``"classic"``, ``"peace"``, …) or ``None``."""
        return _preset_name(self)

    def describe(self) -> str:
        """A short description for titles: ``classic (3 down, 1 up)``."""
        name = self.preset or _("custom rules")
        if self.war_size == "value":
            size = _("value − 1 down, 1 up")
        else:
            size = _("{n} down, 1 up").format(n=self.war_facedown)
        return f"{name} ({size})"

    @property
    def deterministic(self) -> bool:
        """True when the position alone fixes the rest of the game (repetition is a loop)."""
        return self.pickup != "random" and self.slap_rank is None and not self.steal_war


PRESETS = {
    "classic": WarRules.classic,
    "three_player": WarRules.three_player,
    "peace": WarRules.peace,
    "razboi": WarRules.razboi,
    "automatic_war": WarRules.automatic_war,
    "beats_faces": WarRules.beats_faces,
    "beats_aces": WarRules.beats_aces,
    "underdog": WarRules.underdog,
    "slap": WarRules.slap,
    "steal": WarRules.steal,
}
"""Preset name → factory (``multiplayer`` takes ``players`` and is listed separately)."""


@lru_cache(maxsize=64)
def _preset_name(rules: WarRules) -> str | None:
    for name, make in PRESETS.items():
        if make() == rules:
            return name
    if rules.players in (3, 4) and rules == WarRules.multiplayer(rules.players):
        return "multiplayer"
    return None


@lru_cache(maxsize=64)
def _beats_table(rules: WarRules) -> tuple[tuple[bool, ...], ...]:
    """``B[a][b]``: a card of rank value ``a`` beats one of rank value ``b`` (§1.1, §1.4, §1.7)."""
    def beats(a: int, b: int) -> bool:
        if a == b:
            return False
        if rules.lowest_wins:
            return a < b
        for r, victims in ((rules.beats_faces_rank, _FACES), (rules.beats_aces_rank, (14,))):
            if r is not None and a == r and b in victims:
                return True
            if r is not None and b == r and a in victims:
                return False
        return a > b
    return tuple(tuple(beats(a, b) for b in range(16)) for a in range(16))


class _Frozen:
    """A value shared between copies of a state (it never changes)."""

    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v

    def __deepcopy__(self, memo):
        return self


# -- the state ------------------------------------------------------------------------------------
class WarState(GameState):
    """A game of War (RULES.md §1). Build it with :func:`new_game`.

    Public position (cards are :class:`~cardkit.cards.Card`, every list top first):
    ``packets`` (face-down packets), ``piles`` (Steal War face-up piles), ``table`` (cards on the
    table in the battle in progress, per player, in the order put down), ``set_aside``,
    ``battles`` and ``wars`` (counts so far), ``out`` (players who dropped out), ``result``
    (how the game ended: ``"all_cards"``, ``"repetition"``, ``"battle_limit"``,
    ``"short_of_cards"``, ``"standing_tie"``, or ``None`` while it goes on).
    """

    GAME = "war"

    def __init__(self, rules: WarRules, rng: np.random.Generator, packets: list[list[int]],
                 piles: list[list[int]] | None = None, set_aside: Sequence[int] = (),
                 quiet: bool = False):
        super().__init__()
        self.actions = _ShareList()
        self.log = _ShareList()
        n = rules.players
        self.rules = rules
        self._rng = _Rng(rng)
        self._packets = _Nested(list(p) for p in packets)
        self._piles = _Nested(list(p) for p in piles) if piles else _Nested([] for _ in range(n))
        self._aside = list(set_aside)
        self._out = [False] * n
        self.battles = 0
        self.wars = 0
        self._b: dict | None = None          # the battle in progress
        self._last: dict | None = None       # the last settled battle, for tables
        self._result: dict | None = None     # {"winner": int | None, "how": str}
        self._first = 0                      # Steal War: who decides first next round
        self._seen = _ShareSet()
        self._quiet = quiet
        self._beats = _Frozen(_beats_table(rules))
        self._transitive = rules.beats_faces_rank is None and rules.beats_aces_rank is None

    # -- public position ----------------------------------------------------------------------
    @property
    def packets(self) -> list[list[Card]]:
        """Each player's face-down packet, top first (copies)."""
        return [_cards(p) for p in self._packets]

    @property
    def piles(self) -> list[list[Card]]:
        """Steal War: each player's face-up pile of won cards, top (showing) first."""
        return [_cards(p) for p in self._piles]

    @property
    def table(self) -> list[list[Card]]:
        """Cards on the table in the battle in progress, per player, in the order put down."""
        n = self.rules.players
        if self._b is None:
            return [[] for _ in range(n)]
        return [_cards(t) for t in self._b["table"]]

    @property
    def set_aside(self) -> list[Card]:
        """Cards set aside unused by the deal (e.g. the 52nd card with three players)."""
        return _cards(self._aside)

    @property
    def out(self) -> list[bool]:
        """``out[p]``: player ``p`` has dropped out (no cards left)."""
        return list(self._out)

    @property
    def players(self) -> int:
        return self.rules.players

    def all_cards(self) -> list[Card]:
        """Every card of the game: packets, piles, table and set-aside cards."""
        out = [c for p in self._packets for c in p] + [c for p in self._piles for c in p]
        if self._b is not None:
            out += [c for t in self._b["table"] for c in t]
        return _cards(out + self._aside)

    def card_counts(self) -> list[int]:
        """Cards each player holds (packet + face-up pile; not cards on the table)."""
        return [len(a) + len(b) for a, b in zip(self._packets, self._piles)]

    # -- protocol -----------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def winner(self) -> int | None:
        """The winning seat, or ``None`` (game not over, or drawn)."""
        return self._result["winner"] if self._result else None

    @property
    def result(self) -> str | None:
        """How the game ended (see the class docstring), ``None`` while it goes on."""
        return self._result["how"] if self._result else None

    @property
    def stage(self) -> str | None:
        """``None`` between battles; ``"steal"``, ``"top"`` or ``"slap"`` while a decision waits."""
        if self._b is None or self.is_over:
            return None
        st = self._b["stage"]
        return st if st in ("steal", "top", "slap") else None

    @property
    def current_player(self) -> int | None:
        """The player with a decision (Steal War, Slap war), else ``None``."""
        st = self.stage
        if st == "steal":
            return self._b["queue"][0]
        if st == "top":
            return self._b["winner"]
        if st == "slap":
            return self.rules.slap_seat
        return None

    def _legal_actions(self) -> list[Action]:
        st = self.stage
        if st == "steal":
            return [Action("steal"), Action("flip")]
        if st == "slap":
            return [Action("slap"), Action("flip")]
        if st == "top":
            seen: list[int] = []
            for c in self._b["won"]:
                if c not in seen:
                    seen.append(c)
            return [Action("top", (_card(c),)) for c in seen] + [Action("flip")]
        return [Action("flip")]

    def _check(self, action: Action) -> None:
        k, st = action.kind, self.stage
        if k == "flip":
            return
        if k == "steal":
            if not self.rules.steal_war:
                raise IllegalAction(_("steal: stealing is only in Steal War (RULES.md §1.10)"))
            if st != "steal":
                raise IllegalAction(_(
                    "Steal War (RULES.md §1.10): you may steal only when the top card of your "
                    "packet has the rank of the top card of an opponent's face-up pile"))
            return
        if k == "top":
            if st != "top":
                raise IllegalAction(_("Steal War (RULES.md §1.10): you choose the top card of "
                                      "your face-up pile only just after winning a battle"))
            if _IDX.get(action.card) not in self._b["won"]:
                raise IllegalAction(_("Steal War (RULES.md §1.10): {card} is not one of the cards "
                                      "you have just won").format(card=action.card))
            return
        if k == "slap":
            if self.rules.slap_rank is None:
                raise IllegalAction(_("slap: slapping is only in Slap war (RULES.md §1.9)"))
            if st != "slap":
                raise IllegalAction(_("Slap war (RULES.md §1.9): slap only when a {rank} has just "
                                      "been turned up").format(rank=Rank(self.rules.slap_rank).label))
            return
        raise IllegalAction(_("War (RULES.md §1): {action} is not a War action (flip, steal, "
                              "top <card>, slap)").format(action=action))

    def _apply(self, action: Action) -> None:
        k, st = action.kind, self.stage
        if k == "flip":
            if self._b is None:
                self._start_battle()
            elif st == "steal":
                self._b["queue"].pop(0)
                self._b["stage"] = "decide"
            elif st == "slap":
                self._slap_resolve(False)
            elif st == "top":
                self._finish_top(None)
        elif k == "steal":
            self._steal()
        elif k == "top":
            self._finish_top(_IDX[action.card])
        elif k == "slap":
            self._slap_resolve(True)
        self._run()

    # -- the battle machine -------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self._b["steps"].append(text)

    def _event(self, kind: str, player: int | None, text: str, rule: str = "", **data) -> None:
        if not self._quiet:
            self.log.append(Event(kind, player, text, rule, data))

    def _start_battle(self) -> None:
        n = self.rules.players
        active = [p for p in range(n) if not self._out[p]]
        self._b = b = {
            "table": [[] for _ in range(n)], "up_flags": [[] for _ in range(n)],
            "in": active, "contenders": list(active), "up": [None] * n,
            "turning": list(active), "newly": [], "round": 0, "wars": 0, "steps": [],
            "slapped": -1, "slap": None, "stage": "turn", "queue": [], "lost": [],
        }
        if self.rules.steal_war:
            order = [(self._first + i) % n for i in range(n)]
            b["queue"] = [p for p in order if p in active]
            b["stage"] = "decide"

    def _run(self) -> None:
        while self._b is not None and not self.is_over:
            st = self._b["stage"]
            if st == "turn":
                self._turn()
            elif st == "judge":
                self._judge()
            elif st == "decide":
                self._decide()
            else:   # a decision waits
                return

    def _put(self, p: int, up: bool) -> int:
        c = self._packets[p].pop(0)
        b = self._b
        b["table"][p].append(c)
        b["up_flags"][p].append(up)
        if self.rules.steal_war and not self._packets[p] and self._piles[p]:
            self._reshuffle(p)
        return c

    def _turn(self) -> None:
        b = self._b
        for p in b["turning"]:
            b["up"][p] = self._put(p, True)
        b["newly"], b["turning"] = b["turning"], []
        if not self._quiet:
            ups = [_("{card} ({player})").format(card=_card(b["up"][p]), player=player_name(p))
                   for p in b["newly"]]
            if b["round"] == 0:
                self._say(_("Battle: {cards}.").format(cards=_(" vs ").join(ups)))
            elif ups:
                self._say(_("Turned up: {cards}.").format(cards=", ".join(ups)))
        b["stage"] = "judge"

    def _rule(self) -> str:
        R = self.rules
        if R.steal_war:
            return _("RULES.md §1.10 (Steal War)")
        if R.lowest_wins:
            return _("RULES.md §1.4 (Peace)")
        if R.war_size == "value":
            return _("RULES.md §1.5 (Război)")
        if R.players > 2:
            return _("RULES.md §1.3 (three-player war)") if R.war_facedown == 3 and R.players == 3 \
                else _("RULES.md §1.2 (three or four players)")
        return _("RULES.md §1.1 (classic)")

    def _judge(self) -> None:
        b, R = self._b, self.rules
        cont, newly, up = b["contenders"], b["newly"], b["up"]
        if (R.slap_rank is not None and b["slapped"] != b["round"]
                and any(_RV[up[p]] == R.slap_rank for p in newly)):
            b["slapped"] = b["round"]
            b["slap"] = {"times": {p: reaction_time(self._rng.g, R.slap_mean) for p in cont},
                         "card": next(up[p] for p in newly if _RV[up[p]] == R.slap_rank)}
            if R.slap_seat is not None and R.slap_seat in cont:
                b["stage"] = "slap"
                return
            self._slap_resolve(False)
            return
        if R.automatic_rank is not None:
            auto = [p for p in newly if _RV[up[p]] == R.automatic_rank]
            if auto:
                self._say(_("{card} is the automatic-war card: war!").format(card=_card(up[auto[0]])))
                self._war(list(cont), R.automatic_rank, _("RULES.md §1.6 (automatic war)"))
                return
        best = self._best(cont)
        if len(best) == 1:
            w = best[0]
            why, rule = self._why(w, cont)
            if b["round"] > 0 and R.underdog_rank is not None:
                w2, why2 = self._underdog(w, cont)
                if w2 != w:
                    self._settle(w2, why + "; " + why2, _("RULES.md §1.8 (underdog)"))
                    return
            self._settle(w, why, rule)
            return
        tied = cards_of = _(" and ").join(str(_card(up[p])) for p in best)
        if not newly:   # everyone standing on their last card, and they tie
            self._say(_("Everyone is standing on their last card and {cards} tie.").format(cards=cards_of))
            self._end_mid_battle(_("the standing cards tie: the game is a draw"), "standing_tie",
                                 _("RULES.md §1.1 (running short of cards)"))
            return
        if (R.short_of_cards == "last_card_up" and not R.steal_war
                and all(not self._packets[p] for p in best)):
            # the tied players are all on their last card: nobody can fight on (§1.1)
            self._say(_("Everyone is standing on their last card and {cards} tie.").format(cards=cards_of))
            self._end_mid_battle(_("the standing cards tie: the game is a draw"), "standing_tie",
                                 _("RULES.md §1.1 (running short of cards)"))
            return
        self._say((_("{cards} tie: peace!") if R.lowest_wins else _("{cards} tie: war!"))
                  .format(cards=tied))
        W = best
        if R.war_participants == "all":
            # everyone still in joins; a player with no card left has no tied card to stand on,
            # so only the tied players can stand on their card (§1.1, §1.2)
            W = [p for p in b["in"] if p in best or self._packets[p]]
        self._war(W, _RV[up[best[0]]], self._rule())

    def _best(self, cont: list[int]) -> list[int]:
        up = self._b["up"]
        ranks = [_RV[up[p]] for p in cont]
        if not self._transitive:
            B = self._beats.v
            unbeaten = [p for p, r in zip(cont, ranks) if not any(B[r2][r] for r2 in ranks)]
            if unbeaten:
                return unbeaten
        key = [-r for r in ranks] if self.rules.lowest_wins else ranks
        m = max(key)
        return [p for p, k in zip(cont, key) if k == m]

    def _why(self, w: int, cont: list[int]) -> tuple[str, str]:
        """The sentence saying why ``w``'s card wins, and the rule."""
        if self._quiet:
            return "", ""
        R, up = self.rules, self._b["up"]
        wc = _card(up[w])
        others = [p for p in cont if p != w]
        rule = self._b.get("war_rule") or self._rule()     # e.g. a war started by an automatic card
        if len(others) != 1:
            if R.lowest_wins:
                return _("{card} is the lowest card (Peace: the lowest card wins)").format(card=wc), rule
            return _("{card} is the highest card").format(card=wc), rule
        oc = _card(up[others[0]])
        if R.beats_faces_rank is not None and wc.rank == R.beats_faces_rank and oc.rank in _FACES:
            return (_("{a} beats {b} (# beats faces: a {r} beats J, Q and K)")
                    .format(a=wc, b=oc, r=wc.rank.label), _("RULES.md §1.7 (# beats faces)"))
        if R.beats_aces_rank is not None and wc.rank == R.beats_aces_rank and oc.rank == 14:
            return (_("{a} beats {b} (# beats aces: a {r} beats an ace)")
                    .format(a=wc, b=oc, r=wc.rank.label), _("RULES.md §1.7 (# beats aces)"))
        if R.lowest_wins:
            return _("{a} is lower than {b} (Peace: the lowest card wins)").format(a=wc, b=oc), rule
        if wc.is_joker and not oc.is_joker:
            return _("{a} beats {b} (a joker ranks above an ace)").format(a=wc, b=oc), rule
        return _("{a} beats {b}").format(a=wc, b=oc), rule

    def _underdog(self, w: int, cont: list[int]) -> tuple[int, str]:
        b, R = self._b, self.rules
        losers = [p for p in b["in"] if p != w]
        if len(losers) != 1:
            return w, ""
        lo = losers[0]
        hits = [c for c, f in zip(b["table"][lo], b["up_flags"][lo]) if not f and _RV[c] == R.underdog_rank]
        if not hits:
            return w, ""
        if self._quiet:
            return lo, ""
        return lo, _("{loser} lost the war but had the underdog {card} face down, so wins it "
                     "instead").format(loser=player_name(lo), card=_card(hits[0]))

    def _war(self, W: list[int], cause_rank: int, rule: str) -> None:
        """Start a war (or the next round of one) among ``W``; the war size comes from the rules."""
        b, R = self._b, self.rules
        k = R.war_facedown if R.war_size == "fixed" else _RAZBOI_VALUE.get(cause_rank, 11) - 1
        need = k + 1
        b["round"] += 1
        b["wars"] += 1
        b["war_rule"] = rule
        if R.steal_war:
            self._steal_war(W, k)
            return
        short = [p for p in W if len(self._packets[p]) < need]
        if short and R.short_of_cards == "draw":
            p = short[0]
            self._say(ngettext("{player} has {n} card and cannot complete the war (needs {need}).",
                               "{player} has {n} cards and cannot complete the war (needs {need}).",
                               len(self._packets[p]))
                      .format(player=player_name(p), n=len(self._packets[p]), need=need))
            self._end_mid_battle(_("a player cannot complete a war: the game is a draw "
                                   "(short of cards: draw)"), "short_of_cards",
                                 _("RULES.md §1.1 (short of cards: draw)"))
            return
        if short and R.short_of_cards == "lose":
            for p in short:
                self._say(ngettext("{player} has {n} card and cannot complete the war (needs {need}): "
                                   "they lose it.",
                                   "{player} has {n} cards and cannot complete the war (needs {need}): "
                                   "they lose it.", len(self._packets[p]))
                          .format(player=player_name(p), n=len(self._packets[p]), need=need))
                while self._packets[p]:          # the rest of their cards go to the war's winner
                    self._put(p, False)
                b["lost"].append(p)
            W = [p for p in W if p not in short]
            b["in"] = [p for p in b["in"] if p not in short]
            if len(W) == 1:
                self._settle(W[0], _("{player} is the only player left in the war")
                             .format(player=player_name(W[0])),
                             _("RULES.md §1.1 (short of cards: lose)"))
                return
            if not W:
                self._end_mid_battle(_("nobody can complete the war: the game is a draw"),
                                     "short_of_cards", _("RULES.md §1.1 (short of cards: lose)"))
                return
        turning = []
        for p in W:
            n = len(self._packets[p])
            if n >= need:
                for _i in range(k):
                    self._put(p, False)
                turning.append(p)
                if not self._quiet:
                    self._say(ngettext("{player} puts {k} card face down.",
                                       "{player} puts {k} cards face down.", k)
                              .format(player=player_name(p), k=k))
            elif n:
                for _i in range(n - 1):
                    self._put(p, False)
                turning.append(p)
                self._say(_("{player} is short of cards: {d} face down, and the last card is their "
                            "deciding card.").format(player=player_name(p), d=n - 1))
            else:
                self._say(_("{player} has no cards left: {card} stands as their deciding card.")
                          .format(player=player_name(p), card=_card(b["up"][p])))
        b["contenders"] = list(W)
        b["turning"] = turning
        b["stage"] = "turn"

    # -- Steal War ------------------------------------------------------------------------------
    def _reshuffle(self, p: int) -> None:
        pile = self._piles[p]
        self._packets[p] = [pile[int(i)] for i in self._rng.g.permutation(len(pile))]
        self._piles[p] = []
        self._event("reshuffle", p, _("{player}'s packet is empty: their face-up pile ({n} cards) is "
                                      "shuffled and becomes their packet.")
                    .format(player=player_name(p), n=len(pile)), _("RULES.md §1.10 (Steal War)"))

    def _steal_targets(self, p: int) -> list[int]:
        top = _RV[self._packets[p][0]]
        return [q for q in range(self.rules.players)
                if q != p and self._piles[q] and _RV[self._piles[q][0]] == top]

    def _decide(self) -> None:
        b = self._b
        while b["queue"]:
            p = b["queue"][0]
            if self._packets[p] and self._steal_targets(p):
                b["stage"] = "steal"
                return
            b["queue"].pop(0)
        b["stage"] = "turn"

    def _steal(self) -> None:
        p = self._b["queue"][0]
        targets = self._steal_targets(p)
        card = self._packets[p].pop(0)
        stolen: list[int] = []
        for q in targets:
            stolen += self._piles[q]
            self._piles[q] = []
        self._piles[p] = [card] + stolen + self._piles[p]
        self._event("steal", p, _("{player} steals with {card}: takes {whose} face-up pile "
                                  "({n} cards with the {card}).")
                    .format(player=player_name(p), card=_card(card),
                            whose=_(" and ").join(_("{player}'s").format(player=player_name(q))
                                                  for q in targets), n=len(stolen) + 1),
                    _("RULES.md §1.10 (Steal War)"), card=_card(card), victims=targets,
                    cards=_cards(stolen))
        if not self._packets[p]:
            self._reshuffle(p)
        self._b["stage"] = "decide"

    def _steal_war(self, W: list[int], k: int) -> None:
        """A Steal War war round: a player who cannot put down k cards and turn one more (packet
        and face-up pile together) has no cards at all during the war and loses at once."""
        b, R = self._b, self.rules
        short = [p for p in W if len(self._packets[p]) + len(self._piles[p]) <= k]
        if short and R.short_of_cards == "draw":
            self._end_mid_battle(_("a player ran out of cards in a war: the game is a draw"),
                                 "short_of_cards", _("RULES.md §1.1 (short of cards: draw)"))
            return
        for p in short:
            self._say(_("{player} runs out of cards during the war and loses at once.")
                      .format(player=player_name(p)))
            while self._packets[p]:            # what they have goes on the table, face down
                self._put(p, False)
            b["lost"].append(p)
            self._out[p] = True
        W = [p for p in W if p not in short]
        b["in"] = [p for p in b["in"] if p not in short]
        if len(W) == 1:
            self._settle(W[0], _("{player} is the only player left in the war")
                         .format(player=player_name(W[0])), _("RULES.md §1.10 (Steal War)"))
            return
        if not W:
            self._end_mid_battle(_("nobody has cards left for the war: the game is a draw"),
                                 "short_of_cards", _("RULES.md §1.10 (Steal War)"))
            return
        for p in W:
            for _i in range(k):
                self._put(p, False)
            self._say(ngettext("{player} puts {k} card face down.",
                               "{player} puts {k} cards face down.", k)
                      .format(player=player_name(p), k=k))
        n = R.players
        order = [(self._first + i) % n for i in range(n)]
        b["contenders"] = list(W)
        b["turning"] = [p for p in order if p in W]
        b["queue"] = list(b["turning"])
        b["stage"] = "decide"

    def _finish_top(self, top: int | None) -> None:
        b = self._b
        w, won = b["winner"], list(b["won"])
        if top is not None:
            won.remove(top)
            won.insert(0, top)
            self._event("top", w, _("{player} puts {card} on top of their face-up pile.")
                        .format(player=player_name(w), card=_card(top)),
                        _("RULES.md §1.10 (Steal War)"), card=_card(top))
        self._piles[w] = won + self._piles[w]
        if not self._packets[w]:
            self._reshuffle(w)
        self._first = (w + 1) % self.rules.players
        self._b = None
        self._after_battle()

    # -- Slap war -------------------------------------------------------------------------------
    def _slap_resolve(self, live_slapped: bool) -> None:
        b, R = self._b, self.rules
        s = b["slap"]
        live = R.slap_seat if R.slap_seat in b["contenders"] else None
        b["stage"] = "judge"
        card = _card(s["card"])
        if live_slapped:
            w, t = live, None
        else:
            cands = sorted((t, p) for p, t in s["times"].items() if p != live and t <= R.slap_window)
            w, t = (cands[0][1], cands[0][0]) if cands else (None, None)
        if w is None:
            self._say(_("Nobody slaps the {card} within {w:g} s: the cards decide.")
                      .format(card=card, w=R.slap_window))
            self._judge()
            return
        what = _("the battle") if b["round"] == 0 else _("the war")
        why = (_("{player} slaps the {card} first").format(player=player_name(w), card=card)
               if t is None else
               _("{player} slaps the {card} first ({t:.2f} s)").format(player=player_name(w),
                                                                        card=card, t=t))
        self._settle(w, why, _("RULES.md §1.9 (slap war)"), what=what)

    # -- settling -------------------------------------------------------------------------------
    def _pickup(self, w: int) -> list[int]:
        b, R = self._b, self.rules
        n = R.players
        if R.pickup == "player_order":
            order = range(n)
        else:
            order = [w] + [p for p in range(n) if p != w]
        won = [c for p in order for c in b["table"][p]]
        if R.pickup == "random":
            won = [won[int(i)] for i in self._rng.g.permutation(len(won))]
        return won

    def _record(self, w: int | None, decision: str, rule: str, won: list[int]) -> None:
        """Log the settled battle (every card, face-down ones too) and keep it for tables."""
        if self._quiet:
            return
        b = self._b
        self._last = _ShareDict({"table": [list(t) for t in b["table"]],
                      "up_flags": [list(f) for f in b["up_flags"]],
                      "winner": w, "text": decision, "rule": rule, "wars": b["wars"]})
        downs = [(p, [c for c, f in zip(b["table"][p], b["up_flags"][p]) if not f])
                 for p in range(self.rules.players)]
        downs = [(p, d) for p, d in downs if d]
        steps = list(b["steps"])
        if downs:
            steps.append(_("Face down were: {cards}.").format(cards="; ".join(
                _("{player} {cards}").format(player=player_name(p), cards=_text(d)) for p, d in downs)))
        self.log.append(Event(
            "battle", w, " ".join(steps + [decision]), rule,
            {"table": [_cards(t) for t in b["table"]], "face_up": [list(f) for f in b["up_flags"]],
             "winner": w, "wars": b["wars"], "won": _cards(won), "decision": decision,
             "rule": rule}))

    def _settle(self, w: int, why: str, rule: str, what: str | None = None) -> None:
        b = self._b
        won = self._pickup(w)
        self.battles += 1
        self.wars += b["wars"]
        decision = ""
        if not self._quiet:
            what = what or (_("the battle") if b["wars"] == 0 else
                            _("the peace") if self.rules.lowest_wins else _("the war"))
            decision = _("{why}: {player} wins {what} and takes {n} cards.").format(
                why=why[:1].upper() + why[1:], player=player_name(w), what=what, n=len(won))
        self._record(w, decision, rule, won)
        if self.rules.steal_war:
            for p in range(self.rules.players):
                if p != w and not self._out[p] and not self._packets[p] and not self._piles[p]:
                    self._out[p] = True
            alive = [p for p in range(self.rules.players) if not self._out[p]]
            b["winner"], b["won"] = w, won
            if len(alive) > 1 and len(set(won)) > 1:
                b["stage"] = "top"
                return
            self._finish_top(None)
            return
        self._packets[w].extend(won)
        self._b = None
        self._after_battle()

    def _end(self, winner: int | None, how: str, text: str, rule: str) -> None:
        self._result = {"winner": winner, "how": how}
        self._event("end", winner, text, rule, how=how)

    def _end_mid_battle(self, why: str, how: str, rule: str) -> None:
        b = self._b
        self.battles += 1
        self.wars += b["wars"]
        text = why[:1].upper() + why[1:] + "."
        self._record(None, text, rule, [])
        self._end(None, how, text, rule)

    def _after_battle(self) -> None:
        R, out, packets, piles = self.rules, self._out, self._packets, self._piles
        alive = []
        for p in range(R.players):
            if out[p]:
                continue
            if packets[p] or piles[p]:
                alive.append(p)
                continue
            out[p] = True
            self._event("out", p, _("{player} has no cards left and is out.")
                        .format(player=player_name(p)), self._rule())
        if len(alive) == 1:
            w = alive[0]
            text = (_("{player} holds all the cards and wins the game.") if R.players == 2 else
                    _("{player} is the last player holding cards and wins the game."))
            self._end(w, "all_cards", text.format(player=player_name(w)), self._rule())
            return
        if R.deterministic:
            key = self._key()
            if key in self._seen:
                self._end(None, "repetition", _("Draw by repetition: the packets are exactly as they "
                                                "were at the start of an earlier battle, so the game "
                                                "would go round for ever."),
                          _("RULES.md §1.1 (draw by repetition)"))
                return
            self._seen.add(key)
        if R.max_battles is not None and self.battles >= R.max_battles:
            counts = self.card_counts()
            if R.at_limit == "most_cards":
                most = max(counts)
                top = [p for p in range(R.players) if counts[p] == most]
                w = top[0] if len(top) == 1 else None
            else:
                w = None
            if w is None:
                text = _("The battle limit ({n}) is reached: the game stops as a draw.").format(
                    n=R.max_battles)
            else:
                text = _("The battle limit ({n}) is reached: {player} holds the most cards and wins."
                         ).format(n=R.max_battles, player=player_name(w))
            self._end(w, "battle_limit", text, _("RULES.md §1.1 (battle limit)"))

    def _fast_forward(self) -> None:
        """Play the game to its end quietly and fast (for :func:`simulate`).

        The same game as repeated ``flip`` actions (the tests compare them over many seeds), in
        one loop over local variables. Only for rules without decisions (no Steal War, no slap),
        from a position between battles.
        """
        R = self.rules
        if R.steal_war or R.slap_rank is not None or self._b is not None:
            raise ValueError("fast play is only for War without decisions, between battles")
        n, packets, out, RV, B = R.players, self._packets, self._out, _RV, self._beats.v
        transitive, sign = self._transitive, (-1 if R.lowest_wins else 1)
        auto, under, short_mode = R.automatic_rank, R.underdog_rank, R.short_of_cards
        fixed_k = R.war_facedown if R.war_size == "fixed" else None
        everyone, pickup = R.war_participants == "all", R.pickup
        seats = range(n)
        alive = [p for p in seats if not out[p]]
        det, seen, limit = R.deterministic, self._seen, R.max_battles or 0
        others = [[q for q in seats if q != p] for p in seats]
        while self._result is None:
            inn = alive
            table = [[] for _ in seats]
            downs = [[] for _ in seats] if under is not None else table
            up = [0] * n
            for p in inn:
                c = packets[p].pop(0)
                table[p].append(c)
                up[p] = c
            cont = newly = inn
            bw, w, draw = 0, None, None
            while True:
                if auto is not None and any(RV[up[p]] == auto for p in newly):
                    W, cause = list(cont), auto
                else:
                    ranks = [RV[up[p]] * sign for p in cont]
                    best = ([p for p, r in zip(cont, ranks) if not any(B[r2 * sign][r * sign]
                                                                     for r2 in ranks)]
                            if not transitive else None)
                    if not best:
                        m = max(ranks)
                        best = [p for p, r in zip(cont, ranks) if r == m]
                    if len(best) == 1:
                        w = best[0]
                        if bw and under is not None:
                            lo = [p for p in inn if p != w]
                            if len(lo) == 1 and any(RV[c] == under for c in downs[lo[0]]):
                                w = lo[0]
                        break
                    if not newly:
                        draw = "standing_tie"
                        break
                    W, cause = (list(inn) if everyone else best), RV[up[best[0]]]
                bw += 1
                k = fixed_k if fixed_k is not None else _RAZBOI_VALUE[cause] - 1
                short = [p for p in W if len(packets[p]) <= k]
                if short and short_mode != "last_card_up":
                    if short_mode == "draw":
                        draw = "short_of_cards"
                        break
                    for p in short:
                        table[p] += packets[p]
                        if downs is not table:
                            downs[p] += packets[p]
                        packets[p].clear()
                    W = [p for p in W if p not in short]
                    inn = [p for p in inn if p not in short]
                    if len(W) == 1:
                        w = W[0]
                        break
                    if not W:
                        draw = "short_of_cards"
                        break
                turning = []
                for p in W:
                    pk = packets[p]
                    d = k if len(pk) > k else len(pk) - 1
                    if d >= 0:
                        turning.append(p)
                        if d:
                            table[p] += pk[:d]
                            if downs is not table:
                                downs[p] += pk[:d]
                            del pk[:d]
                for p in turning:
                    c = packets[p].pop(0)
                    table[p].append(c)
                    up[p] = c
                cont, newly = W, turning
            self.battles += 1
            self.wars += bw
            if draw is not None:
                self._b = {"table": table, "up_flags": [[True] * len(t) for t in table],
                           "stage": "over"}
                self._result = {"winner": None, "how": draw}
                return
            if pickup == "player_order":
                won = [c for t in table for c in t]
            else:
                won = table[w] + [c for p in others[w] for c in table[p]]
                if pickup == "random":
                    won = [won[int(i)] for i in self._rng.g.permutation(len(won))]
            packets[w].extend(won)
            if any(not packets[p] for p in alive) or (limit and self.battles >= limit):
                self._after_battle()       # somebody is out, or the limit: the general rules
                alive = [p for p in seats if not out[p]]
            elif det:
                key = b"\xff".join(map(bytes, packets))
                if key in seen:
                    self._after_battle()   # logs and ends the game: draw by repetition
                else:
                    seen.add(key)

    def _key(self) -> bytes:
        return b"\xff".join(map(bytes, self._packets))

    # -- views ------------------------------------------------------------------------------------
    def observation(self, seat: int) -> dict:
        """What ``seat`` may see (plain dict; face-down cards are ``None`` or counts only).

        Keys: ``seat``, ``players``, ``rules`` (description), ``current_player``,
        ``legal_actions`` (``[flip]`` for everyone between battles; a decision's actions only for
        the deciding seat), ``is_over``, ``winner``, ``result``, ``log`` (sentences, newest last),
        ``packet_sizes``, ``out``, ``piles`` (Steal War: ``{"top": Card | None, "size": n}`` per
        player, else ``None``), ``table`` (battle in progress: per player, ``Card`` if face up,
        ``None`` if face down), ``last_battle`` (the last settled battle, every card face up:
        ``table``, ``face_up``, ``winner``, ``text``, ``rule``, ``wars``), ``looking_at`` (Steal
        War: the top card of your own packet while you decide), ``won`` (the cards you are
        placing on your pile), ``slap`` (Slap war window: ``card``, ``others_time`` — the fastest
        other player's reaction, seconds, ``None`` if nobody slaps in time — and ``window``),
        ``battles``, ``wars``.
        """
        n = self.rules.players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0-{n - 1}")
        cp = self.current_player
        if self.is_over:
            legal = []
        elif cp is None:
            legal = [Action("flip")]
        else:
            legal = self.legal_actions() if cp == seat else []
        b = self._b
        table: list[list[Card | None]] = [[] for _ in range(n)]
        if b is not None:
            reveal = self.is_over
            table = [[_card(c) if (f or reveal) else None for c, f in zip(t, fl)]
                     for t, fl in zip(b["table"], b["up_flags"])]
        last = None
        if self._last is not None:
            L = self._last
            last = {"table": [_cards(t) for t in L["table"]], "face_up": [list(f) for f in L["up_flags"]],
                    "winner": L["winner"], "text": L["text"], "rule": L["rule"], "wars": L["wars"]}
        st = self.stage
        slap = None
        if st == "slap":
            s, R = b["slap"], self.rules
            others = [t for p, t in s["times"].items() if p != seat and t <= R.slap_window]
            slap = {"card": _card(s["card"]), "others_time": min(others) if others else None,
                    "window": R.slap_window}
        return {
            "seat": seat, "players": n, "rules": self.rules.describe(), "current_player": cp,
            "legal_actions": legal, "is_over": self.is_over, "winner": self.winner,
            "result": self.result, "log": [e.text for e in self.log],
            "packet_sizes": [len(p) for p in self._packets], "out": list(self._out),
            "piles": ([{"top": _card(p[0]) if p else None, "size": len(p)} for p in self._piles]
                      if self.rules.steal_war else None),
            "table": table, "last_battle": last,
            "looking_at": (_card(self._packets[seat][0]) if st == "steal" and cp == seat else None),
            "won": _cards(b["won"]) if st == "top" else None,
            "slap": slap, "battles": self.battles, "wars": self.wars,
        }

    def __repr__(self) -> str:
        sizes = "/".join(str(len(p)) for p in self._packets)
        status = (f"winner {player_name(self.winner)}" if self.winner is not None else
                  f"draw ({self.result})") if self.is_over else f"battle {self.battles + 1} next"
        return (f"<War {self.rules.preset or 'custom'}: packets {sizes}, {self.battles} battles, "
                f"{status}>")

    def _repr_html_(self) -> str:
        """The whole position, every card face up (for lessons)."""
        def cards_html(codes: Iterable[int]) -> str:
            return _cards_html(_card(i) for i in codes)
        rows = []
        for p in range(self.rules.players):
            cells = [html.escape(player_name(p)) + (" " + html.escape(_("(out)")) if self._out[p] else ""),
                     f"{len(self._packets[p])}", cards_html(self._packets[p])]
            if self.rules.steal_war:
                cells.append(cards_html(self._piles[p]))
            if self._b is not None:
                cells.append(cards_html(self._b["table"][p]))
            rows.append("<tr>" + "".join(f"<td style='text-align:left'>{c}</td>" for c in cells) + "</tr>")
        head = [_("Player"), _("Cards"), _("Packet (top first)")]
        if self.rules.steal_war:
            head.append(_("Face-up pile (top first)"))
        if self._b is not None:
            head.append(_("On the table"))
        status = html.escape(self.log[-1].text) if self.log else ""
        title = html.escape(_("War — {rules}: {n} battles, {w} wars").format(
            rules=self.rules.describe(), n=self.battles, w=self.wars))
        return (f"<div><b>{title}</b><table><tr>"
                + "".join(f"<th style='text-align:left'>{html.escape(h)}</th>" for h in head)
                + "</tr>" + "".join(rows) + f"</table><div>{status}</div></div>")

    # -- JSON -------------------------------------------------------------------------------------
    @classmethod
    def _from_setup(cls, setup: dict) -> "WarState":
        return new_game(rules_from_dict(WarRules, setup["rules"]), seed=setup["seed"],
                        deck=setup.get("deck"), hands=setup.get("hands"), piles=setup.get("piles"))


@lru_cache(maxsize=4)
def _pack_codes(jokers: int) -> tuple[int, ...]:
    return tuple(_IDX[c] for c in standard_pack(jokers))


@lru_cache(maxsize=64)
def _rules_dict(rules: WarRules) -> dict:
    return rules_to_dict(rules)


def _parse_packet(p: "str | Iterable[Card | str]") -> list[int]:
    return [_IDX[c] for c in parse_cards(p)]


def new_game(rules: WarRules | None = None, *, seed: int | None = None,
             deck: "Sequence[Card | str] | str | None" = None,
             hands: "Sequence[Sequence[Card | str] | str] | None" = None,
             piles: "Sequence[Sequence[Card | str] | str] | None" = None,
             quiet: bool = False) -> WarState:
    """A new game of War (RULES.md §1).

    - ``rules``: a :class:`WarRules` (default classic); the player count comes from it.
    - ``seed``: feeds ``numpy.random.default_rng`` (shuffle, random pickup, slap reaction times,
      Steal War reshuffles); ``None`` draws a fresh seed from the OS, recorded for ``to_json``.
    - ``deck``: a stacked pack, top card first, dealt one card at a time starting with player 0;
      each player gets ``len(deck) // players`` cards, the rest are set aside (§1.2).
      Default: the rules' pack (52 cards + ``rules.jokers``), shuffled.
    - ``hands``: each player's packet directly, top first (any cards, any sizes; not with
      ``deck``). A player given no cards is out from the start.
    - ``piles``: Steal War only: each player's face-up pile, top first (default empty).
    - ``quiet``: keep no log (for fast simulation).

    Raises ``ValueError`` for a wrong number of hands, an unreadable card, or no cards at all.
    """
    rules = rules if rules is not None else WarRules()
    if not isinstance(rules, WarRules):
        raise ValueError("rules must be a WarRules (e.g. WarRules.peace())")
    n = rules.players
    if seed is None:
        seed = int(np.random.SeedSequence().entropy)
    rng = np.random.default_rng(seed)
    setup: dict[str, Any] = {"rules": dict(_rules_dict(rules)), "seed": seed}
    aside: list[int] = []
    if hands is not None:
        if deck is not None:
            raise ValueError("give deck or hands, not both")
        if isinstance(hands, str) or len(hands) != n:
            raise ValueError(f"hands must hold {n} packets (one per player), top card first")
        packets = [_parse_packet(h) for h in hands]
        setup["hands"] = [_text(p).split() for p in packets]
        how = _("The packets are stacked: {sizes} cards.").format(
            sizes=", ".join(str(len(p)) for p in packets))
    else:
        if deck is None:   # the rules' pack, shuffled as cards.shuffled does (same RNG draws)
            pack = _pack_codes(rules.jokers)
            codes = [pack[int(i)] for i in rng.permutation(len(pack))]
        else:
            codes = [_IDX[c] for c in parse_cards(deck)]
            setup["deck"] = _text(codes).split()
        each = len(codes) // n
        packets = [codes[p:each * n:n] for p in range(n)]
        aside = codes[each * n:]
        how = (_("The pack is dealt one card at a time: {each} cards each.").format(each=each)
               if not aside else
               _("The pack is dealt one card at a time: {each} cards each; {k} set aside unused.")
               .format(each=each, k=len(aside)))
    pile_codes = None
    if piles is not None:
        if not rules.steal_war:
            raise ValueError("face-up piles are only in Steal War (RULES.md §1.10)")
        if isinstance(piles, str) or len(piles) != n:
            raise ValueError(f"piles must hold {n} face-up piles, top card first")
        pile_codes = [_parse_packet(p) for p in piles]
        setup["piles"] = [_text(p).split() for p in pile_codes]
    if not any(packets) and not any(pile_codes or []):
        raise ValueError("War needs some cards to play with")
    state = WarState(rules, rng, packets, pile_codes, aside, quiet=quiet)
    state._setup = _ShareDict(setup)
    state._event("deal", None, how, _("RULES.md §1.1 (deal)"))
    if rules.steal_war:
        for p in range(n):
            if not state._packets[p] and state._piles[p]:
                state._reshuffle(p)
    for p in range(n):
        if not state._packets[p] and not state._piles[p]:
            state._out[p] = True
    alive = [p for p in range(n) if not state._out[p]]
    if len(alive) == 1:
        state._end(alive[0], "all_cards", _("{player} holds all the cards and wins the game.")
                   .format(player=player_name(alive[0])), state._rule())
    elif rules.deterministic:
        state._seen.add(state._key())
    return state


WarState._new_game = staticmethod(new_game)


# -- computer players ----------------------------------------------------------------------------
_LEVEL_MEAN = {"easy": 0.9, "hard": 0.45}


class WarComputer:
    """A computer player for War's decisions, given only ``observation(seat)``.

    - Steal War: always steals (a steal never loses a card); chooses the top card of its face-up
      pile at random (``easy``) or the card whose rank has the fewest copies it has not seen
      (``hard``: hardest for an opponent to match).
    - Slap war: draws its own reaction time (gamma, mean 0.9 s ``easy`` / 0.45 s ``hard``) and
      slaps when that beats the window and the other players (``observation["slap"]``).
    - Otherwise: ``flip``.
    """

    def __init__(self, level: str = "easy", seed: int | None = None):
        if level not in _LEVEL_MEAN:
            raise ValueError(f"level must be one of {', '.join(_LEVEL_MEAN)}, not {level!r}")
        self.level = level
        self.mean = _LEVEL_MEAN[level]
        self.rng = np.random.default_rng(seed)

    def slap_delay(self) -> float:
        """This player's next reaction time to a slap card, in seconds (seeded)."""
        return reaction_time(self.rng, self.mean)

    def choose(self, observation: dict) -> Action:
        legal = observation["legal_actions"]
        if not legal:
            raise ValueError("no decision to make: observation has no legal actions")
        kinds = {a.kind for a in legal}
        if "steal" in kinds:
            return Action("steal")
        if "slap" in kinds:
            s = observation["slap"]
            t = self.slap_delay()
            if t <= s["window"] and (s["others_time"] is None or t < s["others_time"]):
                return Action("slap")
            return Action("flip")
        tops = [a for a in legal if a.kind == "top"]
        if tops:
            if self.level == "easy":
                return tops[int(self.rng.integers(len(tops)))]
            return self._safest_top(observation, tops)
        return legal[0]

    @staticmethod
    def _safest_top(obs: dict, tops: list[Action]) -> Action:
        seen: dict[int, int] = {}
        visible = list(obs.get("won") or []) + [p["top"] for p in (obs.get("piles") or []) if p["top"]]
        for c in visible:
            seen[int(c.rank)] = seen.get(int(c.rank), 0) + 1

        def unseen(a: Action) -> tuple[int, int]:
            r = int(a.card.rank)
            return ((2 if r == 15 else 4) - seen.get(r, 0), -r)
        return min(tops, key=unseen)


def computer_player(level: str = "easy", seed: int | None = None) -> WarComputer:
    """A :class:`WarComputer` (``level`` ``"easy"`` or ``"hard"``), seeded for reproducibility."""
    return WarComputer(level, seed)


# -- simulation -------------------------------------------------------------------------------------
@dataclass
class SimulationResult:
    """Statistics of :func:`simulate`: per game ``lengths`` (battles) and ``wars`` (numpy int
    arrays), ``winners`` (seat or ``None`` for a draw), ``ends`` (how games ended → count)."""

    rules: WarRules
    lengths: np.ndarray
    wars: np.ndarray
    winners: list
    ends: dict = field(default_factory=dict)

    @property
    def n_games(self) -> int:
        return len(self.winners)

    @property
    def win_rates(self) -> np.ndarray:
        """Fraction of games won by each seat (draws count for nobody)."""
        w = np.zeros(self.rules.players)
        for x in self.winners:
            if x is not None:
                w[x] += 1
        return w / max(1, self.n_games)

    @property
    def draw_rate(self) -> float:
        return sum(x is None for x in self.winners) / max(1, self.n_games)

    @property
    def mean_length(self) -> float:
        return float(self.lengths.mean()) if self.n_games else 0.0

    @property
    def median_length(self) -> float:
        return float(np.median(self.lengths)) if self.n_games else 0.0

    def summary(self) -> str:
        """One sentence of the main numbers."""
        rates = ", ".join(f"{player_name(p)} {r:.0%}" for p, r in enumerate(self.win_rates))
        return _("{n} games of {rules}: mean {mean:.0f} battles (median {med:.0f}); wins {rates}; "
                 "draws {d:.0%}.").format(n=self.n_games, rules=self.rules.describe(),
                                          mean=self.mean_length, med=self.median_length,
                                          rates=rates, d=self.draw_rate)

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(self.summary())}</p>"


def simulate(rules: WarRules | None = None, n_games: int = 1000, seed: int | None = 0, *,
             level: str = "easy") -> SimulationResult:
    """Play ``n_games`` seeded games without logs and gather statistics (RULES.md §1).

    Each game's seed comes from ``numpy.random.default_rng(seed)``; Steal War decisions (steals
    and top cards) are made by :func:`computer_player` at ``level``. In Slap war every player is
    simulated (``slap_seat=None``): all reaction times come from the game's RNG with the rules'
    ``slap_mean`` (§1.9). Returns a :class:`SimulationResult`. Same ``seed`` → same result.
    """
    rules = rules if rules is not None else WarRules()
    if rules.slap_rank is not None and rules.slap_seat is not None:
        rules = replace(rules, slap_seat=None)
    if n_games < 0:
        raise ValueError("n_games must be ≥ 0")
    rng = np.random.default_rng(seed)
    seeds = rng.integers(0, 2**62, size=n_games)
    lengths = np.zeros(n_games, dtype=np.int64)
    wars = np.zeros(n_games, dtype=np.int64)
    winners: list = []
    ends: dict[str, int] = {}
    flip = Action("flip")
    fast = not rules.steal_war and rules.slap_rank is None
    for i, s in enumerate(seeds):
        g = new_game(rules, seed=int(s), quiet=True)
        bots = None
        if fast:
            g._fast_forward()
        while g._result is None:
            cp = g.current_player
            if cp is None:
                g._apply(flip)
            else:
                if bots is None:
                    bots = [computer_player(level, seed=int(s) + p + 1) for p in range(rules.players)]
                g._apply(bots[cp].choose(g.observation(cp)))
        lengths[i], wars[i] = g.battles, g.wars
        winners.append(g.winner)
        ends[g.result] = ends.get(g.result, 0) + 1
    return SimulationResult(rules, lengths, wars, winners, ends)

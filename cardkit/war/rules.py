"""War's rules as data (RULES.md §1): :class:`WarRules`, its presets, and the card codes the
engine works on.

The engine keeps cards as small ints (fast, cheap to copy) and turns them into
:class:`~cardkit.cards.Card` values only at its edges: code ``i`` is ``standard_pack()[i]`` for
0–51 and the joker for 52.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any
from collections.abc import Callable, Iterable

import numpy as np

from ..cards import Card, JOKER, Rank, parse_card, parse_cards, standard_pack
from ..i18n import N_, _

__all__ = ["PRESETS", "VARIANTS", "WarRules", "player_name"]

# -- card codes -----------------------------------------------------------------------------------
_PACK: list[Card] = [*standard_pack(0), JOKER]          # index 52 is the joker
_IDX: dict[Card, int] = {c: i for i, c in enumerate(_PACK)}
_RV: list[int] = [int(c.rank) for c in _PACK]           # rank value of each code (joker 15)
_RAZBOI_VALUE = {r: (r if r <= 10 else 11 if r == 14 else 10) for r in range(2, 15)}
_FACES = (11, 12, 13)


def _code(card: Card | str) -> int:
    return _IDX[parse_card(card)]


def _card(i: int) -> Card:
    return _PACK[i]


def _cards(codes: Iterable[int]) -> list[Card]:
    return [_PACK[i] for i in codes]


def _text(codes: Iterable[int]) -> str:
    return " ".join(str(_PACK[i]) for i in codes)


def _parse_packet(p: str | Iterable[Card | str]) -> list[int]:
    return [_IDX[c] for c in parse_cards(p)]


@lru_cache(maxsize=4)
def _pack_codes(jokers: int) -> tuple[int, ...]:
    return tuple(_IDX[c] for c in standard_pack(jokers))


def player_name(seat: int) -> str:
    """The name people read for ``seat`` (0-based): ``"Player 1"`` for seat 0."""
    return _("Player {n}").format(n=seat + 1)


# -- rules ----------------------------------------------------------------------------------------
_PICKUPS = ("winner_first", "player_order", "random")
_SHORT = ("last_card_up", "lose", "draw")
_PARTICIPANTS = ("tied", "all")
_WAR_SIZES = ("fixed", "value")
_AT_LIMIT = ("draw", "most_cards")
_RANK_OPTIONS = ("automatic_rank", "beats_faces_rank", "beats_aces_rank", "underdog_rank",
                 "slap_rank")


def _rank_value(v: Any, what: str) -> int | None:
    if v is None:
        return None
    try:
        return int(Rank.parse(v))
    except (ValueError, KeyError):
        raise ValueError(f"{what}: {v!r} is not a rank (use 2-10, J, Q, K, A)") from None


def _whole(v: Any, lo: int, hi: int | None = None) -> bool:
    """``v`` is a whole number in ``lo..hi`` (``hi`` None: no upper bound)."""
    return isinstance(v, (int, np.integer)) and bool(v >= lo) and (hi is None or bool(v <= hi))


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

    >>> WarRules.peace().label
    'Peace (lowest wins)'
    >>> WarRules(players=7)
    Traceback (most recent call last):
    ...
    ValueError: War: players must be 2 to 6, not 7
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

    def __post_init__(self) -> None:
        def setv(k: str, v: Any) -> None:
            object.__setattr__(self, k, v)
        for name in _RANK_OPTIONS:
            setv(name, _rank_value(getattr(self, name), f"War option {name}"))
        if not _whole(self.players, 2, 6):
            raise ValueError(f"War: players must be 2 to 6, not {self.players!r}")
        setv("players", int(self.players))
        self._check_choices()
        self._check_variants()
        if self.slap_rank is not None:
            self._check_slap()
        setv("slap_mean", float(self.slap_mean))
        setv("slap_window", float(self.slap_window))

    def _check_choices(self) -> None:
        """The §1.1 options: each a name from its list, or a whole number in range."""
        for name, allowed in (("pickup", _PICKUPS), ("short_of_cards", _SHORT),
                              ("war_participants", _PARTICIPANTS), ("war_size", _WAR_SIZES),
                              ("at_limit", _AT_LIMIT)):
            if getattr(self, name) not in allowed:
                raise ValueError(f"War: {name} must be one of {', '.join(allowed)}, "
                                 f"not {getattr(self, name)!r}")
        if not _whole(self.war_facedown, 0, 20):
            raise ValueError("War: war_facedown must be a whole number 0 to 20")
        if self.jokers not in (0, 1, 2):
            raise ValueError("Steal War: jokers must be 0, 1 or 2")
        if self.max_battles is not None and not _whole(self.max_battles, 1):
            raise ValueError("War: the battle limit max_battles must be ≥ 1 or None")

    def _check_variants(self) -> None:
        """Variants that need two players, a number rank, or cannot be combined (§1.5–§1.8)."""
        if self.automatic_rank is not None and self.players != 2:
            raise ValueError("Automatic war is a two-player variant")
        if self.underdog_rank is not None and self.players != 2:
            raise ValueError("Underdog is a two-player variant")
        for name, what in (("beats_faces_rank", "# beats faces"), ("beats_aces_rank", "# beats aces")):
            r = getattr(self, name)
            if r is not None and not 2 <= r <= 10:
                raise ValueError(f"{what}: the chosen rank must be a number card 2-10, "
                                 f"not {Rank(r).label}")
            if r is not None and self.lowest_wins:
                raise ValueError(f"{what} cannot be combined with Peace, where the "
                                 "low card already wins")
        if self.war_size == "value" and self.jokers:
            raise ValueError("Război: a joker has no value to size a war")

    def _check_slap(self) -> None:
        if self.steal_war:
            raise ValueError("Slap war cannot be combined with Steal War")
        if self.slap_rank == self.automatic_rank:
            raise ValueError("Slap war and automatic war cannot use the "
                             "same rank")
        if not (self.slap_mean > 0 and self.slap_window > 0):
            raise ValueError("Slap war: slap_mean and slap_window must be > 0 s")
        if self.slap_seat is not None and not 0 <= self.slap_seat < self.players:
            raise ValueError(f"Slap war: slap_seat must be a seat 0-{self.players - 1} "
                             "or None")

    # -- presets (data, not subclasses) --------------------------------------------------------
    @classmethod
    def classic(cls) -> WarRules:
        """§1.1: two players, 52 cards, 3 down 1 up, winner's cards first, last card up."""
        return cls()

    @classmethod
    def multiplayer(cls, players: int = 3) -> WarRules:
        """§1.2: 3 or 4 players; only the tied players fight a war, 1 down 1 up."""
        if players not in (3, 4):
            raise ValueError("Three or four players: the multiplayer preset is for 3 or 4 players")
        return cls(players=players, war_facedown=1, war_participants="tied")

    @classmethod
    def three_player(cls) -> WarRules:
        """§1.3: three players; only the two (or more) tied highest fight, 3 down 1 up."""
        return cls(players=3, war_facedown=3, war_participants="tied")

    @classmethod
    def peace(cls) -> WarRules:
        """§1.4: the lowest card wins; a tie starts a peace of 5 down (P-E-A-C-E), 1 up."""
        return cls(lowest_wins=True, war_facedown=5)

    @classmethod
    def razboi(cls, players: int = 2) -> WarRules:
        """§1.5: a war is the tied card's value − 1 down, 1 up (J/Q/K 10, A 11)."""
        return cls(players=players, war_size="value")

    @classmethod
    def automatic_war(cls, rank: int | str = 2) -> WarRules:
        """§1.6: ``rank`` (default 2) always starts a war, and continues one as a deciding card."""
        return cls(automatic_rank=_rank_value(rank, "War option automatic_rank"))

    @classmethod
    def beats_faces(cls, rank: int | str = 3) -> WarRules:
        """§1.7: ``rank`` (default 3) beats J, Q and K."""
        return cls(beats_faces_rank=_rank_value(rank, "War option beats_faces_rank"))

    @classmethod
    def beats_aces(cls, rank: int | str = 4) -> WarRules:
        """§1.7: ``rank`` (default 4) beats A only."""
        return cls(beats_aces_rank=_rank_value(rank, "War option beats_aces_rank"))

    @classmethod
    def underdog(cls, rank: int | str = 6) -> WarRules:
        """§1.8: a war's loser with ``rank`` (default 6) among their face-down cards wins it."""
        return cls(underdog_rank=_rank_value(rank, "War option underdog_rank"))

    @classmethod
    def slap(cls, rank: int | str = 5, mean: float = 0.7, seat: int | None = 0) -> WarRules:
        """§1.9: the first to slap a turned-up ``rank`` (default 5) wins the battle or war."""
        return cls(slap_rank=_rank_value(rank, "War option slap_rank"), slap_mean=mean, slap_seat=seat)

    @classmethod
    def steal(cls, players: int = 2) -> WarRules:
        """§1.10: Steal War, 54 cards (two jokers above aces), face-up piles, steals."""
        return cls(players=players, steal_war=True, jokers=2)

    # -- descriptions --------------------------------------------------------------------------
    @property
    def preset(self) -> str | None:
        """The name of the preset these rules equal (``"classic"``, ``"peace"``, …) or ``None``.

        The seat a person plays in Slap war (``slap_seat``) is not a rule: ``WarRules.slap(seat=1)``
        is still the ``"slap"`` preset.
        """
        return _preset_name(self)

    @property
    def name(self) -> str:
        """The key of these rules in :data:`VARIANTS` (``"classic"``, ``"multiplayer3"`` …), or
        ``"custom"``: the name an observation's ``rules`` carries beside :attr:`label`."""
        return self.variant or "custom"

    @property
    def variant(self) -> str | None:
        """The key of these rules in :data:`VARIANTS` (``"multiplayer3"`` …), or ``None``."""
        return _variant_key(self)

    @property
    def label(self) -> str:
        """The name people read for these rules: ``"Classic (3 down, 1 up)"``, ``"Peace (lowest
        wins)"`` …; custom rules: ``"Custom rules (1 down, 1 up)"``."""
        key = self.variant
        if key is not None:
            return _(_VARIANT_LABELS[key])
        return _("Custom rules ({size})").format(size=self._size())

    def _size(self) -> str:
        if self.war_size == "value":
            return _("value − 1 down, 1 up")
        return _("{n} down, 1 up").format(n=self.war_facedown)

    def describe(self) -> str:
        """A short description for titles, in the reader's language: :attr:`label`
        (``"Classic (3 down, 1 up)"``, ``"Custom rules (1 down, 1 up)"``)."""
        return self.label

    @property
    def deterministic(self) -> bool:
        """True when the position alone fixes the rest of the game (repetition is a loop)."""
        return self.pickup != "random" and self.slap_rank is None and not self.steal_war


PRESETS: dict[str, Callable[[], WarRules]] = {
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

VARIANTS: dict[str, Callable[[], WarRules]] = {
    "classic": WarRules.classic,
    "multiplayer3": lambda: WarRules.multiplayer(3),
    "multiplayer4": lambda: WarRules.multiplayer(4),
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
"""Every variant a table offers, in its order: key → factory; ``VARIANTS[k]().label`` is its name."""

_VARIANT_LABELS = {
    "classic": N_("Classic (3 down, 1 up)"),
    "multiplayer3": N_("Three players (1 down, 1 up)"),
    "multiplayer4": N_("Four players (1 down, 1 up)"),
    "three_player": N_("Three-player war (3 down, 1 up)"),
    "peace": N_("Peace (lowest wins)"),
    "razboi": N_("Război (war size = card value)"),
    "automatic_war": N_("Automatic war (2s)"),
    "beats_faces": N_("3 beats faces"),
    "beats_aces": N_("4 beats aces"),
    "underdog": N_("Underdog (6s)"),
    "slap": N_("Slap war (5s)"),
    "steal": N_("Steal War (jokers, steals)"),
}
"""English labels, translated with ``_()`` when read (:attr:`WarRules.label`)."""


def _seatless(rules: WarRules) -> WarRules:
    """The rules with Slap war's person seat set to the preset's (a seat is not a rule)."""
    if rules.slap_rank is not None and rules.slap_seat != 0:
        return replace(rules, slap_seat=0)
    return rules


@lru_cache(maxsize=64)
def _variant_key(rules: WarRules) -> str | None:
    plain = _seatless(rules)
    for key, make in VARIANTS.items():
        if make() == plain:
            return key
    return None


@lru_cache(maxsize=64)
def _preset_name(rules: WarRules) -> str | None:
    key = _variant_key(rules)
    if key is None:
        return None
    return "multiplayer" if key.startswith("multiplayer") else key


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

"""Many whole games of War at once, compiled: the fast path for statistics (RULES.md §1).

:func:`play_many` plays ``n_games`` games of War and returns, per game, how many battles and wars
it lasted, who won and why it ended (:class:`BulkResult`). It covers every War whose rules change
only **how cards compare** or **how big a war is** — classic (§1.1), three or four players (§1.2,
§1.3), Peace (§1.4), Război (§1.5), automatic war (§1.6), beats faces / aces (§1.7), any
``war_facedown`` — under every ``pickup``, ``short_of_cards``, ``war_participants``, battle limit
and ``at_limit`` option, with draw by repetition.

**Exactness.** Game ``i`` is the game ``cardkit.war.new_game(rules, seed=int(result.seeds[i]))``
played battle by battle with ``flip``: same deal, same battles, same wars, same end, also with the
``random`` pickup. To get that, the compiled code reproduces NumPy's own random streams: the
``SeedSequence`` → ``PCG64`` seeding of ``numpy.random.default_rng(seed)`` and
``Generator.permutation`` (Fisher–Yates with NumPy's masked rejection sampling of 32-bit draws).
The per-game seeds come from ``default_rng(seed).integers(0, 2**62, size=n_games)``, exactly as in
``cardkit.war.simulate``, so ``play_many(rules, n, seed=s)`` gives the same games as
``simulate(rules, n, seed=s)``. Draw by repetition (fixed pickup orders) is found with Brent's
cycle check: the position is saved after battles 1, 2, 4, 8, …, and after each battle, when the
packets have the saved sizes again, compared with it card by card; a match gives the length
of the cycle, and two replays from the deal that many battles apart date the first repeated
position exactly. At the battle limit, a replay with a table of every position seen (each hash
match confirmed card by card) makes sure no earlier position repeated.

**Speed.** Two-player games (the common case) are played by one loop on local copies of the
packets' heads and lengths: a battle without a war (16 in 17) is a table look-up of the two
cards and two stores, without a branch on who won; wars are played in the same loop. Games of
three or four players, and the replays, go through the general battle (:func:`_battle`). Both
follow the engine's rules; tests/rules/war/test_bulk.py checks them game by game against it.

**The kernels** are in :mod:`cardkit.war.bulk_rng` (NumPy's random streams),
:mod:`cardkit.war.bulk_game` (one game: packets, the general battle, the repetition replays) and
:mod:`cardkit.war.bulk_play` (the two-player loop, the end of a game, many games).

**numba** compiles the kernels (``pip install 'cardkit[bulk]'``); the rest of cardkit needs only
numpy. The compiled code is cached on disk (``cache=True``): the first call in a new environment
compiles for about 25 s of CPU time, later processes load it in about half a second.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any
from collections.abc import Iterable, Sequence

import numpy as np
from numpy.typing import NDArray

from ..cards import JOKER, Card, parse_cards, standard_pack
from ..core import check_rules
from .bulk_rng import NUMBA
from .bulk_game import (_AUTO, _CAP, _DET, _EVERY, _LIMIT, _MOST, _N, _PICKUP, _SHORT, _TRANS,
                        _plain_table)
from .bulk_play import _play_games
from .rules import WarRules

_Seeds = Sequence[int] | NDArray[np.integer[Any]]
_Deals = Sequence[Sequence[int]] | NDArray[np.integer[Any]]

__all__ = ["SUPPORTED", "BulkResult", "GameEnd", "card_codes", "play_many", "shuffled_deals"]


class GameEnd(enum.IntEnum):
    """Why a game ended: the values of :attr:`BulkResult.end`; the names are the engine's
    ``WarState.result`` strings (RULES.md §1.1)."""

    all_cards = 0        # one player holds all the cards (the last player holding cards)
    repetition = 1       # draw by repetition: the packets repeat a position
    battle_limit = 2     # the battle limit was reached (a draw, or most cards wins)
    short_of_cards = 3   # short_of_cards="draw" (or "lose" with nobody left in the war)
    standing_tie = 4     # the players standing on their last cards tie: a draw


SUPPORTED = ("classic", "multiplayer", "three_player", "peace", "razboi", "automatic_war",
             "beats_faces", "beats_aces")
"""The presets :func:`play_many` plays (``underdog``, ``slap`` and ``steal`` change more than how
cards compare or how big a war is)."""


@dataclass(frozen=True)
class BulkResult:
    """What :func:`play_many` returns: one entry per game, as numpy arrays of length ``n_games``.

    - ``battles`` (int64): battles played, counting the one that ended the game.
    - ``wars`` (int64): war rounds played (a war repeated twice counts 2), as ``WarState.wars``.
    - ``winner`` (int8): the winning seat, ``-1`` for a draw.
    - ``end`` (int8): why the game ended, a :class:`GameEnd` value.
    - ``first_wars`` (int8): war rounds in the first battle (0: the first battle was no tie).
    - ``seeds`` (uint64): each game's seed: ``new_game(rules, seed=int(seeds[i]))`` is game ``i``
      (with ``deals``: ``new_game(rules, seed=..., deck=deals[i])``).
    - ``rules``; ``seed``: the seed the per-game seeds came from (``None`` if ``seeds`` were given).
    """

    rules: WarRules
    battles: NDArray[np.int64]
    wars: NDArray[np.int64]
    winner: NDArray[np.int8]
    end: NDArray[np.int8]
    first_wars: NDArray[np.int8]
    seeds: NDArray[np.uint64]
    seed: int | None = None

    @property
    def n_games(self) -> int:
        return int(self.battles.shape[0])

    @property
    def ends(self) -> dict[str, int]:
        """How many games ended each way, by :class:`GameEnd` name (only the ways that occur)."""
        counts = np.bincount(self.end, minlength=len(GameEnd))
        return {e.name: int(counts[e]) for e in GameEnd if counts[e]}

    @property
    def draw_rate(self) -> float:
        """Fraction of games drawn (any way)."""
        return float((self.winner < 0).mean()) if self.n_games else 0.0

    @property
    def win_rates(self) -> NDArray[np.float64]:
        """Fraction of games won by each seat (shape ``(players,)``; draws count for nobody)."""
        w = self.winner[self.winner >= 0].astype(np.int64)
        return np.bincount(w, minlength=self.rules.players) / max(1, self.n_games)

    def summary(self) -> str:
        """One line of the main numbers."""
        if not self.n_games:
            return "no games"
        b = self.battles
        return (f"{self.n_games} games of {self.rules.describe()}: mean {b.mean():.1f} battles "
                f"(median {np.median(b):.0f}), {self.wars.mean():.1f} wars per game; "
                f"draws {self.draw_rate:.1%}; ends {self.ends}")

    def __repr__(self) -> str:
        return f"<BulkResult {self.summary()}>"


# -- card codes: the engine's order (the standard pack, then the joker) -------------------------
_PACK: list[Card] = [*standard_pack(0), JOKER]
_CODE = {c: i for i, c in enumerate(_PACK)}
_RV = np.array([int(c.rank) for c in _PACK], dtype=np.int64)          # rank value of each code
_RAZBOI_VALUE = {r: (r if r <= 10 else 11 if r == 14 else 10) for r in range(2, 15)}


def card_codes(cards: str | Iterable[Card | str]) -> NDArray[np.uint8]:
    """Card codes (uint8) for ``deals``: 0–51 the standard pack in ``standard_pack()`` order,
    52 a joker. Raises ``ValueError`` for an unreadable card."""
    return np.array([_CODE[c] for c in parse_cards(cards)], dtype=np.uint8)


def shuffled_deals(pack: str | Iterable[Card | str], n_games: int, seed: int | None = 0
                   ) -> NDArray[np.uint8]:
    """``n_games`` independent shufflings of ``pack`` as a ``(n_games, len(pack))`` uint8 array of
    card codes, top card first, for ``play_many(..., deals=...)`` (e.g. a pack of 4 × k ranks)."""
    base = card_codes(pack)
    rng = np.random.default_rng(seed)
    return rng.permuted(np.broadcast_to(base, (n_games, base.size)), axis=1).astype(np.uint8)




# -- the public function -----------------------------------------------------------------------------
def _check_rules(rules: WarRules) -> None:
    check_rules(rules, WarRules, "play_many")
    for name, what in (("underdog_rank", "Underdog (RULES.md §1.8)"),
                       ("slap_rank", "Slap war (RULES.md §1.9)")):
        if getattr(rules, name) is not None:
            raise ValueError(f"play_many does not play {what}: it changes who wins a war, not only "
                             "how cards compare or how big a war is; use cardkit.war.simulate")
    if rules.steal_war:
        raise ValueError("play_many does not play Steal War (RULES.md §1.10): it has face-up "
                         "piles and choices; use cardkit.war.simulate")


def _tables(rules: WarRules) -> tuple[NDArray[np.int64], NDArray[np.bool_], NDArray[np.int64]]:
    """Rank tables for the kernel: KEY (higher wins), BT[a, b] (rank a beats rank b), KTAB (face-
    down cards in a war started by a tie of rank r)."""
    key = np.zeros(16, dtype=np.int64)
    for r in range(16):
        key[r] = 20 - r if rules.lowest_wins else r
    bt = np.zeros((16, 16), dtype=np.bool_)
    faces, aces = rules.beats_faces_rank, rules.beats_aces_rank
    for a in range(16):
        for b in range(16):
            if a == b:
                continue
            v = a < b if rules.lowest_wins else a > b
            for rank, victims in ((faces, (11, 12, 13)), (aces, (14,))):
                if rank is not None and a == rank and b in victims:
                    v = True
                elif rank is not None and b == rank and a in victims:
                    v = False
            bt[a, b] = v
    ktab = np.zeros(16, dtype=np.int64)
    for r in range(16):
        ktab[r] = (rules.war_facedown if rules.war_size == "fixed"
                   else _RAZBOI_VALUE.get(r, 11) - 1)
    return key, bt, ktab


def _parameters(rules: WarRules) -> NDArray[np.int64]:
    """The rule parameters for the kernel (the int64 array R, see ``_N`` …)."""
    r = np.zeros(9, dtype=np.int64)
    r[_N] = rules.players
    r[_TRANS] = rules.beats_faces_rank is None and rules.beats_aces_rank is None
    r[_AUTO] = -1 if rules.automatic_rank is None else int(rules.automatic_rank)
    r[_PICKUP] = ("winner_first", "player_order", "random").index(rules.pickup)
    r[_SHORT] = ("last_card_up", "lose", "draw").index(rules.short_of_cards)
    r[_EVERY] = rules.war_participants == "all"
    r[_LIMIT] = int(rules.max_battles or 0)
    r[_MOST] = rules.at_limit == "most_cards"
    r[_DET] = r[_PICKUP] != 2
    return r


def _checked_deals(given: _Deals | None, n: int) -> NDArray[np.uint8] | None:
    if given is None:
        return None
    deals = np.ascontiguousarray(given)
    if deals.ndim != 2 or deals.shape[1] < n:
        raise ValueError(f"deals must have shape (n_games, cards) with at least {n} cards")
    if deals.shape[1] >= _CAP:
        raise ValueError(f"deals hold at most {_CAP - 1} cards")
    if deals.size and (deals.min() < 0 or deals.max() > 52):
        raise ValueError("deals hold card codes 0-52 (see card_codes)")
    return deals.astype(np.uint8)


def _checked_seeds(given: _Seeds | None) -> NDArray[np.uint64] | None:
    if given is None:
        return None
    seeds = np.asarray(given)
    if seeds.ndim != 1 or (seeds.size and (not np.issubdtype(seeds.dtype, np.integer)
                                           or seeds.min() < 0)):
        raise ValueError("seeds must be a 1-d array of whole numbers 0 ≤ s < 2**64")
    return seeds.astype(np.uint64)


def _game_seeds(n_games: int | None, seed: int | None, seeds: NDArray[np.uint64] | None,
                deals: NDArray[np.uint8] | None) -> tuple[int, NDArray[np.uint64], int | None]:
    """(n_games, the per-game seeds, the seed they came from or None), checked."""
    for given in (deals, seeds):
        if n_games is None and given is not None:
            n_games = given.shape[0]
    if n_games is None:
        raise ValueError("play_many: give n_games (or seeds or deals)")
    if not isinstance(n_games, (int, np.integer)) or n_games < 0:
        raise ValueError("n_games must be a whole number ≥ 0")
    n_games = int(n_games)
    seed_used = None
    if seeds is None:
        if seed is None:
            entropy = np.random.SeedSequence().entropy          # 128 bits from the OS
            assert isinstance(entropy, int)
            seed = entropy
        seed_used = seed
        seeds = np.random.default_rng(seed_used).integers(0, 2**62, size=n_games).astype(np.uint64)
    if seeds.shape[0] != n_games or (deals is not None and deals.shape[0] != n_games):
        raise ValueError("n_games, seeds and deals disagree on the number of games")
    return n_games, seeds, seed_used


def _progress_bar(progress: bool, n_games: int, rules: WarRules) -> Any:
    if not progress:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=n_games, unit="game", desc=rules.preset or "War")


def play_many(rules: WarRules | None = None, n_games: int | None = None, *,
              seed: int | None = None, seeds: _Seeds | None = None,
              deals: _Deals | None = None,
              progress: bool = False, chunk: int = 20_000) -> BulkResult:
    """Play ``n_games`` whole games of War without logs, compiled, and return a
    :class:`BulkResult` (per game: ``battles``, ``wars``, ``winner`` −1 for a draw, ``end``).

    - ``rules``: a :class:`~cardkit.war.WarRules` (default classic) that changes only how cards
      compare or how big a war is (RULES.md §1.1–§1.7, any players, pickup, short_of_cards,
      war_participants, battle limit and at_limit). Underdog (§1.8), slap war (§1.9) and Steal
      War (§1.10) raise ``ValueError`` naming the rule: use ``cardkit.war.simulate`` for them.
    - ``seed``: the per-game seeds are ``default_rng(seed).integers(0, 2**62, size=n_games)``, as
      in ``simulate``; ``None`` draws a fresh ``seed`` from the OS (kept in the result).
    - ``seeds``: the per-game seeds directly (ints, 0 ≤ s < 2**64); ``n_games`` is their number.
    - ``deals``: stacked packs, shape ``(n_games, cards)``, top card first, as :func:`card_codes`
      (see :func:`shuffled_deals`): game ``i`` is ``new_game(rules, seed=seeds[i], deck=...)``;
      the seeds then drive only the random pickup. ``players`` ≤ ``cards`` ≤ 255.
    - ``progress``: show a tqdm progress bar (plays in chunks of ``chunk`` games).

    Game ``i`` ends exactly as ``new_game(rules, seed=int(result.seeds[i]))`` played with
    ``flip`` (RULES.md §1.1: draw by repetition, battle limit). Raises ``ImportError`` if numba
    is not installed, ``ValueError`` for unsupported rules or bad arguments.
    """
    rules = rules if rules is not None else WarRules()
    _check_rules(rules)
    if not NUMBA:
        raise ImportError("cardkit.war.bulk.play_many needs numba to compile its simulator: "
                          "pip install 'cardkit[bulk]' (or pip install numba); "
                          "cardkit.war.simulate plays the same games without it, slowly")
    deals = _checked_deals(deals, rules.players)
    n_games, seeds, seed_used = _game_seeds(n_games, seed, _checked_seeds(seeds), deals)
    pack = np.array([_CODE[c] for c in standard_pack(rules.jokers)], dtype=np.uint8)
    m = deals.shape[1] if deals is not None else pack.size
    key, bt, ktab = _tables(rules)
    R = _parameters(rules)
    plain = np.full((2, 64, 64), 2, dtype=np.uint8)
    _plain_table(_RV, key, bt, bool(R[_TRANS]), int(R[_AUTO]), plain, np.arange(2, dtype=np.int64),
                 np.zeros(2, np.int64), np.zeros(2, np.int64))
    no_deals = np.zeros((0, m), dtype=np.uint8)
    battles, wars = np.zeros(n_games, dtype=np.int64), np.zeros(n_games, dtype=np.int64)
    winner, end, first = (np.zeros(n_games, dtype=np.int8) for _ in range(3))
    bar = _progress_bar(progress, n_games, rules)
    step = max(1, int(chunk)) if bar is not None else max(1, n_games)
    for a in range(0, n_games, step):
        b = min(n_games, a + step)
        _play_games(seeds[a:b], deals[a:b] if deals is not None else no_deals, pack, R, _RV, key,
                    bt, ktab, plain, battles[a:b], wars[a:b], winner[a:b], end[a:b], first[a:b])
        if bar is not None:
            bar.update(b - a)
    if bar is not None:
        bar.close()
    return BulkResult(rules=rules, battles=battles, wars=wars, winner=winner, end=end,
                      first_wars=first, seeds=seeds, seed=seed_used)

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

**numba** compiles the kernels (``pip install 'cardkit[bulk]'``); the rest of cardkit needs only
numpy. The compiled code is cached on disk (``cache=True``): the first call in a new environment
compiles for about 25 s of CPU time, later processes load it in about half a second.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from collections.abc import Iterable, Sequence

import numpy as np

from ..cards import JOKER, Card, parse_cards, standard_pack
from ..core import check_rules
from .rules import WarRules

try:
    import numba as _numba
    from llvmlite import ir
    from numba import njit, types
    from numba.extending import intrinsic
except ImportError:      # numba is an optional extra: say so when play_many is called
    _numba = None

    def njit(*args, **kwargs):
        if args and callable(args[0]):
            return args[0]
        return lambda f: f

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
    battles: np.ndarray
    wars: np.ndarray
    winner: np.ndarray
    end: np.ndarray
    first_wars: np.ndarray
    seeds: np.ndarray
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
    def win_rates(self) -> np.ndarray:
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


def card_codes(cards: str | Iterable[Card | str]) -> np.ndarray:
    """Card codes (uint8) for ``deals``: 0–51 the standard pack in ``standard_pack()`` order,
    52 a joker. Raises ``ValueError`` for an unreadable card."""
    return np.array([_CODE[c] for c in parse_cards(cards)], dtype=np.uint8)


def shuffled_deals(pack: str | Iterable[Card | str], n_games: int, seed: int | None = 0
                   ) -> np.ndarray:
    """``n_games`` independent shufflings of ``pack`` as a ``(n_games, len(pack))`` uint8 array of
    card codes, top card first, for ``play_many(..., deals=...)`` (e.g. a pack of 4 × k ranks)."""
    base = card_codes(pack)
    rng = np.random.default_rng(seed)
    return rng.permuted(np.broadcast_to(base, (n_games, base.size)), axis=1).astype(np.uint8)


# -- NumPy's random streams, in compiled code ------------------------------------------------------
# SeedSequence (numpy/random/bit_generator.pyx) and PCG64 (numpy/random/src/pcg64): 32-bit words
# kept in uint64 and masked; 128-bit state as (high, low) uint64 pairs.
_U = np.uint64
_M32 = _U(0xFFFFFFFF)
_INIT_A, _MULT_A = _U(0x43B0D7E5), _U(0x931E8875)
_INIT_B, _MULT_B = _U(0x8B51F9DD), _U(0x58F38DED)
_MIX_L, _MIX_R = _U(0xCA01F9DD), _U(0x4973F715)
_PCG_MH, _PCG_ML = _U(2549297995355413924), _U(4865540595714422341)
_S16, _S32, _S58, _S63, _S1, _S64 = _U(16), _U(32), _U(58), _U(63), _U(1), _U(64)


def _mulhi_portable(a, b):
    """High 64 bits of the 128-bit product of two uint64, in 64-bit arithmetic."""
    a0, a1 = a & _M32, a >> _S32
    b0, b1 = b & _M32, b >> _S32
    p0, p1, p2, p3 = a0 * b0, a0 * b1, a1 * b0, a1 * b1
    mid = (p0 >> _S32) + (p1 & _M32) + (p2 & _M32)
    return p3 + (p1 >> _S32) + (p2 >> _S32) + (mid >> _S32)


if _numba is not None:
    @intrinsic
    def _mulhi_i128(typingctx, a, b):
        """High 64 bits of the 128-bit product of two uint64: one machine multiply (LLVM i128)."""
        def codegen(context, builder, signature, args):
            i128 = ir.IntType(128)
            p = builder.mul(builder.zext(args[0], i128), builder.zext(args[1], i128))
            return builder.trunc(builder.lshr(p, ir.Constant(i128, 64)), ir.IntType(64))
        return types.uint64(types.uint64, types.uint64), codegen

    @njit(cache=True, _nrt=False, inline="always")
    def _mulhi(a, b):
        return _mulhi_i128(a, b)
else:
    _mulhi = _mulhi_portable


@njit(cache=True, _nrt=False, inline="always")
def _step64(hi, lo, ihi, ilo):
    """One PCG64 step, state = state * MULT + inc (mod 2**128), on a state in locals (hi, lo;
    inc = ihi, ilo): returns (state hi, state lo, the 64-bit draw, XSL-RR of the new state)."""
    nlo = lo * _PCG_ML
    nhi = _mulhi(lo, _PCG_ML) + hi * _PCG_ML + lo * _PCG_MH
    lo2 = nlo + ilo
    hi2 = nhi + ihi + (_U(1) if lo2 < nlo else _U(0))
    x = hi2 ^ lo2
    rot = hi2 >> _S58
    return hi2, lo2, (x >> rot) | (x << ((_S64 - rot) & _U(63)))


@njit(cache=True, _nrt=False, inline="always")
def _pcg_step(rs):
    """rs = [state_hi, state_lo, inc_hi, inc_lo, has_uint32, uint32]: one step of the state."""
    rs[0], rs[1], _x = _step64(rs[0], rs[1], rs[2], rs[3])


@njit(cache=True, _nrt=False, inline="always")
def _next32(rs):
    """NumPy's PCG64 next_uint32: the low half of a 64-bit draw, then the buffered high half."""
    if rs[4] != _U(0):
        rs[4] = _U(0)
        return rs[5]
    rs[0], rs[1], v = _step64(rs[0], rs[1], rs[2], rs[3])
    rs[4] = _U(1)
    rs[5] = v >> _S32
    return v & _M32


@njit(cache=True, _nrt=False, inline="always")
def _mask_of(mx):
    """The smallest 2**k - 1 ≥ mx (uint64; mx < 2**32): the mask of NumPy's rejection sampling."""
    m = _U(mx)
    m |= m >> _U(1)
    m |= m >> _U(2)
    m |= m >> _U(4)
    m |= m >> _U(8)
    m |= m >> _U(16)
    return m


@njit(cache=True, _nrt=False, inline="always")
def _interval(rs, mx):
    """numpy random_interval(max) for max < 2**32: masked rejection sampling."""
    if mx == 0:
        return 0
    m = _mask_of(mx)
    umx = _U(mx)
    while True:
        v = _next32(rs) & m
        if v <= umx:
            return np.int64(v)


@njit(cache=True, _nrt=False, inline="always")
def _hashmix(v, hc):
    v = (v ^ hc[0]) & _M32
    hc[0] = (hc[0] * _MULT_A) & _M32
    v = (v * hc[0]) & _M32
    return v ^ (v >> _S16)


@njit(cache=True, _nrt=False, inline="always")
def _mix(x, y):
    r = (_MIX_L * x - _MIX_R * y) & _M32
    return r ^ (r >> _S16)


@njit(cache=True, _nrt=False)
def _seed_rng(seed, rs, work):
    """rs ← the state of ``numpy.random.default_rng(seed)`` (0 ≤ seed < 2**64); work: 17 uint64."""
    # SeedSequence(seed): entropy words, low first; up to the pool size (4) a missing word mixes
    # exactly like a zero word, so two words padded with zeros cover every seed < 2**64.
    pool = work[0:4]
    ent = work[4:8]
    words = work[8:16]
    hc = work[16:17]
    ent[0] = seed & _M32
    ent[1] = seed >> _S32
    ent[2] = _U(0)
    ent[3] = _U(0)
    hc[0] = _INIT_A
    for i in range(4):
        pool[i] = _hashmix(ent[i], hc)
    for a in range(4):
        for b in range(4):
            if a != b:
                pool[b] = _mix(pool[b], _hashmix(pool[a], hc))
    h = _INIT_B
    for i in range(8):
        d = pool[i % 4] ^ h
        h = (h * _MULT_B) & _M32
        d = (d * h) & _M32
        words[i] = d ^ (d >> _S16)
    s_hi = words[0] | (words[1] << _S32)
    s_lo = words[2] | (words[3] << _S32)
    q_hi = words[4] | (words[5] << _S32)
    q_lo = words[6] | (words[7] << _S32)
    # pcg64 srandom: inc = initseq << 1 | 1; state = 0; step; state += initstate; step
    rs[2] = (q_hi << _S1) | (q_lo >> _S63)
    rs[3] = (q_lo << _S1) | _U(1)
    rs[0] = _U(0)
    rs[1] = _U(0)
    _pcg_step(rs)
    lo = rs[1] + s_lo
    carry = _U(1) if lo < rs[1] else _U(0)
    rs[0] = rs[0] + s_hi + carry
    rs[1] = lo
    _pcg_step(rs)
    rs[4] = _U(0)
    rs[5] = _U(0)


@njit(cache=True, _nrt=False, inline="always")
def _permutation(rs, n, out):
    """out[:n] ← ``Generator.permutation(n)`` (shuffle of arange(n), i = n-1 … 1), as the
    draws of :func:`_interval`, with the generator's state in locals for the whole shuffle."""
    for i in range(n):
        out[i] = i
    hi, lo, ihi, ilo, has, buf = rs[0], rs[1], rs[2], rs[3], rs[4], rs[5]
    for i in range(n - 1, 0, -1):
        m = _mask_of(i)
        while True:
            if has != _U(0):
                v = buf
                has = _U(0)
            else:
                hi, lo, x = _step64(hi, lo, ihi, ilo)
                v = x & _M32
                buf = x >> _S32
                has = _U(1)
            v &= m
            if v <= _U(i):
                break
        j = np.int64(v)
        t = out[i]
        out[i] = out[j]
        out[j] = t
    rs[0], rs[1], rs[4], rs[5] = hi, lo, has, buf


# -- one game ----------------------------------------------------------------------------------------
# A game is played by "runner" 0; runners 1 and 2 replay it from the deal (draw by repetition).
# Runner r's packets are ring buffers P[2r][p, (hd[p] + i) & _MASK], top first, its table P[2r + 1];
# its int rows are IX[10r:10r + 10]: hd, ln, tl (cards on the table), up (face-up card) and the
# scratch rows inn, cont, newly, W, best, and (runner 0) the lengths of the saved position; its
# "out" flags out[nr:n(r + 1)]. P[6] holds the saved position (Brent's check), linear, top first,
# with the lengths IX[9]; IX[30] is zeros (the saved copy's heads).
# The rule parameters are the int64 array R, indexed by these names:
_N, _TRANS, _AUTO, _PICKUP, _SHORT, _EVERY, _LIMIT, _MOST, _DET = range(9)
_NBAT, _NWAR, _SPOW, _FIRST = range(4)            # the game's counters, the int64 array ST
# runner numbers and a count as int64 values, not literals: numba compiles a function again for
# each literal argument it is called with
_R0, _R1, _R2, _ONE = np.int64(0), np.int64(1), np.int64(2), np.int64(1)
_CAP = 256                # ring buffer size: a deal has at most _CAP - 1 cards
_MASK = _CAP - 1          # a compile-time constant, so that the compiler knows indices are ≥ 0
_H1, _H2 = _U(0xBF58476D1CE4E5B9), _U(0x94D049BB133111EB)
_S30, _S27, _S31 = _U(30), _U(27), _U(31)


@njit(cache=True, _nrt=False, inline="always")
def _pop(p, pk, hd, ln):
    c = pk[p, hd[p]]
    hd[p] = (hd[p] + 1) & _MASK
    ln[p] -= 1
    return c


@njit(cache=True, _nrt=False, inline="always")
def _push(p, c, pk, hd, ln):
    pk[p, (hd[p] + ln[p]) & _MASK] = c
    ln[p] += 1


@njit(cache=True, _nrt=False)
def _deal(deck, m, n, pk, hd, ln, out):
    """Deal ``deck`` (top first) one card at a time from player 0; the rest are set aside."""
    each = m // n
    for p in range(n):
        for i in range(each):
            pk[p, i] = deck[p + n * i]
        hd[p] = 0
        ln[p] = each
        out[p] = each == 0


@njit(cache=True, _nrt=False, inline="always")
def _same(n, pkA, hdA, lnA, pkB, hdB, lnB):
    """The two positions have exactly the same packets, card for card (ring buffers; a linear
    copy is a ring buffer with its heads at 0)."""
    for p in range(n):
        if lnA[p] != lnB[p]:
            return False
    for p in range(n):
        for i in range(lnA[p]):
            if pkA[p, (hdA[p] + i) & _MASK] != pkB[p, (hdB[p] + i) & _MASK]:
                return False
    return True


@njit(cache=True, _nrt=False)
def _save(n, pk, hd, ln, S, SL):
    """S, SL ← the position (packets, linear, top first, and their lengths)."""
    for p in range(n):
        h, k = hd[p], ln[p]
        SL[p] = k
        for i in range(k):
            S[p, i] = pk[p, (h + i) & _MASK]


@njit(cache=True, _nrt=False, inline="always")
def _position_hash(n, pk, hd, ln):
    """A hash of the position (never 0: 0 marks an empty slot of the positions table)."""
    h = _U(0x243F6A8885A308D3)
    for p in range(n):
        h = (h ^ _U(ln[p] + 64)) * _H1
        for i in range(ln[p]):
            h = (h ^ _U(pk[p, (hd[p] + i) & _MASK])) * _H2
    h = (h ^ (h >> _S30)) * _H1
    h = (h ^ (h >> _S27)) * _H2
    h ^= h >> _S31
    if h == _U(0):
        h = _U(1)
    return h


@njit(cache=True, _nrt=False, inline="always")
def _best(cont, nc, up, RV, KEY, BT, transitive, best):
    """The seats in cont[:nc] holding the winning card (several: a tie); RULES.md §1.1, §1.7."""
    nb = 0
    if not transitive:
        for i in range(nc):
            r = RV[up[cont[i]]]
            beaten = False
            for j in range(nc):
                if BT[RV[up[cont[j]]], r]:
                    beaten = True
                    break
            if not beaten:
                best[nb] = cont[i]
                nb += 1
        if nb:
            return nb
    top = -1
    for i in range(nc):
        k = KEY[RV[up[cont[i]]]]
        if k > top:
            top = k
            nb = 0
        if k == top:
            best[nb] = cont[i]
            nb += 1
    return nb


@njit(cache=True, _nrt=False)
def _plain_table(RV, KEY, BT, transitive, auto, PT, cont, up, best):
    """For two players turning card codes a and b: PT[1, a, b] ← the seat whose card wins, 2 for a
    tie; PT[0, a, b] ← the same, or 2 if either card has the automatic war's rank (RULES.md
    §1.6): 0 or 1 there is a plain battle. PT comes filled with 2; cont = [0, 1], up and best:
    scratch (2 int64 each)."""
    for a in range(RV.shape[0]):
        for b in range(RV.shape[0]):
            up[0], up[1] = a, b
            if _best(cont, 2, up, RV, KEY, BT, transitive, best) == 1:
                PT[1, a, b] = best[0]
                if RV[a] != auto and RV[b] != auto:
                    PT[0, a, b] = best[0]


@njit(cache=True, _nrt=False, inline="always")
def _turn_first_cards(n, pk, hd, ln, out, tb, tl, up, inn, cont, newly):
    """Every player still in turns their top card face up (RULES.md §1.1); returns how many."""
    ni = 0
    for p in range(n):
        tl[p] = 0
        if not out[p]:
            c = _pop(p, pk, hd, ln)
            tb[p, 0] = c
            tl[p] = 1
            up[p] = c
            inn[ni] = p
            cont[ni] = p
            newly[ni] = p
            ni += 1
    return ni


@njit(cache=True, _nrt=False, inline="always")
def _automatic(nn, newly, up, RV, auto):
    """One of the cards just turned has the automatic war's rank (RULES.md §1.6)."""
    if auto >= 0:
        for i in range(nn):
            if RV[up[newly[i]]] == auto:
                return True
    return False


@njit(cache=True, _nrt=False, inline="always")
def _none_left(nb, best, ln):
    """No tied player has a card left: they stand on their last cards (a draw, RULES.md §1.1)."""
    for i in range(nb):  # noqa: SIM110 (numba compiles no generator: all(...) fails)
        if ln[best[i]] > 0:
            return False
    return True


@njit(cache=True, _nrt=False, inline="always")
def _everyone_in(ni, inn, nb, best, ln, W):
    """War_participants="all" (RULES.md §1.2): the tied players and everyone in the battle who
    still has cards fight the war, in seat order; returns how many (in W)."""
    nw = 0
    for i in range(ni):
        p = inn[i]
        tied = False
        for j in range(nb):
            if best[j] == p:
                tied = True
                break
        if tied or ln[p] > 0:
            W[nw] = p
            nw += 1
    return nw


@njit(cache=True, _nrt=False, inline="always")
def _who_fights(ni, nc, nn, inn, cont, newly, up, ln, W, best, RV, KEY, BT, R):
    """After a turn-up: (-1, players in W, the war's rank) if a war follows; (0, 1, 0) if W[0]'s
    card wins; (4, 0, 0) if the standing cards tie (a draw). RULES.md §1.1, §1.2, §1.6, §1.7."""
    auto = R[_AUTO]
    if _automatic(nn, newly, up, RV, auto):        # everyone in the battle fights the war
        for i in range(nc):
            W[i] = cont[i]
        return -1, nc, auto
    nb = _best(cont, nc, up, RV, KEY, BT, R[_TRANS], best)
    if nb == 1:
        W[0] = best[0]
        return 0, 1, 0
    if nn == 0 or (R[_SHORT] == 0 and _none_left(nb, best, ln)):
        return 4, 0, 0
    if R[_EVERY]:
        nw = _everyone_in(ni, inn, nb, best, ln, W)
    else:
        for i in range(nb):
            W[i] = best[i]
        nw = nb
    return -1, nw, RV[up[best[0]]]


@njit(cache=True, _nrt=False, inline="always")
def _leave_short(nw, ni, k, W, inn, pk, hd, ln, tb, tl):
    """short_of_cards="lose" (RULES.md §1.1): players with fewer than k + 1 cards put them all on
    the table and leave the war (and the battle); returns (fighters left in W, players in)."""
    keep = 0
    for i in range(nw):
        p = W[i]
        if ln[p] >= k + 1:
            W[keep] = p
            keep += 1
            continue
        while ln[p] > 0:
            tb[p, tl[p]] = _pop(p, pk, hd, ln)
            tl[p] += 1
        j2 = 0
        for j in range(ni):
            if inn[j] != p:
                inn[j2] = inn[j]
                j2 += 1
        ni = j2
    return keep, ni


@njit(cache=True, _nrt=False, inline="always")
def _short_of_cards(nw, ni, k, W, inn, pk, hd, ln, tb, tl, short_mode):
    """A war of k face-down cards when short_of_cards is "lose" or "draw" (RULES.md §1.1):
    (-1, fighters, players in) if it goes on, (0, 1, ni) if W[0] wins, (3, 0, ni) if the game
    ends."""
    short = False
    for i in range(nw):
        if ln[W[i]] < k + 1:
            short = True
    if not short:
        return -1, nw, ni
    if short_mode == 2:
        return 3, 0, ni
    nw, ni = _leave_short(nw, ni, k, W, inn, pk, hd, ln, tb, tl)
    if nw == 1:
        return 0, 1, ni
    if nw == 0:
        return 3, 0, ni
    return -1, nw, ni


@njit(cache=True, _nrt=False, inline="always")
def _lay_war(nw, k, W, pk, hd, ln, tb, tl, up, newly):
    """Each fighter puts k cards face down and turns one up; short of cards, all but the last
    down and the last up; with none left, the last card up stands (RULES.md §1.1). Returns how
    many turned a card (in newly)."""
    nt = 0
    for i in range(nw):
        p = W[i]
        have = ln[p]
        if have == 0:
            continue
        d = k if have > k else have - 1
        for _j in range(d):
            tb[p, tl[p]] = _pop(p, pk, hd, ln)
            tl[p] += 1
        c = _pop(p, pk, hd, ln)
        tb[p, tl[p]] = c
        tl[p] += 1
        up[p] = c
        newly[nt] = p
        nt += 1
    return nt


@njit(cache=True, _nrt=False, inline="always")
def _battle(n, pk, hd, ln, out, tb, tl, up, inn, cont, newly, W, best, RV, KEY, BT, KTAB, R):
    """One battle with all its wars (RULES.md §1.1–§1.7), as ``WarState`` plays it.

    Returns (status, winner, war rounds): status 0 settled (cards still on the table tb), 3 the
    game ends short of cards, 4 standing tie."""
    ni = _turn_first_cards(n, pk, hd, ln, out, tb, tl, up, inn, cont, newly)
    nc = nn = ni
    bw = 0
    while True:
        st, nw, cause = _who_fights(ni, nc, nn, inn, cont, newly, up, ln, W, best, RV, KEY, BT, R)
        if st >= 0:
            return st, W[0] if st == 0 else -1, bw
        k = KTAB[cause]
        bw += 1
        if R[_SHORT] != 0:
            st, nw, ni = _short_of_cards(nw, ni, k, W, inn, pk, hd, ln, tb, tl, R[_SHORT])
            if st >= 0:
                return st, W[0] if st == 0 else -1, bw
        nn = _lay_war(nw, k, W, pk, hd, ln, tb, tl, up, newly)
        for i in range(nw):
            cont[i] = W[i]
        nc = nw


@njit(cache=True, _nrt=False, inline="always")
def _settle(w, n, pickup, pk, hd, ln, tb, tl, won, perm, rs):
    """The winner ``w`` puts the cards on the table under their packet in the pickup order."""
    L = 0
    if pickup == 1:                        # player_order
        for p in range(n):
            for i in range(tl[p]):
                won[L] = tb[p, i]
                L += 1
    else:                                  # the winner's cards, then the others' in seat order
        for i in range(tl[w]):
            won[L] = tb[w, i]
            L += 1
        for p in range(n):
            if p != w:
                for i in range(tl[p]):
                    won[L] = tb[p, i]
                    L += 1
    if pickup == 2:                        # random: Generator.permutation(L) of the game's RNG
        _permutation(rs, L, perm)
        for i in range(L):
            _push(w, won[perm[i]], pk, hd, ln)
    else:
        for i in range(L):
            _push(w, won[i], pk, hd, ln)


@njit(cache=True, _nrt=False)
def _step(r, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB):
    """One battle of runner ``r`` in full, settled unless the game ends; returns (status, winner,
    war rounds) as :func:`_battle`. Players left without cards are marked out."""
    n = R[_N]
    cap = _CAP
    pk, tb = P[2 * r], P[2 * r + 1]
    rows = IX[10 * r:10 * r + 10]
    o = out[n * r:n * (r + 1)]
    st, w, bw = _battle(n, pk, rows[0], rows[1], o, tb, rows[2], rows[3], rows[4], rows[5],
                        rows[6], rows[7], rows[8], RV, KEY, BT, KTAB, R)
    if st == 0:
        _settle(w, n, R[_PICKUP], pk, rows[0], rows[1], tb, rows[2], won[cap * r:cap * (r + 1)],
                perm[cap * r:cap * (r + 1)], rs)
        for p in range(n):
            if not o[p] and rows[1, p] == 0:
                o[p] = True
    return st, w, bw


@njit(cache=True, _nrt=False)
def _redeal(r, deck, m, n, P, IX, out):
    """Runner ``r`` ← the position after the deal."""
    _deal(deck, m, n, P[2 * r], IX[10 * r], IX[10 * r + 1], out[n * r:n * (r + 1)])


@njit(cache=True, _nrt=False)
def _advance(r, k, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB):
    """Runner ``r`` plays ``k`` more battles (a replay: they all settle); returns their wars."""
    wars = 0
    for _i in range(k):
        wars += _step(r, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB)[2]
    return wars


@njit(cache=True, _nrt=False, inline="always")
def _runners_same(n, P, IX):
    return _same(n, P[2], IX[10], IX[11], P[4], IX[20], IX[21])


@njit(cache=True, _nrt=False)
def _first_repeat(deck, m, lam, t, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB):
    """The battle at which a deterministic game first repeats a position, given that the
    position after battle ``t`` is the one after battle ``t - lam`` (Brent's check): replay
    runner 1 from the deal and runner 2 ``lam`` battles ahead until their packets are equal.
    Returns (that battle, wars played up to it)."""
    n = R[_N]
    _redeal(_R1, deck, m, n, P, IX, out)
    _redeal(_R2, deck, m, n, P, IX, out)
    wars = _advance(_R2, lam, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB)
    i = 0
    while i + lam < t and not _runners_same(n, P, IX):
        _advance(_R1, _ONE, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB)
        wars += _advance(_R2, _ONE, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB)
        i += 1
    return i + lam, wars


@njit(cache=True, _nrt=False)
def _seen_at(h, b, deck, m, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB, tkeys, tvals, used,
             nused):
    """Look runner 1's position (hash ``h``, after battle ``b``) up in the positions table, each
    hash match confirmed card by card by replaying runner 2; not seen: store it. Returns (True if
    seen before, slots used)."""
    n = R[_N]
    ts = tkeys.shape[0]
    i = np.int64(h & _U(ts - 1))
    while tkeys[i] != _U(0):
        if tkeys[i] == h:
            _redeal(_R2, deck, m, n, P, IX, out)
            _advance(_R2, tvals[i], P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB)
            if _runners_same(n, P, IX):
                return True, nused
        i = (i + 1) & (ts - 1)
    tkeys[i] = h
    tvals[i] = b
    used[nused] = i
    return False, nused + 1


@njit(cache=True, _nrt=False)
def _repeat_by_table(deck, m, L, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB, tkeys, tvals,
                     used):
    """Replay the first ``L`` battles of a deterministic game with a table of every position
    seen. Returns (the battle that first repeats a position, wars up to it), or (-1, 0)."""
    n = R[_N]
    _redeal(_R1, deck, m, n, P, IX, out)
    nused = np.int64(0)
    wars = 0
    found = -1
    for b in range(L + 1):
        if b:
            wars += _advance(_R1, _ONE, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB)
        h = _position_hash(n, P[2], IX[10], IX[11])
        seen, nused = _seen_at(h, b, deck, m, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB,
                               tkeys, tvals, used, nused)
        if seen:
            found = b
            break
    for j in range(nused):
        tkeys[used[j]] = _U(0)
    if found >= 0:
        return found, wars
    return -1, 0


# -- two players: the whole game on local copies of the packets' heads and lengths ----------------
# The same rules as _battle and _settle for two players (the common case, and the benchmark's),
# without their loops over seats; tests/rules/war/test_bulk.py checks both against the engine.
@njit(cache=True, _nrt=False, inline="always")
def _lay_two(pk, tb, p, h, ln, t, k):
    """Player p of two lays k cards face down and turns one up (short of cards: all but the last
    down; none left: the last card up stands); returns (h, ln, t, card turned or -1)."""
    if ln == 0:
        return h, ln, t, -1
    d = k if ln > k else ln - 1
    for _j in range(d + 1):
        tb[p, t] = pk[p, h]
        t += 1
        h = (h + 1) & _MASK
    return h, ln - d - 1, t, np.int64(tb[p, t - 1])


@njit(cache=True, _nrt=False, inline="always")
def _dump_two(pk, tb, p, h, ln, t):
    """Player p puts all their cards on the table (short_of_cards="lose"); returns (h, t)."""
    for _j in range(ln):
        tb[p, t] = pk[p, h]
        t += 1
        h = (h + 1) & _MASK
    return h, t


@njit(cache=True, _nrt=False, inline="always")
def _settle_two(w, pk, tb, h0, h1, l0, l1, t0, t1, pickup, won, perm, rs):
    """The winner w puts the t0 + t1 cards on the table under their packet in the pickup order;
    returns the packets' new lengths."""
    first = 0 if pickup == 1 else w
    nf, ns = (t0, t1) if first == 0 else (t1, t0)
    t = h1 + l1 if w else h0 + l0
    if pickup == 2:                        # random: Generator.permutation(L) of the game's RNG
        for i in range(nf):
            won[i] = tb[first, i]
        for i in range(ns):
            won[nf + i] = tb[1 - first, i]
        _permutation(rs, nf + ns, perm)
        for i in range(nf + ns):
            pk[w, (t + i) & _MASK] = won[perm[i]]
    else:
        for i in range(nf):
            pk[w, (t + i) & _MASK] = tb[first, i]
        for i in range(ns):
            pk[w, (t + nf + i) & _MASK] = tb[1 - first, i]
    return (l0, l1 + t0 + t1) if w else (l0 + t0 + t1, l1)


@njit(cache=True, _nrt=False, inline="always")
def _war_rank(u0, u1, n0, n1, l0, l1, RV, WIN, auto, short_mode):
    """After a turn-up in a two-player battle: (-1, rank of the war) if a war follows, (w, 0) if
    seat w's card wins, (4, 0) if the standing cards tie (RULES.md §1.1, §1.6, §1.7)."""
    if auto >= 0 and ((n0 and RV[u0] == auto) or (n1 and RV[u1] == auto)):
        return -1, auto
    x = WIN[u0, u1]
    if x < 2:
        return x, 0
    if not (n0 or n1) or (short_mode == 0 and l0 == 0 and l1 == 0):
        return 4, 0
    return -1, RV[u0]


@njit(cache=True, _nrt=False, inline="always")
def _short_two(k, pk, tb, h0, h1, l0, l1, t0, t1, short_mode):
    """short_of_cards "lose" or "draw" in a two-player war of k face-down cards (RULES.md
    §1.1): returns (-1 the war goes on / w the seat that wins / 3 the game ends, h0, h1, l0, l1,
    t0, t1)."""
    s0, s1 = l0 <= k, l1 <= k
    if short_mode == 0 or not (s0 or s1):
        return -1, h0, h1, l0, l1, t0, t1
    if short_mode == 2:
        return 3, h0, h1, l0, l1, t0, t1
    if s0:
        h0, t0 = _dump_two(pk, tb, 0, h0, l0, t0)
        l0 = 0
    if s1:
        h1, t1 = _dump_two(pk, tb, 1, h1, l1, t1)
        l1 = 0
    return (3 if s0 and s1 else 1 if s0 else 0), h0, h1, l0, l1, t0, t1


@njit(cache=True, _nrt=False, inline="always")
def _war_two(c0, c1, pk, tb, h0, h1, l0, l1, RV, WIN, KTAB, auto, short_mode):
    """A two-player battle whose turned cards c0, c1 (already off the packets) make a war, with
    all its wars (RULES.md §1.1–§1.7). Returns (status, winner, war rounds, h0, h1, l0, l1, t0,
    t1): status 0 settled (t0, t1 cards on the table tb), 3 the game ends short of cards, 4
    standing tie."""
    tb[0, 0] = c0
    tb[1, 0] = c1
    t0 = t1 = 1
    u0, u1 = np.int64(c0), np.int64(c1)
    n0 = n1 = True
    bw = 0
    while True:
        x, rank = _war_rank(u0, u1, n0, n1, l0, l1, RV, WIN, auto, short_mode)
        if x >= 0:
            st = 0 if x < 2 else 4
            return st, x if x < 2 else -1, bw, h0, h1, l0, l1, t0, t1
        k = KTAB[rank]
        bw += 1
        x, h0, h1, l0, l1, t0, t1 = _short_two(k, pk, tb, h0, h1, l0, l1, t0, t1, short_mode)
        if x >= 0:
            st = 0 if x < 2 else 3
            return st, x if x < 2 else -1, bw, h0, h1, l0, l1, t0, t1
        h0, l0, t0, v0 = _lay_two(pk, tb, 0, h0, l0, t0, k)
        h1, l1, t1, v1 = _lay_two(pk, tb, 1, h1, l1, t1, k)
        n0, n1 = v0 >= 0, v1 >= 0
        if n0:
            u0 = v0
        if n1:
            u1 = v1


@njit(cache=True, _nrt=False, inline="always")
def _check_two(pk, h0, h1, l0, l1, nbat, spow, sl0, lim, S, SL, Z, hd, ln):
    """After battle nbat of two players: Brent's check against the saved position (sl0: its
    first packet's length, -1 for a random pickup) and, at battles 1, 2, 4, …, a new saved
    position. Returns (2 repeated / 3 battle limit / -1, spow, sl0)."""
    if l0 == sl0 or nbat == spow:
        hd[0], hd[1], ln[0], ln[1] = h0, h1, l0, l1
        if l0 == sl0 and _same(2, pk, hd, ln, S, Z, SL):
            return 2, spow, sl0
        if nbat == spow:
            _save(_R2, pk, hd, ln, S, SL)
            sl0 = SL[0] if sl0 >= 0 else -1
            spow *= 2
    return (5 if nbat == lim else -1), spow, sl0


@njit(cache=True, _nrt=False)
def _two_player_battles(P, IX, PT, RV, KTAB, R, won, perm, rs, ST):
    """Two players: play battles, plain ones (16 in 17) in a few lines, wars by :func:`_war_two`,
    until the game ends or needs a closer look. Returns (status, winner): 0 a player holds all
    the cards, 3 short of cards, 4 standing tie (GameEnd values), 2 the position is the saved one
    (Brent), 5 the battle limit."""
    pk, tb, hd, ln = P[0], P[1], IX[0], IX[1]
    PLAIN, WIN = PT[0], PT[1]
    pickup, auto, short_mode = R[_PICKUP], R[_AUTO], R[_SHORT]
    h0, h1, l0, l1 = hd[0], hd[1], ln[0], ln[1]
    nbat, nwar, spow = ST[_NBAT], ST[_NWAR], ST[_SPOW]
    sl0 = IX[9, 0] if R[_DET] else -1             # the random pickup cannot repeat
    lim = R[_LIMIT] if R[_LIMIT] else np.int64(1) << 62
    status = winner = -1
    while status < 0:
        c0 = pk[0, h0]
        c1 = pk[1, h1]
        w = np.int64(PLAIN[c0, c1])
        h0 = (h0 + 1) & _MASK
        h1 = (h1 + 1) & _MASK
        l0 -= 1
        l1 -= 1
        nbat += 1
        if w < 2:                 # without branches on w: who wins is a coin toss
            a, b = np.int64(c0), np.int64(c1)
            swap = (a ^ b) & -(w if pickup != 1 else 0)  # the winner's card first
            a, b = a ^ swap, b ^ swap
            if pickup == 2 and _interval(rs, 1) == 0:    # Generator.permutation(2) swaps
                a, b = b, a
            t = h0 + l0 + ((h1 + l1 - h0 - l0) & -w)
            pk[w, t & _MASK] = a
            pk[w, (t + 1) & _MASK] = b
            l0 += 2 - 2 * w
            l1 += 2 * w
        else:
            st, w, bw, h0, h1, l0, l1, t0, t1 = _war_two(c0, c1, pk, tb, h0, h1, l0, l1, RV, WIN,
                                                         KTAB, auto, short_mode)
            nwar += bw
            if nbat == 1:
                ST[_FIRST] = bw
            if st:
                status = st
                break
            l0, l1 = _settle_two(w, pk, tb, h0, h1, l0, l1, t0, t1, pickup, won, perm, rs)
        if l0 == 0 or l1 == 0:
            status, winner = 0, w
            break
        status, spow, sl0 = _check_two(pk, h0, h1, l0, l1, nbat, spow, sl0, lim, P[6], IX[9],
                                       IX[30], hd, ln)
    hd[0], hd[1], ln[0], ln[1] = h0, h1, l0, l1
    ST[_NBAT], ST[_NWAR], ST[_SPOW] = nbat, nwar, spow
    return status, winner


@njit(cache=True, _nrt=False)
def _start(seed, deal, pack, deck, n, P, IX, out, perm, rs, work):
    """Seed the game's RNG as ``default_rng(seed)``, shuffle the pack (or take the stacked deal)
    and deal it to runner 0."""
    m = deck.shape[0]
    _seed_rng(seed, rs, work)
    if deal.shape[0]:
        for i in range(m):
            deck[i] = deal[i]
    else:
        _permutation(rs, m, perm)
        for i in range(m):
            deck[i] = pack[perm[i]]
    _redeal(_R0, deck, m, n, P, IX, out)


@njit(cache=True, _nrt=False, inline="always")
def _last_holder(n, out, ln):
    """The only player still holding cards, or -1; players left without cards are marked out."""
    alive = 0
    last = -1
    for p in range(n):
        if not out[p]:
            if ln[p]:
                alive += 1
                last = p
            else:
                out[p] = True
    return last if alive == 1 else -1


@njit(cache=True, _nrt=False)
def _most_cards(n, ln):
    """The player holding the most cards, or -1 if several hold as many (RULES.md §1.1)."""
    most = -1
    who = -1
    for p in range(n):
        if ln[p] > most:
            most = ln[p]
            who = p
        elif ln[p] == most:
            who = -1
    return who


@njit(cache=True, _nrt=False)
def _repetition(deck, m, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB, ST):
    """The position after this battle is the one saved at battle ``spow // 2`` (or the deal):
    date the first repetition exactly; returns (end, winner) of a draw by repetition."""
    t = ST[_NBAT]
    lam = t - ST[_SPOW] // 2 if ST[_SPOW] > 1 else t
    ST[_NBAT], ST[_NWAR] = _first_repeat(deck, m, lam, t, P, IX, out, won, perm, rs, R, RV, KEY,
                                         BT, KTAB)
    return 1, -1


@njit(cache=True, _nrt=False)
def _at_limit(deck, m, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB, tkeys, tvals, used, ST):
    """The battle limit is reached: returns (end, winner). A deterministic game first makes sure
    no earlier position repeated (else it is a draw by repetition at that battle)."""
    if R[_DET]:
        j, wj = _repeat_by_table(deck, m, R[_LIMIT], P, IX, out, won, perm, rs, R, RV, KEY, BT,
                                 KTAB, tkeys, tvals, used)
        if j >= 0:
            ST[_NBAT], ST[_NWAR] = j, wj
            return 1, -1
    return 2, _most_cards(R[_N], IX[1]) if R[_MOST] else -1


@njit(cache=True, _nrt=False, inline="always")
def _full_battle(deck, m, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB, tkeys, tvals, used,
                 ST):
    """One battle in full (a war, or more than two players) and the checks after it (RULES.md
    §1.1: all the cards, repetition, battle limit); returns (end, winner), end -1 if the game
    goes on."""
    n = R[_N]
    st, _w, bw = _step(_R0, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB)
    ST[_NBAT] += 1
    ST[_NWAR] += bw
    if ST[_NBAT] == 1:
        ST[_FIRST] = bw
    if st != 0:
        return st, -1
    last = _last_holder(n, out, IX[1])
    if last >= 0:
        return 0, last
    if R[_DET]:
        if _same(n, P[0], IX[0], IX[1], P[6], IX[30], IX[9]):
            return _repetition(deck, m, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB, ST)
        if ST[_NBAT] == ST[_SPOW]:
            _save(n, P[0], IX[0], IX[1], P[6], IX[9])
            ST[_SPOW] *= 2
    if R[_LIMIT] and ST[_NBAT] >= R[_LIMIT]:
        return _at_limit(deck, m, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB, tkeys, tvals,
                         used, ST)
    return -1, -1


@njit(cache=True, _nrt=False)
def _play_one(seed, deal, pack, deck, R, RV, KEY, BT, KTAB, PT, P, IX, out, won, perm, rs,
              work, tkeys, tvals, used, ST, res):
    """Play one game to its end; res ← (battles, wars, winner, end, first-battle wars).

    Draw by repetition (fixed pickup orders): Brent's check compares the packets card by card
    with the position saved at battles 0, 1, 2, 4, 8, …; a match is dated exactly by
    :func:`_first_repeat`; at the battle limit :func:`_repeat_by_table` makes sure no earlier
    position repeated."""
    n = R[_N]
    m = deck.shape[0]
    _start(seed, deal, pack, deck, n, P, IX, out, perm, rs, work)
    for i in range(4):
        ST[i] = 0
    ST[_SPOW] = 1
    _save(n, P[0], IX[0], IX[1], P[6], IX[9])
    winner = _last_holder(n, out, IX[1])
    end = 0 if winner >= 0 else -1
    if end < 0 and n == 2:
        end, winner = _two_player_battles(P, IX, PT, RV, KTAB, R, won, perm, rs, ST)
        if end == 2:
            end, winner = _repetition(deck, m, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB, ST)
        elif end == 5:
            end, winner = _at_limit(deck, m, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB,
                                    tkeys, tvals, used, ST)
    while end < 0:
        end, winner = _full_battle(deck, m, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB,
                                   tkeys, tvals, used, ST)
    res[0] = ST[_NBAT]
    res[1] = ST[_NWAR]
    res[2] = winner
    res[3] = end
    res[4] = ST[_FIRST]


@njit(cache=True)
def _play_games(seeds, deals, pack, R, RV, KEY, BT, KTAB, PT,
                battles_out, wars_out, winner_out, end_out, first_out):
    """Play every game (one per seed); the buffers are made once, here."""
    n = R[_N]
    n_games = seeds.shape[0]
    m = deals.shape[1] if deals.shape[0] else pack.shape[0]
    cap = _CAP
    P = np.zeros((7, n, cap), dtype=np.uint8)
    IX = np.zeros((31, n), dtype=np.int64)
    out = np.zeros(3 * n, dtype=np.bool_)
    won = np.zeros(3 * cap, dtype=np.uint8)
    perm = np.zeros(3 * cap, dtype=np.int64)
    deck = np.zeros(m, dtype=np.uint8)
    rs = np.zeros(6, dtype=np.uint64)
    work = np.zeros(17, dtype=np.uint64)
    res = np.zeros(5, dtype=np.int64)
    ST = np.zeros(4, dtype=np.int64)
    no_deal = np.zeros(0, dtype=np.uint8)
    limit = R[_LIMIT]
    ts = 2                                  # the positions table, for the battle limit only
    while limit and ts < 2 * (limit + 1):
        ts <<= 1
    tkeys = np.zeros(ts, dtype=np.uint64)
    tvals = np.zeros(ts, dtype=np.int64)
    used = np.zeros(ts, dtype=np.int64)
    for g in range(n_games):
        deal = deals[g] if deals.shape[0] else no_deal
        _play_one(seeds[g], deal, pack, deck, R, RV, KEY, BT, KTAB, PT, P, IX, out, won, perm,
                  rs, work, tkeys, tvals, used, ST, res)
        battles_out[g] = res[0]
        wars_out[g] = res[1]
        winner_out[g] = res[2]
        end_out[g] = res[3]
        first_out[g] = res[4]


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


def _tables(rules: WarRules):
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
            for r, victims in ((faces, (11, 12, 13)), (aces, (14,))):
                if r is not None and a == r and b in victims:
                    v = True
                elif r is not None and b == r and a in victims:
                    v = False
            bt[a, b] = v
    ktab = np.zeros(16, dtype=np.int64)
    for r in range(16):
        ktab[r] = (rules.war_facedown if rules.war_size == "fixed"
                   else _RAZBOI_VALUE.get(r, 11) - 1)
    return key, bt, ktab


def _parameters(rules: WarRules) -> np.ndarray:
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


def _checked_deals(deals, n: int) -> np.ndarray | None:
    if deals is None:
        return None
    deals = np.ascontiguousarray(deals)
    if deals.ndim != 2 or deals.shape[1] < n:
        raise ValueError(f"deals must have shape (n_games, cards) with at least {n} cards")
    if deals.shape[1] >= _CAP:
        raise ValueError(f"deals hold at most {_CAP - 1} cards")
    if deals.size and (deals.min() < 0 or deals.max() > 52):
        raise ValueError("deals hold card codes 0-52 (see card_codes)")
    return deals.astype(np.uint8)


def _checked_seeds(seeds) -> np.ndarray | None:
    if seeds is None:
        return None
    seeds = np.asarray(seeds)
    if seeds.ndim != 1 or (seeds.size and (not np.issubdtype(seeds.dtype, np.integer)
                                           or seeds.min() < 0)):
        raise ValueError("seeds must be a 1-d array of whole numbers 0 ≤ s < 2**64")
    return seeds.astype(np.uint64)


def _game_seeds(n_games, seed, seeds, deals) -> tuple[int, np.ndarray, int | None]:
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
        seed_used = int(np.random.SeedSequence().entropy) if seed is None else seed
        seeds = np.random.default_rng(seed_used).integers(0, 2**62, size=n_games).astype(np.uint64)
    if seeds.shape[0] != n_games or (deals is not None and deals.shape[0] != n_games):
        raise ValueError("n_games, seeds and deals disagree on the number of games")
    return n_games, seeds, seed_used


def _progress_bar(progress: bool, n_games: int, rules: WarRules):
    if not progress:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=n_games, unit="game", desc=rules.preset or "War")


def play_many(rules: WarRules | None = None, n_games: int | None = None, *,
              seed: int | None = None, seeds: Sequence[int] | np.ndarray | None = None,
              deals: np.ndarray | Sequence[Sequence[int]] | None = None,
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
    if _numba is None:
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
    _plain_table(_RV, key, bt, bool(R[_TRANS]), R[_AUTO], plain, np.arange(2), np.zeros(2, np.int64),
                 np.zeros(2, np.int64))
    no_deals = np.zeros((0, m), dtype=np.uint8)
    res = {k: np.zeros(n_games, dtype=t) for k, t in
           (("battles", np.int64), ("wars", np.int64), ("winner", np.int8), ("end", np.int8),
            ("first_wars", np.int8))}
    bar = _progress_bar(progress, n_games, rules)
    step = max(1, int(chunk)) if bar is not None else max(1, n_games)
    for a in range(0, n_games, step):
        b = min(n_games, a + step)
        _play_games(seeds[a:b], deals[a:b] if deals is not None else no_deals, pack, R, _RV, key,
                    bt, ktab, plain, *(v[a:b] for v in res.values()))
        if bar is not None:
            bar.update(b - a)
    if bar is not None:
        bar.close()
    return BulkResult(rules=rules, seeds=seeds, seed=seed_used, **res)

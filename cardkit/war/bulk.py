"""Many whole games of War at once, compiled: the fast path for statistics (RULES.md §1).

:func:`play_many` plays ``n_games`` games of War and returns, per game, how many battles and wars
it lasted, who won and why it ended (:class:`BulkResult`). It covers every War whose rules change
only **how cards compare** or **how big a war is** — classic (§1.1), three or four players (§1.2,
§1.3), Peace (§1.4), Război (§1.5), automatic war (§1.6), # beats faces / aces (§1.7), any
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
cycle check on an incremental hash of the packets; a match is confirmed, and the first repeated
battle found, by replaying the game and comparing the packets card by card, so a hash collision
can never end a game; at the battle limit a replay with a table of every position seen makes sure
no earlier position repeated.

**numba** compiles the kernels (``pip install 'cardkit[bulk]'``); the rest of cardkit needs only
numpy. The compiled code is cached on disk (``cache=True``): the first call in a new environment
compiles for about 10-15 s, later processes load it in about half a second.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

from ..cards import JOKER, Card, parse_cards, standard_pack
from .rules import WarRules

try:
    import numba as _numba
    from numba import njit
except ImportError:      # numba is an optional extra: say so when play_many is called
    _numba = None

    def njit(*args, **kwargs):
        if args and callable(args[0]):
            return args[0]
        return lambda f: f

__all__ = ["play_many", "BulkResult", "GameEnd", "card_codes", "shuffled_deals", "SUPPORTED"]


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
_PACK: list[Card] = standard_pack(0) + [JOKER]
_CODE = {c: i for i, c in enumerate(_PACK)}
_RV = np.array([int(c.rank) for c in _PACK], dtype=np.int64)          # rank value of each code
_RAZBOI_VALUE = {r: (r if r <= 10 else 11 if r == 14 else 10) for r in range(2, 15)}


def card_codes(cards: "str | Iterable[Card | str]") -> np.ndarray:
    """Card codes (uint8) for ``deals``: 0–51 the standard pack in ``standard_pack()`` order,
    52 a joker. Raises ``ValueError`` for an unreadable card."""
    return np.array([_CODE[c] for c in parse_cards(cards)], dtype=np.uint8)


def shuffled_deals(pack: "str | Iterable[Card | str]", n_games: int, seed: int | None = 0
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


@njit(cache=True, _nrt=False, inline="always")
def _mulhi(a, b):
    """High 64 bits of the 128-bit product of two uint64."""
    a0, a1 = a & _M32, a >> _S32
    b0, b1 = b & _M32, b >> _S32
    p0, p1, p2, p3 = a0 * b0, a0 * b1, a1 * b0, a1 * b1
    mid = (p0 >> _S32) + (p1 & _M32) + (p2 & _M32)
    return p3 + (p1 >> _S32) + (p2 >> _S32) + (mid >> _S32)


@njit(cache=True, _nrt=False, inline="always")
def _pcg_step(rs):
    """state = state * MULT + inc (mod 2**128); rs = [state_hi, state_lo, inc_hi, inc_lo, ...]."""
    hi, lo = rs[0], rs[1]
    nlo = lo * _PCG_ML
    nhi = _mulhi(lo, _PCG_ML) + hi * _PCG_ML + lo * _PCG_MH
    lo2 = nlo + rs[3]
    carry = _U(1) if lo2 < nlo else _U(0)
    rs[0] = nhi + rs[2] + carry
    rs[1] = lo2


@njit(cache=True, _nrt=False, inline="always")
def _next64(rs):
    _pcg_step(rs)
    hi = rs[0]
    x = hi ^ rs[1]
    rot = hi >> _S58
    if rot == _U(0):
        return x
    return (x >> rot) | (x << (_S64 - rot))


@njit(cache=True, _nrt=False, inline="always")
def _next32(rs):
    """NumPy's PCG64 next_uint32: the low half of a 64-bit draw, then the buffered high half."""
    if rs[4] != _U(0):
        rs[4] = _U(0)
        return rs[5]
    v = _next64(rs)
    rs[4] = _U(1)
    rs[5] = v >> _S32
    return v & _M32


@njit(cache=True, _nrt=False, inline="always")
def _interval(rs, mx):
    """numpy random_interval(max) for max < 2**32: masked rejection sampling."""
    if mx == 0:
        return 0
    m = _U(mx)
    m |= m >> _U(1)
    m |= m >> _U(2)
    m |= m >> _U(4)
    m |= m >> _U(8)
    m |= m >> _U(16)
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
    """out[:n] ← ``Generator.permutation(n)`` (shuffle of arange(n), i = n-1 … 1)."""
    for i in range(n):
        out[i] = i
    for i in range(n - 1, 0, -1):
        j = _interval(rs, i)
        t = out[i]
        out[i] = out[j]
        out[j] = t


# -- one game ----------------------------------------------------------------------------------------
# Packets are ring buffers pk[p, (hd[p] + i) & mask], top first; G[p] is the packet's polynomial
# hash sum((card + 1) * B**i) mod 2**64, kept up to date card by card.
_B = 0x9E3779B97F4A7C15
_BINV = _U(pow(_B, -1, 2**64))
_BU = _U(_B)
_H1, _H2 = _U(0xBF58476D1CE4E5B9), _U(0x94D049BB133111EB)
_S30, _S27, _S31 = _U(30), _U(27), _U(31)


@njit(cache=True, _nrt=False, inline="always")
def _pop(p, pk, hd, ln, G, mask):
    c = pk[p, hd[p]]
    hd[p] = (hd[p] + 1) & mask
    ln[p] -= 1
    G[p] = (G[p] - _U(c + 1)) * _BINV
    return c


@njit(cache=True, _nrt=False, inline="always")
def _push(p, c, pk, hd, ln, G, mask, BPOW):
    pk[p, (hd[p] + ln[p]) & mask] = c
    G[p] += _U(c + 1) * BPOW[ln[p]]
    ln[p] += 1


@njit(cache=True, _nrt=False, inline="always")
def _position_hash(n, G, ln):
    h = _U(0x243F6A8885A308D3)
    for p in range(n):
        h = (h ^ (G[p] + _U(ln[p]) * _H2)) * _H1
        h ^= h >> _S31
    h = (h ^ (h >> _S30)) * _H1
    h = (h ^ (h >> _S27)) * _H2
    h ^= h >> _S31
    if h == _U(0):
        h = _U(1)
    return h


@njit(cache=True, _nrt=False)
def _deal(deck, m, n, pk, hd, ln, G, out, mask, BPOW):
    """Deal ``deck`` (top first) one card at a time from player 0; the rest are set aside."""
    each = m // n
    for p in range(n):
        hd[p] = 0
        ln[p] = 0
        G[p] = _U(0)
        for i in range(each):
            _push(p, deck[p + n * i], pk, hd, ln, G, mask, BPOW)
        out[p] = ln[p] == 0


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
def _battle(n, pk, hd, ln, G, out, tb, tl, up, inn, cont, newly, W, turning, best,
            RV, KEY, BT, transitive, auto, KTAB, short_mode, everyone, mask):
    """One battle with all its wars (RULES.md §1.1–§1.7), as ``WarState`` plays it.

    Returns (status, winner, war rounds): status 0 settled (cards still on the table tb), 3 the
    game ends short of cards, 4 standing tie."""
    ni = 0
    for p in range(n):
        tl[p] = 0
        if not out[p]:
            inn[ni] = p
            ni += 1
    for i in range(ni):
        p = inn[i]
        c = _pop(p, pk, hd, ln, G, mask)
        tb[p, 0] = c
        tl[p] = 1
        up[p] = c
        cont[i] = p
        newly[i] = p
    nc = ni
    nn = ni
    bw = 0
    while True:
        cause = -1
        nw = 0
        if auto >= 0:
            for i in range(nn):
                if RV[up[newly[i]]] == auto:
                    cause = auto
                    break
        if cause >= 0:                     # §1.6: everyone in the battle fights the war
            for i in range(nc):
                W[i] = cont[i]
            nw = nc
        else:
            nb = _best(cont, nc, up, RV, KEY, BT, transitive, best)
            if nb == 1:
                return 0, best[0], bw
            if nn == 0:
                return 4, -1, bw
            if short_mode == 0:
                empty = True
                for i in range(nb):
                    if ln[best[i]] > 0:
                        empty = False
                        break
                if empty:
                    return 4, -1, bw
            if everyone:                   # §1.2 war_participants="all"
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
            else:
                for i in range(nb):
                    W[i] = best[i]
                nw = nb
            cause = RV[up[best[0]]]
        k = KTAB[cause]
        bw += 1
        if short_mode != 0:
            nshort = 0
            for i in range(nw):
                if ln[W[i]] < k + 1:
                    nshort += 1
            if nshort:
                if short_mode == 2:
                    return 3, -1, bw
                # "lose": the short players' cards go on the table; they leave the war (§1.1)
                keep = 0
                for i in range(nw):
                    p = W[i]
                    if ln[p] < k + 1:
                        while ln[p] > 0:
                            tb[p, tl[p]] = _pop(p, pk, hd, ln, G, mask)
                            tl[p] += 1
                        j2 = 0
                        for j in range(ni):
                            if inn[j] != p:
                                inn[j2] = inn[j]
                                j2 += 1
                        ni = j2
                    else:
                        W[keep] = p
                        keep += 1
                nw = keep
                if nw == 1:
                    return 0, W[0], bw
                if nw == 0:
                    return 3, -1, bw
        nt = 0
        for i in range(nw):
            p = W[i]
            have = ln[p]
            d = k if have > k else have - 1
            if d >= 0:
                for _j in range(d):
                    tb[p, tl[p]] = _pop(p, pk, hd, ln, G, mask)
                    tl[p] += 1
                turning[nt] = p
                nt += 1
        for i in range(nt):
            p = turning[i]
            c = _pop(p, pk, hd, ln, G, mask)
            tb[p, tl[p]] = c
            tl[p] += 1
            up[p] = c
            newly[i] = p
        nn = nt
        for i in range(nw):
            cont[i] = W[i]
        nc = nw


@njit(cache=True, _nrt=False)
def _settle(w, n, pickup, pk, hd, ln, G, tb, tl, won, perm, rs, mask, BPOW):
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
            _push(w, won[perm[i]], pk, hd, ln, G, mask, BPOW)
    else:
        for i in range(L):
            _push(w, won[i], pk, hd, ln, G, mask, BPOW)


@njit(cache=True, _nrt=False)
def _step(n, pk, tb, IX, G, out, won, perm, rs, RV, KEY, BT, transitive, auto, KTAB, pickup,
          short_mode, everyone, mask, BPOW):
    """One battle of a replay (a battle that settles: replays never reach the game's end);
    returns its war rounds. IX rows: hd, ln, tl, up and six scratch rows."""
    st, w, bw = _battle(n, pk, IX[0], IX[1], G, out, tb, IX[2], IX[3], IX[4], IX[5], IX[6], IX[7], IX[8],
                        IX[9], RV, KEY, BT, transitive, auto, KTAB, short_mode, everyone, mask)
    _settle(w, n, pickup, pk, IX[0], IX[1], G, tb, IX[2], won, perm, rs, mask, BPOW)
    for p in range(n):
        if not out[p] and IX[1, p] == 0:
            out[p] = True
    return bw


@njit(cache=True, _nrt=False, inline="always")
def _same(n, pkA, hdA, lnA, pkB, hdB, lnB, mask):
    """The two positions have exactly the same packets, card for card."""
    for p in range(n):
        if lnA[p] != lnB[p]:
            return False
        for i in range(lnA[p]):
            if pkA[p, (hdA[p] + i) & mask] != pkB[p, (hdB[p] + i) & mask]:
                return False
    return True


@njit(cache=True, _nrt=False)
def _first_repeat(deck, m, n, lam, t, RV, KEY, BT, transitive, auto, KTAB, pickup, short_mode,
                  everyone, mask, BPOW, P, IX, G, out, won, perm, rs):
    """The battle at which a deterministic game first repeats a position, given that the
    position after battle ``t`` hashes like the one after battle ``t - lam``: replay runner A
    from the deal and runner B ``lam`` battles ahead until their packets are exactly equal.
    Returns (that battle, wars played up to it), or (-1, 0) if the hashes matched by chance."""
    pkA, tbA, pkB, tbB = P[2], P[3], P[4], P[5]
    IA, IB = IX[10:20], IX[20:30]
    GA, GB = G[n:2 * n], G[2 * n:3 * n]
    oA, oB = out[n:2 * n], out[2 * n:3 * n]
    cap = P.shape[2]
    wA, wB, pA, pB = won[cap:2 * cap], won[2 * cap:], perm[cap:2 * cap], perm[2 * cap:]
    _deal(deck, m, n, pkA, IA[0], IA[1], GA, oA, mask, BPOW)
    _deal(deck, m, n, pkB, IB[0], IB[1], GB, oB, mask, BPOW)
    wars = 0
    for _i in range(lam):
        wars += _step(n, pkB, tbB, IB, GB, oB, wB, pB, rs, RV, KEY, BT, transitive, auto, KTAB,
                      pickup, short_mode, everyone, mask, BPOW)
    i = 0
    while True:
        match = True
        for p in range(n):
            if GA[p] != GB[p]:
                match = False
                break
        if match and _same(n, pkA, IA[0], IA[1], pkB, IB[0], IB[1], mask):
            return i + lam, wars
        if i + lam >= t:
            return -1, 0
        _step(n, pkA, tbA, IA, GA, oA, wA, pA, rs, RV, KEY, BT, transitive, auto, KTAB, pickup,
              short_mode, everyone, mask, BPOW)
        wars += _step(n, pkB, tbB, IB, GB, oB, wB, pB, rs, RV, KEY, BT, transitive, auto, KTAB,
                      pickup, short_mode, everyone, mask, BPOW)
        i += 1


@njit(cache=True, _nrt=False)
def _repeat_by_table(deck, m, n, L, RV, KEY, BT, transitive, auto, KTAB, pickup, short_mode,
                     everyone, mask, BPOW, P, IX, G, out, won, perm, rs, tkeys, tvals, used):
    """Replay the first ``L`` battles of a deterministic game with a table of every position
    seen (hash → battle; each hash match confirmed card by card on a second replay). Returns
    (the battle that first repeats a position, wars up to it), or (-1, 0) if none does."""
    pkA, tbA, pkB, tbB = P[2], P[3], P[4], P[5]
    IA, IB = IX[10:20], IX[20:30]
    GA, GB = G[n:2 * n], G[2 * n:3 * n]
    oA, oB = out[n:2 * n], out[2 * n:3 * n]
    cap = P.shape[2]
    wA, wB, pA, pB = won[cap:2 * cap], won[2 * cap:], perm[cap:2 * cap], perm[2 * cap:]
    ts = tkeys.shape[0]
    _deal(deck, m, n, pkA, IA[0], IA[1], GA, oA, mask, BPOW)
    h = _position_hash(n, GA, IA[1])
    i = np.int64(h & _U(ts - 1))
    tkeys[i] = h
    tvals[i] = 0
    used[0] = i
    nused = 1
    wars = 0
    found = -1
    for b in range(1, L + 1):
        wars += _step(n, pkA, tbA, IA, GA, oA, wA, pA, rs, RV, KEY, BT, transitive, auto, KTAB,
                      pickup, short_mode, everyone, mask, BPOW)
        h = _position_hash(n, GA, IA[1])
        i = np.int64(h & _U(ts - 1))
        while tkeys[i] != _U(0):
            if tkeys[i] == h:
                _deal(deck, m, n, pkB, IB[0], IB[1], GB, oB, mask, BPOW)
                for _j in range(tvals[i]):
                    _step(n, pkB, tbB, IB, GB, oB, wB, pB, rs, RV, KEY, BT, transitive, auto,
                          KTAB, pickup, short_mode, everyone, mask, BPOW)
                if _same(n, pkA, IA[0], IA[1], pkB, IB[0], IB[1], mask):
                    found = b
                    break
            i = (i + 1) & (ts - 1)
        if found >= 0:
            break
        tkeys[i] = h
        tvals[i] = b
        used[nused] = i
        nused += 1
    for j in range(nused):
        tkeys[used[j]] = _U(0)
    if found >= 0:
        return found, wars
    return -1, 0


@njit(cache=True, _nrt=False)
def _play_one(seed, deal, pack, n, RV, KEY, BT, transitive, auto, KTAB, pickup, short_mode,
              everyone, limit, most_cards, BPOW, P, IX, G, out, won, perm, deck, rs, work,
              tkeys, tvals, used, SG, SL, res):
    """Play one game to its end; res ← (battles, wars, winner, end, first-battle wars).

    P[0], P[1]: packets and table (P[2:6]: two replays); IX rows 0-9: hd, ln, tl, up and six
    scratch rows (10-29: the replays'). Draw by repetition (fixed pickup orders): Brent's cycle
    check on the packets' hashes (SG, SL: the position saved at battles 0, 1, 2, 4, 8, …); a
    match is confirmed and dated exactly by :func:`_first_repeat`; at the battle limit
    :func:`_repeat_by_table` makes sure no earlier position repeated."""
    cap = P.shape[2]
    mask = cap - 1
    m = deck.shape[0]
    det = pickup != 2
    pk, tb = P[0], P[1]
    hd, ln, tl, up = IX[0], IX[1], IX[2], IX[3]
    s4, s5, s6, s7, s8, s9 = IX[4], IX[5], IX[6], IX[7], IX[8], IX[9]
    _seed_rng(seed, rs, work)
    if deal.shape[0]:
        for i in range(m):
            deck[i] = deal[i]
    else:
        _permutation(rs, m, perm)
        for i in range(m):
            deck[i] = pack[perm[i]]
    _deal(deck, m, n, pk, hd, ln, G, out, mask, BPOW)
    alive = 0
    last = -1
    for p in range(n):
        if ln[p]:
            alive += 1
            last = p
    nbat = 0
    nwar = 0
    winner = -1
    end = -1
    first = 0
    spow = 1
    for p in range(n):
        SG[p] = G[p]
        SL[p] = ln[p]
    if alive == 1:
        winner, end = last, 0
    while end < 0:
        # two players and no tie (16 battles in 17): the battle in a few lines; else in full
        w = -1
        if n == 2:
            c0 = pk[0, hd[0]]
            c1 = pk[1, hd[1]]
            r0 = RV[c0]
            r1 = RV[c1]
            if r0 != r1 and r0 != auto and r1 != auto:
                if transitive:
                    w = 0 if KEY[r0] > KEY[r1] else 1
                else:
                    w = 0 if BT[r0, r1] else 1
        if w >= 0:
            _pop(0, pk, hd, ln, G, mask)
            _pop(1, pk, hd, ln, G, mask)
            nbat += 1
            if pickup == 1:
                a, b = c0, c1
            elif w == 0:
                a, b = c0, c1
            else:
                a, b = c1, c0
            if pickup == 2 and _interval(rs, 1) == 0:   # Generator.permutation(2) swaps
                a, b = b, a
            _push(w, a, pk, hd, ln, G, mask, BPOW)
            _push(w, b, pk, hd, ln, G, mask, BPOW)
            if ln[1 - w] == 0:
                out[1 - w] = True
                winner, end = w, 0
                break
        else:
            st, w, bw = _battle(n, pk, hd, ln, G, out, tb, tl, up, s4, s5, s6, s7, s8, s9, RV,
                                KEY, BT, transitive, auto, KTAB, short_mode, everyone, mask)
            nbat += 1
            nwar += bw
            if nbat == 1:
                first = bw
            if st != 0:
                end = st
                break
            _settle(w, n, pickup, pk, hd, ln, G, tb, tl, won, perm, rs, mask, BPOW)
            alive = 0
            for p in range(n):
                if not out[p]:
                    if ln[p]:
                        alive += 1
                        last = p
                    else:
                        out[p] = True
            if alive == 1:
                winner, end = last, 0
                break
        if det:
            match = True
            for p in range(n):
                if G[p] != SG[p] or ln[p] != SL[p]:
                    match = False
                    break
            if match:
                j, wj = _first_repeat(deck, m, n, nbat - spow // 2 if spow > 1 else nbat, nbat,
                                      RV, KEY, BT, transitive, auto, KTAB, pickup, short_mode,
                                      everyone, mask, BPOW, P, IX, G, out, won, perm, rs)
                if j >= 0:
                    nbat, nwar, end = j, wj, 1
                    break
            if nbat == spow:
                for p in range(n):
                    SG[p] = G[p]
                    SL[p] = ln[p]
                spow *= 2
        if limit and nbat >= limit:
            if det:
                j, wj = _repeat_by_table(deck, m, n, limit, RV, KEY, BT, transitive, auto, KTAB,
                                         pickup, short_mode, everyone, mask, BPOW, P, IX, G, out,
                                         won, perm, rs, tkeys, tvals, used)
                if j >= 0:
                    nbat, nwar, end = j, wj, 1
                    break
            end = 2
            if most_cards:
                most = -1
                cnt = 0
                for p in range(n):
                    if ln[p] > most:
                        most = ln[p]
                        cnt = 0
                    if ln[p] == most:
                        cnt += 1
                        last = p
                if cnt == 1:
                    winner = last
            break
    res[0] = nbat
    res[1] = nwar
    res[2] = winner
    res[3] = end
    res[4] = first


@njit(cache=True)
def _play_games(seeds, deals, pack, n, RV, KEY, BT, transitive, auto, KTAB, pickup, short_mode,
                everyone, limit, most_cards, cap, BPOW,
                battles_out, wars_out, winner_out, end_out, first_out):
    """Play every game (one per seed); the buffers are made once, here."""
    n_games = seeds.shape[0]
    m = deals.shape[1] if deals.shape[0] else pack.shape[0]
    P = np.zeros((6, n, cap), dtype=np.uint8)
    IX = np.zeros((30, n), dtype=np.int64)
    G = np.zeros(3 * n, dtype=np.uint64)
    out = np.zeros(3 * n, dtype=np.bool_)
    won = np.zeros(3 * cap, dtype=np.uint8)
    perm = np.zeros(3 * cap, dtype=np.int64)
    deck = np.zeros(m, dtype=np.uint8)
    rs = np.zeros(6, dtype=np.uint64)
    work = np.zeros(17, dtype=np.uint64)
    res = np.zeros(5, dtype=np.int64)
    SG = np.zeros(n, dtype=np.uint64)
    SL = np.zeros(n, dtype=np.int64)
    no_deal = np.zeros(0, dtype=np.uint8)
    ts = 2                                  # the positions table, for the battle limit only
    while limit and ts < 2 * (limit + 1):
        ts <<= 1
    tkeys = np.zeros(ts, dtype=np.uint64)
    tvals = np.zeros(ts, dtype=np.int64)
    used = np.zeros(ts, dtype=np.int64)
    for g in range(n_games):
        deal = deals[g] if deals.shape[0] else no_deal
        _play_one(seeds[g], deal, pack, n, RV, KEY, BT, transitive, auto, KTAB, pickup,
                  short_mode, everyone, limit, most_cards, BPOW, P, IX, G, out, won, perm,
                  deck, rs, work, tkeys, tvals, used, SG, SL, res)
        battles_out[g] = res[0]
        wars_out[g] = res[1]
        winner_out[g] = res[2]
        end_out[g] = res[3]
        first_out[g] = res[4]


# -- the public function -----------------------------------------------------------------------------
def _check_rules(rules: WarRules) -> None:
    if not isinstance(rules, WarRules):
        raise ValueError("play_many: rules must be a WarRules (e.g. WarRules.peace())")
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


_POW_CACHE: dict[int, np.ndarray] = {}


def _powers(cap: int) -> np.ndarray:
    if cap not in _POW_CACHE:
        p, x = [], 1
        for _ in range(cap + 1):
            p.append(x)
            x = (x * _B) % 2**64
        _POW_CACHE[cap] = np.array(p, dtype=np.uint64)
    return _POW_CACHE[cap]


def play_many(rules: WarRules | None = None, n_games: int | None = None, *,
              seed: int | None = None, seeds: "Sequence[int] | np.ndarray | None" = None,
              deals: "np.ndarray | Sequence[Sequence[int]] | None" = None,
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
      the seeds then drive only the random pickup. ``cards`` must be ≥ ``players``.
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
    n = rules.players
    if deals is not None:
        deals = np.ascontiguousarray(deals)
        if deals.ndim != 2 or deals.shape[1] < n:
            raise ValueError(f"deals must have shape (n_games, cards) with at least {n} cards")
        if deals.size and (deals.min() < 0 or deals.max() > 52):
            raise ValueError("deals hold card codes 0-52 (see card_codes)")
        deals = deals.astype(np.uint8)
        if n_games is None:
            n_games = deals.shape[0]
    if seeds is not None:
        seeds = np.asarray(seeds)
        if seeds.ndim != 1 or (seeds.size and (not np.issubdtype(seeds.dtype, np.integer)
                                               or seeds.min() < 0)):
            raise ValueError("seeds must be a 1-d array of whole numbers 0 ≤ s < 2**64")
        seeds = seeds.astype(np.uint64)
        if n_games is None:
            n_games = seeds.shape[0]
        seed_used = None
    if n_games is None:
        raise ValueError("play_many: give n_games (or seeds or deals)")
    if not isinstance(n_games, (int, np.integer)) or n_games < 0:
        raise ValueError("n_games must be a whole number ≥ 0")
    n_games = int(n_games)
    if seeds is None:
        seed_used = int(np.random.SeedSequence().entropy) if seed is None else seed
        seeds = np.random.default_rng(seed_used).integers(0, 2**62, size=n_games).astype(np.uint64)
    if seeds.shape[0] != n_games or (deals is not None and deals.shape[0] != n_games):
        raise ValueError("n_games, seeds and deals disagree on the number of games")
    pack = np.array([_CODE[c] for c in standard_pack(rules.jokers)], dtype=np.uint8)
    m = deals.shape[1] if deals is not None else pack.size
    cap = 1
    while cap < m + 1:
        cap <<= 1
    key, bt, ktab = _tables(rules)
    pickup = ("winner_first", "player_order", "random").index(rules.pickup)
    short = ("last_card_up", "lose", "draw").index(rules.short_of_cards)
    auto = -1 if rules.automatic_rank is None else int(rules.automatic_rank)
    limit = int(rules.max_battles or 0)
    transitive = rules.beats_faces_rank is None and rules.beats_aces_rank is None
    no_deals = np.zeros((0, m), dtype=np.uint8)
    res = {k: np.zeros(n_games, dtype=t) for k, t in
           (("battles", np.int64), ("wars", np.int64), ("winner", np.int8), ("end", np.int8),
            ("first_wars", np.int8))}
    bar = None
    if progress:
        try:
            from tqdm.auto import tqdm
            bar = tqdm(total=n_games, unit="game", desc=rules.preset or "War")
        except ImportError:
            bar = None
    step = max(1, int(chunk)) if bar is not None else max(1, n_games)
    for a in range(0, n_games, step):
        b = min(n_games, a + step)
        _play_games(seeds[a:b], deals[a:b] if deals is not None else no_deals, pack, n, _RV, key,
                    bt, transitive, auto, ktab, pickup, short, rules.war_participants == "all",
                    limit, rules.at_limit == "most_cards", cap, _powers(cap),
                    res["battles"][a:b], res["wars"][a:b], res["winner"][a:b], res["end"][a:b],
                    res["first_wars"][a:b])
        if bar is not None:
            bar.update(b - a)
    if bar is not None:
        bar.close()
    return BulkResult(rules=rules, seeds=seeds, seed=seed_used, **res)

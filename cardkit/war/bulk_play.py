"""Whole games of War in compiled code, for :func:`cardkit.war.bulk.play_many`: the two-player
loop on local copies of the packets' heads and lengths (the common case), the end of a game
(all the cards, repetition, the battle limit) and the loop over many games (RULES.md §1.1).
"""
from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .bulk_rng import _interval, _permutation, _seed_rng, kernel
from .bulk_game import (_AUTO, _CAP, _DET, _FIRST, _LIMIT, _MASK, _MOST, _N, _NBAT, _NWAR, _PICKUP,
                        _R0, _R2, _SHORT, _SPOW, _first_repeat, _redeal, _repeat_by_table, _same,
                        _save, _step)


# -- two players: the whole game on local copies of the packets' heads and lengths ----------------
# The same rules as _battle and _settle for two players (the common case, and the benchmark's),
# without their loops over seats; tests/rules/war/test_bulk.py checks both against the engine.
@kernel(inline=True)
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


@kernel(inline=True)
def _dump_two(pk, tb, p, h, ln, t):
    """Player p puts all their cards on the table (short_of_cards="lose"); returns (h, t)."""
    for _j in range(ln):
        tb[p, t] = pk[p, h]
        t += 1
        h = (h + 1) & _MASK
    return h, t


@kernel(inline=True)
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


@kernel(inline=True)
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


@kernel(inline=True)
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


@kernel(inline=True)
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


@kernel(inline=True)
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


@kernel()
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


@kernel()
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


@kernel(inline=True)
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


@kernel()
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


@kernel()
def _repetition(deck, m, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB, ST):
    """The position after this battle is the one saved at battle ``spow // 2`` (or the deal):
    date the first repetition exactly; returns (end, winner) of a draw by repetition."""
    t = ST[_NBAT]
    lam = t - ST[_SPOW] // 2 if ST[_SPOW] > 1 else t
    ST[_NBAT], ST[_NWAR] = _first_repeat(deck, m, lam, t, P, IX, out, won, perm, rs, R, RV, KEY,
                                         BT, KTAB)
    return 1, -1


@kernel()
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


@kernel(inline=True)
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


@kernel()
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


@kernel(nrt=True)
def _play_games(seeds: NDArray[np.uint64], deals: NDArray[np.uint8], pack: NDArray[np.uint8],
                R: NDArray[np.int64], RV: NDArray[np.int64], KEY: NDArray[np.int64],
                BT: NDArray[np.bool_], KTAB: NDArray[np.int64], PT: NDArray[np.uint8],
                battles_out: NDArray[np.int64], wars_out: NDArray[np.int64],
                winner_out: NDArray[np.int8], end_out: NDArray[np.int8],
                first_out: NDArray[np.int8]) -> None:
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

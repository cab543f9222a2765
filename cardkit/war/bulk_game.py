"""One game of War in compiled code, for :func:`cardkit.war.bulk.play_many` (RULES.md §1.1–§1.7):
packets as ring buffers, the general battle of two to four players (:func:`_battle`), settling,
and the replays that date a draw by repetition exactly (Brent's check, the positions table).
"""
from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .bulk_rng import _U, _permutation, kernel


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


@kernel(inline=True)
def _pop(p, pk, hd, ln):
    c = pk[p, hd[p]]
    hd[p] = (hd[p] + 1) & _MASK
    ln[p] -= 1
    return c


@kernel(inline=True)
def _push(p, c, pk, hd, ln):
    pk[p, (hd[p] + ln[p]) & _MASK] = c
    ln[p] += 1


@kernel()
def _deal(deck, m, n, pk, hd, ln, out):
    """Deal ``deck`` (top first) one card at a time from player 0; the rest are set aside."""
    each = m // n
    for p in range(n):
        for i in range(each):
            pk[p, i] = deck[p + n * i]
        hd[p] = 0
        ln[p] = each
        out[p] = each == 0


@kernel(inline=True)
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


@kernel()
def _save(n, pk, hd, ln, S, SL):
    """S, SL ← the position (packets, linear, top first, and their lengths)."""
    for p in range(n):
        h, k = hd[p], ln[p]
        SL[p] = k
        for i in range(k):
            S[p, i] = pk[p, (h + i) & _MASK]


@kernel(inline=True)
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


@kernel(inline=True)
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


@kernel()
def _plain_table(RV: NDArray[np.int64], KEY: NDArray[np.int64], BT: NDArray[np.bool_],
                 transitive: bool, auto: int, PT: NDArray[np.uint8], cont: NDArray[np.int64],
                 up: NDArray[np.int64], best: NDArray[np.int64]) -> None:
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


@kernel(inline=True)
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


@kernel(inline=True)
def _automatic(nn, newly, up, RV, auto):
    """One of the cards just turned has the automatic war's rank (RULES.md §1.6)."""
    if auto >= 0:
        for i in range(nn):
            if RV[up[newly[i]]] == auto:
                return True
    return False


@kernel(inline=True)
def _none_left(nb, best, ln):
    """No tied player has a card left: they stand on their last cards (a draw, RULES.md §1.1)."""
    for i in range(nb):  # noqa: SIM110 (numba compiles no generator: all(...) fails)
        if ln[best[i]] > 0:
            return False
    return True


@kernel(inline=True)
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


@kernel(inline=True)
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


@kernel(inline=True)
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


@kernel(inline=True)
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


@kernel(inline=True)
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


@kernel(inline=True)
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


@kernel(inline=True)
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


@kernel()
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


@kernel()
def _redeal(r, deck, m, n, P, IX, out):
    """Runner ``r`` ← the position after the deal."""
    _deal(deck, m, n, P[2 * r], IX[10 * r], IX[10 * r + 1], out[n * r:n * (r + 1)])


@kernel()
def _advance(r, k, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB):
    """Runner ``r`` plays ``k`` more battles (a replay: they all settle); returns their wars."""
    wars = 0
    for _i in range(k):
        wars += _step(r, P, IX, out, won, perm, rs, R, RV, KEY, BT, KTAB)[2]
    return wars


@kernel(inline=True)
def _runners_same(n, P, IX):
    return _same(n, P[2], IX[10], IX[11], P[4], IX[20], IX[21])


@kernel()
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


@kernel()
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


@kernel()
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

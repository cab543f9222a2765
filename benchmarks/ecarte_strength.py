"""How strong and how quick the Écarté computer players are (cardkit.ecarte_ai, RULES.md §3).

Run: ``nice .venv/bin/python benchmarks/ecarte_strength.py [--quick] [--matches N] [--jobs J] [--pairs a-b,...]``

1. **Solver**: the bit-mask double-dummy solver (:class:`cardkit.ecarte_ai.Solver`, cold table)
   against two plain-Python solvers on the same random whole 5-trick hands, side by side: one with
   no cut-off at all (:func:`cardkit.ecarte_ai.solve_plain`) and one with the same alpha-beta
   cut-offs but lists of Cards and no table. Median time per solve and the ratios.
2. **Matches to 5** (``target`` 5), both presets, each pair playing every seed twice with the seats
   swapped (the same seed deals the same cards): hard vs easy, medium vs easy, hard vs medium, each
   vs a random legal player, and an *open-hand* player (the hard player told the opponent's cards:
   benchmark only) vs easy. Win rate of the first player with a 95 % Wilson interval, points per
   hand of each side, decision time per move of each player (median, p95, max; moves with one legal
   action are not timed, they take no thought): wall-clock time, and the process's CPU time, which
   a machine shared with other work inflates much less.

``--matches N``: matches per pair and preset for hard vs easy (default 1000, so 2,000 over the two
presets); the other pairs play N/5. ``--quick``: 20 and 10, for CI. ``--jobs``: processes.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from cardkit import ecarte
from cardkit.cards import SUITS
from cardkit.ecarte_ai import (RandomPlayer, Solver, StrongPlayer, advice, cards_of, mask_of_idx,
                               plain_legal, solve_plain)

PRESETS = {"standard": ecarte.EcarteRules.standard, "classic": ecarte.EcarteRules.classic}


def make(kind: str, seed: int, box: list, seat: int):
    if kind == "easy":
        return ecarte.computer_player("easy", seed=seed)
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "open":     # the hard player told the opponent's cards: for this benchmark only
        return StrongPlayer("hard", seed, peek=lambda: box[0].hands[1 - seat])
    return StrongPlayer(kind, seed)


def one_match(args):
    """Play one match; return (winner is the first player, points per side, hands, times per side)."""
    a, b, preset, seed, a_seat = args
    s = ecarte.new_game(PRESETS[preset](), seed=seed)
    box = [s]
    kinds = [a, b] if a_seat == 0 else [b, a]
    bots = [make(kinds[p], seed * 2 + p, box, p) for p in (0, 1)]
    times = [[], []]
    cpu = [[], []]
    while not s.is_over:
        p = s.current_player
        obs = s.observation(p)
        t, c = time.perf_counter(), time.process_time()
        act = bots[p].choose(obs)
        dt, dc = time.perf_counter() - t, time.process_time() - c
        if len(obs.legal_actions) > 1:
            times[p].append(dt)
            cpu[p].append(dc)
        s.apply(act)
    pts = [0, 0]
    for e in s.log:
        if e.kind in ("hand_score", "king", "turn_up_king"):
            pts[e.player] += e.data["points"]
    b_seat = 1 - a_seat
    return (s.winner == a_seat, (pts[a_seat], pts[b_seat]), s.hand_number, (times[a_seat], times[b_seat]),
            (cpu[a_seat], cpu[b_seat]))


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def timing(ts: list[float]) -> str:
    if not ts:
        return "—"
    ts = sorted(ts)
    p95 = ts[min(len(ts) - 1, math.ceil(0.95 * len(ts)) - 1)]
    return f"{statistics.median(ts) * 1e3:6.1f} / {p95 * 1e3:6.1f} / {ts[-1] * 1e3:6.1f} ms"


def solver_bench(n: int, seed: int = 1) -> None:
    from cardkit.ecarte import trick_winner

    def plain_cut(lh, fh, trump, must):
        """Plain Python, lists of Cards, alpha-beta cut-offs as the fast solver, no table."""
        def legal(hand, lead):
            return plain_legal(hand, lead, trump, must)

        def go(lh, fh):
            n = len(lh)
            if n == 0:
                return 0
            best = -1
            for c in lh:
                rest = [x for x in lh if x != c]
                worst = n
                for f in legal(fh, c):
                    frest = [x for x in fh if x != f]
                    r = 1 + go(rest, frest) if trick_winner(c, f, trump) == 0 else n - 1 - go(frest, rest)
                    if r < worst:
                        worst = r
                        if worst <= best:
                            break
                if worst > best:
                    best = worst
                    if best == n:
                        break
            return best
        return go(lh, fh)

    rng = random.Random(seed)
    rows = {"bit-mask + table (cold)": [], "plain, cut-offs": [], "plain, no cut-off": []}
    for i in range(n):
        d = rng.sample(range(32), 10)
        t, must = rng.randrange(4), i % 2 == 1
        a, b = mask_of_idx(d[:5]), mask_of_idx(d[5:])
        ca, cb = cards_of(a), cards_of(b)
        t0 = time.perf_counter()
        x = Solver(t, must).tricks(a, b)
        t1 = time.perf_counter()
        y = plain_cut(ca, cb, SUITS[t], must)
        t2 = time.perf_counter()
        z = solve_plain(ca, cb, SUITS[t], must)
        t3 = time.perf_counter()
        if not x == y == z:
            raise AssertionError(f"solvers disagree on position {i}: {x} {y} {z}")
        rows["bit-mask + table (cold)"].append(t1 - t0)
        rows["plain, cut-offs"].append(t2 - t1)
        rows["plain, no cut-off"].append(t3 - t2)
    fast = statistics.median(rows["bit-mask + table (cold)"])
    print(f"Double-dummy solve of a whole 5-trick hand, {n} random positions (both presets), same answers:")
    for name, ts in rows.items():
        m = statistics.median(ts)
        print(f"  {name:26s} median {m * 1e3:7.3f} ms  p95 {sorted(ts)[int(0.95 * n)] * 1e3:7.3f} ms"
              f"  ({m / fast:5.1f}× the bit-mask solver)")


def advice_bench(games: int, seed: int = 3) -> None:
    """Time of the advisor's hint (``advice``) and of one hard choice at the same positions."""
    ta, th = [], []
    for g in range(games):
        s = ecarte.new_game(PRESETS["classic" if g % 2 else "standard"](), seed=seed + g)
        bots = [ecarte.computer_player("easy", seed=g), RandomPlayer(g)]
        while not s.is_over:
            p = s.current_player
            obs = s.observation(p)
            if len(obs.legal_actions) > 1:
                t = time.perf_counter()
                advice(obs)
                ta.append(time.perf_counter() - t)
                t = time.perf_counter()
                StrongPlayer("hard", g).choose(obs)
                th.append(time.perf_counter() - t)
            s.apply(bots[p].choose(obs))
    print(f"advice(observation), {len(ta)} positions (median/p95/max): {timing(ta)}; "
          f"hard choose at the same positions: {timing(th)}")


PAIRS = [("hard", "easy"), ("medium", "easy"), ("hard", "medium"), ("hard", "random"),
         ("medium", "random"), ("easy", "random"), ("open", "easy")]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a few matches, for CI")
    ap.add_argument("--matches", type=int, default=1000, help="hard vs easy matches per preset")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--pairs", default=",".join(f"{a}-{b}" for a, b in PAIRS))
    ap.add_argument("--seed", type=int, default=20_000)
    ap.add_argument("--no-solver", action="store_true", help="skip the solver and advice timings")
    args = ap.parse_args(argv)
    main_n = 20 if args.quick else args.matches
    other_n = 10 if args.quick else max(10, args.matches // 5)
    print(f"cardkit Écarté strength benchmark — {os.cpu_count()} cores, {args.jobs} processes, "
          f"load average {os.getloadavg()[0]:.1f} at start (a shared machine: times include waiting)")
    if not args.no_solver:
        solver_bench(60 if args.quick else 400)
        advice_bench(2 if args.quick else 20)
    pairs = [tuple(p.split("-")) for p in args.pairs.split(",") if p]
    t_all = time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        for a, b in pairs:
            n = main_n if (a, b) == ("hard", "easy") else other_n
            both = [0, 0]
            for preset in PRESETS:
                jobs = [(a, b, preset, args.seed + i // 2, i % 2) for i in range(n)]
                t0 = time.time()
                res = list(pool.map(one_match, jobs, chunksize=4))
                wins = sum(r[0] for r in res)
                hands = sum(r[2] for r in res)
                pa = sum(r[1][0] for r in res) / hands
                pb = sum(r[1][1] for r in res) / hands
                lo, hi = wilson(wins, n)
                ta = [t for r in res for t in r[3][0]]
                tb = [t for r in res for t in r[3][1]]
                ca = [t for r in res for t in r[4][0]]
                cb = [t for r in res for t in r[4][1]]
                print(f"{a:>6} vs {b:<6} {preset:8s} {n:5d} matches: {a} wins {wins / n:6.1%} "
                      f"[{lo:.1%}, {hi:.1%}]  points/hand {pa:.2f} vs {pb:.2f}  "
                      f"time/move (median/p95/max) {a}: {timing(ta)}; {b}: {timing(tb)}; "
                      f"CPU time/move {a}: {timing(ca)}; {b}: {timing(cb)}  "
                      f"[{time.time() - t0:.0f} s]", flush=True)
                both[0] += wins
                both[1] += n
            lo, hi = wilson(*both)
            print(f"{a:>6} vs {b:<6} both presets {both[1]:5d} matches: {a} wins {both[0] / both[1]:6.1%} "
                  f"[{lo:.1%}, {hi:.1%}]", flush=True)
    print(f"total {time.time() - t_all:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

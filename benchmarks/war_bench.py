"""Benchmark: games per second of ``cardkit.war.simulate`` for classic War (RULES.md §1.1).

Printed as a ratio against a naive baseline run in the same process (docs/architecture.md "Performance"):
the baseline is the War a beginner writes in ten minutes — Card objects, ``deque`` packets, two
players, 3 down 1 up, winner's cards first, a player short of cards for a war simply loses, a
battle limit and no repetition check, no log. ``simulate`` does all of RULES.md §1.1 (standing
cards, draw by repetition, every option checked) so a ratio below 1 is expected; the number to
watch is how it moves when the engine changes.

Run: ``.venv/bin/python benchmarks/war_bench.py [n_games]``. Nothing here is asserted in tests.
"""
from __future__ import annotations

import argparse
import time
from collections import deque

import numpy as np

from cardkit.cards import shuffled, standard_pack
from cardkit.war import WarRules, simulate


def naive_game(rng: np.random.Generator, limit: int = 10_000) -> int:
    """One naive classic game; returns the number of battles played."""
    deck = shuffled(standard_pack(), rng)
    hands = [deque(deck[0::2]), deque(deck[1::2])]
    battles = 0
    while hands[0] and hands[1] and battles < limit:
        battles += 1
        pot: list = [[], []]
        while True:
            if not hands[0] or not hands[1]:
                loser = 0 if not hands[0] else 1
                hands[1 - loser].extend(pot[1 - loser] + pot[loser])
                break
            a, b = hands[0].popleft(), hands[1].popleft()
            pot[0].append(a)
            pot[1].append(b)
            if a.rank != b.rank:
                w = 0 if a.rank > b.rank else 1
                hands[w].extend(pot[w] + pot[1 - w])
                break
            for p in (0, 1):
                for _ in range(3):
                    if len(hands[p]) > 1:
                        pot[p].append(hands[p].popleft())
    return battles


def games_per_second(fn, n: int) -> tuple[float, float]:
    t = time.perf_counter()
    battles = fn(n)
    dt = time.perf_counter() - t
    return n / dt, battles / dt


def main(n: int = 300) -> None:
    rng = np.random.default_rng(0)
    naive_gps, naive_bps = games_per_second(lambda k: sum(naive_game(rng) for _ in range(k)), n)
    sim_gps, sim_bps = games_per_second(
        lambda k: int(simulate(WarRules.classic(), k, seed=0).lengths.sum()), n)
    print(f"naive baseline : {naive_gps:9.1f} games/s  {naive_bps:11.0f} battles/s")
    print(f"simulate       : {sim_gps:9.1f} games/s  {sim_bps:11.0f} battles/s")
    print(f"ratio simulate/naive: games/s {sim_gps / naive_gps:.2f}   battles/s "
          f"{sim_bps / naive_bps:.2f}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n_games", nargs="?", type=int, default=300,
                    help="games played each way (default 300)")
    main(ap.parse_args().n_games)

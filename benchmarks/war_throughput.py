"""Benchmark: battles per second of classic War (RULES.md §1.1), three ways, on the same deals.

(a) ``cardkit.war.bulk.play_many`` — the compiled bulk simulator;
(b) the engine, ``cardkit.war.new_game`` played battle by battle with ``apply("flip")``;
(c) a plain pure-Python baseline kept here: two ``collections.deque`` packets of ``Card`` objects
    compared by rank (and (c'), the same loop on plain rank numbers, a stronger baseline), the
    same conventions (3 down 1 up, the winner's cards first then the loser's, a player short of
    cards puts all but the last card down and turns the last up, a standing tie is a draw, battle
    limit 10,000), no log and no repetition check (classic deals with the winner's-cards-first
    pickup do not repeat in practice; the run checks that (c) and (a) agree game by game).

All three run on one thread (play_many uses no parallel loops), timed in CPU seconds, and play
the games ``new_game(WarRules.classic(), seed=s)`` for the seeds that
``play_many(..., seed=0)`` uses; (c) is handed its deals ready-made (its shuffle is not timed).
It prints the battles per second, the ratios, the time for 100,000 games with (a), the
first-call (compile or cache load) time of (a), and the memory (a) uses for 100,000 games.

Run: ``.venv/bin/python benchmarks/war_throughput.py [n_baseline_games] [n_engine_games] [repeat]``
(defaults 2,000, 200 and 3: (a) and (c) run in turns, best of ``repeat`` each). Nothing here is
asserted in tests; figures depend on the machine and its load.
"""
from __future__ import annotations

import argparse
import time
import tracemalloc
from collections import deque

import numpy as np

from cardkit.cards import standard_pack
from cardkit.war import WarRules, new_game
from cardkit.war.bulk import play_many

LIMIT = 10_000


def baseline_game(ranks: list[int], limit: int = LIMIT) -> tuple[int, int, int]:
    """One classic game on a deal of rank values (top first, dealt alternately from player 0).

    Returns (battles, wars, winner) with winner -1 for a draw."""
    hands = (deque(ranks[0::2]), deque(ranks[1::2]))
    battles = wars = 0
    while True:
        battles += 1
        a, b = hands
        table = ([a.popleft()], [b.popleft()])
        while True:
            x, y = table[0][-1], table[1][-1]
            if x != y:
                w = 0 if x > y else 1
                break
            if not a and not b:                   # both standing on their last card: a draw
                return battles, wars + 0, -1
            wars += 1
            for hand, put in zip(hands, table, strict=False):
                n = len(hand)
                for _ in range(3 if n > 3 else n - 1):
                    put.append(hand.popleft())
                if n:
                    put.append(hand.popleft())    # the deciding card (else the last one stands)
        hands[w].extend(table[w])
        hands[w].extend(table[1 - w])
        if not hands[1 - w]:
            return battles, wars, w
        if battles >= limit:
            return battles, wars, -1


def baseline_game_cards(cards: list, limit: int = LIMIT) -> tuple[int, int, int]:
    """The same game as :func:`baseline_game` on ``Card`` objects compared by ``.rank``: the
    loop a beginner writes in ten minutes (the reference of the goal "≥ 28× a deque loop")."""
    hands = (deque(cards[0::2]), deque(cards[1::2]))
    battles = wars = 0
    while True:
        battles += 1
        a, b = hands
        table = ([a.popleft()], [b.popleft()])
        while True:
            x, y = table[0][-1].rank, table[1][-1].rank
            if x != y:
                w = 0 if x > y else 1
                break
            if not a and not b:
                return battles, wars, -1
            wars += 1
            for hand, put in zip(hands, table, strict=False):
                n = len(hand)
                for _ in range(3 if n > 3 else n - 1):
                    put.append(hand.popleft())
                if n:
                    put.append(hand.popleft())
        hands[w].extend(table[w])
        hands[w].extend(table[1 - w])
        if not hands[1 - w]:
            return battles, wars, w
        if battles >= limit:
            return battles, wars, -1


def main(n_base: int = 2000, n_engine: int = 200, repeat: int = 3) -> None:
    rules = WarRules.classic()
    t = time.perf_counter()
    play_many(rules, 1, seed=0)
    first_call = time.perf_counter() - t

    # (a) on 100,000 games and (c) on the first n_base of the same deals, in turns, best of
    # ``repeat`` runs each (as timeit does: the machine's other load only ever slows a run)
    big = play_many(rules, 100_000, seed=0)
    seeds = big.seeds
    deals = [[int(r) for r in (np.arange(52) % 13 + 2)[np.random.default_rng(int(s)).permutation(52)]]
             for s in seeds[:n_base]]
    # CPU time (time.process_time) for the ratios: both are single-threaded, and on a shared
    # machine the wall clock also counts the time spent waiting for a core
    pack = standard_pack()
    card_deals = [[pack[int(i)] for i in np.random.default_rng(int(s)).permutation(52)]
                  for s in seeds[:n_base]]
    t_big = t_base = t_cards = wall_big = float("inf")
    for _ in range(repeat):
        t, w = time.process_time(), time.perf_counter()
        play_many(rules, 100_000, seed=0)
        t_big = min(t_big, time.process_time() - t)
        wall_big = min(wall_big, time.perf_counter() - w)
        t = time.process_time()
        base = [baseline_game(d) for d in deals]
        t_base = min(t_base, time.process_time() - t)
        t = time.process_time()
        base_cards = [baseline_game_cards(d) for d in card_deals]
        t_cards = min(t_cards, time.process_time() - t)
    a_bps = big.battles.sum() / t_big
    tracemalloc.start()
    play_many(rules, 100_000, seed=0)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    c_battles = sum(b for b, _, _ in base)
    c_bps = c_battles / t_base
    k_bps = c_battles / t_cards
    agree = base_cards == base and all((b, w, v) == (big.battles[i], big.wars[i], big.winner[i])
                                       for i, (b, w, v) in enumerate(base))

    # (b) the engine, battle by battle, on the first n_engine deals
    t = time.process_time()
    e_battles = 0
    for s in seeds[:n_engine]:
        g = new_game(rules, seed=int(s), quiet=True)
        while not g.is_over:
            g.apply("flip")
        e_battles += g.battles
    t_eng = time.process_time() - t
    b_bps = e_battles / t_eng

    print(f"classic War, same seeded deals (seed 0); battle limit {LIMIT}; CPU time")
    print(f"(a) play_many     : {a_bps:12,.0f} battles/s  (100,000 games, {big.battles.sum():,} "
          f"battles: {t_big:.2f} s CPU, {wall_big:.2f} s wall clock; best of {repeat})")
    print(f"(b) engine (flip) : {b_bps:12,.0f} battles/s  ({n_engine} games)")
    print(f"(c) deque baseline: {k_bps:12,.0f} battles/s  ({n_base} games of Card objects, best of "
          f"{repeat}; same results as (a): {'yes' if agree else 'NO'})")
    print(f"(c') deque, ints  : {c_bps:12,.0f} battles/s  (the same loop on rank numbers)")
    print(f"ratios: (a)/(c) = {a_bps / k_bps:.1f}x   (a)/(c') = {a_bps / c_bps:.1f}x   "
          f"(a)/(b) = {a_bps / b_bps:.0f}x   (b)/(c) = {b_bps / k_bps:.2f}x")
    print(f"(a) first call in this process (compile or load the cache): {first_call:.2f} s")
    print(f"(a) memory for 100,000 games: {peak / 2**20:.1f} MiB peak (tracemalloc)")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n_baseline_games", nargs="?", type=int, default=2000,
                    help="games for the play_many and deque runs (default 2,000)")
    ap.add_argument("n_engine_games", nargs="?", type=int, default=200,
                    help="games for the engine, battle by battle (default 200)")
    ap.add_argument("repeat", nargs="?", type=int, default=3,
                    help="best of how many runs of (a) and (c) (default 3)")
    args = ap.parse_args()
    main(args.n_baseline_games, args.n_engine_games, args.repeat)

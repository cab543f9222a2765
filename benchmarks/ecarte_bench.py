"""Écarté simulation speed, as ratios against baselines run in the same process
(docs/architecture.md "Performance"). Run: ``.venv/bin/python benchmarks/ecarte_bench.py [matches]``.

- ``computer vs computer``: whole matches, each move chosen from ``observation(seat)`` by
  :func:`cardkit.ecarte.computer_player` and applied with the checked, atomic ``apply``.
- baseline 1, ``replay through _apply``: the same moves applied without the legality check or the
  rollback copy — what safety costs.
- baseline 2, ``random legal moves``: matches where each move is a random legal action from
  ``legal_actions()`` — what the computer's thinking and the observations cost.
"""
import argparse
import time

import numpy as np

from cardkit import ecarte


def computer_matches(n, seed=0):
    moves = []
    for i in range(n):
        s = ecarte.new_game(seed=seed + i)
        bots = [ecarte.computer_player(seed=seed + i), ecarte.computer_player(seed=seed + i + 1)]
        seq = []
        while not s.is_over:
            p = s.current_player
            a = bots[p].choose(s.observation(p))
            s.apply(a)
            seq.append(a)
        moves.append(seq)
    return moves


def replay_unchecked(moves, seed=0):
    for i, seq in enumerate(moves):
        s = ecarte.new_game(seed=seed + i)
        for a in seq:
            s._apply(a)


def random_matches(n, seed=0):
    rng = np.random.default_rng(seed)
    for i in range(n):
        s = ecarte.new_game(seed=seed + i)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])


def timed(fn, *args):
    t = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - t, out


def main(n: int = 200) -> None:
    t_cpu, moves = timed(computer_matches, n)
    t_replay, _ = timed(replay_unchecked, moves)
    t_random, _ = timed(random_matches, n)
    total = sum(map(len, moves))
    print(f"{n} matches, {total} moves ({total / n:.0f} per match)")
    print(f"computer vs computer : {n / t_cpu:8.1f} matches/s  {total / t_cpu:9.0f} moves/s")
    print(f"replay through _apply: {n / t_replay:8.1f} matches/s  ratio {t_cpu / t_replay:5.1f}x faster")
    print(f"random legal moves   : {n / t_random:8.1f} matches/s  ratio {t_cpu / t_random:5.1f}x faster")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("matches", nargs="?", type=int, default=200,
                    help="how many matches each way (default 200)")
    main(ap.parse_args().matches)

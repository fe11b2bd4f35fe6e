"""Figures for The Long Way's tile set and bot: score distribution, speed on one core and on all cores.

Run by hand:  python bench/ikes_simulate.py [GAMES] [SEED]
Prints the median, the rubric bands, the time per game on one core (wall and CPU) with a hash of
every game's results file (rolls, placements, displays, bonuses: equal hashes, equal games), the rate
with every core (``scores_many``, as ``printkit simulate ikes`` plays), and the time to score one
filled sheet exactly (best of tied paths by dynamic programming).
"""

from __future__ import annotations

import hashlib
import os
import statistics
import sys
import time

from printkit.games.ikes.path import walk
from printkit.games.ikes.simulate import BANDS, play_many, record, scores_many


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print(f"cores: {os.cpu_count()}, load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    t, c = time.perf_counter(), time.process_time()
    played = play_many(games, seed)
    dt, cpu = time.perf_counter() - t, time.process_time() - c
    scores = [walk(g.floor).score for g in played]
    digest = hashlib.sha256("".join(record(g) for g in played).encode()).hexdigest()
    print(f"{games} solo bot games, seed {seed}, one core: {dt / games * 1000:.1f} ms per game "
          f"({games / dt:.1f} games/s; CPU {cpu / games * 1000:.1f} ms = {games / cpu:.1f} games per CPU second)")
    print(f"results files of all {games} games: sha256 {digest}")
    print(f"median {statistics.median(scores)}, mean {statistics.fmean(scores):.2f}, "
          f"range {min(scores)}..{max(scores)}")
    for name, lo, hi in BANDS:
        k = sum(1 for s in scores if lo <= s <= hi)
        print(f"  {name:<12} {k:>5}  {100 * k / games:5.1f}%")
    cafes = [g.cafes for g in played]
    print(f"cafeterias placed: mean {statistics.fmean(cafes):.2f}; turns: mean "
          f"{statistics.fmean(len(g.turns) for g in played):.1f}")
    jobs = os.cpu_count() or 1
    t = time.perf_counter()
    every = scores_many(games, seed, jobs)
    dt = time.perf_counter() - t
    print(f"{games} games on {jobs} processes: {dt:.2f} s = {games / dt:.1f} games/s; "
          f"scores {'the same' if every == scores else 'DIFFERENT'} as on one core")
    floors = [g.floor for g in played]
    t = time.perf_counter()
    reps = 0
    while time.perf_counter() - t < 1.0:
        for b in floors[:50]:
            walk(b)
            reps += 1
    print(f"scoring one final sheet (exact best walk): {(time.perf_counter() - t) / reps * 1e6:.0f} us")


if __name__ == "__main__":
    main()

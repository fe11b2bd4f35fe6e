"""Figures for The Long Way's tile set and bot: score distribution and speed.

Run by hand:  python bench/ikes_simulate.py [GAMES] [SEED]
Prints the median, the rubric bands and the time per game; then the time to
score one filled sheet exactly (best of tied paths by dynamic programming).
"""

from __future__ import annotations

import statistics
import sys
import time

from printkit.games.ikes.path import walk
from printkit.games.ikes.simulate import BANDS, play_many


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    t = time.perf_counter()
    played = play_many(games, seed)
    dt = time.perf_counter() - t
    scores = [walk(g.board).score for g in played]
    print(f"{games} solo bot games, seed {seed}: {dt / games * 1000:.0f} ms per game")
    print(f"median {statistics.median(scores)}, mean {statistics.fmean(scores):.2f}, "
          f"range {min(scores)}..{max(scores)}")
    for name, lo, hi in BANDS:
        k = sum(1 for s in scores if lo <= s <= hi)
        print(f"  {name:<12} {k:>5}  {100 * k / games:5.1f}%")
    cafes = [g.cafes for g in played]
    print(f"cafeterias placed: mean {statistics.fmean(cafes):.2f}; turns: mean "
          f"{statistics.fmean(len(g.turns) for g in played):.1f}")
    boards = [g.board for g in played]
    t = time.perf_counter()
    reps = 0
    while time.perf_counter() - t < 1.0:
        for b in boards[:50]:
            walk(b)
            reps += 1
    print(f"scoring one final sheet (exact best walk): {(time.perf_counter() - t) / reps * 1e6:.0f} us")


if __name__ == "__main__":
    main()

"""Speed of the Selling Knives simulator (run by hand: python bench/knives_simulate.py [GAMES]).

Target: at least 1,000 games per second for 4 players at kcount 12 on a 2-core machine,
using both cores for large runs.  Prints wall-clock and CPU figures: on a shared machine
the CPU-time rate per core is the steadier number.
"""

from __future__ import annotations

import os
import resource
import sys
import time

from printkit.games.knives.simulate import run_chunk, simulate_games

DEFAULT = ["greedy", "patient:2", "patient:3", "patient:4", "hoard"]


def one_core(specs: list[str], games: int) -> tuple[float, float]:
    """(games per wall second, games per CPU second) on one core, claim cache warmed first."""
    run_chunk((specs, 4, 12, 99, 0, 300))  # warm the claim-option cache as a long run would
    w, c = time.perf_counter(), time.process_time()
    run_chunk((specs, 4, 12, 1, 0, games))
    return games / (time.perf_counter() - w), games / (time.process_time() - c)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    print(f"cores: {os.cpu_count()}, load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for specs in (["greedy"], ["patient:3"], ["hoard"], DEFAULT):
        wall, cpu = one_core(specs, 4000)
        print(f"one core, 4 players, kcount 12, {','.join(specs):<40} {wall:7.0f} games/s wall, {cpu:7.0f} games/s CPU")
    for jobs in (1, 2):
        def cpu() -> float:
            me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
            return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime

        w, c = time.perf_counter(), cpu()
        simulate_games(DEFAULT, 4, 12, games, 1, jobs)
        dt, used = time.perf_counter() - w, cpu() - c
        print(f"{games} games, default strategies, {jobs} process(es): {dt:6.2f} s wall = {games / dt:7.0f} games/s "
              f"({used:.2f} s CPU = {games / used:.0f} games per CPU second)")


if __name__ == "__main__":
    main()

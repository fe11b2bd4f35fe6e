"""Speed and memory of the Selling Knives simulator (run by hand: python bench/knives_simulate.py [GAMES]).

Target: at least 1,000 games per second for 4 players at kcount 12 on a 2-core machine,
using both cores for large runs.  Prints:

- in process, one core: games per wall second and per CPU second for a few strategy sets
  (on a shared machine the CPU-time rate per core is the steadier number);
- in process, 1 and 2 processes: ``simulate_games`` as the command calls it;
- the whole command, as a user runs it (``python -m printkit simulate knives --games N``,
  start-up included), for GAMES and for 10 x GAMES: wall time, games per second and the peak
  memory of the largest process, which should not grow with the number of games.
"""

from __future__ import annotations

import os
import resource
import subprocess
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


def command(games: int) -> tuple[float, float]:
    """(seconds, peak MB of the largest process) for the whole command in a fresh process."""
    code = ("import resource, subprocess, sys, time\n"
            "t = time.perf_counter()\n"
            f"subprocess.run([sys.executable, '-m', 'printkit', 'simulate', 'knives', '--games', '{games}', "
            "'--json'], check=True, stdout=subprocess.DEVNULL)\n"
            "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), float(out[1])


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
        print(f"in process, {games} games, default strategies, {jobs} process(es): {dt:6.2f} s wall = "
              f"{games / dt:7.0f} games/s ({used:.2f} s CPU = {games / used:.0f} games per CPU second)")
    for n in (games, 10 * games):
        dt, mb = command(n)
        print(f"whole command, printkit simulate knives --games {n} (4 players, kcount 12, every core): "
              f"{dt:6.2f} s = {n / dt:7.0f} games/s, peak memory {mb:.0f} MB")


if __name__ == "__main__":
    main()

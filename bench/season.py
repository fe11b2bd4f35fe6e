"""How long ``printkit season`` takes to table a long season: 100 evenings (by default) of the five games,
built from the played examples in tests/games/data (the players' names turned round each evening, one game
of the last evening not entered), about 500 results files.  Target: under 2 s on this machine.

    python bench/season.py [--evenings 100] [--runs 5]

Prints the median and best of ``--runs`` runs: in process (the folder read, every results file scored, the
table worked out; on one process and on every core, as the command does), and the whole command (``printkit season FOLDER``, start-up included), with the CPU time
of the process and the load average, since the machine's two cores are shared.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def cpu_seconds() -> float:
    """CPU time of this process and of the processes it has waited for."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--evenings", type=int, default=100)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    import season_data
    from printkit.season import folder

    with tempfile.TemporaryDirectory() as tmp:
        top = Path(tmp) / "season"
        season_data.season(top, args.evenings, skip_last=("curve",))
        files = sum(1 for _ in top.glob("*.yaml"))
        print(f"{args.evenings} evenings, {files} files (configs and results) in {top}")
        for workers in sorted({1, os.cpu_count() or 1}):
            inside, cpu = [], []
            for _ in range(args.runs):
                c0, t0 = cpu_seconds(), time.perf_counter()
                season = folder.load(top, workers=workers)
                inside.append(time.perf_counter() - t0)
                cpu.append(cpu_seconds() - c0)
            print(f"in process, {workers} process{'es' if workers > 1 else ''}: median {statistics.median(inside):.3f} s, "
                  f"best {min(inside):.3f} s (CPU, the processes' own included, median {statistics.median(cpu):.3f} s); "
                  f"{season.table.counted} games counted, {len(season.table.lines)} players")
        whole, whole_cpu = [], []
        for _ in range(args.runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            p = subprocess.run([sys.executable, "-m", "printkit", "season", str(top)], capture_output=True)
            whole.append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            whole_cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            assert p.returncode == 0, p.stderr
        print(f"printkit season FOLDER: median {statistics.median(whole):.3f} s, best {min(whole):.3f} s "
              f"(CPU median {statistics.median(whole_cpu):.3f} s)")
        print(f"load average {os.getloadavg()[0]:.1f}; target: under 2 s")


if __name__ == "__main__":
    main()

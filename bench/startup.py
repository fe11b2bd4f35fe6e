"""Start-up and kit speed of the real command line, against the start-up of ``python -c "import typer"``.

    python bench/startup.py [--runs 9]

Targets (issue 7):
  printkit --help                    within 1.5x the typer start-up
  printkit score RESULTS (each game) within 2x the typer start-up
  printkit make (the whole sample kit, every preset in layouts/) under 1 s

Each command runs --runs times in a fresh process; the table shows the median wall time, the best
wall time and the median CPU time (user + system: steadier than wall time on a busy machine).
The "floor" row is what any command that validates a file must import (typer, msgspec, yaml).
Results files: a sample results file of the game if the repository has one (examples/, samples/,
printkit/data/, tests/games/), otherwise the blank record ``printkit template`` writes for its preset.
Exit code 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEARCH = ("examples", "samples", "printkit/data", "tests/games")


def printkit_command() -> list[str]:
    """The installed console script (what a user types), else ``python -m printkit``."""
    script = Path(sys.executable).parent / "printkit"
    if script.exists():
        return [str(script)]
    found = shutil.which("printkit")
    return [found] if found else [sys.executable, "-m", "printkit"]


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd: list[str], runs: int, cwd: Path, ok=(0,)) -> tuple[float, float, float]:
    """(median wall, best wall, median CPU) seconds of ``cmd`` over ``runs`` fresh processes."""
    times, cpus = [], []
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "0"}
    subprocess.run(cmd, cwd=cwd, capture_output=True, env=env)  # warm the disk cache and .pyc files
    for _ in range(runs):
        c0, t0 = _children_cpu(), time.perf_counter()
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, env=env)
        times.append(time.perf_counter() - t0)
        cpus.append(_children_cpu() - c0)
        if p.returncode not in ok:
            raise SystemExit(f"{' '.join(cmd)} failed with exit {p.returncode}:\n{p.stderr.decode()[-800:]}")
    return statistics.median(times), min(times), statistics.median(cpus)


def sample_results(work: Path) -> dict[str, tuple[Path, str]]:
    """game id -> (results file, where it came from)."""
    sys.path.insert(0, str(ROOT))
    from printkit import registry
    from printkit.cli import _load
    from printkit.inputs import InputError
    from printkit.resources import layouts

    found: dict[str, tuple[Path, str]] = {}
    for folder in SEARCH:
        for path in sorted((ROOT / folder).rglob("*.yaml")) if (ROOT / folder).is_dir() else []:
            try:
                game, _ = _load(str(path), results=True)
            except (InputError, Exception):  # noqa: BLE001 - anything that is not a results file
                continue
            best = found.get(game.id)
            if best is None or path.stat().st_size > best[0].stat().st_size:
                found[game.id] = (path, str(path.relative_to(ROOT)))
    for preset in sorted(layouts().glob("*.yaml")):
        try:
            game, cfg = _load(str(preset))
        except InputError:
            continue
        if game.id not in found:
            out = work / f"{preset.stem}-results.yaml"
            out.write_text(game.template(cfg), encoding="utf-8")
            found[game.id] = (out, f"blank template of layouts/{preset.name}")
    return {g: found[g] for g in registry.GAMES if g in found}


def main() -> int:
    ap = argparse.ArgumentParser(description="printkit start-up benchmarks")
    ap.add_argument("--runs", type=int, default=9, help="fresh processes per command (median reported)")
    args = ap.parse_args()

    pk = printkit_command()
    rows = []  # (name, wall, best, cpu, ratio wall, ratio cpu, target, ok, source)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        base, base_best, base_cpu = timed([sys.executable, "-c", "import typer"], args.runs, work)
        rows.append(("python -c 'import typer'", base, base_best, base_cpu, "", "", "baseline", True, ""))

        def row(name, cmd, limit, ok=(0,), source="", runs=args.runs, absolute=False):
            t, best, cpu = timed(cmd, runs, work, ok)
            if absolute:
                rows.append((name, t, best, cpu, "", "", f"< {limit:g} s", t < limit, source))
            else:
                rows.append((name, t, best, cpu, f"{t / base:.2f}x", f"{cpu / base_cpu:.2f}x",
                             f"<= {limit:g}x" if limit else "(floor)", t <= limit * base if limit else True, source))

        row("floor: import typer, msgspec, yaml", [sys.executable, "-c", "import typer, msgspec, yaml"], 0)
        row("printkit --help", [*pk, "--help"], 1.5)
        for game_id, (path, source) in sample_results(work).items():
            row(f"printkit score ({game_id})", [*pk, "score", str(path)], 2, ok=(0, 1), source=source)
        row("printkit make (whole sample kit)", [*pk, "make", "-o", str(work / "out")], 1.0,
            runs=max(3, args.runs // 2), absolute=True)
        kits = len([p for p in (work / "out").iterdir() if p.is_dir()])

    print(f"printkit start-up benchmark: median of {args.runs} fresh processes; python {sys.version.split()[0]}; "
          f"command: {' '.join(pk)}; sample kit: {kits} presets; load average {os.getloadavg()[0]:.1f}")
    print()
    print(f"| {'command':<38} | {'wall s':>6} | {'best s':>6} | {'CPU s':>6} | {'wall/typer':>10} "
          f"| {'CPU/typer':>9} | {'target':<8} | ok |")
    print(f"|{'-' * 40}|{'-' * 8}|{'-' * 8}|{'-' * 8}|{'-' * 12}|{'-' * 11}|{'-' * 10}|----|")
    for name, t, best, cpu, ratio, cratio, target, ok, _ in rows:
        print(f"| {name:<38} | {t:>6.3f} | {best:>6.3f} | {cpu:>6.3f} | {ratio:>10} | {cratio:>9} | {target:<8} "
              f"| {'ok' if ok else 'NO':<2} |")
    print()
    for r in rows:
        if r[8]:
            print(f"  {r[0]}: {r[8]}")
    scores = [r for r in rows if r[0].startswith("printkit score")]
    help_row = next(r for r in rows if r[0] == "printkit --help")
    make_row = rows[-1]
    print()
    print(f"help {help_row[4]} (<= 1.5x) {'ok' if help_row[7] else 'NO'}; "
          f"score {min(r[1] for r in scores) / base:.2f}x..{max(r[1] for r in scores) / base:.2f}x (<= 2x) "
          f"{'ok' if all(r[7] for r in scores) else 'NO'}; make {make_row[1]:.2f} s (< 1 s) {'ok' if make_row[7] else 'NO'}")
    return 0 if all(r[7] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

"""Start-up and kit speed of the real command line, against the start-up of ``python -c "import typer"``.

    python bench/startup.py [--runs 9]

Targets (issue 7; issue 16 added --version and shell completion within the first):
  printkit --help, printkit --version within 1.5x the typer start-up
  printkit score RESULTS (each game) within 2x the typer start-up
  printkit make (the whole sample kit, every preset in layouts/) under 1 s

Each command runs --runs times in a fresh process, the commands taking turns round by round so that
a busy moment falls on all of them alike; the table shows the median wall time, the best wall time
and the median CPU time (user + system: steadier than wall time on a busy machine).
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


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as installed: .pyc files cached
# (any value of PYTHONDONTWRITEBYTECODE, even "0", would make every run compile printkit's modules again)


def once(cmd: list[str], cwd: Path, ok=(0,)) -> tuple[float, float]:
    """(wall, CPU) seconds of one fresh process running ``cmd``."""
    c0, t0 = _children_cpu(), time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, env=ENV)
    wall, cpu = time.perf_counter() - t0, _children_cpu() - c0
    if p.returncode not in ok:
        raise SystemExit(f"{' '.join(cmd)} failed with exit {p.returncode}:\n{p.stderr.decode()[-800:]}")
    return wall, cpu


def timed_together(cmds: list[tuple[list[str], tuple]], runs: int, cwd: Path) -> list[tuple[float, float, float]]:
    """(median wall, best wall, median CPU) of each command over ``runs`` rounds.  Each round runs every
    command once, in turn, so that a busy moment on the machine falls on all of them alike."""
    for cmd, ok in cmds:
        once(cmd, cwd, ok)  # warm the disk cache and write .pyc files
    walls: list[list[float]] = [[] for _ in cmds]
    cpus: list[list[float]] = [[] for _ in cmds]
    for _ in range(runs):
        for i, (cmd, ok) in enumerate(cmds):
            wall, cpu = once(cmd, cwd, ok)
            walls[i].append(wall)
            cpus[i].append(cpu)
    return [(statistics.median(w), min(w), statistics.median(c)) for w, c in zip(walls, cpus)]


def sample_results(work: Path) -> dict[str, tuple[Path, str]]:
    """game id -> (results file, where it came from)."""
    sys.path.insert(0, str(ROOT))
    from printkit import registry
    from printkit.cli.app import load as _load
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
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        # (name, command, exit codes taken as success, limit, absolute limit in s?, where the file came from)
        plan = [("python -c 'import typer'", [sys.executable, "-c", "import typer"], (0,), None, False, ""),
                ("floor: import typer, msgspec, yaml", [sys.executable, "-c", "import typer, msgspec, yaml"],
                 (0,), 0, False, ""),
                ("printkit --help", [*pk, "--help"], (0,), 1.5, False, ""),
                ("printkit --version", [*pk, "--version"], (0,), 1.5, False, "")]
        for game_id, (path, source) in sample_results(work).items():
            plan.append((f"printkit score ({game_id})", [*pk, "score", str(path)], (0, 1), 2, False, source))
        plan.append(("printkit make (whole sample kit)", [*pk, "make", "-o", str(work / "out")], (0,), 1.0, True, ""))
        measured = timed_together([(cmd, ok) for _, cmd, ok, *_ in plan], args.runs, work)
        kits = len([p for p in (work / "out").iterdir() if p.is_dir()])

    base, _, base_cpu = measured[0]
    rows = []  # (name, wall, best, cpu, ratio wall, ratio cpu, target, ok, source)
    for (name, _, _, limit, absolute, source), (t, best, cpu) in zip(plan, measured):
        if limit is None:
            rows.append((name, t, best, cpu, "", "", "baseline", True, ""))
        elif absolute:
            rows.append((name, t, best, cpu, "", "", f"< {limit:g} s", t < limit, source))
        else:
            rows.append((name, t, best, cpu, f"{t / base:.2f}x", f"{cpu / base_cpu:.2f}x",
                         f"<= {limit:g}x" if limit else "(floor)", t <= limit * base if limit else True, source))

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

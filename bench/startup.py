"""Start-up and kit speed of the real command line, against the start-up of ``python -c "import typer"``.

    python bench/startup.py [--runs 9]

Targets (issue 7):
  printkit --help                    within 1.5x the typer start-up
  printkit score RESULTS (each game) within 2x the typer start-up
  printkit make (the whole sample kit, every preset in layouts/) under 1 s

Each command runs --runs times in a fresh process; the table shows the median wall time.
Results files: a sample results file of the game if the repository has one (examples/, samples/,
printkit/data/, tests/games/), otherwise the blank record ``printkit template`` writes for its preset.
Exit code 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import os
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


def timed(cmd: list[str], runs: int, cwd: Path, ok=(0,)) -> tuple[float, float]:
    """(median, best) wall seconds of ``cmd`` over ``runs`` fresh processes."""
    times = []
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "0"}
    subprocess.run(cmd, cwd=cwd, capture_output=True, env=env)  # warm the disk cache and .pyc files
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, env=env)
        times.append(time.perf_counter() - t0)
        if p.returncode not in ok:
            raise SystemExit(f"{' '.join(cmd)} failed with exit {p.returncode}:\n{p.stderr.decode()[-800:]}")
    return statistics.median(times), min(times)


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
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        base, base_best = timed([sys.executable, "-c", "import typer"], args.runs, work)
        rows.append(("python -c 'import typer'", base, base_best, "", "baseline", True))

        t, best = timed([*pk, "--help"], args.runs, work)
        rows.append(("printkit --help", t, best, f"{t / base:.2f}x", "<= 1.5x", t <= 1.5 * base))

        for game_id, (path, source) in sample_results(work).items():
            t, best = timed([*pk, "score", str(path)], args.runs, work, ok=(0, 1))
            rows.append((f"printkit score ({game_id})", t, best, f"{t / base:.2f}x", "<= 2x", t <= 2 * base))
            rows[-1] += (source,)

        t, best = timed([*pk, "make", "-o", str(work / "out")], max(3, args.runs // 2), work)
        kits = len([p for p in (work / "out").iterdir() if p.is_dir()])
        rows.append((f"printkit make (sample kit, {kits} presets)", t, best, "", "< 1 s", t < 1.0))

    print(f"printkit start-up benchmark: median of {args.runs} fresh processes; python {sys.version.split()[0]}; "
          f"command: {' '.join(pk)}")
    print()
    print(f"| {'command':<40} | {'median s':>8} | {'best s':>7} | {'vs typer':>8} | {'target':<8} | ok |")
    print(f"|{'-' * 42}|{'-' * 10}|{'-' * 9}|{'-' * 10}|{'-' * 10}|----|")
    for row in rows:
        name, t, best, ratio, target, ok = row[:6]
        print(f"| {name:<40} | {t:>8.3f} | {best:>7.3f} | {ratio:>8} | {target:<8} | {'ok' if ok else 'NO':<2} |")
    sources = [(r[0], r[6]) for r in rows if len(r) > 6]
    if sources:
        print()
        for name, source in sources:
            print(f"  {name}: {source}")
    return 0 if all(r[5] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

"""Run every benchmark in bench/ and print a summary table.

    python bench/run_all.py                 # every script, each in its own process
    python bench/run_all.py --quick         # the short settings each script is given below
    python bench/run_all.py startup curve   # only scripts whose name contains these words
    python bench/run_all.py --timeout 900

Each script prints its own figures (shown in full, in order); the table at the end gives each
script's exit code and wall time.  bench/startup.py (start-up and kit speed) always runs first.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# Arguments for --quick: a smaller run of the scripts that take options, so the whole set
# finishes in a few minutes.  Scripts not listed run with no arguments.
QUICK = {
    "startup.py": ["--runs", "5"],
    "add_residue_solver.py": ["--max-n", "5", "--three", "2"],
    "curve_solver.py": ["--count", "8", "--limit", "2"],
    "ikes_simulate.py": ["200", "1"],
    "knives_simulate.py": ["2000"],
    "enter_table.py": ["--changes", "15"],
}
# Further runs of a script, each with these arguments added (the quick settings still apply).
MORE = {
    "curve_solver.py": [["--n", "20"], ["--n", "30"]],
}
# Arguments a script always needs (it is a tool that takes a required argument).
ARGS = {
    "ikes_tune.py": ["N,E,S,W,NS,EW", "200", "1"],  # the shipped wall layout, as a reference figure
}


def scripts(words: list[str]) -> list[Path]:
    found = sorted(p for p in HERE.glob("*.py") if p.name not in ("run_all.py", "__init__.py")
                   and not p.name.startswith("_"))
    found.sort(key=lambda p: (p.name != "startup.py", p.name))
    if words:
        found = [p for p in found if any(w in p.stem for w in words)]
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("only", nargs="*", help="run only scripts whose name contains one of these")
    ap.add_argument("--quick", action="store_true", help="smaller runs where a script takes options")
    ap.add_argument("--timeout", type=float, default=1200, help="seconds allowed per script")
    args = ap.parse_args()

    rows = []
    runs = [(script, more) for script in scripts(args.only) for more in [[], *MORE.get(script.name, [])]]
    for script, more in runs:
        extra = ARGS.get(script.name, []) + (QUICK.get(script.name, []) if args.quick else []) + more
        cmd = [sys.executable, str(script), *extra]
        print(f"\n=== {script.name} {' '.join(extra)}".rstrip(), flush=True)
        t0 = time.perf_counter()
        try:
            p = subprocess.run(cmd, cwd=ROOT, timeout=args.timeout, text=True, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
            code, out = p.returncode, p.stdout
        except subprocess.TimeoutExpired as e:
            code, out = "timeout", (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        seconds = time.perf_counter() - t0
        print(out.rstrip(), flush=True)
        last = next((line.strip() for line in reversed(out.splitlines()) if line.strip()), "")
        rows.append((" ".join([script.name, *more]), code, seconds, last))

    print("\n=== summary")
    print(f"| {'benchmark':<26} | {'exit':>7} | {'seconds':>8} | last line")
    print(f"|{'-' * 28}|{'-' * 9}|{'-' * 10}|{'-' * 40}")
    for name, code, seconds, last in rows:
        print(f"| {name:<26} | {str(code):>7} | {seconds:>8.1f} | {last[:90]}")
    return 0 if all(code == 0 for _, code, _, _ in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

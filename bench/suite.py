"""How long the suite takes, as CI takes it: a fresh clone of the committed tree, `bash .ci/run` in it (apt-get,
a new virtual environment, the test extras, `pytest -n auto`), timed whole, with the tests and search examples
it ran; and the fast lane (`pytest -n auto -m "not browser"`) in that clone's environment.

    python bench/suite.py                 # one run of each
    python bench/suite.py --runs 3        # three of each, taken in turns
    python bench/suite.py --lane fast     # the fast lane alone (a clone and its set-up first, untimed)

Run it on a quiet machine: it measures the machine as much as the suite (`uptime` is printed with each run).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COUNTS = re.compile(r"tests run: (\d+); searches: (\d+), examples run in them: (\d+)")
CLOSING = re.compile(r"^=* ?(.*(?:passed|failed).*) in [\d.]+s", re.M)


def load() -> str:
    return Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"


def clone(into: Path) -> Path:
    subprocess.run(["git", "clone", "-q", str(ROOT), str(into)], check=True)
    return into


def timed(cmd: list[str], cwd: Path, env: dict) -> tuple[float, str, int]:
    start = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    return time.perf_counter() - start, p.stdout + p.stderr, p.returncode


def summary(out: str) -> str:
    counts = COUNTS.findall(out)
    closing = CLOSING.findall(out)
    tests, searches, examples = counts[-1] if counts else ("?", "?", "?")
    return f"{closing[-1] if closing else 'no closing line'}; {tests} tests, {examples} examples in {searches} searches"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--lane", choices=("all", "ci", "fast"), default="all")
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["CI"] = "true"
    figures: dict[str, list[float]] = {"ci": [], "fast": []}
    # a command started in the background of a shell without job control inherits Ctrl-C ignored, and so would
    # every test of Ctrl-C: the children get Ctrl-C's default back (a handled signal is reset on exec)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    work = Path(tempfile.mkdtemp(prefix="printkit-suite-"))
    work.chmod(0o755)  # the tests that run a command as another user must reach the clone
    try:
        for run in range(1, args.runs + 1):
            checkout = clone(work / f"run{run}")
            if args.lane in ("all", "ci"):
                print(f"run {run}: bash .ci/run in a fresh clone (load {load()}) ...", flush=True)
                took, out, code = timed(["bash", ".ci/run"], checkout, env)
                figures["ci"].append(took)
                print(f"  .ci/run: {took:.0f} s, exit {code}: {summary(out)}", flush=True)
                (work / f"ci-{run}.log").write_text(out)
            else:
                subprocess.run(["bash", "-c", "python3 -m venv .venv && . .venv/bin/activate && "
                                "pip install -q -e '.[test]'"], cwd=checkout, env=env, check=True)
            if args.lane in ("all", "fast"):
                print(f"run {run}: the fast lane (load {load()}) ...", flush=True)
                took, out, code = timed(["bash", "-c", ". .venv/bin/activate && pytest -n auto -m 'not browser'"],
                                        checkout, env)
                figures["fast"].append(took)
                print(f"  fast lane: {took:.0f} s, exit {code}: {summary(out)}", flush=True)
            shutil.rmtree(checkout, ignore_errors=True)
        for lane, times in figures.items():
            if times:
                print(f"{lane}: " + ", ".join(f"{t:.0f} s" for t in times) + f" (median {statistics.median(times):.0f} s)")
    finally:
        print(f"logs in {work}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

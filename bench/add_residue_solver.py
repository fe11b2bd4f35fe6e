"""Add/Residue solver benchmark: exact perfect-play value for n = 3..6, and a review.

    python bench/add_residue_solver.py            # n = 3..6, each in a fresh process
    python bench/add_residue_solver.py --max-n 5 --baseline

Prints, per n: the margin, wall and CPU seconds, positions searched, positions
per CPU second, table entries and the process's peak memory.  With
--baseline, also a plain memoised negamax (no pruning) for comparison.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def one(n: int) -> dict:
    from printkit.games.add_residue.solver import Solver, start

    s = Solver(n)
    t0, c0 = time.perf_counter(), time.process_time()
    v = s.value(*start(n))
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"n": n, "margin": v, "wall": wall, "cpu": cpu, "visited": s.visited, "table": len(s.table), "rss_mb": rss}


def baseline(n: int) -> dict:
    """Plain memoised negamax: the starting point the solver is measured against."""
    full = (1 << n) - 1

    @lru_cache(maxsize=None)
    def neg(ma, mm, oa, om, m):
        best = None
        for c in range(1, n + 1):
            bit = 1 << (c - 1)
            if ma & bit:
                v = -neg(oa, om, ma & ~bit, mm, m + c)
                best = v if best is None else max(best, v)
            if mm & bit:
                v = m % c - neg(oa, om, ma, mm & ~bit, m % c)
                best = v if best is None else max(best, v)
        return 0 if best is None else best

    t0, c0 = time.perf_counter(), time.process_time()
    v = neg(full, full, full, full, 0)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"n": n, "margin": v, "wall": wall, "cpu": cpu, "visited": neg.cache_info().currsize, "table": 0, "rss_mb": rss}


def review_one(n: int, seed: int) -> dict:
    from printkit.games.add_residue.game import Results
    from printkit.games.add_residue.review import review
    from printkit.inputs import parse, validate

    rng = random.Random(seed)
    piles = {p: [("add", c) for c in range(1, n + 1)] + [("mod", c) for c in range(1, n + 1)] for p in ("Ann", "Ben")}
    moves = []
    for k in range(4 * n):
        who = ("Ann", "Ben")[k % 2]
        pile, c = piles[who].pop(rng.randrange(len(piles[who])))
        moves.append(f"{who} {pile} {c}")
    text = f"game: add-residue\nplayers: [Ann, Ben]\nn: {n}\nmoves:\n" + "".join(f"  - {m}\n" for m in moves)
    res = validate(Results, parse(text, "bench"))
    t0, c0 = time.perf_counter(), time.process_time()
    reviewed, info = review(res)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    lost = sum(r.loss for r in reviewed)
    return {"n": n, "margin": info["start_value"], "wall": wall, "cpu": cpu, "visited": info["visited"],
            "table": 0, "rss_mb": rss, "lost": lost}


def child(kind: str, n: int) -> dict:
    p = subprocess.run([sys.executable, __file__, "--child", kind, str(n)], capture_output=True, text=True, check=True)
    return json.loads(p.stdout)


def show(label: str, r: dict) -> None:
    rate = r["visited"] / r["cpu"] if r["cpu"] > 0 else 0.0
    extra = f"  total loss {r['lost']}" if "lost" in r else ""
    print(f"{label:<9} n={r['n']}  margin {r['margin']:+d}  wall {r['wall']:7.2f} s  cpu {r['cpu']:7.2f} s  "
          f"positions {r['visited']:>10,}  {rate:>9,.0f}/s  table {r['table']:>10,}  peak {r['rss_mb']:7.0f} MB{extra}",
          flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-n", type=int, default=6)
    ap.add_argument("--min-n", type=int, default=3)
    ap.add_argument("--baseline", action="store_true", help="also time a plain memoised negamax (n <= 5: slow)")
    ap.add_argument("--review", type=int, default=5, help="review a random game of this n (0: none)")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        kind, n = a.child[0], int(a.child[1])
        fn = {"solve": one, "plain": baseline, "review": lambda k: review_one(k, 1)}[kind]
        print(json.dumps(fn(n)))
        return
    for n in range(a.min_n, a.max_n + 1):
        show("solver", child("solve", n))
        if a.baseline and n <= 5:
            show("plain", child("plain", n))
    if a.review:
        show("review", child("review", a.review))


if __name__ == "__main__":
    main()

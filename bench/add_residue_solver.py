"""Add/Residue solver benchmark: exact perfect-play value for n = 3..7, the openings pass, three players,
and a review.

    python bench/add_residue_solver.py            # n = 3..6, each in a fresh process
    python bench/add_residue_solver.py --max-n 7  # n = 7 too (a minute or two)
    python bench/add_residue_solver.py --max-n 5 --baseline --workers 1

Prints, per n: the margin, wall and CPU seconds (CPU: the first process only), positions searched by the
first process, positions per CPU second, table entries and the peak memory of the process (the table is
shared with the helper, so it counts once).  --workers: processes searching together (default: as the
command, up to 2).  --openings: also time the openings pass.  --three N: the three-player search for
n = 1..N.  With --baseline, also a plain memoised negamax (no pruning) for comparison.
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


def one(n: int, workers: int = 2, openings: bool = False) -> dict:
    from printkit.games.add_residue.perfect import start, value_of_start

    t0, c0 = time.perf_counter(), time.process_time()
    v, s = value_of_start(n, workers)
    out = {"n": n, "margin": v, "wall": time.perf_counter() - t0, "cpu": time.process_time() - c0,
           "visited": s.visited, "table": s.entries, "table_mb": s.table_bytes / 2**20}
    if openings:
        full = (1 << n) - 1
        best = [str(mv) for mv in s.moves(full, full) if s.move_at_least(*start(n), mv, v)]
        out.update(openings_wall=time.perf_counter() - t0, best=best)
    out["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def three(n: int) -> dict:
    from printkit.games.add_residue.three import guaranteed

    t0, c0 = time.perf_counter(), time.process_time()
    points, visited = guaranteed(n)
    return {"n": n, "margin": points[0] - max(points[1:]), "points": points, "wall": time.perf_counter() - t0,
            "cpu": time.process_time() - c0, "visited": visited, "table": 0,
            "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


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
    from printkit.inputs import parse
    from printkit.validation import validate

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


def child(kind: str, n: int, *extra: str) -> dict:
    p = subprocess.run([sys.executable, __file__, "--child", kind, str(n), *extra], capture_output=True, text=True,
                       check=True)
    return json.loads(p.stdout)


def show(label: str, r: dict) -> None:
    rate = r["visited"] / r["cpu"] if r["cpu"] > 0 else 0.0
    extra = f"  total loss {r['lost']}" if "lost" in r else ""
    if "table_mb" in r:
        extra += f" ({r['table_mb']:.0f} MB)"
    if "best" in r:
        extra += f"  with openings {r['openings_wall']:.2f} s: {', '.join(r['best'])}"
    if "points" in r:
        extra += f"  guaranteed points {r['points']}"
    print(f"{label:<9} n={r['n']}  margin {r['margin']:+d}  wall {r['wall']:7.2f} s  cpu {r['cpu']:7.2f} s  "
          f"positions {r['visited']:>10,}  {rate:>9,.0f}/s  table {r['table']:>10,}  peak {r['rss_mb']:7.0f} MB{extra}",
          flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-n", type=int, default=6)
    ap.add_argument("--min-n", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--openings", action="store_true", help="also time the openings pass")
    ap.add_argument("--three", type=int, default=3, help="three players for n = 1..THREE (0: none)")
    ap.add_argument("--baseline", action="store_true", help="also time a plain memoised negamax (n <= 5: slow)")
    ap.add_argument("--review", type=int, default=5, help="review a random game of this n (0: none)")
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        kind, n = a.child[0], int(a.child[1])
        if kind == "solve":
            print(json.dumps(one(n, int(a.child[2]), a.child[3] == "1")))
            return
        fn = {"plain": baseline, "review": lambda k: review_one(k, 1), "three": three}[kind]
        print(json.dumps(fn(n)))
        return
    for n in range(a.min_n, a.max_n + 1):
        show("solver", child("solve", n, str(a.workers), "1" if a.openings else "0"))
        if a.baseline and n <= 5:
            show("plain", child("plain", n))
    for n in range(1, a.three + 1):
        show("3 players", child("three", n))
    if a.review:
        show("review", child("review", a.review))


if __name__ == "__main__":
    main()

"""Within The Curve solver benchmark: seeded random curves, how many are proven best, how fast.

Run by hand:  python bench/curve_solver.py [--n 12] [--count 40] [--limit 5] [--seed 1] [--workers 1]
              python bench/curve_solver.py --n 20      # inside sizes up to n*n/4 unless --hi is given
              python bench/curve_solver.py --n 30 --only blob
              python bench/curve_solver.py --n 30 --seed 21-25   # the README's table: several seeds, then a TOTAL
Two seeded sets: "blob" curves round compact regions and "corridor" curves hugging a random tree
of squares (inside one square wide, so fills often stop short and the bound needs a real proof).
Prints one line per curve (wall and CPU seconds) and a summary per set, ending in a SUMMARY line: proven
share, median and worst gap (bound - best) of the curves left open, slowest run, and the load average
before and after.  Given several seeds (``21-25`` or ``11,13``), a TOTAL line per kind sums them up.  Share the machine with nothing else for honest times.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from printkit.games.curve import geometry as geo
from printkit.games.curve import solver


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--n", type=int, default=12)
    ap.add_argument("--limit", type=float, default=5.0, help="seconds per curve")
    ap.add_argument("--seed", type=seeds, default=[1], help="a seed, a range 21-25 or a list 11,13")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--lo", type=int, default=8, help="fewest inside squares")
    ap.add_argument("--hi", type=int, default=0, help="most inside squares (0: 40 on 12 x 12, else n * n / 4)")
    ap.add_argument("--only", choices=["blob", "corridor"], help="one set of curves only")
    args = ap.parse_args()
    if not args.hi:
        args.hi = 40 if args.n <= 12 else args.n * args.n // 4

    for thin in (False, True):
        if args.only in (None, "corridor" if thin else "blob"):
            sets = [run(args, seed, thin) for seed in args.seed]
            if len(sets) > 1:
                proven = sum(p for p, _, _ in sets)
                gaps = [g for _, gs, _ in sets for g in gs]
                gap = f"median {statistics.median(gaps):g}, worst {max(gaps)}" if gaps else "none open"
                print(f"TOTAL n={args.n} {'corridor' if thin else 'blob'} seeds={','.join(map(str, args.seed))}: "
                      f"proven {proven}/{args.count * len(sets)}; gap {gap}; slowest {max(t for _, _, t in sets):.2f} s")


def seeds(text: str) -> list[int]:
    """'7' -> [7]; '21-25' -> [21, ..., 25]; '11,13' -> [11, 13]."""
    out = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    return out


def run(args, seed: int, thin: bool) -> tuple[int, list[int], float]:
    """Blobs: compact regions (most fill completely).  Corridors: a curve hugging a random tree of squares,
    so the inside is one square wide and many squares touch the curve twice (fills often stop short)."""
    rng = random.Random(seed)
    curves = []
    lo = 1 if thin else args.lo
    while len(curves) < args.count:
        route = geo.random_curve(args.n, rng.randint(args.lo, args.hi), rng, thin=thin)
        k = len(geo.interior(route, args.n))
        if lo <= k <= args.hi:
            curves.append(route)
    kind = "corridor" if thin else "blob"
    print(f"\n== {kind} curves, seed {seed} ==")
    proven, times, cpu, gaps, short = 0, [], [], [], 0
    load = open("/proc/loadavg").read().split()[0] if os.path.exists("/proc/loadavg") else "?"
    bands: dict[str, list[int]] = {}
    t_all = time.perf_counter()
    for i, route in enumerate(curves, 1):
        c0 = time.process_time()
        sol = solver.solve(route, args.n, args.limit, args.workers)
        cpu.append(time.process_time() - c0)
        inside = len(geo.interior(route, args.n))
        proven += sol.proven
        short += sol.proven and sol.best < inside
        times.append(sol.seconds)
        if not sol.proven:
            gaps.append(sol.bound - sol.best)
        band = "under 40" if inside < 40 else "40-59" if inside < 60 else "60-79" if inside < 80 else \
            "80-119" if inside < 120 else "120+"
        bands.setdefault(band, [0, 0])
        bands[band][0] += sol.proven
        bands[band][1] += 1
        print(f"{i:3d}  L={len(route):3d}  inside={inside:3d}  best={sol.best:3d}  bound={sol.bound:3d}  "
              f"{'proven' if sol.proven else 'open  '}  {sol.seconds:6.2f} s  cpu {cpu[-1]:5.2f} s")
    solved = sorted(t for t in times)
    sizes = [len(geo.interior(r, args.n)) for r in curves]
    print(f"{args.count} {kind} curves on {args.n}x{args.n}, {min(sizes)}-{max(sizes)} inside squares, "
          f"seed {seed}, limit {args.limit:g} s, {args.workers} worker(s)")
    print(f"proven best: {proven}/{args.count}; median {statistics.median(solved):.2f} s, "
          f"max {max(solved):.2f} s, total {time.perf_counter() - t_all:.1f} s")
    print(f"proven best below the inside's size (so the bound is a real proof, not just the count): {short}")
    print("by inside size: " + ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in
                                         sorted(bands.items(), key=lambda kv: int(kv[0].split()[-1].split('-')[0].rstrip('+')))))
    print(f"time over the limit: at most {max(0.0, max(times) - args.limit):.2f} s")
    if gaps:
        print(f"unproven: bound - best = {sorted(gaps)}")
    gap = f"median {statistics.median(gaps):g}, worst {max(gaps)}" if gaps else "none open"
    print(f"SUMMARY n={args.n} {kind} seed={seed}: proven {proven}/{args.count}; gap {gap}; slowest "
          f"{max(times):.2f} s (cpu {max(cpu):.2f} s); load {load} -> {open('/proc/loadavg').read().split()[0]}")
    return proven, gaps, max(times)


if __name__ == "__main__":
    main()

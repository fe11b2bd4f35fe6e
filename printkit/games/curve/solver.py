"""The best fill of one curve: start, direction and interior numbers, with a proof.

For a curve of L squares enclosing the interior I, a fill chooses where the
curve's 1 goes and which way it counts (2L choices), then writes 1..k in
distinct squares of I so that every interior number is coprime with each
number beside it.  ``solve`` maximises k with OR-Tools CP-SAT:

- x[v, j]: square v holds j (j = 1..|I|); each square at most one number,
  each number at most once, and number j+1 only if j (so k = sum of used).
- z[v, p] = sum of x[v, j] over the multiples j of the prime p: two interior
  neighbours may not both hold multiples of p.
- w[o]: numbering o of the curve is chosen (exactly one).  For an interior
  square v and prime p, if o puts a multiple of p beside v, then z[v, p] + w[o]
  <= 1.  Numberings that forbid a superset of what another forbids are never
  better and are left out.

``exhaustive`` tries everything and is only for tiny interiors (tests).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from math import gcd

from . import geometry as geo
from .geometry import Square


def primes_upto(k: int) -> list[int]:
    return [p for p in range(2, k + 1) if all(p % q for q in range(2, int(p ** 0.5) + 1))]


@dataclass
class Solution:
    best: int  # highest top number found
    bound: int  # no fill can go higher
    start: int  # route index of the curve's 1
    direction: int  # +1: 2 is route[start + 1]; -1: route[start - 1]
    fill: dict[Square, int]  # interior square -> number
    seconds: float = 0.0
    status: str = ""

    @property
    def proven(self) -> bool:
        return self.best >= self.bound


def _numberings(route: list[Square], inside: list[Square], n: int, primes: list[int]) -> list[tuple[int, int, frozenset]]:
    """(start, direction, forbidden (square, prime) pairs) for the numberings worth trying."""
    L = len(route)
    index = {sq: i for i, sq in enumerate(route)}
    beside = {v: [index[q] for q in geo.neighbours(v, n) if q in index] for v in inside}
    seen: dict[frozenset, tuple[int, int]] = {}
    for s in range(L):
        for d in (1, -1):
            forbid = frozenset((v, p) for v in inside for i in beside[v] for p in primes
                               if ((i - s) * d % L + 1) % p == 0)
            seen.setdefault(forbid, (s, d))
    sets = sorted(seen, key=len)
    keep: list[frozenset] = []
    for f in sets:  # drop a numbering that forbids everything another one forbids, and more
        if not any(g <= f for g in keep):
            keep.append(f)
    return [(*seen[f], f) for f in keep]


def solve(route: list[Square], n: int, time_limit: float = 10.0, workers: int = 1, seed: int = 0) -> Solution:
    """The best fill CP-SAT finds within ``time_limit`` seconds, with its proven upper bound.

    One worker (the default) is deterministic: the same curve always gets the same fill.  More workers
    race several strategies; they find the same best value but may show a different fill each run."""
    from ortools.sat.python import cp_model

    t0 = time.perf_counter()
    inside = sorted(geo.interior(route, n))
    K = len(inside)
    if K == 0:
        return Solution(0, 0, 0, 1, {}, time.perf_counter() - t0, "OPTIMAL")
    primes = primes_upto(K)
    options = _numberings(route, inside, n, primes)
    model = cp_model.CpModel()
    nums = range(1, K + 1)
    # numbers with the same prime factors are interchangeable: place classes, not numbers
    classes: dict[tuple[int, ...], list[int]] = {}
    for j in nums:
        classes.setdefault(tuple(p for p in primes if j % p == 0), []).append(j)
    sigs = sorted(classes)
    x = {(v, c): model.NewBoolVar(f"x{v}_{c}") for v in inside for c in sigs}
    y = {j: model.NewBoolVar(f"y{j}") for j in nums}
    for v in inside:
        model.AddAtMostOne(x[v, c] for c in sigs)
    for j in nums:
        if j > 1:
            model.AddImplication(y[j], y[j - 1])
    for c in sigs:
        model.Add(sum(x[v, c] for v in inside) == sum(y[j] for j in classes[c]))
    z = {}
    for v in inside:
        for p in primes:
            z[v, p] = model.NewBoolVar(f"z{v}_{p}")
            model.Add(sum(x[v, c] for c in sigs if p in c) == z[v, p])
    inset = set(inside)
    for v in inside:
        for q in geo.neighbours(v, n):
            if q in inset and q > v:
                for p in primes:
                    if 2 * p <= K:
                        model.AddBoolOr([z[v, p].Not(), z[q, p].Not()])
    w = [model.NewBoolVar(f"w{i}") for i in range(len(options))]
    model.AddExactlyOne(w)
    uses: dict[tuple[Square, int], list] = {}
    for wi, (_, _, forbid) in zip(w, options):
        for key in forbid:
            uses.setdefault(key, []).append(wi)
    for key, ws in uses.items():
        model.AddAtMostOne([z[key], *ws])
    # Redundant, for a stronger relaxation: the grid is bipartite and L is even, so the curve numbers
    # beside an interior square are all even or all odd, and which one depends only on whether the
    # 1 sits on an even or odd route index.  One bit says which; evens keep off the squares it rules out.
    if 2 in primes:
        odd_start = model.NewBoolVar("odd_start")
        for wi, (s, _, _) in zip(w, options):
            model.AddImplication(wi, odd_start if s % 2 else odd_start.Not())
        index = {sq: i for i, sq in enumerate(route)}
        for v in inside:
            near = [index[q] for q in geo.neighbours(v, n) if q in index]
            if near:
                # the neighbour at index i holds an even number when i - start is odd; then v holds no even
                model.AddImplication(z[v, 2], odd_start if near[0] % 2 else odd_start.Not())
    model.Maximize(sum(y.values()))
    # a greedy fill as a starting point
    hint = greedy(route, n, options)
    for i, (s, d, _) in enumerate(options):
        model.AddHint(w[i], (s, d) == (hint.start, hint.direction))
    sig_of = {j: c for c in sigs for j in classes[c]}
    for v in inside:
        for c in sigs:
            model.AddHint(x[v, c], v in hint.fill and sig_of[hint.fill[v]] == c)
    for j in nums:
        model.AddHint(y[j], j <= hint.best)

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, time_limit - (time.perf_counter() - t0))
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = max(1, workers)
    solver.parameters.catch_sigint_signal = False  # Ctrl-C stays the caller's (printkit enter saves, then stops)
    status = solver.Solve(model)
    seconds = time.perf_counter() - t0
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        hint.bound, hint.seconds, hint.status = K, seconds, solver.StatusName(status)
        return hint
    best = int(round(solver.ObjectiveValue()))
    bound = K if status != cp_model.OPTIMAL else best
    if status == cp_model.FEASIBLE:
        bound = min(K, int(solver.BestObjectiveBound() + 1e-6))
    chosen = next(i for i, wi in enumerate(w) if solver.Value(wi))
    s, d, _ = options[chosen]
    fill = {}
    for c in sigs:  # the class's numbers up to the best, in any order: here, reading order
        spots = [v for v in inside if solver.Value(x[v, c])]
        fill.update(zip(spots, [j for j in classes[c] if j <= best]))
    if best < hint.best:  # cannot happen with a hint, but never report worse than greedy
        hint.bound, hint.seconds = max(bound, hint.best), seconds
        return hint
    return Solution(best, bound, s, d, fill, seconds, solver.StatusName(status))


def greedy(route: list[Square], n: int, options=None) -> Solution:
    """A quick fill: for each numbering, place 1, 2, 3, ... in the first square that takes it."""
    inside = sorted(geo.interior(route, n))
    if options is None:
        options = _numberings(route, inside, n, primes_upto(len(inside)))
    best = Solution(-1, len(inside), 0, 1, {})
    for s, d, _ in options:
        written = geo.curve_values(route, s, d)
        fill: dict[Square, int] = {}
        k = 0
        while True:
            spot = next((v for v in inside if v not in fill and geo.fits(k + 1, v, written, n)), None)
            if spot is None:
                break
            k += 1
            fill[spot] = k
            written[spot] = k
        if k > best.best:
            best = Solution(k, len(inside), s, d, fill, status="GREEDY")
    return best


def exhaustive(route: list[Square], n: int) -> Solution:
    """Every numbering and every placement: the true best (tiny interiors only)."""
    inside = sorted(geo.interior(route, n))
    L = len(route)
    best = Solution(0, len(inside), 0, 1, {}, status="EXHAUSTIVE")
    for s in range(L):
        for d in (1, -1):
            written = geo.curve_values(route, s, d)
            fill: dict[Square, int] = {}

            def go(k: int) -> None:
                nonlocal best
                if k > best.best:
                    best = Solution(k, len(inside), s, d, dict(fill), status="EXHAUSTIVE")
                for v in inside:
                    if v not in fill and all(gcd(k + 1, written[q]) == 1 for q in geo.neighbours(v, n) if q in written):
                        fill[v] = written[v] = k + 1
                        go(k + 1)
                        del fill[v], written[v]

            go(0)
    best.bound = best.best
    return best

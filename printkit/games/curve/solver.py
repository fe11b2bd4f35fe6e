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

Before the model is built, quick answers that often settle a curve (a greedy fill first):

- bounds per numbering (``option_bounds``): the numbers 1..k must each get an inside square whose
  curve neighbours share no factor with it (``matching_bound``, a bipartite matching); and the multiples of a prime p up to k must stand on inside
  squares no two of them side by side and none beside a curve multiple of p, so there are at most as
  many as the largest such set of squares (a grid is bipartite: squares minus a maximum matching).
  For p = 2 only the parity of the curve's 1 matters (the grid's colouring), so this is cheap; for
  odd p every kept numbering is counted (p * (room + 1) - 1); 3 comes first, as it settles most
  corridors, then the matching, then the other primes.  The bound is the largest over the
  numberings.  CP-SAT then gets only the numberings whose bound beats the best fill found, is asked for
  more than it (no answer: that fill is proven best), and has each numbering's bound
  and the evens' room per parity as redundant constraints.
- then a full fill (``search.find_fill``): a seeded min-conflicts search from a matching of numbers to
  squares the curve allows, the evens first kept on a largest set of squares they may have, none side
  by side (on big insides they need nearly all of one colour); a fill of every inside square is proven
  best.  Where no full fill turns up, the same search looks for fills one number higher than the best
  so far.
- then the joint bound of 2 and 3 (``joint``) on the numberings that might beat the best fill found:
  the evens and the multiples of 3 placed together (they meet in the multiples of 6), which settles
  corridors whose other bounds allow a full fill.

The time limit covers everything: the searches before the model stop in time to leave CP-SAT its
share, and CP-SAT gets what is left less a small margin for reading its answer.

``exhaustive`` tries everything and is only for tiny interiors (tests).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from math import gcd

from . import geometry as geo
from .geometry import Square
from .bounds import even_ok, option_bounds, primes_upto, room_for_evens
from .joint import joint_bounds
from .search import find_fill


@dataclass
class Solution:
    best: int  # highest top number found
    bound: int  # no fill can go higher
    start: int  # route index of the curve's 1
    direction: int  # +1: 2 is route[start + 1]; -1: route[start - 1]
    fill: dict[Square, int]  # interior square -> number
    seconds: float = 0.0
    status: str = ""
    phases: dict = field(default_factory=dict)  # seconds from the start at which each step ended

    @property
    def proven(self) -> bool:
        return self.best >= self.bound


def _numberings(route: list[Square], inside: list[Square], n: int, primes: list[int]) -> list[tuple[int, int, frozenset]]:
    """(start, direction, forbidden (square, prime) pairs) for the numberings worth trying."""
    L = len(route)
    index = {sq: i for i, sq in enumerate(route)}
    beside = {v: [index[q] for q in geo.neighbours(v, n) if q in index] for v in inside}
    wanted = set(primes)
    factors = [[p for p in primes_upto(x) if x % p == 0 and p in wanted] for x in range(L + 1)]
    pairs = [(v, i) for v in inside for i in beside[v]]
    seen: dict[frozenset, tuple[int, int]] = {}
    for s in range(L):
        for d in (1, -1):
            forbid = frozenset((v, p) for v, i in pairs for p in factors[(i - s) * d % L + 1])
            seen.setdefault(forbid, (s, d))
    sets = sorted(seen, key=len)
    keep: list[frozenset] = []
    for f in sets:  # drop a numbering that forbids everything another one forbids, and more
        if not any(g <= f for g in keep):
            keep.append(f)
    return [(*seen[f], f) for f in keep]


MARGIN = 0.15  # seconds kept back from CP-SAT for reading its answer (and a busy machine)


def solve(route: list[Square], n: int, time_limit: float = 10.0, workers: int = 1, seed: int = 0) -> Solution:
    """The best fill CP-SAT finds within ``time_limit`` seconds, with its proven upper bound.

    One worker (the default) is deterministic: the same curve always gets the same fill.  More workers
    race several strategies; they find the same best value but may show a different fill each run."""
    from ortools.sat.python import cp_model  # noqa: F401 - loaded before the clock starts

    t0 = time.perf_counter()
    phases: dict[str, float] = {}
    sol = _solve(route, n, time_limit, workers, seed, t0, lambda name: phases.setdefault(name, time.perf_counter() - t0))
    sol.phases = phases
    return sol


def _solve(route, n, time_limit, workers, seed, t0, mark) -> Solution:
    from ortools.sat.python import cp_model

    inside = sorted(geo.interior(route, n))
    K = len(inside)
    if K == 0:
        return Solution(0, 0, 0, 1, {}, time.perf_counter() - t0, "OPTIMAL")
    primes = primes_upto(K)
    options = _numberings(route, inside, n, primes)
    mark("numberings")
    # a greedy fill (on the first numberings only: a full fill below is the better use of the time)
    hint = greedy(route, n, options, t0 + 0.08 * time_limit)
    mark("greedy")
    if hint.best == K:
        hint.bound, hint.seconds, hint.status = K, time.perf_counter() - t0, "OPTIMAL"
        return hint
    ubs = option_bounds(route, inside, n, options, t0 + 0.3 * time_limit, hint.best)
    mark("bounds")
    cap = max(ubs)
    if hint.best >= cap:
        hint.bound, hint.seconds, hint.status = cap, time.perf_counter() - t0, "OPTIMAL"
        return hint
    # a full fill, proven best as it stands, on the numberings whose bounds allow one (the greedy fill's
    # numbering first), each search starting from a matching of numbers to squares; most curves that
    # can be filled are filled here
    whole = [o for o, ub in zip(options, ubs) if ub == K]
    whole.sort(key=lambda o: (o[0], o[1]) != (hint.start, hint.direction))
    found = find_fill(route, inside, n, whole, K, t0 + 0.45 * time_limit, seed) if whole else None
    mark("full fill")
    if found is not None:
        s, d, fill = found
        return Solution(K, K, s, d, fill, time.perf_counter() - t0, "OPTIMAL")
    # then fills one number higher than the best so far, while they come (CP-SAT starts from the best)
    while hint.best < cap and time.perf_counter() < t0 + 0.6 * time_limit:
        top = hint.best + 1
        room = [o for o, ub in zip(options, ubs) if ub >= top]
        room.sort(key=lambda o: (o[0], o[1]) != (hint.start, hint.direction))
        found = find_fill(route, inside, n, room, top, t0 + 0.6 * time_limit, seed)
        if found is None:
            break
        hint = Solution(top, K, *found, status="SEARCH")
    mark("search")
    # the joint bound of 2 and 3 on the numberings that might beat the fill found (often none do)
    ubs = joint_bounds(inside, n, options, ubs, hint.best, t0 + 0.75 * time_limit)
    cap = max(ubs)
    mark("joint")
    if hint.best >= cap:
        hint.bound, hint.seconds, hint.status = cap, time.perf_counter() - t0, "OPTIMAL"
        return hint
    # only numberings that might beat the greedy fill go into the model, which asks for more than it
    keep = [i for i, ub in enumerate(ubs) if ub > hint.best]
    options, ubs = [options[i] for i in keep], [ubs[i] for i in keep]
    model = cp_model.CpModel()
    # building a big model takes seconds: give up on it (the greedy fill and the bound stand) if it would
    # leave CP-SAT no time
    stop = t0 + time_limit - MARGIN - 0.1

    def late() -> bool:
        if time.perf_counter() > stop:
            hint.bound, hint.seconds, hint.status = cap, time.perf_counter() - t0, "UNKNOWN"
            return True
        return False

    nums = range(1, K + 1)
    # numbers with the same prime factors are interchangeable: place classes, not numbers
    classes: dict[tuple[int, ...], list[int]] = {}
    for j in nums:
        classes.setdefault(tuple(p for p in primes if j % p == 0), []).append(j)
    sigs = sorted(classes)
    x = {}
    for v in inside:
        if late():
            return hint
        for c in sigs:
            x[v, c] = model.NewBoolVar(f"x{v}_{c}")
        model.AddAtMostOne(x[v, c] for c in sigs)
    y = {j: model.NewBoolVar(f"y{j}") for j in nums}
    for j in nums:
        if j > 1:
            model.AddImplication(y[j], y[j - 1])
    for c in sigs:
        if late():
            return hint
        model.Add(sum(x[v, c] for v in inside) == sum(y[j] for j in classes[c]))
    if late():
        return hint
    z = {}
    for v in inside:
        if late():
            return hint
        for p in primes:
            z[v, p] = model.NewBoolVar(f"z{v}_{p}")
            model.Add(sum(x[v, c] for c in sigs if p in c) == z[v, p])
    inset = set(inside)
    for v in inside:
        if late():
            return hint
        for q in geo.neighbours(v, n):
            if q in inset and q > v:
                for p in primes:
                    if 2 * p <= K:
                        model.AddBoolOr([z[v, p].Not(), z[q, p].Not()])
    if late():
        return hint
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
        ok_even, ok_odd = even_ok(route, inside, n)  # the squares that may hold an even, per parity of the 1
        for v in inside:
            if v not in ok_even:
                model.AddImplication(z[v, 2], odd_start)
            if v not in ok_odd:
                model.AddImplication(z[v, 2], odd_start.Not())
    model.Maximize(sum(y.values()))
    model.Add(sum(y.values()) >= hint.best + 1)
    model.Add(sum(y.values()) <= sum(ub * wi for ub, wi in zip(ubs, w)))
    if 2 in primes:  # the evens' room for each parity of the 1 (room_for_evens), as a redundant constraint
        room = room_for_evens(route, inside, n)
        model.Add(sum(z[v, 2] for v in inside) <= room[0] + (room[1] - room[0]) * odd_start)

    if late():
        return hint
    mark("model")
    solver = cp_model.CpSolver()
    # CP-SAT loads and presolves a big model before it looks at the clock: keep back more for those
    left = time_limit - (time.perf_counter() - t0) - MARGIN - len(x) / 80_000
    if left < 0.02:  # no time left for CP-SAT: the greedy fill and the counting bound
        hint.bound, hint.seconds, hint.status = cap, time.perf_counter() - t0, "UNKNOWN"
        return hint
    solver.parameters.max_time_in_seconds = left
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = max(1, workers)
    solver.parameters.catch_sigint_signal = False  # Ctrl-C stays the caller's (printkit enter saves, then stops)
    status = solver.Solve(model)
    mark("cp-sat")
    seconds = time.perf_counter() - t0
    if status == cp_model.INFEASIBLE:  # nothing beats the greedy fill: it is the best
        hint.bound, hint.seconds, hint.status = hint.best, seconds, "OPTIMAL"
        return hint
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # no answer at all (time ran out in presolve, say): CP-SAT's bound is not to be trusted then
        hint.bound, hint.seconds, hint.status = cap, seconds, solver.StatusName(status)
        return hint
    best = int(round(solver.ObjectiveValue()))
    bound = cap if status != cp_model.OPTIMAL else best
    if status == cp_model.FEASIBLE:
        bound = min(cap, int(solver.BestObjectiveBound() + 1e-6))
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


def greedy(route: list[Square], n: int, options=None, deadline: float | None = None) -> Solution:
    """A quick fill: for each numbering, place 1, 2, 3, ... in the first square that takes it
    (numberings after ``deadline`` are not tried; the first always is)."""
    inside = sorted(geo.interior(route, n))
    if options is None:
        options = _numberings(route, inside, n, primes_upto(len(inside)))
    best = Solution(-1, len(inside), 0, 1, {})
    for s, d, _ in options:
        if deadline is not None and best.best >= 0 and time.perf_counter() > deadline:
            break
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

"""The joint bound of 2 and 3: an upper bound on a curve's top inside number for one numbering that
counts the even numbers and the multiples of 3 together.

Written 1..k, the numbers fall into four kinds: prime to 6 (1, 5, 7, 11, ...), even but not a multiple
of 3 (2, 4, 8, ...), a multiple of 3 but odd (3, 9, 15, ...), and multiples of 6.  Each inside square
holds at most one number; a square beside a curve multiple of 2 (of 3) takes no even number (no
multiple of 3); no two inside neighbours both hold even numbers, or both multiples of 3.  The top
number k is possible only if the four kinds, in their counts up to k, can be placed so: a small model
(four choices a square) that CP-SAT settles in milliseconds where the whole model takes minutes.  On
corridors this is what limits k: the squares beside odd curve numbers are the only ones for evens,
and the multiples of 6 must find those of them that are free of curve multiples of 3 too.

Taking one number away from a placement leaves a placement, so possible tops run 1..k without gaps
and the best top is found by bisection.  Numberings that forbid the same squares to 2 and 3 share
their answers."""

from __future__ import annotations

import time

from . import geometry as geo
from .geometry import Square

KINDS = ((), (2,), (3,), (2, 3))
CHECK = 0.2  # seconds at most for one check; a check not settled in time counts as possible
RUN = 16  # numberings asked about together at first (see joint_bounds)


def counts(k: int) -> list[int]:
    """How many of 1..k are of each kind (prime to 6, 2 only, 3 only, 6)."""
    six, two, three = k // 6, k // 2, k // 3
    return [k - two - three + six, two - six, three - six, six]


def possible(inside: list[Square], n: int, forbid: frozenset, k: int, limit: float = CHECK) -> bool:
    """Could 1..k be placed with respect to 2 and 3 alone, the curve forbidding ``forbid`` ((square,
    prime) pairs, primes 2 and 3)?  False only when CP-SAT proves it cannot."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x: dict[tuple[Square, int], object] = {}
    for v in inside:
        for t, kind in enumerate(KINDS):
            if not any((v, p) in forbid for p in kind):
                x[v, t] = model.NewBoolVar("")
        model.AddAtMostOne(x[v, t] for t in range(4) if (v, t) in x)
    for t, need in enumerate(counts(k)):
        have = [x[v, t] for v in inside if (v, t) in x]
        if len(have) < need:
            return False
        model.Add(sum(have) == need)
    inset = set(inside)
    for v in inside:
        for q in geo.neighbours(v, n):
            if q in inset and q > v:
                for p in (2, 3):
                    both = [x[s, t] for s in (v, q) for t, kind in enumerate(KINDS) if p in kind and (s, t) in x]
                    if len(both) > 1:
                        model.AddAtMostOne(both)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = limit
    solver.parameters.num_workers = 1
    solver.parameters.catch_sigint_signal = False
    return solver.Solve(model) != cp_model.INFEASIBLE


def joint_bounds(inside: list[Square], n: int, options, ubs: list[int], floor: int, deadline: float) -> list[int]:
    """Each numbering's bound ``ubs`` lowered by the joint bound of 2 and 3.  First every numbering
    whose bound is above ``floor`` (the best fill found) is asked whether floor + 1 is possible (a
    numbering that cannot beat the fill found drops to it); then, time allowing, the highest bounds are
    bisected down.  Past ``deadline`` the bounds stand as they are.

    Numberings with the 1 on the same route index modulo 6 and the same direction give the curve the
    same numbers modulo 6 except across the break between L and 1, so a run of them differs only near
    their starts: what the run's numberings all forbid (fewer squares, so a weaker question) is asked
    once for the whole run, and only a run where that is possible is split in two and asked again."""
    out = list(ubs)
    seen: dict[tuple[frozenset, int], bool] = {}
    keys = [frozenset(fp for fp in forbid if fp[1] in (2, 3)) for _, _, forbid in options]

    def ask(key: frozenset, k: int) -> bool | None:
        if (key, k) not in seen:
            if time.perf_counter() > deadline:
                return None
            seen[key, k] = possible(inside, n, key, k, min(CHECK, max(0.01, deadline - time.perf_counter())))
        return seen[key, k]

    def settle(run: list[int]) -> None:
        if ask(frozenset.intersection(*(keys[i] for i in run)), floor + 1) is False:
            for i in run:
                out[i] = floor
        elif len(run) > 1 and time.perf_counter() < deadline:
            settle(run[:len(run) // 2])
            settle(run[len(run) // 2:])

    runs: dict[tuple[int, int], list[int]] = {}
    for i, (s, d, _) in enumerate(options):
        if ubs[i] > floor:
            runs.setdefault((s % 6, d), []).append(i)
    for run in runs.values():
        run.sort(key=lambda i: options[i][0])
        for at in range(0, len(run), RUN):
            settle(run[at:at + RUN])
    done = floor
    for i in sorted(range(len(out)), key=lambda i: -out[i]):
        if out[i] <= done:  # the bounds left cannot raise the highest
            break
        lo, hi = floor + 1, out[i]  # floor + 1 is possible; is more?
        while lo < hi:
            mid = (lo + hi + 1) // 2
            answer = ask(keys[i], mid)
            if answer is None:
                return out
            lo, hi = (mid, hi) if answer else (lo, mid - 1)
        out[i] = hi
        done = max(done, hi)
    return out

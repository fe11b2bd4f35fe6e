"""A seeded min-conflicts search for a fill of a curve's inside with the numbers 1..top.

For each numbering of the curve, the search starts from a matching of the numbers to inside squares
whose curve neighbours share no factor with them (``bounds.matching_bound``; squares left over stay
empty), then moves numbers only between squares the curve lets them have, so the curve is never
broken again and only clashes between inside neighbours are left to mend: a clashing square swaps its
number with the square (empty or not) that lowers the clashes most (ties at random, sometimes a
sideways or worse move, never straight back).  Each numbering gets a fixed number of steps, so the
same curve always gets the same fill (unless ``deadline`` comes first).

The even numbers are the crowd: on a big inside they need nearly every square of one colour of the
grid, and swaps that scatter them rarely find their way back.  So each numbering is first tried with
the evens kept on one largest set of squares the curve allows them, none side by side
(``bounds.independent_set``; no two evens can clash then), and only then with the evens free."""

from __future__ import annotations

import random
import time
from math import gcd

from . import geometry as geo
from .bounds import even_ok, independent_set, matching_bound
from .geometry import Square

STEPS = 150_000  # swap tries per numbering (spread over the steps)
SAMPLE = 250  # squares a clashing square may swap with, per step (all of them in smaller insides)


def find_fill(route: list[Square], inside: list[Square], n: int, options, top: int, deadline: float,
              seed: int = 0):
    """(start, direction, fill) of a fill with the numbers 1..top, or None if none was found in time."""
    K = len(inside)
    rng = random.Random(seed)
    cop = [bytearray(a == 0 or b == 0 or gcd(a, b) == 1 for b in range(top + 1)) for a in range(top + 1)]
    idx = {v: i for i, v in enumerate(inside)}
    nbr = [[idx[q] for q in geo.neighbours(v, n) if q in idx] for v in inside]
    budget = max(400, STEPS // min(max(K, 1), SAMPLE))  # steps per numbering: about the same time for any size
    evens = [independent_set(ok, n) for ok in even_ok(route, inside, n)]
    for keep in (evens, None):  # the evens on their squares first (see the module's docstring), then free
        for s, d, forbid in options:
            if time.perf_counter() >= deadline:
                return None
            if keep is not None:
                forbid = forbid | {(v, 2) for v in inside if v not in keep[s % 2]}
            num: list[int] = []  # number on each inside square (0: empty), each suiting its curve neighbours
            if matching_bound(inside, forbid, top, num) < top:  # some number has no square this numbering allows
                continue
            written = geo.curve_values(route, s, d)
            okc = []
            for v in inside:
                cn = [written[q] for q in geo.neighbours(v, n) if q in written]
                even = keep is None or v in keep[s % 2]
                okc.append(bytearray(j == 0 or (all(gcd(j, c) == 1 for c in cn) and (even or j % 2))
                                     for j in range(top + 1)))
            takes = [[i for i in range(K) if okc[i][x]] for x in range(top + 1)]  # squares that may hold x
            found = _mend(num, nbr, okc, cop, takes, budget, deadline, rng)
            if found:
                return s, d, {inside[i]: x for i, x in enumerate(num) if x}
    return None


def _mend(num, nbr, okc, cop, takes, budget: int, deadline: float, rng) -> bool:
    """Swap numbers until no two inside neighbours share a factor (True) or the steps run out."""

    def clash(i: int, x: int) -> int:
        return sum(1 for j in nbr[i] if not cop[x][num[j]])

    conf = [clash(i, x) if x else 0 for i, x in enumerate(num)]
    bad = {i for i, c in enumerate(conf) if c}
    last = -1
    for steps in range(budget):
        if not bad:
            return True
        if not steps & 15 and time.perf_counter() > deadline:
            return False
        i = rng.choice(sorted(bad))
        xi = num[i]
        ci = conf[i]
        room = takes[xi]
        best, bestd = [], None
        for j in (room if len(room) <= SAMPLE else rng.sample(room, SAMPLE)):
            xj = num[j]
            if j == i or j == last or xj == xi or not okc[i][xj]:
                continue
            before = ci + (conf[j] if xj else 0)
            num[i], num[j] = xj, xi
            dlt = (clash(i, xj) if xj else 0) + clash(j, xi) - before
            num[i], num[j] = xi, xj
            if bestd is None or dlt < bestd:
                best, bestd = [j], dlt
            elif dlt == bestd:
                best.append(j)
        if best and (bestd <= 0 or rng.random() < 0.1):
            j = rng.choice(best)
            num[i], num[j] = num[j], num[i]
            last = i
            for k in {i, j, *nbr[i], *nbr[j]}:
                conf[k] = clash(k, num[k]) if num[k] else 0
                if conf[k]:
                    bad.add(k)
                else:
                    bad.discard(k)
    return not bad

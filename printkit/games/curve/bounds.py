"""Upper bounds on a curve's top inside number, for each numbering of the curve: how many squares the
even numbers can have (``room_for_evens``, ``max_independent``), and how many numbers up to K can each get a
square whose curve neighbours share no factor with it (``matching_bound``, ``option_bounds``)."""

from __future__ import annotations
import time
from . import geometry as geo
from .geometry import Square


def primes_upto(k: int) -> list[int]:
    return [p for p in range(2, k + 1) if all(p % q for q in range(2, int(p ** 0.5) + 1))]


def _matching(squares: set[Square], n: int, near: dict | None = None):
    """A maximum matching of the grid's squares of ``squares`` (even squares to odd ones, side by side):
    (the even squares, each even square's neighbours in ``squares``, odd square -> its even partner)."""
    left = [v for v in squares if (v[0] + v[1]) % 2 == 0]
    if near is None:
        adj = {v: [q for q in geo.neighbours(v, n) if q in squares] for v in left}
    else:
        adj = {v: [q for q in near[v] if q in squares] for v in left}
    match: dict[Square, Square] = {}

    def augment(v: Square, seen: set) -> bool:
        for q in adj[v]:
            if q not in seen:
                seen.add(q)
                if q not in match or augment(match[q], seen):
                    match[q] = v
                    return True
        return False

    for v in left:
        # a free neighbour first: most squares match without a search
        free = next((q for q in adj[v] if q not in match), None)
        if free is not None:
            match[free] = v
        else:
            augment(v, set())
    return left, adj, match


def max_independent(squares: set[Square], n: int, near: dict | None = None) -> int:
    """The most squares of ``squares`` with no two side by side: |squares| - a maximum matching
    (the grid is bipartite, so by Konig's theorem that is exact).  ``near``: each square's neighbours
    among a superset of ``squares``, if already known."""
    return len(squares) - len(_matching(squares, n, near)[2])


def independent_set(squares: set[Square], n: int) -> set[Square]:
    """A largest set of squares of ``squares`` with no two side by side (Konig's construction: the even
    squares reached from an unmatched even square by alternating paths, and the odd squares not reached)."""
    left, adj, match = _matching(squares, n)
    partner = set(match.values())
    reached = {v for v in left if v not in partner}
    todo = list(reached)
    while todo:
        for q in adj[todo.pop()]:
            if q not in reached:
                reached.add(q)
                if match[q] not in reached:  # q is matched: a maximum matching has no augmenting path
                    reached.add(match[q])
                    todo.append(match[q])
    return {v for v in squares if ((v[0] + v[1]) % 2 == 0) == (v in reached)}


def even_ok(route: list[Square], inside: list[Square], n: int) -> tuple[set[Square], set[Square]]:
    """The inside squares that may hold an even number, with the 1 on an even route index and on an odd
    one.  A square beside the curve sees only curve numbers of one parity (the grid is bipartite and L is
    even), even exactly when its neighbours' route indices differ in parity from the 1's."""
    index = {sq: i for i, sq in enumerate(route)}
    return tuple({v for v in inside if all((index[q] - parity) % 2 == 0 for q in geo.neighbours(v, n) if q in index)}
                 for parity in (0, 1))


def room_for_evens(route: list[Square], inside: list[Square], n: int) -> tuple[int, int]:
    """(room with the 1 on an even route index, room with it on an odd one): the most inside squares
    that can hold even numbers (``even_ok``), none side by side."""
    ok = even_ok(route, inside, n)
    return max_independent(ok[0], n), max_independent(ok[1], n)


def matching_bound(inside: list[Square], forbid: frozenset, K: int, places: list | None = None) -> int:
    """The largest k such that the numbers 1..k can each have an inside square of their own whose curve
    neighbours share no factor with it (a bipartite matching, grown one number at a time; inside
    neighbours are left out, so this is an upper bound on the top number for this numbering).  Given a
    list ``places``, it is filled with the number the matching gives each inside square (0: none)."""
    bit = {v: 1 << i for i, v in enumerate(inside)}
    every = (1 << len(inside)) - 1
    banned: dict[int, int] = {}
    for v, p in forbid:
        banned[p] = banned.get(p, 0) | bit[v]
    owner: dict[int, int] = {}  # square's bit -> its number
    used = 0

    def fits(x: int) -> int:
        m = every
        for p, b in banned.items():
            if x % p == 0:
                m &= ~b
        return m

    room = {}

    def augment(x: int, seen: list) -> bool:
        nonlocal used
        free = room[x] & ~used
        if free:
            low = free & -free
            owner[low] = x
            used |= low
            return True
        m = room[x] & ~seen[0]
        while m:
            low = m & -m
            m ^= low
            seen[0] |= low
            if augment(owner[low], seen):
                owner[low] = x
                return True
        return False

    top = K
    for k in range(1, K + 1):
        room[k] = fits(k)
        if not augment(k, [0]):
            top = k - 1
            break
    if places is not None:
        places[:] = [0] * len(inside)
        for b, x in owner.items():
            places[b.bit_length() - 1] = x
    return top


def option_bounds(route: list[Square], inside: list[Square], n: int, options, deadline: float,
                  floor: int = 0) -> list[int]:
    """An upper bound on the top number for each numbering (see the module's docstring): the room for
    each prime's multiples, and the matching of numbers to squares the curve lets them have.  A
    numbering not reached by ``deadline`` keeps the inside's size; one whose bound is already at most
    ``floor`` (a fill found) is not worked on further."""
    K = len(inside)
    if K == 0:
        return [0] * len(options)
    even = room_for_evens(route, inside, n)
    bound_of = lambda p, room: p * (room + 1) - 1  # noqa: E731 - the largest k with k // p <= room
    out = [min(K, bound_of(2, even[s % 2])) for s, _, _ in options]
    everywhere = set(inside)
    near = {v: [q for q in geo.neighbours(v, n) if q in everywhere] for v in inside}
    by_prime: list[dict[int, set]] = []
    for _, _, forbid in options:
        by_prime.append({})
        for v, q in forbid:
            by_prime[-1].setdefault(q, set()).add(v)
    cache: dict[frozenset, int] = {}

    def prime(p: int) -> bool:  # the room for p's multiples, for every numbering; False when time is up
        for i in range(len(options)):
            if 3 * p > out[i] or out[i] <= floor:  # p's multiples below the bound: at most 2, and they fit
                continue
            forbidden = frozenset(by_prime[i].get(p, ()))
            if forbidden not in cache:
                if time.perf_counter() > deadline:
                    return False
                cache[forbidden] = max_independent(everywhere - forbidden, n, near)
            out[i] = min(out[i], bound_of(p, cache[forbidden]))
        return True

    # the multiples of 3 first (they settle most one-square-wide insides, and cost little: the multiples
    # of 3 on the curve fall in few patterns), then the matching, then the other primes
    if K >= 9 and not prime(3):
        return out
    for i, (_, _, forbid) in enumerate(options):
        if time.perf_counter() > deadline:
            return out
        if out[i] > floor:
            out[i] = min(out[i], matching_bound(inside, forbid, out[i]))
    for p in primes_upto(K // 3):
        if p > 3 and not prime(p):
            return out
    return out

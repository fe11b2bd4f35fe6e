"""Within The Curve on paper: squares and their neighbours, the curve's interior, numberings
along it, random curves.  (Reading grids: ``record``; the route rules: ``score``.)

Squares are (row, column) from zero; rows are letters from the top, columns
numbers from the left: square (1, 2) is row B, column 3, written ``B3``.
Nothing here imports anything heavy: scoring a results file stays fast.
"""

from __future__ import annotations

from math import gcd

from ...coords import coord

Square = tuple[int, int]
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def neighbours(sq: Square, n: int) -> list[Square]:
    r, c = sq
    return [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < n and 0 <= c + dc < n]


def adjacent(a: Square, b: Square) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def names(squares) -> str:
    return ", ".join(coord(*s) for s in sorted(squares))


def numbers(grid) -> dict[Square, int]:
    return {(r, c): x for r, row in enumerate(grid) for c, x in enumerate(row) if isinstance(x, int)}


def interior(route: list[Square], n: int) -> set[Square]:
    """Squares off the curve that the curve encloses.

    The closed route is the polygon through the centres of its squares; a square
    off it is inside when a ray from its centre (just below the row of centres,
    going left) crosses the polygon an odd number of times.  This is right even
    where the curve runs alongside itself: a pocket walled in by touching curve
    squares may still be outside."""
    on = set(route)
    crossing = set()  # (r, c): the route steps between (r, c) and (r + 1, c)
    L = len(route)
    for i in range(L):
        (r1, c1), (r2, c2) = route[i], route[(i + 1) % L]
        if c1 == c2:
            crossing.add((min(r1, r2), c1))
    inside = set()
    for r in range(n):
        odd = False
        for c in range(n):
            if (r, c) not in on and odd:
                inside.add((r, c))
            if (r, c) in crossing:
                odd = not odd
    return inside


def curve_values(route: list[Square], start: int, direction: int) -> dict[Square, int]:
    """Numbers 1..L along the route from route[start], going +1 or -1 through the route."""
    L = len(route)
    return {route[(start + direction * i) % L]: i + 1 for i in range(L)}


def fits(value: int, sq: Square, written: dict[Square, int], n: int) -> bool:
    """Could ``value`` go in the empty square ``sq``: coprime with every number beside it?"""
    return all(gcd(value, written[q]) == 1 for q in neighbours(sq, n) if q in written)


# ---------------------------------------------------------------- random curves (benchmarks, tests)

def random_curve(n: int, inside: int, rng, thin: bool = False) -> list[Square]:
    """A random closed route on an n x n grid enclosing about ``inside`` squares.

    The route is the outline of a random region of the "dual" cells whose corners
    are square centres, grown one cell at a time (``thin``: one 2 x 2 block at a
    time, giving winding corridors one square wide inside), kept free of holes
    and of cells touching only at a corner (so that its outline is one closed
    route).  Narrow parts of the region give routes that run alongside themselves."""
    m = n - 1  # dual cells per side

    def ok(region: set) -> bool:
        for i in range(-1, m):
            for j in range(-1, m):
                a, b, c, d = ((i, j) in region, (i, j + 1) in region, (i + 1, j) in region, (i + 1, j + 1) in region)
                if (a and d and not b and not c) or (b and c and not a and not d):
                    return False
        seen = {(-1, -1)}
        todo = [(-1, -1)]
        while todo:
            i, j = todo.pop()
            for di, dj in STEPS:
                q = (i + di, j + dj)
                if -1 <= q[0] <= m and -1 <= q[1] <= m and q not in region and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return len(seen) + len(region) == (m + 2) ** 2

    if thin:
        return _corridors(n, inside, rng, ok)
    start = (rng.randrange(m // 4, m - m // 4), rng.randrange(m // 4, m - m // 4))
    region = {start}
    stuck = 0
    while stuck < 200:
        route = outline(region)
        if len(interior(route, n)) >= inside:
            break
        i, j = rng.choice(sorted(region))
        di, dj = rng.choice(STEPS)
        q = (i + di, j + dj)
        if not (0 <= q[0] < m and 0 <= q[1] < m) or q in region or not ok(region | {q}):
            stuck += 1
            continue
        stuck = 0
        region.add(q)
    return outline(region)


def _corridors(n: int, inside: int, rng, ok) -> list[Square]:
    """A curve hugging a random tree of squares: an inside of corridors one square wide."""

    def around(squares: set) -> set:
        return {(r + a, c + b) for r, c in squares for a in (-1, 0) for b in (-1, 0)}

    start = (rng.randrange(2, n - 2), rng.randrange(2, n - 2))
    tree = {start}

    def allowed(sq: Square, q: Square) -> bool:
        if q in tree or not (1 <= q[0] < n - 1 and 1 <= q[1] < n - 1) or \
                sum(p in tree for p in neighbours(q, n)) != 1:
            return False
        region = around(tree | {q})
        return ok(region) and interior(outline(region), n) == tree | {q}  # no corridors merge

    while len(tree) < inside:
        options = sorted({(sq, q) for sq in tree for q in neighbours(sq, n)})
        rng.shuffle(options)
        pick = next(((sq, q) for sq, q in options if allowed(sq, q)), None)
        if pick is None:
            break
        tree.add(pick[1])
    return outline(around(tree))


def outline(region: set) -> list[Square]:
    """The closed route round a region of dual cells (cell (i, j) has corners (i, j) .. (i + 1, j + 1))."""
    edges: dict[Square, list[Square]] = {}
    for i, j in region:
        for (a, b), (di, dj) in zip((((i, j), (i, j + 1)), ((i, j + 1), (i + 1, j + 1)), ((i + 1, j), (i + 1, j + 1)),
                                     ((i, j), (i + 1, j))), STEPS):
            if (i + di, j + dj) not in region:
                edges.setdefault(a, []).append(b)
                edges.setdefault(b, []).append(a)
    first = min(edges)
    route = [first]
    prev, cur = None, first
    while True:
        nxt = [q for q in sorted(edges[cur]) if q != prev]
        step = nxt[0]
        if step == first:
            break
        route.append(step)
        prev, cur = cur, step
    return route

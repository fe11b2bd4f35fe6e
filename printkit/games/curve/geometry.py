"""Within The Curve on paper: grids of tokens, the curve's route, its interior.

Squares are (row, column) from zero; rows are letters from the top, columns
numbers from the left: square (1, 2) is row B, column 3, written ``B3``.
Nothing here imports anything heavy: scoring a results file stays fast.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd

from ...sheet import coord

Square = tuple[int, int]
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
MAX_DIGITS = 4  # no number on a 30 x 30 grid needs more


def neighbours(sq: Square, n: int) -> list[Square]:
    r, c = sq
    return [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < n and 0 <= c + dc < n]


def adjacent(a: Square, b: Square) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def names(squares) -> str:
    return ", ".join(coord(*s) for s in sorted(squares))


# ---------------------------------------------------------------- reading a grid

def split_rows(value) -> list[str]:
    """A grid given as one block of text or as a list of row strings -> row strings."""
    if isinstance(value, str):
        return [ln.strip() for ln in value.splitlines() if ln.strip()]
    if isinstance(value, (list, tuple)):
        out = []
        for i, row in enumerate(value):
            if isinstance(row, bool) or not isinstance(row, (str, int)):
                raise ValueError(f"row {i + 1} is not a line of squares")
            out.append(str(row).strip())
        return out
    raise ValueError("expected the grid as a block of lines (key: |) or a list of rows")


def parse_grid(value, n: int, allow_hash: bool) -> list[list[int | str | None]]:
    """Rows of tokens: None for '.', '#' (curves only), or a positive whole number.

    Raises ValueError with the row and column of the first malformed token."""
    rows = split_rows(value)
    if len(rows) != n:
        got = f"{len(rows)} row{'s' if len(rows) != 1 else ''}"
        raise ValueError(f"{got} of squares; the grid is {n} x {n}, so expected {n} rows (A-{coord(n - 1, 0)[:-1]})")
    grid: list[list[int | str | None]] = []
    for r, line in enumerate(rows):
        tokens = line.split()
        if len(tokens) != n:
            got = f"{len(tokens)} square{'s' if len(tokens) != 1 else ''}"
            raise ValueError(f"row {coord(r, 0)[:-1]} has {got}; expected {n}, separated by spaces")
        out: list[int | str | None] = []
        for c, t in enumerate(tokens):
            if t == ".":
                out.append(None)
            elif t == "#" and allow_hash:
                out.append("#")
            elif t.isdigit() and t.isascii() and len(t) <= MAX_DIGITS and int(t) > 0:
                out.append(int(t))
            else:
                what = "'.' (empty), '#' (curve) or a route number" if allow_hash else "'.' (empty) or a number from 1"
                raise ValueError(f"'{t}' at {coord(r, c)} is not {what}")
        grid.append(out)
    kinds = {type(x) for row in grid for x in row if x is not None}
    if kinds == {str, int}:
        at = next(coord(r, c) for r, row in enumerate(grid) for c, x in enumerate(row) if isinstance(x, int))
        raise ValueError(f"mixes '#' and route numbers (a number at {at}): mark the curve with '#' only, "
                         "or number the whole route 1..L")
    return grid


def numbers(grid) -> dict[Square, int]:
    return {(r, c): x for r, row in enumerate(grid) for c, x in enumerate(row) if isinstance(x, int)}


# ---------------------------------------------------------------- the curve

@dataclass
class Problem:
    """A rule the curve's owner broke (rule id, square, message)."""

    rule: str
    square: Square | None
    message: str


class Ambiguous(ValueError):
    """'#' marks that do not fix the route: route numbers are needed."""


def route_from_hashes(grid, n: int) -> tuple[list[Square] | None, list[Problem]]:
    """The closed route through the '#' squares.

    Raises Ambiguous where a square has three or more curve neighbours."""
    marks = {(r, c) for r, row in enumerate(grid) for c, x in enumerate(row) if x == "#"}
    if not marks:
        return None, [Problem("length", None, "no curve is drawn (no '#' squares)")]
    for sq in sorted(marks):
        near = [q for q in neighbours(sq, n) if q in marks]
        if len(near) >= 3:
            raise Ambiguous(f"{coord(*sq)} has {len(near)} curve neighbours ({names(near)}), so the '#' marks do not "
                            "show which way the curve goes; write the route instead: number the curve's squares "
                            "1, 2, 3, ... in order along the curve")
    ends = [sq for sq in sorted(marks) if sum(q in marks for q in neighbours(sq, n)) < 2]
    if ends:
        sq = ends[0]
        more = f" (also {names(ends[1:4])}{', ...' if len(ends) > 4 else ''})" if len(ends) > 1 else ""
        k = sum(q in marks for q in neighbours(sq, n))
        return None, [Problem("closed", sq, f"the curve stops at {coord(*sq)}, which has {k} curve "
                                            f"neighbour{'s' if k != 1 else ''} instead of 2: a curve must close{more}")]
    # every square has exactly two curve neighbours: the marks are one or more loops
    loops: list[list[Square]] = []
    left = set(marks)
    while left:
        start = min(left)
        loop = [start]
        prev, cur = None, start
        while True:
            nxt = [q for q in neighbours(cur, n) if q in marks and q != prev]
            step = nxt[0] if prev is not None else min(nxt)
            if step == start:
                break
            loop.append(step)
            prev, cur = cur, step
        left -= set(loop)
        loops.append(loop)
    if len(loops) > 1:
        other = loops[1][0]
        return None, [Problem("one-curve", other, f"the '#' marks make {len(loops)} separate loops "
                                                  f"(one through {coord(*loops[0][0])}, another through "
                                                  f"{coord(*other)}); draw one closed curve")]
    return loops[0], []


def route_from_numbers(grid, n: int) -> tuple[list[Square] | None, list[Problem]]:
    """The route 1..L as numbered; problems if it is not a closed route."""
    nums = numbers(grid)
    if not nums:
        return None, [Problem("length", None, "no curve is drawn")]
    at: dict[int, list[Square]] = {}
    for sq, v in sorted(nums.items()):
        at.setdefault(v, []).append(sq)
    problems: list[Problem] = []
    L = max(at)
    for v, sqs in sorted(at.items()):
        if len(sqs) > 1:
            problems.append(Problem("once", sqs[1], f"route number {v} is written {len(sqs)} times ({names(sqs)}); "
                                                    "each square of the curve gets one number, each number once"))
    missing = [v for v in range(1, L + 1) if v not in at]
    if missing:
        shown = ", ".join(map(str, missing[:5])) + (", ..." if len(missing) > 5 else "")
        problems.append(Problem("route", None, f"route number{'s' if len(missing) > 1 else ''} {shown} "
                                               f"missing: the route must be numbered 1..{L} without gaps"))
    if problems:
        return None, problems
    route = [at[v][0] for v in range(1, L + 1)]
    if L < 4:
        return None, [Problem("length", route[0], f"the curve has {L} square{'s' if L > 1 else ''}; "
                                                  "a closed curve needs at least 4")]
    for i in range(L - 1):
        a, b = route[i], route[i + 1]
        if not adjacent(a, b):
            problems.append(Problem("step", b, f"route number {i + 1} at {coord(*a)} and {i + 2} at {coord(*b)} are "
                                               "not edge-to-edge neighbours: the curve steps to a square sharing "
                                               "a side, never diagonally or by a jump"))
    if not adjacent(route[-1], route[0]):
        problems.append(Problem("closed", route[-1], f"the last route number {L} at {coord(*route[-1])} is not next "
                                                     f"to 1 at {coord(*route[0])}: the curve must close"))
    return (None if problems else route), problems


def read_curve(grid, n: int) -> tuple[list[Square] | None, list[Problem]]:
    if any(x == "#" for row in grid for x in row):
        return route_from_hashes(grid, n)
    return route_from_numbers(grid, n)


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


def common_factor(a: int, b: int) -> int:
    return gcd(a, b)


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

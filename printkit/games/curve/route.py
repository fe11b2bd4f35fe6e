"""A curve's route as its owner wrote it: '#' marks (``route_from_hashes``: length, closed, one-curve) or
route numbers 1..L (``route_from_numbers``: once, route, length, step, closed), read into the squares in
order along the curve, with each problem named by its square.

Typing slips (``slip``): where the numbers of a route or an inside are 1..k but for one number written in
the place of a missing one a keystroke away (17 for 27, 72 for 27), that is one mistake, reported once with
"check this entry against the sheet" and the number that fits there.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...coords import coord
from ...slips import check_entry, one_keystroke
from .geometry import Square, adjacent, names, neighbours, numbers


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


def slip(values: dict[Square, int]) -> tuple[int, int, list[Square]] | None:
    """(written, intended, squares holding the written number) when the numbers are 1..k but for one
    number written where a missing one belongs, a keystroke away from it (17 for 27); else None."""
    want = set(range(1, len(values) + 1))
    count: dict[int, int] = {}
    for v in values.values():
        count[v] = count.get(v, 0) + 1
    extra = [v for v, c in count.items() for _ in range(c - (v in want))]
    missing = sorted(want - set(count))
    if len(extra) != 1 or len(missing) != 1 or not one_keystroke(str(extra[0]), str(missing[0])):
        return None
    return extra[0], missing[0], sorted(sq for sq, v in values.items() if v == extra[0])


def _closed(route: list[Square]) -> bool:
    return len(route) >= 4 and all(adjacent(route[i - 1], route[i]) for i in range(len(route)))


def route_from_numbers(grid, n: int) -> tuple[list[Square] | None, list[Problem]]:
    """The route 1..L as numbered; problems if it is not a closed route.  A route that is closed but for
    one number a keystroke from the missing one comes back as that route, with the slip as its problem."""
    nums = numbers(grid)
    if not nums:
        return None, [Problem("length", None, "no curve is drawn")]
    typo = slip(nums)
    if typo:
        v, w, squares = typo
        fixed = []
        for sq in squares:
            at = {x: sq_ for sq_, x in nums.items() if sq_ != sq} | {w: sq}
            route = [at[i] for i in range(1, len(nums) + 1)]
            if _closed(route):
                fixed.append((sq, route))
        if len(fixed) == 1:
            sq, route = fixed[0]
            why = f"{v} is also at {names([q for q in squares if q != sq])}" if len(squares) > 1 else \
                f"the route is numbered 1..{len(nums)}"
            return route, [Problem("once" if len(squares) > 1 else "route", sq,
                                   f"route number {v} at {coord(*sq)}: {why} and {w} is missing; "
                                   f"{check_entry(v, w, 'which closes the route there')}")]
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


def read_route(grid, n: int) -> tuple[list[Square] | None, list[Problem]]:
    if any(x == "#" for row in grid for x in row):
        return route_from_hashes(grid, n)
    return route_from_numbers(grid, n)

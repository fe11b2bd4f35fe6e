"""Within The Curve's scorer: every rule checked, each violation named by its square.

The owner's curve: ``route_from_hashes`` ('#' marks: length, closed, one-curve) and ``route_from_numbers``
(route numbers: once, route, length, step, closed); ``check`` blames these on the owner.
Each fill (``check_fill``): curve-numbers (1..L along the curve), outside, interior-once and
interior-order (the inside holds 1..k, each once), coprime; a note where the next number would still fit.
``score``: the sum of the top inside numbers; a player with any mistake is disqualified.

Typing slips (``slip``): where the numbers of a route or an inside are 1..k but for one number written in
the place of a missing one a keystroke away (17 for 27, 72 for 27), that is one mistake, reported once
with "check this entry against the sheet" and the number that fits there; the rest is checked as if the
intended number had been typed (the score stays as written).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import gcd
from typing import TYPE_CHECKING

from ...report import Report
from ...coords import coord
from ...slips import check_entry, one_keystroke
from . import geometry as geo
from .geometry import Square, adjacent, names, neighbours, numbers

if TYPE_CHECKING:
    from .game import Results, WithinTheCurve


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


# ---------------------------------------------------------------- the fills


@dataclass
class Curve:
    owner: str
    grid: list[list]
    route: list[Square] | None
    inside: set[Square]
    problems: list[Problem]

    @property
    def squares(self) -> set[Square]:
        """The squares marked as the curve (also when it is not a valid route)."""
        return {(r, c) for r, row in enumerate(self.grid) for c, x in enumerate(row) if x is not None}


@dataclass
class Fill:
    player: str
    owner: str
    written: dict[Square, int]
    top: int = 0
    bad: set[Square] = field(default_factory=set)  # squares named in a violation
    pairs: list[tuple[Square, Square]] = field(default_factory=list)  # non-coprime neighbours
    start: tuple[int, int] | None = None  # (route index of 1, direction) that best matches the numbers
    could: tuple[Square, int] | None = None  # where k+1 still fits


def read_curve(owner: str, grid, n: int) -> Curve:
    route, problems = read_route(grid, n)
    inside = geo.interior(route, n) if route else set()
    return Curve(owner, grid, route, inside, problems)


def best_start(route: list[Square], written: dict[Square, int]) -> tuple[int, int]:
    """The start (route index holding 1) and direction that agree with most curve numbers."""
    L = len(route)
    votes: dict[tuple[int, int], int] = {}
    for i, sq in enumerate(route):
        v = written.get(sq)
        if v is not None and 1 <= v <= L:
            for d in (1, -1):
                key = ((i - d * (v - 1)) % L, d)
                votes[key] = votes.get(key, 0) + 1
    if not votes:
        return 0, 1
    return max(sorted(votes), key=lambda k: votes[k])


def check_fill(curve: Curve, player: str, grid, n: int, report: Report) -> Fill:
    owner = curve.owner
    fill = Fill(player, owner, geo.numbers(grid))
    written = fill.written
    who = f"{player} on {owner}'s curve"

    def where(sq: Square | None) -> str:
        return f"{owner}'s curve, {coord(*sq)}" if sq else f"{owner}'s curve"

    def refs(squares) -> tuple[str, ...]:  # the squares to mark on the entry page (empty squares of an
        # unfilled copy are left unmarked: the message names them, and a copy not begun stays calm)
        return tuple(f"fill:{player}:{owner}:{coord(*sq)}" for sq in squares)

    route, inside = curve.route, curve.inside
    if route is None:
        return fill
    intended: dict[Square, int] = {}
    on = set(route)
    # the curve's own numbers: 1..L along the route, from any start, either way
    L = len(route)
    fill.start = best_start(route, written)
    want = geo.curve_values(route, *fill.start)
    wrong = [(sq, written.get(sq), want[sq]) for sq in [route[(fill.start[0] + fill.start[1] * i) % L] for i in range(L)]
             if written.get(sq) != want[sq]]
    if wrong:
        one = route[fill.start[0]]
        two = route[(fill.start[0] + fill.start[1]) % L]
        shown = "; ".join(f"{coord(*sq)} {'is empty' if got is None else f'holds {got}'}, should be {exp}"
                          for sq, got, exp in wrong[:4])
        more = f"; and {len(wrong) - 4} more" if len(wrong) > 4 else ""
        if len(wrong) == 1 and wrong[0][1] is not None and one_keystroke(str(wrong[0][1]), str(wrong[0][2])):
            more = f"; {check_entry(wrong[0][1], wrong[0][2])}"
            intended[wrong[0][0]] = wrong[0][2]  # a slip: its neighbours are checked against the number meant
        report.violation(player, "curve-numbers", where(wrong[0][0]),
                         f"{who}: the curve's {L} squares must hold 1..{L} in order along it; counting from 1 at "
                         f"{coord(*one)} towards {coord(*two)}: {shown}{more}",
                         refs(sq for sq, got, _ in wrong if got is not None))
        fill.bad.update(sq for sq, _, _ in wrong)
    # nothing outside the curve
    outside = sorted(sq for sq in written if sq not in on and sq not in inside)
    if outside:
        shown = ", ".join(f"{written[sq]} at {coord(*sq)}" for sq in outside[:6])
        more = f" and {len(outside) - 6} more" if len(outside) > 6 else ""
        report.violation(player, "outside", where(outside[0]),
                         f"{who}: {shown}{more} {'is' if len(outside) == 1 else 'are'} outside the curve; "
                         "numbers go only on the curve and inside it", refs(outside))
        fill.bad.update(outside)
    # the interior holds 1..k, each once
    inner = {sq: v for sq, v in written.items() if sq in inside}
    fill.top = max(inner.values(), default=0)
    board = {sq: intended.get(sq, v) for sq, v in written.items() if sq in on or sq in inside}
    typo = slip(inner)
    if typo:  # one number a keystroke from the missing one: one mistake, the rest checked as intended
        v, w, squares = typo
        others = {sq: {q: x for q, x in board.items() if q != sq} for sq in squares}
        fits = [sq for sq in squares if geo.fits(w, sq, others[sq], n)]
        fits.sort(key=lambda sq: geo.fits(v, sq, others[sq], n))  # first where the number written does not fit
        if fits:
            sq = fits[0]
            why = (f"{v} is also at {geo.names([q for q in squares if q != sq])}" if len(squares) > 1 else
                   f"the inside holds {len(inner)} numbers, 1 to {len(inner)}" if len(inner) > 1 else
                   "the inside holds 1 number, so it is 1")
            same = [q for q in fits if geo.fits(v, q, others[q], n) == geo.fits(v, sq, others[sq], n)]
            fit = "which fits there" if len(same) == 1 else f"which fits at {coord(*sq)} or {geo.names(same[1:])}"
            report.violation(player, "interior-once" if len(squares) > 1 else "interior-order", where(sq),
                             f"{who}: {v} at {coord(*sq)}: {why} and {w} is missing; {check_entry(v, w, fit)}")
            fill.bad.add(sq)
            inner[sq] = board[sq] = w
    top = max(inner.values(), default=0)  # as intended, where a slip was found
    at: dict[int, list[Square]] = {}
    for sq, v in sorted(inner.items()):
        at.setdefault(v, []).append(sq)
    for v, sqs in sorted(at.items()):
        if len(sqs) > 1:
            report.violation(player, "interior-once", where(sqs[1]),
                             f"{who}: {v} is written {len(sqs)} times inside ({geo.names(sqs)}); "
                             "each interior number goes in once", refs(sqs))
            fill.bad.update(sqs)
    missing = [v for v in range(1, top + 1) if v not in at]
    if missing:
        shown = ", ".join(map(str, missing[:6])) + (", ..." if len(missing) > 6 else "")
        top_sq = at[top][0]
        report.violation(player, "interior-order", where(top_sq),
                         f"{who}: the interior goes up to {top} (at {coord(*top_sq)}) but {shown} "
                         f"{'is' if len(missing) == 1 else 'are'} not written; interior numbers are 1, 2, 3, ... "
                         "with none left out", refs([top_sq]))
        fill.bad.add(top_sq)
    # every interior number is coprime with each number beside it (curve or interior)
    for sq, v in sorted(inner.items()):
        for q in geo.neighbours(sq, n):
            if q not in board or (q in inner and q < sq):
                continue  # a pair of interior squares is checked once
            w = board[q]
            f = gcd(v, w)
            if f > 1:
                kind = "" if q in inner else " on the curve"
                report.violation(player, "coprime", where(sq),
                                 f"{who}: {v} at {coord(*sq)} is next to {w} at {coord(*q)}{kind} "
                                 f"(common factor {f})",
                                 refs([sq, q]) + (f"fill:{player}:{owner}:{coord(*sq)}|{coord(*q)}",))
                fill.pairs.append((sq, q))
                fill.bad.update((sq, q))
    # could the fill have gone on?
    empty = sorted(sq for sq in inside if sq not in written)
    nxt = top + 1
    spot = next((sq for sq in empty if geo.fits(nxt, sq, board, n)), None)
    if spot is not None:
        fill.could = (spot, nxt)
        report.notes.append(f"{who} stopped at {top}, but {nxt} would still fit at {coord(*spot)}")
    return fill


def check(res: Results, report: Report) -> tuple[dict[str, Curve], list[Fill]]:
    n = res.n
    curves: dict[str, Curve] = {}
    for owner in res.names:
        cv = read_curve(owner, res.curves[owner], n)
        curves[owner] = cv
        for p in cv.problems:
            report.violation(owner, p.rule, f"{owner}'s curve" + (f", {coord(*p.square)}" if p.square else ""),
                             f"{owner}'s curve: {p.message}",
                             (f"curve:{owner}:{coord(*p.square)}",) if p.square else ())
        if cv.route is None:
            report.notes.append(f"{owner}'s curve is not a closed curve, so no fill of it can be checked; "
                                "each fill of it scores 0")
        elif not cv.inside:
            report.notes.append(f"{owner}'s curve encloses no squares: every fill of it scores 0")
    fills = []
    for player in res.names:
        for owner in res.names:
            fills.append(check_fill(curves[owner], player, res.fills[player][owner], n, report))
    return curves, fills


def score(game: WithinTheCurve, res: Results) -> Report:
    report = game.new_report(res)
    curves, fills = check(res, report)
    report.disqualified = {v.player for v in report.violations if v.player}
    for f in fills:
        report.scores[f.player] += f.top
    for player in res.names:
        tops = [f"{f.owner}'s curve {f.top}" for f in fills if f.player == player]
        report.details.append(f"{player}: " + ", ".join(tops))
    if report.disqualified:
        report.notes.append("a player with any mistake loses (the seed's rule): "
                            + ", ".join(p for p in res.names if p in report.disqualified))
    return report

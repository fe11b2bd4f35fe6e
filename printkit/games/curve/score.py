"""Within The Curve's scorer: every rule checked, each violation named by its square.

The owner's curve, read by ``route.read_route`` ('#' marks: length, closed, one-curve; route numbers: once,
route, length, step, closed); ``check`` blames these on the owner.
Each fill (``check_fill``): curve-numbers (1..L along the curve), outside, interior-once and
interior-order (the inside holds 1..k, each once), coprime; a note where the next number would still fit.
``score``: the sum of the top inside numbers; a player with any mistake is disqualified.

Typing slips (``route.slip``): where the numbers of a route or an inside are 1..k but for one number written in
the place of a missing one a keystroke away (17 for 27, 72 for 27), that is one mistake, reported once
with "check this entry against the sheet" and the number that fits there; the rest is checked as if the
intended number had been typed (the score stays as written).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import gcd
from ...report import Report
from ...coords import coord
from ...slips import check_entry, one_keystroke
from . import geometry as geo
from .geometry import Square
from .model import ID, Results
from .route import Problem, read_route, slip


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
                             f"{who}: {v} at {coord(*sq)}: {why} and {w} is missing; {check_entry(v, w, fit)}",
                             refs([sq]))
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
                             (f"curve:{owner}:{coord(*p.square)}",) if p.square else (),
                             () if p.square else (("curves", owner),))  # the curve as a whole: still to draw
        if cv.route is None:
            report.notes.append(f"{owner}'s curve is not a closed curve, so no fill of it can be checked; "
                                "each fill of it scores 0")
        elif not cv.inside:
            report.notes.append(f"{owner}'s curve encloses no squares: every fill of it scores 0")
    fills = []
    for player in res.names:
        for owner in res.names:
            before = len(report.violations)
            fills.append(check_fill(curves[owner], player, res.fills[player][owner], n, report))
            for v in report.violations[before:]:  # each about the copy: still to fill while it is empty
                v.parts = (("fills", player, owner),)
    return curves, fills


def score(res: Results) -> Report:
    report = Report.empty(ID, res.names)
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

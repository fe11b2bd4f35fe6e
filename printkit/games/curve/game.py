"""Within The Curve (Leroy Quet): grids for every curve, scorer, pictures.

Each player draws a closed curve through grid squares and copies it onto every
other player's sheet.  On every curve, each player numbers the curve 1..L along
it, then writes 1, 2, 3, ... in the interior, each number coprime with every
number beside it.  Score: the sum of the top interior numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import gcd
from typing import Annotated, Any, ClassVar

from msgspec import Meta

from ...draw import PT, Item, Lines, Page, Pen, Polyline, Rect, Text, fit_text, grid_lines, moved, text_width
from ...game import FieldProblem, Game, GameConfig, Model, Report, checked
from ...inputs import suggest
from ...sheet import MIN_CELL, MIN_TEXT, MISTAKE, Paper, Player, coord, header, row_label
from . import geometry as geo
from .geometry import Square
from .solver import solve_command  # light: ortools is imported only when solving

MAX_CELL = 14.0  # cells grow up to this when a page holds few grids
GAP = 8.0  # between grids on a page
TITLE_H = 7.5  # the grid's title line, with the "top number" box at its right
SHADE = (0.86, 0.86, 0.86)  # interior squares in pictures


class Config(GameConfig, kw_only=True):
    MIN_PLAYERS: ClassVar[int] = 1
    n: Annotated[int, Meta(ge=4, le=30, description="Squares per side of each grid (4 to 30; at least 12 suggested)")
                 ] = 12


# ---------------------------------------------------------------- results

def _player_name(v: Any, names: tuple[str, ...]) -> str:
    v = str(v)
    if v not in names:
        raise ValueError(f"'{v}' is not one of the players ({', '.join(names)}){suggest(v, names)}")
    return v


def curve_grid(v: Any, n: int) -> list[list]:
    """A curve as written ('#' marks or route numbers), read into a grid; ValueError if unusable."""
    grid = geo.parse_grid(v, n, allow_hash=True)
    if any(x == "#" for row in grid for x in row):
        try:
            geo.route_from_hashes(grid, n)
        except geo.Ambiguous as e:
            raise ValueError(str(e)) from None
    return grid


class CurvesOnly(Config, kw_only=True):
    """A results file read for its curves (``printkit solve curve`` reads no more): fills may be unfinished."""

    curves: Annotated[dict[Any, Any], Meta(
        description="Each owner's curve as drawn: '#' on its squares, or its route numbered 1..L "
                    "(needed where a square has three or more curve neighbours); '.' elsewhere")]
    fills: dict[Any, Any] = {}

    def __post_init__(self) -> None:
        super().__post_init__()
        self.curves = {checked(("curves", str(k)), _player_name, k, self.players):
                       checked(("curves", str(k)), curve_grid, v, self.n) for k, v in self.curves.items()}


class Results(CurvesOnly, kw_only=True):
    """A whole results file: every player's curve and every player's fill of each curve."""

    fills: Annotated[dict[Any, dict[Any, Any]], Meta(
        description="fills[player][owner]: what the player wrote on the owner's curve ('.' for empty squares)")]

    def __post_init__(self) -> None:
        super().__post_init__()
        names, n = self.players, self.n
        fills = {}
        for k, row in self.fills.items():
            name = checked(("fills", str(k)), _player_name, k, names)
            fills[name] = {checked(("fills", name, str(o)), _player_name, o, names):
                           checked(("fills", name, str(o)), geo.parse_grid, grid, n, False)
                           for o, grid in row.items()}
        self.fills = fills
        for name in self.names:
            if name not in self.curves:
                raise FieldProblem("curves", f"no curve for {name}: every player draws one")
        for name in self.names:
            if name not in self.fills:
                raise FieldProblem("fills", f"no fills for {name}: every player fills every curve")
            for owner in self.names:
                if owner not in self.fills[name]:
                    raise FieldProblem("fills", f"{name} has no fill for {owner}'s curve "
                                                f"(fills: {name}: {owner}: ...)")


class CurveFile(Model, kw_only=True):
    """A file holding one curve (``curve:``), for ``printkit solve curve``."""

    game: str
    title: str = ""
    n: Annotated[int, Meta(ge=4, le=30)] = 12
    curve: Any

    def __post_init__(self) -> None:
        self.curve = checked(("curve",), curve_grid, self.curve, self.n)


# ---------------------------------------------------------------- checking


@dataclass
class Curve:
    owner: str
    grid: list[list]
    route: list[Square] | None
    inside: set[Square]
    problems: list[geo.Problem]

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
    route, problems = geo.read_curve(grid, n)
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

    route, inside = curve.route, curve.inside
    if route is None:
        return fill
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
        report.violation(player, "curve-numbers", where(wrong[0][0]),
                         f"{who}: the curve's {L} squares must hold 1..{L} in order along it; counting from 1 at "
                         f"{coord(*one)} towards {coord(*two)}: {shown}{more}")
        fill.bad.update(sq for sq, _, _ in wrong)
    # nothing outside the curve
    outside = sorted(sq for sq in written if sq not in on and sq not in inside)
    if outside:
        shown = ", ".join(f"{written[sq]} at {coord(*sq)}" for sq in outside[:6])
        more = f" and {len(outside) - 6} more" if len(outside) > 6 else ""
        report.violation(player, "outside", where(outside[0]),
                         f"{who}: {shown}{more} {'is' if len(outside) == 1 else 'are'} outside the curve; "
                         "numbers go only on the curve and inside it")
        fill.bad.update(outside)
    # the interior holds 1..k, each once
    inner = {sq: v for sq, v in written.items() if sq in inside}
    fill.top = max(inner.values(), default=0)
    at: dict[int, list[Square]] = {}
    for sq, v in sorted(inner.items()):
        at.setdefault(v, []).append(sq)
    for v, sqs in sorted(at.items()):
        if len(sqs) > 1:
            report.violation(player, "interior-once", where(sqs[1]),
                             f"{who}: {v} is written {len(sqs)} times inside ({geo.names(sqs)}); "
                             "each interior number goes in once")
            fill.bad.update(sqs)
    missing = [v for v in range(1, fill.top + 1) if v not in at]
    if missing:
        shown = ", ".join(map(str, missing[:6])) + (", ..." if len(missing) > 6 else "")
        top_sq = at[fill.top][0]
        report.violation(player, "interior-order", where(top_sq),
                         f"{who}: the interior goes up to {fill.top} (at {coord(*top_sq)}) but {shown} "
                         f"{'is' if len(missing) == 1 else 'are'} not written; interior numbers are 1, 2, 3, ... "
                         "with none left out")
        fill.bad.add(top_sq)
    # every interior number is coprime with each number beside it (curve or interior)
    board = {sq: v for sq, v in written.items() if sq in on or sq in inside}
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
                                 f"(common factor {f})")
                fill.pairs.append((sq, q))
                fill.bad.update((sq, q))
    # could the fill have gone on?
    empty = sorted(sq for sq in inside if sq not in written)
    nxt = fill.top + 1
    spot = next((sq for sq in empty if geo.fits(nxt, sq, board, n)), None)
    if spot is not None:
        fill.could = (spot, nxt)
        report.notes.append(f"{who} stopped at {fill.top}, but {nxt} would still fit at {coord(*spot)}")
    return fill


def check(res: Results, report: Report) -> tuple[dict[str, Curve], list[Fill]]:
    n = res.n
    curves: dict[str, Curve] = {}
    for owner in res.names:
        cv = read_curve(owner, res.curves[owner], n)
        curves[owner] = cv
        for p in cv.problems:
            report.violation(owner, p.rule, f"{owner}'s curve" + (f", {coord(*p.square)}" if p.square else ""),
                             f"{owner}'s curve: {p.message}")
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


# ---------------------------------------------------------------- layout


def text_size(cell: float) -> float:
    """Row and column labels: 7 pt at the smallest squares, up to 9 pt."""
    return min(9.0, max(MIN_TEXT, cell / PT * 0.4))


def label_room(n: int, cell: float) -> float:
    """Room left of a grid for its row letters."""
    return 1.5 + text_width(row_label(n - 1), text_size(cell)) + 0.5


TOP_ROOM = 5.0  # above a grid for its column numbers


def grid(x: float, y: float, n: int, cell: float) -> list[Item]:
    """An n x n grid with row letters on the left and column numbers on top; top-left square at (x, y)."""
    size = text_size(cell)
    grey = (0.3, 0.3, 0.3)
    items: list[Item] = [grid_lines(x, y, n, n, cell, Pen(width=0.25))]
    items += [Text(x + (c + 0.5) * cell, y - 1.5, str(c + 1), size, "middle", color=grey) for c in range(n)]
    items += [Text(x - 1.5, y + (r + 0.5) * cell + size * PT * 0.35, row_label(r), size, "end", color=grey)
              for r in range(n)]
    return items


def block(n: int, cell: float) -> tuple[float, float]:
    """Width and height of one titled grid with its labels and the box below."""
    return label_room(n, cell) + n * cell, TITLE_H + TOP_ROOM + n * cell


def arrange(n: int, count: int, width: float, height: float) -> tuple[float, int, int] | None:
    """The biggest cell (and columns, rows) that fits ``count`` grids in width x height, or None below 6 mm."""
    best = None
    for cols in range(1, count + 1):
        rows = -(-count // cols)
        lo, hi = MIN_CELL, MAX_CELL
        w, h = block(n, lo)
        if cols * w + (cols - 1) * GAP > width or rows * h + (rows - 1) * GAP > height:
            continue
        for _ in range(30):  # bisect: the labels grow a little with the cell
            mid = (lo + hi) / 2
            w, h = block(n, mid)
            if cols * w + (cols - 1) * GAP <= width and rows * h + (rows - 1) * GAP <= height:
                lo = mid
            else:
                hi = mid
        cell = int(lo * 10) / 10
        if best is None or cell > best[0]:
            best = (cell, cols, rows)
    return best


def plan(n: int, count: int, width: float, height: float) -> tuple[int, float, int, int]:
    """(grids per page, cell, columns, rows) using as few pages as possible."""
    per = 1
    while per < count and arrange(n, per + 1, width, height):
        per += 1
    if arrange(n, per, width, height) is None:
        largest = max((k for k in range(4, n) if arrange(k, 1, width, height)), default=4)
        raise ValueError(f"a {n} x {n} grid does not fit one page at {MIN_CELL:g} mm squares; "
                         f"the largest that fits is {largest} x {largest}")
    pages = -(-count // per)
    per = -(-count // pages)  # spread evenly: bigger squares when fewer grids
    cell, cols, rows = arrange(n, per, width, height)  # type: ignore[misc]
    return per, cell, cols, rows


def positions(n: int, cell: float, cols: int, rows: int, count: int, x0: float, y0: float,
              width: float) -> list[tuple[float, float]]:
    """Top-left corners (of the grid squares) for ``count`` blocks, centred across ``width``."""
    w, h = block(n, cell)
    lab = label_room(n, cell)
    used = min(cols, count) * w + (min(cols, count) - 1) * GAP
    left = x0 + (width - used) / 2
    return [(left + (i % cols) * (w + GAP) + lab, y0 + (i // cols) * (h + GAP) + TITLE_H + TOP_ROOM)
            for i in range(count)]


# ---------------------------------------------------------------- the game


class WithinTheCurve(Game):
    id = "curve"
    title = "Within The Curve"
    designer = "Leroy Quet"
    blurb = "draw a closed curve, copy everyone's, fill each interior with coprime neighbours 1, 2, 3, ..."
    Config = Config
    Results = Results

    # -- scoring

    def score(self, res: Results) -> Report:
        report = self.new_report(res)
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

    # -- printing

    def area(self, paper: Paper, y: float) -> tuple[float, float]:
        return paper.inner_width, paper.bottom - 10 - y

    def grid_pages(self, paper: Paper, n: int, entries: list, title: str, subtitle: str, player: Player):
        """Lay ``entries`` out as n x n grids, as many to a page as fit: yields
        (page, top y of the grids, [(entry, (x, y)) ...], spare slot or None, last page?)."""
        y0 = header(paper.page(), paper, "x", "x")
        per, cell, cols, rows = plan(n, len(entries), *self.area(paper, y0))
        sheets = -(-len(entries) // per)
        for k in range(sheets):
            page = paper.page()
            part = f" ({k + 1} of {sheets})" if sheets > 1 else ""
            y = header(page, paper, f"{title}{part}", subtitle, player)
            chunk = entries[k * per:(k + 1) * per]
            placed = list(zip(chunk, positions(n, cell, cols, rows, len(chunk), paper.left, y, paper.inner_width)))
            spots = positions(n, cell, cols, rows, cols * rows, paper.left, y, paper.inner_width)
            spare = spots[len(chunk)] if len(chunk) < len(spots) else None
            yield page, cell, placed, spare, k == sheets - 1

    def kit(self, cfg: Config, paper: Paper) -> list[Page]:
        from ...inputs import InputError

        seats = cfg.seats()
        pages: list[Page] = []
        try:
            plan(cfg.n, len(seats), *self.area(paper, header(paper.page(), paper, "x", "x")))
        except ValueError as e:
            raise InputError("config", f"{e} on {paper.name} paper", key="n") from None
        for seat in seats:
            order = [seat] + [s for s in seats if s is not seat]
            for page, cell, placed, spare, last in self.grid_pages(
                    paper, cfg.n, order, f"{seat.name}'s grids",
                    "Draw your curve on 'your curve'; the others copy theirs here. Number each curve "
                    "along it, then fill its inside (neighbours coprime).", seat):
                for owner, (x, gy) in placed:
                    name = "your curve" if owner is seat else f"copy of {owner.name}'s curve"
                    page.add(self.blank(cfg.n, cell, x, gy, name, owner))
                if spare:  # a free slot: a reminder of the rules
                    x, gy = spare
                    w, h = block(cfg.n, cell)
                    page.add(self.reminder(x - label_room(cfg.n, cell), gy - TOP_ROOM - TITLE_H, w, h))
                if last:
                    ty = paper.bottom - 6
                    page.add(Text(paper.left, ty, "Score: the sum of your top inside numbers =", 9, bold=True))
                    page.add(Rect(paper.left + text_width("Score: the sum of your top inside numbers =", 9, True)
                                  + 2, ty - 4.5, 18, 6.5, Pen(width=0.4)))
                pages.append(page)
        return pages

    def blank(self, n: int, cell: float, x: float, y: float, name: str, owner: Player) -> list[Item]:
        items: list[Item] = []
        lab = label_room(n, cell)
        ty = y - TOP_ROOM - 2.2
        label = "top inside number"
        box_w = 12.0
        room = n * cell + lab - 5 - box_w - text_width(label, 7) - 3
        items += owner.badge(x - lab + 1.6, ty - 1.2, 3.0)
        items.append(Text(x - lab + 4.2, ty, fit_text(name, room, 10, True), 10, bold=True, color=owner.color))
        items.append(Text(x + n * cell - box_w - 1.2, ty, label, 7, "end", color=(0.3, 0.3, 0.3)))
        items.append(Rect(x + n * cell - box_w, ty - 4.6, box_w, 6.0, Pen(width=0.35)))
        items += grid(x, y, n, cell)
        return items

    def reminder(self, x: float, y: float, w: float, h: float) -> list[Item]:
        """The filling rules in brief, for an empty place on a sheet."""
        from ...draw import wrap

        lines = [("Filling a curve", True),
                 ("1. Number the curve's squares 1, 2, 3, ... along it, starting anywhere, either way round.", False),
                 ("2. Inside, write 1, 2, 3, ... one at a time, each in an empty inside square where it shares "
                  "no factor with the numbers directly above, below, left and right of it.", False),
                 ("3. Stop when the next number fits nowhere; write your top inside number in the box.", False),
                 ("Coprime: no common factor but 1. 8 and 15 are coprime; 6 and 9 share 3; 1 is coprime with "
                  "everything. Two curve squares side by side need not be coprime.", False)]
        items: list[Item] = []
        ty = y + 4
        for text, bold in lines:
            for ln in wrap(text, w - 4, 9, bold):
                if ty + 4.2 > y + h:
                    return items
                ty += 4.2
                items.append(Text(x + 2, ty, ln, 9, bold=bold))
            ty += 1.5
        return items

    # -- pictures

    def draw_fill(self, n: int, cell: float, curve: Curve, fill: Fill | None, color, dash=()) -> list[Item]:
        """A grid from (0, 0) as entered: interior shaded, the curve as a line, numbers, mistakes marked."""
        items: list[Item] = []
        for r, c in sorted(curve.inside):
            items.append(Rect(c * cell, r * cell, cell, cell, None, SHADE))
        if curve.route is None:
            for r, c in sorted(curve.squares):
                items.append(Rect(c * cell + 0.6, r * cell + 0.6, cell - 1.2, cell - 1.2, Pen(color, 0.4, (0.8, 0.8))))
        items += grid(0, 0, n, cell)
        if curve.route:
            pts = tuple(((c + 0.5) * cell, (r + 0.5) * cell) for r, c in curve.route)
            items.append(Polyline(pts, Pen(color, 0.9, dash, not dash), None, True))
        for p in curve.problems:
            if p.square:
                r, c = p.square
                items.append(Rect(c * cell + 0.3, r * cell + 0.3, cell - 0.6, cell - 0.6, MISTAKE))
        if fill is None:
            return items
        size = min(10.0, max(7.0, cell / PT * 0.5))
        on = set(curve.route or ())
        for (r, c), v in sorted(fill.written.items()):
            if (r, c) in on:  # a white patch under the number, so that the curve's line does not cross it
                items.append(Rect((c + 0.5) * cell - size * PT * 0.75, (r + 0.5) * cell - size * PT * 0.5,
                                  size * PT * 1.5, size * PT * 1.0, None, (1, 1, 1)))
            items.append(Text((c + 0.5) * cell, (r + 0.5) * cell + size * PT * 0.35, str(v), size, "middle",
                              bold=(r, c) in curve.inside, color=MISTAKE.color if (r, c) in fill.bad else (0, 0, 0)))
        for r, c in sorted(fill.bad):
            items.append(Rect(c * cell + 0.4, r * cell + 0.4, cell - 0.8, cell - 0.8, MISTAKE))
        if fill.pairs:
            segs = tuple(((a[1] + 0.5) * cell, (a[0] + 0.5) * cell, (b[1] + 0.5) * cell, (b[0] + 0.5) * cell)
                         for a, b in fill.pairs)
            # the link between offending neighbours, drawn short so that the numbers stay readable
            items.append(Lines(tuple((x1 + (x2 - x1) * 0.3, y1 + (y2 - y1) * 0.3, x1 + (x2 - x1) * 0.7,
                                      y1 + (y2 - y1) * 0.7) for x1, y1, x2, y2 in segs), Pen(MISTAKE.color, 0.8)))
        if fill.could:
            (r, c), v = fill.could
            items.append(Text((c + 0.5) * cell, (r + 0.5) * cell + size * PT * 0.35, str(v), size * 0.9, "middle",
                              color=(0.55, 0.55, 0.55)))
        return items

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        seats = {p.name: p for p in res.seats()}
        curves, fills = check(res, self.new_report(res))
        pages: list[Page] = []
        for player in res.names:
            mine = [f for f in fills if f.player == player]
            mine.sort(key=lambda f: (f.owner != player, res.names.index(f.owner)))
            for page, cell, placed, _, last in self.grid_pages(
                    paper, res.n, mine, f"{player}'s fills as entered",
                    "Line: the curve. Shaded: its inside. Red: numbers that break a rule. "
                    "Grey: the next number would still have fit there.", seats[player]):
                for f, (x, gy) in placed:
                    owner = seats[f.owner]
                    cv = curves[f.owner]
                    name = "own curve" if f.owner == player else f"{f.owner}'s curve"
                    state = f"top {f.top}" if cv.route else "not a closed curve"
                    lab = label_room(res.n, cell)
                    page.add(owner.badge(x - lab + 1.6, gy - TOP_ROOM - 3.4, 3.0))
                    page.add(Text(x - lab + 4.2, gy - TOP_ROOM - 2.2,
                                  fit_text(f"{name}: {state}", res.n * cell + lab - 5, 10, True), 10, bold=True,
                                  color=owner.color))
                    page.add(moved(self.draw_fill(res.n, cell, cv, f, owner.color, owner.dash), x, gy))
                if last:
                    page.add(Text(paper.left, paper.bottom - 6, f"{player}'s score: {report.scores[player]}"
                                  + (" (disqualified)" if player in report.disqualified else ""), 10, bold=True))
                pages.append(page)
        return pages

    solve = staticmethod(solve_command)  # printkit solve curve FILE

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        from .examples import figure

        return figure(self, name, width)

    def record_template(self, cfg: Config) -> str:
        blank = "\n".join("    " + " ".join("." for _ in range(cfg.n)) for _ in range(cfg.n))
        lines = ["# Rows are letters from the top (A, B, ...), columns numbers from the left.",
                 "# Each grid: one line per row, '.' for an empty square, separated by spaces.",
                 "# curves: each owner's curve; put '#' on its squares. Where a square has three or more",
                 "# curve squares beside it, number the route instead: 1, 2, 3, ... along the curve.",
                 "curves:"]
        for name in cfg.names:
            lines.append(f"  {_key(name)}: |")
            lines.append(blank)
        lines += ["# fills[player][owner]: every number the player wrote on the owner's curve",
                  "# (the curve's 1..L and the inside numbers), '.' where nothing is written.",
                  "fills:"]
        for player in cfg.names:
            lines.append(f"  {_key(player)}:")
            for owner in cfg.names:
                lines.append(f"    {_key(owner)}: |")
                lines.append("  " + blank.replace("\n", "\n  "))
        return "\n".join(lines) + "\n"


def _key(name: str) -> str:
    import yaml

    return yaml.safe_dump(name, default_style=None).strip().removesuffix("...").strip()


GAME = WithinTheCurve()

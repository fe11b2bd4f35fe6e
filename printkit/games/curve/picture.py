"""Within The Curve's results drawn back (``score --picture``): each player's fills as entered, the
curve as a line and its inside shaded, numbers breaking a rule in red, the next number that would still
have fitted in grey, and the player's score on their last page.
"""

from __future__ import annotations

from ...draw import PT, Item, Lines, Page, Pen, Polyline, Rect, Text, fit_text, moved
from ...report import Report
from ...sheet import MISTAKE, Paper
from .score import Curve, Fill, check
from .sheets import TOP_ROOM, grid, grid_pages, label_room
from .model import ID, Results


SHADE = (0.86, 0.86, 0.86)  # interior squares in pictures


def draw_fill(n: int, cell: float, curve: Curve, fill: Fill | None, color, dash=()) -> list[Item]:
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


def picture(res: Results, report: Report, paper: Paper) -> list[Page]:
    seats = {p.name: p for p in res.seats()}
    curves, fills = check(res, Report.empty(ID, res.names))
    pages: list[Page] = []
    for player in res.names:
        mine = [f for f in fills if f.player == player]
        mine.sort(key=lambda f: (f.owner != player, res.names.index(f.owner)))
        for page, cell, placed, _, last in grid_pages(
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
                page.add(moved(draw_fill(res.n, cell, cv, f, owner.color, owner.dash), x, gy))
            if last:
                page.add(Text(paper.left, paper.bottom - 6, f"{player}'s score: {report.scores[player]}"
                              + (" (disqualified)" if player in report.disqualified else ""), 10, bold=True))
            pages.append(page)
    return pages

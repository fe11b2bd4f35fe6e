"""Making Intersections' results drawn back: each round's array with its segments (those that break a
rule in the mistake pen) and the offense's scoring dots ringed with their counts."""

from __future__ import annotations

from ...draw import Circle, Item, Lines, Page, Pen, Text, fit_text, moved
from ...report import Report
from ...sheet import MISTAKE, Paper, Player, header, labelled_grid
from .geometry import counts
from .record import Seg
from .score import check
from .model import ID, Results, TITLE


def draw_round(n: int, gap: float, good: list[Seg], bad: list[Seg], offense: Player) -> list[Item]:
    """A round drawn from (0, 0): the array, the segments, scoring dots ringed with their counts."""
    items: list[Item] = labelled_grid(0, 0, n, n, gap, dots=True)

    def line(s: Seg) -> tuple[float, float, float, float]:
        return (s.c1 * gap, s.r1 * gap, s.c2 * gap, s.r2 * gap)

    if good:
        items.append(Lines(tuple(line(s) for s in good), Pen(width=0.7, round=True)))
    if bad:
        items.append(Lines(tuple(line(s) for s in bad), MISTAKE))
    cnt = counts(good)
    for (r, c), k in sorted(cnt.items()):
        if k >= 3:
            items.append(Circle(c * gap, r * gap, min(2.6, gap * 0.3), Pen(offense.color, 0.6)))
            items.append(Text(c * gap + 2.2, r * gap - 1.6, str(k), 7, color=offense.color, bold=True))
    return items


def picture(res: Results, report: Report, paper: Paper) -> list[Page]:
    seats = {p.name: p for p in res.seats()}
    rounds = check(res, Report.empty(ID, res.names))
    gap = max(6.0, min(14.0, 100 / (res.n - 1)))
    panel_w, panel_h = gap * (res.n - 1) + 22, gap * (res.n - 1) + 24
    cols = max(1, int((paper.inner_width + 8) // (panel_w + 8)))
    pages: list[Page] = []
    page, row_y, col = None, 0.0, cols
    for rd in rounds:
        if col == cols:  # start a new row of panels, on a new page if needed
            col = 0
            row_y = row_y + panel_h if page is not None else 0.0
            if page is None or row_y + panel_h > paper.bottom - 8:
                page = paper.page()
                pages.append(page)
                row_y = header(page, paper, f"{res.title or TITLE}: results as entered",
                               "Thick: segments; red dashed: segments that break a rule; "
                               "ringed: the offense's dots (count beside).")
        x = paper.left + col * (panel_w + 8)
        off = seats[rd.offense]
        page.add(Text(x, row_y + 4, fit_text(f"Round {rd.index + 1}: {rd.offense} (offense) scores {rd.points}",
                                             panel_w, 10, True), 10, bold=True, color=off.color))
        page.add(moved(draw_round(res.n, gap, rd.good, rd.bad, off), x + 8, row_y + 14))
        col += 1
    if not pages:
        page = paper.page()
        header(page, paper, f"{res.title or TITLE}: results as entered", "No rounds entered.")
        pages.append(page)
    return pages

"""Add/Residue's results drawn back: the move log as entered, rows that break a rule shaded, a wrong m
struck out with the true m beside it, and the scores in the header."""

from __future__ import annotations

from ...draw import Page, Text
from ...report import Report
from ...sheet import Paper, header
from .score import replay
from .sheets import log_table
from .model import ID, Results, TITLE


def picture(res: Results, report: Report, paper: Paper) -> list[Page]:
    seats = res.seats()
    rows = replay(res, Report.empty(ID, res.names))
    title = res.title or TITLE
    widths = [8.0, 30.0, 12.0, 9.0, 12.0, 13.0, 12.0]
    remark = paper.inner_width - 0.6 - sum(widths)
    row_h = 6.5
    pages: list[Page] = []
    i = 0
    while True:
        page = paper.page()
        pages.append(page)
        scores = ", ".join(f"{p} {report.scores[p]}" for p in res.names)
        y = header(page, paper, f"{title}: move log as entered" + (" (continued)" if i else ""),
                   f"Scores: {scores}. Shaded: a broken rule or a wrong m (struck out, the true m beside it). "
                   "Grey m: not written, worked out.")
        if not rows:
            page.add(Text(paper.left, y + 6, "No moves entered.", 10))
            break
        per = int((paper.bottom - 8 - y) // row_h) - 1
        take = min(per, len(rows) - i)
        page.add(log_table(paper.left + 0.3, y, widths, i, take, row_h, seats, rows, remark))
        i += take
        if i >= len(rows):
            break
    return pages

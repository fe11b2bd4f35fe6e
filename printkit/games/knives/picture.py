"""Selling Knives Door-to-Door: the results drawn back (``printkit score --picture``): every road
in its owner's colour, a claim that breaks a rule in the mistake colour, and the rules broken.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...draw import Text, moved, wrap
from ...sheet import MISTAKE, Player, header
from .score import check
from .roadmap import draw_map, fit, legend
from .model import ID, Results, TITLE
from ...report import Report

if TYPE_CHECKING:
    from ...draw import Page
    from ...sheet import Paper


def picture(res: Results, report: Report, paper: Paper) -> list[Page]:
    seats = res.seats()
    title = res.title or TITLE
    if res.kcount == "draw":  # a blank record: no map until the count drawn is written
        page = paper.page()
        y = header(page, paper, f"{title}: results as entered",
                   "kcount is not written yet: write the kcount drawn at the table (8 to 14) in the results file.")
        page.add(legend(seats, paper.left, y + 2, paper.inner_width))
        return [page]
    pens = {s.name: s.pen(0.9) for s in seats}
    marks = check(res, Report.empty(ID, res.names))
    traced = [(c.road, pens[c.player]) for c in marks if c.ok]
    traced += [(c.road, MISTAKE) for c in marks if not c.ok]
    page = paper.page()
    y = header(page, paper, f"{title}: results as entered",
               "Each road in its owner's colour and pattern; red dashed: a claim that breaks a rule (not counted).")
    lines = [f"{v.where}: {v.message} [{v.rule}]" for v in report.violations]
    text_h = min(70.0, 5 + 4.2 * len(lines))
    legend_h = 8 + 6 * math.ceil(len(seats) / 2)
    side = min(paper.inner_width, paper.bottom - 10 - legend_h - (text_h if lines else 0) - y)
    page.add(moved(draw_map(res.kcount, fit(res.kcount, side), traced), paper.left + paper.inner_width / 2,
                   y + side / 2))
    y += side + 4
    def label(s: Player) -> str:
        n = report.scores[s.name]
        return f"{s.name} ({n} road{'' if n == 1 else 's'})"

    scored = [Player(s.index, label(s), s.colour_name, s.color, s.dash, s.shape) for s in seats]
    page.add(legend(scored, paper.left, y, paper.inner_width))
    y += legend_h
    if lines:
        page.add(Text(paper.left, y, f"{len(lines)} rule(s) broken:", 9, bold=True, color=MISTAKE.color))
        for ln in lines:
            for part in wrap(ln, paper.inner_width - 4, 8):
                if y + 4.2 > paper.bottom - 6:
                    break
                y += 3.9
                page.add(Text(paper.left + 3, y, part, 8))
    return [page]

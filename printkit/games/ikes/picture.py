"""The results of The Long Way drawn back (``score --picture``): each store as entered, the shoppers'
walk with the points of every space entered, and the squares of broken rules marked."""

from __future__ import annotations

import re

from ...draw import Page, Pen, Rect, Text, wrap
from ...sheet import MISTAKE, LABEL_ROOM, Paper, header
from .spaces import N, SPACES, name, rc
from .model import TITLE, Results
from .score import evaluate
from .drawing import draw_floor, draw_walk

SPACE_IN = re.compile(r"\b([A-G][1-7])\b")


def picture(res: Results, paper: Paper) -> list[Page]:
    report, floors = evaluate(res)
    pages = []
    for seat in res.seats():
        b, w = floors[seat.name]
        page = paper.page()
        y = header(page, paper, f"{res.title or TITLE}: {seat.name}'s store as entered",
                   "Shaded: tiles (darker: cafeterias). Line: the walk; +n/-n: points per space. "
                   "Red dashed: a broken rule.", seat)
        cell = min(20.0, (paper.inner_width - 2 * LABEL_ROOM - 14) / N)
        gx = paper.left + LABEL_ROOM + 8
        gy = y + LABEL_ROOM + 8
        page.add(draw_floor(b, gx, gy, cell))
        page.add(draw_walk(w, gx, gy, cell, Pen(seat.color, 0.7, seat.dash, round=True), b))
        bad = set()
        for v in report.violations:
            if v.player == seat.name:
                where = re.sub(r"\([^)]*\)|cafeterias? C\d", "", v.where.split("sheet, ", 1)[-1])
                bad.update(SPACE_IN.findall(where))
        for s in range(SPACES):
            if name(s) in bad:
                r, c = rc(s)
                page.add(Rect(gx + c * cell + 0.8, gy + r * cell + 0.8, cell - 1.6, cell - 1.6, MISTAKE))
        ty = gy + N * cell + 12
        from .score import describe_walk

        lines = [f"Score {report.scores[seat.name]}: {describe_walk(w, b)}"]
        for leg in w.legs:
            start = "" if leg is w.legs[0] else f"from {name(leg.start)} "
            lines.append(f"  {start}to {leg.goal}: {' '.join(name(s) for s in leg.spaces)} (worth {leg.value:+d})")
        lines += [f"Note: {n.split(': ', 1)[-1]}" for n in report.notes if n.startswith(f"{seat.name}'s sheet")]
        lines += [f"Broken rule [{v.rule}] at {v.where}: {v.message}" for v in report.violations if v.player == seat.name]
        for ln in lines:
            for part in wrap(ln, paper.inner_width, 8.5):
                if ty > paper.bottom - 8:
                    break
                page.add(Text(paper.left, ty, part, 8.5))
                ty += 4
        pages.append(page)
    return pages

"""The null game's tally drawn back: each digit in its square, in its player's colour; a line that breaks
the rule in the mistake colour, its square outlined."""

from __future__ import annotations

from printkit.draw import Page, Rect, Text, moved
from printkit.report import Report
from printkit.sheet import LABEL_ROOM, MISTAKE, MISTAKE_COLOR, Paper, Player, header

from .model import TITLE, Results
from .score import cells
from .sheets import CELL, grid_top, tally_grid


def written(res: Results, seats: list[Player]) -> list:
    """The digits in their squares (from the tally grid's top left), broken ones in the mistake colour."""
    items: list = []
    for cell in cells(res):
        x, y = cell.c * CELL, grid_top() + cell.r * CELL
        colour = seats[cell.c].color if cell.ok else MISTAKE_COLOR
        items.append(Text(x + CELL / 2, y + CELL * 0.7, cell.digit[:3], 12, "middle", True, colour))
        if not cell.ok:
            items.append(Rect(x + 0.6, y + 0.6, CELL - 1.2, CELL - 1.2, MISTAKE))
    return items


def rows(res: Results) -> int:
    """The grid's rows: the sheet's, or more where the record has more turns."""
    return max([res.rows] + [cell.r + 1 for cell in cells(res)])


def picture(res: Results, report: Report, paper: Paper) -> list[Page]:
    page = paper.page()
    seats = res.seats()
    y = header(page, paper, f"{res.title or TITLE}: results as entered", "Red: a line that breaks the rule.")
    items, _ = tally_grid(seats, rows(res), paper.inner_width - LABEL_ROOM)
    page.add(moved(items + written(res, seats), paper.left + LABEL_ROOM, y + 2))
    return [page]

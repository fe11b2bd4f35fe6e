"""The null game on the entry page: the tally grid as printed with the digits written in, every square a
place to point at (``B2``), and the grid itself (``grid:tally``) for the page's input model."""

from __future__ import annotations

from printkit.coords import coord
from printkit.draw import Hit, Page, Text, fit_text, hit_grid, moved
from printkit.game import Editor
from printkit.report import Report
from printkit.sheet import Paper

from .model import TITLE, Config, Results
from .picture import rows, written
from .score import cells
from .sheets import CELL, grid_top, tally_grid

ANSWERS: dict = {}  # no questions to ask about a record


def board(res: Results, report: Report, paper: Paper) -> list[Page]:
    seats = res.seats()
    n, cols = rows(res), len(seats)
    width = max(60.0, cols * CELL + 10)
    page = Page(width + 12, grid_top() + n * CELL + 20)
    page.add(Text(2, 6, fit_text(res.title or TITLE, width + 8, 11, True), 11, bold=True))
    items, _ = tally_grid(seats, n, width)
    top = grid_top()
    hits = [Hit(coord(r, c), c * CELL, top + r * CELL, CELL, CELL, "square") for r in range(n) for c in range(cols)]
    hits.append(hit_grid("grid:tally", 0, top, cols * CELL, n * CELL, n, cols))
    page.add(moved(items + written(res, seats) + hits, 8, 10))
    return [page]


def board_info(res: Results, report: Report) -> dict:
    """Where each tally line is written (``cells``: [row, column] per line) and each player's next row."""
    written_ = cells(res)
    return {"rows": rows(res), "cols": len(res.names), "players": res.names,
            "cells": [[c.r, c.c] for c in written_],
            "next": [sum(1 for c in written_ if c.c == k) for k in range(len(res.names))]}


def editors(cfg: Config) -> list[Editor]:
    return [{"path": ["tally"], "label": "Tally", "kind": "lines", "hint": "Ann 3"}]


def places(res: Results) -> list[str]:
    """The square of every tally line (``B2``)."""
    return [c.ref for c in cells(res)]


def ref_of(res: Results, path: tuple) -> str | None:
    """The tally grid (``grid:tally``), for any line of the tally."""
    return "grid:tally" if path[:1] == ("tally",) else None

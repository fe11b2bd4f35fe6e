"""The null game's kit: one tally sheet, a numbered line per turn with a column for each player."""

from __future__ import annotations

from printkit.draw import Page, table
from printkit.sheet import Block, Paper, header

from .model import TITLE, Config

ROW_H = 8.0


def kit(cfg: Config, paper: Paper) -> list[Block]:
    page = paper.page()
    y = header(page, paper, f"{cfg.title or TITLE}: tally", "Write one digit a turn, in seat order.")
    width = min(30.0, (paper.inner_width - 12) / len(cfg.names))
    page.add(table(paper.left + 0.2, y + 2, [12.0] + [width] * len(cfg.names), cfg.rows, ROW_H,
                   ["#", *cfg.names]))
    return [page]


def tally_page(title: str, lines: list[str], bad: set[int], paper: Paper) -> Page:
    """The tally as written, one line a row; the rows in ``bad`` in the mistake colour."""
    from printkit.draw import Text
    from printkit.sheet import MISTAKE_COLOR

    page = paper.page()
    y = header(page, paper, title, "Red: a line that breaks the rule.")
    for i, line in enumerate(lines, 1):
        page.add(Text(paper.left, y + 6 * i, f"{i}. {line}", 10, color=MISTAKE_COLOR if i in bad else (0, 0, 0)))
    return page

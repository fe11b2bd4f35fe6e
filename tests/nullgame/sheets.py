"""The null game's kit: one tally sheet (a row a round, a column a player) ending with the tally strip, and
the rule sheet's words for it."""

from __future__ import annotations

from printkit import tally
from printkit.draw import Item, Text, fit_text, moved
from printkit.sheet import LABEL_ROOM, Block, Paper, Player, copies_words, header, labelled_grid

from .model import TITLE, Config

CELL = 10.0  # a square of the tally grid, in millimetres (printed and on screen)


def kit_words(cfg: Config) -> dict[str, str]:
    """The rule sheet's words for this kit (``{{kit}}``): what it holds; the several-games sentence last."""
    return {"kit": f"a tally sheet of {cfg.rows} rows, a column for each player, ending with the strip for the "
                   f"totals.{copies_words(cfg.copies)}"}


def kit(cfg: Config, paper: Paper) -> list[Block]:
    page = paper.page()
    seats = cfg.seats()
    y = header(page, paper, f"{cfg.title or TITLE}: tally", "In seat order, write one digit, 0 to 9, in your "
                                                              "column of the next row.")
    items, bottom = tally_grid(seats, cfg.rows, paper.inner_width - LABEL_ROOM)
    page.add(moved(items, paper.left + LABEL_ROOM, y + 2))
    strip, h = tally.strip(seats, paper.inner_width, True, "The highest total wins; equal totals share the win.")
    page.add(moved(strip, paper.left, y + 2 + bottom + 6))
    return [page]


def tally_grid(seats: list[Player], rows: int, width: float) -> tuple[list[Item], float]:
    """The tally grid from (0, 0) as printed and as on screen, and its height: a key naming each column's
    player, then the grid with its row letters and column numbers (``sheet.labelled_grid``)."""
    key = ", ".join(f"{s.index + 1} {s.name}" for s in seats)
    items: list[Item] = [Text(0, 4, fit_text(f"Columns: {key}", width, 9), 9)]
    items += labelled_grid(0, 6 + LABEL_ROOM, rows, len(seats), CELL)
    return items, 6 + LABEL_ROOM + rows * CELL


def grid_top() -> float:
    """Where the grid's first row starts, below the top of ``tally_grid``."""
    return 6 + LABEL_ROOM

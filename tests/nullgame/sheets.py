"""The null game's kit (one sheet: a box per player to write a number in) and its results drawn back."""

from __future__ import annotations

from printkit.draw import Item, Page, Rect, Text, fit_text
from printkit.report import Report
from printkit.sheet import MISTAKE, Paper, Panel, Player, header, panel

from .model import TITLE, Config, Results, number_line

BOX = 24.0  # a box's side: room for a number written by hand
GAP = 6.0


def boxes(seats: list[Player], x: float, y: float, written: dict[str, int] | None = None,
          wrong: frozenset[str] = frozenset()) -> list[Item]:
    """A box per player under their name, from (x, y); the numbers written in them, if any."""
    items: list[Item] = []
    for i, s in enumerate(seats):
        bx = x + i * (BOX + GAP)
        items.append(Text(bx, y + 4, fit_text(s.name, BOX, 9, True), 9, bold=True, color=s.color))
        items += s.badge(bx + BOX - 2.5, y + 2.6, 3.0)
        items.append(Rect(bx, y + 6, BOX, BOX, MISTAKE if s.name in wrong else s.pen(0.5)))
        if written and s.name in written:
            items.append(Text(bx + BOX / 2, y + 6 + BOX * 0.65, str(written[s.name]), 16, "middle"))
    return items


def kit(cfg: Config, paper: Paper) -> list[Panel]:
    page = paper.page()
    y = header(page, paper, cfg.title or TITLE, f"Each player writes one whole number from 1 to {cfg.n} in their box.")
    seats = cfg.seats()
    page.add(boxes(seats, paper.left + 1, y, None))  # the pen inside the margin
    return [panel(page, paper, y + 6 + BOX + 2, "numbers")]


def picture(res: Results, report: Report, paper: Paper) -> list[Page]:
    page = paper.page()
    y = header(page, paper, f"{res.title or TITLE}: results as entered", "Red: a number out of range (not counted).")
    written = dict(number_line(text, res.players) for text in res.numbers)
    page.add(boxes(res.seats(), paper.left + 1, y, written, frozenset(v.player for v in report.violations)))
    return [page]

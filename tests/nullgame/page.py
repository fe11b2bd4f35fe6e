"""The null game on the entry page: the boxes as printed, each a place to point at (``number:Ann``); the
record is typed into its text box."""

from __future__ import annotations

from printkit.draw import Hit, Page
from printkit.report import Report
from printkit.sheet import Paper

from .model import Config, Results, number_line
from .sheets import BOX, GAP, boxes

ANSWERS: dict = {}  # no questions to ask about a record


def board(res: Results, report: Report, paper: Paper) -> list[Page]:
    seats = res.seats()
    page = Page(len(seats) * (BOX + GAP) + 4, BOX + 12)
    written = dict(number_line(text, res.players) for text in res.numbers)
    page.add(boxes(seats, 2, 2, written, frozenset(v.player for v in report.violations)))
    page.add([Hit(f"number:{s.name}", 2 + i * (BOX + GAP), 8, BOX, BOX, "box") for i, s in enumerate(seats)])
    return [page]


def board_info(res: Results, report: Report) -> dict:
    return {"players": res.names}


def editors(cfg: Config) -> list[dict]:
    return [{"path": ["numbers"], "label": "Numbers, one a line", "kind": "lines", "rows": 3,
             "hint": f"{cfg.names[0]} 7"}]


def places(res: Results) -> list[str]:
    return [f"number:{number_line(text, res.players)[0]}" for text in res.numbers]

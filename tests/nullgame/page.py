"""The null game on the entry page: the tally, one place to point at per line (``row:N``)."""

from __future__ import annotations

from printkit.draw import Hit, Page
from printkit.game import Editor
from printkit.report import Report
from printkit.sheet import Paper

from .model import TITLE, Config, Results
from .sheets import tally_page

ANSWERS: dict = {}  # no questions to ask about a record


def board(res: Results, report: Report, paper: Paper) -> list[Page]:
    bad = {int(v.where.rsplit(" ", 1)[1]) for v in report.violations if v.rule == "digit"}
    page = tally_page(res.title or TITLE, list(res.tally or []), bad, paper)
    for i in range(1, len(res.tally or []) + 2):  # every line, and one more to write in
        page.add(Hit(f"row:{i}", paper.left, paper.top + 12 + 6 * i - 4.5, 60, 6, "row"))
    return [page]


def board_info(res: Results, report: Report) -> dict:
    names = res.names
    return {"next": names[len(res.tally or []) % len(names)]}


def editors(cfg: Config) -> list[Editor]:
    return [{"path": ["tally"], "label": "Tally", "kind": "lines", "hint": "Ann 3"}]


def places(res: Results) -> list[str]:
    """Every line of the tally (``row:2``)."""
    return [f"row:{i}" for i in range(1, len(res.tally or []) + 1)]


def where(res: Results, path: tuple) -> str | None:
    """A line of the tally (``row:2``)."""
    return f"row:{path[1] + 1}" if path[:1] == ("tally",) and len(path) > 1 and isinstance(path[1], int) else None

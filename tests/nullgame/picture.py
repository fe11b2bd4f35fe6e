"""The null game's tally drawn back, the lines that break the rule in red."""

from __future__ import annotations

from printkit.draw import Page
from printkit.report import Report
from printkit.sheet import Paper

from .model import TITLE, Results
from .sheets import tally_page


def picture(res: Results, report: Report, paper: Paper) -> list[Page]:
    bad = {int(v.where.rsplit(" ", 1)[1]) for v in report.violations if v.rule == "digit"}
    return [tally_page(f"{res.title or TITLE}: results as entered", list(res.tally or []), bad, paper)]

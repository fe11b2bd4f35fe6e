"""The null game's scorer.  One rule:

- ``range``: the number written is a whole number from 1 to n (a number out of range scores nothing).

Score: the number written.
"""

from __future__ import annotations

from printkit.report import Report

from .model import Results, number_line


def score(res: Results) -> Report:
    report = Report.empty(res.game, res.names)
    for i, text in enumerate(res.numbers):
        who, number = number_line(text, res.players)
        if 1 <= number <= res.n:
            report.scores[who] = number
        else:
            report.violation(who, "range", f"line {i + 1} ({text})", f"{number} is not a number from 1 to {res.n}",
                             (f"number:{who}",))
    return report

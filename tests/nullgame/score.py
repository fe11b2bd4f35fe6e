"""The null game's scorer.  One rule: ``digit``, what a player wrote is a digit from 0 to 9 (a line that
breaks it disqualifies its writer).  A player's score is the sum of their digits."""

from __future__ import annotations

from printkit.report import Report

from .model import ID, Results


def score(res: Results) -> Report:
    report = Report.empty(ID, res.names)
    for i, line in enumerate(res.tally or []):
        who, digit = line.rsplit(" ", 1)
        if digit.isdigit() and len(digit) == 1:
            report.scores[who] += int(digit)
        else:
            report.violation(who, "digit", f"tally line {i + 1}", f"'{digit}' is not a digit from 0 to 9",
                             (f"row:{i + 1}",))
            report.disqualified.add(who)
    return report

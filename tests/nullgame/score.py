"""The null game's scorer.  One rule: ``digit``, what a player wrote is a digit from 0 to 9 (a line that
breaks it disqualifies its writer).  A player's score is the sum of their digits.

``cells`` places every tally line on the sheet (the player's column, their own next row): the scorer, the
picture and the page all read the sheet through it, so that none reads a mistake's words back."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.coords import coord
from printkit.report import Report

from .model import ID, Results


@dataclass(frozen=True)
class Cell:
    """A tally line where it is written: row ``r`` (the player's own count of turns), column ``c`` (their
    seat), the player and what they wrote."""

    line: int
    r: int
    c: int
    who: str
    digit: str

    @property
    def ok(self) -> bool:
        return self.digit.isdigit() and len(self.digit) == 1

    @property
    def ref(self) -> str:
        """The cell's place on the page (``B2``)."""
        return coord(self.r, self.c)


def cells(res: Results) -> list[Cell]:
    names = res.names
    made: dict[str, int] = {}
    out = []
    for i, line in enumerate(res.tally or []):
        who, digit = line.rsplit(" ", 1)
        out.append(Cell(i, made.get(who, 0), names.index(who), who, digit))
        made[who] = made.get(who, 0) + 1
    return out


def score(res: Results) -> Report:
    report = Report.empty(ID, res.names)
    for cell in cells(res):
        if cell.ok:
            report.scores[cell.who] += int(cell.digit)
        else:
            report.violation(cell.who, "digit", f"tally line {cell.line + 1} (square {cell.ref})",
                             f"'{cell.digit}' is not a digit from 0 to 9", (cell.ref,))
            report.disqualified.add(cell.who)
    return report

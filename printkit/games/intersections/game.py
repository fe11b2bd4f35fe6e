"""Making Intersections' Game: the contract (``printkit.game``) filled in by one-line calls into the modules
beside this one.

A segment joins two dots of one row or column.  Segments may not cross (meet
at a point inside both) nor coincide (share more than one point).  A dot's
count is the segments ending there plus two for each passing through; the
round's offense player scores one point per dot with a count of 3 or more.
"""

from __future__ import annotations

from ...draw import Item, Page
from ...game import Game
from ...report import Report
from ...sheet import Block, Paper
from . import picture, record, score, sheets
from .model import ID, TITLE, Config, Results


class Intersections(Game):
    id = ID
    title = TITLE
    designer = "Leroy Quet"
    blurb = "draw segments on a dot array; the offense scores dots where 3 or more meet"
    record_syntax = "each round's segments ([A1-A5, A3-E3])"
    Config = Config
    Results = Results

    def kit(self, cfg: Config, paper: Paper) -> list[Block]:
        return sheets.kit(cfg, paper)

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        return sheets.figure(name, width)

    def kit_words(self, cfg: Config) -> dict[str, str]:
        return sheets.kit_words(cfg)

    def record_template(self, cfg: Config) -> str:
        return record.record_template(cfg)

    def entered(self, res: Results) -> bool:
        return any(res.rounds)

    def score(self, res: Results) -> Report:
        return self.nothing_entered(res) or score.score(res)

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        return picture.picture(res, report, paper)


GAME = Intersections()

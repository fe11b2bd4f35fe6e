"""Within The Curve's Game: the contract (``printkit.game``) filled in by one-line calls into the modules
beside this one.

Each player draws a closed curve through grid squares and copies it onto every
other player's sheet.  On every curve, each player numbers the curve 1..L along
it, then writes 1, 2, 3, ... in the interior, each number coprime with every
number beside it.  Score: the sum of the top interior numbers.
"""

from __future__ import annotations

from ...draw import Item, Page
from ...game import Game
from ...report import Report
from ...sheet import Block, Paper
from . import figures, picture, record, score, sheets
from .model import ID, TITLE, Config, Results


class WithinTheCurve(Game):
    id = ID
    title = TITLE
    designer = "Leroy Quet"
    blurb = "draw a closed curve, copy everyone's, fill each interior with coprime neighbours 1, 2, 3, ..."
    record_syntax = "each curve as a grid of '#' (or its route numbered 1, 2, 3, ...) and every player's numbers on it"
    Config = Config
    Results = Results
    commands = ("solve",)  # printkit solve curve FILE, in commands.py

    def kit(self, cfg: Config, paper: Paper) -> list[Block]:
        return sheets.kit(cfg, paper)

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        return figures.figure(name, width)

    def kit_words(self, cfg: Config) -> dict[str, str]:
        return sheets.kit_words(cfg)

    def record_template(self, cfg: Config) -> str:
        return record.record_template(cfg)

    def entered(self, res: Results) -> bool:
        grids = [*res.curves.values(), *(g for row in res.fills.values() for g in row.values())]
        return any(x is not None for grid in grids for row in grid for x in row)

    def score(self, res: Results) -> Report:
        return self.nothing_entered(res) or score.score(res)

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        return picture.picture(res, report, paper)


GAME = WithinTheCurve()

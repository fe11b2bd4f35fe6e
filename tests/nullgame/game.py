"""The null game's Game: every part of the contract (``printkit.game``) filled in, each a call into the
modules beside this one."""

from __future__ import annotations

from printkit.draw import Item, Page
from printkit.game import Game
from printkit.report import Report
from printkit.sheet import Block, Paper

from . import model, score, sheets
from .model import ID, TITLE, Config, Results

HERE = __file__.rsplit("/", 1)[0]


class Null(Game):
    id = ID
    title = TITLE
    designer = "nobody in particular"
    blurb = "each player writes a number from 1 to n; the highest wins"
    Config = Config
    Results = Results

    def kit(self, cfg: Config, paper: Paper) -> list[Block]:
        return sheets.kit(cfg, paper)

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        raise KeyError(name)

    def rules(self) -> str:
        with open(f"{HERE}/rules.md", encoding="utf-8") as fh:
            return fh.read()

    def record_template(self, cfg: Config) -> str:
        return model.record_template(cfg)

    def entered(self, res: Results) -> bool:
        return bool(res.numbers)

    def score(self, res: Results) -> Report:
        return self.nothing_entered(res) or score.score(res)

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        return sheets.picture(res, report, paper)


GAME = Null()

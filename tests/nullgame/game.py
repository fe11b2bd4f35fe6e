"""The null game's Game: the contract filled in by one-line calls into the modules beside this one."""

from __future__ import annotations

from printkit.draw import Page
from printkit.game import Game
from printkit.report import Report
from printkit.sheet import Block, Paper

from . import picture, record, score, sheets
from .model import ID, TITLE, Config, Results


class NullGame(Game):
    id = ID
    title = TITLE
    designer = "nobody in particular"
    blurb = "write a digit a turn; the highest sum wins"
    record_syntax = "one line a turn ('Ann 3')"
    Config = Config
    Results = Results

    def kit(self, cfg: Config, paper: Paper) -> list[Block]:
        return sheets.kit(cfg, paper)

    def kit_words(self, cfg: Config) -> dict[str, str]:
        return sheets.kit_words(cfg)

    def record_template(self, cfg: Config) -> str:
        return record.record_template(cfg)

    def entered(self, res: Results) -> bool:
        return bool(res.tally)

    def score(self, res: Results) -> Report:
        return self.nothing_entered(res) or score.score(res)

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        return picture.picture(res, report, paper)


GAME = NullGame()

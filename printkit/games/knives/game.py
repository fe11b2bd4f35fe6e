"""Selling Knives Door-to-Door's Game: the contract (``printkit.game``) filled in by one-line calls into the
modules beside this one: ``record`` (turn lines), ``sheets`` (the kit and figures), ``score`` (every
rule), ``picture`` (results drawn back) and ``commands`` (``printkit simulate knives``).
"""

from __future__ import annotations

from ...draw import Item, Page
from ...game import Game
from ...report import Report
from ...sheet import Block, Paper
from . import picture, record, score, sheets
from .model import ID, TITLE, Config, Results


class Knives(Game):
    id = ID
    title = TITLE
    designer = "an unnamed author"
    blurb = "draw cards, spend exact multiples of kcount to claim roads between knife centres; most roads wins"
    record_syntax = "one line a turn ('Ann draws Q', 'Ann claims 1-2 3-4 with Q A 6 4') and the kcount drawn"
    Config = Config
    Results = Results
    commands = ("simulate",)  # printkit simulate knives, in commands.py

    def kit(self, cfg: Config, paper: Paper) -> list[Block]:
        return sheets.kit(cfg, paper)

    def kit_words(self, cfg: Config) -> dict[str, str]:
        return sheets.kit_words(cfg)

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        return sheets.figure(name, width)

    def record_template(self, cfg: Config) -> str:
        return record.record_template(cfg)

    def template(self, cfg: Config) -> str:
        return record.ask_kcount(super().template(cfg))

    def entered(self, res: Results) -> bool:
        return bool(res.turns)

    def score(self, res: Results) -> Report:
        return self.nothing_entered(res) or score.score(res)

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        return picture.picture(res, report, paper)


GAME = Knives()

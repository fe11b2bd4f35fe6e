"""The Long Way's Game: the contract (``printkit.game``) filled in by one-line calls into the modules beside
this one.

Each player fills a 7x7 store with tiles rolled on two dice (light: shape,
dark: wall layout), one furniture display per tile, and up to two cafeterias.
At the end the shoppers walk entrance -> nearest cafeteria -> other cafeteria
-> exit along shortest paths; every display they enter scores +1, every empty
space -1.
"""

from __future__ import annotations

from ...draw import Item, Page
from ...game import Game
from ...report import Report
from ...sheet import Block, Paper
from . import figures, picture, record, score, sheets
from .model import ID, TITLE, Config, Results


class Ikes(Game):
    id = ID
    title = TITLE
    designer = "Karl Hanf"
    blurb = "fill a 7x7 furniture store with rolled tiles so the shoppers' shortest walk is long"
    record_syntax = ("each final store (grid, walls as 'B2 E*', entrance and exit as 'D1 W') and, "
                     "if kept, its turns ('15 B2 5@B3 +coins')")
    Config = Config
    Results = Results
    commands = ("simulate",)  # printkit simulate ikes, in commands.py

    def kit(self, cfg: Config, paper: Paper) -> list[Block]:
        return sheets.kit(cfg, paper)

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        return figures.figure(name, width)

    def kit_words(self, cfg: Config) -> dict[str, str]:
        return sheets.kit_words(cfg)

    def record_template(self, cfg: Config) -> str:
        return record.record_template(cfg)

    def entered(self, res: Results) -> bool:
        return any(sh.walls or sh.turns or set(sh.grid.split()) != {"."} for sh in res.sheets.values())

    def score(self, res: Results) -> Report:
        return self.nothing_entered(res) or score.evaluate(res)[0]

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        return picture.picture(res, paper)


GAME = Ikes()

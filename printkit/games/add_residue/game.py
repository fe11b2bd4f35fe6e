"""Add/Residue's Game: the contract (``printkit.game``) filled in by one-line calls into the modules beside
this one.

Each player holds an add pile and a mod pile, each 1..n, and plays every
number of both once.  m starts at 0; ``add c`` sets m to m + c, ``mod c``
sets m to the remainder of m divided by c and the mover scores the new m.
"""

from __future__ import annotations

from ...draw import Item, Page
from ...game import Game
from ...report import Report
from ...sheet import Block, Paper
from . import picture, record, score, sheets
from .model import ID, TITLE, Config, Results


class AddResidue(Game):
    id = ID
    title = TITLE
    designer = "Leroy Quet"
    blurb = "add to m or take m's remainder; the remainders you make are your points"
    record_syntax = "one line a move ('Ann mod 4 = 2')"
    Config = Config
    Results = Results
    commands = ("solve",)  # printkit solve add-residue, in commands.py

    def kit(self, cfg: Config, paper: Paper) -> list[Block]:
        return sheets.kit(cfg, paper)

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        return sheets.figure(name, width)

    def kit_words(self, cfg: Config) -> dict[str, str]:
        return sheets.kit_words(cfg)

    def record_template(self, cfg: Config) -> str:
        return record.record_template(cfg)

    def entered(self, res: Results) -> bool:
        return bool(res.moves)

    def score(self, res: Results) -> Report:
        return self.nothing_entered(res) or score.score(res)

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        return picture.picture(res, report, paper)


GAME = AddResidue()

"""Add/Residue's models (config and results) and its Game; the methods call the modules beside this one.

Each player holds an add pile and a mod pile, each 1..n, and plays every
number of both once.  m starts at 0; ``add c`` sets m to m + c, ``mod c``
sets m to the remainder of m divided by c and the mover scores the new m.
"""

from __future__ import annotations

from typing import Annotated, Any

from msgspec import Meta

from ...draw import Item, Page
from ...game import Game
from ...report import Report
from ...model import GameConfig
from ...validation import each
from ...sheet import Paper, Player
from . import commands, picture, record, score, sheets
from .record import _played


class Common(GameConfig, kw_only=True):
    n: Annotated[int, Meta(ge=1, le=52, description="Each pile holds the numbers 1 to n (1 to 52)")] = 13


class Config(Common, kw_only=True):
    pass


class Results(Common, kw_only=True):
    moves: Annotated[list[Any], Meta(  # empty (null) in a fresh template
        max_length=2 * 52 * 8 + 8,
        description="The move log in play order: 'player add|mod number', optionally '= m', e.g. 'Ann mod 4 = 2'"
    )] | None = []

    def __post_init__(self) -> None:
        super().__post_init__()
        self.moves = each(self.moves or [], lambda v: _played(v, self.players, self.n), "moves")


# ---------------------------------------------------------------- the game


class AddResidue(Game):
    id = "add-residue"
    title = "Add/Residue"
    designer = "Leroy Quet"
    blurb = "add to m or take m's remainder; the remainders you make are your points"
    Config = Config
    Results = Results

    # -- scoring

    def entered(self, res: Results) -> bool:
        return bool(res.moves)

    def score(self, res: Results) -> Report:
        return self.nothing_entered(res) or score.score(self, res)

    # -- printing

    def kit(self, cfg: Config, paper: Paper) -> list[Page]:
        return sheets.kit(self, cfg, paper)

    def pile_panel(self, seat: Player, n: int, width: float, title: str) -> tuple[list[Item], float]:
        return sheets.pile_panel(seat, n, width, title)

    def pile_sheets(self, cfg: Config, paper: Paper) -> list[Page]:
        return sheets.pile_sheets(self, cfg, paper)

    def move_log(self, cfg: Config, paper: Paper) -> list[Page]:
        return sheets.move_log(self, cfg, paper)

    # -- pictures

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        return picture.picture(self, res, report, paper)

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        return sheets.figure(self, name, width)

    def record_template(self, cfg: Config) -> str:
        return record.record_template(cfg)

    # -- perfect play
    solve = staticmethod(commands.solve)  # printkit solve add-residue


GAME = AddResidue()

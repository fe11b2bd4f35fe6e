"""The Long Way's game: the Config and Results models, the Game subclass and GAME.

Each player fills a 7x7 store with tiles rolled on two dice (light: shape,
dark: wall layout), one furniture display per tile, and up to two cafeterias.
At the end the shoppers walk entrance -> nearest cafeteria -> other cafeteria
-> exit along shortest paths; every display they enter scores +1, every empty
space -1.
"""

from __future__ import annotations

from typing import Annotated, ClassVar

from msgspec import Meta

from ...game import Game
from ...report import Report
from ...model import GameConfig, by_player
from ...validation import FieldProblem
from ...sheet import Paper
from .commands import simulate as _simulate
from .path import Board, Walk
from .record import Sheet, record_template
from .score import evaluate


class Common(GameConfig, kw_only=True):
    MIN_PLAYERS: ClassVar[int] = 1


class Config(Common, kw_only=True):
    pass


class Results(Common, kw_only=True):
    sheets: Annotated[dict[str, Sheet], Meta(description="Each player's final sheet")] = {}

    def __post_init__(self) -> None:
        super().__post_init__()
        self.sheets = by_player(self.sheets, self.players, "sheets", "the sheet")
        missing = [p for p in self.players if p not in self.sheets]
        if missing:
            raise FieldProblem("sheets", f"no sheet for {', '.join(missing)}")


class Ikes(Game):
    id = "ikes"
    title = "The Long Way"
    designer = "Karl Hanf"
    blurb = "fill a 7x7 furniture store with rolled tiles so the shoppers' shortest walk is long"
    Config = Config
    Results = Results
    simulate = staticmethod(_simulate)

    # -- scoring (see score.py)

    def evaluate(self, res: Results) -> tuple[Report, dict[str, tuple[Board, Walk]]]:
        return evaluate(self, res)

    def entered(self, res: Results) -> bool:
        return any(sh.walls or sh.turns or set(sh.grid.split()) != {"."} for sh in res.sheets.values())

    def score(self, res: Results) -> Report:
        return self.nothing_entered(res) or self.evaluate(res)[0]

    # -- printing (see sheets.py, picture.py)

    def kit(self, cfg: Config, paper: Paper):
        from .sheets import kit

        return kit(self, cfg, paper)

    def picture(self, res: Results, report: Report, paper: Paper):
        from .picture import picture

        return picture(self, res, paper)

    def figure(self, name: str, width: float):
        from .sheets import figure

        return figure(name, width)

    def record_template(self, cfg: Config) -> str:
        return record_template(cfg)





GAME = Ikes()

"""Within The Curve (Leroy Quet): the results model and the game, whose methods call the other modules.

Each player draws a closed curve through grid squares and copies it onto every
other player's sheet.  On every curve, each player numbers the curve 1..L along
it, then writes 1, 2, 3, ... in the interior, each number coprime with every
number beside it.  Score: the sum of the top interior numbers.
"""

from __future__ import annotations

from typing import Annotated, Any

from msgspec import Meta

from ...draw import Item, Page
from ...game import Game
from ...report import Report
from ...model import by_player
from ...validation import FieldProblem, checked
from ...sheet import Paper
from . import picture, record, score, sheets
from .commands import solve_command  # light: ortools is imported only when solving
from .record import Config, CurvesOnly, parse_grid
from .score import Curve, Fill


class Results(CurvesOnly, kw_only=True):
    """A whole results file: every player's curve and every player's fill of each curve."""

    fills: Annotated[dict[Any, dict[Any, Any]], Meta(
        description="fills[player][owner]: what the player wrote on the owner's curve ('.' for empty squares)")]

    def __post_init__(self) -> None:
        super().__post_init__()
        names, n = self.players, self.n
        fills = {}
        for name, k in by_player({k: k for k in self.fills}, names, "fills", "the fills").items():
            row = self.fills[k]
            owners = by_player({o: o for o in row}, names, ("fills", str(k)), f"{name}'s fill")
            fills[name] = {owner: checked(("fills", str(k), str(o)), parse_grid, row[o], n, False)
                           for owner, o in owners.items()}
        self.fills = fills
        for name in self.names:
            if name not in self.curves:
                raise FieldProblem("curves", f"no curve for {name}: every player draws one")
        for name in self.names:
            if name not in self.fills:
                raise FieldProblem("fills", f"no fills for {name}: every player fills every curve")
            for owner in self.names:
                if owner not in self.fills[name]:
                    raise FieldProblem("fills", f"{name} has no fill for {owner}'s curve "
                                                f"(fills: {name}: {owner}: ...)")


class WithinTheCurve(Game):
    id = "curve"
    title = "Within The Curve"
    designer = "Leroy Quet"
    blurb = "draw a closed curve, copy everyone's, fill each interior with coprime neighbours 1, 2, 3, ..."
    Config = Config
    Results = Results

    def entered(self, res: Results) -> bool:
        grids = [*res.curves.values(), *(g for row in res.fills.values() for g in row.values())]
        return any(x is not None for grid in grids for row in grid for x in row)

    def score(self, res: Results) -> Report:
        return self.nothing_entered(res) or score.score(self, res)

    def kit(self, cfg: Config, paper: Paper) -> list[Page]:
        return sheets.kit(cfg, paper)

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        return sheets.figure(self, name, width)

    def record_template(self, cfg: Config) -> str:
        return record.record_template(cfg)

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        return picture.picture(self, res, report, paper)

    def draw_fill(self, n: int, cell: float, curve: Curve, fill: Fill | None, color, dash=()) -> list[Item]:
        """One grid as entered (the rule sheet's figures draw with it too)."""
        return picture.draw_fill(n, cell, curve, fill, color, dash)

    solve = staticmethod(solve_command)  # printkit solve curve FILE


GAME = WithinTheCurve()

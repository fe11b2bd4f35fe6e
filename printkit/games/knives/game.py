"""Selling Knives Door-to-Door: the config and results models and the game.  Its methods call the
parts: ``record`` (turn lines), ``sheets`` (the kit and figures), ``score`` (every rule), ``picture``
(results drawn back) and ``commands`` (``printkit simulate knives``).
"""

from __future__ import annotations

from typing import Annotated, Any

from msgspec import Meta

from ...draw import Item, Page
from ...game import Game, GameConfig, Report, checked, each, player_named
from ...sheet import Paper
from . import sheets
from .commands import simulate as _simulate
from .picture import picture as _picture
from .record import Turn, _turn_text, parse_turn, record_template as _record_template
from .score import check


class Common(GameConfig, kw_only=True):
    kcount: Annotated[int, Meta(ge=3, le=30, description="Distribution centres on the map (the card rule gives "
                                                         "8 to 14; 3 to 30 allowed for custom maps)")] = 12


class Config(Common, kw_only=True):
    pass


class Results(Common, kw_only=True):
    turns: Annotated[list[Any], Meta(
        max_length=20_000,
        description="One line per turn in play order: 'Ann draws Q' (optional: give all or none), "
                    "'Ann claims 1-2 3-4 with A 10', 'Ann passes'")] | None = []

    def __post_init__(self) -> None:
        super().__post_init__()
        fixed = []
        for i, text in enumerate(each(self.turns or [], _turn_text, "turns")):
            t = parse_turn(text)
            name = checked(("turns", i), player_named, t.who, self.players)
            fixed.append(str(Turn(name, t.verb, t.roads, t.cards)))
        self.turns = fixed


class Knives(Game):
    id = "knives"
    title = "Selling Knives Door-to-Door"
    designer = "an unnamed author"
    blurb = "draw cards, spend exact multiples of kcount to claim roads between knife centres; most roads wins"
    Config = Config
    Results = Results
    simulate = staticmethod(_simulate)

    def kit(self, cfg: Config, paper: Paper) -> list[Page]:
        return sheets.kit(self, cfg, paper)

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        return sheets.figure(name, width)

    def record_template(self, cfg: Config) -> str:
        return _record_template(cfg)

    def entered(self, res: Results) -> bool:
        return bool(res.turns)

    def score(self, res: Results) -> Report:
        report = self.nothing_entered(res)
        if report is None:
            report = self.new_report(res)
            check(res, report)
        return report

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        return _picture(self, res, report, paper)

    def editors(self, cfg: Config) -> list[dict]:
        from .page import editors

        return editors(cfg)

    # single sheets, as the game offered them before they moved to sheets.py (the tests draw them alone)
    map_page = staticmethod(sheets.map_page)
    checklist_page = staticmethod(sheets.checklist_page)
    reference = staticmethod(sheets.reference)


GAME = Knives()

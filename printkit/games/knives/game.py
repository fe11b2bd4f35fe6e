"""Selling Knives Door-to-Door: the config and results models and the game.  Its methods call the
parts: ``record`` (turn lines), ``sheets`` (the kit and figures), ``score`` (every rule), ``picture``
(results drawn back) and ``commands`` (``printkit simulate knives``).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from msgspec import Meta

from ...draw import Item, Page
from ...game import FieldProblem, Game, GameConfig, Report, checked, each, player_named
from ...inputs import one_line
from ...sheet import Paper
from . import sheets
from .reference import claim_card
from .commands import simulate as _simulate
from .picture import picture as _picture
from .record import Turn, _turn_text, ask_kcount, parse_turn, record_template as _record_template
from .score import check


KCOUNT = Annotated[Any, Meta(
    description="Distribution centres: 'draw' (drawn at the table, 8 to 14: the kit holds a map and claim card "
                "for every count; a results file records the count drawn) or a number (3 to 30; the card rule "
                "gives 8 to 14)",
    extra_json_schema={"anyOf": [{"type": "integer", "minimum": 3, "maximum": 30}, {"enum": ["draw"]}]})]


def _kcount(v: Any) -> int | str:
    if v is None or (isinstance(v, str) and v.strip().lower() == "draw"):
        return "draw"
    if isinstance(v, str) and v.strip().isdigit():
        v = int(v.strip())
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"'{one_line(v, 20)}' is not a number of centres; write a number from 3 to 30 (the card "
                         "rule gives 8 to 14) or 'draw'")
    if not 3 <= v <= 30:
        raise ValueError(f"{v} is out of range: must be 3 to 30 (the card rule gives 8 to 14)")
    return v


class Common(GameConfig, kw_only=True):
    NAME_WORDS: ClassVar[frozenset[str]] = frozenset({"draws", "claims", "with", "passes"})  # the turn lines' words
    kcount: KCOUNT = "draw"

    def __post_init__(self) -> None:
        super().__post_init__()
        self.kcount = checked("kcount", _kcount, self.kcount)


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
        if self.kcount == "draw" and self.turns:
            raise FieldProblem("kcount", "write the kcount drawn at the table: the value of the first card above 7 "
                                         "(8 9 10, J 11, Q 12, K 13, A 14), e.g. kcount: 12")


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

    def template(self, cfg: Config) -> str:
        return ask_kcount(super().template(cfg))

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

    # single sheets (the tests draw them alone)
    map_page = staticmethod(sheets.map_page)
    checklist_page = staticmethod(sheets.checklist_page)
    claim_card = staticmethod(claim_card)


GAME = Knives()

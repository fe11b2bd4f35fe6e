"""Making Intersections' models (config and results) and its Game; the methods call the modules beside this one.

A segment joins two dots of one row or column.  Segments may not cross (meet
at a point inside both) nor coincide (share more than one point).  A dot's
count is the segments ending there plus two for each passing through; the
round's offense player scores one point per dot with a count of 3 or more.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from ...draw import Item, Page
from ...game import FieldProblem, Game, GameConfig, Report, each
from ...sheet import Paper, Player
from . import picture, record, score, sheets
from .geometry import max_segments
from .record import Seg, _segment_text
from .score import Round


class Common(GameConfig, kw_only=True):
    n: Annotated[int, Meta(ge=3, le=30, description="Dots per side of the square array (3 to 30)")] = 6
    segments: Annotated[int, Meta(ge=0, description="Segments drawn each round: a multiple of the number of players, "
                                                    "less than (n-1)^2+3 (0: chosen for you)")] = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        p, top = len(self.players), max_segments(self.n)
        if (top - 1) // p == 0:
            raise FieldProblem("n", f"n = {self.n} allows fewer than {top} segments a round, "
                                    f"too few for {p} players to draw one each; use a larger n")
        if self.segments == 0:
            self.segments = max(p, (top // 2) // p * p)
        elif self.segments % p:
            lo = self.segments // p * p
            hint = f"try {lo} or {lo + p}" if lo else f"try {p}"
            raise FieldProblem("segments", f"{self.segments} is not a multiple of the {p} players; {hint}")
        if self.segments >= top:
            raise FieldProblem("segments", f"{self.segments} must be less than (n-1)^2+3 = {top} for n = {self.n}")


class Config(Common, kw_only=True):
    rounds: Annotated[int, Meta(ge=0, le=64, description="Rounds, a multiple of the number of players; "
                                                         "offense rotates in seat order (0: twice round the table)")] = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        p = len(self.players)
        if self.rounds == 0:
            self.rounds = 2 * p
        elif self.rounds % p:
            raise FieldProblem("rounds", f"{self.rounds} is not a multiple of the {p} players, "
                                         "so not everyone would be offense equally often")


class Results(Common, kw_only=True):
    rounds: Annotated[list[list[str]], Meta(
        max_length=64, description="One list per round: the segments in the order drawn, e.g. [A1-A5, A3-E3]")] = []

    def __post_init__(self) -> None:
        super().__post_init__()
        self.rounds = [each(segments, _segment_text, ("rounds", i)) for i, segments in enumerate(self.rounds)]


# ---------------------------------------------------------------- the game


class Intersections(Game):
    id = "intersections"
    title = "Making Intersections"
    designer = "Leroy Quet"
    blurb = "draw segments on a dot array; the offense scores dots where 3 or more meet"
    Config = Config
    Results = Results

    # -- scoring

    def drawer(self, names: list[str], rnd: int, i: int) -> str:
        return score.drawer(names, rnd, i)

    def check(self, res: Results, report: Report) -> list[Round]:
        return score.check(res, report)

    def entered(self, res: Results) -> bool:
        return any(res.rounds)

    def score(self, res: Results) -> Report:
        return self.nothing_entered(res) or score.score(self, res)

    # -- printing

    spacing = staticmethod(sheets.spacing)

    def kit(self, cfg: Config, paper: Paper) -> list[Page]:
        return sheets.kit(self, cfg, paper)

    def segment_log(self, page: Page, paper: Paper, y: float, cfg: Config, rnd: int, seats: list[Player]) -> list[Page]:
        return sheets.segment_log(self, page, paper, y, cfg, rnd, seats)

    def score_sheet(self, cfg: Config, paper: Paper) -> Page:
        return sheets.score_sheet(self, cfg, paper)

    # -- pictures

    def draw_round(self, n: int, gap: float, good: list[Seg], bad: list[Seg], offense: Player) -> list[Item]:
        return picture.draw_round(n, gap, good, bad, offense)

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        return picture.picture(self, res, report, paper)

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        return sheets.figure(self, name, width)

    def record_template(self, cfg: Config) -> str:
        return record.record_template(cfg)





GAME = Intersections()

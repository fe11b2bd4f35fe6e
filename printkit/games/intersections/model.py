"""Making Intersections' models: what a config and a results file hold, each key checked.

The parts of the game (record syntax aside) import their types from here, and this module imports none
of them but the record's syntax and the geometry's limit on segments.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from ...model import GameConfig
from ...validation import FieldProblem, each
from .geometry import max_segments
from .record import segment_text

ID = "intersections"
TITLE = "Making Intersections"


DEFAULT_MOST = 48  # segments a round when none are given, on the biggest arrays: a log of 2 columns beside the array


class Common(GameConfig, kw_only=True):
    n: Annotated[int, Meta(ge=3, le=30, description="Dots per side of the square array (3 to 30)")] = 6
    segments: Annotated[int, Meta(ge=0, description="Segments drawn each round: a multiple of the number of players, "
                                                    "less than (n-1)^2+3 (0: chosen for you: half that, at most 48)")] = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        p, top = len(self.players), max_segments(self.n)
        if (top - 1) // p == 0:
            raise FieldProblem("n", f"n = {self.n} allows fewer than {top} segments a round, "
                                    f"too few for {p} players to draw one each; use a larger n")
        if self.segments == 0:  # half the most a round allows, but no more than a round at the table takes
            self.segments = max(p, min(top // 2, DEFAULT_MOST) // p * p)
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
        self.rounds = [each(segments, segment_text, ("rounds", i)) for i, segments in enumerate(self.rounds)]

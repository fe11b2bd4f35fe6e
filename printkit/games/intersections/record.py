"""Making Intersections' play record: a segment written as its two end dots (``B2-B4``), checked and
normalised, the ``Seg`` it stands for (written back by ``str``), and the rounds list of a blank results file."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...coords import coord

SEGMENT = re.compile(r"^\s*([A-Za-z]{1,2}\d{1,3})\s*-\s*([A-Za-z]{1,2}\d{1,3})\s*$")


def segment_text(v: str) -> str:
    m = SEGMENT.match(v)
    if not m:
        raise ValueError(f"'{v}' is not a segment; write its two end dots like A1-A5")
    return f"{m.group(1).upper()}-{m.group(2).upper()}"


@dataclass(frozen=True)
class Seg:
    """A segment between dots (r1, c1) and (r2, c2), ends sorted."""

    r1: int
    c1: int
    r2: int
    c2: int

    @property
    def horizontal(self) -> bool:
        return self.r1 == self.r2

    def dots(self) -> list[tuple[int, int]]:
        if self.horizontal:
            return [(self.r1, c) for c in range(self.c1, self.c2 + 1)]
        return [(r, self.c1) for r in range(self.r1, self.r2 + 1)]

    def __str__(self) -> str:
        return f"{coord(self.r1, self.c1)}-{coord(self.r2, self.c2)}"


def make_seg(a: tuple[int, int], b: tuple[int, int]) -> Seg:
    (r1, c1), (r2, c2) = sorted((a, b))
    return Seg(r1, c1, r2, c2)


def record_template(cfg: Any) -> str:
    """The rounds of a blank results file for ``cfg`` (the game's Config)."""
    lines = ["# One list per round, the segments in the order they were drawn,",
             "# each written as its two end dots, e.g. [A1-A5, A3-E3, C1-C3].",
             f"# {cfg.segments} segments per round; the offense draws first, then seat order.",
             # the offense of each round said once above the list, not beside its line: a round's line is
             # rewritten as it is entered, and a comment beside it would stay behind on another round's line
             "# Offense: " + ", ".join(f"round {r + 1} {cfg.names[r % len(cfg.names)]}" for r in range(cfg.rounds)) + ".",
             "rounds:"]
    lines += ["  - []"] * cfg.rounds
    return "\n".join(lines) + "\n"

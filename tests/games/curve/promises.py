"""Within The Curve's printed promises, run by ``tests/test_promises.py``: one ``Promise`` per rule and ruling
of its rule sheet (a record that breaks it, one that keeps it), ``SCORES`` for its points and winners, and
``KEPT``, a record that keeps every rule."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]

from promise import Points, Promise  # noqa: E402
from curve_helpers import RING, RING_FILL, SMALL, SMALL_FILL, edit, pocket_text  # noqa: E402

from printkit.games.curve import geometry as geo  # noqa: E402
from printkit.games.curve.route import read_route  # noqa: E402
from printkit.games.curve.record import parse_grid  # noqa: E402


def cv(curves: dict, fills: dict, n: int = 6) -> dict:
    return {"game": "curve", "players": list(curves), "n": n, "curves": curves, "fills": fills}


def solo(curve: str, fill: str, n: int = 6) -> dict:
    return cv({"Ann": curve}, {"Ann": {"Ann": fill}}, n)


RING_NUMBERED = edit(RING_FILL, C3=".", C4=".")  # the ring written as its route numbers, B2 = 1 towards B3
# The same ring filled from 1 at E5 the other way round: any start, either direction
RING_FILL_BACK = """
. . . . . .
. 7 6 5 4 .
. 8 1 2 3 .
. 9 . . 2 .
. 10 11 12 1 .
. . . . . .
"""


def pocket(start: int = 0, **inside) -> tuple[str, str]:
    """The pocket curve of the rule sheet's second picture (7 x 7; it runs alongside itself round D4, which is
    outside), and a fill of it numbered from route square ``start``, with ``inside`` numbers added."""
    curve = pocket_text()
    route, _ = read_route(parse_grid(curve, 7, True), 7)
    rows = [["."] * 7 for _ in range(7)]
    for (r, c), v in geo.curve_values(route, start, 1).items():
        rows[r][c] = str(v)
    fill = "\n".join(" ".join(row) for row in rows) + "\n"
    return curve, edit(fill, **inside)


PROMISES = [
    Promise("curve", "Drawing the curves / ruling 1: a curve steps to a square sharing a side, and closes",
            solo(edit(RING, C5="."), RING_FILL), solo(RING, RING_FILL), ("closed",), who=("Ann",), dq=("Ann",)),
    Promise("curve", "ruling 1: it steps never diagonally or by a jump",
            solo(edit(RING_NUMBERED, B3=3, B4=2), RING_FILL), solo(RING_NUMBERED, RING_FILL), ("step",)),
    Promise("curve", "Drawing the curves: it goes through at least 4 squares",
            solo(". 1 2 . . .\n" + ". . . . . .\n" * 5, ". 1 2 . . .\n" + ". . . . . .\n" * 5),
            solo(RING, RING_FILL), ("length",)),
    Promise("curve", "ruling 1: it goes through each square at most once, and may run alongside itself",
            solo(edit(RING_NUMBERED, A1=5), RING_FILL),
            cv({"Ann": pocket()[0]}, {"Ann": {"Ann": pocket(0, B2=1)[1]}}, 7), ("once",)),
    Promise("curve", "Drawing the curves: one closed curve",
            solo("# # . . . .\n# # . . . .\n. . . . . .\n. . . # # .\n. . . # # .\n. . . . . .\n", RING_FILL),
            solo(RING, RING_FILL), ("one-curve",)),
    Promise("curve", "Filling 1: the curve's squares hold 1, 2, 3, ... in order along it",
            solo(RING, edit(RING_FILL, E3=8, E4=9)), solo(RING, RING_FILL), ("curve-numbers",),
            who=("Ann",), dq=("Ann",)),
    Promise("curve", "Filling 1: you choose where 1 goes and which way round you count",
            solo(RING, edit(RING_FILL_BACK, B2=1)), solo(RING, RING_FILL_BACK), ("curve-numbers",)),
    Promise("curve", "ruling 3: inside numbers are 1, 2, ..., k with none left out",
            solo(RING, edit(RING_FILL, C4=3)), solo(RING, RING_FILL), ("interior-order",)),
    Promise("curve", "ruling 3: ... and none repeated", solo(RING, edit(RING_FILL, C4=1)), solo(RING, RING_FILL),
            ("interior-once",)),
    Promise("curve", "Filling 2: each inside number has no common factor with a number beside it, curve or "
            "inside; two curve squares side by side never need to be coprime",
            solo(RING, edit(RING_FILL, D3=3)),
            cv({"Ann": pocket()[0]}, {"Ann": {"Ann": pocket(32, B2=1)[1]}}, 7), ("coprime",)),
    Promise("curve", "ruling 3: nothing may be written outside a curve", solo(RING, edit(RING_FILL, A1=5)),
            solo(RING, RING_FILL), ("outside",)),
    Promise("curve", "ruling 2: a pocket walled in by touching curve squares can be outside",
            cv({"Ann": pocket()[0]}, {"Ann": {"Ann": pocket(0, B2=1, D4=2)[1]}}, 7),
            cv({"Ann": pocket()[0]}, {"Ann": {"Ann": pocket(0, B2=1)[1]}}, 7), ("outside",)),
    Promise("curve", "ruling 4: a mistake on any curve disqualifies its player only",
            cv({"Ann": RING, "Ben": SMALL}, {"Ann": {"Ann": RING_FILL, "Ben": edit(SMALL_FILL, B2=2)},
                                              "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}),
            cv({"Ann": RING, "Ben": SMALL}, {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL},
                                              "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}),
            ("interior-order",), who=("Ann",), dq=("Ann",)),
    Promise("curve", "ruling 5: a fill that stopped while the next number still fitted is not a mistake: a note",
            solo(RING, edit(RING_FILL, C4=".")), solo(RING, RING_FILL), note="would still fit at C4"),
    Promise("curve", "this kit: one to eight players",
            cv({f"P{i}": RING for i in range(9)}, {f"P{i}": {f"P{j}": RING_FILL for j in range(9)} for i in range(9)}),
            solo(RING, RING_FILL), refused="this game takes 1 to 8"),
]


SCORES = [
    Points("curve", "Scoring and ruling 6: the sum of your top inside numbers, one for each curve, your own "
           "included; 0 where nothing is inside",
           cv({"Ann": RING, "Ben": SMALL}, {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL},
                                             "Ben": {"Ann": RING_NUMBERED, "Ben": SMALL_FILL}}),
           {"Ann": 3, "Ben": 1}, ["Ann"]),
    Points("curve", "Scoring: a player who made any mistake loses, whatever the score (ruling 4: scores shown "
           "as written)", cv({"Ann": RING, "Ben": SMALL}, {"Ann": {"Ann": edit(RING_FILL, D3=3), "Ben": SMALL_FILL},
                                                          "Ben": {"Ann": RING_NUMBERED, "Ben": SMALL_FILL}}),
           {"Ann": 4, "Ben": 1}, ["Ben"]),
]

KEPT = cv({"Ann": RING, "Ben": SMALL}, {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL},
                                     "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}})

"""Within The Curve test grids and helpers shared by the tests in this folder (conftest.py puts the
folder on sys.path): the ring and the small curve with their fills, grid editing, results built in code."""

from __future__ import annotations

import yaml

from printkit.games.curve import geometry as geo
from printkit.games.curve.game import Results
from printkit.games.curve.record import parse_grid
from printkit.games.curve.route import read_route
from printkit.inputs import parse
from printkit.validation import validate
from printkit.coords import parse_coord

# A 6 x 6 grid; the curve goes round B2..E5 (12 squares), inside: C3 C4 D3 D4.
RING = """
. . . . . .
. # # # # .
. # . . # .
. # . . # .
. # # # # .
. . . . . .
"""
# Counting from 1 at B2 towards B3: B2..B5 = 1..4, C5 D5 E5 = 5 6 7, E4 E3 E2 = 8 9 10, D2 C2 = 11 12.
RING_FILL = """
. . . . . .
. 1 2 3 4 .
. 12 1 2 5 .
. 11 . . 6 .
. 10 9 8 7 .
. . . . . .
"""
# A small 8-square curve in the corner of a 6 x 6 grid, inside: B2.
SMALL = """
# # # . . .
# . # . . .
# # # . . .
. . . . . .
. . . . . .
. . . . . .
"""
SMALL_FILL = """
1 2 3 . . .
8 1 4 . . .
7 6 5 . . .
. . . . . .
. . . . . .
. . . . . .
"""
def grid_of(text: str) -> list[list[str]]:
    return [ln.split() for ln in text.strip().splitlines()]


def text_of(rows: list[list[str]]) -> str:
    return "\n".join(" ".join(r) for r in rows) + "\n"


def edit(text: str, **squares) -> str:
    """``edit(RING_FILL, D3=4)``: the grid with those squares changed ('.' to empty)."""
    rows = grid_of(text)
    n = len(rows)
    for name, value in squares.items():
        r, c = parse_coord(name, n, n)
        rows[r][c] = str(value)
    return text_of(rows)


def results(curves: dict, fills: dict, n: int = 6) -> Results:
    return Results.from_dict({"game": "curve", "players": list(curves), "n": n, "curves": curves,
                                   "fills": fills})


def route_of(text: str, n: int):
    grid = parse_grid(text, n, allow_hash=True)
    route, problems = read_route(grid, n)
    return route, problems


def pocket_text() -> str:
    """The pocket curve with its route numbered 1..34 (from the region it outlines)."""
    cells = {(i, j) for i in range(6) for j in range(6)} - {(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (2, 5)}
    route = geo.outline(cells)
    rows = [["."] * 7 for _ in range(7)]
    for i, (r, c) in enumerate(route):
        rows[r][c] = str(i + 1)
    return text_of(rows)


def load(text: str) -> Results:
    return validate(Results, parse(text, "r.yaml"))


def two_player_yaml(**over) -> str:
    doc = {"game": "curve", "players": ["Ann", "Ben"], "n": 6, "curves": {"Ann": RING, "Ben": SMALL},
           "fills": {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL}, "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}}
    doc.update(over)
    return yaml.safe_dump(doc, sort_keys=False)

"""The rule sheet's example curves (drawn by ``sheets.figure``): a worked example and a curve that runs
alongside itself."""

from __future__ import annotations

from . import geometry as geo
from .score import Curve, Fill, check_fill
from ...report import Report
from .model import ID


def ring() -> list[geo.Square]:
    """A 6 x 6 grid, the curve round B2..E5: 12 squares, 4 inside (C3, C4, D3, D4)."""
    return geo.outline({(i, j) for i in range(1, 4) for j in range(1, 4)})


def pocket() -> list[geo.Square]:
    """A 7 x 7 grid; the curve doubles back beside itself and walls in D4, which stays outside."""
    cells = {(i, j) for i in range(6) for j in range(6)} - {(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (2, 5)}
    return geo.outline(cells)


def filled(route, n, start_sq, next_sq, inner: dict[str, int]) -> tuple[Curve, Fill]:
    from ...coords import parse_coord

    s = route.index(parse_coord(start_sq, n, n))
    d = 1 if route[(s + 1) % len(route)] == parse_coord(next_sq, n, n) else -1
    written = geo.curve_values(route, s, d)
    written.update({parse_coord(k, n, n): v for k, v in inner.items()})
    grid = [[written.get((r, c)) for c in range(n)] for r in range(n)]
    curve = Curve("example", grid, route, geo.interior(route, n), [])
    fill = check_fill(curve, "you", grid, n, Report.empty(ID, ["you"]))
    return curve, fill

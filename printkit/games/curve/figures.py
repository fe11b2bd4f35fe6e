"""Within The Curve's rule-sheet figures (``figure``), drawn from the example curves in ``examples``."""

from __future__ import annotations

from ...draw import Item, Text, moved, wrap
from . import geometry as geo
from .examples import filled, pocket, ring
from .picture import draw_fill
from .score import Curve


BLUE = (0.0, 0.447, 0.698)
CELL = 7.0


def notes(items: list[Item], x: float, y: float, width: float, lines: list[str]) -> float:
    for text in lines:
        for ln in wrap(text, width, 9):
            y += 4.3
            items.append(Text(x, y, ln, 9))
        y += 1.2
    return y


def figure(name: str, width: float) -> tuple[list[Item], float]:
    items: list[Item] = []
    if name == "example":
        n = 6
        route = ring()
        a_curve, a_fill = filled(route, n, "B2", "B3", {"C3": 1, "C4": 2})
        b_curve, b_fill = filled(route, n, "B4", "B3", {"C3": 1, "C4": 2, "D4": 3, "D3": 4})
        side = n * CELL
        x1, x2 = 8.0, 8.0 + side + 16
        for x, title, cv, fl in ((x1, "A: 1 at B2, then B3", a_curve, a_fill),
                                 (x2, "B: 1 at B4, then B3", b_curve, b_fill)):
            items.append(Text(x - 6, 4, title, 9, bold=True))
            items += moved(draw_fill(n, CELL, cv, fl, BLUE), x, 12)
        tx = x2 + side + 10
        y = notes(items, tx, 0, width - tx, [
            "Both players number the same curve 1..12 along it, from different starts.",
            "A: 3 fits nowhere inside. C3 and D3 touch 12 and 9, D4 touches 6, C4 touches 3: "
            "all multiples of 3. A stops at 2 and scores 2.",
            "B: 3 goes in D4 (beside 10, 8, 2 and 4: no common factor), 4 in D3 (beside 5, 7, 1 and 3). "
            "B fills all four squares and scores 4, the best possible here.",
            "Only inside numbers are checked: two curve squares side by side never need to be coprime "
            "(that matters where a curve runs alongside itself, as below).",
        ])
        return items, max(12 + side + 6, y + 2)
    if name == "pocket":
        n = 7
        route = pocket()
        curve = Curve("example", [[None] * n for _ in range(n)], route, geo.interior(route, n), [])
        items += moved(draw_fill(n, CELL, curve, None, BLUE), 8, 6)
        tx = 8 + n * CELL + 10
        y = notes(items, tx, 0, width - tx, [
            "This curve runs alongside itself: C5, C6 and C7 touch D5, D6 and D7, but the curve never steps "
            "between them. Such touching curve numbers need not be coprime.",
            "Shaded: the inside. D4 is walled in by curve squares but lies outside: from its centre, a straight "
            "line to the edge of the grid crosses the curve an even number of times. Nothing may be written there.",
            "Here C5, D5 and others have three curve squares beside them, so a shaded square alone cannot show "
            "which way the curve goes: that is what the curve numbers 1, 2, 3, ... along it are for.",
        ])
        return items, max(6 + n * CELL + 4, y + 2)
    raise KeyError(name)

"""Selling Knives Door-to-Door: the road map (numbered centres on a ring, every road a faint guide
line, claimed roads traced in their owner's pen) and the markers legend.  Drawn the same on the kit,
the results picture and the entry page.
"""

from __future__ import annotations

import math

from ...draw import PT, Circle, Item, Lines, Pen, Text
from ...sheet import Player
from .cards import all_roads
from ... import names


def ring(k: int, radius: float, rmax: float = 7.5) -> tuple[list[tuple[float, float]], float]:
    """Centre positions on a ring (1 at the top, clockwise) around (0, 0), and the circle radius."""
    pts = [(radius * math.sin(2 * math.pi * i / k), -radius * math.cos(2 * math.pi * i / k)) for i in range(k)]
    chord = 2 * radius * math.sin(math.pi / k)
    clear = radius * (1 - math.cos(2 * math.pi / k))  # how close the road i..i+2 passes to centre i+1
    r = max(min(4.0, rmax), min(rmax, 0.8 * clear, 0.42 * chord))
    return pts, r


def fit(k: int, side: float) -> float:
    """The ring's radius for a map ``side`` across: the centres' circles and their ink stay inside."""
    radius = side / 2 - 8
    for _ in range(4):  # the circles grow with the ring: settle where both fit
        _, r = ring(k, radius)
        radius = side / 2 - r - 0.5
    while radius + ring(k, radius)[1] + 0.5 > side / 2:
        radius -= 0.1
    return radius


def draw_map(k: int, radius: float, traced: list[tuple[tuple[int, int], Pen]] = (),
             guides: bool = True, rmax: float = 7.5) -> list[Item]:
    """The map around (0, 0): faint guides for every road, traced roads on top, numbered centres."""
    pts, r = ring(k, radius, rmax)

    def seg(a: int, b: int, inset: float) -> tuple[float, float, float, float]:
        (x1, y1), (x2, y2) = pts[a - 1], pts[b - 1]
        d = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / d, (y2 - y1) / d
        return (x1 + ux * inset, y1 + uy * inset, x2 - ux * inset, y2 - uy * inset)

    items: list[Item] = []
    if guides:
        items.append(Lines(tuple(seg(a, b, r) for a, b in all_roads(k)), Pen((0.74, 0.74, 0.74), 0.25)))
    by_pen: dict[Pen, list] = {}
    for (a, b), pen in traced:
        by_pen.setdefault(pen, []).append(seg(a, b, r))
    for pen, segs in by_pen.items():
        items.append(Lines(tuple(segs), pen))
    size = min(12.0, r / PT * 0.85)
    for i, (x, y) in enumerate(pts):
        items.append(Circle(x, y, r, Pen(width=0.5), (1.0, 1.0, 1.0)))
        items.append(Text(x, y + size * PT * 0.36, str(i + 1), size, "middle", True))
    return items


def legend(seats: list[Player], x: float, y: float, width: float) -> list[Item]:
    items: list[Item] = [Text(x, y + 3, "Markers:", 9, bold=True)]
    cols = 2 if width > 150 else 1
    colw = (width - 18) / cols
    for i, s in enumerate(seats):
        lx = x + 18 + (i % cols) * colw
        ly = y + 3 + (i // cols) * 6
        items.append(Lines(((lx, ly - 1.1, lx + 14, ly - 1.1),), s.pen(0.8)))
        items += s.badge(lx + 17.5, ly - 1.1, 3.2)
        items += names.label(s.name, lx + 21, ly, colw - 23, 9, color=s.color,
                             after=f": {s.colour_name}, {dash_name(s.dash)}")
    return items


def dash_name(dash: tuple[float, ...]) -> str:
    if not dash:
        return "solid line"
    if len(dash) == 2:  # by the length of a dash: every two-part pattern of the palette has its own name
        return next(name for most, name in ((1, "dotted line"), (2, "fine dashes"), (3, "short dashes"), (5, "dashes"),
                                            (99, "long dashes")) if dash[0] < most)
    return "dash-dot line" if len(dash) == 4 else "dash-dot-dot line"

"""The games won over the evenings, drawn for the printed page: a line a player, in their colour and dash
pattern, their symbol at each evening (a cue that survives greyscale), and the running total at the end of
each line."""

from __future__ import annotations

from ..draw import GREY, PT, Item, Lines, Pen, Polyline, Text, text_width
from ..sheet import Player
from .standings import Table
from .text import wins_text

HEIGHT = 62.0  # the chart with its caption and the evenings' names under it
LEFT = 8.0  # room for the numbers up the side
RIGHT = 14.0  # room for each line's total at its end
MARKS = 30  # a symbol at each evening up to this many evenings; past it, at the last only


def chart(t: Table, x: float, y: float, width: float, badge: dict[str, Player]) -> list[Item]:
    """The chart from (x, y), ``width`` wide and ``HEIGHT`` high."""
    items: list[Item] = [Text(x, y + 9 * PT, "Games won over the evenings (in all, after each evening)", 9,
                              bold=True)]
    top, bottom = y + 8, y + HEIGHT - 9
    left, right = x + LEFT, x + width - RIGHT
    n = len(t.nights)
    most = max([float(v) for ln in t.lines for v in ln.wins_after] + [1.0])
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10 ** 9) if most / s <= 6)
    top_value = step * -(-most // step)

    def at(k: int, v: float) -> tuple[float, float]:
        return (left + (right - left) * (k + 0.5) / n, bottom - (bottom - top) * v / top_value)

    v = 0
    while v <= top_value:
        _, gy = at(0, v)
        items.append(Lines(((left, gy, right, gy),), Pen(GREY, 0.15)))
        items.append(Text(left - 1.5, gy + 7 * PT * 0.35, str(int(v)), 7, "end"))
        v += step
    items.append(Lines(((left, top, left, bottom), (left, bottom, right, bottom)), Pen(width=0.3)))
    placed: list[tuple[float, float]] = []  # the evenings' names, as many as fit apart: first, last, between
    for k in [0, n - 1, *range(1, n - 1)] if n > 1 else [0]:
        name = t.nights[k].name.replace("/", " ")
        w = text_width(name, 7)
        cx = min(max(at(k, 0)[0], left + w / 2), right - w / 2)
        span = (cx - w / 2 - 1.5, cx + w / 2 + 1.5)
        if all(span[1] < a or span[0] > b for a, b in placed):
            placed.append(span)
            items.append(Text(cx, bottom + 4, name, 7, "middle"))
    ends: list[float] = []
    for ln in t.lines:
        seat = badge[ln.name]
        points = tuple(at(k, float(v)) for k, v in enumerate(ln.wins_after))
        items.append(Polyline(points, Pen(seat.color, 0.5, seat.dash)))
        for k, (px, py) in enumerate(points):
            if n <= MARKS or k == n - 1:
                items += seat.badge(px, py, 2.2)
        ey = points[-1][1] + 7 * PT * 0.35
        while any(abs(ey - e) < 2.6 for e in ends):  # totals that would touch move down a line
            ey += 2.6
        ends.append(ey)
        items.append(Text(right + 2, ey, wins_text(ln.won), 7, color=seat.color))
    return items

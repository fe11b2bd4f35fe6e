"""The drawing model: pages of simple shapes in millimetres.

Games describe what to print with these shapes only; the writers in
``printkit.writers`` turn pages into PDF or SVG.  The origin is the top-left
corner of the page and y grows downwards.  Line widths and dash lengths are
in millimetres, text sizes in points.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import msgspec
from msgspec.structs import replace

PT = 25.4 / 72  # one point in millimetres

Color = tuple[float, float, float]
BLACK: Color = (0.0, 0.0, 0.0)
GREY: Color = (0.55, 0.55, 0.55)
LIGHT: Color = (0.8, 0.8, 0.8)


class Pen(msgspec.Struct, frozen=True):
    color: Color = BLACK
    width: float = 0.3
    dash: tuple[float, ...] = ()
    round: bool = False  # round caps and joins


THIN = Pen(width=0.2)


class Lines(msgspec.Struct, frozen=True):
    """Separate straight segments stroked as one path (grids, guides)."""

    segments: tuple[tuple[float, float, float, float], ...]
    pen: Pen = THIN

    def moved(self, dx: float, dy: float) -> "Lines":
        return replace(self, segments=tuple((a + dx, b + dy, c + dx, d + dy) for a, b, c, d in self.segments))


class Polyline(msgspec.Struct, frozen=True):
    points: tuple[tuple[float, float], ...]
    pen: Pen | None = THIN
    fill: Color | None = None
    closed: bool = False

    def moved(self, dx: float, dy: float) -> "Polyline":
        return replace(self, points=tuple((x + dx, y + dy) for x, y in self.points))


class Rect(msgspec.Struct, frozen=True):
    x: float
    y: float
    w: float
    h: float
    pen: Pen | None = THIN
    fill: Color | None = None

    def moved(self, dx: float, dy: float) -> "Rect":
        return replace(self, x=self.x + dx, y=self.y + dy)


class Circle(msgspec.Struct, frozen=True):
    cx: float
    cy: float
    r: float
    pen: Pen | None = THIN
    fill: Color | None = None

    def moved(self, dx: float, dy: float) -> "Circle":
        return replace(self, cx=self.cx + dx, cy=self.cy + dy)


class Dots(msgspec.Struct, frozen=True):
    """Round dots of one size, drawn as zero-length strokes with round caps."""

    points: tuple[tuple[float, float], ...]
    diameter: float = 1.0
    color: Color = BLACK

    def moved(self, dx: float, dy: float) -> "Dots":
        return replace(self, points=tuple((x + dx, y + dy) for x, y in self.points))


class Text(msgspec.Struct, frozen=True):
    x: float
    y: float  # baseline
    text: str
    size: float = 10.0  # points
    anchor: str = "start"  # start | middle | end
    bold: bool = False
    color: Color = BLACK

    def moved(self, dx: float, dy: float) -> "Text":
        return replace(self, x=self.x + dx, y=self.y + dy)


class Hit(msgspec.Struct, frozen=True):
    """A place to point at on screen, named ``ref`` (the entry page's ``data-ref``); print leaves it out.

    A box at (x, y) of size w x h (``round``: the ellipse inside it), or, made by ``hit_line``, a band
    ``w`` wide from (x, y) to (x + end[0], y + end[1]).  ``kind`` says what it is: dot, square, edge, ...
    """

    ref: str
    x: float
    y: float
    w: float
    h: float
    kind: str = ""
    round: bool = False
    end: tuple[float, float] | None = None
    cells: tuple[int, int] | None = None  # a grid (``hit_grid``): its rows and columns of cells

    def moved(self, dx: float, dy: float) -> "Hit":
        return replace(self, x=self.x + dx, y=self.y + dy)


def hit_line(ref: str, x1: float, y1: float, x2: float, y2: float, width: float, kind: str = "") -> Hit:
    """A band ``width`` wide along the segment from (x1, y1) to (x2, y2)."""
    return Hit(ref, x1, y1, width, 0.0, kind, end=(x2 - x1, y2 - y1))


def hit_grid(ref: str, x: float, y: float, w: float, h: float, rows: int, cols: int) -> Hit:
    """A sheet's grid of ``rows`` x ``cols`` cells in the box at (x, y), w x h (for a dot array: from the first
    dot to the last), which the page reads as a half-step grid (its ``input.js``); it takes no pointer."""
    return Hit(ref, x, y, w, h, "grid", cells=(rows, cols))


Item = Lines | Polyline | Rect | Circle | Dots | Text | Hit


class Page(msgspec.Struct):
    width: float
    height: float
    items: list[Item] = msgspec.field(default_factory=list)
    card: bool = False  # a kit prints it once, however many games it is for (``copies``)
    anchors: tuple[str, ...] = ()  # names a page reference on another sheet can point to (``sheet.ref``)

    def add(self, *items: Item | Iterable[Item]) -> None:
        for item in items:
            if isinstance(item, (list, tuple)) or hasattr(item, "__next__"):
                self.items.extend(item)  # type: ignore[arg-type]
            else:
                self.items.append(item)  # type: ignore[arg-type]


def moved(items: Iterable[Item], dx: float, dy: float) -> list[Item]:
    return [item.moved(dx, dy) for item in items]


# ---------------------------------------------------------------- text metrics

_width = None


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in millimetres of ``text`` at ``size`` points, in the font that prints it: Helvetica for
    Western European text, else the Unicode font ``printkit.writers.fonts`` picks (DejaVu Sans, ...)."""
    global _width
    if _width is None:
        from .writers.fonts import width

        _width = width
    return _width(text, size, bold) * PT


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` millimetres."""
    measure = text_width
    lines: list[str] = []
    line: list[str] = []
    if not text.isascii():  # a line is set in one font as a whole (fonts.runs): measure whole lines
        for word in text.split():
            if line and measure(" ".join(line + [word]), size, bold) > width:
                lines.append(" ".join(line))
                line = []
            line.append(word)
        if line:
            lines.append(" ".join(line))
        return lines or [""]
    from .writers.fonts import ascii_widths

    glyphs = ascii_widths(bold).__getitem__  # Helvetica's widths: the words' widths summed in C
    scale = size * 0.001 * PT
    space = glyphs(32) * scale
    used = 0.0
    for word in text.split():
        w = sum(map(glyphs, word.encode("ascii"))) * scale
        if line and used + space + w > width:
            lines.append(" ".join(line))
            line, used = [], 0.0
        used += (space if line else 0.0) + w
        line.append(word)
    if line:
        lines.append(" ".join(line))
    return lines or [""]


def fit_text(text: str, width: float, size: float, bold: bool = False) -> str:
    """Shorten ``text`` with an ellipsis so that it fits ``width``."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "...", size, bold) > width:
        text = text[:-1]
    return text + "..."


def fit_size(text: str, width: float, size: float, least: float = 7.0, bold: bool = False) -> tuple[str, float]:
    """``text`` and the largest size from ``size`` down to ``least`` (half points) at which it fits ``width``;
    shortened with an ellipsis at ``least`` if even that is too wide (a name in a wider script's font)."""
    while size > least and text_width(text, size, bold) > width:
        size = max(least, size - 0.5)
    return fit_text(text, width, size, bold), size


# ---------------------------------------------------------------- shapes

SYMBOLS = ("circle", "square", "triangle", "diamond", "cross", "plus", "star", "bar")


def symbol(kind: str, cx: float, cy: float, size: float, pen: Pen, fill: Color | None = None) -> list[Item]:
    """A small marker symbol of width ``size`` centred on (cx, cy)."""
    h = size / 2
    if kind == "circle":
        return [Circle(cx, cy, h, pen, fill)]
    if kind == "square":
        return [Rect(cx - h * 0.85, cy - h * 0.85, h * 1.7, h * 1.7, pen, fill)]
    if kind == "triangle":
        return [Polyline(((cx, cy - h), (cx + h, cy + h * 0.8), (cx - h, cy + h * 0.8)), pen, fill, True)]
    if kind == "diamond":
        return [Polyline(((cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)), pen, fill, True)]
    if kind == "cross":
        d = h * 0.8
        return [Lines(((cx - d, cy - d, cx + d, cy + d), (cx - d, cy + d, cx + d, cy - d)), pen)]
    if kind == "plus":
        return [Lines(((cx - h, cy, cx + h, cy), (cx, cy - h, cx, cy + h)), pen)]
    if kind == "star":
        d = h * 0.7
        return [Lines(((cx - h, cy, cx + h, cy), (cx - d, cy - d, cx + d, cy + d), (cx - d, cy + d, cx + d, cy - d)), pen)]
    if kind == "bar":
        return [Rect(cx - h, cy - h * 0.35, size, h * 0.7, pen, fill)]
    raise ValueError(f"unknown symbol {kind!r}")


def grid_lines(x: float, y: float, cols: int, rows: int, cell: float, pen: Pen = THIN) -> Lines:
    """The lines of a ``cols`` x ``rows`` grid of square cells, as one path."""
    segs = [(x, y + r * cell, x + cols * cell, y + r * cell) for r in range(rows + 1)]
    segs += [(x + c * cell, y, x + c * cell, y + rows * cell) for c in range(cols + 1)]
    return Lines(tuple(segs), pen)


def table(x: float, y: float, widths: Sequence[float], rows: int, row_h: float,
          headers: Sequence[str] = (), size: float = 8.0, pen: Pen = THIN) -> list[Item]:
    """An empty ruled table with an optional bold header row."""
    total_w = sum(widths)
    n = rows + (1 if headers else 0)
    segs = [(x, y + r * row_h, x + total_w, y + r * row_h) for r in range(n + 1)]
    cx = x
    for w in [0.0, *widths]:
        cx += w
        segs.append((cx, y, cx, y + n * row_h))
    items: list[Item] = [Lines(tuple(segs), pen)]
    cx = x
    for w, head in zip(widths, headers):
        items.append(Text(cx + w / 2, y + row_h / 2 + size * PT * 0.35, fit_text(head, w - 1, size, True),
                          size, "middle", True))
        cx += w
    return items

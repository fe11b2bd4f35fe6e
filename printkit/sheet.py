"""What every printed sheet shares: paper, margins, player colours, grid labels."""

from __future__ import annotations

import re

import msgspec

from .draw import BLACK, PT, SYMBOLS, Color, Item, Lines, Page, Pen, Text, fit_text, symbol

PAPERS = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}
MARGIN = 12.0  # nothing is printed closer to the paper's edge
MIN_CELL = 6.0  # smallest grid cell, big enough for a hand-written two-digit number
MIN_TEXT = 7.0  # smallest text size in points

# Okabe & Ito's colour-blind-safe palette (yellow left out: it vanishes on white paper),
# each paired with a dash pattern and a symbol so that greyscale prints still differ.
PALETTE: tuple[tuple[str, Color], ...] = (
    ("blue", (0.0, 0.447, 0.698)),
    ("vermillion", (0.835, 0.369, 0.0)),
    ("green", (0.0, 0.620, 0.451)),
    ("purple", (0.800, 0.475, 0.655)),
    ("orange", (0.902, 0.624, 0.0)),
    ("sky blue", (0.337, 0.706, 0.914)),
    ("black", (0.0, 0.0, 0.0)),
    ("grey", (0.45, 0.45, 0.45)),
)
DASHES: tuple[tuple[float, ...], ...] = (
    (), (2.4, 1.2), (0.6, 1.0), (3.0, 1.0, 0.6, 1.0), (4.0, 2.0), (1.5, 1.5), (0.6, 0.6), (5.0, 1.0, 0.6, 1.0, 0.6, 1.0),
)
DARK_GREY: Color = (0.35, 0.35, 0.35)

MISTAKE = Pen((0.84, 0.08, 0.24), 0.7, (1.5, 0.8))  # offending marks in pictures
MISTAKE_COLOR = MISTAKE.color


class Player(msgspec.Struct, frozen=True):
    """A seat at the table, with the marker style that identifies it on paper."""

    index: int
    name: str
    colour_name: str
    color: Color
    dash: tuple[float, ...]
    shape: str

    def pen(self, width: float = 0.6) -> Pen:
        return Pen(self.color, width, self.dash, round=not self.dash)

    def badge(self, x: float, y: float, size: float = 4.0) -> list[Item]:
        """The player's symbol, centred on (x, y)."""
        return symbol(self.shape, x, y, size, Pen(self.color, 0.5), None)

    @property
    def cue(self) -> str:
        return f"{self.colour_name}, {self.shape}"


def players(names: list[str], color: bool = True) -> list[Player]:
    out = []
    for i, name in enumerate(names):
        cname, c = PALETTE[i % len(PALETTE)]
        if not color:
            cname, c = ("grey", DARK_GREY) if i % 2 else ("black", BLACK)
        out.append(Player(i, name, cname, c, DASHES[i % len(DASHES)], SYMBOLS[i % len(SYMBOLS)]))
    return out


# ---------------------------------------------------------------- coordinates

def row_label(i: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, ..."""
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s


def row_index(label: str) -> int:
    n = 0
    for ch in label:
        n = n * 26 + ord(ch) - 64
    return n - 1


COORD = re.compile(r"^([A-Za-z]{1,2})(\d{1,3})$")


def parse_coord(text: str, rows: int, cols: int) -> tuple[int, int] | None:
    """``B3`` -> (1, 2) as (row, column) from zero; None if malformed or off the grid."""
    m = COORD.match(text.strip())
    if not m:
        return None
    r, c = row_index(m.group(1).upper()), int(m.group(2)) - 1
    if 0 <= r < rows and 0 <= c < cols:
        return r, c
    return None


def coord(r: int, c: int) -> str:
    return f"{row_label(r)}{c + 1}"


# ---------------------------------------------------------------- page frame

class Paper(msgspec.Struct, frozen=True):
    name: str
    width: float
    height: float

    @property
    def left(self) -> float:
        return MARGIN

    @property
    def top(self) -> float:
        return MARGIN

    @property
    def right(self) -> float:
        return self.width - MARGIN

    @property
    def bottom(self) -> float:
        return self.height - MARGIN

    @property
    def inner_width(self) -> float:
        return self.width - 2 * MARGIN

    def page(self) -> Page:
        return Page(self.width, self.height)


def paper(name: str) -> Paper:
    w, h = PAPERS[name]
    return Paper(name, w, h)


def header(page: Page, paper: Paper, title: str, subtitle: str = "", player: Player | None = None) -> float:
    """Title line at the top of a sheet; returns the y where content may start."""
    y = paper.top + 14 * PT
    right = paper.right
    if player is not None:
        page.add(player.badge(right - 2.5, y - 1.6, 4.2))
        label = f"{player.name} ({player.cue})"
        page.add(Text(right - 7, y, fit_text(label, 80, 9), 9, "end", color=player.color))
        right -= 90
    page.add(Text(paper.left, y, fit_text(title, right - paper.left, 14, True), 14, bold=True))
    y += 2.5
    if subtitle:
        y += 9 * PT
        page.add(Text(paper.left, y, fit_text(subtitle, paper.inner_width, 9), 9))
        y += 1.5
    page.add(Lines(((paper.left, y, paper.right, y),), Pen(width=0.3)))
    return y + 4


def labelled_grid(x: float, y: float, rows: int, cols: int, cell: float, dots: bool = False,
                  pen: Pen | None = None) -> list[Item]:
    """Row letters on the left, column numbers on top, and the grid (or dot array)
    whose top-left cell (or dot) starts at (x, y)."""
    from .draw import Dots, grid_lines

    size = min(9.0, max(MIN_TEXT, cell / PT * 0.45))
    items: list[Item] = []
    if dots:
        pts = tuple((x + c * cell, y + r * cell) for r in range(rows) for c in range(cols))
        items.append(Dots(pts, min(1.6, cell * 0.2)))
        cx = [x + c * cell for c in range(cols)]
        ry = [y + r * cell for r in range(rows)]
    else:
        items.append(grid_lines(x, y, cols, rows, cell, pen or Pen(width=0.25)))
        cx = [x + (c + 0.5) * cell for c in range(cols)]
        ry = [y + (r + 0.5) * cell for r in range(rows)]
    for c, px in enumerate(cx):
        items.append(Text(px, y - 1.8 - (0 if not dots else cell * 0.15), str(c + 1), size, "middle", color=(0.3, 0.3, 0.3)))
    for r, py in enumerate(ry):
        items.append(Text(x - 1.8 - (0 if not dots else cell * 0.15), py + size * PT * 0.35, row_label(r), size, "end",
                          color=(0.3, 0.3, 0.3)))
    return items


LABEL_ROOM = 7.0  # room left of and above a labelled grid for its labels


def footer(page: Page, paper: Paper, text: str) -> None:
    page.add(Text(paper.right, paper.bottom - 0.5, text, 7, "end", color=(0.4, 0.4, 0.4)))

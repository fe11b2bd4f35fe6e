"""What every printed sheet shares: paper, margins, player colours, grid labels."""

from __future__ import annotations

import re

import msgspec

from .coords import row_label
from . import names
from .draw import BLACK, PT, SYMBOLS, Color, Item, Lines, Page, Pen, Text, fit_size, fit_text, symbol

PAPERS = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}
MARGIN = 12.0  # nothing is printed closer to the paper's edge
MIN_CELL = 6.0  # smallest grid cell, big enough for a hand-written two-digit number
MIN_TEXT = names.MIN_TEXT  # smallest text size in points (one figure, kept in names.py)

# Okabe & Ito's colour-blind-safe palette (yellow left out: it vanishes on white paper), the lighter
# hues (purple, orange, sky blue) darkened so that every colour prints at half ink or more in grey
# (tests/quality/test_greyscale.py), each paired with a dash pattern and a symbol so that greyscale
# prints still differ.
PALETTE: tuple[tuple[str, Color], ...] = (
    ("blue", (0.0, 0.447, 0.698)),
    ("vermilion", (0.835, 0.369, 0.0)),
    ("green", (0.0, 0.620, 0.451)),
    ("purple", (0.680, 0.390, 0.560)),
    ("orange", (0.720, 0.470, 0.0)),
    ("sky blue", (0.270, 0.560, 0.780)),
    ("black", (0.0, 0.0, 0.0)),
    ("grey", (0.40, 0.40, 0.40)),
)
DASHES: tuple[tuple[float, ...], ...] = (
    (), (2.4, 1.2), (0.6, 1.0), (3.0, 1.0, 0.6, 1.0), (4.0, 2.0), (1.5, 1.5), (6.0, 1.5), (5.0, 1.0, 0.6, 1.0, 0.6, 1.0),
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


def copies_words(copies: int) -> str:
    """The rule sheet's sentence for a kit of several games (empty for one): every game's kit_words end with it."""
    return f" A set for each of the {copies} games, each sheet marked with its game." if copies > 1 else ""


def header(page: Page, paper: Paper, title: str, subtitle: str = "", player: Player | None = None) -> float:
    """Title line at the top of a sheet; returns the y where content may start."""
    y = paper.top + 14 * PT
    right = paper.right
    if player is not None:
        page.add(player.badge(right - 2.5, y - 1.6, 4.2))
        page.add(names.label(player.name, right - 7, y, 80, 9, "end", color=player.color, after=f" ({player.cue})"))
        right -= 90
    title, size = fit_size(title, right - paper.left, 14, 10, True)  # smaller before shorter
    page.add(Text(paper.left, y, title, size, bold=True))
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


# ---------------------------------------------------------------- sheets that share a page

class Panel(msgspec.Struct):
    """A sheet smaller than a page (a round, a player's piles, a score table), drawn as on a page from
    ``paper.top`` down to ``paper.top + height``.  The kit puts as many on a page as fit, the rule
    sheet's last page included; a dashed cut line runs between panels of different ``sheet`` names.
    ``card``: printed once however many games the kit is for (``copies``)."""

    items: list[Item]
    height: float
    sheet: str = ""
    card: bool = False
    anchors: tuple[str, ...] = ()  # as a Page's: names a page reference can point to


def panel(page: Page, paper: Paper, bottom: float, sheet: str = "", card: bool = False) -> Panel:
    """What is drawn on ``page`` down to ``bottom``, as a panel."""
    return Panel(page.items, bottom - paper.top, sheet, card)


class Flow:
    """A sheet that runs on from page to page (a long log).  ``part(height, first)`` draws its next part
    into ``height`` mm from ``paper.top`` (``first``: nothing of it printed yet) and returns it as a Panel,
    or None if not even a few rows would fit; ``done`` once all is printed."""

    sheet = ""
    card = False
    done = False

    def part(self, height: float, first: bool) -> Panel | None:  # pragma: no cover - an interface
        raise NotImplementedError


Block = Page | Panel | Flow  # what a game's kit gives, in print order: whole pages, panels, runs of pages


NEXT_GAME = "next game"  # between two copies' blocks given to ``pack``

REF = re.compile(r"@@([^@]+)@@")


def ref(anchor: str) -> str:
    """A page reference, written into a sheet's text: the kit prints the number of the page that holds the
    sheet (a Page or Panel) with ``anchor`` among its anchors, in the same copy of the game."""
    return f"@@{anchor}@@"


CUT_GAP = 10.0  # between two sheets sharing a page; the cut line runs in its middle
SAME_GAP = 7.0  # between two parts of one sheet (two rounds)
FOOT_ROOM = 6.0  # the page number, under everything


def content_bottom(page: Page) -> float:
    """The lowest ink on the page (the page number aside, which the kit adds last)."""
    from .draw import Circle, Dots, Polyline, Rect

    low = 0.0
    for it in page.items:
        if isinstance(it, Text):
            low = max(low, it.y + it.size * PT * 0.25)
        elif isinstance(it, Lines):
            low = max(low, max(max(s[1], s[3]) for s in it.segments) + it.pen.width / 2) if it.segments else low
        elif isinstance(it, Rect):
            low = max(low, it.y + it.h)
        elif isinstance(it, Circle):
            low = max(low, it.cy + it.r)
        elif isinstance(it, Polyline):
            low = max(low, max(y for _, y in it.points))
        elif isinstance(it, Dots):
            low = max(low, max((y for _, y in it.points), default=0.0) + it.diameter / 2)
    return low


def cut_line(paper: Paper, y: float) -> list[Item]:
    """A dashed line across the page at ``y`` with scissors at its left end."""
    from .draw import Circle

    grey = Pen((0.45, 0.45, 0.45), 0.25)
    x = paper.left + 1.2
    items: list[Item] = [Circle(x, y - 1.1, 0.9, grey), Circle(x, y + 1.1, 0.9, grey),
                         Lines(((x + 0.7, y - 0.6, x + 4.6, y + 0.9), (x + 0.7, y + 0.6, x + 4.6, y - 0.9)), grey),
                         Lines(((x + 5.6, y, paper.right, y),), Pen((0.45, 0.45, 0.45), 0.25, (2.0, 1.5)))]
    return items


def pack(paper: Paper, pages: list[Page], blocks: list) -> list[Page]:
    """``pages`` (a rule sheet), then ``blocks`` in order: a Page as it is; a Panel under what is on the last
    page if it fits there, else on the first earlier page with room for it (the rule sheet's last page or
    a page of panels), else on a new page; a Flow from the last page on, if at least half of it is free,
    else from a new page.  After ``NEXT_GAME`` (the next copy of a game) no sheet goes back on a page
    before the last."""
    from .draw import moved

    out = list(pages)
    room: dict[int, tuple[float, str]] = {}  # page index -> (lowest ink, sheet last put there)
    if out:
        room[len(out) - 1] = (content_bottom(out[-1]), "\0rules")
    limit = paper.bottom - FOOT_ROOM

    def top_on(i: int, sheet: str) -> float:
        y, last = room[i]
        return y + (SAME_GAP if last == sheet else CUT_GAP)

    def put(i: int | None, s: Panel) -> None:
        if i is None:
            out.append(paper.page())
            i = len(out) - 1
            top = paper.top
        else:
            top = top_on(i, s.sheet)
            if room[i][1] != s.sheet:
                out[i].add(cut_line(paper, top - CUT_GAP / 2))
        out[i].add(moved(s.items, 0, top - paper.top))
        out[i].anchors += s.anchors
        room[i] = (top + s.height, s.sheet)

    for b in blocks:
        if b is NEXT_GAME:  # the next copy's sheets go on the page in hand or on new pages, not back among the last's
            room = {i: v for i, v in room.items() if i == len(out) - 1}
        elif isinstance(b, Page):
            out.append(b)
        elif isinstance(b, Panel):
            last = [len(out) - 1] if len(out) - 1 in room else []  # the page in hand first, then any with room
            put(next((i for i in last + list(room) if top_on(i, b.sheet) + b.height <= limit), None), b)
        else:
            first = True
            last = len(out) - 1
            if last in room and limit - top_on(last, b.sheet) >= (limit - paper.top) / 2:
                s = b.part(limit - top_on(last, b.sheet), first)
                if s is not None:
                    put(last, s)
                    first = False
            while not b.done:
                s = b.part(limit - paper.top, first)
                if s is None:
                    raise ValueError(f"{b.sheet}: a part does not fit an empty page")
                put(None, s)
                first = False
    return out

"""The Long Way's store drawn: tiles, displays, walls and doorways, the entrance and exit, and the shoppers'
walk with the points of every space.  The printed sheets, the scored picture, the rule sheet's figures
and the entry page all draw the store with these."""

from __future__ import annotations

from ...draw import PT, Circle, Item, Lines, Pen, Polyline, Rect, Text
from ...draw import symbol as draw_symbol
from ...sheet import labelled_grid
from .path import Floor, Walk
from .spaces import N, SPACES, rc
from .tiles import STEP, Tile, tileset

WALL = Pen(width=0.9)
TILE_FILL = (0.90, 0.90, 0.90)
CAFE_FILL = (0.80, 0.80, 0.80)
GREYTEXT = (0.3, 0.3, 0.3)
PLUS = (0.0, 0.45, 0.25)
MINUS = (0.75, 0.1, 0.1)


# ---------------------------------------------------------------- small pieces

def display_symbol(face: int, cx: float, cy: float, size: float, pen: Pen = Pen(width=0.4)) -> list[Item]:
    """The furniture display of a die face, as players draw it by hand."""
    kind = tileset().displays[face].symbol
    h = size / 2
    if kind == "shelf":  # a box with two shelves
        return [Rect(cx - h, cy - h * 0.8, size, h * 1.6, pen),
                Lines(((cx - h, cy - h * 0.27, cx + h, cy - h * 0.27), (cx - h, cy + h * 0.27, cx + h, cy + h * 0.27)), pen)]
    return draw_symbol(kind, cx, cy, size, pen)


def wall_lines(x: float, y: float, cell: float, side: str, door: bool = False) -> list[tuple[float, float, float, float]]:
    """A wall along ``side`` of the space whose top-left corner is (x, y), just inside the space."""
    i = max(0.5, cell * 0.07)
    x0, y0, x1, y1 = x + i, y + i, x + cell - i, y + cell - i
    seg = {"N": (x0, y0, x1, y0), "S": (x0, y1, x1, y1), "W": (x0, y0, x0, y1), "E": (x1, y0, x1, y1)}[side]
    if not door:
        return [seg]
    a, b, c, d = seg
    return [(a, b, a + (c - a) * 0.32, b + (d - b) * 0.32), (a + (c - a) * 0.68, b + (d - b) * 0.68, c, d)]


def draw_tile(tile: Tile, x: float, y: float, cell: float) -> list[Item]:
    """A tile as it is placed (never rotated): shaded spaces, walls, a dot on spaces without walls."""
    items: list[Item] = []
    walled = {c for c, _ in tile.walls}
    for r, c in tile.cells:
        items.append(Rect(x + c * cell, y + r * cell, cell, cell, Pen(width=0.2), TILE_FILL))
    segs = []
    for (r, c), side in tile.walls:
        segs += wall_lines(x + c * cell, y + r * cell, cell, side)
    if segs:
        items.append(Lines(tuple(segs), Pen(width=max(0.5, cell * 0.1))))
    for r, c in tile.cells:
        if (r, c) not in walled:
            items.append(Circle(x + (c + 0.5) * cell, y + (r + 0.5) * cell, max(0.35, cell * 0.07), None, (0, 0, 0)))
    return items


def arrow(x1: float, y1: float, x2: float, y2: float, pen: Pen) -> list[Item]:
    dx, dy = x2 - x1, y2 - y1
    ln = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / ln, dy / ln
    h = min(2.2, ln * 0.45)
    return [Lines(((x1, y1, x2, y2),), pen),
            Polyline(((x2, y2), (x2 - ux * h - uy * h * 0.6, y2 - uy * h + ux * h * 0.6),
                      (x2 - ux * h + uy * h * 0.6, y2 - uy * h - ux * h * 0.6)), None, pen.color, True)]


def door_arrow(door: tuple[int, str], x: float, y: float, cell: float, inward: bool, pen: Pen) -> list[Item]:
    """The entrance (arrow in) or exit (arrow out), drawn inside its edge space up to the outer wall."""
    s, side = door
    r, c = rc(s)
    dr, dc = STEP[side]
    ex, ey = x + (c + 0.5) * cell + dc * cell * 0.5, y + (r + 0.5) * cell + dr * cell * 0.5
    ln = cell * 0.42
    ix, iy = ex - dc * ln, ey - dr * ln
    return arrow(ex, ey, ix, iy, pen) if inward else arrow(ix, iy, ex, ey, pen)


def draw_floor(b: Floor, x: float, y: float, cell: float, labels: bool = True) -> list[Item]:
    """The store as entered: tile spaces shaded, cafeterias darker with a fork, displays, walls, doors."""
    items: list[Item] = []
    walled = {s for s, _ in b.walls}
    for s in range(SPACES):
        r, c = rc(s)
        g = b.grid[s]
        px, py = x + c * cell, y + r * cell
        if g.startswith("C"):
            items.append(Rect(px, py, cell, cell, None, CAFE_FILL))
        elif g != ".":
            items.append(Rect(px, py, cell, cell, None, TILE_FILL))
    items += labelled_grid(x, y, N, N, cell) if labels else [Rect(x, y, N * cell, N * cell, Pen(width=0.25))]
    for k, spaces in b.cafeterias().items():  # one fork and the cafeteria's name per cafeteria
        rs = [rc(s) for s in spaces]
        cx = x + (sum(c for _, c in rs) / len(rs) + 0.5) * cell
        cy = y + (sum(r for r, _ in rs) / len(rs) + 0.5) * cell
        items += fork(cx, cy - cell * 0.16, cell * 0.4)
        items.append(Text(cx, cy + cell * 0.36, k, max(7.0, min(9.0, cell * 0.3 / PT)), "middle", True))
    for s in range(SPACES):
        r, c = rc(s)
        g = b.grid[s]
        if len(g) == 1 and g in "123456":
            items += display_symbol(int(g), x + (c + 0.5) * cell, y + (r + 0.5) * cell, cell * 0.5, Pen(width=0.45))
        elif g == "o" and s not in walled:
            items.append(Circle(x + (c + 0.5) * cell, y + (r + 0.5) * cell, max(0.4, cell * 0.06), None, (0, 0, 0)))
    segs = []
    for (s, side), door in sorted(b.walls.items()):
        r, c = rc(s)
        segs += wall_lines(x + c * cell, y + r * cell, cell, side, door)
    if segs:
        items.append(Lines(tuple(segs), Pen(width=max(0.6, cell * 0.07))))
    pen = Pen(width=0.6)
    if b.entrance:
        items += door_arrow(b.entrance, x, y, cell, True, pen)
    if b.exit:
        items += door_arrow(b.exit, x, y, cell, False, pen)
    return items


def fork(cx: float, cy: float, size: float, pen: Pen = Pen(width=0.35)) -> list[Item]:
    """A fork: the cafeteria symbol."""
    h = size / 2
    w = size * 0.3
    return [Lines(((cx, cy - h * 0.1, cx, cy + h),
                   (cx - w, cy - h, cx - w, cy - h * 0.25), (cx, cy - h, cx, cy - h * 0.25),
                   (cx + w, cy - h, cx + w, cy - h * 0.25), (cx - w, cy - h * 0.25, cx + w, cy - h * 0.25)), pen)]


def draw_walk(w: Walk, x: float, y: float, cell: float, pen: Pen, b: Floor) -> list[Item]:
    """The shoppers' route through space centres, each leg slightly offset, with +1/-1 per space entered."""
    items: list[Item] = []
    offsets = (-0.1, 0.0, 0.1)
    for k, leg in enumerate(w.legs):
        o = offsets[k % 3] * cell
        pts = [leg.start] + leg.spaces if k else leg.spaces
        if not pts:
            continue
        xy = [(x + (rc(s)[1] + 0.5) * cell + o, y + (rc(s)[0] + 0.5) * cell + o) for s in pts]
        if len(xy) > 1:
            items.append(Polyline(tuple(xy), pen))
        for (px, py) in xy[-1:]:
            items.append(Circle(px, py, 0.6, None, pen.color))
    counts: dict[int, int] = {}
    for s in w.entries():
        counts[s] = counts.get(s, 0) + 1
    size = max(7.0, min(8.5, cell * 0.32 / PT))
    for s, k in sorted(counts.items()):
        v = b.value(s)
        if not v:
            continue
        r, c = rc(s)
        label = ("+" if v > 0 else "\u2212") + str(abs(v) * k)
        items.append(Text(x + (c + 1) * cell - 0.8, y + r * cell + size * PT + 0.5, label, size, "end", True,
                          PLUS if v > 0 else MINUS))
    return items


# ---------------------------------------------------------------- the kit

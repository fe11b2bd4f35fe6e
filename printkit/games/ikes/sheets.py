"""Printed pages of The Long Way: player sheets, the tile card, the display legend, rule-sheet figures,
and the pieces they are drawn with (the results picture, picture.py, draws with them too)."""

from __future__ import annotations

from ...draw import PT, Circle, Item, Lines, Page, Pen, Polyline, Rect, Text, fit_text, moved, table, wrap
from ...draw import symbol as draw_symbol
from ...sheet import LABEL_ROOM, Paper, Player, Panel, header, labelled_grid, panel
from .path import N, SPACES, Board, Walk, name, rc, walk
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


def draw_board(b: Board, x: float, y: float, cell: float, labels: bool = True) -> list[Item]:
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


def draw_walk(w: Walk, x: float, y: float, cell: float, pen: Pen, b: Board) -> list[Item]:
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

def kit(game, cfg, paper: Paper) -> list:
    """The tile card (once, however many games), a store sheet per player, the score sheet."""
    card = tile_card(cfg, paper, game)
    card.card = True
    return [card] + [player_sheet(cfg, paper, game, seat) for seat in cfg.seats()] + [score_sheet(cfg, paper, game)]


RATINGS = "5 or less: failure. 6 to 8: respectable. 9 to 11: very good. 12 or more: champion."


def score_sheet(cfg, paper: Paper, game) -> Panel:
    """Each store's walk, leg by leg, its total and its rating."""
    seats = cfg.seats()
    page = paper.page()
    y = header(page, paper, f"{cfg.title or game.title}: scores",
               "The shoppers' walk, each leg a shortest path: +1 for every display entered, -1 for every empty space.")
    inset, row_h = 0.15, 8.0
    heads = ["store of", "to the nearer cafeteria", "to the other cafeteria", "to the exit", "total", "rating"]
    widths = [34.0, 34.0, 34.0, 26.0, 20.0]
    widths.append(paper.inner_width - 2 * inset - sum(widths))
    x = paper.left + inset
    page.add(table(x, y, widths, len(seats), row_h, heads, 8))
    for k, s in enumerate(seats):
        ty = y + (k + 1.5) * row_h + 1.2
        page.add(s.badge(x + 3, ty - 1.2, 3.0))
        page.add(Text(x + 6, ty, fit_text(s.name, widths[0] - 7, 9), 9, color=s.color))
    bottom = y + (len(seats) + 1) * row_h
    page.add(Text(paper.left, bottom + 5, f"Rating, as the designer judges a store: {RATINGS}", 8, color=GREYTEXT))
    return panel(page, paper, bottom + 6.5, "score")


def tile_card(cfg, paper: Paper, game) -> Page:
    ts = tileset()
    page = paper.page()
    y = header(page, paper, f"{cfg.title or game.title}: the 36 tiles",
               "Row: the light die (shape). Column: the dark die (walls). Draw the tile as shown, never rotated; "
               "A1 is its top-left space.")
    head_w = 27.0
    col_w = (paper.inner_width - head_w - 0.6) / 6
    cell = 6.5
    heights = {li: max(ts.tile(li, 1).height, 1.6) * cell + 8 for li in range(1, 7)}
    x0 = paper.left + 0.3
    y += 2
    for d in range(1, 7):
        cx = x0 + head_w + (d - 1) * col_w + col_w / 2
        page.add(Text(cx, y + 3.5, f"dark {d}", 9, "middle", True))
        for i, ln in enumerate(wrap(ts.layouts[d], col_w - 2, 7.5)[:2]):
            page.add(Text(cx, y + 7.2 + i * 3.0, ln, 7.5, "middle", color=GREYTEXT))
    y += 12
    grid = []
    for li in range(1, 7):
        row_h = heights[li]
        ry = y + sum(heights[k] for k in range(1, li))
        grid.append((x0, ry, x0 + head_w + 6 * col_w, ry))
        page.add(Text(x0 + 1, ry + 5, f"light {li}", 9, bold=True))
        page.add(Text(x0 + 1, ry + 8.6, fit_text(ts.shapes[li], head_w - 2, 7.5), 7.5, color=GREYTEXT))
        for d in range(1, 7):
            t = ts.tile(li, d)
            cx = x0 + head_w + (d - 1) * col_w
            tx = cx + (col_w - t.width * cell) / 2
            ty = ry + (row_h - t.height * cell) / 2
            page.add(draw_tile(t, tx, ty, cell))
            page.add(Text(cx + col_w - 1.2, ry + row_h - 1.3, t.key, 7, "end", color=GREYTEXT))
    yb = y + sum(heights.values())
    grid.append((x0, yb, x0 + head_w + 6 * col_w, yb))
    for d in range(7):
        gx = x0 + head_w + d * col_w
        grid.append((gx, y - 12, gx, yb))
    page.add(Lines(tuple(grid), Pen(width=0.2, color=(0.5, 0.5, 0.5))))
    y = yb + 8
    page.add(Text(x0, y, "Furniture displays: draw the one for either die on one space of the tile", 11, bold=True))
    y += 4
    y = display_legend(page, x0, y, paper.inner_width, 10.0)
    y += 6
    page.add(Text(x0, y, "Key", 11, bold=True))
    y += 2
    key_items, h = key_figure(paper.inner_width - 1)
    page.add(moved(key_items, x0, y))
    return page


def display_legend(page: Page, x: float, y: float, width: float, size: float) -> float:
    ts = tileset()
    col = width / 6
    for f in range(1, 7):
        cx = x + (f - 1) * col
        page.add(Rect(cx + 1, y + 1, size + 2, size + 2, Pen(width=0.25)))
        page.add(display_symbol(f, cx + 2 + size / 2, y + 2 + size / 2, size * 0.7, Pen(width=0.5)))
        page.add(Text(cx + size + 5, y + 5.5, f"{f}", 10, bold=True))
        page.add(Text(cx + size + 5, y + 10, ts.displays[f].name, 8.5))
    return y + size + 4


def key_figure(width: float) -> tuple[list[Item], float]:
    """What the marks on a sheet mean: wall, doorway, double wall, dot, cafeteria, entrance."""
    cell = 9.0
    items: list[Item] = []
    entries = [
        ("wall on a space's east side", lambda x, y: [Lines(tuple(wall_lines(x, y, cell, "E")), Pen(width=0.8))]),
        ("doorway punched through it", lambda x, y: [Lines(tuple(wall_lines(x, y, cell, "E", True)), Pen(width=0.8))]),
        ("tile space without walls: a dot", lambda x, y: [Circle(x + cell / 2, y + cell / 2, 0.6, None, (0, 0, 0))]),
        ("cafeteria (1x2, no walls)", lambda x, y: fork(x + cell / 2, y + cell / 2, cell * 0.6)),
    ]
    colw = width / 4
    for i, (text, fn) in enumerate(entries):
        x = i * colw + 0.5
        items.append(Rect(x, 0, cell, cell, Pen(width=0.2)))
        items += fn(x, 0)
        for k, ln in enumerate(wrap(text, colw - cell - 4, 8)[:2]):
            items.append(Text(x + cell + 2, 3.5 + k * 3.5, ln, 8))
    return items, cell


def player_sheet(cfg, paper: Paper, game, seat: Player) -> Page:
    page = paper.page()
    y = header(page, paper, f"{cfg.title or game.title}: store of {seat.name}",
               "Roll, reroll with coins, then draw the tile, or a cafeteria, or stop. Every space entered scores: "
               "display +1, empty -1.", seat)
    side_w = 56.0
    cell = min(19.0, (paper.inner_width - side_w - LABEL_ROOM - 8) / N)
    gx, gy = paper.left + LABEL_ROOM + 1, y + LABEL_ROOM + 5
    # entrance and exit guide: a band round the grid where the arrows go
    band = 5.0
    page.add(Rect(gx - band, gy - band, N * cell + 2 * band, N * cell + 2 * band, Pen((0.6, 0.6, 0.6), 0.25, (1.0, 1.0))))
    page.add(labelled_grid(gx, gy, N, N, cell, pen=Pen(width=0.25, color=(0.45, 0.45, 0.45))))
    page.add(Text(gx + N * cell / 2, gy + N * cell + band + 4.2,
                  "Draw the entrance and the exit as arrows through the dashed outer wall, at edge spaces.",
                  7.5, "middle", color=GREYTEXT))
    # the side panel
    sx = gx + N * cell + band + 5
    sw = paper.right - sx - 0.5
    py = gy - band
    page.add(Text(sx, py + 3, "Entrance", 9, bold=True))
    page.add(box_line(sx + 16, py + 3.5, sw - 16))
    page.add(Text(sx, py + 10, "Exit", 9, bold=True))
    page.add(box_line(sx + 16, py + 10.5, sw - 16))
    page.add(Text(sx, py + 14.5, "space and side, e.g. D1 W", 7, color=GREYTEXT))
    py += 19
    page.add(Text(sx, py, "Coins", 9, bold=True))
    page.add(Text(sx + 12, py, "ring one per coin gained; cross it", 7, color=GREYTEXT))
    page.add(Text(sx + 12, py + 3, "out to reroll one die", 7, color=GREYTEXT))
    py += 5
    per_row = int((sw - 1) // 6.2)
    rows = 2
    page.add(Rect(sx, py, sw, rows * 6.2 + 1.5, Pen(width=0.3)))
    for r in range(rows):
        for c in range(per_row):
            page.add(Circle(sx + 3.9 + c * 6.2, py + 3.9 + r * 6.2, 2.3, Pen((0.7, 0.7, 0.7), 0.2, (0.6, 0.6))))
    py += rows * 6.2 + 6.5
    page.add(Text(sx, py, "Cafeterias (at most two)", 9, bold=True))
    py += 2
    for k in (1, 2):
        page.add(Rect(sx, py, sw, 10, Pen(width=0.3)))
        page.add(fork(sx + 5, py + 5, 6))
        page.add(Text(sx + 10, py + 4.2, f"C{k}", 9, bold=True))
        page.add(Text(sx + 10, py + 8, "at", 7, color=GREYTEXT))
        page.add(box_line(sx + 14, py + 8.3, sw - 16))
        page.add(Rect(sx + sw - 6, py + 1.5, 4, 4, Pen(width=0.3)))
        py += 12
    py += 2
    page.add(Text(sx, py, "Light die: shape", 9, bold=True))
    py += 2
    ts = tileset()
    mini = 3.4
    for li in range(1, 7):
        t = ts.tile(li, 1)
        cx = sx + ((li - 1) % 3) * (sw / 3)
        cy = py + ((li - 1) // 3) * 12
        page.add(Text(cx, cy + 3.3, str(li), 8, bold=True))
        for r, c in t.cells:
            page.add(Rect(cx + 4 + c * mini, cy + r * mini, mini, mini, Pen(width=0.2), TILE_FILL))
    py += 12 + max(ts.tile(li, 1).height for li in (4, 5, 6)) * mini + 4.5
    page.add(Text(sx, py, "Dark die: walls", 9, bold=True))
    py += 0.6
    for d in range(1, 7):
        py += 3.2
        page.add(Text(sx, py, fit_text(f"{d}  {ts.layouts[d]}", sw, 7.5), 7.5))
    py += 5.5
    page.add(Text(sx, py, "Displays", 9, bold=True))
    py += 2
    for f in range(1, 7):
        cx = sx + ((f - 1) % 2) * (sw / 2)
        cy = py + ((f - 1) // 2) * 6.5
        page.add(display_symbol(f, cx + 2.8, cy + 2.8, 4.5, Pen(width=0.4)))
        page.add(Text(cx + 6.5, cy + 4, f"{f} {ts.displays[f].name}", 8))
    py += 3 * 6.5
    # turn log below the grid
    ty = max(gy + N * cell + band + 10, py + 6)
    page.add(Text(paper.left, ty, "Turn log (optional, for printkit score): dice light+dark, tile's A1 or cafe, display@space, bonus",
                  8.5, bold=True))
    ty += 2
    widths = (6.0, 13.0, 12.0, 13.0, 14.0)
    blk = sum(widths)
    cols = max(1, int((paper.inner_width + 2) // (blk + 3)))
    row_h = 6.2
    rows = max(1, int((paper.bottom - 6 - ty) // row_h) - 1)
    n = 0
    for c in range(cols):
        x = paper.left + 0.3 + c * (blk + 3)
        page.add(table(x, ty, widths, rows, row_h, ("#", "dice", "tile", "display", "bonus"), 7.5))
        for r in range(rows):
            n += 1
            page.add(Text(x + widths[0] - 0.8, ty + (r + 1.5) * row_h + 1.1, str(n), 7, "end", color=GREYTEXT))
    return page


def box_line(x: float, y: float, w: float) -> Lines:
    return Lines(((x, y, x + w, y),), Pen(width=0.25, color=(0.4, 0.4, 0.4)))


# ---------------------------------------------------------------- rule sheet figures

EXAMPLE = {
    "grid": ["o  2  .  o  3  C2 C2",
             "o  1  o  .  2  o  o",
             ".  .  o  4  .  5  o",
             "o  3  o  o  o  o  1",
             "6  o  .  .  o  6  o",
             "o  o  5  o  .  o  o",
             "o  4  .  1  o  C1 C1"],
    "walls": ["A3 E*", "A4 W", "A1 S", "B3 S", "B4 S", "C2 E", "D1 N", "D2 N", "E5 N", "F1 N", "F2 N", "F3 N",
              "F4 N", "F5 N", "F6 W", "E6 W", "D6 W", "C6 W"],
    "entrance": "G1 W",
    "exit": "A1 W",
}


def example_board() -> Board:
    from .record import Sheet
    from .score import board_of

    return board_of(Sheet(entrance=EXAMPLE["entrance"], exit=EXAMPLE["exit"], grid="\n".join(EXAMPLE["grid"]),
                          walls=EXAMPLE["walls"]))


def figure(fig: str, width: float) -> tuple[list[Item], float]:
    if fig == "example":
        b = example_board()
        w = walk(b)
        cell = 10.5
        x0, y0 = LABEL_ROOM + 4, LABEL_ROOM + 2
        items = draw_board(b, x0, y0, cell) + draw_walk(w, x0, y0, cell, Pen((0.0, 0.447, 0.698), 0.6, round=True), b)
        tx = x0 + N * cell + 10
        text = example_text(b, w)
        ty = y0 + 2
        for para in text:
            for ln in wrap(para, width - tx, 8.5):
                items.append(Text(tx, ty, ln, 8.5))
                ty += 3.9
            ty += 1.2
        return items, max(y0 + N * cell + 6, ty)
    if fig == "displays":
        page = Page(width, 30)
        h = display_legend(page, 0, 0, width, 10.0)
        return page.items, h
    if fig == "tiles":
        ts = tileset()
        items: list[Item] = []
        cell = 6.0
        x = 0.5
        keys = ((1, 6), (3, 2), (4, 5))
        for key in keys:
            t = ts.tile(*key)
            items += draw_tile(t, x, 4, cell)
            items.append(Text(x, 2.5, f"light {key[0]}, dark {key[1]}", 8, bold=True))
            x += max(t.width * cell, 24) + 12
        items.append(Text(x, 7, "Shaded: the tile's spaces. Thick: walls (inside their space).", 8.5))
        items.append(Text(x, 11, "Dot: a tile space without walls.", 8.5))
        return items, max(ts.tile(*k).height for k in keys) * cell + 6
    raise KeyError(fig)


def example_text(b: Board, w: Walk) -> list[str]:
    from .path import leg_range

    adj, vals = b.adjacency(), b.values()
    out = [f"Entrance {name(b.entrance[0])}, exit {name(b.exit[0])}. The nearer cafeteria is {w.legs[0].goal[10:]}."]
    sources = {b.entrance[0]: vals[b.entrance[0]]}
    cafes = b.cafeterias()
    for k, leg in enumerate(w.legs):
        goal = leg.goal[10:] if leg.goal.startswith("cafeteria") else None
        targets = set(cafes[goal]) if goal else {b.exit[0]}
        count, worst, best = leg_range(adj, vals, sources, targets)
        plus = sum(1 for s in leg.spaces if b.value(s) > 0)
        minus = sum(1 for s in leg.spaces if b.value(s) < 0)
        steps = len(leg.spaces) - (1 if k == 0 else 0)
        start = "From the entrance" if k == 0 else f"From either space of {w.legs[k - 1].goal[10:]}"
        tied = (f"{count} tied shortest paths score {worst:+d} to {best:+d}; the best is taken"
                if count > 1 else "one shortest path")
        out.append(f"{start}, {steps} steps to {leg.goal}: {tied}: +{plus} -{minus} = {leg.value:+d}.")
        if goal:
            sources = {s: 0 for s in cafes[goal]}
    out.append(f"Score: {' '.join(f'{leg.value:+d}' for leg in w.legs)} = {w.score}.")
    return out

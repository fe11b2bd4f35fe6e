"""The Long Way's printed kit: the tile card with the display legend (once), a store sheet per player and
the score sheet.  The store itself is drawn by ``drawing``; the rule sheet's figures are in ``figures``."""

from __future__ import annotations

from ...draw import Circle, Item, Lines, Page, Pen, Rect, Text, fit_text, moved, table, wrap
from ... import tally
from ...sheet import LABEL_ROOM, Paper, copies_words, Player, Panel, header, labelled_grid, panel
from .drawing import GREYTEXT, TILE_FILL, display_symbol, draw_tile, fork, wall_lines
from .model import TITLE, Config
from .spaces import N
from .tiles import tileset
from ... import names


def kit(cfg: Config, paper: Paper) -> list:
    """The tile card (once, however many games), a store sheet per player, the score sheet."""
    card = tile_card(cfg, paper)
    card.card = True
    return [card] + [player_sheet(cfg, paper, seat) for seat in cfg.seats()] + [score_sheet(cfg, paper)]


def kit_words(cfg: Config) -> dict[str, str]:
    """The rule sheet's words for this kit: what it holds, and where."""
    games = copies_words(cfg.copies)
    return {"kit": "the tile card, which shows all 36 tiles; a store sheet for each player (a 7x7 grid with row "
                   "letters and column numbers, the entrance and exit boxes, a coin box of circles, two cafeteria "
                   f"boxes and a turn log); and a score sheet.{games}"}


RATINGS = "5 or less: failure. 6 to 8: respectable. 9 to 11: very good. 12 or more: champion."


def score_sheet(cfg: Config, paper: Paper) -> Panel:
    """Each store's walk, leg by leg, its total and its rating."""
    seats = cfg.seats()
    page = paper.page()
    y = header(page, paper, f"{cfg.title or TITLE}: scores",
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
        page.add(names.label(s.name, x + 6, ty, widths[0] - 7, 9, color=s.color, height=row_h))
    bottom = y + (len(seats) + 1) * row_h
    page.add(Text(paper.left, bottom + 5, f"Rating, as the designer judges a store: {RATINGS}", 8, color=GREYTEXT))
    items, h = tally.strip(seats, paper.inner_width, False, "The highest total wins; equal totals share the win.")
    page.add(moved(items, paper.left, bottom + 9))
    return panel(page, paper, bottom + 9 + h, "score")


def tile_card(cfg: Config, paper: Paper) -> Page:
    ts = tileset()
    page = paper.page()
    y = header(page, paper, f"{cfg.title or TITLE}: the 36 tiles",
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


def player_sheet(cfg: Config, paper: Paper, seat: Player) -> Page:
    page = paper.page()
    y = header(page, paper, f"{cfg.title or TITLE}: store of {seat.name}",
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
    page.add(Text(sx + 12, py, "ring a circle per coin gained;", 7, color=GREYTEXT))
    page.add(Text(sx + 12, py + 3, "cross one out to reroll a die", 7, color=GREYTEXT))
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
    page.add(Text(paper.left, ty, fit_text("Turn log, if you want a record: the dice (light, dark), where the tile's "
                                           "A1 or the cafeteria went, the display and its space, the bonus",
                                           paper.inner_width, 8.5, True), 8.5, bold=True))
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

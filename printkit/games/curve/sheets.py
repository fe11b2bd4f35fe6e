"""Within The Curve's printed kit: each player's grids (their own curve first, a copy of every other
player's), as many to a page as fit, a reminder of the rules in a spare place and the score box on the
last page.  The rule sheet's figures are in ``figures``.
"""

from __future__ import annotations

from ...draw import PT, Item, Page, Pen, Rect, Text, grid_lines, moved, table, text_width
from ... import tally
from ...sheet import MIN_CELL, MIN_TEXT, Paper, copies_words, Player, Panel, content_bottom, header, panel
from ...coords import row_label
from .model import TITLE, Config
from ... import names

MAX_CELL = 14.0  # cells grow up to this when a page holds few grids
GAP = 8.0  # between grids on a page
TITLE_H = 7.5  # the grid's title line, with the "top number" box at its right


# ---------------------------------------------------------------- layout


def text_size(cell: float) -> float:
    """Row and column labels: 7 pt at the smallest squares, up to 9 pt."""
    return min(9.0, max(MIN_TEXT, cell / PT * 0.4))


def label_room(n: int, cell: float) -> float:
    """Room left of a grid for its row letters."""
    return 1.5 + text_width(row_label(n - 1), text_size(cell)) + 0.5


TOP_ROOM = 5.0  # above a grid for its column numbers


def grid(x: float, y: float, n: int, cell: float) -> list[Item]:
    """An n x n grid with row letters on the left and column numbers on top; top-left square at (x, y)."""
    size = text_size(cell)
    grey = (0.3, 0.3, 0.3)
    items: list[Item] = [grid_lines(x, y, n, n, cell, Pen(width=0.25))]
    items += [Text(x + (c + 0.5) * cell, y - 1.5, str(c + 1), size, "middle", color=grey) for c in range(n)]
    items += [Text(x - 1.5, y + (r + 0.5) * cell + size * PT * 0.35, row_label(r), size, "end", color=grey)
              for r in range(n)]
    return items


def block(n: int, cell: float) -> tuple[float, float]:
    """Width and height of one titled grid with its labels and the box below."""
    return label_room(n, cell) + n * cell, TITLE_H + TOP_ROOM + n * cell


def arrange(n: int, count: int, width: float, height: float) -> tuple[float, int, int] | None:
    """The biggest cell (and columns, rows) that fits ``count`` grids in width x height, or None below 6 mm."""
    best = None
    for cols in range(1, count + 1):
        rows = -(-count // cols)
        lo, hi = MIN_CELL, MAX_CELL
        w, h = block(n, lo)
        if cols * w + (cols - 1) * GAP > width or rows * h + (rows - 1) * GAP > height:
            continue
        for _ in range(30):  # bisect: the labels grow a little with the cell
            mid = (lo + hi) / 2
            w, h = block(n, mid)
            if cols * w + (cols - 1) * GAP <= width and rows * h + (rows - 1) * GAP <= height:
                lo = mid
            else:
                hi = mid
        cell = int(lo * 10) / 10
        if best is None or cell > best[0] or (cell == best[0] and rows < best[2]):  # as big: fewer rows
            best = (cell, cols, rows)
    return best


def plan(n: int, count: int, width: float, height: float) -> tuple[int, float, int, int]:
    """(grids per page, cell, columns, rows) using as few pages as possible."""
    per = 1
    while per < count and arrange(n, per + 1, width, height):
        per += 1
    if arrange(n, per, width, height) is None:
        largest = max((k for k in range(4, n) if arrange(k, 1, width, height)), default=4)
        raise ValueError(f"a {n} x {n} grid does not fit one page at {MIN_CELL:g} mm squares; "
                         f"the largest that fits is {largest} x {largest}")
    pages = -(-count // per)
    per = -(-count // pages)  # spread evenly: bigger squares when fewer grids
    cell, cols, rows = arrange(n, per, width, height)  # type: ignore[misc]
    return per, cell, cols, rows


def positions(n: int, cell: float, cols: int, rows: int, count: int, x0: float, y0: float,
              width: float) -> list[tuple[float, float]]:
    """Top-left corners (of the grid squares) for ``count`` blocks, centred across ``width``."""
    w, h = block(n, cell)
    lab = label_room(n, cell)
    used = min(cols, count) * w + (min(cols, count) - 1) * GAP
    left = x0 + (width - used) / 2
    return [(left + (i % cols) * (w + GAP) + lab, y0 + (i // cols) * (h + GAP) + TITLE_H + TOP_ROOM)
            for i in range(count)]


# ---------------------------------------------------------------- the kit


def area(paper: Paper, y: float) -> tuple[float, float]:
    return paper.inner_width, paper.bottom - 10 - y


def grid_pages(paper: Paper, n: int, entries: list, title: str, subtitle: str, player: Player):
    """Lay ``entries`` out as n x n grids, as many to a page as fit: yields
    (page, top y of the grids, [(entry, (x, y)) ...], spare slot or None, last page?)."""
    y0 = header(paper.page(), paper, "x", "x")
    per, cell, cols, rows = plan(n, len(entries), *area(paper, y0))
    sheets = -(-len(entries) // per)
    for k in range(sheets):
        page = paper.page()
        part = f" ({k + 1} of {sheets})" if sheets > 1 else ""
        y = header(page, paper, f"{title}{part}", subtitle, player)
        chunk = entries[k * per:(k + 1) * per]
        placed = list(zip(chunk, positions(n, cell, cols, rows, len(chunk), paper.left, y, paper.inner_width)))
        spots = positions(n, cell, cols, rows, cols * rows, paper.left, y, paper.inner_width)
        spare = spots[len(chunk)] if len(chunk) < len(spots) else None
        yield page, cell, placed, spare, k == sheets - 1


def kit(cfg: Config, paper: Paper) -> list[Page]:
    from ...inputs import InputError

    seats = cfg.seats()
    pages: list[Page] = []
    try:
        plan(cfg.n, len(seats), *area(paper, header(paper.page(), paper, "x", "x")))
    except ValueError as e:
        raise InputError("config", f"{e} on {paper.name} paper", key="n") from None
    for seat in seats:
        order = [seat] + [s for s in seats if s is not seat]
        mine: list = []  # the player's pages, or one panel when their grids take half a page or less
        for page, cell, placed, spare, last in grid_pages(
                paper, cfg.n, order, f"{cfg.title or TITLE}: {seat.name}'s grids",
                "Draw your curve on 'your curve'; the others copy theirs here. Number each curve "
                "along it, then fill its inside (neighbours coprime).", seat):
            for owner, (x, gy) in placed:
                name = "your curve" if owner is seat else f"copy of {owner.name}'s curve"
                page.add(blank(cfg.n, cell, x, gy, name, owner))
            if spare:  # a free slot: a reminder of the rules
                x, gy = spare
                w, h = block(cfg.n, cell)
                page.add(reminder(x - label_room(cfg.n, cell), gy - TOP_ROOM - TITLE_H, w, h))
            body = content_bottom(page)
            alone = last and not mine  # the player's grids on one page
            small = alone and body + 14 <= paper.top + (paper.bottom - paper.top) / 2
            if last:  # the score line: under the grids of a sheet that shares its page, else at the foot
                ty = body + 10 if small else paper.bottom - 6
                page.add(Text(paper.left, ty, "Score: the sum of your top inside numbers =", 9, bold=True))
                page.add(Rect(paper.left + text_width("Score: the sum of your top inside numbers =", 9, True)
                              + 2, ty - 4.5, 18, 6.5, Pen(width=0.4)))
            mine.append(panel(page, paper, body + 12, f"grids {seat.index}") if small else page)
        pages += mine
    return pages + [score_sheet(cfg, paper)]


def kit_words(cfg: Config) -> dict[str, str]:
    """The rule sheet's words for this kit: what it holds, and where."""
    m, n = len(cfg.players), cfg.n
    grids = (f"{m} grids of {n} by {n} squares, one titled \"your curve\" and one \"copy of\" each other player's "
             f"curve, each with its box for the top inside number above it") if m > 1 else \
        f"one grid of {n} by {n} squares titled \"your curve\", with its box for the top inside number above it"
    games = copies_words(cfg.copies)
    return {"kit": f"each player's own sheets, headed with their name: {grids}, and a line for your score on your "
                   f"last sheet. Then the score sheet for the whole table.{games}"}


def score_sheet(cfg: Config, paper: Paper) -> Panel:
    """Everyone's top inside number on every curve, the totals and the winner, in one table."""
    seats = cfg.seats()
    page = paper.page()
    y = header(page, paper, f"{cfg.title or TITLE}: score sheet",
               "Each player's top inside number on every curve, added up. A player with any mistake loses.")
    inset, row_h = 0.15, 8.0
    name_w, total_w = 30.0, 20.0
    col_w = min(36.0, (paper.inner_width - 2 * inset - name_w - total_w) / len(seats))
    heads = ["player \\ curve of"] + [""] * len(seats) + ["total"]
    widths = [name_w] + [col_w] * len(seats) + [total_w]
    x = paper.left + inset
    page.add(table(x, y, widths, len(seats), row_h, heads, 8))
    for k, s in enumerate(seats):  # whose curve: each column headed with the name, whole
        page.add(names.label(s.name, x + name_w + (k + 0.5) * col_w, y + row_h / 2 + 8 * PT * 0.35, col_w - 1, 8,
                             "middle", True, height=row_h))
    for k, s in enumerate(seats):
        ty = y + (k + 1.5) * row_h + 1.2
        page.add(s.badge(x + 3, ty - 1.2, 3.0))
        page.add(names.label(s.name, x + 6, ty, name_w - 7, 9, color=s.color, height=row_h))
    bottom = y + (len(seats) + 1) * row_h
    items, h = tally.strip(seats, paper.inner_width, False, "The highest total wins, unless that player made a "
                                                            "mistake; equal totals share the win.")
    page.add(moved(items, paper.left, bottom + 4))
    return panel(page, paper, bottom + 4 + h, "score")


def blank(n: int, cell: float, x: float, y: float, name: str, owner: Player) -> list[Item]:
    items: list[Item] = []
    lab = label_room(n, cell)
    ty = y - TOP_ROOM - 2.2
    box_w = 12.0
    items += owner.badge(x - lab + 1.6, ty - 1.2, 3.0)
    before, after = ("copy of ", "'s curve") if name != "your curve" else ("", "")
    shown = name if not before else owner.name
    for before, label in ((before, "top inside number"), ("", "top inside number"), ("", "top number")):
        room = n * cell + lab - 5 - box_w - text_width(label, 7) - 3  # a long name: "copy of" goes first
        if names.fits(before + shown + after, room, names.MIN_TEXT, True):
            break
    items += names.label(shown, x - lab + 4.2, ty, room, 10, bold=True, color=owner.color, before=before,
                         after=after)
    items.append(Text(x + n * cell - box_w - 1.2, ty, label, 7, "end", color=(0.3, 0.3, 0.3)))
    items.append(Rect(x + n * cell - box_w, ty - 4.6, box_w, 6.0, Pen(width=0.35)))
    items += grid(x, y, n, cell)
    return items


def reminder(x: float, y: float, w: float, h: float) -> list[Item]:
    """The filling rules in brief, for an empty place on a sheet."""
    from ...draw import wrap

    lines = [("Filling a curve", True),
             ("1. Number the curve's squares 1, 2, 3, ... along it, starting anywhere, either way round.", False),
             ("2. Inside, write 1, 2, 3, ... one at a time, each in an empty inside square where it shares "
              "no factor with the numbers directly above, below, left and right of it.", False),
             ("3. Stop when the next number fits nowhere; write your top inside number in the box.", False),
             ("Coprime: no common factor but 1. 8 and 15 are coprime; 6 and 9 share 3; 1 is coprime with "
              "everything. Two curve squares side by side need not be coprime.", False)]
    items: list[Item] = []
    ty = y + 4
    for text, bold in lines:
        for ln in wrap(text, w - 4, 9, bold):
            if ty + 4.2 > y + h:
                return items
            ty += 4.2
            items.append(Text(x + 2, ty, ln, 9, bold=bold))
        ty += 1.5
    return items


# ---------------------------------------------------------------- the rule sheet's figures

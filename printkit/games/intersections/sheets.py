"""Making Intersections' printed kit: a dot array per round with its segment log, the score sheet, and
the rule sheet's figure (an example round)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...draw import Item, Page, Rect, Text, fit_text, moved, table
from ...sheet import Paper, Player, header, labelled_grid, parse_coord
from .picture import draw_round
from .record import make_seg

if TYPE_CHECKING:
    from .game import Config, Intersections


def spacing(n: int, width: float, height: float) -> float:
    return max(6.0, min(20.0, width / (n - 1), height / (n - 1)))


def kit(game: Intersections, cfg: Config, paper: Paper) -> list[Page]:
    seats = cfg.seats()
    title = cfg.title or game.title
    pages: list[Page] = []
    for r in range(cfg.rounds):
        offense = seats[r % len(seats)]
        page = paper.page()
        y = header(page, paper, f"{title}: round {r + 1} of {cfg.rounds}",
                   f"Offense: {offense.name}. Draw {cfg.segments} segments, taking turns from the offense "
                   f"in seat order; log each one below.", offense)
        gap = spacing(cfg.n, paper.inner_width - 20, paper.bottom - y - 75)
        side = gap * (cfg.n - 1)
        x0 = paper.left + (paper.inner_width - side) / 2
        page.add(labelled_grid(x0, y + 8, cfg.n, cfg.n, gap, dots=True))
        y += side + 20
        pages += segment_log(game, page, paper, y, cfg, r, seats)
    pages.append(score_sheet(game, cfg, paper))
    return pages


def segment_log(game: Intersections, page: Page, paper: Paper, y: float, cfg: Config, rnd: int,
                seats: list[Player]) -> list[Page]:
    """The round's segment log below the array, running on to more pages if needed."""
    pages = [page]
    widths = (8.0, 26.0, 24.0)
    colw = sum(widths) + 4
    inset = 0.15  # half the table's pen: its outer lines stay inside the margin
    cols = int((paper.inner_width - 2 * inset + 4) // colw)
    row_h = 6.5
    i = 0
    page.add(Text(paper.left, y, "Segment log (write the two end dots, e.g. A1-A5)", 9, bold=True))
    y += 2
    while i < cfg.segments:
        rows = int((paper.bottom - 8 - y) // row_h) - 1
        if rows < 2:
            page = paper.page()
            pages.append(page)
            y = header(page, paper, f"{cfg.title or game.title}: round {rnd + 1}, segment log (continued)")
            continue
        left = cfg.segments - i
        rows = min(rows, -(-left // cols))  # balance the columns
        for c in range(cols):
            take = min(rows, cfg.segments - i)
            if take <= 0:
                break
            x = paper.left + inset + c * colw
            page.add(table(x, y, widths, take, row_h, ("#", "player", "segment"), 8))
            for k in range(take):
                who = seats[(rnd + i + k) % len(seats)]
                ty = y + (k + 1.5) * row_h + 1.2
                page.add(Text(x + widths[0] - 1.2, ty, str(i + k + 1), 8, "end"))
                page.add(Text(x + widths[0] + 1.2, ty, fit_text(who.name, widths[1] - 2.4, 8), 8, color=who.color))
            i += take
        y = paper.bottom
    return pages


def score_sheet(game: Intersections, cfg: Config, paper: Paper) -> Page:
    seats = cfg.seats()
    page = paper.page()
    y = header(page, paper, f"{cfg.title or game.title}: score sheet",
               "After each round, the offense scores 1 point per dot where 3 or more segment ends meet "
               "(a segment passing through counts 2).")
    row_h = 7.0
    inset = 0.15  # half the table's pen: its outer lines stay inside the margin
    name_w = min(34.0, (paper.inner_width - 18 - 2 * inset) / len(seats))
    widths = [18.0] + [name_w] * len(seats)
    left = paper.left + inset
    rows = min(cfg.rounds + 1, int((paper.bottom - 10 - y) // row_h) - 1)
    page.add(table(left, y, widths, rows, row_h, ["round"] + [s.name for s in seats], 8))
    for r in range(rows):
        ty = y + (r + 1.5) * row_h + 1.2
        if r == cfg.rounds:
            page.add(Text(left + 1.5, ty, "total", 8, bold=True))
            continue
        page.add(Text(left + 1.5, ty, str(r + 1), 8))
        for k in range(len(seats)):  # only the offense scores: the other cells are shaded
            if k != r % len(seats):
                page.add(Rect(left + widths[0] + k * name_w + 0.4, y + (r + 1) * row_h + 0.4,
                              name_w - 0.8, row_h - 0.8, None, (0.88, 0.88, 0.88)))
    for k, s in enumerate(seats):
        page.add(s.badge(left + widths[0] + k * name_w + 3.5, y + row_h / 2, 3.0))
    return page


# ---------------------------------------------------------------- the rule sheet


def figure(game: Intersections, name: str, width: float) -> tuple[list[Item], float]:
    gap = 11.0
    me = Player(0, "offense", "blue", (0.0, 0.447, 0.698), (), "circle")
    if name == "example":
        p = lambda t: parse_coord(t, 4, 4)  # noqa: E731
        good = [make_seg(p("A1"), p("A4")), make_seg(p("A2"), p("C2")), make_seg(p("C1"), p("C4"))]
        bad = [make_seg(p("B3"), p("D3"))]
        items = moved(draw_round(4, gap, good, bad, me), 8, 8)
        x = 8 + 3 * gap + 14
        notes = ["Drawn in order: A1-A4, A2-C2, C1-C4.",
                 "A2: A1-A4 passes through (2) and A2-C2 ends there (1): count 3.",
                 "C2: C1-C4 passes through (2) and A2-C2 ends there (1): count 3.",
                 "B2: A2-C2 passes through: count 2, no point.",
                 "The offense scores 2 (the ringed dots).",
                 "Dashed: B3-D3 would cross C1-C4 at C3, inside both: not allowed.",
                 "B1-B2 would be fine: it ends at B2 on A2-C2."]
        for i, t in enumerate(notes):
            items.append(Text(x, 6 + i * 5.2, fit_text(t, width - x, 9), 9))
        return items, 3 * gap + 12
    raise KeyError(name)

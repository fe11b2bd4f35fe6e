"""Making Intersections' printed kit: a dot array per round with its segment log, the score sheet, and
the rule sheet's figure (an example round)."""

from __future__ import annotations

from ...draw import PT, Item, Page, Rect, Text, fit_text, moved, table, wrap
from ... import tally
from ...sheet import Paper, copies_words, Player, header, labelled_grid, panel
from ...coords import parse_coord
from .model import TITLE, Config
from .picture import draw_round
from .record import make_seg
from ... import names


def spacing(n: int, width: float, height: float) -> float:
    return max(6.0, min(20.0, width / (n - 1), height / (n - 1)))


LOG_WIDTHS = (8.0, 26.0, 24.0)  # one column of the segment log: #, player, segment
LOG_GAP = 4.0
ROW_H = 6.5
SIDE_ROW_H = 6.0  # rows of a log beside its array: two rounds fit a Letter page at 20 mm dots
INSET = 0.15  # half a table's pen: its outer lines stay inside the margin


def kit(cfg: Config, paper: Paper) -> list:
    """Every round's sheet (as many to a page as fit at the dot spacing of a page to itself), then the
    score sheet."""
    seats = cfg.seats()
    title = cfg.title or TITLE
    gap = spacing(cfg.n, paper.inner_width - 20, paper.bottom - header(paper.page(), paper, "x", "x") - 75)
    blocks: list = []
    side = gap * (cfg.n - 1)
    label = 7.0  # row letters left of the array
    logw = sum(LOG_WIDTHS)
    beside = int((paper.inner_width - label - side - 10 - 2 * INSET + LOG_GAP) // (logw + LOG_GAP))
    for r in range(cfg.rounds):
        offense = seats[r % len(seats)]
        told = (f"Offense: {offense.name}. Draw {cfg.segments} segments, taking turns from the offense in seat "
                "order; log each one")
        if beside:  # the log beside the array, if it is no taller
            page = paper.page()
            y = header(page, paper, f"{title}: round {r + 1} of {cfg.rounds}", "", offense)
            lx = paper.right - INSET - beside * logw - (beside - 1) * LOG_GAP
            lines = wrap(told + " (its two end dots, e.g. A1-A5).", paper.right - lx, 8)
            rows = -(-cfg.segments // beside)
            top = y + 5 + len(lines) * 3.4
            if top + (rows + 1) * SIDE_ROW_H <= y + 7 + side + 2:
                x0 = paper.left + label + max(0.0, (lx - 10 - paper.left - label - side) / 2)  # centred left of the log
                page.add(labelled_grid(x0, y + 7, cfg.n, cfg.n, gap, dots=True))
                page.add(Text(lx, y + 2.5, "Segment log", 9, bold=True))
                page.add(Text(lx, y + 5.8 + k * 3.4, ln, 8) for k, ln in enumerate(lines))
                log_columns(page, lx, top, cfg.segments, rows, beside, r, seats, 0, SIDE_ROW_H)
                blocks.append(panel(page, paper, max(y + 7 + side + 1.5, top + (rows + 1) * SIDE_ROW_H + 0.5),
                                   "rounds"))
                continue
        page = paper.page()
        y = header(page, paper, f"{title}: round {r + 1} of {cfg.rounds}", told + " below.", offense)
        x0 = paper.left + (paper.inner_width - side) / 2
        page.add(labelled_grid(x0, y + 8, cfg.n, cfg.n, gap, dots=True))
        y += side + 20
        cols = int((paper.inner_width - 2 * INSET + LOG_GAP) // (logw + LOG_GAP))
        rows = -(-cfg.segments // cols)
        if y + 2 + (rows + 1) * ROW_H <= paper.bottom - 8:  # the log below the array, on the same page
            page.add(Text(paper.left, y, "Segment log (write the two end dots, e.g. A1-A5)", 9, bold=True))
            log_columns(page, paper.left + INSET, y + 2, cfg.segments, rows, cols, r, seats, 0)
            blocks.append(panel(page, paper, y + 2 + (rows + 1) * ROW_H + 2, "rounds"))
        else:  # a long log runs on to pages of its own
            blocks += segment_log(page, paper, y, cfg, r, seats)
    blocks.append(score_sheet(cfg, paper))
    return blocks


def log_columns(page: Page, x: float, y: float, count: int, rows: int, cols: int, rnd: int, seats: list[Player],
                first: int, row_h: float = ROW_H) -> None:
    """Rows ``first``.. of a round's segment log in ``cols`` columns of ``rows`` rows at (x, y)."""
    logw = sum(LOG_WIDTHS)
    i = first
    for c in range(cols):
        take = min(rows, count - i)
        if take <= 0:
            break
        cx = x + c * (logw + LOG_GAP)
        page.add(table(cx, y, LOG_WIDTHS, take, row_h, ("#", "player", "segment"), 8))
        for k in range(take):
            who = seats[(rnd + i + k) % len(seats)]
            ty = y + (k + 1.5) * row_h + 1.2
            page.add(Text(cx + LOG_WIDTHS[0] - 1.2, ty, str(i + k + 1), 8, "end"))
            page.add(names.label(who.name, cx + LOG_WIDTHS[0] + 1.2, ty, LOG_WIDTHS[1] - 2.4, 8, color=who.color,
                                 height=row_h))
        i += take


def kit_words(cfg: Config) -> dict[str, str]:
    """The rule sheet's words for this kit: what it holds, and where."""
    games = copies_words(cfg.copies)
    return {"kit": f"a sheet for each of the {cfg.rounds} rounds, with a dot array of {cfg.n} by {cfg.n} dots, the "
                   f"round's offense printed at its top and a log of its {cfg.segments} segments (m = {cfg.segments}), "
                   f"and a score sheet.{games}"}


def segment_log(page: Page, paper: Paper, y: float, cfg: Config, rnd: int,
                seats: list[Player]) -> list[Page]:
    """The round's segment log below the array, running on to more pages (a log too long for the page)."""
    pages = [page]
    logw = sum(LOG_WIDTHS)
    cols = int((paper.inner_width - 2 * INSET + LOG_GAP) // (logw + LOG_GAP))
    i = 0
    page.add(Text(paper.left, y, "Segment log (write the two end dots, e.g. A1-A5)", 9, bold=True))
    y += 2
    while i < cfg.segments:
        rows = int((paper.bottom - 8 - y) // ROW_H) - 1
        if rows < 2:
            page = paper.page()
            pages.append(page)
            y = header(page, paper, f"{cfg.title or TITLE}: round {rnd + 1}, segment log (continued)")
            continue
        rows = min(rows, -(-(cfg.segments - i) // cols))  # balance the columns
        log_columns(page, paper.left + INSET, y, cfg.segments, rows, cols, rnd, seats, i)
        i = min(cfg.segments, i + rows * cols)
        y = paper.bottom
    return pages


def score_sheet(cfg: Config, paper: Paper):
    """The score table: a row per round (only the offense's cell open) and the totals; a panel when it is
    shorter than a page."""
    seats = cfg.seats()
    page = paper.page()
    y = header(page, paper, f"{cfg.title or TITLE}: score sheet",
               "After each round, the offense scores 1 point per dot where 3 or more segment ends meet "
               "(a segment passing through counts 2).")
    row_h = 7.0
    inset = 0.15  # half the table's pen: its outer lines stay inside the margin
    name_w = min(34.0, (paper.inner_width - 12 - 2 * inset) / len(seats))
    widths = [12.0] + [name_w] * len(seats)
    left = paper.left + inset
    rows = min(cfg.rounds + 1, int((paper.bottom - 10 - y) // row_h) - 1)
    page.add(table(left, y, widths, rows, row_h, ["round"] + [""] * len(seats), 8))
    for k, s in enumerate(seats):  # each column headed with the player's name, whole, beside their symbol
        page.add(names.label(s.name, left + widths[0] + k * name_w + 5.8, y + row_h / 2 + 8 * PT * 0.35,
                             name_w - 6.3, 8, bold=True, color=s.color, height=row_h))
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
    bottom = y + (rows + 1) * row_h
    items, h = tally.strip(seats, paper.inner_width, False, "The highest total wins; equal totals share the win.")
    if rows < cfg.rounds + 1 or bottom + 4 + h > paper.bottom - 6:
        return page
    page.add(moved(items, paper.left, bottom + 4))
    return panel(page, paper, bottom + 4 + h, "score")


# ---------------------------------------------------------------- the rule sheet


def figure(name: str, width: float) -> tuple[list[Item], float]:
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

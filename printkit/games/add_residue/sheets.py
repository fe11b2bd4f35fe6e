"""Add/Residue's printed kit: each player's pile sheet, the shared move log with the final scores, and the
rule sheet's figure (a worked example of the log).  ``log_table`` draws the move log, blank or filled; the
picture of the results uses it too."""

from __future__ import annotations

from ...draw import PT, Item, Lines, Page, Pen, Rect, Text, fit_text, moved, wrap
from ... import tally
from ...report import Report
from ...sheet import MISTAKE_COLOR, Flow, Paper, copies_words, Player, Panel, header, panel
from .record import total_moves
from .score import Row, replay
from .model import ID, TITLE, Config, Results
from ... import names


GREY_TEXT = (0.35, 0.35, 0.35)
FAINT_TEXT = (0.55, 0.55, 0.55)  # hints to circle: still 45 % ink in grey

# ---------------------------------------------------------------- drawing the log

LOG_HEAD = ("#", "player", "pile", "c", "m", "points", "total")


def log_widths(width: float) -> list[float]:
    """Column widths of the move log for a table ``width`` mm wide."""
    base = [8.0, 24.0, 16.0, 9.0, 10.0, 11.0, 11.0]
    extra = max(0.0, width - sum(base))
    base[1] += extra
    return base


def log_table(x: float, y: float, widths: list[float], first: int, count: int, row_h: float,
              seats: list[Player], rows: list[Row] | None = None, remark_w: float = 0.0) -> list[Item]:
    """Rows ``first``..``first+count-1`` (from 0) of the move log at (x, y): filled from ``rows`` as far as
    they go, blank after."""
    heads = list(LOG_HEAD) + (["check"] if remark_w else [])
    ws = list(widths) + ([remark_w] if remark_w else [])
    total_w = sum(ws)
    items: list[Item] = []
    size = 8.0
    # header
    cx = x
    for w, h in zip(ws, heads):
        items.append(Text(cx + w / 2, y + row_h / 2 + size * PT * 0.35, h, size, "middle", True))
        cx += w
    segs = [(x, y + r * row_h, x + total_w, y + r * row_h) for r in range(count + 2)]
    cx = x
    for w in [0.0, *ws]:
        cx += w
        segs.append((cx, y, cx, y + (count + 1) * row_h))
    by_name = {s.name: s for s in seats}
    for k in range(count):
        i = first + k
        ty = y + (k + 1) * row_h + row_h / 2 + size * PT * 0.35
        cols = [x]
        for w in ws:
            cols.append(cols[-1] + w)
        row = rows[i] if rows is not None and i < len(rows) else None
        who = by_name[row.played.player] if row is not None else seats[i % len(seats)]
        if row is not None and row.problems:
            items.append(Rect(x + 0.3, y + (k + 1) * row_h + 0.3, total_w - 0.6, row_h - 0.6, None, (1.0, 0.88, 0.9)))
        items.append(Text(cols[1] - 1.2, ty, str(i + 1), size, "end"))
        items.extend(who.badge(cols[1] + 2.6, ty - size * PT * 0.35, 2.8))
        items += names.label(who.name, cols[1] + 5.2, ty, ws[1] - 6.2, size, color=who.color, height=row_h)
        if row is None:
            mid = (cols[2] + cols[3]) / 2
            items.append(Text(mid - 1.2, ty, "add", size, "end", color=FAINT_TEXT))
            items.append(Text(mid + 1.2, ty, "mod", size, "start", color=FAINT_TEXT))
            continue
        pl = row.played
        items.append(Text((cols[2] + cols[3]) / 2, ty, pl.pile, size, "middle", pl.pile == "mod"))
        items.append(Text((cols[3] + cols[4]) / 2, ty, str(pl.c), size, "middle"))
        if pl.written is None:
            items.append(Text((cols[4] + cols[5]) / 2, ty, str(row.after), size, "middle", color=GREY_TEXT))
        elif row.wrong_m:
            # the written m struck through, the true m beside it
            wx = cols[4] + ws[4] * 0.3
            tw = max(2.2, len(str(pl.written)) * 1.7)
            items.append(Text(wx, ty, str(pl.written), size, "middle", color=MISTAKE_COLOR))
            items.append(Lines(((wx - tw / 2 - 0.4, ty - 1.0, wx + tw / 2 + 0.4, ty - 1.0),),
                               Pen(MISTAKE_COLOR, 0.35)))
            items.append(Text(cols[4] + ws[4] * 0.72, ty, str(row.after), size, "middle", True))
        else:
            items.append(Text((cols[4] + cols[5]) / 2, ty, str(pl.written), size, "middle"))
        if pl.pile == "mod":
            items.append(Text((cols[5] + cols[6]) / 2, ty, str(row.points), size, "middle", color=who.color))
        items.append(Text((cols[6] + cols[7]) / 2, ty, str(row.total), size, "middle", color=who.color))
        if remark_w and row.problems:
            items.append(Text(cols[7] + 1.5, ty, fit_text("; ".join(row.problems), remark_w - 3, size), size,
                              color=MISTAKE_COLOR, bold=True))
    items.insert(0, Lines(tuple(segs), Pen(width=0.25)))
    return items


# ---------------------------------------------------------------- the kit


def kit(cfg: Config, paper: Paper) -> list:
    """Each player's pile panel (panels: as many to a page as fit, cut apart), then the move log."""
    return pile_sheets(cfg, paper) + [MoveLog(cfg, paper)]


def kit_words(cfg: Config) -> dict[str, str]:
    """The rule sheet's words for this kit: what it holds, and where."""
    games = copies_words(cfg.copies)
    moves = 2 * cfg.n * len(cfg.players)
    return {"kit": f"a pile sheet for each player, several to a page (cut them apart along the lines marked with "
                   f"scissors), and the shared move log of {moves} rows, with the totals and the winner at its "
                   f"end.{games}", "n": str(cfg.n)}


PILE_BOX = 9.0  # one number's box on a pile sheet


def pile_row(n: int, width: float) -> int:
    """How many numbers a pile's row holds in a panel ``width`` wide (rows kept even: 13 + 13, not 20 + 6)."""
    per_row = max(1, min(n, int((width - 22) // PILE_BOX)))
    if n > per_row:
        rows_needed = -(-n // per_row)
        per_row = -(-n // rows_needed)
    return per_row


def pile_box(n: int, width: float, pile: str, c: int) -> tuple[float, float, float]:
    """(x, y, side) of number ``c``'s box in a pile panel drawn by ``pile_panel``."""
    per_row = pile_row(n, width)
    rows = -(-n // per_row)
    r, col = divmod(c - 1, per_row)
    top = 10.0 + (0 if pile == "add" else rows * PILE_BOX + 8)
    return 22 + col * PILE_BOX, top + r * PILE_BOX, PILE_BOX - 1.2


def pile_panel(seat: Player, n: int, width: float, title: str) -> tuple[list[Item], float]:
    """One player's two piles to cross off, from (0, 0); returns the items and the height."""
    box = PILE_BOX
    per_row = pile_row(n, width)
    rows = -(-n // per_row)
    items: list[Item] = []
    pen = Pen(seat.color, 0.45, seat.dash)
    items += seat.badge(3, 3.2, 4.6)
    items += names.label(seat.name, 8, 5, width - 80, 12, bold=True, color=seat.color, after=": your piles")
    items.append(Text(width, 5, fit_text(f"{title} \u00b7 your mark: {seat.cue}", 78, 8), 8, "end", color=GREY_TEXT))
    y = 10.0
    for pile, rule in (("add", "m becomes m + c"), ("mod", "m becomes m mod c: you score it")):
        items.append(Text(0, y + 4.5, pile.upper(), 11, bold=True))
        items.append(Text(0, y + 8.5, "pile", 8, color=GREY_TEXT))
        for k in range(n):
            r, c = divmod(k, per_row)
            bx, by = 22 + c * box, y + r * box
            items.append(Rect(bx, by, box - 1.2, box - 1.2, pen))
            items.append(Text(bx + (box - 1.2) / 2, by + (box - 1.2) / 2 + 10 * PT * 0.35, str(k + 1), 10, "middle"))
        y += rows * box + 1
        items.append(Text(22, y + 3, f"{pile} c: {rule}. Cross each number off as you play it.", 8,
                          color=GREY_TEXT))
        y += 7
    items.append(Rect(-2, -2, width + 4, y + 2, Pen(seat.color, 0.6, seat.dash)))
    return items, y


def pile_sheets(cfg: Config, paper: Paper) -> list[Panel]:
    """One panel per player: their two piles in a frame of their colour and dash."""
    title = cfg.title or TITLE
    width = paper.inner_width - 5
    out = []
    for seat in cfg.seats():
        items, h = pile_panel(seat, cfg.n, width, title)
        out.append(Panel(moved(items, paper.left + 2.5, paper.top + 2.5), h + 4.5, f"piles of {seat.name}"))
    return out


class MoveLog(Flow):
    """The shared move log, 2 x n x players numbered rows in two columns, then the final scores; it runs
    on from page to page."""

    sheet = "move log"
    ROW_H = 6.0  # the smallest cell: fewer pages for a long log
    GAP = 5.0
    INSET = 0.3  # keeps the ruling's stroke inside the margin

    def __init__(self, cfg: Config, paper: Paper):
        self.title, self.paper, self.seats = cfg.title or TITLE, paper, cfg.seats()
        self.full = total_moves(cfg.n, len(self.seats))
        self.next = 0  # the next row to print
        self.done = False
        self.col_w = (paper.inner_width - 2 * self.INSET - self.GAP) / 2

    RULE = "Each player's total is their last total in the log. The highest total wins; equal totals share the win."

    def scores_height(self) -> float:
        return tally.height(self.seats, self.paper.inner_width, True, self.RULE) + 6

    def part(self, height: float, first: bool) -> Panel | None:
        paper, row_h = self.paper, self.ROW_H
        page = paper.page()
        left = self.full - self.next
        y = header(page, paper, f"{self.title}: move log ({self.full} moves)" + ("" if first else " (continued)"),
                   "m starts at 0. Circle add or mod, write c and the new m. "
                   "mod: the mover scores the new m; total: the mover's running total." if first else "")
        room = paper.top + height - y
        rows_here = -(-left // 2)  # rows per column that would finish the log on this part
        per_col = min(int(room // row_h) - 1, rows_here)
        if left and per_col < min(8, rows_here):
            return None
        if per_col == rows_here >= 8 and y + (per_col + 1) * row_h + 8 + self.scores_height() - 6 > paper.top + height:
            per_col -= 4  # the final scores would stand alone on the next page: the last rows go with them
        widths = log_widths(self.col_w)
        bottom = y
        for col in range(2):
            take = min(per_col, self.full - self.next)
            if take <= 0:
                break
            page.add(log_table(paper.left + self.INSET + col * (self.col_w + self.GAP), y, widths, self.next, take,
                               row_h, self.seats))
            self.next += take
            bottom = y + (per_col + 1) * row_h
        if self.next < self.full:
            return panel(page, paper, bottom + 1, self.sheet)
        if bottom + 8 + self.scores_height() - 6 > paper.top + height:  # the final scores on the next part
            if left:
                return panel(page, paper, bottom + 1, self.sheet)
        self.final_scores(page, bottom + 8)
        self.done = True
        return panel(page, paper, bottom + 8 + self.scores_height() - 6, self.sheet)

    def final_scores(self, page: Page, y: float) -> None:
        items, _ = tally.strip(self.seats, self.paper.inner_width, True, self.RULE)
        page.add(moved(items, self.paper.left, y - 4))


# ---------------------------------------------------------------- the rule sheet


def figure(name: str, width: float) -> tuple[list[Item], float]:
    if name != "example":
        raise KeyError(name)
    res = Results.from_dict({"game": ID, "players": ["Ann", "Ben"], "n": 5, "moves": EXAMPLE})
    rows = replay(res, Report.empty(ID, res.names))
    widths = log_widths(88)
    items = log_table(0.3, 0, widths, 0, len(rows), 6.5, res.seats(), rows)
    x = sum(widths) + 6
    y = 4.0
    for line in EXAMPLE_NOTES:
        for part in wrap(line, width - x, 8.5):
            items.append(Text(x, y, part, 8.5))
            y += 8.5 * PT * 1.3
        y += 1.2
    return items, max(6.5 * (len(rows) + 1), y) + 2


EXAMPLE = ["Ann add 4 = 4", "Ben add 3 = 7", "Ann mod 5 = 2", "Ben mod 4 = 2", "Ann add 5 = 7", "Ben mod 3 = 1"]
EXAMPLE_NOTES = [
    "Ann and Ben play with n = 5. m starts at 0.",
    "1. Ann adds 4: m = 0 + 4 = 4.  2. Ben adds 3: m = 7.",
    "3. Ann plays 5 from her mod pile: 7 mod 5 = 2. m = 2 and Ann scores 2.",
    "4. Ben plays mod 4: 2 mod 4 = 2 (4 is bigger than m, so m stays). Ben scores 2.",
    "5. Ann adds 5: m = 7.  6. Ben plays mod 3: 7 mod 3 = 1; Ben scores 1 and leads 3 to 2.",
    "Ann has now used 4 and 5 from her add pile and 5 from her mod pile; they are crossed off.",
]

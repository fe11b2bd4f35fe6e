"""Selling Knives Door-to-Door: the turn log, one short row a turn (a draw: the card; a claim: the
roads and the cards spent), so that the paper record is the replay record.  The same rows are drawn
on the printed log and, filled in, on the entry page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...draw import GREY, PT, Item, Lines, Page, Pen, Text, fit_text, text_width
from ...sheet import MISTAKE_COLOR, Player, header
from ... import names

if TYPE_CHECKING:
    from ...sheet import Paper

ROW_H = 6.5  # room to write a card or a road by hand
GAP = 4.0  # between the two columns of rows
HEADS = ("turn", "player", "draws", "or claims: roads, then cards")


@dataclass(frozen=True)
class Row:
    """One turn as written on the log: its number, the player, and what they wrote."""

    turn: int
    player: Player
    draw: str = ""
    claim: str = ""
    problem: str = ""  # why the replay rejects it (drawn on the page, in the mistake colour)


def widths(width: float, seats: list[Player] = ()) -> list[float]:
    """Column widths of one column of rows ``width`` wide: turn, player, draws, claims; the player's column
    wide enough for every name whole, on two lines at the least (``names.label``)."""
    turn, player, draw = 8.0, min(22.0, max(15.0, width * 0.17)), 10.0
    for s in seats:
        parts = names.two_lines(s.name) or (s.name,)
        need = max(text_width(p, names.MIN_TEXT) for p in parts) + 6.2
        player = max(player, min(need, width * 0.4))
    return [turn, player, draw, width - turn - player - draw]


def rows_table(x: float, y: float, width: float, rows: list[Row], size: float = 7.5,
               row_h: float = ROW_H) -> list[Item]:
    """A ruled table of turn rows from (x, y): the header row, then one row a turn.  Rows taller than
    one and a half printed ones (the entry page's, a finger's height) give a turn's problem a line of its own."""
    two = row_h > 1.5 * ROW_H
    ws = widths(width, [r.player for r in rows])
    n = len(rows) + 1
    segs = [(x, y + r * row_h, x + width, y + r * row_h) for r in range(n + 1)]
    cx = x
    for w in [0.0, *ws]:
        cx += w
        segs.append((cx, y, cx, y + n * row_h))
    items: list[Item] = [Lines(tuple(segs), Pen(width=0.25))]
    cx = x
    base = row_h / 2 + size * PT * 0.35
    for w, head in zip(ws, HEADS):
        items.append(Text(cx + 1.2, y + base, fit_text(head, w - 2, size, True), size, bold=True))
        cx += w
    for i, row in enumerate(rows):
        ry = y + (i + 1) * row_h
        items.append(Text(x + ws[0] - 1.2, ry + base, str(row.turn), 7, "end", color=GREY))
        p = row.player
        items += p.badge(x + ws[0] + 2.4, ry + row_h / 2, 2.6)
        items += names.label(p.name, x + ws[0] + 4.6, ry + base, ws[1] - 5.6, size, color=p.color, height=row_h)
        left = x + ws[0] + ws[1]
        lift = 2.2 if two and row.problem else 0.0
        if row.draw:
            items.append(Text(left + ws[2] / 2, ry + base - lift, row.draw, 9, "middle", True))
        if lift:  # the claim on the row's first line, the problem on its second
            items.append(Text(left + ws[2] + 1.2, ry + base - lift, fit_text(row.claim, ws[3] - 2, 8.5), 8.5))
            items.append(Text(left + ws[2] + 1.2, ry + base + 2.8, fit_text(row.problem, ws[3] - 2.4, 7), 7,
                              color=MISTAKE_COLOR))
        elif row.claim or row.problem:
            cell = ws[3] - 2
            claim = fit_text(row.claim, cell * (0.55 if row.problem else 1), 8.5)
            items.append(Text(left + ws[2] + 1.2, ry + base, claim, 8.5))
            if row.problem:
                used = cell * 0.55 if row.claim else 0
                items.append(Text(left + ws[2] + ws[3] - 1, ry + base, fit_text(row.problem, cell - used - 2, 7),
                                  7, "end", color=MISTAKE_COLOR))
    return items


def estimated_turns(kcount: int, players: int) -> int:
    """Turns a game usually takes (simulated play at this count: most games end sooner)."""
    roads = kcount * (kcount - 1) // 2
    return math.ceil(roads * kcount / 7.5 * 1.3) + 3 * players


def expected_turns(kcount: int | str, players: int) -> int:
    """The rows a log is printed for: ``estimated_turns`` at the kit's kcount; for a kcount drawn at the
    table, its mean over the seven counts the draw gives alike (8 to 14), a long game going on overleaf."""
    if kcount == "draw":
        return math.ceil(sum(estimated_turns(k, players) for k in range(8, 15)) / 7)
    return estimated_turns(kcount, players)


RULE = "Count each player's roads on the road checklist. The most roads wins; equal counts share the win."


def log_pages(paper: Paper, seats: list[Player], title: str, need: int) -> list[Page]:
    """The printed turn log: numbered rows in seat order, two columns a page, and a box for long claims,
    whole pages for at least ``need`` turns; the last page ends with the tally and the winner."""
    from ... import tally
    from ...draw import moved

    width = (paper.inner_width - GAP) / 2
    strip, strip_h = tally.strip(seats, paper.inner_width, True, RULE)
    pages: list[Page] = []
    turn = 1
    last = False
    while not last:
        page = paper.page()
        y = header(page, paper, f"{title}: turn log" + (f" (turns from {turn})" if turn > 1 else ""),
                   "One row a turn, in seat order: a draw, write the card; a claim, the roads then the cards "
                   "(3-4 5-6  A 6 4); or 'pass'.")
        long_h = 3 * ROW_H + 5
        per_col = int((paper.bottom - 5 - long_h - 3 - y) // ROW_H) - 1
        end_col = per_col - math.ceil((strip_h + 9) / ROW_H)  # rows a column keeps above the tally
        last = turn - 1 + 2 * end_col >= need
        if last:
            per_col = end_col
        for col in range(2):
            rows = [Row(t, seats[(t - 1) % len(seats)]) for t in range(turn, turn + per_col)]
            page.add(rows_table(paper.left + 0.2 + col * (width + GAP), y, width - 0.4, rows))
            turn += per_col
        ly = y + (per_col + 1) * ROW_H + 4.5
        page.add(Text(paper.left, ly, "Long claims: a claim too long for its row goes on here, with its turn "
                                      "number (write 'below' in its row).", 7.5, bold=True))
        lx = paper.left + 0.2
        segs = [(lx, ly + 1.5 + r * ROW_H, paper.right - 0.2, ly + 1.5 + r * ROW_H) for r in range(4)]
        segs += [(x, ly + 1.5, x, ly + 1.5 + 3 * ROW_H) for x in (lx, lx + 10, paper.right - 0.2)]
        page.add(Lines(tuple(segs), Pen(width=0.25)))
        for r in range(3):
            page.add(Text(lx + 11.5, ly + 1.5 + r * ROW_H + ROW_H / 2 + 7 * PT * 0.35, "roads, then cards", 7,
                          color=GREY))
        if last:
            sy = ly + 1.5 + 3 * ROW_H + 5
            page.add(Text(paper.left, sy, f"A longer game goes on overleaf: number the rows on from {turn}.", 7.5,
                          color=GREY))
            page.add(moved(strip, paper.left, sy + 3))
        pages.append(page)
    return pages

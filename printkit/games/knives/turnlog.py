"""Selling Knives Door-to-Door: the turn log, one short row a turn (a draw: the card; a claim: the
roads and the cards spent), so that the paper record is the replay record.  The same rows are drawn
on the printed log and, filled in, on the entry page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...draw import GREY, PT, Item, Lines, Page, Pen, Text, fit_text
from ...sheet import MISTAKE_COLOR, Player, header

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


def widths(width: float) -> list[float]:
    """Column widths of one column of rows ``width`` wide: turn, player, draws, claims."""
    turn, player, draw = 8.0, min(22.0, max(15.0, width * 0.17)), 10.0
    return [turn, player, draw, width - turn - player - draw]


def rows_table(x: float, y: float, width: float, rows: list[Row], size: float = 7.5) -> list[Item]:
    """A ruled table of turn rows from (x, y): the header row, then one row a turn."""
    ws = widths(width)
    n = len(rows) + 1
    segs = [(x, y + r * ROW_H, x + width, y + r * ROW_H) for r in range(n + 1)]
    cx = x
    for w in [0.0, *ws]:
        cx += w
        segs.append((cx, y, cx, y + n * ROW_H))
    items: list[Item] = [Lines(tuple(segs), Pen(width=0.25))]
    cx = x
    base = ROW_H / 2 + size * PT * 0.35
    for w, head in zip(ws, HEADS):
        items.append(Text(cx + 1.2, y + base, fit_text(head, w - 2, size, True), size, bold=True))
        cx += w
    for i, row in enumerate(rows):
        ry = y + (i + 1) * ROW_H
        items.append(Text(x + ws[0] - 1.2, ry + base, str(row.turn), 7, "end", color=GREY))
        p = row.player
        items += p.badge(x + ws[0] + 2.4, ry + ROW_H / 2, 2.6)
        items.append(Text(x + ws[0] + 4.6, ry + base, fit_text(p.name, ws[1] - 5.6, size), size, color=p.color))
        left = x + ws[0] + ws[1]
        if row.draw:
            items.append(Text(left + ws[2] / 2, ry + base, row.draw, 9, "middle", True))
        if row.claim or row.problem:
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


def log_pages(paper: Paper, seats: list[Player], title: str, kcount: int, note: str = "") -> list[Page]:
    """The printed turn log: numbered rows in seat order, two columns a page, and a box for long claims."""
    width = (paper.inner_width - GAP) / 2
    need = estimated_turns(kcount, len(seats))
    pages: list[Page] = []
    turn = 1
    while turn <= need:
        page = paper.page()
        y = header(page, paper, f"{title}: turn log" + (f" (turns from {turn})" if turn > 1 else ""),
                   "One row a turn, in seat order: a draw, write the card; a claim, the roads then the cards "
                   "(3-4 5-6  A 6 4); or 'pass'.")
        long_h = 3 * ROW_H + 5
        per_col = int((paper.bottom - 5 - long_h - 3 - y) // ROW_H) - 1
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
        pages.append(page)
    if note:
        last = pages[-1]
        last.add(Text(paper.left, paper.bottom - 4, fit_text(note, paper.inner_width - 60, 7), 7, color=GREY))
    return pages

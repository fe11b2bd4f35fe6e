"""The end of a game on paper: each player's total, the winner and a line for ties, as a strip that every
game's score sheet ends with, so that a table can finish a game with nothing but the kit."""

from __future__ import annotations

from .draw import GREY, Item, Lines, Pen, Rect, Text, text_width, wrap
from . import names
from .sheet import MIN_TEXT, Player

HEAD = "End of the game"
LINE = 6.5  # a line to write on
BOX_W, BOX_H = 18.0, 8.0  # a player's total
SLOT_ROOM = 8.0 + BOX_W  # a slot's badge, gaps and box, beside the name


def per_line(seats: list[Player], width: float) -> int:
    """How many players' totals go on one line: at most four, each name whole at 7 pt or more."""
    widest = max(text_width(s.name, MIN_TEXT) for s in seats)
    return max(1, min(4, len(seats), int(width // (widest + SLOT_ROOM))))


def height(seats: list[Player], width: float, totals: bool = True, rule: str = "") -> float:
    return strip(seats, width, totals, rule)[1]


def strip(seats: list[Player], width: float, totals: bool = True, rule: str = "") -> tuple[list[Item], float]:
    """The strip from (0, 0), ``width`` wide, and its height: a heading (with ``rule``, how the game is won),
    a box for each player's total (``totals``; a table that has a total column leaves them out), the winner's
    line and the line for a tie."""
    items: list[Item] = [Lines(((0, 0, width, 0),), Pen(width=0.4))]
    y = 0.0
    for k, line in enumerate(wrap(f"{HEAD}. {rule}".strip(), width, 9)):
        y += 4.6
        items.append(Text(0, y, line, 9, bold=k == 0 or not rule))
    if totals:
        n = per_line(seats, width)
        slot = width / n
        widest = max(text_width(s.name, 9) for s in seats)
        box_x = min(slot - BOX_W - 3, 5 + widest + 4)  # beside the names, at the same place in every slot
        for k, seat in enumerate(seats):
            r, c = divmod(k, n)
            x, by = c * slot, y + 2.5 + r * (BOX_H + 2)
            items += seat.badge(x + 2.2, by + BOX_H / 2, 3.2)
            items += names.label(seat.name, x + 5, by + BOX_H / 2 + 9 * 0.35 * 0.3528, box_x - 6, 9, color=seat.color,
                                 height=BOX_H)
            items.append(Rect(x + box_x, by, BOX_W, BOX_H, Pen(seat.color, 0.5, seat.dash)))
        y += 2.5 + -(-len(seats) // n) * (BOX_H + 2) - 2
    for label in ("Winner:", "Tied for the win (they share it):"):
        y += LINE + 1.5
        w = text_width(label, 9, True)
        items.append(Text(0, y, label, 9, bold=True))
        items.append(Lines(((w + 2, y + 0.6, width, y + 0.6),), Pen(GREY, 0.3)))
    return items, y + 1.5

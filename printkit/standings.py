"""The evening's standings sheet: the players down the side, the games of the night across (numbered, with
a key), a box in each game's column for its winner and the night's total at the end of each row.

A kit of several games prints it blank, to fill in at the table; ``printkit score`` of an evening draws it
filled in (``filled``).  Black and grey only, so it prints the same in greyscale; names whole.
"""

from __future__ import annotations

from .draw import GREY, LIGHT, moved, PT, THIN, Lines, Page, Pen, Rect, Text, fit_text, text_width, wrap
from .names import label
from .sheet import NEXT_GAME, Paper, Panel, header, pack

NAME_W = 42.0  # the names' column
TOTAL_W = 24.0  # the night's total
COL_W = 13.0  # one game's column: a box for its winner
ROW_H = 9.0
INSET = 0.3  # half the widest rule, and a little
HEAD_H = 8.0
KEY_SIZE = 8.0
TITLE = "The evening's standings"
HOW = ("After each game, tick its winner's box in the game's column; on a tie, tick every winner: they share "
       "the game. A game not finished stays empty. At the end of the night add up each row: the most games "
       "won takes the evening.")


def pages(paper: Paper, title: str, games: list[str], players: list[str], filled: dict | None = None,
          who: list[list[str]] | None = None) -> list[Page]:
    """The standings sheet for ``games`` (their names in play order) and ``players``; ``who``: each game's
    players, where not everyone plays every game (a player's cell in a game they are not in has no box).
    ``filled``: what to
    write in it, ``{"cells": {(player, game index): text}, "totals": {player: text}, "winners": [...],
    "states": [a word per game, or "" when it counts]}``."""
    page = paper.page()
    y = header(page, paper, f"{TITLE}: {title}" if title else TITLE)
    for line in wrap(HOW, paper.inner_width, 9):
        y += 9 * PT * 1.3
        page.add(Text(paper.left, y, line, 9))
    blocks: list = [Panel(page.items, y - paper.top, "standings")] + _key(paper, games, filled)
    per_band = max(1, int((paper.inner_width - NAME_W - TOTAL_W) // COL_W))
    per_part = max(1, int((paper.bottom - paper.top - 30 - HEAD_H) // ROW_H))
    bands = [list(range(i, min(i + per_band, len(games)))) for i in range(0, len(games), per_band)]
    for b, cols in enumerate(bands):
        for r in range(0, len(players), per_part):
            blocks.append(_band(paper, cols, players[r:r + per_part], filled, b == len(bands) - 1, who))
    last, verdict = blocks[-1], _verdict(paper, filled)  # the winner's line goes with the last rows, never alone
    blocks[-1] = Panel(last.items + moved(verdict.items, 0, last.height + 4), last.height + 4 + verdict.height,
                       "standings")
    in_order = [x for b in blocks for x in (NEXT_GAME, b)][1:]  # never back onto an earlier page: in order
    return pack(paper, [], in_order)


def _key(paper: Paper, games: list[str], filled: dict | None, per_panel: int = 20) -> list[Panel]:
    """The games of the night, numbered as the columns, two to a line where they fit."""
    half = paper.inner_width / 2
    two = all(text_width(g, KEY_SIZE) < half - 10 for g in games)
    states = (filled or {}).get("states") or [""] * len(games)
    lines = []
    for i, name in enumerate(games):
        text = f"{name} ({states[i]})" if states[i] else name
        if two and i % 2:
            lines[-1].append((i, text))
        else:
            lines.append([(i, text)])
    out = []
    for start in range(0, len(lines), per_panel):
        items: list = []
        y = paper.top
        for line in lines[start:start + per_panel]:
            y += KEY_SIZE * PT * 1.6
            for col, (i, text) in enumerate(line):
                x = paper.left + col * half
                items.append(Text(x, y, str(i + 1), KEY_SIZE, bold=True))
                items.append(Text(x + 6, y, fit_text(text, (half if two else paper.inner_width) - 8, KEY_SIZE),
                                  KEY_SIZE, color=GREY if states[i] else (0, 0, 0)))
        out.append(Panel(items, y + 1 - paper.top, "standings"))
    return out


def _band(paper: Paper, cols: list[int], players: list[str], filled: dict | None, last: bool,
          who: list[list[str]] | None) -> Panel:
    x0, y0 = paper.left + INSET, paper.top + INSET  # the rules' ink stays inside the margin
    widths = [NAME_W] + [COL_W] * len(cols) + ([TOTAL_W] if last else [])
    right = x0 + sum(widths)
    height = HEAD_H + ROW_H * len(players)
    segs = [(x0, y0, right, y0)] + [(x0, y0 + HEAD_H + r * ROW_H, right, y0 + HEAD_H + r * ROW_H)
                                    for r in range(len(players) + 1)]
    x = x0
    for w in [0.0, *widths]:
        x += w
        segs.append((x, y0, x, y0 + height))
    items: list = [Lines(tuple(segs), Pen(width=0.3))]
    base = y0 + HEAD_H / 2 + KEY_SIZE * PT * 0.35
    items.append(Text(x0 + 2, base, "Players", KEY_SIZE, bold=True))
    for k, g in enumerate(cols):
        items.append(Text(x0 + NAME_W + (k + 0.5) * COL_W, base, f"Game {g + 1}" if COL_W > 12 else str(g + 1),
                          7, "middle", True))
    if last:
        items.append(Text(right - TOTAL_W / 2, base, "Games won", KEY_SIZE, "middle", True))
    cells = (filled or {}).get("cells", {})
    totals = (filled or {}).get("totals", {})
    states = (filled or {}).get("states", [])
    for r, name in enumerate(players):
        top = y0 + HEAD_H + r * ROW_H
        mid = top + ROW_H / 2 + 10 * PT * 0.35
        items += label(name, x0 + 2, mid, NAME_W - 4, 10, height=ROW_H - 1)
        for k, g in enumerate(cols):
            cx = x0 + NAME_W + k * COL_W
            if who is not None and name not in who[g]:  # not in this game: no box, a grey bar
                items.append(Rect(cx + 1, top + 1, COL_W - 2, ROW_H - 2, None, LIGHT))
                continue
            text = cells.get((name, g))
            if text:  # filled in: the winner's share, where the tick would go
                items.append(Text(cx + COL_W / 2, top + ROW_H / 2 + 10 * PT * 0.35, text, 10, "middle", True))
            elif filled is not None and g < len(states) and states[g]:  # a game not counted: a grey dash
                items.append(Lines(((cx + 3, top + ROW_H / 2, cx + COL_W - 3, top + ROW_H / 2),), Pen(GREY, 0.3)))
            elif filled is None:  # blank, to fill in: a box to tick
                items.append(Rect(cx + COL_W / 2 - 2.5, top + ROW_H / 2 - 2.5, 5, 5, THIN))
        if last and name in totals:
            items.append(Text(right - TOTAL_W / 2, mid, totals[name], 10, "middle", True))
    return Panel(items, height + 2 * INSET, "standings")


def _verdict(paper: Paper, filled: dict | None) -> Panel:
    y = paper.top + 8
    items: list = [Text(paper.left, y, "Winner of the evening:", 11, bold=True)]
    line_x = paper.left + 48
    items.append(Lines(((line_x, y + 1.2, paper.right, y + 1.2),), THIN))
    win = (filled or {}).get("winners")
    if win:
        items.append(Text(line_x + 2, y, ", ".join(win), 11, bold=True))
    elif filled is not None:
        items.append(Text(line_x + 2, y, "none yet", 11, color=GREY))
    return Panel(items, 10, "standings")

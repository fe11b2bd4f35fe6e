"""The Long Way on the entry page: each store's 7x7 sheet drawn as printed (the picture's drawing: tiles,
displays, walls, doorways, entrance and exit, cafeterias) with the shoppers' scored walk in the player's
colour, the displays' key, the walk and the turn log below it (as wide as the store: a phone held upright
shows it whole), and a place to point at on every space (``Ann:C3``), on every side of every
space (``Ann:C3 N``: a thin band just inside C3 along its north side, where C3's own wall is drawn) and on
every turn row (``turn:Ann:3``); plus the text boxes in the results file's own syntax."""

from __future__ import annotations

from functools import lru_cache
from ...draw import Hit, Lines, Page, Pen, Text, fit_text, hit_grid, hit_line, moved, wrap
from ...model import player_named
from ...coords import coord
from ...report import Report
from ...sheet import LABEL_ROOM, Paper
from .path import Floor, Walk, walk
from .spaces import N, SPACES, rc
from .record import edge_ref, square_ref, turn_ref
from .score import floor_of, describe_walk
from .drawing import GREYTEXT, display_symbol, draw_floor, draw_walk
from .tiles import SIDES, tileset
from .model import Config, Results


CELL = 14.0  # a space on screen, in the drawing's millimetres (the page scales the sheet to its width)
BAND = 0.28  # how deep into a space its side's band reaches, a share of the space: the rest is the square
CORNER = BAND * 1.2  # where a side's band starts and ends, a share of the space from its corner (the square's)
ROW_H = CELL  # a turn log's row: a finger's height on a phone, upright or on its side (as a space is)
# the page keeps room for a whole game's walk and turn log from the first turn on: a sheet that grew with
# each line would push everything below it down under the players' fingers (the bot's games take at most
# 21 turns; a longer log shows its newest TURN_ROOM in the same room, every turn in the text box)
WALK_ROOM, TURN_ROOM = 5, 24


def _stores(res: "Results") -> dict[str, tuple[Floor, Walk]]:
    out = {}
    for p in res.names:
        b = floor_of(res.sheets[p])
        out[p] = (b, walk(b))
    return out


def hits(player: str, x: float, y: float, cell: float = CELL) -> list[Hit]:
    """Every space as a box, then every side of it as a band inside the space along that side (on top).
    The bands stop short of the corners, which belong to the square, so a drag along a side does not
    catch the crossing side."""
    out: list[Hit] = []
    for s in range(SPACES):
        r, c = rc(s)
        out.append(Hit(square_ref(player, s), x + c * cell, y + r * cell, cell, cell, "square"))
    bw, end = cell * BAND, cell * BAND * 1.2  # (CORNER)
    for s in range(SPACES):
        r, c = rc(s)
        px, py = x + c * cell, y + r * cell
        lines = {"N": (px + end, py + bw / 2, px + cell - end, py + bw / 2),
                 "S": (px + end, py + cell - bw / 2, px + cell - end, py + cell - bw / 2),
                 "W": (px + bw / 2, py + end, px + bw / 2, py + cell - end),
                 "E": (px + cell - bw / 2, py + end, px + cell - bw / 2, py + cell - end)}
        out += [hit_line(edge_ref(player, s, side), *lines[side], bw, "edge") for side in SIDES]
    out.append(hit_grid(f"grid:{player}", x, y, N * cell, N * cell, N, N))
    return out


def board(res: "Results", report: Report, paper: Paper) -> list[Page]:
    stores = _stores(res)
    pages = []
    for seat in res.seats():
        b, w = stores[seat.name]
        sheet = res.sheets[seat.name]
        items: list = []
        score = report.scores.get(seat.name, w.score)
        out = " (disqualified)" if seat.name in report.disqualified else ""
        items += seat.badge(2.2, 4.2, 4.2)
        items.append(Text(6, 6, fit_text(f"{seat.name}'s store: score {score}{out}", N * CELL + LABEL_ROOM - 3, 12, True),
                          12, bold=True, color=seat.color))
        gx, gy = LABEL_ROOM + 2, 10 + LABEL_ROOM
        items += draw_floor(b, gx, gy, CELL)
        items += draw_walk(w, gx, gy, CELL, Pen(seat.color, 0.8, seat.dash, round=True), b)
        # below the store, as wide as it, so that the sheet fits a phone held upright with every space 44 px
        # to a finger: the displays' key, the walk, the turn log in two columns
        wide = N * CELL
        x, y = gx, gy + N * CELL + 5
        items.append(Text(x, y + 2, "Displays", 9, bold=True))
        names = tileset().displays
        for f in range(1, 7):
            cx, cy = x + ((f - 1) % 3) * (wide / 3), y + 4 + ((f - 1) // 3) * 7
            items += display_symbol(f, cx + 2.8, cy + 2.8, 4.6, Pen(width=0.4))
            items.append(Text(cx + 6.6, cy + 4, fit_text(f"{f} {names[f].name}", wide / 3 - 7, 8), 8))
        y += 4 + 2 * 7 + 4
        per = TURN_ROOM // 2  # rows in a column of the turn log
        items.append(Text(x, y, "The walk", 9, bold=True))
        y += 4
        walk_top = y
        lines = [describe_walk(w, b)] + [f"{'' if k == 0 else 'then '}to {leg.goal}: {leg.value:+d}"
                                         for k, leg in enumerate(w.legs)]
        for ln in lines:
            for part in wrap(ln, wide - 1, 7.5):
                items.append(Text(x, y, part, 7.5, color=GREYTEXT))
                y += 3.3
        y = max(y, walk_top + WALK_ROOM * 3.3) + 3  # the log starts where a whole game's walk ends: it stays put
        turns = sheet.turns or []
        first = max(0, len(turns) - TURN_ROOM)  # a longer log: its newest TURN_ROOM rows, in the same room
        title = "Turn log" if sheet.turns is not None else "Turn log (optional)"
        if first:
            title = f"Turn log: the newest {TURN_ROOM} of {len(turns)} turns (every turn in the text box)"
        items.append(Text(x, y, fit_text(title, wide, 9, True), 9, bold=True))
        y += 1.5
        room = y + per * ROW_H + 0.6
        col = (wide - 4) / 2
        rows: list[Hit] = []
        for k, text in enumerate(turns[first:]):
            i = first + k + 1
            rx, ry = x + (k // per) * (col + 4), y + (k % per) * ROW_H
            items.append(Text(rx + 5, ry + ROW_H / 2 + 1.3, str(i), 7.5, "end", color=GREYTEXT))
            items.append(Text(rx + 7, ry + ROW_H / 2 + 1.4, fit_text(text, col - 8, 8), 8))
            items.append(Lines(((rx, ry + ROW_H, rx + col, ry + ROW_H),), Pen(GREYTEXT, 0.15)))
            rows.append(Hit(turn_ref(seat.name, i), rx, ry, col, ROW_H, "row"))
        items += hits(seat.name, gx, gy) + rows
        height = max(y + 4, room + 4)
        page = Page(gx + wide + 3, height + 2)
        page.add(moved(items, 1, 1))
        pages.append(page)
    return pages


@lru_cache(maxsize=1)
def pen_pictures() -> dict[str, str]:
    """Each mark a square can hold as the print draws it (empty, tile space, displays 1-6, cafeterias), as a
    small SVG for the pen buttons."""
    from ...writers import svg

    size = 7.0
    out = {}
    for mark in (".", "o", "1", "2", "3", "4", "5", "6", "C1", "C2"):
        page = Page(size, size)
        grid = ["."] * SPACES
        grid[0] = mark
        page.add(draw_floor(Floor(grid), 0.2, 0.2, size - 0.4, labels=False))
        out[mark] = svg.render(page).decode("utf-8").split("?>", 1)[-1].strip()
    return out


def board_info(res: "Results", report: Report) -> dict:
    """What page.js needs beside the sheets: the players, the displays' names and pictures (for the pen
    buttons), the turn count per store, and what each store still lacks to be walked (its entrance, its
    exit), and how its sides' bands are drawn (``band``, ``corner``).  Everything else it reads from the
    results document itself."""
    return {"band": BAND, "corner": CORNER, "players": list(res.names), "displays": {f: d.name for f, d in tileset().displays.items()},
            "pens": pen_pictures(), "turns": {p: len(res.sheets[p].turns or []) for p in res.names},
            "missing": {p: [d for d in ("entrance", "exit") if not getattr(res.sheets[p], d)] for p in res.names}}


def editors(cfg: "Config") -> list[dict]:
    """Per player: entrance, exit, the 7x7 grid, walls and (optional) turn lines."""
    out: list[dict] = []
    for name in cfg.names:
        out += [
            {"path": ["sheets", name, "entrance"], "label": f"{name}: entrance", "kind": "text", "hint": "D1 W"},
            {"path": ["sheets", name, "exit"], "label": f"{name}: exit", "kind": "text", "hint": "D7 E"},
            {"path": ["sheets", name, "grid"], "label": f"{name}: store (7 rows of 7: . o 1-6 C1 C2)", "kind": "grid",
             "rows": 7},
            {"path": ["sheets", name, "walls"], "label": f"{name}: walls (space and side, * for a doorway)",
             "kind": "list", "hint": "B2 N, B2 E*"},
            {"path": ["sheets", name, "turns"], "label": f"{name}: turns (optional, one a line)", "kind": "lines",
             "hint": "15 B2 5@B3", "optional": True},
        ]
    return out


ANSWERS: dict = {}  # no questions to ask about a record yet


def places(res: Results) -> list[str]:
    """Every space with something on it (``Ann:C3``) and every wall and doorway (``Ann:C3 N``), the
    entrance and exit included."""
    out = []
    for player in res.names:
        b = floor_of(res.sheets[player])
        out += [square_ref(player, s) for s in range(SPACES) if b.grid[s] != "."]
        out += [edge_ref(player, s, side) for s, side in [*b.walls, b.entrance, b.exit]]
    return out


def ref_of(res: Results, path: tuple) -> str | None:
    """A store's grid (``grid:Ann``), or a row of its turn log (``turn:Ann:3``)."""
    name = _named(res, path[1]) if path[:1] == ("sheets",) and len(path) > 1 else None
    if name is None:
        return None
    if len(path) > 3 and path[2] == "turns" and isinstance(path[3], int):
        return turn_ref(name, path[3] + 1)
    return f"grid:{name}"


def _named(res: Results, key) -> str | None:
    try:
        return player_named(key, res.players)
    except ValueError:
        return None


def said(path: tuple) -> str | None:
    """A part as players say it: "Ann's store", "Ann's store, A6", "Ann's walls", "Ann's turn 3"."""
    if path[:1] != ("sheets",) or len(path) < 2:
        return None
    who = f"{path[1]}'s"
    rest = path[2:]
    if not rest or rest[0] == "grid":
        square = f", {coord(rest[1], rest[2])}" if len(rest) == 3 and all(isinstance(p, int) for p in rest[1:]) else ""
        return f"{who} store{square}"
    if rest[0] == "turns":
        return f"{who} turn {rest[1] + 1}" if len(rest) > 1 and isinstance(rest[1], int) else f"{who} turns"
    if rest[0] == "walls":
        return f"{who} wall {rest[1] + 1}" if len(rest) > 1 and isinstance(rest[1], int) else f"{who} walls"
    return f"{who} {rest[0]}"

"""Add/Residue on the entry page: each player's piles with the numbers played crossed off, the move log
with m after every move, and while the game goes on a place on every open number of every player's piles
(``move:Ben:add K`` / ``move:Ben:mod K``: a tap there is Ben's move, whoever the page last showed to move);
rows of the log are ``row:N``."""

from __future__ import annotations

from typing import Any

from ...draw import Hit, Lines, Page, Pen, Text, hit_grid, moved
from ...report import Report
from ...sheet import Paper
from .record import total_moves
from .score import replay
from .sheets import PILE_BOX, log_table, log_widths, pile_box, pile_panel, pile_row
from .model import Config, Results


WIDTH = 125.0  # a pile panel on screen, in the drawing's millimetres: two rows of numbers, big enough to tap
ROW_H = 6.5


def _state(res: "Results") -> tuple[list, str | None, dict[tuple[str, str], set[int]]]:
    """The replayed rows, who moves next (None once the log is full) and the numbers each pile has played."""
    rows = replay(res, Report("add-residue", res.names, {p: 0 for p in res.names}))
    used: dict[tuple[str, str], set[int]] = {(p, pile): set() for p in res.names for pile in ("add", "mod")}
    for row in rows:
        used[(row.played.player, row.played.pile)].add(row.played.c)
    names = res.names
    mover = None
    if len(rows) < total_moves(res.n, len(names)):
        mover = names[0] if not rows else names[(names.index(rows[-1].played.player) + 1) % len(names)]
    return rows, mover, used


def board(res: "Results", report: Report, paper: Paper) -> list[Page]:
    rows, mover, used = _state(res)
    seats = res.seats()
    pages: list[Page] = []
    for seat in seats:
        items, h = pile_panel(seat, res.n, WIDTH, res.title or "Add/Residue")
        cross = Pen(seat.color, 0.7, (), True)
        # both piles as one grid of their numbers' boxes (its rows: the piles' rows, the gap between the piles
        # shared among them), with the piles' names left of it: a sheet panned sideways on a phone keeps
        # ADD pile and MOD pile in view, as the row letters of a grid are (nothing above it to ride down)
        per_row = pile_row(res.n, WIDTH)
        x, top, _ = pile_box(res.n, WIDTH, "add", 1)
        bottom = pile_box(res.n, WIDTH, "mod", res.n)[1] + PILE_BOX
        rows_of = -(-res.n // per_row)
        items.append(hit_grid(f"grid:{seat.name}:piles", x, top, per_row * PILE_BOX, bottom - top, 2 * rows_of,
                              per_row))
        for pile in ("add", "mod"):
            for c in range(1, res.n + 1):
                x, y, side = pile_box(res.n, WIDTH, pile, c)
                if c in used[(seat.name, pile)]:
                    items.append(Lines(((x + 1, y + 1, x + side - 1, y + side - 1),
                                        (x + 1, y + side - 1, x + side - 1, y + 1)), cross))
                elif mover is not None:  # every player's open numbers: a tap on Ben's pile is Ben's move
                    items.append(Hit(f"move:{seat.name}:{pile} {c}", x, y, side, side, "move"))
        if seat.name == mover:
            m = rows[-1].after if rows else 0
            items.append(Text(WIDTH, h + 4, f"{seat.name} to move: m is {m}. Pick a number from a pile.", 9, "end",
                              True, seat.color))
        page = Page(WIDTH + 8, h + 10)
        page.add(moved(items, 4, 4))
        pages.append(page)
    widths = log_widths(WIDTH - 30)
    full = sum(widths) + 30
    # every row of the log from the start, the ones still to play blank as on paper: a move played fills a
    # row and never makes the log taller (the scores below it moved under the finger with each row added)
    total = max(total_moves(res.n, len(seats)), len(rows))
    log = Page(full + 8, (total + 1) * ROW_H + 14)
    log.add(Text(4, 6, f"Move log: {len(rows)} of {total_moves(res.n, len(seats))} moves", 11, bold=True))
    items = log_table(0, 0, widths, 0, total, ROW_H, seats, rows, remark_w=30)
    items += [Hit(f"row:{i + 1}", 0, (i + 1) * ROW_H, full, ROW_H, "row") for i in range(len(rows))]
    log.add(moved(items, 4, 9))
    return pages + [log]


def board_info(res: "Results", report: Report) -> dict:
    rows, mover, used = _state(res)
    return {"to_move": mover, "m": rows[-1].after if rows else 0, "moves": len(rows),
            "of": total_moves(res.n, len(res.names)), "n": res.n}


def editors(cfg: "Config") -> list[dict]:
    a, b = cfg.names[0], cfg.names[1]
    return [{"path": ["moves"], "label": "Move log (one move a line; '= m' if you like)", "kind": "lines",
             "rows": 8, "hint": f"{a} add 3\n{b} mod 2 = 1"}]


def review(res: "Results", params: dict[str, str]) -> dict[str, Any]:
    """``how did we play?``: each move's cost against perfect play, as ``solve add-residue`` reviews it."""
    from .review import review as run_review

    if len(res.names) != 2:
        return {"error": f"the exact review is for two players; this game has {len(res.names)}"}
    report = Report("add-residue", res.names, {p: 0 for p in res.names})
    replay(res, report)
    broken = [v for v in report.violations if v.rule != "arithmetic"]
    if broken:
        return {"error": f"{broken[0].where}: {broken[0].message}; a review needs a legal log"}
    moves, info = run_review(res, 24 if res.n <= 6 else 20)
    return {"moves": [{"index": r.index, "player": r.player, "move": r.move, "loss": r.loss, "best": r.best}
                      for r in moves],
            "first": info["first"], "value": info["start_value"]}


ANSWERS = {"review": review}  # questions the page may ask (POST /api/answer/NAME)


def places(res: Results) -> list[str]:
    """Every move, as its row of the move log (``row:3``)."""
    return [f"row:{i + 1}" for i in range(len(res.moves))]


def ref_of(res: Results, path: tuple) -> str | None:
    """A row of the move log (``row:5``)."""
    return f"row:{path[1] + 1}" if path[:1] == ("moves",) and len(path) > 1 and isinstance(path[1], int) else None


def said(path: tuple) -> str | None:
    """A line of the move log as players say it: "move 8"."""
    if path[:1] == ("moves",):
        return f"move {path[1] + 1}" if len(path) > 1 and isinstance(path[1], int) else "the move log"
    return None

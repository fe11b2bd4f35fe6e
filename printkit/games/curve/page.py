"""Within The Curve on the entry page: each owner's curve drawn on its grid (``curve:NAME:C3``) and every
fill on a copy of it (``fill:FILLER:OWNER:C3``), drawn as the picture draws them; mistakes are left to the
page's marks (so that they can stay hidden until Check), and the solver's best fill is one question away."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from ...draw import Hit, Page, Pen, Polyline, Rect, Text, fit_size, hit_grid, hit_line, moved
from ...model import player_named
from ...report import Report
from ...sheet import Paper, Player
from ...coords import coord
from . import geometry as geo
from .picture import draw_fill
from .score import Curve, check, check_fill, read_curve
from .sheets import TOP_ROOM, label_room
from .sheets import grid as grid_items
from .model import ID, Config, Results


CELL = 8.0  # a square on screen, in the drawing's millimetres (the page scales it)


def path_of(curve: Curve, n: int) -> list[tuple[int, int]] | None:
    """The squares of a curve in drawing order: its route, or an open line as numbered or walked from an end;
    None where the marks do not make one line (a branch)."""
    if curve.route:
        return curve.route
    squares = curve.squares
    if not squares:
        return []
    numbered = {sq: curve.grid[sq[0]][sq[1]] for sq in squares}
    if all(isinstance(v, int) for v in numbered.values()):
        return sorted(squares, key=lambda sq: numbered[sq])
    ends = [sq for sq in sorted(squares) if sum(q in squares for q in geo.neighbours(sq, n)) == 1]
    path = [ends[0] if ends else min(squares)]
    while True:
        nxt = [q for q in geo.neighbours(path[-1], n) if q in squares and q not in path]
        if len(nxt) != 1:
            break
        path.append(nxt[0])
    return path if len(path) == len(squares) else None


def _panel(title: str, color, n: int) -> tuple[Page, float, float]:
    lab = label_room(n, CELL)
    page = Page(lab + n * CELL + 6, TOP_ROOM + n * CELL + 14)
    text, size = fit_size(title, page.width - 4, 11, 7, True)  # smaller before it is cut short
    page.add(Text(2, 6, text, size, bold=True, color=color))
    return page, lab + 2, 9 + TOP_ROOM


def board(res: "Results", report: Report, paper: Paper) -> list[Page]:
    """Each curve, then each player's fills; a sheet is built again only when its curve or fill changed."""
    seats = {p.name: p for p in res.seats()}
    n = res.n
    key = {owner: _key(res.curves[owner]) for owner in res.names}
    pages = [_curve_page(n, owner, key[owner], seats[owner]) for owner in res.names]
    for player in res.names:
        for owner in res.names:
            pages.append(_fill_page(n, player, owner, key[owner], _key(res.fills[player][owner]), seats[player],
                                    seats[owner]))
    return pages


def _key(grid) -> tuple:
    return tuple(tuple(row) for row in grid)


@lru_cache(maxsize=256)
def _curve_page(n: int, owner: str, grid: tuple, seat: Player) -> Page:
    cv = read_curve(owner, [list(row) for row in grid], n)
    state = (f"closed, {len(cv.route)} squares, {len(cv.inside)} inside" if cv.route else
             "not drawn yet" if not cv.squares else "not closed yet")
    page, x, y = _panel(f"{owner}'s curve: {state}", seat.color, n)
    items = [Rect(c * CELL, r * CELL, CELL, CELL, None, (0.9, 0.9, 0.9)) for r, c in sorted(cv.inside)]
    items += grid_items(0, 0, n, CELL)
    path = path_of(cv, n)
    pen = Pen(seat.color, 1.0, seat.dash, not seat.dash)
    if path and len(path) > 1:
        pts = tuple(((c + 0.5) * CELL, (r + 0.5) * CELL) for r, c in path)
        items.append(Polyline(pts, pen, None, bool(cv.route)))
    for r, c in sorted(cv.squares):
        items.append(Rect(c * CELL + 2.6, r * CELL + 2.6, CELL - 5.2, CELL - 5.2, None, seat.color))
    items += [Hit(f"curve:{owner}:{coord(r, c)}", c * CELL, r * CELL, CELL, CELL, "square")
              for r in range(n) for c in range(n)]
    items.append(hit_grid(f"grid:curve:{owner}", 0, 0, n * CELL, n * CELL, n, n))
    page.add(moved(items, x, y))
    return page


@lru_cache(maxsize=512)
def _fill_page(n: int, player: str, owner: str, curve: tuple, fill: tuple, filler: Player, seat: Player) -> Page:
    cv = read_curve(owner, [list(row) for row in curve], n)
    f = check_fill(cv, player, [list(row) for row in fill], n, Report.empty(ID, [player]))
    name = "own curve" if owner == player else f"{owner}'s curve"
    state = f"top {f.top}" if cv.route else "waiting for the curve"
    page, x, y = _panel(f"{player}'s fill of {name}: {state}", filler.color, n)
    shown = replace(f, bad=set(), pairs=[])  # mistakes are the page's marks: they can be hidden
    items = draw_fill(n, CELL, replace(cv, problems=[]), shown, seat.color, seat.dash)
    ref = f"fill:{player}:{owner}:"
    items += [Hit(ref + coord(r, c), c * CELL, r * CELL, CELL, CELL, "square") for r in range(n) for c in range(n)]
    items.append(hit_grid(f"grid:fill:{player}:{owner}", 0, 0, n * CELL, n * CELL, n, n))
    items += [hit_line(f"{ref}{coord(*a)}|{coord(*b)}", (a[1] + 0.5) * CELL, (a[0] + 0.5) * CELL,
                       (b[1] + 0.5) * CELL, (b[0] + 0.5) * CELL, 1.2, "pair") for a, b in f.pairs]
    page.add(moved(items, x, y))
    return page


def board_info(res: "Results", report: Report) -> dict:
    curves, fills = check(res, Report.empty(ID, res.names))
    info: dict[str, Any] = {"n": res.n, "curves": {}, "fills": {}}
    for owner, cv in curves.items():
        path = path_of(cv, res.n)
        info["curves"][owner] = {"path": None if path is None else [coord(*sq) for sq in path],
                                 "squares": [coord(*sq) for sq in sorted(cv.squares)],
                                 "closed": bool(cv.route), "inside": [coord(*sq) for sq in sorted(cv.inside)]}
    for f in fills:
        info["fills"].setdefault(f.player, {})[f.owner] = {"next": f.top + 1, "top": f.top}
    return info


def editors(cfg: "Config") -> list[dict]:
    rows = min(cfg.n, 14)
    out = [{"path": ["curves", name], "label": f"{name}'s curve (its squares numbered 1, 2, 3, ... along it, or '#' on each; '.' elsewhere)", "kind": "grid",
            "rows": rows} for name in cfg.names]
    out += [{"path": ["fills", filler, owner], "label": f"{filler}'s fill of {owner}'s curve", "kind": "grid",
             "rows": rows} for filler in cfg.names for owner in cfg.names]
    return out


QUICK, LONGER = 2.0, 20.0  # seconds the solver gets for the first answer, and when asked to keep looking


def best(res: "Results", params: dict[str, str]) -> dict:
    """The solver's best fill of one owner's curve, beside a filler's own: "your 11, best 14, proven".
    The first answer comes within QUICK seconds (the best found so far and a bound); asked again with
    ``longer`` it keeps looking for up to LONGER seconds."""
    from ...writers import svg
    from .solver import solve

    owner = params.get("owner", "")
    if owner not in res.names:
        return {"error": f"no curve of '{owner}' in this game"}
    curves, fills = check(res, Report.empty(ID, res.names))
    cv = curves[owner]
    if not cv.route:
        return {"error": f"{owner}'s curve is not closed yet: the solver needs a closed curve"}
    longer = bool(params.get("longer"))
    sol = solve(cv.route, res.n, time_limit=LONGER if longer else QUICK)
    tops = {f.player: f.top for f in fills if f.owner == owner}
    proof = "proven" if sol.proven else f"no fill can go past {sol.bound}"
    text = ", ".join(f"{p}'s {t}" for p, t in tops.items()) + f"; best {sol.best}, {proof}"
    values = geo.curve_values(cv.route, sol.start, sol.direction)
    grid_rows = [[None] * res.n for _ in range(res.n)]
    for (r, c), v in {**values, **sol.fill}.items():
        grid_rows[r][c] = v
    shown = check_fill(cv, "solver", grid_rows, res.n, Report.empty(ID, ["solver"]))
    seat = {p.name: p for p in res.seats()}[owner]
    page, x, y = _panel(f"Best fill of {owner}'s curve: {sol.best}" + (" (proven)" if sol.proven else ""),
                        seat.color, res.n)
    page.add(moved(draw_fill(res.n, CELL, cv, replace(shown, could=None), seat.color, seat.dash), x, y))
    return {"text": text, "best": sol.best, "bound": sol.bound, "proven": sol.proven, "tops": tops, "longer": longer,
            "limit": LONGER if longer else QUICK, "seconds": round(sol.seconds, 2), "svg": svg.render(page).decode("utf-8")}


ANSWERS = {"best": best}  # questions the page may ask (POST /api/answer/NAME)


def places(res: Results) -> list[str]:
    """Every square marked on a curve (``curve:Ann:C3``) and every square written on in a fill
    (``fill:Ben:Ann:C3``)."""
    out = [f"curve:{owner}:{coord(r, c)}" for owner in res.names
           for r, row in enumerate(res.curves[owner]) for c, x in enumerate(row) if x is not None]
    out += [f"fill:{player}:{owner}:{coord(r, c)}" for player in res.names for owner in res.names
            for r, row in enumerate(res.fills[player][owner]) for c, x in enumerate(row) if x is not None]
    return out


def ref_of(res: Results, path: tuple) -> str | None:
    """A curve's grid (``grid:curve:Ann``) or a fill's (``grid:fill:Ben:Ann``)."""
    names = [_named(res, k) for k in path[1:3]]
    if path[:1] == ("curves",) and len(path) > 1 and names[0]:
        return f"grid:curve:{names[0]}"
    if path[:1] == ("fills",) and len(path) > 2 and None not in names:
        return f"grid:fill:{names[0]}:{names[1]}"
    return None


def _named(res: Results, key) -> str | None:
    try:
        return player_named(key, res.players)
    except ValueError:
        return None


def said(path: tuple) -> str | None:
    """A part as players say it: "Ann's curve", "Ann's fill of Ben's curve", "..., B3" for one square."""
    square = f", {coord(path[-2], path[-1])}" if len(path) >= 2 and all(isinstance(p, int) for p in path[-2:]) else ""
    if path[:1] == ("curves",) and len(path) > 1:
        return f"{path[1]}'s curve{square}"
    if path[:1] == ("fills",) and len(path) > 2:
        return f"{path[1]}'s fill of {path[2]}'s curve{square}"
    if path[:1] == ("fills",) and len(path) == 2:
        return f"{path[1]}'s fills"
    return None

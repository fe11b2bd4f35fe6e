"""``printkit solve curve FILE``: the best fill of each curve in a results file or a curve-only file,
from the solver, printed as text or JSON.  OR-Tools is imported only when solving, so loading the
game to score a results file stays quick.
"""

from __future__ import annotations

import json
from typing import Optional

import typer

from ... import limits
from ...coords import coord
from . import geometry as geo
from .geometry import Square
from . import solver


def load_curves(path: str, only: str | None) -> tuple[int, list[tuple[str, list[Square]]], list[str]]:
    """(n, [(owner, route)], problems) from a results file or a curve-only file."""
    from ...inputs import InputError, load, suggest
    from ...registry import game_of
    from ...validation import validate
    from .model import CurveFile, CurvesOnly
    from .score import read_curve

    doc = load(path)
    data = doc.data
    if game_of(doc, "curve") != "curve":
        raise doc.error(("game",), f"a {data['game']} results file; solve curve reads curve files")
    if "curve" in data:
        cf = validate(CurveFile, doc)
        grids = {cf.title or "the": cf.curve}
        n = cf.n
    else:
        res = validate(CurvesOnly, doc)
        grids, n = res.curves, res.n
    if only is not None:
        if only not in grids:
            raise InputError("command line", f"no curve of '{only}' in {path}{suggest(only, grids)}", key="--curve")
        grids = {only: grids[only]}
    out, problems = [], []
    for owner, grid in grids.items():
        cv = read_curve(owner, grid, n)
        if cv.route is None:
            problems += [f"{owner}'s curve: {p.message}" for p in cv.problems]
        else:
            out.append((owner, cv.route))
    return n, out, problems


def describe(owner: str, route: list[Square], n: int, sol: solver.Solution) -> dict:
    L = len(route)
    values = geo.curve_values(route, sol.start, sol.direction)
    grid = [["." for _ in range(n)] for _ in range(n)]
    for (r, c), v in values.items():
        grid[r][c] = str(v)
    for (r, c), v in sol.fill.items():
        grid[r][c] = str(v)
    width = max(len(t) for row in grid for t in row)
    return {
        "curve": owner,
        "squares": L,
        "inside": len(geo.interior(route, n)),
        "start": coord(*route[sol.start]),
        "next": coord(*route[(sol.start + sol.direction) % L]),
        "best": sol.best,
        "bound": sol.bound,
        "proven": sol.proven,
        "fill": [" ".join(t.rjust(width) for t in row) for row in grid],
    }


def solve(
    file: str = typer.Argument(..., help="A results file (every curve in it) or a curve-only file "
                                        "(game: curve, n: ..., curve: | ...)"),
    curve: Optional[str] = typer.Option(None, "--curve", help="Only this player's curve (results files)"),
    time_limit: float = typer.Option(10.0, "--time-limit", callback=limits.seconds_option(0.1, 600),
                                     help="Seconds per curve (0.1 to 600)"),
    workers: int = typer.Option(1, "--workers", min=1, max=64,
                                help="Solver threads (1: the same fill every run; more may show another, equally good)"),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object"),
) -> None:
    """Best start, direction and inside fill for each curve, with an upper bound (proven best when they meet)."""
    n, routes, problems = load_curves(file, curve)
    results = []
    seconds = {}
    for owner, route in routes:
        sol = solver.solve(route, n, time_limit, workers)
        results.append(describe(owner, route, n, sol))
        seconds[owner] = round(sol.seconds, 2)
    if as_json:  # the wall-clock seconds apart, so that the rest is the same on every run
        typer.echo(json.dumps({"game": "curve", "n": n, "curves": results, "problems": problems,
                               "timing": {"seconds": seconds}}, indent=2))
    else:
        for p in problems:
            typer.echo(f"{p} (not solved)")
        for r in results:
            who = "The curve" if r["curve"] == "the" else f"{r['curve']}'s curve"
            verdict = "proven best" if r["proven"] else f"not proven within {time_limit:g} s"
            typer.echo(f"{who}: {r['squares']} squares, {r['inside']} inside")
            typer.echo(f"  start 1 at {r['start']}, 2 at {r['next']}; top number {r['best']}, "
                       f"upper bound {r['bound']}: {verdict} ({seconds[r['curve']]:.2f} s)")
            for row in r["fill"]:
                typer.echo("    " + row)
    if problems:
        raise typer.Exit(1)

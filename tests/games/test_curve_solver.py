"""Within The Curve solver: its proofs against exhaustive search, its fills against the scorer, the CLI."""

from __future__ import annotations

import json
import random

import pytest
import yaml

from printkit.games.curve import geometry as geo
from printkit.games.curve import solver
from printkit.games.curve.game import Curve, check_fill
from printkit.game import Report


def tiny_curves(count: int, seed: int, max_inside: int = 5, thin: bool = False):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.randint(5, 8) if thin else rng.randint(4, 7)
        route = geo.random_curve(n, rng.randint(1, max_inside), rng, thin=thin)
        if len(geo.interior(route, n)) <= max_inside:
            out.append((n, route))
    return out


def fill_grid(route, n, sol):
    written = geo.curve_values(route, sol.start, sol.direction)
    written.update(sol.fill)
    return [[written.get((r, c)) for c in range(n)] for r in range(n)]


def scored(route, n, grid):
    curve = Curve("Ann", grid, route, geo.interior(route, n), [])
    report = Report("curve", ["Ann"], {"Ann": 0})
    return check_fill(curve, "Ann", grid, n, report), report


@pytest.mark.parametrize("seed,thin", [(0, False), (1, False), (2, False), (3, True), (4, True), (5, True)])
def test_cp_sat_matches_exhaustive_search_on_tiny_interiors(seed, thin):
    for n, route in tiny_curves(8, seed, thin=thin):
        truth = solver.exhaustive(route, n)
        sol = solver.solve(route, n, time_limit=20, workers=1)
        assert sol.proven and sol.best == sol.bound == truth.best, (route, truth, sol)


def test_exhaustive_search_is_itself_right_on_the_ring():
    # the 4-square inside of the ring: with 1 at B4 towards B3 all four fill (rule sheet example B)
    ring = geo.outline({(i, j) for i in range(1, 4) for j in range(1, 4)})
    assert solver.exhaustive(ring, 6).best == 4
    # a curve round a single square: 1 always fits
    square = geo.outline({(0, 0), (0, 1), (1, 0), (1, 1)})
    assert len(geo.interior(square, 4)) == 1 and solver.exhaustive(square, 4).best == 1


def test_a_curve_where_not_everything_fits_is_proven_below_its_size():
    # find a tiny curve whose inside cannot be filled completely: the bound must say so
    for n, route in tiny_curves(60, 11, max_inside=6):
        truth = solver.exhaustive(route, n)
        if truth.best < len(geo.interior(route, n)):
            sol = solver.solve(route, n, time_limit=20, workers=1)
            assert sol.proven and sol.bound == truth.best < len(geo.interior(route, n))
            return
    pytest.fail("no tiny curve with an unfillable inside in the sample")


def test_solver_fills_pass_the_scorer():
    rng = random.Random(5)
    for _ in range(6):
        n = 10
        route = geo.random_curve(n, rng.randint(5, 25), rng)
        sol = solver.solve(route, n, time_limit=20, workers=2)
        assert 0 <= sol.best <= sol.bound <= len(geo.interior(route, n))
        fill, report = scored(route, n, fill_grid(route, n, sol))
        assert report.violations == [] and fill.top == sol.best
        assert fill.could is None or not sol.proven  # a proven best cannot be extended


def test_greedy_is_a_valid_lower_bound():
    rng = random.Random(9)
    for _ in range(5):
        route = geo.random_curve(9, rng.randint(3, 20), rng)
        g = solver.greedy(route, 9)
        fill, report = scored(route, 9, fill_grid(route, 9, g))
        assert report.violations == [] and fill.top == g.best
        assert g.best <= solver.solve(route, 9, time_limit=20).best


def test_no_inside_gives_zero():
    thin = geo.outline({(0, 0), (0, 1), (0, 2)})  # a 2-square-wide loop: nothing inside
    sol = solver.solve(thin, 5)
    assert sol.best == sol.bound == 0 and sol.proven


RING = """
. . . . . .
. # # # # .
. # . . # .
. # . . # .
. # # # # .
. . . . . .
"""


def test_cli_solve_curve_file(write, printkit):
    path = write("c.yaml", yaml.safe_dump({"game": "curve", "n": 6, "curve": RING}))
    run = printkit("solve", "curve", path, "--json", "--time-limit", "10")
    assert run.code == 0, run.err
    data = json.loads(run.out)["curves"][0]
    assert data["best"] == data["bound"] == 4 and data["proven"] and data["inside"] == 4 and data["squares"] == 12
    # the proposed fill, typed into a results file, scores 4 with no mistakes
    fill = "\n".join(data["fill"])
    res = write("r.yaml", yaml.safe_dump({"game": "curve", "players": ["Ann"], "n": 6, "curves": {"Ann": RING},
                                          "fills": {"Ann": {"Ann": fill}}}))
    scored_run = printkit("score", res, "--json")
    assert scored_run.code == 0 and json.loads(scored_run.out)["players"][0]["score"] == 4
    text = printkit("solve", "curve", path)
    assert text.code == 0 and "proven best" in text.out and "upper bound 4" in text.out


def test_cli_solve_results_file_and_errors(write, printkit):
    small = "# # # . . .\n# . # . . .\n# # # . . .\n" + ". . . . . .\n" * 3
    doc = {"game": "curve", "players": ["Ann", "Ben"], "n": 6, "curves": {"Ann": RING, "Ben": small}}
    path = write("r.yaml", yaml.safe_dump(doc))
    run = printkit("solve", "curve", path, "--json")
    assert run.code == 0, run.err
    got = {c["curve"]: (c["best"], c["proven"]) for c in json.loads(run.out)["curves"]}
    assert got == {"Ann": (4, True), "Ben": (1, True)}
    one = printkit("solve", "curve", path, "--curve", "Ben", "--json")
    assert [c["curve"] for c in json.loads(one.out)["curves"]] == ["Ben"]
    bad = printkit("solve", "curve", path, "--curve", "Bem")
    assert bad.code == 2 and "did you mean 'Ben'" in bad.err
    broken = write("b.yaml", yaml.safe_dump({"game": "curve", "n": 6, "curve": small.replace("# . #", "# . .")}))
    run = printkit("solve", "curve", broken)
    assert run.code == 1 and "not solved" in run.out
    missing = printkit("solve", "curve", "nope.yaml")
    assert missing.code == 2 and "no such file" in missing.err


def test_one_worker_gives_the_same_fill_every_run():
    """The default (one worker) is reproducible: twelve mid-sized curves, each solved twice, agree exactly."""
    rng = random.Random(4)
    for _ in range(12):
        route = geo.random_curve(10, rng.randint(8, 24), rng, thin=rng.random() < 0.5)
        a, b = solver.solve(route, 10, time_limit=20), solver.solve(route, 10, time_limit=20)
        assert a.proven and b.proven
        assert (a.best, a.start, a.direction, a.fill) == (b.best, b.start, b.direction, b.fill)


def test_played_curve_example_solves_the_same_twice(printkit):
    """Through the command line: the same file, the same answer, word for word (timings aside)."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "played-curve.yaml"
    runs = [json.loads(printkit("solve", "curve", path, "--json").out) for _ in range(2)]
    for r in runs:
        for c in r["curves"]:
            c.pop("seconds")
    assert runs[0] == runs[1] and all(c["proven"] for c in runs[0]["curves"])

"""Within The Curve solver: its proofs against exhaustive search, its fills against the scorer."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from searches import examples  # a few seconds a search; PRINTKIT_SEARCH=long for more

from printkit.games.curve import geometry as geo
from printkit.games.curve import bounds, search, solver
from printkit.games.curve.score import Curve, check_fill
from printkit.report import Report


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


def test_one_worker_gives_the_same_fill_every_run():
    """The default (one worker) is reproducible: twelve mid-sized curves, each solved twice, agree exactly."""
    rng = random.Random(4)
    for _ in range(12):
        route = geo.random_curve(10, rng.randint(8, 24), rng, thin=rng.random() < 0.5)
        a, b = solver.solve(route, 10, time_limit=20), solver.solve(route, 10, time_limit=20)
        assert a.proven and b.proven
        assert (a.best, a.start, a.direction, a.fill) == (b.best, b.start, b.direction, b.fill)


# ---------------------------------------------------------------- bounds (issue 17)


def test_the_bound_is_never_below_the_best_fill_found():
    """On mid-sized curves, with little time (so some stay open): 0 <= best <= bound <= inside, and the
    bound is never below a full fill the min-conflicts search finds given all the time it wants."""
    import time

    rng = random.Random(17)
    for _ in range(6):
        n = 14
        route = geo.random_curve(n, rng.randint(30, 60), rng, thin=rng.random() < 0.4)
        inside = sorted(geo.interior(route, n))
        sol = solver.solve(route, n, time_limit=1.0)
        assert 0 <= sol.best <= sol.bound <= len(inside)
        fill, report = scored(route, n, fill_grid(route, n, sol))
        assert report.violations == [] and fill.top == sol.best
        options = solver._numberings(route, inside, n, bounds.primes_upto(len(inside)))
        full = search.find_fill(route, inside, n, options, len(inside), time.perf_counter() + 5)
        if full is not None:
            assert sol.bound == len(inside)
        per_numbering = bounds.option_bounds(route, inside, n, options, time.perf_counter() + 60)
        assert max(per_numbering) >= sol.best


def test_bounds_per_numbering_are_never_below_the_truth_on_tiny_curves():
    import time

    for n, route in tiny_curves(20, 23, max_inside=6) + tiny_curves(10, 24, max_inside=6, thin=True):
        inside = sorted(geo.interior(route, n))
        truth = solver.exhaustive(route, n).best
        options = solver._numberings(route, inside, n, bounds.primes_upto(len(inside)))
        assert max(bounds.option_bounds(route, inside, n, options, time.perf_counter() + 60)) >= truth


def test_full_fills_pass_the_scorer():
    import time

    rng = random.Random(8)
    for _ in range(4):
        n = 12
        route = geo.random_curve(n, rng.randint(20, 40), rng)
        inside = sorted(geo.interior(route, n))
        options = solver._numberings(route, inside, n, bounds.primes_upto(len(inside)))
        found = search.find_fill(route, inside, n, options, len(inside), time.perf_counter() + 10)
        if found is None:
            continue
        s, d, fill = found
        sol = solver.Solution(len(inside), len(inside), s, d, fill)
        checked, report = scored(route, n, fill_grid(route, n, sol))
        assert report.violations == [] and checked.top == len(inside)



# ---------------------------------------------------------------- the joint bound of 2 and 3 (issue 28)


def test_joint_counts_split_one_to_k_into_four_kinds():
    from printkit.games.curve.joint import counts

    for k in range(0, 40):
        nums = range(1, k + 1)
        assert counts(k) == [len([j for j in nums if j % 2 and j % 3]),
                             len([j for j in nums if not j % 2 and j % 3]),
                             len([j for j in nums if j % 2 and not j % 3]),
                             len([j for j in nums if not j % 6])]


def test_joint_bound_is_never_below_the_truth_on_tiny_curves():
    import time
    from printkit.games.curve.joint import joint_bounds

    for n, route in tiny_curves(20, 31, max_inside=6) + tiny_curves(12, 32, max_inside=6, thin=True):
        inside = sorted(geo.interior(route, n))
        truth = solver.exhaustive(route, n).best
        options = solver._numberings(route, inside, n, bounds.primes_upto(len(inside)))
        ubs = [len(inside)] * len(options)
        assert max(joint_bounds(inside, n, options, ubs, 0, time.perf_counter() + 60)) >= truth


def test_joint_bound_proves_a_corridor_the_older_bounds_leave_open():
    """A 30 x 30 corridor of 42 inside squares: every numbering's matching and room bounds allow 42, but
    the evens and the multiples of 3 cannot all be placed together, so 41 (found) is the best."""
    import time
    from printkit.games.curve.joint import joint_bounds, possible

    rng = random.Random(1)
    route = None
    while route is None:
        r = geo.random_curve(30, rng.randint(8, 225), rng, thin=True)
        if 1 <= len(geo.interior(r, 30)) <= 225:
            route = r
    inside = sorted(geo.interior(route, 30))
    assert len(inside) == 42
    options = solver._numberings(route, inside, 30, bounds.primes_upto(42))
    ubs = bounds.option_bounds(route, inside, 30, options, time.perf_counter() + 60)
    assert max(ubs) == 42
    assert max(joint_bounds(inside, 30, options, ubs, 41, time.perf_counter() + 60)) == 41
    key = frozenset(fp for fp in options[ubs.index(42)][2] if fp[1] in (2, 3))
    assert possible(inside, 30, key, 41, 5.0)  # 41 itself is not ruled out
    sol = solver.solve(route, 30, time_limit=20)  # proven within 5 s on a quiet machine; room for a busy one
    assert sol.proven and sol.best == sol.bound == 41


def test_the_multiples_of_3_bound_is_tight_where_the_matching_is_not():
    """A corridor where every number finds a square its curve neighbours allow, yet the multiples of 3
    (no two side by side, none beside a curve multiple of 3) cannot all fit: the bound is the true best."""
    import time

    n = 7
    route = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 4), (1, 5), (2, 5), (3, 5), (3, 4), (4, 4), (4, 5), (5, 5),
             (6, 5), (6, 4), (6, 3), (6, 2), (6, 1), (5, 1), (4, 1), (4, 2), (3, 2), (2, 2), (2, 1), (1, 1)]
    inside = sorted(geo.interior(route, n))
    options = solver._numberings(route, inside, n, bounds.primes_upto(len(inside)))
    truth = solver.exhaustive(route, n).best
    assert max(bounds.matching_bound(inside, f, len(inside)) for _, _, f in options) == len(inside) > truth
    assert max(bounds.option_bounds(route, inside, n, options, time.perf_counter() + 60)) == truth


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10_000), thin=st.booleans(), floor=st.integers(0, 8))
def test_bounds_never_cut_below_the_truth_whatever_the_floor(seed, thin, floor):
    """Per numbering, with or without a fill already found (``floor``): a bound above the floor is the
    same as without one, and the largest is never below the brute-force best."""
    import time

    [(n, route)] = tiny_curves(1, seed, max_inside=7, thin=thin)
    inside = sorted(geo.interior(route, n))
    options = solver._numberings(route, inside, n, bounds.primes_upto(len(inside)))
    plain = bounds.option_bounds(route, inside, n, options, time.perf_counter() + 60)
    floored = bounds.option_bounds(route, inside, n, options, time.perf_counter() + 60, floor)
    assert all(f >= p and (f == p or f <= floor) for p, f in zip(plain, floored))
    assert max(plain) >= solver.exhaustive(route, n).best


def test_fills_short_of_the_inside_are_found_and_never_claimed_past_the_best():
    """The search for a fill of 1..top: at the brute-force best it finds one that passes the scorer; one
    higher it never claims a fill."""
    import time

    found = 0
    for n, route in tiny_curves(12, 31, max_inside=7, thin=True):
        inside = sorted(geo.interior(route, n))
        truth = solver.exhaustive(route, n).best
        options = solver._numberings(route, inside, n, bounds.primes_upto(len(inside)))
        if truth < len(inside):
            assert search.find_fill(route, inside, n, options, truth + 1, time.perf_counter() + 2) is None
        got = search.find_fill(route, inside, n, options, truth, time.perf_counter() + 5)
        if got is not None:
            found += 1
            sol = solver.Solution(truth, truth, *got)
            checked, report = scored(route, n, fill_grid(route, n, sol))
            assert report.violations == [] and checked.top == truth
    assert found >= 10


# ---------------------------------------------------------------- crowded evens (issue 28)


@settings(max_examples=examples(60), deadline=None)
@given(st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=50))
def test_the_largest_set_of_squares_none_side_by_side_is_as_large_as_the_count_says(squares):
    chosen = bounds.independent_set(squares, 8)
    assert chosen <= squares
    assert not any(q in chosen for v in chosen for q in geo.neighbours(v, 8))
    assert len(chosen) == bounds.max_independent(squares, 8)


def rectangle(rows: int, cols: int):
    """A curve round a rows x cols block of squares, two squares in from the edge of the grid."""
    n = max(rows, cols) + 4
    return n, geo.outline({(r, c) for r in range(2, rows + 2) for c in range(2, cols + 2)})


def test_a_big_inside_whose_evens_need_every_square_of_one_colour_is_filled():
    """On this rectangle the evens fit only on one colour of the grid's squares, each one of them taken:
    swaps that scatter the evens never find a full fill (ten seconds were not enough); kept on their
    squares from the start, they do at once, and the solver proves it best."""
    import time

    n, route = rectangle(13, 14)
    inside = sorted(geo.interior(route, n))
    assert max(bounds.room_for_evens(route, inside, n)) == len(inside) // 2
    options = solver._numberings(route, inside, n, bounds.primes_upto(len(inside)))
    found = search.find_fill(route, inside, n, options, len(inside), time.perf_counter() + 10)
    assert found is not None
    s, d, fill = found
    checked, report = scored(route, n, fill_grid(route, n, solver.Solution(len(inside), len(inside), s, d, fill)))
    assert report.violations == [] and checked.top == len(inside)
    evens = bounds.independent_set(bounds.even_ok(route, inside, n)[s % 2], n)
    assert all(v in evens for v, x in fill.items() if x % 2 == 0)
    sol = solver.solve(route, n, time_limit=20)
    assert sol.proven and sol.best == len(inside)

"""Within The Curve geometry: routes round the ring and the pocket, interiors, random curves."""

from __future__ import annotations

import random

from curve_helpers import RING, pocket_text, route_of

from printkit.games.curve import geometry as geo
from printkit.coords import coord, parse_coord


def test_ring_route_and_interior():
    route, problems = route_of(RING, 6)
    assert problems == []
    assert len(route) == 12
    assert {coord(*s) for s in geo.interior(route, 6)} == {"C3", "C4", "D3", "D4"}


def test_pocket_by_route_numbers():
    text = pocket_text()
    route, problems = route_of(text, 7)
    assert problems == [] and len(route) == 34
    inside = {coord(*s) for s in geo.interior(route, 7)}
    # D4's four neighbours are all curve squares, yet the curve does not go round it
    assert all(q in route for q in geo.neighbours(parse_coord("D4", 7, 7), 7))
    assert "D4" not in inside
    assert inside == {"B2", "B3", "B4", "B5", "B6", "C2", "D2", "E2", "E6", "F2", "F3", "F4", "F5", "F6"}


def test_interior_agrees_with_an_independent_point_in_polygon_test():
    from matplotlib.path import Path

    rng = random.Random(7)
    for _ in range(40):
        n = rng.randint(5, 12)
        route = geo.random_curve(n, rng.randint(1, 30), rng)
        path = Path([(c, r) for r, c in route], closed=False)
        on = set(route)
        mine = geo.interior(route, n)
        theirs = {(r, c) for r in range(n) for c in range(n) if (r, c) not in on and path.contains_point((c, r))}
        assert mine == theirs


def test_random_curves_are_closed_routes():
    rng = random.Random(3)
    for _ in range(30):
        n = rng.randint(4, 12)
        route = geo.random_curve(n, rng.randint(0, 25), rng)
        assert len(route) == len(set(route)) >= 4
        assert all(geo.adjacent(route[i], route[i - 1]) for i in range(len(route)))

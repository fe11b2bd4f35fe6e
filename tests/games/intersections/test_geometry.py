"""Making Intersections' geometry (geometry.py): crossing and overlap, dot counts, max_segments, and the
seed's minimum-segment formula checked by search with the game's own ``conflict``."""

from __future__ import annotations

import itertools

import pytest

from printkit.games.intersections.geometry import conflict, counts, max_segments
from printkit.games.intersections.record import make_seg
from printkit.coords import parse_coord


def seg(text, n=5):
    a, b = text.split("-")
    return make_seg(parse_coord(a, n, n), parse_coord(b, n, n))


# ---------------------------------------------------------------- geometry


@pytest.mark.parametrize("a,b,expected", [
    ("A3-E3", "B2-B4", ("crossing", (1, 2))),  # vertical through the middle of a horizontal
    ("A1-A5", "A3-E3", None),  # T: the vertical ends on the horizontal
    ("C1-C3", "A3-E3", None),  # the horizontal ends on the vertical
    ("A1-A3", "A3-A5", None),  # end to end in one row: one shared dot
    ("A1-A4", "A3-A5", ("overlap", (0, 2))),  # share A3-A4
    ("A1-A5", "A2-A3", ("overlap", (0, 1))),  # one inside the other
    ("B1-B4", "B1-B4", ("overlap", (1, 0))),  # the same segment twice
    ("A1-A2", "C1-C2", None),  # parallel rows
    ("A1-E1", "A2-E2", None),  # parallel columns
    ("A1-A3", "B1-E1", None),  # apart
])
def test_conflict(a, b, expected):
    assert conflict(seg(a), seg(b)) == expected
    assert conflict(seg(b), seg(a)) == expected  # symmetric


def test_counts_ends_and_passes():
    c = counts([seg("A1-A5"), seg("A3-E3")])
    assert c[(0, 0)] == 1 and c[(0, 4)] == 1  # ends
    assert c[(0, 1)] == 2  # A1-A5 passes through A2
    assert c[(0, 2)] == 3  # passes (2) + end of A3-E3 (1)
    assert c[(2, 2)] == 2


def test_max_segments():
    assert max_segments(5) == 19 and max_segments(3) == 7


# ---------------------------------------------------------------- the seed's formula, by search


def min_segments_by_search(j: int, k: int) -> int:
    """Fewest segments covering every unit edge of a j x k dot array, none crossing or overlapping.

    Each row (column) is cut into runs at a chosen set of its inner dots; every choice is tried,
    and legality is judged by the game's own ``conflict``."""
    def runs(length, cuts, make):
        if length < 2:  # a single dot: nothing to join
            return []
        stops = [0, *sorted(cuts), length - 1]
        return [make(a, b) for a, b in zip(stops, stops[1:])]

    def choices(length):
        inner = range(1, length - 1)
        return [c for r in range(len(inner) + 1) for c in itertools.combinations(inner, r)]

    best = None
    row_options = [[runs(k, cuts, lambda a, b, r=r: make_seg((r, a), (r, b))) for cuts in choices(k)] for r in range(j)]
    col_options = [[runs(j, cuts, lambda a, b, c=c: make_seg((a, c), (b, c))) for cuts in choices(j)] for c in range(k)]
    for rows in itertools.product(*row_options):
        horizontal = [s for group in rows for s in group]
        if best is not None and len(horizontal) + k >= best:
            continue
        for cols in itertools.product(*col_options):
            vertical = [s for group in cols for s in group]
            total = len(horizontal) + len(vertical)
            if best is not None and total >= best:
                continue
            if all(conflict(h, v) is None for h in horizontal for v in vertical):
                best = total
    return best


@pytest.mark.parametrize("j,k", [(j, k) for j in range(2, 5) for k in range(2, 5)])
def test_seed_minimum_segment_formula(j, k):
    """The rule sheet's figure (pytest tests/games/intersections -k minimum): jk - j - k + 4 for j, k >= 2."""
    assert min_segments_by_search(j, k) == j * k - j - k + 4


@pytest.mark.parametrize("j,k", [(1, k) for k in range(1, 6)] + [(k, 1) for k in range(2, 6)])
def test_minimum_for_a_single_row_or_column(j, k):
    """The formula holds for j, k >= 2 only: a single row of k >= 2 dots needs 1 segment (the formula gives 3),
    a single dot none; the rule sheet says so."""
    assert min_segments_by_search(j, k) == (1 if max(j, k) > 1 else 0)
    assert j * k - j - k + 4 == 3  # what the formula would wrongly give

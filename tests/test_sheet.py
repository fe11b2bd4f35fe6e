"""Paper, player styles and grid coordinates."""

from hypothesis import given, strategies as st

from printkit.sheet import MARGIN, PAPERS, paper, players
from printkit.coords import coord, parse_coord, row_index, row_label


def test_row_labels():
    assert [row_label(i) for i in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB", "AZ", "BA"]


@given(st.integers(0, 700))
def test_row_label_round_trip(i):
    assert row_index(row_label(i)) == i


@given(st.integers(0, 29), st.integers(0, 29))
def test_coord_round_trip(r, c):
    assert parse_coord(coord(r, c), 30, 30) == (r, c)


def test_parse_coord_refuses_off_grid_and_junk():
    assert parse_coord("B3", 5, 5) == (1, 2)
    assert parse_coord("b3", 5, 5) == (1, 2)
    for bad in ("F1", "A6", "A0", "3B", "", "AA", "A-1"):
        assert parse_coord(bad, 5, 5) is None, bad


def test_paper_content_box():
    for name, (w, h) in PAPERS.items():
        p = paper(name)
        assert p.right == w - MARGIN and p.bottom == h - MARGIN


def test_players_differ_by_a_second_cue_in_greyscale():
    for color in (True, False):
        seats = players([f"P{i}" for i in range(8)], color)
        assert len({s.shape for s in seats}) == 8 and len({s.dash for s in seats}) == 8
        if color:
            assert len({s.color for s in seats}) == 8

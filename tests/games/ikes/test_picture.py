"""The Long Way (ikes): the results picture (picture.py)."""

from __future__ import annotations

from ikes_helpers import TILES, results_yaml, sheet_yaml


def test_picture_marks_the_broken_square(printkit, write, tmp_path):
    grid = list(TILES)
    grid[0] = "C1 o C1 o o o o"
    from printkit.sheet import MISTAKE_COLOR

    red = "#%02x%02x%02x" % tuple(round(v * 255) for v in MISTAKE_COLOR)
    pic = tmp_path / "p.svg"
    run = printkit("score", write("r.yaml", results_yaml(sheet_yaml(grid))), "--picture", pic)
    assert run.code == 1 and "cafeteria-shape" in run.out
    assert pic.read_text().count(red) == 2  # A1 and A3 are marked
    grid[0] = "C1 C1 o o o o o"
    run = printkit("score", write("s.yaml", results_yaml(sheet_yaml(grid))), "--picture", pic)
    assert run.code == 0 and red not in pic.read_text()

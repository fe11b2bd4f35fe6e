"""Add/Residue's picture of the results (picture.py): wrong rows marked, long logs run onto more pages."""

from __future__ import annotations

from printkit.draw import Text
from add_residue_helpers import GOOD, load, results_text

from printkit.games.add_residue import GAME
from printkit.sheet import paper

# ---------------------------------------------------------------- pictures


def test_picture_marks_the_wrong_rows(printkit, write, tmp_path):
    moves = list(GOOD)
    moves[3] = "Ben mod 3 = 0"  # m is 2
    res = write("r.yaml", results_text(moves))
    pic = tmp_path / "log.svg"
    r = printkit("score", res, "--picture", pic)
    assert r.code == 1
    svg = pic.read_text()
    assert "m is 2" in svg
    assert "#d6143d" in svg  # the mistake colour
    pdf = tmp_path / "log.pdf"
    r = printkit("score", write("ok.yaml", results_text(GOOD)), "--picture", pdf)
    assert r.code == 0 and pdf.read_bytes().startswith(b"%PDF")


def test_picture_of_a_long_game_runs_onto_more_pages():
    moves = []
    for k in range(1, 14):
        moves += [f"Ann add {k}", f"Ben add {k}"]
    res = load(moves, n=13)
    pages = GAME.picture(res, GAME.score(res), paper("letter"))
    assert len(pages) >= 1
    numbers = {t.text for p in pages for t in p.items if isinstance(t, Text)}
    assert {str(i) for i in range(1, 27)} <= numbers

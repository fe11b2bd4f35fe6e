"""Add/Residue's picture of the results (picture.py): wrong rows marked, long logs run onto more pages."""

from __future__ import annotations

from printkit.draw import Text
from printkit.games.add_residue import GAME
from printkit.games.add_residue.game import Results
from printkit.inputs import parse, validate
from printkit.sheet import paper

# A complete two-player game with n = 3, worked out by hand (as in test_score.py):
#   1 Ann add 3: m 3           7 Ann mod 2: 7 mod 2 = 1, Ann +1 (3)
#   2 Ben add 2: m 5           8 Ben add 1: m 2
#   3 Ann mod 3: 5 mod 3 = 2, Ann +2    9 Ann add 1: m 3
#   4 Ben mod 3: 2 mod 3 = 2, Ben +2   10 Ben mod 1: 0, Ben +0 (2)
#   5 Ann add 2: m 4          11 Ann mod 1: 0, Ann +0 (3)
#   6 Ben add 3: m 7          12 Ben mod 2: 0 mod 2 = 0, Ben +0 (2)
GOOD = ["Ann add 3 = 3", "Ben add 2 = 5", "Ann mod 3 = 2", "Ben mod 3 = 2", "Ann add 2 = 4", "Ben add 3 = 7",
        "Ann mod 2 = 1", "Ben add 1 = 2", "Ann add 1 = 3", "Ben mod 1 = 0", "Ann mod 1 = 0", "Ben mod 2 = 0"]


def results_text(moves: list[str], players=("Ann", "Ben"), n: int = 3) -> str:
    lines = ["game: add-residue", f"players: [{', '.join(players)}]", f"n: {n}", "moves:"]
    lines += [f"  - {m}" for m in moves] if moves else ["  []"]
    return "\n".join(lines) + "\n"


def load(moves, **kw) -> Results:
    return validate(Results, parse(results_text(moves, **kw), "r.yaml"))


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

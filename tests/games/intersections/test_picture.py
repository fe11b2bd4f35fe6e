"""Making Intersections' picture of the results (picture.py): a valid game's PDF, the mistake pen in an SVG."""

from __future__ import annotations

# the two rounds of test_score.py's command-line test
RESULTS = """game: intersections
players: [Ann, Ben]
n: 5
segments: 4
rounds:
  - [A1-A5, A3-E3, C1-C3, B4-D4]
  - [A1-A4, A2-C2, C1-C4, B3-D3]
"""


def test_score_valid_exit_0_and_picture(printkit, write, tmp_path):
    r = printkit("score", write("r.yaml", RESULTS.replace("B3-D3", "B1-B2")), "--picture", tmp_path / "p.pdf")
    assert r.code == 0, r.err
    assert "Winner: Ben" in r.out  # B1-B2 ends on A2-C2 at B2: count 3, so Ben scores 3
    from pypdf import PdfReader

    assert len(PdfReader(tmp_path / "p.pdf").pages) == 1
    r = printkit("score", write("r2.yaml", RESULTS), "--picture", tmp_path / "p.svg")
    assert r.code == 1
    svg = (tmp_path / "p.svg").read_text()
    assert "#d6143d" in svg  # the offending segment is drawn with the mistake pen

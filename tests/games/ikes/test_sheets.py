"""The Long Way (ikes): the printed kit and the rule sheet's figures (sheets.py)."""

from __future__ import annotations

from printkit.games.ikes.path import walk
from printkit.games.ikes.spaces import sid


def test_kit_has_the_tile_card_and_a_sheet_per_player(printkit, tmp_path):
    from pypdf import PdfReader

    cfg = tmp_path / "k.yaml"
    cfg.write_text("game: ikes\nplayers: [Ann, Ben, Cy]\npaper: a4\n")
    run = printkit("make", cfg, "-o", tmp_path / "out")
    assert run.code == 0, run.err
    pdf = tmp_path / "out" / "k" / "kit.pdf"
    texts = [p.extract_text() for p in PdfReader(pdf).pages]
    card = [t for t in texts if "the 36 tiles" in t]
    assert len(card) == 1
    assert all(f"{light}-{dark}" in card[0] for light in range(1, 7) for dark in range(1, 7))
    for name in ("Ann", "Ben", "Cy"):
        assert sum(f"store of {name}" in t for t in texts) == 1
    first = pdf.read_bytes()
    assert printkit("make", cfg, "-o", tmp_path / "out").code == 0
    assert pdf.read_bytes() == first  # byte-identical on every run


def test_rule_sheet_worked_example():
    """The example drawn on the rule sheet, counted by hand: row G +1 (G2, G4 displays, G3 empty),
    column 6 +2 (E6, C6) rather than column 7 +1 (D7), then A5 B5 B4 B3 B2 A2 A1 +4 around the
    double wall A3|A4 whose only doorway is in A3's wall."""
    from printkit.games.ikes.figures import example_floor, figure

    b = example_floor()
    w = walk(b)
    assert [leg.value for leg in w.legs] == [1, 2, 4] and w.score == 7
    assert not b.open_between(sid(0, 2), "E")  # A3 E* and A4 W: still closed
    _, height = figure("example", 180)
    assert 80 < height < 120

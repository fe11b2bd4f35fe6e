"""Within The Curve's results picture (``score --picture``), as SVG and PDF."""

from __future__ import annotations

from curve_helpers import RING_FILL, SMALL_FILL, edit, two_player_yaml


def test_cli_picture(write, printkit, tmp_path):
    bad_fill = {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL}, "Ben": {"Ann": edit(RING_FILL, C3=2, C4=1),
                                                                      "Ben": SMALL_FILL}}
    for name in ("p.svg", "p.pdf"):
        run = printkit("score", write("bad.yaml", two_player_yaml(fills=bad_fill)), "--picture", tmp_path / name)
        assert run.code == 1 and (tmp_path / name).stat().st_size > 1000
    svg = (tmp_path / "p.svg").read_text()
    assert "Ben&apos;s fills as entered" in svg or "Ben's fills as entered" in svg

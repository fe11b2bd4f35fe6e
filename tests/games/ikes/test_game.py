"""The Long Way (ikes): the Results model (game.py): one sheet per player."""

from __future__ import annotations

from ikes_helpers import TILES, results_yaml, sheet_yaml


def test_cli_sheets_must_match_players(printkit, write):
    run = printkit("score", write("r.yaml", results_yaml(sheet_yaml(TILES), players=("Ann", "Ben"))))
    assert run.code == 2 and "no sheet for Ben" in run.err
    run = printkit("score", write("s.yaml", results_yaml(sheet_yaml(TILES, player="Anne"))))
    assert run.code == 2 and "did you mean 'Ann'" in run.err

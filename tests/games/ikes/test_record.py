"""The Long Way (ikes): the play record's syntax (record.py): doorways, grid marks, walls, turn lines, the template."""

from __future__ import annotations

import json

import pytest
import yaml
from ikes_helpers import TILES, Store, results_yaml, sheet_yaml


@pytest.mark.parametrize("bad, key, line", [
    (("D1 X", "D7 E"), "sheets.Ann.entrance", 5),
    (("D2 W", "D7 E"), "sheets.Ann.entrance", 5),
    (("D1 W", "Q7 E"), "sheets.Ann.exit", 6),
])
def test_cli_bad_doorways_exit_2(printkit, write, bad, key, line):
    text = results_yaml(sheet_yaml(TILES, entrance=bad[0], exit=bad[1]))
    run = printkit("score", write("r.yaml", text))
    assert run.code == 2 and f"r.yaml:{line}: {key}:" in run.err and "Traceback" not in run.err


def test_cli_bad_grid_mark_names_the_square(printkit, write):
    grid = list(TILES)
    grid[2] = "o o x o o o o"
    run = printkit("score", write("r.yaml", results_yaml(sheet_yaml(grid))))
    assert run.code == 2 and "sheets.Ann.grid" in run.err and "C3: 'x'" in run.err


def test_cli_short_grid_row_and_duplicate_wall_and_bad_turn(printkit, write):
    grid = list(TILES)
    grid[1] = "o o o"
    run = printkit("score", write("a.yaml", results_yaml(sheet_yaml(grid))))
    assert run.code == 2 and "row B has 3 marks" in run.err
    run = printkit("score", write("b.yaml", results_yaml(sheet_yaml(TILES, ["B2 E", "B2 E*"]))))
    assert run.code == 2 and "sheets.Ann.walls" in run.err and "listed twice" in run.err
    run = printkit("score", write("c.yaml", results_yaml(sheet_yaml(TILES, turns=["35 B2"]))))
    assert run.code == 2 and "sheets.Ann.turns[1]" in run.err and ":17:" in run.err
    run = printkit("score", write("d.yaml", results_yaml(sheet_yaml(TILES, ["H2 E"]))))
    assert run.code == 2 and "not a space of the 7x7 grid" in run.err


@pytest.mark.parametrize("turn", ["35", "35 B2 7@B3", "3 B2 5@B3", "35 B2 5@B3 +gold", "cafe A1", "35 H2 5@H2"])
def test_unreadable_turns_exit_2(printkit, write, turn):
    s = Store()
    text = yaml.safe_dump({"game": "ikes", "players": ["Ann"], "sheets": {"Ann": s.sheet([turn])}}, sort_keys=False)
    r = printkit("score", write("r.yaml", text))
    assert r.code == 2 and "sheets.Ann.turns[1]" in r.err and "Traceback" not in r.err


def test_cli_template_then_score(printkit, tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("game: ikes\nplayers: [Ann, Ben]\n")
    run = printkit("template", cfg, "-o", tmp_path / "r.yaml")
    assert run.code == 0, run.err
    run = printkit("score", tmp_path / "r.yaml", "--json")
    # issue 19: the blank stores used to score -7 each, a valid tie (exit 0); nothing is entered yet
    assert run.code == 1, run.err
    got = json.loads(run.out)
    assert [v["rule"] for v in got["violations"]] == ["empty"] and got["winners"] == []

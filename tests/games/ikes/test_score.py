"""The Long Way (ikes): the scorer (score.py): the final sheet's rules, the same roll for everyone, `printkit score`."""

from __future__ import annotations

import json

from ikes_helpers import P_S, PAIR, SOUTH, TILES, one, results_yaml, rules, sheet_yaml, two_player


# ---------------------------------------------------------------- final-sheet rules

def test_three_cafeterias_break_the_rule():
    grid = list(TILES)
    grid[0] = "C1 C1 C2 C2 C3 C3 o"
    rep = one(grid)
    assert "cafeterias" in rules(rep) and "Ann" in rep.disqualified
    grid[0] = "C1 C1 C2 C2 o o o"
    assert one(grid).valid


def test_cafeteria_must_be_two_spaces_side_by_side():
    grid = list(TILES)
    grid[0] = "C1 o C1 o o o o"
    rep = one(grid)
    assert rules(rep) == ["cafeteria-shape"] and "A1 A3" in rep.violations[0].where
    grid[0] = "C1 o o o o o o"
    grid[1] = "C1 o o o o o o"
    assert one(grid).valid


def test_entrance_and_exit_must_differ():
    rep = one(TILES, entrance="D1 W", exit="D1 W")
    assert rules(rep) == ["doorways"]
    assert one(TILES, entrance="A1 W", exit="A1 N").valid  # a corner space may hold both


# ---------------------------------------------------------------- everyone draws from the same roll

def test_everyone_uses_the_same_roll():
    line = f"{P_S} A1 {PAIR}@A1"
    assert two_player([line], [line]).valid
    other = 1 if SOUTH != 1 else 2
    rep = two_player([line], [f"{PAIR}{other} A1 {PAIR}@A1"])
    same = [v for v in rep.violations if v.rule == "same-roll"]
    assert len(same) == 1 and same[0].player == "Ben" and f"Ann's {P_S}" in same[0].message


# ---------------------------------------------------------------- command line

def test_cli_scores_json_and_picture(printkit, write, tmp_path):
    grid = ["3 o o o o o 4"] + TILES[1:]
    path = write("r.yaml", results_yaml(sheet_yaml(grid, ["B1 N"], entrance="A1 W", exit="A7 E")))
    pic = tmp_path / "pic.svg"
    run = printkit("score", path, "--json", "--picture", pic)
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["valid"] and data["players"][0]["score"] == 2 and data["winners"] == ["Ann"]
    assert pic.exists() and b"<svg" in pic.read_bytes()[:400]


def test_cli_rule_broken_exits_1(printkit, write):
    grid = list(TILES)
    grid[0] = "C1 C1 C2 C2 C3 C3 o"
    run = printkit("score", write("r.yaml", results_yaml(sheet_yaml(grid))), "--json")
    assert run.code == 1
    data = json.loads(run.out)
    assert not data["valid"] and data["violations"][0]["rule"] == "cafeterias"
    assert data["players"][0]["disqualified"]

"""Add/Residue's move-log lines (record.py): unusable moves are input errors at their line, and the
results template (``record_template``) reads back as an empty game."""

from __future__ import annotations

import json

import pytest

from printkit.games.add_residue.game import Results
from printkit.inputs import InputError, parse
from printkit.validation import validate


def results_text(moves: list[str], players=("Ann", "Ben"), n: int = 3) -> str:
    lines = ["game: add-residue", f"players: [{', '.join(players)}]", f"n: {n}", "moves:"]
    lines += [f"  - {m}" for m in moves] if moves else ["  []"]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- unusable input


@pytest.mark.parametrize("move, words", [
    ("Cat add 1", "not one of the players"),
    ("Ann add 4", "1 to 3"),
    ("Ann add 0", "1 to 3"),
    ("Ann plus 3", "not a move"),
    ("Ann mod 2 = two", "whole number"),
    ("add 3", "not a move"),
])
def test_bad_moves_are_input_errors(move, words):
    text = results_text(["Ann add 3", move])
    with pytest.raises(InputError) as e:
        validate(Results, parse(text, "r.yaml"))
    assert words in e.value.message
    assert e.value.line == 6  # the line of the second move
    assert e.value.key == "moves[2]"


def test_template_scores_as_nothing_entered(printkit, write, tmp_path):
    # issue 19: a blank template used to score as a valid 0-0 tie (exit 0); nothing entered is exit 1
    cfg = write("cfg.yaml", "game: add-residue\nplayers: [Ann, Ben]\nn: 4\n")
    out = tmp_path / "res.yaml"
    r = printkit("template", cfg, "-o", out)
    assert r.code == 0, r.err
    text = out.read_text()
    assert "moves:" in text and "16 moves" in text
    r = printkit("score", out, "--json")
    assert r.code == 1, r.err
    got = json.loads(r.out)
    assert not got["valid"] and got["winners"] == []
    assert [(v["rule"], v["player"]) for v in got["violations"]] == [("empty", None)]
    assert "nothing has been entered yet" in got["violations"][0]["message"]

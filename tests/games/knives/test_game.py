"""Selling Knives results model: unknown players and kcount out of range are unusable (exit 2 with
the line); player names are matched without case."""

from __future__ import annotations

import pytest

from printkit.games.knives.game import Results
from printkit.inputs import InputError, parse, validate


# ---------------------------------------------------------------- unusable input: exit 2 with the line

def bad(text):
    with pytest.raises(InputError) as e:
        validate(Results, parse(text, "r.yaml"))
    return e.value


def test_unknown_player_names_the_line():
    e = bad("game: knives\nplayers: [Ann, Ben]\nturns:\n  - Ann draws Q\n  - Bne draws K\n")
    assert e.line == 5 and e.key == "turns[2]" and "did you mean 'Ben'" in e.message


def test_names_are_matched_without_case():
    res = validate(Results, parse("game: knives\nplayers: [Ann, Ben]\nturns: [ann draws q]\n", "r.yaml"))
    assert res.turns == ["Ann draws Q"]


def test_kcount_range():
    assert bad("game: knives\nplayers: 2\nkcount: 31\n").key == "kcount"
    assert bad("game: knives\nplayers: 2\nkcount: 2\n").key == "kcount"

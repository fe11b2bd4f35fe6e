"""Selling Knives results model: unknown players and kcount out of range are unusable (exit 2 with
the line); player names are matched without case."""

from __future__ import annotations

import pytest

from printkit.games.knives.game import Config, Results
from printkit.inputs import InputError, parse
from printkit.validation import validate


# ---------------------------------------------------------------- unusable input: exit 2 with the line

def bad(text):
    with pytest.raises(InputError) as e:
        validate(Results, parse(text, "r.yaml"))
    return e.value


def test_unknown_player_names_the_line():
    e = bad("game: knives\nplayers: [Ann, Ben]\nturns:\n  - Ann draws Q\n  - Bne draws K\n")
    assert e.line == 5 and e.key == "turns[2]" and "did you mean 'Ben'" in e.message


def test_names_are_matched_without_case():
    res = validate(Results, parse("game: knives\nplayers: [Ann, Ben]\nkcount: 12\nturns: [ann draws q]\n", "r.yaml"))
    assert res.turns == ["Ann draws Q"]


def test_kcount_range():
    assert bad("game: knives\nplayers: 2\nkcount: 31\n").key == "kcount"
    assert bad("game: knives\nplayers: 2\nkcount: 2\n").key == "kcount"
    e = bad("game: knives\nplayers: 2\nkcount: drw\n")
    assert e.key == "kcount" and e.line == 3 and "'draw'" in e.message
    assert "out of range" in bad("game: knives\nplayers: 2\nkcount: 40\n").message


def test_kcount_is_drawn_by_default_and_a_record_with_turns_needs_the_count_drawn():
    res = validate(Results, parse("game: knives\nplayers: 2\n", "r.yaml"))
    assert res.kcount == "draw" and Config.from_dict({"game": "knives"}).kcount == "draw"
    assert validate(Results, parse("game: knives\nplayers: 2\nkcount:\n", "r.yaml")).kcount == "draw"
    e = bad("game: knives\nplayers: [Ann, Ben]\nkcount: draw\nturns: [Ann draws Q]\n")
    assert e.key == "kcount" and e.line == 3 and "kcount drawn at the table" in e.message and "Q 12" in e.message
    assert validate(Results, parse("game: knives\nplayers: 2\nkcount: 9\n", "r.yaml")).kcount == 9


def test_the_blank_results_file_asks_for_the_kcount_drawn():
    from printkit.games.knives.game import GAME

    blank = GAME.template(Config.from_dict({"game": "knives", "players": ["Ann", "Ben"]}))
    assert "# the kcount drawn at the table: write the value of the first card above 7" in blank
    assert "\nkcount: draw\n" in blank and "Write an ace as A: its value, 1 or 14, is worked out for you" in blank
    res = validate(Results, parse(blank, "r.yaml"))
    report = GAME.score(res)
    assert [v.rule for v in report.violations] == ["empty"]  # a blank file: nothing entered yet, exit 1
    fixed = GAME.template(Config.from_dict({"game": "knives", "players": ["Ann", "Ben"], "kcount": 9}))
    assert "\nkcount: 9\n" in fixed and "kcount drawn" not in fixed

"""Selling Knives play record: a malformed turn line is unusable (exit 2 with the line)."""

from __future__ import annotations

import pytest

from printkit.games.knives.game import Results
from printkit.inputs import InputError, parse
from printkit.validation import validate


# ---------------------------------------------------------------- unusable input: exit 2 with the line

def bad(text):
    with pytest.raises(InputError) as e:
        validate(Results, parse(text, "r.yaml"))
    return e.value


@pytest.mark.parametrize("line,words", [
    ("Ann jumps", "not a turn"),
    ("Ann claims 1-2 Q", "with"),
    ("Ann claims with Q", "no roads"),
    ("Ann claims 1to2 with Q", "not a road"),
    ("Ann draws", "which card"),
    ("Ann draws Q!", "not a card"),
    ("Ann passes now", "nothing follows"),
])
def test_malformed_turns_are_unusable(line, words):
    e = bad(f"game: knives\nplayers: [Ann, Ben]\nturns:\n  - {line}\n")
    assert e.line == 4 and words in e.message

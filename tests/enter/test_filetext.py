"""A save from the page changes only the lines of the parts that changed: comments, blank lines, key order,
quoting and the player's own layout stay; a save with nothing changed leaves the file byte for byte."""

from __future__ import annotations

import copy
import difflib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from searches import examples  # a few seconds a search; PRINTKIT_SEARCH=long for more

from printkit.enter.filetext import update, whole
from printkit.inputs import parse

DATA = Path(__file__).resolve().parent.parent / "games" / "data"
EXAMPLES = sorted(DATA.glob("*.yaml"))

HAND = """# Friday table, Ben's curve checked twice
game: curve
players: [Ann, Ben]      # seat order, as we sat
n: 4
title: 'Friday: the curve'

# Ann's curve, drawn first
curves:
  Ann: |
    1 2  3  4
    12 .  .  5
    11 .  .  6
    10 9  8  7
  Ben: |
    # # # #
    # . . #
    # . . #
    # # # #

fills:   # what each of us wrote
  Ann:
    Ann: |
      1  2  3  4
      12 1  2  5
      11 3  .  6
      10 9  8  7
    Ben: |
      . . . .
      . . . .
      . . . .
      . . . .
  Ben:
    Ann: [". . . .", ". . . .", ". . . .", ". . . ."]   # typed as a list of rows
    Ben: |
      . . . .
      . . . .
      . . . .
      . . . .

# checked twice, both of us
"""


def changed_lines(a: str, b: str) -> list[str]:
    return [ln for ln in difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm="", n=0)
            if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]


def edited(text: str, change) -> tuple[str, dict]:
    new = copy.deepcopy(parse(text, "f.yaml").data)
    change(new)
    out = update(text, new)
    assert parse(out, "f.yaml").data == new, "the file reads back as the document sent"
    return out, new


@pytest.mark.parametrize("path", EXAMPLES + ["HAND"], ids=lambda p: getattr(p, "name", p))
def test_open_and_save_with_nothing_changed_is_byte_identical(path):
    text = HAND if path == "HAND" else path.read_text(encoding="utf-8")
    assert update(text, parse(text, "f.yaml").data) == text


@pytest.mark.parametrize("change,lines", [
    (lambda d: d["fills"]["Ann"]["Ann"].replace("11 3  .  6", "11 3  4  6"), 0),  # (a str: no edit)
])
def test_a_no_op_on_the_document_writes_nothing(change, lines):
    out, _ = edited(HAND, lambda d: change(d))
    assert len(changed_lines(HAND, out)) == lines


def _cell(d, filler, owner, row, col, value):
    rows = [r.split() for r in d["fills"][filler][owner].strip("\n").split("\n")]
    rows[row][col] = value
    d["fills"][filler][owner] = "\n".join(" ".join(r) for r in rows) + "\n"


@pytest.mark.parametrize("name,change,touched", [
    ("a grid cell written", lambda d: _cell(d, "Ann", "Ann", 2, 2, "4"), ["fills.Ann.Ann"]),
    ("a row of a list-of-rows grid", lambda d: d["fills"]["Ben"]["Ann"].__setitem__(1, ". 1 . ."), ["1 row"]),
    ("a curve drawn anew", lambda d: d["curves"].__setitem__("Ben", "1 2 3 4\n12 . . 5\n11 . . 6\n10 9 8 7\n"),
     ["curves.Ben"]),
    ("a key added at the end", lambda d: d.__setitem__("paper", "a4"), ["paper"]),
    ("the title changed", lambda d: d.__setitem__("title", "Saturday"), ["title"]),
])
def test_a_page_edit_changes_only_the_lines_it_must(name, change, touched):
    out, _ = edited(HAND, change)
    diff = changed_lines(HAND, out)
    removed = [ln for ln in diff if ln.startswith("-")]
    added = [ln for ln in diff if ln.startswith("+")]
    assert len(removed) <= 4 and len(added) <= 4, (name, diff)
    for comment in ("# Friday table, Ben's curve checked twice", "# seat order, as we sat", "# Ann's curve, drawn first",
                    "# what each of us wrote", "# typed as a list of rows", "# checked twice, both of us"):
        assert comment in out, (name, comment)
    if name == "the title changed":
        assert "title: 'Saturday'" in out  # its quotes as the player typed them
    if name == "a row of a list-of-rows grid":
        assert 'Ann: [". . . .", ". 1 . .", ". . . .", ". . . ."]' in out  # a list stays a list, on its line


LOG = """# Add/Residue, Friday
game: add-residue
players: [Ann, Ben]
n: 4

moves:
  - Ann add 3 = 3     # she opened with 3
  - Ben mod 2 = 1
  # a break here
  - Ann add 4 = 5
"""

LINE = st.sampled_from(["Ann add 1", "Ben mod 3 = 2", "Ann mod 4", "Ben add 2 = 7"])


@settings(max_examples=examples(60), deadline=None)
@given(ops=st.lists(st.tuples(st.sampled_from(["append", "insert", "remove", "replace"]), st.integers(0, 9), LINE),
                    max_size=5))
def test_a_log_edited_line_by_line_keeps_every_other_line(ops):
    """Whatever lines are added, taken away or changed, the comments and the untouched lines stay."""
    new = copy.deepcopy(parse(LOG, "f.yaml").data)
    for op, i, line in ops:
        moves = new["moves"]
        if op == "append":
            moves.append(line)
        elif op == "insert":
            moves.insert(i % (len(moves) + 1), line)
        elif moves and op == "remove":
            moves.pop(i % len(moves))
        elif moves:
            moves[i % len(moves)] = line
    out = update(LOG, new)
    assert parse(out, "f.yaml").data == new
    assert out.startswith("# Add/Residue, Friday\ngame: add-residue\nplayers: [Ann, Ben]\nn: 4\n\nmoves:")
    kept = [ln for ln in LOG.splitlines() if ln.strip().startswith("- ") and ln.split("- ", 1)[1].split("  #")[0].strip()
            in new["moves"]]
    for ln in kept:  # a line still in the log is the very line the player typed, comment and all
        assert ln in out.splitlines() or ln.split("#")[0].rstrip() in [o.split("#")[0].rstrip() for o in out.splitlines()]


def test_a_file_that_no_longer_parses_is_written_whole():
    broken = "game: add-residue\nplayers: [Ann, Ben\n"
    data = {"game": "add-residue", "players": ["Ann", "Ben"], "n": 2, "moves": ["Ann add 1"]}
    out = update(broken, data, "Add/Residue")
    assert out == whole("Add/Residue", data) and parse(out, "f.yaml").data == data

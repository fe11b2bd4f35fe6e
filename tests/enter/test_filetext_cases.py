"""The file writer's reported losses, each at its cause: whatever the form of the file, what is written reads
back as exactly the document sent, and a form the writer cannot change in place is written whole, saying so."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from printkit.enter.filetext import write
from printkit.inputs import InputError, parse

ROUNDS = """# Friday, three of us
game: intersections
players: [Ann, Ben]
n: 4
segments: 2
rounds:
  - [A1-A2]
"""


def _edit(text: str, change) -> tuple[str, dict, str]:
    new = copy.deepcopy(parse(text, "f.yaml").data)
    change(new)
    out, why = write(text, new, "Making Intersections")
    assert parse(out, "f.yaml").data == new, out
    return out, new, why


def test_a_byte_order_mark_stays_in_front_and_the_edit_lands_where_it_belongs():
    text = "\ufeff" + ROUNDS
    out, _, why = _edit(text, lambda d: d["rounds"][0].append("B1-B2"))
    assert out == "\ufeff" + ROUNDS.replace("[A1-A2]", "[A1-A2, B1-B2]") and why == ""


def test_crlf_line_ends_stay_crlf_with_no_mixed_endings():
    text = ROUNDS.replace("\n", "\r\n")
    out, _, _ = _edit(text, lambda d: d["rounds"].append(["C1-C2", "D1-D2"]))
    assert out.count("\n") == out.count("\r\n") == ROUNDS.count("\n") + 1
    assert out.startswith(text)


@pytest.mark.parametrize("item", ["Lee, Jr", "B1-B2]", "[x", "{a}", "a: b", "# no", "'q", '"q', "-", "?", "*x", "&y",
                                  "@at", "`t", "yes", "null", "3", "1e3", "~", " pad", "", "x #y", "é ü"])
def test_an_item_of_a_flow_list_is_quoted_as_yaml_quotes_it(item):
    text = "game: intersections\nplayers: [Ann, Ben]   # us\nn: 4\nsegments: 2\nrounds:\n  - [A1-A2]\n"
    out, _, why = _edit(text, lambda d: d["players"].__setitem__(1, item))
    assert out.endswith("n: 4\nsegments: 2\nrounds:\n  - [A1-A2]\n") and why == ""
    _edit(text, lambda d: d["rounds"][0].append(item))


def test_a_grid_under_a_folded_header_is_rewritten_as_a_literal_block():
    text = "game: curve\nplayers: [Ann]\nn: 4\ncurves:\n  Ann: >\n    1 2 3 4\n\n    . . . .\n"
    new_grid = "1 2 3 4\n12 . . 5\n11 . . 6\n10 9 8 7\n"
    out, _, _ = _edit(text, lambda d: d["curves"].__setitem__("Ann", new_grid))
    assert "  Ann: |\n    1 2 3 4\n    12 . . 5\n" in out


@pytest.mark.parametrize("change,edited", [
    (lambda d: d.__setitem__("title", "Friday"), "rounds: [[A1-A2]], title: Friday}"),  # a key added
    (lambda d: d.pop("n"), "players: [Ann, Ben],   # seats\n segments: 2"),  # a key dropped
    (lambda d: d.__setitem__("n", 5), "n: 5,"),  # a value changed
])
def test_a_file_that_is_one_flow_mapping_is_changed_inside_its_braces(change, edited):
    text = "# our game\n{game: intersections, players: [Ann, Ben],   # seats\n n: 4, segments: 2, rounds: [[A1-A2]]}\n"
    out, new, why = _edit(text, change)
    assert why == "" and "# seats" in out and edited in out and list(parse(out, "f.yaml").data) == list(new)


def test_a_block_kept_without_its_last_newline_reads_back_the_same():
    text = "game: curve\nplayers: [Ann]\nn: 4\ncurves:\n  Ann: |-\n    1 2 3 4\n    . . . .\n"
    _edit(text, lambda d: d["curves"].__setitem__("Ann", "1 2 3 4\n5 . . .\n"))
    _edit(text, lambda d: d["curves"].__setitem__("Ann", "1 2 3 4\n5 . . ."))


ROOT = Path(__file__).resolve().parents[2]
TYPED = sorted((ROOT / "tests" / "games" / "data").glob("*.yaml")) + sorted((ROOT / "tests" / "nullgame").glob("*.yaml"))


@pytest.mark.parametrize("path", TYPED, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("form", ["as typed", "bom", "crlf"])
def test_open_and_save_with_no_change_is_byte_identical_for_every_file_in_the_repo(path, form):
    text = path.read_text(encoding="utf-8")
    text = {"as typed": text, "bom": "\ufeff" + text, "crlf": text.replace("\n", "\r\n")}[form]
    try:
        doc = parse(text.removeprefix("\ufeff"), path.name).data
    except InputError:
        return  # a file made not to read: it is never written from the page unchanged
    assert write(text, copy.deepcopy(doc), "x") == (text, "")


# ---------------------------------------------------------------- every form of comment kept (or said)

KNIVES = (ROOT / "tests" / "games" / "data" / "played-knives.yaml").read_text(encoding="utf-8").replace(
    "turns: [Ann draws 6, Ben draws 3,",
    "turns: [Ann draws 6, Ben draws 3,   # first round: Ben's 3 was a misdeal, redrawn\n   ")


def test_a_turn_list_typed_as_a_flow_list_over_several_lines_gets_its_turn_where_it_ends():
    """The form of played-knives.yaml: one more turn goes in before the ']', every line and comment as typed."""
    out, _, why = _edit(KNIVES, lambda d: d["turns"].append("Cat draws 4"))
    assert why == "" and out == KNIVES.replace("with 9 7 6 2]", "with 9 7 6 2, Cat draws 4]")
    out, _, why = _edit(KNIVES, lambda d: d["turns"].pop(0))  # the first turn taken away: the comment stays
    assert why == "" and out == KNIVES.replace("turns: [Ann draws 6, Ben draws 3,", "turns: [Ben draws 3,")
    out, _, why = _edit(KNIVES, lambda d: d["turns"].__setitem__(1, "Ben draws 5"))
    assert why == "" and out == KNIVES.replace("Ben draws 3,   # first", "Ben draws 5,   # first")


def test_a_flow_list_over_lines_loses_no_comment_when_entries_go():
    head = "game: knives\nplayers: [Ann, Ben]\nkcount: 12\n"
    text = head + "turns: [Ann draws 6,   # a misdeal\n  Ben draws 3,  # redrawn\n  Ann draws 7]\n"
    out, _, why = _edit(text, lambda d: d["turns"].__delitem__(slice(1, None)))  # the last two turns go
    assert why == "" and out == head + "turns: [Ann draws 6   # a misdeal\n    # redrawn\n  ]\n"
    out, _, why = _edit(text, lambda d: d["turns"].clear())
    assert why == "" and "# a misdeal" in out and "# redrawn" in out


GRID = "game: curve\nplayers: [Ann]\nn: 4\ncurves:\n  Ann: {header}\n    1 2 3 4\n    . . . .\n{blank}rest: x\n"


@pytest.mark.parametrize("header", ["|\t# a tab before it", "|-   # no last newline", "|+ # every newline",
                                    "|2  # indented two", "|-2\t# both", "> # folded"])
@pytest.mark.parametrize("grid", ["1 2 3 4\n5 . . .\n", "1 2 3 4\n5 . . .", "1 2 3 4\n5 . . .\n\n"])
def test_a_grid_header_keeps_its_comment_whatever_its_signs(header, grid):
    text = GRID.format(header=header, blank="\n" if "+" in header else "")
    out, _, why = _edit(text, lambda d: d["curves"].__setitem__("Ann", grid))
    comment = header[header.index("#"):]
    assert why == "" and comment in out and out.count("\n") >= text.count("\n") - 1, out
    assert out.startswith("game: curve\nplayers: [Ann]\nn: 4\ncurves:\n  Ann: |") and out.endswith("rest: x\n")


ROUND_LISTS = """game: intersections
players: [Ann, Ben]
n: 4
segments: 3
rounds:
  - - A1-A2   # Ann's first
    - B1-B2
  - - C1-C2   # Ben's first
    - D1-D2
"""


def test_rounds_typed_as_nested_block_lists_change_only_the_round_that_changed():
    out, _, why = _edit(ROUND_LISTS, lambda d: d["rounds"][1].append("A3-A4"))
    assert why == "" and out == ROUND_LISTS + "    - A3-A4\n"
    out, _, why = _edit(ROUND_LISTS, lambda d: d["rounds"][0].pop(0))  # a round's first segment taken away
    assert why == "" and out == ROUND_LISTS.replace("  - - A1-A2   # Ann's first\n", "  -   # Ann's first\n")
    out, _, why = _edit(ROUND_LISTS, lambda d: d["rounds"][0].insert(0, "A4-B4"))
    assert why == "" and out == ROUND_LISTS.replace("  - - A1-A2", "  - - A4-B4\n    - A1-A2")
    out, _, why = _edit(ROUND_LISTS, lambda d: d["rounds"].pop(0))  # a round taken away, its comment stays
    assert why == "" and "# Ann's first" in out and "  - - C1-C2   # Ben's first\n    - D1-D2\n" in out


COMPLEX = """game: curve
players: [Ann]
n: 4
? title    # asked twice
: Friday   # or Saturday
? notes
: [a, b]   # short
curves:
  Ann: |
    1 2
    . .
"""


@pytest.mark.parametrize("change", [
    lambda d: d.__setitem__("title", "Sunday"),
    lambda d: d.__setitem__("title", ["Sunday", "night"]),
    lambda d: d.pop("title"),
    lambda d: d["notes"].append("c"),
    lambda d: d.__setitem__("notes", "none"),
    lambda d: d.__setitem__("paper", "a4"),
])
def test_question_mark_keys_keep_their_comments(change):
    out, _, why = _edit(COMPLEX, change)
    assert why == "" and all(c in out for c in ("# asked twice", "# or Saturday", "# short")), out


FLOW_MAP = """game: curve
players: [Ann, Ben]
n: 4
extra: {where: Ann's,   # the kitchen
  when: Friday,         # late
  who: [Ann, Ben]}
"""


@pytest.mark.parametrize("change,edited", [
    (lambda d: d["extra"].__setitem__("when", "Sunday"), "when: Sunday,         # late"),
    (lambda d: d["extra"].__setitem__("and", 3), "who: [Ann, Ben], and: 3}"),
    (lambda d: d["extra"].pop("when"), "extra: {where: Ann's,   # the kitchen\n           # late\n  who: [Ann, Ben]}"),
    (lambda d: d["extra"]["who"].append("Cat"), "who: [Ann, Ben, Cat]}"),
    (lambda d: d["extra"].pop("who"), "when: Friday         # late\n  }"),
])
def test_a_flow_mapping_over_lines_is_changed_inside_keeping_its_comments(change, edited):
    out, _, why = _edit(FLOW_MAP, change)
    assert why == "" and edited in out and "# the kitchen" in out and "# late" in out, out


LOG = ("game: add-residue\nplayers: [Ann, Ben]\nn: 4\n"
       "moves:\n  - Ann add 3 = 3   # she opened with 3\n  - Ben mod 2 = 1\n")


def test_a_line_taken_away_leaves_its_comment_behind():
    out, _, why = _edit(LOG, lambda d: d["moves"].pop(0))
    assert why == "" and out == LOG.replace("  - Ann add 3 = 3   # she opened with 3\n", "  # she opened with 3\n")
    out, _, why = _edit(LOG, lambda d: d.pop("moves"))
    assert why == "" and out == "game: add-residue\nplayers: [Ann, Ben]\nn: 4\n# she opened with 3\n"
    out, _, why = _edit(LOG, lambda d: d.__setitem__("moves", []))
    assert why == "" and out == "game: add-residue\nplayers: [Ann, Ben]\nn: 4\nmoves: []\n# she opened with 3\n"


def test_a_comment_that_cannot_stay_makes_the_file_written_whole_and_says_so():
    text = "game: curve\nplayers: [Ann]\nn: 4\nnotes: [[a,   # inside\n  b]]\n"
    out, _, why = _edit(text, lambda d: d.__setitem__("notes", ["x"]))
    assert "# inside" in out or "# inside" in why


# ---------------------------------------------------------------- values compared with their type

@pytest.mark.parametrize("before,after", [
    ("1", True), ("true", 1), ("0.0", 0), ("0", 0.0), ("false", 0), ("0", False), ("1.0", 1), ("0.0", -0.0),
    ("[1, 2]", [True, 2]), ("{a: 0}", {"a": False}), ("\n  - 1\n  - 2", [1, 2.0]), ("null", 0), ("''", None),
])
def test_a_value_equal_in_python_but_of_another_type_is_written(before, after):
    text = f"game: curve\nplayers: [Ann]\nn: 4\nextra: {before}\n"
    out, new, why = _edit(text, lambda d: d.__setitem__("extra", after))
    back = parse(out, "f.yaml").data["extra"]
    assert repr(back) == repr(after) and type(back) is type(after) and why == "", out


def test_dates_sets_and_bytes_in_a_file_stay_as_typed_when_other_parts_change():
    text = ("game: curve\nplayers: [Ann]\nn: 4\nplayed: 2026-11-27   # a Friday\nnights:\n  - 2026-11-27\n"
            "  - 2026-11-28\nseen: !!set {Ann, Ben}\nblob: !!binary aGVsbG8=\n")
    out, _, why = _edit(text, lambda d: d["nights"].append("2026-11-29"))
    assert why == "" and out == text.replace("  - 2026-11-28\n", "  - 2026-11-28\n  - '2026-11-29'\n")
    out, _, why = _edit(text, lambda d: d.__setitem__("played", "2026-11-27"))  # the text of the date
    assert why == "" and "played: '2026-11-27'   # a Friday\n" in out


@pytest.mark.parametrize("text,change,expected", [
    # a grid whose value ends in blank lines: written under '|+' with them
    ("game: curve\nn: 4\nrest: x\n", lambda d: d.__setitem__("grid", "1 2\n3 4\n\n"),
     "game: curve\nn: 4\nrest: x\ngrid: |+\n  1 2\n  3 4\n\n"),
    # a key put after a '|+' grid: after the blank lines that are the grid's own
    ("game: curve\ngrid: |+\n  1 2\n\n", lambda d: d.__setitem__("n", 4), "game: curve\ngrid: |+\n  1 2\n\nn: 4\n"),
    # a mapping emptied
    ("game: curve\nextra:   # by hand\n  Ann: 1\n", lambda d: d.__setitem__("extra", {}),
     "game: curve\nextra: {}   # by hand\n"),
    # a text that starts with a newline is no grid
    ("game: curve\nnote: x\n", lambda d: d.__setitem__("note", "\n# a\n# b\n"),
     'game: curve\nnote: "\\x0a# a\\x0a# b\\x0a"\n'),
    # a comment line a new grid would take for a row of its own: it moves out of the grid's way
    ("game: curve\ntitle: x\n  # about the title\nn: 4\n", lambda d: d.__setitem__("title", "1 2\n3 4\n"),
     "game: curve\ntitle: |\n  1 2\n  3 4\n# about the title\nn: 4\n"),
    # a key taken away below a grid that would take the blank line after it for its own
    ("game: curve\ngrid: |-\n  1 2\n  3 4\nn: 4\n\nrest: x\n",
     lambda d: (d.pop("n"), d.__setitem__("grid", "1 2\n3 4\n\n")),
     "game: curve\ngrid: |+\n  1 2\n  3 4\n\nrest: x\n"),
])
def test_grids_and_mappings_are_changed_in_place_where_they_were_written_whole(text, change, expected):
    out, _, why = _edit(text, change)
    assert (out, why) == (expected, "")

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


@pytest.mark.parametrize("change", [
    lambda d: d.__setitem__("title", "Friday"),  # a key added
    lambda d: d.pop("n"),  # a key dropped
    lambda d: d.__setitem__("n", 5),  # a value changed
])
def test_a_file_that_is_one_flow_mapping_is_written_whole_and_says_so(change):
    text = "# our game\n{game: intersections, players: [Ann, Ben], n: 4, segments: 2, rounds: [[A1-A2]]}\n"
    out, new, why = _edit(text, change)
    assert out.startswith("# our game\n") and why and list(parse(out, "f.yaml").data) == list(new)


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

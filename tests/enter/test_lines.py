"""Each line of a list has an identity: a change to a list says which lines it means, and one made by place on
a list another device moved since is refused as stale, never applied over lines its device had not seen."""

from __future__ import annotations

import pytest

from printkit.enter import lines, sync
from test_nothing_lost import file_of, live, reads, sent  # noqa: F401  (live: the fixture)
from test_server import request

FILE = "game: add-residue\nplayers: [Ann, Ben]\nn: 13\nmoves:\n"


def ids(s) -> list[str]:
    """The identities of the file's moves, as the server names them (the page gets them with the state)."""
    status, body = request(s, "GET", "/api/state")
    assert status == 200, body
    return (body["lines"].get("moves") or {"ids": []})["ids"]


# ---------------------------------------------------------------- lines kept beside a document

def test_a_line_standing_as_it_stood_keeps_its_identity():
    old = {"moves": ["a", "b", "c"], "rounds": [["x"], ["y", "z"]]}
    known = lines.fresh(old)
    m, r = known["moves"]["ids"], known["rounds"]
    assert lines.align(old, known, {**old, "moves": ["a", "b", "c", "c"]})["moves"]["ids"][:3] == m  # added at the end
    assert lines.align(old, known, {**old, "moves": ["b", "c"]})["moves"]["ids"] == m[1:]  # the first taken away
    assert lines.align(old, known, {**old, "moves": ["a", "B", "c"]})["moves"]["ids"] == m  # a line typed over
    assert lines.align(old, known, {**old, "moves": ["a", "c"]})["moves"]["ids"] == [m[0], m[2]]
    grown = lines.align(old, known, {**old, "rounds": [["x"], ["y", "z", "w"]]})["rounds"]
    assert grown["ids"] == r["ids"] and grown["of"][1]["ids"][:2] == r["of"][1]["ids"]
    assert len(set(lines.align(old, known, {**old, "moves": ["a", "a", "a", "a"]})["moves"]["ids"])) == 4


def test_a_line_named_by_identity_is_found_wherever_it_stands_and_a_line_gone_is_stale():
    doc = {"moves": ["a", "b", "c"]}
    known = lines.fresh(doc)
    b = known["moves"]["ids"][1]
    _, known = lines.apply(doc, known, {"path": ["moves"], "remove": [known["moves"]["ids"][0]]})
    _, known = lines.apply(doc, known, {"path": ["moves", 1], "lines": [None, b], "value": "B"})  # at 0 now
    assert doc == {"moves": ["B", "c"]}
    with pytest.raises(lines.Stale):
        lines.apply(doc, known, {"path": ["moves", 0], "lines": [None, "gone"], "value": "x"})
    change = {"path": ["moves"], "append": "d", "id": "p.1"}
    lines.apply(doc, known, dict(change))
    lines.apply(doc, known, dict(change))  # the same line sent twice
    assert doc == {"moves": ["B", "c", "d"]}


@pytest.mark.parametrize("change", [
    {"path": ["moves"], "remove": "a"}, {"path": ["moves"], "remove": [1]}, {"path": ["moves", 0], "lines": ["x"],
                                                                             "value": "a"},
    {"path": ["moves"], "append": "a", "id": ""}, {"path": ["moves"], "append": "a", "id": "x" * 81},
])
def test_a_line_named_otherwise_than_by_its_identity_is_refused(change):
    with pytest.raises(sync.BadChange):
        sync.valid(change)


# ---------------------------------------------------------------- devices on one server

def test_an_undo_from_a_device_that_missed_the_others_lines_takes_back_its_own_line_only(live, tmp_path):
    """F1: device A's event stream dropped; B added two lines; A's Undo of its own line was sent as the whole
    list set to nothing (``seen`` 1, the server at 3) and wiped B's lines. Now the Undo by place is refused as
    stale, and the Undo by identity takes back A's line alone."""
    s = live(file_of(tmp_path, FILE))
    assert sent(s, "A", 0, [{"path": ["moves"], "append": "Ann add 3", "id": "A.1"}], seen=0)[0] == 200
    assert sent(s, "B", 0, [{"path": ["moves"], "append": "Ben add 4", "id": "B.1"}], seen=1)[0] == 200
    assert sent(s, "B", 1, [{"path": ["moves"], "append": "Ann add 5", "id": "B.2"}], seen=2)[0] == 200
    status, body = sent(s, "A", 1, [{"path": ["moves"], "value": None}], seen=1)
    assert status == 409 and body["stale"], body
    assert reads(s.path)["moves"] == ["Ann add 3", "Ben add 4", "Ann add 5"]
    status, _ = sent(s, "A", 2, [{"path": ["moves"], "remove": ["A.1"], "empty": {"value": None}}], seen=1)
    assert status == 200 and reads(s.path)["moves"] == ["Ben add 4", "Ann add 5"]
    assert ids(s) == ["B.1", "B.2"]


def test_a_cut_by_place_made_before_another_devices_line_is_refused_as_stale(live, tmp_path):
    """F1, without a browser: a stale Undo (a line set by place and the list cut, ``seen`` 2 at revision 3)
    cut the third line, another device's."""
    s = live(file_of(tmp_path, FILE))
    for n, (who, line) in enumerate([("A", "Ann add 1"), ("A", "Ben add 2"), ("B", "Ann add 3")]):
        assert sent(s, who, n, [{"path": ["moves"], "append": line}], seen=n)[0] == 200
    status, body = sent(s, "A", 9, [{"path": ["moves", 0], "value": "Ann add 1"}, {"path": ["moves"], "length": 1}],
                        seen=2)
    assert status == 409 and body["stale"]
    assert reads(s.path)["moves"] == ["Ann add 1", "Ben add 2", "Ann add 3"]
    assert sent(s, "A", 10, [{"path": ["moves"], "length": 2}], seen=3)[0] == 200  # made on the newest: it stands
    assert reads(s.path)["moves"] == ["Ann add 1", "Ben add 2"]


def test_a_line_typed_while_another_device_undoes_is_the_line_it_names(live, tmp_path):
    """F4, without a browser: A types a third line while B undoes its second; A's keystroke set ``moves[2]``,
    computed before B's Undo shifted the list, and wrote a line of its own beside the half-typed one. By
    identity it is the line A is typing, wherever it stands; by place it is refused as stale."""
    s = live(file_of(tmp_path, FILE))
    assert sent(s, "A", 0, [{"path": ["moves"], "append": "Ann add 1", "id": "A.1"}])[0] == 200
    assert sent(s, "B", 0, [{"path": ["moves"], "append": "Ben add 2", "id": "B.1"}], seen=1)[0] == 200
    assert sent(s, "A", 1, [{"path": ["moves"], "append": "Ann a", "id": "A.2"}], seen=2)[0] == 200
    assert sent(s, "B", 1, [{"path": ["moves"], "remove": ["B.1"]}], seen=3)[0] == 200
    status, body = sent(s, "A", 2, [{"path": ["moves", 2], "value": "Ann add 3"}], seen=3)
    assert status == 409 and body["stale"]
    status, _ = sent(s, "A", 3, [{"path": ["moves", 2], "lines": [None, "A.2"], "value": "Ann add 3"}], seen=3)
    assert status == 200 and reads(s.path)["moves"] == ["Ann add 1", "Ann add 3"]
    status, body = sent(s, "B", 2, [{"path": ["moves", 1], "lines": [None, "B.1"], "value": "Ben add 4"}], seen=4)
    assert status == 409 and body["stale"]  # a line taken back is not written over
    assert reads(s.path)["moves"] == ["Ann add 1", "Ann add 3"]


def test_equal_lines_added_at_once_by_two_devices_are_two_lines_each_sent_again_once(live, tmp_path):
    """The triple write: two phones entering the same move at once. Each line is its device's, by identity:
    two lines, and a save sent again (its answer lost) adds none."""
    s = live(file_of(tmp_path, FILE))
    line = "Ann add 10"
    assert sent(s, "A", 0, [{"path": ["moves"], "append": line, "id": "A.1"}])[0] == 200
    assert sent(s, "B", 0, [{"path": ["moves"], "append": line, "id": "B.1"}])[0] == 200
    assert sent(s, "B", 0, [{"path": ["moves"], "append": line, "id": "B.1"}])[1]["again"]
    assert sent(s, "B", 1, [{"path": ["moves"], "append": line, "id": "B.1"}])[0] == 200  # its line, named again
    assert reads(s.path)["moves"] == [line, line] and ids(s) == ["A.1", "B.1"]


def test_a_different_change_under_a_number_already_used_is_refused(live, tmp_path):
    """F5: a different change re-using a device's save number was dropped as a repeat (200, nothing written)."""
    s = live(file_of(tmp_path, FILE))
    assert sent(s, "A", 0, [{"path": ["moves"], "append": "Ann add 1"}])[0] == 200
    status, body = sent(s, "A", 0, [{"path": ["moves"], "append": "Ben add 2"}])
    assert status == 400 and "number" in body["error"]
    assert reads(s.path)["moves"] == ["Ann add 1"]

"""Nothing a player typed is lost or misread on its way through the server: each reported loss, tried as the page
sends it, against a real ``printkit enter``."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from enter_helpers import DATA
from printkit.inputs import parse
from test_server import request
from test_sync import Events, change

ROUNDS = "# Friday, the two of us\ngame: intersections\nplayers: [Ann, Ben]\nn: 4\nsegments: 2\nrounds:\n  - [A1-A2]\n"
STORE = """# Ann's store, Friday
game: ikes
players: [Ann, Ben]
sheets:
  Ann:
    grid: |
      .  .  .  .  .  .  .
      .  .  .  .  .  .  .
      .  .  .  .  .  .  .
      .  .  .  .  .  .  .
      .  .  .  .  .  .  .
      .  .  .  .  .  .  .
      .  .  .  .  .  .  .
    walls: []
"""


def reads(path: Path) -> dict:
    return parse(path.read_bytes().decode("utf-8-sig"), path.name).data


def state(s) -> dict:
    status, body = request(s, "GET", "/api/state")
    assert status == 200, body
    return body


def save(s, doc, client="laptop"):
    return request(s, "POST", "/api/save", doc, headers={"X-Printkit-Version": state(s)["version"],
                                                         "X-Printkit-Client": client})


def file_of(tmp_path, text: str, name="night.yaml", newline="\n") -> Path:
    p = tmp_path / name
    p.write_bytes(text.replace("\n", newline).encode("utf-8"))
    return p


@pytest.mark.parametrize("how", ["change", "save"])
def test_a_byte_order_mark_keeps_the_edit_where_it_belongs(serve, tmp_path, how):
    s = serve(file_of(tmp_path, "\ufeff" + ROUNDS))
    if how == "change":
        assert change(s, "phone", [{"path": ["rounds", 0, 1], "value": "B1-B2"}])[0] == 200
    else:
        doc = state(s)["results"]
        doc["rounds"][0].append("B1-B2")
        assert save(s, doc)[0] == 200
    raw = s.path.read_bytes()
    assert raw.startswith("\ufeff".encode()) and reads(s.path)["rounds"] == [["A1-A2", "B1-B2"]]
    assert raw.decode("utf-8-sig") == ROUNDS.replace("[A1-A2]", "[A1-A2, B1-B2]")


def test_a_crlf_file_stays_crlf(serve, tmp_path):
    s = serve(file_of(tmp_path, ROUNDS, newline="\r\n"))
    assert change(s, "phone", [{"path": ["rounds", 1], "value": ["C1-C2", "D1-D2"]}])[0] == 200
    raw = s.path.read_bytes()
    assert raw.count(b"\n") == raw.count(b"\r\n") == ROUNDS.count("\n") + 1
    assert reads(s.path)["rounds"] == [["A1-A2"], ["C1-C2", "D1-D2"]]


@pytest.mark.parametrize("route", ["/api/change", "/api/save"])
def test_text_that_cannot_be_written_is_refused_in_one_line_before_anything_is_written(serve, tmp_path, route):
    s = serve(file_of(tmp_path, ROUNDS))
    before = s.path.read_bytes()
    if route == "/api/change":
        body = {"changes": [{"path": ["rounds", 0, 0], "value": "A1-A2\ud800"}], "seen": 0}
    else:
        body = state(s)["results"]
        body["rounds"][0][0] = "A1-A2\ud800"
    status, answer = request(s, "POST", route, raw=json.dumps(body).encode("ascii"),
                             headers={"X-Printkit-Version": state(s)["version"], "X-Printkit-Client": "phone",
                                      "Content-Type": "application/json"})
    assert status == 400 and "\n" not in answer["error"] and "surrogate" in answer["error"], answer
    assert s.path.read_bytes() == before and state(s)["results"]["rounds"] == [["A1-A2"]]  # and it goes on


@pytest.mark.parametrize("bad,names", [
    ({"path": ["notes_Ann"], "value": "x"}, "notes_Ann"),  # an unknown key
    ({"path": ["sheets", "Ann", "walls"], "value": "A1 N"}, "sheets.Ann.walls"),  # text where a list goes
    ({"path": ["sheets", "Ann", "colour"], "value": "red"}, "colour"),  # a key a sheet does not have
    ({"path": ["sheets", "Ann", "entrance", 0], "value": "A1"}, "sheets.Ann.entrance[0]"),  # no part of the record
    ({"path": ["sheets", "Ann", "walls"], "append": ["A1", "N"]}, None),  # an append of the wrong kind is fine (Any)
])
def test_a_change_that_does_not_fit_the_models_is_refused_and_nothing_is_written(serve, tmp_path, bad, names):
    s = serve(file_of(tmp_path, STORE))
    before = s.path.read_bytes()
    status, answer = change(s, "phone", [bad])
    if names is None:
        assert status == 200
        return
    assert status == 400 and "\n" not in answer["error"] and names in answer["error"], answer
    assert s.path.read_bytes() == before


def test_a_save_with_an_unknown_key_is_refused_and_one_that_breaks_a_rule_is_written(serve, tmp_path):
    s = serve(file_of(tmp_path, STORE))
    before = s.path.read_bytes()
    doc = state(s)["results"]
    status, answer = save(s, {**doc, "notes_Ann": "x"})
    assert status == 400 and "notes_Ann" in answer["error"] and s.path.read_bytes() == before
    doc["sheets"]["Ann"]["walls"] = ["Z9 Q"]  # reads as a wall, names no square: a mistake the page shows
    assert save(s, doc)[0] == 200 and reads(s.path)["sheets"]["Ann"]["walls"] == ["Z9 Q"]


def test_two_lines_added_at_once_are_two_lines_in_the_order_received(serve, tmp_path):
    s = serve(file_of(tmp_path, "game: add-residue\nplayers: [Ann, Ben]\nn: 4\nmoves:\n  - Ann add 1 = 1\n"))
    ann = Events(s, "ann")
    try:
        first = change(s, "ann", [{"path": ["moves"], "append": "Ben add 2 = 3"}], seen=0)
        second = change(s, "ben", [{"path": ["moves"], "append": "Ben mod 2 = 1"}], seen=0)
        assert first[0] == second[0] == 200 and first[1]["replaced"] == second[1]["replaced"] == []
        assert reads(s.path)["moves"] == ["Ann add 1 = 1", "Ben add 2 = 3", "Ben mod 2 = 1"]
        ev, _ = ann.wait("change", lambda d: d["device"] == "ben")
        assert ev["changes"][0]["at"] == 2 and ev["changes"][0]["said"] == "move 3"
    finally:
        ann.close()


def test_a_replaced_value_is_shown_to_its_device_with_both_values_named_as_players_say_it(serve, tmp_path):
    s = serve(file_of(tmp_path, ROUNDS))
    ann = Events(s, "ann")
    try:
        assert change(s, "ann", [{"path": ["rounds", 0], "value": ["A1-A2", "B1-B2"]}], seen=0)[0] == 200
        status, later = change(s, "ben", [{"path": ["rounds", 0], "value": ["A1-A2", "C1-C2"]}], seen=0)
        assert status == 200
        told = [{k: r[k] for k in ("part", "device", "was", "now")} for r in later["replaced"]]
        assert told == [{"part": "round 1", "device": "ann", "was": ["A1-A2", "B1-B2"], "now": ["A1-A2", "C1-C2"]}]
        ev, _ = ann.wait("change", lambda d: d["device"] == "ben")
        assert ev["replaced"][0]["was"] == ["A1-A2", "B1-B2"] and ev["changes"][0]["said"] == "round 1"
    finally:
        ann.close()


def _square(grid: str, r: int, c: int, v: str) -> str:
    rows = [ln.split("  ") for ln in grid.strip("\n").split("\n")]
    rows[r][c] = v
    return "\n".join("  ".join(row) for row in rows) + "\n"


def test_two_phones_writing_two_squares_of_one_store_both_keep_theirs(serve, tmp_path):
    s = serve(file_of(tmp_path, STORE))
    grid = state(s)["results"]["sheets"]["Ann"]["grid"]
    path = ["sheets", "Ann", "grid"]
    a6, g1 = _square(grid, 0, 5, "5"), _square(grid, 6, 0, "o")
    results = []
    threads = [threading.Thread(target=lambda v=v, d=d: results.append(change(s, d, [{"path": path, "value": v, "was": grid}])))
               for v, d in ((a6, "ann"), (g1, "ben"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r[0] for r in results] == [200, 200] and all(r[1]["replaced"] == [] for r in results)
    assert reads(s.path)["sheets"]["Ann"]["grid"] == _square(a6, 6, 0, "o")
    # the same square by both: the later stands, and the earlier phone is told both, by the square's name
    assert change(s, "ann", [{"path": path, "value": _square(grid, 3, 3, "2"), "was": grid}], seen=2)[0] == 200
    status, later = change(s, "ben", [{"path": path, "value": _square(grid, 3, 3, "4"), "was": grid}], seen=2)
    assert [(r["part"], r["device"], r["was"], r["now"]) for r in later["replaced"]] == [("Ann's store, D4", "ann", "2", "4")]
    assert reads(s.path)["sheets"]["Ann"]["grid"] == _square(_square(a6, 6, 0, "o"), 3, 3, "4")


def test_an_error_no_one_expected_is_answered_in_one_line_printed_once_and_the_server_goes_on(tmp_path, capfd,
                                                                                                monkeypatch):
    from printkit.enter import document, session, server

    path = file_of(tmp_path, ROUNDS)
    game, path, data = document.open_file(str(path))
    sess = session.Session(game, path, data, "127.0.0.1")
    httpd = server.make_server(sess, "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()

    class At:
        host, token = f"127.0.0.1:{httpd.server_address[1]}", sess.token

    def broken(*_):
        raise RuntimeError("a slip in the scorer")

    try:
        monkeypatch.setattr(document, "check", broken)
        status, answer = request(At, "POST", "/api/check", data)
        assert status == 500 and answer["error"].endswith("RuntimeError: a slip in the scorer")
        assert capfd.readouterr().err.count("a slip in the scorer") == 1
        monkeypatch.undo()
        assert request(At, "POST", "/api/check", data)[0] == 200  # and it keeps serving
    finally:
        httpd.shutdown()
        httpd.server_close()

"""Nothing a player typed is lost or misread on its way through the server: each reported loss, tried as the page
sends it, against a real ``printkit enter``."""

from __future__ import annotations

import json
import os
import threading
import time
from time import sleep as time_sleep
from pathlib import Path

import pytest
import yaml

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


# ---------------------------------------------------------------- against an adversary (issue 45)

MOVES = "game: add-residue\nplayers: [Ann, Ben]\nn: 13\nmoves:\n" + "".join(
    f"  - {'Ann' if i % 2 == 0 else 'Ben'} add {i % 13 + 1}\n" for i in range(60))


class Live:
    """``printkit enter`` in this process, on 127.0.0.1 (its session at hand, to be watched or stopped)."""

    def __init__(self, path: Path):
        from printkit.enter import document, server, session

        game, path, data = document.open_file(str(path))
        self.path, self.session = path, session.Session(game, path, data, "127.0.0.1")
        self.httpd = server.make_server(self.session, "127.0.0.1", 0)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.host, self.token = f"127.0.0.1:{self.httpd.server_address[1]}", self.session.token

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def live():
    running = []

    def _live(path: Path) -> Live:
        running.append(Live(path))
        return running[-1]

    yield _live
    for s in running:
        s.close()


def sent(s, device: str, seq: int, changes: list, seen: int = 0):
    """A change with its identity, as the page sends it."""
    return request(s, "POST", "/api/change", {"changes": changes, "seen": seen, "device": device, "seq": seq},
                   headers={"X-Printkit-Client": device})


def pieces_around_a_change(s, text: str, at: int, change: dict, first: float = 0.0):
    """An editor cutting the file and writing ``text`` in two pieces (cut at ``at``) 0.3 s apart, and a
    device's ``change`` sent ``first`` s after the first piece: the change's answer."""
    got = []
    fd = os.open(s.path, os.O_WRONLY | os.O_TRUNC)
    try:
        os.write(fd, text[:at].encode())
        time_sleep(first)
        t = threading.Thread(target=lambda: got.append(sent(s, "p1", 0, [change])))
        t.start()
        time_sleep(0.3)
        os.write(fd, text[at:].encode())
    finally:
        os.close(fd)
    t.join()
    return got[0]


def test_a_line_cut_and_added_again_is_written_and_a_re_send_is_written_once(live, tmp_path):
    """Finding 1: Undo then Redo of a line within the network's latency (the same line appended again after a
    cut) was taken for a re-send of the first and never written."""
    s = live(file_of(tmp_path, "game: add-residue\nplayers: [Ann, Ben]\nn: 13\nmoves:\n  - Ann add 3\n"))
    move = {"path": ["moves"], "append": "Ben mod 2", "n": 1}
    assert sent(s, "p1", 0, [move], seen=1)[0] == 200
    assert sent(s, "p1", 1, [{"path": ["moves"], "length": 1}], seen=1)[0] == 200
    status, answer = sent(s, "p1", 2, [move], seen=1)
    assert status == 200 and reads(s.path)["moves"] == ["Ann add 3", "Ben mod 2"]
    again = sent(s, "p1", 2, [move], seen=1)  # its answer lost: sent again, as it was
    assert again[0] == 200 and again[1]["again"] and reads(s.path)["moves"] == ["Ann add 3", "Ben mod 2"]
    assert sent(s, "p1", 0, [move], seen=1)[1]["again"]  # an old one arriving late: written once, long ago
    assert reads(s.path)["moves"] == ["Ann add 3", "Ben mod 2"]
    assert sent(s, "p2", 0, [move], seen=1)[0] == 200  # another phone's line, alike: a line of its own
    assert reads(s.path)["moves"] == ["Ann add 3", "Ben mod 2", "Ben mod 2"]


def test_a_hand_save_in_place_in_two_pieces_while_a_change_arrives_keeps_every_turn(live, tmp_path):
    """Finding 2: an editor that cuts the file and writes it in two pieces 20 ms apart, a change arriving in
    between: the file was left with half its turns (the second piece went to the file renamed away)."""
    s = live(file_of(tmp_path, MOVES))
    text = MOVES.replace("Ann add 1\n", "Ann add 1   # checked by hand\n").encode()
    half = text.index(b"  - Ann add 7") + 6  # '  - An': a move cut in the middle
    with open(s.path, "r+b") as fh:
        fh.truncate(0)
        fh.write(text[:half])
        fh.flush()
        got = []
        t = threading.Thread(target=lambda: got.append(sent(s, "p1", 0, [{"path": ["moves"], "append": "Ben mod 2"}])))
        t.start()
        time_sleep(0.02)
        fh.write(text[half:])
    t.join()
    assert got[0][0] == 200 and got[0][1]["reload"]  # every device reloads the hand edit
    data = reads(s.path)
    assert len(data["moves"]) == 61 and data["moves"][-1] == "Ben mod 2"
    assert s.path.read_bytes() == text + b"  - Ben mod 2\n"


@pytest.mark.parametrize("cut", ["at a line's end", "inside a line"])
def test_an_editors_save_in_two_pieces_300_ms_apart_around_a_change_keeps_both_and_every_device_reloads(
        live, tmp_path, cut):
    """An editor cuts the file, writes a first piece that reads as a whole file, and the rest 0.3 s later; a
    change arrives between.  The change was written on the first piece and the rest went to the file renamed
    away: the moves typed by hand were lost, or a move cut in the middle was written back cut."""
    start = "game: add-residue\nplayers: [Ann, Ben]\nn: 13\nmoves:\n- Ann add 10 = 10\n"
    edited = start + "- Ben add 6 = 16\n- Ann mod 11 = 5\n"
    at = edited.index("- Ben") if cut == "at a line's end" else len(start) - 4
    s = live(file_of(tmp_path, start))
    events = Events(s, "p2")
    events.wait("hello")
    got = [pieces_around_a_change(s, edited, at, {"path": ["moves"], "append": "Ben add 8 = 13", "n": 3})]
    assert got[0][0] == 200
    # the change written on the whole file (built again once the file stood still), or on the first piece and
    # the rest taken up after: either way every device is told to reload the file as it ends
    until = time.monotonic() + 5
    while s.path.read_text(encoding="utf-8") != edited + "- Ben add 8 = 13\n" and time.monotonic() < until:
        time_sleep(0.05)
    assert s.path.read_text(encoding="utf-8") == edited + "- Ben add 8 = 13\n"
    final = state(s)["version"]
    events.wait("change", lambda ev: ev["reload"] and ev["version"] == final, timeout=5)
    events.close()


def test_a_hand_save_by_rename_landing_while_a_change_is_written_is_kept(live, tmp_path, monkeypatch):
    """Finding 3: a hand save by rename landing while a change was applied was silently undone (the change was
    built from the file read at the start of the request), and no device was told."""
    from printkit.enter import filetext

    s = live(file_of(tmp_path, MOVES))
    hand = MOVES.replace("n: 13\n", "n: 13\n# Ben's move 4 checked\n").replace("Ben add 4", "Ben mod 4")
    write = filetext.write
    landed = []

    def editor_saves_meanwhile(text, data, title):  # between the server's read and its rename
        if not landed:
            other = s.path.with_name("editor.tmp")
            other.write_text(hand, encoding="utf-8")
            os.replace(other, s.path)
            landed.append(True)
        return write(text, data, title)

    monkeypatch.setattr(filetext, "write", editor_saves_meanwhile)
    status, answer = sent(s, "p1", 0, [{"path": ["moves"], "append": "Ann mod 2"}])
    assert landed and status == 200 and answer["reload"]
    assert s.path.read_text(encoding="utf-8") == hand + "  - Ann mod 2\n"


def test_a_symlinked_results_file_stays_a_link_and_its_target_gets_the_change(live, tmp_path):
    """Finding 7: the link was replaced by a plain file; the file it pointed to never got the entries."""
    real = file_of(tmp_path, MOVES, name="real.yaml")
    link = tmp_path / "night.yaml"
    link.symlink_to(real.name)
    s = live(link)
    assert sent(s, "p1", 0, [{"path": ["moves"], "append": "Ann mod 2"}])[0] == 200
    assert link.is_symlink() and os.readlink(link) == "real.yaml"
    assert reads(real)["moves"][-1] == "Ann mod 2"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.yaml", "real.yaml"]


def test_a_change_that_would_pass_the_readers_size_limit_is_refused_in_one_line(live, tmp_path):
    """Finding 8: writes answered 200 pushed the file past 1 MB; then nothing read it any more."""
    big = "game: add-residue\nplayers: [Ann, Ben]\nn: 13\nmoves:\n" + f"  - Ann add 3 {'x' * 600}\n" * 1200
    s = live(file_of(tmp_path, big))
    before = s.path.read_bytes()
    status, answer = sent(s, "p1", 0, [{"path": ["moves"], "append": f"Ben add 2 {'y' * 1000}"}] * 300)
    assert status == 400 and "1 MB" in answer["error"] and "\n" not in answer["error"], answer
    assert s.path.read_bytes() == before
    assert sent(s, "p1", 1, [{"path": ["moves"], "append": "Ben add 2"}])[0] == 200  # a change that fits lands


@pytest.mark.parametrize("was,now", [(1, True), (0.0, 0), (False, 0), (0, False), (2, 2.0)])
def test_a_value_equal_in_python_but_of_another_type_is_written(live, tmp_path, was, now):
    """Finding 10: ``1`` set to ``true``, ``0.0`` to ``0``, ``false`` to ``0`` answered 200 and not written."""
    import yaml

    s = live(file_of(tmp_path, STORE.replace("walls: []", f"walls: []\n    turns: [{yaml.safe_dump(was).split(chr(10))[0]}]")))
    status, _ = sent(s, "p1", 0, [{"path": ["sheets", "Ann", "turns", 0], "value": now}])
    assert status == 200
    got = reads(s.path)["sheets"]["Ann"]["turns"][0]
    assert got == now and type(got) is type(now)


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity", "1e999", "-1e999"])
def test_nan_and_infinity_in_a_body_are_refused(live, tmp_path, word):
    """Finding 11: they were written as ``.inf``; then the state sent to the page was not JSON."""
    s = live(file_of(tmp_path, STORE))
    before = s.path.read_bytes()
    raw = '{"changes": [{"path": ["sheets", "Ann", "turns"], "value": [%s]}], "seen": 0}' % word
    status, answer = request(s, "POST", "/api/change", raw=raw.encode(), headers={"Content-Type": "application/json"})
    assert status == 400 and "NaN" in answer["error"], answer
    assert s.path.read_bytes() == before
    status, text = request(s, "GET", "/api/state")
    assert status == 200 and isinstance(text, dict)


@pytest.mark.parametrize("value,said", [("2026-11-27", "a date"), ("!!binary aGVsbG8=", "binary data"),
                                        ("!!set {a, b}", "a set"), (".inf", "not a number")])
def test_a_file_holding_a_date_set_or_binary_is_refused_in_one_line(tmp_path, value, said):
    """Finding 12: such a file was served, and the state then answered 500 (``date is not JSON serializable``):
    refused at start in one line; put in while the page is open, the state says so in one line (422)."""
    import subprocess
    import sys

    held = STORE.replace("walls: []", f"walls: []\n    turns: [{value}]")
    bad = file_of(tmp_path, held, name="bad.yaml")
    try:
        run = subprocess.run([sys.executable, "-m", "printkit", "enter", str(bad), "--no-browser", "--port", "0"],
                             capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        raise AssertionError("served") from None
    err = run.stderr
    assert run.returncode == 2 and said in err and "turns" in err and len(err.strip().splitlines()) == 1, err
    good = file_of(tmp_path, STORE)
    s = Live(good)
    try:
        good.write_text(held, encoding="utf-8")
        status, answer = request(s, "GET", "/api/state")
        assert status == 422 and said in answer["error"] and "\n" not in answer["error"], answer
    finally:
        s.close()


def test_a_required_key_dropped_is_blanked_and_the_file_still_reads(live, tmp_path):
    """Finding 13: ``{"path": ["curves"], "drop": true}`` was written; the file was unreadable ('curves: missing')."""
    from printkit.enter import document

    src = DATA / "played-curve.yaml"
    s = live(file_of(tmp_path, src.read_text(encoding="utf-8"), name="curve.yaml"))
    status, _ = sent(s, "p1", 0, [{"path": ["curves"], "drop": True}])
    assert status == 200
    data = reads(s.path)
    assert set(data["curves"]) == {"Ann", "Ben", "Cat"} and all(set(g.split()) == {"."} for g in data["curves"].values())
    document.read(s.session.game, data)  # reads, as printkit score reads it


@pytest.mark.parametrize("route", ["/api/check", "/api/board", "/api/save", "/api/answer/review"])
def test_a_lone_surrogate_anywhere_is_the_clients_fault(live, tmp_path, route):
    """Finding 14: a lone surrogate in check, board or save was answered 500."""
    s = live(file_of(tmp_path, MOVES))
    doc = state(s)["results"]
    doc["moves"][0] = "Ann add 1\ud800"
    status, answer = request(s, "POST", route, raw=json.dumps(doc).encode("ascii"),
                             headers={"X-Printkit-Version": state(s)["version"], "Content-Type": "application/json"})
    assert status == 400 and "surrogate" in answer["error"], (status, answer)


def test_an_append_below_a_log_line_is_the_clients_fault(live, tmp_path):
    """Finding 14: ``path ["moves", 50, 5]`` with an append was a 500 (AttributeError)."""
    s = live(file_of(tmp_path, MOVES))
    before = s.path.read_bytes()
    status, answer = sent(s, "p1", 0, [{"path": ["moves", 50, 5], "append": "x"}])
    assert status == 400 and "\n" not in answer["error"], (status, answer)
    assert s.path.read_bytes() == before


def test_a_connection_failing_as_the_server_stops_prints_no_traceback(capfd):
    """Finding 14: at Ctrl-C during a burst the standard library printed 'Exception occurred during processing
    of request ... Bad file descriptor' with its traceback."""
    from printkit.enter import server

    httpd = server.Server(("127.0.0.1", 0), server.Handler)
    try:
        httpd.server_close()
        try:
            raise OSError(9, "Bad file descriptor")
        except OSError:
            httpd.handle_error(None, ("127.0.0.1", 5))
        err = capfd.readouterr().err
        assert "Traceback" not in err and "Exception occurred" not in err and not err.strip(), err
    finally:
        httpd.server_close()


@pytest.mark.parametrize("doc_change,said", [
    (lambda d: d.update(notes="checked by Ann"), "notes"),  # an unknown key: refused by a change and a save
    (lambda d: d["moves"].__setitem__(0, "Ann add 1\ud800"), None),  # text that cannot be written
    (lambda d: d["moves"].append([[[[[[[[[[[[[[[[[["deep"]]]]]]]]]]]]]]]]]]), None),  # nested past what is read
])
def test_ctrl_c_writes_only_a_document_a_save_would_take(serve, tmp_path, doc_change, said):
    """Findings 4 and 5: Ctrl-C wrote a document the server had refused (then ``printkit score`` exited 2),
    or ended in a traceback (exit 70) when the newest checked document could not be written."""
    from enter_helpers import run_printkit

    s = serve(file_of(tmp_path, MOVES))
    before = s.path.read_bytes()
    doc = state(s)["results"]
    doc["moves"].append("Ben mod 2")
    base = {"X-Printkit-Version": state(s)["version"], "X-Printkit-Client": "a", "Content-Type": "application/json"}
    request(s, "POST", "/api/check", raw=json.dumps(doc).encode(), headers={"X-Printkit-Seq": "1", **base})
    bad = json.loads(json.dumps(doc))
    doc_change(bad)
    request(s, "POST", "/api/check", raw=json.dumps(bad).encode("ascii"), headers={"X-Printkit-Seq": "2", **base})
    code, out, err = s.stop()
    assert code == 0 and "Traceback" not in err and len(out.strip().splitlines()) == 1, (code, out, err)
    assert reads(s.path)["moves"][-1] == "Ben mod 2"  # the last document a save would take
    assert s.path.read_bytes() != before and run_printkit("score", str(s.path))[0] != 2


def test_a_change_to_a_part_the_first_piece_of_an_editors_save_lacks_waits_for_the_rest(live, tmp_path):
    """The devices' search: an editor's save in place, in two pieces 0.3 s apart, whose first piece reads as a
    results file that lacks Ben's turns (cut at "Ben: grid"); Ben's turn arriving between was refused ("sheets.
    Ben.turns: no such part") and lost.  A change that does not fit another program's text of a moment ago is
    built again once the file has stood still longer."""
    blank = "".join(f"      {'.  ' * 6}.\n" for _ in range(7))
    start = "game: ikes\nplayers: [Ann, Ben]\nsheets:\n" + "".join(
        f"  {p}:\n    grid: |\n{blank}    walls: []\n    turns:\n" for p in ("Ann", "Ben"))
    edited = start.replace("turns:\n", "turns: # checked\n", 1)
    at = edited.index("    grid", edited.index("  Ben:")) + len("    grid")
    s = live(file_of(tmp_path, start))
    assert reads(s.path)["sheets"]["Ben"]["turns"] is None
    assert yaml.safe_load(edited[:at])["sheets"]["Ben"] == "grid"  # the first piece reads, without Ben's turns
    # (sent once the first piece has stood still longer than a file is waited for before it is read)
    got = pieces_around_a_change(s, edited, at, {"path": ["sheets", "Ben", "turns"], "append": "1d0 A1 5@A1"}, 0.15)
    assert got[0] == 200, got
    data = reads(s.path)
    assert data["sheets"]["Ben"]["turns"] == ["1d0 A1 5@A1"] and data["sheets"]["Ann"]["turns"] is None
    assert "turns: # checked" in s.path.read_text(encoding="utf-8")  # the editor's text, kept


def test_an_older_change_arriving_after_a_newer_one_that_wrote_nothing_is_never_applied(live, tmp_path):
    """The adversary's attack: a line appended (number 0), its Redo (number 2: the file holds the line, nothing
    written), then a delayed copy of the Undo between them (number 1) took the line out of the file."""
    s = live(file_of(tmp_path, "game: add-residue\nplayers: [Ann, Ben]\nn: 13\nmoves:\n"))
    line = {"path": ["moves"], "lines": [None], "append": "Ann add 3", "id": "p1.x"}
    assert sent(s, "p1", 0, [line])[0] == 200
    assert sent(s, "p1", 2, [line])[0] == 200 and reads(s.path)["moves"] == ["Ann add 3"]  # the Redo: held already
    status, answer = sent(s, "p1", 1, [{"path": ["moves"], "lines": [None], "remove": ["p1.x"]}])
    assert status == 200 and answer["again"], answer  # older than a change taken: a copy, not applied
    assert reads(s.path)["moves"] == ["Ann add 3"]

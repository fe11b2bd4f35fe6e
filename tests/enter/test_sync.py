"""Several devices on one file, at the HTTP level: a change travels as the part it touches, is applied to the
newest document, reaches every device as an event, and two changes to one part leave the later standing
with the earlier device told."""

from __future__ import annotations

import http.client
import json
import threading
import time

import pytest
import yaml

from printkit.enter import sync
from test_server import doc_of, request


# ---------------------------------------------------------------- a change applied to a document

@pytest.mark.parametrize("doc,change,after", [
    ({"moves": None}, {"path": ["moves", 0], "value": "Ann add 3"}, {"moves": ["Ann add 3"]}),
    ({"moves": ["a"]}, {"path": ["moves", 1], "value": "b"}, {"moves": ["a", "b"]}),
    ({"moves": ["a"]}, {"path": ["moves", 7], "value": "b"}, {"moves": ["a", "b"]}),  # after the last line
    ({"moves": ["a", "b", "c"]}, {"path": ["moves"], "length": 1}, {"moves": ["a"]}),
    ({"moves": ["a", "b"]}, {"path": ["moves", 0], "drop": True}, {"moves": ["b"]}),
    ({"fills": None}, {"path": ["fills", "Ann", "Ben"], "value": "1 2\n"}, {"fills": {"Ann": {"Ben": "1 2\n"}}}),
    ({"sheets": {"Ann": {"walls": []}, "Ben": {}}}, {"path": ["sheets", "Ann"], "drop": True}, {"sheets": {"Ben": {}}}),
    ({"rounds": [["A1-A2"], []]}, {"path": ["rounds", 1], "value": ["B1-B2"]}, {"rounds": [["A1-A2"], ["B1-B2"]]}),
])
def test_a_change_is_applied_to_its_part_only(doc, change, after):
    assert sync.apply(doc, change) == change["path"]
    assert doc == after


@pytest.mark.parametrize("change", [
    None, [], {"path": []}, {"path": "moves", "value": 1}, {"path": [0], "value": 1}, {"path": ["a"] * 9, "value": 1},
    {"path": ["moves", -1], "value": 1}, {"path": ["moves", True], "value": 1}, {"path": ["moves", 1.5], "value": 1},
    {"path": ["moves"]}, {"path": ["moves"], "length": -1}, {"path": ["moves"], "length": "2"},
    {"path": ["players", "x"], "value": 1},  # a list entered by a key
])
def test_a_change_that_cannot_be_applied_is_refused(change):
    with pytest.raises(sync.BadChange):
        sync.apply({"moves": ["a"], "players": ["Ann", "Ben"]}, change)


def test_parts_are_named_as_the_file_names_them():
    assert sync.part_name(["fills", "Ann", "Ben"]) == "fills.Ann.Ben"
    assert sync.part_name(["rounds", 2]) == "rounds[2]"
    assert sync.part_name(["sheets", "Cat", "walls", 3]) == "sheets.Cat.walls[3]"


# ---------------------------------------------------------------- devices on one server

def change(s, device: str, changes: list, seen: int = 0):
    return request(s, "POST", "/api/change", {"changes": changes, "seen": seen}, headers={"X-Printkit-Client": device})


class Events:
    """One device's event stream, read in a thread: (kind, data, time it came)."""

    def __init__(self, s, device: str):
        host, port = s.host.rsplit(":", 1)
        self.conn = http.client.HTTPConnection(host, int(port), timeout=30)
        self.conn.request("GET", f"/api/events?token={s.token}&device={device}", headers={"Host": s.host})
        self.response = self.conn.getresponse()
        assert self.response.status == 200 and self.response.getheader("Content-Type").startswith("text/event-stream")
        self.got: list[tuple[str, object, float]] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        kind = None
        try:
            for raw in self.response:
                line = raw.decode("utf-8").rstrip("\n")
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    self.got.append((kind, json.loads(line[6:]), time.monotonic()))
        except (OSError, ValueError):
            pass

    def wait(self, kind: str, test=lambda d: True, timeout: float = 10.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for k, d, t in self.got:
                if k == kind and test(d):
                    return d, t
            time.sleep(0.01)
        raise AssertionError(f"no {kind} event: {self.got}")

    def close(self):
        self.conn.close()


def blank(tmp_path):
    f = tmp_path / "night.yaml"
    f.write_text("# our Friday\ngame: curve\nplayers: [Ann, Ben]\nn: 4\n\ncurves:   # one grid each\nfills:\n",
                 encoding="utf-8")
    return f


def test_changes_to_different_parts_are_all_kept_and_every_device_sees_them_at_once(serve, tmp_path):
    s = serve(blank(tmp_path))
    phones = {d: Events(s, d) for d in ("ann-phone", "ben-phone", "laptop")}
    try:
        grids = {"Ann": "1 2 3 4\n12 . . 5\n11 . . 6\n10 9 8 7\n", "Ben": "# # # #\n# . . #\n# . . #\n# # # #\n"}
        answers = []
        threads = [threading.Thread(target=lambda who=who: answers.append(
            (time.monotonic(), change(s, f"{who.lower()}-phone", [{"path": ["curves", who], "value": grids[who]}]))))
            for who in grids]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert all(status == 200 for _, (status, _) in answers), answers
        data = doc_of(s.path)
        assert data["curves"] == grids  # both kept
        text = s.path.read_text(encoding="utf-8")
        assert text.startswith("# our Friday\n") and "# one grid each" in text
        sent = max(t for t, _ in answers)
        for name, events in phones.items():
            for who in grids:
                ev, came = events.wait("change", lambda d, who=who: any(c["path"] == ["curves", who] for c in d["changes"]))
                assert came - sent < 1.0, (name, who, came - sent)
                assert ev["device"] == f"{who.lower()}-phone"
    finally:
        for e in phones.values():
            e.close()


def test_the_same_part_twice_the_later_stands_and_the_earlier_device_is_told(serve, tmp_path):
    s = serve(blank(tmp_path))
    ann = Events(s, "ann-phone")
    try:
        status, first = change(s, "ann-phone", [{"path": ["fills", "Ann", "Ben"], "value": "1 . . .\n"}], seen=0)
        assert status == 200 and first["replaced"] == []
        # Ben's phone had not seen Ann's change (it saw revision 0): its change is the later one, and stands
        status, later = change(s, "ben-phone", [{"path": ["fills", "Ann", "Ben"], "value": ". 1 . .\n"}], seen=0)
        assert status == 200
        assert later["replaced"] == [{"part": "fills.Ann.Ben", "device": "ann-phone", "by": "device 2"}] or \
            [r["device"] for r in later["replaced"]] == ["ann-phone"]
        assert doc_of(s.path)["fills"]["Ann"]["Ben"] == ". 1 . .\n"
        ev, _ = ann.wait("change", lambda d: d["device"] == "ben-phone")
        assert [r["device"] for r in ev["replaced"]] == ["ann-phone"]  # Ann's phone is told
        # a change made after seeing the other's replaces nobody's unseen work
        status, third = change(s, "ann-phone", [{"path": ["fills", "Ann", "Ben"], "value": "1 1 . .\n"}],
                               seen=later["rev"])
        assert status == 200 and third["replaced"] == []
    finally:
        ann.close()


def test_a_file_edited_by_hand_meanwhile_keeps_its_other_parts_and_devices_reload(serve, tmp_path):
    s = serve(blank(tmp_path))
    phone = Events(s, "phone")
    try:
        change(s, "phone", [{"path": ["curves", "Ann"], "value": "1 2 3 4\n12 . . 5\n11 . . 6\n10 9 8 7\n"}])
        text = s.path.read_text(encoding="utf-8")
        s.path.write_text(text.replace("n: 4\n", "n: 4\ntitle: Friday   # typed by hand\n"), encoding="utf-8")
        status, body = change(s, "phone", [{"path": ["fills", "Ann", "Ann"], "value": ". . . .\n"}], seen=1)
        assert status == 200 and body["reload"] is True
        data = doc_of(s.path)
        assert data["title"] == "Friday" and "Ann" in data["curves"] and data["fills"]["Ann"]["Ann"] == ". . . .\n"
        assert "# typed by hand" in s.path.read_text(encoding="utf-8")
        phone.wait("change", lambda d: d["reload"] is True)
    finally:
        phone.close()


def test_a_change_is_checked_like_a_save(serve, tmp_path):
    s = serve(blank(tmp_path))
    before = s.path.read_bytes()
    for bad, status in (([{"path": ["n"], "value": 99}], 422), ([{"path": ["game"], "value": "knives"}], 422),
                        ([{"path": ["players", "x"], "value": 1}], 400), ([], 400), ("x", 400),
                        ([{"path": ["fills"]}], 400)):
        got, body = change(s, "phone", bad)
        assert got == status and "\n" not in body["error"], (bad, got, body)
    assert request(s, "POST", "/api/change", {"changes": [{"path": ["title"], "value": "x"}]},
                   origin="http://evil.example")[0] == 403
    assert s.path.read_bytes() == before


def test_who_is_entering_what_reaches_every_device(serve, tmp_path):
    s = serve(blank(tmp_path))
    laptop = Events(s, "laptop")
    phone = Events(s, "phone")
    try:
        assert request(s, "POST", "/api/presence", {"name": "Ben's device", "entering": "Ben's sheets"},
                       headers={"X-Printkit-Client": "phone"})[0] == 200
        ev, _ = laptop.wait("presence", lambda d: any(x["entering"] == "Ben's sheets" for x in d))
        assert {x["device"] for x in ev} == {"laptop", "phone"}
        phone.close()
        laptop.wait("presence", lambda d: [x["device"] for x in d] == ["laptop"])  # gone when its page goes
    finally:
        laptop.close()


def test_the_number_of_event_streams_is_bounded(serve, tmp_path):
    s = serve(blank(tmp_path))
    streams = [Events(s, f"d{i}") for i in range(sync.MAX_DEVICES)]
    try:
        assert request(s, "GET", "/api/events?device=one-more")[0] == 503
        assert request(s, "GET", "/api/state")[0] == 200  # the others still served
    finally:
        for e in streams:
            e.close()


def test_the_file_reads_back_as_the_devices_left_it(serve, tmp_path):
    s = serve(blank(tmp_path))
    lines = {"Ann": "1 2 3 4\n12 . . 5\n11 . . 6\n10 9 8 7\n", "Ben": "1 2 3 4\n12 . . 5\n11 . . 6\n10 9 8 7\n"}
    for i, (who, grid) in enumerate(lines.items()):
        change(s, who, [{"path": ["curves", who], "value": grid}], seen=i)
        change(s, who, [{"path": ["fills", who, who], "value": ". . . .\n. 1 2 .\n. 4 3 .\n. . . .\n"}], seen=i)
    data = yaml.safe_load(s.path.read_text(encoding="utf-8"))
    assert set(data["fills"]) == {"Ann", "Ben"} and data["curves"] == lines

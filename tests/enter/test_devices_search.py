"""A search for a lost edit among several devices on one file: up to 4 devices on a real ``printkit enter``
server (on 127.0.0.1, spoken to over HTTP as the page speaks to it, its events read from its event stream),
writing squares of two stores and lines of their turn logs, some going off the network and coming back (their
changes held back and sent later, their events read late), with whole saves and hand edits of the file between,
an editor saving the file (in place, in two pieces 0.3 s apart, or by rename) at the moment a device's change
arrives, and the server stopped (Ctrl-C or SIGTERM: the session's last save) and started again.

After every step the file reads and holds every change answered and every hand edit.  Whenever a device's change takes a value another device wrote and it had not
seen, that device is told, with both values.  Once every device is back and its events are read, every device's
document is the file's, and every square and line holds the last value written to it.

The devices keep their documents as the page does (``parts.js``, ``table.js``, ``saving.js``, here in Python).
"""

from __future__ import annotations

import copy
import os
import threading
import time

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from printkit.enter import document, server, session
from printkit.inputs import parse
from page_parts import by_place, get, is_grid, merge_grid, rows
from searches import examples
from test_server import request
from test_sync import Events

PLAYERS = ("Ann", "Ben")
BLANK = "\n".join([".  " * 6 + "."] * 7) + "\n"
FILE = "# Friday's stores\ngame: ikes\nplayers: [Ann, Ben]\nsheets:\n" + "".join(
    f"  {p}:   # {p}'s sheet\n    grid: |\n" + "".join(f"      {row}\n" for row in BLANK.strip("\n").split("\n")) +
    "    walls: []\n    turns:\n" for p in PLAYERS)
MARKS = st.sampled_from(["o", "1", "2", "5", "6", "C1"])


# ---------------------------------------------------------------- the page's parts (parts.js), in Python

def diff(a, b, path=(), out=None) -> list[dict]:
    out = [] if out is None else out
    if a == b:
        return out
    if a is None and isinstance(b, list) and b and path:
        out += [{"path": list(path), "append": v, "n": i} for i, v in enumerate(b)]
        return out
    if isinstance(a, dict) and isinstance(b, dict):
        out += [{"path": [*path, k], "drop": True} for k in a if k not in b]
        for k in b:
            if k in a or isinstance(b[k], list):
                diff(a.get(k), b[k], (*path, k), out)
            else:
                out.append({"path": [*path, k], "value": copy.deepcopy(b[k])})
        return out
    if isinstance(a, list) and isinstance(b, list) and path:
        for i, v in enumerate(b):
            if i >= len(a):
                out.append({"path": list(path), "append": v, "n": i})
            elif a[i] != v:
                diff(a[i], v, (*path, i), out)
        if len(b) < len(a):
            out.append({"path": list(path), "length": len(b)})
        return out
    out.append({"path": list(path), "value": b, "was": a} if is_grid(a) and is_grid(b) else
               {"path": list(path), "value": copy.deepcopy(b)})
    return out


def apply(doc, ch) -> None:
    path = ch["path"]
    if "append" in ch:
        lst = get(doc, path)
        if not isinstance(lst, list):
            apply(doc, {"path": path, "value": []})
            lst = get(doc, path)
        if ch.get("n") is not None and ch["append"] in lst[ch["n"]:]:
            return
        lst.insert(min(ch.get("at", len(lst)), len(lst)), copy.deepcopy(ch["append"]))
        return
    by_place(doc, ch)


def overlaps(p, q) -> bool:
    return all(a == b for a, b in zip(p, q))


# ---------------------------------------------------------------- one device, as the page keeps it

class Device:
    def __init__(self, at, name: str):
        self.at, self.name, self.online, self.read = at, name, True, 0
        self.events = Events(at, name)
        self.events.wait("hello")
        self.reload()
        self.since = None

    def post(self, route, body, **headers):
        return request(self.at, "POST", route, body, headers={"X-Printkit-Client": self.name, **headers})

    def reload(self) -> None:
        status, body = request(self.at, "GET", "/api/state")
        assert status == 200, body
        mine = diff(self.synced, self.doc) if hasattr(self, "doc") else []
        self.synced, self.doc = body["results"], copy.deepcopy(body["results"])
        for ch in mine:
            apply(self.doc, ch)
        self.rev, self.version = body["rev"], body["version"]

    def edit(self, change) -> None:
        if self.since is None:
            self.since = self.rev
        change(self.doc)

    def send(self) -> dict | None:
        changes = diff(self.synced, self.doc)
        if not changes:
            return None
        status, body = self.post("/api/change", {"changes": changes, "seen": self.since if self.since is not None
                                                 else self.rev})
        if status == 409 and body.get("stale"):  # a line it names by place moved since it looked: told, nothing
            del self.doc  # written (the page puts it back by the lines' identities, which this device lacks)
            self.reload()
            self.since = None
            return None
        assert status == 200, (status, body, changes)
        for ch in changes:
            apply(self.synced, ch)
        self.version = body["version"]
        if self.synced == self.doc:
            self.since = None
        if body["reload"]:
            self.reload()
        return {"changes": changes, **body}

    def drain(self) -> None:
        got = [d for k, d, _ in self.events.got if k == "change"]
        for ev in got[self.read:]:
            self.read += 1
            if ev["rev"] <= self.rev:
                continue
            if ev.get("reload") or ev["rev"] != self.rev + 1:
                self.reload()
                continue
            self.rev, self.version = ev["rev"], ev["version"]
            own = ev["device"] == self.name
            for ch in ev["changes"]:
                self.merge(ch if own else {k: v for k, v in ch.items() if k != "n"}, own)

    def merge(self, ch, own: bool) -> None:  # table.js's merge()
        before = copy.deepcopy(get(self.synced, ch["path"]))
        pending = not own and any(overlaps(m["path"], ch["path"]) for m in diff(self.synced, self.doc))
        apply(self.synced, ch)
        if "append" in ch:
            if not own:
                apply(self.doc, ch)
            return
        if not own and not pending:
            apply(self.doc, ch)
            return
        now = get(self.synced, ch["path"])
        if isinstance(before, str) and isinstance(now, str) and before != now:
            grid = merge_grid(before, str(get(self.doc, ch["path"]) or ""), now)
            if grid is not None:
                apply(self.doc, {"path": ch["path"], "value": grid})


# ---------------------------------------------------------------- the search

def with_square(text: str, who: str, r: int, c: int, mark: str) -> str:
    """The file's text with the square at row ``r``, column ``c`` of ``who``'s store changed to ``mark``, as a
    person edits it by hand."""
    at = text.index(f"  {who}:")
    start = text.index("grid: |\n", at) + len("grid: |\n")
    lines = text[start:].split("\n")
    cells = lines[r].split()
    cells[c] = mark
    lines[r] = "      " + "  ".join(cells)
    return text[:start] + "\n".join(lines)


class Table(RuleBasedStateMachine):
    @initialize()
    def start(self):
        import tempfile
        from pathlib import Path

        self.folder = tempfile.TemporaryDirectory()
        self.path = Path(self.folder.name) / "stores.yaml"
        self.path.write_text(FILE, encoding="utf-8")
        self.serve()
        self.devices: list[Device] = [Device(self, "d0")]
        self.squares: dict[tuple, tuple[str, str]] = {}  # (player, r, c) -> (mark, who wrote it last)
        self.lines: dict[tuple, tuple[str, str]] = {}  # (player, i) -> (line, who wrote it last)
        self.count = 0

    def serve(self):
        game, path, data = document.open_file(str(self.path))
        self.session = session.Session(game, path, data, "127.0.0.1")
        self.httpd = server.make_server(self.session, "127.0.0.1", 0)
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        self.host, self.token = f"127.0.0.1:{self.httpd.server_address[1]}", self.session.token

    def teardown(self):
        if hasattr(self, "httpd"):
            for d in self.devices:
                d.events.close()
            self.httpd.shutdown()
            self.httpd.server_close()
            self.folder.cleanup()

    def file(self) -> dict:
        return parse(self.path.read_text(encoding="utf-8"), "stores.yaml").data

    def device(self, i: int) -> Device:
        return self.devices[i % len(self.devices)]

    @precondition(lambda self: len(self.devices) < 4)
    @rule()
    def another_device_joins(self):
        self.devices.append(Device(self, f"d{len(self.devices)}"))

    @rule(i=st.integers(0, 3), who=st.sampled_from(PLAYERS), r=st.integers(0, 6), c=st.integers(0, 6), mark=MARKS)
    def a_square_written(self, i, who, r, c, mark):
        def change(doc):
            grid = rows(doc["sheets"][who]["grid"])
            grid[r][c] = mark
            doc["sheets"][who]["grid"] = "\n".join("  ".join(row) for row in grid) + "\n"
        self.device(i).edit(change)

    @rule(i=st.integers(0, 3), who=st.sampled_from(PLAYERS))
    def a_turn_added(self, i, who):
        self.count += 1
        line = f"{self.count}{self.device(i).name} G2 5@G2"
        self.device(i).edit(lambda doc: (doc["sheets"][who].__setitem__("turns", doc["sheets"][who]["turns"] or []),
                                         doc["sheets"][who]["turns"].append(line)))

    @rule(i=st.integers(0, 3), who=st.sampled_from(PLAYERS), k=st.integers(0, 20))
    def a_turn_written_over(self, i, who, k):
        turns = self.device(i).doc["sheets"][who]["turns"] or []
        if turns:
            self.count += 1
            line = f"{self.count}{self.device(i).name} fixed"
            self.device(i).edit(lambda doc: doc["sheets"][who]["turns"].__setitem__(k % len(turns), line))

    @rule(i=st.integers(0, 3))
    def a_device_saves(self, i):
        d = self.device(i)
        if not d.online:
            return
        seen = copy.deepcopy(d.synced)
        done = d.send()
        if done is None:
            return
        told = done["replaced"]
        for ch in done["changes"]:
            if "append" in ch:
                who = ch["path"][1]
                got = self.file()["sheets"][who]["turns"]
                assert got.count(ch["append"]) == 1, (ch, got)  # added once, whatever else came first
                self.lines[(who, got.index(ch["append"]))] = (ch["append"], d.name)
            elif ch["path"][2:] == ["grid"]:
                who = ch["path"][1]
                base, mine = rows(ch["was"]), rows(ch["value"])
                for r, row in enumerate(mine):
                    for c, mark in enumerate(row):
                        if mark != base[r][c]:
                            self.took(("sq", who, r, c), self.squares, (who, r, c), mark, d.name,
                                      rows(get(seen, ch["path"]))[r][c], told)
            elif ch["path"][2:3] == ["turns"] and "value" in ch:
                who = ch["path"][1]
                lines = enumerate(ch["value"]) if len(ch["path"]) == 3 else [(ch["path"][3], ch["value"])]
                for k, line in lines:
                    self.took(("line", who, k), self.lines, (who, k), line, d.name, get(seen, [*ch["path"][:3], k]),
                              told)

    def took(self, what, ledger, key, value, device, seen_value, told):
        """A value written over the last one: its writer is told, with both values, unless the writer is this
        device, or this device had seen it, or it was the same."""
        prev = ledger.get(key)
        if prev and prev[1] not in (device, "hand") and prev[0] != seen_value and prev[0] != value:
            assert any(t["device"] == prev[1] and t["was"] == prev[0] and t["now"] == value for t in told), \
                (what, prev, value, told)
        ledger[key] = (value, device)

    @rule(i=st.integers(0, 3))
    def a_device_reads_its_events(self, i):
        if self.device(i).online:
            self.device(i).drain()

    @rule(i=st.integers(0, 3))
    def a_device_leaves_or_comes_back(self, i):
        d = self.device(i)
        d.online = not d.online

    @rule(i=st.integers(0, 3))
    def a_whole_save(self, i):
        d = self.device(i)
        if not d.online:
            return
        d.drain()
        status, body = d.post("/api/save", d.doc, **{"X-Printkit-Version": d.version})
        if status == 409:  # the file changed on disk since: the page reloads (its changes kept on top)
            d.reload()
            return
        assert status == 200, body
        for who in PLAYERS:
            sheet = d.doc["sheets"][who]
            for r, row in enumerate(rows(sheet["grid"])):
                for c, mark in enumerate(row):
                    if self.squares.get((who, r, c), (".",))[0] != mark:
                        self.squares[(who, r, c)] = (mark, d.name)
            for k, line in enumerate(sheet["turns"] or []):
                if self.lines.get((who, k), (None,))[0] != line:
                    self.lines[(who, k)] = (line, d.name)
        d.synced, d.since, d.version = copy.deepcopy(d.doc), None, body["version"]

    @rule(who=st.sampled_from(PLAYERS), r=st.integers(0, 6), c=st.integers(0, 6), mark=MARKS, note=st.booleans())
    def a_hand_edit(self, who, r, c, mark, note):
        text = self.path.read_text(encoding="utf-8")
        if note:
            text = text.replace("# Friday's stores\n", "# Friday's stores\n# checked by hand\n", 1)
        self.path.write_text(with_square(text, who, r, c, mark), encoding="utf-8")
        self.squares[(who, r, c)] = (mark, "hand")

    @rule(how=st.sampled_from(["in place", "in pieces", "by rename"]), i=st.integers(0, 3),
          who=st.sampled_from(PLAYERS), r=st.integers(0, 6), c=st.integers(0, 6), mark=MARKS)
    def an_editor_saves_while_a_device_writes(self, how, i, who, r, c, mark):
        """An editor saving a square of ``who``'s store (in place, in two pieces 0.3 s apart, or by rename) at the
        moment a device's turn for the other player arrives: both are in the file (once the editor's rest is
        taken up: within a second), and the device is told."""
        d = self.device(i)
        if not d.online or diff(d.synced, d.doc):
            return
        other = PLAYERS[1 - PLAYERS.index(who)]
        self.a_turn_added(i, other)
        new = with_square(self.path.read_text(encoding="utf-8"), who, r, c, mark).encode("utf-8")
        done = []
        sending = threading.Thread(target=lambda: done.append(d.send()))
        if how == "by rename":
            sending.start()
            other_file = self.path.with_name("editor.tmp")
            other_file.write_bytes(new)
            os.replace(other_file, self.path)
        else:
            with open(self.path, "r+b") as fh:
                fh.truncate(0)
                fh.write(new[: len(new) // 2] if how == "in pieces" else new)
                fh.flush()
                sending.start()
                if how == "in pieces":
                    time.sleep(0.3)
                    fh.write(new[len(new) // 2:])
        sending.join()
        self.squares[(who, r, c)] = (mark, "hand")
        line = done[0]["changes"][0]["append"]
        whole = parse(new.decode("utf-8"), "stores.yaml").data  # the editor's whole save, with the device's turn
        whole["sheets"][other]["turns"] = (whole["sheets"][other]["turns"] or []) + [line]
        saved = parse(new.decode("utf-8"), "stores.yaml").data
        # (a turn written just before the editor's rename landed is left out by its save: the file as saved
        # stands, and every page is told the turn it left out)
        told = lambda: self.file() == saved and any(it.get("append") == line for it in self.session.dropped.items)  # noqa: E731
        until = time.monotonic() + 1.0
        while self.file() != whole and not told() and time.monotonic() < until:  # (the first piece with the turn
            time.sleep(0.02)  # on it, until the editor's rest is taken up)
        if how == "by rename" and told():
            self.session.dropped.answer({"leave": True})  # (Leave them out, as the players may say)
        else:
            assert self.file() == whole, (how, line)
            self.lines[(other, len(whole["sheets"][other]["turns"]) - 1)] = (line, d.name)
        if d.version != self.session.known:  # the device is told: it reloads the editor's whole save
            d.events.wait("change", lambda ev: ev.get("reload") and ev["version"] == self.session.known)
            d.drain()

    @rule(signal=st.sampled_from(["Ctrl-C", "SIGTERM"]))
    def the_server_stops_and_starts_again(self, signal):
        """Ctrl-C or SIGTERM (both end the serving, then the session saves what the page showed last): the file
        reads and holds every change and hand edit; a new run serves it, and every device reloads."""
        self.httpd.shutdown()
        for d in self.devices:
            d.events.close()
        self.session.table.close()
        self.httpd.server_close()
        said = self.session.stop()
        assert "\n" not in said and "Traceback" not in said, said
        self.the_file_holds_every_change()
        self.serve()
        for d in self.devices:
            d.events, d.read = Events(self, d.name), 0
            d.events.wait("hello")
            d.reload()

    @invariant()
    def the_file_holds_every_change(self):
        """Every change answered and every hand edit is in the file (a device whose value was taken was told)."""
        if not hasattr(self, "path"):
            return
        data = self.file()
        for (who, r, c), (mark, by) in self.squares.items():
            assert rows(data["sheets"][who]["grid"])[r][c] == mark, ((who, r, c), mark, by)
        for (who, k), (line, by) in self.lines.items():
            assert (data["sheets"][who]["turns"] or [])[k] == line, ((who, k), line, by)

    @invariant()
    def the_file_reads(self):
        if hasattr(self, "path"):
            document.check_setup(self.session.game, self.file())

    def teardown_check(self):
        for d in self.devices:
            d.online = True
        self.session.look()  # (as the event streams' next keep-alive does: a hand edit sent to every device)
        for _ in range(3):  # every change sent, every event read (a change sent may bring another's back)
            for d in self.devices:
                self.a_device_saves(self.devices.index(d))
            for d in self.devices:
                if d.rev < self.session.table.rev:
                    d.events.wait("change", lambda ev: ev["rev"] >= self.session.table.rev, timeout=10)
                d.drain()
        data = self.file()
        for d in self.devices:
            assert d.doc == data, (d.name, diff(data, d.doc))
        for (who, r, c), (mark, by) in self.squares.items():
            assert rows(data["sheets"][who]["grid"])[r][c] == mark, ((who, r, c), mark, by)
        for (who, k), (line, by) in self.lines.items():
            assert (data["sheets"][who]["turns"] or [])[k] == line, ((who, k), line, by)

    @rule()
    def everyone_back_and_settled(self):
        self.teardown_check()


Table.TestCase.settings = settings(max_examples=examples(20), stateful_step_count=30, deadline=None,
                                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_no_edit_is_lost_among_devices = Table.TestCase

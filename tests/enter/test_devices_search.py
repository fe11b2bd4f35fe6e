"""A search for a lost edit among several devices on one file: up to 4 devices on a real ``printkit enter``
server (on 127.0.0.1, spoken to over HTTP as the page speaks to it, its events read from its event stream),
writing squares of two stores and lines of their turn logs, some going off the network and coming back (their
changes held back and sent later, their events read late), with whole saves and hand edits of the file between,
an editor saving the file (in place, in two pieces 0.3 s apart, or by rename) at the moment a device's change
arrives, and the server stopped (Ctrl-C or SIGTERM: the session's last save) and started again.

Devices also take back their own turns (an Undo), lose their event stream while their saves go through (they
learn of the others' lines only when a save's answer says they are behind), and add the same turn at once.

After every step the file reads and holds every change answered and every hand edit, and its turns are exactly
the turns written and not taken back, each once, by its identity.  Whenever a device's change takes a value
another device wrote and it had not seen, that device is told, with both values.  Once every device is back
and its events are read, every device's document and its lines' identities are the file's, and every square
and line holds the last value written to it.

The devices keep their documents as the page does (``parts.js``, ``table.js``, ``saving.js``, here in Python).
"""

from __future__ import annotations

import copy
import os
import re
import threading
import time

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from printkit.enter import document, lines, server, session
from printkit.inputs import parse
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

def is_grid(v) -> bool:
    return isinstance(v, str) and "\n" in v.strip()


def named(path, ids) -> dict:
    return {"path": list(path), "lines": list(ids)} if any(isinstance(k, int) for k in path) else {"path": list(path)}


def diff(a, sa, b, sb, path=(), ids=(), out=None) -> list[dict]:
    """The changes that make ``a`` (its lines ``sa``) into ``b`` (its lines ``sb``), each line named by its
    identity, as parts.js's diff()."""
    out = [] if out is None else out
    if isinstance(a, list) and isinstance(b, list) and path:
        ia, ib = (sa or {}).get("ids", []), (sb or {}).get("ids", [])
        if a == b and ia == ib:
            return out
        gone = [x for x in ia if x not in ib]
        if gone:
            out.append({**named(path, ids), "remove": gone})
        for i, v in enumerate(b):
            if ib[i] in ia:
                j = ia.index(ib[i])
                diff(a[j], sa["of"][j], v, sb["of"][i], (*path, j), (*ids, ib[i]), out)
            else:
                nxt = next((x for x in ib[i + 1:] if x in ia), None)
                out.append({**named(path, ids), "append": copy.deepcopy(v), "id": ib[i], **({"before": nxt} if nxt else {})})
        return out
    if a == b:
        return out
    if isinstance(a, list) and path and b is None:
        out.append({**named(path, ids), "remove": (sa or {}).get("ids", []), "empty": {"value": None}})
        return out
    if a is None and isinstance(b, list) and b and path:
        out += [{**named(path, ids), "append": v, "id": sb["ids"][i]} for i, v in enumerate(b)]
        return out
    if isinstance(a, dict) and isinstance(b, dict):
        sa, sb = sa if isinstance(sa, dict) else {}, sb if isinstance(sb, dict) else {}
        for k in a:
            if k not in b:
                out.append({**named((*path, k), (*ids, None)), **({"remove": sa.get(k, {}).get("ids", []),
                                                                    "empty": {"drop": True}}
                                                                   if isinstance(a[k], list) else {"drop": True})})
        for k in b:
            if k in a or isinstance(b[k], list):
                diff(a.get(k), sa.get(k), b[k], sb.get(k), (*path, k), (*ids, None), out)
            else:
                out.append({**named((*path, k), (*ids, None)), "value": copy.deepcopy(b[k])})
        return out
    out.append({**named(path, ids), "value": b, "was": a} if is_grid(a) and is_grid(b) else
               {**named(path, ids), "value": copy.deepcopy(b)})
    return out


def find(doc, known, ch):
    """The change's path with each line it names where it stands in ``doc`` (None: a line gone)."""
    try:
        return lines.resolve(doc, known, ch)
    except lines.Stale:
        return None


def touch(a, b) -> bool:
    """Whether two changes touch one part, their lines named by identity (parts.js's touch())."""
    def wheres(ch):
        at = [ch["lines"][i] if isinstance(k, int) and ch.get("lines") and ch["lines"][i] else k
              for i, k in enumerate(ch["path"])]
        return [[*at, ch["id"]]] if "append" in ch else [[*at, x] for x in ch["remove"]] if "remove" in ch else [at]
    return any(overlaps(p, q) for p in wheres(a) for q in wheres(b))


def apply(doc, known, ch, make):
    """One change into a device's document and its lines, as parts.js's apply(): a line there already is not
    added again, a line added goes after the line it follows on the server (before the device's own new
    lines), a change naming a line gone is left out; returns the lines."""
    path = find(doc, known, ch)
    if path is None:
        return known
    if "append" in ch:
        here = get(doc, path)
        if not isinstance(here, list):
            by_place(doc, {"path": path, "value": []})
            here = get(doc, path)
        mine = lines.at(known, path)
        if not isinstance(mine, dict) or len(mine.get("ids", ())) != len(here):
            mine = lines.fresh(here, make)
            known = lines._put(known, path, mine)
        if ch["id"] in mine["ids"]:
            return known
        place = 0 if "after" in ch and ch["after"] is None else \
            mine["ids"].index(ch["after"]) + 1 if ch.get("after") in mine["ids"] else \
            mine["ids"].index(ch["before"]) if ch.get("before") in mine["ids"] else len(here)
        here.insert(place, copy.deepcopy(ch["append"]))
        mine["ids"].insert(place, ch["id"])
        mine["of"].insert(place, lines.fresh(ch["append"], make))
        return known
    if "remove" in ch:
        return lines.apply(doc, known, {**ch, "path": path, "lines": None})[1]
    before = copy.deepcopy(doc)
    by_place(doc, {**ch, "path": path})
    return lines.align(before, known, doc, make)


def get(doc, path):
    for k in path:
        if isinstance(doc, dict) and k in doc:
            doc = doc[k]
        elif isinstance(doc, list) and isinstance(k, int) and k < len(doc):
            doc = doc[k]
        else:
            return None
    return doc


def rows(grid: str) -> list[list[str]]:
    return [ln.split() for ln in grid.split("\n") if ln.strip()]


def merge_grid(base, mine, theirs):
    b, m, t = rows(base), rows(mine), rows(theirs)
    if [len(r) for r in b] != [len(r) for r in m] or [len(r) for r in b] != [len(r) for r in t] or len(b) < 2:
        return None
    out, r = [], 0
    for line in mine.split("\n"):
        if line.strip():
            it = iter(range(len(m[r])))
            line = re.sub(r"\S+", lambda _, r=r, it=it: (lambda c: t[r][c] if m[r][c] == b[r][c] else m[r][c])(next(it)),
                          line)
            r += 1
        out.append(line)
    return "\n".join(out)


def by_place(doc, ch) -> None:
    """A change applied at its path's places (parts.js's change0)."""
    path = ch["path"]
    here = doc
    for i, k in enumerate(path[:-1]):
        nxt = here[k] if (isinstance(here, list) and k < len(here)) or (isinstance(here, dict) and k in here) else None
        if not isinstance(nxt, (list if isinstance(path[i + 1], int) else dict)):
            nxt = [] if isinstance(path[i + 1], int) else {}
            here[k] = nxt
        here = nxt
    last = path[-1]
    if ch.get("drop"):
        here.pop(last, None) if isinstance(here, dict) else (here.pop(last) if last < len(here) else None)
    elif "length" in ch:
        if isinstance(here.get(last) if isinstance(here, dict) else None, list):
            del here[last][ch["length"]:]
    else:
        now = here.get(last) if isinstance(here, dict) else (here[last] if last < len(here) else None)
        merged = merge_grid(ch["was"], ch["value"], now) if isinstance(ch.get("was"), str) and is_grid(now) and \
            now != ch["was"] else None
        value = copy.deepcopy(ch["value"]) if merged is None else merged
        if isinstance(here, list) and last >= len(here):
            here.append(value)
        else:
            here[last] = value


def overlaps(p, q) -> bool:
    return all(a == b for a, b in zip(p, q))


# ---------------------------------------------------------------- one device, as the page keeps it

class Device:
    def __init__(self, at, name: str):
        self.at, self.name, self.online, self.deaf, self.read = at, name, True, False, 0
        self.made, self.seq = 0, 0  # lines this device made, saves it sent (each save's identity: name and number)
        self.events = Events(at, name)
        self.events.wait("hello")
        self.reload()
        self.since = None

    def new_id(self) -> str:
        self.made += 1
        return f"{self.name}.{self.made}"

    def post(self, route, body, **headers):
        return request(self.at, "POST", route, body, headers={"X-Printkit-Client": self.name, **headers})

    def reload(self) -> None:  # table.js's reload(), and app.js's restorePending() after the server ran anew
        status, body = request(self.at, "GET", "/api/state")
        assert status == 200, body
        mine = []
        if hasattr(self, "doc"):
            if body["run"] != self.run:  # the lines named as the new run names them, where they stand alike
                ids = renames(self.sl, lines.align(body["results"], body["lines"], self.synced, self.new_id))
                self.sl, self.dl = renamed(self.sl, ids), renamed(self.dl, ids)
            mine = diff(self.synced, self.sl, self.doc, self.dl)
        self.synced, self.sl = body["results"], body["lines"]
        self.doc, self.dl = copy.deepcopy(body["results"]), copy.deepcopy(body["lines"])
        for ch in mine:
            self.dl = apply(self.doc, self.dl, ch, self.new_id)
        self.rev, self.version, self.run = body["rev"], body["version"], body["run"]

    def edit(self, change) -> None:  # app.js's edit(): a line standing as it stood keeps its identity
        if self.since is None:
            self.since = self.rev
        new = copy.deepcopy(self.doc)
        change(new)
        self.dl = lines.align(self.doc, self.dl, new, self.new_id)
        self.doc = new

    def send(self, tries: int = 3) -> dict | None:  # saving.js's save()
        changes = diff(self.synced, self.sl, self.doc, self.dl)
        if not changes:
            return None
        status, body = self.post("/api/change", {"changes": changes, "seen": self.since if self.since is not None
                                                 else self.rev, "device": self.name, "seq": self.seq})
        self.seq += 1
        if status == 409 and body.get("stale") and tries:  # a line it names is gone: the newest file, then again
            self.reload()
            self.since = None
            return self.send(tries - 1)
        assert status == 200, (status, body, changes)
        for ch in changes:
            self.sl = apply(self.synced, self.sl, ch, self.new_id)
        self.version = body["version"]
        if self.synced == self.doc:
            self.since = None
        if body["reload"] or self.deaf and body["rev"] > self.rev + 1:  # (its events lost: the answer says it is behind)
            self.reload()
        return {"changes": changes, **body}

    def drain(self) -> None:
        if self.deaf:
            return
        got = [d for k, d, _ in self.events.got if k == "change"]
        for ev in got[self.read:]:
            self.read += 1
            if ev["rev"] <= self.rev:
                continue
            if ev.get("reload") or ev["rev"] != self.rev + 1:
                self.reload()
                continue
            self.rev, self.version = ev["rev"], ev["version"]
            for ch in ev["changes"]:
                self.merge(ch, ev["device"] == self.name)

    def hears_again(self) -> None:  # its event stream back: the page's EventSource says hello, and it reloads
        self.deaf = False
        self.read = len([k for k, _, _ in self.events.got if k == "change"])
        self.reload()

    def merge(self, ch, own: bool) -> None:  # table.js's merge()
        at = find(self.synced, self.sl, ch)
        before = copy.deepcopy(get(self.synced, at)) if at is not None else None
        pending = not own and any(touch(m, ch) for m in diff(self.synced, self.sl, self.doc, self.dl))
        self.sl = apply(self.synced, self.sl, ch, self.new_id)
        if "append" in ch or "remove" in ch:
            if not own:
                self.dl = apply(self.doc, self.dl, ch, self.new_id)
            return
        if not own and not pending:
            self.dl = apply(self.doc, self.dl, ch, self.new_id)
            return
        here, there = find(self.synced, self.sl, ch), find(self.doc, self.dl, ch)
        now = get(self.synced, here) if here is not None else None
        if there is not None and isinstance(before, str) and isinstance(now, str) and before != now:
            grid = merge_grid(before, str(get(self.doc, there) or ""), now)
            if grid is not None:
                self.dl = apply(self.doc, self.dl, {"path": there, "value": grid}, self.new_id)


def renames(old, new) -> dict:
    """Each identity in the lines ``old`` mapped to the one at its place in ``new`` (parts.js's renames())."""
    out = {}
    if isinstance(old, dict) and isinstance(new, dict):
        if isinstance(old.get("ids"), list) and isinstance(new.get("ids"), list):
            for i, x in enumerate(old["ids"]):
                if x != new["ids"][i]:
                    out[x] = new["ids"][i]
                out.update(renames(old["of"][i], new["of"][i]))
        else:
            for k in old:
                out.update(renames(old[k], new.get(k)))
    return out


def renamed(known, ids: dict):
    if isinstance(known, dict) and isinstance(known.get("ids"), list):
        return {"ids": [ids.get(x, x) for x in known["ids"]], "of": [renamed(x, ids) for x in known["of"]]}
    return {k: renamed(v, ids) for k, v in known.items()} if isinstance(known, dict) else known


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
        self.lines: dict[tuple, tuple[str, str]] = {}  # (player, the line's identity) -> (line, who wrote it last)
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

    def turns(self) -> dict[tuple, str]:
        """The turns the file holds, by (player, identity) as the server names them."""
        body = self.session.state()  # (what /api/state answers; the server may be stopped)
        return {(who, x): line for who in PLAYERS
                for x, line in zip(lines.at(body["lines"], ["sheets", who, "turns"]) and
                                   lines.at(body["lines"], ["sheets", who, "turns"])["ids"] or [],
                                   body["results"]["sheets"][who]["turns"] or [])}

    def device(self, i: int) -> Device:
        return self.devices[i % len(self.devices)]

    @precondition(lambda self: len(self.devices) < 4)
    @rule()
    def another_device_joins(self):
        self.devices.append(Device(self, f"d{len(self.devices)}"))

    @rule(i=st.integers(0, 3), who=st.sampled_from(PLAYERS), r=st.integers(0, 6), c=st.integers(0, 6), mark=MARKS)
    def a_square_written(self, i, who, r, c, mark):
        def change(doc):
            sheet = doc.get("sheets", {}).get(who) or {}
            grid = rows(sheet.get("grid") or "")
            if len(grid) <= r or len(grid[r]) <= c:  # a store that does not read whole (an editor's save half
                return  # written when this device last read the file): a page shows it unread, no square to tap
            grid[r][c] = mark
            doc["sheets"][who]["grid"] = "\n".join("  ".join(row) for row in grid) + "\n"
        self.device(i).edit(change)

    @rule(i=st.integers(0, 3), who=st.sampled_from(PLAYERS))
    def a_turn_added(self, i, who):
        self.count += 1
        line = f"{self.count}{self.device(i).name} G2 5@G2"
        self.device(i).edit(lambda doc: (doc["sheets"][who].__setitem__("turns", doc["sheets"][who]["turns"] or []),
                                         doc["sheets"][who]["turns"].append(line)))

    @rule(i=st.integers(0, 3), j=st.integers(1, 3), who=st.sampled_from(PLAYERS))
    def two_devices_add_the_same_turn_at_once(self, i, j, who):
        """The same turn entered on two devices at the same moment: each is sent before either device has the
        other's (two lines, one each, however the events come)."""
        a, b = self.device(i), self.device(i + j)
        if a is b or not a.online or not b.online:
            return
        self.count += 1
        line = f"{self.count}both G2 5@G2"
        for d in (a, b):
            d.edit(lambda doc: (doc["sheets"][who].__setitem__("turns", doc["sheets"][who]["turns"] or []),
                                doc["sheets"][who]["turns"].append(line)))
        self.a_device_saves(self.devices.index(a))
        self.a_device_saves(self.devices.index(b))
        assert list(self.turns().values()).count(line) == 2, self.turns()

    @rule(i=st.integers(0, 3), who=st.sampled_from(PLAYERS))
    def a_device_takes_back_its_last_turn(self, i, who):
        """An Undo of the device's own turn: the last line it added that it still shows, taken away by its
        identity wherever the other devices' lines stand."""
        d = self.device(i)
        known = lines.at(d.dl, ["sheets", who, "turns"])
        own = [k for k, x in enumerate(known["ids"] if known else []) if x.startswith(d.name + ".")]
        if own:
            d.edit(lambda doc: doc["sheets"][who]["turns"].pop(own[-1]))

    @rule(i=st.integers(0, 3))
    def a_devices_event_stream_is_lost_or_back(self, i):
        """Its network drops the event stream (its saves still go through), or the stream is back."""
        d = self.device(i)
        if d.deaf:
            d.hears_again()
        else:
            d.deaf = True

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
        now = self.turns()
        for ch in done["changes"]:
            if "append" in ch:
                who = ch["path"][1]
                assert now.get((who, ch["id"])) == ch["append"], (ch, now)  # added once, whatever else came first
                self.lines[(who, ch["id"])] = (ch["append"], d.name)
            elif "remove" in ch:
                for x in ch["remove"]:
                    assert (ch["path"][1], x) not in now, (ch, now)
                    self.lines.pop((ch["path"][1], x), None)
            elif ch["path"][2:] == ["grid"]:
                who = ch["path"][1]
                base, mine = rows(ch["was"]), rows(ch["value"])
                for r, row in enumerate(mine):
                    for c, mark in enumerate(row):
                        if mark != base[r][c]:
                            self.took(("sq", who, r, c), self.squares, (who, r, c), mark, d.name,
                                      rows(get(seen, ch["path"]))[r][c], told)
            elif ch["path"][2:3] == ["turns"] and "value" in ch and len(ch["path"]) == 4:
                who, x = ch["path"][1], ch["lines"][3]
                if (who, x) in now:  # (a line taken back by another device meanwhile: it is not written)
                    self.took(("line", who, x), self.lines, (who, x), ch["value"], d.name,
                              get(seen, ch["path"]), told)

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
        was, self.lines = self.lines, {}  # the turns as the whole save wrote them, each named as the server names it
        for key, line in self.turns().items():
            self.lines[key] = was[key] if was.get(key, (None,))[0] == line else (line, d.name)
        d.since = None
        d.reload()

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
        if not d.online or diff(d.synced, d.sl, d.doc, d.dl):
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
        until = time.monotonic() + 1.0
        while self.file() != whole and time.monotonic() < until:  # (the first piece with the turn on it, until
            time.sleep(0.02)  # the editor's rest is taken up)
        assert self.file() == whole, (how, line)
        was, self.lines = self.lines, {}  # the turns as the server names them once the editor's save is taken up
        for key, got in self.turns().items():
            self.lines[key] = was[key] if was.get(key, (None,))[0] == got else (got, d.name)
        if d.version != self.session.known:  # the device is told: it reloads the editor's whole save
            d.events.wait("change", lambda ev: ev.get("reload") and ev["version"] == self.session.known)
            d.drain()

    @rule(signal=st.sampled_from(["Ctrl-C", "SIGTERM"]))
    def the_server_stops_and_starts_again(self, signal):
        """Ctrl-C or SIGTERM (both end the serving, then the session saves what the page showed last): the file
        reads and holds every change and hand edit; a new run serves it, and every device reloads."""
        before = self.turns_held()
        self.httpd.shutdown()
        for d in self.devices:
            d.events.close()
        self.session.table.close()
        self.httpd.server_close()
        said = self.session.stop()
        assert "\n" not in said and "Traceback" not in said, said
        self.the_file_holds_every_change()
        self.serve()
        after = self.turns_held()  # the new run names the file's lines anew: the same lines, in the same places
        self.lines = {(who, after[who][before[who].index(x)]): v for (who, x), v in self.lines.items()}
        for d in self.devices:
            d.events, d.read, d.deaf = Events(self, d.name), 0, False
            d.events.wait("hello")
            d.reload()

    def turns_held(self) -> dict[str, list]:
        """Each player's turns' identities, in order, as the server names them now."""
        body = self.session.state()
        return {who: (lines.at(body["lines"], ["sheets", who, "turns"]) or {"ids": []})["ids"] for who in PLAYERS}

    @invariant()
    def the_file_holds_every_change(self):
        """Every change answered and every hand edit is in the file (a device whose value was taken was told)."""
        if not hasattr(self, "path"):
            return
        data = self.file()
        for (who, r, c), (mark, by) in self.squares.items():
            assert rows(data["sheets"][who]["grid"])[r][c] == mark, ((who, r, c), mark, by)
        self.every_turn_once()

    def every_turn_once(self):
        """The file's turns are the turns written and not taken back, each once, each as last written."""
        assert self.turns() == {key: line for key, (line, _) in self.lines.items()}, (self.turns(), self.lines)

    @invariant()
    def the_file_reads(self):
        if hasattr(self, "path"):
            document.check_setup(self.session.game, self.file())

    def teardown_check(self):
        for d in self.devices:
            d.online = True
            if d.deaf:
                d.hears_again()
        self.session.look()  # (as the event streams' next keep-alive does: a hand edit sent to every device)
        for _ in range(3):  # every change sent, every event read (a change sent may bring another's back)
            for d in self.devices:
                self.a_device_saves(self.devices.index(d))
            for d in self.devices:
                if d.rev < self.session.table.rev:
                    d.events.wait("change", lambda ev: ev["rev"] >= self.session.table.rev, timeout=10)
                d.drain()
        data = self.file()
        status, state = request(self, "GET", "/api/state")
        for d in self.devices:  # both pages show the file, its lines named alike
            assert d.doc == data, (d.name, diff(data, state["lines"], d.doc, d.dl))
            assert d.dl == state["lines"], (d.name, d.dl, state["lines"])
        for (who, r, c), (mark, by) in self.squares.items():
            assert rows(data["sheets"][who]["grid"])[r][c] == mark, ((who, r, c), mark, by)
        self.every_turn_once()

    @rule()
    def everyone_back_and_settled(self):
        self.teardown_check()


Table.TestCase.settings = settings(max_examples=examples(20), stateful_step_count=30, deadline=None,
                                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_no_edit_is_lost_among_devices = Table.TestCase

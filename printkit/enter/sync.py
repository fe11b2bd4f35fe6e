"""Several devices on one results file.

A change travels as the part of the record it touches (``fills.Ann.Ben``, ``sheets.Cat``, ``rounds[2]``,
one line of a log) and is applied to the newest document, so edits to different parts are all kept.  Each
part remembers which device wrote it last and at which revision; a change made by a device that had not
seen the part's newest value still stands (it is the later one), and the device whose value it replaced
is told (``replaced``), so that it keeps its own in undo.  Every change is sent to every device at once as
an event (server-sent events), with who is entering what (``presence``).

A change is ``{"path": [key or index, ...], "value": V}`` (set; a place past a list's end adds there),
``{"path": [...], "append": V}`` (a line added at the end of a log: two appends are two lines, in the order
received), ``{"path": [...], "drop": true}`` (a key taken away) or ``{"path": [...], "length": N}`` (a list
cut to its first N items); ``seen`` is the revision of the part the device's value was made from.  A change to
a list names its lines by their identities (``lines``: an appended line's ``id``, the lines a ``remove`` takes
away, the line a set replaces); one made by place is refused as stale on a list another device moved since
the device saw it (``lines.py``).  A grid
(a text of rows of squares) set with ``"was"`` (the grid the device changed) is merged square by square
with what other devices wrote into it meanwhile: only the squares the device changed are its change.
"""

from __future__ import annotations

import json
import queue
import re
import threading
from typing import Any

from .filetext import same

MAX_PATH = 8  # keys in a part's path: a results document is at most 4 deep
MAX_CHANGES = 500  # changes in one request (a whole grid typed in at once is one)
MAX_DEVICES = 32  # event streams open at once: a table has up to 8 devices, each may reload


class BadChange(ValueError):
    """A change that cannot be applied: answered 400 in one line."""


def part_name(path: list) -> str:
    """``fills.Ann.Ben``, ``rounds[2]``, ``moves[14]``: the part as the file names it."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _path(change: Any) -> list:
    if not isinstance(change, dict):
        raise BadChange("each change is an object with a path")
    path = change.get("path")
    if not isinstance(path, list) or not path or len(path) > MAX_PATH or not isinstance(path[0], str):
        raise BadChange(f"a change's path is a list of 1 to {MAX_PATH} keys, starting with a key")
    for p in path:
        if isinstance(p, bool) or not isinstance(p, (str, int)) or (isinstance(p, int) and not 0 <= p < 100_000):
            raise BadChange("a change's path holds keys (text) and list places (0 or more)")
    return path


def valid(change: Any) -> list:
    """A change's path, checked (BadChange if the change is no change: see the module's words)."""
    path = _path(change)
    if not any(k in change for k in ("value", "append", "length", "remove")) and change.get("drop") is not True:
        raise BadChange(f"{part_name(path)}: a change sets a value, appends a line, drops a key or cuts a list")
    named = change.get("lines")
    ids = [change[k] for k in ("id", "before") if change.get(k) is not None]
    ids += change["remove"] if isinstance(change.get("remove"), list) else [None] * ("remove" in change)
    ids += [n for n in named if n is not None] if isinstance(named, list) else []
    if named is not None and (not isinstance(named, list) or len(named) != len(path)) or len(ids) > 10_000 or \
            not all(isinstance(i, str) and 0 < len(i) <= 80 for i in ids):
        raise BadChange(f"{part_name(path)}: a line is named by its identity (text), one for each list place in its path")
    return path


def get(doc: Any, path: list) -> Any:
    """The value at ``path`` (None where there is none)."""
    for key in path:
        if isinstance(doc, str) and isinstance(key, int):  # a grid's row, then its square
            doc = _rows(doc)
        if isinstance(doc, dict) and isinstance(key, str):
            doc = doc.get(key)
        elif isinstance(doc, list) and isinstance(key, int) and key < len(doc):
            doc = doc[key]
        else:
            return None
    return doc


def apply(doc: dict, change: dict) -> list:
    """Apply one change to ``doc`` in place; returns its path (an appended line's, with its place).
    Containers on the way are made as needed (a blank record's ``moves:`` is empty until its first line)."""
    path = _path(change)
    if "append" in change and change.get("drop") is not True:
        here = get(doc, path)
        if not isinstance(here, list):
            if here not in (None, ""):
                raise BadChange(f"{part_name(path)}: not a list, so no line can be added to it")
            apply(doc, {"path": path, "value": []})
            here = get(doc, path)
        here.append(change["append"])
        return path + [len(here) - 1]
    here: Any = doc
    for i, key in enumerate(path[:-1]):
        if isinstance(here, dict) != isinstance(key, str):
            raise BadChange(f"{part_name(path)}: no such part")
        want_list = isinstance(path[i + 1], int)
        nxt = here.get(key) if isinstance(here, dict) else (here[key] if key < len(here) else None)
        if isinstance(nxt, dict if want_list else list) or nxt not in (None, "") and not isinstance(nxt, (list, dict)):
            raise BadChange(f"{part_name(path)}: no such part")  # a list entered by a key, a mapping by a place, a line
        if not isinstance(nxt, list if want_list else dict):
            nxt = [] if want_list else {}
            _put(here, key, nxt)
        here = nxt
    last = path[-1]
    if isinstance(here, list) != isinstance(last, int):
        raise BadChange(f"{part_name(path)}: no such part")
    if change.get("drop") is True:
        if isinstance(here, dict):
            here.pop(last, None)
        elif last < len(here):
            del here[last]
    elif "length" in change:
        n = change["length"]
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise BadChange(f"{part_name(path)}: a list's length is a number, 0 or more")
        target = here.get(last) if isinstance(here, dict) else (here[last] if last < len(here) else None)
        if isinstance(target, list):
            del target[n:]
    elif "value" in change:
        value = change["value"]
        was, now = change.get("was"), (here.get(last) if isinstance(here, dict) else
                                       (here[last] if last < len(here) else None))
        if isinstance(was, str) and isinstance(value, str):
            squares = changed_squares(was, value)
            if squares is not None:  # a grid: its squares are the parts this change writes
                change["squares"] = squares
            if squares is not None and isinstance(now, str) and now != was:
                merged = merge_grid(was, value, now)
                if merged is not None:  # another device's squares written since stay; this device's are added
                    value, change["merged"] = merged[0], True
        change["value"] = value
        _put(here, last, value)
    else:
        raise BadChange(f"{part_name(path)}: a change sets a value, drops a key or cuts a list")
    return path


def _put(here: Any, key: Any, value: Any) -> None:
    if isinstance(here, dict):
        here[key] = value
    elif key < len(here):
        here[key] = value
    else:
        here.append(value)  # a line added at the end of a log (after another device's, if one came first)


TOKEN = re.compile(r"\S+")


def merge_grid(base: str, mine: str, theirs: str) -> tuple[str, list] | None:
    """``mine`` (a grid changed from ``base``) with the squares ``theirs`` changed from ``base`` put in, and
    the squares both changed to different values ([row, column], counted from 0: ``mine`` stands there);
    None when the three are not grids of one shape (then ``mine`` is the change, whole)."""
    rows = [[ln.split() for ln in t.split("\n") if ln.strip()] for t in (base, mine, theirs)]
    shapes = [[len(r) for r in g] for g in rows]
    if not shapes[0] or shapes[0] != shapes[1] or shapes[0] != shapes[2] or len(shapes[0]) < 2:
        return None
    b, m, t = rows
    clashes = [[r, c] for r, row in enumerate(b) for c, v in enumerate(row)
               if m[r][c] != v and t[r][c] != v and m[r][c] != t[r][c]]
    out, r = [], 0
    for line in mine.split("\n"):
        if line.strip():
            row = r
            out.append(TOKEN.sub(lambda mt, it=iter(range(len(m[row]))): _square(b[row], m[row], t[row], next(it)), line))
            r += 1
        else:
            out.append(line)
    return "\n".join(out), clashes


def changed_squares(was: str, grid: str) -> list | None:
    """The squares ([row, column]) ``grid`` changed from ``was``; None when the two are not grids of one shape."""
    b, m = _rows(was), _rows(grid)
    if len(b) < 2 or [len(r) for r in b] != [len(r) for r in m]:
        return None
    return [[r, c] for r, row in enumerate(b) for c, v in enumerate(row) if m[r][c] != v]


def _square(b: list, m: list, t: list, c: int) -> str:
    return t[c] if m[c] == b[c] else m[c]


class Table:
    """The devices on one file: the revision of every part, the event streams, who is entering what."""

    def __init__(self):
        self.lock = threading.Lock()
        self.rev = 0
        self.parts: dict[str, tuple[int, str, list]] = {}  # part -> (revision, device, path) of its newest value
        self.said: Any = part_name  # a part as players say it ("round 3"): the game's naming
        self.streams: dict[int, tuple[str, queue.Queue]] = {}
        self.devices: dict[str, dict] = {}  # device -> {"n", "name", "entering"}
        self.count = 0  # devices that have joined: each is "device N" until it says whose sheets it enters

    def changed(self, changes: list[dict], device: str, before: dict, after: dict) -> tuple[int, list[dict]]:
        """A new revision for ``changes`` (each with ``part``: the path of the part it wrote, and ``seen``),
        made by ``device`` (``before`` and ``after``: the document around them); the values it took from
        another device that had written them after ``device`` last saw them, with both values:
        [{"part": as players say it, "path", "device", "by", "was": theirs, "now": the value that stands}]."""
        self.rev += 1
        replaced = []
        for ch in changes:
            path, seen = ch["part"], int(ch.get("seen") or 0)
            if "squares" in ch:  # a grid changed square by square: each square is a part of its own
                for r, c in ch["squares"]:
                    self._took(path + [r, c], device, seen, before, after, replaced)
                continue
            self._took(path, device, seen, before, after, replaced, added="append" in ch)
        return self.rev, replaced

    def _took(self, path: list, device: str, seen: int, before: dict, after: dict, replaced: list,
              added: bool = False) -> None:
        """``path`` written by ``device``: each part in it, or holding it, that another device wrote after
        ``device`` last saw it, and that now holds another value, is told (with both values); the part is
        ``device``'s now (a line ``added`` takes nothing from the part holding it)."""
        name = part_name(path)
        for part, (rev, who, ppath) in list(self.parts.items()):
            inside = part == name or part.startswith(name + ".") or part.startswith(name + "[")
            holds = not added and (name.startswith(part + ".") or name.startswith(part + "["))
            at = ppath if inside else path
            if (inside or holds) and who != device and rev > seen and not same(get(before, at), get(after, at)):
                replaced.append({"part": self.said(at), "path": at, "device": who, "by": self.name_of(device),
                                 "was": get(before, at), "now": get(after, at)})
        self.record(path, device)

    def record(self, path: list, device: str) -> None:
        """``path`` written by ``device`` at this revision (the parts in it are its now)."""
        name = part_name(path)
        self.parts = {p: v for p, v in self.parts.items() if not (p.startswith(name + ".") or p.startswith(name + "["))}
        self.parts[name] = (self.rev, device, path)

    def name_of(self, device: str) -> str:
        d = self.devices.get(device)
        return (d["name"] or f"device {d['n']}") if d else "another device"

    # -- events

    def subscribe(self, device: str) -> queue.Queue | None:
        with self.lock:
            if len(self.streams) >= MAX_DEVICES:
                return None
            q: queue.Queue = queue.Queue(maxsize=1000)
            self.streams[id(q)] = (device, q)
            if device not in self.devices:
                self.count += 1
                self.devices[device] = {"n": self.count, "name": "", "entering": ""}
        self.publish("presence", self.presence())
        return q

    def unsubscribe(self, q: queue.Queue) -> None:
        with self.lock:
            device, _ = self.streams.pop(id(q), ("", None))
            if device and not any(d == device for d, _ in self.streams.values()):
                self.devices.pop(device, None)
        self.publish("presence", self.presence())

    def present(self, device: str, name: Any, entering: Any) -> None:
        """What a device says of itself: whose sheets it is entering (a player's name, or blank)."""
        with self.lock:
            if device in self.devices:
                self.devices[device].update(name=_short(name), entering=_short(entering))
        self.publish("presence", self.presence())

    def presence(self) -> list[dict]:
        with self.lock:
            return [{"device": d, **v} for d, v in self.devices.items()]

    def publish(self, kind: str, data: Any) -> None:
        line = f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode("utf-8", "replace")
        with self.lock:
            streams = list(self.streams.values())
        for _, q in streams:
            try:
                q.put_nowait(line)
            except queue.Full:  # a device that stopped reading: it reloads the whole state when it is back
                pass

    def close(self) -> None:
        with self.lock:
            streams = list(self.streams.values())
        for _, q in streams:
            try:
                q.put_nowait(None)
            except queue.Full:
                pass


def _rows(grid: Any) -> list[list[str]]:
    return [ln.split() for ln in grid.split("\n") if ln.strip()] if isinstance(grid, str) else []


def _short(text: Any) -> str:
    return str(text)[:60] if isinstance(text, (str, int)) else ""

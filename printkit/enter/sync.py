"""Several devices on one results file.

A change travels as the part of the record it touches (``fills.Ann.Ben``, ``sheets.Cat``, ``rounds[2]``,
one line of a log) and is applied to the newest document, so edits to different parts are all kept.  Each
part remembers which device wrote it last and at which revision; a change made by a device that had not
seen the part's newest value still stands (it is the later one), and the device whose value it replaced
is told (``replaced``), so that it keeps its own in undo.  Every change is sent to every device at once as
an event (server-sent events), with who is entering what (``presence``).

A change is ``{"path": [key or index, ...], "value": V}`` (set, or add a log line at the list's end),
``{"path": [...], "drop": true}`` (a key taken away) or ``{"path": [...], "length": N}`` (a list cut to its
first N items); ``seen`` is the revision of the part the device's value was made from.
"""

from __future__ import annotations

import json
import queue
import threading
from typing import Any

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


def apply(doc: dict, change: dict) -> list:
    """Apply one change to ``doc`` in place; returns its path.  Containers on the way are made as needed
    (a blank record's ``moves:`` is empty until its first line)."""
    path = _path(change)
    here: Any = doc
    for i, key in enumerate(path[:-1]):
        if isinstance(here, dict) != isinstance(key, str):
            raise BadChange(f"{part_name(path)}: no such part")
        want_list = isinstance(path[i + 1], int)
        nxt = here.get(key) if isinstance(here, dict) else (here[key] if key < len(here) else None)
        if isinstance(nxt, dict if want_list else list):
            raise BadChange(f"{part_name(path)}: no such part")  # a list entered by a key, or a mapping by a place
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
        _put(here, last, change["value"])
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


class Table:
    """The devices on one file: the revision of every part, the event streams, who is entering what."""

    def __init__(self):
        self.lock = threading.Lock()
        self.rev = 0
        self.parts: dict[str, tuple[int, str]] = {}  # part -> (revision, device) of its newest value
        self.streams: dict[int, tuple[str, queue.Queue]] = {}
        self.devices: dict[str, dict] = {}  # device -> {"n", "name", "entering"}
        self.count = 0  # devices that have joined: each is "device N" until it says whose sheets it enters

    def changed(self, changes: list[dict], device: str) -> tuple[int, list[dict]]:
        """A new revision for ``changes``, made by ``device``; the parts it took from another device that had
        written them after ``device`` last saw them: [{"part", "device", "by"}]."""
        self.rev += 1
        replaced = []
        for ch in changes:
            name = part_name(ch["path"])
            for part, (rev, who) in list(self.parts.items()):
                inside = part == name or part.startswith(name + ".") or part.startswith(name + "[")
                if inside and who != device and rev > int(ch.get("seen") or 0):
                    replaced.append({"part": part, "device": who, "by": self.name_of(device)})
            self.parts = {p: v for p, v in self.parts.items()
                          if not (p.startswith(name + ".") or p.startswith(name + "["))}
            self.parts[name] = (self.rev, device)
        return self.rev, replaced

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
        line = f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode("utf-8")
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


def _short(text: Any) -> str:
    return str(text)[:60] if isinstance(text, (str, int)) else ""

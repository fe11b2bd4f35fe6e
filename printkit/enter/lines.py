"""Each line of every list in a results document has an identity, so that a change to a list says which
lines it means, whatever other devices added or took away meanwhile.

The lines' identities are kept beside the document, in a tree of the same shape (its ``lines``): a list's is
``{"ids": [one per line], "of": [each line's own, for a list of lists]}``, a mapping's ``{key: its value's}``,
a plain value's None.  The file holds no identities: a line read from it gets a new one; a line a device adds
comes with the identity the device gave it.  The page keeps the same tree beside its document (``parts.js``).

A change to a list names its lines by identity:

- ``{"path": [...], "append": V, "id": ID}``: a line added (``before``: the line it goes before, else at the end);
  a line whose identity the list holds already is not added again (a change sent twice);
- ``{"path": [...], "remove": [ID, ...]}``: those lines taken away, wherever they stand now (``empty``:
  ``{"value": V}`` or ``{"drop": true}``, what the part becomes when no line is left);
- ``"lines": [...]`` beside a path: at each list place in it, the identity of the line meant there; a line no
  longer held makes the change stale (``Stale``), never applied to the line now standing at that place.
"""

from __future__ import annotations

import copy
import itertools
import secrets
from typing import Any, Callable

from . import sync


class Stale(ValueError):
    """A change naming a line the document no longer holds, or made by place on a list that moved since the
    device last saw it: refused; the device is brought up to date and sends it again."""


_count = itertools.count(1)
RUN = secrets.token_hex(4)  # this run's: a line read by another run of the server is never taken for one of these


def new_id() -> str:
    """An identity for a line read from the file (a device's own lines come with theirs)."""
    return f"{RUN}.{next(_count)}"


def fresh(value: Any, make: Callable[[], str] = new_id) -> Any:
    """The lines of ``value``, each with a new identity."""
    if isinstance(value, list):
        return {"ids": [make() for _ in value], "of": [fresh(v, make) for v in value]}
    if isinstance(value, dict):
        return {k: s for k, v in value.items() if (s := fresh(v, make)) is not None}
    return None


def align(old: Any, olds: Any, new: Any, make: Callable[[], str] = new_id) -> Any:
    """The lines of ``new`` (a later version of ``old``, whose lines are ``olds``): a line standing as it stood,
    counted from either end, keeps its identity; the lines between are paired place by place (a line changed
    keeps its identity: a list of the same length keeps every identity by place); the rest are new."""
    if isinstance(new, list):
        if not isinstance(old, list) or not isinstance(olds, dict) or len(olds.get("ids", ())) != len(old):
            return fresh(new, make)
        if old == new:
            return olds
        p = 0
        while p < min(len(old), len(new)) and old[p] == new[p]:
            p += 1
        s = 0
        while s < min(len(old), len(new)) - p and old[-1 - s] == new[-1 - s]:
            s += 1
        ids, of = [], []
        for i, v in enumerate(new):
            j = i if i < p or i - p < len(old) - p - s and i < len(new) - s else \
                len(old) - (len(new) - i) if i >= len(new) - s else None
            if j is None:
                ids.append(make())
                of.append(fresh(v, make))
            else:
                ids.append(olds["ids"][j])
                of.append(align(old[j], olds["of"][j], v, make))
        return {"ids": ids, "of": of}
    if isinstance(new, dict):
        olds = olds if isinstance(old, dict) and isinstance(olds, dict) else {}
        old = old if isinstance(old, dict) else {}
        return {k: s for k, v in new.items() if (s := align(old.get(k), olds.get(k), v, make)) is not None}
    return None


def at(lines: Any, path: list) -> Any:
    """The lines of the part at ``path`` (None where there are none)."""
    for key in path:
        if isinstance(key, int):
            lines = lines["of"][key] if isinstance(lines, dict) and key < len(lines.get("of", ())) else None
        else:
            lines = lines.get(key) if isinstance(lines, dict) else None
    return lines


def resolve(doc: Any, lines: Any, change: dict) -> list:
    """The change's path with each list place where the line it names stands now (Stale if it is gone)."""
    path, named = list(change["path"]), change.get("lines")
    if named is None:
        return path
    if not isinstance(named, list) or len(named) != len(path):
        raise sync.BadChange(f"{sync.part_name(path)}: a change's lines name a line at each list place of its path")
    here, hl = doc, lines
    for i, key in enumerate(path):
        if isinstance(key, int) and named[i] is not None:
            ids = hl.get("ids") if isinstance(hl, dict) else None
            if not isinstance(ids, list) or named[i] not in ids:
                raise Stale(f"{sync.part_name(path)}: that line is no longer in the file")
            key = path[i] = ids.index(named[i])
        here = sync.get(here, [key])
        hl = at(hl, [key])
    return path


def apply(doc: dict, lines: dict, change: dict) -> tuple[list, dict]:
    """Apply one change to ``doc`` in place, its lines kept in step; returns its path (an appended line's, with
    its place: then ``after``, the line it follows, is written into the change) and the document's lines."""
    path = resolve(doc, lines, change)
    if "append" in change and change.get("drop") is not True:
        change.setdefault("id", new_id())  # (a client that names no lines: its line gets an identity here)
        here = sync.get(doc, path)
        if not isinstance(here, list):
            sync.apply(doc, {"path": path, "value": []})
            lines = _put(lines, path, {"ids": [], "of": []})
            here = sync.get(doc, path)
        mine = at(lines, path)
        if change["id"] in mine["ids"]:  # there already: the same line sent again
            change["again"] = True
            return path + [mine["ids"].index(change["id"])], lines
        place = mine["ids"].index(change["before"]) if change.get("before") in mine["ids"] else len(here)
        here.insert(place, change["append"])
        mine["ids"].insert(place, change["id"])
        mine["of"].insert(place, fresh(change["append"]))
        change["after"] = mine["ids"][place - 1] if place else None
        return path + [place], lines
    if "remove" in change:
        gone = change["remove"]
        here, mine = sync.get(doc, path), at(lines, path)
        if not isinstance(gone, list) or not all(isinstance(g, str) for g in gone):
            raise sync.BadChange(f"{sync.part_name(path)}: the lines to take away are named by their identities")
        if isinstance(here, list) and isinstance(mine, dict):
            for k in sorted((mine["ids"].index(g) for g in set(gone) if g in mine["ids"]), reverse=True):
                del here[k], mine["ids"][k], mine["of"][k]
            empty = change.get("empty")
            if not here and isinstance(empty, dict) and ("value" in empty or empty.get("drop") is True):
                before = copy.deepcopy(doc)
                sync.apply(doc, {"path": path, **({"drop": True} if "value" not in empty else {"value": empty["value"]})})
                lines = align(before, lines, doc)
        return path, lines
    before = copy.deepcopy(doc)
    resolved = {**change, "path": path}
    part = sync.apply(doc, resolved)
    for k in ("value", "squares", "merged"):  # (a grid merged: what the change wrote, told the devices)
        if k in resolved:
            change[k] = resolved[k]
    return part, align(before, lines, doc)


def again(doc: dict, before: dict, known: Any, changes: list[dict]) -> None:
    """``changes`` (made on ``before``, whose lines are ``known``) applied again to ``doc``, an editor's text
    written late: its lines named as ``before``'s where they stand alike; a line the editor took away is left."""
    known = align(before, known, doc)
    for ch in changes:
        try:
            _, known = apply(doc, known, copy.deepcopy(ch))
        except Stale:
            pass


def _put(lines: Any, path: list, value: Any) -> Any:
    """``lines`` with the lines of the part at ``path`` set to ``value`` (the mappings on the way made)."""
    root = lines if isinstance(lines, dict) else {}
    here = root
    for key in path[:-1]:
        nxt = here["of"][key] if isinstance(key, int) else here.get(key)
        if not isinstance(nxt, dict):
            nxt = {}
            if isinstance(key, int):
                here["of"][key] = nxt
            else:
                here[key] = nxt
        here = nxt
    if isinstance(path[-1], int):
        here["of"][path[-1]] = value
    else:
        here[path[-1]] = value
    return root


def positional(doc: Any, change: dict) -> bool:
    """Whether a change names lines by their place (a place without the line's identity, a list cut to a
    length, a whole list set or taken away): such a change stands only on a list as the device saw it."""
    path, named = change["path"], change.get("lines") or [None] * len(change["path"])
    if any(isinstance(k, int) and (i >= len(named) or named[i] is None) for i, k in enumerate(path)):
        return True
    if "append" in change or "remove" in change:
        return False
    return "length" in change or isinstance(sync.get(doc, path), list)


def lists_on(path: list) -> list[str]:
    """The lists a change's path goes through or names, as the file names them (``rounds``, ``rounds[2]``)."""
    return [sync.part_name(path[:i]) for i in range(1, len(path) + 1)]


class Held:
    """The identities of the lines of the document a session last read or wrote, and, for each list, the
    revision at which each device last added lines to it or took lines from it."""

    def __init__(self):
        self.doc: Any = None
        self.lines: Any = None
        self.moved: dict[str, dict[str, int]] = {}

    def of(self, doc: dict) -> Any:
        """The identities of ``doc``'s lines (a copy): those of the document last held, for each line standing
        as it stood (a file edited by hand keeps the identities of the lines it did not touch)."""
        if self.lines is None:
            self.doc, self.lines = copy.deepcopy(doc), fresh(doc)
        elif self.doc != doc:
            self.doc, self.lines = copy.deepcopy(doc), align(self.doc, self.lines, doc)
        return copy.deepcopy(self.lines)

    def keep(self, doc: dict, lines: Any) -> None:
        """``doc``, just written, with its lines."""
        self.doc, self.lines = copy.deepcopy(doc), lines

    def stale(self, doc: dict, change: dict, device: str, seen: int) -> None:
        """A change made by place on a list another device added lines to or took lines from after ``seen`` (the
        newest change the device had): Stale, never applied over lines the device has not seen."""
        if positional(doc, change):
            for name in lists_on(change["path"]):
                if any(rev > seen for who, rev in self.moved.get(name, {}).items() if who != device):
                    raise Stale(f"{sync.part_name(change['path'])}: lines were added or taken away since this change "
                                f"was made")

    def changed(self, changes: list[dict], before: dict, after: dict, device: str, rev: int) -> None:
        """``changes`` written by ``device`` at ``rev`` (each with its ``part``): the lists they added lines to or
        took lines from are moved."""
        for ch in changes:
            part = ch["part"]
            p = part if "remove" in ch or "length" in ch else part[:-1] if isinstance(part[-1], int) else None
            a, b = (sync.get(before, p), sync.get(after, p)) if p is not None else (None, None)
            if p is not None and not (type(a) is type(b) is list and len(a) == len(b)):
                self.moved.setdefault(sync.part_name(p), {})[device] = rev

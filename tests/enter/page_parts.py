"""The page's parts (``parts.js``), in Python: the changes that make one document into another with each line
named by its identity, and one change put into a device's document as the page puts it.  The searches' devices
keep their documents with these, as the page does."""

from __future__ import annotations

import copy
import re

from printkit.enter import lines


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


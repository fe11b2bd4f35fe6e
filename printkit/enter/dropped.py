"""What a save in another program left out of the results file: the lines and parts the devices had entered.

An editor that opened the file a while ago and saves its copy now writes over what the devices entered
since; every page still shows those moves, and said "Saved".  Nothing tells a copy opened long ago from a
hand edit meant to take those lines away, so the file as saved stands (a hand edit is never undone
silently), and:

- the file is looked at every LOOK seconds while a page is open (``Session.look``), so such a save is noticed
  at once, not only with a next change: every page reloads and shows the file as it is;
- what the file held as this run last wrote or read it, and no longer holds (a line of a log, a part left
  blank), is said to every page in plain words (the ``dropped`` event), with one tap to put it all back (each
  line added again at its log's end, each part set again) or to leave it out (``/api/putback``);
- Ctrl-C's line says what is still left out of the file.

The set-up (players, sizes, title) is the file's as saved: only the record the devices enter is compared.
"""

from __future__ import annotations

import copy
import json
from http import HTTPStatus
from typing import Any

from ..inputs import InputError
from . import document, sync
from .filetext import same

LOOK = 0.25  # seconds between two looks at the file's size and time, while a page is open
NAMED = 6  # lines or parts named in the sentence; the rest are counted


def _blank(v: Any) -> bool:
    return v is None or v == "" or v == [] or v == {}


def missing(ours: Any, theirs: Any, path: tuple = ()) -> list[dict]:
    """What ``ours`` holds and ``theirs`` does not, each as the change that puts it back: a line of a log (as
    often as ``ours`` holds it more) added at the log's end, a part ``theirs`` leaves blank set.  A value
    ``theirs`` holds otherwise is its own and stands."""
    if _blank(ours) or same(ours, theirs) or not path and not isinstance(ours, dict):
        return []
    if _blank(theirs) and isinstance(ours, (list, dict)):
        theirs = type(ours)()  # a log or a mapping left blank: each of its lines and parts
    elif _blank(theirs):
        return [{"path": list(path), "value": copy.deepcopy(ours)}]
    if isinstance(ours, dict) and isinstance(theirs, dict):
        return [m for k, v in ours.items() for m in missing(v, theirs.get(k), (*path, k))]
    if isinstance(ours, list) and isinstance(theirs, list):
        if any(isinstance(x, (list, dict)) for x in ours):  # rounds of lines: each round on its own
            return [m for i, v in enumerate(ours) for m in (
                missing(v, theirs[i], (*path, i)) if i < len(theirs) else
                [{"path": list(path), "append": copy.deepcopy(v)}])]
        left, out = list(theirs), []
        for line in ours:
            at = next((i for i, x in enumerate(left) if same(x, line)), None)
            if at is None:  # (need: the copies of it the log holds once this one is back)
                need = sum(same(x, line) for x in theirs) + sum(same(o["append"], line) for o in out) + 1
                out.append({"path": list(path), "append": line, "need": need})
            else:
                del left[at]
        return out
    return []


def _out(item: dict, doc: dict) -> bool:
    """Whether ``item`` is still left out of ``doc`` (a line its log does not hold as often as it needs: a turn
    whose text an earlier turn has is a line of its own; a part blank there)."""
    here = sync.get(doc, item["path"])
    if "append" in item:
        held = sum(same(x, item["append"]) for x in here) if isinstance(here, list) else 0
        return held < item.get("need", 1)
    return _blank(here)


class Dropped:
    """The lines and parts a save in another program left out, until they are put back or left out."""

    def __init__(self, session):
        self.session = session
        self.items: list[dict] = []
        self.entered: list[dict] = []  # the lines and parts this run's writes added (what was entered here)

    def wrote(self, before: dict, after: dict) -> None:
        """This run wrote ``after`` over ``before``: the lines and parts it added were entered here."""
        self.entered += missing(self.record(after), self.record(before))

    def here(self, found: list[dict]) -> list[dict]:
        """The lines and parts left out that were entered here (a line the file held before, an editor's own, is
        the editor's to change or take away: never said, never put back); a line entered here once stands for
        one line left out, whatever other copies of its text the log had."""
        used: set[int] = set()
        out = []
        for item in found:
            at = self._entered(item, used)
            if at is not None:
                out.append(item)
                if "append" in item and not isinstance(item["append"], (list, dict)):
                    used.add(at)
        return out

    def _entered(self, item: dict, used: set[int]) -> int | None:
        """The place in ``entered`` of what ``item`` was entered as (not one in ``used``), or None."""
        path, n = item["path"], len(item["path"])
        for i, e in enumerate(self.entered):
            if i in used:
                continue
            if e["path"][:n] != path and path[:len(e["path"])] != e["path"]:
                continue
            if "append" not in item or "append" not in e:
                return i  # a part set here, or a line of it
            mine, lost = e["append"], item["append"]
            if e["path"] == path and same(mine, lost) or \
                    isinstance(lost, list) and any(same(mine, x) for x in lost) or \
                    isinstance(mine, list) and any(same(x, lost) for x in mine):
                return i
        return None

    def record(self, doc: dict) -> dict:
        """The part of ``doc`` the devices enter (the set-up left aside)."""
        setup = set(self.session.game.shared_keys()) | {"game"}
        return {k: v for k, v in doc.items() if k not in setup}

    def noticed(self, before: bytes, now: bytes, ours: bool) -> None:
        """Under the session's lock: the file's text changed from ``before`` to ``now`` (``ours``: this run wrote
        it).  Another program's save: what it left out is kept and said to every page; either way, what is
        back in the file is no longer said."""
        s = self.session
        if ours and not self.items:
            return
        try:
            doc = s._reads(now)
            found = [] if ours else self.here(missing(self.record(s._reads(before)), self.record(doc)))
        except (InputError, ValueError):
            return  # a text that does not read: the page shows why, and nothing is compared
        items = [i for i in self.items if _out(i, doc)]
        items += [f for f in found if f not in items]
        if items != self.items:
            self.items = items
            s.table.publish("dropped", self.said())

    def said(self) -> dict:
        """What every page is told: the sentence (blank when nothing is left out) and how many."""
        if not self.items:
            return {"said": "", "count": 0}
        return {"said": f"{self.session.path.name} was saved in another program, and that save left out "
                        f"{self.listed()}. Every page shows the file as it is now.", "count": len(self.items)}

    def listed(self) -> str:
        """The lines and parts left out, as players say them: ``2 lines entered here: "Ben add 4", "Ann add 5"``."""
        game, named = self.session.game, []
        for item in self.items[:NAMED]:
            if "append" in item:
                line = item["append"] if isinstance(item["append"], str) else json.dumps(item["append"])
                where = f" ({game.part_said(tuple(item['path']))})" if len(item["path"]) > 1 else ""
                named.append(f'"{line}"{where}')
            else:
                named.append(game.part_said(tuple(item["path"])))
        lines = sum("append" in i for i in self.items)
        parts = len(self.items) - lines
        counted = " and ".join(f"{n} {word}{'' if n == 1 else 's'}" for n, word in ((lines, "line"), (parts, "part"))
                               if n)
        more = len(self.items) - NAMED
        return f"{counted} entered here: " + ", ".join(named) + (f" and {more} more" if more > 0 else "")

    def still_out(self, doc: dict | None = None) -> str:
        """For Ctrl-C's line: what is still left out of the file, as it reads at the end (``doc``), blank when
        nothing is (an editor's save in two pieces: what the first left out, its second may hold)."""
        if doc is not None:
            self.items = [i for i in self.items if _out(i, doc)]
        if not self.items:
            return ""
        return f", but a save in another program left out {self.listed()}, not in {self.session.path.name} now"

    def answer(self, body: Any) -> tuple[int, dict]:
        """``/api/putback``: ``{"leave": false}`` puts every line and part left out back into the file (those the
        file does not hold by then), ``{"leave": true}`` leaves them out; every page is told."""
        if not isinstance(body, dict) or not isinstance(body.get("leave", False), bool):
            raise sync.BadChange('a body is {"leave": true} or {"leave": false}')
        s = self.session
        with s.lock:
            if body.get("leave") or not self.items:
                self.items = []
                s.table.publish("dropped", self.said())
                return HTTPStatus.OK, {"put": 0, "version": s.known}
            items = copy.deepcopy(self.items)

            def back(doc: dict) -> int:
                n = 0
                for item in items:
                    if _out(item, doc):
                        sync.apply(doc, {k: copy.deepcopy(v) for k, v in item.items() if k != "need"})
                        n += 1
                return n

            def build(doc: dict, _version: str):
                n = back(doc)
                if n:
                    document.check_setup(s.game, doc)
                return (doc if n else None), n
            s.why = ""
            put, _ = s._commit(build, back)
            self.items = []
            s.table.rev += 1
            s.table.publish("change", {"rev": s.table.rev, "reload": True, "version": s.known, "rewritten": s.why})
            s.table.publish("dropped", self.said())
            return HTTPStatus.OK, {"put": put, "version": s.known}

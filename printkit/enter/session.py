"""What one run of ``printkit enter`` keeps: the game, the one results file, and the newest document the page
showed, so that nothing the player entered is lost and nothing older is ever put back.

- A change is applied to the file as it is when it is written (``ondisk``: read again just before the file is
  replaced; a file another program wrote meanwhile gets the change applied to it, and every device reloads;
  ``late``: so does an editor's save written late into the file replaced).
  Each change has an identity (its device and its number there): one sent again is written once.
- A save changes only the parts of the file that changed (``filetext``), keeps the file's mode, and is
  refused (409) when the file changed on disk since the page loaded it.
- Ctrl-C saves the newest document the page showed, if a save would take it (``newest``).
"""

from __future__ import annotations

import copy
import errno
import hashlib
import json
import os
import stat
import threading
import time
from collections import OrderedDict
from http import HTTPStatus
from pathlib import Path
from typing import Any

from .. import inputs
from ..inputs import InputError
from ..model import prepare_models
from .checks import identity, writable
from .dropped import Dropped
from .newest import Newest
from .tokens import keep_written, kept, written
from . import document, filetext, late, lines, ondisk, shape, sync


class Conflict(Exception):
    """A whole save made from a file that changed on disk since: answered 409, nothing written."""


class Session:
    def __init__(self, game, path: Path, data: dict, host: str):
        self.game, self.path, self.host = game, path, host
        self.label = f"game at {host}"
        self.token = kept(path, self.label)  # the same from one start to the next: open pages carry on
        # which file of its name this is (its whole path, hashed): what a browser keeps for a page (taps and
        # changes not written yet) is kept by it, never given to another week's file of the same name
        self.where = hashlib.sha256(str(ondisk.target(path)).encode("utf-8", "surrogateescape")).hexdigest()[:16]
        self.lock = threading.Lock()
        self.newest = Newest(self)  # the newest document the page showed, saved on Ctrl-C
        self.why = ""  # why the last write wrote the file whole ("" when it changed only what changed)
        self.join: dict | None = None  # the address other devices join at, with its QR code (``--table``)
        self.table = sync.Table()  # the devices entering this file, and the revision of each part
        self.table.said = lambda path: game.part_said(tuple(path))
        self.disk = ondisk.File(path)
        self.dropped = Dropped(self)  # what a save in another program left out, said to every page
        self.disk.noticed = self.dropped.noticed
        self.late = late.Watch(self)  # the files replaced, watched a while for an editor's late write
        self.known = document.version_of(path)  # the file as this run last wrote or read it
        self.done: OrderedDict[tuple, dict] = OrderedDict()  # each change's answer, by its identity: a re-send gets it
        # each device's newest change written: [its number, its digest], kept from one start to the next (a change
        # whose answer was lost before a restart, sent again to the next run, is written once)
        self.highest: dict[str, list] = written(path, self.label, self.known)
        self.writing: tuple | None = None  # the device and [number, digest] of the change being written
        self.held = lines.Held()  # the identities of the lines of the document last read or written
        self.writes = 0  # times this run wrote the file (every change and save, from the page or any client)
        self.closed = False  # stopping (Ctrl-C): a change that comes now is refused, kept by its device
        from ..output.temp import clean_stale

        clean_stale(ondisk.target(path).parent, (ondisk.target(path).name,))  # what a run killed in the middle of a save left
        game.page  # the game's page module and its models, imported now
        prepare_models()  # before the threads that answer the page start

    # -- the file

    def _reads(self, raw: bytes) -> dict:
        """The document a file's bytes hold, read as ``printkit score`` reads it (InputError if it does not)."""
        name = self.path.name
        if len(raw) > inputs.MAX_BYTES:
            raise InputError(name, f"file is larger than {inputs.MAX_BYTES // 1000} kB; not a printkit file")
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InputError(name, "not UTF-8 text") from None
        if not text.strip():
            raise InputError(name, "file is empty")
        return document.plain(inputs.parse(text, name))

    def _read(self, settle: float = ondisk.SETTLE) -> tuple[ondisk.Reading, dict]:
        try:
            return self.disk.read(self._reads, settle)
        except FileNotFoundError:  # not a change made by someone else: the page keeps trying until it is back
            raise FileNotFoundError(errno.ENOENT, "the file or its folder is gone", str(self.path)) from None

    def state(self) -> dict:
        with self.lock:
            reading, data = self._read()
            return {"game": self.game.id, "file": self.path.name, "where": self.where, "results": data,
                    "lines": self.held.of(data),
                    "run": lines.RUN, "rev": self.table.rev,
                    "version": document.version_of_bytes(reading.raw), "setup": setup_info(self.game, data),
                    "join": self.join,
                    "editors": self.game.editors(document.setup_of(self.game, data))}

    def _commit(self, build, replay=None, start: tuple | None = None) -> tuple[Any, bool]:
        """Under the lock: ``build(doc, version)`` (the new document and what the caller keeps of it, or None
        and that) on the file as it is now, written with only its changed parts, and put in place only while
        the file still holds what it was built on (``ondisk``): else built again on the newer file.  Returns
        what the last build gave and whether it was built on a file another program wrote (every device
        reloads it).  ``replay(doc)`` applies the change again, on an editor's text written late into the file
        replaced (``late``).  ``start``: the reading and document to build on (an editor's late text), written
        only in place of the file this run wrote last (else None and True: a newer file stands)."""
        reading, doc = start or self._read()
        patient = start is not None
        for _ in range(TRIES):
            version = document.version_of_bytes(reading.raw)
            try:
                new, kept = build(copy.deepcopy(doc), version)
            except (sync.BadChange, InputError):
                if patient or not self.disk.lately(reading):
                    raise
                patient = True  # another program's text of a moment ago, perhaps the first piece of its save: the
                reading, doc = self._read(ondisk.PATIENT)  # change is built on it once it has stood still longer
                continue
            hand = version != self.known
            if new is None:
                return kept, hand
            text = reading.raw.decode("utf-8")  # line ends as they are (CRLF stays CRLF)
            out = self._text(text, new)
            if out == text and start is None:
                self.known = version
                return kept, hand
            data = out.encode("utf-8")
            if len(data) > inputs.MAX_BYTES:
                raise sync.BadChange(f"the change would make {self.path.name} larger than "
                                     f"{inputs.MAX_BYTES // 1_000_000} MB, more than printkit reads; nothing was written")
            replaced = self.disk.replace(reading, data, self._mode())
            if replaced is not None:
                self.known = document.version_of_bytes(data)
                self.writes += 1
                self.dropped.wrote(doc, new)
                if self.writing:  # a device's change, now written
                    self.highest.pop(self.writing[0], None)
                    self.highest[self.writing[0]] = self.writing[1]
                if self.highest:  # kept for the next run, with the version the changes stand in
                    keep_written(self.path, self.label, self.highest, self.known)
                return kept, self.late.keep(replaced, replay) or hand
            if start is not None:
                return None, True
            reading, doc = self._read()
        raise ondisk.Busy(errno.EBUSY, "another program keeps writing the file; nothing was changed", str(self.path))

    def _mode(self) -> int:
        """The owner's settings stay (0600 stays 0600).  A file its owner made read-only is left alone
        (PermissionError), though a rename could replace it."""
        mode = stat.S_IMODE(os.stat(ondisk.target(self.path)).st_mode)
        if not mode & 0o222:
            raise PermissionError(errno.EACCES, "the file is read-only", str(self.path))
        return mode

    def _text(self, text: str, data: dict) -> str:
        """The file's text with ``data``'s changes (``why``: why it was written whole, if it was); BadChange when
        the document cannot be written so that it reads back the same."""
        try:
            out, self.why = filetext.write(text, data, self.game.title)
        except ValueError as e:
            raise sync.BadChange(f"{e}; nothing was written") from None
        return out

    def save(self, data: dict, version: str | None, device: str = "") -> tuple[int, dict]:
        """Write ``data`` if the file is still the one at ``version``; only its changed parts are written."""
        document.check_setup(self.game, data)
        writable(data)
        with self.lock:
            self._open()
            made: list = []  # what this save changed

            def build(doc: dict, now: str):
                if version != now:
                    raise Conflict
                new, changes = self._accepted(doc, data)
                made[:] = changes
                return new, changes

            def replay(doc: dict) -> None:  # on an editor's late text: only what this save changed
                for ch in made:
                    sync.apply(doc, self._blank(copy.deepcopy(ch)))
            try:
                self.why = ""
                changes, _ = self._commit(build, replay)
            except Conflict:
                return HTTPStatus.CONFLICT, {"error": f"{self.path.name} changed on disk since the page loaded it"}
            self.table.rev += 1  # the whole document at once: every device takes it anew, and the parts it
            for ch in changes:  # changed are the saving device's (a device that had not seen them is told)
                self.table.record(ch["path"], device)
            self.table.publish("change", {"rev": self.table.rev, "run": lines.RUN, "reload": True,
                                          "version": self.known, "rewritten": self.why})
            return HTTPStatus.OK, {"saved": self.path.name, "version": self.known, "rewritten": self.why}

    def _accepted(self, doc: dict, data: dict) -> tuple[dict, list]:
        """``data`` as a whole save writes it over ``doc`` (a required part taken away is blanked), and the
        changes between them, each checked as a change is (BadChange if one is refused)."""
        data = copy.deepcopy(data)
        changes = shape.between(doc, data)  # only what this save changes
        for ch in changes:
            shape.check(self.game.Results, ch)
            blanked = self._blank(ch)
            if blanked is not ch:
                sync.apply(data, blanked)
        return data, changes

    def _blank(self, ch: dict) -> dict:
        """A change that takes away a part the results file must hold (``curves``): the part blanked instead,
        as a blank results file holds it (a file without it would not read)."""
        if ch.get("drop") is not True or not shape.required(self.game.Results, ch["path"]):
            return ch
        return {"path": ch["path"], "value": blank_of(self.game, self.path, ch["path"])}

    def _open(self) -> None:
        """(with the lock held) Busy once printkit is stopping: a change or save that comes now is kept by its
        device and sent again to the next run, never written after the stop's last save."""
        if self.closed:
            raise ondisk.Busy(errno.EBUSY, "printkit is stopping; the change is kept and sent again", str(self.path))

    def change(self, body: Any, device: str) -> tuple[int, dict]:
        """Changes from one device (``{"changes": [...], "seen": REV, "device": ID, "seq": N}``), applied to the
        newest document and written at once; every device is told.  A file edited by hand meanwhile keeps its
        other parts, and every device reloads it (``reload``).  ``device`` and ``seq`` are the change's identity:
        a change sent again (its answer lost on the way) is recognised by it alone and written once; two
        changes alike (a line typed again, an Undo's Redo) are two changes."""
        if not isinstance(body, dict) or not isinstance(body.get("changes"), list) or \
                not 0 < len(body["changes"]) <= sync.MAX_CHANGES:
            raise sync.BadChange(f"a body is {{\"changes\": [1 to {sync.MAX_CHANGES} changes]}}")
        seen = body.get("seen")
        seen = seen if isinstance(seen, int) and not isinstance(seen, bool) else 0
        ident = identity(body)
        writable(body)
        for ch in body["changes"]:
            sync.valid(ch)
            shape.check(self.game.Results, ch)
        what = json.dumps(body["changes"], sort_keys=True)
        who = ident[0] if ident else device  # (a list a device moved is stale to the others' changes by place)
        with self.lock:
            newest = self.highest.get(ident[0], [-1, ""]) if ident is not None else None
            if ident is not None and (ident in self.done or ident[1] <= newest[0]):
                answer = self.done.get(ident) or {"rev": self.table.rev, "replaced": []}
                if ident not in self.done and ident[1] == newest[0] and newest[1] != _digest(what):
                    answer = {**answer, "what": None}  # (known by its digest alone, the last run's)
                if answer.get("what", what) != what:  # another change under a number already used: not a re-send
                    raise sync.BadChange("this change's number was used for another change; nothing was written")
                return HTTPStatus.OK, {**{k: v for k, v in answer.items() if k != "what"}, "version": self.known,
                                       "again": True, "run": lines.RUN, "reload": answer.get("version") != self.known,
                                       "rewritten": ""}
            self._open()
            run = body.get("run")
            if isinstance(run, str) and run != lines.RUN:  # its lines named as a run before this one named them
                return HTTPStatus.CONFLICT, {"error": "printkit was started again: the file is taken anew, the change "
                                                      "sent again", "stale": True, "run": lines.RUN, "rev": self.table.rev}
            held: list = []  # the document the change was built on, and its lines (for an editor's late text)

            def build(doc: dict, _version: str):
                before, known = copy.deepcopy(doc), self.held.of(doc)
                held[:] = [before, copy.deepcopy(known)]
                changes = []
                for ch in body["changes"]:
                    ch = self._placed(doc, self._blank(copy.deepcopy(ch)))
                    self.held.stale(doc, ch, who, seen)
                    part, known = lines.apply(doc, known, ch)  # (a grid merged, a line's place: written into ch)
                    if ch.pop("again", False):
                        continue  # a line the file holds already (its identity): not added twice
                    changes.append({**ch, "part": part, "seen": seen, "said": self.game.part_said(part),
                                    **({"at": part[-1]} if "append" in ch else {})})
                document.check_setup(self.game, doc)
                return doc, (before, doc, changes, known)

            def replay(doc: dict) -> None:  # on an editor's late text: its lines named as the file before the change
                lines.again(doc, *held, [self._blank(copy.deepcopy(ch)) for ch in body["changes"]])
            self.why = ""
            try:
                self.writing = (ident[0], [ident[1], _digest(what)]) if ident is not None else None
                (before, doc, changes, known), reload = self._commit(build, replay)
            except lines.Stale as e:
                return HTTPStatus.CONFLICT, {"error": str(e), "stale": True, "rev": self.table.rev}
            finally:
                self.writing = None
            if ident is not None and ident[1] > self.highest.get(ident[0], [-1])[0]:  # taken, though it wrote
                self.highest[ident[0]] = [ident[1], _digest(what)]  # nothing (a Redo of a line the file holds): an
            self.held.keep(doc, known)  # older number arriving after it (a delayed copy) is never applied
            reload = reload or any(ch.get("placed") for ch in changes)  # the page's line is not the file's
            rev, replaced = self.table.changed(changes, device, before, doc)
            self.held.changed(changes, before, doc, who, rev)  # a change by place on a list moved since is stale
            event = {"rev": rev, "run": lines.RUN, "device": device, "by": self.table.name_of(device),
                     "version": self.known,
                     "changes": [{k: v for k, v in ch.items() if k not in ("seen", "part", "squares")}
                                 for ch in changes],
                     "replaced": replaced, "reload": reload, "rewritten": self.why,
                     **({"id": list(ident)} if ident else {})}
            self.table.publish("change", event)
            answer = {"rev": rev, "run": lines.RUN, "version": self.known, "replaced": replaced, "reload": reload,
                      "rewritten": self.why}
            if ident is not None:
                self.done[ident] = {**answer, "what": what}
                while len(self.done) > REMEMBERED:
                    self.done.popitem(last=False)
            return HTTPStatus.OK, answer

    def _placed(self, doc: dict, ch: dict) -> dict:
        """A line the page wrote for the turn to come (``place``: a Selling Knives draw), placed on the newest
        document by the game (``placed``: given the next turn's player), so that two phones tapping a draw at
        once write two players' draws; re-placed, it is marked so (every device then reloads the file)."""
        if ch.get("place") is not True or "append" not in ch:
            return ch
        try:
            res = document.read(self.game, doc)
        except InputError:
            return ch  # a record that does not read: the line as the page wrote it
        line = self.game.placed(res, ch["path"], ch["append"])
        return ch if line == ch["append"] else {**ch, "append": line, "placed": True}

    def look(self) -> None:
        """The file edited by hand since this run last wrote or read it: every device reloads it (and is told
        what a save in another program left out, ``dropped``).  Its size and time first: read only when they
        moved."""
        if not self.disk.moved():
            return
        with self.lock:
            try:
                now = document.version_of_bytes(self._read()[0].raw)
            except (OSError, InputError):
                now = document.version_of(self.path)  # gone, or not readable: the pages say why
            if now is None or now == self.known:
                return
            self.known = now
            self.table.rev += 1
            self.table.publish("change", {"rev": self.table.rev, "run": lines.RUN, "reload": True, "version": now})

    # -- the end

    def _still(self, most: float = 5.0) -> None:
        """As it stops: a file another program wrote within QUIET seconds (an editor may be writing the rest of its
        save, a piece at a time) waited for until it has stood still that long, at most ``most`` seconds."""
        end = time.monotonic() + most
        while time.monotonic() < end:
            try:
                age = time.time() - os.stat(self.path).st_mtime
                if age >= QUIET or document.version_of(self.path) == self.known:
                    return
            except OSError:
                return  # (gone, or not readable: the line says so)
            time.sleep(min(0.1, QUIET - age))

    def stop(self) -> str:
        """On Ctrl-C: the newest document saved if the file does not hold it yet; the line to say so, with what a
        save in another program left out of the file, if anything.  Never raises: what cannot be written is said,
        and the file keeps the last document written."""
        self._still()
        with self.lock:
            self.closed = True  # (a change arriving from now on goes to the next run, never after the line below)
        line = self.newest.save()
        with self.lock:
            try:
                doc = self._read()[1]  # a save in another program since the pages last looked: noticed now
            except (OSError, InputError):
                doc = None  # (said by the line already, or the file is as the line says)
            return line + self.dropped.still_out(doc)


QUIET = 1.5  # seconds a file another program wrote must have stood still when printkit stops (its save's pieces)
TRIES = 20  # times a change is built again on a file another program keeps changing, before it is refused
REMEMBERED = 20_000  # answers kept for changes sent again


def blank_of(game, path: Path, part: list) -> Any:
    """What a blank results file holds at ``part`` (for the file at ``path``: its set-up)."""
    import yaml

    doc = inputs.load(path).data
    blank = yaml.safe_load(game.template(document.setup_of(game, doc)))
    return sync.get(blank, part)


def setup_info(game, data: dict) -> dict:
    cfg = document.setup_of(game, data)
    seats = cfg.seats()
    return {"players": [{"name": s.name, "color": "#%02x%02x%02x" % tuple(round(v * 255) for v in s.color),
                         "cue": s.cue, "dash": list(s.dash)} for s in seats],
            "title": cfg.title or game.title}


def _digest(what: str) -> str:
    """A change's text, short: a number used again for another change is known from it after a restart."""
    return hashlib.sha256(what.encode("utf-8", "surrogatepass")).hexdigest()[:16]

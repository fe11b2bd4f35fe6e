"""What one run of ``printkit enter`` keeps: the game, the one results file, and the newest document the page
showed, so that nothing the player entered is lost and nothing older is ever put back.

- A save changes only the parts of the file that changed (``filetext``), keeps the file's mode, and is
  refused (409) when the file changed on disk since the page loaded it.
- Ctrl-C saves the newest document the page showed, only if it was made from the file as it is now on disk
  (the page sends the version its document starts from) and the server read it (its set-up checked, as a
  save's is): a page that reloaded, a second tab, or a document the server refused never puts older work back.
"""

from __future__ import annotations

import copy
import errno
import json
import os
import secrets
import stat
import threading
from http import HTTPStatus
from pathlib import Path
from typing import Any

from ..inputs import InputError
from ..model import prepare_models
from . import document, filetext, shape, sync


class Session:
    def __init__(self, game, path: Path, data: dict, host: str):
        self.game, self.path, self.host = game, path, host
        self.token = secrets.token_urlsafe(24)  # 192 bits
        self.lock = threading.Lock()
        self.latest: dict | None = None  # the newest readable document the page showed, made from the file...
        self.latest_base: str | None = None  # ... as it was at this version
        self.clients: dict[str, int] = {}  # each page's newest sequence number
        self.why = ""  # why the last write wrote the file whole ("" when it changed only what changed)
        self.join: dict | None = None  # the address other devices join at, with its QR code (``--table``)
        self.table = sync.Table()  # the devices entering this file, and the revision of each part
        self.table.said = lambda path: game.part_said(tuple(path))
        self.known = document.version_of(path)  # the file as this run last wrote or read it
        from ..output.temp import clean_stale

        clean_stale(path.parent, (path.name,))  # what a run killed in the middle of a save left beside the file
        game.page  # the game's page module and its models, imported now
        prepare_models()  # before the threads that answer the page start

    # -- the file

    def state(self) -> dict:
        with self.lock:
            data = document.inputs.load(self.path).data
            return {"game": self.game.id, "file": self.path.name, "results": data, "rev": self.table.rev,
                    "version": document.version_of(self.path), "setup": setup_info(self.game, data),
                    "join": self.join,
                    "editors": self.game.editors(document.setup_of(self.game, data))}

    def save(self, data: dict, version: str | None, device: str = "") -> tuple[int, dict]:
        """Write ``data`` if the file is still the one at ``version``; only its changed parts are written."""
        document.check_setup(self.game, data)
        writable(data)
        with self.lock:
            now = document.version_of(self.path)
            if now is None:  # not a change made by someone else: the page keeps trying until it is back
                raise FileNotFoundError(errno.ENOENT, "the file or its folder is gone", str(self.path))
            if version != now:
                return HTTPStatus.CONFLICT, {"error": f"{self.path.name} changed on disk since the page loaded it"}
            changes = shape.between(document.inputs.load(self.path).data, data)  # only what this save changes
            for ch in changes:
                shape.check(self.game.Results, ch)
            self.why = ""
            self._write(data)
            self.known = document.version_of(self.path)
            self.table.rev += 1  # the whole document at once: every device takes it anew, and the parts it
            for ch in changes:  # changed are the saving device's (a device that had not seen them is told)
                self.table.record(ch["path"], device)
            self.table.publish("change", {"rev": self.table.rev, "reload": True, "version": self.known,
                                          "rewritten": self.why})
            return HTTPStatus.OK, {"saved": self.path.name, "version": self.known, "rewritten": self.why}

    def change(self, body: Any, device: str) -> tuple[int, dict]:
        """Changes from one device (``{"changes": [...], "seen": REV}``), applied to the newest document and
        written at once; every device is told.  A file edited by hand meanwhile keeps its other parts, and
        every device reloads it (``reload``)."""
        if not isinstance(body, dict) or not isinstance(body.get("changes"), list) or \
                not 0 < len(body["changes"]) <= sync.MAX_CHANGES:
            raise sync.BadChange(f"a body is {{\"changes\": [1 to {sync.MAX_CHANGES} changes]}}")
        seen = body.get("seen")
        seen = seen if isinstance(seen, int) and not isinstance(seen, bool) else 0
        writable(body)
        for ch in body["changes"]:
            sync.valid(ch)
            shape.check(self.game.Results, ch)
        with self.lock:
            now = document.version_of(self.path)
            if now is None:
                raise FileNotFoundError(errno.ENOENT, "the file or its folder is gone", str(self.path))
            doc = document.inputs.load(self.path).data
            before = copy.deepcopy(doc)
            changes, keys = [], []
            for ch in body["changes"]:
                ch = dict(ch)
                keys.append(self.table.append_key(ch, device, seen))
                if keys[-1] in self.table.appended:
                    continue  # a line this device added, sent again (its answer lost on the way): added once
                part = sync.apply(doc, ch)  # (a grid merged, an appended line's place: written into ch)
                changes.append({**ch, "part": part, "seen": seen, "said": self.game.part_said(part),
                                **({"at": part[-1]} if "append" in ch else {})})
            document.check_setup(self.game, doc)
            self.why = ""
            self._write(doc)
            self.table.written(keys)
            reload = now != self.known
            self.known = document.version_of(self.path)
            rev, replaced = self.table.changed(changes, device, before, doc)
            event = {"rev": rev, "device": device, "by": self.table.name_of(device), "version": self.known,
                     "changes": [{k: v for k, v in ch.items() if k not in ("seen", "part", "squares")}
                                 for ch in changes],
                     "replaced": replaced, "reload": reload, "rewritten": self.why}
            self.table.publish("change", event)
            return HTTPStatus.OK, {"rev": rev, "version": self.known, "replaced": replaced, "reload": reload,
                                   "rewritten": self.why}

    def look(self) -> None:
        """The file edited by hand since this run last wrote or read it: every device reloads it."""
        with self.lock:
            now = document.version_of(self.path)
            if now is None or now == self.known:
                return
            self.known = now
            self.table.rev += 1
            self.table.publish("change", {"rev": self.table.rev, "reload": True, "version": now})

    def _write(self, data: dict) -> bool:
        """The file with ``data``'s changes (False when it holds them already: nothing is written).  A file
        its owner made read-only is left alone (PermissionError), though a rename could replace it."""
        from ..output import files

        text = self.path.read_bytes().decode("utf-8")  # line ends as they are (CRLF stays CRLF)
        mode = stat.S_IMODE(os.stat(self.path).st_mode)  # the owner's settings stay (0600 stays 0600)
        if not mode & 0o222:
            raise PermissionError(errno.EACCES, "the file is read-only", str(self.path))
        new, self.why = filetext.write(text, data, self.game.title)
        if new == text:
            return False
        files.replace_file(self.path, new.encode("utf-8"), mode=mode)
        return True

    # -- the newest document the page showed

    def seen(self, data: Any, client: str | None, seq: str | None, base: str | None) -> None:
        """A document the page is showing (sent to be checked or drawn): kept as the newest when it reads,
        was made from the file at ``base``, and is newer than anything this page sent before."""
        try:
            n = int(seq) if seq is not None else None
            document.check_setup(self.game, data)
        except (ValueError, InputError):
            return
        with self.lock:
            if base != document.version_of(self.path):
                return  # made from an older file (a tab not reloaded, a save that came since): never put back
            key = client or ""
            if n is not None and n <= self.clients.get(key, -1):
                return  # an answer this page has already moved past
            if n is not None:
                self.clients[key] = n
            self.latest, self.latest_base = data, base

    def stop(self) -> str:
        """On Ctrl-C: the newest document saved if the file does not hold it yet; the line to say so."""
        with self.lock:
            name = str(self.path)
            if self.latest is None:
                return f"Stopped: nothing was changed on the page; {name} is as it was"
            if self.latest_base != document.version_of(self.path):
                return f"Stopped: {name} already holds the newest saved work (the last change the page sent was older)"
            try:
                wrote = self._write(self.latest)
            except OSError as e:
                return f"Stopped, but {name} could not be written: {e.strerror}; the page kept the changes"
            return f"Saved {name}: the last change" if wrote else f"Stopped: {name} already holds every change"


def writable(data: Any) -> None:
    """Text the file can hold (UTF-8): a lone surrogate from a page is refused before anything is written."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise sync.BadChange("the change holds text that cannot be written (a lone surrogate); nothing was written") \
            from None


def setup_info(game, data: dict) -> dict:
    cfg = document.setup_of(game, data)
    seats = cfg.seats()
    return {"players": [{"name": s.name, "color": "#%02x%02x%02x" % tuple(round(v * 255) for v in s.color),
                         "cue": s.cue, "dash": list(s.dash)} for s in seats],
            "title": cfg.title or game.title}

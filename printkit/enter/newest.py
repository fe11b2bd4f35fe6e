"""The newest document the page showed, kept for Ctrl-C: at the end it is saved, only if it was made from the
file as it is now on disk (the page sends the version its document starts from) and a save would take it (its
set-up and every change in it checked, as a save's are): a page that reloaded, a second tab, or a document the
server refused never puts older work back, and what cannot be written is said in one line.
"""

from __future__ import annotations

from typing import Any

from .. import inputs
from ..inputs import InputError
from . import document
from .checks import writable


class Newest:
    """The newest document a session's pages showed that a save would take, and the file it was made from."""

    def __init__(self, session):
        self.session = session
        self.latest: dict | None = None  # the newest document the page showed that a save would take, made from the file...
        self.latest_base: str | None = None  # ... as it was at this version
        self.clients: dict[str, int] = {}  # each page's newest sequence number

    def seen(self, data: Any, client: str | None, seq: str | None, base: str | None) -> None:
        """A document the page is showing (sent to be checked or drawn): kept as the newest when a save would
        take it (its set-up reads, every change in it fits the models, it can be written so that it reads back
        the same), was made from the file at ``base``, and is newer than anything this page sent before."""
        s = self.session
        try:
            n = int(seq) if seq is not None else None
            document.check_setup(s.game, data)
            writable(data)
        except (ValueError, InputError):
            return
        with s.lock:
            try:
                reading, doc = s._read()
                if base != document.version_of_bytes(reading.raw):
                    return  # made from an older file (a tab not reloaded, a save that came since): never put back
                new, _ = s._accepted(doc, data)
                why = s.why
                try:
                    if len(s._text(reading.raw.decode("utf-8"), new).encode("utf-8")) > inputs.MAX_BYTES:
                        return
                finally:
                    s.why = why
            except (OSError, InputError, ValueError):
                return  # a document a save would refuse is never written at the end either
            key = client or ""
            if n is not None and n <= self.clients.get(key, -1):
                return  # an answer this page has already moved past
            if n is not None:
                self.clients[key] = n
            self.latest, self.latest_base = data, base

    def save(self) -> str:
        """On Ctrl-C: the newest document saved if the file does not hold it yet; the line to say so."""
        s = self.session
        with s.lock:
            s.late.settle()  # an editor's save still coming into a file replaced lately: taken up first
            name = str(s.path)
            if self.latest is None:  # no document shown to keep: the changes written as they came are all
                if not s.writes:
                    return f"Stopped: nothing was changed on the page; {name} is as it was"
                return f"Stopped: {name} already holds every change (written {_times(s.writes)} as they came)"
            latest, base = self.latest, self.latest_base
            ours = []  # whether the file is as this run last wrote or read it (no other program's save since)

            def build(doc: dict, now: str):
                if now != base:
                    ours.append(now == s.known)
                    return None, False
                return s._accepted(doc, latest)[0], True
            try:
                s.why = ""
                before = s.writes
                newest, _ = s._commit(build)
            except OSError as e:
                return f"Stopped, but {name} could not be written: {e.strerror}; the page kept the changes"
            except (ValueError, InputError) as e:
                why = document.error_text(e) if isinstance(e, InputError) else inputs.one_line(str(e), 200)
                return f"Stopped: the last change the page showed was not written ({why}); {name} is as last saved"
            if not newest:
                if ours and ours[-1] and s.writes:  # the page's last record came before changes written since
                    return f"Stopped: {name} already holds every change (written {_times(s.writes)} as they came)"
                return f"Stopped: {name} already holds the newest saved work (saved in another program after the " \
                       "last change the page sent, which is not written over it)"
            wrote = s.writes != before  # (a file that held it already is not written: not "Saved")
            return f"Saved {name}: the last change" if wrote else f"Stopped: {name} already holds every change"


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"

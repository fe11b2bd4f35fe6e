"""An editor's save that comes late into the file a change replaced.

An editor that has the results file open writes its save into that file: cut to nothing, then written, often
in pieces.  When a device's change lands between two pieces (the first one reads as a whole file), the change
is built on the first piece and the file renamed over, and the rest of the editor's save goes into the file
replaced, which no one reads any more.  So each file replaced is kept open and watched for a while
(``ondisk.WAIT`` after the rename, and as long again after each write into it): an editor's text written into
it is taken up once it stands still, every change written since is applied to it again, the whole is written
in place of the file, and every device reloads it.  Both the editor's whole text and the devices' changes end
in the file.
"""

from __future__ import annotations

import copy
import sys
import threading
import time

from .. import inputs
from ..inputs import InputError
from . import document, ondisk


class Watch:
    """The files a session replaced lately, and the changes written since each (to apply again)."""

    def __init__(self, session):
        self.session = session
        self.files: list[ondisk.Replaced] = []
        self.replays: dict[int, object] = {}  # each change written, by its number: ``replay(doc)`` applies it
        self.count = 0
        self.thread: threading.Thread | None = None
        self.closed = False  # the session stopped: nothing more is watched

    def keep(self, replaced: ondisk.Replaced, replay) -> bool:
        """Under the session's lock, just after ``replaced`` was renamed over by the change ``replay`` (None:
        an editor's text taken up): watched from now on; whether an editor had already written into it (between
        the read and the rename), its text taken up at once."""
        replaced.since = self.count
        if replay is not None:
            self.replays[self.count] = replay
            self.count += 1
        raw = self.session.disk.late(replaced, wait=True)
        taken = raw is not None and self._again(replaced, raw)
        if self.closed:
            replaced.close()
            return taken
        self.files.append(replaced)
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name="printkit-late", daemon=True)
            self.thread.start()
        return taken

    def _again(self, replaced: ondisk.Replaced, raw: bytes) -> bool:
        """``raw``, an editor's text written into ``replaced``, with every change written since applied to it,
        put in place of the file; every device reloads.  False when it does not read (the editor is not done:
        watched on) or a newer file stands."""
        s = self.session
        try:
            doc = s._reads(raw)
        except InputError:
            return False

        def build(doc: dict, _version: str):
            for n in sorted(k for k in self.replays if k >= replaced.since):
                trial = copy.deepcopy(doc)
                try:
                    self.replays[n](trial)
                    document.check_setup(s.game, trial)
                except (ValueError, InputError):
                    continue  # a change the editor's text no longer takes (its part gone): the editor's stands
                doc = trial
            return doc, True
        s.why = ""
        wrote, _ = s._commit(build, start=(s.disk.over(raw), doc))
        if not wrote:
            return False
        s.table.rev += 1
        s.table.publish("change", {"rev": s.table.rev, "reload": True, "version": s.known, "rewritten": s.why})
        return True

    def _look(self, wait: bool) -> None:
        """Every file watched: an editor's text written into it taken up (``wait``: waited for while it is being
        written); a file whose time is over let go."""
        for f in list(self.files):
            try:
                raw = self.session.disk.late(f, wait)
                if raw is not None:
                    self._again(f, raw)
            except (OSError, ValueError, InputError) as e:
                why = e.strerror if isinstance(e, OSError) else inputs.one_line(str(e), 200)
                print(f"printkit enter: an editor's late save into {self.session.path} was not taken up: {why}",
                      file=sys.stderr, flush=True)
                f.until = 0.0
            if time.monotonic() > f.until:
                self._drop(f)

    def _drop(self, f: ondisk.Replaced) -> None:
        f.close()
        self.files.remove(f)
        first = min((g.since for g in self.files), default=self.count)
        for n in [n for n in self.replays if n < first]:
            del self.replays[n]

    def _run(self) -> None:
        while True:
            time.sleep(ondisk.SETTLE / 3)
            with self.session.lock:
                self._look(wait=False)
                if not self.files or self.closed:
                    self.thread = None
                    return

    def settle(self) -> None:
        """Under the session's lock, as it stops: every file watched looked at once more; one that held another
        program's text when it was replaced (an editor may be writing the rest of its save) is watched to the
        end of its time.  Then nothing more is watched."""
        while True:
            self._look(wait=True)
            for f in [f for f in self.files if not f.hand]:
                self._drop(f)
            if not self.files:
                break
            time.sleep(ondisk.SETTLE / 3)
        self.closed = True

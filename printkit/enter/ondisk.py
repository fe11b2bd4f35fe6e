"""The results file on disk as a change meets it: read once it stands still, and replaced only while it still
holds exactly what the change was built from.

Another program may save the file at any moment: an editor writing in place (the file cut to nothing, then
written in pieces) or writing another file and renaming it over.  A change is never written from an older
read of the file:

- the file is read once it has stood still for SETTLE (the file as this run last wrote or read it is read
  at once), and a file that does not read while it was changed lately (an editor half-way through) is read
  again until it does, for WAIT at the most;
- the new text is written beside it, the file is read again, and only if it still holds the same bytes (the
  same file, size and time) is the new text renamed over it; else the change is built again on the newer file;
- the file replaced is kept open and watched for WAIT after the rename (and WAIT after each write into it):
  an editor that had it open and writes into it (the rest of a save written in pieces, or a whole save) has
  its text taken up, once it stands still, and the changes written since are built again on it (``late``);
- a file another program saved, read for the first time, is told (``noticed``, with the file as this run
  last wrote or read it): a save from an editor's older copy may have left out what the devices entered
  (``dropped``).

A symbolic link stays a link: the file it points to is the one read and replaced.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from ..output.files import create_locked
from ..output.signals import held_signals
from ..output.temp import temp_name

SETTLE = 0.1  # seconds a file changed by another program must have stood still before it is read
PATIENT = 1.0  # ... before it is read again, when a change does not fit the text it held a moment ago
WAIT = 2.0  # seconds a file being written by another program is waited for, at the most


class Busy(OSError):
    """The file kept changing under the change (another program writing it): nothing was written."""


@dataclass
class Reading:
    raw: bytes  # the text a change is built on
    stamp: tuple  # what the file on disk must still be for the change to replace it
    now: bytes  # ... and the bytes it must still hold


@dataclass
class Replaced:
    """A file a change replaced, still open: watched a while for an editor's late write into it."""
    fd: int
    stamp: tuple  # the file as it was read (or last taken up)
    hand: bool  # it was another program's text when it was replaced (an editor may be half-way through it)
    until: float = 0.0  # (time.monotonic) the watch ends then, unless written into meanwhile
    since: int = 0  # the first of the changes written since it was replaced (the session numbers them)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.fd)


def target(path: Path) -> Path:
    """The file a change writes: ``path`` itself, or the file its link points to."""
    return Path(os.path.realpath(path))


def _stamp(st: os.stat_result) -> tuple:
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def _read_fd(fd: int) -> bytes:
    out, at = [], 0
    while True:
        chunk = os.pread(fd, 1 << 20, at)
        if not chunk:
            return b"".join(out)
        out.append(chunk)
        at += len(chunk)


def _fresh(st: os.stat_result, within: float) -> bool:
    return time.time_ns() - st.st_mtime_ns < within * 1e9


class File:
    """The one results file: ``known`` is the stamp of the file as this run last wrote or read it."""

    def __init__(self, path: Path):
        self.path = path
        self.known: tuple | None = None
        self.wrote = b""  # the bytes this run wrote last
        self.held: tuple[tuple | None, bytes] = (None, b"")  # the file as this run last wrote or read it: stamp, bytes
        self.seen: tuple | None = None  # the stamp last dealt with (read, written, or looked at)
        self.unseen = False  # another program's text read since the last look (``moved``)
        self.noticed = None  # noticed(before, now, ours): the file's text changed (``_held``)
        with contextlib.suppress(OSError):
            self.known = _stamp(os.stat(target(path)))
            self.held = self.known, Path(target(path)).read_bytes()
            self.seen = self.known

    def read(self, reads, settle: float = SETTLE) -> tuple[Reading, object]:
        """The file read once it has stood still for ``settle``, and ``reads(raw)`` of it (what that raises, once
        WAIT is over or when the file was not changed lately)."""
        until = time.monotonic() + WAIT
        while True:
            fd = os.open(target(self.path), os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            try:
                st = os.fstat(fd)
                if not stat.S_ISREG(st.st_mode):
                    raise OSError(errno.EINVAL, "not a regular file", str(self.path))
                ours = _stamp(st) == self.known
                if not ours and _fresh(st, settle) and time.monotonic() < until:
                    os.close(fd)
                    time.sleep(SETTLE / 3)  # being written now, perhaps: read once it stands still
                    continue
                raw = _read_fd(fd)
                if _stamp(os.fstat(fd)) != _stamp(st):
                    os.close(fd)
                    continue  # written while it was read
                try:
                    out = reads(raw)
                except Exception:
                    if ours or not _fresh(st, WAIT) or time.monotonic() >= until:
                        raise
                    os.close(fd)
                    time.sleep(SETTLE / 2)  # an editor half-way through: read again in a moment
                    continue
                os.close(fd)
                self._held(_stamp(st), raw)
                return Reading(raw, _stamp(st), raw), out
            except BaseException:
                with contextlib.suppress(OSError):
                    os.close(fd)
                raise

    def lately(self, reading: Reading) -> bool:
        """Whether ``reading`` is another program's text written within WAIT: perhaps the first piece of a save
        written in pieces, which may read as a results file and still lack what a change is made for."""
        return reading.stamp != self.known and time.time_ns() - reading.stamp[3] < WAIT * 1e9

    def replace(self, reading: Reading, data: bytes, mode: int) -> Replaced | None:
        """``data`` put in place of the file, if it still holds what ``reading`` read (else None, nothing
        written); the file replaced, still open (the caller closes it).  OSError naming the file when it cannot
        be written."""
        path = target(self.path)
        tmp = path.parent / temp_name(path.name)
        fd = old = None
        try:
            fd = create_locked(tmp, data, mode)
            old = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))  # compared just before it is replaced
            was = _stamp(os.fstat(old))
            if was != reading.stamp or _read_fd(old) != reading.now:
                with held_signals(), contextlib.suppress(OSError):
                    os.unlink(tmp)
                os.close(old)
                return None
            os.replace(tmp, path)
            replaced = Replaced(old, was, hand=was != self.known, until=time.monotonic() + WAIT)
            self.known, self.wrote = _stamp(os.fstat(fd)), data
            self._held(self.known, data, ours=True)
            return replaced
        except BaseException as e:
            if fd is not None:
                with held_signals(), contextlib.suppress(OSError):
                    os.unlink(tmp)
            if old is not None:
                with contextlib.suppress(OSError):
                    os.close(old)
            if isinstance(e, OSError):
                raise type(e)(e.errno, e.strerror, str(self.path)) from None
            raise
        finally:
            if fd is not None:
                os.close(fd)

    def late(self, replaced: Replaced, wait: bool) -> bytes | None:
        """The text of a file replaced, if another program wrote into it since it was read (or last taken up),
        once it has stood still for SETTLE: with ``wait``, waited for up to WAIT; without, None while it is being
        written.  Each write taken up keeps it watched for WAIT more."""
        until = time.monotonic() + WAIT
        while True:
            st = os.fstat(replaced.fd)
            if _stamp(st) == replaced.stamp:
                return None
            if _fresh(st, SETTLE) and time.monotonic() < until:
                if not wait:
                    return None
                time.sleep(SETTLE / 3)
                continue
            raw = _read_fd(replaced.fd)
            if _stamp(os.fstat(replaced.fd)) != _stamp(st):
                continue  # written while it was read
            replaced.stamp, replaced.until = _stamp(st), time.monotonic() + WAIT
            return raw

    def over(self, raw: bytes) -> Reading:
        """``raw`` (an editor's text) to build a change on that replaces the file this run wrote last."""
        return Reading(raw, self.known, self.wrote)

    def _held(self, stamp: tuple, raw: bytes, ours: bool = False) -> None:
        """The file as this run last wrote (``ours``) or read it; new text told to ``noticed(before, now, ours)``
        (``before``: the text held until now), once."""
        before = self.held[1]
        self.held, self.seen = (stamp, raw), stamp
        self.unseen = self.unseen or not ours and raw != before
        if self.noticed is not None and raw != before:
            self.noticed(before, raw, ours)

    def moved(self) -> bool:
        """Whether the file's stamp is not the one last dealt with, or another program's text was read since the
        last time this was asked (a save by another program, perhaps): the caller reads it."""
        now = self.look()
        if now == self.seen and not self.unseen:
            return False
        self.seen, self.unseen = now, False
        return True

    def look(self) -> tuple | None:
        """The file's stamp now (None if it cannot be found)."""
        try:
            return _stamp(os.stat(target(self.path)))
        except OSError:
            return None

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
- the file replaced is still open: if it was written after it was read (an editor that had it open), its text
  is taken up, once it stands still, and the change is built again on it.

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
WAIT = 2.0  # seconds a file being written by another program is waited for, at the most


class Busy(OSError):
    """The file kept changing under the change (another program writing it): nothing was written."""


@dataclass
class Reading:
    raw: bytes  # the text a change is built on
    stamp: tuple  # what the file on disk must still be for the change to replace it
    now: bytes  # ... and the bytes it must still hold
    fd: int  # the file read, still open (closed by ``close``)

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
        with contextlib.suppress(OSError):
            self.known = _stamp(os.stat(target(path)))

    def read(self, reads) -> tuple[Reading, object]:
        """The file read once it stands still, and ``reads(raw)`` of it (what that raises, once WAIT is over or
        when the file was not changed lately).  The caller closes the reading."""
        until = time.monotonic() + WAIT
        while True:
            fd = os.open(target(self.path), os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            try:
                st = os.fstat(fd)
                if not stat.S_ISREG(st.st_mode):
                    raise OSError(errno.EINVAL, "not a regular file", str(self.path))
                ours = _stamp(st) == self.known
                if not ours and _fresh(st, SETTLE) and time.monotonic() < until:
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
                return Reading(raw, _stamp(st), raw, fd), out
            except BaseException:
                with contextlib.suppress(OSError):
                    os.close(fd)
                raise

    def replace(self, reading: Reading, data: bytes, mode: int) -> bool:
        """``data`` put in place of the file, if it still holds what ``reading`` read (else False, nothing
        written).  OSError naming the file when it cannot be written."""
        path = target(self.path)
        tmp = path.parent / temp_name(path.name)
        fd = None
        try:
            fd = create_locked(tmp, data, mode)
            with open(path, "rb") as fh:  # compared just before it is replaced
                same = _stamp(os.fstat(fh.fileno())) == reading.stamp and fh.read() == reading.now
            if not same:
                with held_signals(), contextlib.suppress(OSError):
                    os.unlink(tmp)
                return False
            os.replace(tmp, path)
            self.known = _stamp(os.fstat(fd))
            return True
        except BaseException as e:
            if fd is not None:
                with held_signals(), contextlib.suppress(OSError):
                    os.unlink(tmp)
            if isinstance(e, OSError):
                raise type(e)(e.errno, e.strerror, str(self.path)) from None
            raise
        finally:
            if fd is not None:
                os.close(fd)

    def written_meanwhile(self, reading: Reading, wrote: bytes) -> Reading | None:
        """After a replace: the file replaced, if another program wrote into it after it was read (its text, once
        it stands still, to build the change on again, replacing what was just written); else None."""
        until = time.monotonic() + WAIT
        st = os.fstat(reading.fd)
        if _stamp(st) == reading.stamp:
            return None
        while _fresh(st, SETTLE) and time.monotonic() < until:
            time.sleep(SETTLE / 3)
            st = os.fstat(reading.fd)
        return Reading(_read_fd(reading.fd), self.known, wrote, reading.fd)

    def look(self) -> tuple | None:
        """The file's stamp now (None if it cannot be found)."""
        try:
            return _stamp(os.stat(target(self.path)))
        except OSError:
            return None

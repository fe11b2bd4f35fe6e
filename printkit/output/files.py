"""Writing one file: under a temporary name, then renamed over the target, so a full disk, a Ctrl-C or a
kill never leaves half a file; a device or pipe written in place; standard output guarded so that a
failed write is one line."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import time
from pathlib import Path
from typing import Callable

from .errors import OutputError, error
from .signals import held_signals
from .targets import check_file, exists_error, make_folder
from .temp import clean_stale, lock, new_mode, temp_name


class StdoutError(Exception):
    """Standard output cannot be written (full disk, closed pipe): the command line says so in one line."""

    def __init__(self, error: OSError):
        super().__init__(str(error))
        self.error, self.errno = error, error.errno


class GuardedStream:
    """Standard output for the command line: a write or flush that fails raises StdoutError, so the
    command ends with one line naming standard output instead of a traceback."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        try:
            return self._stream.write(text)
        except OSError as e:
            raise StdoutError(e) from None

    def flush(self):
        try:
            return self._stream.flush()
        except OSError as e:
            raise StdoutError(e) from None

    def __getattr__(self, name):
        return getattr(self._stream, name)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def create_locked(path: Path, data: bytes, mode: int) -> int:
    """A new file at ``path`` holding ``data``, locked: its open descriptor (the caller closes it)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o600)
    try:
        lock(fd)
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        with held_signals():
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(path)
        raise
    return fd


def replace_file(path: str | Path, data: bytes, *, no_clobber: bool = False,
                 on_exists: Callable[[], bool] | None = None, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` under a temporary name unique to this run, then rename it over the
    target: the target is the old file or the new one, never a mix.  OSError on failure, and the
    temporary file is gone.  ``no_clobber``: only if nothing is there when the file is put in place
    (a hard link, which fails if a file appeared meanwhile); then ``on_exists()`` says whether to
    replace that file after all, else FileExistsError."""
    path = Path(path)
    tmp = path.parent / temp_name(path.name)
    fd = None
    try:
        fd = create_locked(tmp, data, new_mode() if mode is None else mode)
        if not no_clobber:
            os.replace(tmp, path)
            return
        try:
            os.link(tmp, path, follow_symlinks=False)
        except FileExistsError:
            if on_exists is None or not on_exists():
                raise
            os.replace(tmp, path)
            return
        except OSError as e:  # no hard links on this disk (FAT, some network shares)
            if e.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK, errno.ENOSYS):
                raise
            if os.path.lexists(path):
                raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
            os.replace(tmp, path)
            return
        os.unlink(tmp)
    except BaseException as e:
        if fd is not None:  # made and written (a failed _create removes its own file)
            with held_signals(), contextlib.suppress(OSError):
                os.unlink(tmp)
        if isinstance(e, OSError) and not isinstance(e, FileExistsError):  # name the target, not the temp
            raise type(e)(e.errno, e.strerror, str(path)) from None
        raise
    finally:
        if fd is not None:
            os.close(fd)


def write_stream(path: str | Path, data: bytes) -> None:
    """Write ``data`` into a character device or a pipe, in place (it is never replaced).  A pipe that
    no program reads is refused after two seconds instead of waiting for ever.  OSError on failure."""
    flags = os.O_WRONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_NONBLOCK", 0)
    until = time.monotonic() + 2.0
    while True:
        try:
            fd = os.open(path, flags)
            break
        except OSError as e:  # ENXIO: a pipe with no reader yet
            if e.errno != errno.ENXIO or time.monotonic() > until:
                raise
            time.sleep(0.02)
    try:
        os.set_blocking(fd, True)
        write_all(fd, data)
    finally:
        os.close(fd)


def write_file(path: str | Path, data: bytes, *, force: bool = False, typed: bool = False,
               key: str | None = None) -> None:
    """Write one file the way every command does (see the module's notes): checked, then written under a
    temporary name and renamed, or streamed into a device or pipe.  ``typed``: a config or results file.
    Every failure is an OutputError naming the path."""
    path = Path(path)
    how = check_file(path, force=force, typed=typed, key=key)
    try:
        if how == "stream":
            try:
                write_stream(path, data)
            except OSError as e:
                if e.errno == errno.ENXIO and stat.S_ISFIFO(os.stat(path).st_mode):
                    raise OutputError(path, "is a pipe that no program is reading", key) from None
                raise
            return
        make_folder(path.parent, key, path)
        clean_stale(path.parent, (path.name,))
        mode = None
        if how == "replace":
            with contextlib.suppress(OSError):
                mode = stat.S_IMODE(os.stat(path).st_mode) & 0o777
        replace_file(path, data, no_clobber=how == "new" and not force, mode=mode,
                     on_exists=lambda: check_file(path, force=force, typed=typed, key=key) == "replace")
    except FileExistsError:
        raise exists_error(path, typed, key) from None
    except OSError as e:
        raise error(e, path, key) from None


def write_stdout(data: bytes) -> None:
    """``data`` on standard output (``-o -``); StdoutError on failure (the command line reports it)."""
    out = sys.stdout
    try:
        out.flush()
        buffer = getattr(out, "buffer", None)
        if buffer is None:  # a text stream with no bytes underneath (a test capturing output)
            out.write(data.decode("utf-8", "replace"))
            out.flush()
            return
        buffer.write(data)
        buffer.flush()
    except OSError as e:
        raise StdoutError(e) from None

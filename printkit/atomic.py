"""Writing one file whole: under a temporary name unique to the run, then renamed over the target.

A full disk, a Ctrl-C or a kill never leaves half a file, and the old file stays whole until the new
one is.  Temporary names (process id and random digits, short enough beside a 255-byte name) are locked
by the run that owns them; a later run writing into the same folder removes those whose run is gone.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import time
from pathlib import Path
from typing import Callable

from .signals import held_signals

NAME_MAX = 255  # bytes in one file name (ext4, xfs, btrfs, tmpfs, APFS, NTFS)


TEMP = re.compile(r"^\.(?P<name>.*)\.(?P<pid>\d+)-[0-9a-f]{8}\.tmp$", re.S)


OLD_TEMP = re.compile(r"^\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp$", re.S)  # tempfile.mkstemp names of printkit 0.1


STALE_AFTER = 60.0  # seconds: an unlocked temporary name this old is stale even if its process id is in use


def temp_name(name: str) -> str:
    """A hidden name for a temporary file or folder beside ``name``, unique to this run (process id and
    32 random bits), never longer than a file name may be: ``.kit.pdf.4242-9f1c2ab0.tmp``."""
    tag = f".{os.getpid()}-{os.urandom(4).hex()}.tmp"
    raw = os.fsencode(name)
    budget = NAME_MAX - 1 - len(tag)
    if len(raw) > budget:
        raw = raw[:budget]
        while raw and os.fsdecode(raw).encode("utf-8", "surrogateescape") != raw:  # not mid-character
            raw = raw[:-1]
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raw = raw[: e.start]
    return "." + os.fsdecode(raw) + tag


def lock(fd: int) -> None:
    """Hold an exclusive lock on the open temporary name while this run owns it (dropped when the
    process ends, however it ends)."""
    try:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except (ImportError, OSError):
        pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _stale(entry: os.DirEntry, pid: int) -> bool:
    """A temporary name whose run is gone: no lock held on it, and its process gone (or it is old)."""
    if pid == os.getpid():
        return False
    try:
        st = entry.stat(follow_symlinks=False)
    except OSError:
        return False
    if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
        return False
    if _alive(pid) and time.time() - st.st_mtime < STALE_AFTER:
        return False  # its run may be starting: it locks its name right after making it
    try:
        import fcntl
    except ImportError:
        return not _alive(pid)
    flags = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(entry.path, flags)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False  # its run still holds it
    finally:
        os.close(fd)
    return True


def clean_stale(folder: str | Path, old_names: tuple[str, ...] = ()) -> list[str]:
    """Remove the temporary files and folders that runs now gone left in ``folder`` (and, for the targets
    ``old_names``, the temporary files of printkit 0.1, once they are a minute old); returns their names."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith("."):
            continue
        m = TEMP.match(entry.name)
        if m:
            gone = _stale(entry, int(m.group("pid")))
        else:
            old = OLD_TEMP.match(entry.name)
            try:
                gone = bool(old and old.group("name") in old_names and entry.is_file(follow_symlinks=False)
                            and time.time() - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER)
            except OSError:
                gone = False
        if gone:
            try:
                if entry.is_dir(follow_symlinks=False):
                    import shutil

                    shutil.rmtree(entry.path, ignore_errors=True)
                else:
                    os.unlink(entry.path)
                removed.append(entry.name)
            except OSError:
                pass
    return removed


_UMASK: int | None = None


def umask() -> int:
    """This process's umask (read once: reading it means setting it)."""
    global _UMASK
    if _UMASK is None:
        _UMASK = os.umask(0o022)
        os.umask(_UMASK)
    return _UMASK


def new_mode() -> int:
    """The mode of a new file, as the umask gives it."""
    return 0o666 & ~umask()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def create(path: Path, data: bytes, mode: int) -> int:
    """A new file at ``path`` holding ``data``, locked: its open descriptor (the caller closes it)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o600)
    try:
        lock(fd)
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        _write_all(fd, data)
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
        fd = create(tmp, data, new_mode() if mode is None else mode)
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
        _write_all(fd, data)
    finally:
        os.close(fd)

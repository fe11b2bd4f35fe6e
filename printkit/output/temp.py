"""Temporary names beside a target, unique to the run and locked by it while it lives, and the clean-up of
those whose run is gone."""

from __future__ import annotations

import os
import re
import stat
import time
from pathlib import Path

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


UMASK: int | None = None


def new_mode() -> int:
    global UMASK
    if UMASK is None:
        UMASK = os.umask(0o022)
        os.umask(UMASK)
    return 0o666 & ~UMASK

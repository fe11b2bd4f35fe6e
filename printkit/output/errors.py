"""Every OSError of a write as one line naming the path (``OutputError``, exit code 2)."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from ..inputs import InputError


class OutputError(InputError):
    """A target that cannot be written: one line naming it, exit code 2."""

    def __init__(self, path: str | Path, message: str, key: str | None = None):
        super().__init__(str(path), message, key=key)


MESSAGES = {
    errno.ENOSPC: "cannot write: no space left on the disk",
    errno.EDQUOT: "cannot write: disk quota exceeded",
    errno.EFBIG: "cannot write: file too large (a file size limit was reached)",
    errno.EROFS: "cannot write: the disk is read-only",
    errno.EACCES: "cannot write: permission denied",
    errno.EPERM: "cannot write: permission denied",
    errno.EISDIR: "is a folder; give a file name",
    errno.ENAMETOOLONG: "cannot write: the name is too long",
    errno.ELOOP: "cannot write: too many levels of symbolic links",
    errno.EPIPE: "cannot write: the program reading the pipe has stopped",
    errno.EIO: "cannot write: input/output error",
    errno.ETXTBSY: "cannot write: the file is in use",
}


def os_message(e: OSError, path: str | Path) -> str:
    """An OSError in words for the one line about ``path``."""
    if e.errno == errno.EEXIST and os.path.exists(path) and not os.path.isdir(path):  # a folder made where a file is
        return "is a file, not a folder"
    if e.errno == errno.ENOTDIR:
        blocker = not_a_folder(Path(path))
        return f"cannot write: {blocker} is a file, not a folder" if blocker else "cannot write: not a folder"
    if e.errno in MESSAGES:
        return MESSAGES[e.errno]
    return f"cannot write: {(e.strerror or str(e)).lower()}"


def not_a_folder(path: Path) -> Path | None:
    """The first part of ``path`` that exists and is not a folder."""
    for part in [*reversed(path.parents), path]:
        try:
            if not stat.S_ISDIR(os.stat(part).st_mode):
                return part
        except OSError:
            return None
    return None


def error(e: OSError, path: Path, key: str | None, temp: Path | None = None) -> OutputError:
    """``e`` as one line about ``path`` (a path under the temporary name ``temp`` is named as under ``path``)."""
    where = path
    name = getattr(e, "filename", None)
    if name is not None and temp is not None:
        try:
            where = path / Path(os.fsdecode(name)).relative_to(temp)
        except ValueError:
            pass
    return OutputError(where, os_message(e, where), key)

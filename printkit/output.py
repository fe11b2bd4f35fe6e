"""One output path for every command that writes one file.

* The target is checked before anything is drawn (``check_file``): a folder, a symbolic link or a
  special file (block device, socket) is refused in one line; a character device (``/dev/null``, a
  terminal) or a pipe is written to in place, as a stream.
* One rule for overwriting, in every command (``limits.FORCE_HELP``): an existing file is replaced
  without asking only when printkit wrote it (a kit, rule sheet, picture or chart, known by the mark it
  carries) and it is not a file people type into (a config or a results file); anything else needs
  ``--force``.
* The file is written whole (``atomic``): a temporary name, then a rename.
* Every OSError becomes an ``OutputError``: one line naming the path, exit code 2.

A kit folder is written whole by ``kitfolder``; charts by ``charts``; standard output by ``stdout``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

from .atomic import clean_stale, replace_file, write_stream
from .inputs import InputError

READ_MARK = 256 * 1024  # bytes read from each end of a file to find printkit's mark


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
        blocker = _not_a_folder(Path(path))
        return f"cannot write: {blocker} is a file, not a folder" if blocker else "cannot write: not a folder"
    if e.errno in MESSAGES:
        return MESSAGES[e.errno]
    return f"cannot write: {(e.strerror or str(e)).lower()}"


def _not_a_folder(path: Path) -> Path | None:
    """The first part of ``path`` that exists and is not a folder."""
    for part in [*reversed(path.parents), path]:
        try:
            if not stat.S_ISDIR(os.stat(part).st_mode):
                return part
        except OSError:
            return None
    return None


def error_at(e: OSError, path: Path, key: str | None, temp: Path | None = None) -> OutputError:
    """``e`` as one line about ``path`` (a path under the temporary name ``temp`` is named as under ``path``)."""
    where = path
    name = getattr(e, "filename", None)
    if name is not None and temp is not None:
        try:
            where = path / Path(os.fsdecode(name)).relative_to(temp)
        except ValueError:
            pass
    return OutputError(where, os_message(e, where), key)


def kind_of(path: str | Path) -> tuple[str, os.stat_result | None]:
    """'missing', 'file', 'folder', 'stream' (a character device or a pipe, or a link to one),
    'link' or 'special' (a block device or a socket), and its stat."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return "missing", None
    mode = st.st_mode
    if stat.S_ISLNK(mode):
        try:
            target = os.stat(path)
        except OSError:
            return "link", st
        if stat.S_ISCHR(target.st_mode) or stat.S_ISFIFO(target.st_mode):  # /dev/stdout, a link to a pipe
            return "stream", target
        return "link", st
    if stat.S_ISREG(mode):
        return "file", st
    if stat.S_ISDIR(mode):
        return "folder", st
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return "stream", st
    return "special", st


def special_message(st: os.stat_result) -> str:
    mode = st.st_mode
    what = "a block device" if stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode) else "a special file"
    return f"is {what}; printkit writes files, terminals and pipes only"


def made_by_printkit(path: str | Path) -> bool:
    """Whether the file carries printkit's mark: a PDF with Producer printkit, an SVG naming printkit
    (every page's footer, a chart's creator), a PNG with Software printkit."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(READ_MARK)
            size = os.fstat(fh.fileno()).st_size
            tail = b""
            if size > READ_MARK:
                fh.seek(max(READ_MARK, size - READ_MARK))
                tail = fh.read(READ_MARK)
    except OSError:
        return False
    both = head + tail
    if head.startswith(b"%PDF-"):
        return b"/Producer (printkit)" in both
    if head.startswith(b"\x89PNG"):
        return b"Software\x00printkit" in head
    if head.lstrip().startswith((b"<?xml", b"<svg")):
        return b"printkit" in both
    return False


def _exists(path: Path, typed: bool, key: str | None) -> OutputError:
    if typed:
        return OutputError(path, "already exists (it may hold what was typed into it); use --force to replace "
                                 "it, or choose another name", key)
    return OutputError(path, "already exists and printkit did not write it; use --force to replace it, or "
                             "choose another name", key)


def check_file(path: str | Path, *, force: bool = False, typed: bool = False, key: str | None = None) -> str:
    """Check that ``path`` can take a new file, before anything is drawn: 'new', 'replace' or 'stream'.
    ``typed``: a file people type into (configs, results), never replaced without ``force``."""
    path = Path(path)
    if str(path) in ("", "."):
        raise OutputError(path, "give a file name", key)
    try:
        kind, st = kind_of(path)
    except OSError as e:
        raise error_at(e, path, key) from None
    if kind == "stream":
        return "stream"
    if kind == "folder":
        raise OutputError(path, "is a folder; give a file name", key)
    if kind == "link":
        raise OutputError(path, "is a symbolic link; printkit does not write through links: give the file "
                                "itself, or remove the link", key)
    if kind == "special":
        raise OutputError(path, special_message(st), key)
    check_folder(path.parent, key)
    if kind == "file":
        if not force and (typed or not made_by_printkit(path)):
            raise _exists(path, typed, key)
        return "replace"
    return "new"


def check_folder(folder: Path, key: str | None) -> None:
    """The folder a file goes in: it may be missing (it is made), but no part of it may be a file."""
    blocker = _not_a_folder(folder)
    if blocker is not None:
        raise OutputError(folder, f"cannot write: {blocker} is a file, not a folder", key)


def make_folder(folder: Path, key: str | None = None, target: Path | None = None) -> None:
    """Make ``folder`` and the folders above it; an error names ``target`` (what goes in it) if given."""
    try:
        os.makedirs(folder, exist_ok=True)
    except FileExistsError:
        if target is None:
            raise OutputError(folder, "is a file, not a folder", key) from None
        raise OutputError(target, f"cannot write: {folder} is a file, not a folder", key) from None
    except OSError as e:
        if target is None:
            raise error_at(e, folder, key) from None
        why = os_message(e, folder).removeprefix("cannot write: ")
        raise OutputError(target, f"cannot make the folder {folder}: {why}", key) from None


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
        raise _exists(path, typed, key) from None
    except OSError as e:
        raise error_at(e, path, key) from None

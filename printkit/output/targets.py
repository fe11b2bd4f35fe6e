"""What is at a target before anything is drawn, and the one overwrite rule: an existing file is replaced
without asking only when printkit wrote it (it carries printkit's mark) and it is not a file people type
into (a config or a results file); anything else needs ``--force``."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import OutputError, error, not_a_folder, os_message

READ_MARK = 256 * 1024  # bytes read from each end of a file to find printkit's mark
FORCE_HELP = ("Replace an existing file anyway (without it, printkit replaces only a kit, rule sheet, picture or "
              "chart it wrote itself, and never a file meant for typing into)")  # every --force says this



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


def special(st: os.stat_result) -> str:
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


def exists_error(path: Path, typed: bool, key: str | None) -> OutputError:
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
        raise error(e, path, key) from None
    if kind == "stream":
        return "stream"
    if kind == "folder":
        raise OutputError(path, "is a folder; give a file name", key)
    if kind == "link":
        raise OutputError(path, "is a symbolic link; printkit does not write through links: give the file "
                                "itself, or remove the link", key)
    if kind == "special":
        raise OutputError(path, special(st), key)
    check_folder(path.parent, key)
    if kind == "file":
        if not force and (typed or not made_by_printkit(path)):
            raise exists_error(path, typed, key)
        return "replace"
    return "new"


def check_folder(folder: Path, key: str | None) -> None:
    """The folder a file goes in: it may be missing (it is made), but no part of it may be a file."""
    blocker = not_a_folder(folder)
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
            raise error(e, folder, key) from None
        why = os_message(e, folder).removeprefix("cannot write: ")
        raise OutputError(target, f"cannot make the folder {folder}: {why}", key) from None

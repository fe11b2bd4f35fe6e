"""A kit folder written whole: each kit into a temporary folder beside its own, then swapped in with one
rename, so no failure leaves a kit half old, half new."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
from pathlib import Path

from .errors import OutputError, error
from .files import create_locked
from .signals import held_signals
from .targets import check_folder, kind_of, made_by_printkit, make_folder, special
from .temp import OLD_TEMP, TEMP, clean_stale, lock, new_mode, temp_name
from . import temp

KIT_FILE = re.compile(r"^(kit\.pdf|page-\d+\.svg)$")


def kit_folder_name(stem: str) -> str:
    """A config's stem as a folder name that stays inside the output folder: a config named
    ``...yaml`` (stem ``..``) or ``.yaml`` must not write into the output's parent or a hidden folder,
    so dots and spaces are taken off both ends and a slash or control character becomes ``_``;
    nothing left gives ``kit``."""
    name = "".join(ch if ch.isprintable() and ch not in "/\\" else "_" for ch in stem)
    name = name.strip(" .")
    return name or "kit"


def check_kit(folder: str | Path, *, force: bool = False, key: str | None = "-o") -> str:
    """Check that the kit folder can take a new kit: 'new' or 'replace'.  A kit folder holds kit.pdf and
    page-NN.svg only, and is replaced whole: a folder holding anything else (notes, a config) is refused,
    with or without ``force``; a kit file printkit did not write needs ``force``."""
    folder = Path(folder)
    try:
        kind, st = kind_of(folder)
    except OSError as e:
        raise error(e, folder, key) from None
    if kind == "missing":
        check_folder(folder.parent, key)
        return "new"
    if kind == "file":
        raise OutputError(folder, "is a file, not a kit folder; choose another folder with -o", key)
    if kind == "link":
        raise OutputError(folder, "is a symbolic link; printkit does not write through links: choose another "
                                  "folder with -o, or remove the link", key)
    if kind in ("stream", "special"):
        raise OutputError(folder, special(st) if kind == "special" else "is a device or pipe, not a kit folder",
                          key)
    foreign, unknown = [], []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as e:
        raise error(e, folder, key) from None
    for entry in entries:
        if TEMP.match(entry.name) or OLD_TEMP.match(entry.name):
            continue  # left by a run that was killed: goes with the old kit
        if KIT_FILE.match(entry.name):
            if not entry.is_file(follow_symlinks=False):
                what = "a symbolic link" if entry.is_symlink() else "a folder" if entry.is_dir() else "a special file"
                raise OutputError(Path(entry.path), f"is {what}, not a kit file; a kit folder is replaced whole, so "
                                                    "move it away or choose another folder with -o", key)
            if not force and not made_by_printkit(entry.path):
                unknown.append(entry.name)
        else:
            foreign.append(entry.name)
    if foreign:
        shown = ", ".join(foreign[:3]) + (f" and {len(foreign) - 3} more" if len(foreign) > 3 else "")
        them = "it" if len(foreign) == 1 else "them"
        raise OutputError(folder, f"holds {shown}, not part of a kit; a kit folder is replaced whole, so move "
                                  f"{them} away or choose another folder with -o", key)
    if unknown:
        raise OutputError(folder / unknown[0], "already exists and printkit did not write it; use --force to "
                                               "replace the kit, or choose another folder with -o", key)
    return "replace"


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux renameat2 RENAME_EXCHANGE); False where that cannot be done."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    at_cwd, exchange = -100, 2
    if fn(at_cwd, os.fsencode(a), at_cwd, os.fsencode(b), exchange) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _swap_in(tmp: Path, folder: Path) -> None:
    """Put the folder ``tmp`` at ``folder``; an old folder there ends up under the name ``tmp``."""
    try:
        os.rename(tmp, folder)  # nothing there yet (or an empty folder)
        return
    except OSError as e:
        if e.errno not in (errno.EEXIST, errno.ENOTEMPTY):
            raise
    if _exchange(tmp, folder):
        return
    aside = folder.parent / temp_name(folder.name)  # no exchange here: two renames, close together
    os.rename(folder, aside)
    try:
        os.rename(tmp, folder)
    except BaseException:
        os.rename(aside, folder)
        raise
    os.rename(aside, tmp)


def write_kits(kits: list[tuple[Path, dict[str, bytes]]], *, force: bool = False, key: str | None = "-o") -> None:
    """Write each kit (folder, {file name: bytes}) whole: every kit into a temporary folder beside its
    own, then all swapped in together, with signals held, so a failure, Ctrl-C or kill at any moment
    leaves every old kit as it was or every new kit in place.  OutputError naming the path on failure."""
    for folder, _ in kits:
        check_kit(folder, force=force, key=key)
    staged: list[tuple[Path, Path, int | None]] = []
    try:
        for folder, files in kits:
            make_folder(folder.parent, key, folder)
            clean_stale(folder.parent)
            tmp = folder.parent / temp_name(folder.name)
            try:
                os.mkdir(tmp, 0o700)
                fd = os.open(tmp, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
            except OSError as e:
                raise error(e, folder, key) from None
            staged.append((folder, tmp, fd))
            lock(fd)
            file_mode = new_mode()
            folder_mode = 0o777 & file_mode | 0o111 & ~(temp.UMASK or 0)
            try:
                for name, data in files.items():
                    os.close(create_locked(tmp / name, data, file_mode))
                with contextlib.suppress(OSError):
                    folder_mode = stat.S_IMODE(os.stat(folder).st_mode)  # a kit folder replaced keeps its mode
                os.chmod(tmp, folder_mode)
                os.fsync(fd)
            except OSError as e:
                raise error(e, folder, key, tmp) from None
        with held_signals():
            for folder, tmp, _ in staged:
                try:
                    _swap_in(tmp, folder)
                except OSError as e:
                    raise error(e, folder, key, tmp) from None
    finally:
        import shutil

        with held_signals():  # a Ctrl-C held during the swap acts here: the clean-up still ends
            for _, tmp, fd in staged:  # a temporary folder left holds an old kit, or a new one not swapped in
                if fd is not None:
                    os.close(fd)
                shutil.rmtree(tmp, ignore_errors=True)

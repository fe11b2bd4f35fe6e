"""One output path for every command that writes.

Every file printkit writes goes through here, so that a command never breaks what is already there:

* The target is checked before anything is drawn (``check_file``, ``check_kit``): a folder, a symbolic
  link or a special file (block device, socket) is refused in one line; a character device
  (``/dev/null``, a terminal) or a pipe is written to in place, as a stream.
* One rule for overwriting, in every command (``FORCE_HELP``): an existing file is replaced without
  asking only when printkit wrote it (a kit, rule sheet, picture or chart, known by the mark it carries)
  and it is not a file people type into (a config or a results file); anything else needs ``--force``.
* A file is written under a temporary name unique to the run (process id and random digits, short
  enough beside a 255-byte name), in the target's folder, then renamed over the target: a full disk,
  a Ctrl-C or a kill never leaves half a file, and the old file stays whole until the new one is.
* A kit is written whole into a temporary folder and swapped in with one rename (``write_kits``), so
  no failure leaves a kit half old, half new, and two runs into one folder leave one run's kit.
* Temporary names are locked by the run that owns them; a later run writing into the same folder
  removes those whose run is gone.
* Every OSError becomes an ``OutputError``: one line naming the path, exit code 2.

``catch_signals`` makes Ctrl-C (and SIGTERM, SIGHUP) raise KeyboardInterrupt in printkit's own process
only (a forked worker leaves it to its parent); ``held_signals`` defers them during a swap.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import signal
import stat
import sys
import time
from pathlib import Path
from typing import Callable, Iterator

from .inputs import InputError

NAME_MAX = 255  # bytes in one file name (ext4, xfs, btrfs, tmpfs, APFS, NTFS)
TEMP = re.compile(r"^\.(?P<name>.*)\.(?P<pid>\d+)-[0-9a-f]{8}\.tmp$", re.S)
OLD_TEMP = re.compile(r"^\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp$", re.S)  # tempfile.mkstemp names of printkit 0.1
STALE_AFTER = 60.0  # seconds: an unlocked temporary name this old is stale even if its process id is in use
KIT_FILE = re.compile(r"^(kit\.pdf|page-\d+\.svg)$")
CHART_FORMATS = ("png", "svg", "pdf")
READ_MARK = 256 * 1024  # bytes read from each end of a file to find printkit's mark

FORCE_HELP = ("Replace an existing file anyway (without it, printkit replaces only a kit, rule sheet, picture or "
              "chart it wrote itself, and never a file meant for typing into)")  # every --force says this


class OutputError(InputError):
    """A target that cannot be written: one line naming it, exit code 2."""

    def __init__(self, path: str | Path, message: str, key: str | None = None):
        super().__init__(str(path), message, key=key)


# ---------------------------------------------------------------- signals

_main_pid: int | None = None
_stopped: int | None = None
SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def catch_signals() -> Callable[[], None]:
    """Turn SIGINT, SIGTERM and SIGHUP into KeyboardInterrupt in this process; returns a function that
    puts the old handlers back.  A process forked from this one (a simulation worker) ignores SIGINT
    (its parent stops it) and dies quietly on the others, so Ctrl-C prints one line, not a traceback
    per worker."""
    global _main_pid, _stopped
    _main_pid, _stopped = os.getpid(), None
    old = {}
    for sig in SIGNALS:
        try:
            if signal.getsignal(sig) is signal.SIG_IGN:  # ignored by whoever started us (a background job)
                continue
            old[sig] = signal.signal(sig, _on_signal)
        except (ValueError, OSError):  # not the main thread: leave signals alone
            pass

    def restore() -> None:
        for sig, handler in old.items():
            signal.signal(sig, handler)

    return restore


def _on_signal(signum: int, frame) -> None:
    if os.getpid() != _main_pid:  # a worker forked by a command: its parent stops it
        if signum != signal.SIGINT:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
        return
    global _stopped
    if _stopped is None:
        _stopped = signum
    raise KeyboardInterrupt


def stopped() -> int | None:
    """The signal that stopped the command, if one did."""
    return _stopped


def stop_message(signum: int) -> tuple[str, int]:
    """The one line and the exit code for a command stopped by ``signum``."""
    if signum == signal.SIGINT:
        return "printkit: interrupted", 130
    return "printkit: terminated", 128 + signum


@contextlib.contextmanager
def held_signals() -> Iterator[None]:
    """Signals wait until the block ends (a few renames), then act."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, set(SIGNALS))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


# ---------------------------------------------------------------- messages

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


def _error(e: OSError, path: Path, key: str | None, temp: Path | None = None) -> OutputError:
    """``e`` as one line about ``path`` (a path under the temporary name ``temp`` is named as under ``path``)."""
    where = path
    name = getattr(e, "filename", None)
    if name is not None and temp is not None:
        try:
            where = path / Path(os.fsdecode(name)).relative_to(temp)
        except ValueError:
            pass
    return OutputError(where, os_message(e, where), key)


# ---------------------------------------------------------------- what is at the target

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


def _special(st: os.stat_result) -> str:
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
        raise _error(e, path, key) from None
    if kind == "stream":
        return "stream"
    if kind == "folder":
        raise OutputError(path, "is a folder; give a file name", key)
    if kind == "link":
        raise OutputError(path, "is a symbolic link; printkit does not write through links: give the file "
                                "itself, or remove the link", key)
    if kind == "special":
        raise OutputError(path, _special(st), key)
    _check_folder(path.parent, key)
    if kind == "file":
        if not force and (typed or not made_by_printkit(path)):
            raise _exists(path, typed, key)
        return "replace"
    return "new"


def _check_folder(folder: Path, key: str | None) -> None:
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
            raise _error(e, folder, key) from None
        why = os_message(e, folder).removeprefix("cannot write: ")
        raise OutputError(target, f"cannot make the folder {folder}: {why}", key) from None


# ---------------------------------------------------------------- temporary names

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


def _lock(fd: int) -> None:
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


def _new_mode() -> int:
    global _UMASK
    if _UMASK is None:
        _UMASK = os.umask(0o022)
        os.umask(_UMASK)
    return 0o666 & ~_UMASK


# ---------------------------------------------------------------- writing one file

def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _create(path: Path, data: bytes, mode: int) -> int:
    """A new file at ``path`` holding ``data``, locked: its open descriptor (the caller closes it)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o600)
    try:
        _lock(fd)
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
        fd = _create(tmp, data, _new_mode() if mode is None else mode)
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
        raise _error(e, path, key) from None


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


# ---------------------------------------------------------------- kits: a folder written whole

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
        raise _error(e, folder, key) from None
    if kind == "missing":
        _check_folder(folder.parent, key)
        return "new"
    if kind == "file":
        raise OutputError(folder, "is a file, not a kit folder; choose another folder with -o", key)
    if kind == "link":
        raise OutputError(folder, "is a symbolic link; printkit does not write through links: choose another "
                                  "folder with -o, or remove the link", key)
    if kind in ("stream", "special"):
        raise OutputError(folder, _special(st) if kind == "special" else "is a device or pipe, not a kit folder",
                          key)
    foreign, unknown = [], []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as e:
        raise _error(e, folder, key) from None
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
                raise _error(e, folder, key) from None
            staged.append((folder, tmp, fd))
            _lock(fd)
            file_mode = _new_mode()
            folder_mode = 0o777 & file_mode | 0o111 & ~(_UMASK or 0)
            try:
                for name, data in files.items():
                    os.close(_create(tmp / name, data, file_mode))
                with contextlib.suppress(OSError):
                    folder_mode = stat.S_IMODE(os.stat(folder).st_mode)  # a kit folder replaced keeps its mode
                os.chmod(tmp, folder_mode)
                os.fsync(fd)
            except OSError as e:
                raise _error(e, folder, key, tmp) from None
        with held_signals():
            for folder, tmp, _ in staged:
                try:
                    _swap_in(tmp, folder)
                except OSError as e:
                    raise _error(e, folder, key, tmp) from None
    finally:
        import shutil

        with held_signals():  # a Ctrl-C held during the swap acts here: the clean-up still ends
            for _, tmp, fd in staged:  # a temporary folder left holds an old kit, or a new one not swapped in
                if fd is not None:
                    os.close(fd)
                shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------- charts (matplotlib figures)

def chart_bytes(fig, fmt: str, dpi: float | None = None) -> bytes:
    """A matplotlib figure as PNG, SVG or PDF bytes, the same on every run: no dates, ids from a fixed
    salt, and printkit's mark (so a later run may replace the file)."""
    import io

    import matplotlib

    meta = {"png": {"Software": "printkit"},
            "svg": {"Date": None, "Creator": "printkit"},
            "pdf": {"Creator": "printkit", "Producer": "printkit", "CreationDate": None, "ModDate": None}}[fmt]
    buf = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "printkit"}):
        fig.savefig(buf, format=fmt, metadata=meta, **({"dpi": dpi} if dpi else {}))
    return buf.getvalue()


def check_chart(path: str | Path, *, force: bool = False, key: str | None = "--chart") -> str:
    """Check a chart's target before the games are played: a .png, .svg or .pdf name that can be written."""
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt not in CHART_FORMATS:
        raise OutputError(path, "the chart must be a .png, .svg or .pdf file", key)
    return check_file(path, force=force, key=key)


def write_chart(fig, path: str | Path, *, force: bool = False, key: str | None = "--chart",
                dpi: float | None = None) -> None:
    """Draw ``fig`` into ``path`` (format from the suffix) the way every command writes a file."""
    check_chart(path, force=force, key=key)
    write_file(path, chart_bytes(fig, Path(path).suffix.lower().lstrip("."), dpi), force=force, key=key)


# ---------------------------------------------------------------- standard output

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

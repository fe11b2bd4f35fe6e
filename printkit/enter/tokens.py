"""The token a results file is served with, kept from one start to the next: with its port
(``server.home_port``), the page's whole address stays the same, so that every phone's page left open carries on
after ``printkit enter`` is stopped and started again on the same file (its taps kept meanwhile are written
then), and a code scanned at the table stays good.

Each token is kept in this user's cache folder (``$XDG_CACHE_HOME/printkit/tokens``, else
``~/.cache/printkit/tokens``), in a folder only this user may enter (0700) and a file only this user may read
(0600), one a file and address served; a token file another user could read or change, or a link, is not
trusted: a new token is made.  The folder cannot be written (a read-only home): a new token each start, as
before.  Removing the folder gives every file a new address.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import stat
from pathlib import Path

TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
KEPT = 200  # token files kept before those of files gone are cleared away


def folder() -> Path:
    """The tokens' folder in this user's cache folder (OSError when this user has no home to keep it in)."""
    cache = os.environ.get("XDG_CACHE_HOME") or ""
    base = Path(cache) if os.path.isabs(cache) else Path(os.path.expanduser("~")) / ".cache"
    if not base.is_absolute():
        raise FileNotFoundError("no home folder to keep the token in")
    return base / "printkit" / "tokens"


def _private_folder() -> Path:
    """The tokens' folder, made if need be, this user's own and closed to others (OSError if it is not)."""
    where = folder()
    where.mkdir(mode=0o700, parents=True, exist_ok=True)
    st = os.lstat(where)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid() or st.st_mode & 0o077:
        raise PermissionError(f"{where} is not this user's own folder")
    return where


def _name(path: Path, what: str) -> str:
    key = os.fsencode(os.path.realpath(path)) + b"\0" + what.encode("utf-8")
    return hashlib.sha256(key).hexdigest()[:32]


def _lines(file: Path, path: Path, most: int = 8192) -> list[str] | None:
    """The lines of a kept file for ``path`` (its first line, what it keeps; its second, the path), if the file
    is this user's alone, no link, and names ``path``; else None."""
    try:
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid() or st.st_mode & 0o077:
            return None
        lines = fh.read(most).decode("utf-8", "replace").split("\n")
    return lines if len(lines) >= 2 and _names(lines[1], path) else None


def _read(file: Path, path: Path) -> str | None:
    """The token kept in ``file`` for ``path``, if the file is this user's alone and holds one."""
    lines = _lines(file, path)
    return lines[0] if lines and TOKEN.fullmatch(lines[0]) else None


def _line(path: Path) -> str:
    """The file's whole path on one line of plain text (JSON: a newline or bytes that are not UTF-8 in a name)."""
    return json.dumps(os.path.realpath(path))


def _names(line: str, path: Path) -> bool:
    """Whether a kept file's second line names ``path`` (as written now, or plainly as before)."""
    return line in (_line(path), os.path.realpath(path))


def _named(line: str) -> str:
    """The path a kept file's second line names."""
    try:
        return json.loads(line) if line.startswith('"') else line
    except ValueError:
        return line


def _write(where: Path, name: str, token: str, path: Path, more: str = "") -> None:
    tmp = where / f".{name}.{secrets.token_hex(4)}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(f"{token}\n{_line(path)}\n" + (f"{more}\n" if more else ""))
        os.replace(tmp, where / name)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _tidy(where: Path) -> None:
    """Past KEPT token files, those of files that are gone are cleared away."""
    names = [n for n in os.listdir(where) if not n.startswith(".")]
    if len(names) <= KEPT:
        return
    for n in names:
        with contextlib.suppress(OSError, UnicodeDecodeError):
            lines = (where / n).read_text(encoding="utf-8").split("\n")
            if len(lines) < 2 or not os.path.exists(_named(lines[1])):
                os.unlink(where / n)


def kept(path: Path, what: str) -> str:
    """The token for ``path`` served as ``what`` (its host, and what is served there): the one kept for it, else
    a new one, kept from now on."""
    try:
        where = _private_folder()
        name = _name(path, what)
        token = _read(where / name, path)
        if token is None:
            token = secrets.token_urlsafe(24)  # 192 bits
            _write(where, name, token, path)
            _tidy(where)
        return token
    except OSError:
        return secrets.token_urlsafe(24)


# ---------------------------------------------------------------- the changes written, kept with the token

WRITTEN = 100  # devices whose newest change written is kept, the latest ones


def written(path: Path, what: str, version: str) -> dict[str, list]:
    """The newest change written to ``path`` from each device (device -> [its number, its text's digest]), as
    the last run kept it: a change sent again after a restart (its answer lost on the way) is then known by its
    identity and written once.  Empty when nothing was kept, when it cannot be trusted, or when the file is no
    longer at ``version``, as the last run left it (changed since by hand: a change sent again is written)."""
    try:
        lines = _lines(_private_folder() / _name(path, f"{what}\0written"), path, 1 << 20)
        kept = json.loads(lines[2]) if lines and len(lines) > 2 and lines[0] == "written" else {}
    except (OSError, ValueError):
        return {}
    if not isinstance(kept, dict) or kept.get("version") != version:
        return {}
    kept = kept.get("devices")
    return {d: v for d, v in kept.items() if isinstance(d, str) and isinstance(v, list) and len(v) == 2
            and type(v[0]) is int and isinstance(v[1], str)} if isinstance(kept, dict) else {}


def keep_written(path: Path, what: str, newest: dict[str, list], version: str) -> None:
    """Keep the newest change written from each device (the last WRITTEN devices) for the next run, with the
    file's version they were written to."""
    with contextlib.suppress(OSError):
        where = _private_folder()
        recent = {"version": version, "devices": dict(list(newest.items())[-WRITTEN:])}
        _write(where, _name(path, f"{what}\0written"), "written", path, json.dumps(recent, separators=(",", ":")))

"""What a page sends, checked before anything is answered or written: each request to ``printkit enter``'s
server (its Host, the run's token, a POST's Origin; a body's length, nesting and numbers), a change's identity,
and text the file can hold.
"""

from __future__ import annotations

import hmac
import json
import math
import re
from http import HTTPStatus
from typing import Any
from urllib.parse import parse_qs, urlsplit

from . import sync

MAX_BODY = 1_000_000
MAX_DEPTH = 64  # nor more levels of [ and { in a body: no results document needs more than 6
REFUSED = object()  # a request already answered with an error
STALE = ("this page's address no longer opens the game (printkit was started again with another one): open the "
         "address printkit shows now, or scan its code again",
         '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
         '<title>printkit</title><p style="font: 1.2rem/1.5 sans-serif; margin: 2rem; max-width: 32rem">This address '
         'no longer opens a game: printkit was started again with another one. Open the address printkit shows now '
         'on the computer it runs on, or scan its code again.</p>\n')
HTML = "text/html; charset=utf-8"


class Checks:
    """The checks every request passes, for the server's request handler (``server.Handler``: it answers with
    ``_refuse`` and ``_send``, and holds the ``session`` and the ``allowed_hosts``)."""

    def _allowed(self) -> bool:
        host = self.headers.get("Host", "")
        if host not in self.allowed_hosts:
            self._refuse(HTTPStatus.FORBIDDEN, "wrong host")
            return False
        token = parse_qs(urlsplit(self.path).query).get("token", [""])[0] or self.headers.get("X-Printkit-Token", "")
        if not hmac.compare_digest(token.encode("utf-8", "replace"), self.session.token.encode()):
            if urlsplit(self.path).path.startswith(("/api/", "/static/")):
                self._refuse(HTTPStatus.FORBIDDEN, STALE[0])
            else:  # a page opened at an old address (a tab reloaded, a code scanned last time): said in a sentence
                self.close_connection = True
                self._send(HTTPStatus.FORBIDDEN, STALE[1].encode("utf-8"), HTML)
            return False
        if self.command == "POST" and self.headers.get("Origin") != f"http://{host}":
            self._refuse(HTTPStatus.FORBIDDEN, "wrong origin")
            return False
        return True

    def _drain(self, length: int) -> None:
        """A body too large read and dropped (up to 4 MB, within the request's timeout), so that its sender,
        still sending, reads why it was refused rather than a reset; a larger one is cut off."""
        left = min(length, 4 * MAX_BODY)
        try:
            while left > 0 and (chunk := self.rfile.read1(min(left, 65536))):
                left -= len(chunk)
        except OSError:
            pass

    def _body(self) -> Any:
        """The request's JSON body; ``REFUSED`` once an error has been answered."""
        length = self.headers.get("Content-Length")
        if self.headers.get("Transfer-Encoding") or length is None or not length.isdigit():
            self._refuse(HTTPStatus.LENGTH_REQUIRED, "a body with a Content-Length is required")
            return REFUSED
        if int(length) > MAX_BODY:
            self._drain(int(length))
            self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "the body is larger than 1 MB")
            return REFUSED
        raw = self.rfile.read(int(length))
        if too_deep(raw):
            self._refuse(HTTPStatus.BAD_REQUEST, f"the body is nested more than {MAX_DEPTH} levels deep")
            return REFUSED
        try:
            return json.loads(raw, parse_constant=_not_a_number, parse_float=_finite)
        except NotANumber:
            self._refuse(HTTPStatus.BAD_REQUEST, "NaN and Infinity are not numbers a results file holds")
            return REFUSED
        except (ValueError, UnicodeDecodeError, RecursionError):
            self._refuse(HTTPStatus.BAD_REQUEST, "the body is not JSON")
            return REFUSED


class NotANumber(ValueError):
    """NaN or Infinity in a body: JSON has no such number, and a results file holds none."""


def _not_a_number(word: str) -> Any:
    raise NotANumber(word)


def _finite(word: str) -> float:
    """A number written out (``2.5``, ``1e3``); one too large for a float (``1e999``) reads as Infinity, which
    a results file does not hold, and is refused as NaN and Infinity are."""
    value = float(word)
    if not math.isfinite(value):
        raise NotANumber(word)
    return value


STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
NESTING = re.compile(rb"[\[\]{}]")


def too_deep(raw: bytes) -> bool:
    """Whether a JSON body opens more than MAX_DEPTH brackets inside each other (strings left out), found
    before it is parsed: Python's parser would give up only with a RecursionError."""
    depth = 0
    for m in NESTING.finditer(STRING.sub(b"", raw)):
        depth += 1 if m.group() in (b"[", b"{") else -1
        if depth > MAX_DEPTH:
            return True
    return False


def identity(body: dict) -> tuple[str, int] | None:
    """A change's identity: the device that made it and its number there (None when the body has none)."""
    device, seq = body.get("device"), body.get("seq")
    if device is None and seq is None:
        return None
    if not isinstance(device, str) or not 0 < len(device) <= 80 or isinstance(seq, bool) or \
            not isinstance(seq, int) or seq < 0:
        raise sync.BadChange("a change's identity is its device (text) and its number there (0 or more)")
    return device, seq


def writable(data: Any) -> None:
    """Text the file can hold (UTF-8): a lone surrogate from a page is refused before anything is written."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise sync.BadChange("the change holds text that cannot be written (a lone surrogate); nothing was written") \
            from None

"""Standard output for the command line: a write or flush that fails (a full disk, a closed pipe) ends
the command with one line naming standard output instead of a traceback."""

from __future__ import annotations

import sys

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

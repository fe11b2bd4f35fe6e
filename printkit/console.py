"""The ``printkit`` command's entry point.

Ctrl-C ends in one line from the first moment: importing this module (the first thing the command does,
before typer and the rest load) sets Ctrl-C, SIGTERM and SIGHUP to say so in one line and exit, as nothing
has been written yet.  The command line then takes them over while it works (``output.signals``).

The command ends with ``os._exit`` once it has said all it has to say: the exit code is the command's,
and a signal arriving while Python shuts down can neither print a traceback nor change the code.
"""

import os
import signal
import sys

SIGNALS = tuple(s for s in (getattr(signal, n, None) for n in ("SIGINT", "SIGTERM", "SIGHUP")) if s is not None)


def _early(signum, frame) -> None:
    try:
        sys.stderr.write("printkit: interrupted\n" if signum == signal.SIGINT else "printkit: terminated\n")
        sys.stderr.flush()
    finally:
        os._exit(128 + signum)


def _catch_early() -> None:
    for sig in SIGNALS:
        try:
            if signal.getsignal(sig) is not signal.SIG_IGN:  # ignored: a background job
                signal.signal(sig, _early)
        except ValueError:  # not the main thread (the module imported by a test in a thread): leave them
            pass


_catch_early()


def main() -> None:
    _catch_early()
    from .cli import main as run

    code = 0
    try:
        run()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:  # done: a signal now would only stop Python's own shutdown half way, without a word
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_BLOCK, set(SIGNALS))
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)

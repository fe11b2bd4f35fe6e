"""The ``printkit`` command's entry point.

Ctrl-C ends in one line from the first moment: until the command line has loaded (typer and the rest
take a few tens of milliseconds) nothing has been written, so a signal then just says so and exits.
"""

import os
import signal
import sys


def _early(signum, frame) -> None:
    try:
        sys.stderr.write("printkit: interrupted\n" if signum == signal.SIGINT else "printkit: terminated\n")
        sys.stderr.flush()
    finally:
        os._exit(128 + signum)


def main() -> None:
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None and signal.getsignal(sig) is not signal.SIG_IGN:  # ignored: a background job
            signal.signal(sig, _early)
    from .cli import main as run

    try:
        run()
    finally:  # done: a signal now would only stop Python's own shutdown half way, without a word
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_BLOCK, {s for s in (getattr(signal, n, None) for n in
                                                                   ("SIGINT", "SIGTERM", "SIGHUP")) if s})

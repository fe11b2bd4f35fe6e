"""Ctrl-C (and SIGTERM, SIGHUP) while a command writes: ``catch_signals`` makes them raise
KeyboardInterrupt in printkit's own process only (a forked worker leaves it to its parent), so a command
ends with one line; ``held_signals`` defers them during a few renames that must happen together."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import Callable, Iterator


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

    hook = sys.unraisablehook

    def quiet(unraisable) -> None:  # a stop Python swallowed (in an import's clean-up): said once, at the end
        if not (isinstance(unraisable.exc_value, KeyboardInterrupt) and _stopped is not None):
            hook(unraisable)

    sys.unraisablehook = quiet

    def restore() -> None:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        sys.unraisablehook = hook

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


def dealt_with() -> None:
    """The command has answered the stop itself (``enter`` saves and ends, exit 0): the command line then
    keeps the command's own ending.  Otherwise a stop always ends the command with its line and code, even
    when Python swallowed the KeyboardInterrupt (raised inside an import's clean-up, it is only reported as
    ignored) and the command ran on to its end."""
    global _stopped
    _stopped = None


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

"""How every command ends: its exit code and at most one line (``main``), never a traceback for what a
user can do."""

from __future__ import annotations

import os
import sys
from typing import Optional

import typer

from .app import app


_COMMAND: list = []  # the click command typer builds from the app, built once in a process


def _command():
    """The command line as click runs it: typer reads every command's annotations to build it (about 20 ms),
    once per process, however often ``main`` runs in it (a script, a test, an evening's every game)."""
    if not _COMMAND:
        _COMMAND.append(typer.main.get_command(app))
    return _COMMAND[0]


def main() -> None:
    """``printkit``: every command ends cleanly.  Exit 0 or 1 as the command says; 2 with one line
    ``printkit: file:line: key: message`` for unusable input, a bad option or a file that cannot be
    written; 130 with ``printkit: interrupted`` on Ctrl-C (nothing half written); never a traceback
    for what a user can do.  A bug in printkit shows its traceback and exits 70, never 1."""
    from ..output import files, signals

    restore = signals.catch_signals()
    stdout = sys.stdout
    sys.stdout = files.GuardedStream(stdout)
    message, code = None, 0
    try:
        rv = _command().main(args=sys.argv[1:], prog_name="printkit", standalone_mode=False)
        code = rv if isinstance(rv, int) else 0
        sys.stdout.flush()
        if signals.stopped() is not None:  # typer turns KeyboardInterrupt into 130; one Python swallowed, into 0
            message, code = signals.stop_message(signals.stopped())
    except BaseException as e:  # noqa: BLE001 - sorted below
        message, code = _ending(e)
        if message is None and code is None:  # a bug: its traceback, and not exit 1, which means "rule broken"
            import traceback

            traceback.print_exc()
            message, code = f"printkit: internal error ({type(e).__name__}); please report it with the lines above", 70
    finally:
        sys.stdout = stdout
        restore()
    if message is not None:
        try:
            sys.stderr.write(message + "\n")
            sys.stderr.flush()
        except OSError:
            pass
    sys.exit(code)


def _ending(e: BaseException) -> tuple[Optional[str], Optional[int]]:
    """(one line or None, exit code) for an exception that ended a command; (None, None): a bug."""
    import errno

    from ..output import errors, files, signals
    from ..inputs import InputError, escape

    if signals.stopped() is not None:  # whatever the signal broke on its way (reportlab turns it into a RuntimeError)
        return signals.stop_message(signals.stopped())
    if isinstance(e, KeyboardInterrupt):
        return signals.stop_message(2)
    if isinstance(e, files.StdoutError):
        if e.errno == errno.EPIPE:  # the reader stopped (printkit ... | head): nothing to say
            _silence_stdout()
            return None, 141
        _silence_stdout()
        return f"printkit: {errors.OutputError('standard output', errors.os_message(e.error, '-'))}", 2
    if isinstance(e, InputError):
        return f"printkit: {e}", 2
    if isinstance(e, SystemExit):
        return None, e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    if _command_line_error(e):
        ctx = getattr(e, "ctx", None)
        if ctx is not None and e.format_message() == ctx.get_help():  # `printkit` alone: the help
            return e.format_message().rstrip("\n"), 2
        if ctx is not None or e.exit_code == 2:  # a usage error: an option or argument named
            return f"printkit: {InputError('command line', *_usage(e))}", 2
        return f"printkit: {escape(e.format_message())}", 2
    if isinstance(e, typer.Exit):
        return None, e.exit_code
    if isinstance(e, typer.Abort):
        return signals.stop_message(2)
    if isinstance(e, OSError):  # a write no command expected (a game's own file): still one line
        where = e.filename if e.filename is not None else "printkit"
        return f"printkit: {errors.OutputError(os.fsdecode(where), errors.os_message(e, where))}", 2
    return None, None


def _command_line_error(e: BaseException) -> bool:
    """An error of typer's command-line parser (click's ``ClickException``: an exit code and a message).

    Read by the attributes click documents for its errors, not by their classes, which typer keeps in a
    private module: ``format_message()`` and ``exit_code`` on every one, ``ctx`` on a usage error,
    ``option_name`` and ``possibilities`` on an unknown option, ``param`` on a bad value, and also
    ``param_type`` on a missing one."""
    return callable(getattr(e, "format_message", None)) and isinstance(getattr(e, "exit_code", None), int)


def _usage(e) -> tuple[str, Optional[int], Optional[str]]:
    """(message, line, key) of a usage error: the option or argument named, click's words kept short."""
    key = None
    message = getattr(e, "message", None) or e.format_message()
    if hasattr(e, "possibilities"):  # no such option
        key = e.option_name
        close = sorted(e.possibilities or ())
        message = "no such option" + (f" (did you mean {' or '.join(close)}?)" if close else "")
    elif hasattr(e, "param"):  # a bad value, or a missing one
        param = e.param
        if param is not None:
            key = (param.opts[0] if getattr(param, "param_type_name", "") == "option" and param.opts
                   else (param.human_readable_name or "").upper())
        if hasattr(e, "param_type"):
            message = "missing" + (f" ({e.message})" if e.message else "")
    elif hasattr(e, "option_name"):  # an option used wrongly
        key = e.option_name
    return message, None, key


def _silence_stdout() -> None:
    """Standard output cannot be written: point it at /dev/null so the last flush at exit is quiet."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.__stdout__.fileno())
        os.close(null)
    except (OSError, AttributeError, ValueError):
        pass

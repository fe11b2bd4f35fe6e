"""Bounds for every time and size option: finite, inside a range, and a bad value said in one line.

A command checks its options before it starts work, either in its body::

    time_limit = limits.seconds(time_limit, "--time-limit", 0.1, limits.MAX_SECONDS)
    max_cards = limits.count(max_cards, "--max-cards", 0, 26)

or as typer callbacks::

    time_limit: float = typer.Option(10.0, "--time-limit", callback=limits.seconds_option(0.1, 600))

A value out of range is an InputError: ``printkit: command line: --time-limit: ...``, exit 2.
"""

import math

import typer

from .inputs import InputError

MAX_SECONDS = 3600.0  # an hour: no printkit search needs more, and every run stops within it


def _number(value, key: str, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError("command line", f"'{value}' is not {what}", key=key)
    if not math.isfinite(value):
        raise InputError("command line", f"{value} is not {what}: give a finite number", key=key)
    return value


def seconds(value, key: str, lo: float = 0.1, hi: float = MAX_SECONDS) -> float:
    """``value`` as a time limit in seconds: finite, from ``lo`` to ``hi``."""
    value = _number(value, key, "a number of seconds")
    if not lo <= value <= hi:
        raise InputError("command line", f"{value:g} is out of range: must be {lo:g} to {hi:g} seconds", key=key)
    return float(value)


def count(value, key: str, lo: int, hi: int) -> int:
    """``value`` as a whole number from ``lo`` to ``hi`` (a size: games, cards, workers...)."""
    value = _number(value, key, "a whole number")
    if value != int(value):
        raise InputError("command line", f"{value} is not a whole number", key=key)
    if not lo <= value <= hi:
        raise InputError("command line", f"{int(value)} is out of range: must be {lo} to {hi}", key=key)
    return int(value)


def _key(param) -> str:
    opts = getattr(param, "opts", None) or []
    longest = max(opts, key=len) if opts else None
    return longest or (getattr(param, "human_readable_name", "") or "value").upper()


def bad_option(param, message: str) -> InputError:
    """A one-line error about a command-line option or argument (``param``: click's parameter)."""
    return InputError("command line", message, key=_key(param))


def seconds_option(lo: float = 0.1, hi: float = MAX_SECONDS):
    """A typer callback bounding a time option: ``typer.Option(..., callback=seconds_option(0.1, 600))``."""

    def callback(param: typer.CallbackParam, value: float):
        return value if value is None else seconds(value, _key(param), lo, hi)

    return callback


def count_option(lo: int, hi: int):
    """A typer callback bounding a size option: ``typer.Option(..., callback=count_option(0, 26))``."""

    def callback(param: typer.CallbackParam, value: int):
        return value if value is None else count(value, _key(param), lo, hi)

    return callback

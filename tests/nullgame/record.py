"""A tally line as typed, ``Ann 3``: a player and what they wrote."""

from __future__ import annotations

from typing import Any

from printkit.model import record_line


def parse_line(v: Any) -> tuple[str, str]:
    """(player as typed, what they wrote); ValueError if the line is not 'NAME WHAT'."""
    text = record_line(v, "a tally line", "Ann 3").strip()
    who, _, what = text.rpartition(" ")
    if not who or not what:
        raise ValueError(f"'{text}' is not a tally line; write the player and what they wrote, e.g. 'Ann 3'")
    return who.strip(), what


def record_template(cfg: Any) -> str:
    """The tally of a blank results file: one line per turn, in play order."""
    return "# One line per turn, in play order: the player and the digit they wrote, e.g. 'Ann 3'.\ntally:\n"

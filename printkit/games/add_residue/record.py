"""Add/Residue's play record: one move-log line (``Ann add 3``, ``Ben mod 2 = 1``) read into a ``Played``
and written back, the length of a full log, and the commented move log of a blank results file."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...model import player_named, record_line

MOVE = re.compile(r"^\s*(?P<name>.+?)\s+(?P<pile>add|mod)\s+(?P<c>[+-]?\d+)\s*(?:=\s*(?P<m>\S+)\s*)?$", re.I)


def total_moves(n: int, players: int) -> int:
    return 2 * n * players


@dataclass(frozen=True)
class Played:
    """One line of the move log as entered."""

    player: str
    pile: str  # "add" or "mod"
    c: int
    written: int | None  # the m the players wrote down, if given

    @property
    def move(self) -> str:
        return f"{self.pile} {self.c}"

    def __str__(self) -> str:
        return f"{self.player} {self.pile} {self.c}" + (f" = {self.written}" if self.written is not None else "")


def played(v: Any, names: tuple[str, ...], n: int) -> Played:
    v = record_line(v, "a move", "Ann mod 4 = 2")
    mt = MOVE.match(v) if len(v) <= 80 else None
    if not mt:
        shown = v if len(v) <= 40 else v[:37] + "..."
        raise ValueError(f"'{shown}' is not a move; write the player, add or mod, and the number, "
                         "optionally '= m', e.g. 'Ann mod 4 = 2'")
    name, pile, c = player_named(mt.group("name"), names), mt.group("pile").lower(), int(mt.group("c"))
    if not 1 <= c <= n:
        raise ValueError(f"{pile} {c}: the piles hold 1 to {n}")
    written = mt.group("m")
    if written is not None:
        if not re.fullmatch(r"\d{1,6}", written):
            raise ValueError(f"'= {written[:12]}': m is a whole number, 0 or more")
        written = int(written)
    return Played(name, pile, c, written)


def record_template(cfg: Any) -> str:
    """The move log of a blank results file for ``cfg`` (the game's Config)."""
    a, b = cfg.names[0], cfg.names[1]
    full = total_moves(cfg.n, len(cfg.names))
    return "\n".join([
        "# The move log in play order, one move a line: the player, add or mod,",
        "# the number, and if you like '= m' with the m written in the log:",
        f"#   - {a} add 3 = 3",
        f"#   - {b} mod 2 = 1",
        f"# A full game has 2 x n x players = {full} moves; a shorter log is scored as it stands.",
        "moves:",
        "",
    ])

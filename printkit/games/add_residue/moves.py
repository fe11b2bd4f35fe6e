"""A move of Add/Residue, a pile and a card (``Move``), and what it does to m (``apply``): add c sets m to
m + c; mod c sets m to the remainder of m divided by c, and the mover scores the new m."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Move:
    pile: str  # "add" or "mod"
    c: int

    def __str__(self) -> str:
        return f"{self.pile} {self.c}"


def apply(m: int, move: Move) -> tuple[int, int]:
    """(new m, points scored by the mover)."""
    if move.pile == "add":
        return m + move.c, 0
    r = m % move.c
    return r, r

"""The store's 49 spaces, numbered ``row * 7 + col``: their names (``B3``) and neighbours, and the steps
inside the grid as bit masks."""

from __future__ import annotations

from ...coords import coord
from .tiles import SIDES, STEP

N = 7
SPACES = N * N


def sid(r: int, c: int) -> int:
    return r * N + c


def rc(s: int) -> tuple[int, int]:
    return divmod(s, N)


def name(s: int) -> str:
    return coord(*rc(s))


def neighbour(s: int, side: str) -> int | None:
    r, c = rc(s)
    dr, dc = STEP[side]
    r, c = r + dr, c + dc
    return sid(r, c) if 0 <= r < N and 0 <= c < N else None


NEIGHBOUR = [{side: neighbour(s, side) for side in SIDES} for s in range(SPACES)]
FULL = [tuple(t for side in SIDES if (t := NEIGHBOUR[s][side]) is not None) for s in range(SPACES)]


# every step inside the grid, as masks: OPEN = (north, east, south, west)
OPEN = tuple(sum(1 << s for s in range(SPACES) if NEIGHBOUR[s][side] is not None) for side in SIDES)
ALL = (1 << SPACES) - 1


def on_outer_wall(s: int, side: str) -> bool:
    return neighbour(s, side) is None

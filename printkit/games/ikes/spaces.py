"""The store as drawn: its 7 x 7 spaces, their names (``B3``) and neighbours, and ``Board``, what is on
each space and which walls and doorways there are.

Spaces are numbered ``row * 7 + col``.  Walls belong to a space and lie along
one of its sides; ``walls[(space, side)]`` is True when a doorway is punched
through that wall.  A step between two neighbouring spaces is blocked by a wall
without a doorway on either space's side of their shared edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...coords import coord
from .tiles import OPPOSITE, SIDES, STEP

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


@dataclass
class Board:
    grid: list[str]  # per space: '.', 'o', '1'..'6', or a cafeteria 'C1', 'C2', ...
    walls: dict[tuple[int, str], bool] = field(default_factory=dict)
    entrance: tuple[int, str] | None = None
    exit: tuple[int, str] | None = None

    @classmethod
    def empty(cls) -> "Board":
        return cls(["."] * SPACES)

    def copy(self) -> "Board":
        return Board(list(self.grid), dict(self.walls), self.entrance, self.exit)

    def is_empty(self, s: int) -> bool:
        """No tile, no wall, no cafeteria."""
        return self.grid[s] == "." and not any((s, side) in self.walls for side in SIDES)

    def value(self, s: int) -> int:
        """What entering space s scores: +1 display, -1 empty, 0 otherwise."""
        g = self.grid[s]
        if g in "123456" and len(g) == 1:
            return 1
        return -1 if self.is_empty(s) else 0

    def open_between(self, a: int, side: str) -> bool:
        b = neighbour(a, side)
        if b is None:
            return False
        return self.walls.get((a, side)) is not False and self.walls.get((b, OPPOSITE[side])) is not False

    def adjacency(self) -> list[tuple[int, ...]]:
        """Each space's open neighbours."""
        adj = list(FULL)
        for (a, side), door in self.walls.items():
            if door:
                continue
            b = NEIGHBOUR[a][side]
            if b is None:
                continue
            if b in adj[a]:
                adj[a] = tuple(x for x in adj[a] if x != b)
                adj[b] = tuple(x for x in adj[b] if x != a)
        return adj

    def masks(self) -> tuple[int, int, int, int]:
        """The open steps as four bit masks over the spaces (bit s: the step from s northward,
        eastward, southward, westward is open)."""
        n_, e_, s_, w_ = OPEN
        for (a, side), door in self.walls.items():
            if door:
                continue
            b = NEIGHBOUR[a][side]
            if b is None:
                continue
            if side == "N":
                n_ &= ~(1 << a)
                s_ &= ~(1 << b)
            elif side == "S":
                s_ &= ~(1 << a)
                n_ &= ~(1 << b)
            elif side == "E":
                e_ &= ~(1 << a)
                w_ &= ~(1 << b)
            else:
                w_ &= ~(1 << a)
                e_ &= ~(1 << b)
        return n_, e_, s_, w_

    def values(self) -> list[int]:
        walled = {s for s, _ in self.walls}
        out = []
        for s, g in enumerate(self.grid):
            if g == ".":
                out.append(0 if s in walled else -1)
            else:
                out.append(1 if len(g) == 1 and g in "123456" else 0)
        return out

    def door_open(self, door: tuple[int, str] | None) -> bool:
        """An entrance or exit is blocked by the space's own wall across it (unless punched)."""
        return door is not None and self.walls.get(door) is not False

    def cafeterias(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for s, g in enumerate(self.grid):
            if g.startswith("C"):
                out.setdefault(g, []).append(s)
        return dict(sorted(out.items()))

"""The tile set of The Long Way: 6 shapes (light die) x 6 wall layouts (dark die),
and the 6 furniture displays, read from ``printkit/data/ikes_tiles.yaml``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

SIDES = "NESW"
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIDE_NAME = {"N": "north", "E": "east", "S": "south", "W": "west"}


@dataclass(frozen=True)
class Tile:
    light: int
    dark: int
    shape: str  # the shape's name
    layout: str  # the wall layout's name
    cells: tuple[tuple[int, int], ...]  # (row, col) from the tile's A1, which is always a space of the tile
    walls: tuple[tuple[tuple[int, int], str], ...]  # ((row, col), side)

    @property
    def key(self) -> str:
        return f"{self.light}-{self.dark}"

    @property
    def height(self) -> int:
        return max(r for r, _ in self.cells) + 1

    @property
    def width(self) -> int:
        return max(c for _, c in self.cells) + 1


@dataclass(frozen=True)
class Display:
    face: int
    name: str
    symbol: str


@dataclass(frozen=True)
class TileSet:
    tiles: dict[tuple[int, int], Tile]
    displays: dict[int, Display]
    shapes: dict[int, str]
    layouts: dict[int, str]

    def tile(self, light: int, dark: int) -> Tile:
        return self.tiles[(light, dark)]


def _local(text: str) -> tuple[int, int]:
    text = text.strip()
    return ord(text[0]) - 65, int(text[1:]) - 1


@lru_cache(maxsize=1)
def tileset() -> TileSet:
    import yaml

    from ...inputs import LOADER
    from ...resources import data

    raw = yaml.load(data("ikes_tiles.yaml").read_text(encoding="utf-8"), Loader=LOADER)  # noqa: S506 - a safe loader
    shapes = {int(k): v["name"] for k, v in raw["shapes"].items()}
    layouts = {int(k): str(v) for k, v in raw["layouts"].items()}
    tiles: dict[tuple[int, int], Tile] = {}
    for light, shape in raw["shapes"].items():
        cells = tuple(_local(s) for s in shape["spaces"])
        assert cells[0] == (0, 0) and min(cells) == (0, 0), f"shape {light}: A1 must be its first space"
        for dark in range(1, 7):
            walls = []
            for w in raw["tiles"][f"{light}-{dark}"]:
                space, side = w.split()
                cell = _local(space)
                assert cell in cells and side in SIDES, f"tile {light}-{dark}: bad wall {w}"
                walls.append((cell, side))
            tiles[(int(light), dark)] = Tile(int(light), dark, shape["name"], layouts[dark], cells, tuple(walls))
    displays = {int(k): Display(int(k), v["name"], v["symbol"]) for k, v in raw["displays"].items()}
    assert len(tiles) == 36 and sorted(displays) == [1, 2, 3, 4, 5, 6]
    return TileSet(tiles, displays, shapes, layouts)

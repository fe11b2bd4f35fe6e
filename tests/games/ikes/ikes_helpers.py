"""Helpers shared by The Long Way's tests: results files written as YAML (one sheet per player), and
final sheets built by hand from the tile card (``Store``) with their turn logs."""

from __future__ import annotations

from printkit.games.ikes import GAME
from printkit.games.ikes.game import Results
from printkit.games.ikes.tiles import tileset
from printkit.coords import coord, parse_coord


# ---------------------------------------------------------------- sheets written as YAML

ROW = "ABCDEFG"


def sheet_yaml(grid: list[str], walls=(), entrance="D1 W", exit="D7 E", turns=None, player="Ann") -> str:
    lines = [f"  {player}:", f"    entrance: {entrance}", f"    exit: {exit}", "    grid: |"]
    lines += ["      " + row for row in grid]
    lines.append(f"    walls: [{', '.join(walls)}]")
    if turns is not None:
        lines.append("    turns:")
        lines += [f"      - {t}" for t in turns]
    return "\n".join(lines) + "\n"


def results_yaml(*sheets: str, players=("Ann",)) -> str:
    return f"game: ikes\nplayers: [{', '.join(players)}]\nsheets:\n" + "".join(sheets)


def score(text: str):
    import yaml

    return GAME.score(Results.from_dict(yaml.safe_load(text)))


def one(grid, walls=(), **kw):
    return score(results_yaml(sheet_yaml(grid, walls, **kw)))


EMPTY = [". . . . . . ."] * 7
TILES = ["o o o o o o o"] * 7


def rules(report) -> list[str]:
    return sorted({v.rule for v in report.violations})


# ---------------------------------------------------------------- sheets built from the tile card

class Store:
    """A final sheet built by hand: tiles are looked up on the tile card (the data file)."""

    def __init__(self):
        self.grid = [["."] * 7 for _ in range(7)]
        self.walls: dict[str, str] = {}

    def tile(self, light: int, dark: int, at: str, face: int, face_at: str) -> "Store":
        r0, c0 = parse_coord(at, 7, 7)
        t = tileset().tile(light, dark)
        for r, c in t.cells:
            self.grid[r0 + r][c0 + c] = "o"
        for (r, c), side in t.walls:
            self.walls[f"{coord(r0 + r, c0 + c)} {side}"] = ""
        fr, fc = parse_coord(face_at, 7, 7)
        self.grid[fr][fc] = str(face)
        return self

    def cafe(self, k: int, *spaces: str) -> "Store":
        for s in spaces:
            r, c = parse_coord(s, 7, 7)
            self.grid[r][c] = f"C{k}"
        return self

    def wall(self, w: str, door: bool = False) -> "Store":
        self.walls[w] = "*" if door else ""
        return self

    def mark(self, space: str, m: str) -> "Store":
        r, c = parse_coord(space, 7, 7)
        self.grid[r][c] = m
        return self

    def sheet(self, turns, player="Ann") -> dict:
        return {"entrance": "D1 W", "exit": "D7 E",
                "grid": "\n".join(" ".join(row) for row in self.grid) + "\n",
                "walls": [w + d for w, d in sorted(self.walls.items())], "turns": list(turns)}


def run(store: Store, turns) -> object:
    data = {"game": "ikes", "players": ["Ann"], "sheets": {"Ann": store.sheet(turns)}}
    return GAME.score(Results.from_dict(data))


def walls_of(light, dark):
    return {(coord(*cell), side) for cell, side in tileset().tile(light, dark).walls}


def face(kind: str, name: str) -> int:
    """The die face of a shape (light) or wall layout (dark) on the tile card."""
    table = tileset().shapes if kind == "light" else tileset().layouts
    return next(k for k, v in table.items() if v == name)


PAIR, L, ROW3 = face("light", "pair across"), face("light", "corner L"), face("light", "row of three")
NORTH, EAST, SOUTH = face("dark", "north walls"), face("dark", "east walls"), face("dark", "south walls")
P_S = f"{PAIR}{SOUTH}"  # the dice of a pair across with south walls


# A valid little game: cafeteria, a tile earning a bonus from it, two rerolls paid with that bonus.
def base() -> tuple[Store, list[str]]:
    # a pair across with south walls on B1: nothing between B1 and the cafeteria above it
    assert ("A1", "N") not in walls_of(PAIR, SOUTH) and EAST not in (1, 6)
    s = Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1").tile(L, EAST, "D1", L, "D1").cafe(2, "G6", "G7")
    turns = ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +coins", f"{L}6>{L}1>{L}{EAST} D1 {L}@D1", "66 cafe G6-G7", "stop"]
    return s, turns


def two_player(ann_turns, ben_turns):
    sa, sb = Store().tile(PAIR, SOUTH, "A1", PAIR, "A1"), Store().tile(PAIR, SOUTH, "A1", PAIR, "A1")
    data = {"game": "ikes", "players": ["Ann", "Ben"],
            "sheets": {"Ann": sa.sheet(ann_turns), "Ben": sb.sheet(ben_turns)}}
    return GAME.score(Results.from_dict(data))

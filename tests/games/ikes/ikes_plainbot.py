"""The solo bot's choices made the plain way, as the bot made them before bot.py, to check simulate.py's
against: every placement, doorway, wall and cafeteria walked in full by ``path.walk`` except where the
bot always took the walk as it was (a tile or a wall on no space the walk depends on: its region), the
best kept with the same comparisons in the same order (the first of the best wins).  Cafeterias are all
walked afresh (the same as remembering them while each cafeteria's two spaces are joined)."""

from __future__ import annotations

from printkit.games.ikes.path import Floor, walk
from printkit.games.ikes.spaces import SPACES, neighbour
from printkit.games.ikes.record import Turn
from printkit.games.ikes.replay import bonus_earned, tile_spaces
from printkit.games.ikes.moves import EMPTY_COST, bot_values, heuristic, weigh
from printkit.games.ikes.tiles import SIDES, tileset


def plain_tile(b: Floor, coins: int, light: int, dark: int):
    region: list = []
    still = weigh(walk(b, bot_values(b), region=region), coins)
    best = None
    for anchor in range(SPACES):
        cells = tile_spaces(light, dark, anchor)
        if cells is None or not all(b.is_empty(s) for s in cells):
            continue
        if not any(region[0] >> s & 1 for s in cells):  # the walk as it is
            if best is None or still > best[0]:
                best = (still, anchor, cells)
            continue
        got = plain_place(b, coins, light, dark, anchor, cells)
        if best is None or got[0] > best[0]:
            best = got
    if best is None:
        return None
    if len(best) == 3:
        best = plain_place(b, coins, light, dark, best[1], best[2])
    val, nb, turn, earned = best
    if earned:
        val, nb, turn.bonus = plain_bonus(nb, coins)
    return val, nb, turn


def plain_place(b: Floor, coins: int, light: int, dark: int, anchor: int, cells: list[int]):
    tile = tileset().tile(light, dark)
    nb = b.copy()
    for s in cells:
        nb.grid[s] = "o"
    r0, c0 = divmod(anchor, 7)
    for (r, c), side in tile.walls:
        nb.walls[((r0 + r) * 7 + c0 + c, side)] = False
    seen: dict[int, int] = {}
    for s in walk(nb, [-EMPTY_COST if v < 0 else v for v in nb.values()]).entries():
        seen[s] = seen.get(s, 0) + 1
    at = max(cells, key=lambda s: (seen.get(s, 0), -s))
    before = {s for s in range(SPACES) if b.grid[s] != "."}
    face, earned = light, False
    for f in (light, dark):
        nb.grid[at] = str(f)
        if bonus_earned(nb, at, f, before):
            face, earned = f, True
            break
    nb.grid[at] = str(face)
    return heuristic(nb, coins), nb, Turn("", [], "tile", [anchor], face, at), earned


def plain_bonus(b: Floor, coins: int):
    best = None
    for v, move in plain_bonus_options(b, coins):
        if best is None or v > best[0]:
            best = (v, move)
    v, move = best
    nb = b.copy()
    if move[0] != "coins":
        nb.walls[(move[1], move[2])] = move[0] == "door"
    return v, (b if move[0] == "coins" else nb), move


def plain_bonus_options(b: Floor, coins: int):
    region: list = []
    w = walk(b, bot_values(b), region=region)
    yield weigh(w, coins + 2), ("coins",)
    still = weigh(w, coins)
    route = {s for leg in w.legs for s in leg.spaces}
    near = set(route)
    for s in route:
        near.update(q for side in SIDES if (q := neighbour(s, side)) is not None)
    for (s, side), door in sorted(b.walls.items()):
        if not door:
            nb = b.copy()
            nb.walls[(s, side)] = True
            yield heuristic(nb, coins), ("door", s, side)
    for s in sorted(near):
        for side in SIDES:
            if (s, side) not in b.walls and neighbour(s, side) is not None:
                if not region[0] >> s & 1:  # the walk as it is
                    yield still, ("wall", s, side)
                    continue
                nb = b.copy()
                nb.walls[(s, side)] = False
                yield heuristic(nb, coins), ("wall", s, side)


def plain_cafe(b: Floor, coins: int, cafes: int):
    best = None
    for s in range(SPACES):
        for side in ("E", "S"):
            t = neighbour(s, side)
            if t is None or not b.is_empty(s) or not b.is_empty(t):
                continue
            nb = b.copy()
            nb.grid[s] = nb.grid[t] = f"C{cafes + 1}"
            v = heuristic(nb, coins)
            if best is None or v > best[0]:
                best = (v, nb, Turn("", [], "cafe", [s, t]))
    return best

"""The solo bot's weighing of its moves (simulate.py plays them): the bot's value of a store, a store as
bot.py takes it, and the best placement of a rolled tile with its display and bonus, each placement
valued as ``path.walk`` values it (``heuristic`` is that plain valuation) from the walk before it."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from . import bot, prune
from .path import Floor, walk
from .spaces import NEIGHBOUR, SPACES, neighbour
from .record import Turn
from .tiles import OPPOSITE, SIDES, tileset

EMPTY_COST = 0.45  # an empty space on the walk, before the end: later tiles may still fill it
STEP_GAIN = 0.25  # each step of the walk: room for displays later
COIN = 0.35  # a coin in the box


@dataclass
class Solo:
    """A solo game in progress: the store, the coins and cafeterias, the turns so far."""

    floor: Floor
    coins: int = 0
    cafes: int = 0
    turns: list[Turn] = field(default_factory=list)
    # the cafeteria walks remembered from turn to turn, (spaces) -> (walk, the spaces it depends on), kept
    # once the first cafeteria's two spaces are walled apart (None before: see Cafes)
    remembered: dict | None = None


def hundredths(x: float) -> int:
    """``x`` in hundredths of a point, exactly (the bot's weights are whole hundredths)."""
    out = round(x * 100)
    assert abs(x * 100 - out) < 1e-9, f"{x} is not a whole number of hundredths"
    return out


H_EMPTY, H_STEP, H_COIN = (hundredths(x) for x in (EMPTY_COST, STEP_GAIN, COIN))
IVALS = {1: 100, 0: 0, -EMPTY_COST: -H_EMPTY}  # the bot's values in hundredths


def bot_values(b: Floor) -> list:
    """The bot's value of entering each space: a display 1, an empty space -EMPTY_COST, else 0."""
    walled = {s for s, _ in b.walls}
    return [(0 if s in walled else -EMPTY_COST) if g == "." else (1 if len(g) == 1 and g in "123456" else 0)
            for s, g in enumerate(b.grid)]


def weigh(w, coins: int) -> float:
    """The bot's value of a store whose walk is ``w`` (the same sums, in the same order, as ever)."""
    if not w.ok:
        return -100.0 + COIN * coins
    return w.score + STEP_GAIN * w.length + COIN * coins


def heuristic(b: Floor, coins: int) -> float:
    """The bot's value of a store, walked plainly (``path.walk``); the bot itself gets it from bot.py."""
    return weigh(walk(b, bot_values(b)), coins)


def bits(spaces) -> int:
    out = 0
    for s in spaces:
        out |= 1 << s
    return out


# every pair of neighbouring spaces, in the order the bot tries cafeterias on them
PAIRS = [(s, t) for s in range(SPACES) for side in ("E", "S") if (t := NEIGHBOUR[s][side]) is not None]


@dataclass
class Store:
    """A floor as bot.py takes it: open steps, values, doorways, cafeterias, the empty spaces (a mask)."""
    floor: Floor
    masks: tuple
    vals: list
    e: int
    x: int
    shut: bool
    cafes: dict
    empty: int

    @classmethod
    def of(cls, b: Floor) -> "Store":
        shut = not b.door_open(b.entrance) or not b.door_open(b.exit)
        cafes = {k: bits(v) for k, v in b.cafeterias().items()}
        walled = bits(s for s, _ in b.walls)
        empty = bits(s for s, g in enumerate(b.grid) if g == "." and not walled >> s & 1)
        return cls(b, b.masks(), bot_values(b), b.entrance[0], b.exit[0], shut, cafes, empty)

    def way(self, masks=None, vals=None, shut=None, cafes=None, old=None, steps=(), changed=0) -> bot.Way:
        return bot.way(self.masks if masks is None else masks, self.vals if vals is None else vals, self.e, self.x,
                       self.shut if shut is None else shut, self.cafes if cafes is None else cafes, old, steps, changed)


@lru_cache(maxsize=64)
def footprints(tile) -> list:
    """Per anchor space: None if the tile leaves the grid there, else (its spaces, their bit mask, its
    walls, the steps they close, the four open-step masks they clear)."""
    out = []
    for anchor in range(SPACES):
        r0, c0 = divmod(anchor, 7)
        cells = []
        for r, c in tile.cells:
            if not (0 <= r0 + r < 7 and 0 <= c0 + c < 7):
                cells = None
                break
            cells.append((r0 + r) * 7 + c0 + c)
        if cells is None:
            out.append(None)
            continue
        walls = [((r0 + r) * 7 + c0 + c, side) for (r, c), side in tile.walls]
        steps, clear = [], [0, 0, 0, 0]
        for a, side in walls:
            q = neighbour(a, side)
            if q is not None:
                steps.append((a, q))
                clear[SIDES.index(side)] |= 1 << a
                clear[SIDES.index(OPPOSITE[side])] |= 1 << q
        out.append((cells, bits(cells), walls, steps, tuple(clear)))
    return out


def cut_masks(masks, s: int, q: int) -> tuple:
    """``masks`` with the step between the neighbouring spaces ``s`` and ``q`` closed."""
    out = list(masks)
    for i, side in enumerate(SIDES):
        if NEIGHBOUR[s][side] == q:
            out[i] &= ~(1 << s)
            out[SIDES.index(OPPOSITE[side])] &= ~(1 << q)
    return tuple(out)


def vals_with(vals, s: int, v) -> list:
    out = list(vals)
    out[s] = v
    return out


def closed(masks, clear) -> tuple:
    return tuple(m & ~c for m, c in zip(masks, clear))


def best_tile(g: Solo, st: Store, base: bot.Way, light: int, dark: int) -> tuple[float, Floor, Turn] | None:
    """The best placement of the rolled tile (with display and bonus), or None if it fits nowhere.

    A tile none of whose spaces the present walk depends on (``walk``'s region) leaves the walk as it
    is, walls and display included: its value is the present one, found without walking."""
    b = g.floor
    region = base.region
    still = base.weigh(g.coins, STEP_GAIN, COIN)
    tile = tileset().tile(light, dark)
    foot = footprints(tile)
    full = ~st.empty
    best = None
    for anchor in range(SPACES):
        fp = foot[anchor]
        if fp is None or fp[1] & full:
            continue
        if not fp[1] & region:
            if best is None or still > best[0]:
                best = (still, anchor)
            continue
        got = place_tile(g, st, base, light, dark, anchor, fp)
        if best is None or got[0] > best[0]:
            best = got
    if best is None:
        return None
    if len(best) == 2:  # an untouched walk won: place that tile for real
        best = place_tile(g, st, base, light, dark, best[1], foot[best[1]])
    val, anchor, at, face, earned, w, masks, vals = best
    nb = b.copy()
    cells, _, tile_walls, _, _ = foot[anchor]
    for s in cells:
        nb.grid[s] = "o"
    for key in tile_walls:
        nb.walls[key] = False
    nb.grid[at] = str(face)
    turn = Turn("", [], "tile", [anchor], face, at)
    if earned:
        val, nb, turn.bonus = best_bonus(nb, g.coins, w, masks, vals)
    return val, nb, turn


def place_tile(g: Solo, st: Store, base: bot.Way, light: int, dark: int, anchor: int, fp) -> tuple:
    """The rolled tile at ``anchor``: its display where the walk passes most, a bonus face if one earns it.
    Returns (value, anchor, display space, face, bonus earned, the walk, its open steps and values)."""
    b = g.floor
    cells, cellbits, tile_walls, steps, clear = fp
    masks = closed(st.masks, clear)
    vals = list(st.vals)
    for s in cells:
        vals[s] = 0
    shut = st.shut or any(key == b.entrance or key == b.exit for key in tile_walls)
    if shut != st.shut or (steps and not bot.connected(base, masks)):
        w = st.way(masks, vals, shut)
    elif prune.closes_a_step(base, steps):
        w = bot.update(base, masks, vals, steps, cellbits) or st.way(masks, vals, old=base, steps=steps,
                                                                      changed=cellbits)
    else:
        w = bot.revalue(base, masks, vals, cellbits)
    seen = w.visits(cellbits)
    at = max(cells, key=lambda s: (seen.get(s, 0), -s))
    # the face: one that earns a bonus if possible (a cafeteria or the same display next to it, placed
    # before, with no wall between)
    face, earned = light, False
    for f in (light, dark):
        for i, side in enumerate(SIDES):
            q = NEIGHBOUR[at][side]
            if q is None or b.grid[q] == "." or not masks[i] >> at & 1:
                continue
            if b.grid[q].startswith("C") or b.grid[q] == str(f):
                face, earned = f, True
                break
        if earned:
            break
    vals[at] = 1
    w = bot.revalue(w, masks, vals, 1 << at)
    return w.weigh(g.coins, STEP_GAIN, COIN), anchor, at, face, earned, w, masks, vals


def best_bonus(b: Floor, coins: int, w: bot.Way, masks, vals) -> tuple[float, Floor, tuple]:
    """Two coins, a doorway or a wall, whichever the bot values most (the first of the best)."""
    best = None
    for v, move in bonus_options(b, coins, w, masks, vals):
        if v is not None and (best is None or v > best[0]):
            best = (v, move)
    v, move = best
    if move[0] == "coins":
        return v, b, move
    nb = b.copy()
    nb.walls[(move[1], move[2])] = move[0] == "door"
    return v, nb, move


def bonus_options(b: Floor, coins: int, w: bot.Way, masks, vals):
    """Every bonus the bot weighs, in its order, with its value: two coins, a doorway in each wall, a
    wall on each side of a space the walk enters or passes next to (``w``: the walk of ``b``, its open
    steps and values).  A change that no leg of the walk steps through or counts leaves it as it is.

    The coins come first, worth the walk as it is and 0.7 more: a wall that surely adds less than that
    (``prune.no_gain``: at most one empty space's 0.45) can never be the best, and is given as None."""
    yield w.weigh(coins + 2, STEP_GAIN, COIN), ("coins",)
    still = w.weigh(coins, STEP_GAIN, COIN)
    region = w.region
    route = set(w.entries())
    near = set(route)
    for s in route:
        near.update(q for q in NEIGHBOUR[s].values() if q is not None)
    e, x = b.entrance[0], b.exit[0]
    shut = not b.door_open(b.entrance) or not b.door_open(b.exit)
    cafes = {k: bits(v) for k, v in b.cafeterias().items()}
    keeps = None
    for (s, side), door in sorted(b.walls.items()):
        if door:
            continue
        q = NEIGHBOUR[s][side]
        if q is None:  # the outer wall: only a wall across the entrance or the exit matters
            if (s, side) != b.entrance and (s, side) != b.exit:
                v = still
            else:
                nb = b.copy()
                nb.walls[(s, side)] = True
                v = bot.way(masks, vals, e, x, not nb.door_open(nb.entrance) or not nb.door_open(nb.exit),
                            cafes).weigh(coins, STEP_GAIN, COIN)
        elif b.walls.get((q, OPPOSITE[side])) is False:  # still closed by the wall on the other side
            v = still
        elif w.ok and (keeps or (keeps := prune.door_test(w, masks, e, cafes)))(s, q):
            v = still
        else:
            i, j = SIDES.index(side), SIDES.index(OPPOSITE[side])
            opened = list(masks)
            opened[i] |= 1 << s
            opened[j] |= 1 << q
            v = bot.way(tuple(opened), vals, e, x, shut, cafes).weigh(coins, STEP_GAIN, COIN)
        yield v, ("door", s, side)
    cut: dict = {}
    for s in sorted(near):
        for i, side in enumerate(SIDES):
            if (s, side) not in b.walls and (q := NEIGHBOUR[s][side]) is not None:
                if not region >> s & 1:
                    yield still, ("wall", s, side)
                    continue
                empty = b.grid[s] == "." and not any((s, d) in b.walls for d in SIDES)
                closes = masks[i] >> s & 1  # the step is open: the wall closes it
                if not closes and not empty:  # nothing the walk sees changes
                    yield still, ("wall", s, side)
                    continue
                nm = cut_masks(masks, s, q) if closes else masks
                nv = vals_with(vals, s, 0) if empty else vals
                if prune.no_gain(w, nm, [(s, q)] if closes else (), s if empty else -1):
                    yield None, ("wall", s, side)
                    continue
                if closes and not bot.connected(w, nm):
                    v = bot.way(nm, nv, e, x, shut, cafes).weigh(coins, STEP_GAIN, COIN)
                elif closes and prune.closes_a_step(w, [(s, q)]):
                    # the walk with the step closed, shared by the walls on its two sides
                    key = (min(s, q), max(s, q))
                    wc = cut.get(key)
                    if wc is None:
                        wc = cut[key] = bot.update(w, nm, vals, [key], 0) or bot.way(nm, vals, e, x, shut, cafes,
                                                                                     w, [key])
                    v = (bot.revalue(wc, nm, nv, 1 << s) if empty else wc).weigh(coins, STEP_GAIN, COIN)
                elif empty:
                    v = bot.revalue(w, nm, nv, 1 << s).weigh(coins, STEP_GAIN, COIN)
                else:
                    v = still
                yield v, ("wall", s, side)

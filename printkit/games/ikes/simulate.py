"""Solo games of The Long Way played by a bot, to see what scores the tile set allows.

The bot is greedy with a one-turn look: for every legal placement it scores the
shoppers' walk as it would be if the game ended now, except that empty spaces
(which later tiles may still fill) cost less than a full point, and a longer walk
earns a little (more room for displays later).  It rerolls with coins when
nothing good fits, places a cafeteria when that beats every tile by a margin or
when no tile fits, and stops when nothing fits or when only harmful moves remain
on a nearly full store.

The walks are valued by bot.py: the same walks and the same sums as ``path.walk`` (``heuristic`` is
the plain valuation), with the work shared between placements.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from . import bot
from .path import NEIGHBOUR, SPACES, Board, neighbour, walk
from .record import Turn, turn_text
from .replay import tile_spaces
from .tiles import OPPOSITE, SIDES, tileset

EMPTY_COST = 0.45  # an empty space on the walk, before the end: later tiles may still fill it
STEP_GAIN = 0.25  # each step of the walk: room for displays later
COIN = 0.35  # a coin in the box
CAFE_MARGIN = 1.0  # a cafeteria must beat the best tile by this much (they are scarce)
REROLL_BELOW = 0.5  # reroll when the best move gains less than this
SETUPS = (((6 * 7 + 0, "W"), (6 * 7 + 6, "E")),)  # entrance G1 W, exit G7 E


def hundredths(x: float) -> int:
    """``x`` in hundredths of a point, exactly (the bot's weights are whole hundredths)."""
    out = round(x * 100)
    assert abs(x * 100 - out) < 1e-9, f"{x} is not a whole number of hundredths"
    return out


H_EMPTY, H_STEP, H_COIN, H_MARGIN = (hundredths(x) for x in (EMPTY_COST, STEP_GAIN, COIN, CAFE_MARGIN))
IVALS = {1: 100, 0: 0, -EMPTY_COST: -H_EMPTY}  # the bot's values in hundredths


@dataclass
class Game:
    board: Board
    coins: int = 0
    cafes: int = 0
    turns: list[Turn] = field(default_factory=list)
    # the cafeteria walks remembered from turn to turn, (spaces) -> (walk, the spaces it depends on), kept
    # once the first cafeteria's two spaces are walled apart (None before: see Cafes)
    remembered: dict | None = None


def bot_values(b: Board) -> list:
    """The bot's value of entering each space: a display 1, an empty space -EMPTY_COST, else 0."""
    walled = {s for s, _ in b.walls}
    return [(0 if s in walled else -EMPTY_COST) if g == "." else (1 if len(g) == 1 and g in "123456" else 0)
            for s, g in enumerate(b.grid)]


def weigh(w, coins: int) -> float:
    """The bot's value of a store whose walk is ``w`` (the same sums, in the same order, as ever)."""
    if not w.ok:
        return -100.0 + COIN * coins
    return w.score + STEP_GAIN * w.length + COIN * coins


def heuristic(b: Board, coins: int) -> float:
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
    """A board as bot.py takes it: open steps, values, doorways, cafeterias, the empty spaces (a mask)."""
    board: Board
    masks: tuple
    vals: list
    e: int
    x: int
    shut: bool
    cafes: dict
    empty: int

    @classmethod
    def of(cls, b: Board) -> "Store":
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


def best_tile(g: Game, st: Store, base: bot.Way, light: int, dark: int) -> tuple[float, Board, Turn, bot.Way] | None:
    """The best placement of the rolled tile (with display and bonus), or None if it fits nowhere.

    A tile none of whose spaces the present walk depends on (``walk``'s region) leaves the walk as it
    is, walls and display included: its value is the present one, found without walking."""
    b = g.board
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


def place_tile(g: Game, st: Store, base: bot.Way, light: int, dark: int, anchor: int, fp) -> tuple:
    """The rolled tile at ``anchor``: its display where the walk passes most, a bonus face if one earns it.
    Returns (value, anchor, display space, face, bonus earned, the walk, its open steps and values)."""
    b = g.board
    cells, cellbits, tile_walls, steps, clear = fp
    masks = closed(st.masks, clear)
    vals = list(st.vals)
    for s in cells:
        vals[s] = 0
    shut = st.shut or any(key == b.entrance or key == b.exit for key in tile_walls)
    if shut != st.shut or (steps and not bot.connected(base, masks)):
        w = st.way(masks, vals, shut)
    elif bot.closes_a_step(base, steps):
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


def best_bonus(b: Board, coins: int, w: bot.Way, masks, vals) -> tuple[float, Board, tuple]:
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


def bonus_options(b: Board, coins: int, w: bot.Way, masks, vals):
    """Every bonus the bot weighs, in its order, with its value: two coins, a doorway in each wall, a
    wall on each side of a space the walk enters or passes next to (``w``: the walk of ``b``, its open
    steps and values).  A change that no leg of the walk steps through or counts leaves it as it is.

    The coins come first, worth the walk as it is and 0.7 more: a wall that surely adds less than that
    (``bot.no_gain``: at most one empty space's 0.45) can never be the best, and is given as None."""
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
        elif w.ok and (keeps or (keeps := bot.door_test(w, masks, e, cafes)))(s, q):
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
                if masks[i] >> s & 1:
                    nm = cut_masks(masks, s, q)
                    if bot.no_gain(w, nm, [(s, q)], s if empty else -1):
                        yield None, ("wall", s, side)
                        continue
                elif empty and bot.no_gain(w, masks, (), s):
                    yield None, ("wall", s, side)
                    continue
                if masks[i] >> s & 1 and not bot.connected(w, cut_masks(masks, s, q)):
                    v = bot.way(cut_masks(masks, s, q), vals_with(vals, s, 0 if empty else vals[s]), e, x, shut,
                                cafes).weigh(coins, STEP_GAIN, COIN)
                elif masks[i] >> s & 1 and bot.closes_a_step(w, [(s, q)]):
                    # the walk with the step closed, shared by the walls on its two sides
                    nm = list(masks)
                    nm[i] &= ~(1 << s)
                    nm[SIDES.index(OPPOSITE[side])] &= ~(1 << q)
                    nm = tuple(nm)
                    key = (min(s, q), max(s, q))
                    wc = cut.get(key)
                    if wc is None:
                        wc = cut[key] = bot.update(w, nm, vals, [key], 0) or bot.way(nm, vals, e, x, shut, cafes,
                                                                                     w, [key])
                    if empty:
                        nv = list(vals)
                        nv[s] = 0
                        wc = bot.revalue(wc, nm, nv, 1 << s)
                    v = wc.weigh(coins, STEP_GAIN, COIN)
                elif empty:
                    nv = list(vals)
                    nv[s] = 0
                    v = bot.revalue(w, masks, nv, 1 << s).weigh(coins, STEP_GAIN, COIN)
                else:
                    v = still
                yield v, ("wall", s, side)


class Cafes:
    """Every cafeteria placement of a turn valued exactly (``exact``: hundredths of a point), in the order
    the bot weighs them; ``best()`` the one the bot takes (the first of the best by the floats ``path.walk``
    sums, which only exactly tied placements need)."""

    def __init__(self, g: Game, st: Store, base: bot.Way):
        self.g, self.st, self.base = g, st, base
        self.name = f"C{g.cafes + 1}"
        self.pairs = [(s, t) for s, t in PAIRS if st.empty >> s & 1 and st.empty >> t & 1]
        self.floats: dict[int, float] = {}
        coins = H_COIN * g.coins
        if g.remembered is not None:
            self.exact = [hundredths(self.remember(i)) for i in range(len(self.pairs))]
            return
        if not base.ok:  # no walk with any cafeteria: all the same, the first taken
            self.exact = [-10000 + coins] * len(self.pairs)
            self.floats = {i: base.weigh(g.coins, STEP_GAIN, COIN) for i in range(len(self.pairs))}
            return
        ivals = [IVALS[v] for v in st.vals]
        cafe = [s for s in range(SPACES) if st.cafes["C1"] >> s & 1] if st.cafes else None
        here = hundredths(base.score) + H_STEP * base.length
        self.exact = bot.cafe_sums(st.masks, ivals, st.e, st.x, cafe, self.pairs, H_STEP, here)
        for i, v in enumerate(self.exact):
            if v is None:  # the floats choose the order of the cafeterias: walk it
                self.floats[i] = self.weighed(i)
                self.exact[i] = hundredths(self.floats[i]) - coins
        self.exact = [v + coins for v in self.exact]

    def walked(self, i: int) -> bot.Way:
        s, t = self.pairs[i]
        st = self.st
        vals = list(st.vals)
        vals[s] = vals[t] = 0
        cafes = dict(sorted({**st.cafes, self.name: (1 << s) | (1 << t)}.items()))
        return st.way(vals=vals, cafes=cafes)

    def weighed(self, i: int) -> float:
        return self.walked(i).weigh(self.g.coins, STEP_GAIN, COIN)

    def remember(self, i: int) -> float:
        """The placement's value from its walk remembered since an earlier turn, or walked now and
        remembered (as the bot always did; see ``forget``)."""
        got = self.g.remembered.get(self.pairs[i])
        if got is None:
            w = self.walked(i)
            got = self.g.remembered[self.pairs[i]] = (w, w.region)
        self.floats[i] = got[0].weigh(self.g.coins, STEP_GAIN, COIN)
        return self.floats[i]

    def top(self) -> int:
        return max(self.exact)

    def best(self) -> tuple[float, Board, Turn]:
        top = self.top()
        best = None
        for i, v in enumerate(self.exact):
            if v == top:
                f = self.floats.get(i)
                if f is None:
                    f = self.floats[i] = self.weighed(i)
                if best is None or f > best[0]:
                    best = (f, i)
        v, i = best
        s, t = self.pairs[i]
        nb = self.g.board.copy()
        nb.grid[s] = nb.grid[t] = self.name
        return v, nb, Turn("", [], "cafe", [s, t])


def apart(st: Store) -> bool:
    """Whether the store's first cafeteria has a wall between its two spaces."""
    c = st.cafes.get("C1", 0)
    a = c & -c
    return bool(c) and not (c ^ a == a << 1 and st.masks[1] & a or c ^ a == a << 7 and st.masks[2] & a)


def forget(g: Game, turn: Turn, before: Board) -> None:
    """Drop the remembered cafeteria walks that the turn just played may have changed: all of them after
    a cafeteria or a doorway (a new opening may shorten any walk), else those whose walk depends on a
    space the turn put a tile or a wall on.

    This is how the bot valued cafeterias before bot.py (every turn, a walk remembered while no change
    touched its spaces), and the same as walking afresh while each cafeteria's two spaces are joined by
    an open step (see ``bot.connected``); once the first cafeteria's are walled apart, a change elsewhere
    may cut the entrance off from the exit and leave a remembered walk as it was: the bot then
    remembers as it did."""
    if turn.kind != "tile" or (turn.bonus and turn.bonus[0] == "door"):
        g.remembered.clear()
        return
    changed = bits(s for s in range(SPACES) if g.board.grid[s] != before.grid[s])
    for (s, side), _ in g.board.walls.items():
        if (s, side) not in before.walls:
            changed |= 1 << s
    g.remembered = {k: v for k, v in g.remembered.items() if not v[1] & changed}


def best_cafe(g: Game) -> tuple[float, Board, Turn] | None:
    """The best cafeteria placement, or None if none fits."""
    st = Store.of(g.board)
    c = Cafes(g, st, st.way())
    return c.best() if c.pairs else None


def play(rng: random.Random) -> Game:
    ent, ext = SETUPS[rng.randrange(len(SETUPS))]
    g = Game(Board.empty())
    g.board.entrance, g.board.exit = ent, ext
    for _ in range(200):
        st = Store.of(g.board)
        if not st.empty:
            break
        base = st.way()
        now = base.weigh(g.coins, STEP_GAIN, COIN)
        rolls = [(rng.randint(1, 6), rng.randint(1, 6))]
        while True:
            light, dark = rolls[-1]
            tile = best_tile(g, st, base, light, dark)
            gain = tile[0] - now if tile else None
            if g.coins and (tile is None or gain < REROLL_BELOW):
                g.coins -= 1
                if tile is None:
                    rolls.append((rng.randint(1, 6), dark))
                else:
                    rolls.append((light, rng.randint(1, 6)))
                continue
            break
        choice = tile
        if g.cafes == 1 and g.remembered is None and apart(st):
            g.remembered = {}
        if g.cafes < 2:
            cafes = Cafes(g, st, base)
            if cafes.pairs:
                # a cafeteria is taken if it beats the tile by the margin: decided exactly unless the
                # exact sums tie with the margin, where the floats decide as they always did
                if tile is None:
                    choice = cafes.best()
                else:
                    bar = hundredths(tile[0]) + H_MARGIN
                    if cafes.top() > bar:
                        choice = cafes.best()
                    elif cafes.top() == bar:
                        cafe = cafes.best()
                        if cafe[0] > tile[0] + CAFE_MARGIN:
                            choice = cafe
        full = (SPACES - st.empty.bit_count()) / SPACES
        if choice is None or (choice[0] < now - 0.5 and full > 0.7):
            g.turns.append(Turn("", rolls, "stop"))
            break
        val, nb, turn = choice
        turn.rolls = rolls
        if turn.kind == "cafe":
            g.cafes += 1
        elif turn.bonus and turn.bonus[0] == "coins":
            g.coins += 2
        before, g.board = g.board, nb
        g.turns.append(turn)
        if g.remembered is not None:
            forget(g, turn, before)
    return g


def play_one(seed: int, i: int) -> Game:
    """Game i of a run: its own random stream, so the result never depends on how the run is split."""
    return play(random.Random(seed * 1_000_003 + i))


def play_many(games: int, seed: int) -> list[Game]:
    return [play_one(seed, i) for i in range(games)]


CHUNK = 25  # games per work unit


def _scores(args: tuple[int, int, int]) -> list[int]:
    seed, lo, hi = args
    return [walk(play_one(seed, i).board).score for i in range(lo, hi)]


def scores_many(games: int, seed: int, jobs: int = 1, progress=None) -> list[int]:
    """The final scores of games 0..games-1, played by ``jobs`` processes (the same list for any number)."""
    chunks = [(seed, lo, min(games, lo + CHUNK)) for lo in range(0, games, CHUNK)]
    out: list[int] = []
    if jobs > 1 and len(chunks) > 1:
        import multiprocessing as mp

        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        with ctx.Pool(min(jobs, len(chunks))) as pool:
            for part in pool.imap(_scores, chunks):
                out += part
                if progress:
                    progress(len(part))
    else:
        for c in chunks:
            part = _scores(c)
            out += part
            if progress:
                progress(len(part))
    return out


BANDS = (("failure", -99, 5), ("respectable", 6, 8), ("very good", 9, 11), ("champion", 12, 999))


def summary(scores: list[int], seed: int) -> dict:
    import statistics

    hist: dict[int, int] = {}
    for s in scores:
        hist[s] = hist.get(s, 0) + 1
    n = len(scores)
    return {
        "game": "ikes", "games": n, "seed": seed,
        "median": statistics.median(scores), "mean": round(statistics.fmean(scores), 2),
        "min": min(scores), "max": max(scores),
        "bands": {name: sum(1 for s in scores if lo <= s <= hi) for name, lo, hi in BANDS},
        "histogram": {str(k): hist[k] for k in sorted(hist)},
    }


def chart(scores: list[int], out: Path, title: str, force: bool = False) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    lo, hi = min(scores + [0]), max(scores + [13])
    fig, ax = plt.subplots(figsize=(7, 3.6), dpi=110)
    colors = {"failure": "#d55e00", "respectable": "#e69f00", "very good": "#56b4e9", "champion": "#009e73"}
    for name, a, b in BANDS:
        xs = [x for x in range(lo, hi + 1) if a <= x <= b]
        ax.bar(xs, [scores.count(x) for x in xs], color=colors[name], label=f"{name}", edgecolor="black", linewidth=0.4,
               hatch={"failure": "//", "respectable": "", "very good": "..", "champion": "xx"}[name])
    ax.set_xlabel("solo score")
    ax.set_ylabel("games")
    ax.set_title(title)
    ax.legend()
    from ... import output

    try:  # the one output path: checked target, a temp name of this run, a rename; the same bytes every run
        output.write_chart(fig, out, force=force)
    finally:
        plt.close(fig)


def record(g: Game, player: str = "Bot") -> str:
    """The bot's game as a results file (replayable by ``printkit score``)."""
    from .path import name

    b = g.board
    walls = ", ".join(f"{name(s)} {side}{'*' if d else ''}" for (s, side), d in sorted(b.walls.items()))
    lines = ["game: ikes", f"players: [{player}]", "sheets:", f"  {player}:",
             f"    entrance: {name(b.entrance[0])} {b.entrance[1]}", f"    exit: {name(b.exit[0])} {b.exit[1]}",
             "    grid: |"]
    lines += ["      " + " ".join(f"{x:<2}" for x in b.grid[r * 7:(r + 1) * 7]).rstrip() for r in range(7)]
    lines.append(f"    walls: [{walls}]")
    lines.append("    turns:")
    lines += [f"      - {turn_text(t)}" for t in g.turns]
    return "\n".join(lines) + "\n"

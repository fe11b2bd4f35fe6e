"""Solo games of The Long Way played by a bot, to see what scores the tile set allows.

The bot is greedy with a one-turn look: for every legal placement it scores the
shoppers' walk as it would be if the game ended now, except that empty spaces
(which later tiles may still fill) cost less than a full point, and a longer walk
earns a little (more room for displays later).  It rerolls with coins when
nothing good fits, places a cafeteria when that beats every tile by a margin or
when no tile fits, and stops when nothing fits or when only harmful moves remain
on a nearly full store.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from .path import SPACES, Board, neighbour, walk
from .record import Turn, turn_text
from .replay import bonus_earned, tile_spaces
from .tiles import SIDES, tileset

EMPTY_COST = 0.45  # an empty space on the walk, before the end: later tiles may still fill it
STEP_GAIN = 0.25  # each step of the walk: room for displays later
COIN = 0.35  # a coin in the box
CAFE_MARGIN = 1.0  # a cafeteria must beat the best tile by this much (they are scarce)
REROLL_BELOW = 0.5  # reroll when the best move gains less than this
SETUPS = (((6 * 7 + 0, "W"), (6 * 7 + 6, "E")),)  # entrance G1 W, exit G7 E


@dataclass
class Game:
    board: Board
    coins: int = 0
    cafes: int = 0
    turns: list[Turn] = field(default_factory=list)
    # cafeteria placements already weighed: (spaces) -> (walk score, length, the spaces the walk depends on);
    # kept from turn to turn while nothing in those spaces changes
    cafe_cache: dict = field(default_factory=dict)


def bot_values(b: Board) -> list:
    """The bot's value of entering each space: a display 1, an empty space -EMPTY_COST, else 0."""
    walled = {s for s, _ in b.walls}
    return [(0 if s in walled else -EMPTY_COST) if g == "." else (1 if len(g) == 1 and g in "123456" else 0)
            for s, g in enumerate(b.grid)]


def bot_walk(b: Board, region: list | None = None, values: list | None = None, masks=None, cafes=None):
    return walk(b, bot_values(b) if values is None else values, masks=masks, region=region, cafes=cafes)


def weigh(w, coins: int) -> float:
    """The bot's value of a store whose walk is ``w`` (the same sums, in the same order, as ever)."""
    if not w.ok:
        return -100.0 + COIN * coins
    return w.score + STEP_GAIN * w.length + COIN * coins


def heuristic(b: Board, coins: int) -> float:
    return weigh(bot_walk(b), coins)


def bits(spaces) -> int:
    out = 0
    for s in spaces:
        out |= 1 << s
    return out


def entries(b: Board) -> dict[int, int]:
    w = walk(b, [-EMPTY_COST if v < 0 else v for v in b.values()])
    out: dict[int, int] = {}
    for s in w.entries():
        out[s] = out.get(s, 0) + 1
    return out


def best_tile(g: Game, light: int, dark: int) -> tuple[float, Board, Turn] | None:
    """The best placement of the rolled tile (with display and bonus), or None if it fits nowhere.

    A tile none of whose spaces the present walk depends on (``walk``'s region) leaves the walk as it
    is, walls and display included: its value is the present one, found without walking."""
    b = g.board
    region: list[int] = []
    still = weigh(bot_walk(b, region), g.coins)
    region = region[0]
    fits = []
    for anchor in range(SPACES):
        cells = tile_spaces(light, dark, anchor)
        if cells is not None and all(b.is_empty(s) for s in cells):
            fits.append((anchor, cells))
    best = None
    for anchor, cells in fits:
        if not bits(cells) & region:
            if best is None or still > best[0]:
                best = (still, anchor, cells)
            continue
        got = place_tile(g, light, dark, anchor, cells)
        if best is None or got[0] > best[0]:
            best = got
    if best is None:
        return None
    if len(best) == 3:  # an untouched walk won: place that tile for real
        best = place_tile(g, light, dark, best[1], best[2])
    val, nb, turn, earned = best
    if earned:
        val, nb, turn.bonus = best_bonus(nb, g.coins)
    return val, nb, turn


def place_tile(g: Game, light: int, dark: int, anchor: int, cells: list[int]) -> tuple[float, Board, Turn, bool]:
    """The rolled tile at ``anchor``: its display where the walk passes most, a bonus face if one earns it."""
    b = g.board
    tile = tileset().tile(light, dark)
    if True:
        nb = b.copy()
        for s in cells:
            nb.grid[s] = "o"
        r0, c0 = divmod(anchor, 7)
        for (r, c), side in tile.walls:
            nb.walls[((r0 + r) * 7 + c0 + c, side)] = False
        seen = entries(nb)
        at = max(cells, key=lambda s: (seen.get(s, 0), -s))
        # the face: one that earns a bonus if possible
        before = {s for s in range(SPACES) if b.grid[s] != "."}
        face, earned = light, False
        for f in (light, dark):
            nb.grid[at] = str(f)
            if bonus_earned(nb, at, f, before):
                face, earned = f, True
                break
        nb.grid[at] = str(face)
        val = heuristic(nb, g.coins)
        return val, nb, Turn("", [], "tile", [anchor], face, at), earned


def best_bonus(b: Board, coins: int) -> tuple[float, Board, tuple]:
    """Two coins, a doorway or a wall, whichever the bot values most.  A wall on a space the walk does
    not depend on changes nothing: it is valued without walking."""
    region: list[int] = []
    w = bot_walk(b, region)
    region = region[0]
    best = (weigh(w, coins + 2), b, ("coins",))
    still = weigh(w, coins)
    route = {s for leg in w.legs for s in leg.spaces}
    near = set(route)
    for s in route:
        near.update(q for side in SIDES if (q := neighbour(s, side)) is not None)
    for (s, side), door in sorted(b.walls.items()):
        if not door:
            nb = b.copy()
            nb.walls[(s, side)] = True
            v = heuristic(nb, coins)
            if v > best[0]:
                best = (v, nb, ("door", s, side))
    for s in sorted(near):
        for side in SIDES:
            if (s, side) not in b.walls and neighbour(s, side) is not None:
                if not region >> s & 1:
                    if still > best[0]:
                        nb = b.copy()
                        nb.walls[(s, side)] = False
                        best = (still, nb, ("wall", s, side))
                    continue
                nb = b.copy()
                nb.walls[(s, side)] = False
                v = heuristic(nb, coins)
                if v > best[0]:
                    best = (v, nb, ("wall", s, side))
    return best


def best_cafe(g: Game) -> tuple[float, Board, Turn] | None:
    """The best cafeteria placement.  Each placement's walk is remembered (``Game.cafe_cache``) until
    a change to the store touches a space that walk depends on (see ``forget``)."""
    b = g.board
    cache = g.cafe_cache
    best = None
    base = masks = cafes = None
    for s in range(SPACES):
        for side in ("E", "S"):
            t = neighbour(s, side)
            if t is None or not b.is_empty(s) or not b.is_empty(t):
                continue
            got = cache.get((s, t))
            if got is None:
                if base is None:  # a cafeteria changes two empty spaces' values and nothing else
                    base, masks, cafes = bot_values(b), b.masks(), b.cafeterias()
                nb = b.copy()
                name = f"C{g.cafes + 1}"
                nb.grid[s] = nb.grid[t] = name
                values = list(base)
                values[s] = values[t] = 0
                region: list[int] = []
                w = bot_walk(nb, region, values, masks, dict(sorted({**cafes, name: [s, t]}.items())))
                got = cache[(s, t)] = (w, region[0])
            v = weigh(got[0], g.coins)
            if best is None or v > best[0]:
                best = (v, s, t)
    if best is None:
        return None
    v, s, t = best
    nb = b.copy()
    nb.grid[s] = nb.grid[t] = f"C{g.cafes + 1}"
    return v, nb, Turn("", [], "cafe", [s, t])


def forget(g: Game, turn: Turn, before: Board) -> None:
    """Drop the remembered cafeteria walks that the turn just played may have changed: all of them after
    a cafeteria or a doorway (a new opening may shorten any walk), else those whose walk depends on a
    space the turn put a tile or a wall on."""
    if turn.kind != "tile" or (turn.bonus and turn.bonus[0] == "door"):
        g.cafe_cache.clear()
        return
    changed = bits(s for s in range(SPACES) if g.board.grid[s] != before.grid[s])
    for (s, side), _ in g.board.walls.items():
        if (s, side) not in before.walls:
            changed |= 1 << s
    g.cafe_cache = {k: v for k, v in g.cafe_cache.items() if not v[1] & changed}


def play(rng: random.Random) -> Game:
    ent, ext = SETUPS[rng.randrange(len(SETUPS))]
    g = Game(Board.empty())
    g.board.entrance, g.board.exit = ent, ext
    for _ in range(200):
        if not any(g.board.is_empty(s) for s in range(SPACES)):
            break
        now = heuristic(g.board, g.coins)
        rolls = [(rng.randint(1, 6), rng.randint(1, 6))]
        while True:
            light, dark = rolls[-1]
            tile = best_tile(g, light, dark)
            gain = tile[0] - now if tile else None
            if g.coins and (tile is None or gain < REROLL_BELOW):
                g.coins -= 1
                if tile is None:
                    rolls.append((rng.randint(1, 6), dark))
                else:
                    rolls.append((light, rng.randint(1, 6)))
                continue
            break
        cafe = best_cafe(g) if g.cafes < 2 else None
        choice = tile
        if cafe and (tile is None or cafe[0] > tile[0] + CAFE_MARGIN):
            choice = cafe
        full = sum(1 for s in range(SPACES) if not g.board.is_empty(s)) / SPACES
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
        forget(g, turn, before)
    return g


def play_one(seed: int, i: int) -> Game:
    """Game i of a run: its own random stream, so the result never depends on how the run is split."""
    g = play(random.Random(seed * 1_000_003 + i))
    g.cafe_cache = {}
    return g


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

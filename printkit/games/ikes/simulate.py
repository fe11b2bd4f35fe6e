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


def heuristic(b: Board, coins: int) -> float:
    w = walk(b, [-EMPTY_COST if v < 0 else v for v in b.values()])
    if not w.ok:
        return -100.0 + COIN * coins
    return w.score + STEP_GAIN * w.length + COIN * coins


def entries(b: Board) -> dict[int, int]:
    w = walk(b, [-EMPTY_COST if v < 0 else v for v in b.values()])
    out: dict[int, int] = {}
    for s in w.entries():
        out[s] = out.get(s, 0) + 1
    return out


def best_tile(g: Game, light: int, dark: int) -> tuple[float, Board, Turn] | None:
    """The best placement of the rolled tile (with display and bonus), or None if it fits nowhere."""
    b = g.board
    tile = tileset().tile(light, dark)
    best = None
    for anchor in range(SPACES):
        cells = tile_spaces(light, dark, anchor)
        if cells is None or not all(b.is_empty(s) for s in cells):
            continue
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
        if best is None or val > best[0]:
            best = (val, nb, Turn("", [], "tile", [anchor], face, at), earned)
    if best is None:
        return None
    val, nb, turn, earned = best
    if earned:
        val, nb, turn.bonus = best_bonus(nb, g.coins)
    return val, nb, turn


def best_bonus(b: Board, coins: int) -> tuple[float, Board, tuple]:
    best = (heuristic(b, coins + 2), b, ("coins",))
    route = set(entries(b))
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
                nb = b.copy()
                nb.walls[(s, side)] = False
                v = heuristic(nb, coins)
                if v > best[0]:
                    best = (v, nb, ("wall", s, side))
    return best


def best_cafe(g: Game) -> tuple[float, Board, Turn] | None:
    b = g.board
    best = None
    for s in range(SPACES):
        for side in ("E", "S"):
            t = neighbour(s, side)
            if t is None or not b.is_empty(s) or not b.is_empty(t):
                continue
            nb = b.copy()
            nb.grid[s] = nb.grid[t] = f"C{g.cafes + 1}"
            v = heuristic(nb, g.coins)
            if best is None or v > best[0]:
                best = (v, nb, Turn("", [], "cafe", [s, t]))
    return best


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
        g.board = nb
        g.turns.append(turn)
    return g


def play_many(games: int, seed: int) -> list[Game]:
    return [play(random.Random(seed * 1_000_003 + i)) for i in range(games)]


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


def chart(scores: list[int], out: Path, title: str) -> None:
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
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, metadata={"Software": None} if out.suffix == ".png" else None)
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

"""Solo games of The Long Way played by a bot, to see what scores the tile set allows.

The bot is greedy with a one-turn look: for every legal placement it scores the
shoppers' walk as it would be if the game ended now, except that empty spaces
(which later tiles may still fill) cost less than a full point, and a longer walk
earns a little (more room for displays later).  It rerolls with coins when
nothing good fits, places a cafeteria when that beats every tile by a margin or
when no tile fits, and stops when nothing fits or when only harmful moves remain
on a nearly full store.

The moves are weighed by moves.py (tiles, displays, bonuses) and cafes.py (cafeterias), their walks
found by bot.py: the same walks and the same sums as ``path.walk`` (``heuristic`` is the plain
valuation), with the work shared between placements.
"""

from __future__ import annotations

import random

from .cafes import Cafes, apart, best_cafe, forget
from .moves import COIN, EMPTY_COST, STEP_GAIN, Solo, Store, best_tile, bot_values, heuristic, hundredths, weigh
from .path import Floor, walk
from .spaces import SPACES
from .record import Turn, turn_text

__all__ = ["COIN", "EMPTY_COST", "STEP_GAIN", "best_cafe", "bot_values", "heuristic", "weigh"]

CAFE_MARGIN = 1.0  # a cafeteria must beat the best tile by this much (they are scarce)
REROLL_BELOW = 0.5  # reroll when the best move gains less than this
SETUPS = (((6 * 7 + 0, "W"), (6 * 7 + 6, "E")),)  # entrance G1 W, exit G7 E
H_MARGIN = hundredths(CAFE_MARGIN)


def play(rng: random.Random) -> Solo:
    ent, ext = SETUPS[rng.randrange(len(SETUPS))]
    g = Solo(Floor.empty())
    g.floor.entrance, g.floor.exit = ent, ext
    for _ in range(200):
        st = Store.of(g.floor)
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
        before, g.floor = g.floor, nb
        g.turns.append(turn)
        if g.remembered is not None:
            forget(g, turn, before)
    return g


def play_one(seed: int, i: int) -> Solo:
    """Solo i of a run: its own random stream, so the result never depends on how the run is split."""
    return play(random.Random(seed * 1_000_003 + i))


def play_many(games: int, seed: int) -> list[Solo]:
    return [play_one(seed, i) for i in range(games)]


CHUNK = 25  # games per work unit


def _scores(args: tuple[int, int, int]) -> list[int]:
    seed, lo, hi = args
    return [walk(play_one(seed, i).floor).score for i in range(lo, hi)]


def scores_many(games: int, seed: int, jobs: int = 1) -> list[int]:
    """The final scores of games 0..games-1, played by ``jobs`` processes (the same list for any number); a
    progress bar at a terminal."""
    from ... import harness

    chunks = [(seed, lo, min(games, lo + CHUNK)) for lo in range(0, games, CHUNK)]
    out: list[int] = []

    def take(part: list[int]) -> int:
        out.extend(part)
        return len(part)

    harness.play(_scores, chunks, take, jobs=min(jobs, len(chunks)), total=games, show_from=200)
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


def chart(scores: list[int], title: str):
    """The scores as a histogram in the rubric's bands: a matplotlib figure (the command writes it)."""
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
    return fig


def record(g: Solo, player: str = "Bot") -> str:
    """The bot's game as a results file (replayable by ``printkit score``)."""
    from .spaces import name

    b = g.floor
    walls = ", ".join(f"{name(s)} {side}{'*' if d else ''}" for (s, side), d in sorted(b.walls.items()))
    lines = ["game: ikes", f"players: [{player}]", "sheets:", f"  {player}:",
             f"    entrance: {name(b.entrance[0])} {b.entrance[1]}", f"    exit: {name(b.exit[0])} {b.exit[1]}",
             "    grid: |"]
    lines += ["      " + " ".join(f"{x:<2}" for x in b.grid[r * 7:(r + 1) * 7]).rstrip() for r in range(7)]
    lines.append(f"    walls: [{walls}]")
    lines.append("    turns:")
    lines += [f"      - {turn_text(t)}" for t in g.turns]
    return "\n".join(lines) + "\n"

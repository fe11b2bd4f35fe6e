"""``printkit simulate knives``: many seeded games between strategies.

Game g is played with ``random.Random(f"knives/{seed}/{g}")`` and the seating
``lineup(g)``, so a run gives the same figures however it is split among worker
processes.  Win shares are summed as whole numbers (a k-way tie gives each of the
k winners 840/k) so that sums do not depend on the order either.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from .engine import ClaimTable, play
from .strategies import make

SHARE = 840  # lcm(1..8): one win, in whole units that every k-way tie divides
CHUNK = 250  # games per work unit


def lineup(g: int, strategies: int, players: int) -> list[int]:
    """Which strategy sits in each seat in game g (seat 0 plays first).

    With at least as many strategies as seats, the games run through every ordered
    choice of distinct strategies in turn; with fewer, the strategies repeat round the
    table and the seating rotates by one each game."""
    if strategies < players:
        return [(i + g) % strategies for i in range(players)]
    total = math.perm(strategies, players)
    idx = g % total
    pool = list(range(strategies))
    out = []
    for i in range(players):
        width = math.perm(strategies - i - 1, players - i - 1)
        q, idx = divmod(idx, width)
        out.append(pool.pop(q))
    return out


@dataclass
class Tally:
    """Sums over seat-games for one strategy (whole numbers only)."""

    seats: int = 0
    share: int = 0  # win share x SHARE
    share2: int = 0  # (win share x SHARE)^2
    wins: int = 0  # outright wins
    ties: int = 0  # shared first places
    roads: int = 0
    roads2: int = 0
    claims: int = 0
    held: int = 0

    def add(self, o: "Tally") -> None:
        for k in self.__dataclass_fields__:
            setattr(self, k, getattr(self, k) + getattr(o, k))


def run_chunk(args: tuple) -> tuple[list[Tally], int, int, int]:
    """Play games [lo, hi): (tallies per strategy, sum of turns, sum of turns^2, stalled games)."""
    specs, players, kcount, seed, lo, hi = args
    factories = [make(s).factory for s in specs]
    choosers = [f(players, kcount) for f in factories]
    table = _table(kcount)
    tallies = [Tally() for _ in specs]
    turns = turns2 = stalled = 0
    for g in range(lo, hi):
        seats = lineup(g, len(specs), players)
        out = play([choosers[s] for s in seats], kcount, random.Random(f"knives/{seed}/{g}"), table)
        best = max(out.roads)
        top = [i for i, r in enumerate(out.roads) if r == best]
        for i, s in enumerate(seats):
            t = tallies[s]
            t.seats += 1
            r = out.roads[i]
            t.roads += r
            t.roads2 += r * r
            t.claims += out.claims[i]
            t.held += out.held[i]
            if i in top:
                x = SHARE // len(top)
                t.share += x
                t.share2 += x * x
                if len(top) == 1:
                    t.wins += 1
                else:
                    t.ties += 1
        turns += out.turns
        turns2 += out.turns * out.turns
        stalled += out.stalled
    return tallies, turns, turns2, stalled


_TABLES: dict[int, ClaimTable] = {}


def _table(kcount: int) -> ClaimTable:
    if kcount not in _TABLES:
        _TABLES[kcount] = ClaimTable(kcount)
    return _TABLES[kcount]


def mean_ci(total: float, total2: float, n: int) -> tuple[float, float, float]:
    """Mean and 95% confidence interval (normal approximation) from a sum and a sum of squares."""
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = total / n
    var = max(0.0, total2 / n - mean * mean) * n / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def simulate_games(specs: list[str], players: int, kcount: int, games: int, seed: int, jobs: int = 1) -> dict:
    """Play the games and summarise them (a plain dict, ready for JSON); a progress bar at a terminal."""
    from ... import harness

    chunks = ((specs, players, kcount, seed, lo, min(games, lo + CHUNK)) for lo in range(0, games, CHUNK))
    totals = [Tally() for _ in specs]
    turns = turns2 = stalled = 0

    def take(res) -> int:
        nonlocal turns, turns2, stalled
        tallies, t, t2, st = res
        for a, b in zip(totals, tallies):
            a.add(b)
        turns += t
        turns2 += t2
        stalled += st
        return sum(x.seats for x in tallies) // players

    harness.play(run_chunk, chunks, take, jobs=min(jobs, -(-games // CHUNK)), total=games, label="simulating",
                 show_from=2000)

    rows = []
    for spec, t in zip(specs, totals):
        win, lo, hi = mean_ci(t.share / SHARE, t.share2 / SHARE**2, t.seats)
        roads, rlo, rhi = mean_ci(t.roads, t.roads2, t.seats)
        rows.append({
            "strategy": spec, "about": make(spec).about, "seat_games": t.seats,
            "win_rate": round(win, 4), "win_ci95": [round(max(0.0, lo), 4), round(min(1.0, hi), 4)],
            "outright_wins": t.wins, "shared_wins": t.ties,
            "mean_roads": round(roads, 3), "roads_ci95": [round(rlo, 3), round(rhi, 3)],
            "mean_claims": round(t.claims / t.seats, 3) if t.seats else 0.0,
            "roads_per_claim": round(t.roads / t.claims, 3) if t.claims else 0.0,
            "cards_left_at_end": round(t.held / t.seats, 3) if t.seats else 0.0,
        })
    length, llo, lhi = mean_ci(turns, turns2, games)
    return {
        "game": "knives", "players": players, "kcount": kcount, "games": games, "seed": seed,
        "fair_share": round(1 / players, 4),
        "strategies": rows,
        "mean_turns": round(length, 2), "turns_ci95": [round(llo, 2), round(lhi, 2)],
        "mean_rounds": round(length / players, 2),
        "stalled_games": stalled,
    }


def table_text(summary: dict) -> str:
    """The summary as a plain-text table."""
    s = summary
    lines = [f"{s['games']} games, {s['players']} players, kcount {s['kcount']}, seed {s['seed']} "
             f"(an even share of wins would be {s['fair_share']:.1%})",
             f"{'strategy':<14} {'win rate':>8}  {'95% CI':<15} {'roads':>6} {'claims':>6} {'roads/claim':>11}"]
    for r in s["strategies"]:
        lo, hi = r["win_ci95"]
        lines.append(f"{r['strategy']:<14} {r['win_rate']:>8.1%}  {f'{lo:.1%}-{hi:.1%}':<15} {r['mean_roads']:>6.2f} "
                     f"{r['mean_claims']:>6.2f} {r['roads_per_claim']:>11.2f}")
    lines.append(f"game length: {s['mean_turns']:.1f} turns ({s['mean_rounds']:.1f} rounds of play)"
                 + (f"; {s['stalled_games']} game(s) stalled with roads left" if s["stalled_games"] else ""))
    lines.append("win rate: share of games won; a tie for the most roads splits the win among those tied.")
    return "\n".join(lines)


def chart(summary: dict):
    """Win rates with their 95% intervals, and mean roads: a matplotlib figure (the command writes it)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "printkit"
    rows = summary["strategies"]
    names = [r["strategy"] for r in rows]
    win = [100 * r["win_rate"] for r in rows]
    err = [[100 * (r["win_rate"] - r["win_ci95"][0]) for r in rows],
           [100 * (r["win_ci95"][1] - r["win_rate"]) for r in rows]]
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.8))
    a.bar(names, win, yerr=err, capsize=4, color="#0072B2")
    a.axhline(100 * summary["fair_share"], color="#555555", linestyle="--", linewidth=1, label="even share")
    a.set_ylabel("win rate, % (95% CI)")
    a.set_title("Wins")
    a.legend(loc="upper left", fontsize=8)
    b.bar(names, [r["mean_roads"] for r in rows], color="#009E73")
    b.set_ylabel("roads per game")
    b.set_title("Mean roads")
    for ax in (a, b):
        ax.tick_params(axis="x", labelrotation=30)
    fig.suptitle(f"Selling Knives: {summary['games']} games, {summary['players']} players, "
                 f"kcount {summary['kcount']}", fontsize=11)
    fig.tight_layout()
    return fig

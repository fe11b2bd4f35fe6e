"""``printkit solve add-residue``: the perfect-play value, and reviews of played games."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

import typer

from ...report import Report
from ...inputs import InputError
from .model import Results
from .score import replay, where
from .memory import EXACT_MAX_N, available_memory, expected, largest_n, memory_needed, table_slots
from .solver import Solver
from .perfect import start, value_of_start



def run(results: Path | None, n: int | None, as_json: bool, max_cards: int, openings: bool = False,
        players: int = 2, max_memory: int = 0) -> None:
    if results is not None and n is not None:
        raise InputError("command line", "give either --n N or a results file, not both", key="--n")
    if results is None and n is None:
        raise InputError("command line", "give --n N for the perfect-play value, or a results file to review",
                         key="--n")
    if max_cards < 0:
        raise InputError("command line", f"{max_cards} is out of range: at least 1 (0: automatic)", key="--max-cards")
    if players not in (2, 3):
        raise InputError("command line", f"{players} is out of range: the exact search is for 2 or 3 players",
                         key="--players")
    if n is not None:
        if players == 3:
            three_players(n, as_json)
        else:
            value_of_game(n, as_json, openings, max_memory)
    else:
        if players != 2 or openings:
            raise InputError("command line", "a review is of a two-player game; --players and --openings go "
                                             "with --n", key="--players" if players != 2 else "--openings")
        review_file(results, as_json, max_cards)


# ---------------------------------------------------------------- the value of the game


def gigabytes(b: int) -> str:
    return f"{b / 2**30:.1f} GB" if b >= 2**30 else f"{b / 2**20:.0f} MB" if b >= 10 * 2**20 else f"{b / 2**20:.1f} MB"


def check_memory(n: int, max_memory: int) -> None:
    """Refuse (exit 2, one line) before a search whose table would not fit in the memory there is."""
    limit = max_memory << 20 if max_memory else available_memory()
    need = memory_needed(n)
    if need > limit:
        best = largest_n(limit)
        what = f"the {max_memory} MB allowed (--max-memory)" if max_memory else \
            f"the {gigabytes(limit)} this machine has available"
        fits = f"the largest n that fits is {best}" if best else "no n fits"
        raise InputError("command line", f"n = {n} needs about {gigabytes(need)} of memory, more than {what}; "
                                         f"{fits}", key="--n")


def progress_bar(total: int):
    """A progress bar on stderr for a search expected to visit ``total`` positions (none when short or
    when stderr is not a terminal): (context manager, callback(visited))."""
    from contextlib import nullcontext

    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    if total < 300_000 or not console.is_terminal:
        return nullcontext(), None
    bar = Progress(TextColumn("searching"), BarColumn(), TextColumn("{task.completed:,.0f} positions"),
                   TimeRemainingColumn(), console=console, transient=True)
    task = bar.add_task("search", total=total)
    return bar, lambda visited: bar.update(task, completed=min(visited, total))


def value_of_game(n: int, as_json: bool, openings: bool = False, max_memory: int = 0) -> None:
    if not 1 <= n <= EXACT_MAX_N:
        raise InputError("command line", f"{n} is out of range: the exact search handles n = 1 to {EXACT_MAX_N} "
                                         "(it grows about twentyfold with each step of n)", key="--n")
    check_memory(n, max_memory)
    workers = min(2, os.cpu_count() or 1)
    # what the first process searches: about half the positions when a helper shares the work
    positions = int(expected(n)[0] * (0.57 if workers > 1 and n >= 5 else 1)) + (4 * expected(n)[0] if openings else 0)
    bar, tick = progress_bar(positions)
    t0, c0 = time.perf_counter(), time.process_time()
    with bar:
        v, solver = value_of_start(n, workers, tick)
        value_time, value_cpu, value_positions = time.perf_counter() - t0, time.process_time() - c0, solver.visited
        best = None
        if openings:
            full = (1 << n) - 1
            best = [mv for mv in solver.moves(full, full) if solver.move_at_least(*start(n), mv, v)]
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    if as_json:
        out = {"n": n, "players": 2, "margin": v}
        if best is not None:
            out["best"] = [str(mv) for mv in best]
        typer.echo(json.dumps(out, indent=2))
        return
    typer.echo(f"Add/Residue, two players, piles 1..{n}: perfect-play margin {v:+d} "
               "(first player's final score minus the second's, both playing their best).")
    if n >= 2 and v == 0:
        typer.echo("The second player can always hold the first to 0 or less: play the same card from the same "
                   "pile right after them, and every mod scores the same for both.")
    rate = value_positions / value_cpu if value_cpu > 0 else 0.0
    typer.echo(f"Value: {value_positions:,} positions in {value_time:.2f} s ({value_cpu:.2f} s CPU, "
               f"{rate:,.0f} positions/s{', with a helper process' if workers > 1 and n >= 5 else ''}; "
               f"table {gigabytes(solver.table_bytes)}).")
    if best is None:
        typer.echo("The best opening moves: add --openings (it searches several times as long).")
        return
    moves = [str(mv) for mv in best]
    typer.echo(f"Best opening moves ({len(moves)} of {2 * n}): {', '.join(moves)}")
    rate = solver.visited / cpu if cpu > 0 else 0.0
    typer.echo(f"In all: {solver.visited:,} positions in {wall:.2f} s ({cpu:.2f} s CPU, {rate:,.0f} positions/s).")


def three_players(n: int, as_json: bool) -> None:
    """Each seat's guaranteed points for piles 1..1, 1..2, ..., 1..n, and where the first seat's advantage
    (if any) first appears."""
    from .three import MAX_N, advantage, guaranteed

    if not 1 <= n <= MAX_N:
        raise InputError("command line", f"{n} is out of range: the three-player search handles n = 1 to {MAX_N} "
                                         "(each step of n takes a hundred times longer)", key="--n")
    t0 = time.perf_counter()
    rows = []
    for k in range(1, n + 1):
        points, visited = guaranteed(k)
        rows.append({"n": k, "guaranteed": points, "first_ahead": advantage(points), "positions": visited})
    first = next((r["n"] for r in rows if r["first_ahead"]), None)
    if as_json:
        typer.echo(json.dumps({"players": 3, "rows": rows, "first_advantage_n": first}, indent=2))
        return
    typer.echo("Add/Residue, three players: the points each seat can make sure of scoring when the other two "
               "play together against it.")
    for r in rows:
        a, b, c = r["guaranteed"]
        typer.echo(f"  piles 1..{r['n']}: seat 1 {a}, seat 2 {b}, seat 3 {c}")
    if first is None:
        typer.echo(f"The first seat has no advantage for n = 1 to {n}: it never guarantees more than both others.")
    else:
        typer.echo(f"The first seat's advantage first appears at n = {first}.")
    typer.echo(f"Searched in {time.perf_counter() - t0:.2f} s.")


# ---------------------------------------------------------------- reviewing a played game


@dataclass
class Reviewed:
    index: int
    player: str
    move: str
    loss: int | None
    best: list[str] | None


def positions(res, rows):
    """(mover's add, mover's mod, other's add, other's mod, m) before each move, and after the last."""
    names, full = res.names, (1 << res.n) - 1
    piles = {p: [full, full] for p in names}
    out = []
    m = 0
    for k in range(len(rows) + 1):
        me, other = names[k % 2], names[(k + 1) % 2]
        out.append((piles[me][0], piles[me][1], piles[other][0], piles[other][1], m))
        if k < len(rows):
            pl = rows[k].played
            piles[pl.player][0 if pl.pile == "add" else 1] &= ~(1 << (pl.c - 1))
            m = rows[k].after
    return out


def review(res, max_cards: int = 24, solver: Solver | None = None) -> tuple[list[Reviewed], dict]:
    """Each move's loss against best play (own final minus other's final), for a valid two-player log."""
    rows = replay(res, Report("add-residue", res.names, {p: 0 for p in res.names}))
    # a review searches positions near the end: a table of at most 4M slots (64 MB)
    solver = solver or Solver(res.n, slots=min(table_slots(expected(res.n)[1]), 1 << 22) if res.n <= EXACT_MAX_N
                              else 0)
    pos = positions(res, rows)
    total = 4 * res.n
    # the first position small enough to search; past the end if even the last one is too big
    first = next((k for k in range(len(rows) + 1) if total - k <= max_cards), len(rows) + 1)
    values: dict[int, int] = {}
    for k in range(len(rows), first - 1, -1):  # from the end: small positions first fill the table
        values[k] = solver.value(*pos[k])
    out: list[Reviewed] = []
    for k, row in enumerate(rows):
        pl = row.played
        if k < first:
            out.append(Reviewed(k + 1, pl.player, pl.move, None, None))
            continue
        v = values[k]
        got = row.points - values[k + 1]  # the other player moves next
        best = [str(mv) for mv in solver.moves(*pos[k][:2]) if solver.move_at_least(*pos[k], mv, v)]
        out.append(Reviewed(k + 1, pl.player, pl.move, v - got, best))
    info = {"first": first, "start_value": values.get(first), "end_value": values.get(len(rows)),
            "rows": rows, "complete": len(rows) == total, "visited": solver.visited}
    return out, info


def review_file(path: Path, as_json: bool, max_cards: int) -> None:
    from ... import inputs, registry, validation

    doc = inputs.load(path)
    game_id = registry.game_of(doc, "add-residue")  # one line whatever the key holds
    if game_id != "add-residue":
        raise doc.error(("game",), f"a {game_id} results file; the review is for add-residue games")
    res = validation.validate(Results, doc)
    max_cards = max_cards or (24 if res.n <= 6 else 20)
    if len(res.names) != 2:
        raise doc.error(("players",), f"exact review is for two players; this game has {len(res.names)} "
                                      "(printkit score still checks and scores it)")
    report = Report("add-residue", res.names, {p: 0 for p in res.names})
    rows = replay(res, report)
    broken = [v for v in report.violations if v.rule != "arithmetic"]
    if broken:
        v = broken[0]
        row = next(r.index for r in rows if where(r) == v.where)  # the row it names, not its words read back
        raise doc.error(("moves", row - 1), f"{v.message}: a review needs a legal log (printkit score lists every "
                                            "problem)")
    t0, c0 = time.perf_counter(), time.process_time()
    moves, info = review(res, max_cards)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    if as_json:
        typer.echo(json.dumps({"moves": [{"index": r.index, "player": r.player, "move": r.move, "loss": r.loss,
                                          "best": r.best} for r in moves]}, indent=2, ensure_ascii=False))
        return
    a, b = res.names
    first = info["first"]
    rows = info["rows"]
    typer.echo(f"Review of {a} (first) against {b}, piles 1..{res.n}: each move's cost against best play, "
               f"in points of own final score minus the other's.")
    if info["start_value"] is None:
        typer.echo(f"Nothing to review: the log stops with {4 * res.n - len(rows)} cards still to play, and the "
                   f"exact search starts with at most {max_cards} left (--max-cards).")
        return
    if first:
        typer.echo(f"Moves 1 to {first} are not reviewed: the exact search starts with at most {max_cards} cards "
                   f"left (--max-cards).")
    who = "the start" if first == 0 else f"row {first + 1}"
    mover = res.names[first % 2]
    typer.echo(f"Perfect-play value at {who}: {info['start_value']:+d} for {mover}.")
    costly = [r for r in moves if r.loss]
    if not costly:
        typer.echo("No move gave anything away: both played perfectly." if moves else "No moves entered.")
    else:
        typer.echo("Costly moves:")
        for r in costly:
            typer.echo(f"  row {r.index:>3}  {r.player}: {r.move} gave away {r.loss}  (best: {', '.join(r.best)})")
    lost = {p: sum(r.loss or 0 for r in moves if r.player == p) for p in res.names}
    scored = {p: sum(r.points for r in rows[first:] if r.played.player == p) for p in res.names}
    sign = 1 if first % 2 == 0 else -1  # the value above is for a; flip it when b moves first
    start = sign * info["start_value"]
    end_sign = 1 if len(rows) % 2 == 0 else -1
    rest = end_sign * info["end_value"]
    margin = scored[a] - scored[b]
    since = "" if first == 0 else f" from row {first + 1} on"
    line = f"{a} gave away {lost[a]}, {b} {lost[b]}: {start:+d} - {lost[a]} + {lost[b]} = {start - lost[a] + lost[b]:+d}"
    if info["complete"]:
        typer.echo(f"{line} = the margin {a} minus {b}{since} ({scored[a]} - {scored[b]}).")
    else:
        typer.echo(f"{line} = the margin so far{since} ({margin:+d}) plus the perfect-play value of the rest "
                   f"({rest:+d} for {a}); the game is unfinished.")
    typer.echo(f"Searched {info['visited']:,} positions in {wall:.2f} s ({cpu:.2f} s CPU).")

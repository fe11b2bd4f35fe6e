"""``printkit solve add-residue``: the perfect-play value, and reviews of played games."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

import typer

from ...game import Report
from ...inputs import InputError
from .score import replay
from .solver import EXACT_MAX_N, Solver, start



def run(results: Path | None, n: int | None, as_json: bool, max_cards: int) -> None:
    if results is not None and n is not None:
        raise InputError("command line", "give either --n N or a results file, not both", key="--n")
    if results is None and n is None:
        raise InputError("command line", "give --n N for the perfect-play value, or a results file to review",
                         key="--n")
    if max_cards < 0:
        raise InputError("command line", f"{max_cards} is out of range: at least 1 (0: automatic)", key="--max-cards")
    if n is not None:
        value_of_game(n, as_json)
    else:
        review_file(results, as_json, max_cards)


# ---------------------------------------------------------------- the value of the game


def value_of_game(n: int, as_json: bool) -> None:
    if not 1 <= n <= EXACT_MAX_N:
        raise InputError("command line", f"{n} is out of range: the exact search handles n = 1 to {EXACT_MAX_N} "
                                         "(it grows about twentyfold with each step of n)", key="--n")
    if n >= 7:
        typer.echo(f"n = {n}: the exact value takes a few minutes and about 2 GB of memory; the best openings "
                   "several times that.", err=True)
    solver = Solver(n)
    t0, c0 = time.perf_counter(), time.process_time()
    v = solver.value(*start(n))
    if not as_json:
        typer.echo(f"Add/Residue, two players, piles 1..{n}: perfect-play margin {v:+d} "
                   "(first player's final score minus the second's, both playing their best).")
        if n >= 2 and v == 0:
            typer.echo("The second player can always hold the first to 0 or less: play the same card from the same "
                       "pile right after them, and every mod scores the same for both.")
        rate = solver.visited / max(time.process_time() - c0, 1e-9)
        typer.echo(f"Value: {solver.visited:,} positions in {time.perf_counter() - t0:.2f} s "
                   f"({time.process_time() - c0:.2f} s CPU, {rate:,.0f} positions/s). Now the best openings...")
    full = (1 << n) - 1
    best = [mv for mv in solver.moves(full, full) if solver.move_at_least(*start(n), mv, v)]
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    moves = [str(mv) for mv in best]
    if as_json:
        typer.echo(json.dumps({"n": n, "players": 2, "margin": v, "best": moves}, indent=2))
        return
    typer.echo(f"Best opening moves ({len(moves)} of {2 * n}): {', '.join(moves)}")
    rate = solver.visited / cpu if cpu > 0 else 0.0
    typer.echo(f"In all: {solver.visited:,} positions in {wall:.2f} s ({cpu:.2f} s CPU, {rate:,.0f} positions/s).")


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
    solver = solver or Solver(res.n)
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
    from ... import inputs, registry

    Results = registry.get("add-residue").Results  # game.py's model, through the registry: parts never import game.py
    doc = inputs.load(path)
    game_id = doc.data.get("game")
    if game_id != "add-residue":
        what = f"a {game_id} results file" if game_id in registry.GAMES else "not an add-residue results file"
        raise doc.error(("game",) if game_id is not None else (), f"{what}; the review is for add-residue games")
    res = inputs.validate(Results, doc)
    max_cards = max_cards or (24 if res.n <= 6 else 20)
    if len(res.names) != 2:
        raise doc.error(("players",), f"exact review is for two players; this game has {len(res.names)} "
                                      "(printkit score still checks and scores it)")
    report = Report("add-residue", res.names, {p: 0 for p in res.names})
    replay(res, report)
    broken = [v for v in report.violations if v.rule != "arithmetic"]
    if broken:
        v = broken[0]
        row = int(v.where.split("row ")[1].split(" ")[0])
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

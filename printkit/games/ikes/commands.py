"""The command line of The Long Way: ``printkit simulate ikes`` (the bot itself: simulate.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ...output.targets import FORCE_HELP
from .simulate import BANDS, chart, play_one, record, scores_many, summary


def simulate(
    games: int = typer.Option(200, "--games", min=1, max=100000, help="Solo games to play"),
    seed: int = typer.Option(1, "--seed", help="Random seed (same seed, same games)"),
    chart_path: Optional[Path] = typer.Option(Path("output/ikes-simulate.png"), "--chart",
                                              help="Histogram of the scores (.png, .svg or .pdf)"),
    no_chart: bool = typer.Option(False, "--no-chart", help="Do not draw the histogram"),
    record_path: Optional[Path] = typer.Option(None, "--record", help="Write the first game as a results file"),
    force: bool = typer.Option(False, "--force", "-f", help=FORCE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object"),
    jobs: int = typer.Option(0, "--jobs", "-j", min=0, max=64,
                             help="Worker processes (0: every core; the results are the same for any number)"),
) -> None:
    """Solo games with a greedy bot: score distribution against the seed's rubric."""
    import json

    from ...output import charts, files, targets

    if not no_chart and chart_path is not None:  # before the games: a target that cannot be written is said at once
        charts.check_chart(chart_path, force=force)
    if record_path is not None:
        targets.check_file(record_path, force=force, typed=True, key="--record")
    import os

    if jobs == 0:
        jobs = min(os.cpu_count() or 1, 64)
    scores = scores_many(games, seed, jobs)
    out = summary(scores, seed)
    if not no_chart and chart_path is not None:
        charts.write_chart(chart(scores, f"The Long Way: {games} solo bot games (seed {seed})"), chart_path,
                           force=force)
        out["chart"] = str(chart_path)
    if record_path is not None:
        files.write_file(record_path, record(play_one(seed, 0)).encode("utf-8"), force=force, typed=True,
                          key="--record")
        out["record"] = str(record_path)
    if as_json:
        typer.echo(json.dumps(out, indent=2))
        return
    typer.echo(f"{games} solo games, seed {seed}: median {out['median']}, mean {out['mean']}, "
               f"range {out['min']} to {out['max']}")
    for name, lo, hi in BANDS:
        k = out["bands"][name]
        span = f"<= {hi}" if lo < 0 else f"{lo}+" if hi > 100 else f"{lo}-{hi}"
        typer.echo(f"  {name:<12} {span:>6}  {k:>6}  {100 * k / games:5.1f}%")
    if "chart" in out:
        typer.echo(f"Chart: {out['chart']}")
    if "record" in out:
        typer.echo(f"Record: {out['record']}")

"""``printkit simulate knives``: its options and its work.  The engine is imported only when the command
runs, so that loading the game to score a results file stays quick."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ...output.targets import FORCE_HELP


def simulate(
    players: int = typer.Option(4, "--players", "-p", min=2, max=8, help="Players at the table (2 to 8)"),
    kcount: int = typer.Option(12, "--kcount", "-k", min=3, max=30, help="Distribution centres (the card rule gives 8 to 14)"),
    strategies: str = typer.Option("greedy,patient:2,patient:3,patient:4,hoard", "--strategies", "-s",
                                   help="Comma-separated: greedy (claim the most roads as soon as possible); "
                                        "patient:N (wait for N roads at once; greedy once N x players roads or fewer "
                                        "are left); patient:N:F (greedy once F or fewer are left); race:N (wait for N "
                                        "roads, but claim what it can once the other players' cards could take the "
                                        "roads left); hoard (race with no N: save everything until then)"),
    games: int = typer.Option(10_000, "--games", "-n", min=1, max=10_000_000, help="Games to play"),
    seed: int = typer.Option(1, "--seed", help="Same seed, same games, same figures"),
    jobs: int = typer.Option(0, "--jobs", "-j", min=0, max=64, help="Worker processes (0: every core for 2,000 games or more)"),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object"),
    chart_file: Optional[Path] = typer.Option(None, "--chart", help="Also draw a chart (.png, .svg or .pdf)"),
    force: bool = typer.Option(False, "--force", "-f", help=FORCE_HELP),
) -> None:
    """Play many seeded games of Selling Knives between strategies; report win rates (95% CI), roads and length."""
    import json
    import os
    import sys

    from ...inputs import InputError
    from ...output import charts
    from .simulate import chart, simulate_games, table_text
    from .strategies import make

    specs = [s.strip() for s in strategies.split(",") if s.strip()]
    if not specs:
        raise InputError("command line", "give at least one strategy", key="--strategies")
    try:
        specs = [make(s).spec for s in specs]
    except ValueError as e:
        raise InputError("command line", str(e), key="--strategies") from None
    if chart_file is not None:  # before the games are played: a chart that cannot be written is said at once
        charts.check_chart(chart_file, force=force)
    if jobs == 0:
        jobs = min(os.cpu_count() or 1, 8) if games >= 2000 else 1
    summary = simulate_games(specs, players, kcount, games, seed, jobs)
    if kcount < 8 or kcount > 14:
        summary["warning"] = f"kcount {kcount} is outside the card rule's 8 to 14 (a custom map)"
    if chart_file is not None:
        charts.write_chart(chart(summary), chart_file, force=force, dpi=110)
        summary["chart"] = str(chart_file)
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
    else:
        typer.echo(table_text(summary))
        if "warning" in summary:
            typer.echo(f"note: {summary['warning']}")
        if chart_file is not None:
            typer.echo(f"Chart: {chart_file}")
    sys.stdout.flush()

"""The ``printkit simulate knives`` options.  The engine is imported only when the command
runs, so that loading the game to score a results file stays quick."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ...limits import FORCE_HELP


def simulate(
    ctx: typer.Context,
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
    from .simulate import run

    run(players, kcount, strategies, games, seed, jobs, as_json, chart_file, force, ctx.obj)

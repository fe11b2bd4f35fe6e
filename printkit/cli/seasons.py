"""``printkit season``: the standings across the evenings kept in a folder."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Optional

import typer

from .app import FORCE, app


@app.command()
def season(
    folder: str = typer.Argument(..., help="A folder of evenings: each evening's config and its results files"),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object"),
    picture: Optional[Path] = typer.Option(None, "--picture", help="Also draw the standings with charts "
                                           "(.pdf, .svg or .png)"),
    paper: Optional[str] = typer.Option(None, "--paper", help="letter or a4, for --picture (default letter)"),
    force: bool = typer.Option(False, "--force", "-f", help=FORCE),
) -> None:
    """Standings across the evenings kept in a folder: evenings and games played, games won (per game and in
    all, a tie shared), win rates, best scores per game and the evening each was set, streaks, the leader.

    Every YAML file in the folder and its subfolders (two levels down) is an evening's config, but for results files
    (names ending in -results.yaml) and season.yaml; evenings run in the order of their names
    (2026-11-19.yaml, 2026-11-26.yaml, ...).  A game not entered, unfinished or with mistakes is listed
    and never counted.  season.yaml may hold 'aliases: {Benjamin: Ben}' for a renamed player, and a
    'title'."""
    from ..season import folder as seasons, text

    from .app import paper_name

    size = paper_name(paper) or "letter"
    if picture is not None:
        from ..output import charts

        charts.check_chart(picture, force=force, key="--picture")
    found = seasons.load(folder, workers=os.cpu_count() or 1)
    if picture is not None:
        from ..output import charts
        from ..season import chart

        charts.write_chart(chart.figure(found, size), picture, force=force, key="--picture")
    if as_json:
        typer.echo(json.dumps(text.to_json(found), indent=2, ensure_ascii=False))
    else:
        typer.echo(text.text(found))
        if picture is not None:
            from ..inputs import escape

            typer.echo(f"Picture: {escape(str(picture))}")

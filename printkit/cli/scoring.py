"""``printkit score``: a results file checked against every rule, scored, and drawn back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from .app import FORCE, app, load_results


class _RecordHelp(typer.core.TyperCommand):
    """The help of ``printkit score``, with every game's record as its game says it (``Game.record_syntax``):
    the games are imported only when the help is shown."""

    def format_help_text(self, ctx, formatter) -> None:
        from .. import registry

        records = "; ".join(f"{g.id}, {g.record_syntax}" for g in registry.all_games())
        self.help = (self.help or "").replace("{records}", records)
        super().format_help_text(ctx, formatter)


@app.command(cls=_RecordHelp)
def score(
    results: str = typer.Argument(..., help="Results file (see `printkit template`)"),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object"),
    picture: Optional[Path] = typer.Option(None, "--picture", help="Also draw the sheets as entered (.svg or .pdf)"),
    force: bool = typer.Option(False, "--force", "-f", help=FORCE),
) -> None:
    """Check the results against every rule and compute the scores.

    A results file is the config's keys and the game as played: `printkit template CONFIG` writes a blank one
    with every key explained. The record, as written on the paper: {records}.

    Given the config of an evening (a kit of several games): each game's result from its own results file
    (see `printkit template`) and the evening's standings: games won, a tie shared, a game not entered
    or not valid listed and never counted.

    Exit code 0: valid; 1: a rule is broken (scores still printed); 2: unusable file. For an evening: 0 when
    every game entered so far is valid, 1 when a game breaks a rule, 2 when a game's file is unusable."""
    from ..inputs import InputError

    if picture is not None and picture.suffix.lower() not in (".svg", ".pdf"):
        raise InputError(str(picture), "the picture must be a .svg or .pdf file", key="--picture")
    from .evenings import evening_of, score as evening_score

    night = evening_of(results)
    if night is not None:  # the config of an evening: every game's result and the standings
        raise typer.Exit(evening_score(night, as_json, picture, force))
    game, res, is_config = load_results(results)
    if picture is not None:
        from ..output import targets

        targets.check_file(picture, force=force, key="--picture")
    report = game.score(res)
    if is_config:
        report.notes.append(f"{results} is a config, not a results file: printkit template {results} writes "
                            "the results file to fill in after play")
    if picture is not None:
        from .. import kit
        from ..sheet import paper

        p = paper(res.paper)
        pages = game.picture(res, report, p)
        kit.number(pages, p, f"{res.title or game.title}: results")
        kit.write_picture(pages, picture, f"{game.title}: results", force=force)
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        typer.echo(report.text())
        if picture is not None:
            typer.echo(f"Picture: {_escaped(picture)}")
    raise typer.Exit(0 if report.valid else 1)


def _escaped(path) -> str:
    from ..inputs import escape

    return escape(str(path))

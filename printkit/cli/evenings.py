"""The evening's side of ``template``, ``score`` and ``enter``: a config whose kit holds several games
(``copies``, ``also``) stands for every game of the evening (``printkit.evening``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer


def evening_of(path: str):
    """The evening a config prints, or None when ``path`` is not a config of several games (a results file,
    or a kit of one game: those keep their single-game ways)."""
    from .. import evening, inputs, registry, validation

    doc = inputs.load(path)
    game = registry.get(registry.game_of(doc))
    record = set(game.Results.keys()) - game.shared_keys()
    if any(k in doc.data for k in record):  # a results file (it holds a play record)
        return None
    try:
        validation.validate(game.Config, doc)
    except inputs.InputError:
        return None  # not a config: the single-game path says what is wrong with it
    night = evening.load(path)
    return night if night.several else None


def template(night, output: Optional[Path], force: bool) -> None:
    """Every game's blank results file beside the config; a file already there is kept as it is."""
    from ..inputs import InputError, escape
    from ..output import files
    from ..output.errors import error

    if output is not None:
        raise InputError("command line", "an evening's results files go beside its config, where score and enter "
                                         "find them; leave -o out", key="--output")
    if force:
        raise InputError("command line", "an evening's results files are never replaced; to start a game's file "
                                         "again, delete it and run template again", key="--force")
    for play in night.plays:
        shown = escape(str(play.results))
        if play.results.exists() or play.results.is_symlink():
            typer.echo(f"kept {shown} ({play.label}: it exists and is never replaced)")
            continue
        try:
            files.replace_file(play.results, play.template().encode("utf-8"), no_clobber=True)
        except FileExistsError:
            typer.echo(f"kept {shown} ({play.label}: it exists and is never replaced)")
            continue
        except OSError as e:
            raise error(e, play.results, "--output") from None
        typer.echo(shown)

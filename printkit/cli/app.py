"""The ``printkit`` command line: the typer app and what its commands share (reading a config or results
file, the --format and --paper values, writing one file).

Heavy libraries (msgspec, reportlab, svgwrite, the games) are imported inside the commands that need them,
so that ``printkit --help`` starts fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..output.targets import FORCE_HELP as FORCE  # noqa: F401 - the one overwrite rule, said by every --force

app = typer.Typer(
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish, PowerShell
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: importing rich would double the start-up time
    help="Print kits for paper-and-pencil games, and score them after play.",
)

EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []}


def game_ids(incomplete: str) -> list[str]:
    """Shell completion of a GAME argument."""
    from ..registry import GAMES

    return [g for g in GAMES if g.startswith(incomplete)]


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"printkit {__version__}")
        raise typer.Exit()


@app.callback()
def _options(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                           help="Print printkit's version and exit")) -> None:
    """Print kits for paper-and-pencil games, and score them after play."""


def game_named(game_id: str):
    from .. import registry
    from ..inputs import InputError

    try:
        return registry.get(game_id)
    except KeyError as e:
        raise InputError("command line", e.args[0], key="GAME") from None


def load(path: str, results: bool = False):
    """Read a config (or results) file: (game, validated model)."""
    from .. import validation

    doc, game = read(path)
    model = game.Results if results else game.Config
    return game, validation.validate(model, doc)


def read(path: str):
    """A config or results file read, and its game: (document, game)."""
    from .. import inputs, registry

    doc = inputs.load(path)
    return doc, registry.get(registry.game_of(doc))


def load_results(path: str):
    """Read a results file: (game, validated results, whether it is a config).  A config given instead (no
    play-record key) is read as its blank results file (what ``printkit template`` writes)."""
    from .. import inputs, validation

    doc, game = read(path)
    try:
        res = validation.validate(game.Results, doc)
    except inputs.InputError as problem:
        try:
            cfg = validation.validate(game.Config, doc)
        except inputs.InputError:
            raise problem from None
        return game, validation.validate(game.Results, inputs.parse(game.template(cfg), path)), True
    record = set(game.Results.keys()) - game.shared_keys()
    return game, res, not any(k in doc.data for k in record)


def formats(value: Optional[str]) -> Optional[list[str]]:
    from ..inputs import InputError, suggest

    if value is None:
        return None
    out = [f.strip().lower() for f in value.split(",") if f.strip()]
    for f in out:
        if f not in ("pdf", "svg"):
            raise InputError("command line", f"unknown format '{f}'{suggest(f, ['pdf', 'svg'])}", key="--format")
    return out or None


def paper_name(value: Optional[str]) -> Optional[str]:
    from ..inputs import InputError, suggest

    if value is not None and value.lower() not in ("letter", "a4"):
        raise InputError("command line", f"unknown paper '{value}'{suggest(value, ['letter', 'a4'])}", key="--paper")
    return value.lower() if value else None


def echo_path(path) -> None:
    from ..inputs import escape

    typer.echo(escape(str(path)))


def write_one(data: bytes, output: Optional[Path], default: Path, force: bool, typed: bool) -> None:
    """Write one file (``-`` for standard output) the way every command does: see ``printkit.output``."""
    from ..output import files

    if output is not None and str(output) == "-":
        files.write_stdout(data)
        return
    path = output or default
    files.write_file(path, data, force=force, typed=typed, key="--output" if output is not None else None)
    echo_path(path)



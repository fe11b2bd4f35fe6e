"""The commands that print: ``games``, ``new``, ``make``, ``rules``, ``template``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer

from .app import FORCE, app, echo_path, formats, game_ids, game_named, load, paper_name, write_one


@app.command()
def games() -> None:
    """List the games, one line each."""
    from .. import registry

    for g in registry.all_games():
        typer.echo(f"{g.id:<14} {g.title}: {g.blurb} (by {g.designer})")


@app.command()
def new(
    game: str = typer.Argument(..., help="Game id (see `printkit games`)", autocompletion=game_ids),
    players: Optional[str] = typer.Option(None, "--players", "-p", help="Names separated by commas, or a count"),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Where to write (default GAME.yaml; - for stdout)"),
    force: bool = typer.Option(False, "--force", "-f", help=FORCE),
) -> None:
    """Write a starter config with every option present and commented."""
    from ..game import starter_config
    from ..inputs import InputError, parse
    from ..validation import validate

    g = game_named(game)
    who: list[str] | int | None = None
    if players is not None:
        count = players.strip()
        if count.isdecimal() and len(count) > 3:
            raise InputError("command line", f"{count[:12]}... players: this game takes "
                                             f"{g.Config.MIN_PLAYERS} to {g.Config.MAX_PLAYERS}", key="--players")
        who = int(count) if count.isdecimal() else [p.strip() for p in players.split(",") if p.strip()]
        try:
            validate(g.Config, parse(f"game: {g.id}\nplayers: {json.dumps(who, ensure_ascii=False)}\n", "--players"))
        except InputError as e:
            raise InputError("command line", e.message, key="--players") from None
    write_one(starter_config(g, who).encode("utf-8"), output, Path(f"{g.id}.yaml"), force, typed=True)


@app.command()
def make(
    configs: Optional[List[str]] = typer.Argument(None, help="Config files (none: every preset in layouts/)"),
    output: Path = typer.Option(Path("output"), "-o", "--output", help="Folder for the kits (one subfolder per "
                                "config, replaced whole: it holds the kit's files only)"),
    fmt: Optional[str] = typer.Option(None, "--format", help="pdf, svg or pdf,svg (default: the config's formats)"),
    paper: Optional[str] = typer.Option(None, "--paper", help="letter or a4 (default: the config's paper)"),
    force: bool = typer.Option(False, "--force", "-f", help=FORCE),
) -> None:
    """Write the kit for each config; print each path written."""
    from .. import kit
    from ..output import kits
    from ..inputs import InputError
    from ..resources import layouts
    from ..season import sheet as season_sheet

    wanted, size = formats(fmt), paper_name(paper)
    paths = configs or sorted(str(p) for p in layouts().glob("*.yaml"))
    loaded = [(kits.kit_folder_name(Path(p).stem), *load(p)) for p in paths]  # every config checked first
    names = [name for name, _, _ in loaded]
    for name in names:
        if names.count(name) > 1:
            raise InputError("command line", f"two configs make the kit folder {name}; their kits would overwrite "
                                             "each other", key="CONFIG")
    for name in names:  # every target checked before anything is drawn
        kits.check_kit(output / name, force=force, key="--output")
    made = []
    for path, (name, game, cfg) in zip(paths, loaded):  # draw every kit, then write them all
        try:
            pages = kit.build(game, cfg, size, season_sheet.for_kit(path, cfg, size))
        except InputError as e:  # a size the sheets cannot take: named at its key in the config
            if e.file != "config":
                raise
            from ..inputs import load as read

            raise InputError(str(path), e.message, read(Path(path)).line((e.key,)), e.key) from None
        made.append((output / name, kit.render(pages, wanted or cfg.formats, cfg.title or game.title)))
    kits.write_kits(made, force=force, key="--output")
    for folder, files in made:
        for name in files:
            echo_path(folder / name)
    _what_to_print(made)


def _what_to_print(kits) -> None:
    """After the paths, which file to print: for a person at a terminal (a script reading the paths, one a
    line, gets the paths only)."""
    from ..inputs import escape

    if not sys.stdout.isatty():
        return
    for folder, files in kits:
        pages = sorted(f for f in files if f.startswith("page-"))
        if "kit.pdf" in files:
            count = files["kit.pdf"].count(b"/Type /Page\n")
            typer.echo(f"To print: {escape(str(folder / 'kit.pdf'))} ({count} pages, the whole kit in order"
                       + ("; the SVG files are the same pages one by one)" if pages else ")"))
        elif pages:
            typer.echo(f"To print: {escape(str(folder / pages[0]))} to {pages[-1]}, in order (--format pdf: one file)")


@app.command()
def rules(
    game: str = typer.Argument(..., help="Game id", autocompletion=game_ids),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="PDF file (default output/rules-GAME.pdf; "
                                          "- for stdout)"),
    paper: str = typer.Option("letter", "--paper", help="letter or a4"),
    force: bool = typer.Option(False, "--force", "-f", help=FORCE),
) -> None:
    """Write the rule sheet alone, as a PDF."""
    from .. import kit, rulesheet
    from ..output import targets
    from ..sheet import paper as make_paper
    from ..writers import pdf

    g = game_named(game)
    p = make_paper(paper_name(paper) or "letter")
    path = output or Path("output") / f"rules-{g.id}.pdf"
    if str(path) != "-":
        targets.check_file(path, force=force, key="--output")
    pages = rulesheet.pages(g, p)
    kit.number(pages, p, f"{g.title} rules")
    write_one(pdf.render(pages, f"{g.title}: rules"), path, path, force, typed=False)


@app.command()
def template(
    config: str = typer.Argument(..., help="The config the kit was made from"),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Where to write (default CONFIG-results.yaml; - for stdout)"),
    force: bool = typer.Option(False, "--force", "-f", help=FORCE),
) -> None:
    """Write a blank results file for that config, ready to fill in after play.

    For a kit of several games (copies, also): one file per game and copy beside the config
    (CONFIG-GAME-N-results.yaml), each holding that game's set-up; a file already there is kept."""
    from .evenings import evening_of, template as evening_template

    night = evening_of(config)
    if night is not None:
        evening_template(night, output, force)
        return
    game, cfg = load(config)
    write_one(game.template(cfg).encode("utf-8"), output, Path(f"{Path(config).stem}-results.yaml"), force,
               typed=True)



"""The ``printkit`` command line.

Heavy libraries (msgspec, reportlab, svgwrite, the games) are imported inside
the commands that need them, so that ``printkit --help`` starts fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer

app = typer.Typer(
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish, PowerShell
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: importing rich would double the start-up time
    help="Print kits for paper-and-pencil games, and score them after play.",
)

EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []}


def _game_ids(incomplete: str) -> list[str]:
    """Shell completion of a GAME argument."""
    from .registry import GAMES

    return [g for g in GAMES if g.startswith(incomplete)]


def _version(value: bool) -> None:
    if value:
        from . import __version__

        typer.echo(f"printkit {__version__}")
        raise typer.Exit()


@app.callback()
def _options(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                           help="Print printkit's version and exit")) -> None:
    """Print kits for paper-and-pencil games, and score them after play."""


def _game(game_id: str):
    from . import registry
    from .inputs import InputError

    try:
        return registry.get(game_id)
    except KeyError as e:
        raise InputError("command line", e.args[0], key="GAME") from None


def _load(path: str, results: bool = False):
    """Read a config (or results) file: (game, validated model)."""
    from . import inputs, registry

    doc = inputs.load(path)
    game_id = doc.data.get("game")
    if game_id is None:
        raise doc.error((), "missing key 'game' (which game this file is for)")
    if not isinstance(game_id, str):
        raise doc.error(("game",), f"expected a game id, one of: {', '.join(registry.GAMES)}")
    if game_id not in registry.GAMES:
        raise doc.error(("game",), f"unknown game '{inputs.one_line(game_id, 40)}'"
                                   f"{inputs.suggest(game_id, registry.GAMES)}; known: {', '.join(registry.GAMES)}")
    game = registry.get(game_id)
    model = game.Results if results else game.Config
    return game, inputs.validate(model, doc)


def _formats(value: Optional[str]) -> Optional[list[str]]:
    from .inputs import InputError, suggest

    if value is None:
        return None
    out = [f.strip().lower() for f in value.split(",") if f.strip()]
    for f in out:
        if f not in ("pdf", "svg"):
            raise InputError("command line", f"unknown format '{f}'{suggest(f, ['pdf', 'svg'])}", key="--format")
    return out or None


def _paper(value: Optional[str]) -> Optional[str]:
    from .inputs import InputError, suggest

    if value is not None and value.lower() not in ("letter", "a4"):
        raise InputError("command line", f"unknown paper '{value}'{suggest(value, ['letter', 'a4'])}", key="--paper")
    return value.lower() if value else None


def _write_new(text: str, output: Optional[Path], default: Path) -> None:
    """Write a new text file (never over an existing one, which may hold a user's typing), or to stdout for -."""
    from .inputs import InputError
    from .kit import write_atomic

    if str(output) == "-":
        typer.echo(text, nl=False)
        return
    path = output or default
    if path.exists():
        raise InputError(str(path), "already exists; choose another name with -o")
    write_atomic(path, text.encode("utf-8"))
    typer.echo(str(path))


@app.command()
def games() -> None:
    """List the games, one line each."""
    from . import registry

    for g in registry.all_games():
        typer.echo(f"{g.id:<14} {g.title}: {g.blurb} (by {g.designer})")


@app.command()
def new(
    game: str = typer.Argument(..., help="Game id (see `printkit games`)", autocompletion=_game_ids),
    players: Optional[str] = typer.Option(None, "--players", "-p", help="Names separated by commas, or a count"),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Where to write (default GAME.yaml; - for stdout)"),
) -> None:
    """Write a starter config with every option present and commented."""
    from .game import starter_config
    from .inputs import InputError, parse, validate

    g = _game(game)
    who: list[str] | int | None = None
    if players is not None:
        who = int(players) if players.strip().isdecimal() else [p.strip() for p in players.split(",") if p.strip()]
        try:
            validate(g.Config, parse(f"game: {g.id}\nplayers: {json.dumps(who, ensure_ascii=False)}\n", "--players"))
        except InputError as e:
            raise InputError("command line", e.message, key="--players") from None
    _write_new(starter_config(g, who), output, Path(f"{g.id}.yaml"))


@app.command()
def make(
    configs: Optional[List[str]] = typer.Argument(None, help="Config files (none: every preset in layouts/)"),
    output: Path = typer.Option(Path("output"), "-o", "--output", help="Folder for the kits (one subfolder per config)"),
    fmt: Optional[str] = typer.Option(None, "--format", help="pdf, svg or pdf,svg (default: the config's formats)"),
    paper: Optional[str] = typer.Option(None, "--paper", help="letter or a4 (default: the config's paper)"),
) -> None:
    """Write the kit for each config; print each path written."""
    from . import kit
    from .resources import layouts

    formats, paper_name = _formats(fmt), _paper(paper)
    paths = configs or sorted(str(p) for p in layouts().glob("*.yaml"))
    loaded = [(Path(p).stem, *_load(p)) for p in paths]  # every config is checked before anything is written
    stems = [stem for stem, _, _ in loaded]
    for stem in stems:
        if stems.count(stem) > 1:
            from .inputs import InputError

            raise InputError("command line", f"two configs are named {stem}.yaml; their kits would overwrite "
                                             "each other in one folder", key="CONFIG")
    kits = []
    for stem, game, cfg in loaded:  # draw every kit, then write them all
        pages = kit.build(game, cfg, paper_name)
        kits.append((output / stem, kit.render(pages, formats or cfg.formats, cfg.title or game.title)))
    for folder, files in kits:
        for name, data in files.items():
            kit.write_atomic(folder / name, data)
            typer.echo(str(folder / name))
        for old in folder.glob("page-*.svg"):
            if old.name not in files:
                old.unlink()
    _what_to_print(kits)


def _what_to_print(kits) -> None:
    """After the paths (standard output, one a line), which file to print, on standard error."""
    for folder, files in kits:
        pages = sorted(f for f in files if f.startswith("page-"))
        if "kit.pdf" in files:
            count = files["kit.pdf"].count(b"/Type /Page\n")
            typer.echo(f"To print: {folder / 'kit.pdf'} ({count} pages, the whole kit in order"
                       + ("; the SVG files are the same pages one by one)" if pages else ")"), err=True)
        elif pages:
            typer.echo(f"To print: {folder / pages[0]} to {pages[-1]}, in order (--format pdf: one file)", err=True)


@app.command()
def rules(
    game: str = typer.Argument(..., help="Game id", autocompletion=_game_ids),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="PDF file (default output/rules-GAME.pdf)"),
    paper: str = typer.Option("letter", "--paper", help="letter or a4"),
) -> None:
    """Write the rule sheet alone, as a PDF."""
    from . import kit, rulesheet
    from .sheet import paper as make_paper
    from .writers import pdf

    g = _game(game)
    p = make_paper(_paper(paper) or "letter")
    pages = rulesheet.pages(g, p)
    kit.number(pages, p, f"{g.title} rules")
    path = output or Path("output") / f"rules-{g.id}.pdf"
    kit.write_atomic(path, pdf.render(pages, f"{g.title}: rules"))
    typer.echo(str(path))


@app.command()
def template(
    config: str = typer.Argument(..., help="The config the kit was made from"),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Where to write (default CONFIG-results.yaml; - for stdout)"),
) -> None:
    """Write a blank results file for that config, ready to fill in after play."""
    game, cfg = _load(config)
    _write_new(game.template(cfg), output, Path(f"{Path(config).stem}-results.yaml"))


@app.command()
def score(
    results: str = typer.Argument(..., help="Results file (see `printkit template`)"),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object"),
    picture: Optional[Path] = typer.Option(None, "--picture", help="Also draw the sheets as entered (.svg or .pdf)"),
) -> None:
    """Check the results against every rule and compute the scores.

    Exit code 0: valid; 1: a rule is broken (scores still printed); 2: unusable file."""
    from .inputs import InputError

    if picture is not None and picture.suffix.lower() not in (".svg", ".pdf"):
        raise InputError(str(picture), "the picture must be a .svg or .pdf file", key="--picture")
    game, res = _load(results, results=True)
    report = game.score(res)
    if picture is not None:
        from . import kit
        from .sheet import paper

        p = paper(res.paper)
        pages = game.picture(res, report, p)
        kit.number(pages, p, f"{res.title or game.title}: results")
        kit.write_picture(pages, picture, f"{game.title}: results")
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        typer.echo(report.text())
        if picture is not None:
            typer.echo(f"Picture: {picture}")
    raise typer.Exit(0 if report.valid else 1)


@app.command()
def enter(
    file: str = typer.Argument(..., help="A results file to continue, or a config (its results file is made blank)"),
    port: int = typer.Option(0, "--port", min=0, max=65535, help="Port to serve on (default: a free one)"),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to serve on; another machine's browser (a phone at "
                             "the table) needs this machine's address on your network. Anyone there with the "
                             "page's address can edit the file."),
    no_browser: bool = typer.Option(False, "--no-browser", help="Do not open a browser; just print the address"),
) -> None:
    """Enter a played game in the browser, by redrawing the sheets; scores and mistakes show as you go."""
    import ipaddress

    from .inputs import InputError

    try:
        ip = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        if host != "localhost":
            raise InputError("command line", f"'{host}' is not an address of this machine (e.g. 192.168.1.20)",
                             key="--host") from None
    else:
        if ip.is_unspecified:
            raise InputError("command line", "give the one address the other browser will use (e.g. 192.168.1.20), "
                                             "not every address", key="--host")
    from . import enter as entering

    try:
        entering.run(file, port, host.strip("[]"), not no_browser, echo=lambda *a, **k: typer.echo(*a, err="file" in k))
    except OSError as e:
        raise InputError("command line", f"cannot serve on {host}:{port}: {e.strerror}", key="--port") from None


def _game_commands_help(kind: str, does: str) -> None:
    """``printkit solve --help``: the games that have the command, and how to see each one's options."""
    from . import registry

    typer.echo(f"Usage: printkit {kind} GAME [OPTIONS]\n\n{does}\n\nGames with a {kind} command:")
    for g in registry.all_games():
        fn = getattr(g, kind, None)
        if fn is not None:
            first = (fn.__doc__ or "").strip().splitlines()
            typer.echo(f"  {g.id:<14} {first[0] if first else g.title}")
            typer.echo(f"  {'':<14} options: printkit {kind} {g.id} --help")
    raise typer.Exit(0)


def _run_game_command(kind: str, game_id: str, args: list[str]) -> None:
    if game_id in ("--help", "-h"):
        _game_commands_help(kind, {"solve": "Solve a position or review a played game.",
                                   "simulate": "Play many games between strategies or bots and report the results."}[kind])
    g = _game(game_id)
    fn = getattr(g, kind, None)
    if fn is None:
        from . import registry
        from .inputs import InputError

        have = [x.id for x in registry.all_games() if getattr(x, kind, None)]
        raise InputError("command line", f"{game_id} has no '{kind}' command; games that have: {', '.join(have) or 'none yet'}", key="GAME")
    sub = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
    sub.command(name=game_id)(fn)
    cmd = typer.main.get_command(sub)
    cmd.main(args=args, prog_name=f"printkit {kind} {game_id}", standalone_mode=True)


@app.command(context_settings=EXTRA)
def simulate(ctx: typer.Context, game: str = typer.Argument(..., help="Game id; options follow (GAME --help)",
                                                            autocompletion=_game_ids)) -> None:
    """Play many games between strategies or bots and report the results (knives, ikes)."""
    _run_game_command("simulate", game, ctx.args)


@app.command(context_settings=EXTRA)
def solve(ctx: typer.Context, game: str = typer.Argument(..., help="Game id; options follow (GAME --help)",
                                                         autocompletion=_game_ids)) -> None:
    """Solve a position or review a played game (add-residue, curve)."""
    _run_game_command("solve", game, ctx.args)


@app.command()
def schema(
    game: Optional[str] = typer.Argument(None, help="Game id (none: every game)", autocompletion=_game_ids),
    results: bool = typer.Option(False, "--results", help="The results file's schema instead of the config's"),
) -> None:
    """Print the JSON Schema of the config (or results) files, for editor validation."""
    import msgspec

    from . import registry

    kind = "results" if results else "config"
    defs: dict[str, dict] = {}

    def one(g) -> dict:  # nested models are kept under $defs as "<game>.<name>"
        model = g.Results if results else g.Config
        (ref,), found = msgspec.json.schema_components([model], ref_template=f"#/$defs/{g.id}.{{name}}")
        top = ref["$ref"].rsplit(".", 1)[-1]
        defs.update({f"{g.id}.{k}": v for k, v in found.items() if k != top})
        s = dict(found[top])
        s["properties"] = {**s["properties"], "game": {"const": g.id, "description": "Which game this file is for"}}
        s["title"] = f"printkit {kind}: {g.title}"
        return s

    if game:
        out = one(_game(game))
    else:
        out = {"title": f"printkit {kind}", "oneOf": [one(g) for g in registry.all_games()]}
    if defs:
        out["$defs"] = defs
    out["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    typer.echo(json.dumps(out, indent=2))


def main() -> None:
    from .inputs import InputError

    try:
        app()
    except InputError as e:
        typer.echo(f"printkit: {e}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("printkit: interrupted", err=True)
        sys.exit(130)

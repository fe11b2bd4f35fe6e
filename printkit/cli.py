"""The ``printkit`` command line.

Heavy libraries (msgspec, reportlab, svgwrite, the games) are imported inside
the commands that need them, so that ``printkit --help`` starts fast.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import List, Optional

import typer

from .output.targets import FORCE_HELP as FORCE  # the one overwrite rule, said by every --force

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
    from . import validation

    doc, game = _read(path)
    model = game.Results if results else game.Config
    return game, validation.validate(model, doc)


def _read(path: str):
    """A config or results file read, and its game: (document, game)."""
    from . import inputs, registry

    doc = inputs.load(path)
    return doc, registry.get(registry.game_of(doc))


def _load_results(path: str):
    """Read a results file: (game, validated results, whether it is a config).  A config given instead (no
    play-record key) is read as its blank results file (what ``printkit template`` writes)."""
    from . import inputs, validation

    doc, game = _read(path)
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


def _echo_path(path) -> None:
    from .inputs import escape

    typer.echo(escape(str(path)))


def _write_one(data: bytes, output: Optional[Path], default: Path, force: bool, typed: bool) -> None:
    """Write one file (``-`` for standard output) the way every command does: see ``printkit.output``."""
    from .output import files

    if output is not None and str(output) == "-":
        files.write_stdout(data)
        return
    path = output or default
    files.write_file(path, data, force=force, typed=typed, key="--output")
    _echo_path(path)


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
    force: bool = typer.Option(False, "--force", "-f", help=FORCE),
) -> None:
    """Write a starter config with every option present and commented."""
    from .game import starter_config
    from .inputs import InputError, parse
    from .validation import validate

    g = _game(game)
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
    _write_one(starter_config(g, who).encode("utf-8"), output, Path(f"{g.id}.yaml"), force, typed=True)


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
    from . import kit
    from .output import kits
    from .inputs import InputError
    from .resources import layouts

    formats, paper_name = _formats(fmt), _paper(paper)
    paths = configs or sorted(str(p) for p in layouts().glob("*.yaml"))
    loaded = [(kits.kit_folder_name(Path(p).stem), *_load(p)) for p in paths]  # every config checked first
    names = [name for name, _, _ in loaded]
    for name in names:
        if names.count(name) > 1:
            raise InputError("command line", f"two configs make the kit folder {name}; their kits would overwrite "
                                             "each other", key="CONFIG")
    for name in names:  # every target checked before anything is drawn
        kits.check_kit(output / name, force=force, key="--output")
    made = []
    for name, game, cfg in loaded:  # draw every kit, then write them all
        pages = kit.build(game, cfg, paper_name)
        made.append((output / name, kit.render(pages, formats or cfg.formats, cfg.title or game.title)))
    kits.write_kits(made, force=force, key="--output")
    for folder, files in made:
        for name in files:
            _echo_path(folder / name)
    _what_to_print(made)


def _what_to_print(kits) -> None:
    """After the paths, which file to print: for a person at a terminal (a script reading the paths, one a
    line, gets the paths only)."""
    from .inputs import escape

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
    game: str = typer.Argument(..., help="Game id", autocompletion=_game_ids),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="PDF file (default output/rules-GAME.pdf; "
                                          "- for stdout)"),
    paper: str = typer.Option("letter", "--paper", help="letter or a4"),
    force: bool = typer.Option(False, "--force", "-f", help=FORCE),
) -> None:
    """Write the rule sheet alone, as a PDF."""
    from . import kit, rulesheet
    from .output import targets
    from .sheet import paper as make_paper
    from .writers import pdf

    g = _game(game)
    p = make_paper(_paper(paper) or "letter")
    path = output or Path("output") / f"rules-{g.id}.pdf"
    if str(path) != "-":
        targets.check_file(path, force=force, key="--output")
    pages = rulesheet.pages(g, p)
    kit.number(pages, p, f"{g.title} rules")
    _write_one(pdf.render(pages, f"{g.title}: rules"), path, path, force, typed=False)


@app.command()
def template(
    config: str = typer.Argument(..., help="The config the kit was made from"),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Where to write (default CONFIG-results.yaml; - for stdout)"),
    force: bool = typer.Option(False, "--force", "-f", help=FORCE),
) -> None:
    """Write a blank results file for that config, ready to fill in after play."""
    game, cfg = _load(config)
    _write_one(game.template(cfg).encode("utf-8"), output, Path(f"{Path(config).stem}-results.yaml"), force,
               typed=True)


@app.command()
def score(
    results: str = typer.Argument(..., help="Results file (see `printkit template`)"),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object"),
    picture: Optional[Path] = typer.Option(None, "--picture", help="Also draw the sheets as entered (.svg or .pdf)"),
    force: bool = typer.Option(False, "--force", "-f", help=FORCE),
) -> None:
    """Check the results against every rule and compute the scores.

    Exit code 0: valid; 1: a rule is broken (scores still printed); 2: unusable file."""
    from .inputs import InputError

    if picture is not None and picture.suffix.lower() not in (".svg", ".pdf"):
        raise InputError(str(picture), "the picture must be a .svg or .pdf file", key="--picture")
    game, res, is_config = _load_results(results)
    if picture is not None:
        from .output import targets

        targets.check_file(picture, force=force, key="--picture")
    report = game.score(res)
    if is_config:
        report.notes.append(f"{results} is a config, not a results file: printkit template {results} writes "
                            "the results file to fill in after play")
    if picture is not None:
        from . import kit
        from .sheet import paper

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
    from .inputs import escape

    return escape(str(path))


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
    for param in cmd.params:
        _finite(param)
    code = cmd.main(args=args, prog_name=f"printkit {kind} {game_id}", standalone_mode=False)
    if isinstance(code, int) and code:  # typer.Exit(N) inside the game's command
        raise typer.Exit(code)


def _finite(param) -> None:
    """A number option of a game's command takes finite numbers only: inf and nan are no time limit."""
    import math

    if getattr(param.type, "name", "") not in ("float", "float range"):
        return
    before = param.callback

    def check(ctx, prm, value):
        values = value if isinstance(value, (list, tuple)) else [value]
        for v in values:
            if isinstance(v, float) and not math.isfinite(v):
                from .limits import bad_option

                raise bad_option(prm, f"{v} is not a finite number")
        return before(ctx, prm, value) if before else value

    param.callback = check


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
    """``printkit``: every command ends cleanly.  Exit 0 or 1 as the command says; 2 with one line
    ``printkit: file:line: key: message`` for unusable input, a bad option or a file that cannot be
    written; 130 with ``printkit: interrupted`` on Ctrl-C (nothing half written); never a traceback
    for what a user can do.  A bug in printkit shows its traceback and exits 70, never 1."""
    from .output import files, signals

    restore = signals.catch_signals()
    stdout = sys.stdout
    sys.stdout = files.GuardedStream(stdout)
    message, code = None, 0
    try:
        rv = typer.main.get_command(app).main(args=sys.argv[1:], prog_name="printkit", standalone_mode=False)
        code = rv if isinstance(rv, int) else 0
        sys.stdout.flush()
        if signals.stopped() is not None and code == 130:  # typer turns KeyboardInterrupt into 130
            message, code = signals.stop_message(signals.stopped())
        # (a command that caught the interrupt itself and ended, as `enter` saves and exits 0, keeps its code)
    except BaseException as e:  # noqa: BLE001 - sorted below
        message, code = _ending(e)
        if message is None and code is None:  # a bug: its traceback, and not exit 1, which means "rule broken"
            import traceback

            traceback.print_exc()
            message, code = f"printkit: internal error ({type(e).__name__}); please report it with the lines above", 70
    finally:
        sys.stdout = stdout
        restore()
    if message is not None:
        try:
            sys.stderr.write(message + "\n")
            sys.stderr.flush()
        except OSError:
            pass
    sys.exit(code)


def _ending(e: BaseException) -> tuple[Optional[str], Optional[int]]:
    """(one line or None, exit code) for an exception that ended a command; (None, None): a bug."""
    import errno

    from typer._click import exceptions as click_errors

    from .output import errors, files, signals
    from .inputs import InputError, escape

    if signals.stopped() is not None:  # whatever the signal broke on its way (reportlab turns it into a RuntimeError)
        return signals.stop_message(signals.stopped())
    if isinstance(e, KeyboardInterrupt):
        return signals.stop_message(2)
    if isinstance(e, files.StdoutError):
        if e.errno == errno.EPIPE:  # the reader stopped (printkit ... | head): nothing to say
            _silence_stdout()
            return None, 141
        _silence_stdout()
        return f"printkit: {errors.OutputError('standard output', errors.os_message(e.error, '-'))}", 2
    if isinstance(e, InputError):
        return f"printkit: {e}", 2
    if isinstance(e, SystemExit):
        return None, e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    if isinstance(e, click_errors.NoArgsIsHelpError):
        return e.format_message().rstrip("\n"), 2
    if isinstance(e, click_errors.UsageError):
        return f"printkit: {InputError('command line', *_usage(e))}", 2
    if isinstance(e, click_errors.ClickException):
        return f"printkit: {escape(e.format_message())}", 2
    if isinstance(e, typer.Exit):
        return None, e.exit_code
    if isinstance(e, typer.Abort):
        return signals.stop_message(2)
    if isinstance(e, OSError):  # a write no command expected (a game's own file): still one line
        where = e.filename if e.filename is not None else "printkit"
        return f"printkit: {errors.OutputError(os.fsdecode(where), errors.os_message(e, where))}", 2
    return None, None


def _usage(e) -> tuple[str, Optional[int], Optional[str]]:
    """(message, line, key) of a usage error: the option or argument named, click's words kept short."""
    from typer._click import exceptions as click_errors

    key = None
    message = e.message or e.format_message()
    if isinstance(e, click_errors.NoSuchOption):
        key = e.option_name
        close = sorted(e.possibilities or ())
        message = "no such option" + (f" (did you mean {' or '.join(close)}?)" if close else "")
    elif isinstance(e, click_errors.BadOptionUsage):
        key = e.option_name
    elif isinstance(e, click_errors.BadParameter):
        param = e.param
        if param is not None:
            key = (param.opts[0] if getattr(param, "param_type_name", "") == "option" and param.opts
                   else (param.human_readable_name or "").upper())
        if isinstance(e, click_errors.MissingParameter):
            message = "missing" + (f" ({e.message})" if e.message else "")
    return message, None, key


def _silence_stdout() -> None:
    """Standard output cannot be written: point it at /dev/null so the last flush at exit is quiet."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.__stdout__.fileno())
        os.close(null)
    except (OSError, AttributeError, ValueError):
        pass

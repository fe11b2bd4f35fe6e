"""``printkit simulate GAME ...`` and ``printkit solve GAME ...``: each game's own command, with its own
options, run under the game's id."""

from __future__ import annotations

import typer

from .app import EXTRA, app, game_ids, game_named


def _game_commands_help(kind: str, does: str) -> None:
    """``printkit solve --help``: the games that have the command, and how to see each one's options."""
    from .. import registry

    typer.echo(f"Usage: printkit {kind} GAME [OPTIONS]\n\n{does}\n\nGames with a {kind} command:")
    for g in registry.all_games():
        fn = g.command(kind)
        if fn is not None:
            first = (fn.__doc__ or "").strip().splitlines()
            typer.echo(f"  {g.id:<14} {first[0] if first else g.title}")
            typer.echo(f"  {'':<14} options: printkit {kind} {g.id} --help")
    raise typer.Exit(0)


def _run_game_command(kind: str, game_id: str, args: list[str]) -> None:
    if game_id in ("--help", "-h"):
        _game_commands_help(kind, {"solve": "Solve a position or review a played game.",
                                   "simulate": "Play many games between strategies or bots and report the results."}[kind])
    g = game_named(game_id)
    fn = g.command(kind)
    if fn is None:
        from .. import registry
        from ..inputs import InputError

        have = [x.id for x in registry.all_games() if kind in x.commands]
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
                from ..limits import bad_option

                raise bad_option(prm, f"{v} is not a finite number")
        return before(ctx, prm, value) if before else value

    param.callback = check


@app.command(context_settings=EXTRA)
def simulate(ctx: typer.Context, game: str = typer.Argument(..., help="Game id; options follow (GAME --help)",
                                                            autocompletion=game_ids)) -> None:
    """Play many games between strategies or bots and report the results (knives, ikes)."""
    _run_game_command("simulate", game, ctx.args)


@app.command(context_settings=EXTRA)
def solve(ctx: typer.Context, game: str = typer.Argument(..., help="Game id; options follow (GAME --help)",
                                                         autocompletion=game_ids)) -> None:
    """Solve a position or review a played game (add-residue, curve)."""
    _run_game_command("solve", game, ctx.args)



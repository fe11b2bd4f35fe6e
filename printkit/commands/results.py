"""The commands that read what was played: ``score``, ``enter`` and ``schema``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from ..limits import FORCE_HELP as FORCE  # the one overwrite rule, said by every --force
from .kits import game_ids
from .read import game_named, load_results


def score(
    results: str = typer.Argument(..., help="Results file (see `printkit template`)"),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object"),
    picture: Optional[Path] = typer.Option(None, "--picture", help="Also draw the sheets as entered (.svg or .pdf)"),
    force: bool = typer.Option(False, "--force", "-f", help=FORCE),
) -> None:
    """Check the results against every rule and compute the scores.

    Exit code 0: valid; 1: a rule is broken (scores still printed); 2: unusable file."""
    from ..inputs import InputError

    if picture is not None and picture.suffix.lower() not in (".svg", ".pdf"):
        raise InputError(str(picture), "the picture must be a .svg or .pdf file", key="--picture")
    game, res, is_config = load_results(results)
    if picture is not None:
        from .. import output as out

        out.check_file(picture, force=force, key="--picture")
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

    from ..inputs import InputError

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
    from .. import enter as entering

    try:
        entering.run(file, port, host.strip("[]"), not no_browser, echo=lambda *a, **k: typer.echo(*a, err="file" in k))
    except OSError as e:
        raise InputError("command line", f"cannot serve on {host}:{port}: {e.strerror}", key="--port") from None


def schema(
    game: Optional[str] = typer.Argument(None, help="Game id (none: every game)", autocompletion=game_ids),
    results: bool = typer.Option(False, "--results", help="The results file's schema instead of the config's"),
) -> None:
    """Print the JSON Schema of the config (or results) files, for editor validation."""
    import msgspec

    from .. import registry

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
        out = one(game_named(game))
    else:
        out = {"title": f"printkit {kind}", "oneOf": [one(g) for g in registry.all_games()]}
    if defs:
        out["$defs"] = defs
    out["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    typer.echo(json.dumps(out, indent=2))

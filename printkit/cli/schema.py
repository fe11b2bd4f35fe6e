"""``printkit schema``: the JSON Schema of the config and results files, for editor validation."""

from __future__ import annotations

import json
from typing import Optional

import typer

from .app import app, game_ids, game_named


@app.command()
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



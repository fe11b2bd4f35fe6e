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
    if not isinstance(doc.data, dict) or not ({"copies", "also"} & set(doc.data)):
        return None  # one game: no evening (and a results file never holds these keys)
    game = registry.get(registry.game_of(doc))
    try:
        validation.validate(game.Config, doc)  # a results file (its record keys) never reads as a config
    except inputs.InputError:
        return None  # a results file, or not a config: the single-game path reads it or says what is wrong
    night = evening.load(path, read=False)
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
            files.replace_file(play.results, play.template(night.title).encode("utf-8"), no_clobber=True)
        except FileExistsError:
            typer.echo(f"kept {shown} ({play.label}: it exists and is never replaced)")
            continue
        except OSError as e:
            raise error(e, play.results, None) from None  # (beside the config: no option chose it)
        typer.echo(shown)


def score(night, as_json: bool, picture: Optional[Path], force: bool) -> int:
    """Each game's result and the evening's standings; the exit code (``Evening.exit_code``)."""
    from ..inputs import escape

    night.read()
    if picture is not None:
        from .. import kit
        from ..output import targets

        targets.check_file(picture, force=force, key="--picture")
        pages = standings_picture(night)
        kit.write_picture(pages, picture, f"{night.title}: standings", force=force)
    if as_json:
        typer.echo(json.dumps(night.to_json(), indent=2, ensure_ascii=False))
    else:
        typer.echo(text(night))
        if picture is not None:
            typer.echo(f"Picture: {escape(str(picture))}")
    return night.exit_code()


def text(night) -> str:
    """What ``printkit score`` prints for an evening: each game as ``score`` prints it alone, then the
    standings and the winner of the night."""
    from ..evening import ALONE
    from ..inputs import escape

    lines = [f"{escape(night.title)}: {len(night.plays)} games", ""]
    for i, play in enumerate(night.plays, 1):
        lines.append(f"Game {i}. {escape(play.label)} ({escape(play.results.name)}): {play.state}")
        lines += [f"  Note: {escape(said)}" for said in night.remarks(play)]
        if play.state == "unreadable":
            lines.append(f"  {escape(play.problem or '')}")
        elif play.state != "not started" and play.report is not None:
            said = play.report.text().splitlines()
            if play.why_not == ALONE:  # its score stands; the note above says nobody won it
                said = [line for line in said if not line.startswith(("Winner: ", "Winners: "))]
            lines += ["  " + line for line in said]
            if play.state == "in progress":
                lines.append("  Not finished yet: not counted in the standings")
        lines.append("")
    for gone in night.left_over():
        lines += [f"Not read: {escape(gone.name)}: no game of {escape(night.config.name)} is played in it now (its "
                  "copies or its also entries changed since the file was made); not counted", ""]
    counted = night.counted()
    lines.append(f"Standings ({len(counted)} of {len(night.plays)} games counted; a tie is shared):")
    rows = night.standings()
    width = max(len(r["name"]) for r in rows + [{"name": "Player"}])
    lines.append(f"  {'Player':<{width}}  {'Won':>6}  Played")
    lines += [f"  {escape(r['name']):<{width}}  {r['won_text']:>6}  {r['played']:>6}" for r in rows]
    left = [f"game {i} ({p.why_not})" for i, p in enumerate(night.plays, 1) if not p.counts]
    if left:
        lines.append("Not counted: " + ", ".join(left))
    win = night.winners()
    lines.append(("Winner of the evening: " if len(win) <= 1 else "Winners of the evening: ")
                 + (", ".join(escape(w) for w in win) if win else "none yet"))
    return "\n".join(lines)


def standings_picture(night) -> list:
    """The standings sheet filled in from the evening's results (``standings.pages``)."""
    from .. import kit, standings
    from ..sheet import paper

    first = night.plays[0].config
    p = paper(first.paper)
    cells = {}
    for g, game in enumerate(night.to_json()["games"]):
        win = game["winners"]
        for w in win:
            cells[w, g] = "1" if len(win) == 1 else f"1/{len(win)}"
    filled = {"cells": cells, "totals": {r["name"]: r["won_text"] for r in night.standings()},
              "winners": night.winners(), "states": [pl.why_not for pl in night.plays]}
    pages = standings.pages(p, night.title, [pl.label for pl in night.plays], night.players, filled,
                            who=[night.names_in(pl) for pl in night.plays])
    kit.number(pages, p, f"{night.title}: standings")
    return pages

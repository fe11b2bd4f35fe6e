"""The results file behind the entry page: opened or started, checked, drawn and written back.

The page sends the results document as JSON (the same keys and values as the YAML file); everything
here answers from the game's own scorer, so the page and ``printkit score`` never disagree.
"""

from __future__ import annotations

import hashlib
import math
from collections import OrderedDict
from pathlib import Path
from typing import Any


from .. import inputs, registry, validation
from ..evening import is_results  # noqa: F401  (a results file or a config: also document.is_results)
from ..inputs import Document, InputError


def version_of(path: Path) -> str | None:
    """A fingerprint of the file on disk (None if there is none): a save checks nothing changed it."""
    try:
        return version_of_bytes(path.read_bytes())
    except FileNotFoundError:
        return None


def version_of_bytes(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()[:32]


def plain(doc: Document) -> dict:
    """The document's data, if every value in it is one JSON has (text, a number, true or false, a list, a
    mapping): a date, a set, binary or an endless number (``2026-11-27``, ``!!set``, ``!!binary``, ``.inf``) is
    refused in one line naming its key (InputError): the page could not be sent it, and the scorer does not
    read it."""
    def walk(v: Any, loc: tuple) -> None:
        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, loc + (k,))
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(x, loc + (i,))
        elif isinstance(v, float) and not math.isfinite(v):
            raise doc.error(loc, f"{v} is not a number printkit reads (write it in quotes if it is text)")
        elif v is not None and not isinstance(v, (str, int, float)):
            kind = {"date": "a date", "datetime": "a date and time", "bytes": "binary data", "set": "a set"}.get(
                type(v).__name__, f"a {type(v).__name__}")
            raise doc.error(loc, f"{kind}, which printkit does not read: write it in quotes if it is text")
    walk(doc.data, ())
    return doc.data


def open_file(path: str) -> tuple[Any, Path, dict]:
    """(game, results path, results document) for ``printkit enter FILE``.

    FILE is a results file, or a config: then the results file is the one ``printkit template`` names,
    written blank if it is not there yet.  Unusable input raises InputError (exit 2)."""
    doc = inputs.load(path)
    plain(doc)
    game = _game_of(doc)
    if is_results(game, doc.data):  # a results file: its set-up must read, its record may still be broken
        _setup(game, doc)
        return game, Path(path), doc.data
    setup = validation.validate(game.Config, doc)  # a config, read whole: a misspelt key is refused here
    results = Path(f"{Path(path).stem}-results.yaml")
    if not results.exists():
        from ..output import files

        files.write_file(results, game.template(setup).encode("utf-8"), typed=True, key="FILE")
    rdoc = inputs.load(results)
    plain(rdoc)
    if _game_of(rdoc) is not game:
        raise InputError(str(results), f"is a results file for another game, not {game.id}", key="game")
    _setup(game, rdoc)
    return game, results, rdoc.data


def _game_of(doc: Document):
    game_id = doc.data.get("game")
    if not isinstance(game_id, str) or game_id not in registry.GAMES:
        known = ", ".join(registry.GAMES)
        if game_id is None:
            raise doc.error((), "missing key 'game' (which game this file is for)")
        raise doc.error(("game",), f"unknown game '{inputs.one_line(game_id, 40)}'"
                                   f"{inputs.suggest(str(game_id), registry.GAMES)}; known: {known}")
    return registry.get(game_id)


def _setup(game, doc: Document):
    """The config part of a results file, checked: the page can show a record that does not read yet,
    but not a game whose players or sizes are unknown."""
    keys = game.shared_keys()
    return validation.validate(game.Config, doc, {k: v for k, v in doc.data.items() if k in keys})


def setup_of(game, data: dict):
    """The config part of a document, checked (raises InputError)."""
    return _setup(game, Document("results", data, {}))


def check_setup(game, data: Any) -> None:
    """A document for this page's game whose config part reads (InputError if not)."""
    if not isinstance(data, dict):
        raise InputError("results", "expected a results document (a JSON object)")
    if data.get("game") != game.id:
        raise InputError("results", f"this page enters {game.id}", key="game")
    setup_of(game, data)


def read(game, data: Any):
    """The checked results model of a JSON document; InputError (the CLI's message) if it is unusable."""
    check_setup(game, data)
    return validation.validate(game.Results, Document("results", data, {}))


def error_text(e: InputError) -> str:
    """The CLI's message without the file name: ``key: message``."""
    return f"{e.key}: {inputs.one_line(e.message)}" if e.key else inputs.one_line(e.message)


def check(game, data: Any) -> dict:
    """The ``score --json`` object for a document, plus ``marks``: the data-refs of what to mark."""
    from .progress import as_entered, parts_waiting

    res = read(game, data)
    report = game.score(res)
    out = report.to_json()
    entering, waiting = as_entered(data, report)  # parts not entered yet: "still to enter", not red
    out["marks"] = list(dict.fromkeys(game.marks(res, entering)))
    out["places"] = [list(v.refs) for v in report.violations]  # where each mistake is, for a tap to go to
    out["waiting"] = {"violations": waiting, "disqualified": sorted(report.disqualified - entering.disqualified),
                      "winners": entering.winners, "parts": [name for _, name in parts_waiting(data, report)],
                      # the places of those, marked too once Check is pressed
                      "marks": [m for m in dict.fromkeys(game.marks(res, report)) if m not in out["marks"]] if waiting else []}
    return out


def board(game, data: Any) -> dict:
    """The sheets as SVG, drawn from the same model as the print, with the play and the places to point
    at, and what the page's input needs to know beside them."""
    from ..sheet import paper

    unread: list[dict] = []
    try:
        res = read(game, data)
    except InputError:  # the parts that read, drawn; each part that does not, named on its sheet
        from .salvage import salvage

        check_setup(game, data)
        res, unread = salvage(game, data, setup_of(game, data))
        for part in unread:
            part["ref"] = game.ref_of(res, tuple(part["path"]))
    from .progress import as_entered

    report, _ = as_entered(data, game.score(res))  # a part not entered yet is not drawn as wrong
    return {"sheets": [_svg(page) for page in game.board(res, report, paper(res.paper))],
            "info": game.board_info(res, report), "unread": unread}


_DRAWN: OrderedDict[bytes, str] = OrderedDict()  # sheets drawn lately: most changes redraw one sheet of many


def _svg(page) -> str:
    """The page as SVG, drawn again only when something on it changed."""
    import msgspec

    from ..writers import svg

    key = msgspec.msgpack.encode(page)
    if key in _DRAWN:
        _DRAWN.move_to_end(key)
        return _DRAWN[key]
    out = _DRAWN[key] = svg.render(page).decode("utf-8")
    if len(_DRAWN) > 200:
        _DRAWN.popitem(last=False)
    return out

"""A results document that does not read, drawn all the same.

``printkit score`` refuses such a file in one line (exit 2), and the page shows that line; but the page also
shows every sheet it can.  Each part that does not read (a grid with a row too few, a line that is no move)
is set aside, here only, for the drawing: a grid or a sheet goes back to what a blank results file holds
there, a line of a log is left out; then the rest is read, scored and drawn, and each part set aside is
named on the sheet it belongs to (``PagePart.ref_of``) and under its text box.  The document itself is
never changed: the player mends the part in its text box, or on paper and again on the page.
"""

from __future__ import annotations

import copy
from typing import Any

import yaml

from .. import validation
from ..inputs import Document, InputError, key_name

TRIES = 40  # parts set aside at the most before the document is given up as unreadable


def salvage(game, data: dict, setup: Any) -> tuple[Any, list[dict]]:
    """(the results model of what reads, the parts set aside as {key, message, path}), for a document whose
    set-up (players, sizes) reads as ``setup``; InputError when too many parts do not read."""
    blank = yaml.safe_load(game.template(setup))
    doc = copy.deepcopy(data)
    unread: list[dict] = []
    tried: set[tuple] = set()
    for _ in range(TRIES):
        try:
            return validation.validate(game.Results, Document("results", doc, {})), unread
        except InputError as e:
            path = _part(doc, e.loc)
            if not path or (path, "whole") in tried:
                raise
            how = "fill" if (path, "fill") not in tried and _fillable(doc, blank, path) else "whole"
            tried.add((path, how))
            if not any(u["path"] == list(path) for u in unread):
                unread.append({"key": key_name(path), "message": e.message, "path": list(path)})
            _set_aside(doc, blank, path, how)
    raise InputError("results", "too many parts do not read to draw the sheets")


def _part(doc: Any, loc: tuple) -> tuple:
    """The longest start of ``loc`` that names a part the document holds."""
    at, out = doc, []
    for step in loc:
        if isinstance(at, dict) and step in at or isinstance(at, list) and isinstance(step, int) and 0 <= step < len(at):
            at = at[step]
            out.append(step)
        else:
            break
    return tuple(out)


def _at(doc: Any, path: tuple) -> Any:
    for step in path:
        try:
            doc = doc[step]
        except (KeyError, IndexError, TypeError):
            return None
    return doc


def _fillable(doc: Any, blank: Any, path: tuple) -> bool:
    """A mapping the blank file also holds: first only what it lacks is filled in from the blank."""
    return isinstance(_at(doc, path), dict) and isinstance(_at(blank, path), dict)


def _set_aside(doc: Any, blank: Any, path: tuple, how: str) -> None:
    parent, last = _at(doc, path[:-1]), path[-1]
    if how == "fill":
        for k, v in _at(blank, path).items():
            _at(doc, path).setdefault(k, copy.deepcopy(v))
        return
    model = _at(blank, path)
    if isinstance(parent, list):
        del parent[last]  # a line of a log, a segment of a round: left out
    elif model is not None or len(path) == 1:
        parent[last] = copy.deepcopy(model)  # a grid, a sheet: as a blank file has it
    else:
        del parent[last]

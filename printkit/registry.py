"""Every game printkit knows: one line per game, id -> module (which ends with ``GAME = ...``)."""

from __future__ import annotations

import importlib

from .inputs import Document, one_line, suggest

GAMES = {
    "knives": "printkit.games.knives",
    "curve": "printkit.games.curve",
    "ikes": "printkit.games.ikes",
    "add-residue": "printkit.games.add_residue",
    "intersections": "printkit.games.intersections",
}


def get(game_id: str):
    """The game object for ``game_id``; ``KeyError`` with a suggestion if unknown."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game '{game_id}'{suggest(game_id, GAMES)}; known: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game_id]).GAME


def all_games():
    return [get(g) for g in GAMES]


def game_of(doc: Document, expected: str | None = None) -> str:
    """The file's ``game:``, checked: a known game id (and ``expected``, for a command that reads one game's
    files only).  Whatever the key holds (a list, a number, control characters), a one-line InputError."""
    game_id = doc.data.get("game")
    known = ", ".join(GAMES)
    if game_id is None:
        raise doc.error((), f"missing key 'game' (which game this file is for{f': {expected}' if expected else ''})")
    if not isinstance(game_id, str):
        raise doc.error(("game",), f"expected a game id, one of: {known}")
    if game_id not in GAMES:
        raise doc.error(("game",), f"unknown game '{one_line(game_id, 40)}'{suggest(game_id, GAMES)}; "
                                   f"known: {known}")
    if expected is not None and game_id != expected:
        raise doc.error(("game",), f"a {game_id} file; this command reads {expected} files")
    return game_id

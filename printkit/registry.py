"""Every game printkit knows: one line per game, id -> module (which ends with ``GAME = ...``)."""

from __future__ import annotations

import importlib

from .inputs import suggest

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

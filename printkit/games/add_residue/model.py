"""Add/Residue's models: what a config and a results file hold, each key checked.

The game's parts import their types from here; this module imports only the record's syntax.
"""

from __future__ import annotations

from typing import Annotated, Any

from msgspec import Meta

from ...model import GameConfig
from ...validation import each
from .record import played

ID = "add-residue"
TITLE = "Add/Residue"


class Common(GameConfig, kw_only=True):
    n: Annotated[int, Meta(ge=1, le=52, description="Each pile holds the numbers 1 to n (1 to 52)")] = 13


class Config(Common, kw_only=True):
    pass


class Results(Common, kw_only=True):
    moves: Annotated[list[Any], Meta(  # empty (null) in a fresh template
        max_length=2 * 52 * 8 + 8,
        description="The move log in play order: 'player add|mod number', optionally '= m', e.g. 'Ann mod 4 = 2'"
    )] | None = []

    def __post_init__(self) -> None:
        super().__post_init__()
        self.moves = each(self.moves or [], lambda v: played(v, self.players, self.n), "moves")

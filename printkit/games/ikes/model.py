"""The Long Way's models: what a config and a results file hold, each key checked.

The game's parts import their types from here; this module imports only the record's syntax.
"""

from __future__ import annotations

from typing import Annotated, ClassVar

from msgspec import Meta

from ...model import GameConfig, by_player
from ...validation import FieldProblem
from .record import Sheet

ID = "ikes"
TITLE = "The Long Way"


class Common(GameConfig, kw_only=True):
    MIN_PLAYERS: ClassVar[int] = 1


class Config(Common, kw_only=True):
    pass


class Results(Common, kw_only=True):
    sheets: Annotated[dict[str, Sheet], Meta(description="Each player's final sheet")] = {}

    def __post_init__(self) -> None:
        super().__post_init__()
        self.sheets = by_player(self.sheets, self.players, "sheets", "the sheet")
        missing = [p for p in self.players if p not in self.sheets]
        if missing:
            raise FieldProblem("sheets", f"no sheet for {', '.join(missing)}")

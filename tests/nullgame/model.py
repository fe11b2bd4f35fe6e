"""The null game's models: a config with one size (``rows``), and results holding the tally."""

from __future__ import annotations

from typing import Annotated, Any

from msgspec import Meta

from printkit.model import GameConfig, player_named
from printkit.validation import checked, each

from .record import parse_line

ID = "nullgame"
TITLE = "The Null Game"


class Config(GameConfig, kw_only=True):
    rows: Annotated[int, Meta(ge=1, le=16, description="Rows of the tally sheet (1 to 16)")] = 6


class Results(Config, kw_only=True):
    tally: Annotated[list[Any], Meta(max_length=100, description="One line per turn: 'Ann 3'")] | None = []

    def __post_init__(self) -> None:
        super().__post_init__()
        lines = each(self.tally or [], parse_line, "tally")
        self.tally = [f"{checked(('tally', i), player_named, who, self.players)} {digit}"
                      for i, (who, digit) in enumerate(lines)]

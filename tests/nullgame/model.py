"""The null game's files: a config with one key of its own (``n``), a results file with a one-line record
(``Ann 7``: the player and the number written), and the blank record of a results file."""

from __future__ import annotations

import re
from typing import Annotated, Any

from msgspec import Meta

from printkit.game import yaml_key
from printkit.model import GameConfig, player_named, record_line
from printkit.validation import FieldProblem, checked, each

ID = "nullgame"
TITLE = "The Null Game"
LINE = re.compile(r"^\s*(?P<who>\S.*?)\s+(?P<number>-?\d{1,4})\s*$")


class Common(GameConfig, kw_only=True):
    n: Annotated[int, Meta(ge=1, le=99, description="The highest number a player may write (1 to 99)")] = 9


class Config(Common, kw_only=True):
    pass


class Results(Common, kw_only=True):
    numbers: Annotated[list[Any], Meta(max_length=8, description="One line per player: the name and the number "
                                                                 "written, e.g. 'Ann 7'")] | None = []

    def __post_init__(self) -> None:
        super().__post_init__()
        lines = each(self.numbers or [], lambda v: record_line(v, "a number written", "Ann 7"), "numbers")
        read = [checked(("numbers", i), number_line, text, self.players) for i, text in enumerate(lines)]
        for i, (who, _) in enumerate(read):
            if [w for w, _ in read[:i]].count(who):
                raise FieldProblem(("numbers", i), f"{who} has a number already: each player writes one")
        self.numbers = [f"{who} {number}" for who, number in read]


def number_line(text: str, players: tuple[str, ...]) -> tuple[str, int]:
    """``Ann 7`` -> ('Ann', 7): a listed player (any case) and a whole number; ValueError otherwise."""
    m = LINE.match(text)
    if not m:
        raise ValueError(f"'{text}' is not a player and a number; write e.g. 'Ann 7'")
    return player_named(m.group("who"), players), int(m.group("number"))


def record_template(cfg: Config) -> str:
    lines = [f"# One line per player: the name and the number written (1 to {cfg.n}), e.g.",
             f"#   - {yaml_key(cfg.names[0])} 7", "numbers:"]
    return "\n".join(lines) + "\n"

"""Selling Knives Door-to-Door's models: what a config and a results file hold, each key checked.

The game's parts import their types from here; this module imports only the record's syntax.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from msgspec import Meta

from ...inputs import one_line
from ...model import GameConfig, player_named
from ...validation import FieldProblem, checked, each
from .record import Turn, parse_turn, turn_text

ID = "knives"
TITLE = "Selling Knives Door-to-Door"


KCOUNT = Annotated[Any, Meta(
    description="Distribution centres: 'draw' (drawn at the table, 8 to 14: the kit holds a map and claim card "
                "for every count; a results file records the count drawn) or a number (3 to 30; the card rule "
                "gives 8 to 14)",
    extra_json_schema={"anyOf": [{"type": "integer", "minimum": 3, "maximum": 30}, {"enum": ["draw"]}]})]


def _kcount(v: Any) -> int | str:
    if v is None or (isinstance(v, str) and v.strip().lower() == "draw"):
        return "draw"
    if isinstance(v, str) and v.strip().isdigit():
        v = int(v.strip())
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"'{one_line(v, 20)}' is not a number of centres; write a number from 3 to 30 (the card "
                         "rule gives 8 to 14) or 'draw'")
    if not 3 <= v <= 30:
        raise ValueError(f"{v} is out of range: must be 3 to 30 (the card rule gives 8 to 14)")
    return v


class Common(GameConfig, kw_only=True):
    NAME_WORDS: ClassVar[frozenset[str]] = frozenset({"draws", "claims", "with", "passes"})  # the turn lines' words
    kcount: KCOUNT = "draw"

    def __post_init__(self) -> None:
        super().__post_init__()
        self.kcount = checked("kcount", _kcount, self.kcount)


class Config(Common, kw_only=True):
    turn_log: Annotated[bool, Meta(description="Print the turn log, sized for the game (false: leave it out; "
                                               "the road checklist is then the only record of play)")] = True


class Results(Common, kw_only=True):
    turns: Annotated[list[Any], Meta(
        max_length=20_000,
        description="One line per turn in play order: 'Ann draws Q' (optional: give all or none), "
                    "'Ann claims 1-2 3-4 with A 10', 'Ann passes'")] | None = []

    def __post_init__(self) -> None:
        super().__post_init__()
        fixed = []
        for i, text in enumerate(each(self.turns or [], turn_text, "turns")):
            t = parse_turn(text)
            name = checked(("turns", i), player_named, t.who, self.players)
            fixed.append(str(Turn(name, t.verb, t.roads, t.cards)))
        self.turns = fixed
        if self.kcount == "draw" and self.turns:
            raise FieldProblem("kcount", "write the kcount drawn at the table: the value of the first card above 7 "
                                         "(8 9 10, J 11, Q 12, K 13, A 14), e.g. kcount: 12")

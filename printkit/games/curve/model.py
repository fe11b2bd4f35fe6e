"""Within The Curve's models: what a config and a results file hold, each key checked.  ``CurvesOnly`` is a
results file read for its curves alone and ``CurveFile`` a file holding one curve (``printkit solve curve``
reads them without the rest of the game).

The game's parts import their types from here; this module imports only the record's syntax and the
route reader.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from msgspec import Meta

from ...model import GameConfig, Model, by_player
from ...validation import FieldProblem, checked
from .record import parse_grid
from .route import Ambiguous, route_from_hashes

ID = "curve"
TITLE = "Within The Curve"


class Config(GameConfig, kw_only=True):
    MIN_PLAYERS: ClassVar[int] = 1
    n: Annotated[int, Meta(ge=4, le=30, description="Squares per side of each grid (4 to 30; at least 12 suggested)")
                 ] = 12


def curve_grid(v: Any, n: int) -> list[list]:
    """A curve as written ('#' marks or route numbers), read into a grid; ValueError if unusable."""
    grid = parse_grid(v, n, allow_hash=True)
    if any(x == "#" for row in grid for x in row):
        try:
            route_from_hashes(grid, n)
        except Ambiguous as e:
            raise ValueError(str(e)) from None
    return grid


class CurvesOnly(Config, kw_only=True):
    """A results file read for its curves (``printkit solve curve`` reads no more): fills may be unfinished."""

    curves: Annotated[dict[Any, Any], Meta(
        description="Each owner's curve as drawn: '#' on its squares, or its route numbered 1..L "
                    "(needed where a square has three or more curve neighbours); '.' elsewhere")]
    fills: dict[Any, Any] = {}

    def __post_init__(self) -> None:
        super().__post_init__()
        keys = by_player({k: k for k in self.curves}, self.players, "curves", "the curve")  # name -> key as typed
        self.curves = {name: checked(("curves", str(k)), curve_grid, self.curves[k], self.n) for name, k in keys.items()}


class CurveFile(Model, kw_only=True):
    """A file holding one curve (``curve:``), for ``printkit solve curve``."""

    game: str
    title: str = ""
    n: Annotated[int, Meta(ge=4, le=30)] = 12
    curve: Any

    def __post_init__(self) -> None:
        self.curve = checked(("curve",), curve_grid, self.curve, self.n)


class Results(CurvesOnly, kw_only=True):
    """A whole results file: every player's curve and every player's fill of each curve."""

    fills: Annotated[dict[Any, dict[Any, Any]], Meta(
        description="fills[player][owner]: what the player wrote on the owner's curve ('.' for empty squares)")]

    def __post_init__(self) -> None:
        super().__post_init__()
        names, n = self.players, self.n
        fills = {}
        for name, k in by_player({k: k for k in self.fills}, names, "fills", "the fills").items():
            row = self.fills[k]
            owners = by_player({o: o for o in row}, names, ("fills", str(k)), f"{name}'s fill")
            fills[name] = {owner: checked(("fills", str(k), str(o)), parse_grid, row[o], n, False)
                           for owner, o in owners.items()}
        self.fills = fills
        for name in self.names:
            if name not in self.curves:
                raise FieldProblem("curves", f"no curve for {name}: every player draws one")
        for name in self.names:
            if name not in self.fills:
                raise FieldProblem("fills", f"no fills for {name}: every player fills every curve")
            for owner in self.names:
                if owner not in self.fills[name]:
                    raise FieldProblem("fills", f"{name} has no fill for {owner}'s curve "
                                                f"(fills: {name}: {owner}: ...)")

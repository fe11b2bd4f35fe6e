"""The play record of The Long Way, line by line: each typed line or token read into a plain value
and written back.

Spaces (``B3``), doorways (entrance and exit: ``D1 W``), walls (``B2 E``, ``B2 E*`` with a doorway
punched), the grid's marks (``.``, ``o``, 1-6, ``C1``/``C2``), turn lines (see below), a player's
sheet as a whole (``Sheet``, checked through these readers) and the blank record ``printkit template``
writes.

One line per turn (one round of the dice), in play order::

    15 B2 5@B3              roll light 1, dark 5; tile's A1 on B2; display 5 on B3
    12>14>15 B2 5@B3 +coins rerolled (one coin per '>'), then as above, bonus: 2 coins
    34 D4+E4+E5 4@E4 +door C3 S   tile written as its spaces; bonus: doorway in C3's south wall
    52 A1 2@A1 +wall B1 E   bonus: a wall on B1's east side
    cafe A6-A7              a cafeteria (the dice may be written first: 21 cafe A6-A7)
    stop                    stopped playing (no lines may follow)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Annotated, Any

from msgspec import Meta

from ...game import yaml_key
from ...model import Model, record_line
from ...validation import FieldProblem, RowProblem, checked, each
from .spaces import N, name, on_outer_wall, sid
from .tiles import SIDE_NAME

ROWS = "ABCDEFG"
MARKS = "'.' empty, 'o' tile space without display, 1-6 a display, C1/C2 the cafeterias"
DOOR = re.compile(r"^([A-Za-z]{1,2}\d{1,3})\s*([NESWnesw])$")
WALL = re.compile(r"^([A-Za-z]{1,2}\d{1,3})\s*([NESWnesw])\s*(\*?)$")

SP = r"[A-Za-z]{1,2}\d{1,3}"
TURN = re.compile(
    rf"^(?:(?P<roll>[1-6]{{2}}(?:\s*>\s*[1-6]{{2}})*)\s+)?"
    rf"(?:(?P<stop>stop)"
    rf"|(?:cafe|cafeteria)\s+(?P<c1>{SP})\s*-\s*(?P<c2>{SP})"
    rf"|(?P<at>{SP}(?:\s*\+\s*{SP})*)\s+(?P<disp>[1-6])\s*@\s*(?P<dsp>{SP})"
    rf"(?:\s+\+\s*(?:(?P<coins>coins)|(?P<bk>door|wall)\s+(?P<bs>{SP})\s*(?P<bside>[NESW])))?)$",
    re.IGNORECASE)
HELP = ("write a turn like '15 B2 5@B3' (dice light+dark, the tile's A1 space, display@space), "
        "optionally '+coins', '+door B2 E' or '+wall B2 E'; or 'cafe A6-A7'; or 'stop'")


def square_ref(player: str, s: int) -> str:
    """The entry page's data-ref of a space of ``player``'s store (SPEC 4): ``Ann:C3``."""
    return f"{player}:{name(s)}"


def edge_ref(player: str, s: int, side: str) -> str:
    """The data-ref of one side of a space (its wall, if it has one): ``Ann:C3 N``."""
    return f"{player}:{name(s)} {side}"


def turn_ref(player: str, i: int) -> str:
    """The data-ref of turn ``i`` (from 1) in the turn log the page draws under the store."""
    return f"turn:{player}:{i}"


def space(text: str) -> int:
    from ...coords import parse_coord

    p = parse_coord(text, 7, 7)
    if p is None:
        raise ValueError(f"{text.upper()} is not a space of the 7x7 grid (rows A-G, columns 1-7)")
    return sid(*p)


def _space(text: str) -> int:
    return space(text)


def _door(v: str) -> str:
    if not isinstance(v, str) or not DOOR.match(v.strip()):
        raise ValueError(f"'{v}' is not a doorway; write the edge space and the side of the outer wall, e.g. D1 W")
    m = DOOR.match(v.strip())
    s, side = _space(m.group(1)), m.group(2).upper()
    if not on_outer_wall(s, side):
        raise ValueError(f"{name(s)} {side}: the {SIDE_NAME[side]} side of {name(s)} is not on the store's outer wall")
    return f"{name(s)} {side}"


def _wall(v: str) -> str:
    v = record_line(v, "a wall", "B2 E") if isinstance(v, dict) else v
    if not isinstance(v, str) or not WALL.match(v.strip()):
        raise ValueError(f"'{v}' is not a wall; write the space and the side, e.g. B2 E, and * for a doorway: B2 E*")
    m = WALL.match(v.strip())
    return f"{name(_space(m.group(1)))} {m.group(2).upper()}{m.group(3)}"


def _mark(tok: str, row: str, col: int) -> str:
    t = tok.strip()
    if t in (".", "o", "O") or t in "123456" and len(t) == 1:
        return t.lower()
    if re.fullmatch(r"[Cc][1-9]", t):
        return t.upper()
    raise ValueError(f"{row}{col}: '{tok}' is not a mark; use {MARKS}")


def _grid(v) -> str:
    """The grid as 7 lines of 7 marks; a problem in one row is a RowProblem (given at that row's line)."""
    from ...inputs import Row

    at = (lambda r: r) if isinstance(v, list) else Row
    if isinstance(v, list):
        v = "\n".join(str(x) for x in v)
    if not isinstance(v, str):
        raise ValueError("write the grid as 7 lines of 7 marks (a '|' block)")
    rows = [ln.split() for ln in v.strip().splitlines() if ln.strip()]
    if len(rows) == 1 and len(rows[0]) > N and len(rows[0]) % N == 0:
        raise ValueError(f"the grid's {len(rows[0]) // N} rows are run together into one line: write '|' after "
                         "its key ('grid: |') so that each row stays on its own line")
    if len(rows) != N:
        raise ValueError(f"{len(rows)} rows; the grid has 7 rows, A to G, of 7 marks each")
    out = []
    for i, row in enumerate(rows):
        if len(row) != N:
            raise RowProblem(f"row {ROWS[i]} has {len(row)} marks; it needs 7 ({MARKS})", at(i))
        try:
            out.append(" ".join(_mark(t, ROWS[i], c + 1) for c, t in enumerate(row)))
        except ValueError as e:
            raise RowProblem(str(e), at(i)) from None
    return "\n".join(out)


@dataclass
class Turn:
    text: str
    rolls: list[tuple[int, int]]
    kind: str  # tile | cafe | stop
    spaces: list[int] = field(default_factory=list)  # tile: the A1 space, or every space written; cafe: both
    display: int = 0
    display_at: int = -1
    bonus: tuple = ()  # ('coins',) | ('door', space, side) | ('wall', space, side)

    @property
    def dice(self) -> tuple[int, int] | None:
        return self.rolls[-1] if self.rolls else None

    def refs(self, player: str, i: int) -> tuple[str, ...]:
        """The data-refs of what the line names: its row in the log, its spaces, its bonus wall."""
        out = [turn_ref(player, i)] + [square_ref(player, s) for s in [*self.spaces, self.display_at] if s >= 0]
        if len(self.bonus) == 3:
            out.append(edge_ref(player, self.bonus[1], self.bonus[2]))
        return tuple(dict.fromkeys(out))


def parse_turn(text: str) -> Turn:
    """The turn as typed; ValueError with a hint if it cannot be read."""
    t = " ".join(str(text).split())
    m = TURN.match(t)
    if not m:
        raise ValueError(f"'{t}' is not a turn; {HELP}")
    rolls = [(int(x[0]), int(x[1])) for x in re.findall(r"[1-6]{2}", m["roll"] or "")]
    if m["stop"]:
        return Turn(t, rolls, "stop")
    if m["c1"]:
        return Turn(t, rolls, "cafe", [space(m["c1"]), space(m["c2"])])
    if not rolls:
        raise ValueError(f"'{t}': a tile turn starts with the dice, light then dark, e.g. 35")
    spaces = [space(x) for x in m["at"].split("+")]
    bonus: tuple = ()
    if m["coins"]:
        bonus = ("coins",)
    elif m["bk"]:
        bonus = (m["bk"].lower(), space(m["bs"]), m["bside"].upper())
    return Turn(t, rolls, "tile", spaces, int(m["disp"]), space(m["dsp"]), bonus)


def normal_turn(text: str) -> str:
    if not isinstance(text, (str, dict)):
        raise ValueError(f"'{text}' is not a turn; {HELP}")
    return parse_turn(record_line(text, "a turn", "15 B2 5@B3")).text


def _turn(v) -> str:
    return normal_turn(v)


def turn_text(t: Turn) -> str:
    """A turn written back in the line format (used by the simulator's records)."""
    roll = ">".join(f"{a}{b}" for a, b in t.rolls)
    head = roll + " " if roll else ""
    if t.kind == "stop":
        return head + "stop"
    if t.kind == "cafe":
        return head + f"cafe {name(t.spaces[0])}-{name(t.spaces[1])}"
    out = head + f"{name(t.spaces[0])} {t.display}@{name(t.display_at)}"
    if t.bonus:
        out += " +coins" if t.bonus[0] == "coins" else f" +{t.bonus[0]} {name(t.bonus[1])} {t.bonus[2]}"
    return out


class Sheet(Model, kw_only=True):
    entrance: Annotated[str | None, Meta(description="Edge space and the outer side its doorway is on, e.g. D1 W "
                                                      "(empty until it is drawn)")] = None
    exit: Annotated[str | None, Meta(description="Edge space and outer side of the exit doorway, e.g. A7 N "
                                                  "(empty until it is drawn)")] = None
    grid: Annotated[Any, Meta(description="7 lines of 7 marks: . empty, o tile space, 1-6 display, C1/C2 cafeterias")]
    walls: Annotated[list[Any], Meta(description="Every wall: space and side, * for a doorway")] = []
    turns: Annotated[list[Any], Meta(description="Optional: the turns in order, replayed and checked")] | None = None

    def __post_init__(self) -> None:
        self.entrance = checked("entrance", _door, self.entrance) if self.entrance not in (None, "") else None
        self.exit = checked("exit", _door, self.exit) if self.exit not in (None, "") else None
        self.grid = checked("grid", _grid, self.grid)
        self.walls = each(self.walls, _wall, "walls")
        if self.turns is not None:
            self.turns = each(self.turns, _turn, "turns")
        seen: dict[str, str] = {}
        for w in self.walls:
            k = w.rstrip("*")
            if k in seen:
                raise FieldProblem("walls", f"{k} is listed twice ({seen[k]} and {w}); each space has one wall per side")
            seen[k] = w


def record_template(cfg: Any) -> str:
    """The sheets of a blank results file for ``cfg`` (the game's Config)."""
    lines = [
        "# Each player's final sheet. Spaces are written row letter + column number (B3).",
        "#   entrance / exit: the edge space and the outer side its doorway is on (N, E, S, W), e.g. D1 W",
        f"#   grid: 7 lines of 7 marks: {MARKS}",
        "#   walls: every wall as space + side, with * where a doorway is punched: [B2 N, B2 E*]",
        "#   turns (optional, replayed and checked), one line per turn, e.g.",
        "#     '15 B2 5@B3'      dice light 1 dark 5, the tile's A1 on B2, display 5 on B3",
        "#     '12>15 B2 5@B3 +coins'   a reroll (1 coin per '>'); bonus: +coins, +door B2 E, +wall B2 E",
        "#     '34 D4+E4+E5 4@E4'  the tile written as all its spaces (its shape is checked too)",
        "#     'cafe A6-A7'      a cafeteria;   'stop'   stopped playing",
        "sheets:",
    ]
    for p in cfg.names:
        lines += [f"  {yaml_key(p)}:", "    entrance:    # e.g. D1 W", "    exit:        # e.g. D7 E", "    grid: |"]
        lines += ["      " + " ".join(["."] * N) for _ in range(N)]
        lines += ["    walls: []"]  # turns: added when entered (a comment in its place would stay under them)
    return "\n".join(lines) + "\n"

"""The Long Way, Ike's furniture store (Karl Hanf): sheets, tile card, scorer, replay, simulator.

Each player fills a 7x7 store with tiles rolled on two dice (light: shape,
dark: wall layout), one furniture display per tile, and up to two cafeterias.
At the end the shoppers walk entrance -> nearest cafeteria -> other cafeteria
-> exit along shortest paths; every display they enter scores +1, every empty
space -1.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar

from msgspec import Meta

from ...game import FieldProblem, Game, GameConfig, Model, Report, checked, each
from ...sheet import Paper
from .path import N, Board, Walk, name, on_outer_wall, walk
from .simulate import simulate as _simulate
from .tiles import SIDE_NAME

ROWS = "ABCDEFG"
MARKS = "'.' empty, 'o' tile space without display, 1-6 a display, C1/C2 the cafeterias"
DOOR = re.compile(r"^([A-Za-z]{1,2}\d{1,3})\s*([NESWnesw])$")
WALL = re.compile(r"^([A-Za-z]{1,2}\d{1,3})\s*([NESWnesw])\s*(\*?)$")


def _space(text: str) -> int:
    from .replay import space

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
    if isinstance(v, list):
        v = "\n".join(str(x) for x in v)
    if not isinstance(v, str):
        raise ValueError("write the grid as 7 lines of 7 marks (a '|' block)")
    rows = [ln.split() for ln in v.strip().splitlines() if ln.strip()]
    if len(rows) != N:
        raise ValueError(f"{len(rows)} rows; the grid has 7 rows, A to G, of 7 marks each")
    out = []
    for i, row in enumerate(rows):
        if len(row) != N:
            raise ValueError(f"row {ROWS[i]} has {len(row)} marks; it needs 7 ({MARKS})")
        out.append(" ".join(_mark(t, ROWS[i], c + 1) for c, t in enumerate(row)))
    return "\n".join(out)


def _turn(v) -> str:
    from .replay import normal_turn

    return normal_turn(v)


class Common(GameConfig, kw_only=True):
    MIN_PLAYERS: ClassVar[int] = 1


class Config(Common, kw_only=True):
    pass


class Sheet(Model, kw_only=True):
    entrance: Annotated[str, Meta(description="Edge space and the outer side its doorway is on, e.g. D1 W")]
    exit: Annotated[str, Meta(description="Edge space and outer side of the exit doorway, e.g. A7 N")]
    grid: Annotated[Any, Meta(description="7 lines of 7 marks: . empty, o tile space, 1-6 display, C1/C2 cafeterias")]
    walls: Annotated[list[Any], Meta(description="Every wall: space and side, * for a doorway")] = []
    turns: Annotated[list[Any], Meta(description="Optional: the turns in order, replayed and checked")] | None = None

    def __post_init__(self) -> None:
        self.entrance = checked("entrance", _door, self.entrance)
        self.exit = checked("exit", _door, self.exit)
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


class Results(Common, kw_only=True):
    sheets: Annotated[dict[str, Sheet], Meta(description="Each player's final sheet")] = {}

    def __post_init__(self) -> None:
        from ...inputs import suggest

        super().__post_init__()
        for p in self.sheets:
            if p not in self.players:
                raise FieldProblem("sheets", f"sheet for '{p}', who is not a player{suggest(p, self.players)}")
        missing = [p for p in self.players if p not in self.sheets]
        if missing:
            raise FieldProblem("sheets", f"no sheet for {', '.join(missing)}")


def board_of(sh: Sheet) -> Board:
    grid = [t for row in sh.grid.split("\n") for t in row.split()]
    walls: dict[tuple[int, str], bool] = {}
    for w in sh.walls:
        sp, side = w.rstrip("*").split()
        walls[(_space(sp), side)] = w.endswith("*")
    b = Board(grid, walls)
    for attr in ("entrance", "exit"):
        sp, side = getattr(sh, attr).split()
        setattr(b, attr, (_space(sp), side))
    return b


def check_sheet(b: Board, player: str, sheet: str, report: Report) -> None:
    """Rules visible on the final sheet alone: the cafeterias and the two doorways."""
    cafes = b.cafeterias()
    if len(cafes) > 2:
        extra = list(cafes)[2:]
        report.violation(player, "cafeterias", f"{sheet}, " + ", ".join(
                             f"cafeteria {k} at {' '.join(name(s) for s in cafes[k])}" for k in extra),
                         f"{len(cafes)} cafeterias ({', '.join(cafes)}); at most two in the whole game")
    for k, spaces in cafes.items():
        ok = len(spaces) == 2 and abs(spaces[0] - spaces[1]) in (1, N) and (
            spaces[1] - spaces[0] == N or spaces[0] // N == spaces[1] // N)
        if not ok:
            report.violation(player, "cafeteria-shape", f"{sheet}, cafeteria {k} at {' '.join(name(s) for s in spaces)}",
                             f"{k} covers {len(spaces)} space(s) ({', '.join(name(s) for s in spaces)}); "
                             "a cafeteria is two spaces side by side")
    if b.entrance == b.exit:
        report.violation(player, "doorways", f"{sheet}, entrance and exit",
                         f"the entrance and the exit are the same doorway ({name(b.entrance[0])} {b.entrance[1]})")


def describe_walk(w: Walk, b: Board) -> str:
    if not w.ok:
        return f"no path, score 0 ({w.reason})"
    ent = w.entries()
    plus = sum(1 for s in ent if b.value(s) > 0)
    minus = sum(1 for s in ent if b.value(s) < 0)
    route = " -> ".join(["entrance"] + [leg.goal.replace("the ", "") for leg in w.legs])
    return f"{route}: {w.length} steps, {plus} display(s) +{plus}, {minus} empty space(s) -{minus}"


class Ikes(Game):
    id = "ikes"
    title = "The Long Way"
    designer = "Karl Hanf"
    blurb = "fill a 7x7 furniture store with rolled tiles so the shoppers' shortest walk is long"
    Config = Config
    Results = Results
    simulate = staticmethod(_simulate)

    # -- scoring

    def evaluate(self, res: Results) -> tuple[Report, dict[str, tuple[Board, Walk]]]:
        from .replay import parse_turn, replay, compare

        report = self.new_report(res)
        out: dict[str, tuple[Board, Walk]] = {}
        for seat, p in enumerate(res.names):
            sh = res.sheets[p]
            sheet = f"{p}'s sheet"
            b = board_of(sh)
            check_sheet(b, p, sheet, report)
            if sh.turns is not None:
                st = replay(sh.turns, p, sheet, seat, len(res.names), report, b.entrance, b.exit)
                compare(st, b, p, sheet, report)
            w = walk(b)
            report.scores[p] = w.score
            out[p] = (b, w)
            report.details.append(f"{p}: {describe_walk(w, b)}")
            for k in w.skipped:
                report.notes.append(f"{sheet}: the shoppers cannot reach cafeteria {k}; it is skipped")
            if w.tie:
                report.notes.append(f"{sheet}: {w.tie}")
        # everyone draws from the same roll each round
        rounds = max((len(res.sheets[p].turns or []) for p in res.names), default=0)
        for i in range(rounds):
            rolls = {}
            for p in res.names:
                turns = res.sheets[p].turns or []
                if i < len(turns) and (d := parse_turn(turns[i]).dice):
                    rolls[p] = d
            if len(set(rolls.values())) > 1:
                roller = res.names[i % len(res.names)]
                ref = rolls.get(roller) or next(iter(rolls.values()))
                who = roller if roller in rolls else next(iter(rolls))
                for p, d in rolls.items():
                    if d != ref:
                        report.violation(p, "same-roll", f"{p}'s sheet, turn {i + 1}",
                                         f"dice {d[0]}{d[1]} differ from {who}'s {ref[0]}{ref[1]}; "
                                         "everyone draws from the same roll")
        report.disqualified = {v.player for v in report.violations if v.player}
        return report, out

    def score(self, res: Results) -> Report:
        return self.evaluate(res)[0]

    # -- printing (see drawing.py)

    def kit(self, cfg: Config, paper: Paper):
        from .drawing import kit

        return kit(self, cfg, paper)

    def picture(self, res: Results, report: Report, paper: Paper):
        from .drawing import picture

        return picture(self, res, paper)

    def figure(self, name: str, width: float):
        from .drawing import figure

        return figure(name, width)

    def record_template(self, cfg: Config) -> str:
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
            lines += [f"  {p}:", "    entrance: D1 W", "    exit: D7 E", "    grid: |"]
            lines += ["      " + " ".join(["."] * N) for _ in range(N)]
            lines += ["    walls: []", "    # turns: []"]
        return "\n".join(lines) + "\n"


GAME = Ikes()

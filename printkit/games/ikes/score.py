"""The scorer of The Long Way: every rule checked, each broken rule named by its place on the sheet.

Which file checks what:
  score.py   (here) the final sheet read into a store (board_of: its walls, doorways, entrance and exit);
             the sheet's own rules (check_sheet: at most two cafeterias, each two spaces side by side;
             entrance and exit two different doorways); everyone's turns drawn from the same roll; the
             shoppers' walk scored and described, unreachable cafeterias and tied orders noted.
  path.py    how walls act on the walk: a wall on either space's side of an edge blocks it (a double
             wall stays closed unless both walls are punched), a wall across the entrance or exit blocks
             the whole walk; the walk itself (nearest cafeteria first, best of the tied shortest paths).
  replay.py  the rules of each turn (called from here): rerolls and coins, tile shape and fit, empty
             spaces, displays, bonuses, cafeterias, nothing after 'stop', and the written grid and walls
             matching the replayed ones.
  record.py  each line as it is read (before scoring): spaces, doorways on the outer wall, wall codes, a
             wall listed twice, grid marks, turn lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...game import Report
from .path import N, Board, Walk, name, walk
from .record import _space, edge_ref, parse_turn, square_ref

if TYPE_CHECKING:
    from .game import Ikes, Results
    from .record import Sheet


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
                         f"{len(cafes)} cafeterias ({', '.join(cafes)}); at most two in the whole game",
                         tuple(square_ref(player, s) for k in extra for s in cafes[k]))
    for k, spaces in cafes.items():
        ok = len(spaces) == 2 and abs(spaces[0] - spaces[1]) in (1, N) and (
            spaces[1] - spaces[0] == N or spaces[0] // N == spaces[1] // N)
        if not ok:
            report.violation(player, "cafeteria-shape", f"{sheet}, cafeteria {k} at {' '.join(name(s) for s in spaces)}",
                             f"{k} covers {len(spaces)} space(s) ({', '.join(name(s) for s in spaces)}); "
                             "a cafeteria is two spaces side by side", tuple(square_ref(player, s) for s in spaces))
    if b.entrance == b.exit:
        report.violation(player, "doorways", f"{sheet}, entrance and exit",
                         f"the entrance and the exit are the same doorway ({name(b.entrance[0])} {b.entrance[1]})",
                         (edge_ref(player, *b.entrance),))


def describe_walk(w: Walk, b: Board) -> str:
    if not w.ok:
        return f"no path, score 0 ({w.reason})"
    ent = w.entries()
    plus = sum(1 for s in ent if b.value(s) > 0)
    minus = sum(1 for s in ent if b.value(s) < 0)
    route = " -> ".join(["entrance"] + [leg.goal.replace("the ", "") for leg in w.legs])
    return f"{route}: {w.length} steps, {plus} display(s) +{plus}, {minus} empty space(s) -{minus}"


def evaluate(game: Ikes, res: Results) -> tuple[Report, dict[str, tuple[Board, Walk]]]:
    from .replay import compare, replay

    report = game.new_report(res)
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
        named: dict[str, tuple[str, ...]] = {}
        for p in res.names:
            turns = res.sheets[p].turns or []
            if i < len(turns) and (d := (t := parse_turn(turns[i])).dice):
                rolls[p] = d
                named[p] = t.refs(p, i + 1)
        if len(set(rolls.values())) > 1:
            roller = res.names[i % len(res.names)]
            ref = rolls.get(roller) or next(iter(rolls.values()))
            who = roller if roller in rolls else next(iter(rolls))
            for p, d in rolls.items():
                if d != ref:
                    report.violation(p, "same-roll", f"{p}'s sheet, turn {i + 1}",
                                     f"dice {d[0]}{d[1]} differ from {who}'s {ref[0]}{ref[1]}; "
                                     "everyone draws from the same roll", named[p])
    report.disqualified = {v.player for v in report.violations if v.player}
    return report, out

"""The scorer of The Long Way: every rule checked, each broken rule named by its place on the sheet.

Which file checks what:
  score.py   (here) the final sheet read into a store (floor_of: its walls, doorways, entrance and exit);
             the sheet's own rules (check_sheet: at most two cafeterias, each two spaces side by side;
             entrance and exit two different doorways); everyone's turns drawn from the same roll (a log
             whose dice differ from the table's is blamed once, on its player: the roll is the one that
             explains the logs and sheets with the fewest mistakes, and a log whose own sheet fits the
             table's roll is replayed with it, as a typing slip); the shoppers' walk scored and described,
             unreachable cafeterias and tied orders noted.
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

import re

from ...report import Report
from ...slips import check_entry, one_keystroke
from .path import Floor, Walk, walk
from .spaces import N, name
from .record import _space, edge_ref, parse_turn, square_ref
from .model import ID, Results

if TYPE_CHECKING:
    from .record import Sheet


def floor_of(sh: Sheet) -> Floor:
    grid = [t for row in sh.grid.split("\n") for t in row.split()]
    walls: dict[tuple[int, str], bool] = {}
    for w in sh.walls:
        sp, side = w.rstrip("*").split()
        walls[(_space(sp), side)] = w.endswith("*")
    b = Floor(grid, walls)
    for attr in ("entrance", "exit"):
        if getattr(sh, attr):
            sp, side = getattr(sh, attr).split()
            setattr(b, attr, (_space(sp), side))
    return b


def check_sheet(b: Floor, player: str, sheet: str, report: Report) -> None:
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
    unset = [what for what, door in (("entrance", b.entrance), ("exit", b.exit)) if door is None]
    if unset:
        both = " and the ".join(unset)
        report.violation(player, "doorways", f"{sheet}, {both}",
                         f"the {both} {'are' if len(unset) == 2 else 'is'} not written yet: each is the edge space "
                         "and the side of the outer wall its doorway is on, e.g. D1 W", (f"grid:{player}",))
    elif b.entrance == b.exit:
        report.violation(player, "doorways", f"{sheet}, entrance and exit",
                         f"the entrance and the exit are the same doorway ({name(b.entrance[0])} {b.entrance[1]})",
                         (edge_ref(player, *b.entrance),))


def describe_walk(w: Walk, b: Floor) -> str:
    if not w.ok:
        return f"no path, score 0 ({w.reason})"
    ent = w.entries()
    plus = sum(1 for s in ent if b.value(s) > 0)
    minus = sum(1 for s in ent if b.value(s) < 0)
    route = " -> ".join(["entrance"] + [leg.goal.replace("the ", "") for leg in w.legs])
    return f"{route}: {w.length} steps, {plus} display(s) +{plus}, {minus} empty space(s) -{minus}"


ROLL = re.compile(r"^((?:[1-6]{2}\s*>\s*)*)([1-6]{2})(?=\s)")


def with_roll(text: str, dice: tuple[int, int]) -> str:
    """A turn line with its final roll (the dice the turn was played with) replaced by ``dice``."""
    return ROLL.sub(lambda m: f"{m.group(1)}{dice[0]}{dice[1]}", text, count=1)


def mistakes(res: Results, p: str, turns: list[str]) -> int:
    """How many rules ``p``'s log (as given) and final sheet break together."""
    from .replay import compare, replay

    scratch = Report("ikes", res.names, {q: 0 for q in res.names})
    b = floor_of(res.sheets[p])
    st = replay(turns, p, "", res.names.index(p), len(res.names), scratch, b.entrance, b.exit)
    compare(st, b, p, "", scratch)
    return len(scratch.violations)


def table_rolls(res: Results, report: Report) -> dict[str, list[str]]:
    """Everyone draws from the same roll each round.  Where the logs disagree, the table's roll is the one
    that explains the logs and sheets with the fewest mistakes (then the one most logs show, then the
    roller's); each log showing other dice is one mistake, blamed on its player.  If that player's sheet
    fits the table's roll better than the dice written, the dice are a typing slip: the log is replayed
    with the table's roll.  Returns every player's turn lines to replay."""
    lines = {p: list(res.sheets[p].turns or []) for p in res.names}
    rounds = max((len(t) for t in lines.values()), default=0)
    for i in range(rounds):
        rolls = {p: d for p in res.names if i < len(lines[p]) and (d := parse_turn(lines[p][i]).dice)}
        if len(set(rolls.values())) < 2:
            continue
        roller = res.names[i % len(res.names)]
        written = {p: mistakes(res, p, lines[p]) for p in rolls}
        fits: dict[tuple[str, tuple[int, int]], int] = {}

        def cost(r: tuple[int, int]) -> int:
            total = 0
            for p, d in rolls.items():
                if d == r:
                    total += written[p]
                else:
                    fixed = lines[p][:i] + [with_roll(lines[p][i], r)] + lines[p][i + 1:]
                    fits[(p, r)] = mistakes(res, p, fixed)
                    total += 1 + min(written[p], fits[(p, r)])
            return total

        shown = list(dict.fromkeys(rolls.values()))
        costs = {r: cost(r) for r in shown}
        count = {r: list(rolls.values()).count(r) for r in shown}
        table = min(shown, key=lambda r: (costs[r], -count[r], rolls.get(roller) != r, shown.index(r)))
        by = [p for p in res.names if rolls.get(p) == table]
        want = f"{table[0]}{table[1]}"
        other = f"{by[0]}'s {want}" if len(by) == 1 else f"{want}, the roll on the logs of {', '.join(by)}"
        for p, d in rolls.items():
            if d == table:
                continue
            t = parse_turn(lines[p][i])
            refs = tuple(f"{p}:{name(s)}" for s in dict.fromkeys([*t.spaces, *([t.display_at] if t.display_at >= 0 else [])]))
            dice = f"{d[0]}{d[1]}"
            if fits[(p, table)] < written[p]:
                lines[p][i] = with_roll(lines[p][i], table)
                slip = check_entry(dice, want, f"which {p}'s sheet fits") if one_keystroke(dice, want) else \
                    f"{p}'s sheet fits {want}: check this entry against the sheet"
                report.violation(p, "same-roll", f"{p}'s sheet, turn {i + 1}",
                                 f"dice {dice} differ from {other}; {slip} (the turn is replayed with {want})",
                                 refs)
            else:
                report.violation(p, "same-roll", f"{p}'s sheet, turn {i + 1}",
                                 f"dice {dice} differ from {other}; everyone draws from the same roll", refs)
    return lines


def evaluate(res: Results) -> tuple[Report, dict[str, tuple[Floor, Walk]]]:
    """Every sheet checked (and its turns replayed) into a fresh report, and each store's walk."""
    from .replay import compare, replay

    report = Report.empty(ID, res.names)
    out: dict[str, tuple[Floor, Walk]] = {}
    lines = table_rolls(res, report)
    for seat, p in enumerate(res.names):
        sh = res.sheets[p]
        sheet = f"{p}'s sheet"
        b = floor_of(sh)
        check_sheet(b, p, sheet, report)
        if sh.turns is not None:
            st = replay(lines[p], p, sheet, seat, len(res.names), report, b.entrance, b.exit)
            compare(st, b, p, sheet, report)
        w = walk(b)
        report.scores[p] = w.score
        out[p] = (b, w)
        report.details.append(f"{p}: {describe_walk(w, b)}")
        for k in w.skipped:
            report.notes.append(f"{sheet}: the shoppers cannot reach cafeteria {k}; it is skipped")
        if w.tie:
            report.notes.append(f"{sheet}: {w.tie}")
    report.disqualified = {v.player for v in report.violations if v.player}
    return report, out

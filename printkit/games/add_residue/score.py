"""Add/Residue's scorer: the move log replayed with every rule checked, each break named by its row.

Rules checked, all in ``replay``:

- ``seat-order``: the first seat opens, then turns go round in seat order (breaking it disqualifies).
  A move out of turn is blamed once, on the player who made it, and the rest is scored as played:
  the scorer blames the fewest moves that explain the log (``slips.out_of_turn``), so when Cat moves
  before Ben, only Cat's move is out of turn, and Ben's move after it is in his turn;
- ``once-per-pile``: each number is played once from each of a player's piles (disqualifies);
- ``arithmetic``: a written m must be the true m (m + c, or m mod c); only the first wrong row is a
  violation, later ones are a note, and scores always use the true m;
- unfinished: a log shorter than 2 x n x players moves is scored as it stands, with a note.

Where an entry is one keystroke from the one that fits (an m of 17 for 27, add 3 played twice while
add 13 is never played, Dan for Ann), the message asks to check it against the sheet and names it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from ...report import Report
from ...slips import check_entry, likely_slip, near, out_of_turn
from .record import Played, total_moves
from .model import ID, Results


@dataclass
class Row:
    """One move, replayed."""

    index: int  # from 1
    played: Played
    before: int  # m before the move
    after: int  # m after the move, by the rules
    points: int
    total: int  # the mover's total after this move
    problems: list[str] = field(default_factory=list)  # short remarks for the picture

    @property
    def wrong_m(self) -> bool:
        return self.played.written is not None and self.played.written != self.after


def where(row: Row) -> str:
    return f"move log, row {row.index} ({row.played})"


def replay(res: Results, report: Report) -> list[Row]:
    """Every move with the arithmetic done; rule breaks go into ``report``."""
    names, n = res.names, res.n
    used: dict[tuple[str, str], dict[int, int]] = {}
    totals = {p: 0 for p in names}
    rows: list[Row] = []
    m = 0
    first_wrong: Row | None = None
    later_wrong: list[int] = []
    wrong_turn = out_of_turn([names.index(pl.player) for pl in res.moves], len(names))
    played = {(x.player, x.pile, x.c) for x in res.moves}
    never = {(p, pile): [c for c in range(1, n + 1) if (p, pile, c) not in played] for p in names for pile in ("add", "mod")}
    for i, pl in enumerate(res.moves, 1):
        after = m + pl.c if pl.pile == "add" else m % pl.c
        points = after if pl.pile == "mod" else 0
        totals[pl.player] += points
        row = Row(i, pl, m, after, points, totals[pl.player])
        if i - 1 in wrong_turn:
            expected = names[wrong_turn[i - 1]]
            slip = f"; {check_entry(pl.player, expected)}" if likely_slip(pl.player, expected) else ""
            why = "the first player listed opens" if i == 1 else f"seat order: {', '.join(names)}"
            report.violation(pl.player, "seat-order", where(row),
                             f"it was {expected}'s turn, not {pl.player}'s ({why}){slip}", (f"row:{i}",))
            report.disqualified.add(pl.player)
            row.problems.append(f"{expected}'s turn")
        seen = used.setdefault((pl.player, pl.pile), {})
        if pl.c in seen:
            meant = near(pl.c, never[(pl.player, pl.pile)])
            slip = (f"; {check_entry(f'{pl.pile} {pl.c}', f'{pl.pile} {meant[0]}', f'which {pl.player} never plays')}"
                    if len(meant) == 1 else "")
            report.violation(pl.player, "once-per-pile", where(row),
                             f"{pl.player} already played {pl.c} from the {pl.pile} pile at row {seen[pl.c]}{slip}",
                             (f"row:{i}",))
            report.disqualified.add(pl.player)
            row.problems.append(f"{pl.c} used at row {seen[pl.c]}")
        else:
            seen[pl.c] = i
        if row.wrong_m:
            how = f"{m} + {pl.c}" if pl.pile == "add" else f"{m} mod {pl.c}"
            if first_wrong is None:
                first_wrong = row
                slip = f"; {check_entry(pl.written, after)}" if likely_slip(pl.written, after) else ""
                report.violation(pl.player, "arithmetic", where(row),
                                 f"m after this move is {how} = {after}, not {pl.written}{slip}", (f"row:{i}",))
            else:
                later_wrong.append(i)
            row.problems.append(f"m is {after}")
        rows.append(row)
        m = after
    if later_wrong:
        shown = ", ".join(map(str, later_wrong[:12])) + (", ..." if len(later_wrong) > 12 else "")
        report.notes.append(f"after row {first_wrong.index}, the written m also differs from the true m at row(s) "
                            f"{shown}; scores use the true m")
    full = total_moves(n, len(names))
    if len(rows) < full:
        report.notes.append(f"{len(rows)} of {full} moves entered: the game is unfinished and scored as it stands")
    for p in names:
        report.scores[p] = totals[p]
    return rows


def score(res: Results) -> Report:
    report = Report.empty(ID, res.names)
    rows = replay(res, report)
    if rows:
        report.details.append(f"m after the last move (row {rows[-1].index}): {rows[-1].after}")
    return report

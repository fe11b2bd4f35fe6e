"""Add/Residue (Leroy Quet): pile sheets, the shared move log, scorer, perfect-play review.

Each player holds an add pile and a mod pile, each 1..n, and plays every
number of both once.  m starts at 0; ``add c`` sets m to m + c, ``mod c``
sets m to the remainder of m divided by c and the mover scores the new m.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from msgspec import Meta

from ...draw import PT, Item, Lines, Page, Pen, Rect, Text, fit_text, moved, wrap
from ...game import Game, GameConfig, Report, each
from ...sheet import MISTAKE_COLOR, Paper, Player, header

MOVE = re.compile(r"^\s*(?P<name>.+?)\s+(?P<pile>add|mod)\s+(?P<c>[+-]?\d+)\s*(?:=\s*(?P<m>\S+)\s*)?$", re.I)
GREY_TEXT = (0.35, 0.35, 0.35)
FAINT_TEXT = (0.62, 0.62, 0.62)


def total_moves(n: int, players: int) -> int:
    return 2 * n * players


class Common(GameConfig, kw_only=True):
    n: Annotated[int, Meta(ge=1, le=52, description="Each pile holds the numbers 1 to n (1 to 52)")] = 13


class Config(Common, kw_only=True):
    pass


@dataclass(frozen=True)
class Played:
    """One line of the move log as entered."""

    player: str
    pile: str  # "add" or "mod"
    c: int
    written: int | None  # the m the players wrote down, if given

    @property
    def move(self) -> str:
        return f"{self.pile} {self.c}"

    def __str__(self) -> str:
        return f"{self.player} {self.pile} {self.c}" + (f" = {self.written}" if self.written is not None else "")


def _played(v: Any, names: tuple[str, ...], n: int) -> Played:
    if not isinstance(v, str):
        raise ValueError("expected text")
    mt = MOVE.match(v) if len(v) <= 80 else None
    if not mt:
        shown = v if len(v) <= 40 else v[:37] + "..."
        raise ValueError(f"'{shown}' is not a move; write the player, add or mod, and the number, "
                         "optionally '= m', e.g. 'Ann mod 4 = 2'")
    name, pile, c = mt.group("name").strip(), mt.group("pile").lower(), int(mt.group("c"))
    if name not in names:
        folded = {p.casefold(): p for p in names}
        if name.casefold() not in folded:
            from ...inputs import suggest

            raise ValueError(f"'{name[:24]}' is not one of the players ({', '.join(names)}){suggest(name, names)}")
        name = folded[name.casefold()]
    if not 1 <= c <= n:
        raise ValueError(f"{pile} {c}: the piles hold 1 to {n}")
    written = mt.group("m")
    if written is not None:
        if not re.fullmatch(r"\d{1,6}", written):
            raise ValueError(f"'= {written[:12]}': m is a whole number, 0 or more")
        written = int(written)
    return Played(name, pile, c, written)


class Results(Common, kw_only=True):
    moves: Annotated[list[Any], Meta(  # empty (null) in a fresh template
        max_length=2 * 52 * 8 + 8,
        description="The move log in play order: 'player add|mod number', optionally '= m', e.g. 'Ann mod 4 = 2'"
    )] | None = []

    def __post_init__(self) -> None:
        super().__post_init__()
        self.moves = each(self.moves or [], lambda v: _played(v, self.players, self.n), "moves")


# ---------------------------------------------------------------- replaying the log


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
    prev: str | None = None
    first_wrong: Row | None = None
    later_wrong: list[int] = []
    for i, pl in enumerate(res.moves, 1):
        after = m + pl.c if pl.pile == "add" else m % pl.c
        points = after if pl.pile == "mod" else 0
        totals[pl.player] += points
        row = Row(i, pl, m, after, points, totals[pl.player])
        expected = names[0] if prev is None else names[(names.index(prev) + 1) % len(names)]
        if pl.player != expected:
            report.violation(pl.player, "seat-order", where(row),
                             f"it was {expected}'s turn, not {pl.player}'s (seat order: {', '.join(names)})")
            report.disqualified.add(pl.player)
            row.problems.append(f"{expected}'s turn")
        seen = used.setdefault((pl.player, pl.pile), {})
        if pl.c in seen:
            report.violation(pl.player, "once-per-pile", where(row),
                             f"{pl.player} already played {pl.c} from the {pl.pile} pile at row {seen[pl.c]}")
            report.disqualified.add(pl.player)
            row.problems.append(f"{pl.c} used at row {seen[pl.c]}")
        else:
            seen[pl.c] = i
        if row.wrong_m:
            how = f"{m} + {pl.c}" if pl.pile == "add" else f"{m} mod {pl.c}"
            if first_wrong is None:
                first_wrong = row
                report.violation(pl.player, "arithmetic", where(row),
                                 f"m after this move is {how} = {after}, not {pl.written}")
            else:
                later_wrong.append(i)
            row.problems.append(f"m is {after}")
        rows.append(row)
        m, prev = after, pl.player
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


# ---------------------------------------------------------------- drawing the log

LOG_HEAD = ("#", "player", "pile", "c", "m", "points", "total")


def log_widths(width: float) -> list[float]:
    """Column widths of the move log for a table ``width`` mm wide."""
    base = [8.0, 24.0, 16.0, 9.0, 10.0, 11.0, 11.0]
    extra = max(0.0, width - sum(base))
    base[1] += extra
    return base


def log_table(x: float, y: float, widths: list[float], first: int, count: int, row_h: float,
              seats: list[Player], rows: list[Row] | None = None, remark_w: float = 0.0) -> list[Item]:
    """Rows ``first``..``first+count-1`` (from 0) of the move log at (x, y): blank, or filled from ``rows``."""
    heads = list(LOG_HEAD) + (["check"] if remark_w else [])
    ws = list(widths) + ([remark_w] if remark_w else [])
    total_w = sum(ws)
    items: list[Item] = []
    size = 8.0
    # header
    cx = x
    for w, h in zip(ws, heads):
        items.append(Text(cx + w / 2, y + row_h / 2 + size * PT * 0.35, h, size, "middle", True))
        cx += w
    segs = [(x, y + r * row_h, x + total_w, y + r * row_h) for r in range(count + 2)]
    cx = x
    for w in [0.0, *ws]:
        cx += w
        segs.append((cx, y, cx, y + (count + 1) * row_h))
    by_name = {s.name: s for s in seats}
    for k in range(count):
        i = first + k
        ty = y + (k + 1) * row_h + row_h / 2 + size * PT * 0.35
        cols = [x]
        for w in ws:
            cols.append(cols[-1] + w)
        row = rows[i] if rows is not None else None
        who = by_name[row.played.player] if row is not None else seats[i % len(seats)]
        if row is not None and row.problems:
            items.append(Rect(x + 0.3, y + (k + 1) * row_h + 0.3, total_w - 0.6, row_h - 0.6, None, (1.0, 0.88, 0.9)))
        items.append(Text(cols[1] - 1.2, ty, str(i + 1), size, "end"))
        items.extend(who.badge(cols[1] + 2.6, ty - size * PT * 0.35, 2.8))
        items.append(Text(cols[1] + 5.2, ty, fit_text(who.name, ws[1] - 6.2, size), size, color=who.color))
        if row is None:
            mid = (cols[2] + cols[3]) / 2
            items.append(Text(mid - 1.2, ty, "add", size, "end", color=FAINT_TEXT))
            items.append(Text(mid + 1.2, ty, "mod", size, "start", color=FAINT_TEXT))
            continue
        pl = row.played
        items.append(Text((cols[2] + cols[3]) / 2, ty, pl.pile, size, "middle", pl.pile == "mod"))
        items.append(Text((cols[3] + cols[4]) / 2, ty, str(pl.c), size, "middle"))
        if pl.written is None:
            items.append(Text((cols[4] + cols[5]) / 2, ty, str(row.after), size, "middle", color=GREY_TEXT))
        elif row.wrong_m:
            # the written m struck through, the true m beside it
            wx = cols[4] + ws[4] * 0.3
            tw = max(2.2, len(str(pl.written)) * 1.7)
            items.append(Text(wx, ty, str(pl.written), size, "middle", color=MISTAKE_COLOR))
            items.append(Lines(((wx - tw / 2 - 0.4, ty - 1.0, wx + tw / 2 + 0.4, ty - 1.0),),
                               Pen(MISTAKE_COLOR, 0.35)))
            items.append(Text(cols[4] + ws[4] * 0.72, ty, str(row.after), size, "middle", True))
        else:
            items.append(Text((cols[4] + cols[5]) / 2, ty, str(pl.written), size, "middle"))
        if pl.pile == "mod":
            items.append(Text((cols[5] + cols[6]) / 2, ty, str(row.points), size, "middle", color=who.color))
        items.append(Text((cols[6] + cols[7]) / 2, ty, str(row.total), size, "middle", color=who.color))
        if remark_w and row.problems:
            items.append(Text(cols[7] + 1.5, ty, fit_text("; ".join(row.problems), remark_w - 3, size), size,
                              color=MISTAKE_COLOR, bold=True))
    items.insert(0, Lines(tuple(segs), Pen(width=0.25)))
    return items


# ---------------------------------------------------------------- the game


class AddResidue(Game):
    id = "add-residue"
    title = "Add/Residue"
    designer = "Leroy Quet"
    blurb = "add to m or take m's remainder; the remainders you make are your points"
    Config = Config
    Results = Results

    # -- scoring

    def score(self, res: Results) -> Report:
        report = self.new_report(res)
        rows = replay(res, report)
        if rows:
            report.details.append(f"m after the last move (row {rows[-1].index}): {rows[-1].after}")
        return report

    # -- printing

    def kit(self, cfg: Config, paper: Paper) -> list[Page]:
        return self.pile_sheets(cfg, paper) + self.move_log(cfg, paper)

    def pile_panel(self, seat: Player, n: int, width: float, title: str) -> tuple[list[Item], float]:
        """One player's two piles to cross off, from (0, 0); returns the items and the height."""
        box = 9.0
        per_row = max(1, min(n, int((width - 22) // box)))
        if n > per_row:  # even rows: 13 + 13 rather than 20 + 6
            rows_needed = -(-n // per_row)
            per_row = -(-n // rows_needed)
        rows = -(-n // per_row)
        items: list[Item] = []
        pen = Pen(seat.color, 0.45, seat.dash)
        items += seat.badge(3, 3.2, 4.6)
        items.append(Text(8, 5, fit_text(f"{seat.name}: your piles", width - 80, 12, True), 12, bold=True, color=seat.color))
        items.append(Text(width, 5, fit_text(f"{title} \u00b7 your mark: {seat.cue}", 78, 8), 8, "end", color=GREY_TEXT))
        y = 10.0
        for pile, rule in (("add", "m becomes m + c"), ("mod", "m becomes m mod c: you score it")):
            items.append(Text(0, y + 4.5, pile.upper(), 11, bold=True))
            items.append(Text(0, y + 8.5, "pile", 8, color=GREY_TEXT))
            for k in range(n):
                r, c = divmod(k, per_row)
                bx, by = 22 + c * box, y + r * box
                items.append(Rect(bx, by, box - 1.2, box - 1.2, pen))
                items.append(Text(bx + (box - 1.2) / 2, by + (box - 1.2) / 2 + 10 * PT * 0.35, str(k + 1), 10, "middle"))
            y += rows * box + 1
            items.append(Text(22, y + 3, f"{pile} c: {rule}. Cross each number off as you play it.", 8,
                              color=GREY_TEXT))
            y += 7
        items.append(Rect(-2, -2, width + 4, y + 2, Pen(seat.color, 0.6, seat.dash)))
        return items, y

    def pile_sheets(self, cfg: Config, paper: Paper) -> list[Page]:
        seats = cfg.seats()
        title = cfg.title or self.title
        pages: list[Page] = []
        page, y = None, 0.0
        width = paper.inner_width - 5
        for seat in seats:
            items, h = self.pile_panel(seat, cfg.n, width, title)
            if page is None or y + h + 6 > paper.bottom - 8:
                page = paper.page()
                pages.append(page)
                y = header(page, paper, f"{title}: pile sheets",
                           "One panel per player: cut along the dashed lines and hand each player their own.") + 4
            elif page.items:
                cut = y - 5
                page.add(Lines(((paper.left, cut, paper.right, cut),), Pen((0.5, 0.5, 0.5), 0.25, (2.0, 1.5))))
                page.add(Text(paper.left, cut - 1, "cut here", 7, color=FAINT_TEXT))
            page.add(moved(items, paper.left + 2.5, y))
            y += h + 10
        return pages

    def move_log(self, cfg: Config, paper: Paper) -> list[Page]:
        seats = cfg.seats()
        title = cfg.title or self.title
        full = total_moves(cfg.n, len(seats))
        gap = 5.0
        inset = 0.3  # keeps the ruling's stroke inside the margin
        col_w = (paper.inner_width - 2 * inset - gap) / 2
        widths = log_widths(col_w)
        row_h = 6.5
        pages: list[Page] = []
        i = 0
        while i < full:
            page = paper.page()
            pages.append(page)
            y = header(page, paper, f"{title}: move log ({full} moves)" + (" (continued)" if i else ""),
                       "m starts at 0. Circle add or mod, write c and the new m. "
                       "mod: the mover scores the new m; total: the mover's running total.")
            per_col = int((paper.bottom - 8 - y) // row_h) - 1
            left = full - i
            per_col = min(per_col, -(-left // 2))
            for col in range(2):
                take = min(per_col, full - i)
                if take <= 0:
                    break
                page.add(log_table(paper.left + inset + col * (col_w + gap), y, widths, i, take, row_h, seats))
                i += take
            bottom = y + (per_col + 1) * row_h
        # final scores: each player's last total
        per_line = 4
        need = 12 + 10 * -(-len(seats) // per_line)
        if bottom + need > paper.bottom - 8:
            page = paper.page()
            pages.append(page)
            bottom = header(page, paper, f"{title}: final scores")
        y = bottom + 8
        page.add(Text(paper.left, y, "Final scores (each player's last total). The highest total wins.", 9, bold=True))
        slot = paper.inner_width / per_line
        for k, seat in enumerate(seats):
            r, c = divmod(k, per_line)
            x, by = paper.left + c * slot, y + 3 + r * 10
            page.add(seat.badge(x + 2.2, by + 4, 3.2))
            page.add(Text(x + 5, by + 5.2, fit_text(seat.name, slot - 28, 9), 9, color=seat.color))
            page.add(Rect(x + slot - 22, by, 18, 8, Pen(seat.color, 0.5, seat.dash)))
        return pages

    # -- pictures

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        seats = res.seats()
        rows = replay(res, self.new_report(res))
        title = res.title or self.title
        widths = [8.0, 30.0, 12.0, 9.0, 12.0, 13.0, 12.0]
        remark = paper.inner_width - 0.6 - sum(widths)
        row_h = 6.5
        pages: list[Page] = []
        i = 0
        while True:
            page = paper.page()
            pages.append(page)
            scores = ", ".join(f"{p} {report.scores[p]}" for p in res.names)
            y = header(page, paper, f"{title}: move log as entered" + (" (continued)" if i else ""),
                       f"Scores: {scores}. Shaded: a broken rule or a wrong m (struck out, the true m beside it). "
                       "Grey m: not written, worked out.")
            if not rows:
                page.add(Text(paper.left, y + 6, "No moves entered.", 10))
                break
            per = int((paper.bottom - 8 - y) // row_h) - 1
            take = min(per, len(rows) - i)
            page.add(log_table(paper.left + 0.3, y, widths, i, take, row_h, seats, rows, remark))
            i += take
            if i >= len(rows):
                break
        return pages

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        if name != "example":
            raise KeyError(name)
        res = Results.from_dict({"game": self.id, "players": ["Ann", "Ben"], "n": 5, "moves": EXAMPLE})
        rows = replay(res, Report(self.id, res.names, {"Ann": 0, "Ben": 0}))
        widths = log_widths(88)
        items = log_table(0.3, 0, widths, 0, len(rows), 6.5, res.seats(), rows)
        x = sum(widths) + 6
        y = 4.0
        for line in EXAMPLE_NOTES:
            for part in wrap(line, width - x, 8.5):
                items.append(Text(x, y, part, 8.5))
                y += 8.5 * PT * 1.3
            y += 1.2
        return items, max(6.5 * (len(rows) + 1), y) + 2

    def record_template(self, cfg: Config) -> str:
        a, b = cfg.names[0], cfg.names[1]
        full = total_moves(cfg.n, len(cfg.names))
        return "\n".join([
            "# The move log in play order, one move a line: the player, add or mod,",
            "# the number, and if you like '= m' with the m written in the log:",
            f"#   - {a} add 3 = 3",
            f"#   - {b} mod 2 = 1",
            f"# A full game has 2 x n x players = {full} moves; a shorter log is scored as it stands.",
            "moves:",
            "",
        ])

    # -- perfect play
    @staticmethod
    def solve(
        results: Optional[Path] = typer.Argument(None, help="A results file of a two-player game to review"),
        n: Optional[int] = typer.Option(None, "--n", help="Perfect-play value of the two-player game with piles 1..N"),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object"),
        max_cards: int = typer.Option(0, "--max-cards", help="Review only positions with at most this many cards "
                                                             "left (0: 24 for n up to 6, that is the whole game, "
                                                             "and 20 above; the search grows fast with more)"),
    ) -> None:
        """Perfect play for two players: the value of the game (--n N), or a review of a played game."""
        from .review import run

        run(results, n, as_json, max_cards)


EXAMPLE = ["Ann add 4 = 4", "Ben add 3 = 7", "Ann mod 5 = 2", "Ben mod 4 = 2", "Ann add 5 = 7", "Ben mod 3 = 1"]
EXAMPLE_NOTES = [
    "Ann and Ben play with n = 5. m starts at 0.",
    "1. Ann adds 4: m = 0 + 4 = 4.  2. Ben adds 3: m = 7.",
    "3. Ann plays 5 from her mod pile: 7 mod 5 = 2. m = 2 and Ann scores 2.",
    "4. Ben plays mod 4: 2 mod 4 = 2 (4 is bigger than m, so m stays). Ben scores 2.",
    "5. Ann adds 5: m = 7.  6. Ben plays mod 3: 7 mod 3 = 1; Ben scores 1 and leads 3 to 2.",
    "Ann has now used 4 and 5 from her add pile and 5 from her mod pile; they are crossed off.",
]

GAME = AddResidue()

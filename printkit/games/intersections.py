"""Making Intersections (Leroy Quet): dot arrays, segment logs, scorer.

A segment joins two dots of one row or column.  Segments may not cross (meet
at a point inside both) nor coincide (share more than one point).  A dot's
count is the segments ending there plus two for each passing through; the
round's offense player scores one point per dot with a count of 3 or more.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated

from msgspec import Meta

from ..draw import Circle, Item, Lines, Page, Pen, Rect, Text, fit_text, moved, table
from ..game import FieldProblem, Game, GameConfig, Report, each
from ..sheet import MISTAKE, Paper, Player, coord, header, labelled_grid, parse_coord

SEGMENT = re.compile(r"^\s*([A-Za-z]{1,2}\d{1,3})\s*-\s*([A-Za-z]{1,2}\d{1,3})\s*$")


def max_segments(n: int) -> int:
    """Fewest segments joining every dot of an n x n array to its neighbours: (n-1)^2 + 3."""
    return (n - 1) ** 2 + 3


class Common(GameConfig, kw_only=True):
    n: Annotated[int, Meta(ge=3, le=30, description="Dots per side of the square array (3 to 30)")] = 6
    segments: Annotated[int, Meta(ge=0, description="Segments drawn each round: a multiple of the number of players, "
                                                    "less than (n-1)^2+3 (0: chosen for you)")] = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        p, top = len(self.players), max_segments(self.n)
        if (top - 1) // p == 0:
            raise FieldProblem("n", f"n = {self.n} allows fewer than {top} segments a round, "
                                    f"too few for {p} players to draw one each; use a larger n")
        if self.segments == 0:
            self.segments = max(p, (top // 2) // p * p)
        elif self.segments % p:
            lo = self.segments // p * p
            hint = f"try {lo} or {lo + p}" if lo else f"try {p}"
            raise FieldProblem("segments", f"{self.segments} is not a multiple of the {p} players; {hint}")
        if self.segments >= top:
            raise FieldProblem("segments", f"{self.segments} must be less than (n-1)^2+3 = {top} for n = {self.n}")


class Config(Common, kw_only=True):
    rounds: Annotated[int, Meta(ge=0, le=64, description="Rounds, a multiple of the number of players; "
                                                         "offense rotates in seat order (0: twice round the table)")] = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        p = len(self.players)
        if self.rounds == 0:
            self.rounds = 2 * p
        elif self.rounds % p:
            raise FieldProblem("rounds", f"{self.rounds} is not a multiple of the {p} players, "
                                         "so not everyone would be offense equally often")


def _segment_text(v: str) -> str:
    m = SEGMENT.match(v)
    if not m:
        raise ValueError(f"'{v}' is not a segment; write its two end dots like A1-A5")
    return f"{m.group(1).upper()}-{m.group(2).upper()}"


class Results(Common, kw_only=True):
    rounds: Annotated[list[list[str]], Meta(
        max_length=64, description="One list per round: the segments in the order drawn, e.g. [A1-A5, A3-E3]")] = []

    def __post_init__(self) -> None:
        super().__post_init__()
        self.rounds = [each(segments, _segment_text, ("rounds", i)) for i, segments in enumerate(self.rounds)]


# ---------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Seg:
    """A segment between dots (r1, c1) and (r2, c2), ends sorted."""

    r1: int
    c1: int
    r2: int
    c2: int

    @property
    def horizontal(self) -> bool:
        return self.r1 == self.r2

    def dots(self) -> list[tuple[int, int]]:
        if self.horizontal:
            return [(self.r1, c) for c in range(self.c1, self.c2 + 1)]
        return [(r, self.c1) for r in range(self.r1, self.r2 + 1)]

    def __str__(self) -> str:
        return f"{coord(self.r1, self.c1)}-{coord(self.r2, self.c2)}"


def make_seg(a: tuple[int, int], b: tuple[int, int]) -> Seg:
    (r1, c1), (r2, c2) = sorted((a, b))
    return Seg(r1, c1, r2, c2)


def conflict(a: Seg, b: Seg) -> tuple[str, tuple[int, int]] | None:
    """('crossing', dot) or ('overlap', first shared dot) if a and b may not both be drawn."""
    if a.horizontal != b.horizontal:
        h, v = (a, b) if a.horizontal else (b, a)
        if h.c1 < v.c1 < h.c2 and v.r1 < h.r1 < v.r2:
            return "crossing", (h.r1, v.c1)
        return None
    if a.horizontal and a.r1 == b.r1 and min(a.c2, b.c2) - max(a.c1, b.c1) > 0:
        return "overlap", (a.r1, max(a.c1, b.c1))
    if not a.horizontal and a.c1 == b.c1 and min(a.r2, b.r2) - max(a.r1, b.r1) > 0:
        return "overlap", (max(a.r1, b.r1), a.c1)
    return None


def counts(segs: list[Seg]) -> dict[tuple[int, int], int]:
    """Each dot's count: ends there + 2 x segments passing through."""
    out: dict[tuple[int, int], int] = {}
    for s in segs:
        ds = s.dots()
        for i, d in enumerate(ds):
            out[d] = out.get(d, 0) + (1 if i in (0, len(ds) - 1) else 2)
    return out


def scoring_dots(segs: list[Seg]) -> list[tuple[int, int]]:
    return sorted(d for d, k in counts(segs).items() if k >= 3)


@dataclass
class Round:
    """One round as entered, checked."""

    index: int
    offense: str
    good: list[Seg]
    bad: list[Seg]
    points: int


# ---------------------------------------------------------------- the game


class Intersections(Game):
    id = "intersections"
    title = "Making Intersections"
    designer = "Leroy Quet"
    blurb = "draw segments on a dot array; the offense scores dots where 3 or more meet"
    Config = Config
    Results = Results

    # -- scoring

    def drawer(self, names: list[str], rnd: int, i: int) -> str:
        """Who draws segment i (from 0) of round rnd (from 0): the offense first, then in seat order."""
        return names[(rnd + i) % len(names)]

    def check(self, res: Results, report: Report) -> list[Round]:
        names, n, m = res.names, res.n, res.segments
        rounds: list[Round] = []
        for r, texts in enumerate(res.rounds):
            offense = names[r % len(names)]
            good: list[Seg] = []
            bad: list[Seg] = []
            for i, text in enumerate(texts):
                who = self.drawer(names, r, i)
                where = f"round {r + 1}, segment {i + 1} ({text})"
                if i >= m:
                    report.violation(who, "segments", where, f"round {r + 1} has {len(texts)} segments; "
                                                             f"only {m} are drawn each round")
                    continue
                ends = [parse_coord(t, n, n) for t in text.split("-")]
                off = [t for t, e in zip(text.split("-"), ends) if e is None]
                if off:
                    report.violation(who, "dots", where, f"{off[0]} is not a dot of the {n}x{n} array "
                                                         f"(rows A-{coord(n - 1, 0)[:-1]}, columns 1-{n})")
                    continue
                a, b = ends
                if a == b:
                    report.violation(who, "two-dots", where, f"both ends are {coord(*a)}; a segment joins two different dots")
                    continue
                if a[0] != b[0] and a[1] != b[1]:
                    report.violation(who, "straight", where, f"{coord(*a)} and {coord(*b)} are in neither one row "
                                                             "nor one column")
                    continue
                seg = make_seg(a, b)
                clash = next(((o, c) for o in good if (c := conflict(seg, o))), None)
                if clash:
                    other, (rule, dot) = clash
                    verb = "crosses" if rule == "crossing" else "runs along"
                    report.violation(who, rule, where, f"{seg} {verb} {other} at {coord(*dot)}")
                    bad.append(seg)
                    continue
                good.append(seg)
            if len(texts) < m:
                report.notes.append(f"round {r + 1} has {len(texts)} of {m} segments: scored as it stands")
            points = len(scoring_dots(good))
            report.scores[offense] += points
            rounds.append(Round(r, offense, good, bad, points))
        played = len(res.rounds)
        if played % len(names) or played == 0:
            report.notes.append(f"{played} round(s) entered: not every player has been offense equally often "
                                f"(play a multiple of {len(names)} rounds)")
        if report.violations:
            report.notes.append("offending segments are left out of the dot counts")
        return rounds

    def score(self, res: Results) -> Report:
        report = self.new_report(res)
        rounds = self.check(res, report)
        report.details += [f"round {r.index + 1}: {r.offense} (offense) scores {r.points}" for r in rounds]
        return report

    # -- printing

    @staticmethod
    def spacing(n: int, width: float, height: float) -> float:
        return max(6.0, min(20.0, width / (n - 1), height / (n - 1)))

    def kit(self, cfg: Config, paper: Paper) -> list[Page]:
        seats = cfg.seats()
        title = cfg.title or self.title
        pages: list[Page] = []
        for r in range(cfg.rounds):
            offense = seats[r % len(seats)]
            page = paper.page()
            y = header(page, paper, f"{title}: round {r + 1} of {cfg.rounds}",
                       f"Offense: {offense.name}. Draw {cfg.segments} segments, taking turns from the offense "
                       f"in seat order; log each one below.", offense)
            gap = self.spacing(cfg.n, paper.inner_width - 20, paper.bottom - y - 75)
            side = gap * (cfg.n - 1)
            x0 = paper.left + (paper.inner_width - side) / 2
            page.add(labelled_grid(x0, y + 8, cfg.n, cfg.n, gap, dots=True))
            y += side + 20
            pages += self.segment_log(page, paper, y, cfg, r, seats)
        pages.append(self.score_sheet(cfg, paper))
        return pages

    def segment_log(self, page: Page, paper: Paper, y: float, cfg: Config, rnd: int, seats: list[Player]) -> list[Page]:
        """The round's segment log below the array, running on to more pages if needed."""
        pages = [page]
        widths = (8.0, 26.0, 24.0)
        colw = sum(widths) + 4
        inset = 0.15  # half the table's pen: its outer lines stay inside the margin
        cols = int((paper.inner_width - 2 * inset + 4) // colw)
        row_h = 6.5
        i = 0
        page.add(Text(paper.left, y, "Segment log (write the two end dots, e.g. A1-A5)", 9, bold=True))
        y += 2
        while i < cfg.segments:
            rows = int((paper.bottom - 8 - y) // row_h) - 1
            if rows < 2:
                page = paper.page()
                pages.append(page)
                y = header(page, paper, f"{cfg.title or self.title}: round {rnd + 1}, segment log (continued)")
                continue
            left = cfg.segments - i
            rows = min(rows, -(-left // cols))  # balance the columns
            for c in range(cols):
                take = min(rows, cfg.segments - i)
                if take <= 0:
                    break
                x = paper.left + inset + c * colw
                page.add(table(x, y, widths, take, row_h, ("#", "player", "segment"), 8))
                for k in range(take):
                    who = seats[(rnd + i + k) % len(seats)]
                    ty = y + (k + 1.5) * row_h + 1.2
                    page.add(Text(x + widths[0] - 1.2, ty, str(i + k + 1), 8, "end"))
                    page.add(Text(x + widths[0] + 1.2, ty, fit_text(who.name, widths[1] - 2.4, 8), 8, color=who.color))
                i += take
            y = paper.bottom
        return pages

    def score_sheet(self, cfg: Config, paper: Paper) -> Page:
        seats = cfg.seats()
        page = paper.page()
        y = header(page, paper, f"{cfg.title or self.title}: score sheet",
                   "After each round, the offense scores 1 point per dot where 3 or more segment ends meet "
                   "(a segment passing through counts 2).")
        row_h = 7.0
        inset = 0.15  # half the table's pen: its outer lines stay inside the margin
        name_w = min(34.0, (paper.inner_width - 18 - 2 * inset) / len(seats))
        widths = [18.0] + [name_w] * len(seats)
        left = paper.left + inset
        rows = min(cfg.rounds + 1, int((paper.bottom - 10 - y) // row_h) - 1)
        page.add(table(left, y, widths, rows, row_h, ["round"] + [s.name for s in seats], 8))
        for r in range(rows):
            ty = y + (r + 1.5) * row_h + 1.2
            if r == cfg.rounds:
                page.add(Text(left + 1.5, ty, "total", 8, bold=True))
                continue
            page.add(Text(left + 1.5, ty, str(r + 1), 8))
            for k in range(len(seats)):  # only the offense scores: the other cells are shaded
                if k != r % len(seats):
                    page.add(Rect(left + widths[0] + k * name_w + 0.4, y + (r + 1) * row_h + 0.4,
                                  name_w - 0.8, row_h - 0.8, None, (0.88, 0.88, 0.88)))
        for k, s in enumerate(seats):
            page.add(s.badge(left + widths[0] + k * name_w + 3.5, y + row_h / 2, 3.0))
        return page

    # -- pictures

    def draw_round(self, n: int, gap: float, good: list[Seg], bad: list[Seg], offense: Player) -> list[Item]:
        """A round drawn from (0, 0): the array, the segments, scoring dots ringed with their counts."""
        items: list[Item] = labelled_grid(0, 0, n, n, gap, dots=True)

        def line(s: Seg) -> tuple[float, float, float, float]:
            return (s.c1 * gap, s.r1 * gap, s.c2 * gap, s.r2 * gap)

        if good:
            items.append(Lines(tuple(line(s) for s in good), Pen(width=0.7, round=True)))
        if bad:
            items.append(Lines(tuple(line(s) for s in bad), MISTAKE))
        cnt = counts(good)
        for (r, c), k in sorted(cnt.items()):
            if k >= 3:
                items.append(Circle(c * gap, r * gap, min(2.6, gap * 0.3), Pen(offense.color, 0.6)))
                items.append(Text(c * gap + 2.2, r * gap - 1.6, str(k), 7, color=offense.color, bold=True))
        return items

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        seats = {p.name: p for p in res.seats()}
        rounds = self.check(res, self.new_report(res))
        gap = max(6.0, min(14.0, 100 / (res.n - 1)))
        panel_w, panel_h = gap * (res.n - 1) + 22, gap * (res.n - 1) + 24
        cols = max(1, int((paper.inner_width + 8) // (panel_w + 8)))
        pages: list[Page] = []
        page, row_y, col = None, 0.0, cols
        for rd in rounds:
            if col == cols:  # start a new row of panels, on a new page if needed
                col = 0
                row_y = row_y + panel_h if page is not None else 0.0
                if page is None or row_y + panel_h > paper.bottom - 8:
                    page = paper.page()
                    pages.append(page)
                    row_y = header(page, paper, f"{res.title or self.title}: results as entered",
                                   "Thick: segments; red dashed: segments that break a rule; "
                                   "ringed: the offense's dots (count beside).")
            x = paper.left + col * (panel_w + 8)
            off = seats[rd.offense]
            page.add(Text(x, row_y + 4, fit_text(f"Round {rd.index + 1}: {rd.offense} (offense) scores {rd.points}",
                                                 panel_w, 10, True), 10, bold=True, color=off.color))
            page.add(moved(self.draw_round(res.n, gap, rd.good, rd.bad, off), x + 8, row_y + 14))
            col += 1
        if not pages:
            page = paper.page()
            header(page, paper, f"{res.title or self.title}: results as entered", "No rounds entered.")
            pages.append(page)
        return pages

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        gap = 11.0
        me = Player(0, "offense", "blue", (0.0, 0.447, 0.698), (), "circle")
        if name == "example":
            p = lambda t: parse_coord(t, 4, 4)  # noqa: E731
            good = [make_seg(p("A1"), p("A4")), make_seg(p("A2"), p("C2")), make_seg(p("C1"), p("C4"))]
            bad = [make_seg(p("B3"), p("D3"))]
            items = moved(self.draw_round(4, gap, good, bad, me), 8, 8)
            x = 8 + 3 * gap + 14
            notes = ["Drawn in order: A1-A4, A2-C2, C1-C4.",
                     "A2: A1-A4 passes through (2) and A2-C2 ends there (1): count 3.",
                     "C2: C1-C4 passes through (2) and A2-C2 ends there (1): count 3.",
                     "B2: A2-C2 passes through: count 2, no point.",
                     "The offense scores 2 (the ringed dots).",
                     "Dashed: B3-D3 would cross C1-C4 at C3, inside both: not allowed.",
                     "B1-B2 would be fine: it ends at B2 on A2-C2."]
            for i, t in enumerate(notes):
                items.append(Text(x, 6 + i * 5.2, fit_text(t, width - x, 9), 9))
            return items, 3 * gap + 12
        raise KeyError(name)

    def record_template(self, cfg: Config) -> str:
        lines = ["# One list per round, the segments in the order they were drawn,",
                 "# each written as its two end dots, e.g. [A1-A5, A3-E3, C1-C3].",
                 f"# {cfg.segments} segments per round; the offense draws first, then seat order.",
                 "rounds:"]
        for r in range(cfg.rounds):
            lines.append(f"  - []   # round {r + 1}: offense {cfg.names[r % len(cfg.names)]}")
        return "\n".join(lines) + "\n"


GAME = Intersections()

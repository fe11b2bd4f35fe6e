"""Making Intersections on the entry page: each round's dot array with its segments in the drawers'
colours, every dot (``2:C3``) and every segment (``2:C1-C3``) a place to point at."""

from __future__ import annotations

from ...draw import Circle, Hit, Lines, Page, Pen, Text, fit_text, hit_grid, hit_line, moved
from ...report import Report
from ...sheet import Paper, labelled_grid
from ...coords import coord, parse_coord
from .geometry import counts
from .score import check, drawer
from .model import Config, ID, Results


GAP = 10.0  # dot spacing on screen, in the drawing's millimetres (the page scales it)


def _rounds(res: "Results") -> list[list[str]]:
    """The rounds shown: those entered, one more to draw in once every entered round has begun, and one
    beyond that, so that the sheet a new round adds comes two below the one a finger draws in: nothing in
    view moves down.  A game played out (every round drawn to its last segment, each player offense equally
    often) shows one round more, for players who play on, and no second one."""
    rounds = [list(r) for r in res.rounds]
    if _played_out(res):
        return rounds + [[]]
    if not rounds or rounds[-1]:
        rounds.append([])
    return rounds + [[]]


def _played_out(res: "Results") -> bool:
    return bool(res.rounds) and len(res.rounds) % len(res.names) == 0 and all(len(r) >= res.segments for r in res.rounds)


def board(res: "Results", report: Report, paper: Paper) -> list[Page]:
    seats = {p.name: p for p in res.seats()}
    checked = check(res, Report.empty(ID, res.names))
    n, side = res.n, GAP * (res.n - 1)
    pages = []
    for r, texts in enumerate(_rounds(res)):
        offense = seats[res.names[r % len(res.names)]]
        points = checked[r].points if r < len(checked) else 0
        page = Page(side + 20, side + 19)
        fresh = r >= len(res.rounds)
        title = f"Round {r + 1}: {offense.name} (offense) scores {points}" if not fresh else \
            f"Round {r + 1}, if you play on: {offense.name} is offense" if _played_out(res) else \
            f"Round {r + 1} (new): {offense.name} is offense"
        page.add(Text(2, 6, fit_text(title, side + 16, 11, True), 11, bold=True, color=offense.color))
        items = labelled_grid(0, 0, n, n, GAP, dots=True)
        hits: list = []
        for i, text in enumerate(texts):
            ends = [parse_coord(t, n, n) for t in text.split("-")]
            if None in ends or len(ends) != 2:
                continue  # an end off the array: named in the mistakes, nothing to draw
            (r1, c1), (r2, c2) = ends
            pen = seats[drawer(res.names, r, i)].pen(0.8)
            items.append(Lines(((c1 * GAP, r1 * GAP, c2 * GAP, r2 * GAP),), pen))
            mx, my = (c1 + c2) * GAP / 2, (r1 + r2) * GAP / 2
            items.append(Text(mx + (1.2 if c1 == c2 else 0), my + (-1.2 if r1 == r2 else 1.0), str(i + 1), 7,
                              "start" if c1 == c2 else "middle", color=(0.45, 0.45, 0.45)))
            hits.append(hit_line(f"{r + 1}:{text}", c1 * GAP, r1 * GAP, c2 * GAP, r2 * GAP, GAP * 0.34, "segment"))
        if r < len(checked):
            for (dr, dc), k in sorted(counts(checked[r].good).items()):
                if k >= 3:
                    items.append(Circle(dc * GAP, dr * GAP, 2.6, Pen(offense.color, 0.6)))
                    items.append(Text(dc * GAP + 2.4, dr * GAP - 1.8, str(k), 7, color=offense.color, bold=True))
        half = GAP * 0.42
        hits += [Hit(f"{r + 1}:{coord(dr, dc)}", dc * GAP - half, dr * GAP - half, 2 * half, 2 * half, "dot", True)
                 for dr in range(n) for dc in range(n)]
        hits.append(hit_grid(f"grid:{r + 1}", 0, 0, side, side, n - 1, n - 1))
        page.add(moved(items + hits, 12, 16))
        pages.append(page)
    return pages


def board_info(res: "Results", report: Report) -> dict:
    names = res.names
    return {"n": res.n, "rounds": [{"offense": names[r % len(names)], "drawn": len(texts), "of": res.segments,
                                    "next": drawer(names, r, len(texts))} for r, texts in enumerate(_rounds(res))]}


def editors(cfg: "Config") -> list[dict]:
    return [{"path": ["rounds", r], "label": f"Round {r + 1} (offense {cfg.names[r % len(cfg.names)]})",
             "kind": "items", "rows": 2, "hint": "A1-A5, A3-E3, C1-C3"} for r in range(cfg.rounds)]


ANSWERS: dict = {}  # no questions to ask about a record yet


def places(res: Results) -> list[str]:
    """Each segment whose ends are dots of the array (``2:C1-C3``), and its two end dots (``2:C1``)."""
    out = []
    for r, texts in enumerate(res.rounds):
        for text in texts:
            ends = [parse_coord(t, res.n, res.n) for t in text.split("-")]
            if len(ends) == 2 and None not in ends:
                out += [f"{r + 1}:{text}"] + [f"{r + 1}:{coord(*end)}" for end in ends]
    return out


def ref_of(res: Results, path: tuple) -> str | None:
    """A round's dot array (``grid:2``)."""
    return f"grid:{path[1] + 1}" if path[:1] == ("rounds",) and len(path) > 1 and isinstance(path[1], int) else None


def said(path: tuple) -> str | None:
    """A round as players say it: "round 3", or "round 3, segment 2"."""
    if path[:1] == ("rounds",) and len(path) > 1 and isinstance(path[1], int):
        seg = f", segment {path[2] + 1}" if len(path) > 2 and isinstance(path[2], int) else ""
        return f"round {path[1] + 1}{seg}"
    return "the rounds" if path == ("rounds",) else None

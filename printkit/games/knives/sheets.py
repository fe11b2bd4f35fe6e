"""Selling Knives Door-to-Door: the printed kit (claim reference cards, the map, the road checklist,
a claim log per player) and the rule sheet's figures.  The map drawing is shared with the picture.
"""

from __future__ import annotations

import math
import sys
from typing import TYPE_CHECKING

from ...draw import GREY, PT, Circle, Item, Lines, Page, Pen, Rect, Text, fit_text, moved, table, wrap
from ...sheet import Paper, Player, header, players as make_players
from .cards import CARD_RULE, RANKS, VALUE, all_roads, pair_claims, road_count

if TYPE_CHECKING:
    from .game import Common, Config, Knives


def ring(k: int, radius: float, rmax: float = 7.5) -> tuple[list[tuple[float, float]], float]:
    """Centre positions on a ring (1 at the top, clockwise) around (0, 0), and the circle radius."""
    pts = [(radius * math.sin(2 * math.pi * i / k), -radius * math.cos(2 * math.pi * i / k)) for i in range(k)]
    chord = 2 * radius * math.sin(math.pi / k)
    clear = radius * (1 - math.cos(2 * math.pi / k))  # how close the road i..i+2 passes to centre i+1
    r = max(min(4.0, rmax), min(rmax, 0.8 * clear, 0.42 * chord))
    return pts, r


def draw_map(k: int, radius: float, traced: list[tuple[tuple[int, int], Pen]] = (),
             guides: bool = True, rmax: float = 7.5) -> list[Item]:
    """The map around (0, 0): faint guides for every road, traced roads on top, numbered centres."""
    pts, r = ring(k, radius, rmax)

    def seg(a: int, b: int, inset: float) -> tuple[float, float, float, float]:
        (x1, y1), (x2, y2) = pts[a - 1], pts[b - 1]
        d = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / d, (y2 - y1) / d
        return (x1 + ux * inset, y1 + uy * inset, x2 - ux * inset, y2 - uy * inset)

    items: list[Item] = []
    if guides:
        items.append(Lines(tuple(seg(a, b, r) for a, b in all_roads(k)), Pen((0.74, 0.74, 0.74), 0.25)))
    by_pen: dict[Pen, list] = {}
    for (a, b), pen in traced:
        by_pen.setdefault(pen, []).append(seg(a, b, r))
    for pen, segs in by_pen.items():
        items.append(Lines(tuple(segs), pen))
    size = min(12.0, r / PT * 0.85)
    for i, (x, y) in enumerate(pts):
        items.append(Circle(x, y, r, Pen(width=0.5), (1.0, 1.0, 1.0)))
        items.append(Text(x, y + size * PT * 0.36, str(i + 1), size, "middle", True))
    return items


def map_page(cfg: Common, paper: Paper, seats: list[Player], title: str) -> Page:
    page = paper.page()
    y = header(page, paper, f"{title}: the map ({cfg.kcount} knife centres, {road_count(cfg.kcount)} roads)",
               "Claim a road by tracing its faint line in your colour and pattern, then mark it on the road checklist.")
    legend_h = 8 + 6 * math.ceil(len(seats) / 2)
    side = min(paper.inner_width, paper.bottom - 8 - legend_h - y)
    _, r = ring(cfg.kcount, side / 2 - 8)
    radius = side / 2 - r - 0.5
    cx, cy = paper.left + paper.inner_width / 2, y + side / 2
    page.add(moved(draw_map(cfg.kcount, radius), cx, cy))
    y += side + 4
    page.add(legend(seats, paper.left, y, paper.inner_width))
    if not CARD_RULE[0] <= cfg.kcount <= CARD_RULE[1]:
        page.add(Text(paper.left, paper.bottom - 4, f"Custom map: kcount {cfg.kcount} (the card rule gives 8 to 14).",
                      8, color=GREY))
    return page


def legend(seats: list[Player], x: float, y: float, width: float) -> list[Item]:
    items: list[Item] = [Text(x, y + 3, "Markers:", 9, bold=True)]
    cols = 2 if width > 150 else 1
    colw = (width - 18) / cols
    for i, s in enumerate(seats):
        lx = x + 18 + (i % cols) * colw
        ly = y + 3 + (i // cols) * 6
        items.append(Lines(((lx, ly - 1.1, lx + 14, ly - 1.1),), s.pen(0.8)))
        items += s.badge(lx + 17.5, ly - 1.1, 3.2)
        items.append(Text(lx + 21, ly, fit_text(f"{s.name}: {s.colour_name}, {dash_name(s.dash)}",
                                                colw - 23, 9), 9, color=s.color))
    return items


def dash_name(dash: tuple[float, ...]) -> str:
    if not dash:
        return "solid line"
    if len(dash) == 2:
        return "dotted line" if dash[0] < 1 else "dashed line"
    return "dash-dot line" if len(dash) == 4 else "dash-dot-dot line"


def checklist_page(cfg: Common, paper: Paper, title: str) -> Page:
    k = cfg.kcount
    page = paper.page()
    y = header(page, paper, f"{title}: road checklist",
               "Write your initial (or draw your symbol) in a road's box when you claim it: row = smaller centre, "
               "column = larger.")
    cell = min(16.0, (paper.inner_width - 10) / (k - 1))
    x0 = paper.left + 9
    y0 = y + 7
    size = min(10.0, max(7.0, cell / PT * 0.42))
    segs = []
    for a in range(1, k):
        ry = y0 + (a - 1) * cell
        page.add(Text(x0 - 2, ry + cell / 2 + size * PT * 0.35, str(a), size, "end", True))
        first = x0 + (a - 1) * cell
        segs.append((first, ry, x0 + (k - 1) * cell, ry))
        segs.append((first, ry + cell, x0 + (k - 1) * cell, ry + cell))
        for b in range(a + 1, k + 1):
            cx = x0 + (b - 2) * cell
            segs.append((cx, ry, cx, ry + cell))
            if cell >= 12:
                page.add(Text(cx + 1, ry + 7 * PT + 0.6, f"{a}-{b}", 7, color=(0.6, 0.6, 0.6)))
        segs.append((x0 + (k - 1) * cell, ry, x0 + (k - 1) * cell, ry + cell))
    for b in range(2, k + 1):
        page.add(Text(x0 + (b - 1.5) * cell, y0 - 1.8, str(b), size, "middle", True))
    page.add(Lines(tuple(segs), Pen(width=0.3)))
    # roads left: a counter to strike through, one number per road claimed
    total = road_count(k)
    box_w, box_h = 8.0, 6.5
    per_row = int((paper.inner_width - 1) // box_w)
    rows = math.ceil(total / per_row)
    ty = y0 + (k - 1) * cell + 8
    if ty + 3 + rows * box_h <= paper.bottom - 6:
        page.add(Text(paper.left, ty, "Roads left: strike one number for every road claimed (a claim may never "
                                      "take more roads than are left).", 8.5, bold=True))
        segs = []
        x0 = paper.left + 0.5
        for r in range(rows):
            cnt = min(per_row, total - r * per_row)
            by = ty + 2.5 + r * box_h
            segs.append((x0, by, x0 + cnt * box_w, by))
            segs.append((x0, by + box_h, x0 + cnt * box_w, by + box_h))
            segs += [(x0 + c * box_w, by, x0 + c * box_w, by + box_h) for c in range(cnt + 1)]
            for c in range(cnt):
                page.add(Text(x0 + (c + 0.5) * box_w, by + box_h / 2 + 8 * PT * 0.35,
                              str(total - r * per_row - c), 8, "middle"))
        page.add(Lines(tuple(segs), Pen(width=0.25)))
    return page


def claim_log(cfg: Common, paper: Paper, seat: Player, title: str) -> Page:
    k = cfg.kcount
    page = paper.page()
    mult = ", ".join(str(k * m) for m in range(1, 6))
    y = header(page, paper, f"{title}: claim log",
               f"One row per claim. Points spent must be exactly {k} per road ({mult}, ...); an ace is 1 or 14.",
               seat)
    widths = [14.0, 62.0, 20.0, 0.0, 22.0]
    widths[3] = paper.inner_width - 1 - sum(widths)
    row_h = 8.0
    rows = int((paper.bottom - 8 - y) // row_h) - 1
    page.add(table(paper.left + 0.5, y, widths, rows, row_h, ("turn", "cards spent", "points", "roads claimed (e.g. 3-7)",
                                                          "my roads"), 8.5))
    return page


def reference(k: int, width: float) -> tuple[list[Item], float]:
    """The claim-combination reference card for kcount k, from (0, 0): items and height."""
    items: list[Item] = []
    y = 6.0
    items.append(Text(0, y, f"Claim reference: {k} knife centres", 13, bold=True))
    y += 5.5
    items.append(Text(0, y, "Card values: A = 1 or 14 (each ace as you like), 2 to 10 as shown, J = 11, Q = 12, "
                            "K = 13.", 9))
    y += 4.5
    items.append(Text(0, y, fit_text(f"A claim spends cards worth exactly {k} points per road. Count each ace as 1 "
                                     "first; every ace switched to 14 adds 13.", width, 9), 9))
    y += 3
    # the multiples, and what the other cards must make beside one or two aces
    heads = ("roads", "points", "no ace", "one ace as 1", "one ace as 14", "two aces (2, 15 or 28)")
    widths = [14.0, 16.0, 22.0, 28.0, 28.0, 0.0]
    widths[-1] = min(60.0, width - sum(widths))
    rows = 6
    row_h = 6.0
    items += table(0.5, y, widths, rows, row_h, heads, 8)
    for m in range(1, rows + 1):
        t = m * k
        cells = [str(m), str(t), f"cards make {t}",
                 f"others make {t - 1}" if t - 1 > 0 else "-",
                 f"others make {t - 14}" if t - 14 > 0 else ("ace alone" if t == 14 else "-"),
                 "others make " + " or ".join(str(t - a) for a in (2, 15, 28) if t - a >= 0) if t >= 2 else "-"]
        cx = 0.5
        ty = y + (m + 0.5) * row_h + 8 * PT * 0.35
        for w, c in zip(widths, cells):
            items.append(Text(cx + 1.5, ty, fit_text(c, w - 2, 8), 8))
            cx += w
    y += (rows + 1) * row_h + 4
    items.append(Text(0, y, "With aces, the table gives what the other cards must add up to.", 8, color=GREY))
    y += 5
    # single cards and pairs that claim
    items.append(Text(0, y, "One or two cards that claim:", 9, bold=True))
    y += 1
    for m, combos in pair_claims(k).items():
        text = f"{m} road{'s' if m > 1 else ''} ({m * k}): " + "  \u00b7  ".join(combos)
        for line in wrap(text, width, 8.5):
            y += 8.5 * PT * 1.3
            items.append(Text(2, y, line, 8.5))
    y += 5
    # remainders
    items.append(Text(0, y, f"Remainders: what each card leaves over after {k}s; a claim works when the "
                            f"remainders add up to 0, {k}, {2 * k}, ...", 9, bold=True))
    y += 1.5
    cw = min(14.0, width / 13)
    rem_h = 5.2
    for i, r in enumerate(RANKS):
        v = VALUE[r]
        rem = f"{v % k} / {14 % k}" if r == "A" else str(v % k)
        items.append(Text(i * cw + cw / 2, y + 4, r, 8.5, "middle", True))
        items.append(Text(i * cw + cw / 2, y + 4 + rem_h, rem, 8, "middle"))
    items.append(Lines(((0.5, y + 5.3, 13 * cw, y + 5.3),), Pen(width=0.2)))
    y += 4 + rem_h + 2
    return items, y


def reference_page(cfg: Common, paper: Paper, title: str) -> Page:
    page = paper.page()
    y = header(page, paper, f"{title}: claim reference cards",
               "Two copies: cut along the dashed line and keep one within reach.")
    items, h = reference(cfg.kcount, paper.inner_width)
    page.add(moved(items, paper.left, y))
    mid = y + h + 6
    if mid + 6 + h <= paper.bottom - 6:
        page.add(Lines(((paper.left, mid, paper.right, mid),), Pen(GREY, 0.3, (3.0, 2.0))))
        page.add(moved(items, paper.left, mid + 4))
    return page


def kit(game: Knives, cfg: Config, paper: Paper) -> list[Page]:
    seats = cfg.seats()
    title = cfg.title or game.title
    if not CARD_RULE[0] <= cfg.kcount <= CARD_RULE[1]:
        sys.stderr.write(f"printkit: note: kcount {cfg.kcount} is outside the card rule's 8 to 14 (a custom map)\n")
    pages = [reference_page(cfg, paper, title), map_page(cfg, paper, seats, title),
             checklist_page(cfg, paper, title)]
    pages += [claim_log(cfg, paper, s, title) for s in seats]
    return pages


def figure(name: str, width: float) -> tuple[list[Item], float]:
    if name == "hands":
        return hands_figure(width)
    if name == "example":
        return example_figure(width)
    if name == "reference":
        return reference(12, width)
    raise KeyError(name)


def cards_row(ranks: list[str], x: float, y: float, label: list[str] | None = None) -> list[Item]:
    """Little playing cards from (x, y), 9 x 13 mm each."""
    items: list[Item] = []
    for i, r in enumerate(ranks):
        cx = x + 0.5 + i * 10.5
        items.append(Rect(cx, y, 9, 13, Pen(width=0.35), (1, 1, 1)))
        items.append(Text(cx + 4.5, y + 8.3, r, 11, "middle", True))
        if label and label[i]:
            items.append(Text(cx + 4.5, y + 17, label[i], 7, "middle", color=(0.3, 0.3, 0.3)))
    return items


def hands_figure(width: float) -> tuple[list[Item], float]:
    items: list[Item] = []
    items.append(Text(0, 4, "kcount 12. The hand K 10 4:", 9, bold=True))
    items += cards_row(["K", "10", "4"], 0, 7)
    items.append(Text(36, 12, "All three: 27. Two at a time: 23, 17, 14. One: 13, 10, 4.", 9))
    items.append(Text(36, 17, "None of these is 12, 24 or 36, and there is no ace to switch: no claim yet. Draw.", 9))
    y = 30.0
    items.append(Text(0, y, "The hand Q A 6 4 (the ace counts 1 or 14):", 9, bold=True))
    items += cards_row(["Q", "A", "6", "4"], 0, y + 3)
    opts = [(["Q"], ["12"], ["1 road:", "spend Q (12)"]),
            (["A", "6", "4"], ["14", "6", "4"], ["2 roads:", "A as 14 + 6 + 4 = 24"]),
            (["Q", "A", "6", "4"], ["12", "14", "6", "4"], ["3 roads:", "12 + 14 + 6 + 4 = 36"])]
    x = 52.0
    for cards_, vals, text in opts:
        items += cards_row(cards_, x, y + 3, vals)
        items.append(Text(x, y + 24, text[0], 8.5, bold=True))
        items.append(Text(x, y + 28, text[1], 8.5))
        x += max(len(cards_) * 10.5, 34) + 8
    items.append(Text(0, y + 35, "With the ace as 1, Q A 6 4 makes 23 and A 6 4 makes 11: no multiple of 12. "
                                 "Counting the ace as 14 is what makes 24 and 36.", 9))
    return items, y + 38


def example_figure(width: float) -> tuple[list[Item], float]:
    seats = make_players(["Ann", "Ben"])
    ann, ben = seats[0].pen(0.9), seats[1].pen(0.9)
    traced = [((1, 2), ann), ((3, 4), ben), ((4, 5), ben), ((5, 6), ben), ((1, 4), ann)]
    items = moved(draw_map(6, 26, traced, rmax=5.0), 33, 33)
    rows = [("Ann claims 1-2 with 6", "6: one road"),
            ("Ben claims 3-4 4-5 5-6 with A 4", "ace as 14, + 4 = 18: three roads"),
            ("Ann claims 1-4 with 2 4", "2 + 4 = 6: one road")]
    x = 74.0
    items.append(Text(x, 6, "kcount 6: a small map of 15 roads, for the picture.", 9, bold=True))
    for i, (rec, why) in enumerate(rows):
        items.append(Text(x, 13 + i * 5.5, rec, 9))
        items.append(Text(x + 56, 13 + i * 5.5, fit_text(why, width - x - 56, 9), 9, color=GREY))
    notes = ["On the checklist Ann writes her initial in boxes 1-2 and 1-4, Ben in 3-4, 4-5 and 5-6.",
             "5 of 15 roads are claimed, so no claim may now take more than the 10 left.",
             "Ann has 2 roads, Ben 3: Ben spent one turn on three roads, Ann two turns on two."]
    y = 33.0
    for t in notes:
        for ln in wrap(t, width - x, 9):
            items.append(Text(x, y, ln, 9))
            y += 4.2
        y += 1.2
    items += legend(seats, x, y + 1, width - x)
    return items, max(68.0, y + 16)

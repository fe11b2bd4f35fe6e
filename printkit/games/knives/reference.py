"""Selling Knives Door-to-Door: the claim card for one kcount, the set-up card (how kcount is drawn),
and, for ``kcount: draw``, the map and claim card of every count the draw can give, two to a page.

Cards are written everywhere as in a results file: ``A 2 ... 10 J Q K``, an ace just ``A`` (its
value, 1 or 14, is the one that makes the total).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...draw import GREY, PT, Item, Lines, Page, Pen, Text, fit_size, fit_text, moved, text_width, wrap
from ...sheet import Player
from .cards import ACE_HIGH, CARD_RULE, RANKS, SETUP, VALUE, pair_claims, road_count
from .roadmap import draw_map, fit
from ... import names

if TYPE_CHECKING:
    from ...sheet import Paper

SIZE = 7.5  # the cards' small print
LEAD = SIZE * PT * 1.3
CARD_W = 73.0  # a claim card beside its map
SEP = "  \u00b7  "


class Flow:
    """Lines set one under another from y = 0, ``width`` wide."""

    def __init__(self, width: float):
        self.width, self.y, self.items = width, 0.0, []

    def text(self, text: str, size: float = SIZE, bold: bool = False, x: float = 0.0, color=(0, 0, 0),
             gap: float = 0.0) -> None:
        self.y += gap
        for line in wrap(text, self.width - x, size, bold):
            self.y += size * PT * 1.3
            self.items.append(Text(x, self.y, line, size, bold=bold, color=color))

    def columns(self, rows: list[list[str]], widths: list[float], bold_first: bool = True) -> None:
        """A small table of text (no ruled cells): the first row bold, a rule under it."""
        for i, row in enumerate(rows):
            self.y += LEAD
            x = 0.0
            for w, cell in zip(widths, row):
                self.items.append(Text(x, self.y, fit_text(cell, w - 1, SIZE, i == 0 and bold_first), SIZE,
                                       bold=i == 0 and bold_first))
                x += w
            if i == 0:
                self.items.append(Lines(((0, self.y + 1.0, sum(widths), self.y + 1.0),), Pen(GREY, 0.2)))
                self.y += 0.6


def claim_card(k: int, width: float) -> tuple[list[Item], float]:
    """What a claim needs at kcount k, from (0, 0), ``width`` wide: items and height."""
    f = Flow(width)
    f.text(f"Spend exactly {k} points for each road:", 8, True)
    label = 12.0
    cw = max(7.0, text_width(str(k * 10), SIZE) + 2.2)
    n = min(road_count(k), max(4, min(10, int((width - label) // cw))))  # never more roads than the map has
    f.columns([["roads"] + [str(m) for m in range(1, n + 1)], ["points"] + [str(k * m) for m in range(1, n + 1)]],
              [label] + [cw] * n)
    f.text("Cards: A is 1 or 14, 2 to 10 as shown, J 11, Q 12, K 13.", gap=1.2)
    f.text("Write an ace as A: the value that makes the total is the one used.")
    f.text("One or two cards that claim:", 8, True, gap=1.2)
    for m, combos in pair_claims(k).items():
        if m > road_count(k):
            break
        f.text(f"{m} road{'s' if m > 1 else ''}: " + SEP.join(combos), x=2)
    f.text("Beside aces, the other cards make:", 8, True, gap=1.2)
    rows = [["roads", "no ace", "one A", "two A"]]
    for m in range(1, min(4, road_count(k)) + 1):
        t = m * k
        rows.append([str(m), str(t), _others(t, 1), _others(t, 2)])
    w0 = 10.0
    rest = (width - w0) / 7
    f.columns(rows, [w0, rest * 1.6, rest * 2.4, rest * 3.0])
    f.text(f"Remainders after {k}s (a claim's add up to 0, {k}, {2 * k} ...):", 8, True, gap=1.2)
    cw = width / 13
    f.y += LEAD
    for i, r in enumerate(RANKS):
        f.items.append(Text(i * cw + cw / 2, f.y, r, SIZE, "middle", True))
        v = VALUE[r]
        rem = f"{v % k}/{ACE_HIGH % k}" if r == "A" else str(v % k)
        f.items.append(Text(i * cw + cw / 2, f.y + LEAD + 0.4, rem, SIZE if len(rem) < 4 else 7, "middle"))
    f.items.append(Lines(((0, f.y + 1.0, width, f.y + 1.0),), Pen(GREY, 0.2)))
    f.y += LEAD + 1.4
    return f.items, f.y


def _others(t: int, aces: int) -> str:
    """What the other cards must add up to beside ``aces`` aces (each 1 or 14), for a total t."""
    made = sorted({t - (aces - high) - ACE_HIGH * high for high in range(aces + 1)} - {t}, reverse=True)
    shown = [("nothing" if v == 0 else str(v)) for v in made if v >= 0]
    return " or ".join(shown) if shown else "-"


def setup_card(width: float, height: float, seats: list[Player], where: dict[int, str], title: str) -> list[Item]:
    """How kcount is drawn at the table, which map to play on, and the players' markers."""
    head, size = fit_size(f"{title}: set-up, drawing kcount (the number of knife centres)", width, 12, 9, True)
    items: list[Item] = [Text(0, 5, head, size, bold=True)]
    left_w = width * 0.56
    f = Flow(left_w)
    f.y = 7.0
    steps = ["Shuffle the deck. Starting with the first player, take turns drawing one card until someone draws "
             "a card higher than 7.",
             "That card gives kcount, the number of knife centres: 8, 9 or 10 as shown, J 11, Q 12, K 13, and an ace "
             "14 (in this draw only).",
             "Put the drawn cards back and shuffle: the deck is the draw pile.",
             "Play on the map and claim card titled with your kcount, and start the roads-left counter on the "
             "road checklist at its number of roads.",
             "Every turn goes on the turn log, one row each, so the log is the whole game."]
    for i, step in enumerate(steps, 1):
        lines = wrap(step, left_w - 5, 8.5)
        for j, line in enumerate(lines):
            f.y += 8.5 * PT * 1.32
            if j == 0:
                f.items.append(Text(0, f.y, f"{i}.", 8.5, bold=True))
            f.items.append(Text(5, f.y, line, 8.5))
        f.y += 1.2
    items += f.items
    # the counts and where to find them
    tx = left_w + 5
    tw = width - tx
    rows = [["card", "kcount", "roads", "map and claim card"]] + \
        [[r, str(k), str(road_count(k)), where.get(k, "")] for r, k in SETUP]
    ws = [tw * 0.14, tw * 0.18, tw * 0.16, tw * 0.52]
    t = Flow(tw)
    t.y = 7.0
    t.columns(rows, ws)
    items += moved(t.items, tx, 0)
    turn = Flow(tw)
    turn.y = t.y + 3
    turn.text("Each turn: draw one card, or claim roads with cards worth exactly kcount points a road "
              "(an ace counts 1 or 14).", 8.5, True)
    turn.text("On the turn log, one row a turn: a draw, the card (Q); a claim, the roads then the cards "
              "(3-4 5-6  A 6 4). Write an ace as A.", 8.5, gap=0.8)
    items += moved(turn.items, tx, 0)
    y = max(f.y, turn.y) + 5
    items.append(Text(0, y, "Markers:", 8.5, bold=True))
    widest = max(text_width(f"{s.name}: {s.colour_name}", 7) for s in seats)
    cols = max(1, min(4 if width > 150 else 2, int((width - 16) // (widest + 16.5))))  # every name whole
    colw = (width - 16) / cols
    for i, s in enumerate(seats):
        lx, ly = 16 + (i % cols) * colw, y + (i // cols) * 5.2
        items.append(Lines(((lx, ly - 1.1, lx + 9, ly - 1.1),), s.pen(0.8)))
        items += s.badge(lx + 11.5, ly - 1.1, 2.8)
        items += names.label(s.name, lx + 14.5, ly, colw - 16, 8, color=s.color, after=f": {s.colour_name}")
    return items


def block(k: int, width: float, height: float, title: str) -> list[Item]:
    """The map of kcount k with its claim card beside it, titled, from (0, 0): ``width`` x ``height``."""
    rank = next((r for r, v in SETUP if v == k), None)
    head = f"kcount {k}" + (f" (the card drawn: {rank})" if rank else "") + f": {k} knife centres, {road_count(k)} roads"
    items: list[Item] = [Text(0, 5, fit_text(head, width, 12, True), 12, bold=True)]
    side = min(height - 8, width - CARD_W - 5)
    items += moved(draw_map(k, fit(k, side)), side / 2, 8 + side / 2)
    card_x = side + 5
    cw = width - card_x
    card, h = claim_card(k, cw)
    items += moved(card, card_x, 8.5)
    lines = wrap(f"{title}: kcount {k}", cw, 8, True)  # which game's map, whole
    top = min(8.5 + h + 5, height - 1 - 8 * PT * 1.2 * (len(lines) - 1))
    items += [Text(card_x, top + i * 8 * PT * 1.2, line, 8, bold=True) for i, line in enumerate(lines)]
    return items


def draw_pages(paper: Paper, seats: list[Player], title: str) -> list[Page]:
    """For ``kcount: draw``: the set-up card and the map and claim card of every count 8 to 14, two
    halves to a page, in that order; the set-up card says on which page (``sheet.ref``) each map is."""
    from ...sheet import ref

    counts = list(range(CARD_RULE[0], CARD_RULE[1] + 1))
    halves = ["setup"] + counts
    gap = 7.0
    half = (paper.bottom - 4.5 - paper.top - gap) / 2
    where = {}
    for i, k in enumerate(counts, 1):
        where[k] = f"page {ref(f'kcount {k}')}, " + ("top" if i % 2 == 0 else "bottom")
    pages = []
    for p in range(0, len(halves), 2):
        page = paper.page()
        for j, what in enumerate(halves[p:p + 2]):
            top = paper.top + j * (half + gap)
            if what == "setup":
                items = setup_card(paper.inner_width, half, seats, where, title)
            else:
                items = block(what, paper.inner_width, half, title)
            page.add(moved(items, paper.left, top))
        mid = paper.top + half + gap / 2
        page.add(Lines(((paper.left, mid, paper.right, mid),), Pen(GREY, 0.3, (3.0, 2.0))))
        page.anchors = tuple(f"kcount {k}" for k in halves[p:p + 2] if k != "setup")
        pages.append(page)
    return pages


def reference_page(k: int, paper: Paper, title: str) -> Page:
    """For a fixed kcount: the claim card, as many copies as fit, two across; cut along the dashes."""
    from ...sheet import header

    page = paper.page()
    y = header(page, paper, f"{title}: claim cards for kcount {k}",
               "Cut along the grey dashed lines and keep one within reach of every player.")
    w = (paper.inner_width - 8) / 2
    items, h = claim_card(k, w)
    cut = Pen(GREY, 0.3, (3.0, 2.0))
    row = 0
    while y + h <= paper.bottom - 5:
        for c in range(2):
            page.add(moved(items, paper.left + c * (w + 8), y))
        page.add(Lines(((paper.left + w + 4, y - 1, paper.left + w + 4, y + h + 1),), cut))
        y += h + 6
        row += 1
        if y + h <= paper.bottom - 5:
            page.add(Lines(((paper.left, y - 3, paper.right, y - 3),), cut))
    return page

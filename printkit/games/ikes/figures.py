"""The Long Way's rule-sheet figures: an example store with its walk explained leg by leg, the displays'
legend and a few tiles."""

from __future__ import annotations

from ...draw import Item, Page, Pen, Text, wrap
from ...sheet import LABEL_ROOM
from .drawing import draw_floor, draw_tile, draw_walk
from .path import Floor, Walk, walk
from .spaces import N, name
from .sheets import display_legend
from .tiles import tileset


EXAMPLE = {
    "grid": ["o  2  .  o  3  C2 C2",
             "o  1  o  .  2  o  o",
             ".  .  o  4  .  5  o",
             "o  3  o  o  o  o  1",
             "6  o  .  .  o  6  o",
             "o  o  5  o  .  o  o",
             "o  4  .  1  o  C1 C1"],
    "walls": ["A3 E*", "A4 W", "A1 S", "B3 S", "B4 S", "C2 E", "D1 N", "D2 N", "E5 N", "F1 N", "F2 N", "F3 N",
              "F4 N", "F5 N", "F6 W", "E6 W", "D6 W", "C6 W"],
    "entrance": "G1 W",
    "exit": "A1 W",
}


def example_floor() -> Floor:
    from .record import Sheet
    from .score import floor_of

    return floor_of(Sheet(entrance=EXAMPLE["entrance"], exit=EXAMPLE["exit"], grid="\n".join(EXAMPLE["grid"]),
                          walls=EXAMPLE["walls"]))


def figure(fig: str, width: float) -> tuple[list[Item], float]:
    if fig == "example":
        b = example_floor()
        w = walk(b)
        cell = 10.5
        x0, y0 = LABEL_ROOM + 4, LABEL_ROOM + 2
        items = draw_floor(b, x0, y0, cell) + draw_walk(w, x0, y0, cell, Pen((0.0, 0.447, 0.698), 0.6, round=True), b)
        tx = x0 + N * cell + 10
        text = example_text(b, w)
        ty = y0 + 2
        for para in text:
            for ln in wrap(para, width - tx, 8.5):
                items.append(Text(tx, ty, ln, 8.5))
                ty += 3.9
            ty += 1.2
        return items, max(y0 + N * cell + 6, ty)
    if fig == "displays":
        page = Page(width, 30)
        h = display_legend(page, 0, 0, width, 10.0)
        return page.items, h
    if fig == "tiles":
        ts = tileset()
        items: list[Item] = []
        cell = 6.0
        x = 0.5
        keys = ((1, 6), (3, 2), (4, 5))
        for key in keys:
            t = ts.tile(*key)
            items += draw_tile(t, x, 4, cell)
            items.append(Text(x, 2.5, f"light {key[0]}, dark {key[1]}", 8, bold=True))
            x += max(t.width * cell, 24) + 12
        items.append(Text(x, 7, "Shaded: the tile's spaces. Thick: walls (inside their space).", 8.5))
        items.append(Text(x, 11, "Dot: a tile space without walls.", 8.5))
        return items, max(ts.tile(*k).height for k in keys) * cell + 6
    raise KeyError(fig)


def example_text(b: Floor, w: Walk) -> list[str]:
    from .path import leg_range

    adj, vals = b.adjacency(), b.values()
    out = [f"Entrance {name(b.entrance[0])}, exit {name(b.exit[0])}. The nearer cafeteria is {w.legs[0].goal[10:]}."]
    sources = {b.entrance[0]: vals[b.entrance[0]]}
    cafes = b.cafeterias()
    for k, leg in enumerate(w.legs):
        goal = leg.goal[10:] if leg.goal.startswith("cafeteria") else None
        targets = set(cafes[goal]) if goal else {b.exit[0]}
        count, worst, best = leg_range(adj, vals, sources, targets)
        plus = sum(1 for s in leg.spaces if b.value(s) > 0)
        minus = sum(1 for s in leg.spaces if b.value(s) < 0)
        steps = len(leg.spaces) - (1 if k == 0 else 0)
        start = "From the entrance" if k == 0 else f"From either space of {w.legs[k - 1].goal[10:]}"
        tied = (f"{count} tied shortest paths score {worst:+d} to {best:+d}; the best is taken"
                if count > 1 else "one shortest path")
        out.append(f"{start}, {steps} steps to {leg.goal}: {tied}: +{plus} -{minus} = {leg.value:+d}.")
        if goal:
            sources = {s: 0 for s in cafes[goal]}
    out.append(f"Score: {' '.join(f'{leg.value:+d}' for leg in w.legs)} = {w.score}.")
    return out

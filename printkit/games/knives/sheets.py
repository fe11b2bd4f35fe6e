"""Selling Knives Door-to-Door: the printed kit and the rule sheet's figures.  For ``kcount: draw``
the set-up card and a map and claim card for every count 8 to 14; for a fixed kcount its claim cards
and its map; then the road checklist and the turn log.
"""

from __future__ import annotations

import math
import sys
from ...draw import GREY, PT, Item, Lines, Page, Pen, Rect, Text, fit_text, moved, wrap
from ...sheet import Panel, Paper, copies_words, Player, header, panel, players as make_players
from .cards import CARD_RULE, road_count
from .reference import claim_card, draw_pages, reference_page
from .roadmap import draw_map, fit, legend
from .turnlog import RULE, expected_turns, log_pages
from .model import Common, Config, TITLE


PRINT_MOST = 20  # the largest kcount whose map can still be traced on a page (190 roads)


def map_page(cfg: Common, paper: Paper, seats: list[Player], title: str) -> Page:
    page = paper.page()
    y = header(page, paper, f"{title}: the map ({cfg.kcount} knife centres, {road_count(cfg.kcount)} roads)",
               "Claim a road by tracing its faint line in your colour and pattern, then mark it on the road checklist.")
    legend_h = 8 + 6 * math.ceil(len(seats) / 2)
    side = min(paper.inner_width, paper.bottom - 8 - legend_h - y)
    radius = fit(cfg.kcount, side)
    cx, cy = paper.left + paper.inner_width / 2, y + side / 2
    page.add(moved(draw_map(cfg.kcount, radius), cx, cy))
    y += side + 4
    page.add(legend(seats, paper.left, y, paper.inner_width))
    if not CARD_RULE[0] <= cfg.kcount <= CARD_RULE[1]:
        page.add(Text(paper.left, paper.bottom - 4, f"Custom map: kcount {cfg.kcount} (the card rule gives 8 to 14).",
                      8, color=GREY))
    return page


def checklist_page(cfg: Common, paper: Paper, title: str) -> Page:
    drawn = cfg.kcount == "draw"
    k = CARD_RULE[1] if drawn else cfg.kcount
    page = paper.page()
    y = header(page, paper, f"{title}: road checklist" + (" for every kcount from 8 to 14" if drawn else ""),
               ("Initial a road's box when you claim it (row: smaller centre, column: larger). Your kcount's roads "
                "are the columns up to it." if drawn else "Write your initial (or draw your symbol) in a road's "
                "box when you claim it: row = smaller centre, column = larger."))
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
                page.add(Text(cx + 1, ry + 7 * PT + 0.6, f"{a}-{b}", 7, color=GREY))  # pale, yet dark enough in grey
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
    starts = {road_count(c): c for c in range(CARD_RULE[0], CARD_RULE[1] + 1)} if drawn else {}
    if ty + 3 + rows * box_h + (5 if drawn else 0) <= paper.bottom - 6:
        page.add(Text(paper.left, ty, "Roads left: strike one number for every road claimed (a claim may never "
                                      "take more roads than are left).", 8.5, bold=True))
        if drawn:
            ty += 4.2
            page.add(Text(paper.left, ty, "Start at your kcount's number of roads: " + ",  ".join(
                f"kcount {c}: {n}" for n, c in sorted(starts.items(), key=lambda x: x[1])) + ".", 8))
        segs = []
        x0 = paper.left + 0.5
        for r in range(rows):
            cnt = min(per_row, total - r * per_row)
            by = ty + 2.5 + r * box_h
            segs.append((x0, by, x0 + cnt * box_w, by))
            segs.append((x0, by + box_h, x0 + cnt * box_w, by + box_h))
            segs += [(x0 + c * box_w, by, x0 + c * box_w, by + box_h) for c in range(cnt + 1)]
            for c in range(cnt):
                n = total - r * per_row - c
                page.add(Text(x0 + (c + 0.5) * box_w, by + box_h / 2 + 8 * PT * 0.35, str(n), 8, "middle",
                              n in starts))
                if n in starts:
                    page.add(Rect(x0 + c * box_w + 0.6, by + 0.6, box_w - 1.2, box_h - 1.2, Pen(width=0.5)))
        page.add(Lines(tuple(segs), Pen(width=0.25)))
    return page


def kit(cfg: Config, paper: Paper) -> list[Page]:
    seats = cfg.seats()
    title = cfg.title or TITLE
    if cfg.kcount == "draw":
        pages = draw_pages(paper, seats, title)
    else:
        k = cfg.kcount
        if k > PRINT_MOST:
            from ...inputs import InputError
            from .turnlog import estimated_turns

            raise InputError("config", f"kcount {k} does not print: a map of {road_count(k)} roads is a grey mass on "
                                       f"paper and a game runs to about {estimated_turns(k, len(seats))} turns; "
                                       f"print 3 to {PRINT_MOST} (the card rule gives 8 to 14)", key="kcount")
        if not CARD_RULE[0] <= k <= CARD_RULE[1]:
            sys.stderr.write(f"printkit: note: kcount {k} is outside the card rule's 8 to 14 (a custom map)\n")
        pages = [reference_page(k, paper, title), map_page(cfg, paper, seats, title)]
    pages.append(checklist_page(cfg, paper, title))
    if cfg.turn_log:
        return pages + log_pages(paper, seats, title, expected_turns(cfg.kcount, len(seats)))
    return pages + [tally_panel(seats, paper, title)]


def tally_panel(seats: list[Player], paper: Paper, title: str) -> Panel:
    """The end of the game on a sheet of its own, for a kit without the turn log."""
    from ... import tally

    page = paper.page()
    y = header(page, paper, f"{title}: roads and the winner")
    items, h = tally.strip(seats, paper.inner_width, True, RULE)
    page.add(moved(items, paper.left, y))
    return panel(page, paper, y + h, "score")


LOG_RULE = ("Write every turn on the turn log, one row each (its player is printed on it, in seat order): for a draw "
            "the card (Q); for a claim the roads, then the cards (3-4 5-6  A 6 4). Write an ace as just A: whichever "
            "of 1 or 14 makes the total is the one it counts. The log is the whole game, card by card.")


def kit_words(cfg: Config) -> dict[str, str]:
    """The rule sheet's words for this kit: what it holds, and how kcount is found."""
    games = copies_words(cfg.copies)
    log = " and the turn log, whose last page ends with the tally of roads and the winner." if cfg.turn_log else \
        " and a strip for the tally of roads and the winner."
    words = {"log": LOG_RULE if cfg.turn_log else "",
             "after": ("The turn log is the whole game, card by card: from it anyone can play the game through "
                       "again, check every claim and count the roads.") if cfg.turn_log else
                      "Count the roads on the road checklist, and write the totals and the winner in the tally strip."}
    if cfg.kcount == "draw":
        return {**words, "kit": "the set-up card, then a map and claim card for every kcount from 8 to 14 (two to "
                                "a page, each titled with its count), the road checklist" + log + games,
                "setup": "- Find the number of knife centres, called kcount: players take turns drawing a card "
                         "until someone draws a card higher than 7 (here an ace counts 14, J 11, Q 12, K 13). Its "
                         "value is kcount, from 8 to 14. Put the drawn cards back and shuffle.\n"
                         "- Play on the map and claim card titled with your kcount: the set-up card says on which "
                         "page it is.\n"
                         "- The map shows kcount numbered centres on a ring. Every pair of centres is joined by a "
                         "faint guide line: one possible road. With kcount 12 there are 66 roads; with 14, 91. No "
                         "road is claimed yet. Start the roads-left counter on the road checklist at your count's "
                         "number of roads.",
                "card": "The claim card beside your map",
                "ruling": "In the set-up draw an ace counts 14, so kcount is 8 to 14."}
    k, roads = cfg.kcount, road_count(cfg.kcount)
    return {**words, "kit": f"a page of claim cards for kcount {k} (cut them apart, one for each player), the map "
                            f"of {k} knife centres, the road checklist" + log + games,
            "setup": f"- This kit is for kcount {k}: {k} knife centres and {roads} roads. There is nothing to "
                     "draw for it.\n"
                     "- The map shows the centres, numbered, on a ring. Every pair of centres is joined by a faint "
                     f"guide line: one possible road, {roads} in all. No road is claimed yet. The roads-left "
                     f"counter on the road checklist starts at {roads}.",
            "card": "Your claim card",
            "ruling": f"This kit's kcount is {k}, chosen before play: there is no draw."}


def figure(name: str, width: float) -> tuple[list[Item], float]:
    if name == "hands":
        return hands_figure(width)
    if name == "example":
        return example_figure(width)
    if name == "reference":
        return claim_card(12, min(width, 110.0))
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

"""Selling Knives on the entry page: the map with every road a place to point at (``road:3-4``) and
every centre (``centre:3``), claimed roads in their owner's pen; the thirteen ranks as cards to pick
(``card:Q``), the hand of the player to move (``hand:Q``: the Qs held), and the turn log with a row
per turn (``turn:12``), the turns the replay rejects marked with the reason.  Everything rule-like
(who moves, the hand, the piles, whether a pass is allowed, the sum check) comes from the scorer.
"""

from __future__ import annotations

from typing import Any

from ...draw import GREY, PT, Hit, Item, Page, Text, fit_text, hit_line, moved, wrap
from ...report import Report
from ...sheet import MISTAKE, Paper, Player
from .cards import RANKS, SETUP, ace_value, card, pays, road_count, roads_paid, show_totals
from .record import Turn, parse_turn
from .roadmap import draw_map, fit, legend, ring
from .score import Table, claimable, replay, road_ref, roads_on_map
from .sheets import cards_row
from .turnlog import ROW_H, Row, rows_table
from .model import ID, Config, Results


MAP = 130.0  # the map's side on screen, in the drawing's millimetres (the page scales it)
# A centre's touch area: a disc 19 mm across (44 px or more on a phone showing the map as wide as the screen,
# 2.7 px a mm upright, 2.4 on its side where the map is as tall as the screen under the bar), bigger than
# the centre's drawn disc, so the map is never widened past the screen for its centres. Its middle lies
# outward of the centre's, on the rim's side: inward, the road between the centre's two neighbours passes
# a few mm off the disc, and there whatever is drawn nearer the finger wins (reach.js's besideDisc). The
# ring is drawn small enough to keep every touch area on the sheet.
CENTRE_REACH, CENTRE_OUT = 9.5, 4.0
CARD_PITCH = 10.5  # cards_row's spacing
PER_ROW = 7  # cards to a row on screen (narrow sheets show bigger)
SHOWN = 14  # the newest turns shown on the log (with every rejected turn)
HAND_Y = 17.0 + 2 * 20 + 9  # the hand's heading on the cards sheet (its baseline): its cards 2 mm below, rows 20 apart
LOG_W, LOG_ROW = 80.0, 12.5  # the log on the page: a phone's width holds it with rows a finger's height (44 px)


_LAST: tuple = (None, None)  # the newest replay: board and board_info ask for the same record in turn


def _table(res: "Results") -> tuple[Table, Report]:
    global _LAST
    key = (res.kcount, tuple(res.names), tuple(res.turns))
    last_key, last = _LAST  # one read: another request's thread may put its own in meanwhile
    if last_key == key:
        return last
    report = Report.empty(ID, res.names)
    out = (replay(res, report), report)
    _LAST = (key, out)
    return out


def _mode(res: "Results", table: Table) -> str:
    if res.kcount == "draw":
        return "setup"
    if not table.turns:
        return "open"
    return "replay" if table.state is not None else "claims"


def _to_move(res: "Results", table: Table, mode: str) -> str | None:
    if mode not in ("open", "replay") or table.ended:
        return None
    return res.names[table.seat]


def _hand(table: Table, who: str | None) -> list[str]:
    """The cards ``who`` holds after the last turn, high to low, as written ('K', 'Q', ..., 'A')."""
    if table.state is None or who is None:
        return []
    counts = table.state.hands[who]
    return [RANKS[v - 1] for v in range(13, 0, -1) for _ in range(counts[v])]


# ---------------------------------------------------------------- the sheets

def board(res: "Results", report: Report, paper: Paper) -> list[Page]:
    if res.kcount == "draw":
        return [_setup_sheet(res)]
    table, _ = _table(res)
    mode = _mode(res, table)
    seats = res.seats()
    return [_map_sheet(res, report, table, seats), _cards_sheet(res, table, mode, seats),
            _log_sheet(res, report, table, seats)]


def _setup_sheet(res: "Results") -> Page:
    width = 8 + 7 * CARD_PITCH
    page = Page(width, 62)
    page.add(Text(4, 8, "Set-up: which card gave kcount?", 12, bold=True))
    y = 9.5
    for line in wrap("The first card higher than 7 drawn at the table is kcount (an ace counts 14 in this draw). "
                     "Click it:", width - 8, 8.5):
        y += 4
        page.add(Text(4, y, line, 8.5))
    ranks = [r for r, _ in SETUP]
    y += 3
    page.add(cards_row(ranks, 4, y, [str(v) for _, v in SETUP]))
    page.add(_card_hits("card", ranks, y))
    for i, line in enumerate(wrap("The kit holds a map and claim card for each count from 8 to 14: play on the "
                                  "one titled with yours.", width - 8, 8)):
        page.add(Text(4, y + 25 + 3.8 * i, line, 8, color=GREY))
    return page


def _map_sheet(res: "Results", report: Report, table: Table, seats: list[Player]) -> Page:
    k = table.kcount
    pens = {s.name: s.pen(1.0) for s in seats}
    traced = [(c.road, pens[c.player]) for c in table.marks if c.ok] + \
        [(c.road, MISTAKE) for c in table.marks if not c.ok]
    legend_h = 6 + 6 * len(seats)
    page = Page(MAP + 8, MAP + 18 + legend_h)
    claimed = road_count(k) - table.left
    page.add(Text(4, 8, f"kcount {k}: {claimed} of {road_count(k)} roads claimed", 14, bold=True))
    radius = min(fit(k, MAP), MAP / 2 + 4 - CENTRE_REACH - CENTRE_OUT)
    pts, r = ring(k, radius)
    cx, cy = 4 + MAP / 2, 14 + MAP / 2
    items: list[Item] = list(draw_map(k, radius, traced))

    def scored(s: Player) -> Player:
        n = report.scores[s.name]
        return Player(s.index, f"{s.name} ({n} road{'' if n == 1 else 's'})", s.colour_name, s.color, s.dash, s.shape)

    page.add(legend([scored(s) for s in seats], 4, MAP + 16, MAP))
    for a in range(1, k + 1):  # the roads, then the centres on top
        for b in range(a + 1, k + 1):
            (x1, y1), (x2, y2) = pts[a - 1], pts[b - 1]
            items.append(hit_line(f"road:{a}-{b}", x1, y1, x2, y2, 2.2, "road"))
    reach, out = max(r, CENTRE_REACH), CENTRE_OUT / radius
    items += [Hit(f"centre:{i + 1}", x * (1 + out) - reach, y * (1 + out) - reach, 2 * reach, 2 * reach, "centre", True)
              for i, (x, y) in enumerate(pts)]
    page.add(moved(items, cx, cy))
    return page


def _cards_sheet(res: "Results", table: Table, mode: str, seats: list[Player]) -> Page:
    """The ranks to pick, the piles, and the hand of the player to move, a card a rank held with how many
    (``hand:Q``): thirteen ranks at most, two rows, so the sheet is one size all game long and nothing
    below it moves when the hand changes."""
    width = 8 + PER_ROW * CARD_PITCH
    who = _to_move(res, table, mode)
    hand = _hand(table, who)
    state = table.state
    page = Page(width, 58 + 6 + 2 * 20 + 7)
    seat = next((s for s in seats if s.name == who), None)
    if table.ended:
        head, sub, color = "The game is over", f"the last road was claimed at turn {table.ended}", (0, 0, 0)
    elif mode == "claims":
        head, sub, color = "Claims only", "no draws written: pick the player, the roads and the cards", (0, 0, 0)
    else:
        head, sub, color = f"{who} to move", "pick the card drawn, or roads and cards to claim", seat.color
    page.add(Text(4, 8, fit_text(head, width - 8, 13, True), 13, bold=True, color=color))
    page.add(Text(4, 13, fit_text(sub, width - 8, 8), 8, color=GREY))
    pile = state.pile if state is not None else [0] + [4] * 13
    y = 17.0
    for part in (RANKS[:PER_ROW], RANKS[PER_ROW:]):
        under = [f"{pile[RANKS.index(r) + 1]} left" if mode in ("replay", "open") else "" for r in part]
        page.add(cards_row(list(part), 4, y, under))
        page.add(_card_hits("card", part, y))
        y += 20
    if state is not None:
        turns = "once" if state.reshuffles == 1 else f"{state.reshuffles} times"
        page.add(Text(4, y + 1, fit_text(f"Draw pile {state.pile_size} \u00b7 discard pile {sum(state.discard)} \u00b7 "
                                         f"reshuffled {turns}", width - 8, 8), 8))
    y = HAND_Y
    if mode == "replay" and who:
        page.add(Text(4, y, fit_text(f"{who}'s hand: pick the cards to spend", width - 8, 9, True), 9, bold=True,
                      color=seat.color))
        if not hand:
            page.add(Text(4, y + 10, "no cards yet: a claim needs cards in hand", 8.5, color=GREY))
    elif mode == "open":
        page.add(Text(4, y, fit_text("The hand of the player to move comes here", width - 8, 8), 8, color=GREY))
    held = [r for r in RANKS[::-1] if r in hand]  # K first, as _hand lists them
    for row in range(2):
        part = held[row * PER_ROW:(row + 1) * PER_ROW]
        under = [_held(hand.count(c), c == "A") for c in part]
        page.add(cards_row(part, 4, y + 2 + row * 20, under))
        page.add(_card_hits("hand", part, y + 2 + row * 20))
    return page


def _card_hits(kind: str, ranks: list[str], y: float) -> list[Hit]:
    """A card's touch area: its 9 mm and half the gap each side (10.5 mm, 48 px on a 390 px phone showing
    the sheet as wide as the screen), so seven cards to a row fit a phone's width as 44 px targets."""
    return [Hit(f"{kind}:{r}", 4.5 - (CARD_PITCH - 9) / 2 + i * CARD_PITCH, y, CARD_PITCH, 13, kind)
            for i, r in enumerate(ranks)]


def _held(n: int, ace: bool) -> str:
    """What the label under a card of the hand says: how many are held (an ace counts 1 or 14)."""
    if ace:
        return "1 or 14" if n == 1 else f"1/14 \u00d7{n}"
    return f"\u00d7{n}" if n > 1 else ""


def _log_sheet(res: "Results", report: Report, table: Table, seats: list[Player]) -> Page:
    by_name = {s.name: s for s in seats}
    turns = table.turns
    why: dict[int, str] = {}
    for v in report.violations:
        for ref in v.refs:
            if ref.startswith("turn:"):
                n = int(ref[5:])
                why.setdefault(n, f"{v.rule}: {v.message}")
    shown = sorted(set(range(max(1, len(turns) - SHOWN + 1), len(turns) + 1)) | set(why))
    rows: list[Row] = []
    for n in shown:
        t = turns[n - 1]
        claim = " ".join(t.roads) + " with " + " ".join(t.cards) if t.verb == "claims" else \
            ("pass" if t.verb == "passes" else "")
        rows.append(Row(n, by_name[t.who], " ".join(t.cards) if t.verb == "draws" else "", claim, why.get(n, "")))
    page = Page(LOG_W + 8, (max(len(rows), SHOWN) + 1) * LOG_ROW + 20)  # room for SHOWN rows from the start
    hidden = len(turns) - len(rows)
    page.add(Text(4, 7, f"Turn log: {len(turns)} turn{'' if len(turns) == 1 else 's'}", 10, bold=True))
    if hidden > 0:
        page.add(Text(4, 11.5, fit_text(f"the newest {SHOWN} and every rejected turn shown; all in the text box",
                                        LOG_W, 7.5), 7.5, color=GREY))
    items = rows_table(0, 0, LOG_W, rows, 7.5, LOG_ROW)
    items += [Hit(f"turn:{row.turn}", 0, (i + 1) * LOG_ROW, LOG_W, LOG_ROW, "row") for i, row in enumerate(rows)]
    page.add(moved(items, 4, 14))
    if not rows:
        page.add(Text(4, 14 + 1.5 * LOG_ROW + 1.5, "No turns yet.", 8.5, color=GREY))
    return page


# ---------------------------------------------------------------- what page.js needs beside the sheets

def board_info(res: "Results", report: Report) -> dict[str, Any]:
    info: dict[str, Any] = {"players": res.names}
    if res.kcount == "draw":
        return {**info, "mode": "setup", "kcount": None, "setup": [[r, v] for r, v in SETUP]}
    table, _ = _table(res)
    mode = _mode(res, table)
    who = _to_move(res, table, mode)
    state = table.state
    info.update({
        "mode": mode, "kcount": table.kcount, "turns": len(table.turns), "to_move": who,
        "over": bool(table.ended), "left": table.left, "roads": road_count(table.kcount),
        "hand": _hand(table, who),
        # for the turns tapped while the page waits for an answer (kept offline): whose each is, in seat
        # order from the player to move, every player's hand, and where the cards sheet draws the hand
        "order": (res.names[table.seat:] + res.names[:table.seat]) if who else [],
        "hands": {p: _hand(table, p) for p in res.names} if state is not None else {},
        "hand_at": {"y": HAND_Y, "x": 4.0, "pitch": CARD_PITCH, "row": 20.0, "per_row": PER_ROW, "pt": PT},
        "owners": {f"{a}-{b}": p for (a, b), (p, _) in table.owner.items()},
        # ruling 4: a pass only with nothing to draw and nothing to claim (the scorer's own test)
        "can_pass": bool(mode == "replay" and who and state is not None and not state.pile_size
                         and not (table.left and claimable(state.hands[who], table.kcount, table.left))),
        "pile": {RANKS[v - 1]: (state.pile[v] if state else 4) for v in range(1, 14)},
        "pile_size": state.pile_size if state else 52, "discard": sum(state.discard) if state else 0,
        "reshuffles": state.reshuffles if state else 0,
    })
    return info


def placed(res: "Results", path: tuple, line: Any) -> Any:
    """A turn the page wrote for the player to move (a draw, a claim or a pass: the page asks for it to be
    placed only then), given the player to move in ``res``, the record as it is now: two phones tapping a
    draw at once write one draw for each of two players in turn order, never two for one.  Anything else,
    and a turn when nobody is to move (no draw written yet, the game over), as written."""
    if tuple(path) != ("turns",) or not isinstance(line, str) or res.kcount == "draw":
        return line
    try:
        turn = parse_turn(line)
    except ValueError:
        return line
    table, _ = _table(res)
    who = _to_move(res, table, _mode(res, table))
    return str(Turn(who, turn.verb, turn.roads, turn.cards)) if who and who != turn.who else line


def claim_check(res: "Results", params: dict[str, str] | None = None) -> dict[str, Any]:
    """The sum check of a claim before it is written: ``res`` holds the record with the claim as its
    last turn; the answer is what the scorer says of that turn, and what the cards add up to."""
    if res.kcount == "draw" or not res.turns:
        return {"error": "no claim to check"}
    t = parse_turn(res.turns[-1])
    if t.verb != "claims":
        return {"error": "the last turn is not a claim"}
    table, report = _table(res)
    n = len(table.turns)
    k = table.kcount
    problems = [v.message for v in report.violations if f"turn:{n}" in v.refs]
    ranks = [c for c in (card(tok) for tok in t.cards) if c]
    need = len(t.roads) * k
    out: dict[str, Any] = {"line": str(t), "ok": not problems, "problems": problems, "need": need,
                           "pays": roads_paid(ranks, k) if len(ranks) == len(t.cards) else []}
    if ranks and len(ranks) == len(t.cards):
        if pays(ranks, need):
            aces = ace_value(ranks, need)
            note = f" (the ace{'s' if len(aces) > 1 else ''} as {', '.join(map(str, aces))})" if aces else ""
            out["sum"] = f"{' '.join(ranks)} make {need}{note}"
        else:
            out["sum"] = f"{' '.join(ranks)} add up to {show_totals(ranks)}, not {need}"
    return out


def editors(cfg: "Config") -> list[dict]:
    first = cfg.names[0]
    return [{"path": ["turns"], "label": "Turns, in play order (one a line)", "kind": "lines", "rows": 10,
             "hint": f"{first} draws Q\n{first} claims 1-2 with Q\n{first} passes"}]


ANSWERS = {"claim": claim_check}  # questions the page may ask (POST /api/answer/NAME)


def places(res: Results) -> list[str]:
    """Every road claimed that is on the map (``road:3-4``) and every card drawn or spent (``card:Q``)."""
    if res.kcount == "draw":
        return []
    out = []
    for text in res.turns:
        t = parse_turn(text)
        out += [road_ref(road) for road in roads_on_map(t, res.kcount)]
        out += [f"card:{c}" for c in (card(tok) for tok in t.cards) if c]
    return list(dict.fromkeys(out))


def ref_of(res: Results, path: tuple) -> str | None:
    """A row of the turn log (``turn:5``)."""
    return f"turn:{path[1] + 1}" if path[:1] == ("turns",) and len(path) > 1 and isinstance(path[1], int) else None


def said(path: tuple) -> str | None:
    """A line of the turn log as players say it: "turn 14"."""
    if path[:1] == ("turns",):
        return f"turn {path[1] + 1}" if len(path) > 1 and isinstance(path[1], int) else "the turn log"
    return None

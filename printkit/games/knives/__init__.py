"""Selling Knives Door-to-Door: the map, road checklist, claim logs and claim
reference; the scorer (claims alone, or the whole game replayed card by card);
and the engine with its strategy simulator (``printkit simulate knives``).

Players draw cards and spend them to claim roads between distribution centres:
cards worth exactly kcount points claim one road, 2 x kcount two roads, and so
on (an ace counts 1 or 14).  The most roads wins.
"""

from __future__ import annotations

import math
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Annotated, Any

from msgspec import Meta

from ...draw import GREY, PT, Circle, Item, Lines, Page, Pen, Rect, Text, fit_text, moved, table, wrap
from ...game import FieldProblem, Game, GameConfig, Report, each
from ...inputs import suggest
from ...sheet import MISTAKE, Paper, Player, header, players as make_players
from .cards import RANKS, VALUE, all_roads, card, not_a_card, pays, road_count, roads_paid, show_totals

CARD_RULE = (8, 14)  # what the set-up draw can give; other sizes are custom maps


class Common(GameConfig, kw_only=True):
    kcount: Annotated[int, Meta(ge=3, le=30, description="Distribution centres on the map (the card rule gives "
                                                         "8 to 14; 3 to 30 allowed for custom maps)")] = 12


class Config(Common, kw_only=True):
    pass


# ---------------------------------------------------------------- the play record

TURN = re.compile(r"^\s*(?P<who>\S.*?)\s+(?P<verb>draws|draw|claims|claim|passes|pass)(?:\s+(?P<rest>.*?))?\s*$",
                  re.IGNORECASE)
ROAD = re.compile(r"^(\d{1,3})-(\d{1,3})$")
CARD_TOKEN = re.compile(r"^[0-9A-Za-z]{1,5}$")
HOW = "write e.g. 'Ann draws Q', 'Ann claims 1-2 3-4 with Q A 6 4' or 'Ann passes'"


@dataclass(frozen=True)
class Turn:
    who: str
    verb: str  # draws | claims | passes
    roads: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.verb == "draws":
            return f"{self.who} draws {' '.join(self.cards)}"
        if self.verb == "claims":
            return f"{self.who} claims {' '.join(self.roads)} with {' '.join(self.cards)}"
        return f"{self.who} passes"


@lru_cache(maxsize=4096)  # a record repeats lines ('Ann draws 7'), and is read, checked and scored
def parse_turn(text: str) -> Turn:
    """'Ann claims 1-2 with Q' -> Turn; ValueError (an unusable line) if it cannot be read."""
    m = TURN.match(text)
    if not m:
        raise ValueError(f"'{text}' is not a turn; {HOW}")
    who, verb, rest = m.group("who"), m.group("verb").lower(), (m.group("rest") or "")
    verb = {"draw": "draws", "claim": "claims", "pass": "passes"}.get(verb, verb)
    if verb == "passes":
        if rest:
            raise ValueError(f"'{text}': nothing follows 'passes'; {HOW}")
        return Turn(who, verb)
    if verb == "draws":
        cards = _cards(rest, text)
        return Turn(who, verb, (), cards)
    parts = re.split(r"\s+with\s+|^with\s+", rest, flags=re.IGNORECASE)
    if len(parts) != 2:
        raise ValueError(f"'{text}': a claim names its roads, then 'with', then the cards spent; {HOW}")
    roads = tuple(t for t in re.split(r"[\s,]+", parts[0].strip()) if t)
    if not roads:
        raise ValueError(f"'{text}': no roads before 'with'; write each road as two centres, e.g. 3-7")
    for r in roads:
        if not ROAD.match(r):
            raise ValueError(f"'{r}' in '{text}' is not a road; write its two centres, e.g. 3-7")
    return Turn(who, verb, roads, _cards(parts[1], text))


def _cards(rest: str, text: str) -> tuple[str, ...]:
    tokens = tuple(t for t in re.split(r"[\s,]+", rest.strip()) if t)
    if not tokens:
        raise ValueError(f"'{text}': which card(s)? {HOW}")
    for t in tokens:
        if not CARD_TOKEN.match(t):
            raise ValueError(f"'{t}' in '{text}' is not a card; cards are A 2 3 4 5 6 7 8 9 10 J Q K")
    return tuple(t.upper() for t in tokens)


def _turn_text(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError(f"expected one turn as text; {HOW}")
    return str(parse_turn(v))


class Results(Common, kw_only=True):
    turns: Annotated[list[Any], Meta(
        max_length=20_000,
        description="One line per turn in play order: 'Ann draws Q' (optional: give all or none), "
                    "'Ann claims 1-2 3-4 with A 10', 'Ann passes'")] | None = []

    def __post_init__(self) -> None:
        super().__post_init__()
        lower = {p.lower(): p for p in self.players}
        fixed = []
        for i, text in enumerate(each(self.turns or [], _turn_text, "turns")):
            t = parse_turn(text)
            name = lower.get(t.who.lower())
            if name is None:
                raise FieldProblem(("turns", i), f"'{t.who}' is not a player{suggest(t.who, self.players)}; "
                                                 f"players: {', '.join(self.players)}")
            fixed.append(str(Turn(name, t.verb, t.roads, t.cards)))
        self.turns = fixed


# ---------------------------------------------------------------- checking a record

@dataclass
class Claimed:
    """A road as entered: who wrote it, at which turn, and whether the claim stands."""

    road: tuple[int, int]
    player: str
    turn: int
    ok: bool


@dataclass
class Replay:
    """The state of the table while a record with draw lines is replayed."""

    hands: dict[str, list[int]]  # per player: count of each rank (index 1..13)
    pile: list[int] = field(default_factory=lambda: [0] + [4] * 13)  # draw pile, count per rank
    discard: list[int] = field(default_factory=lambda: [0] * 14)
    drawn_at: dict[int, list[int]] = field(default_factory=dict)  # rank -> turns drawn since the reshuffle
    reshuffles: int = 0

    @property
    def pile_size(self) -> int:
        return sum(self.pile)

    def refill(self) -> None:
        """An empty draw pile is replaced at once by the shuffled discard pile."""
        if not self.pile_size and sum(self.discard):
            self.pile, self.discard = self.discard, [0] * 14
            self.drawn_at = {}
            self.reshuffles += 1


def rank_of(token: str) -> int:
    return VALUE[token]


def cards_text(counts: list[int]) -> str:
    return " ".join(RANKS[r - 1] for r in range(13, 0, -1) for _ in range(counts[r])) or "no cards"


def _turn_list(ts: list[int]) -> str:
    return ", ".join(str(t) for t in ts)


class Knives(Game):
    id = "knives"
    title = "Selling Knives Door-to-Door"
    designer = "an unnamed author"
    blurb = "draw cards, spend exact multiples of kcount to claim roads between knife centres; most roads wins"
    Config = Config
    Results = Results

    # -- scoring

    def check(self, res: Results, report: Report) -> list[Claimed]:
        k, names = res.kcount, res.names
        total = road_count(k)
        turns = [parse_turn(t) for t in res.turns]
        replay = any(t.verb == "draws" for t in turns)
        state = Replay({p: [0] * 14 for p in names}) if replay else None
        owner: dict[tuple[int, int], tuple[str, int]] = {}
        marks: list[Claimed] = []
        left, seat, ended = total, 0, 0
        if not CARD_RULE[0] <= k <= CARD_RULE[1]:
            report.notes.append(f"kcount {k} is outside the card rule's {CARD_RULE[0]} to {CARD_RULE[1]}: a custom map")
        for i, t in enumerate(turns):
            n = i + 1
            where = f"turn {n} ({t})"
            who = t.who
            if ended:
                report.violation(who, "over", where, f"the game was over at turn {ended}, when the last road was "
                                                     f"claimed; nothing more may be played")
                continue
            if state is not None:
                expected = names[seat]
                if who != expected:
                    why = "the first player listed starts" if n == 1 else f"seat order after {turns[i - 1].who}"
                    report.violation(who, "order", where, f"it is {expected}'s turn, not {who}'s ({why})")
                seat = (names.index(who) + 1) % len(names)
            if t.verb == "draws":
                self._draw(t, n, where, state, report)
            elif t.verb == "passes":
                if state is not None and state.pile_size:
                    report.violation(who, "pass", where, f"{who} passes with {state.pile_size} card(s) in the draw "
                                                         "pile; a turn is a draw or a claim")
            else:
                got = self._claim(t, n, where, k, left, owner, state, report)
                ok = got is not None
                roads = got if ok else self._roads_on_map(t, k)
                for road in roads:
                    marks.append(Claimed(road, who, n, ok))
                if ok:
                    for road in got:
                        owner[road] = (who, n)
                    report.scores[who] += len(got)
                    left -= len(got)
                    if not left:
                        ended = n
            if state is not None:
                state.refill()
        if left:
            report.notes.append(f"{left} of {total} roads are still unclaimed: the game is unfinished and is "
                                "scored as it stands")
        if not replay and turns:
            report.notes.append("no draw lines: claims checked alone (seat order and hands not checked)")
        if state is not None:
            held = [f"{p}: {cards_text(state.hands[p])}" for p in names if sum(state.hands[p])]
            if held:
                report.notes.append("cards still held at the end (they score nothing): " + "; ".join(held))
        if state is not None and any(v.rule == "hand" for v in report.violations):
            report.notes.append("with draw lines the whole game is replayed: every draw must be written down "
                                "(give all draws or none)")
        if report.violations:
            report.notes.append("a claim that breaks a rule is void: its roads are not counted")
        report.details.append(f"{total - left} of {total} roads claimed")
        return marks

    def _draw(self, t: Turn, n: int, where: str, state: Replay, report: Report) -> None:
        who = t.who
        if len(t.cards) > 1:
            report.violation(who, "one-action", where, f"{who} draws {len(t.cards)} cards ({' '.join(t.cards)}) in one "
                                                       "turn; a turn is one action: draw one card")
        for tok in t.cards:
            r = card(tok)
            if r is None:
                report.violation(who, "rank", f"{where}, card {tok}", not_a_card(tok))
                continue
            v = rank_of(r)
            if not state.pile_size:
                report.violation(who, "deck", f"{where}, card {r}", f"{who} draws {r}, but the draw and discard piles are both "
                                                     "empty: every card is in a hand")
            elif not state.pile[v]:
                seen = state.drawn_at.get(v, [])
                if state.reshuffles == 0:
                    why = f"all four were drawn already (turns {_turn_list(seen)})"
                else:
                    why = (f"the draw pile was made of the discards at reshuffle {state.reshuffles}, and its "
                           + (f"{r}s were drawn at turns {_turn_list(seen)}" if seen else f"discards held no {r}"))
                report.violation(who, "deck", f"{where}, card {r}", f"{who} draws {r}, but there is no {r} left in the draw "
                                                     f"pile: {why}")
            else:
                state.pile[v] -= 1
                state.drawn_at.setdefault(v, []).append(n)
            state.hands[who][v] += 1
            state.refill()

    @staticmethod
    def _roads_on_map(t: Turn, k: int) -> list[tuple[int, int]]:
        out = []
        for text in t.roads:
            a, b = map(int, ROAD.match(text).groups())
            if 1 <= a <= k and 1 <= b <= k and a != b:
                out.append((min(a, b), max(a, b)))
        return out

    def _claim(self, t: Turn, n: int, where: str, k: int, left: int, owner: dict, state: Replay | None,
               report: Report) -> list[tuple[int, int]] | None:
        """Check one claim; the roads it takes, or None if it breaks a rule."""
        who = t.who
        before = len(report.violations)
        m = len(t.roads)
        roads: list[tuple[int, int]] = []
        for text in t.roads:
            a, b = map(int, ROAD.match(text).groups())
            bad = [c for c in (a, b) if not 1 <= c <= k]
            if bad:
                report.violation(who, "road", f"{where}, road {text}", f"road {text}: there is no centre {bad[0]} (the map has centres "
                                                     f"1 to {k})")
                continue
            if a == b:
                report.violation(who, "road", f"{where}, road {text}", f"road {text} joins centre {a} to itself; a road joins two "
                                                     "different centres")
                continue
            road = (min(a, b), max(a, b))
            if road in roads:
                report.violation(who, "taken", f"{where}, road {text}", f"road {road[0]}-{road[1]} is named twice in this claim")
                continue
            if road in owner:
                by, at = owner[road]
                report.violation(who, "taken", f"{where}, road {text}", f"road {road[0]}-{road[1]} was claimed by "
                                                      f"{'you' if by == who else by} at turn {at}")
                continue
            roads.append(road)
        if m > left:
            report.violation(who, "remaining", where, f"{who} claims {m} roads but only {left} remain")
        ranks = []
        for tok in t.cards:
            r = card(tok)
            if r is None:
                report.violation(who, "rank", f"{where}, card {tok}", not_a_card(tok))
            else:
                ranks.append(r)
        if len(ranks) == len(t.cards) and not pays(ranks, m * k):
            paid = roads_paid(ranks, k)
            hint = f"; they pay for {' or '.join(map(str, paid))} road{'' if paid == [1] else 's'}" if paid else ""
            need = "1 road needs" if m == 1 else f"{m} roads need"
            report.violation(who, "sum", where, f"{' '.join(ranks)} add up to {show_totals(ranks)}; "
                                                f"{need} exactly {m * k} ({m} x {k}){hint}")
        if state is not None:
            hand = state.hands[who]
            want = [0] * 14
            for r in ranks:
                want[rank_of(r)] += 1
            missing = [RANKS[v - 1] for v in range(1, 14) for _ in range(max(0, want[v] - hand[v]))]
            if missing:
                report.violation(who, "hand", f"{where}, card{'s' if len(missing) > 1 else ''} {' '.join(missing)}",
                                 f"{who} spends {' '.join(missing)} but holds "
                                                     f"{cards_text(hand)}")
            for v in range(1, 14):
                spent = min(want[v], hand[v])
                hand[v] -= spent
                state.discard[v] += spent
        return roads if len(report.violations) == before else None

    def score(self, res: Results) -> Report:
        report = self.new_report(res)
        self.check(res, report)
        return report

    # -- the map

    @staticmethod
    def ring(k: int, radius: float, rmax: float = 7.5) -> tuple[list[tuple[float, float]], float]:
        """Centre positions on a ring (1 at the top, clockwise) around (0, 0), and the circle radius."""
        pts = [(radius * math.sin(2 * math.pi * i / k), -radius * math.cos(2 * math.pi * i / k)) for i in range(k)]
        chord = 2 * radius * math.sin(math.pi / k)
        clear = radius * (1 - math.cos(2 * math.pi / k))  # how close the road i..i+2 passes to centre i+1
        r = max(min(4.0, rmax), min(rmax, 0.8 * clear, 0.42 * chord))
        return pts, r

    def draw_map(self, k: int, radius: float, traced: list[tuple[tuple[int, int], Pen]] = (),
                 guides: bool = True, rmax: float = 7.5) -> list[Item]:
        """The map around (0, 0): faint guides for every road, traced roads on top, numbered centres."""
        pts, r = self.ring(k, radius, rmax)

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

    def map_page(self, cfg: Common, paper: Paper, seats: list[Player], title: str) -> Page:
        page = paper.page()
        y = header(page, paper, f"{title}: the map ({cfg.kcount} knife centres, {road_count(cfg.kcount)} roads)",
                   "Claim a road by tracing its faint line in your colour and pattern, then mark it on the road checklist.")
        legend_h = 8 + 6 * math.ceil(len(seats) / 2)
        side = min(paper.inner_width, paper.bottom - 8 - legend_h - y)
        _, r = self.ring(cfg.kcount, side / 2 - 8)
        radius = side / 2 - r - 0.5
        cx, cy = paper.left + paper.inner_width / 2, y + side / 2
        page.add(moved(self.draw_map(cfg.kcount, radius), cx, cy))
        y += side + 4
        page.add(self.legend(seats, paper.left, y, paper.inner_width))
        if not CARD_RULE[0] <= cfg.kcount <= CARD_RULE[1]:
            page.add(Text(paper.left, paper.bottom - 4, f"Custom map: kcount {cfg.kcount} (the card rule gives 8 to 14).",
                          8, color=GREY))
        return page

    @staticmethod
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

    # -- the other sheets

    def checklist_page(self, cfg: Common, paper: Paper, title: str) -> Page:
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

    def claim_log(self, cfg: Common, paper: Paper, seat: Player, title: str) -> Page:
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

    def reference(self, k: int, width: float) -> tuple[list[Item], float]:
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

    def reference_page(self, cfg: Common, paper: Paper, title: str) -> Page:
        page = paper.page()
        y = header(page, paper, f"{title}: claim reference cards",
                   "Two copies: cut along the dashed line and keep one within reach.")
        items, h = self.reference(cfg.kcount, paper.inner_width)
        page.add(moved(items, paper.left, y))
        mid = y + h + 6
        if mid + 6 + h <= paper.bottom - 6:
            page.add(Lines(((paper.left, mid, paper.right, mid),), Pen(GREY, 0.3, (3.0, 2.0))))
            page.add(moved(items, paper.left, mid + 4))
        return page

    def kit(self, cfg: Config, paper: Paper) -> list[Page]:
        seats = cfg.seats()
        title = cfg.title or self.title
        if not CARD_RULE[0] <= cfg.kcount <= CARD_RULE[1]:
            sys.stderr.write(f"printkit: note: kcount {cfg.kcount} is outside the card rule's 8 to 14 (a custom map)\n")
        pages = [self.reference_page(cfg, paper, title), self.map_page(cfg, paper, seats, title),
                 self.checklist_page(cfg, paper, title)]
        pages += [self.claim_log(cfg, paper, s, title) for s in seats]
        return pages

    # -- results drawn back

    def picture(self, res: Results, report: Report, paper: Paper) -> list[Page]:
        seats = res.seats()
        pens = {s.name: s.pen(0.9) for s in seats}
        marks = self.check(res, self.new_report(res))
        traced = [(c.road, pens[c.player]) for c in marks if c.ok]
        traced += [(c.road, MISTAKE) for c in marks if not c.ok]
        page = paper.page()
        title = res.title or self.title
        y = header(page, paper, f"{title}: results as entered",
                   "Each road in its owner's colour and pattern; red dashed: a claim that breaks a rule (not counted).")
        lines = [f"{v.where}: {v.message} [{v.rule}]" for v in report.violations]
        text_h = min(70.0, 5 + 4.2 * len(lines))
        legend_h = 8 + 6 * math.ceil(len(seats) / 2)
        side = min(paper.inner_width, paper.bottom - 10 - legend_h - (text_h if lines else 0) - y)
        _, r = self.ring(res.kcount, side / 2 - 8)
        page.add(moved(self.draw_map(res.kcount, side / 2 - r - 0.5, traced), paper.left + paper.inner_width / 2,
                       y + side / 2))
        y += side + 4
        def label(s: Player) -> str:
            n = report.scores[s.name]
            return f"{s.name} ({n} road{'' if n == 1 else 's'})"

        scored = [Player(s.index, label(s), s.colour_name, s.color, s.dash, s.shape) for s in seats]
        page.add(self.legend(scored, paper.left, y, paper.inner_width))
        y += legend_h
        if lines:
            page.add(Text(paper.left, y, f"{len(lines)} rule(s) broken:", 9, bold=True, color=MISTAKE.color))
            for ln in lines:
                for part in wrap(ln, paper.inner_width - 4, 8):
                    if y + 4.2 > paper.bottom - 6:
                        break
                    y += 3.9
                    page.add(Text(paper.left + 3, y, part, 8))
        return [page]

    # -- rule sheet pictures

    def figure(self, name: str, width: float) -> tuple[list[Item], float]:
        if name == "hands":
            return self.hands_figure(width)
        if name == "example":
            return self.example_figure(width)
        if name == "reference":
            return self.reference(12, width)
        raise KeyError(name)

    @staticmethod
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

    def hands_figure(self, width: float) -> tuple[list[Item], float]:
        items: list[Item] = []
        items.append(Text(0, 4, "kcount 12. The hand K 10 4:", 9, bold=True))
        items += self.cards_row(["K", "10", "4"], 0, 7)
        items.append(Text(36, 12, "All three: 27. Two at a time: 23, 17, 14. One: 13, 10, 4.", 9))
        items.append(Text(36, 17, "None of these is 12, 24 or 36, and there is no ace to switch: no claim yet. Draw.", 9))
        y = 30.0
        items.append(Text(0, y, "The hand Q A 6 4 (the ace counts 1 or 14):", 9, bold=True))
        items += self.cards_row(["Q", "A", "6", "4"], 0, y + 3)
        opts = [(["Q"], ["12"], ["1 road:", "spend Q (12)"]),
                (["A", "6", "4"], ["14", "6", "4"], ["2 roads:", "A as 14 + 6 + 4 = 24"]),
                (["Q", "A", "6", "4"], ["12", "14", "6", "4"], ["3 roads:", "12 + 14 + 6 + 4 = 36"])]
        x = 52.0
        for cards_, vals, text in opts:
            items += self.cards_row(cards_, x, y + 3, vals)
            items.append(Text(x, y + 24, text[0], 8.5, bold=True))
            items.append(Text(x, y + 28, text[1], 8.5))
            x += max(len(cards_) * 10.5, 34) + 8
        items.append(Text(0, y + 35, "With the ace as 1, Q A 6 4 makes 23 and A 6 4 makes 11: no multiple of 12. "
                                     "Counting the ace as 14 is what makes 24 and 36.", 9))
        return items, y + 38

    def example_figure(self, width: float) -> tuple[list[Item], float]:
        seats = make_players(["Ann", "Ben"])
        ann, ben = seats[0].pen(0.9), seats[1].pen(0.9)
        traced = [((1, 2), ann), ((3, 4), ben), ((4, 5), ben), ((5, 6), ben), ((1, 4), ann)]
        items = moved(self.draw_map(6, 26, traced, rmax=5.0), 33, 33)
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
        items += self.legend(seats, x, y + 1, width - x)
        return items, max(68.0, y + 16)

    # -- results template

    def record_template(self, cfg: Config) -> str:
        first = cfg.names[0]
        k = cfg.kcount
        pairs = pair_claims(k)

        def cards(combo: str) -> tuple[str, str]:
            parts = combo.split(" + ")
            why = " + ".join(p.replace("A(1)", "ace as 1").replace("A(14)", "ace as 14") for p in parts)
            return " ".join(p[0] if p.startswith("A(") else p for p in parts), why

        lines = [
            "# The play record: one line per turn, in play order. List the players in seat order,",
            "# starting with the player who took the first turn. Draw lines are optional: give every",
            "# draw (then the whole game is replayed and checked card by card) or none.",
            f"# Roads are written as two centres (3-7), then 'with' and the cards spent; kcount is {k}.",
            f"#   - {first} draws Q",
        ]
        if 1 in pairs:
            c, why = cards(pairs[1][0])
            lines.append(f"#   - {first} claims 1-2 with {c}    ({why} = {k}: one road)")
        if 2 in pairs:
            c, why = cards(pairs[2][0])
            lines.append(f"#   - {first} claims 3-4 5-6 with {c}    ({why} = {2 * k}: two roads)")
        lines.append(f"#   - {first} passes    (only when there is no card left to draw)")
        return "\n".join(lines) + "\nturns:\n"


def dash_name(dash: tuple[float, ...]) -> str:
    if not dash:
        return "solid line"
    if len(dash) == 2:
        return "dotted line" if dash[0] < 1 else "dashed line"
    return "dash-dot line" if len(dash) == 4 else "dash-dot-dot line"


def pair_claims(k: int) -> dict[int, list[str]]:
    """Single cards and pairs of cards that pay for whole roads at kcount k, by number of roads."""
    faces = [[(1, "A(1)"), (14, "A(14)")] if r == "A" else [(VALUE[r], r)] for r in RANKS]
    found: dict[int, list[str]] = {}
    seen = set()
    for i in range(13):
        hands = [[f] for f in faces[i]] + [[f, g] for j in range(i, 13) for f in faces[i] for g in faces[j]]
        for hand in hands:
            total = sum(v for v, _ in hand)
            labels = tuple(sorted(t for _, t in hand))
            if total % k == 0 and (total // k, labels) not in seen:
                seen.add((total // k, labels))
                found.setdefault(total // k, []).append(" + ".join(t for _, t in hand))
    return {m: sorted(c, key=lambda t: t.count("+")) for m, c in sorted(found.items())}


from .command import simulate as _simulate  # noqa: E402

Knives.simulate = staticmethod(_simulate)

GAME = Knives()

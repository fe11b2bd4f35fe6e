"""Selling Knives Door-to-Door: the scorer.  Every rule of a play record is checked here, each
violation named by its turn (and road or card): claims alone when the record has no draw lines, or
the whole game replayed card by card when it has them.

Rules: over (nothing after the last road, nor after every player has passed in a row), order (seat
order: each move out of turn is blamed once, on the player who moved, and the rest is checked as
played), one-action (one card a draw), rank (a real card), deck (the card is left in the draw pile),
pass (only with no card to draw), must-claim (with no card to draw, a player whose hand pays for a
road claims instead of passing), road (a real road between two centres), taken (a road claimed once),
remaining (no more roads than are left), sum (exactly kcount points per road), hand (the cards spent
are held).  A claim that breaks any rule, seat order included, is void (ruling 7): its roads stay
free and do not count.  order, pass, must-claim, the stop after every player has passed, one-action, deck and
hand need the draw lines: a record of claims alone is checked for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from ...report import Report
from ...slips import check_entry, likely_slip, out_of_turn
from .cards import CARD_RULE, RANKS, VALUE, card, not_a_card, pays, road_count, roads_paid, show_totals
from .record import ROAD, Turn, parse_turn
from .model import ID, Results


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


@dataclass
class Table:
    """The record replayed: every road as entered, who owns what, and (with draw lines) the cards."""

    kcount: int
    turns: list[Turn]
    marks: list[Claimed] = field(default_factory=list)
    owner: dict[tuple[int, int], tuple[str, int]] = field(default_factory=dict)
    state: Replay | None = None  # with draw lines: the deck and the hands after the last turn
    seat: int = 0  # with draw lines: the seat to act next
    left: int = 0  # roads still free
    ended: int = 0  # the turn that claimed the last road (0: not over)
    stopped: int = 0  # the turn at which every player had passed in a row (0: not stopped)
    broken: dict[int, list[str]] = field(default_factory=dict)  # turn -> the rules it breaks


def check(res: Results, report: Report) -> list[Claimed]:
    """Check every rule of the record into ``report``; every road as entered (for the pictures)."""
    return replay(res, report).marks


def replay(res: Results, report: Report) -> Table:
    """Check the record turn by turn into ``report``, and the table as the record leaves it."""
    names = res.names
    if res.kcount == "draw":  # a blank record: the count drawn is not written yet (turns need it)
        report.notes.append("kcount is not written yet: write the kcount drawn at the table (8 to 14)")
        return Table(0, [])
    k = res.kcount
    total = road_count(k)
    table = Table(k, [parse_turn(t) for t in res.turns], left=total)
    turns = table.turns
    replay = any(t.verb == "draws" for t in turns)
    state = table.state = Replay({p: [0] * 14 for p in names}) if replay else None
    owner, marks = table.owner, table.marks
    passes = 0  # passes in a row
    wrong_turn = out_of_turn([names.index(t.who) for t in turns], len(names)) if replay else {}
    if not CARD_RULE[0] <= k <= CARD_RULE[1]:
        report.notes.append(f"kcount {k} is outside the card rule's {CARD_RULE[0]} to {CARD_RULE[1]}: a custom map")
    for i, t in enumerate(turns):
        n = i + 1
        where = f"turn {n} ({t})"
        who = t.who
        before = len(report.violations)
        if table.ended or table.stopped:
            why = (f"the game was over at turn {table.ended}, when the last road was claimed" if table.ended else
                   f"the game stopped at turn {table.stopped}, when every player had passed in a row")
            report.violation(who, "over", where, f"{why}; nothing more may be played", (f"turn:{n}",))
            table.broken[n] = ["over"]
            continue
        if state is not None:
            if i in wrong_turn:
                expected = names[wrong_turn[i]]
                why = "the first player listed starts" if n == 1 else f"seat order: {', '.join(names)}"
                slip = f"; {check_entry(who, expected)}" if likely_slip(who, expected) else ""
                report.violation(who, "order", where, f"it is {expected}'s turn, not {who}'s ({why}){slip}",
                                 (f"turn:{n}",))
            table.seat = (names.index(who) + 1) % len(names)
        if t.verb != "passes":
            passes = 0
        if t.verb == "draws":
            _draw(t, n, where, state, report)
        elif t.verb == "passes":
            if state is not None and state.pile_size:
                report.violation(who, "pass", where, f"{who} passes with {state.pile_size} card(s) in the draw "
                                                     "pile; a turn is a draw or a claim", (f"turn:{n}",))
            elif state is not None:
                _pass(t, where, k, table.left, state, report)
                passes += 1
                if passes == len(names):
                    table.stopped = n
        else:
            got = _claim(t, n, where, k, table.left, owner, state, report)
            ok = got is not None and i not in wrong_turn  # ruling 7: a claim out of turn is void too
            roads = got if ok else roads_on_map(t, k)
            for road in roads:
                marks.append(Claimed(road, who, n, ok))
            if ok:
                for road in got:
                    owner[road] = (who, n)
                report.scores[who] += len(got)
                table.left -= len(got)
                if not table.left:
                    table.ended = n
        if state is not None:
            state.refill()
        if len(report.violations) > before:
            table.broken[n] = [v.rule for v in report.violations[before:]]
    left = table.left
    if left and table.stopped:
        report.notes.append(f"every player passed in a row: the game stopped at turn {table.stopped} with {left} of "
                            f"{total} roads unclaimed")
    elif left:
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
    return table


def road_ref(road: tuple[int, int]) -> str:
    """The entry page's name for a road: ``road:3-7`` (smaller centre first)."""
    return f"road:{road[0]}-{road[1]}"


def _draw(t: Turn, n: int, where: str, state: Replay, report: Report) -> None:
    who = t.who
    refs = (f"turn:{n}",)
    if len(t.cards) > 1:
        report.violation(who, "one-action", where, f"{who} draws {len(t.cards)} cards ({' '.join(t.cards)}) in one "
                                                   "turn; a turn is one action: draw one card", refs)
    for tok in t.cards:
        r = card(tok)
        if r is None:
            report.violation(who, "rank", f"{where}, card {tok}", not_a_card(tok), refs)
            continue
        v = rank_of(r)
        if not state.pile_size:
            report.violation(who, "deck", f"{where}, card {r}", f"{who} draws {r}, but the draw and discard piles are both "
                                                 "empty: every card is in a hand", refs)
        elif not state.pile[v]:
            seen = state.drawn_at.get(v, [])
            if state.reshuffles == 0:
                why = f"all four were drawn already (turns {_turn_list(seen)})"
            else:
                why = (f"the draw pile was made of the discards at reshuffle {state.reshuffles}, and its "
                       + (f"{r}s were drawn at turns {_turn_list(seen)}" if seen else f"discards held no {r}"))
            report.violation(who, "deck", f"{where}, card {r}", f"{who} draws {r}, but there is no {r} left in the draw "
                                                 f"pile: {why}", refs)
        else:
            state.pile[v] -= 1
            state.drawn_at.setdefault(v, []).append(n)
        state.hands[who][v] += 1
        state.refill()


def claimable(hand: list[int], k: int, left: int) -> tuple[int, list[str]] | None:
    """The fewest roads (at most ``left``) that some of the cards in ``hand`` (count per rank) pay for
    exactly, and the cards that do, highest first; None if no choice of cards pays for a road."""
    sums: dict[int, tuple[int, ...]] = {0: ()}
    for v in range(13, 0, -1):
        for _ in range(hand[v]):
            for s, combo in list(sums.items()):
                for value in ((1, 14) if v == 1 else (v,)):
                    sums.setdefault(s + value, combo + (v,))
    for roads in range(1, left + 1):
        if roads * k in sums:
            return roads, [RANKS[v - 1] for v in sums[roads * k]]
        if roads * k > max(sums):
            break
    return None


def _pass(t: Turn, where: str, k: int, left: int, state: Replay, report: Report) -> None:
    """Ruling 4: with no card to draw, a player who can claim must claim; only a player who cannot passes."""
    can = claimable(state.hands[t.who], k, left) if left else None
    if can is None:
        return
    roads, cards = can
    report.violation(t.who, "must-claim", where,
                     f"{t.who} passes holding {cards_text(state.hands[t.who])}, but {' '.join(cards)} "
                     f"{'pays' if len(cards) == 1 else 'pay'} for {'a road' if roads == 1 else f'{roads} roads'} "
                     f"({roads * k}); with no card to draw, a player who can claim must claim", tuple(dict.fromkeys(f"card:{c}" for c in cards)))


def roads_on_map(t: Turn, k: int) -> list[tuple[int, int]]:
    out = []
    for text in t.roads:
        a, b = map(int, ROAD.match(text).groups())
        if 1 <= a <= k and 1 <= b <= k and a != b:
            out.append((min(a, b), max(a, b)))
    return out


def _claim(t: Turn, n: int, where: str, k: int, left: int, owner: dict, state: Replay | None,
           report: Report) -> list[tuple[int, int]] | None:
    """Check one claim; the roads it takes, or None if it breaks a rule."""
    who = t.who
    turn = f"turn:{n}"
    refs = (turn, *(road_ref(r) for r in roads_on_map(t, k)))  # a void claim: its row and its roads
    before = len(report.violations)
    m = len(t.roads)
    roads: list[tuple[int, int]] = []
    for text in t.roads:
        a, b = map(int, ROAD.match(text).groups())
        bad = [c for c in (a, b) if not 1 <= c <= k]
        if bad:
            report.violation(who, "road", f"{where}, road {text}", f"road {text}: there is no centre {bad[0]} (the map has centres "
                                                 f"1 to {k})", (turn,))
            continue
        if a == b:
            report.violation(who, "road", f"{where}, road {text}", f"road {text} joins centre {a} to itself; a road joins two "
                                                 "different centres", (turn,))
            continue
        road = (min(a, b), max(a, b))
        if road in roads:
            report.violation(who, "taken", f"{where}, road {text}", f"road {road[0]}-{road[1]} is named twice in this claim",
                             (turn, road_ref(road)))
            continue
        if road in owner:
            by, at = owner[road]
            report.violation(who, "taken", f"{where}, road {text}", f"road {road[0]}-{road[1]} was claimed by "
                                                  f"{'you' if by == who else by} at turn {at}", (turn, road_ref(road)))
            continue
        roads.append(road)
    if m > left:
        report.violation(who, "remaining", where, f"{who} claims {m} roads but only {left} remain", refs)
    ranks = []
    for tok in t.cards:
        r = card(tok)
        if r is None:
            report.violation(who, "rank", f"{where}, card {tok}", not_a_card(tok), refs)
        else:
            ranks.append(r)
    if len(ranks) == len(t.cards) and not pays(ranks, m * k):
        paid = roads_paid(ranks, k)
        hint = f"; they pay for {' or '.join(map(str, paid))} road{'' if paid == [1] else 's'}" if paid else ""
        need = "1 road needs" if m == 1 else f"{m} roads need"
        report.violation(who, "sum", where, f"{' '.join(ranks)} add up to {show_totals(ranks)}; "
                                            f"{need} exactly {m * k} ({m} x {k}){hint}", refs)
    if state is not None:
        hand = state.hands[who]
        want = [0] * 14
        for r in ranks:
            want[rank_of(r)] += 1
        missing = [RANKS[v - 1] for v in range(1, 14) for _ in range(max(0, want[v] - hand[v]))]
        if missing:
            report.violation(who, "hand", f"{where}, card{'s' if len(missing) > 1 else ''} {' '.join(missing)}",
                             f"{who} spends {' '.join(missing)} but holds "
                                                 f"{cards_text(hand)}", refs)
        for v in range(1, 14):
            spent = min(want[v], hand[v])
            hand[v] -= spent
            state.discard[v] += spent
    return roads if len(report.violations) == before else None


def score(res: Results) -> Report:
    """Every rule checked into a fresh report."""
    report = Report.empty(ID, res.names)
    check(res, report)
    return report

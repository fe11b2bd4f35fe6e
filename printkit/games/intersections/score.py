"""Making Intersections' scorer: every round's segments checked in the order drawn, each break named
by its round and segment (``round 2, segment 4 (B3-D3)``) and blamed on the player who drew it.

Rules checked, all in ``check``:

- ``segments``: no more than the config's number of segments in a round;
- ``dots``: both ends are dots of the n x n array;
- ``two-dots``: a segment joins two different dots;
- ``straight``: both ends lie in one row or one column;
- ``crossing``: a segment may not cross one drawn earlier in the round (and kept) at a point inside both;
- ``overlap``: nor run along one (share more than one dot);
- notes, not violations: a round with fewer segments, and a number of rounds that is not a multiple
  of the players (not everyone offense equally often).

A segment that breaks a rule is left out of the dot counts; the round's offense scores one point per
dot with a count of 3 or more (``geometry.scoring_dots``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...report import Report
from ...coords import coord, parse_coord
from .geometry import conflict, scoring_dots
from .model import ID, Results
from .record import Seg, make_seg


@dataclass
class Round:
    """One round as entered, checked."""

    index: int
    offense: str
    good: list[Seg]
    bad: list[Seg]
    points: int


def drawer(names: list[str], rnd: int, i: int) -> str:
    """Who draws segment i (from 0) of round rnd (from 0): the offense first, then in seat order."""
    return names[(rnd + i) % len(names)]


def check(res: Results, report: Report) -> list[Round]:
    names, n, m = res.names, res.n, res.segments
    rounds: list[Round] = []
    for r, texts in enumerate(res.rounds):
        offense = names[r % len(names)]
        good: list[Seg] = []
        bad: list[Seg] = []
        for i, text in enumerate(texts):
            who = drawer(names, r, i)
            where = f"round {r + 1}, segment {i + 1} ({text})"
            ref = (f"{r + 1}:{text}",)  # the segment on the entry page
            if i >= m:
                report.violation(who, "segments", where, f"round {r + 1} has {len(texts)} segments; "
                                                         f"only {m} are drawn each round", ref)
                continue
            ends = [parse_coord(t, n, n) for t in text.split("-")]
            off = [t for t, e in zip(text.split("-"), ends) if e is None]
            if off:
                on = [f"{r + 1}:{coord(*e)}" for e in ends if e is not None]  # the end that is on the array
                report.violation(who, "dots", where, f"{off[0]} is not a dot of the {n}x{n} array "
                                                     f"(rows A-{coord(n - 1, 0)[:-1]}, columns 1-{n})",
                                 tuple(on) or (f"grid:{r + 1}",))
                continue
            a, b = ends
            if a == b:
                report.violation(who, "two-dots", where, f"both ends are {coord(*a)}; a segment joins two different dots",
                                 ref)
                continue
            if a[0] != b[0] and a[1] != b[1]:
                report.violation(who, "straight", where, f"{coord(*a)} and {coord(*b)} are in neither one row "
                                                         "nor one column", ref)
                continue
            seg = make_seg(a, b)
            clash = next(((o, c) for o in good if (c := conflict(seg, o))), None)
            if clash:
                other, (rule, dot) = clash
                verb = "crosses" if rule == "crossing" else "runs along"
                report.violation(who, rule, where, f"{seg} {verb} {other} at {coord(*dot)}", ref)
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


def score(res: Results) -> Report:
    report = Report.empty(ID, res.names)
    rounds = check(res, report)
    report.details += [f"round {r.index + 1}: {r.offense} (offense) scores {r.points}" for r in rounds]
    return report

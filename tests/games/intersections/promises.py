"""Making Intersections's printed promises, run by ``tests/test_promises.py``: one ``Promise`` per rule and ruling
of its rule sheet (a record that breaks it, one that keeps it), ``SCORES`` for its points and winners, and
``KEPT``, a record that keeps every rule."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]

from promise import Points, Promise  # noqa: E402


def mi(*rounds, players=("Ann", "Ben"), n=5, segments=4) -> dict:
    return {"game": "intersections", "players": list(players), "n": n, "segments": segments, "rounds": list(rounds)}


R1 = ["A1-A5", "A3-E3", "C1-C3", "B4-D4"]
R2 = ["A1-A4", "A2-C2", "C1-C4", "D3-E3"]  # A2-C2 ends on A1-A4's middle, C1-C4 passes through its end C2

PROMISES = [
    Promise("intersections", "Playing a round: a straight line from one dot to another dot",
            mi(R1, ["A1-A6", *R2[1:]]), mi(R1, R2), ("dots",)),
    Promise("intersections", "... to another dot: two different dots", mi(R1, ["A1-A1", *R2[1:]]), mi(R1, R2),
            ("two-dots",)),
    Promise("intersections", "... in the same row or the same column", mi(R1, ["A1-B2", *R2[1:]]), mi(R1, R2),
            ("straight",)),
    Promise("intersections", "Crossing: a segment may not meet another at a point inside both; touching at a dot "
            "where one of them ends is fine", mi(R1, ["A1-A4", "A2-C2", "C1-C4", "B3-D3"]), mi(R1, R2),
            ("crossing",), who=("Ann",)),
    Promise("intersections", "Running along: a segment may not share more than one point with another",
            mi(R1, ["A1-A4", "A3-A5", *R2[2:]]), mi(R1, R2), ("overlap",), who=("Ann",)),
    Promise("intersections", "ruling 1: in each round the offense draws first, the others follow in seat order",
            mi(R1, ["A1-A4", "A2-C2", "A2-A3", "D3-E3"]), mi(R1, R2), ("overlap",), who=("Ben",)),
    Promise("intersections", "Playing a round: the round ends when m segments have been drawn",
            mi(R1, R2 + ["E1-E2"]), mi(R1, R2), ("segments",)),
    Promise("intersections", "ruling 3: a round with fewer than m segments is scored as it stands, with a note",
            mi(R1, R2[:3]), mi(R1, R2), note="round 2 has 3 of 4 segments"),
    Promise("intersections", "ruling 3: a number of rounds that is not a multiple of the players: a note",
            mi(R1), mi(R1, R2), note="not every player has been offense equally often"),
    Promise("intersections", "What you need: m is a multiple of the number of players",
            mi(R1, R2, segments=3), mi(R1, R2), refused="not a multiple of the 2 players"),
    Promise("intersections", "Good to know: the segments per round are fewer than (n-1)^2 + 3",
            mi(R1, R2, segments=20, n=5), mi(R1, R2, segments=18, n=5), refused="must be less than (n-1)^2+3 = 19"),
]


SCORES = [
    Points("intersections", "Scoring a round: the offense scores a point for each dot with a count of 3 or more; "
           "offense rotates in seat order, round 1 the first player", mi(R1, R2), {"Ann": 2, "Ben": 2},
           ["Ann", "Ben"]),
    Points("intersections", "ruling 2: a segment that breaks a rule is left out of the dot counts",
           mi(R1, ["A1-A4", "A2-C2", "C1-C4", "B3-D3"]), {"Ann": 2, "Ben": 2}, ["Ann", "Ben"]),
]

KEPT = mi(R1, R2)

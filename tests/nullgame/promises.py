"""The null game's printed promises, run by ``tests/test_promises.py``: one ``Promise`` per rule and ruling of
its rule sheet (a record that breaks it, one that keeps it), ``SCORES`` for its points and winners, and
``KEPT``, a record that keeps every rule.  (A real game keeps this file as ``tests/games/<game>/promises.py``.)"""

from __future__ import annotations

from promise import Points, Promise

ID = "nullgame"


def record(*lines: str, players=("Ann", "Ben"), rows: int = 6) -> dict:
    return {"game": ID, "players": list(players), "rows": rows, "tally": list(lines)}


KEPT = record("Ann 7", "Ben 0", "Ann 5", "Ben 3")

PROMISES = [
    Promise(ID, "Playing 1: each player writes one digit, 0 to 9", record("Ann 7", "Ben 12"), KEPT, ("digit",),
            who=("Ben",)),
    Promise(ID, "Fine points 1: anything but a single digit breaks the rule, and its writer is out",
            record("Ann x", "Ben 3"), KEPT, ("digit",), who=("Ann",), dq=("Ann",)),
    Promise(ID, "A game for two or more players", record("Ann 7", players=("Ann",)), KEPT,
            refused="this game takes 2 to"),
]

SCORES = [
    Points(ID, "Scoring: your score is the sum of your digits; the highest score wins", KEPT,
           {"Ann": 12, "Ben": 3}, ["Ann"]),
    Points(ID, "Scoring: equal totals share the win", record("Ann 3", "Ben 3"), {"Ann": 3, "Ben": 3}, ["Ann", "Ben"]),
]

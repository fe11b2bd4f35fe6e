"""Add/Residue's printed promises, run by ``tests/test_promises.py``: one ``Promise`` per rule and ruling
of its rule sheet (a record that breaks it, one that keeps it), ``SCORES`` for its points and winners, and
``KEPT``, a record that keeps every rule."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]

from promise import Points, Promise  # noqa: E402


def ar(moves, players=("Ann", "Ben"), n=2) -> dict:
    return {"game": "add-residue", "players": list(players), "n": n, "moves": list(moves)}


# n = 2: 2 x 2 x 2 = 8 moves.  m: 1, 3, 3 mod 2 = 1 (Ann +1), 1 mod 1 = 0, 2, 3, 0, 0
AR = ["Ann add 1 = 1", "Ben add 2 = 3", "Ann mod 2 = 1", "Ben mod 1 = 0", "Ann add 2 = 2", "Ben add 1 = 3",
      "Ann mod 1 = 0", "Ben mod 2 = 0"]
AR3 = ["Ann add 1", "Ben add 1", "Cat add 1", "Ann mod 1", "Ben mod 1", "Cat mod 1"]  # three players, n = 1

PROMISES = [
    Promise("add-residue", "How to play 1: m starts at 0", ar(["Ann add 1 = 2"]), ar(AR), ("arithmetic",)),
    Promise("add-residue", "How to play 1 and ruling 1: players take turns in seat order, the first player on "
            "the log first; a move out of turn disqualifies its player",
            ar(["Ben add 1", "Ann add 1"]), ar(AR), ("seat-order",), who=("Ben",), dq=("Ben",)),
    Promise("add-residue", "ruling 1: a move out of turn is reported once, against the player who made it; every "
            "other move counts as played (issue 19: Ann and Ben used to be blamed too)",
            ar(["Ann add 1", "Cat add 1", "Ben add 1", "Ann mod 1", "Ben mod 1", "Cat mod 1"],
               players=("Ann", "Ben", "Cat"), n=1), ar(AR3, players=("Ann", "Ben", "Cat"), n=1),
            ("seat-order",), who=("Cat",), dq=("Cat",)),
    Promise("add-residue", "How to play 2 and ruling 2: a number is crossed off its pile once; playing it again "
            "disqualifies", ar(["Ann add 1", "Ben add 2", "Ann add 1"]), ar(AR), ("once-per-pile",),
            who=("Ann",), dq=("Ann",)),
    Promise("add-residue", "How to play 3: from the add pile m becomes m + c",
            ar(["Ann add 1 = 1", "Ben add 2 = 2"]), ar(AR), ("arithmetic",), who=("Ben",)),
    Promise("add-residue", "How to play 4: from the mod pile m becomes the remainder of m divided by c",
            ar(["Ann add 1 = 1", "Ben add 2 = 3", "Ann mod 2 = 3"]), ar(AR), ("arithmetic",), who=("Ann",)),
    Promise("add-residue", "ruling 3: the first wrong m is reported, and a slip in the arithmetic disqualifies "
            "no one", ar(["Ann add 1 = 2", "Ben add 2 = 4"]), ar(AR), ("arithmetic",), who=("Ann",), dq=()),
    Promise("add-residue", "How to play 6: the game ends after 2 x n x players moves",
            ar(AR + ["Ann add 1"]), ar(AR), ("once-per-pile",)),
    Promise("add-residue", "ruling 4: a log shorter than 2 x n x players moves is scored as it stands, with a note",
            ar(AR[:5]), ar(AR), note="5 of 8 moves entered"),
    Promise("add-residue", "ruling 5: only numbers 1 to n exist; a results file with any other is refused",
            ar(["Ann add 3"]), ar(AR), refused="the piles hold 1 to 2"),
    Promise("add-residue", "two or more players (this kit: up to eight)",
            ar(AR, players=[f"P{i}" for i in range(9)]), ar(AR), refused="this game takes 2 to 8"),
]


SCORES = [
    Points("add-residue", "How to play 3 and 4: an add scores nothing; a mod scores the new m for its player",
           ar(AR), {"Ann": 1, "Ben": 0}, ["Ann"]),
    Points("add-residue", "Good to know: a mod by a number bigger than m leaves m, and scores all of it",
           ar(["Ann add 2 = 2", "Ben mod 5 = 2"], n=5), {"Ann": 0, "Ben": 2}, ["Ben"]),
    Points("add-residue", "Good to know: a mod by 1 always makes m zero", ar(["Ann add 2 = 2", "Ben mod 1 = 0"], n=5),
           {"Ann": 0, "Ben": 0}, ["Ann", "Ben"]),
    Points("add-residue", "How to play 6: equal totals share the win",
           ar(["Ann add 1", "Ben add 1", "Ann mod 1", "Ben mod 1"], n=1), {"Ann": 0, "Ben": 0}, ["Ann", "Ben"]),
    Points("add-residue", "ruling 1: the one who moved out of turn is disqualified, the rest scored as played",
           ar(["Ann add 1", "Cat add 1", "Ben add 1", "Ann mod 1", "Ben mod 1", "Cat mod 1"],
              players=("Ann", "Ben", "Cat"), n=1), {"Ann": 0, "Ben": 0, "Cat": 0}, ["Ann", "Ben"]),
]

KEPT = ar(AR)

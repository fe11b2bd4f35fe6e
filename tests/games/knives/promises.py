"""Selling Knives's printed promises, run by ``tests/test_promises.py``: one ``Promise`` per rule and ruling
of its rule sheet (a record that breaks it, one that keeps it), ``SCORES`` for its points and winners, and
``KEPT``, a record that keeps every rule."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]

from promise import Points, Promise  # noqa: E402


def kn(turns, players=("Ann", "Ben"), kcount=12) -> dict:
    return {"game": "knives", "players": list(players), "kcount": kcount, "turns": list(turns)}


RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
WHOLE_DECK = [f"{('Ann', 'Ben')[i % 2]} draws {r}" for i, r in enumerate(r for r in RANKS for _ in range(4))]
# Eight hands holding the whole deck, none of which can pay for a road at kcount 30 (no choice of its cards,
# aces 1 or 14, adds up to 30, 60, ...): with no card left to draw, everyone may pass.
NO_CLAIM = ["K K 3 10 9 10 6", "J 9 4 9 7 4 9", "6 Q 5 5 6 5 4", "7 2 7 Q Q 10 7", "10 A 2 J J 2", "J 3 4 3 3 8",
            "6 8 8 K 5 2", "A 8 A Q K A"]
EIGHT = [f"P{i + 1}" for i in range(8)]
DEAL = [f"{EIGHT[t % 8]} draws {NO_CLAIM[t % 8].split()[t // 8]}" for t in range(52)]
PASSES = [f"{EIGHT[(4 + i) % 8]} passes" for i in range(8)]  # after 52 draws it is P5's turn

PROMISES = [
    Promise("knives", "Your turn 1: cards are A, 2 to 10, J, Q, K", kn(["Ann claims 1-2 with 1 J"]),
            kn(["Ann claims 1-2 with A J"]), ("rank",)),
    Promise("knives", "Your turn 2: cards worth exactly kcount points claim one road",
            kn(["Ann claims 1-2 with K"]), kn(["Ann claims 1-2 with Q"]), ("sum",)),
    Promise("knives", "Your turn 2: exactly twice kcount claims two roads", kn(["Ann claims 1-2 3-4 with Q 10"]),
            kn(["Ann claims 1-2 3-4 with Q Q"]), ("sum",)),
    Promise("knives", "each ace counts 1 or 14 as you choose; two aces may count differently",
            kn(["Ann claims 1-2 with A 10"]), kn(["Ann claims 1-2 3-4 with A A 9"]), ("sum",)),
    Promise("knives", "a road joins two of the kcount centres", kn(["Ann claims 1-13 with Q"]),
            kn(["Ann claims 1-12 with Q"]), ("road",)),
    Promise("knives", "a road joins two different centres", kn(["Ann claims 3-3 with Q"]),
            kn(["Ann claims 3-4 with Q"]), ("road",)),
    Promise("knives", "a claimed road can never be claimed again", kn(["Ann claims 1-2 with Q", "Ben claims 2-1 with Q"]),
            kn(["Ann claims 1-2 with Q", "Ben claims 1-3 with Q"]), ("taken",), who=("Ben",)),
    Promise("knives", "you can never claim more roads than are still free",
            kn(["Ann claims 1-2 1-3 1-4 2-3 2-4 with K 7", "Ben claims 3-4 1-2 with 8"], kcount=4),
            kn(["Ann claims 1-2 1-3 1-4 2-3 2-4 with K 7", "Ben claims 3-4 with 4"], kcount=4),
            ("remaining", "taken"), who=("Ben",)),
    Promise("knives", "The end: the game ends as soon as the last road is claimed",
            kn(["Ann claims 1-2 1-3 2-3 with 9", "Ben claims 1-2 with 3"], kcount=3),
            kn(["Ann claims 1-2 1-3 2-3 with 9"], kcount=3), ("over",), who=("Ben",)),
    Promise("knives", "ruling 7: a claim that breaks a rule is void: its roads stay free for others",
            kn(["Ann claims 1-2 with K", "Ben claims 1-2 with Q"]), kn(["Ann claims 1-2 with Q"]), ("sum",),
            who=("Ann",)),
    Promise("knives", "ruling 2: the first player listed takes the first turn; play goes round in that order",
            kn(["Ben draws Q", "Ann draws K"]), kn(["Ann draws Q", "Ben draws K"]), ("order",), who=("Ben",)),
    Promise("knives", "ruling 2: one turn out of order is one mistake, its player's (issue 19)",
            kn(["Ann draws Q", "Cat draws 2", "Ben draws 3", "Ann draws 4", "Ben draws 5", "Cat draws 6"],
               players=("Ann", "Ben", "Cat")),
            kn(["Ann draws Q", "Ben draws 2", "Cat draws 3", "Ann draws 4", "Ben draws 5", "Cat draws 6"],
               players=("Ann", "Ben", "Cat")), ("order",), who=("Cat",)),
    Promise("knives", "ruling 7: a claim out of turn is void too: its road stays free (issue 19: it used to "
            "count)", kn(["Ann draws Q", "Ben draws Q", "Ben claims 1-2 with Q", "Ann claims 1-2 with Q"]),
            kn(["Ann draws Q", "Ben draws Q", "Ann claims 1-2 with Q", "Ben claims 1-3 with Q"]), ("order",),
            who=("Ben",)),
    Promise("knives", "Your turn: exactly one thing: draw the top card", kn(["Ann draws Q K"]), kn(["Ann draws Q"]),
            ("one-action",)),
    Promise("knives", "claim with cards from your hand", kn(["Ann draws Q", "Ben draws K", "Ann claims 1-2 with 10 2"]),
            kn(["Ann draws Q", "Ben draws K", "Ann claims 1-2 with Q"]), ("hand",), who=("Ann",)),
    Promise("knives", "a standard 52-card deck: four of each rank", kn(["Ann draws Q", "Ben draws Q"] * 2 + ["Ann draws Q"]),
            kn(["Ann draws Q", "Ben draws Q"] * 2 + ["Ann draws K"]), ("deck",)),
    Promise("knives", "ruling 3: an empty draw pile is replaced by the shuffled discard pile",
            kn(WHOLE_DECK + ["Ann claims 1-2 with Q", "Ben draws K"]),
            kn(WHOLE_DECK + ["Ann claims 1-2 with Q", "Ben draws Q"]), ("deck",), who=("Ben",)),
    Promise("knives", "ruling 4: passing is allowed only when there is no card to draw",
            kn(["Ann draws Q", "Ben passes"]), kn(DEAL + PASSES[:1], players=EIGHT, kcount=30), ("pass",)),
    Promise("knives", "ruling 4: with no card to draw, a player who can claim must claim (issue 19: a pass "
            "was accepted)", kn(WHOLE_DECK + ["Ann passes"]), kn(WHOLE_DECK + ["Ann claims 1-2 with Q"]),
            ("must-claim",), who=("Ann",)),
    Promise("knives", "ruling 4: if every player passes in a row, the game stops (issue 19: not checked)",
            kn(DEAL + PASSES + ["P5 passes"], players=EIGHT, kcount=30), kn(DEAL + PASSES, players=EIGHT, kcount=30),
            ("over",), who=("P5",)),
    Promise("knives", "ruling 8: kcount 3 to 30 may be printed for custom maps (the card rule gives 8 to 14)",
            kn(["Ann claims 1-2 with 10 10"], kcount=20), kn(["Ann claims 1-2 with 10 4"], kcount=14),
            note="custom map"),
    Promise("knives", "ruling 8: kcount from 3 to 30", kn(["Ann claims 1-2 with K K 5"], kcount=31),
            kn(["Ann claims 1-2 with K K 4"], kcount=30), refused="must be 3 to 30"),
    Promise("knives", "What you need: two to eight players", kn(["P1 draws Q"], players=[f"P{i}" for i in range(1, 10)]),
            kn(["P1 draws Q"], players=EIGHT), refused="this game takes 2 to 8"),
]


SCORES = [
    Points("knives", "The end: the most roads wins; equal counts share the win",
           kn(["Ann claims 1-2 with Q", "Ben claims 3-4 with Q"]), {"Ann": 1, "Ben": 1}, ["Ann", "Ben"]),
    Points("knives", "ruling 5: cards still in a hand score nothing",
           kn(["Ann draws Q", "Ben draws Q", "Ann draws K", "Ben claims 1-2 with Q"]), {"Ann": 0, "Ben": 1}, ["Ben"]),
    Points("knives", "ruling 7: a void claim's roads do not count", kn(["Ann claims 1-2 3-4 with K"]),
           {"Ann": 0, "Ben": 0}, ["Ann", "Ben"]),
]

KEPT = kn(["Ann claims 1-2 with Q"])

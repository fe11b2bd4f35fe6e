"""Every printed promise kept: each game's rule sheet gone through rule by rule and ruling by ruling.

One line per promise: the game, the rule or ruling as the sheet prints it, a record that breaks it and a
record that keeps it, and the scorer's answer to both.  Records are read as ``printkit score`` reads a
results file (YAML through ``inputs``, then the game's scorer).  For each line:

- ``rule``: the broken record breaks exactly these rules (violation ids), blamed on ``who`` and
  disqualifying ``dq`` when given; the kept record breaks none (valid, exit 0);
- ``refused``: the broken record is refused as unusable (exit 2) with these words; the kept one is valid;
- ``note``: the sheet promises a remark, not a mistake: the first record is valid with that note, the
  second valid without it.

``SCORES`` then lists the promises about points and winners, one record each with the scores it gives.
Where the scorer and a sheet disagreed (issue 19), the line says which was changed.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from printkit import registry
from printkit.inputs import InputError, parse
from printkit.validation import validate

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "games" / "ikes"))
sys.path.insert(0, str(HERE / "games" / "curve"))

from curve_helpers import RING, RING_FILL, SMALL, SMALL_FILL, edit, pocket_text  # noqa: E402
from ikes_helpers import (EAST, EMPTY, L, NORTH, P_S, PAIR, ROW3, SOUTH, TILES, Store, base,  # noqa: E402
                          sheet_yaml, walls_of)

from printkit.games.curve import geometry as geo  # noqa: E402
from printkit.games.curve.route import read_route  # noqa: E402
from printkit.games.curve.record import parse_grid  # noqa: E402


def score(doc: dict):
    """The report ``printkit score`` gives for this results document; InputError if it refuses it."""
    game = registry.get(doc["game"])
    res = validate(game.Results, parse(yaml.safe_dump(doc, sort_keys=False), "results.yaml"))
    return game.score(res)


@dataclass
class Promise:
    game: str
    promise: str  # the rule or ruling, as the rule sheet prints it
    broken: dict  # a record that breaks it
    kept: dict  # a record that keeps it
    rule: tuple[str, ...] = ()  # what the broken record breaks (violation rules)
    who: tuple[str, ...] | None = None  # whom the broken rule blames
    dq: tuple[str, ...] | None = None  # who is disqualified by it
    refused: str = ""  # the broken record is unusable (exit 2) with these words
    note: str = ""  # the sheet promises a note: the broken record is valid with it

    def __str__(self) -> str:
        return f"{self.game}: {self.promise}"


# ---------------------------------------------------------------- Add/Residue

def ar(moves, players=("Ann", "Ben"), n=2) -> dict:
    return {"game": "add-residue", "players": list(players), "n": n, "moves": list(moves)}


# n = 2: 2 x 2 x 2 = 8 moves.  m: 1, 3, 3 mod 2 = 1 (Ann +1), 1 mod 1 = 0, 2, 3, 0, 0
AR = ["Ann add 1 = 1", "Ben add 2 = 3", "Ann mod 2 = 1", "Ben mod 1 = 0", "Ann add 2 = 2", "Ben add 1 = 3",
      "Ann mod 1 = 0", "Ben mod 2 = 0"]
AR3 = ["Ann add 1", "Ben add 1", "Cat add 1", "Ann mod 1", "Ben mod 1", "Cat mod 1"]  # three players, n = 1

ADD_RESIDUE = [
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


# ---------------------------------------------------------------- Selling Knives

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

KNIVES = [
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


# ---------------------------------------------------------------- Within The Curve

def cv(curves: dict, fills: dict, n: int = 6) -> dict:
    return {"game": "curve", "players": list(curves), "n": n, "curves": curves, "fills": fills}


def solo(curve: str, fill: str, n: int = 6) -> dict:
    return cv({"Ann": curve}, {"Ann": {"Ann": fill}}, n)


RING_NUMBERED = edit(RING_FILL, C3=".", C4=".")  # the ring written as its route numbers, B2 = 1 towards B3
# The same ring filled from 1 at E5 the other way round: any start, either direction
RING_FILL_BACK = """
. . . . . .
. 7 6 5 4 .
. 8 1 2 3 .
. 9 . . 2 .
. 10 11 12 1 .
. . . . . .
"""


def pocket(start: int = 0, **inside) -> tuple[str, str]:
    """The pocket curve of the rule sheet's second picture (7 x 7; it runs alongside itself round D4, which is
    outside), and a fill of it numbered from route square ``start``, with ``inside`` numbers added."""
    curve = pocket_text()
    route, _ = read_route(parse_grid(curve, 7, True), 7)
    rows = [["."] * 7 for _ in range(7)]
    for (r, c), v in geo.curve_values(route, start, 1).items():
        rows[r][c] = str(v)
    fill = "\n".join(" ".join(row) for row in rows) + "\n"
    return curve, edit(fill, **inside)


CURVE = [
    Promise("curve", "Drawing the curves / ruling 1: a curve steps to a square sharing a side, and closes",
            solo(edit(RING, C5="."), RING_FILL), solo(RING, RING_FILL), ("closed",), who=("Ann",), dq=("Ann",)),
    Promise("curve", "ruling 1: it steps never diagonally or by a jump",
            solo(edit(RING_NUMBERED, B3=3, B4=2), RING_FILL), solo(RING_NUMBERED, RING_FILL), ("step",)),
    Promise("curve", "Drawing the curves: it goes through at least 4 squares",
            solo(". 1 2 . . .\n" + ". . . . . .\n" * 5, ". 1 2 . . .\n" + ". . . . . .\n" * 5),
            solo(RING, RING_FILL), ("length",)),
    Promise("curve", "ruling 1: it goes through each square at most once, and may run alongside itself",
            solo(edit(RING_NUMBERED, A1=5), RING_FILL),
            cv({"Ann": pocket()[0]}, {"Ann": {"Ann": pocket(0, B2=1)[1]}}, 7), ("once",)),
    Promise("curve", "Drawing the curves: one closed curve",
            solo("# # . . . .\n# # . . . .\n. . . . . .\n. . . # # .\n. . . # # .\n. . . . . .\n", RING_FILL),
            solo(RING, RING_FILL), ("one-curve",)),
    Promise("curve", "Filling 1: the curve's squares hold 1, 2, 3, ... in order along it",
            solo(RING, edit(RING_FILL, E3=8, E4=9)), solo(RING, RING_FILL), ("curve-numbers",),
            who=("Ann",), dq=("Ann",)),
    Promise("curve", "Filling 1: you choose where 1 goes and which way round you count",
            solo(RING, edit(RING_FILL_BACK, B2=1)), solo(RING, RING_FILL_BACK), ("curve-numbers",)),
    Promise("curve", "ruling 3: inside numbers are 1, 2, ..., k with none left out",
            solo(RING, edit(RING_FILL, C4=3)), solo(RING, RING_FILL), ("interior-order",)),
    Promise("curve", "ruling 3: ... and none repeated", solo(RING, edit(RING_FILL, C4=1)), solo(RING, RING_FILL),
            ("interior-once",)),
    Promise("curve", "Filling 2: each inside number has no common factor with a number beside it, curve or "
            "inside; two curve squares side by side never need to be coprime",
            solo(RING, edit(RING_FILL, D3=3)),
            cv({"Ann": pocket()[0]}, {"Ann": {"Ann": pocket(32, B2=1)[1]}}, 7), ("coprime",)),
    Promise("curve", "ruling 3: nothing may be written outside a curve", solo(RING, edit(RING_FILL, A1=5)),
            solo(RING, RING_FILL), ("outside",)),
    Promise("curve", "ruling 2: a pocket walled in by touching curve squares can be outside",
            cv({"Ann": pocket()[0]}, {"Ann": {"Ann": pocket(0, B2=1, D4=2)[1]}}, 7),
            cv({"Ann": pocket()[0]}, {"Ann": {"Ann": pocket(0, B2=1)[1]}}, 7), ("outside",)),
    Promise("curve", "ruling 4: a mistake on any curve disqualifies its player only",
            cv({"Ann": RING, "Ben": SMALL}, {"Ann": {"Ann": RING_FILL, "Ben": edit(SMALL_FILL, B2=2)},
                                              "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}),
            cv({"Ann": RING, "Ben": SMALL}, {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL},
                                              "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}),
            ("interior-order",), who=("Ann",), dq=("Ann",)),
    Promise("curve", "ruling 5: a fill that stopped while the next number still fitted is not a mistake: a note",
            solo(RING, edit(RING_FILL, C4=".")), solo(RING, RING_FILL), note="would still fit at C4"),
    Promise("curve", "this kit: one to eight players",
            cv({f"P{i}": RING for i in range(9)}, {f"P{i}": {f"P{j}": RING_FILL for j in range(9)} for i in range(9)}),
            solo(RING, RING_FILL), refused="this game takes 1 to 8"),
]


# ---------------------------------------------------------------- The Long Way

def ik(*sheets: tuple[str, dict], players=None) -> dict:
    names = [p for p, _ in sheets]
    return {"game": "ikes", "players": players or names, "sheets": dict(sheets)}


def final(grid=TILES, walls=(), **kw) -> dict:
    """A final sheet without turns."""
    return yaml.safe_load("sheets:\n" + sheet_yaml(list(grid), list(walls), **kw))["sheets"]["Ann"]


def game(store: Store, turns) -> dict:
    return ik(("Ann", store.sheet(turns)))


def base_game(**change) -> dict:
    s, turns = base()
    for i, t in change.items():
        turns[int(i[1:])] = t
    return game(s, turns)


def two_stores(ann_turns, ben_turns) -> dict:
    """Ann and Ben build the same store: a cafeteria, then pairs across with south walls on B1, D4 (and F4)."""
    def store() -> Store:
        s = Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1").tile(PAIR, SOUTH, "D4", PAIR, "D4")
        return s.tile(PAIR, SOUTH, "F4", PAIR, "F4") if len(ann_turns) > 3 else s
    return ik(("Ann", store().sheet(ann_turns)), ("Ben", store().sheet(ben_turns)))


T2 = ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +coins"]
OTHER_DARK = 1 if SOUTH != 1 else 2
WRONG_FACE = next(f for f in range(1, 7) if f not in (PAIR, SOUTH))
assert ("A1", "N") in walls_of(PAIR, NORTH) and ("A1", "S") in walls_of(PAIR, SOUTH)

IKES = [
    Promise("ikes", "Setting up / ruling 3: the entrance and the exit are two different doorways",
            ik(("Ann", final(entrance="D1 W", exit="D1 W"))), ik(("Ann", final())), ("doorways",)),
    Promise("ikes", "Setting up: each is an arrow through the outer wall into an edge space",
            ik(("Ann", final(entrance="D4 W"))), ik(("Ann", final())), refused="not on the store's outer wall"),
    Promise("ikes", "The tiles: the light die picks the shape",
            game(Store().tile(L, EAST, "D1", L, "D1"), [f"{L}{EAST} D1+E1+D2 {L}@D1"]),
            game(Store().tile(L, EAST, "D1", L, "D1"), [f"{L}{EAST} D1+E1+E2 {L}@D1"]), ("tile-shape",)),
    Promise("ikes", "The tiles: the dark die picks the walls, never rotated or mirrored",
            game(Store().tile(L, EAST, "D1", L, "D1").wall("D1 N"), [f"{L}{EAST} D1 {L}@D1"]),
            game(Store().tile(L, EAST, "D1", L, "D1"), [f"{L}{EAST} D1 {L}@D1"]), ("walls",)),
    Promise("ikes", "A turn 1: each coin rerolls one die", base_game(t2=f"{L}6>{OTHER_DARK}1>{L}{EAST} D1 {L}@D1"),
            base_game(), ("reroll",)),
    Promise("ikes", "A turn 1: never with an empty coin box",
            game(Store().tile(L, EAST, "D1", L, "D1"), [f"{L}6>{L}{EAST} D1 {L}@D1"]),
            game(Store().tile(L, EAST, "D1", L, "D1"), [f"{L}{EAST} D1 {L}@D1"]), ("coins",)),
    Promise("ikes", "A turn 1 / ruling 8: only the roller rerolls",
            two_stores(T2 + [f"{P_S} D4 {PAIR}@D4"], T2 + [f"{PAIR}{7 - SOUTH}>{P_S} D4 {PAIR}@D4"]),
            two_stores(T2 + [f"{PAIR}{7 - SOUTH}>{P_S} D4 {PAIR}@D4"], T2 + [f"{P_S} D4 {PAIR}@D4"]),
            ("reroll",), who=("Ben",)),
    Promise("ikes", "A turn 2 / ruling 8: every player uses the same roll; a log showing other dice is that "
            "player's mistake alone (issue 19: it was blamed on the other player)",
            two_stores(T2 + [f"{P_S} D4 {PAIR}@D4"], T2 + [f"{PAIR}{OTHER_DARK} D4 {PAIR}@D4"]),
            two_stores(T2 + [f"{P_S} D4 {PAIR}@D4"], T2 + [f"{P_S} D4 {PAIR}@D4"]),
            ("same-roll",), who=("Ben",), dq=("Ben",)),
    Promise("ikes", "A turn 3: the tile goes on spaces that are all empty",
            game(Store().cafe(1, "A1", "A2"), ["55 cafe A1-A2", f"{P_S} A2 {PAIR}@A2"]),
            game(Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1"), T2),
            ("empty-spaces", "grid", "walls")),  # the sheet does not show the tile the log places
    Promise("ikes", "A turn: a space that has received a wall, even a bonus wall, is no longer empty",
            game(Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1").wall("C1 E"),
                 ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +wall C1 E", f"{P_S} C1 {PAIR}@C1"]),
            game(Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1").wall("C1 E"),
                 ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +wall C1 E"]), ("empty-spaces", "grid", "walls")),
    Promise("ikes", "A turn 3: the tile is drawn on the grid", game(Store(), [f"{ROW3}1 A6 {ROW3}@A6"]),
            game(Store().tile(L, EAST, "D1", L, "D1"), [f"{L}{EAST} D1 {L}@D1"]), ("tile-fit",)),
    Promise("ikes", "A turn 3: the display of either die",
            game(Store().tile(PAIR, SOUTH, "B1", WRONG_FACE, "B1"), [f"{P_S} B1 {WRONG_FACE}@B1"]),
            game(Store().tile(PAIR, SOUTH, "B1", SOUTH, "B2"), [f"{P_S} B1 {SOUTH}@B2"]), ("display-die",)),
    Promise("ikes", "A turn 3: the display goes on one of the tile's spaces",
            game(Store().tile(PAIR, SOUTH, "B1", PAIR, "B1").mark("B1", "o"), [f"{P_S} B1 {PAIR}@C1"]),
            game(Store().tile(PAIR, SOUTH, "B1", PAIR, "B1"), [f"{P_S} B1 {PAIR}@B1"]), ("display-space",)),
    Promise("ikes", "A turn 4: a cafeteria is a 1x2 block", game(Store().cafe(1, "A1", "B2"), ["cafe A1-B2"]),
            game(Store().cafe(1, "A1", "B1"), ["cafe A1-B1"]), ("cafeteria-shape",)),
    Promise("ikes", "A turn 4: two cafeterias at most in the whole game",
            game(Store().cafe(1, "A1", "A2").cafe(2, "C1", "C2").cafe(3, "E1", "E2"),
                 ["cafe A1-A2", "cafe C1-C2", "cafe E1-E2"]),
            game(Store().cafe(1, "A1", "A2").cafe(2, "C1", "C2"), ["cafe A1-A2", "12 cafe C1-C2"]), ("cafeterias",)),
    Promise("ikes", "A turn 5: stop playing: you draw nothing more", game(base()[0], base()[1] + ["stop"]),
            base_game(), ("stopped",)),
    Promise("ikes", "Bonus: only when the display is next to a cafeteria or a same display, with no wall "
            "without a doorway between",
            game(Store().cafe(1, "A1", "A2").tile(PAIR, NORTH, "B1", PAIR, "B1"),
                 ["55 cafe A1-A2", f"{PAIR}{NORTH} B1 {PAIR}@B1 +coins"]),
            game(Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1"), T2), ("bonus",)),
    Promise("ikes", "Bonus: punch a doorway through any one wall",
            game(Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1"),
                 ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +door B1 E"]),
            game(Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1").wall("B1 S", door=True),
                 ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +door B1 S"]), ("doorway",)),
    Promise("ikes", "ruling 6: a bonus doorway goes through a wall drawn in a space, not the store's outer wall",
            game(Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1"),
                 ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +door B1 W"]),
            game(Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1").wall("B1 S", door=True),
                 ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +door B1 S"]), ("doorway",)),
    Promise("ikes", "Bonus: add one wall on a side of any space that has no wall there yet",
            game(Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1"),
                 ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +wall B1 S"]),
            game(Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1").wall("C1 E"),
                 ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +wall C1 E"]), ("wall",)),
    Promise("ikes", "ruling 11: a bonus you earn but do not take is simply lost (a note, not a mistake)",
            game(Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1"), ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1"]),
            base_game(), note="bonus was earned"),
    Promise("ikes", "Scoring with printkit: every square where the final grid differs from the replay is named",
            game(base()[0].mark("F4", "o"), base()[1]), base_game(), ("grid",)),
    Promise("ikes", "Scoring with printkit: C1 and C2 are the cafeterias (at most two, each two spaces side by side)",
            ik(("Ann", final(["C1 o C1 o o o o"] + TILES[1:]))), ik(("Ann", final(["C1 C1 C2 C2 o o o"] + TILES[1:]))),
            ("cafeteria-shape",)),
]


# ---------------------------------------------------------------- Making Intersections

def mi(*rounds, players=("Ann", "Ben"), n=5, segments=4) -> dict:
    return {"game": "intersections", "players": list(players), "n": n, "segments": segments, "rounds": list(rounds)}


R1 = ["A1-A5", "A3-E3", "C1-C3", "B4-D4"]
R2 = ["A1-A4", "A2-C2", "C1-C4", "D3-E3"]  # A2-C2 ends on A1-A4's middle, C1-C4 passes through its end C2

INTERSECTIONS = [
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


# ---------------------------------------------------------------- every game

TWO_CURVES = cv({"Ann": RING, "Ben": SMALL}, {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL},
                                             "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}})
KEPT = {"add-residue": ar(AR), "knives": kn(["Ann claims 1-2 with Q"]), "curve": TWO_CURVES,
        "ikes": ik(("Ann", final())), "intersections": mi(R1, R2)}


def named(doc: dict, players: list[str]) -> dict:
    """The same record with the players renamed (Ann -> players[0], ...)."""
    text = yaml.safe_dump(doc)
    for old, new in zip(("Ann", "Ben"), players):
        text = re.sub(rf"\b{old}\b", new, text)
    return yaml.safe_load(text)


def blank(doc: dict) -> dict:
    """The record with nothing of the play entered, as the blank template has it."""
    game = registry.get(doc["game"])
    cfg = {k: v for k, v in doc.items() if k in game.shared_keys()}
    return yaml.safe_load(game.template(game.Config.from_dict(cfg)))


EVERY_GAME = [
    p for g, doc in KEPT.items() for p in (
        Promise(g, "printkit: players whose names differ only in case are refused (issue 19: knives credited "
                "both to one)", named(doc, ["ann", "Ann"]) if g != "ikes" else
                ik(("ann", final()), ("Ann", final())), doc, refused="differ only in case"),
        Promise(g, "printkit score: a file with nothing entered yet is no game (issue 19: a 0-0 tie, exit 0)",
                blank(doc), doc, ("empty",), who=(None,), dq=()),
    )
]

PROMISES = ADD_RESIDUE + KNIVES + CURVE + IKES + INTERSECTIONS + EVERY_GAME


@pytest.mark.parametrize("p", PROMISES, ids=str)
def test_promise_broken_and_kept(p: Promise):
    kept = score(p.kept)
    assert kept.valid, [(v.rule, v.message) for v in kept.violations]
    if p.refused:
        with pytest.raises(InputError) as e:
            score(p.broken)
        assert p.refused in e.value.message
        return
    broken = score(p.broken)
    if p.note:
        assert broken.valid and any(p.note in n for n in broken.notes), (broken.violations, broken.notes)
        assert not any(p.note in n for n in kept.notes)
        return
    assert sorted({v.rule for v in broken.violations}) == sorted(p.rule), \
        [(v.rule, v.player, v.message) for v in broken.violations]
    if p.who is not None:
        assert {v.player for v in broken.violations if v.rule == p.rule[0]} == set(p.who)
    if p.dq is not None:
        assert broken.disqualified == set(p.dq)


def test_every_game_has_promises():
    assert {p.game for p in PROMISES} == set(registry.GAMES)


# ---------------------------------------------------------------- points and winners

@dataclass
class Points:
    game: str
    promise: str
    record: dict
    scores: dict
    winners: list

    def __str__(self) -> str:
        return f"{self.game}: {self.promise}"


ARROW = ["3 o o o o o 4"] + TILES[1:]  # two displays on the walk A1 -> A7 (the entrance space counts)

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
    Points("knives", "The end: the most roads wins; equal counts share the win",
           kn(["Ann claims 1-2 with Q", "Ben claims 3-4 with Q"]), {"Ann": 1, "Ben": 1}, ["Ann", "Ben"]),
    Points("knives", "ruling 5: cards still in a hand score nothing",
           kn(["Ann draws Q", "Ben draws Q", "Ann draws K", "Ben claims 1-2 with Q"]), {"Ann": 0, "Ben": 1}, ["Ben"]),
    Points("knives", "ruling 7: a void claim's roads do not count", kn(["Ann claims 1-2 3-4 with K"]),
           {"Ann": 0, "Ben": 0}, ["Ann", "Ben"]),
    Points("curve", "Scoring and ruling 6: the sum of your top inside numbers, one for each curve, your own "
           "included; 0 where nothing is inside",
           cv({"Ann": RING, "Ben": SMALL}, {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL},
                                             "Ben": {"Ann": RING_NUMBERED, "Ben": SMALL_FILL}}),
           {"Ann": 3, "Ben": 1}, ["Ann"]),
    Points("curve", "Scoring: a player who made any mistake loses, whatever the score (ruling 4: scores shown "
           "as written)", cv({"Ann": RING, "Ben": SMALL}, {"Ann": {"Ann": edit(RING_FILL, D3=3), "Ben": SMALL_FILL},
                                                          "Ben": {"Ann": RING_NUMBERED, "Ben": SMALL_FILL}}),
           {"Ann": 4, "Ben": 1}, ["Ben"]),
    Points("ikes", "Shortest paths and points: -1 for each empty space entered, the entrance too; a score may "
           "be negative (ruling 7)", ik(("Ann", final(EMPTY, ["A1 N"]))), {"Ann": -7}, ["Ann"]),
    Points("ikes", "Shortest paths and points: +1 for each display entered, 0 for a tile space",
           ik(("Ann", final(ARROW, ["B1 N"], entrance="A1 W", exit="A7 E"))), {"Ann": 2}, ["Ann"]),
    Points("ikes", "ruling 2: a wall along the entrance's side blocks it: no way out, score 0",
           ik(("Ann", final(EMPTY, ["D1 W"]))), {"Ann": 0}, ["Ann"]),
    Points("ikes", "A turn 2 / ruling 8: a die typo in the roller Ben's log (turn 4) does not cost Ann the game "
           "(issue 19: Ann was blamed, both were disqualified, no winner)",
           two_stores(T2 + [f"{P_S} D4 {PAIR}@D4", f"{P_S} F4 {PAIR}@F4"],
                      T2 + [f"{P_S} D4 {PAIR}@D4", f"{PAIR}{OTHER_DARK} F4 {PAIR}@F4"]), None, ["Ann"]),
    Points("intersections", "Scoring a round: the offense scores a point for each dot with a count of 3 or more; "
           "offense rotates in seat order, round 1 the first player", mi(R1, R2), {"Ann": 2, "Ben": 2},
           ["Ann", "Ben"]),
    Points("intersections", "ruling 2: a segment that breaks a rule is left out of the dot counts",
           mi(R1, ["A1-A4", "A2-C2", "C1-C4", "B3-D3"]), {"Ann": 2, "Ben": 2}, ["Ann", "Ben"]),
]


@pytest.mark.parametrize("p", SCORES, ids=str)
def test_points(p: Points):
    r = score(p.record)
    if p.scores is not None:
        assert r.scores == p.scores
    assert r.winners == p.winners


# ---------------------------------------------------------------- printed facts, from the commands shown

def rule_sheet(game_id: str) -> str:
    return registry.get(game_id).rules()


def test_no_rule_sheet_speaks_of_the_specification():
    from printkit.rulesheet import blocks

    for g in registry.all_games():
        text = " ".join(t for _, t in blocks(rule_sheet(g.id)))
        assert not re.search(r"\bSPEC\b|specification", text, re.I), g.id


@pytest.mark.parametrize("n,best", [(3, ["add 1", "add 2", "add 3", "mod 1", "mod 2"]),
                                    (4, ["add 1", "add 2", "add 3", "add 4", "mod 1"])])
def test_add_residue_openings_as_printed(n, best):
    """The rule sheet's best openings (the adds and mod 1; at n = 3 also mod 2) and draw (margin 0) are
    what ``printkit solve add-residue --n N --openings`` prints."""
    run = subprocess.run([sys.executable, "-m", "printkit", "solve", "add-residue", "--n", str(n), "--openings",
                          "--json"],
                         capture_output=True, text=True, timeout=300)
    out = json.loads(run.stdout)
    assert out["margin"] == 0 and out["best"] == best
    text = " ".join(rule_sheet("add-residue").split())
    assert "the best first moves are the adds and mod 1, which can never score anyway (n = 4, 5 and 6), " \
           "and at n = 3 also mod 2" in text

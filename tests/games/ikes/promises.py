"""The Long Way's printed promises, run by ``tests/test_promises.py``: one ``Promise`` per rule and ruling
of its rule sheet (a record that breaks it, one that keeps it), ``SCORES`` for its points and winners, and
``KEPT``, a record that keeps every rule."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]

from promise import Points, Promise  # noqa: E402
import yaml  # noqa: E402
from ikes_helpers import (EAST, EMPTY, L, NORTH, P_S, PAIR, ROW3, SOUTH, TILES, Store, base,  # noqa: E402
                          sheet_yaml, walls_of)


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

PROMISES = [
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


ARROW = ["3 o o o o o 4"] + TILES[1:]  # two displays on the walk A1 -> A7 (the entrance space counts)

SCORES = [
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
]

KEPT = ik(("Ann", final()), ("Ben", final()))

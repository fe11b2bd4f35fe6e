"""The Long Way (ikes): replaying the turn log (replay.py), one test pair (kept / broken) per rule."""

from __future__ import annotations

from ikes_helpers import EAST, L, NORTH, P_S, PAIR, ROW3, SOUTH, Store, base, rules, run, walls_of

from printkit.games.ikes import GAME
from printkit.games.ikes.game import Results
from printkit.coords import coord, parse_coord


def test_valid_game_replays_clean():
    s, turns = base()
    rep = run(s, turns)
    assert rep.valid, rep.violations
    assert not rep.notes or all("bonus" not in n for n in rep.notes)


def test_coins_never_below_zero():
    s, turns = base()
    turns[2] = f"{L}6>{L}1>{L}6>{L}{EAST} D1 {L}@D1"  # three rerolls, two coins
    rep = run(s, turns)
    assert rules(rep) == ["coins"] and "turn 3" in rep.violations[0].where
    assert "holds 2" in rep.violations[0].message
    turns = [f"{L}6>{L}{EAST} D1 {L}@D1"]  # a reroll before any coin was earned
    rep = run(Store().tile(L, EAST, "D1", L, "D1"), turns)
    assert rules(rep) == ["coins"]


def test_one_coin_rerolls_one_die():
    s, turns = base()
    other = 1 if L != 1 else 2
    turns[2] = f"{L}6>{other}1>{L}{EAST} D1 {L}@D1"  # the first reroll changes both dice
    rep = run(s, turns)
    assert rules(rep) == ["reroll"] and f"{L}6>{other}1" in rep.violations[0].message


def test_bonus_only_when_earned():
    # with north walls the new display is walled off from the cafeteria above
    assert ("A1", "N") in walls_of(PAIR, NORTH)
    s = Store().cafe(1, "A1", "A2").tile(PAIR, NORTH, "B1", PAIR, "B1")
    rep = run(s, ["55 cafe A1-A2", f"{PAIR}{NORTH} B1 {PAIR}@B1 +coins"])
    assert rules(rep) == ["bonus"] and "B1" in rep.violations[0].message
    assert run(s, ["55 cafe A1-A2", f"{PAIR}{NORTH} B1 {PAIR}@B1"]).valid
    # a matching display earns it; a different one does not (C4 on the first pair, C5 on the second)
    assert not walls_of(PAIR, SOUTH) & {("A1", "W"), ("A2", "E")}
    s = Store().tile(PAIR, SOUTH, "C3", SOUTH, "C4").tile(PAIR, SOUTH, "C5", SOUTH, "C5")
    assert run(s, [f"{P_S} C3 {SOUTH}@C4", f"{P_S} C5 {SOUTH}@C5 +coins"]).valid
    s = Store().tile(PAIR, SOUTH, "C3", SOUTH, "C4").tile(PAIR, SOUTH, "C5", PAIR, "C5")
    assert rules(run(s, [f"{P_S} C3 {SOUTH}@C4", f"{P_S} C5 {PAIR}@C5 +coins"])) == ["bonus"]


def test_earned_bonus_left_unused_is_a_note():
    s = Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1")
    rep = run(s, ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1"])
    assert rep.valid and any("bonus was earned" in n for n in rep.notes)


def test_display_matches_one_die():
    wrong = next(f for f in range(1, 7) if f not in (PAIR, SOUTH))
    s = Store().tile(PAIR, SOUTH, "B1", wrong, "B1")
    rep = run(s, [f"{P_S} B1 {wrong}@B1"])
    assert rules(rep) == ["display-die"] and f"({PAIR} and {SOUTH})" in rep.violations[0].message
    assert run(Store().tile(PAIR, SOUTH, "B1", SOUTH, "B2"), [f"{P_S} B1 {SOUTH}@B2"]).valid


def test_display_on_the_tile_just_drawn():
    s = Store().tile(PAIR, SOUTH, "B1", PAIR, "B1").mark("B1", "o")
    rep = run(s, [f"{P_S} B1 {PAIR}@C1"])
    assert "display-space" in rules(rep)


def test_tile_matches_the_light_die():
    s = Store().tile(L, EAST, "D1", L, "D1")  # the corner L: A1, B1, B2
    assert run(s, [f"{L}{EAST} D1+E1+E2 {L}@D1"]).valid
    rep = run(s, [f"{L}{EAST} D1+E1+D2 {L}@D1"])
    assert "tile-shape" in rules(rep) and f"light die {L}" in rep.violations[0].message


def test_walls_match_the_dark_die():
    s = Store().tile(L, EAST, "D1", L, "D1")
    assert run(s, [f"{L}{EAST} D1 {L}@D1"]).valid
    (cell, side), *_ = sorted(walls_of(L, EAST))
    r, c = parse_coord(cell, 7, 7)
    drawn = f"{coord(r + 3, c)} {side}"  # the tile's A1 is on D1: three rows down
    del s.walls[drawn]
    rep = run(s, [f"{L}{EAST} D1 {L}@D1"])
    assert rules(rep) == ["walls"] and drawn in rep.violations[0].where
    s.wall(drawn).wall("D1 N")  # a wall the dark die does not give
    assert ("A1", "N") not in walls_of(L, EAST)
    rep = run(s, [f"{L}{EAST} D1 {L}@D1"])
    assert rules(rep) == ["walls"] and "D1 N" in rep.violations[0].where


def test_tiles_only_on_empty_spaces():
    s = Store().cafe(1, "A1", "A2")
    rep = run(s, ["55 cafe A1-A2", f"{P_S} A2 {PAIR}@A2"])
    assert "empty-spaces" in rules(rep) and "A2" in rep.violations[0].message
    # a bonus wall makes a space non-empty too
    s = Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1").wall("C1 E")
    ok = ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +wall C1 E"]
    assert run(s, ok).valid
    rep = run(s, ok + [f"{P_S} C1 {PAIR}@C1"])
    assert "empty-spaces" in rules(rep) and "C1" in rep.violations[0].message


def test_tile_must_fit_on_the_grid():
    rep = run(Store(), [f"{ROW3}1 A6 {ROW3}@A6"])  # a row of three from A6 leaves the grid
    assert "tile-fit" in rules(rep)


def test_at_most_two_cafeterias():
    s = Store().cafe(1, "A1", "A2").cafe(2, "C1", "C2").cafe(3, "E1", "E2")
    rep = run(s, ["cafe A1-A2", "cafe C1-C2", "cafe E1-E2"])
    assert "cafeterias" in rules(rep)
    s = Store().cafe(1, "A1", "A2").cafe(2, "C1", "C2")
    assert run(s, ["cafe A1-A2", "12 cafe C1-C2"]).valid
    rep = run(Store().cafe(1, "A1", "B2"), ["cafe A1-B2"])
    assert "cafeteria-shape" in rules(rep)


def test_no_turn_after_stop():
    s, turns = base()
    rep = run(s, turns + ["stop"])
    assert rules(rep) == ["stopped"] and "turn 6" in rep.violations[0].where


def test_bonus_doorway_and_wall():
    assert ("A1", "S") in walls_of(PAIR, SOUTH) and ("A1", "E") not in walls_of(PAIR, SOUTH)
    s = Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1").wall("B1 S", door=True)
    assert run(s, ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +door B1 S"]).valid
    s = Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1")
    rep = run(s, ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +door B1 E"])  # no wall there
    assert rules(rep) == ["doorway"]
    rep = run(s, ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +wall B1 S"])  # already a wall
    assert rules(rep) == ["wall"]


def test_written_grid_differs_square_by_square():
    s, turns = base()
    s.mark("D1", "5").mark("F4", "o")
    rep = run(s, turns)
    wheres = sorted(v.where for v in rep.violations if v.rule == "grid")
    assert wheres == ["Ann's sheet, D1", "Ann's sheet, F4"]
    msg = {v.where: v.message for v in rep.violations}
    assert f"display {L} (turn 3)" in msg["Ann's sheet, D1"] and "display 5" in msg["Ann's sheet, D1"]


def test_doorway_on_sheet_without_a_punch():
    s, turns = base()
    w = sorted(x for x in s.walls)[0]
    s.wall(w, door=True)
    rep = run(s, turns)
    assert rules(rep) == ["walls"] and "no turn punched" in rep.violations[0].message


def test_only_the_roller_rerolls():
    # round 3 is rolled by Ann (seat 1, then Ben, then Ann again): Ben may not spend coins on it
    sa = Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1").tile(PAIR, SOUTH, "D4", PAIR, "D4")
    sb = Store().cafe(1, "A1", "A2").tile(PAIR, SOUTH, "B1", PAIR, "B1").tile(PAIR, SOUTH, "D4", PAIR, "D4")
    t = ["55 cafe A1-A2", f"{P_S} B1 {PAIR}@B1 +coins"]
    plain, paid = f"{P_S} D4 {PAIR}@D4", f"{PAIR}{7 - SOUTH}>{P_S} D4 {PAIR}@D4"
    data = {"game": "ikes", "players": ["Ann", "Ben"],
            "sheets": {"Ann": sa.sheet(t + [plain]), "Ben": sb.sheet(t + [paid])}}
    rep = GAME.score(Results.from_dict(data))
    assert rules(rep) == ["reroll"] and rep.violations[0].player == "Ben"
    data["sheets"]["Ann"]["turns"][2] = paid
    data["sheets"]["Ben"]["turns"][2] = plain
    assert GAME.score(Results.from_dict(data)).valid

"""The Long Way (ikes) on the entry page (page.py): the sheets with a place to point at on every space and
every side of every space, named by SPEC 4's data-refs, and the scorer's marks on what each mistake names."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from printkit.draw import Hit
from printkit.enter import document
from printkit.games.ikes import GAME
from printkit.sheet import paper

PLAYED = Path(__file__).resolve().parent.parent / "data" / "played-ikes.yaml"


def played() -> dict:
    return yaml.safe_load(PLAYED.read_text(encoding="utf-8"))


def test_every_space_and_every_side_of_it_is_a_place_to_point_at():
    data = played()
    res = document.read(GAME, data)
    pages = GAME.board(res, GAME.score(res), paper("letter"))
    assert len(pages) == 1
    hits = [it for it in pages[0].items if isinstance(it, Hit)]
    squares = {h.ref for h in hits if h.kind == "square"}
    edges = {h.ref: h for h in hits if h.kind == "edge"}
    assert squares == {f"Ann:{r}{c}" for r in "ABCDEFG" for c in range(1, 8)}
    assert set(edges) == {f"{s} {side}" for s in squares for side in "NESW"}
    assert {h.ref for h in hits if h.kind == "row"} == {f"turn:Ann:{i}" for i in range(1, 17)}
    # the hits come last, on top of the drawing; a side is a thin band inside its own space
    first = next(i for i, it in enumerate(pages[0].items) if isinstance(it, Hit))
    assert all(isinstance(it, Hit) for it in pages[0].items[first:])
    b2 = next(h for h in hits if h.ref == "Ann:B2")
    b2e, b3w = edges["Ann:B2 E"], edges["Ann:B3 W"]
    assert b2.x < b2e.x < b2.x + b2.w < b3w.x  # B2's east band is inside B2, B3's west band inside B3
    assert b2e.end[0] == 0 and b2e.end[1] > 0 and b2e.w < b2.w / 3


def test_board_info_and_the_sheets_as_the_page_gets_them():
    data = played()
    out = document.board(GAME, data)
    assert out["info"]["players"] == ["Ann"] and out["info"]["turns"] == {"Ann": 16}
    assert out["info"]["displays"][5] == "shelf"
    assert set(out["info"]["pens"]) == {".", "o", "1", "2", "3", "4", "5", "6", "C1", "C2"}
    svg = out["sheets"][0]
    assert 'data-ref="Ann:C3 N"' in svg and 'data-ref="Ann:G7"' in svg and "Ann's store: score 4" in svg
    json.dumps(out)  # what the server sends


def test_marks_name_the_squares_walls_and_turns_of_each_mistake_and_score_json_is_unchanged():
    data = played()
    sheet = data["sheets"]["Ann"]
    sheet["grid"] = sheet["grid"].replace("5  o  o  5", "5  o  .  5", 1)  # A3 emptied on the sheet
    sheet["walls"] = [w for w in sheet["walls"] if w != "D2 S"] + ["B2 E"]  # one wall lost, one drawn extra
    sheet["turns"][6] = "14 B1 1@C3"  # the display off its tile
    out = document.check(GAME, data)
    where = {v["where"] for v in out["violations"]}
    assert "Ann's sheet, A3" in where and "Ann's sheet, wall D2 S" in where and "Ann's sheet, wall B2 E" in where
    # once Check is pressed; while entering, a space or wall drawn on one side only (the sheet, the turns)
    # is still to enter, and only the display off its tile is red
    assert {"Ann:A3", "Ann:D2 S", "Ann:B2 E", "Ann:C3", "turn:Ann:7"} <= set(out["marks"] + out["waiting"]["marks"])
    assert "Ann:B3 W" not in out["marks"] + out["waiting"]["marks"] and "Ann:D3 N" not in out["marks"] + out["waiting"]["marks"]
    assert {"Ann:C3", "turn:Ann:7"} <= set(out["marks"]) and not {"Ann:A3", "Ann:D2 S", "Ann:B2 E"} & set(out["marks"])
    assert all(set(v) == {"player", "rule", "where", "message"} for v in out["violations"])
    res = document.read(GAME, played())
    assert GAME.marks(res, GAME.score(res)) == []


def test_a_cafeteria_or_doorway_mistake_is_marked_where_it_is():
    data = played()
    sheet = data["sheets"]["Ann"]
    del sheet["turns"]
    sheet["grid"] = sheet["grid"].replace(".\n", "C1\n", 1)  # A7: a cafeteria of one space
    sheet["exit"] = "G1 W"  # the same doorway as the entrance
    out = document.check(GAME, data)
    rules = {v["rule"] for v in out["violations"]}
    assert rules == {"cafeteria-shape", "doorways"}
    assert set(out["marks"]) == {"Ann:A7", "Ann:G1 W"}

"""Selling Knives on the entry page, the Python side: the sheets' places to point at, what page.js is
told (who moves, the hand, the piles, passes), the sum check of a claim, and the marks of each rule."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from printkit.enter import document
from printkit.games.knives.game import GAME, Results
from printkit.sheet import paper

EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "played-knives.yaml"
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def results(turns, kcount=12, players=("Ann", "Ben")):
    return Results.from_dict({"game": "knives", "players": list(players), "kcount": kcount, "turns": turns})


def refs(pages, prefix):
    return [it.ref for page in pages for it in page.items if getattr(it, "ref", "").startswith(prefix)]


def board(res):
    return GAME.board(res, GAME.score(res), paper("letter"))


def test_the_map_has_every_road_and_centre_and_the_ranks_are_cards():
    pages = board(results(["Ann draws Q", "Ben draws 7", "Ann claims 1-2 with Q"]))
    assert len(refs(pages, "road:")) == 66 and "road:3-4" in refs(pages, "road:")
    assert refs(pages, "centre:") == [f"centre:{i}" for i in range(1, 13)]
    assert refs(pages, "card:") == [f"card:{r}" for r in RANKS]
    assert refs(pages, "hand:") == ["hand:7"]  # Ben to move, holding the 7
    assert refs(pages, "turn:") == ["turn:1", "turn:2", "turn:3"]
    hits = [it for page in pages for it in page.items if getattr(it, "ref", "") == "road:1-2"]
    assert hits[0].end is not None  # a band along the road


def test_the_set_up_asks_for_the_card_drawn():
    res = Results.from_dict({"game": "knives", "players": ["Ann", "Ben"]})
    pages = board(res)
    assert refs(pages, "card:") == ["card:8", "card:9", "card:10", "card:J", "card:Q", "card:K", "card:A"]
    info = GAME.board_info(res, None)
    assert info["mode"] == "setup" and ["A", 14] in info["setup"] and ["Q", 12] in info["setup"]


def test_who_moves_the_hand_and_the_piles_come_from_the_replay():
    info = GAME.board_info(results([]), None)
    assert info["mode"] == "open" and info["to_move"] == "Ann" and info["pile_size"] == 52 and not info["can_pass"]
    info = GAME.board_info(results(["Ann draws Q", "Ben draws A", "Ann draws A"]), None)
    assert info["mode"] == "replay" and info["to_move"] == "Ben" and info["hand"] == ["A"]
    assert info["pile"]["A"] == 2 and info["pile_size"] == 49 and info["discard"] == 0
    info = GAME.board_info(results(["Ann claims 1-2 with Q"]), None)
    assert info["mode"] == "claims" and info["to_move"] is None and info["owners"] == {"1-2": "Ann"}
    deck = [f"{'Ann' if i % 2 == 0 else 'Ben'} draws {r}" for i, r in enumerate(r for r in RANKS for _ in range(4))]
    info = GAME.board_info(results(deck), None)
    # nothing to draw, but Ann holds a Q that pays for a road: she must claim (ruling 4), no pass offered
    assert not info["can_pass"] and info["pile_size"] == 0 and info["to_move"] == "Ann"
    info = GAME.board_info(results(deck + ["Ann claims 1-2 with Q"]), None)
    assert not info["can_pass"] and info["reshuffles"] == 1 and info["pile_size"] == 1  # the Q, reshuffled


def test_a_pass_is_offered_when_nothing_can_be_drawn_or_claimed():
    """Eight hands at kcount 30, none of which can pay for a road, the whole deck drawn: now a pass is allowed."""
    hands = ["K K 3 10 9 10 6", "J 9 4 9 7 4 9", "6 Q 5 5 6 5 4", "7 2 7 Q Q 10 7", "10 A 2 J J 2", "J 3 4 3 3 8",
             "6 8 8 K 5 2", "A 8 A Q K A"]
    names = [f"P{i + 1}" for i in range(8)]
    deal = [f"{names[t % 8]} draws {hands[t % 8].split()[t // 8]}" for t in range(52)]
    info = GAME.board_info(Results.from_dict({"game": "knives", "players": names, "kcount": 30, "turns": deal}), None)
    assert info["pile_size"] == 0 and info["to_move"] == "P5" and info["can_pass"]


def test_the_played_example_is_over():
    res = Results.from_dict(yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")))
    info = GAME.board_info(res, None)
    assert info["over"] and info["to_move"] is None and info["left"] == 0 and info["reshuffles"] == 4


def test_the_sum_check_is_the_scorers_word_on_the_claim_being_picked():
    check = GAME.answers()["claim"]
    ok = check(results(["Ann claims 3-4 5-6 with A 6 4"]))
    assert ok["ok"] and ok["sum"] == "A 6 4 make 24 (the ace as 14)" and ok["need"] == 24
    bad = check(results(["Ann claims 1-2 with K 10 4"]))
    assert not bad["ok"] and bad["sum"] == "K 10 4 add up to 27, not 12"
    assert bad["problems"] == ["K 10 4 add up to 27; 1 road needs exactly 12 (1 x 12)"]
    held = check(results(["Ann draws Q", "Ben draws 7", "Ann claims 1-2 with 7 5"]))
    assert held["problems"] == ["Ann spends 5 7 but holds Q"] and held["sum"] == "7 5 make 12"
    assert check(results(["Ann draws Q"]))["error"]


def test_each_rule_marks_its_turn_and_roads():
    report = GAME.score(results(["Ann draws Q", "Ann draws 7", "Ben claims 1-2 3-4 with Q", "Ann claims 1-2 with K",
                                 "Ben draws A14"]))
    marks = [(v.rule, v.refs) for v in report.violations]
    assert marks[0] == ("order", ("turn:2",))
    assert ("sum", ("turn:3", "road:1-2", "road:3-4")) in marks and ("hand", ("turn:3", "road:1-2", "road:3-4")) in marks
    assert ("sum", ("turn:4", "road:1-2")) in marks and ("rank", ("turn:5",)) in marks
    assert GAME.marks(results([]), report)[:3] == ["turn:2", "turn:3", "road:1-2"]
    taken = GAME.score(results(["Ann claims 1-2 with Q", "Ben claims 2-1 with Q"]))
    assert taken.violations[0].refs == ("turn:2", "road:1-2")


def test_check_and_board_answer_for_the_page(tmp_path):
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    out = document.check(GAME, data)
    assert out["valid"] and out["marks"] == []
    drawn = document.board(GAME, data)
    assert len(drawn["sheets"]) == 3 and drawn["info"]["over"]
    data["turns"][12] = "Ann claims 1-2 with 6 5"
    out = document.check(GAME, data)
    assert out["marks"][:2] == ["turn:13", "road:1-2"]
    assert json.dumps(out)  # plain JSON for the page

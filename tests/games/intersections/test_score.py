"""Making Intersections' scorer (score.py): every rule broken and kept, and ``printkit score --json``."""

from __future__ import annotations

import json

from printkit.games.intersections import GAME
from printkit.games.intersections.game import Results


def results(rounds, players=("Ann", "Ben"), n=5, segments=4):
    return Results.from_dict({"game": "intersections", "players": list(players), "n": n,
                                   "segments": segments, "rounds": rounds})


def rules_of(report):
    return [v.rule for v in report.violations]


# ---------------------------------------------------------------- the scorer, rule by rule


def test_valid_round_scores_the_offense():
    # A1-A5 and A3-E3 meet at A3 (count 3); C1-C3 ends on A3-E3 at C3 (count 3); B4-D4 touches nothing
    rep = GAME.score(results([["A1-A5", "A3-E3", "C1-C3", "B4-D4"]]))
    assert rep.valid
    assert rep.scores == {"Ann": 2, "Ben": 0}
    assert rep.winners == ["Ann"]


def test_offense_rotates_in_seat_order():
    rnd = ["A1-A5", "A3-E3", "C1-C3"]  # A3 and C3 reach count 3
    rep = GAME.score(results([rnd, rnd[:2], rnd], players=("Ann", "Ben", "Cat"), segments=3))
    assert rep.scores == {"Ann": 2, "Ben": 1, "Cat": 2}


def test_crossing_is_named_with_round_segment_dot_and_player():
    rep = GAME.score(results([["A1-A5", "A3-E3", "C1-C3", "B2-B4"]]))
    assert rules_of(rep) == ["crossing"]
    v = rep.violations[0]
    assert v.player == "Ben"  # segment 4 of round 1: Ann, Ben, Ann, Ben
    assert v.where == "round 1, segment 4 (B2-B4)"
    assert "A3-E3" in v.message and "B3" in v.message


def test_touching_is_not_crossing():
    assert GAME.score(results([["A1-A5", "A3-E3", "C1-C3", "C3-C5"]])).valid


def test_overlap_broken_and_kept():
    assert rules_of(GAME.score(results([["A1-A4", "A3-A5"]]))) == ["overlap"]
    assert GAME.score(results([["A1-A3", "A3-A5"]])).valid


def test_segment_must_be_straight():
    rep = GAME.score(results([["A1-B2"]]))
    assert rules_of(rep) == ["straight"]
    assert GAME.score(results([["A1-B1"]])).valid


def test_segment_joins_two_different_dots():
    assert rules_of(GAME.score(results([["C3-C3"]]))) == ["two-dots"]
    assert GAME.score(results([["C3-C4"]])).valid


def test_dots_must_be_on_the_array():
    rep = GAME.score(results([["A1-A6"]]))
    assert rules_of(rep) == ["dots"] and "A6" in rep.violations[0].message
    assert rules_of(GAME.score(results([["F1-F2"]]))) == ["dots"]
    assert GAME.score(results([["A1-A5"]])).valid


def test_no_more_than_m_segments_a_round():
    rep = GAME.score(results([["A1-A2", "B1-B2", "C1-C2", "D1-D2", "E1-E2"]]))
    assert rules_of(rep) == ["segments"]
    assert rep.violations[0].where.startswith("round 1, segment 5")
    assert GAME.score(results([["A1-A2", "B1-B2", "C1-C2", "D1-D2"]])).valid


def test_offending_segments_do_not_count():
    # B2-B4 would make B3 a count-4 dot if it were counted
    rep = GAME.score(results([["A1-A5", "A3-E3", "C1-C3", "B2-B4"]]))
    assert rep.scores["Ann"] == 2


def test_unfinished_round_and_game_are_noted_not_broken():
    rep = GAME.score(results([["A1-A5", "A3-E3"]]))
    assert rep.valid
    assert any("2 of 4 segments" in n for n in rep.notes)
    assert any("equally often" in n for n in rep.notes)
    full = GAME.score(results([["A1-A2", "B1-B2", "C1-C2", "D1-D2"]] * 2))
    assert full.notes == []


# ---------------------------------------------------------------- command line


RESULTS = """game: intersections
players: [Ann, Ben]
n: 5
segments: 4
rounds:
  - [A1-A5, A3-E3, C1-C3, B4-D4]
  - [A1-A4, A2-C2, C1-C4, B3-D3]
"""


def test_score_json_follows_the_spec(printkit, write):
    r = printkit("score", write("r.yaml", RESULTS), "--json")
    assert r.code == 1, r.err
    out = json.loads(r.out)
    assert set(out) == {"game", "valid", "players", "winners", "violations", "notes"}
    assert out["valid"] is False and out["game"] == "intersections"
    assert out["players"] == [{"name": "Ann", "score": 2, "disqualified": False},
                              {"name": "Ben", "score": 2, "disqualified": False}]
    assert out["winners"] == ["Ann", "Ben"]
    assert out["violations"] == [{"player": "Ann", "rule": "crossing", "where": "round 2, segment 4 (B3-D3)",
                                  "message": "B3-D3 crosses C1-C4 at C3"}]

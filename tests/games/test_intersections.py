"""Making Intersections: every scorer rule broken and kept, the seed's formula, the CLI."""

from __future__ import annotations

import itertools
import json

import pytest

from printkit.games.intersections import GAME, Results, conflict, counts, make_seg, max_segments
from printkit.inputs import InputError, parse, validate
from printkit.sheet import parse_coord


def results(rounds, players=("Ann", "Ben"), n=5, segments=4):
    return Results.from_dict({"game": "intersections", "players": list(players), "n": n,
                                   "segments": segments, "rounds": rounds})


def seg(text, n=5):
    a, b = text.split("-")
    return make_seg(parse_coord(a, n, n), parse_coord(b, n, n))


def rules_of(report):
    return [v.rule for v in report.violations]


# ---------------------------------------------------------------- geometry


@pytest.mark.parametrize("a,b,expected", [
    ("A3-E3", "B2-B4", ("crossing", (1, 2))),  # vertical through the middle of a horizontal
    ("A1-A5", "A3-E3", None),  # T: the vertical ends on the horizontal
    ("C1-C3", "A3-E3", None),  # the horizontal ends on the vertical
    ("A1-A3", "A3-A5", None),  # end to end in one row: one shared dot
    ("A1-A4", "A3-A5", ("overlap", (0, 2))),  # share A3-A4
    ("A1-A5", "A2-A3", ("overlap", (0, 1))),  # one inside the other
    ("B1-B4", "B1-B4", ("overlap", (1, 0))),  # the same segment twice
    ("A1-A2", "C1-C2", None),  # parallel rows
    ("A1-E1", "A2-E2", None),  # parallel columns
    ("A1-A3", "B1-E1", None),  # apart
])
def test_conflict(a, b, expected):
    assert conflict(seg(a), seg(b)) == expected
    assert conflict(seg(b), seg(a)) == expected  # symmetric


def test_counts_ends_and_passes():
    c = counts([seg("A1-A5"), seg("A3-E3")])
    assert c[(0, 0)] == 1 and c[(0, 4)] == 1  # ends
    assert c[(0, 1)] == 2  # A1-A5 passes through A2
    assert c[(0, 2)] == 3  # passes (2) + end of A3-E3 (1)
    assert c[(2, 2)] == 2


def test_max_segments():
    assert max_segments(5) == 19 and max_segments(3) == 7


# ---------------------------------------------------------------- the seed's formula, by search


def min_segments_by_search(j: int, k: int) -> int:
    """Fewest segments covering every unit edge of a j x k dot array, none crossing or overlapping.

    Each row (column) is cut into runs at a chosen set of its inner dots; every choice is tried,
    and legality is judged by the game's own ``conflict``."""
    def runs(length, cuts, make):
        stops = [0, *sorted(cuts), length - 1]
        return [make(a, b) for a, b in zip(stops, stops[1:])]

    def choices(length):
        inner = range(1, length - 1)
        return [c for r in range(len(inner) + 1) for c in itertools.combinations(inner, r)]

    best = None
    row_options = [[runs(k, cuts, lambda a, b, r=r: make_seg((r, a), (r, b))) for cuts in choices(k)] for r in range(j)]
    col_options = [[runs(j, cuts, lambda a, b, c=c: make_seg((a, c), (b, c))) for cuts in choices(j)] for c in range(k)]
    for rows in itertools.product(*row_options):
        horizontal = [s for group in rows for s in group]
        if best is not None and len(horizontal) + k >= best:
            continue
        for cols in itertools.product(*col_options):
            vertical = [s for group in cols for s in group]
            total = len(horizontal) + len(vertical)
            if best is not None and total >= best:
                continue
            if all(conflict(h, v) is None for h in horizontal for v in vertical):
                best = total
    return best


@pytest.mark.parametrize("j,k", [(j, k) for j in range(2, 5) for k in range(2, 5)])
def test_seed_minimum_segment_formula(j, k):
    assert min_segments_by_search(j, k) == j * k - j - k + 4


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


# ---------------------------------------------------------------- results and config validation


def load(text):
    return validate(Results, parse(text, "r.yaml"))


def test_malformed_segment_is_an_input_error_with_line():
    with pytest.raises(InputError) as e:
        load("game: intersections\nplayers: [Ann, Ben]\nn: 5\nsegments: 4\nrounds:\n  - [A1-A5, A3E3]\n")
    assert e.value.line == 6 and e.value.key == "rounds[1][2]" and "A3E3" in e.value.message


@pytest.mark.parametrize("text,key,words", [
    ("segments: 5", "segments", "multiple"),
    ("segments: 40", "segments", "less than"),
    ("n: 2", "n", "out of range"),
    ("n: 31", "n", "out of range"),
    ("rounds: 3", "rounds", "multiple"),
    ("sgements: 4", "sgements", "did you mean 'segments'"),
    ("n: five", "n", "whole number"),
])
def test_config_errors_name_the_key(text, key, words):
    from printkit.games.intersections import Config

    with pytest.raises(InputError) as e:
        validate(Config, parse(f"game: intersections\nplayers: [Ann, Ben]\n{text}\n", "c.yaml"))
    assert e.value.key == key and e.value.line == 3 and words in e.value.message


def test_defaults_are_legal():
    from printkit.games.intersections import Config

    for p in range(2, 9):
        for n in (3, 4, 6, 30):
            if n == 3 and p >= 7:  # fewer than 7 segments a round: not one each
                with pytest.raises(ValueError, match="larger n"):
                    Config.from_dict({"game": "intersections", "players": p, "n": n})
                continue
            cfg = Config.from_dict({"game": "intersections", "players": p, "n": n})
            assert cfg.segments % p == 0 and 0 < cfg.segments < max_segments(n)
            assert cfg.rounds % p == 0


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


def test_score_valid_exit_0_and_picture(printkit, write, tmp_path):
    r = printkit("score", write("r.yaml", RESULTS.replace("B3-D3", "B1-B2")), "--picture", tmp_path / "p.pdf")
    assert r.code == 0, r.err
    assert "Winner: Ben" in r.out  # B1-B2 ends on A2-C2 at B2: count 3, so Ben scores 3
    from pypdf import PdfReader

    assert len(PdfReader(tmp_path / "p.pdf").pages) == 1
    r = printkit("score", write("r2.yaml", RESULTS), "--picture", tmp_path / "p.svg")
    assert r.code == 1
    svg = (tmp_path / "p.svg").read_text()
    assert "#d6143d" in svg  # the offending segment is drawn with the mistake pen


def test_template_round_trips_through_the_scorer(printkit, tmp_path):
    from printkit.resources import layouts

    out = tmp_path / "blank.yaml"
    assert printkit("template", layouts() / "intersections.yaml", "-o", out).code == 0
    r = printkit("score", out, "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["valid"] is True

"""Within The Curve's scorer: the owner's route rules and every fill rule, broken and kept; scores, the CLI."""

from __future__ import annotations

import json
import math

import pytest

from curve_helpers import RING, RING_FILL, SMALL, SMALL_FILL, edit, pocket_text, results, route_of, text_of, two_player_yaml

from printkit.games.curve import GAME
from printkit.games.curve import geometry as geo
from printkit.coords import coord


def solo(curve: str, fill: str, n: int = 6):
    return GAME.score(results({"Ann": curve}, {"Ann": {"Ann": fill}}, n))


def rules_of(report) -> list[str]:
    return [v.rule for v in report.violations]


# ---------------------------------------------------------------- the owner's curve


@pytest.mark.parametrize("text,rule", [
    # a dead end: B5 has one curve neighbour
    (edit(RING, C5=".", D5=".", E5=".", E4="."), "closed"),
    # two separate loops
    ("# # . . . .\n# # . . . .\n. . . . . .\n. . . # # .\n. . . # # .\n. . . . . .\n", "one-curve"),
    # nothing drawn
    (". . . . . .\n" * 6, "length"),
])
def test_hash_curve_problems(text, rule):
    route, problems = route_of(text, 6)
    assert route is None and [p.rule for p in problems][:1] == [rule]


def numbered_ring() -> str:
    return RING_FILL.replace(" 1 2 . ", " . . . ").replace(" 12 1 2 5", " 12 . . 5")


@pytest.mark.parametrize("change,rule", [
    ({"C2": 3}, "once"),  # 3 twice (and 12 missing, not a keystroke from 3)
    ({"B4": "."}, "route"),  # 3 missing
    ({"C2": "."}, "closed"),  # 12 missing: the route ends at 11 in D2, which is not next to 1 at B2
    ({"B3": 3, "B4": 2}, "step"),  # 1 at B2 and 2 at B4 are not neighbours
    ({"C5": 5, "D5": 6, "E5": 7, "E4": 8, "E3": 9, "E2": 10, "D2": 11, "C2": "."}, "closed"),
])
def test_numbered_curve_problems(change, rule):
    text = edit(numbered_ring(), **change)
    route, problems = route_of(text, 6)
    assert route is None
    assert rule in [p.rule for p in problems]


def test_numbered_curve_slip_is_read_as_meant():
    # issue 19: 11 where 12 belongs (11 twice, 12 missing) is one keystroke from the closed route: one
    # problem naming the number meant, and the route as meant, so the fills can still be checked
    route, problems = route_of(edit(numbered_ring(), C2=11), 6)
    assert [p.rule for p in problems] == ["once"] and coord(*problems[0].square) == "C2"
    assert "check this entry against the sheet: 11 is one keystroke from 12" in problems[0].message
    assert route == route_of(numbered_ring(), 6)[0]


def test_numbered_curve_kept():
    route, problems = route_of(numbered_ring(), 6)
    assert problems == [] and [coord(*s) for s in route[:3]] == ["B2", "B3", "B4"]


def test_curve_too_short():
    route, problems = route_of(". 1 2 . . .\n" + ". . . . . .\n" * 5, 6)
    assert route is None and problems[0].rule == "length"


# ---------------------------------------------------------------- scoring fills


def test_valid_fill_scores_top_number():
    report = solo(RING, RING_FILL)
    assert report.valid and report.scores == {"Ann": 2}
    assert report.disqualified == set()


def test_any_start_either_direction_is_accepted():
    # 1 at E3, counting towards E4 (the other way round from RING_FILL)
    order = ["E3", "E4", "E5", "D5", "C5", "B5", "B4", "B3", "B2", "C2", "D2", "E2"]
    fill = edit(RING_FILL, **{sq: i + 1 for i, sq in enumerate(order)}, C3=1, C4=".", D3=".", D4=".")
    report = solo(RING, fill)
    assert report.valid, report.violations
    assert report.scores["Ann"] == 1


def test_curve_numbers_out_of_order():
    report = solo(RING, edit(RING_FILL, E3=8, E4=9))
    assert rules_of(report) == ["curve-numbers"]
    v = report.violations[0]
    assert v.player == "Ann" and v.where == "Ann's curve, E4"
    assert "E4 holds 9, should be 8" in v.message and "E3 holds 8, should be 9" in v.message
    assert report.disqualified == {"Ann"}


def test_curve_numbers_missing():
    report = solo(RING, edit(RING_FILL, E4="."))
    assert rules_of(report) == ["curve-numbers"]
    assert "E4 is empty, should be 8" in report.violations[0].message


def test_coprime_with_curve_broken_and_kept():
    # 2 at C4 is beside 3 (B4) and 5 (C5): fine.  4 at D3 beside 11 (D2), 9 (E3), 1 (C3): fine... but 3 is missing
    kept = solo(RING, edit(RING_FILL, C4=2, D3=".", D4="."))
    assert kept.valid
    broken = solo(RING, edit(RING_FILL, C3=2, C4=1))  # 2 at C3 is beside 2 at B3 and 12 at C2
    assert rules_of(broken) == ["coprime", "coprime"]
    msgs = " | ".join(v.message for v in broken.violations)
    assert "2 at C3 is next to 2 at B3 on the curve (common factor 2)" in msgs
    assert "2 at C3 is next to 12 at C2 on the curve (common factor 2)" in msgs
    assert broken.violations[0].where == "Ann's curve, C3"


def test_coprime_between_interior_numbers():
    curve = """
. . . . . . .
. # # # # # .
. # . . . # .
. # # # # # .
. . . . . . .
. . . . . . .
. . . . . . .
"""
    # B2..B6 = 1..5, C6 = 6, D6..D2 = 7..11, C2 = 12; inside C3 C4 C5
    base = """
. . . . . . .
. 1 2 3 4 5 .
. 12 . . . 6 .
. 11 10 9 8 7 .
. . . . . . .
. . . . . . .
. . . . . . .
"""
    kept = solo(curve, edit(base, C3=1, C4=".", C5="."), 7)
    assert kept.valid
    # 2 at C4 (beside 3 and 9... ) and 4 at C5? C5 is beside 5, 6: 4 and 6 share 2.  Use interior pair 2 and 4 instead:
    broken = solo(curve, edit(base, C3=1, C4=2, C5=4), 7)
    pairs = [v.message for v in broken.violations if v.rule == "coprime"]
    assert any("4 at C5 is next to 6 at C6" in m for m in pairs)
    assert any("2 at C4 is next to 4 at C5 (common factor 2)" in m for m in pairs)
    # each interior pair is reported once
    assert sum("2 at C4 is next to 4 at C5" in m or "4 at C5 is next to 2 at C4" in m for m in pairs) == 1


def test_numbers_outside_the_curve():
    report = solo(RING, edit(RING_FILL, A1=3, F6=5))
    assert rules_of(report) == ["outside"]
    v = report.violations[0]
    assert v.where == "Ann's curve, A1" and "3 at A1" in v.message and "5 at F6" in v.message


def test_number_in_the_pocket_is_outside():
    text = pocket_text()
    route, _ = route_of(text, 7)
    fill = edit(text, B2=1, D4=2)
    report = solo(text, fill, 7)
    assert "outside" in rules_of(report)
    assert any(v.where == "Ann's curve, D4" for v in report.violations)


def test_curve_running_alongside_itself_may_have_curve_neighbours_sharing_factors():
    text = pocket_text()
    route, _ = route_of(text, 7)
    L = len(route)
    # C5, C6, C7 touch D5, D6, D7 but the curve never steps between them; find a numbering where
    # such a touching pair has a common factor (e.g. 7 and 14), then fill around it
    for start in range(L):
        values = geo.curve_values(route, start, 1)
        shared = [(a, b) for a in route for b in geo.neighbours(a, 7)
                  if b in values and abs(values[a] - values[b]) not in (1, L - 1) and
                  math.gcd(values[a], values[b]) > 1]
        if shared:
            break
    assert shared
    rows = [["."] * 7 for _ in range(7)]
    for (r, c), v in values.items():
        rows[r][c] = str(v)
    report = solo(text, edit(text_of(rows), B2=1), 7)
    assert report.valid, report.violations
    assert report.scores["Ann"] == 1


def test_interior_number_twice():
    report = solo(RING, edit(RING_FILL, D3=1, D4="."))  # 1 at C3 and D3
    assert "interior-once" in rules_of(report)
    v = next(v for v in report.violations if v.rule == "interior-once")
    assert "1 is written 2 times inside (C3, D3)" in v.message


def test_interior_number_skipped():
    report = solo(RING, edit(RING_FILL, C4="."))  # 1 only... then write 5 at D4: 2, 3, 4 missing
    assert report.valid
    report = solo(RING, edit(RING_FILL, C4=".", D4=5))
    assert rules_of(report) == ["interior-order"]
    assert "2, 3, 4 are not written" in report.violations[0].message
    assert report.scores["Ann"] == 5  # scored as written; the player is disqualified
    assert report.disqualified == {"Ann"}


def test_note_when_next_number_still_fits():
    # with 1 at B4 towards B3, 3 fits at D4 (see the rule sheet's example B)
    order = ["B4", "B3", "B2", "C2", "D2", "E2", "E3", "E4", "E5", "D5", "C5", "B5"]
    fill = edit(RING_FILL, **{sq: i + 1 for i, sq in enumerate(order)}, C3=1, C4=2)
    report = solo(RING, fill)
    assert report.valid
    # 3 fits at D3 (beside 5, 7, 1) and at D4 (beside 10, 8, 2): the first in reading order is named
    assert any("Ann on Ann's curve stopped at 2, but 3 would still fit at D3" in n for n in report.notes)
    full = solo(RING, edit(fill, D4=3, D3=4))
    assert full.valid and full.scores["Ann"] == 4
    assert not any("would still fit" in n for n in full.notes)
    # RING_FILL (1 at B2 towards B3) really is stuck at 2: no note
    assert not any("would still fit" in n for n in solo(RING, RING_FILL).notes)


def test_two_players_scores_winners_and_disqualification():
    good_small = SMALL_FILL
    res = results({"Ann": RING, "Ben": SMALL},
                  {"Ann": {"Ann": RING_FILL, "Ben": good_small},
                   "Ben": {"Ann": edit(RING_FILL, C3=2, C4=1), "Ben": good_small}})
    report = GAME.score(res)
    assert report.scores == {"Ann": 3, "Ben": 3}
    assert report.disqualified == {"Ben"}
    assert report.winners == ["Ann"]
    assert all(v.player == "Ben" and "Ben on Ann's curve" in v.message for v in report.violations)
    data = report.to_json()
    assert data["valid"] is False and data["players"][1] == {"name": "Ben", "score": 3, "disqualified": True}


def test_broken_curve_disqualifies_its_owner_and_scores_zero_for_everyone():
    broken = edit(SMALL, C2=".")
    res = results({"Ann": RING, "Ben": broken},
                  {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL}, "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}})
    report = GAME.score(res)
    assert report.disqualified == {"Ben"}
    v = report.violations[0]
    assert v.rule == "closed" and v.where.startswith("Ben's curve, ") and v.message.startswith("Ben's curve:")
    assert report.scores == {"Ann": 2, "Ben": 2}
    assert any("Ben's curve is not a closed curve" in n for n in report.notes)


# ---------------------------------------------------------------- command line


def test_cli_score_exit_codes(write, printkit):
    ok = printkit("score", write("ok.yaml", two_player_yaml()), "--json")
    assert ok.code == 0, ok.err
    data = json.loads(ok.out)
    assert data["valid"] and data["winners"] == ["Ann", "Ben"] and data["players"][0]["score"] == 3
    bad_fill = {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL}, "Ben": {"Ann": edit(RING_FILL, C3=2, C4=1),
                                                                      "Ben": SMALL_FILL}}
    bad = printkit("score", write("bad.yaml", two_player_yaml(fills=bad_fill)), "--json")
    assert bad.code == 1
    data = json.loads(bad.out)
    assert not data["valid"] and data["winners"] == ["Ann"]
    assert data["violations"][0] == {"player": "Ben", "rule": "coprime", "where": "Ann's curve, C3",
                                     "message": "Ben on Ann's curve: 2 at C3 is next to 2 at B3 on the curve "
                                                "(common factor 2)"}
    unusable = printkit("score", write("u.yaml", two_player_yaml(n=5)))
    assert unusable.code == 2 and "curves.Ann" in unusable.err and "Traceback" not in unusable.err


def test_an_inside_typing_slip_is_marked_on_the_square_to_check():
    """2 written as 1 (1 twice, 2 missing): one mistake, named and marked on the square to check."""
    report = solo(RING, edit(RING_FILL, C4="1"))
    slips = [v for v in report.violations if "check this entry" in v.message]
    assert len(slips) == 1 and slips[0].rule == "interior-once"
    assert slips[0].refs and set(slips[0].refs) <= {"fill:Ann:Ann:C3", "fill:Ann:Ann:C4"}
    assert f"fill:Ann:Ann:{slips[0].where.rsplit(', ', 1)[-1]}" in slips[0].refs

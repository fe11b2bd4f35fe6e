"""Within The Curve: curves, interiors, every scorer rule broken and kept, inputs, kit, CLI."""

from __future__ import annotations

import json
import math
import random

import pytest
import yaml

from printkit.games.curve import GAME
from printkit.games.curve import geometry as geo
from printkit.games.curve.game import Results, plan
from printkit.inputs import InputError, parse, validate
from printkit.sheet import MARGIN, PAPERS, coord, parse_coord

# A 6 x 6 grid; the curve goes round B2..E5 (12 squares), inside: C3 C4 D3 D4.
RING = """
. . . . . .
. # # # # .
. # . . # .
. # . . # .
. # # # # .
. . . . . .
"""
# Counting from 1 at B2 towards B3: B2..B5 = 1..4, C5 D5 E5 = 5 6 7, E4 E3 E2 = 8 9 10, D2 C2 = 11 12.
RING_FILL = """
. . . . . .
. 1 2 3 4 .
. 12 1 2 5 .
. 11 . . 6 .
. 10 9 8 7 .
. . . . . .
"""
# A small 8-square curve in the corner of a 6 x 6 grid, inside: B2.
SMALL = """
# # # . . .
# . # . . .
# # # . . .
. . . . . .
. . . . . .
. . . . . .
"""
SMALL_FILL = """
1 2 3 . . .
8 1 4 . . .
7 6 5 . . .
. . . . . .
. . . . . .
. . . . . .
"""
def grid_of(text: str) -> list[list[str]]:
    return [ln.split() for ln in text.strip().splitlines()]


def text_of(rows: list[list[str]]) -> str:
    return "\n".join(" ".join(r) for r in rows) + "\n"


def edit(text: str, **squares) -> str:
    """``edit(RING_FILL, D3=4)``: the grid with those squares changed ('.' to empty)."""
    rows = grid_of(text)
    n = len(rows)
    for name, value in squares.items():
        r, c = parse_coord(name, n, n)
        rows[r][c] = str(value)
    return text_of(rows)


def results(curves: dict, fills: dict, n: int = 6) -> Results:
    return Results.from_dict({"game": "curve", "players": list(curves), "n": n, "curves": curves,
                                   "fills": fills})


def solo(curve: str, fill: str, n: int = 6):
    return GAME.score(results({"Ann": curve}, {"Ann": {"Ann": fill}}, n))


def rules_of(report) -> list[str]:
    return [v.rule for v in report.violations]


def route_of(text: str, n: int):
    grid = geo.parse_grid(text, n, allow_hash=True)
    route, problems = geo.read_curve(grid, n)
    return route, problems


# ---------------------------------------------------------------- reading curves


def test_ring_route_and_interior():
    route, problems = route_of(RING, 6)
    assert problems == []
    assert len(route) == 12
    assert {coord(*s) for s in geo.interior(route, 6)} == {"C3", "C4", "D3", "D4"}


def pocket_text() -> str:
    """The pocket curve with its route numbered 1..34 (from the region it outlines)."""
    cells = {(i, j) for i in range(6) for j in range(6)} - {(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (2, 5)}
    route = geo.outline(cells)
    rows = [["."] * 7 for _ in range(7)]
    for i, (r, c) in enumerate(route):
        rows[r][c] = str(i + 1)
    return text_of(rows)


def test_pocket_by_route_numbers():
    text = pocket_text()
    route, problems = route_of(text, 7)
    assert problems == [] and len(route) == 34
    inside = {coord(*s) for s in geo.interior(route, 7)}
    # D4's four neighbours are all curve squares, yet the curve does not go round it
    assert all(q in route for q in geo.neighbours(parse_coord("D4", 7, 7), 7))
    assert "D4" not in inside
    assert inside == {"B2", "B3", "B4", "B5", "B6", "C2", "D2", "E2", "E6", "F2", "F3", "F4", "F5", "F6"}


def test_pocket_with_hashes_asks_for_route_numbers():
    text = "\n".join(" ".join("#" if t != "." else "." for t in row) for row in grid_of(pocket_text()))
    with pytest.raises(InputError, match="write the route instead"):
        validate(Results, parse(yaml.safe_dump({"game": "curve", "players": ["Ann"], "n": 7, "curves": {"Ann": text},
                                                "fills": {"Ann": {"Ann": text.replace("#", ".")}}}), "r.yaml"))


def test_ambiguous_hashes_name_the_square_and_ask_for_numbers(write, printkit):
    text = "\n".join(" ".join("#" if t != "." else "." for t in row) for row in grid_of(pocket_text()))
    doc = {"game": "curve", "players": ["Ann"], "n": 7, "curves": {"Ann": text},
           "fills": {"Ann": {"Ann": text.replace("#", ".")}}}
    run = printkit("score", write("r.yaml", yaml.safe_dump(doc)))
    assert run.code == 2
    assert "curves.Ann" in run.err and "route" in run.err and "curve neighbours" in run.err
    assert "Traceback" not in run.err


def test_interior_agrees_with_an_independent_point_in_polygon_test():
    from matplotlib.path import Path

    rng = random.Random(7)
    for _ in range(40):
        n = rng.randint(5, 12)
        route = geo.random_curve(n, rng.randint(1, 30), rng)
        path = Path([(c, r) for r, c in route], closed=False)
        on = set(route)
        mine = geo.interior(route, n)
        theirs = {(r, c) for r in range(n) for c in range(n) if (r, c) not in on and path.contains_point((c, r))}
        assert mine == theirs


def test_random_curves_are_closed_routes():
    rng = random.Random(3)
    for _ in range(30):
        n = rng.randint(4, 12)
        route = geo.random_curve(n, rng.randint(0, 25), rng)
        assert len(route) == len(set(route)) >= 4
        assert all(geo.adjacent(route[i], route[i - 1]) for i in range(len(route)))


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
    ({"C2": 11}, "once"),  # 11 twice
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


def test_numbered_curve_kept():
    route, problems = route_of(numbered_ring(), 6)
    assert problems == [] and [coord(*s) for s in route[:3]] == ["B2", "B3", "B4"]


def test_curve_too_short():
    route, problems = route_of(". 1 2 . . .\n" + ". . . . . .\n" * 5, 6)
    assert route is None and problems[0].rule == "length"


def test_mixed_hash_and_numbers_is_an_input_error():
    with pytest.raises(ValueError, match="mixes"):
        geo.parse_grid(edit(RING, B2=1), 6, allow_hash=True)


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


# ---------------------------------------------------------------- unusable input


def load(text: str) -> Results:
    return validate(Results, parse(text, "r.yaml"))


def two_player_yaml(**over) -> str:
    doc = {"game": "curve", "players": ["Ann", "Ben"], "n": 6, "curves": {"Ann": RING, "Ben": SMALL},
           "fills": {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL}, "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}}
    doc.update(over)
    return yaml.safe_dump(doc, sort_keys=False)


def test_loads_clean():
    assert GAME.score(load(two_player_yaml())).valid


@pytest.mark.parametrize("over,key,words", [
    ({"curves": {"Ann": RING, "Bem": SMALL}}, "curves.Bem", "did you mean 'Ben'"),
    ({"curves": {"Ann": RING}}, "curves", "no curve for Ben"),
    ({"fills": {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL}, "Ben": {"Ann": RING_FILL}}}, "fills", "no fill for Ben's"),
    ({"fills": {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL, "Cat": SMALL_FILL},
                "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}}, "fills.Ann.Cat", "not one of the players"),
    ({"fills": {"Ann": {"Ann": edit(RING_FILL, C3="x"), "Ben": SMALL_FILL},
                "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}}, "fills.Ann.Ann", "'x' at C3"),
    ({"fills": {"Ann": {"Ann": edit(RING_FILL, C3="#"), "Ben": SMALL_FILL},
                "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}}, "fills.Ann.Ann", "'#' at C3"),
    ({"curves": {"Ann": RING + ". . . . . .\n", "Ben": SMALL}}, "curves.Ann", "7 rows"),
    ({"curves": {"Ann": RING.replace(". # # # # .", ". # # # #", 1), "Ben": SMALL}}, "curves.Ann", "row B has 5"),
    ({"n": 3}, "n", "out of range"),
    ({"players": []}, "players", "takes 1 to 8"),
])
def test_input_errors(over, key, words):
    with pytest.raises(InputError) as e:
        load(two_player_yaml(**over))
    assert e.value.key == key and words in e.value.message and e.value.line


def test_grid_as_list_of_rows():
    rows = [ln for ln in RING.strip().splitlines()]
    res = results({"Ann": rows}, {"Ann": {"Ann": RING_FILL.strip().splitlines()}})
    assert GAME.score(res).scores == {"Ann": 2}


# ---------------------------------------------------------------- the kit


@pytest.mark.parametrize("n,players,paper", [(12, 3, "letter"), (30, 8, "a4"), (30, 2, "letter"), (4, 1, "a4"),
                                              (17, 5, "letter")])
def test_kit_fits_the_page_and_titles_every_grid(n, players, paper):
    from printkit.draw import Lines, Rect, Text, text_width
    from printkit.sheet import paper as make_paper

    cfg = GAME.Config.from_dict({"game": "curve", "players": players, "n": n})
    p = make_paper(paper)
    pages = GAME.kit(cfg, p)
    W, H = PAPERS[paper]
    texts = []
    for page in pages:
        for it in page.items:
            if isinstance(it, Text):
                texts.append(it.text)
                assert it.size >= 7
                w = text_width(it.text, it.size, it.bold)
                x0 = it.x - (w if it.anchor == "end" else w / 2 if it.anchor == "middle" else 0)
                assert MARGIN - 0.01 <= x0 and x0 + w <= W - MARGIN + 0.01, it
                assert MARGIN <= it.y - it.size * 0.3528 * 0.75 and it.y <= H - MARGIN, it
            elif isinstance(it, Lines):
                for x1, y1, x2, y2 in it.segments:
                    assert MARGIN - 0.01 <= min(x1, x2) and max(x1, x2) <= W - MARGIN + 0.01
                    assert MARGIN - 0.01 <= min(y1, y2) and max(y1, y2) <= H - MARGIN + 0.01
            elif isinstance(it, Rect):
                assert MARGIN - 0.01 <= it.x and it.x + it.w <= W - MARGIN + 0.01
    names = cfg.names
    for i, owner in enumerate(names):
        assert texts.count("your curve") == players
        if players > 1:
            assert texts.count(f"copy of {owner}'s curve") == players - 1
    _, cell, _, _ = plan(n, players, W - 2 * MARGIN, H - 60)
    assert cell >= 6


def test_fewer_grids_get_bigger_squares():
    one = plan(12, 1, 190, 230)[1]
    three = plan(12, 3, 190, 230)[1]
    eight = plan(12, 8, 190, 230)[1]
    assert one > three >= eight >= 6


def test_kit_is_byte_identical(tmp_path, printkit):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("game: curve\nplayers: [Ann, Ben, Cat]\nn: 12\nformats: [pdf, svg]\n")
    a = printkit("make", cfg, "-o", tmp_path / "a")
    b = printkit("make", cfg, "-o", tmp_path / "b")
    assert a.code == b.code == 0, a.err
    for f in ("kit.pdf", "page-03.svg"):
        assert (tmp_path / "a" / "c" / f).read_bytes() == (tmp_path / "b" / "c" / f).read_bytes()


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


def test_cli_picture(write, printkit, tmp_path):
    bad_fill = {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL}, "Ben": {"Ann": edit(RING_FILL, C3=2, C4=1),
                                                                      "Ben": SMALL_FILL}}
    for name in ("p.svg", "p.pdf"):
        run = printkit("score", write("bad.yaml", two_player_yaml(fills=bad_fill)), "--picture", tmp_path / name)
        assert run.code == 1 and (tmp_path / name).stat().st_size > 1000
    svg = (tmp_path / "p.svg").read_text()
    assert "Ben&apos;s fills as entered" in svg or "Ben's fills as entered" in svg


def test_cli_template_round_trip(tmp_path, printkit):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("game: curve\nplayers: [Ann, Ben]\nn: 6\n")
    out = tmp_path / "r.yaml"
    assert printkit("template", cfg, "-o", out).code == 0
    text = out.read_text()
    blank = printkit("score", out, "--json")
    assert blank.code == 1  # nothing drawn yet: a rule problem, not an unusable file
    assert {v["rule"] for v in json.loads(blank.out)["violations"]} == {"length"}
    doc = yaml.safe_load(text)
    doc["curves"] = {"Ann": RING, "Ben": SMALL}
    doc["fills"] = {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL}, "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}
    out.write_text(yaml.safe_dump(doc))
    assert printkit("score", out).code == 0


def test_cli_schema_and_games(printkit):
    run = printkit("schema", "curve", "--results")
    assert run.code == 0 and "fills" in json.loads(run.out)["properties"]
    assert "curve" in printkit("games").out

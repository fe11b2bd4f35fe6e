"""The Long Way (ikes): the shoppers' walk, the final-sheet checks and the command line."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from printkit.games.ikes import GAME, Results
from printkit.games.ikes.path import Board, sid, walk

ROW = "ABCDEFG"


def sheet_yaml(grid: list[str], walls=(), entrance="D1 W", exit="D7 E", turns=None, player="Ann") -> str:
    lines = [f"  {player}:", f"    entrance: {entrance}", f"    exit: {exit}", "    grid: |"]
    lines += ["      " + row for row in grid]
    lines.append(f"    walls: [{', '.join(walls)}]")
    if turns is not None:
        lines.append("    turns:")
        lines += [f"      - {t}" for t in turns]
    return "\n".join(lines) + "\n"


def results_yaml(*sheets: str, players=("Ann",)) -> str:
    return f"game: ikes\nplayers: [{', '.join(players)}]\nsheets:\n" + "".join(sheets)


def score(text: str):
    import yaml

    return GAME.score(Results.from_dict(yaml.safe_load(text)))


def one(grid, walls=(), **kw):
    return score(results_yaml(sheet_yaml(grid, walls, **kw)))


EMPTY = [". . . . . . ."] * 7
TILES = ["o o o o o o o"] * 7


def rules(report) -> list[str]:
    return sorted({v.rule for v in report.violations})


# ---------------------------------------------------------------- the walk

def test_empty_store_walks_straight_and_scores_minus_one_per_space():
    rep = one(EMPTY)  # D1 -> D7: seven empty spaces entered, the entrance included
    assert rep.scores["Ann"] == -7 and rep.valid


def test_entrance_space_counted_once_and_displays_plus_one():
    grid = ["3 o o o o o 4"] + TILES[1:]
    rep = one(grid, entrance="A1 W", exit="A7 E")
    assert rep.scores["Ann"] == 2


def test_wall_between_spaces_forces_a_detour_and_both_sides_block():
    # a wall on D4's east side blocks D4-D5 whichever space owns it
    for wall in ("D4 E", "D5 W"):
        grid = list(TILES)
        grid[3] = "o o o o o o o"
        grid[2] = "o o o 1 1 o o"  # a detour through row C passes two displays
        grid[4] = ". . . . . . ."  # a detour through row E passes empties
        rep = one(grid, [wall])
        assert rep.scores["Ann"] == 2, wall  # the best of the tied detours: via C4, C5


def test_double_wall_with_one_doorway_still_blocks():
    col = [f"{r}3 E" for r in ROW]  # a wall down column 3's east side
    with_one = [w if not w.startswith("D") else "D3 E*" for w in col] + ["D4 W"]
    rep = one(TILES, with_one)
    assert rep.scores["Ann"] == 0 and any("cannot be reached" in d for d in rep.details)
    both = [w if not w.startswith("D") else "D3 E*" for w in col] + ["D4 W*"]
    rep = one(TILES, both)
    assert rep.scores["Ann"] == 0 and rep.valid and "7 steps" not in " ".join(rep.details)
    assert "6 steps" in " ".join(rep.details)  # D1 .. D7 straight through the two doorways


def test_wall_across_the_exit_blocks_until_punched():
    grid = ["1 1 1 1 1 1 1"] * 7
    rep = one(grid, ["D7 E"])
    assert rep.scores["Ann"] == 0 and "across the exit" in " ".join(rep.details)
    rep = one(grid, ["D7 E*"])
    assert rep.scores["Ann"] == 7
    rep = one(grid, ["D1 W"])
    assert rep.scores["Ann"] == 0 and "across the entrance" in " ".join(rep.details)
    rep = one(grid, ["D7 N"])  # a wall on another side of the exit space does not block it
    assert rep.scores["Ann"] == 7


def test_unreachable_cafeteria_is_skipped():
    grid = list(TILES)
    grid[0] = "C1 C1 o o o o o"
    walls = ["A2 E", "A1 S", "A2 S"]  # C1 walled in on every inner side
    rep = one(grid, walls)
    assert rep.scores["Ann"] == 0 and rep.valid
    assert any("cannot reach cafeteria C1" in n for n in rep.notes)
    grid[3] = "2 o o o o o 2"
    rep = one(grid, walls)
    assert rep.scores["Ann"] == 2  # straight along row D


def test_walk_returns_along_a_corridor_and_counts_each_entry():
    # row A is a corridor (walls on every south side but A1's); the cafeteria at its far end
    grid = ["o 3 3 3 o C1 C1"] + TILES[1:]
    walls = [f"A{c} S" for c in range(2, 8)]
    rep = one(grid, walls, entrance="A1 W", exit="B1 W")
    # A1 A2 A3 A4 A5 A6 | back A5 A4 A3 A2 A1 B1: each 3 entered twice
    assert rep.scores["Ann"] == 6
    assert "11 steps" in " ".join(rep.details)


def test_leg_two_may_start_from_either_cafeteria_space():
    # C1 at A6-A7 reached from the west at A6; C2 at B7-C7 lies below A7, not A6
    grid = ["o o o o o C1 C1", "o o o o o o C2", "o o o o o o C2"] + TILES[3:]
    walls = ["A6 S", "A5 S", "A4 S", "A3 S", "A2 S", "A1 S"]  # row A is reached only from the entrance A1
    rep = one(grid, walls, entrance="A1 W", exit="G7 E")
    # leg 1: A1..A6 (5 steps); leg 2: from A7 straight down to B7 (1 step); leg 3: B7/C7 -> G7 (4 steps)
    assert "10 steps" in " ".join(rep.details), rep.details  # 11 if leg 2 had to start from A6


def test_nearest_cafeteria_first():
    grid = list(TILES)
    grid[3] = "o o C1 C1 o o o"
    grid[0] = "C2 C2 o o o o o"
    rep = one(grid, [])
    # entrance D1 -> C1 (D3, 2 steps) -> C2 (A1/A2 from D3/D4: 4 steps) -> exit D7 (from A2: 3+5=8)
    assert "entrance -> cafeteria C1 -> cafeteria C2 -> exit" in rep.details[0]
    assert "14 steps" in rep.details[0]


def test_tie_between_cafeterias_takes_the_better_order():
    # entrance D1; C1 at A1-A2 and C2 at G1-G2 are both 3 steps away.
    # exit A7 E. Order C1, C2: ... -> G1/G2 -> A7 passes column 7 rows F..A or similar;
    # order C2, C1 ends at C1 (A2), next to row A which is full of displays.
    grid = ["C1 C1 5 5 5 5 5", "o o o o o o o", "o o o o o o o", "o o o o o o o",
            "o o o o o o o", "o o o o o o o", "C2 C2 o o o o o"]
    rep = one(grid, [], exit="A7 E")
    # C2 first: leg 3 from A2 along row A: A3..A7 = +5. C1 first: leg 3 from G2 to A7 is 11 steps, whose
    # best tied path ends along row A from A3 at most (+5 if it goes up column 2/3 first): compare by brute force
    assert any("equally near" in n for n in rep.notes)
    assert rep.scores["Ann"] == brute_force_tie(grid)


def brute_force_tie(grid) -> int:
    """Both cafeteria orders, every shortest path of every leg listed one by one (open store)."""
    cells = [row.split() for row in grid]

    def val(r, c):
        t = cells[r][c]
        return 1 if t in "123456" else -1 if t == "." else 0

    def paths(starts, goals):
        best = None
        out = []
        for s in starts:
            for g in goals:
                d = abs(s[0] - g[0]) + abs(s[1] - g[1])
                if best is None or d < best:
                    best, out = d, [(s, g)]
                elif d == best:
                    out.append((s, g))
        values = []
        for (s, g) in out:
            dr, dc = g[0] - s[0], g[1] - s[1]
            moves = ["r"] * abs(dr) + ["c"] * abs(dc)
            for perm in set(itertools.permutations(moves)):
                r, c, v = s[0], s[1], 0
                for m in perm:
                    if m == "r":
                        r += 1 if dr > 0 else -1
                    else:
                        c += 1 if dc > 0 else -1
                    v += val(r, c)
                values.append(v)
        return max(values)

    ent, ext = [(3, 0)], [(0, 6)]
    c1, c2 = [(0, 0), (0, 1)], [(6, 0), (6, 1)]
    first = val(3, 0)
    return first + max(paths(ent, a) + paths(a, b) + paths(b, ext) for a, b in ((c1, c2), (c2, c1)))


@pytest.mark.parametrize("seed", range(12))
def test_best_of_tied_paths_matches_listing_every_path(seed):
    """Corner to corner on an open store every monotone path is shortest (924 of them):
    the exact dynamic programme must equal the best found by listing them all."""
    rng = random.Random(seed)
    cells = [[rng.choice("o...123456") for _ in range(7)] for _ in range(7)]
    grid = [" ".join(r) for r in cells]
    rep = one(grid, [], entrance="A1 W", exit="G7 E")

    def val(r, c):
        t = cells[r][c]
        return 1 if t in "123456" else -1 if t == "." else 0

    best = None
    for downs in itertools.combinations(range(12), 6):
        r = c = 0
        v = val(0, 0)
        for i in range(12):
            if i in downs:
                r += 1
            else:
                c += 1
            v += val(r, c)
        best = v if best is None else max(best, v)
    assert rep.scores["Ann"] == best


def test_tied_paths_with_different_display_counts_pick_the_best():
    # D1 -> D3 blocked at D2-D3; two tied detours: via row C (two displays) or row E (none)
    grid = list(TILES)
    grid[2] = "o 4 4 o o o o"
    grid[4] = "o o o o o o o"
    rep = one(grid, ["D2 E"])
    assert rep.scores["Ann"] == 2


def test_walk_engine_direct():
    b = Board.empty()
    b.entrance, b.exit = (sid(0, 0), "W"), (sid(0, 6), "E")
    w = walk(b)
    assert w.score == -7 and w.length == 6


# ---------------------------------------------------------------- final-sheet rules

def test_three_cafeterias_break_the_rule():
    grid = list(TILES)
    grid[0] = "C1 C1 C2 C2 C3 C3 o"
    rep = one(grid)
    assert "cafeterias" in rules(rep) and "Ann" in rep.disqualified
    grid[0] = "C1 C1 C2 C2 o o o"
    assert one(grid).valid


def test_cafeteria_must_be_two_spaces_side_by_side():
    grid = list(TILES)
    grid[0] = "C1 o C1 o o o o"
    rep = one(grid)
    assert rules(rep) == ["cafeteria-shape"] and "A1 A3" in rep.violations[0].where
    grid[0] = "C1 o o o o o o"
    grid[1] = "C1 o o o o o o"
    assert one(grid).valid


def test_entrance_and_exit_must_differ():
    rep = one(TILES, entrance="D1 W", exit="D1 W")
    assert rules(rep) == ["doorways"]
    assert one(TILES, entrance="A1 W", exit="A1 N").valid  # a corner space may hold both


# ---------------------------------------------------------------- command line

def test_cli_scores_json_and_picture(printkit, write, tmp_path):
    grid = ["3 o o o o o 4"] + TILES[1:]
    path = write("r.yaml", results_yaml(sheet_yaml(grid, ["B1 N"], entrance="A1 W", exit="A7 E")))
    pic = tmp_path / "pic.svg"
    run = printkit("score", path, "--json", "--picture", pic)
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["valid"] and data["players"][0]["score"] == 2 and data["winners"] == ["Ann"]
    assert pic.exists() and b"<svg" in pic.read_bytes()[:400]


def test_cli_rule_broken_exits_1(printkit, write):
    grid = list(TILES)
    grid[0] = "C1 C1 C2 C2 C3 C3 o"
    run = printkit("score", write("r.yaml", results_yaml(sheet_yaml(grid))), "--json")
    assert run.code == 1
    data = json.loads(run.out)
    assert not data["valid"] and data["violations"][0]["rule"] == "cafeterias"
    assert data["players"][0]["disqualified"]


@pytest.mark.parametrize("bad, key, line", [
    (("D1 X", "D7 E"), "sheets.Ann.entrance", 5),
    (("D2 W", "D7 E"), "sheets.Ann.entrance", 5),
    (("D1 W", "Q7 E"), "sheets.Ann.exit", 6),
])
def test_cli_bad_doorways_exit_2(printkit, write, bad, key, line):
    text = results_yaml(sheet_yaml(TILES, entrance=bad[0], exit=bad[1]))
    run = printkit("score", write("r.yaml", text))
    assert run.code == 2 and f"r.yaml:{line}: {key}:" in run.err and "Traceback" not in run.err


def test_cli_bad_grid_mark_names_the_square(printkit, write):
    grid = list(TILES)
    grid[2] = "o o x o o o o"
    run = printkit("score", write("r.yaml", results_yaml(sheet_yaml(grid))))
    assert run.code == 2 and "sheets.Ann.grid" in run.err and "C3: 'x'" in run.err


def test_cli_short_grid_row_and_duplicate_wall_and_bad_turn(printkit, write):
    grid = list(TILES)
    grid[1] = "o o o"
    run = printkit("score", write("a.yaml", results_yaml(sheet_yaml(grid))))
    assert run.code == 2 and "row B has 3 marks" in run.err
    run = printkit("score", write("b.yaml", results_yaml(sheet_yaml(TILES, ["B2 E", "B2 E*"]))))
    assert run.code == 2 and "sheets.Ann.walls" in run.err and "listed twice" in run.err
    run = printkit("score", write("c.yaml", results_yaml(sheet_yaml(TILES, turns=["35 B2"]))))
    assert run.code == 2 and "sheets.Ann.turns[1]" in run.err and ":17:" in run.err
    run = printkit("score", write("d.yaml", results_yaml(sheet_yaml(TILES, ["H2 E"]))))
    assert run.code == 2 and "not a space of the 7x7 grid" in run.err


def test_cli_sheets_must_match_players(printkit, write):
    run = printkit("score", write("r.yaml", results_yaml(sheet_yaml(TILES), players=("Ann", "Ben"))))
    assert run.code == 2 and "no sheet for Ben" in run.err
    run = printkit("score", write("s.yaml", results_yaml(sheet_yaml(TILES, player="Anne"))))
    assert run.code == 2 and "did you mean 'Ann'" in run.err


def test_cli_template_then_score(printkit, tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("game: ikes\nplayers: [Ann, Ben]\n")
    run = printkit("template", cfg, "-o", tmp_path / "r.yaml")
    assert run.code == 0, run.err
    run = printkit("score", tmp_path / "r.yaml", "--json")
    assert run.code == 0, run.err  # the blank store: both walk seven empty spaces
    assert [p["score"] for p in json.loads(run.out)["players"]] == [-7, -7]


def test_simulate_json_chart_and_seed(printkit, tmp_path):
    chart = tmp_path / "hist.png"
    a = printkit("simulate", "ikes", "--games", "3", "--seed", "11", "--chart", chart, "--json")
    assert a.code == 0, a.err
    out = json.loads(a.out)
    assert out["games"] == 3 and sum(out["bands"].values()) == 3 == sum(out["histogram"].values())
    assert set(out["bands"]) == {"failure", "respectable", "very good", "champion"}
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    b = printkit("simulate", "ikes", "--games", "3", "--seed", "11", "--no-chart", "--json")
    assert json.loads(b.out)["histogram"] == out["histogram"]  # same seed, same games
    bad = printkit("simulate", "ikes", "--games", "0")
    assert bad.code == 2 and "Traceback" not in bad.err


def test_kit_has_the_tile_card_and_a_sheet_per_player(printkit, tmp_path):
    from pypdf import PdfReader

    cfg = tmp_path / "k.yaml"
    cfg.write_text("game: ikes\nplayers: [Ann, Ben, Cy]\npaper: a4\n")
    run = printkit("make", cfg, "-o", tmp_path / "out")
    assert run.code == 0, run.err
    pdf = tmp_path / "out" / "k" / "kit.pdf"
    texts = [p.extract_text() for p in PdfReader(pdf).pages]
    card = [t for t in texts if "the 36 tiles" in t]
    assert len(card) == 1
    assert all(f"{light}-{dark}" in card[0] for light in range(1, 7) for dark in range(1, 7))
    for name in ("Ann", "Ben", "Cy"):
        assert sum(f"store of {name}" in t for t in texts) == 1
    first = pdf.read_bytes()
    assert printkit("make", cfg, "-o", tmp_path / "out").code == 0
    assert pdf.read_bytes() == first  # byte-identical on every run


def test_picture_marks_the_broken_square(printkit, write, tmp_path):
    grid = list(TILES)
    grid[0] = "C1 o C1 o o o o"
    from printkit.sheet import MISTAKE_COLOR

    red = "#%02x%02x%02x" % tuple(round(v * 255) for v in MISTAKE_COLOR)
    pic = tmp_path / "p.svg"
    run = printkit("score", write("r.yaml", results_yaml(sheet_yaml(grid))), "--picture", pic)
    assert run.code == 1 and "cafeteria-shape" in run.out
    assert pic.read_text().count(red) == 2  # A1 and A3 are marked
    grid[0] = "C1 C1 o o o o o"
    run = printkit("score", write("s.yaml", results_yaml(sheet_yaml(grid))), "--picture", pic)
    assert run.code == 0 and red not in pic.read_text()


def test_rule_sheet_worked_example():
    """The example drawn on the rule sheet, counted by hand: row G +1 (G2, G4 displays, G3 empty),
    column 6 +2 (E6, C6) rather than column 7 +1 (D7), then A5 B5 B4 B3 B2 A2 A1 +4 around the
    double wall A3|A4 whose only doorway is in A3's wall."""
    from printkit.games.ikes.drawing import example_board, figure

    b = example_board()
    w = walk(b)
    assert [leg.value for leg in w.legs] == [1, 2, 4] and w.score == 7
    assert not b.open_between(sid(0, 2), "E")  # A3 E* and A4 W: still closed
    _, height = figure("example", 180)
    assert 80 < height < 120


def oracle_score(cells, walls, entrance, exit) -> int:
    """The walk scored by listing every shortest path of every leg one by one (slow, plain)."""
    def val(p):
        t = cells[p[0]][p[1]]
        if t in "123456":
            return 1
        walled = any(w[0] == p for w in walls)
        return -1 if t == "." and not walled else 0

    def step_ok(a, b):
        side = {(-1, 0): "N", (1, 0): "S", (0, 1): "E", (0, -1): "W"}[(b[0] - a[0], b[1] - a[1])]
        back = {"N": "S", "S": "N", "E": "W", "W": "E"}[side]
        return walls.get((a, side)) is not False and walls.get((b, back)) is not False

    def nbrs(p):
        for dr, dc in ((-1, 0), (1, 0), (0, 1), (0, -1)):
            q = (p[0] + dr, p[1] + dc)
            if 0 <= q[0] < 7 and 0 <= q[1] < 7 and step_ok(p, q):
                yield q

    def dist_from(starts):
        d = {s: 0 for s in starts}
        todo = list(starts)
        while todo:
            nxt = []
            for p in todo:
                for q in nbrs(p):
                    if q not in d:
                        d[q] = d[p] + 1
                        nxt.append(q)
            todo = nxt
        return d

    def best(starts, goals):
        d = dist_from(goals)  # distance to the goal set, to walk only along shortest paths
        far = min(d.get(s, 99) for s in starts)
        top = None
        stack = [(s, 0) for s in starts if d.get(s) == far]
        while stack:
            p, v = stack.pop()
            if p in goals:
                top = v if top is None else max(top, v)
                continue
            for q in nbrs(p):
                if d.get(q) == d[p] - 1:
                    stack.append((q, v + val(q)))
        return top

    (e, es), (x, xs) = entrance, exit
    if walls.get((e, es)) is False or walls.get((x, xs)) is False:
        return 0
    reach = dist_from([e])
    if x not in reach:
        return 0
    cafes = {}
    for r in range(7):
        for c in range(7):
            if cells[r][c].startswith("C"):
                cafes.setdefault(cells[r][c], []).append((r, c))
    live = {k: v for k, v in cafes.items() if any(p in reach for p in v)}
    near = {k: min(reach[p] for p in v if p in reach) for k, v in live.items()}
    first = min(near.values(), default=None)
    orders = [[]] if not live else []
    for k in live:
        if near[k] == first:
            rest = [j for j in live if j != k]
            orders.append([k] + rest)
    totals = []
    for order in orders:
        total, at = val(e), [e]
        for goal in order:
            total += best(at, set(live[goal]))
            at = live[goal]
        total += best(at, {x})
        totals.append(total)
    return max(totals)


@pytest.mark.parametrize("seed", range(30))
def test_walk_equals_listing_every_shortest_path(seed):
    rng = random.Random(1000 + seed)
    cells = [[rng.choice("oo...123456") for _ in range(7)] for _ in range(7)]
    for k in range(rng.choice([0, 1, 2, 2])):
        while True:
            r, c = rng.randrange(7), rng.randrange(6)
            if not any(x.startswith("C") for x in (cells[r][c], cells[r][c + 1])):
                cells[r][c] = cells[r][c + 1] = f"C{k + 1}"
                break
    walls = {}
    for _ in range(rng.randrange(8, 30)):
        w = ((rng.randrange(7), rng.randrange(7)), rng.choice("NESW"))
        walls[w] = rng.random() < 0.25  # True: a doorway punched through
    sides = [((3, 0), "W"), ((0, 6), "E"), ((6, 3), "S"), ((0, 0), "N")]
    ent, ext = rng.sample(sides, 2)
    grid = [" ".join(row) for row in cells]
    wall_text = [f"{ROW[p[0]]}{p[1] + 1} {s}{'*' if d else ''}" for (p, s), d in walls.items()]
    door = lambda d: f"{ROW[d[0][0]]}{d[0][1] + 1} {d[1]}"  # noqa: E731
    rep = one(grid, wall_text, entrance=door(ent), exit=door(ext))
    assert rep.scores["Ann"] == oracle_score(cells, walls, ent, ext)

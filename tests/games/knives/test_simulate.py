"""Selling Knives simulator: seating, sums, same seed same figures, the command line."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter

from printkit.games.knives.simulate import SHARE, lineup, mean_ci, run_chunk, simulate_games


def test_lineup_runs_through_every_seating_evenly():
    seen = Counter(tuple(lineup(g, 4, 2)) for g in range(12 * 5))
    assert set(seen) == set(itertools.permutations(range(4), 2)) and set(seen.values()) == {5}
    seen = Counter(tuple(lineup(g, 3, 3)) for g in range(6))
    assert set(seen) == set(itertools.permutations(range(3)))


def test_lineup_with_fewer_strategies_than_seats_rotates():
    assert [lineup(g, 2, 4) for g in range(2)] == [[0, 1, 0, 1], [1, 0, 1, 0]]
    firsts = Counter(lineup(g, 3, 4)[0] for g in range(30))
    assert firsts == {0: 10, 1: 10, 2: 10}  # every strategy takes the first turn equally often


def test_every_game_gives_out_exactly_one_win():
    tallies, turns, _, stalled = run_chunk((["greedy", "patient:3", "hoard"], 3, 12, 5, 0, 90))
    assert sum(t.share for t in tallies) == 90 * SHARE
    assert sum(t.seats for t in tallies) == 90 * 3
    assert sum(t.roads for t in tallies) == 90 * 66 and stalled == 0
    assert turns > 90 * 66  # at least a draw per road


def test_mean_ci_against_a_known_case():
    mean, lo, hi = mean_ci(50, 50, 100)  # 50 ones and 50 zeros
    half = 1.96 * math.sqrt(0.25 * 100 / 99 / 100)
    assert mean == 0.5 and math.isclose(hi - mean, half) and math.isclose(mean - lo, half)


def test_same_seed_same_figures_with_one_or_two_workers():
    specs = ["greedy", "patient:3"]
    one = simulate_games(specs, 3, 12, 600, 7, jobs=1)
    two = simulate_games(specs, 3, 12, 600, 7, jobs=2)
    assert one == two
    assert simulate_games(specs, 3, 12, 600, 8, jobs=1) != one


def test_waiting_beats_greedy():
    """The seed's question: with 300 games the difference is far outside the intervals."""
    s = simulate_games(["greedy", "patient:3"], 2, 12, 300, 1, jobs=1)
    greedy, patient = s["strategies"]
    assert greedy["win_ci95"][1] < patient["win_ci95"][0]
    assert patient["roads_per_claim"] > greedy["roads_per_claim"]


def test_cli_simulate_json_chart_and_errors(printkit, tmp_path):
    chart = tmp_path / "chart.svg"
    args = ("simulate", "knives", "--players", "3", "--kcount", "10", "--strategies", "greedy,patient:2,hoard",
            "--games", "120", "--seed", "4", "--json")
    run = printkit(*args, "--chart", chart)
    assert run.code == 0, run.err
    out = json.loads(run.out)
    assert [r["strategy"] for r in out["strategies"]] == ["greedy", "patient:2", "hoard"]
    assert out["games"] == 120 and out["kcount"] == 10 and out["players"] == 3
    assert all(0 <= r["win_ci95"][0] <= r["win_rate"] <= r["win_ci95"][1] <= 1 for r in out["strategies"])
    assert chart.read_text().startswith("<?xml") and "Selling Knives" in chart.read_text()
    again = printkit(*args, "--chart", tmp_path / "again.svg")
    assert json.loads(again.out)["strategies"] == out["strategies"]
    assert (tmp_path / "again.svg").read_bytes() == chart.read_bytes()

    text = printkit("simulate", "knives", "--games", "50", "--players", "2")
    assert text.code == 0 and "win rate" in text.out and "greedy" in text.out

    bad = printkit("simulate", "knives", "--strategies", "greedy,patiant:3")
    assert bad.code == 2 and "did you mean 'patient'" in bad.err and "Traceback" not in bad.err
    bad = printkit("simulate", "knives", "--players", "9")
    assert bad.code == 2

"""``printkit solve curve``: curve-only and results files, one curve, errors; the same answer twice."""

from __future__ import annotations

import json

import yaml

from curve_helpers import RING


def test_cli_solve_curve_file(write, printkit):
    path = write("c.yaml", yaml.safe_dump({"game": "curve", "n": 6, "curve": RING}))
    run = printkit("solve", "curve", path, "--json", "--time-limit", "10")
    assert run.code == 0, run.err
    data = json.loads(run.out)["curves"][0]
    assert data["best"] == data["bound"] == 4 and data["proven"] and data["inside"] == 4 and data["squares"] == 12
    # the proposed fill, typed into a results file, scores 4 with no mistakes
    fill = "\n".join(data["fill"])
    res = write("r.yaml", yaml.safe_dump({"game": "curve", "players": ["Ann"], "n": 6, "curves": {"Ann": RING},
                                          "fills": {"Ann": {"Ann": fill}}}))
    scored_run = printkit("score", res, "--json")
    assert scored_run.code == 0 and json.loads(scored_run.out)["players"][0]["score"] == 4
    text = printkit("solve", "curve", path)
    assert text.code == 0 and "proven best" in text.out and "upper bound 4" in text.out


def test_cli_solve_results_file_and_errors(write, printkit):
    small = "# # # . . .\n# . # . . .\n# # # . . .\n" + ". . . . . .\n" * 3
    doc = {"game": "curve", "players": ["Ann", "Ben"], "n": 6, "curves": {"Ann": RING, "Ben": small}}
    path = write("r.yaml", yaml.safe_dump(doc))
    run = printkit("solve", "curve", path, "--json")
    assert run.code == 0, run.err
    got = {c["curve"]: (c["best"], c["proven"]) for c in json.loads(run.out)["curves"]}
    assert got == {"Ann": (4, True), "Ben": (1, True)}
    one = printkit("solve", "curve", path, "--curve", "Ben", "--json")
    assert [c["curve"] for c in json.loads(one.out)["curves"]] == ["Ben"]
    bad = printkit("solve", "curve", path, "--curve", "Bem")
    assert bad.code == 2 and "did you mean 'Ben'" in bad.err
    broken = write("b.yaml", yaml.safe_dump({"game": "curve", "n": 6, "curve": small.replace("# . #", "# . .")}))
    run = printkit("solve", "curve", broken)
    assert run.code == 1 and "not solved" in run.out
    missing = printkit("solve", "curve", "nope.yaml")
    assert missing.code == 2 and "no such file" in missing.err


def test_played_curve_example_solves_the_same_twice(printkit):
    """Through the command line: the same file, the same answer, word for word (timings aside)."""
    from pathlib import Path

    path = Path(__file__).parent.parent / "data" / "played-curve.yaml"
    runs = [json.loads(printkit("solve", "curve", path, "--json").out) for _ in range(2)]
    assert all(set(r["timing"]["seconds"]) == {"Ann", "Ben", "Cat"} for r in runs)
    for r in runs:
        r.pop("timing")  # wall-clock seconds are kept apart from the comparable answer
    assert runs[0] == runs[1] and all(c["proven"] for c in runs[0]["curves"])


def test_time_limits_are_bounded_and_game_checked(printkit, tmp_path):
    from pathlib import Path

    path = Path(__file__).parent.parent / "data" / "played-curve.yaml"
    for bad in ("inf", "nan", "0", "-1", "601"):
        r = printkit("solve", "curve", path, "--time-limit", bad)
        assert r.code == 2 and len(r.err.strip().splitlines()) == 1 and "--time-limit" in r.err, (bad, r.err)
    other = tmp_path / "k.yaml"
    other.write_text("game: [1, 2]\n", encoding="utf-8")
    r = printkit("solve", "curve", other)
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1 and "game" in r.err

"""The Long Way (ikes): the `printkit simulate ikes` sub-command (commands.py)."""

from __future__ import annotations

import json


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

"""The Long Way (ikes): the solo bot (simulate.py): its games, written as results files, replay valid."""

from __future__ import annotations

import json

import yaml


def test_simulated_games_replay_valid_with_the_same_score(printkit, tmp_path):
    rec = tmp_path / "rec.yaml"
    run_ = printkit("simulate", "ikes", "--games", "2", "--seed", "5", "--no-chart", "--record", rec, "--json")
    assert run_.code == 0, run_.err
    out = json.loads(run_.out)
    scored = printkit("score", rec, "--json")
    assert scored.code == 0, scored.out
    data = yaml.safe_load(rec.read_text())
    assert len(data["sheets"]["Bot"]["turns"]) >= 5
    assert json.loads(scored.out)["players"][0]["score"] in {int(k) for k in out["histogram"]}

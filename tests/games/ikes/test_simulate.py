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


# ---------------------------------------------------------------- the same games, however they are played

# What the bot played before it was made faster (issue 17): seed 1, games 0-11, their results files
# (every roll, placement, display and bonus) hashed, and their scores.
SEED1_RECORDS = "d21205fb390ae41f24cea329c756ceb37f4c9085a87e797e6b77118529ca76ba"
SEED1_SCORES = [8, 7, 7, 7, 5, 12, 8, 6, 5, 9, 8, 11]
SEED7_SCORES = [7, 5, 7, 6, 11, 7, 4, 8, 11, 7, 9, 6]


def test_the_bot_plays_the_same_games_as_before():
    import hashlib

    from printkit.games.ikes.path import walk
    from printkit.games.ikes.simulate import play_many, record

    played = play_many(12, 1)
    assert [walk(g.floor).score for g in played] == SEED1_SCORES
    assert hashlib.sha256("".join(record(g) for g in played).encode()).hexdigest() == SEED1_RECORDS


def test_remembering_the_cafeteria_walks_throughout_plays_the_same_games(monkeypatch):
    """The bot before bot.py remembered every cafeteria walk from turn to turn (cafes.forget); the bot
    now does only once the first cafeteria's spaces are walled apart, and sums them afresh before.
    Remembering them from the first cafeteria on, as then, plays the very same games."""
    import hashlib

    from printkit.games.ikes import simulate
    from printkit.games.ikes.path import walk

    monkeypatch.setattr(simulate, "apart", lambda st: True)
    played = simulate.play_many(12, 1)
    assert sum(g.remembered is not None for g in played) > 8
    assert [walk(g.floor).score for g in played] == SEED1_SCORES
    assert hashlib.sha256("".join(simulate.record(g) for g in played).encode()).hexdigest() == SEED1_RECORDS


def test_one_process_or_two_give_the_same_scores():
    from printkit.games.ikes.simulate import CHUNK, scores_many

    games = CHUNK + 3  # two work units
    one = scores_many(games, 7, jobs=1)
    assert one == scores_many(games, 7, jobs=2)
    assert one[:12] == SEED7_SCORES


def test_the_bots_walks_agree_with_the_neighbour_list_walk():
    """Every walk the bot finds afresh in two games (bot.py), walked over neighbour lists as well: the
    same score (bit for bit), length and spaces entered."""
    import random

    from printkit.games.ikes import bot, path, simulate
    from printkit.games.ikes.tiles import SIDES

    seen = []
    real = bot.way

    def both(masks, vals, e, x, shut, cafes, *rest):
        w = real(masks, vals, e, x, shut, cafes, *rest)
        grid = ["o"] * path.SPACES
        for name, spaces in cafes.items():
            for s in range(path.SPACES):
                if spaces >> s & 1:
                    grid[s] = name
        b = path.Floor(grid, {(e, "W"): False} if shut else {})
        b.entrance, b.exit = (e, "W"), (x, "E")
        adj = [tuple(path.NEIGHBOUR[s][side] for i, side in enumerate(SIDES) if masks[i] >> s & 1)
               for s in range(path.SPACES)]
        old = path._walk_lists(b, vals, adj)
        seen.append(w.ok)
        assert w.ok == old.ok
        if w.ok:
            assert (repr(w.score), w.length, w.entries()) == (repr(old.score), old.length, old.entries())
        return w

    bot.way = both
    try:
        for i in range(2):
            simulate.play(random.Random(11 * 1_000_003 + i))
    finally:
        bot.way = real
    assert len(seen) > 60 and sum(seen) > 40  # walks checked, most of them with a way to the exit


def test_simulate_jobs_option_gives_the_same_summary(printkit):
    a = printkit("simulate", "ikes", "--games", "30", "--seed", "2", "--no-chart", "--json", "--jobs", "1")
    b = printkit("simulate", "ikes", "--games", "30", "--seed", "2", "--no-chart", "--json", "--jobs", "2")
    assert a.code == b.code == 0, a.err + b.err
    assert json.loads(a.out) == json.loads(b.out)

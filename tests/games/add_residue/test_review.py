"""Add/Residue reviews (review.py): losses that add up, checked against a plain search, and the
``printkit solve add-residue`` command (commands.py's options, review.py's work)."""

from __future__ import annotations

import json
import random

import pytest
from add_residue_helpers import plain, plain_cached

from printkit.games.add_residue.game import Results
from printkit.games.add_residue.review import review
from printkit.games.add_residue.solver import Solver
from printkit.games.add_residue.perfect import start
from printkit.inputs import parse
from printkit.validation import validate

# ---------------------------------------------------------------- reviews


def random_game(rng: random.Random, n: int, length: int | None = None) -> list[str]:
    piles = {p: {"add": list(range(1, n + 1)), "mod": list(range(1, n + 1))} for p in ("Ann", "Ben")}
    out = []
    total = 4 * n if length is None else length
    for k in range(total):
        who = "Ann" if k % 2 == 0 else "Ben"
        choices = [(pile, c) for pile in ("add", "mod") for c in piles[who][pile]]
        pile, c = rng.choice(choices)
        piles[who][pile].remove(c)
        out.append(f"{who} {pile} {c}")
    return out


def load(moves, n):
    text = "game: add-residue\nplayers: [Ann, Ben]\nn: %d\nmoves:\n" % n + "".join(f"  - {m}\n" for m in moves)
    return validate(Results, parse(text, "r.yaml"))


def final_scores(moves: list[str]) -> dict[str, int]:
    m, score = 0, {"Ann": 0, "Ben": 0}
    for mv in moves:
        who, pile, c = mv.split()
        c = int(c)
        if pile == "add":
            m += c
        else:
            m %= c
            score[who] += m
    return score


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (3, 3), (4, 4), (4, 5)])
def test_review_losses_add_up_to_the_final_margin(n, seed):
    moves = random_game(random.Random(seed), n)
    reviewed, info = review(load(moves, n))
    assert [r.index for r in reviewed] == list(range(1, 4 * n + 1))
    assert all(r.loss is not None and r.loss >= 0 for r in reviewed)
    for r, mv in zip(reviewed, moves):
        assert (r.loss == 0) == (r.move in r.best)
        assert r.best
    score = final_scores(moves)
    lost = {p: sum(r.loss for r in reviewed if r.player == p) for p in ("Ann", "Ben")}
    start_value = Solver(n).value(*start(n))
    assert score["Ann"] - score["Ben"] == start_value - lost["Ann"] + lost["Ben"]


def test_review_losses_match_a_full_tree_search():
    n = 3
    moves = random_game(random.Random(11), n)
    reviewed, _ = review(load(moves, n))
    piles = {"Ann": [list(range(1, n + 1)), list(range(1, n + 1))], "Ben": [list(range(1, n + 1)), list(range(1, n + 1))]}
    m = 0
    for k, (r, mv) in enumerate(zip(reviewed, moves)):
        who, pile, c = mv.split()
        c = int(c)
        other = "Ben" if who == "Ann" else "Ann"
        mine = (tuple(piles[who][0]), tuple(piles[who][1]))
        theirs = (tuple(piles[other][0]), tuple(piles[other][1]))
        before = plain_cached(mine, theirs, m)
        piles[who][0 if pile == "add" else 1].remove(c)
        new_m = m + c if pile == "add" else m % c
        gain = 0 if pile == "add" else new_m
        after = plain_cached(theirs, (tuple(piles[who][0]), tuple(piles[who][1])), new_m)
        assert r.loss == before - (gain - after), (k, mv)
        m = new_m


def test_unfinished_game_review_adds_up_with_the_rest():
    n = 3
    moves = random_game(random.Random(7), n, length=7)
    reviewed, info = review(load(moves, n))
    assert not info["complete"]
    score = final_scores(moves)
    lost = {p: sum(r.loss for r in reviewed if r.player == p) for p in ("Ann", "Ben")}
    # 7 moves played: Ben is to move, so the rest is worth -end_value to Ann
    assert score["Ann"] - score["Ben"] - info["end_value"] == info["start_value"] - lost["Ann"] + lost["Ben"]


def test_review_only_the_tail_when_asked():
    n = 3
    moves = random_game(random.Random(9), n)
    reviewed, info = review(load(moves, n), max_cards=6)
    assert [r.loss for r in reviewed[:6]] == [None] * 6
    assert all(r.loss is not None for r in reviewed[6:])
    assert info["first"] == 6


# ---------------------------------------------------------------- the command line


def test_solve_value_json(printkit):
    r = printkit("solve", "add-residue", "--n", "3", "--json")
    assert r.code == 0, r.err
    out = json.loads(r.out)
    full = tuple(range(1, 4))
    assert out["margin"] == plain((full, full), (full, full), 0)
    assert "best" not in out  # the openings pass runs only when asked
    r = printkit("solve", "add-residue", "--n", "3", "--json", "--openings")
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert out["best"] and all(isinstance(b, str) for b in out["best"])


def test_solve_value_text_and_openings_only_when_asked(printkit):
    r = printkit("solve", "add-residue", "--n", "4")
    assert r.code == 0, r.err
    assert "perfect-play margin" in r.out and "positions/s" in r.out
    assert "Best opening moves" not in r.out and "--openings" in r.out
    r = printkit("solve", "add-residue", "--n", "4", "--openings")
    assert r.code == 0, r.err
    assert "Best opening moves" in r.out


def test_best_openings_match_a_full_tree_search(printkit):
    n = 3
    full = tuple(range(1, n + 1))
    want = plain((full, full), (full, full), 0)
    best = set()
    for c in full:
        rest = tuple(x for x in full if x != c)
        if -plain((full, full), (rest, full), c) == want:
            best.add(f"add {c}")
        if 0 - plain((full, full), (full, rest), 0) == want:
            best.add(f"mod {c}")
    r = printkit("solve", "add-residue", "--n", str(n), "--json", "--openings")
    assert set(json.loads(r.out)["best"]) == best


def test_a_search_that_would_not_fit_is_refused_before_it_starts(printkit):
    from printkit.games.add_residue.memory import memory_needed

    limit = memory_needed(6) // 2**20 + 1  # room for n = 6, not for n = 7
    r = printkit("solve", "add-residue", "--n", "7", "--max-memory", str(limit))
    assert r.code == 2 and r.out == ""
    assert len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err
    assert "largest n that fits is 6" in r.err and "--max-memory" in r.err
    r = printkit("solve", "add-residue", "--n", "6", "--max-memory", str(limit))
    assert r.code == 0, r.err


def test_the_machines_memory_is_read_and_a_small_machine_refuses(monkeypatch):
    from printkit.games.add_residue import review as rv
    from printkit.games.add_residue.memory import available_memory, memory_needed
    from printkit.inputs import InputError

    assert available_memory() > 0
    monkeypatch.setattr(rv, "available_memory", lambda: memory_needed(5) + 1)
    with pytest.raises(InputError) as e:
        rv.check_memory(7, 0)
    assert "largest n that fits is 5" in str(e.value) and "available" in str(e.value)
    rv.check_memory(5, 0)  # fits: no error


def test_three_players_command(printkit):
    r = printkit("solve", "add-residue", "--n", "2", "--players", "3", "--json")
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert [row["n"] for row in out["rows"]] == [1, 2]
    assert all(len(row["guaranteed"]) == 3 for row in out["rows"])
    r = printkit("solve", "add-residue", "--n", "9", "--players", "3")
    assert r.code == 2 and "--n" in r.err
    r = printkit("solve", "add-residue", "--n", "3", "--players", "4")
    assert r.code == 2 and "--players" in r.err


def test_solve_review_json_format(printkit, write):
    moves = random_game(random.Random(3), 3)
    path = write("g.yaml", "game: add-residue\nplayers: [Ann, Ben]\nn: 3\nmoves:\n" +
                 "".join(f"  - {m}\n" for m in moves))
    r = printkit("solve", "add-residue", path, "--json")
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert list(out) == ["moves"]
    assert len(out["moves"]) == 12
    first = out["moves"][0]
    assert set(first) == {"index", "player", "move", "loss", "best"}
    assert first["index"] == 1 and first["player"] == "Ann" and first["move"] == moves[0].split(" ", 1)[1]
    r = printkit("solve", "add-residue", path)
    assert r.code == 0, r.err
    assert "gave away" in r.out


def test_solve_refuses_what_it_cannot_do(printkit, write):
    three = write("three.yaml", "game: add-residue\nplayers: [Ann, Ben, Cat]\nn: 3\nmoves: [Ann add 1]\n")
    r = printkit("solve", "add-residue", three)
    assert r.code == 2 and "two players" in r.err and "Traceback" not in r.err
    illegal = write("illegal.yaml", "game: add-residue\nplayers: [Ann, Ben]\nn: 3\nmoves: [Ann add 1, Ann add 2]\n")
    r = printkit("solve", "add-residue", illegal)
    assert r.code == 2 and "turn" in r.err
    r = printkit("solve", "add-residue")
    assert r.code == 2
    r = printkit("solve", "add-residue", "--n", "40")
    assert r.code == 2 and "--n" in r.err
    r = printkit("solve", "add-residue", three, "--n", "3")
    assert r.code == 2
    r = printkit("solve", "add-residue", "nowhere.yaml")
    assert r.code == 2 and "nowhere.yaml" in r.err


def test_review_of_a_default_size_game_covers_the_tail():
    n = 13
    moves = random_game(random.Random(21), n)
    reviewed, info = review(load(moves, n), max_cards=8)
    first = info["first"]
    assert first == 4 * n - 8
    assert all(r.loss is None for r in reviewed[:first])
    assert all(r.loss is not None and r.loss >= 0 for r in reviewed[first:])
    # from the first reviewed row on, the losses explain the margin of the points scored there
    # points scored from that row on (m itself comes from the whole game)
    m, pts = 0, {"Ann": 0, "Ben": 0}
    for k, mv in enumerate(moves):
        who, pile, c = mv.split()
        m = m + int(c) if pile == "add" else m % int(c)
        if pile == "mod" and k >= first:
            pts[who] += m
    lost = {p: sum(r.loss for r in reviewed[first:] if r.player == p) for p in ("Ann", "Ben")}
    sign = 1 if first % 2 == 0 else -1
    assert pts["Ann"] - pts["Ben"] == sign * info["start_value"] - lost["Ann"] + lost["Ben"]


def test_review_of_an_early_log_in_a_big_game_reviews_nothing(printkit, write):
    path = write("early.yaml", "game: add-residue\nplayers: [Ann, Ben]\nn: 52\nmoves: [Ann add 3, Ben mod 2]\n")
    r = printkit("solve", "add-residue", path, "--json")
    assert r.code == 0, r.err
    assert [m["loss"] for m in json.loads(r.out)["moves"]] == [None, None]
    r = printkit("solve", "add-residue", path)
    assert r.code == 0 and "Nothing to review" in r.out


def test_a_log_that_breaks_a_rule_is_refused_at_its_row(printkit, write):
    """A review needs a legal log: the first broken rule refused at the move's own line and key."""
    path = write("broken.yaml", "game: add-residue\nplayers: [Ann, Ben]\nn: 2\nmoves:\n  - Ann add 1\n"
                                "  - Ben add 2\n  - Ben mod 1\n  - Ann mod 2\n")
    r = printkit("solve", "add-residue", str(path))
    assert r.code == 2 and r.out == "" and r.err.count("\n") == 1
    assert f"{path}:7: moves[3]: " in r.err and "a review needs a legal log" in r.err, r.err

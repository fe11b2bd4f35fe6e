"""Add/Residue's scorer (score.py): rules kept and broken, and ``printkit score`` with its exit codes."""

from __future__ import annotations

import json

from add_residue_helpers import GOOD, load, results_text

from printkit.games.add_residue import GAME

def score(moves, **kw):
    return GAME.score(load(moves, **kw))


# ---------------------------------------------------------------- keeping the rules


def test_complete_game_scores_by_hand():
    rep = score(GOOD)
    assert rep.valid and not rep.notes
    assert rep.scores == {"Ann": 3, "Ben": 2}
    assert rep.winners == ["Ann"]


def test_written_m_is_optional():
    plain = [m.split(" =")[0] for m in GOOD]
    rep = score(plain)
    assert rep.valid and rep.scores == {"Ann": 3, "Ben": 2}


def test_same_number_from_both_piles_is_fine():
    # Ann plays 3 from her add pile and 3 from her mod pile: two different cards
    rep = score(GOOD[:4])
    assert rep.valid
    assert {v.rule for v in rep.violations} == set()


def test_mod_by_bigger_number_keeps_m_and_scores_it():
    # 7 mod 5 = 2 as usual; then 2 mod 5: 5 is bigger than m, so m stays 2 and Ann scores all of it
    rep = score(["Ann add 2 = 2", "Ben add 1 = 3", "Ann add 4 = 7", "Ben mod 5 = 2", "Ann mod 5 = 2"], n=5)
    assert rep.valid and rep.scores == {"Ann": 2, "Ben": 2}
    rep = score(["Ann add 2 = 2", "Ben mod 5 = 2"], n=5)
    assert rep.valid and rep.scores == {"Ann": 0, "Ben": 2}


def test_three_players_take_turns_in_seat_order():
    moves = ["Ann add 2 = 2", "Ben add 3 = 5", "Cat mod 4 = 1", "Ann mod 2 = 1", "Ben mod 3 = 1", "Cat add 1 = 2"]
    rep = score(moves, players=("Ann", "Ben", "Cat"), n=4)
    assert rep.valid
    assert rep.scores == {"Ann": 1, "Ben": 1, "Cat": 1}
    assert any("6 of 24 moves" in n for n in rep.notes)


def test_unfinished_game_is_scored_with_a_note():
    rep = score(GOOD[:7])
    assert rep.valid
    assert rep.scores == {"Ann": 3, "Ben": 2}
    assert any("7 of 12 moves" in n and "unfinished" in n for n in rep.notes)


def test_empty_log_says_nothing_entered():
    # issue 19: an empty log used to be a valid 0-0 tie; now it says nothing has been entered yet
    rep = score([])
    assert not rep.valid and rep.scores == {"Ann": 0, "Ben": 0} and rep.winners == []
    assert [(v.rule, v.player) for v in rep.violations] == [("empty", None)]


def test_names_are_matched_without_case():
    rep = score(["ann ADD 3 = 3", "BEN mod 2 = 1"])
    assert rep.valid and rep.scores == {"Ann": 0, "Ben": 1}


# ---------------------------------------------------------------- breaking them


def test_seat_order_broken():
    moves = ["Ann add 3 = 3", "Ann add 2 = 5", "Ben mod 3 = 2"]
    rep = score(moves)
    assert not rep.valid
    (v,) = rep.violations
    assert (v.player, v.rule) == ("Ann", "seat-order")
    assert "row 2" in v.where and "Ann add 2" in v.where
    assert "Ben's turn" in v.message
    assert rep.disqualified == {"Ann"}
    # one skipped turn is one problem: Ben moving next is fine again
    assert rep.scores["Ben"] == 2


def test_first_move_belongs_to_the_first_seat():
    rep = score(["Ben add 3 = 3"])
    assert [v.rule for v in rep.violations] == ["seat-order"]
    assert "Ann's turn" in rep.violations[0].message


def test_number_played_twice_from_a_pile():
    moves = ["Ann add 3 = 3", "Ben add 2 = 5", "Ann add 3 = 8"]
    rep = score(moves)
    (v,) = rep.violations
    assert (v.player, v.rule) == ("Ann", "once-per-pile")
    assert "row 3" in v.where and "row 1" in v.message and "3" in v.message
    assert rep.disqualified == {"Ann"}
    assert rep.winners == ["Ben"]


def test_wrong_m_names_the_first_wrong_row_and_right_value():
    moves = list(GOOD)
    moves[2] = "Ann mod 3 = 1"  # 5 mod 3 is 2
    moves[4] = "Ann add 2 = 3"  # follows from the slip: 2 + 2 is 4
    rep = score(moves)
    arith = [v for v in rep.violations if v.rule == "arithmetic"]
    assert len(arith) == 1
    v = arith[0]
    assert v.player == "Ann" and "row 3" in v.where
    assert "5 mod 3 = 2" in v.message and "not 1" in v.message
    assert any("row(s) 5" in n for n in rep.notes)
    # scores come from the numbers played, and nobody is disqualified for a slip
    assert rep.scores == {"Ann": 3, "Ben": 2}
    assert not rep.disqualified


def test_wrong_m_after_add():
    rep = score(["Ann add 3 = 3", "Ben add 2 = 6"])
    (v,) = rep.violations
    assert v.player == "Ben" and "3 + 2 = 5" in v.message and "not 6" in v.message


# ---------------------------------------------------------------- the command line


def test_cli_scores_and_exit_codes(printkit, write):
    good = write("good.yaml", results_text(GOOD))
    r = printkit("score", good, "--json")
    assert r.code == 0, r.err
    out = json.loads(r.out)
    assert out["valid"] and out["winners"] == ["Ann"]
    assert [(p["name"], p["score"]) for p in out["players"]] == [("Ann", 3), ("Ben", 2)]

    bad = write("bad.yaml", results_text(["Ann add 3 = 3", "Ann add 3 = 6"]))
    r = printkit("score", bad, "--json")
    assert r.code == 1
    out = json.loads(r.out)
    assert not out["valid"]
    assert {v["rule"] for v in out["violations"]} == {"seat-order", "once-per-pile"}
    assert out["players"][0]["disqualified"] is True

    broken = write("broken.yaml", results_text(["Ann add 3", "Ben add 9"]))
    r = printkit("score", broken)
    assert r.code == 2
    assert "broken.yaml:6: moves[2]:" in r.err and "Traceback" not in r.err

    few = write("few.yaml", "game: add-residue\nplayers: 1\nn: 3\n")
    r = printkit("score", few)
    assert r.code == 2 and "players" in r.err

    big = write("big.yaml", "game: add-residue\nplayers: 2\nn: 53\n")
    r = printkit("score", big)
    assert r.code == 2 and "n:" in r.err

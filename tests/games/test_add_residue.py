"""Add/Residue: results checking, scoring, pictures and the kit."""

from __future__ import annotations

import json

import pytest

from printkit.draw import Text
from printkit.games.add_residue import GAME, Results
from printkit.inputs import InputError, parse, validate
from printkit.sheet import MARGIN, paper

# A complete two-player game with n = 3, worked out by hand:
#   1 Ann add 3: m 3           7 Ann mod 2: 7 mod 2 = 1, Ann +1 (3)
#   2 Ben add 2: m 5           8 Ben add 1: m 2
#   3 Ann mod 3: 5 mod 3 = 2, Ann +2    9 Ann add 1: m 3
#   4 Ben mod 3: 2 mod 3 = 2, Ben +2   10 Ben mod 1: 0, Ben +0 (2)
#   5 Ann add 2: m 4          11 Ann mod 1: 0, Ann +0 (3)
#   6 Ben add 3: m 7          12 Ben mod 2: 0 mod 2 = 0, Ben +0 (2)
GOOD = ["Ann add 3 = 3", "Ben add 2 = 5", "Ann mod 3 = 2", "Ben mod 3 = 2", "Ann add 2 = 4", "Ben add 3 = 7",
        "Ann mod 2 = 1", "Ben add 1 = 2", "Ann add 1 = 3", "Ben mod 1 = 0", "Ann mod 1 = 0", "Ben mod 2 = 0"]


def results_text(moves: list[str], players=("Ann", "Ben"), n: int = 3) -> str:
    lines = ["game: add-residue", f"players: [{', '.join(players)}]", f"n: {n}", "moves:"]
    lines += [f"  - {m}" for m in moves] if moves else ["  []"]
    return "\n".join(lines) + "\n"


def load(moves, **kw) -> Results:
    return validate(Results, parse(results_text(moves, **kw), "r.yaml"))


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


def test_empty_log_scores_zero_with_a_note():
    rep = score([])
    assert rep.valid and rep.scores == {"Ann": 0, "Ben": 0}
    assert rep.notes


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


# ---------------------------------------------------------------- unusable input


@pytest.mark.parametrize("move, words", [
    ("Cat add 1", "not one of the players"),
    ("Ann add 4", "1 to 3"),
    ("Ann add 0", "1 to 3"),
    ("Ann plus 3", "not a move"),
    ("Ann mod 2 = two", "whole number"),
    ("add 3", "not a move"),
])
def test_bad_moves_are_input_errors(move, words):
    text = results_text(["Ann add 3", move])
    with pytest.raises(InputError) as e:
        validate(Results, parse(text, "r.yaml"))
    assert words in e.value.message
    assert e.value.line == 6  # the line of the second move
    assert e.value.key == "moves[2]"


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


def test_template_scores_as_an_empty_game(printkit, write, tmp_path):
    cfg = write("cfg.yaml", "game: add-residue\nplayers: [Ann, Ben]\nn: 4\n")
    out = tmp_path / "res.yaml"
    r = printkit("template", cfg, "-o", out)
    assert r.code == 0, r.err
    text = out.read_text()
    assert "moves:" in text and "16 moves" in text
    r = printkit("score", out, "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["notes"]


# ---------------------------------------------------------------- pictures


def test_picture_marks_the_wrong_rows(printkit, write, tmp_path):
    moves = list(GOOD)
    moves[3] = "Ben mod 3 = 0"  # m is 2
    res = write("r.yaml", results_text(moves))
    pic = tmp_path / "log.svg"
    r = printkit("score", res, "--picture", pic)
    assert r.code == 1
    svg = pic.read_text()
    assert "m is 2" in svg
    assert "#d6143d" in svg  # the mistake colour
    pdf = tmp_path / "log.pdf"
    r = printkit("score", write("ok.yaml", results_text(GOOD)), "--picture", pdf)
    assert r.code == 0 and pdf.read_bytes().startswith(b"%PDF")


def test_picture_of_a_long_game_runs_onto_more_pages():
    moves = []
    for k in range(1, 14):
        moves += [f"Ann add {k}", f"Ben add {k}"]
    res = load(moves, n=13)
    pages = GAME.picture(res, GAME.score(res), paper("letter"))
    assert len(pages) >= 1
    numbers = {t.text for p in pages for t in p.items if isinstance(t, Text)}
    assert {str(i) for i in range(1, 27)} <= numbers


# ---------------------------------------------------------------- the kit


def log_numbers(pages) -> list[int]:
    """Row numbers printed in the first column of the move log pages."""
    out = []
    for p in pages:
        for t in p.items:
            if isinstance(t, Text) and t.anchor == "end" and t.text.isdigit() and t.size == 8:
                out.append(int(t.text))
    return out


@pytest.mark.parametrize("players, n, size", [(["Ann", "Ben"], 13, "letter"), (3, 5, "a4"), (8, 52, "letter"),
                                              (2, 1, "a4")])
def test_kit_has_pile_sheets_and_every_log_row(players, n, size):
    cfg = GAME.Config.from_dict({"game": "add-residue", "players": players, "n": n})
    p = paper(size)
    pages = GAME.kit(cfg, p)
    full = 2 * n * len(cfg.names)
    assert sorted(log_numbers(pages)) == list(range(1, full + 1))
    texts = [t.text for pg in pages for t in pg.items if isinstance(t, Text)]
    for name in cfg.names:
        assert f"{name}: your piles" in texts
    # every pile box number 1..n appears once per pile per player
    assert sum(1 for t in texts if t == str(n)) >= 2 * len(cfg.names)
    for pg in pages:
        for it in pg.items:
            if isinstance(it, Text):
                assert it.size >= 7
                assert MARGIN - 0.01 <= it.y <= p.height - MARGIN
            if hasattr(it, "x") and hasattr(it, "w"):
                assert it.x >= MARGIN - 0.01 and it.x + it.w <= p.width - MARGIN + 0.01
                assert it.y >= MARGIN - 0.01 and it.y + it.h <= p.height - MARGIN + 0.01


def test_make_is_deterministic(printkit, write, tmp_path):
    cfg = write("ar.yaml", "game: add-residue\nplayers: [Ann, Ben, Cat]\nn: 6\nformats: [pdf, svg]\n")
    a, b = tmp_path / "a", tmp_path / "b"
    assert printkit("make", cfg, "-o", a).code == 0
    assert printkit("make", cfg, "-o", b).code == 0
    files = sorted(p.name for p in (a / "ar").iterdir())
    assert "kit.pdf" in files and "page-01.svg" in files
    for f in files:
        assert (a / "ar" / f).read_bytes() == (b / "ar" / f).read_bytes()


def test_rule_sheet_has_the_example_figure():
    items, h = GAME.figure("example", 180)
    texts = [t.text for t in items if isinstance(t, Text)]
    assert h > 20 and "mod" in texts
    with pytest.raises(KeyError):
        GAME.figure("nothing", 180)

"""Issue 19: blaming the right player, typing slips named as such, layout slips named at their row, names
that differ only in case, and a file with nothing entered yet."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
import yaml

from printkit import registry
from printkit.slips import one_keystroke, out_of_turn

DATA = Path(__file__).resolve().parent / "games" / "data"


def score(doc: dict):
    game = registry.get(doc["game"])
    return game.score(game.Results.from_dict(doc))


def played(game: str) -> dict:
    return yaml.safe_load((DATA / f"played-{game}.yaml").read_text())


def put(grid: str, square: str, value) -> str:
    """The grid text with one square (B3: row B, column 3) changed."""
    rows = [ln.split() for ln in grid.strip().splitlines()]
    rows[ord(square[0]) - 65][int(square[1:]) - 1] = str(value)
    return "\n".join(" ".join(r) for r in rows) + "\n"


# ---------------------------------------------------------------- one keystroke

@pytest.mark.parametrize("a,b,one", [
    ("17", "27", True), ("72", "27", True), ("7", "27", True), ("277", "27", True), ("54", "53", True),
    ("35", "53", True), ("Dan", "Dam", True), ("Ann", "Anne", True), ("17", "71", True),
    ("17", "28", False), ("Dan", "Ann", False), ("27", "27", False), ("127", "27 ", False), ("13", "3", True),
])
def test_one_keystroke(a, b, one):
    assert one_keystroke(a, b) is one and one_keystroke(b, a) is one


# ---------------------------------------------------------------- moves out of turn

A, B, C = 0, 1, 2


@pytest.mark.parametrize("movers,blamed", [
    ([A, B, C, A, B, C], {}),
    ([A, B, C, A, C, B, A, B, C], {4: B}),  # Cat before Ben: Cat's move, once; Ben's is then in his turn
    ([A, A, B, C, A, B, C], {1: B}),  # Ann twice: one extra move
    ([A, A, B, C, B, C, A, B, C], {1: B}),  # Ann took her next turn early
    ([A, B, A, B, C, A, B, C], {2: C}),  # Cat's turn skipped by Ann
    ([B, C, A, B, C, A], {0: A}),  # Ben opened: the first player listed starts
])
def test_out_of_turn_blames_the_fewest_moves(movers, blamed):
    assert out_of_turn(movers, 3) == blamed


def test_out_of_turn_is_fast_on_a_long_record():
    movers = [i % 4 for i in range(20_000)]
    movers[5], movers[6] = movers[6], movers[5]
    assert out_of_turn(movers, 4) == {5: 1}


def test_add_residue_three_players_cat_before_ben_is_blamed_once():
    # the record: Cat moves before Ben once; Ann always moved in her own turn
    moves = ["Ann add 3", "Ben add 1", "Cat add 2", "Ann mod 2", "Cat mod 3", "Ben mod 2", "Ann add 1", "Ben add 3",
             "Cat add 1", "Ann mod 3", "Ben mod 1", "Cat mod 2"]
    r = score({"game": "add-residue", "players": ["Ann", "Ben", "Cat"], "n": 3, "moves": moves})
    assert [(v.rule, v.player, v.where) for v in r.violations] == [
        ("seat-order", "Cat", "move log, row 5 (Cat mod 3)")]
    assert "it was Ben's turn, not Cat's" in r.violations[0].message and r.violations[0].refs == ("row:5",)
    assert r.disqualified == {"Cat"}


# ---------------------------------------------------------------- typing slips

CHECK = "check this entry against the sheet"


def test_curve_route_number_typed_17_for_27():
    doc = played("curve")
    doc["fills"]["Ann"]["Ann"] = put(doc["fills"]["Ann"]["Ann"], "A4", 17)  # 27 on Ann's curve
    r = score(doc)
    (v,) = r.violations
    assert (v.player, v.rule, v.where) == ("Ann", "curve-numbers", "Ann's curve, A4")
    assert "A4 holds 17, should be 27" in v.message and f"{CHECK}: 17 is one keystroke from 27" in v.message


def test_curve_inside_number_typed_13_for_23_is_one_mistake():
    doc = played("curve")
    doc["fills"]["Ben"]["Ben"] = put(doc["fills"]["Ben"]["Ben"], "F3", 13)  # 23 inside Ben's curve
    r = score(doc)
    (v,) = r.violations  # not also "23 missing" and "13 twice"
    # either 13 could be the slip (23 fits at both, and so does 13): the message names both
    assert (v.player, v.rule, v.where) == ("Ben", "interior-once", "Ben's curve, D5")
    assert "13 is also at F3 and 23 is missing" in v.message
    assert f"{CHECK}: 13 is one keystroke from 23, which fits at D5 or F3" in v.message
    assert r.disqualified == {"Ben"}  # the file is what is scored until it is corrected
    doc["fills"]["Ben"]["Ben"] = put(doc["fills"]["Ben"]["Ben"], "F3", 3)  # 3 twice; 3 at F3 shares 3 with 18
    (v,) = score(doc).violations
    assert v.where == "Ben's curve, F3" and "3 is also at B3" in v.message
    assert f"{CHECK}: 3 is one keystroke from 23, which fits there" in v.message


def test_curve_owner_route_typed_72_for_27():
    doc = played("curve")
    doc["curves"]["Ann"] = put(doc["curves"]["Ann"], "B2", 72)
    r = score(doc)
    (v,) = r.violations  # the route is read as meant, so every fill of it is still checked
    assert (v.player, v.rule) == ("Ann", "route") and f"{CHECK}: 72 is one keystroke from 27" in v.message


def test_a_mistake_that_is_not_a_slip_gets_no_hint():
    doc = played("curve")
    doc["fills"]["Ben"]["Ben"] = put(doc["fills"]["Ben"]["Ben"], "F3", 9)  # 9 for 23: not one keystroke
    r = score(doc)
    assert r.violations and not any(CHECK in v.message for v in r.violations)


def test_add_residue_slips():
    doc = {"game": "add-residue", "players": ["Ann", "Ben"], "n": 13}
    r = score({**doc, "moves": ["Ann add 9 = 9", "Ben add 3 = 12", "Ann mod 11 = 10"]})
    (v,) = r.violations
    assert v.rule == "arithmetic" and f"{CHECK}: 10 is one keystroke from 1" in v.message
    moves = [f"{p} {pile} {c}" for c in range(1, 14) for pile in ("add", "mod") for p in ("Ann", "Ben")]
    moves[moves.index("Ann add 13")] = "Ann add 3"  # 13 typed as 3: 3 twice, 13 never
    (v,) = score({**doc, "moves": moves}).violations
    assert v.rule == "once-per-pile" and f"{CHECK}: add 3 is one keystroke from add 13, which Ann never plays" \
        in v.message
    r = score({"game": "add-residue", "players": ["Ann", "Anne"], "n": 3, "moves": ["Ann add 1", "Ann add 2"]})
    (v,) = r.violations
    assert v.rule == "seat-order" and f"{CHECK}: Ann is one keystroke from Anne" in v.message
    # a single wrong digit says nothing more than that it is wrong: no hint
    (v,) = score({**doc, "moves": ["Ann add 2 = 2", "Ben add 5 = 5"]}).violations
    assert v.rule == "arithmetic" and CHECK not in v.message


def test_knives_name_slip():
    r = score({"game": "knives", "players": ["Jo", "Bo"], "kcount": 12, "turns": ["Jo draws Q", "Jo draws K"]})
    (v,) = r.violations
    assert v.rule == "order" and f"{CHECK}: Jo is one keystroke from Bo" in v.message


def two_player_long_way(ben_typo_turn: int, dice: str) -> dict:
    """The played Long Way game at a table of two, Ann and Ben building the same store from the same rolls
    (rerolls left out), Ben's log with one roll typed wrong."""
    doc = played("ikes")
    ann = doc["sheets"]["Ann"]
    ann["turns"] = [re.sub(r"^(?:\d\d>)+", "", t) for t in ann["turns"]]
    ben = copy.deepcopy(ann)
    ben["turns"][ben_typo_turn - 1] = dice + ben["turns"][ben_typo_turn - 1][2:]
    doc["players"] = ["Ann", "Ben"]
    doc["sheets"]["Ben"] = ben
    return doc


def test_long_way_die_typo_is_blamed_on_the_log_that_holds_it():
    # the issue: Ben rolls turn 6 (seat 2); his log says 53 where the table rolled 52 (Ann's log and both sheets)
    doc = two_player_long_way(6, "53")
    assert doc["sheets"]["Ann"]["turns"][5].startswith("52 ")
    assert score(two_player_long_way(6, "52")).valid
    r = score(doc)
    (v,) = r.violations
    assert (v.player, v.rule, v.where) == ("Ben", "same-roll", "Ben's sheet, turn 6")
    assert "dice 53 differ from Ann's 52" in v.message and f"{CHECK}: 53 is one keystroke from 52" in v.message
    assert v.refs and all(ref.startswith("Ben:") for ref in v.refs)
    assert r.disqualified == {"Ben"} and r.winners == ["Ann"]


def test_long_way_dice_swapped_light_for_dark():
    doc = two_player_long_way(6, "25")  # 52 written the other way round
    (v,) = score(doc).violations
    assert v.player == "Ben" and f"{CHECK}: 25 is one keystroke from 52" in v.message


# ---------------------------------------------------------------- layout slips: named, at the row's line

CURVE = "game: curve\nplayers: [Ann]\nn: 4\ncurves:\n  Ann: |\n{curve}fills:\n  Ann:\n    Ann: |\n{fill}"
RING = ["# # # #", "# . . #", "# . . #", "# # # #"]
FILL = ["1 2 3 4", "12 1 . 5", "11 . . 6", "10 9 8 7"]


def curve_file(write, curve=None, fill=None, curve_indent=4, fill_indent=6, curve_bar=True, fill_bar=True):
    def block(rows, indent):
        return "".join(" " * (indent(i) if callable(indent) else indent) + r + "\n" for i, r in enumerate(rows))
    text = CURVE.format(curve=block(curve or RING, curve_indent), fill=block(fill or FILL, fill_indent))
    if not curve_bar:
        text = text.replace("  Ann: |\n", "  Ann:\n", 1)
    if not fill_bar:
        text = text.replace("    Ann: |\n", "    Ann:\n", 1)
    return write("r.yaml", text)


def test_layout_kept(printkit, write):
    assert printkit("score", curve_file(write)).code == 0


@pytest.mark.parametrize("kind,words,line", [
    ("curve row C indented one space short", "row C of the grid under 'Ann: |' is indented 3 spaces, the rows "
     "above it 4: YAML ends the grid there and reads it as a comment (it starts with '#')", 8),
    ("fill row D indented one space short", "row D of the grid under 'Ann: |' is indented 5 spaces, the rows "
     "above it 6: YAML ends the grid there", 16),
    ("curve without '|'", "the grid under 'Ann:' has no '|' after the key, and YAML reads the rows starting "
     "with '#' as comments; write 'Ann: |'", 5),
    ("fill without '|'", "the grid under 'Ann:' has no '|' after the key; write 'Ann: |'", 12),
    ("row C with three squares", "curves.Ann: row C has 3 squares; expected 4", 8),
])
def test_layout_slips_are_named_at_their_row(printkit, write, kind, words, line):
    path = {
        "curve row C indented one space short": lambda: curve_file(write, curve_indent=lambda i: 3 if i == 2 else 4),
        "fill row D indented one space short": lambda: curve_file(write, fill_indent=lambda i: 5 if i == 3 else 6),
        "curve without '|'": lambda: curve_file(write, curve_bar=False),
        "fill without '|'": lambda: curve_file(write, fill_bar=False),
        "row C with three squares": lambda: curve_file(write, curve=["# # # #", "# . . #", "# . #", "# # # #"]),
    }[kind]()
    run = printkit("score", path)
    assert run.code == 2 and "Traceback" not in run.err
    assert f"r.yaml:{line}:" in run.err and words in run.err, run.err


def test_colon_after_the_name(printkit, write):
    path = write("r.yaml", "game: add-residue\nplayers: [Ann, Ben]\nn: 12\nmoves:\n  - Ann add 5\n  - Ben: mod 12 = 3\n")
    run = printkit("score", path)
    assert run.code == 2 and "r.yaml:6: moves[2]: 'Ben: mod 12 = 3' has a colon after 'Ben'" in run.err
    assert "leave the colon out: 'Ben mod 12 = 3'" in run.err
    path = write("k.yaml", "game: knives\nplayers: [Ann, Ben]\nturns:\n  - Ann: draws Q\n")
    run = printkit("score", path)
    assert run.code == 2 and "k.yaml:4: turns[1]: 'Ann: draws Q' has a colon after 'Ann'" in run.err


def test_long_way_grid_row_problem_at_its_line(write):
    from printkit.inputs import InputError, load
    from printkit.validation import validate

    rows = [". . . . . . ."] * 7
    rows[2] = ". . . x . . ."
    text = ("game: ikes\nplayers: [Ann]\nsheets:\n  Ann:\n    entrance: D1 W\n    exit: D7 E\n    grid: |\n"
            + "".join(f"      {r}\n" for r in rows) + "    walls: []\n")
    with pytest.raises(InputError) as e:
        validate(registry.get("ikes").Results, load(write("r.yaml", text)))
    assert e.value.line == 10 and e.value.key == "sheets.Ann.grid" and "C4: 'x' is not a mark" in e.value.message


# ---------------------------------------------------------------- names differing only in case

def test_names_differing_only_in_case_are_refused_everywhere(printkit, write):
    for game in registry.GAMES:
        path = write(f"{game}.yaml", f"game: {game}\nplayers: [ann, Ann]\n")
        run = printkit("template", path, "-o", "-")
        assert run.code == 2, game
        assert "players: players 'ann' and 'Ann' differ only in case" in run.err, run.err


def test_names_in_the_record_match_in_any_case():
    r = score({"game": "knives", "players": ["Ann", "Ben"], "kcount": 12, "turns": ["ann claims 1-2 with Q", "BEN claims 3-4 with Q"]})
    assert r.valid and r.scores == {"Ann": 1, "Ben": 1}
    doc = played("curve")
    doc["fills"]["ann"] = doc["fills"].pop("Ann")
    doc["fills"]["ann"]["BEN"] = doc["fills"]["ann"].pop("Ben")
    assert score(doc).scores == score(played("curve")).scores
    doc = played("ikes")
    doc["sheets"]["ANN"] = doc["sheets"].pop("Ann")
    assert score(doc).valid


def test_one_player_given_twice_in_any_case_is_refused():
    doc = played("curve")
    doc["curves"]["ann"] = doc["curves"]["Ann"]
    with pytest.raises(ValueError, match="the curve for Ann given twice"):
        score(doc)


# ---------------------------------------------------------------- nothing entered yet

@pytest.mark.parametrize("game", list(registry.GAMES))
def test_a_blank_template_or_the_config_says_nothing_entered(printkit, write, tmp_path, game):
    cfg = write(f"{game}.yaml", f"game: {game}\nplayers: [Ann, Ben]\n")
    out = tmp_path / "blank.yaml"
    assert printkit("template", cfg, "-o", out).code == 0
    for path, note in ((out, False), (cfg, True)):
        run = printkit("score", path, "--json")
        assert run.code == 1, run.err
        got = json.loads(run.out)
        assert got["valid"] is False and got["winners"] == []
        assert got["violations"] == [{"player": None, "rule": "empty", "where": "the play record",
                                      "message": got["violations"][0]["message"]}]
        assert got["violations"][0]["message"].startswith("nothing has been entered yet")
        assert any("is a config, not a results file" in n for n in got["notes"]) is note
    text = printkit("score", out)
    assert text.code == 1 and "Winners: none" in text.out and "nothing has been entered yet" in text.out

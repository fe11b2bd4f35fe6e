"""The command line, end to end, as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit.registry import GAMES

GOOD = "game: intersections\nplayers: [Ann, Ben]\nn: 4\nsegments: 4\nrounds: 2\n"


def test_games_lists_every_registered_game(printkit):
    r = printkit("games")
    assert r.code == 0
    assert [line.split()[0] for line in r.out.splitlines()] == list(GAMES)


def test_make_writes_pdf_and_svg_and_prints_paths(printkit, write, tmp_path):
    cfg = write("night.yaml", GOOD)
    r = printkit("make", cfg, "-o", tmp_path / "out", "--format", "pdf,svg", "--paper", "a4")
    assert r.code == 0, r.err
    written = r.out.split()
    assert written[0].endswith("out/night/kit.pdf")
    from pypdf import PdfReader

    pages = PdfReader(tmp_path / "out/night/kit.pdf").pages
    svgs = sorted((tmp_path / "out/night").glob("page-*.svg"))
    assert len(svgs) == len(pages) == len(written) - 1
    assert abs(float(pages[0].mediabox.width) - 210 / 25.4 * 72) < 0.5  # A4


def test_make_is_byte_identical(printkit, write, tmp_path):
    cfg = write("night.yaml", GOOD)
    printkit("make", cfg, "-o", tmp_path / "a", "--format", "pdf,svg")
    printkit("make", cfg, "-o", tmp_path / "b", "--format", "pdf,svg")
    for f in (tmp_path / "a/night").iterdir():
        assert f.read_bytes() == (tmp_path / "b/night" / f.name).read_bytes(), f.name


def test_make_without_config_builds_every_preset(printkit, tmp_path):
    from printkit.resources import layouts

    r = printkit("make", cwd=tmp_path)
    assert r.code == 0, r.err
    for preset in layouts().glob("*.yaml"):
        assert (tmp_path / "output" / preset.stem / "kit.pdf").exists()


@pytest.mark.parametrize("content,words", [
    ("game: intersections\nplayers: [Ann, Ben]\nn: 99\n", "c.yaml:3: n: 99 is out of range"),
    ("game: intersections\nplayers: [Ann, Ben]\nsegmnts: 4\n", "c.yaml:3: segmnts: unknown key (did you mean 'segments'?)"),
    ("game: intersectons\n", "c.yaml:1: game: unknown game 'intersectons' (did you mean 'intersections'?)"),
    ("game: intersections\nplayers: [Ann, Ann]\n", "listed twice"),
    ("game: intersections\nplayers: 1\n", "takes 2 to 8"),
    ("game: intersections\ncolor: maybe\n", "c.yaml:2: color: expected true or false"),
    ("game: intersections\npaper: a5\n", "c.yaml:2: paper: 'a5' is not one of"),
    ("players: 2\n", "missing key 'game'"),
    ("game: [intersections\n", "YAML syntax error"),
])
def test_bad_config_exit_2_one_line_nothing_written(printkit, write, tmp_path, content, words):
    cfg = write("c.yaml", content)
    r = printkit("make", cfg, "-o", tmp_path / "out")
    assert r.code == 2
    assert words in r.err
    assert len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err
    assert not (tmp_path / "out").exists()


def test_one_bad_config_stops_all_before_writing(printkit, write, tmp_path):
    good, bad = write("good.yaml", GOOD), write("bad.yaml", "game: intersections\nn: 2\n")
    r = printkit("make", good, bad, "-o", tmp_path / "out")
    assert r.code == 2 and not (tmp_path / "out").exists()


@pytest.mark.parametrize("args,words", [
    (("make", "missing.yaml"), "missing.yaml: no such file"),
    (("score", "missing.yaml"), "missing.yaml: no such file"),
    (("rules", "knifes"), "unknown game 'knifes'"),
    (("make", "--format", "png"), "unknown format 'png'"),
    (("make", "--paper", "a5"), "unknown paper 'a5'"),
])
def test_bad_command_line_exit_2(printkit, tmp_path, args, words):
    r = printkit(*args, cwd=tmp_path)
    assert r.code == 2 and words in r.err and "Traceback" not in r.err


def test_new_writes_a_valid_commented_starter(printkit, tmp_path):
    r = printkit("new", "intersections", "--players", "Ann,Ben,Cat", cwd=tmp_path)
    assert r.code == 0, r.err
    text = (tmp_path / "intersections.yaml").read_text()
    assert "players: [Ann, Ben, Cat]" in text and text.count("\n# ") >= 6
    assert printkit("make", "intersections.yaml", cwd=tmp_path).code == 0
    again = printkit("new", "intersections", cwd=tmp_path)
    assert again.code == 2 and "already exists" in again.err


def test_new_refuses_bad_players(printkit, tmp_path):
    r = printkit("new", "intersections", "--players", "1", "-o", "-", cwd=tmp_path)
    assert r.code == 2 and r.err.strip() == "printkit: command line: --players: 1 players: this game takes 2 to 8"


def test_rules_alone(printkit, tmp_path):
    r = printkit("rules", "intersections", "-o", tmp_path / "r.pdf")
    assert r.code == 0
    from pypdf import PdfReader

    text = PdfReader(tmp_path / "r.pdf").pages[0].extract_text()
    assert "Making Intersections" in text and "Leroy Quet" in text


def test_schema(printkit):
    r = printkit("schema", "intersections")
    s = json.loads(r.out)
    assert s["properties"]["game"] == {"const": "intersections", "description": "Which game this file is for"}
    assert s["additionalProperties"] is False and "segments" in s["properties"]
    res = json.loads(printkit("schema", "intersections", "--results").out)
    assert res["properties"]["rounds"]["type"] == "array"
    every = json.loads(printkit("schema").out)
    assert len(every["oneOf"]) == len(GAMES)


def test_simulate_unknown_game_exit_2(printkit):
    r = printkit("simulate", "intersections")
    assert r.code == 2 and "intersections has no 'simulate' command" in r.err


def test_template_never_overwrites_typed_results(printkit, write, tmp_path):
    cfg = write("night.yaml", GOOD)
    assert printkit("template", cfg, cwd=tmp_path).code == 0
    typed = tmp_path / "night-results.yaml"
    typed.write_text(typed.read_text() + "# typed\n")
    r = printkit("template", cfg, cwd=tmp_path)
    assert r.code == 2 and "already exists" in r.err and typed.read_text().endswith("# typed\n")
    assert "--output" not in r.err.split("already exists")[0], r.err  # (issue 51: an option not given, blamed)
    r = printkit("template", cfg, "-o", typed.name, cwd=tmp_path)
    assert r.code == 2 and "--output: already exists" in r.err  # (given: named)


def test_make_refuses_two_configs_with_one_name(printkit, write, tmp_path):
    (tmp_path / "x").mkdir()
    a = write("night.yaml", GOOD)
    b = tmp_path / "x" / "night.yaml"
    b.write_text(GOOD)
    r = printkit("make", a, b, "-o", tmp_path / "out")
    assert r.code == 2 and "overwrite" in r.err and not (tmp_path / "out").exists()


PLAYED = sorted((Path(__file__).parent / "games" / "data").glob("played-*.yaml"))


def test_every_game_has_a_played_example():
    assert sorted(p.stem.removeprefix("played-") for p in PLAYED) == sorted(GAMES)


@pytest.mark.parametrize("path", PLAYED, ids=lambda p: p.stem)
def test_played_examples_score_cleanly_and_draw_back(printkit, tmp_path, path):
    """Whole played games (one per game, engine or bot play) keep every rule and draw back as a PDF."""
    r = printkit("score", path, "--json", "--picture", tmp_path / "scored.pdf")
    assert r.code == 0, r.err
    report = json.loads(r.out)
    assert report["game"] == path.stem.removeprefix("played-")
    assert report["valid"] is True and report["violations"] == []
    assert report["winners"] and all(p["score"] >= 0 for p in report["players"])
    assert (tmp_path / "scored.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("path", PLAYED, ids=lambda p: p.stem)
def test_played_examples_with_a_line_changed_are_caught(printkit, tmp_path, path):
    """The same games with one play changed: the scorer notices (exit 1, a violation named)."""
    import yaml

    doc = yaml.safe_load(path.read_text())
    if "turns" in doc and doc["game"] == "knives":  # a claim with one card fewer than it needs
        i = next(i for i, t in enumerate(doc["turns"]) if " claims " in t)
        doc["turns"][i] = doc["turns"][i].rsplit(" ", 1)[0]
    elif doc["game"] == "add-residue":  # a wrong m written down
        head, m = doc["moves"][-1].rsplit("= ", 1)
        doc["moves"][-1] = f"{head}= {int(m) + 1}"
    elif doc["game"] == "intersections":  # a segment repeated: it coincides with itself
        doc["rounds"][0][1] = doc["rounds"][0][0]
    elif doc["game"] == "curve":  # the first player's first 2 on their own curve written as a second 1
        player = doc["players"][0]
        rows = [row.split() for row in doc["fills"][player][player].splitlines()]
        r, c = next((r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if t == "2")
        rows[r][c] = "1"
        doc["fills"][player][player] = "\n".join(" ".join(row) for row in rows) + "\n"
    elif doc["game"] == "ikes":  # one wall fewer than the sheet's turns built
        doc["sheets"]["Ann"]["walls"] = doc["sheets"]["Ann"]["walls"][1:]
    changed = tmp_path / path.name
    changed.write_text(yaml.safe_dump(doc, sort_keys=False))
    r = printkit("score", changed, "--json")
    assert r.code == 1, r.err
    assert json.loads(r.out)["violations"]


def test_schema_accepts_every_preset_and_played_game_and_refuses_mistakes(printkit):
    """The JSON Schema editors use agrees with the files printkit itself reads."""
    import jsonschema
    import yaml

    from printkit.resources import layouts

    configs = json.loads(printkit("schema").out)
    results = json.loads(printkit("schema", "--results").out)
    for preset in sorted(layouts().glob("*.yaml")):
        jsonschema.validate(yaml.safe_load(preset.read_text()), configs)
    for path in PLAYED:
        doc = yaml.safe_load(path.read_text())
        jsonschema.validate(doc, results)
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**doc, "colour": True}, results)  # unknown key
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**doc, "paper": "a5"}, results)

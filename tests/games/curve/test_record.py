"""Within The Curve's play record: grid tokens, grids as lists of rows, '#' marks that need route numbers,
the blank record of ``printkit template``."""

from __future__ import annotations

import json

import pytest
import yaml

from curve_helpers import RING, RING_FILL, SMALL, SMALL_FILL, edit, grid_of, pocket_text, results

from printkit.games.curve import GAME
from printkit.games.curve.game import Results
from printkit.games.curve.record import parse_grid
from printkit.inputs import InputError, parse
from printkit.validation import validate


def test_pocket_with_hashes_asks_for_route_numbers():
    text = "\n".join(" ".join("#" if t != "." else "." for t in row) for row in grid_of(pocket_text()))
    with pytest.raises(InputError, match="write the route instead"):
        validate(Results, parse(yaml.safe_dump({"game": "curve", "players": ["Ann"], "n": 7, "curves": {"Ann": text},
                                                "fills": {"Ann": {"Ann": text.replace("#", ".")}}}), "r.yaml"))


def test_ambiguous_hashes_name_the_square_and_ask_for_numbers(write, printkit):
    text = "\n".join(" ".join("#" if t != "." else "." for t in row) for row in grid_of(pocket_text()))
    doc = {"game": "curve", "players": ["Ann"], "n": 7, "curves": {"Ann": text},
           "fills": {"Ann": {"Ann": text.replace("#", ".")}}}
    run = printkit("score", write("r.yaml", yaml.safe_dump(doc)))
    assert run.code == 2
    assert "curves.Ann" in run.err and "route" in run.err and "curve neighbours" in run.err
    assert "Traceback" not in run.err


def test_mixed_hash_and_numbers_is_an_input_error():
    with pytest.raises(ValueError, match="mixes"):
        parse_grid(edit(RING, B2=1), 6, allow_hash=True)


def test_grid_as_list_of_rows():
    rows = [ln for ln in RING.strip().splitlines()]
    res = results({"Ann": rows}, {"Ann": {"Ann": RING_FILL.strip().splitlines()}})
    assert GAME.score(res).scores == {"Ann": 2}


def test_cli_template_round_trip(tmp_path, printkit):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("game: curve\nplayers: [Ann, Ben]\nn: 6\n")
    out = tmp_path / "r.yaml"
    assert printkit("template", cfg, "-o", out).code == 0
    text = out.read_text()
    blank = printkit("score", out, "--json")
    assert blank.code == 1  # nothing drawn yet: a rule problem, not an unusable file
    # issue 19: one "empty" violation (nothing entered yet) instead of "no curve is drawn" for every player
    assert {v["rule"] for v in json.loads(blank.out)["violations"]} == {"empty"}
    doc = yaml.safe_load(text)
    doc["curves"] = {"Ann": RING, "Ben": SMALL}
    doc["fills"] = {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL}, "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}
    out.write_text(yaml.safe_dump(doc))
    assert printkit("score", out).code == 0

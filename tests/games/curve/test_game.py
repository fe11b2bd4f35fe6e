"""Within The Curve's results model: a clean file loads; unusable input is named by its key; the schema."""

from __future__ import annotations

import json

import pytest

from curve_helpers import RING, RING_FILL, SMALL, SMALL_FILL, edit, load, two_player_yaml

from printkit.games.curve import GAME
from printkit.inputs import InputError


def test_loads_clean():
    assert GAME.score(load(two_player_yaml())).valid


@pytest.mark.parametrize("over,key,words", [
    ({"curves": {"Ann": RING, "Bem": SMALL}}, "curves.Bem", "did you mean 'Ben'"),
    ({"curves": {"Ann": RING}}, "curves", "no curve for Ben"),
    ({"fills": {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL}, "Ben": {"Ann": RING_FILL}}}, "fills", "no fill for Ben's"),
    ({"fills": {"Ann": {"Ann": RING_FILL, "Ben": SMALL_FILL, "Cat": SMALL_FILL},
                "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}}, "fills.Ann.Cat", "not one of the players"),
    ({"fills": {"Ann": {"Ann": edit(RING_FILL, C3="x"), "Ben": SMALL_FILL},
                "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}}, "fills.Ann.Ann", "'x' at C3"),
    ({"fills": {"Ann": {"Ann": edit(RING_FILL, C3="#"), "Ben": SMALL_FILL},
                "Ben": {"Ann": RING_FILL, "Ben": SMALL_FILL}}}, "fills.Ann.Ann", "'#' at C3"),
    ({"curves": {"Ann": RING + ". . . . . .\n", "Ben": SMALL}}, "curves.Ann", "7 rows"),
    ({"curves": {"Ann": RING.replace(". # # # # .", ". # # # #", 1), "Ben": SMALL}}, "curves.Ann", "row B has 5"),
    ({"n": 3}, "n", "out of range"),
    ({"players": []}, "players", "takes 1 to 8"),
])
def test_input_errors(over, key, words):
    with pytest.raises(InputError) as e:
        load(two_player_yaml(**over))
    assert e.value.key == key and words in e.value.message and e.value.line


def test_cli_schema_and_games(printkit):
    run = printkit("schema", "curve", "--results")
    assert run.code == 0 and "fills" in json.loads(run.out)["properties"]
    assert "curve" in printkit("games").out

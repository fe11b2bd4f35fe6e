"""Making Intersections' config model (game.py): errors name their key, and the defaults are legal."""

from __future__ import annotations

import pytest

from printkit.games.intersections.geometry import max_segments
from printkit.inputs import InputError, parse
from printkit.validation import validate


@pytest.mark.parametrize("text,key,words", [
    ("segments: 5", "segments", "multiple"),
    ("segments: 40", "segments", "less than"),
    ("n: 2", "n", "out of range"),
    ("n: 31", "n", "out of range"),
    ("rounds: 3", "rounds", "multiple"),
    ("sgements: 4", "sgements", "did you mean 'segments'"),
    ("n: five", "n", "whole number"),
])
def test_config_errors_name_the_key(text, key, words):
    from printkit.games.intersections.game import Config

    with pytest.raises(InputError) as e:
        validate(Config, parse(f"game: intersections\nplayers: [Ann, Ben]\n{text}\n", "c.yaml"))
    assert e.value.key == key and e.value.line == 3 and words in e.value.message


def test_defaults_are_legal():
    from printkit.games.intersections.game import Config

    for p in range(2, 9):
        for n in (3, 4, 6, 30):
            if n == 3 and p >= 7:  # fewer than 7 segments a round: not one each
                with pytest.raises(ValueError, match="larger n"):
                    Config.from_dict({"game": "intersections", "players": p, "n": n})
                continue
            cfg = Config.from_dict({"game": "intersections", "players": p, "n": n})
            assert cfg.segments % p == 0 and 0 < cfg.segments < max_segments(n)
            assert cfg.rounds % p == 0


def test_segments_chosen_for_you_stay_playable_on_big_arrays():
    from printkit.games.intersections.model import Config

    def m(n, players=2):
        return Config.from_dict({"game": "intersections", "players": players, "n": n}).segments

    assert m(6) == 14 and m(10) == 42  # half the most a round allows
    assert m(30) == 48 and m(30, 5) == 45  # at most 48, a multiple of the players
    assert Config.from_dict({"game": "intersections", "n": 30, "segments": 420}).segments == 420

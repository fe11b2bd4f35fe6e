"""Making Intersections' segment syntax (record.py): a malformed segment is an input error at its line, and
the results template (``record_template``) reads back through the scorer."""

from __future__ import annotations

import json

import pytest

from printkit.games.intersections.game import Results
from printkit.inputs import InputError, parse
from printkit.validation import validate


def load(text):
    return validate(Results, parse(text, "r.yaml"))


def test_malformed_segment_is_an_input_error_with_line():
    with pytest.raises(InputError) as e:
        load("game: intersections\nplayers: [Ann, Ben]\nn: 5\nsegments: 4\nrounds:\n  - [A1-A5, A3E3]\n")
    assert e.value.line == 6 and e.value.key == "rounds[1][2]" and "A3E3" in e.value.message


def test_template_round_trips_through_the_scorer(printkit, tmp_path):
    from printkit.resources import layouts

    out = tmp_path / "blank.yaml"
    assert printkit("template", layouts() / "intersections.yaml", "-o", out).code == 0
    r = printkit("score", out, "--json")
    # issue 19: a blank template used to be a valid 0-0 tie (exit 0); it says nothing is entered yet
    assert r.code == 1, r.err
    got = json.loads(r.out)
    assert got["valid"] is False and [v["rule"] for v in got["violations"]] == ["empty"]

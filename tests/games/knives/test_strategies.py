"""Selling Knives strategies: what they wait for, and their specs checked."""

from __future__ import annotations

import random

import pytest

from printkit.games.knives.engine import play
from printkit.games.knives.strategies import make


def test_patient_waits_for_n_roads_until_few_are_left():
    names = ["Ann", "Ben"]
    choosers = [make("patient:3").factory(2, 12), make("greedy").factory(2, 12)]
    out = play(choosers, 12, random.Random(7), names=names)
    left = 66
    for line in out.log:
        if " claims " in line:
            m = len(line.split(" with ")[0].split()) - 2
            if line.startswith("Ann"):
                assert m >= 3 or left <= 6
            left -= m


@pytest.mark.parametrize("spec,error", [("patient", "unknown"), ("greedy:2", "unknown"), ("patient:0", "1 to"),
                                        ("greedi", "did you mean 'greedy'")])
def test_strategy_specs_are_checked(spec, error):
    with pytest.raises(ValueError, match=error):
        make(spec)

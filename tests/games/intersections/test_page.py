"""Making Intersections on the entry page (page.py): the rounds shown to draw in."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from printkit.games.intersections.model import Results
from printkit.games.intersections.page import board_info
from printkit.report import Report

PLAYED = Path(__file__).resolve().parent.parent / "data" / "played-intersections.yaml"


def results(rounds: list[list[str]]) -> Results:
    data = yaml.safe_load(PLAYED.read_text(encoding="utf-8"))
    return Results(**{**{k: data[k] for k in ("game", "players", "n", "segments")}, "rounds": rounds})


def shown(res: Results) -> list[int]:
    return [r["drawn"] for r in board_info(res, Report.empty("intersections", res.names))["rounds"]]


PLAYED_ROUNDS = yaml.safe_load(PLAYED.read_text(encoding="utf-8"))["rounds"]


@pytest.mark.parametrize("rounds,want", [
    ([], [0, 0]),                                       # round 1 to draw in, and one below it
    ([[]] * 6, [0] * 7),                                # a blank record of six rounds: one below them
    ([PLAYED_ROUNDS[0][:3]], [3, 0, 0]),                # round 1 begun: round 2 waits, and one below it
    (PLAYED_ROUNDS[:2], [12, 12, 0, 0]),                # two rounds, three players: not everyone was offense
    (PLAYED_ROUNDS[:3] + [[]] * 3, [12, 12, 12, 0, 0, 0, 0]),  # three of the six rounds printed
    (PLAYED_ROUNDS[:2] + [PLAYED_ROUNDS[2][:5]], [12, 12, 5, 0, 0]),
])
def test_a_game_in_play_shows_the_round_to_draw_in_and_one_below_it(rounds, want):
    assert shown(results(rounds)) == want


def test_a_game_played_out_shows_one_round_more_for_players_who_play_on_not_two():
    res = results(PLAYED_ROUNDS)  # six rounds, three players, every round to its twelfth segment
    assert shown(res) == [12] * 6 + [0]


def test_a_record_of_whole_rounds_each_player_offense_once_may_be_played_out():
    assert shown(results(PLAYED_ROUNDS[:3])) == [12, 12, 12, 0]


def test_a_round_short_of_its_segments_is_not_played_out():
    res = results(PLAYED_ROUNDS[:5] + [PLAYED_ROUNDS[5][:11]])
    assert shown(res) == [12] * 5 + [11, 0, 0]

"""Add/Residue on the entry page: the sheets drawn for a game as it is entered."""

from __future__ import annotations

from add_residue_helpers import GOOD, load

from printkit.games.add_residue import GAME
from printkit.sheet import paper


def test_the_move_log_is_as_tall_before_the_first_move_as_after_the_last():
    """The log has every row from the start, those still to play blank: a move played never makes it taller
    (it grew a row a move and pushed the scores below it down under the finger on a phone)."""
    heights = set()
    for k in range(len(GOOD) + 1):
        res = load(GOOD[:k])
        log = GAME.board(res, GAME.score(res), paper("letter"))[-1]
        heights.add(log.height)
    assert len(heights) == 1, sorted(heights)

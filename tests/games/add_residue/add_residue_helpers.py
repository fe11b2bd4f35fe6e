"""What the Add/Residue tests share: a hand-worked game, a results file around a move list, and a plain
search that knows the rules and nothing else (to check the solver and the review against)."""

from __future__ import annotations

from functools import lru_cache

from printkit.games.add_residue.game import Results
from printkit.inputs import parse
from printkit.validation import validate

# A complete two-player game with n = 3, worked out by hand (as in test_score.py):
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


# ---------------------------------------------------------------- an independent plain search
# Piles as sorted tuples, m explicit, no pruning, no renaming of cards: the rules and nothing else.


def plain(mine: tuple, theirs: tuple, m: int) -> int:
    """Mover's best (own future points - other's future points); piles are (add tuple, mod tuple)."""
    add, mod = mine
    if not add and not mod:
        return 0
    best = None
    for c in add:
        v = -plain(theirs, (tuple(x for x in add if x != c), mod), m + c)
        best = v if best is None else max(best, v)
    for c in mod:
        r = m % c
        v = r - plain(theirs, (add, tuple(x for x in mod if x != c)), r)
        best = v if best is None else max(best, v)
    return best


plain_cached = lru_cache(maxsize=None)(plain)

"""Typing slips and turn order, shared by the scorers.

A record is typed from paper, so a mistake in it may be a slip of the keyboard rather than of the
player.  Where an entry is one keystroke from the entry that would fit (one character changed, added
or left out, or two neighbouring characters swapped: 17 for 27, 72 for 27, Dan for Ann), the scorer
says so with ``check_entry``: the message asks to check the entry against the paper and names the
likely intended value.  The rule is still reported (the record is what the scorer is given).

``out_of_turn`` finds the moves made out of turn in a log of movers: the fewest moves that explain
the log, so that one move out of turn is blamed once, on its mover, and the rest is scored as played.
"""

from __future__ import annotations

from typing import Iterable, Sequence

CHECK = "check this entry against the sheet"


def one_keystroke(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one keystroke: a character changed, added or left out, or two
    neighbouring characters swapped."""
    a, b = str(a), str(b)
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
        if len(diff) == 1:
            return True
        return (len(diff) == 2 and diff[1] == diff[0] + 1
                and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    if abs(len(a) - len(b)) != 1:
        return False
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def likely_slip(written, intended) -> bool:
    """One keystroke apart, and not merely two different single characters (any digit is one keystroke
    from any other: without more to go on, that says nothing)."""
    a, b = str(written), str(intended)
    return one_keystroke(a, b) and max(len(a), len(b)) > 1


def near(written: str, choices: Iterable) -> list:
    """The choices one keystroke from ``written``, in the order given."""
    return [c for c in choices if one_keystroke(str(written), str(c))]


def check_entry(written, intended, why: str = "") -> str:
    """'check this entry against the sheet: 17 is one keystroke from 27, which fits here'."""
    return f"{CHECK}: {written} is one keystroke from {intended}" + (f", {why}" if why else "")


def out_of_turn(movers: Sequence[int], seats: int) -> dict[int, int]:
    """Which moves were made out of turn: {index of the move: the seat whose turn it was}.

    ``movers`` are seat numbers (0 first) in play order; seat 0 opens and turns go round in seat order.
    The answer is the fewest moves out of turn that explain the log, where a move out of turn is one of:
    an extra move (the turn stays with the player whose turn it was), a move ahead of one's turn (the
    mover's own next turn is then skipped: Cat moving before Ben), or a move that takes the turn over
    (the players in between lost their turn).  So one slip is blamed once, on the one who moved."""
    if all(m == i % seats for i, m in enumerate(movers)):
        return {}
    # state: (whose turn, the seat that moved ahead and is skipped when its turn comes, or -1)
    start = (0, -1)
    costs: dict[tuple[int, int], int] = {start: 0}
    back: list[dict[tuple[int, int], tuple[tuple[int, int], bool]]] = []

    def advance(p: int, pend: int) -> tuple[int, int]:
        p = (p + 1) % seats
        if p == pend:
            return (p + 1) % seats, -1
        return p, pend

    for q in movers:
        nxt: dict[tuple[int, int], int] = {}
        how: dict[tuple[int, int], tuple[tuple[int, int], bool]] = {}

        def offer(state: tuple[int, int], cost: int, came: tuple[int, int], blamed: bool) -> None:
            if state not in nxt or cost < nxt[state]:
                nxt[state] = cost
                how[state] = (came, blamed)

        for state, cost in costs.items():
            p, pend = state
            if q == p:
                offer(advance(p, pend), cost, state, False)
                continue
            if pend == -1:
                offer((p, q), cost + 1, state, True)  # ahead of turn: skip q when its turn comes
            offer((p, pend), cost + 1, state, True)  # an extra move: the turn stays with p
            taken = (q, pend if pend != q else -1)
            offer(advance(*taken), cost + 1, state, True)  # took the turn over from p
        best = min(nxt.values())
        costs = {s: c for s, c in nxt.items() if c <= best + 3}  # far worse explanations never win
        back.append(how)
    state = min(costs, key=lambda s: (costs[s], list(costs).index(s)))
    blamed: list[tuple[int, int]] = []
    for i in range(len(movers) - 1, -1, -1):
        came, bad = back[i][state]
        if bad:
            blamed.append((i, came[0]))
        state = came
    return dict(sorted(blamed))

"""Perfect play from the first move: the value of the game with piles 1..n (``value_of_start``), with helper
processes sharing the solver's table where there are cores for them; and a plain search of the whole
game tree, with no table and no pruning, to check the solver against."""

from __future__ import annotations

from .solver import Solver


def value_of_start(n: int, workers: int = 1, progress=None, slots: int = 0) -> tuple[int, Solver]:
    """The value of the game with piles 1..n from the first move, and the solver (its table filled).

    With ``workers`` > 1 (and fork), helper processes search the same game in another move order
    near the first move, sharing the table, so each finds the others' proofs already there; the
    first process's answer is the value (every process's would be)."""
    import os
    import signal

    shared = workers > 1 and hasattr(os, "fork") and n >= 5
    solver = Solver(n, slots, progress, shared=shared)
    kids = []
    if shared:
        for i in range(1, workers):
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the helper; its only output is the shared table
                try:
                    solver.progress = None
                    solver._build(vary=(4 * n - 1, 4 * n - 3) if i == 1 else (4 * n - 1, 4 * n - 5))
                    solver.value(*start(n))
                finally:
                    os._exit(0)
            kids.append(pid)
    try:
        v = solver.value(*start(n))
    finally:
        for pid in kids:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except OSError:
                pass
    return v, solver


def start(n: int) -> tuple[int, int, int, int, int]:
    full = (1 << n) - 1
    return full, full, full, full, 0


def plain_value(ma: int, mm: int, oa: int, om: int, m: int) -> int:
    """Full game-tree search with no table and no pruning (for checking the solver)."""
    best = None
    for pile in ("add", "mod"):
        mask = ma if pile == "add" else mm
        c = 1
        while mask >> (c - 1):
            if mask >> (c - 1) & 1:
                bit = 1 << (c - 1)
                if pile == "add":
                    v = -plain_value(oa, om, ma & ~bit, mm, m + c)
                else:
                    v = m % c - plain_value(oa, om, ma, mm & ~bit, m % c)
                if best is None or v > best:
                    best = v
            c += 1
    return 0 if best is None else best

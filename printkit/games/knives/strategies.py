"""Strategies for the simulator.

Each strategy is named by a short spec (``greedy``, ``patient:3``, ...).  ``make(spec)``
checks the spec and returns a factory; ``factory(players, kcount)`` returns the
chooser the engine calls on every turn (see ``engine.play``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .engine import Chooser, largest

MEAN_CARD = 7.5  # a drawn card is worth 7.5 points on average (an ace counted 7.5 either way)


@dataclass(frozen=True)
class Strategy:
    spec: str
    about: str
    factory: Callable[[int, int], Chooser]


def greedy(players: int, kcount: int) -> Chooser:
    """Claim the most roads possible as soon as any claim is possible."""

    def choose(mask, left, sizes, seat):
        return largest(mask, left)

    return choose


def patient(n: int, few: int | None = None) -> Callable[[int, int], Chooser]:
    """Wait until the hand claims n roads at once; claim greedily once `few` roads
    or fewer are left (default: n x players)."""

    def factory(players: int, kcount: int) -> Chooser:
        endgame = few if few is not None else n * players

        def choose(mask, left, sizes, seat):
            m = largest(mask, left)
            return m if m >= n or left <= endgame else 0

        return choose

    return factory


def race(n: int) -> Callable[[int, int], Chooser]:
    """Wait for n roads at once, but claim whatever is possible as soon as the cards the
    other players hold could, on average, claim every road that is left."""

    def factory(players: int, kcount: int) -> Chooser:
        per_card = MEAN_CARD / kcount

        def choose(mask, left, sizes, seat):
            m = largest(mask, left)
            if m >= n:
                return m
            others = sum(sizes) - sizes[seat]
            # roads the others could take before my next turn, with the cards they hold
            # and the cards they will draw meanwhile
            threat = (others + players - 1) * per_card
            return m if threat >= left - m else 0

        return choose

    return factory


def _int(part: str, spec: str, lo: int, hi: int) -> int:
    if not part.isdigit() or not lo <= int(part) <= hi:
        raise ValueError(f"'{spec}': expected a whole number from {lo} to {hi} after ':'")
    return int(part)


NAMES = ("greedy", "patient", "race", "hoard")


def make(spec: str) -> Strategy:
    """'greedy', 'patient:N', 'patient:N:F' or 'race:N' -> Strategy; ValueError if unknown."""
    s = spec.strip().lower()
    parts = s.split(":")
    kind = parts[0]
    if kind == "greedy" and len(parts) == 1:
        return Strategy("greedy", "claims the most roads it can as soon as it can", greedy)
    if kind == "patient" and len(parts) in (2, 3):
        n = _int(parts[1], spec, 1, 500)
        if len(parts) == 3:
            few = _int(parts[2], spec, 0, 500)
            return Strategy(s, f"waits for {n} roads at once; greedy once {few} or fewer roads are left",
                            patient(n, few))
        return Strategy(s, f"waits for {n} roads at once; greedy once n x players roads or fewer are left",
                        patient(n))
    if kind == "race" and len(parts) == 2:
        n = _int(parts[1], spec, 1, 500)
        return Strategy(s, f"waits for {n} roads at once; greedy when the others' cards could take the rest",
                        race(n))
    if kind == "hoard" and len(parts) == 1:
        return Strategy("hoard", "claims nothing until the others' cards could take every road left, "
                                 "then the most it can", race(10**9))
    import difflib

    close = difflib.get_close_matches(kind, NAMES, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    raise ValueError(f"unknown strategy '{spec}'{hint}; known: greedy, patient:N, patient:N:F, race:N, hoard")

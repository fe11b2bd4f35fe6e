"""Playing cards for Selling Knives Door-to-Door: ranks, values, and claim sums.

A is worth 1 or 14 (each ace chosen freely), 2..10 their face value, J 11,
Q 12, K 13.  Cards spent on a claim must add up to exactly kcount times the
number of roads claimed, for some choice of ace values.  This module is
plain Python so that scoring a results file starts fast.
"""

from __future__ import annotations

import re

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
VALUE = {r: i + 1 for i, r in enumerate(RANKS)}  # an ace counts 1 here; 14 is the other choice
ACE_HIGH = 14
ACE_STEP = ACE_HIGH - 1  # switching an ace from 1 to 14 adds 13
CARD_RULE = (8, 14)  # what the set-up draw can give; other sizes are custom maps
# The set-up draw: the first card higher than 7 gives kcount (an ace counts 14 there).
SETUP = (("8", 8), ("9", 9), ("10", 10), ("J", 11), ("Q", 12), ("K", 13), ("A", 14))
ACE_NOTE = "write A: its value, 1 or 14, is worked out for you"

# Words people write for a card that is not one of the thirteen ranks, and what they meant.
HINTS = {"11": "J", "12": "Q", "13": "K", "T": "10", "JACK": "J", "QUEEN": "Q", "KING": "K"}
# An ace written with its value (A14, A(14), A=1, 14, ace): the value is never written.
ACE_WITH_VALUE = re.compile(r"^(?:A|ACE)\W*(?:1|14)?\W*$|^\W*(?:1|14)\W*$")


def card(token: str) -> str | None:
    """The rank written as ``token`` (case-insensitive), or None if it is not a rank."""
    t = token.strip().upper()
    return t if t in VALUE else None


def not_a_card(token: str) -> str:
    """Why ``token`` is not a card, with what was probably meant."""
    t = token.strip().upper()
    if ACE_WITH_VALUE.match(t):
        return f"'{token}' is not a card rank (A 2 3 4 5 6 7 8 9 10 J Q K); {ACE_NOTE}"
    hint = HINTS.get(t)
    tip = f"; write {hint}" if hint else ""
    return f"'{token}' is not a card rank (A 2 3 4 5 6 7 8 9 10 J Q K){tip}"


def totals(cards: list[str]) -> list[int]:
    """Every total the cards can make, choosing each ace as 1 or 14 (smallest first)."""
    aces = sum(1 for c in cards if c == "A")
    base = sum(VALUE[c] for c in cards)
    return [base + ACE_STEP * j for j in range(aces + 1)]


def pays(cards: list[str], target: int) -> bool:
    """Whether the cards add up to exactly ``target`` for some choice of ace values."""
    return target in totals(cards)


def show_totals(cards: list[str]) -> str:
    """'23 or 36' / '27': what the cards add up to, for messages."""
    ts = totals(cards)
    if len(ts) == 1:
        return str(ts[0])
    return ", ".join(str(t) for t in ts[:-1]) + f" or {ts[-1]} (aces 1 or 14)"


def roads_paid(cards: list[str], kcount: int) -> list[int]:
    """How many roads the cards pay for (every ace choice whose total is a multiple of kcount)."""
    return sorted({t // kcount for t in totals(cards) if t and t % kcount == 0})


def all_roads(kcount: int) -> list[tuple[int, int]]:
    """Every road of the map: each pair of centres, smaller number first."""
    return [(a, b) for a in range(1, kcount + 1) for b in range(a + 1, kcount + 1)]


def road_count(kcount: int) -> int:
    return kcount * (kcount - 1) // 2


def pair_claims(k: int) -> dict[int, list[str]]:
    """Single cards and pairs of cards that pay for whole roads at kcount k, by number of roads, written
    as in a results file ('Q', 'A J', 'J K'): an ace is just A, whichever value makes the total."""
    found: dict[int, list[tuple[str, ...]]] = {}
    for i, a in enumerate(RANKS):
        for hand in [(a,)] + [(a, b) for b in RANKS[i:]]:
            for m in roads_paid(list(hand), k):
                if hand not in found.setdefault(m, []):
                    found[m].append(hand)
    return {m: [" ".join(h) for h in sorted(hands, key=len)] for m, hands in sorted(found.items())}


def ace_value(cards: list[str], target: int) -> list[int]:
    """The values the aces take to make ``target`` (each 1 or 14, largest first), or [] if there is none."""
    aces = sum(1 for c in cards if c == "A")
    base = sum(VALUE[c] for c in cards)
    for high in range(aces + 1):
        if base + ACE_STEP * high == target:
            return [ACE_HIGH] * high + [1] * (aces - high)
    return []

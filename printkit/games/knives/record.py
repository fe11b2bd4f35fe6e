"""Selling Knives Door-to-Door: the play record's line syntax.  One turn per line, read into a
``Turn`` and written back: 'Ann draws Q', 'Ann claims 1-2 3-4 with Q A 6 4' or 'Ann passes'; and the
commented example lines of a blank results file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .cards import pair_claims

TURN = re.compile(r"^\s*(?P<who>\S.*?)\s+(?P<verb>draws|draw|claims|claim|passes|pass)(?:\s+(?P<rest>.*?))?\s*$",
                  re.IGNORECASE)
ROAD = re.compile(r"^(\d{1,3})-(\d{1,3})$")
CARD_TOKEN = re.compile(r"^[0-9A-Za-z()=]{1,7}$")  # A(14), A=14: read, then named as not a card
HOW = "write e.g. 'Ann draws Q', 'Ann claims 1-2 3-4 with Q A 6 4' or 'Ann passes'"


@dataclass(frozen=True)
class Turn:
    who: str
    verb: str  # draws | claims | passes
    roads: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.verb == "draws":
            return f"{self.who} draws {' '.join(self.cards)}"
        if self.verb == "claims":
            return f"{self.who} claims {' '.join(self.roads)} with {' '.join(self.cards)}"
        return f"{self.who} passes"


@lru_cache(maxsize=4096)  # a record repeats lines ('Ann draws 7'), and is read, checked and scored
def parse_turn(text: str) -> Turn:
    """'Ann claims 1-2 with Q' -> Turn; ValueError (an unusable line) if it cannot be read."""
    m = TURN.match(text)
    if not m:
        raise ValueError(f"'{text}' is not a turn; {HOW}")
    who, verb, rest = m.group("who"), m.group("verb").lower(), (m.group("rest") or "")
    verb = {"draw": "draws", "claim": "claims", "pass": "passes"}.get(verb, verb)
    if verb == "passes":
        if rest:
            raise ValueError(f"'{text}': nothing follows 'passes'; {HOW}")
        return Turn(who, verb)
    if verb == "draws":
        cards = _cards(rest, text)
        return Turn(who, verb, (), cards)
    parts = re.split(r"\s+with\s+|^with\s+", rest, flags=re.IGNORECASE)
    if len(parts) != 2:
        raise ValueError(f"'{text}': a claim names its roads, then 'with', then the cards spent; {HOW}")
    roads = tuple(t for t in re.split(r"[\s,]+", parts[0].strip()) if t)
    if not roads:
        raise ValueError(f"'{text}': no roads before 'with'; write each road as two centres, e.g. 3-7")
    for r in roads:
        if not ROAD.match(r):
            raise ValueError(f"'{r}' in '{text}' is not a road; write its two centres, e.g. 3-7")
    return Turn(who, verb, roads, _cards(parts[1], text))


def _cards(rest: str, text: str) -> tuple[str, ...]:
    tokens = tuple(t for t in re.split(r"[\s,]+", rest.strip()) if t)
    if not tokens:
        raise ValueError(f"'{text}': which card(s)? {HOW}")
    for t in tokens:
        if not CARD_TOKEN.match(t):
            raise ValueError(f"'{t}' in '{text}' is not a card; cards are A 2 3 4 5 6 7 8 9 10 J Q K")
    return tuple(t.upper() for t in tokens)


def turn_text(v: Any) -> str:
    from ...model import record_line

    return str(parse_turn(record_line(v, "a turn", "Ann claims 1-2 with Q")))


def record_template(cfg: Any) -> str:
    """The turn log of a blank results file for ``cfg`` (the game's Config)."""
    first = cfg.names[0]
    drawn = cfg.kcount == "draw"
    k = 12 if drawn else cfg.kcount
    pairs = pair_claims(k)
    lines = [
        "# The play record: one line per turn, in play order, as on the turn log. List the players in",
        "# seat order, starting with the player who took the first turn. Draw lines are optional: give",
        "# every draw (then the whole game is replayed and checked card by card) or none.",
        "# Roads are written as two centres (3-7), then 'with' and the cards spent, as printed on the",
        "# cards: A 2 3 4 5 6 7 8 9 10 J Q K. Write an ace as A: its value, 1 or 14, is worked out for you.",
    ]
    if drawn:
        lines.append("# With kcount 12, for example:")
    lines.append(f"#   - {first} draws Q")
    if 1 in pairs:
        lines.append(f"#   - {first} claims 1-2 with {pairs[1][1] if len(pairs[1]) > 1 else pairs[1][0]}"
                     f"    (one road: {k} points)")
    if 2 in pairs:
        lines.append(f"#   - {first} claims 3-4 5-6 with {pairs[2][0]}    (two roads: {2 * k} points)")
    lines.append(f"#   - {first} passes    (only when there is no card left to draw and you cannot claim)")
    return "\n".join(lines) + "\nturns:\n"


KCOUNT_ASK = "# the kcount drawn at the table: write the value of the first card above 7 (8 9 10, J 11, Q 12, K 13, A 14)"


def ask_kcount(template: str) -> str:
    """The blank results file with its ``kcount: draw`` line asking for the count drawn."""
    return template.replace("\nkcount: draw\n", f"\n{KCOUNT_ASK}\nkcount: draw\n", 1)

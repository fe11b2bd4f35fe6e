"""What is still to enter: the scorer's violations about a part of the record nobody has entered yet.

While a game is entered, Ben's curve not drawn yet is not a mistake, and Ben's untouched store does not
disqualify him: those violations are "still to enter" on the page (no red, no disqualification) until the
part is entered, or the players press Check.  Which violation is about which part is the game's scorer's
to say (``Violation.parts``: a curve, a fill of a copy, a player's sheet); whether that part is empty is read
from the record as written.
``printkit score`` is not changed by any of this: it scores the file as it is.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..report import Report


def _at(data: Any, path: tuple) -> Any:
    for key in path:  # keys as typed, or in another case (a sheet keyed `ann` for Ann; casefold, as model.py)
        if not isinstance(data, dict):
            return None
        found = key if key in data else next((k for k in data if str(k).casefold() == key.casefold()), None)
        data = data.get(found) if found is not None else None
    return data


def empty(value: Any) -> bool:
    """Nothing written: no value, a blank text, an empty list, a grid of dots only, or a mapping of those."""
    if value is None:
        return True
    if isinstance(value, str):
        return all(t == "." for t in value.split())
    if isinstance(value, list):  # a grid as a list of rows, a list of walls
        return all(isinstance(v, str) and empty(v) for v in value)
    if isinstance(value, dict):
        return all(empty(v) for v in value.values())
    return False


def said(path: tuple) -> str:
    """A part as the players name it: Ben's curve, Ann's copy of Ben's curve, Ben's sheet, Ben's entrance."""
    if path[0] == "fills":
        return f"{path[1]}'s copy of {path[2]}'s curve"
    if path[0] == "curves":
        return f"{path[1]}'s curve"
    return f"{path[1]}'s " + (path[2] if len(path) > 2 else "sheet")


def waiting(data: Any, report: Report) -> list[int]:
    """The indices of the violations about a part of ``data`` not entered yet."""
    return [i for i, _ in parts_waiting(data, report)]


def parts_waiting(data: Any, report: Report) -> list[tuple[int, str]]:
    """(index, the part as the players name it) of each violation about a part not entered yet (the scorer
    names the parts a violation is about: ``Violation.parts``)."""
    out = []
    for i, v in enumerate(report.violations):
        parts = [tuple(p) for p in v.parts]
        if parts and all(empty(_at(data, part)) for part in parts):
            name = " and ".join(dict.fromkeys(said(p) for p in parts))
            out.append((i, name.replace(f"entrance and {parts[0][1]}'s exit", "entrance and exit")))
    return out


def as_entered(data: Any, report: Report) -> tuple[Report, list[int]]:
    """The report as the page shows it while entering: the violations about parts not entered yet left
    out, and a player disqualified by those alone not disqualified; with their indices in ``report``."""
    idle = waiting(data, report)
    if not idle:
        return report, idle
    kept = [v for i, v in enumerate(report.violations) if i not in set(idle)]
    still = {v.player for v in kept}
    out = msgspec.structs.replace(report, violations=kept,
                                  disqualified=type(report.disqualified)(p for p in report.disqualified if p in still))
    return out, idle

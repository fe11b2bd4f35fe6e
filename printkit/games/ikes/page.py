"""The Long Way on the entry page: each store's sheet as typed, in the results file's own syntax."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Config


def editors(cfg: "Config") -> list[dict]:
    """Per player: entrance, exit, the 7x7 grid, walls and (optional) turn lines."""
    out: list[dict] = []
    for name in cfg.names:
        out += [
            {"path": ["sheets", name, "entrance"], "label": f"{name}: entrance", "kind": "text", "hint": "D1 W"},
            {"path": ["sheets", name, "exit"], "label": f"{name}: exit", "kind": "text", "hint": "D7 E"},
            {"path": ["sheets", name, "grid"], "label": f"{name}: store (7 rows of 7: . o 1-6 C1 C2)", "kind": "grid",
             "rows": 7},
            {"path": ["sheets", name, "walls"], "label": f"{name}: walls (space and side, * for a doorway)",
             "kind": "list", "hint": "B2 N, B2 E*"},
            {"path": ["sheets", name, "turns"], "label": f"{name}: turns (optional, one a line)", "kind": "lines",
             "hint": "15 B2 5@B3", "optional": True},
        ]
    return out

"""Selling Knives on the entry page: the turn log typed in the results file's own line syntax."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Config


def editors(cfg: "Config") -> list[dict]:
    first = cfg.names[0]
    return [{"path": ["turns"], "label": "Turns, in play order (one a line)", "kind": "lines", "rows": 10,
             "hint": f"{first} draws Q\n{first} claims 1-2 with Q\n{first} passes"}]

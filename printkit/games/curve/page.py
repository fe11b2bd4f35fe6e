"""Within The Curve on the entry page: every curve and every fill typed as the grid it is on paper."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .record import Config


def editors(cfg: "Config") -> list[dict]:
    rows = min(cfg.n, 14)
    out = [{"path": ["curves", name], "label": f"{name}'s curve ('#' on its squares, '.' elsewhere)", "kind": "grid",
            "rows": rows} for name in cfg.names]
    out += [{"path": ["fills", filler, owner], "label": f"{filler}'s fill of {owner}'s curve", "kind": "grid",
             "rows": rows} for filler in cfg.names for owner in cfg.names]
    return out

"""Try alternative wall layouts for The Long Way's tile set with the solo bot.

Run by hand:  python bench/ikes_tune.py VARIANT [GAMES] [SEED] [SHAPES]
A variant names the outline sides walled by each dark die face, e.g.
"N,E,S,W,NS,EW" (the shipped set) or "N,E,S,W,NS,-" ('-' = no walls).
SHAPES optionally replaces the six shapes, e.g. "A1,A1+A2,A1+B1,A1+B1+B2,A1+A2+B2,A1+A2+A3".  Prints the median and the rubric bands.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

import yaml

from printkit import resources
from printkit.games.ikes import tiles


def variant_yaml(sides: list[str], shapes: list[str] | None = None) -> str:
    raw = yaml.safe_load(resources.data("ikes_tiles.yaml").read_text())
    for k, spaces in enumerate(shapes or [], 1):
        raw["shapes"][k]["spaces"] = spaces.split("+")
    step = tiles.STEP
    out = {}
    for light, shape in raw["shapes"].items():
        cells = [tiles._local(s) for s in shape["spaces"]]
        for d, ss in enumerate(sides, 1):
            walls = []
            for r, c in cells:
                for side in "NESW":
                    dr, dc = step[side]
                    if side in ss and (r + dr, c + dc) not in cells:
                        walls.append(f"{chr(65 + r)}{c + 1} {side}")
            out[f"{light}-{d}"] = walls
    raw["tiles"] = out
    return yaml.safe_dump(raw)


def main() -> None:
    sides = sys.argv[1].split(",")
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 150
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    folder = Path(tempfile.mkdtemp())
    shapes = sys.argv[4].split(",") if len(sys.argv) > 4 else None
    (folder / "ikes_tiles.yaml").write_text(variant_yaml(sides, shapes))
    resources.data = lambda name: folder / name  # noqa: E731 - this run only
    tiles.tileset.cache_clear()
    from printkit.games.ikes.path import walk
    from printkit.games.ikes.simulate import BANDS, play_many

    scores = [walk(g.floor).score for g in play_many(games, seed)]
    bands = " ".join(f"{name} {100 * sum(1 for s in scores if lo <= s <= hi) / games:.0f}%" for name, lo, hi in BANDS)
    print(f"{sys.argv[1]} {sys.argv[4] if len(sys.argv) > 4 else ''}: median {statistics.median(scores)}, mean {statistics.fmean(scores):.2f}, "
          f"max {max(scores)}; {bands}")


if __name__ == "__main__":
    main()

"""Shared machinery for the cross-game quality suite (imported by conftest.py and the tests).

Every test here is written over *every* preset in ``layouts/`` and every game
in ``printkit.registry.GAMES``, so a game is covered as soon as it lands.
Kits are built once per session (per preset, paper and format) and shared.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from printkit import registry
from printkit.resources import layouts

ROOT = Path(__file__).resolve().parents[2]
MM = 72 / 25.4  # points per millimetre
PAPERS = ("letter", "a4")


def preset_paths() -> list[Path]:
    return sorted(layouts().glob("*.yaml"))


def load_config(path: Path, **changes):
    """(game, config) for a preset, optionally with some keys changed (validated again)."""
    from printkit import inputs

    doc = inputs.load(path)
    game = registry.get(doc.data["game"])
    data = {**doc.data, **changes}
    return game, inputs.validate(game.Config, doc, data)


class KitCache:
    """Kits built through the library API, memoised for the session."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self._files: dict[tuple, dict[str, bytes]] = {}
        self._pages: dict[tuple, list] = {}
        self._rasters: dict[tuple, list[Path]] = {}

    def pages(self, preset: Path, paper: str, **changes):
        key = (preset, paper, tuple(sorted(changes.items())))
        if key not in self._pages:
            from printkit import kit

            game, cfg = load_config(preset, **changes)
            self._pages[key] = (game, cfg, kit.build(game, cfg, paper))
        return self._pages[key]

    def files(self, preset: Path, paper: str, fmt: str = "pdf", **changes) -> dict[str, bytes]:
        key = (preset, paper, fmt, tuple(sorted(changes.items())))
        if key not in self._files:
            from printkit import kit

            game, cfg, pages = self.pages(preset, paper, **changes)
            self._files[key] = kit.render(pages, [fmt], cfg.title or game.title)
        return self._files[key]

    def pdf_path(self, preset: Path, paper: str, **changes) -> Path:
        tag = "-".join(f"{k}={v}" for k, v in sorted(changes.items()))
        path = self.tmp / f"{preset.stem}-{paper}{'-' + tag if tag else ''}.pdf"
        if not path.exists():
            path.write_bytes(self.files(preset, paper, "pdf", **changes)["kit.pdf"])
        return path

    def svg_paths(self, preset: Path, paper: str) -> list[Path]:
        folder = self.tmp / f"{preset.stem}-{paper}-svg"
        if not folder.exists():
            folder.mkdir()
            for name, data in self.files(preset, paper, "svg").items():
                (folder / name).write_bytes(data)
        return sorted(folder.glob("page-*.svg"))

    def rasters(self, preset: Path, paper: str, dpi: int, gray: bool = True) -> list[Path]:
        """pdftoppm's PNG of every page of the kit."""
        key = (preset, paper, dpi, gray)
        if key not in self._rasters:
            pdf = self.pdf_path(preset, paper)
            out = self.tmp / f"{pdf.stem}-r{dpi}{'g' if gray else ''}"
            cmd = ["pdftoppm", "-r", str(dpi), "-png", *(["-gray"] if gray else []), str(pdf), str(out)]
            subprocess.run(cmd, check=True, capture_output=True, timeout=300)
            self._rasters[key] = sorted(self.tmp.glob(f"{out.name}-*.png"))
        return self._rasters[key]


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is not installed (.ci/run installs it)")
    return path

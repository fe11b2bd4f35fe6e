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
    from printkit import inputs, validation

    doc = inputs.load(path)
    game = registry.get(doc.data["game"])
    data = {**doc.data, **changes}
    return game, validation.validate(game.Config, doc, data)


class KitCache:
    """Kits built through the library API, memoised for the session."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self._files: dict[tuple, dict[str, bytes]] = {}
        self._pages: dict[tuple, list] = {}
        self._rasters: dict[tuple, list[Path]] = {}
        self._plumbed: dict[Path, object] = {}

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

    def plumbed(self, preset: Path, paper: str, **changes):
        """The kit's PDF as pdfplumber reads it, opened once for the session: each page's characters, lines
        and rectangles are parsed the first time a check asks for them and kept for every later check (the
        audit's checks each parsed the whole kit again)."""
        import contextlib

        import pdfplumber

        path = self.pdf_path(preset, paper, **changes)
        if path not in self._plumbed:
            self._plumbed[path] = pdfplumber.open(path)
        return contextlib.nullcontext(self._plumbed[path])

    def svg_paths(self, preset: Path, paper: str) -> list[Path]:
        folder = self.tmp / f"{preset.stem}-{paper}-svg"
        if not folder.exists():
            folder.mkdir()
            for name, data in self.files(preset, paper, "svg").items():
                (folder / name).write_bytes(data)
        return sorted(folder.glob("page-*.svg"))

    def rasters(self, preset: Path, paper: str, dpi: int, gray: bool = True) -> list[Path]:
        """pdftoppm's raster of every page of the kit, as a netpbm file (PGM in grey, PPM in colour): the same
        pixels as its PNG, written twenty times faster (a PNG of a page at 200 dpi takes pdftoppm about a second)."""
        key = (preset, paper, dpi, gray)
        if key not in self._rasters:
            pdf = self.pdf_path(preset, paper)
            out = self.tmp / f"{pdf.stem}-r{dpi}{'g' if gray else ''}"
            cmd = ["pdftoppm", "-r", str(dpi), *(["-gray"] if gray else []), str(pdf), str(out)]
            subprocess.run(cmd, check=True, capture_output=True, timeout=300)
            self._rasters[key] = sorted(self.tmp.glob(f"{out.name}-*.p[gp]m"))
        return self._rasters[key]


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is not installed (.ci/run installs it)")
    return path


# ---------------------------------------------------------------- rasters

CSS_DPI = 96  # one CSS pixel is 1/96 inch: Chromium draws an SVG sized in mm at this resolution

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--hide-scrollbars", "--disable-extensions", "--mute-audio", "--force-device-scale-factor=1",
                  "--disable-dev-shm-usage"]  # containers often have a tiny /dev/shm


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def svg_size_px(svg: Path) -> tuple[int, int]:
    import re

    head = svg.read_text(encoding="utf-8")[:600]
    w = float(re.search(r'width="([\d.]+)mm"', head).group(1))
    h = float(re.search(r'height="([\d.]+)mm"', head).group(1))
    return round(w / 25.4 * CSS_DPI), round(h / 25.4 * CSS_DPI)


def chromium_rasters(svgs: list[Path], work: Path, per_shot: int = 6) -> list:
    """Each SVG drawn by headless Chromium at 96 dpi, as greyscale numpy arrays.

    Pages are stacked in a small HTML wrapper, a few per screenshot, to start the browser less often."""
    import numpy as np
    from PIL import Image

    exe = chromium()
    assert exe, "chromium is not installed"
    out = []
    for start in range(0, len(svgs), per_shot):
        batch = svgs[start:start + per_shot]
        sizes = [svg_size_px(s) for s in batch]
        width, height = max(w for w, _ in sizes), sum(h for _, h in sizes)
        imgs = "".join(f'<img src="{s.resolve().as_uri()}" style="display:block;width:{w}px;height:{h}px">'
                       for s, (w, h) in zip(batch, sizes))
        html = work / f"shot-{start}.html"
        html.write_text("<!doctype html><html><head><style>html,body{margin:0;padding:0;background:#fff}"
                        f"</style></head><body>{imgs}</body></html>", encoding="utf-8")
        png = work / f"shot-{start}.png"
        profile = work / "chromium-profile"
        subprocess.run([exe, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--screenshot={png}",
                        f"--window-size={width},{height}", html.resolve().as_uri()],
                       capture_output=True, timeout=120, check=False)
        assert png.exists(), f"chromium wrote no screenshot of {[s.name for s in batch]}"
        shot = np.asarray(Image.open(png).convert("L"), dtype=float)
        y = 0
        for w, h in sizes:
            out.append(shot[y:y + h, :w])
            y += h
    return out


def downscale(img, k: int = 8):
    h, w = img.shape
    h, w = h // k * k, w // k * k
    return img[:h, :w].reshape(h // k, k, w // k, k).mean(axis=(1, 3))


def raster_difference(a, b, k: int = 8) -> tuple[float, float]:
    """(mean, 99.5th percentile) absolute grey difference of the two images in k x k pixel blocks."""
    import numpy as np

    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    d = np.abs(downscale(a[:h, :w], k) - downscale(b[:h, :w], k))
    return float(d.mean()), float(np.percentile(d, 99.5))


def printed_matches(printed, words) -> list[str]:
    """Each printed text that ``words`` finds, as 'what page N: text'."""
    from printkit.draw import Text

    return [f"{what} page {i}: {t.text!r}" for what, pages in printed for i, page in enumerate(pages, 1)
            for t in page.items if isinstance(t, Text) and words.search(t.text)]

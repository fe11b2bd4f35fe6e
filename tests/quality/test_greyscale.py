"""Greyscale check: kits rendered to grey (``pdftoppm -gray``), as a greyscale laser printer would print them,
and measured.  Thresholds (grey levels, 0 black to 255 paper):

- every printed text: its darkest ink at most ``TEXT_MAX`` (153, 60 % grey: 40 % ink or more);
- a player's name, line and symbol: at most ``PLAYER_MAX`` (128, 50 % grey: half ink or more);
- two players: their inks at least ``APART`` (38 levels, 15 %) apart, or else their lines' dash patterns
  tell them apart; their symbols always differ in shape.

For 8 players in colour and for ``color: false``; every preset's pages for the text check.
"""

from __future__ import annotations

import itertools
import subprocess

import numpy as np
import pytest
from PIL import Image
from quality_helpers import load_config, need, preset_paths

from printkit import kit
from printkit.draw import PT, Lines, Page, Text, text_width
from printkit.sheet import players

TEXT_MAX = 153
PLAYER_MAX = 128
APART = 38
DPI = 200
PX = 25.4 / DPI  # millimetres per pixel
EIGHT = [f"Player {i}" for i in range(1, 9)]


def grey_pages(pages: list[Page], tmp_path, name: str) -> list[np.ndarray]:
    """The pages as pdftoppm prints them in grey, one array each (0 black, 255 paper); read from its PGM files,
    the same pixels as its PNG without the time PNG takes to write."""
    need("pdftoppm")
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(kit.render(pages, ["pdf"], name)["kit.pdf"])
    subprocess.run(["pdftoppm", "-gray", "-r", str(DPI), str(pdf), str(tmp_path / name)], check=True,
                   capture_output=True, timeout=300)
    return [np.asarray(Image.open(p).convert("L"), dtype=float) for p in sorted(tmp_path.glob(f"{name}-*.pgm"))]


def box(img: np.ndarray, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    h, w = img.shape
    return img[max(0, int(y0 / PX)):min(h, int(np.ceil(y1 / PX))), max(0, int(x0 / PX)):min(w, int(np.ceil(x1 / PX)))]


def ink(region: np.ndarray) -> float:
    """How dark the ink of a region prints: the mean of its darkest 3 % of pixels."""
    flat = np.sort(region.ravel())
    return float(flat[: max(1, len(flat) * 3 // 100)].mean()) if len(flat) else 255.0


def text_ink(img: np.ndarray, t: Text) -> float:
    w = text_width(t.text, t.size, t.bold)
    x0 = t.x - (w if t.anchor == "end" else w / 2 if t.anchor == "middle" else 0)
    return ink(box(img, x0, t.y - t.size * PT * 0.75, x0 + w, t.y + t.size * PT * 0.1))


def runs(row: np.ndarray, level: float) -> list[float]:
    """Lengths in mm of the dark runs along a row of pixels (darker than ``level``), the ends left out."""
    dark = row < level
    out, n = [], 0
    for d in dark:
        if d:
            n += 1
        elif n:
            out.append(n * PX)
            n = 0
    return out[1:] if len(out) > 2 else out


def patterns_differ(a: list[float], b: list[float]) -> bool:
    """Two lines' dash patterns (dark run lengths) differ by more than a pixel's worth of blur."""
    if not a or not b:
        return bool(a) != bool(b)
    return abs(max(a) - max(b)) > 0.5 or abs(float(np.median(a)) - float(np.median(b))) > 0.5 or \
        abs(len(a) - len(b)) > 0.25 * max(len(a), len(b))


def seats_page(color: bool) -> tuple[Page, list]:
    """Each player's line (their pen), symbol and name, as the sheets draw them, one row each."""
    seats = players(EIGHT, color)
    page = Page(215.9, 279.4)
    for i, s in enumerate(seats):
        y = 20 + i * 12
        page.add(Lines(((20, y, 120, y),), s.pen(0.8)))
        page.add(s.badge(130, y, 4.0))
        page.add(Text(140, y + 1.2, s.name, 9, color=s.color))
    return kit.greyscale(page) if not color else page, seats


@pytest.mark.parametrize("color", [True, False], ids=["colour", "greyscale"])
def test_eight_players_stay_dark_and_apart_in_grey(tmp_path, color):
    page, seats = seats_page(color)
    img = grey_pages([page], tmp_path, "seats")[0]
    found = []
    inks, pats, marks = [], [], []
    for i, s in enumerate(seats):
        y = 20 + i * 12
        line = box(img, 20, y - 0.6, 120, y + 0.6)
        row = line[line.shape[0] // 2]
        line_ink = ink(line)
        pats.append(runs(row, (line_ink + 255) / 2))
        name_ink = text_ink(img, next(t for t in page.items if isinstance(t, Text) and t.text == s.name))
        sym = box(img, 127.5, y - 2.5, 132.5, y + 2.5)[:39, :39]
        marks.append(sym < (ink(sym) + 255) / 2)
        inks.append(line_ink)
        for what, value in (("line", line_ink), ("name", name_ink), ("symbol", ink(sym))):
            if value > PLAYER_MAX:
                found.append(f"{s.name} ({s.colour_name}): {what} prints at grey {value:.0f} > {PLAYER_MAX}")
    for (a, b) in itertools.combinations(range(len(seats)), 2):
        if abs(inks[a] - inks[b]) < APART and not patterns_differ(pats[a], pats[b]):
            found.append(f"{seats[a].name} and {seats[b].name}: same grey ({inks[a]:.0f}, {inks[b]:.0f}) "
                         f"and the same dashes")
        overlap = (marks[a] & marks[b]).sum() / max(1, (marks[a] | marks[b]).sum())
        if overlap > 0.8:
            found.append(f"{seats[a].name} and {seats[b].name}: symbols print alike ({overlap:.0%} the same)")
    assert not found, "\n".join(found)


def test_the_check_sees_a_light_player_and_two_alike(tmp_path):
    """Planted: a pale yellow name and line; two players with one grey and one dash."""
    from msgspec.structs import replace

    page, seats = seats_page(True)
    pale = (0.95, 0.9, 0.25)
    page.items = [replace(it, color=pale) if isinstance(it, Text) and it.text == "Player 1" else it
                  for it in page.items]
    img = grey_pages([page], tmp_path, "planted")[0]
    assert text_ink(img, next(t for t in page.items if isinstance(t, Text) and t.text == "Player 1")) > PLAYER_MAX
    assert text_ink(img, next(t for t in page.items if isinstance(t, Text) and t.text == "Player 7")) < PLAYER_MAX
    solid = runs(np.array([0.0] * 400 + [255.0] * 10), 128)
    dashed = runs(np.array(([0.0] * 19 + [255.0] * 9) * 14), 128)  # 2.4 mm on, 1.2 mm off
    assert patterns_differ(solid, dashed) and not patterns_differ(dashed, dashed)


@pytest.mark.parametrize("color", [True, False], ids=["colour", "greyscale"])
def test_every_printed_text_is_dark_enough_in_grey(tmp_path, color):
    """Every text on every page of every preset, at 8 players, prints dark enough to read in grey."""
    found = []
    for preset in preset_paths():
        more = {"segments": 16, "rounds": 8} if preset.stem == "intersections" else {}
        game, cfg = load_config(preset, players=EIGHT, color=color, **more)
        pages = kit.build(game, cfg, "letter")
        for n, (page, img) in enumerate(zip(pages, grey_pages(pages, tmp_path, preset.stem)), 1):
            for t in page.items:
                if isinstance(t, Text) and t.text.strip():
                    level = text_ink(img, t)
                    limit = PLAYER_MAX if any(t.text.startswith(p) for p in EIGHT) else TEXT_MAX
                    if level > limit:
                        found.append(f"{preset.stem}: {t.text[:40]!r} prints at grey {level:.0f} > {limit}")
    found = sorted(set(found))
    assert not found, f"{len(found)} texts too light:\n  " + "\n  ".join(found[:25])

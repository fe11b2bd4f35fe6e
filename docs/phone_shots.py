"""The README's phone screenshots, made again: every game's played example on the entry page, on a touch
screen upright (390 x 844) and on its side (844 x 390), scrolled to its first sheet.

    python docs/phone_shots.py            # writes docs/phone-upright.png and docs/phone-on-its-side.png
    python docs/phone_shots.py --each     # and each game's own docs/phone-GAME-WxH.png

Needs the test extras (playwright) and Debian's chromium, as the page tests do.  Look at the PNGs after.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tests" / "enter"))

GAMES = ["knives", "curve", "ikes", "add-residue", "intersections"]
SIZES = {"upright": (390, 844), "on-its-side": (844, 390)}


def shoot(browser, url: str, width: int, height: int, path: Path) -> None:
    from enter_helpers import wait_checked

    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1, is_mobile=True,
                                  has_touch=True, bypass_csp=True)
    pg = context.new_page()
    pg.goto(url)
    pg.wait_for_selector("body[data-ready='1']")
    wait_checked(pg)
    pg.evaluate("scrollTo(0, document.getElementById('sheets').getBoundingClientRect().top + scrollY - 8)")
    pg.wait_for_timeout(400)
    pg.screenshot(path=str(path))
    context.close()


def montage(paths: list[Path], across: bool, out: Path) -> None:
    """The shots side by side (upright phones) or one under another (phones on their side), 12 px apart."""
    from PIL import Image

    images = [Image.open(p) for p in paths]
    gap = 12
    if across:
        size = (sum(i.width for i in images) + gap * (len(images) - 1), max(i.height for i in images))
    else:
        size = (max(i.width for i in images), sum(i.height for i in images) + gap * (len(images) - 1))
    sheet = Image.new("RGB", size, (200, 200, 204))
    at = 0
    for i in images:
        sheet.paste(i, (at, 0) if across else (0, at))
        at += (i.width if across else i.height) + gap
    sheet.save(out, optimize=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--each", action="store_true", help="keep each game's own shot in docs/ too")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from enter_helpers import CHROMIUM_ARGS, DATA, Served, chromium_path

    tmp = Path(tempfile.mkdtemp())
    shots: dict[str, list[Path]] = {k: [] for k in SIZES}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        for game in GAMES:
            src = tmp / f"played-{game}.yaml"
            shutil.copy(DATA / src.name, src)
            served = Served(src)
            try:
                for name, (w, h) in SIZES.items():
                    path = (HERE if args.each else tmp) / f"phone-{game}-{w}x{h}.png"
                    shoot(browser, served.url, w, h, path)
                    shots[name].append(path)
            finally:
                served.stop()
        browser.close()
    for name, paths in shots.items():
        out = HERE / f"phone-{name}.png"
        montage(paths, across=name == "upright", out=out)
        print(f"wrote {out.relative_to(ROOT)}")
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

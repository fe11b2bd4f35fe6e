"""Real renderers: poppler and qpdf read every PDF page; headless Chromium draws every SVG page,
and what it draws matches poppler's raster of the same PDF page."""

from __future__ import annotations

import subprocess

import numpy as np
import pdfplumber
import pytest
from PIL import Image
from quality_helpers import CSS_DPI, chromium, chromium_rasters, need, raster_difference

MEAN_TOL = 3.5  # mean grey difference (0-255) over 2 mm blocks (font hinting differs a little)
PEAK_TOL = 36.0  # 99.5th percentile of the block differences (a 1 mm shift gives about 42)


def test_qpdf_check_passes(kits, preset, paper):
    exe = need("qpdf")
    pdf = kits.pdf_path(preset, paper)
    p = subprocess.run([exe, "--check", str(pdf)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "No syntax or stream encoding errors" in p.stdout
    assert "WARNING" not in (p.stdout + p.stderr).upper()


def test_every_pdf_page_renders_with_poppler(kits, preset, paper):
    need("pdftoppm")
    with pdfplumber.open(kits.pdf_path(preset, paper)) as pdf:
        count = len(pdf.pages)
    pngs = kits.rasters(preset, paper, 60)
    assert len(pngs) == count, f"poppler drew {len(pngs)} of {count} pages"
    for i, png in enumerate(pngs, 1):
        img = np.asarray(Image.open(png).convert("L"))
        assert (img < 128).sum() > 50, f"page {i} renders blank"


@pytest.mark.browser  # drawn by Debian's chromium
def test_svg_pages_match_pdf_pages_in_chromium(kits, preset, paper, tmp_path):
    if chromium() is None:
        pytest.skip("chromium is not installed here (.ci/run installs it): SVG pages not rendered")
    need("pdftoppm")
    svgs = kits.svg_paths(preset, paper)
    pdf_pngs = kits.rasters(preset, paper, CSS_DPI)
    assert len(svgs) == len(pdf_pngs), f"{len(svgs)} SVG pages but {len(pdf_pngs)} PDF pages"
    drawn = chromium_rasters(svgs, tmp_path)
    problems = []
    for i, (svg_img, png) in enumerate(zip(drawn, pdf_pngs), 1):
        pdf_img = np.asarray(Image.open(png).convert("L"), dtype=float)
        assert abs(svg_img.shape[0] - pdf_img.shape[0]) <= 2 and abs(svg_img.shape[1] - pdf_img.shape[1]) <= 2, \
            f"page {i}: SVG is {svg_img.shape}, PDF is {pdf_img.shape} pixels"
        assert (svg_img < 128).sum() > 50, f"page {i}: chromium drew a blank page"
        mean, peak = raster_difference(svg_img, pdf_img)
        if mean > MEAN_TOL or peak > PEAK_TOL:
            problems.append(f"page {i}: mean difference {mean:.2f}, 99.5th percentile {peak:.1f}")
            Image.fromarray(np.hstack([svg_img[:pdf_img.shape[0], :pdf_img.shape[1]], pdf_img]).astype("uint8")) \
                .save(tmp_path / f"diff-page-{i:02d}.png")
    assert not problems, f"SVG and PDF pages differ (side by side in {tmp_path}):\n  " + "\n  ".join(problems)


@pytest.mark.browser  # drawn by Debian's chromium
def test_raster_comparison_can_tell_pages_apart(kits, tmp_path):
    """The comparison is not blind: a page compared with a different page fails the tolerance."""
    if chromium() is None:
        pytest.skip("chromium is not installed here (.ci/run installs it)")
    from printkit.resources import layouts

    preset = layouts() / "intersections.yaml"  # the reference game: complete from the start
    svgs = kits.svg_paths(preset, "letter")
    pngs = kits.rasters(preset, "letter", CSS_DPI)
    drawn = chromium_rasters([svgs[0], svgs[-1]], tmp_path)
    first = np.asarray(Image.open(pngs[0]).convert("L"), dtype=float)
    mean, peak = raster_difference(drawn[0], first)
    assert mean <= MEAN_TOL and peak <= PEAK_TOL
    mean, peak = raster_difference(drawn[1], first)
    assert mean > MEAN_TOL or peak > PEAK_TOL, "the rule sheet matched the last game sheet"

"""Print audit: every preset's kit on Letter and A4, read back from the real PDF.

All ink inside the 12 mm margin, no text under 7 pt, no grid cell or dot pitch under
6 mm, no text printed over other text, pages of the right size, and player styles that
survive a greyscale printer.
"""

from __future__ import annotations

import itertools

import numpy as np
import pdfplumber
import pytest
from PIL import Image
from pdf_geometry import MM, ink, lattices, overlapping_text, text_runs
from quality_helpers import need

from printkit.sheet import MARGIN, MIN_CELL, MIN_TEXT, PAPERS, players

TOL = 0.05  # mm: rounding in the PDF's coordinates, far below what a printer can show


def _pdf(kits, preset, paper, **changes):
    return kits.plumbed(preset, paper, **changes)


def _report(problems: list[str], what: str) -> str:
    more = f"\n  ... and {len(problems) - 12} more" if len(problems) > 12 else ""
    return f"{len(problems)} {what}:\n  " + "\n  ".join(problems[:12]) + more


def test_pages_have_the_paper_size(kits, preset, paper):
    w, h = PAPERS[paper]
    with _pdf(kits, preset, paper) as pdf:
        assert len(pdf.pages) >= 2, "a kit has at least a rule sheet and one game sheet"
        for page in pdf.pages:
            assert abs(float(page.width) - w * MM) < 0.5 and abs(float(page.height) - h * MM) < 0.5, \
                f"page {page.page_number} is {float(page.width) / MM:.1f} x {float(page.height) / MM:.1f} mm"


def test_all_ink_inside_the_margin(kits, preset, paper):
    w, h = PAPERS[paper]
    problems = []
    with _pdf(kits, preset, paper) as pdf:
        for page in pdf.pages:
            for mark in ink(page):
                if (mark.x0 < MARGIN - TOL or mark.top < MARGIN - TOL
                        or mark.x1 > w - MARGIN + TOL or mark.bottom > h - MARGIN + TOL):
                    problems.append(f"page {page.page_number}: {mark}")
    assert not problems, _report(problems, f"marks outside the {MARGIN:g} mm margin")


def test_raster_has_no_ink_in_the_margin(kits, preset, paper):
    """The same check on poppler's raster: catches caps, joins and anything the geometry misses."""
    need("pdftoppm")
    dpi = 72
    px = dpi / 25.4
    band = int(np.floor(MARGIN * px)) - 1  # one pixel of anti-aliasing allowed
    problems = []
    for i, png in enumerate(kits.rasters(preset, paper, dpi), 1):
        img = np.asarray(Image.open(png).convert("L"))
        inner = np.zeros(img.shape, bool)
        inner[band:img.shape[0] - band, band:img.shape[1] - band] = True
        dark = (img < 230) & ~inner
        if dark.any():
            ys, xs = np.nonzero(dark)
            problems.append(f"page {i}: {dark.sum()} inked pixels in the margin, first at "
                            f"({xs[0] / px:.1f}, {ys[0] / px:.1f}) mm")
    assert not problems, _report(problems, "pages with ink in the margin")


def test_no_text_under_minimum_size(kits, preset, paper):
    problems = []
    with _pdf(kits, preset, paper) as pdf:
        for page in pdf.pages:
            for run in text_runs(page):
                if run.size < MIN_TEXT - 1e-6:
                    problems.append(f"page {page.page_number}: {run.text!r} at {run.size:.2f} pt")
    assert not problems, _report(problems, f"texts under {MIN_TEXT:g} pt")


def test_no_grid_cell_under_minimum(kits, preset, paper):
    problems = []
    with _pdf(kits, preset, paper) as pdf:
        for page in pdf.pages:
            for lat in lattices(page):
                if lat.cell < MIN_CELL - TOL:
                    problems.append(f"page {page.page_number}: {lat}")
    assert not problems, _report(problems, f"grids or dot arrays with cells under {MIN_CELL:g} mm")


def test_no_overlapping_text(kits, preset, paper):
    problems = []
    with _pdf(kits, preset, paper) as pdf:
        for page in pdf.pages:
            for a, b in overlapping_text(page):
                problems.append(f"page {page.page_number}: {a.text!r} ({a.size:g} pt at {a.x0:.1f},{a.baseline:.1f} mm) "
                                f"overlaps {b.text!r} ({b.size:g} pt at {b.x0:.1f},{b.baseline:.1f} mm)")
    assert not problems, _report(problems, "overlapping texts")


def _colours(pdf) -> set[tuple]:
    seen = set()
    for page in pdf.pages:
        for obj in itertools.chain(page.chars, page.lines, page.rects, page.curves):
            for key in ("stroking_color", "non_stroking_color"):
                c = obj.get(key)
                if c is None:
                    continue
                c = tuple(float(v) for v in (c if isinstance(c, (tuple, list)) else (c,)))
                if len(c) == 3:
                    seen.add((page.page_number, c))
    return seen


def test_greyscale_kit_has_no_colour(kits, preset):
    """``color: false`` prints greyscale: every colour in the PDF is a neutral grey."""
    with _pdf(kits, preset, "letter", color=False) as pdf:
        coloured = sorted({(p, c) for p, c in _colours(pdf) if max(c) - min(c) > 0.02})
    assert not coloured, _report([f"page {p}: rgb {c}" for p, c in coloured], "colours in a greyscale kit")


def test_colour_kit_shows_each_players_colour(kits, preset):
    """With colour on, every seat's palette colour appears somewhere in the kit (sheets, logs or badges)."""
    game, cfg, _ = kits.pages(preset, "letter")
    with _pdf(kits, preset, "letter") as pdf:
        used = {tuple(round(v, 3) for v in c) for _, c in _colours(pdf)}
    missing = [f"{s.name} ({s.colour_name})" for s in cfg.seats() if tuple(round(v, 3) for v in s.color) not in used]
    assert not missing, f"no ink in these players' colours: {', '.join(missing)}"


@pytest.mark.parametrize("color", [True, False])
@pytest.mark.parametrize("count", range(1, 9))
def test_player_styles_differ_without_colour(count, color):
    """Every pair of seats differs in dash pattern or symbol, so a greyscale print still tells them apart."""
    seats = players([f"P{i}" for i in range(count)], color)
    for a, b in itertools.combinations(seats, 2):
        assert a.dash != b.dash or a.shape != b.shape, f"{a.name} and {b.name} share dash and symbol"
        if color:
            assert a.color != b.color, f"{a.name} and {b.name} share a colour"
    for s in seats:
        assert s.cue and s.shape in s.cue, "the printed cue names the symbol"


def test_palette_greys_apart_or_second_cue():
    """Colours that print as nearly the same grey must be told apart by their dash and symbol."""
    seats = players([f"P{i}" for i in range(8)])

    def grey(c):
        r, g, b = c
        return 0.299 * r + 0.587 * g + 0.114 * b

    for a, b in itertools.combinations(seats, 2):
        if abs(grey(a.color) - grey(b.color)) < 0.15:
            assert a.dash != b.dash and a.shape != b.shape, f"{a.colour_name} / {b.colour_name}"


# ---------------------------------------------------------------- the audit itself can fail

def _synthetic_pdf(tmp_path, items):
    from printkit.draw import Page
    from printkit.writers import pdf

    w, h = PAPERS["letter"]
    path = tmp_path / "synthetic.pdf"
    path.write_bytes(pdf.render([Page(w, h, list(items))]))
    return pdfplumber.open(path)


def test_audit_detectors_catch_planted_defects(tmp_path):
    """Each check flags a page built to break it, and passes a page built to keep it."""
    from printkit.draw import Dots, Lines, Pen, Rect, Text, grid_lines

    w, h = PAPERS["letter"]
    bad = [
        Text(11.0, 40, "too far left", 9),  # starts 1 mm inside the margin band
        Text(50, 60, "tiny", 6.5),
        grid_lines(40, 80, 4, 3, 5.0),  # 5 mm cells
        Dots(tuple((40 + 5.5 * c, 120 + 5.5 * r) for r in range(3) for c in range(4)), 1.0),  # 5.5 mm pitch
        Text(60, 150, "overlapping", 10), Text(70, 151, "words", 10),
        Lines(((w - 12.0, 170, w - 12.0, 180),), Pen(width=0.5)),  # centred on the margin: half its width outside
        Rect(100, h - 12.2, 20, 0.4, None, (0, 0, 0)),  # dips 0.2 mm into the bottom margin
    ]
    with _synthetic_pdf(tmp_path, bad) as pdf:
        page = pdf.pages[0]
        outside = [m for m in ink(page) if m.x0 < MARGIN - TOL or m.x1 > w - MARGIN + TOL
                   or m.bottom > h - MARGIN + TOL]
        assert {m.kind for m in outside} == {"char", "line", "rect"}, outside
        assert [r.text for r in text_runs(page) if r.size < MIN_TEXT] == ["tiny"]
        cells = sorted(round(lat.cell, 2) for lat in lattices(page))
        assert 5.0 in cells and 5.5 in cells, cells
        pairs = [(a.text, b.text) for a, b in overlapping_text(page)]
        assert pairs == [("overlapping", "words")], pairs

    good = [
        Text(MARGIN, 40, "inside", 9), Text(50, 60, "big enough", 7),
        grid_lines(40, 80, 4, 3, 6.0), Dots(tuple((40 + 8 * c, 120 + 8 * r) for r in range(3) for c in range(4)), 1.0),
        Text(60, 150, "one line", 10), Text(60, 150 + 10 * 0.3528 * 1.15, "the next line", 10),
        Lines(((w - 12.3, 170, w - 12.3, 180),), Pen(width=0.5)),
    ]
    with _synthetic_pdf(tmp_path, good) as pdf:
        page = pdf.pages[0]
        assert not [m for m in ink(page) if m.x0 < MARGIN - TOL or m.x1 > w - MARGIN + TOL]
        assert all(r.size >= MIN_TEXT for r in text_runs(page))
        assert sorted(round(lat.cell, 2) for lat in lattices(page)) == [6.0, 8.0]
        assert not overlapping_text(page)


def test_lattice_finder_sees_the_reference_games_dot_arrays(kits):
    """On the reference game's round sheets the finder does see the dot array (so a pass means something)."""
    from printkit.resources import layouts

    preset = layouts() / "intersections.yaml"
    _, cfg, _ = kits.pages(preset, "letter")
    with _pdf(kits, preset, "letter") as pdf:
        found = [lat for page in pdf.pages for lat in lattices(page) if lat.kind == "dots"]
    arrays = [lat for lat in found if lat.cols == cfg.n and lat.rows == cfg.n]
    assert len(arrays) == cfg.rounds, [str(x) for x in found]
    assert all(lat.cell >= MIN_CELL for lat in arrays)


# ---------------------------------------------------------------- rule sheets alone, and score pictures

def _audit_pdf(path, paper) -> list[str]:
    """Margin, text size and overlap problems of a PDF printed on ``paper``."""
    w, h = PAPERS[paper]
    problems = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            n = page.page_number
            for mark in ink(page):
                if (mark.x0 < MARGIN - TOL or mark.top < MARGIN - TOL
                        or mark.x1 > w - MARGIN + TOL or mark.bottom > h - MARGIN + TOL):
                    problems.append(f"page {n}: outside the margin: {mark}")
            problems += [f"page {n}: {r.text!r} at {r.size:.2f} pt" for r in text_runs(page) if r.size < MIN_TEXT - 1e-6]
            problems += [f"page {n}: {a.text!r} overlaps {b.text!r}" for a, b in overlapping_text(page)]
    return problems


def test_rule_sheet_alone_is_printable(game_id, paper, tmp_path):
    """``printkit rules GAME``: the rule sheet on its own passes the same audit."""
    from printkit import kit, registry, rulesheet
    from printkit.sheet import paper as make_paper
    from printkit.writers import pdf

    game = registry.get(game_id)
    p = make_paper(paper)
    pages = rulesheet.pages(game, p)
    kit.number(pages, p, f"{game.title} rules")
    path = tmp_path / "rules.pdf"
    path.write_bytes(pdf.render(pages, "rules"))
    problems = _audit_pdf(path, paper)
    assert not problems, _report(problems, "problems on the rule sheet")
    with pdfplumber.open(path) as doc:
        text = " ".join(page.extract_text() or "" for page in doc.pages)
    assert game.designer in " ".join(text.split()), f"the rule sheet does not credit {game.designer}"


def test_score_picture_of_a_blank_record_is_printable(kits, preset, paper, tmp_path):
    """``printkit score --picture`` of the blank record ``printkit template`` writes for a preset."""
    import yaml

    from printkit import inputs, kit, validation
    from printkit.sheet import paper as make_paper
    from printkit.writers import pdf

    game, cfg, _ = kits.pages(preset, paper)
    text = game.template(cfg)
    data = yaml.safe_load(text)
    data["paper"] = paper
    res = validation.validate(game.Results, inputs.parse(text, "results.yaml"), data)
    report = game.score(res)
    p = make_paper(paper)
    pages = game.picture(res, report, p)
    assert pages, "the picture has no pages"
    kit.number(pages, p, "results")
    path = tmp_path / "picture.pdf"
    path.write_bytes(pdf.render(pages, "results"))
    problems = _audit_pdf(path, paper)
    assert not problems, _report(problems, "problems on the score picture")

"""Printing for every table: names in any script a font here has, sheets packed onto pages with cut
lines, one kit for an evening of several games, and printed words that speak to players."""

from __future__ import annotations

import re
import subprocess

import numpy as np
import pdfplumber
import pytest
from PIL import Image
from pdf_geometry import ink, overlapping_text, text_runs
from quality_helpers import CSS_DPI, chromium, chromium_rasters, load_config, need, printed_matches, raster_difference

from printkit import kit, registry
from printkit.draw import Circle, Page, Text, text_width
from printkit.resources import layouts
from printkit.sheet import MARGIN, MIN_TEXT, PAPERS, content_bottom, paper as make_paper
from printkit.writers import fonts

FOUR = ["Łukasz", "Дмитрий", "Zoë", "Αλέξης"]  # Latin beyond Western Europe, Cyrillic, Western, Greek
PRESET = layouts() / "intersections.yaml"


def _four_kit(tmp_path, fmt="pdf", preset=PRESET, **changes):
    if preset == PRESET:
        changes = {"segments": 12, **changes}  # a multiple of the four players
    game, cfg = load_config(preset, players=FOUR, **changes)
    pages = kit.build(game, cfg, "letter")
    files = kit.render(pages, [fmt], cfg.title or game.title)
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    return game, cfg, pages, files


def _embedded_fonts(pdf: bytes) -> list[str]:
    return re.findall(rb"/FontName /([A-Za-z0-9+\-]+)", pdf)


# ---------------------------------------------------------------- names in four scripts

def test_four_scripts_print_in_dejavu_and_read_back(tmp_path):
    game, cfg, pages, files = _four_kit(tmp_path)
    pdf = files["kit.pdf"]
    assert [f.split(b"+")[-1] for f in _embedded_fonts(pdf)] == [b"DejaVuSans", b"DejaVuSans-Bold"] or \
        sorted(f.split(b"+")[-1] for f in _embedded_fonts(pdf)) == [b"DejaVuSans", b"DejaVuSans-Bold"]
    with pdfplumber.open(tmp_path / "kit.pdf") as doc:
        text = " ".join(page.extract_text() or "" for page in doc.pages)
    for name in FOUR:
        assert name in text, f"{name} does not read back from the PDF"


def test_four_script_kit_passes_the_print_audit(tmp_path):
    """All ink inside the margin, no text under 7 pt, no text over other text: with names in four scripts."""
    _four_kit(tmp_path)
    for preset in sorted(layouts().glob("*.yaml")):
        game, cfg = load_config(preset)
        if not game.Config.MIN_PLAYERS <= 4 <= game.Config.MAX_PLAYERS:
            continue
        _, _, _, files = _four_kit(tmp_path, preset=preset)
        w, h = PAPERS["letter"]
        problems = []
        with pdfplumber.open(tmp_path / "kit.pdf") as doc:
            for page in doc.pages:
                n = page.page_number
                problems += [f"{preset.stem} page {n}: {m}" for m in ink(page) if m.x0 < MARGIN - 0.05
                             or m.top < MARGIN - 0.05 or m.x1 > w - MARGIN + 0.05 or m.bottom > h - MARGIN + 0.05]
                problems += [f"{preset.stem} page {n}: {r.text!r} at {r.size} pt" for r in text_runs(page)
                             if r.size < MIN_TEXT - 1e-6]
                problems += [f"{preset.stem} page {n}: {a.text!r} over {b.text!r}" for a, b in overlapping_text(page)]
        assert not problems, "\n".join(problems[:12])


def test_text_width_is_the_width_printed(tmp_path):
    """draw.text_width measures in the font that prints the text: the PDF's glyphs span that width."""
    from printkit.draw import Page as P
    from printkit.writers import pdf

    items = [Text(20, 30 + 10 * i, name, 11, bold=bool(i % 2)) for i, name in enumerate(FOUR + ["Ann"])]
    (tmp_path / "w.pdf").write_bytes(pdf.render([P(210, 297, items)]))
    with pdfplumber.open(tmp_path / "w.pdf") as doc:
        runs = text_runs(doc.pages[0])
    for it in items:
        run = next(r for r in runs if r.text == it.text)
        assert abs((run.x1 - run.x0) - text_width(it.text, it.size, it.bold)) < 0.05, it.text
    assert text_width("Дмитрий", 10) != pytest.approx(text_width("Dmitrij", 10), abs=0.5)


def test_svg_pages_name_the_font_of_the_pdf(tmp_path):
    _, _, pages, files = _four_kit(tmp_path, "svg")
    svg = b"".join(files.values()).decode("utf-8")
    for name in FOUR:
        if fonts.western(name):
            assert re.search(rf"font-family=\"Helvetica[^\"]*\"[^>]*>[^<]*{name}", svg), name
        else:
            assert re.search(rf"font-family=\"'DejaVu Sans'[^\"]*\"[^>]*>[^<]*{name}", svg), name


@pytest.mark.browser  # drawn by Debian's chromium
def test_four_script_svg_pages_match_the_pdf_in_chromium(tmp_path):
    if chromium() is None:
        pytest.skip("chromium is not installed here (.ci/run installs it)")
    need("pdftoppm")
    _four_kit(tmp_path, "pdf")
    svg_dir = tmp_path / "svg"
    svg_dir.mkdir()
    _four_kit(svg_dir, "svg")
    svgs = sorted(svg_dir.glob("page-*.svg"))
    subprocess.run(["pdftoppm", "-r", str(CSS_DPI), "-gray", str(tmp_path / "kit.pdf"), str(tmp_path / "p")],
                   check=True, capture_output=True, timeout=300)
    pngs = sorted(tmp_path.glob("p-*.pgm"))
    drawn = chromium_rasters(svgs, tmp_path)
    assert len(drawn) == len(pngs)
    for i, (svg_img, png) in enumerate(zip(drawn, pngs), 1):
        mean, peak = raster_difference(svg_img, np.asarray(Image.open(png).convert("L"), dtype=float))
        assert mean <= 3.5 and peak <= 36.0, f"page {i}: mean {mean:.2f}, 99.5th percentile {peak:.1f}"


def test_western_kits_embed_nothing_and_stay_the_same_bytes():
    """A kit whose text Helvetica prints embeds no font, and its bytes do not change after a kit with
    other scripts was made in the same process (no font state leaks from one kit into another)."""
    game, cfg = load_config(PRESET)
    before = kit.render(kit.build(game, cfg, "letter"), ["pdf", "svg"], "t")
    game4, cfg4 = load_config(PRESET, players=FOUR, segments=12)
    kit.render(kit.build(game4, cfg4, "letter"), ["pdf", "svg"], "t")
    after = kit.render(kit.build(game, cfg, "letter"), ["pdf", "svg"], "t")
    assert before == after
    assert not _embedded_fonts(before["kit.pdf"]) and b"/FontFile2" not in before["kit.pdf"]
    assert b"DejaVu" not in b"".join(before.values())


def test_cjk_prints_where_fontconfig_has_a_font(tmp_path):
    if fonts._fallback("中田") is None:
        pytest.skip("no TrueType font with CJK here (apt-get install fonts-wqy-zenhei)")
    game, cfg = load_config(layouts() / "curve.yaml", players=["田中", "Zoë"])
    pages = kit.build(game, cfg, "letter")
    pdf = kit.render(pages, ["pdf"], "t")["kit.pdf"]
    (tmp_path / "k.pdf").write_bytes(pdf)
    with pdfplumber.open(tmp_path / "k.pdf") as doc:
        assert "田中" in " ".join(p.extract_text() or "" for p in doc.pages)
    assert b"/FontFile2" in pdf


def test_no_font_for_a_script_is_one_line_naming_the_package(monkeypatch, printkit, write):
    from printkit.model import _check_font

    monkeypatch.setattr(fonts, "_fc_query", lambda chars: [])
    fonts._fallback.cache_clear()
    fonts.runs.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"no font on this machine can print: 田 中; .*apt-get install "
                                             r"fonts-wqy-zenhei"):
            _check_font("player name '田中'", "田中")
        with pytest.raises(ValueError, match="apt-get install fonts-nanum"):
            _check_font("player name '김민준'", "김민준")
    finally:
        fonts._fallback.cache_clear()
        fonts.runs.cache_clear()
    cfg = write("arab.yaml", "game: curve\nplayers: [أحمد, Ann]\n")
    r = printkit("make", cfg, "-o", cfg.parent / "out")
    assert r.code == 2 and r.err.count("\n") == 1 and "right to left" in r.err and "players" in r.err
    assert not (cfg.parent / "out").exists()


# ---------------------------------------------------------------- pages packed, cut lines

def test_no_preset_page_is_half_empty(paper):  # paper: letter and a4 (conftest)
    p = make_paper(paper)
    for preset in sorted(layouts().glob("*.yaml")):
        game, cfg = load_config(preset)
        for i, page in enumerate(kit.build(game, cfg, paper), 1):
            body = Page(page.width, page.height, page.items[:-1])  # the page number aside
            used = (content_bottom(body) - p.top) / (p.bottom - p.top)
            assert used >= 0.5, f"{preset.stem} page {i} on {paper} is {used:.0%} used"


def test_intersections_rounds_share_pages_at_the_same_dot_spacing():
    game, cfg = load_config(PRESET)
    pages = kit.build(game, cfg, "letter")
    assert len(pages) == 4, "2 rule sheet pages (the second with round 1), then rounds 2-3, round 4 and the scores"
    titles = [[t.text for t in pg.items if isinstance(t, Text) and "round" in t.text and t.bold and t.size == 14]
              for pg in pages]
    assert [len(t) for t in titles] == [0, 1, 2, 1]
    from printkit.draw import Dots

    pitches = {round(d.points[1][0] - d.points[0][0], 3) for pg in pages for d in pg.items
               if isinstance(d, Dots) and len(d.points) == cfg.n ** 2}
    assert pitches == {20.0}, "every round at the dot spacing of a page to itself"


def _cut_lines(page) -> int:
    return sum(1 for it in page.items if isinstance(it, Circle) and it.r == 0.9) // 2


def test_sheets_sharing_a_page_have_a_cut_line_between_them():
    game, cfg = load_config(PRESET)
    pages = kit.build(game, cfg, "letter")
    assert [_cut_lines(p) for p in pages] == [0, 1, 0, 1], "rules | round 1; round 4 | score sheet"
    game, cfg = load_config(layouts() / "curve.yaml")
    pages = kit.build(game, cfg, "letter")
    assert _cut_lines(pages[1]) == 1 and any(t.text.endswith("score sheet") for t in pages[1].items
                                             if isinstance(t, Text))


# ---------------------------------------------------------------- one kit for an evening

EVENING = """\
game: intersections
title: Friday games
players: [Ann, Ben]
copies: 2
also:
  - {game: curve, n: 10}
  - {game: ikes, copies: 3}
"""


def _texts(pages) -> list[str]:
    return [t.text for p in pages for t in p.items if isinstance(t, Text)]


def test_an_evening_kit_prints_rules_and_cards_once_and_play_sheets_n_times(write):
    from printkit import inputs, registry, validation

    path = write("evening.yaml", EVENING)
    doc = inputs.load(path)
    game = registry.get("intersections")
    cfg = validation.validate(game.Config, doc)
    pages = kit.build(game, cfg)
    assert _texts(pages[-1:])[0] == "The evening's standings: Friday games"  # it names every game, once more
    texts = _texts(pages[:-1])
    for title in ("Making Intersections", "Within The Curve", "The Long Way"):
        assert texts.count(title) == 1, f"the rule sheet of {title} once"
    for n in (1, 2):
        assert texts.count(f"Making Intersections, game {n} of 2: round 1 of 4") == 1
        assert texts.count(f"Making Intersections, game {n} of 2: score sheet") == 1
    assert texts.count("Within The Curve: Ann's grids") == 1
    assert texts.count("The Long Way: the 36 tiles") == 1, "the tile card is printed once, unnumbered"
    assert [texts.count(f"The Long Way, game {n} of 3: store of Ann") for n in (1, 2, 3)] == [1, 1, 1]
    assert all(t.endswith("printkit") and t.startswith("Friday games") for t in _texts(pages) if " of " + str(len(pages))
               in t and "page" in t)


@pytest.mark.parametrize("also, where, message", [
    ("[{game: curve, n: 100}]", "also[1].n", "at most 30"),
    ("[{game: curv}]", "also[1].game", "did you mean 'curve'"),
    ("[{game: curve, nn: 4}]", "also[1].nn", "unknown key"),
    ("[{game: ikes, paper: a4}]", "also[1].paper", "once, at the top"),
    ("[{n: 4}]", "also[1]", "missing key 'game'"),
    ("[curve]", "also[1]", "expected 'key: value' lines"),
    ("[{game: add-residue, players: [Ann]}]", "also[1].players", "2 to 8"),
])
def test_an_evening_config_names_the_problem_in_one_line(printkit, write, also, where, message):
    path = write("bad.yaml", f"game: intersections\nplayers: [Ann, Ben]\nalso: {also}\n")
    r = printkit("make", path, "-o", path.parent / "out")
    assert r.code == 2 and r.err.count("\n") == 1, r.err
    assert f"bad.yaml:3: {where}:" in r.err and message in r.err, r.err


def test_new_documents_copies_and_also(printkit):
    r = printkit("new", "curve", "-o", "-")
    assert r.code == 0
    assert "copies: 1" in r.out and "also: []" in r.out and "{game: curve, n: 10}" in r.out


def test_a_results_file_does_not_repeat_how_the_kit_was_printed():
    game = registry.get("curve")
    cfg = game.Config.from_dict({"game": "curve", "players": ["Ann", "Ben"], "copies": 3,
                                 "also": [{"game": "ikes"}]})
    text = game.template(cfg)
    assert "copies" not in text and "also" not in text


# ---------------------------------------------------------------- printed words speak to players

DOC_WORDS = re.compile(r"\b((?-i:SPEC|SHAPE|README|TODO|FIXME)|specifications?|issues?|seeds?|original text|"
                       r"ticket)\b", re.I)


def _printed_pages():
    """Every preset's kit on both papers, every rule sheet alone, every played example's picture, an
    evening kit."""
    from printkit import inputs, rulesheet, validation
    from printkit.resources import layouts as presets

    for preset in sorted(presets().glob("*.yaml")):
        game, cfg = load_config(preset)
        for paper in ("letter", "a4"):
            yield preset.stem, kit.build(game, cfg, paper)
    for game in registry.all_games():
        yield f"rules {game.id}", rulesheet.pages(game, make_paper("letter"))
    from pathlib import Path

    for path in sorted((Path(__file__).resolve().parents[1] / "games" / "data").glob("played-*.yaml")):
        doc = inputs.load(path)
        game = registry.get(doc.data["game"])
        res = validation.validate(game.Results, doc)
        yield path.name, game.picture(res, game.score(res), make_paper(res.paper))


def test_printed_words_speak_to_players():
    found = printed_matches(_printed_pages(), DOC_WORDS)
    assert not found, "printed words that speak of our documents:\n  " + "\n  ".join(found[:20])


# the software, named on a page only as the maker's mark (the footer's last word, the rule sheet's credit line),
# never in a sentence that tells players what it can do
SOFTWARE = re.compile(r"\bprintkit\b(?!\s*$)(?!'s own words)", re.I)


def test_printed_words_never_speak_of_the_software():
    found = printed_matches(_printed_pages(), SOFTWARE)
    assert not found, "printed words that speak of the software:\n  " + "\n  ".join(found[:20])


def test_the_word_check_catches_planted_words():
    assert DOC_WORDS.search("SPEC and the original text leave these open")
    assert DOC_WORDS.search("see issue 16") and DOC_WORDS.search("the seeds say")
    assert not DOC_WORDS.search("Fine points, settled so that every table plays alike.")
    assert SOFTWARE.search("printkit can check every curve") and not SOFTWARE.search("Curve · page 1 of 2 · printkit")


# ---------------------------------------------------------------- the command line

def test_solve_and_simulate_help_list_their_games(printkit):
    for kind, games in (("solve", ("curve", "add-residue")), ("simulate", ("knives", "ikes"))):
        r = printkit(kind, "--help")
        assert r.code == 0, r.err
        for g in games:
            assert f"printkit {kind} {g} --help" in r.out
        assert "intersections" not in r.out


def test_version_and_completion(printkit):
    from printkit import __version__

    r = printkit("--version")
    assert r.code == 0 and r.out.strip() == f"printkit {__version__}"
    r = printkit("--help")
    assert "--install-completion" in r.out and "--version" in r.out


def test_make_says_which_file_to_print(tmp_path):
    """At a terminal, after the paths: which file to print.  Piped, the paths alone (one a line, for scripts)."""
    import os
    import pty
    import sys

    out = tmp_path / "out"
    main, tty = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "printkit", "make", str(PRESET), "-o", str(out), "--format",
                          "pdf,svg"], stdout=tty, stderr=subprocess.PIPE, cwd=tmp_path)
    os.close(tty)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        chunks.append(chunk)
    assert p.wait(120) == 0, p.stderr.read()
    os.close(main)
    lines = b"".join(chunks).decode().splitlines()
    kit_pdf = out / "intersections" / "kit.pdf"
    assert lines[0] == str(kit_pdf)
    assert lines[-1] == (f"To print: {kit_pdf} (4 pages, the whole kit in order; the SVG files are the same "
                         "pages one by one)")
    piped = subprocess.run([sys.executable, "-m", "printkit", "make", str(PRESET), "-o", str(tmp_path / "o2")],
                           capture_output=True, text=True, cwd=tmp_path)
    assert piped.returncode == 0 and piped.stderr == ""
    written = piped.stdout.splitlines()
    assert written[0] == str(tmp_path / "o2" / "intersections" / "kit.pdf") and len(written) == 5
    assert all(line.startswith(str(tmp_path / "o2")) for line in written)


def test_cjk_names_in_bold_headings_print_bold(tmp_path):
    """A font without a bold face (WenQuanYi Zen Hei) prints bold text stroked as well as filled."""
    if fonts._fallback("中田") is None:
        pytest.skip("no TrueType font with CJK here (apt-get install fonts-wqy-zenhei)")
    from printkit.draw import Page
    from printkit.writers import pdf

    import io

    from pypdf import PdfReader

    def drawn(text, bold):
        data = pdf.render([Page(100, 100, [Text(10, 20, text, 12, bold=bold)])])
        return PdfReader(io.BytesIO(data)).pages[0].get_contents().get_data()

    assert b" 2 Tr" in drawn("田中", True) and b"0 Tr" in drawn("田中", True)
    assert b" 2 Tr" not in drawn("田中", False)
    assert b" 2 Tr" not in drawn("Дмитрий", True)  # DejaVu has a bold face

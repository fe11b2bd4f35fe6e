"""The kit's "The season so far": printed first when a config names a season folder, in the paper rules
(inside the 12 mm margin on Letter and A4, text at 7 pt or more, nothing printed over other text, names of 16
letters whole with their symbol, greyscale with ``color: false``, dark enough in grey, no words about the
software), and the same table as ``printkit season``; a kit without the key is unchanged."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pdfplumber
import pytest
import yaml

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE / "quality")]
import season_data  # noqa: E402
from pdf_geometry import ink, overlapping_text, text_runs  # noqa: E402
from test_greyscale import PLAYER_MAX, TEXT_MAX, grey_pages, text_ink  # noqa: E402
from test_printed_words import SOFTWARE_WORDS  # noqa: E402

from printkit import kit, registry  # noqa: E402
from printkit.draw import Text  # noqa: E402
from printkit.season import folder as seasons, sheet, wins as wins_chart  # noqa: E402
from printkit.season.standings import shown  # noqa: E402
from printkit.sheet import MARGIN, MIN_TEXT, PAPERS, paper as make_paper  # noqa: E402

LONG = {"Ann": "Benedikt Olafson", "Ben": "Wolfgang Amadeus", "Cat": "Françoise Dupont", "Dan": "Gwendolyn Harris"}


@pytest.fixture(scope="module")
def autumn(tmp_path_factory) -> Path:
    """Three evenings from the played records (the last with Within The Curve not entered), players with names of
    16 letters."""
    top = tmp_path_factory.mktemp("kit") / "autumn"
    for k, day in enumerate(("2026-09-03", "2026-09-10", "2026-09-17")):
        names = {a: LONG[b] for a, b in season_data.turn(k).items()}
        season_data.evening(top, day, names, skip=("curve",) if k == 2 else ())
    return top


def next_evening(autumn: Path, **more) -> Path:
    config = autumn.parent / "next.yaml"
    config.write_text(yaml.safe_dump({"game": "intersections", "title": "Friday games", "players": list(LONG.values()),
                                      "season": "autumn", **more}, allow_unicode=True), encoding="utf-8")
    return config


def kit_pages(config: Path, paper: str):
    from printkit.cli.app import load

    game, cfg = load(str(config))
    return cfg, kit.build(game, cfg, paper, sheet.for_kit(str(config), cfg, paper))


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("color", [True, False], ids=["colour", "greyscale"])
def test_the_season_page_keeps_to_the_paper(autumn, tmp_path, paper, color):
    config = next_evening(autumn, color=color)
    cfg, pages = kit_pages(config, paper)
    season = seasons.load(autumn)
    own = sheet.pages(season, make_paper(paper), color)
    assert len(own) == 1 and pages[0].items[: len(own[0].items)] == own[0].items  # printed first
    pdf_path = tmp_path / "kit.pdf"
    pdf_path.write_bytes(kit.render(pages[:1], ["pdf"], "kit")["kit.pdf"])
    w, h = PAPERS[paper]
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        outside = [m for m in ink(page) if m.x0 < MARGIN - 0.05 or m.top < MARGIN - 0.05
                   or m.x1 > w - MARGIN + 0.05 or m.bottom > h - MARGIN + 0.05]
        assert not outside, outside[:5]
        small = [r.text for r in text_runs(page) if r.size < MIN_TEXT - 1e-6]
        assert not small, small
        assert not overlapping_text(page), overlapping_text(page)[:3]
        if not color:
            coloured = {tuple(c) for obj in page.chars + page.lines + page.rects + page.curves
                        for key in ("stroking_color", "non_stroking_color")
                        if isinstance(c := obj.get(key), (tuple, list)) and len(c) == 3 and max(c) - min(c) > 0.02}
            assert not coloured, coloured
    texts = [t for t in own[0].items if isinstance(t, Text)]
    for name in LONG.values():  # whole, on one line, in each of the three tables
        assert sum(t.text == name for t in texts) == 3, name
    badges = {it for it in own[0].items if not isinstance(it, Text)}
    assert len(badges) > 12  # a symbol a player a row (and the rules of the tables)
    words = [t.text for t in texts if SOFTWARE_WORDS.search(t.text)]
    assert not words, words
    img = grey_pages(own, tmp_path, "season")[0]
    light = [(t.text, text_ink(img, t)) for t in texts if t.text.strip()
             and text_ink(img, t) > (PLAYER_MAX if t.text in LONG.values() else TEXT_MAX)]
    assert not light, light


def test_the_season_page_shows_the_same_table_as_the_command(autumn, printkit):
    got = json.loads(printkit("season", autumn, "--json").out)
    config = next_evening(autumn)
    _, pages = kit_pages(config, "letter")
    texts = [t.text for t in pages[0].items if isinstance(t, Text)]
    assert "The season so far" in texts
    at = texts.index("Standings (a game won in a tie is shared)")
    for p in got["players"]:
        i = texts.index(p["name"], at)
        assert texts[i + 1:i + 7] == [str(p["evenings"]), str(p["played"]), str(p["won"]), f"{p['win_rate']}%",
                                      str(p["streak"]), str(p["best_streak"])]
        i = texts.index(p["name"], i + 1)
        assert texts[i + 1:i + 1 + len(got["games"])] == [
            f"{g['won']} of {g['played']}" if (g := p["games"].get(gid)) else "-" for gid in got["games"]]
        i = texts.index(p["name"], i + 1)
        assert texts[i + 1:i + 1 + len(got["games"])] == [
            f"{g['best']} ({g['best_evening']})" if (g := p["games"].get(gid)) else "-" for gid in got["games"]]
    lead = got["leaders"]
    assert any(t.startswith("Leader") and lead[0] in t for t in texts)
    assert any("Not counted" in t for t in texts) and any("Within The Curve" in t for t in texts)


def test_a_kit_without_the_key_is_unchanged(tmp_path, printkit):
    """The same config with and without ``season: ''`` makes the same bytes, and a kit made without a season
    starts with its rule sheet."""
    base = {"game": "knives", "players": ["Ann", "Ben"], "also": [{"game": "curve"}]}
    for name, data in (("a", base), ("b", {**base, "season": ""})):
        (tmp_path / f"{name}.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
        assert printkit("make", f"{name}.yaml", "-o", "out", cwd=tmp_path).code == 0
    assert (tmp_path / "out/a/kit.pdf").read_bytes() == (tmp_path / "out/b/kit.pdf").read_bytes()
    game = registry.get("knives")
    pages = kit.build(game, game.Config.from_dict(base), "letter")
    assert not any(isinstance(t, Text) and t.text == "The season so far" for p in pages for t in p.items)


def test_a_season_folder_that_is_not_there_is_named_at_its_key(tmp_path, printkit):
    (tmp_path / "k.yaml").write_text("game: knives\nplayers: [A, B]\nseason: nowhere\n")
    r = printkit("make", "k.yaml", "-o", "out", cwd=tmp_path)
    assert r.code == 2 and r.err.strip() == ("printkit: k.yaml:3: season: 'nowhere' is not a folder here (a season is "
                                             "a folder of evenings, their configs and results files, found from "
                                             "this file's folder)")
    (tmp_path / "k.yaml").write_text("game: knives\nplayers: [A, B]\nalso:\n  - {game: curve, season: x}\n")
    r = printkit("make", "k.yaml", "-o", "out", cwd=tmp_path)
    assert r.code == 2 and "k.yaml:4: also[1].season: give it once, at the top of the file" in r.err
    assert not (tmp_path / "out").exists()


def test_a_results_file_does_not_repeat_the_season():
    game = registry.get("curve")
    cfg = game.Config.from_dict({"game": "curve", "players": ["Ann", "Ben"], "season": "../autumn"})
    assert "season" not in game.template(cfg)


def test_a_long_season_runs_on_to_a_second_page_with_its_headings(tmp_path):
    top = tmp_path / "big"
    many = [f"Player {i}" for i in range(1, 25)]
    for k in range(6):
        names = dict(zip(season_data.ROSTER, many[4 * k:4 * k + 4]))
        season_data.evening(top, f"2026-10-{k + 1:02d}", names, games=["knives", "intersections"])
    pages = sheet.pages(seasons.load(top), make_paper("letter"))
    assert len(pages) >= 2
    for p in pages[1:]:
        texts = [t.text for t in p.items if isinstance(t, Text)]
        assert "The season so far (continued)" in texts and "Player" in texts
    printed = [t.text for p in pages for t in p.items if isinstance(t, Text)]
    for name in many[:20]:
        assert printed.count(name) == 3, name


def test_the_chart_draws_each_players_wins_after_each_evening(autumn):
    from printkit.draw import Polyline

    season = seasons.load(autumn)
    page = sheet.pages(season, make_paper("letter"))[0]
    texts = [t.text for t in page.items if isinstance(t, Text)]
    at = texts.index("Games won over the evenings (in all, after each evening)")
    lines = [it for it in page.items if isinstance(it, Polyline) and not it.closed]
    assert len(lines) == len(season.table.lines) and all(len(line.points) == len(season.nights) for line in lines)
    for ln, line in zip(season.table.lines, lines):
        ys = [y for _, y in line.points]
        wins = [float(v) for v in ln.wins_after]
        for a in range(len(ys)):
            for b in range(len(ys)):
                assert (ys[a] < ys[b]) == (wins[a] > wins[b])  # higher on the page: more games won
    paper = make_paper("letter")
    ends = [t for t in page.items if isinstance(t, Text) and abs(t.x - (paper.right - wins_chart.RIGHT + 2)) < 1e-6]
    assert sorted(t.text for t in ends) == sorted(str(shown(ln.won)) for ln in season.table.lines)
    assert at > 0


def test_a_hundred_evenings_chart_keeps_its_names_apart(tmp_path):
    top = season_data.season(tmp_path / "long", 100, skip_last=("curve",))
    pages = sheet.pages(seasons.load(top, workers=2), make_paper("a4"))
    pdf_path = tmp_path / "season.pdf"
    pdf_path.write_bytes(kit.render(pages, ["pdf"], "season")["kit.pdf"])
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            assert not overlapping_text(page), overlapping_text(page)[:3]
            assert all(r.size >= MIN_TEXT - 1e-6 for r in text_runs(page))
    texts = [t.text for p in pages for t in p.items if isinstance(t, Text)]
    assert "2026-09-03" in texts and "2028-07-27" in texts  # the first and last evenings named under the chart

"""Selling Knives printed kit: margins, text sizes, the map at kcount 14, checklist, reference, determinism."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from printkit import kit
from printkit.draw import PT, Circle, Lines, Polyline, Rect, Text, text_width
from printkit.draw import GREY
from printkit.games.knives.cards import pair_claims, road_count, roads_paid
from printkit.games.knives import sheets
from printkit.games.knives.game import GAME, Config
from printkit.games.knives.reference import claim_card
from printkit.sheet import MARGIN, MIN_TEXT, paper


def config(**kw):
    data = {"game": "knives", "players": ["Ann", "Ben", "Cat"], **kw}
    return Config.from_dict(data)


def bbox(it):
    if isinstance(it, Lines):  # butt caps: a stroke widens across its direction only
        w = it.pen.width / 2
        boxes = []
        for x1, y1, x2, y2 in it.segments:
            d = math.hypot(x2 - x1, y2 - y1) or 1
            dx, dy = abs(y2 - y1) / d * w, abs(x2 - x1) / d * w
            if it.pen.round:
                dx = dy = w
            boxes.append((min(x1, x2) - dx, min(y1, y2) - dy, max(x1, x2) + dx, max(y1, y2) + dy))
        return tuple(f(b[i] for b in boxes) for i, f in enumerate((min, min, max, max)))
    if isinstance(it, Circle):
        w = it.r + (it.pen.width / 2 if it.pen else 0)
        return it.cx - w, it.cy - w, it.cx + w, it.cy + w
    if isinstance(it, Rect):
        w = it.pen.width / 2 if it.pen else 0
        return it.x - w, it.y - w, it.x + it.w + w, it.y + it.h + w
    if isinstance(it, Polyline):
        xs, ys = zip(*it.points)
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(it, Text):
        w = text_width(it.text, it.size, it.bold)
        x0 = {"start": it.x, "middle": it.x - w / 2, "end": it.x - w}[it.anchor]
        return x0, it.y - it.size * PT * 0.75, x0 + w, it.y
    return None


@pytest.mark.parametrize("paper_name", ["letter", "a4"])
@pytest.mark.parametrize("kcount", [3, 8, 12, 14, 20, "draw"])
def test_every_page_keeps_the_margin_and_the_smallest_text(paper_name, kcount):
    cfg = config(kcount=kcount, players=8 if kcount in (14, "draw") else ["Ann", "Ben", "Cat"])
    pages = kit.build(GAME, cfg, paper_name)
    p = paper(paper_name)
    for n, page in enumerate(pages, 1):
        assert (page.width, page.height) == (p.width, p.height)
        for it in page.items:
            if isinstance(it, Text):
                assert it.size >= MIN_TEXT, (n, it)
            box = bbox(it)
            if box:
                x0, y0, x1, y1 = box
                assert x0 >= MARGIN - 0.02 and y0 >= MARGIN - 0.02, (n, it)  # ink, with half the stroke
                assert x1 <= p.width - MARGIN + 0.02 and y1 <= p.height - MARGIN + 0.02, (n, it)


def titles(pages):
    return [next(t.text for t in pg.items if isinstance(t, Text) and t.bold) for pg in pages]


def test_a_fixed_kcount_kit_in_print_order():
    cfg = config(kcount=12)
    pages = GAME.kit(cfg, paper("letter"))
    heads = titles(pages)
    assert "claim cards for kcount 12" in heads[0] and "the map" in heads[1] and "road checklist" in heads[2]
    assert all("turn log" in t for t in heads[3:]) and len(heads) == 6  # one log for the table, 3 pages
    assert not any("Set-up" in t for pg in pages for t in (i.text for i in pg.items if isinstance(i, Text)))


def test_a_drawn_kcount_kit_has_the_set_up_card_and_a_map_and_claim_card_for_every_count():
    from printkit import rulesheet

    cfg = config()  # kcount: draw, the default
    p = paper("letter")
    pages = kit.build(GAME, cfg, "letter")
    first = len(rulesheet.pages(GAME, p)) + 1
    game_pages = pages[first - 1:]
    texts = [[t.text for t in pg.items if isinstance(t, Text)] for pg in game_pages]
    assert texts[0][0].endswith(": set-up, drawing kcount (the number of knife centres)")
    blocks = {}
    for i, page_texts in enumerate(texts[:4]):
        for t in page_texts:
            if t.startswith("kcount ") and "knife centres" in t:
                blocks[int(t.split()[1])] = first + i
    assert sorted(blocks) == list(range(8, 15))  # every count the draw can give, each titled
    assert "kcount 12 (the card drawn: Q): 12 knife centres, 66 roads" in texts[2] + texts[3]
    # each block's map has its own centres; the set-up card says on which page it is
    circles = [[c for c in pg.items if isinstance(c, Circle) and c.fill == (1.0, 1.0, 1.0)] for pg in game_pages[:4]]
    assert [len(c) for c in circles] == [8, 9 + 10, 11 + 12, 13 + 14]
    for k, n in blocks.items():
        half = "top" if k % 2 == 1 else "bottom"
        assert f"page {n}, {half}" in texts[0], (k, n)
    assert "road checklist for every kcount from 8 to 14" in texts[4][0]
    assert all("turn log" in t[0] for t in texts[5:]) and len(texts) in (5 + 2, 5 + 3)  # sized for the mean count
    assert len(pages) == first - 1 + len(texts)


@pytest.mark.parametrize("kcount", range(8, 15))
def test_the_map_beside_its_claim_card_stays_readable(kcount):
    """On the drawn kit's half-page blocks: centres apart, roads clear of the centres they do not join."""
    from printkit.games.knives.reference import block

    items = block(kcount, paper("letter").inner_width, 120, "t")
    circles = [c for c in items if isinstance(c, Circle) and c.fill == (1.0, 1.0, 1.0)]
    assert len(circles) == kcount
    r = circles[0].r
    assert r >= 4
    readable(circles, kcount, r)
    texts = [t for t in items if isinstance(t, Text)]
    xs = {round(c.cx, 3) for c in circles}
    numbers = [t for t in texts if t.text.isdigit() and round(t.x, 3) in xs]
    assert len(numbers) == kcount and min(t.size for t in numbers) >= 9


def readable(circles, kcount, r):
    pts = [(c.cx, c.cy) for c in circles]
    for i, j in [(i, j) for i in range(kcount) for j in range(i + 1, kcount)]:
        assert math.dist(pts[i], pts[j]) > 2 * r + 5
        (ax, ay), (bx, by) = pts[i], pts[j]
        for m, (px, py) in enumerate(pts):
            if m in (i, j):
                continue
            t = max(0, min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
            gap = math.dist((px, py), (ax + t * (bx - ax), ay + t * (by - ay)))
            assert gap > r + 0.5, (kcount, i + 1, j + 1, m + 1)


def log_rows(pages) -> list[int]:
    return [int(t.text) for pg in pages for t in pg.items
            if isinstance(t, Text) and t.text.isdigit() and t.color == GREY and t.anchor == "end"]


@pytest.mark.parametrize("kcount, players", [(8, 2), (12, 3), (14, 8), ("draw", 3), (20, 2), (3, 2)])
def test_the_turn_log_is_sized_from_the_players_and_kcount(kcount, players):
    from printkit.games.knives.turnlog import expected_turns

    cfg = config(kcount=kcount, players=players)
    pages = [pg for pg in GAME.kit(cfg, paper("letter")) if "turn log" in next(t.text for t in pg.items
                                                                                 if isinstance(t, Text))]
    rows = log_rows(pages)
    need = expected_turns(kcount, players)
    per_page = len(log_rows(pages[:1])) if len(pages) > 1 else None
    assert rows == list(range(1, len(rows) + 1)) and need <= len(rows)
    assert per_page is None or len(rows) - need < per_page  # whole pages, not one more than the game needs
    last = [t.text for t in pages[-1].items if isinstance(t, Text)]
    assert any(t.startswith("End of the game") for t in last) and "Winner:" in last
    assert any(f"number the rows on from {len(rows) + 1}" in t for t in last)
    assert all(f"Player {i}" in last for i in range(1, players + 1))


def test_a_short_game_has_a_short_log_and_a_long_one_a_long_log():
    def pages(k, n):
        return sum("turn log" in t.text for pg in GAME.kit(config(kcount=k, players=n), paper("letter"))
                   for t in pg.items if isinstance(t, Text) and t.bold and t.size >= 10)

    assert pages(8, 2) == 1 and pages(14, 8) >= 4 and pages("draw", 3) < pages(14, 3)


def test_a_kit_without_the_turn_log_still_ends_the_game_on_paper():
    cfg = config(kcount=12, turn_log=False)
    blocks = GAME.kit(cfg, paper("letter"))
    texts = [t.text for b in blocks for t in b.items if isinstance(t, Text)]
    assert not any("turn log" in t for t in texts)
    assert any(t.startswith("End of the game") for t in texts) and "Winner:" in texts
    from printkit import rulesheet

    words = " ".join(t for _, t in rulesheet.blocks(rulesheet.source(GAME, cfg)))
    assert "turn log" not in words and "tally strip" in words


def test_the_turn_log_has_a_row_a_turn_in_seat_order():
    from printkit.games.knives.turnlog import estimated_turns

    cfg = config(kcount=12)
    pages = GAME.kit(cfg, paper("letter"))[3:]
    numbers = [int(t.text) for pg in pages for t in pg.items
               if isinstance(t, Text) and t.text.isdigit() and t.color == GREY and t.anchor == "end"]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= estimated_turns(12, 3)
    names = [t.text for t in pages[0].items if isinstance(t, Text) and t.text in ("Ann", "Ben", "Cat")]
    assert names[:6] == ["Ann", "Ben", "Cat", "Ann", "Ben", "Cat"]
    heads = [t.text for t in pages[0].items if isinstance(t, Text) and t.bold]
    assert heads.count("draws") == 2 and any("Long claims" in h for h in heads)


@pytest.mark.parametrize("kcount", range(8, 15))
def test_map_stays_readable(kcount):
    """Centres do not touch, and every road passes clear of the centres it does not join."""
    cfg = config(kcount=kcount)
    page = sheets.map_page(cfg, paper("letter"), cfg.seats(), "t")
    circles = [c for c in page.items if isinstance(c, Circle) and c.fill == (1.0, 1.0, 1.0)]
    assert len(circles) == kcount
    r = circles[0].r
    assert r >= 5  # room for a two-digit number at a readable size
    numbers = [t for t in page.items if isinstance(t, Text) and t.text.isdigit() and t.bold]
    assert sorted(int(t.text) for t in numbers) == list(range(1, kcount + 1)) and min(t.size for t in numbers) >= 10
    readable(circles, kcount, r)
    guides = [it for it in page.items if isinstance(it, Lines) and len(it.segments) == road_count(kcount)]
    assert len(guides) == 1 and guides[0].pen.color != (0, 0, 0)  # every road, as a faint guide


@pytest.mark.parametrize("kcount", [12, 14, 30])
def test_checklist_has_a_box_per_road(kcount):
    page = sheets.checklist_page(config(kcount=kcount), paper("letter"), "t")
    texts = [t.text for t in page.items if isinstance(t, Text)]
    rows = [t for t in page.items if isinstance(t, Text) and t.anchor == "end" and t.bold]
    cols = [t for t in page.items if isinstance(t, Text) and t.anchor == "middle" and t.bold]
    assert [t.text for t in rows] == [str(a) for a in range(1, kcount)]
    assert [t.text for t in cols] == [str(b) for b in range(2, kcount + 1)]
    cell = cols[1].x - cols[0].x
    assert cell >= 6.0
    if kcount <= 14:
        assert "1-2" in texts and f"{kcount - 1}-{kcount}" in texts
        assert str(road_count(kcount)) in texts  # the roads-left counter starts at the total


def test_claim_card_lists_multiples_and_pairs_written_as_in_a_results_file():
    items, h = claim_card(12, 73)
    texts = " ".join(t.text for t in items if isinstance(t, Text))
    for m in range(1, 7):
        assert str(12 * m) in texts
    assert "A is 1 or 14" in texts and "Write an ace as A" in texts
    assert "A(" not in texts  # never an ace with its value: the results file takes just A
    pairs = pair_claims(12)
    assert pairs[1][0] == "Q" and "A J" in pairs[1] and "A 10" in pairs[2] and "J K" in pairs[2]
    assert pair_claims(14)[1][0] == "A" and pair_claims(14)[2] == ["A A"]
    assert "A Q" in pair_claims(13)[1] and "A Q" in pair_claims(13)[2]  # 13 with the ace as 1, 26 as 14
    # every pair listed really pays its roads, for some choice of its aces
    for k in range(3, 31):
        for m, combos in pair_claims(k).items():
            for c in combos:
                assert m in roads_paid(c.split(), k), (k, m, c)


def test_same_config_same_bytes(tmp_path):
    cfg = config(kcount=13)
    a = kit.render(kit.build(GAME, cfg), ["pdf", "svg"], "t")
    b = kit.render(kit.build(GAME, cfg), ["pdf", "svg"], "t")
    assert a == b


def test_greyscale_kit_uses_patterns(tmp_path):
    seats = config(color=False).seats()
    assert len({s.dash for s in seats}) == 3 and len({s.shape for s in seats}) == 3


def test_rule_sheet_figures_draw():
    for name in ("hands", "example", "reference"):
        items, h = GAME.figure(name, 190)
        assert items and h > 20
    with pytest.raises(KeyError):
        GAME.figure("nope", 190)


def test_make_the_preset(printkit, tmp_path):
    run = printkit("make", "layouts/knives.yaml", "-o", tmp_path, cwd=None)
    assert run.code == 0, run.err
    assert (tmp_path / "knives" / "kit.pdf").stat().st_size > 5000


@pytest.mark.parametrize("paper_name", ["letter", "a4"])
@pytest.mark.parametrize("kcount", [9, 12, 14])
def test_a_fixed_kcount_kit_passes_the_print_audit(paper_name, kcount, tmp_path):
    """The preset audits the drawn kit; a kit for a fixed count gets the same audit from its PDF here."""
    import sys

    import pdfplumber

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "quality"))
    from pdf_geometry import ink, lattices, overlapping_text, text_runs

    from printkit.sheet import MIN_CELL, PAPERS
    from printkit.writers import pdf

    path = tmp_path / "kit.pdf"
    path.write_bytes(pdf.render(kit.build(GAME, config(kcount=kcount), paper_name), "t"))
    w, h = PAPERS[paper_name]
    problems = []
    with pdfplumber.open(path) as doc:
        for page in doc.pages:
            n = page.page_number
            problems += [f"{n}: {m}" for m in ink(page) if m.x0 < MARGIN - 0.05 or m.top < MARGIN - 0.05
                         or m.x1 > w - MARGIN + 0.05 or m.bottom > h - MARGIN + 0.05]
            problems += [f"{n}: {r.text!r} {r.size}" for r in text_runs(page) if r.size < MIN_TEXT - 1e-6]
            problems += [f"{n}: {a.text!r} / {b.text!r}" for a, b in overlapping_text(page)]
            problems += [f"{n}: {lat}" for lat in lattices(page) if lat.cell < MIN_CELL - 0.05]
    assert not problems, problems[:10]


def test_a_kcount_too_big_to_trace_is_refused_in_one_line_and_20_still_prints():
    from printkit.inputs import InputError

    with pytest.raises(InputError) as e:
        GAME.kit(config(kcount=21), paper("letter"))
    assert e.value.key == "kcount" and "grey mass" in e.value.message and "3 to 20" in e.value.message
    assert GAME.kit(config(kcount=20), paper("letter"))


def test_a_small_kcount_s_claim_card_lists_only_the_roads_there_are():
    items, _ = claim_card(3, 90)
    heads = [t.text for t in items if isinstance(t, Text)]
    assert "3" in heads and "4" not in heads[:8]  # roads 1 to 3: kcount 3 has 3 roads
    assert not any(t.startswith("4 roads") for t in heads)

"""Within The Curve's kit: every grid fits the page and is titled; fewer grids, bigger squares; same bytes."""

from __future__ import annotations

import pytest

from printkit.games.curve import GAME
from printkit.games.curve.sheets import plan
from printkit.sheet import MARGIN, PAPERS


@pytest.mark.parametrize("n,players,paper", [(12, 3, "letter"), (30, 8, "a4"), (30, 2, "letter"), (4, 1, "a4"),
                                              (17, 5, "letter")])
def test_kit_fits_the_page_and_titles_every_grid(n, players, paper):
    from printkit.draw import Lines, Rect, Text, text_width
    from printkit.sheet import paper as make_paper

    cfg = GAME.Config.from_dict({"game": "curve", "players": players, "n": n})
    p = make_paper(paper)
    pages = GAME.kit(cfg, p)
    W, H = PAPERS[paper]
    texts = []
    for page in pages:
        for it in page.items:
            if isinstance(it, Text):
                texts.append(it.text)
                assert it.size >= 7
                w = text_width(it.text, it.size, it.bold)
                x0 = it.x - (w if it.anchor == "end" else w / 2 if it.anchor == "middle" else 0)
                assert MARGIN - 0.01 <= x0 and x0 + w <= W - MARGIN + 0.01, it
                assert MARGIN <= it.y - it.size * 0.3528 * 0.75 and it.y <= H - MARGIN, it
            elif isinstance(it, Lines):
                for x1, y1, x2, y2 in it.segments:
                    assert MARGIN - 0.01 <= min(x1, x2) and max(x1, x2) <= W - MARGIN + 0.01
                    assert MARGIN - 0.01 <= min(y1, y2) and max(y1, y2) <= H - MARGIN + 0.01
            elif isinstance(it, Rect):
                assert MARGIN - 0.01 <= it.x and it.x + it.w <= W - MARGIN + 0.01
    names = cfg.names
    for i, owner in enumerate(names):
        assert texts.count("your curve") == players
        if players > 1:
            assert texts.count(f"copy of {owner}'s curve") == players - 1
    _, cell, _, _ = plan(n, players, W - 2 * MARGIN, H - 60)
    assert cell >= 6


def test_fewer_grids_get_bigger_squares():
    one = plan(12, 1, 190, 230)[1]
    three = plan(12, 3, 190, 230)[1]
    eight = plan(12, 8, 190, 230)[1]
    assert one > three >= eight >= 6


def test_kit_is_byte_identical(tmp_path, printkit):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("game: curve\nplayers: [Ann, Ben, Cat]\nn: 12\nformats: [pdf, svg]\n")
    a = printkit("make", cfg, "-o", tmp_path / "a")
    b = printkit("make", cfg, "-o", tmp_path / "b")
    assert a.code == b.code == 0, a.err
    for f in ("kit.pdf", "page-03.svg"):
        assert (tmp_path / "a" / "c" / f).read_bytes() == (tmp_path / "b" / "c" / f).read_bytes()


def test_small_grids_share_a_page_with_the_score_line_under_them():
    from printkit import kit
    from printkit.draw import Text
    from printkit.sheet import Panel

    cfg = GAME.Config.from_dict({"game": "curve", "players": ["Ann", "Ben"], "n": 4})
    blocks = GAME.kit(cfg, __import__("printkit.sheet", fromlist=["paper"]).paper("letter"))
    grids = [b for b in blocks if any(isinstance(t, Text) and t.text.endswith("'s grids") for t in b.items)]
    assert len(grids) == 2 and all(isinstance(b, Panel) for b in grids)
    for b in grids:  # the score line just under the grids, not at the foot of a page
        score = next(t for t in b.items if isinstance(t, Text) and t.text.startswith("Score:"))
        assert score.y < b.height + 12 < 150
    big = GAME.Config.from_dict({"game": "curve", "players": ["Ann", "Ben", "Cat"], "n": 12})
    assert len(kit.build(GAME, cfg, "letter")) < len(kit.build(GAME, big, "letter"))


def test_the_top_inside_number_box_is_above_the_grid_as_the_rule_sheet_says():
    from printkit.draw import Rect
    from printkit.games.curve.sheets import blank
    from printkit.sheet import players

    items = blank(8, 8.0, 30, 50, "your curve", players(["Ann"])[0])
    box = next(it for it in items if isinstance(it, Rect))
    assert box.y + box.h < 50  # the grid's top edge is at y = 50

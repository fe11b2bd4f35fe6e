"""Add/Residue's kit (sheets.py): pile sheets and every log row, deterministic output, the rule sheet's figure."""

from __future__ import annotations

import pytest

from printkit.draw import Text
from printkit.games.add_residue import GAME
from printkit.sheet import MARGIN, pack, paper


# ---------------------------------------------------------------- the kit


def log_numbers(pages) -> list[int]:
    """Row numbers printed in the first column of the move log pages."""
    out = []
    for p in pages:
        for t in p.items:
            if isinstance(t, Text) and t.anchor == "end" and t.text.isdigit() and t.size == 8:
                out.append(int(t.text))
    return out


@pytest.mark.parametrize("players, n, size", [(["Ann", "Ben"], 13, "letter"), (3, 5, "a4"), (8, 52, "letter"),
                                              (2, 1, "a4")])
def test_kit_has_pile_sheets_and_every_log_row(players, n, size):
    cfg = GAME.Config.from_dict({"game": "add-residue", "players": players, "n": n})
    p = paper(size)
    pages = pack(p, [], GAME.kit(cfg, p))
    full = 2 * n * len(cfg.names)
    assert sorted(log_numbers(pages)) == list(range(1, full + 1))
    texts = [t.text for pg in pages for t in pg.items if isinstance(t, Text)]
    for name in cfg.names:
        assert f"{name}: your piles" in texts
    # every pile box number 1..n appears once per pile per player
    assert sum(1 for t in texts if t == str(n)) >= 2 * len(cfg.names)
    for pg in pages:
        for it in pg.items:
            if isinstance(it, Text):
                assert it.size >= 7
                assert MARGIN - 0.01 <= it.y <= p.height - MARGIN
            if hasattr(it, "x") and hasattr(it, "w"):
                assert it.x >= MARGIN - 0.01 and it.x + it.w <= p.width - MARGIN + 0.01
                assert it.y >= MARGIN - 0.01 and it.y + it.h <= p.height - MARGIN + 0.01


@pytest.mark.parametrize("size", ["letter", "a4"])
def test_the_final_scores_never_stand_alone_on_a_page(size):
    """Where the final scores do not fit under the log's last rows, the last rows go over with them (a page
    of scores under an empty "continued" log was the case for 24 of these 112 kits), in no more pages."""
    from printkit import kit

    for players in range(2, 9):
        for n in (3, 5, 8, 13, 20, 26, 40, 52):
            cfg = GAME.Config.from_dict({"game": "add-residue", "players": players, "n": n})
            pages = kit.build(GAME, cfg, size)
            strip = [pg for pg in pages if any(isinstance(t, Text) and t.text.startswith("End of the game.")
                                               for t in pg.items)]
            assert len(strip) == 1 and log_numbers(strip), (size, players, n)
            assert max(log_numbers(strip)) == 2 * n * players  # the log's last row is on it


def test_pile_panels_share_pages_with_cut_lines_and_the_log_follows():
    """Two panels share the rule sheet's last page or a page of their own, a cut line between them; the
    preset's whole kit is 3 pages (was 4: the rule sheet's second page was two-thirds empty)."""
    from printkit import kit
    from printkit.draw import Circle

    cfg = GAME.Config.from_dict({"game": "add-residue", "players": ["Ann", "Ben"], "n": 13})
    pages = kit.build(GAME, cfg, "letter")
    assert len(pages) == 3
    scissors = [it for it in pages[1].items if isinstance(it, Circle) and it.r == 0.9]
    assert len(scissors) == 2 * 2, "a cut line above each panel on the rule sheet's last page"
    texts = [t.text for t in pages[1].items if isinstance(t, Text)]
    assert "Ann: your piles" in texts and "Ben: your piles" in texts
    assert any(t.text.startswith("Add/Residue: move log") for t in pages[2].items if isinstance(t, Text))


def test_make_is_deterministic(printkit, write, tmp_path):
    cfg = write("ar.yaml", "game: add-residue\nplayers: [Ann, Ben, Cat]\nn: 6\nformats: [pdf, svg]\n")
    a, b = tmp_path / "a", tmp_path / "b"
    assert printkit("make", cfg, "-o", a).code == 0
    assert printkit("make", cfg, "-o", b).code == 0
    files = sorted(p.name for p in (a / "ar").iterdir())
    assert "kit.pdf" in files and "page-01.svg" in files
    for f in files:
        assert (a / "ar" / f).read_bytes() == (b / "ar" / f).read_bytes()


def test_rule_sheet_has_the_example_figure():
    items, h = GAME.figure("example", 180)
    texts = [t.text for t in items if isinstance(t, Text)]
    assert h > 20 and "mod" in texts
    with pytest.raises(KeyError):
        GAME.figure("nothing", 180)

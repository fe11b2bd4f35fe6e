"""Every mistake the scorer names is marked on its sheet, with a cue that survives a grey screen or print; a
record that does not read still shows its sheets, each part that does not read named on its own."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from enter_helpers import DATA, open_page, shot, wait_checked

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import game_files  # noqa: E402
import test_promises  # noqa: E402  - every rule of every game, with a record that breaks it

from printkit import registry  # noqa: E402
from printkit.enter import document  # noqa: E402


def board_refs(game, data: dict) -> set[str]:
    sheets = document.board(game, data)["sheets"]
    refs = {r for svg in sheets for r in re.findall(r'data-ref="([^"]*)"', svg)}
    return {r.replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&") for r in refs}


BROKEN = [p for p in test_promises.PROMISES if p.rule]


@pytest.mark.parametrize("p", BROKEN, ids=str)
def test_every_mistake_is_marked_on_its_sheet(p, monkeypatch):
    game_files.register(monkeypatch)  # the null game's promises too
    game = registry.get(p.broken["game"])
    report = test_promises.score(p.broken)
    on_board = board_refs(game, p.broken)
    for v in report.violations:
        if v.rule == "empty":  # nothing entered yet: not a mistake of play, nothing to mark
            continue
        assert v.refs, f"{v.rule} at {v.where} is not marked on the sheet"
        assert set(v.refs) <= on_board, (v.rule, sorted(set(v.refs) - on_board))


def grey(png: bytes):
    import numpy as np
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=float)


def test_a_marked_line_stands_out_in_grey(serve, page, tmp_path):
    """A wrong road on the knives map: in a grey screenshot its mark is a band of stripes, told apart from
    the same road unmarked (a player's plain or dashed line) by its spread of greys."""
    s = serve(DATA / "broken-knives.yaml")
    open_page(page, s)
    road = page.locator('[data-ref="road:1-2"]').first
    assert "marked" in road.get_attribute("class")
    page.add_style_tag(content="html { filter: grayscale(1); }")
    box = road.bounding_box()
    clip = {"x": box["x"], "y": box["y"], "width": max(box["width"], 12), "height": max(box["height"], 12)}
    marked = grey(page.screenshot(clip=clip))
    shot(page, "marks-grey-knives")
    page.uncheck("#live")  # mistakes hidden until Check: the same road, unmarked
    wait_checked(page)
    plain = grey(page.screenshot(clip=clip))
    assert abs(marked - plain).mean() > 8, "the mark is lost in grey"
    assert marked.std() > plain.std() + 5, "the mark is no band of stripes in grey"
    assert page.errors == []


def test_a_record_that_does_not_read_shows_its_sheets_and_names_the_part(serve, page, tmp_path):
    s = serve(DATA / "unreadable-curve.yaml")
    open_page(page, s)
    assert page.inner_text("[data-status]") == "cannot read"
    assert page.locator(".sheet svg").count() >= 2, "the curve and its fill are shown"
    assert page.locator('[data-ref="grid:fill:Ann:Ann"].unread').count() == 1
    assert "row C has 3 squares" in page.inner_text("#editors")
    # a click on the grid that does not read changes nothing: the text box is the way to mend it
    before = s.path.read_text()
    page.locator('[data-ref="fill:Ann:Ann:B2"]').click()
    page.wait_for_timeout(300)
    assert "does not read" in page.inner_text("#say") and s.path.read_text() == before
    shot(page, "unreadable-curve")
    assert [e for e in page.errors if "status of 422" not in e] == []  # the check's answer: this does not read


def test_a_blank_record_says_nothing_is_entered_yet(serve, page, tmp_path):
    from enter_helpers import config_for

    s = serve(config_for(DATA / "played-intersections.yaml", tmp_path))
    open_page(page, s)
    assert page.inner_text("[data-status]") == "nothing entered yet"
    assert "broken" not in page.get_attribute("[data-status]", "class")
    assert page.locator("[data-violation]").count() == 0

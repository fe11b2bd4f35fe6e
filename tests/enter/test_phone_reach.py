"""What a player needs is in reach on a phone (static/phone.js, page.css): undo, redo and the game's pending
action (Selling Knives' Claim, The Long Way's Add turn, the chosen pen) in the bar at the bottom, on the
phone upright and on its side; an answer asked for opens over the page, not far down it."""

from __future__ import annotations

import pytest
import yaml
from enter_helpers import DATA, Fingers, config_for, open_page, phone, wait_checked


def in_view(pg, locator) -> bool:
    b = locator.bounding_box()
    vw, vh = pg.viewport_size["width"], pg.viewport_size["height"]
    return bool(b) and b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["width"] <= vw + 0.5 and b["y"] + b["height"] <= vh + 0.5


def tap(pg, locator) -> None:
    b = locator.bounding_box()
    pg.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)


def turns_text(pg) -> str:
    return pg.evaluate("[...document.querySelectorAll('#editors [data-path]')].map(t => t.value).join('|')")


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["upright", "on-its-side"])
def test_a_knives_claim_undo_and_redo_from_the_bar_at_the_bottom(serve, browser, tmp_path, size):
    example = DATA / "played-knives.yaml"
    turns = yaml.safe_load(example.read_text(encoding="utf-8"))["turns"]
    s = serve(config_for(example, tmp_path, drop=("kcount",)))
    pg = phone(browser, *size)
    open_page(pg, s)
    fingers = Fingers(pg)
    fingers.click("card:Q")
    wait_checked(pg)
    line = next(t for t in turns if " claims " in t)
    for t in turns[: turns.index(line)]:
        fingers.click(f"card:{t.split()[-1]}")
        wait_checked(pg)
    roads, cards = line.split(" claims ")[1].split(" with ")
    for road in roads.split():
        a, b = road.split("-")
        fingers.drag(f"centre:{a}", f"centre:{b}")
    for c in cards.split():  # a tap on the rank held for each card spent
        fingers.click(f"hand:{c}")
    pg.wait_for_function("document.querySelector('[data-sum]').textContent.startsWith('\u2713')")
    claim = pg.locator("#dock-acts button", has_text="Claim")
    assert in_view(pg, claim) and claim.is_enabled()  # where the finger is: the bottom of the screen
    tap(pg, claim)
    wait_checked(pg)
    assert line in turns_text(pg)
    undo, redo = pg.locator("#dock-undo"), pg.locator("#dock-redo")
    assert in_view(pg, undo) and in_view(pg, redo)
    tap(pg, undo)
    wait_checked(pg)
    assert line not in turns_text(pg)
    tap(pg, redo)
    wait_checked(pg)
    assert line in turns_text(pg)
    assert pg.errors == []


def test_the_long_ways_chosen_pen_and_add_turn_are_in_the_bar(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-ikes.yaml", tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    fingers.tap('.pens button[data-pen="o"]')
    pen = pg.locator("#dock-acts button", has_text="Pen:")
    assert in_view(pg, pen) and "o tile" in pen.inner_text()
    fingers.tap('.pens button[data-pen="1"]')
    assert "1" in pen.inner_text()
    pg.get_by_role("button", name="Turn log", exact=True).first.click()
    add = pg.locator("#dock-acts button", has_text="Add turn")
    assert in_view(pg, add)
    assert pg.errors == []


@pytest.mark.parametrize("game,ask", [("add-residue", "How did we play?"), ("curve", "Ann's curve")])
def test_an_answer_asked_for_opens_over_the_page(serve, browser, game, ask):
    s = serve(f"played-{game}.yaml")
    pg = phone(browser)
    open_page(pg, s)
    button = pg.get_by_role("button", name=ask, exact=True).first
    button.scroll_into_view_if_needed()
    tap(pg, button)
    answer = pg.locator("#answer .answer")
    answer.wait_for(timeout=120_000)  # (Add/Residue's review searches the last 20 cards: about 17 s of one core)
    pg.wait_for_timeout(300)
    assert in_view(pg, pg.locator("#answer h3").first), pg.locator("#answer h3").first.bounding_box()
    close = pg.locator("#answer-close")
    assert in_view(pg, close)
    tap(pg, close)
    pg.wait_for_timeout(200)
    assert not in_view(pg, pg.locator("#answer h3").first) or pg.evaluate("scrollY") > 1000
    assert pg.errors == []


def test_the_bars_line_of_help_cut_off_ends_in_dots_and_opens_whole_with_a_tap(serve, browser, tmp_path):
    # The Long Way's help on a blank game is longer than the bar's two lines: it was cut mid-sentence with
    # nothing to say so ("Still to draw: Ann's")
    s = serve(config_for(DATA / "played-ikes.yaml", tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    line = pg.locator("#dock-say")
    assert pg.evaluate("(e) => e.scrollHeight > e.clientHeight + 1", line.element_handle())  # longer than its room
    assert pg.evaluate("(e) => getComputedStyle(e).webkitLineClamp", line.element_handle()) == "2"  # drawn with "..."
    h = line.bounding_box()["height"]
    b = line.bounding_box()
    pg.touchscreen.tap(b["x"] + 20, b["y"] + b["height"] / 2)
    pg.wait_for_timeout(200)
    assert line.bounding_box()["height"] > h + 5
    assert pg.evaluate("(e) => e.scrollHeight <= e.clientHeight + 1", line.element_handle())  # whole
    assert pg.errors == []

"""Add/Residue entered on the page in chromium: one click (or a few keys) a move, checked live."""

from __future__ import annotations

import json

import yaml
from enter_helpers import (DATA, Hands, config_for, enter_add_residue, open_page, record_chars, run_printkit, saved_when,
                           shot, wait_checked)

EXAMPLE = DATA / "played-add-residue.yaml"


def test_the_played_example_entered_by_clicks_and_keys_scores_the_same(serve, page, tmp_path):
    played = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    enter_add_residue(page, hands, played, shot_after_move=20)
    assert page.locator('[data-ref^="move:"]').count() == 0  # the game is over: no more buttons
    assert page.errors == []
    saved = s.path.parent / "add-residue-night-results.yaml"
    saved_when(page, saved, lambda d: len(d["moves"] or []) >= 52)
    code, out, err = run_printkit("score", saved, "--json")
    want = run_printkit("score", EXAMPLE, "--json")
    assert (code, json.loads(out)) == (want[0], json.loads(want[1]))
    for p in json.loads(out)["players"]:
        assert page.inner_text(f'[data-score="{p["name"]}"]') == str(p["score"])
    chars = record_chars(EXAMPLE, {"game", "players", "n"})
    assert hands.events * 3 <= chars, (hands.events, chars)
    # how did we play: the same review as `printkit solve add-residue FILE --json`
    page.click("text=How did we play?")
    # (the exact search of the last 20 cards: about 17 s of one core, longer on a machine shared with other work)
    page.wait_for_selector("#answer table", timeout=120_000)
    review = json.loads(run_printkit("solve", "add-residue", saved, "--json")[1])
    cells = page.locator("#answer tbody tr").all_inner_texts()
    assert len(cells) == len(review["moves"]) == 52
    for row, want_row in zip(cells, review["moves"]):
        parts = row.split("\t")
        assert parts[0] == str(want_row["index"]) and parts[2] == want_row["move"]
        assert parts[3] == ("not searched" if want_row["loss"] is None else str(want_row["loss"]))
    shot(page, "add-residue-entered")


def test_a_move_out_of_turn_or_a_wrong_m_is_marked_on_its_row(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    hands.click("move:Ann:add 3")
    wait_checked(page)
    box = page.locator("#editors textarea").nth(0)
    box.fill("Ann add 3\nAnn add 4\nBen mod 2 = 5")
    wait_checked(page)
    violations = page.locator("[data-violation]").all_inner_texts()
    assert "move log, row 2 (Ann add 4): it was Ben's turn, not Ann's (seat order: Ann, Ben)" in violations
    assert any(v.startswith("move log, row 3 (Ben mod 2 = 5): m after this move is 7 mod 2 = 1, not 5")
               for v in violations)
    assert "marked" in page.locator('[data-ref="row:2"]').get_attribute("class")
    assert "marked" in page.locator('[data-ref="row:3"]').get_attribute("class")
    assert "marked" not in page.locator('[data-ref="row:1"]').get_attribute("class")
    shot(page, "add-residue-mistakes")
    page.keyboard.press("Control+z")  # back to the one clicked move
    wait_checked(page)
    assert page.inner_text("[data-status]") == "valid"
    assert box.input_value() == "Ann add 3"


def test_backspace_takes_back_the_last_move(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    hands.click("move:Ann:add 3")
    wait_checked(page)
    hands.click("move:Ben:mod 2")
    wait_checked(page)
    page.locator("#sheets .sheet").nth(0).focus()
    page.keyboard.press("Backspace")
    wait_checked(page)
    assert page.locator("#editors textarea").nth(0).input_value() == "Ann add 3"
    assert page.inner_text("#say").startswith("Move 2 of 52: Ben to move")


def test_the_m_written_goes_with_its_move_typed_or_picked_and_is_kept(serve, page, tmp_path):
    """The m the players wrote after a move: typed in its box, typed after '=', or picked as the rules give
    it; a wrong one is the scorer's mistake to name; an m already in the file stays as it was written."""
    start = tmp_path / "ar-results.yaml"
    start.write_text("game: add-residue\nplayers: [Ann, Ben]\nn: 3\nmoves:\n  - Ann add 3 = 3\n", encoding="utf-8")
    s = serve(start)
    open_page(page, s)
    assert page.input_value("[data-m]") == "3"  # the last move's m, as written
    page.click('[data-ref="move:Ben:mod 2"]')  # Ben mod 2: m becomes 1
    wait_checked(page)
    page.fill("[data-m]", "1")
    page.click("text=Write")
    wait_checked(page)
    page.click('[data-ref="move:Ann:add 2"]')  # Ann add 2: m becomes 3
    wait_checked(page)
    page.locator(".sheet").first.focus()
    page.keyboard.type("=4")  # a wrong m, as a player might have written it
    page.keyboard.press("Enter")
    wait_checked(page)
    assert page.inner_text("[data-status]") == "1 mistake"
    assert "row 3" in page.inner_text("[data-violation]") and "not 4" in page.inner_text("[data-violation]")
    page.click("[data-pick-m]")  # picked: the m the rules give
    wait_checked(page)
    assert page.inner_text("[data-status]") == "valid"
    saved = saved_when(page, start, lambda d: len(d["moves"]) == 3 and d["moves"][-1].endswith("= 3"))
    assert saved["moves"] == ["Ann add 3 = 3", "Ben mod 2 = 1", "Ann add 2 = 3"]
    assert page.errors == []


def test_a_tap_on_a_players_pile_is_that_players_move_and_out_of_turn_the_scorer_says_so(serve, page, tmp_path):
    # every player's open numbers are places: a tap on Ben's pile writes Ben's move, as tapped (never the
    # move of whoever's turn the page thinks it is); when it is not his turn, the scorer names it
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    assert page.locator('[data-ref^="move:Ann:"]').count() == page.locator('[data-ref^="move:Ben:"]').count() > 0
    hands = Hands(page)
    hands.click("move:Ben:add 3")
    wait_checked(page)
    assert page.locator("#editors textarea").nth(0).input_value() == "Ben add 3"
    violations = page.locator("[data-violation]").all_inner_texts()
    assert any("Ann's turn, not Ben's" in v for v in violations), violations
    page.keyboard.press("Control+z")
    wait_checked(page)
    hands.click("move:Ann:add 3")
    wait_checked(page)
    hands.click("move:Ben:add 3")  # Ben's own 3, in his turn: both piles had it open
    wait_checked(page)
    assert page.locator("#editors textarea").nth(0).input_value() == "Ann add 3\nBen add 3"
    assert page.inner_text("[data-status]") == "valid"

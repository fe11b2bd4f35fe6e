"""Saving by itself (static/saving.js) in chromium: a save that fails says so at once, every change stays on
the page and in the browser, and lands when the file can be written again; a reload brings kept changes
back; a page left with a change not yet saved asks first."""

from __future__ import annotations

import os

import yaml
from enter_helpers import first_move_saved, saved_when, shot, wait_checked


def moves_in(path) -> list[str]:
    return yaml.safe_load(path.read_text(encoding="utf-8")).get("moves") or []


def one_move_saved(serve, page, tmp_path):
    """A blank Add/Residue game on the page, its first move entered and saved: (the results file, hands)."""
    _, results, hands = first_move_saved(serve, page, tmp_path, saved_shown=False)
    return results, hands


def test_a_failed_save_keeps_every_change_and_lands_when_it_can(serve, page, tmp_path):
    results, hands = one_move_saved(serve, page, tmp_path)
    os.chmod(results, 0o444)  # the file made read-only
    for pile in ("Ben:mod 2", "Ann:add 4"):
        hands.click(f"move:{pile}")
        wait_checked(page)
    page.wait_for_selector("#saved.bad")
    said = page.inner_text("#saved")
    assert said.startswith("Not saved: cannot write add-residue-night-results.yaml: the file is read-only.")
    assert "kept" in said
    shot(page, "saving-failed")
    assert len(moves_in(results)) == 1  # nothing written over the owner's read-only file
    assert page.locator("#editors textarea").nth(0).input_value().count("\n") == 2  # the three moves on the page
    os.chmod(results, 0o644)
    data = saved_when(page, results, lambda d: len(d.get("moves") or []) == 3, timeout=30)
    assert len(data["moves"]) == 3
    page.wait_for_selector("#saved:not(.bad)")
    assert page.inner_text("#saved").startswith("Saved")
    assert page.errors == [] or all("500" in e for e in page.errors)


def test_changes_kept_in_the_browser_come_back_after_a_reload(serve, page, tmp_path):
    results, hands = one_move_saved(serve, page, tmp_path)
    os.chmod(results, 0o444)
    hands.click("move:Ben:mod 2")
    wait_checked(page)
    page.wait_for_selector("#saved.bad")
    page.on("dialog", lambda d: d.accept())  # "leave the page?": yes
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    wait_checked(page)
    assert page.locator("#editors textarea").nth(0).input_value() == "Ann add 3\nBen mod 2"
    shot(page, "saving-kept-after-reload")
    os.chmod(results, 0o644)
    data = saved_when(page, results, lambda d: len(d.get("moves") or []) == 2, timeout=30)
    assert data["moves"] == ["Ann add 3", "Ben mod 2"]


def test_a_move_undone_and_redone_while_its_saves_are_on_the_way_is_in_the_file(serve, page, tmp_path):
    """Issue 45, finding 1: on a phone with 300 ms latency, a move tapped, Undo while its save was on the way, Redo
    while the Undo's was: the page said "Saved" and the file lacked the move (the Redo's save, alike to the
    first, was taken for a re-send of it). Each save is held back until the page has done the next thing."""
    results, hands = one_move_saved(serve, page, tmp_path)
    held, holding = [], [True]
    page.route("**/api/change", lambda route: held.append(route) if holding[0] else route.continue_())

    def sent(n):  # the page's n-th save held back, on its way
        for _ in range(1000):
            if len(held) >= n:
                return
            page.wait_for_timeout(10)
        raise AssertionError(f"the page sent {len(held)} saves, not {n}")

    hands.click("move:Ben:mod 2")
    wait_checked(page)
    sent(1)
    page.click("#undo")
    wait_checked(page)
    held[0].continue_()  # the move's save lands; the Undo's goes
    sent(2)
    page.click("#redo")
    wait_checked(page)
    held[1].continue_()  # the Undo's lands; the Redo's goes
    sent(3)
    holding[0] = False
    held[2].continue_()
    data = saved_when(page, results, lambda d: d.get("moves") == ["Ann add 3", "Ben mod 2"])
    assert data["moves"] == ["Ann add 3", "Ben mod 2"]
    page.wait_for_selector("#saved.ok")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#editors textarea").nth(0).input_value() == "Ann add 3\nBen mod 2"

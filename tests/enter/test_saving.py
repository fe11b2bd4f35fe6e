"""Saving by itself (static/saving.js) in chromium: a save that fails says so at once, every change stays on
the page and in the browser, and lands when the file can be written again; a reload brings kept changes
back; a page left with a change not yet saved asks first."""

from __future__ import annotations

import os

import yaml
from enter_helpers import DATA, Hands, config_for, open_page, saved_when, shot, wait_checked

EXAMPLE = DATA / "played-add-residue.yaml"


def moves_in(path) -> list[str]:
    return yaml.safe_load(path.read_text(encoding="utf-8")).get("moves") or []


def one_move_saved(serve, page, tmp_path):
    """A blank Add/Residue game on the page, its first move entered and saved: (the results file, hands)."""
    s = serve(config_for(EXAMPLE, tmp_path))
    results = s.path.parent / "add-residue-night-results.yaml"
    open_page(page, s)
    hands = Hands(page)
    hands.click("move:Ann:add 3")
    wait_checked(page)
    saved_when(page, results, lambda d: len(d.get("moves") or []) == 1)
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

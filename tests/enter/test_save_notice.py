"""The notice of a save that failed, on a phone (390 x 844, touch): it stands over the page's foot and still
tells the player, but it never takes a tap meant for the page: a tap on a place under it is a tap on that
place (kept, while the server does not answer, and shown as not written yet), and Undo in the bar takes it
back."""

from __future__ import annotations

import pytest
from enter_helpers import DATA, Fingers, config_for, SHOTS, open_page, phone, wait_checked

EXAMPLE = DATA / "played-add-residue.yaml"

NOTICE = """() => {
  // the failed save's notice (fixed over the page's foot): its words and its box on the screen
  const n = document.getElementById('save-notice');
  if (n.hidden) return null;
  const r = n.getBoundingClientRect();
  return {content: n.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right};
}"""

UNDER = """(n) => {
  // an open number of a player's piles scrolled under the middle of the notice: its ref and centre
  const mid = (n.top + n.bottom) / 2;
  for (const el of document.querySelectorAll('#sheets [data-ref^="move:"]')) {
    if (el.classList.contains('pending')) continue;
    const r0 = el.getBoundingClientRect();
    scrollBy({top: r0.top + r0.height / 2 - mid, behavior: 'instant'});
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (Math.abs(y - mid) < 8 && x > n.left + 4 && x < n.right - 4) { el.dataset.under = ''; return {ref: el.dataset.ref, x, y}; }
  }
  return null;
}"""


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["upright", "on-its-side"])
def test_a_tap_under_the_failed_save_notice_is_a_tap_on_the_place(browser, serve, tmp_path, size):
    s = serve(config_for(EXAMPLE, tmp_path))
    pg = phone(browser, *size)
    try:
        open_page(pg, s)
        f = Fingers(pg)
        wait_checked(pg)
        pg.context.set_offline(True)
        f.click("move:Ann:add 1")  # written at once (the state was fresh); its save fails
        pg.wait_for_selector("#saved.bad", timeout=30_000)
        pg.wait_for_timeout(1600)  # the check tried again and failed too: the page knows it is offline
        notice = pg.evaluate(NOTICE)
        assert "Not saved" in notice["content"]  # it still tells the player, whole, over the page's foot
        assert notice["bottom"] - notice["top"] > 30, notice
        place = pg.evaluate(UNDER, notice)
        assert place, notice
        assert notice["top"] < place["y"] < notice["bottom"] and notice["left"] < place["x"] < notice["right"], (place, notice)
        marks = pg.locator("#sheets .pending")
        before = marks.count()  # the move written at once, not saved
        pg.touchscreen.tap(place["x"], place["y"])  # on the notice, over the number
        # kept as a tap not written yet, and shown so (on the pile of the player it is for: Ben's, next to move)
        pg.wait_for_function(f"document.querySelectorAll('#sheets .pending').length === {before + 1}", timeout=3000)
        assert "2 taps kept" in pg.text_content("#say")  # that one, and the move before it, not in the file either
        SHOTS.mkdir(parents=True, exist_ok=True)  # what the player holds: the notice, the tap kept under it
        pg.screenshot(path=str(SHOTS / f"phone-save-notice-{size[0]}.png"))
        undo = pg.locator("#dock-undo")
        assert undo.is_visible()
        b = undo.bounding_box()
        pg.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
        pg.wait_for_function(f"document.querySelectorAll('#sheets .pending').length === {before}", timeout=3000)
        assert "tap kept" not in pg.text_content("#say")
        assert pg.locator("#saved.bad").count() == 1  # the save still failing is still told
        assert pg.evaluate(NOTICE)
        # the player has read it: Hide folds it away (a finger's target), and it stays away while the save
        # is tried again; a tap on the red line in the header shows it again
        hide = pg.locator("#save-notice-hide").bounding_box()
        assert hide["width"] >= 44 and hide["height"] >= 44, hide
        pg.touchscreen.tap(hide["x"] + hide["width"] / 2, hide["y"] + hide["height"] / 2)
        assert pg.evaluate(NOTICE) is None
        pg.wait_for_timeout(2500)  # a retry failed meanwhile, and said so in the header only
        assert pg.evaluate(NOTICE) is None and pg.locator("#saved.bad").count() == 1
        assert pg.locator("#sheets .pending").count() == before  # the tap on Hide was no tap on the sheet
        f.tap("#saved")
        assert "Not saved" in pg.evaluate(NOTICE)["content"]
        pg.context.set_offline(False)  # back on the Wi-Fi: the save lands, and the notice goes by itself
        pg.wait_for_function("document.getElementById('save-notice').hidden", timeout=30_000)
        assert "Saved" in pg.text_content("#saved")
        assert pg.errors == []
    finally:
        pg.context.close()


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["upright", "on-its-side"])
def test_the_failed_save_notice_stands_above_the_bar_and_covers_none_of_its_buttons(browser, serve, tmp_path, size):
    # Selling Knives' bar is taller than the others (the hand and Claim): the notice, placed a fixed way
    # above the foot, covered the top of Undo, Redo and Claim
    s = serve(config_for(DATA / "played-knives.yaml", tmp_path))
    pg = phone(browser, *size)
    try:
        open_page(pg, s)
        wait_checked(pg)
        pg.context.set_offline(True)
        Fingers(pg).click("card:6")
        pg.wait_for_selector("#saved.bad", timeout=30_000)
        notice = pg.evaluate(NOTICE)
        assert notice, "the failed save is told"
        buttons = pg.evaluate("[...document.querySelectorAll('#dock button')].filter((b) => b.offsetParent)"
                              ".map((b) => b.getBoundingClientRect().top)")
        assert buttons and notice["bottom"] <= min(buttons), (notice, buttons)
        assert notice["bottom"] <= pg.evaluate("document.getElementById('dock').getBoundingClientRect().top")
        assert pg.errors == []
    finally:
        pg.context.close()

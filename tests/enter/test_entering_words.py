"""What the page says while a game is entered on a phone (390 x 844, touch): a part not entered yet is
"still to enter", never a mistake, until Check; the bar shows only the mistakes there are now (never one
just undone beside "valid"); no place is said twice."""

from __future__ import annotations

import yaml
from enter_helpers import DATA, Fingers, config_for, open_page, phone, wait_checked


def _phone(browser, s):
    pg = phone(browser)
    open_page(pg, s)
    return pg, Fingers(pg)


def test_curves_not_drawn_yet_are_still_to_enter_until_check(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-curve.yaml", tmp_path))
    pg, f = _phone(browser, s)
    f.drag("curve:Ann:B2", "curve:Ann:B5", "curve:Ann:E5", "curve:Ann:E2", "curve:Ann:B2", steps=3)
    wait_checked(pg)
    assert "closed, 12 squares" in pg.inner_text("#sheets .sheet >> nth=0")
    status = pg.inner_text("[data-status]")
    assert "broken" not in status and "still to enter" in status, status
    assert "disqualified" not in pg.inner_text("#scores")
    assert pg.locator("#sheets .marked").count() == 0  # nothing red
    assert pg.locator("[data-violation]").count() == 0
    still = pg.locator("[data-waiting]").all_inner_texts()
    assert "Still to enter: Ben's curve" in still and "Still to enter: Cat's curve" in still, still
    assert "mistake" not in pg.inner_text("#dock-state")
    # Check: the game is over, what is missing counts now
    f.tap("#check")
    assert "broken" in pg.inner_text("[data-status]")
    assert "disqualified" in pg.inner_text("#scores")
    said = pg.locator("[data-violation]").all_inner_texts()
    assert "Ben's curve: no curve is drawn" in said, said  # said once, not "Ben's curve: Ben's curve: ..."
    assert not any(t.startswith("Ben's curve: Ben's curve") for t in said)
    assert pg.errors == []
    pg.context.close()


def test_an_untouched_ikes_sheet_is_not_disqualified(serve, browser, tmp_path):
    example = yaml.safe_load((DATA / "played-ikes.yaml").read_text(encoding="utf-8"))
    game = {k: v for k, v in example.items() if k not in ("sheets",)}
    game["players"] = ["Ann", "Ben"]
    cfg = tmp_path / "ikes-night.yaml"
    cfg.write_text(yaml.safe_dump(game, sort_keys=False), encoding="utf-8")
    s = serve(cfg)
    pg, f = _phone(browser, s)
    box = pg.locator('#editors [data-path="sheets.Ann.walls"]')
    box.fill("A3 E")
    wait_checked(pg)
    assert "disqualified" not in pg.inner_text("#scores")
    assert "disqualified" not in pg.inner_text("#sheets")  # not on Ben's sheet either ("score 0 (disqualified)")
    assert pg.locator("#sheets .marked").count() == 0
    assert pg.locator("[data-waiting]").count() > 0, (pg.inner_text("[data-status]"), pg.inner_text("#violations"))
    pg.context.close()


def _undo_leaves_no_stale_mistake(pg, f, make_mistake):
    make_mistake()
    wait_checked(pg)
    assert "\u2717" in pg.inner_text("#dock-last") and "mistake" in pg.inner_text("#dock-state")
    f.tap("#undo")
    wait_checked(pg)
    assert "valid" in pg.inner_text("#dock-state") or "nothing entered" in pg.inner_text("#dock-state")
    assert "\u2717" not in pg.inner_text("#dock-last"), pg.inner_text("#dock-last")
    assert pg.errors == []


def test_undo_of_a_wrong_m_leaves_no_mistake_on_the_bar(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-add-residue.yaml", tmp_path))
    pg, f = _phone(browser, s)
    f.click("move:add 10")
    wait_checked(pg)

    def wrong_m():
        pg.locator("#editors textarea").first.fill("Ann add 10 = 3")
    _undo_leaves_no_stale_mistake(pg, f, wrong_m)
    pg.context.close()


def test_undo_of_a_claim_out_of_hand_leaves_no_mistake_on_the_bar(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-knives.yaml", tmp_path))
    pg, f = _phone(browser, s)
    f.click("card:6")
    wait_checked(pg)

    def bad_claim():
        pg.locator("#editors textarea").first.fill("Ann draws 6\nBen claims 1-2 with K K")
    _undo_leaves_no_stale_mistake(pg, f, bad_claim)
    pg.context.close()


def test_undo_of_a_crossing_segment_leaves_no_mistake_on_the_bar(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-intersections.yaml", tmp_path))
    pg, f = _phone(browser, s)
    played = yaml.safe_load((DATA / "played-intersections.yaml").read_text(encoding="utf-8"))
    first = played["rounds"][0][0]
    a, b = first.split("-")
    f.drag(f"1:{a}", f"1:{b}")
    wait_checked(pg)

    def same_again():  # the same segment along itself: a mistake the scorer names
        f.drag(f"1:{a}", f"1:{b}")
    _undo_leaves_no_stale_mistake(pg, f, same_again)
    pg.context.close()

"""What the page says while a game is entered on a phone (390 x 844, touch): a part not entered yet is
"still to enter", never a mistake, until Check; the bar shows only the mistakes there are now (never one
just undone beside "valid"); no place is said twice."""

from __future__ import annotations

import pytest
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
    assert pg.inner_text("[data-status]") == "valid"  # as far as it is entered
    assert pg.inner_text("[data-still]").strip() == f"{pg.locator('[data-waiting]').count()} still to enter"
    assert "disqualified" not in pg.inner_text("#scores")
    assert pg.locator("#sheets .marked").count() == 0  # nothing red
    assert pg.locator("[data-violation]").count() == 0
    still = pg.locator("[data-waiting]").all_inner_texts()
    assert "Ben's curve" in still and "Cat's curve" in still and "Ben's copy of Ann's curve" in still, still
    assert "mistake" not in pg.inner_text("#dock-state")
    # Check: the game is over, what is missing counts now
    f.tap("#check")
    assert "mistake" in pg.inner_text("[data-status]")  # the game over, what is missing is a mistake
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
    f.click("move:Ann:add 10")
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


def test_a_phone_is_spoken_to_in_taps_without_keys(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-knives.yaml", tmp_path))
    pg, f = _phone(browser, s)
    said = pg.inner_text("#say")
    assert "Tap the card drawn" in said and "lick" not in said, said
    pg.context.close()
    example = yaml.safe_load((DATA / "played-ikes.yaml").read_text(encoding="utf-8"))
    cfg = tmp_path / "ikes-night.yaml"
    cfg.write_text(yaml.safe_dump({k: v for k, v in example.items() if k != "sheets"}, sort_keys=False), encoding="utf-8")
    s = serve(cfg)
    pg, f = _phone(browser, s)
    text = pg.inner_text("#board")
    assert "Keys:" not in text and "Shift" not in text and "lick" not in text, text
    assert "Pen:" not in pg.inner_text("#say")
    f.tap("text=Turn log")
    text = pg.inner_text("#board")
    assert "(Enter)" not in text and "(Esc)" not in text and "Backspace" not in text, text
    pg.context.close()


def test_the_m_box_is_never_an_empty_box(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-add-residue.yaml", tmp_path))
    pg, f = _phone(browser, s)
    f.click("move:Ann:add 10")
    wait_checked(pg)
    box = pg.locator("[data-m]")
    assert box.input_value() or box.get_attribute("placeholder"), "an empty box beside Write"
    pg.context.close()


@pytest.mark.parametrize("game", ["knives", "ikes", "curve", "intersections", "add-residue"])
def test_no_button_on_a_blank_game_is_an_empty_box(serve, browser, tmp_path, game):
    # a blank game, before any tap (Add/Residue's "= m (the rules)" was an empty button until a first move
    # came back checked: its box was meant to be hidden, but shown all the same)
    s = serve(config_for(DATA / f"played-{game}.yaml", tmp_path))
    pg, _ = _phone(browser, s)
    wait_checked(pg)
    empty = pg.evaluate("""[...document.querySelectorAll('button')].filter((b) => b.offsetParent && b.getClientRects().length
        && !b.textContent.trim() && !b.querySelector('svg, img') && !b.getAttribute('aria-label')).map((b) => b.outerHTML)""")
    assert empty == [], empty
    pg.context.close()


def test_devices_are_named_by_the_player_they_enter_for(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-knives.yaml", tmp_path), "--table", "--host", "127.0.0.1")
    for _ in range(3):
        s.proc.stdout.readline()
    ann, _ = _phone(browser, s)
    ben, _ = _phone(browser, s)
    ben.select_option("#whose", "Ben")
    ann.wait_for_function("document.getElementById('others').textContent.includes(\"Ben's phone\")", timeout=15_000)
    assert "device" not in ann.inner_text("#others") and "starting" not in ann.inner_text("#others")
    ann.locator("#join summary").click()
    assert "point its camera at this code" in ann.inner_text("#join-how")
    ann.context.close()
    ben.context.close()


def test_a_phone_entering_anns_sheets_does_not_write_bens(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-curve.yaml", tmp_path))
    pg, f = _phone(browser, s)
    pg.select_option("#whose", "Ann")
    f.drag("curve:Ben:B2", "curve:Ben:B5", steps=3)
    wait_checked(pg)
    assert "This phone enters Ann's sheets" in pg.inner_text("#say")
    assert "1" not in pg.locator('#editors [data-path="curves.Ben"]').input_value()
    f.drag("curve:Ann:B2", "curve:Ann:B5", steps=3)  # Ann's own: written
    wait_checked(pg)
    pg.wait_for_function("document.querySelector('#editors [data-path=\"curves.Ann\"]').value.includes('4')")
    pg.context.close()


def test_a_reload_comes_back_to_the_same_place_with_the_half_built_turn(serve, browser, tmp_path):
    example = yaml.safe_load((DATA / "played-ikes.yaml").read_text(encoding="utf-8"))
    cfg = tmp_path / "ikes-night.yaml"
    cfg.write_text(yaml.safe_dump({k: v for k, v in example.items() if k != "sheets"}, sort_keys=False), encoding="utf-8")
    s = serve(cfg)
    pg, f = _phone(browser, s)
    f.tap('.pens button:text-is("Turn log")')  # the button (the sheet and the pen bar also say "Turn log")
    for die in "35":
        f.tap(f'.pens button:text-is("{die}")')
    assert pg.inner_text("[data-turnline]") == "35"
    pg.evaluate("window.scrollTo(0, 400)")
    pg.wait_for_timeout(100)
    y = pg.evaluate("window.scrollY")
    assert y > 100
    pg.reload()
    pg.wait_for_selector("body[data-ready='1']")
    wait_checked(pg)
    pg.wait_for_function("document.querySelector('[data-turnline]') && document.querySelector('[data-turnline]').textContent === '35'",
                         timeout=10_000)
    pg.wait_for_function(f"Math.abs(window.scrollY - {y}) < 40", timeout=10_000)
    assert pg.errors == []
    pg.context.close()


def test_a_phone_entering_bens_sheets_writes_no_line_of_the_log_for_ann(serve, browser, tmp_path):
    # two phones at the table tapping draws at the same moment: Ben's phone, its page still showing Ann to
    # draw, wrote "Ann draws 3" (both lines for Ann, a mistake nobody made on paper). A phone entering Ben's
    # sheets writes no log line that names another player: it says so, and Ben's draw is tapped in his turn
    s = serve(config_for(DATA / "played-knives.yaml", tmp_path))
    ben, f = _phone(browser, s)
    ben.select_option("#whose", "Ben")
    assert "Ann" in ben.inner_text("#dock-say") or "Ann" in ben.inner_text("#say")  # Ann draws first
    f.click("card:3")
    wait_checked(ben)
    assert "This phone enters Ben's sheets" in ben.inner_text("#say")
    assert "draws" not in ben.locator('#editors [data-path="turns"]').input_value()
    ann, fa = _phone(browser, s)
    fa.click("card:6")  # Ann's draw, on her phone (entering everything)
    ben.wait_for_function("document.querySelector('#editors [data-path=\"turns\"]').value.includes('Ann draws 6')",
                          timeout=10_000)
    wait_checked(ben)
    f.click("card:3")  # now Ben's turn: written
    ben.wait_for_function("document.querySelector('#editors [data-path=\"turns\"]').value.includes('Ben draws 3')",
                          timeout=10_000)
    ann.context.close()
    ben.context.close()

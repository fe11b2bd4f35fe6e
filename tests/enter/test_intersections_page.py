"""Making Intersections entered on the page in chromium, by pointer and keys, as a person would."""

from __future__ import annotations

import json

import yaml
from enter_helpers import (DATA, Hands, config_for, enter_intersections, open_page, record_chars, run_printkit,
                           saved_when, shot, wait_checked)

EXAMPLE = DATA / "played-intersections.yaml"


def test_the_played_example_entered_by_pointer_and_keys_scores_the_same(serve, page, tmp_path):
    played = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    enter_intersections(page, hands, played, shot_after_round=0)
    assert page.errors == []
    saved = s.path.parent / "intersections-night-results.yaml"
    saved_when(page, saved, lambda d: d["rounds"] == played["rounds"])
    assert yaml.safe_load(saved.read_text(encoding="utf-8"))["rounds"] == played["rounds"]
    code, out, err = run_printkit("score", saved, "--json")
    want = run_printkit("score", EXAMPLE, "--json")
    assert (code, json.loads(out)) == (want[0], json.loads(want[1]))
    for p in json.loads(out)["players"]:
        assert page.inner_text(f'[data-score="{p["name"]}"]') == str(p["score"])
    assert page.inner_text("[data-status]") == "valid"
    shot(page, "intersections-entered")
    chars = record_chars(EXAMPLE, {"game", "players", "n", "segments"})
    assert hands.events * 3 <= chars, (hands.events, chars)
    code, out, err = s.stop()
    assert code == 0


def test_a_crossing_is_drawn_and_marked_with_its_reason(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    hands.drag("1:B1", "1:B4")
    wait_checked(page)
    assert page.inner_text("[data-status]") == "valid"
    assert page.locator(".marked").count() == 0
    hands.drag("1:A2", "1:D2")  # crosses B1-B4 at B2
    wait_checked(page)
    assert page.inner_text("[data-status]") == "1 mistake"
    assert page.inner_text("[data-violation]") == "round 1, segment 2 (A2-D2): A2-D2 crosses B1-B4 at B2"
    marked = page.locator('[data-ref="1:A2-D2"]')
    assert "marked" in marked.get_attribute("class")
    assert page.locator('[data-ref="1:B1-B4"]').get_attribute("class").split().count("marked") == 0
    # red with a second cue: a band of red stripes along the segment, wider than the line (seen in grey too)
    style = marked.evaluate("e => [getComputedStyle(e).stroke, parseFloat(getComputedStyle(e).strokeWidth)]")
    assert style[0] == 'url("#stripes")' and style[1] >= 2
    shot(page, "intersections-crossing")
    # a diagonal is not refused either: it is drawn, and the scorer says why it breaks a rule
    hands.drag("1:E1", "1:F2")
    wait_checked(page)
    assert "are in neither one row nor one column" in page.inner_text("#violations")


def test_click_selects_a_segment_and_delete_or_a_drag_from_it_removes_it(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    hands.drag("1:A1", "1:A4")
    wait_checked(page)
    hands.drag("1:C1", "1:C5")
    wait_checked(page)
    # click the middle of A1-A4 (between dots): selected; Delete removes it
    (x2, y2), (x3, y3) = hands.centre("1:A2"), hands.centre("1:A3")
    page.mouse.click((x2 + x3) / 2, (y2 + y3) / 2)  # on the segment, between A2 and A3
    assert "selected" in page.locator('[data-ref="1:A1-A4"]').get_attribute("class")
    page.keyboard.press("Delete")
    wait_checked(page)
    assert page.locator('[data-ref="1:A1-A4"]').count() == 0
    # a drag that starts on a segment erases it
    (x2, y2), (x3, y3) = hands.centre("1:C2"), hands.centre("1:C3")
    x, y = (x2 + x3) / 2, (y2 + y3) / 2  # on the segment, between C2 and C3
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 40, y + 30, steps=5)
    page.mouse.up()
    wait_checked(page)
    assert page.locator('[data-ref="1:C1-C5"]').count() == 0
    assert page.inner_text("#editors textarea >> nth=0") == ""


def test_undo_redo_autosave_and_resume(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    saved = s.path.parent / "intersections-night-results.yaml"
    hands.drag("2:A1", "2:A3")
    wait_checked(page)
    hands.drag("2:B1", "2:B3")
    wait_checked(page)
    page.keyboard.press("Control+z")
    wait_checked(page)
    assert page.locator('[data-ref="2:B1-B3"]').count() == 0
    page.click("#redo")
    wait_checked(page)
    assert page.locator('[data-ref="2:B1-B3"]').count() == 1
    page.keyboard.press("Control+z")
    wait_checked(page)
    page.wait_for_function("document.getElementById('saved').textContent.startsWith('Saved')")
    assert yaml.safe_load(saved.read_text(encoding="utf-8"))["rounds"][1] == ["A1-A3"]
    page.reload()  # come back later: the page resumes from the file
    page.wait_for_selector("body[data-ready='1']")
    wait_checked(page)
    assert page.locator('[data-ref="2:A1-A3"]').count() == 1
    assert page.locator('[data-ref="2:B1-B3"]').count() == 0


def test_mistakes_can_stay_hidden_until_check_is_pressed(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    page.uncheck("#live")
    hands.drag("1:B1", "1:B4")
    wait_checked(page)
    hands.drag("1:A2", "1:D2")
    wait_checked(page)
    assert not page.locator("[data-violation]").is_visible()
    mark = page.locator('[data-ref="1:A2-D2"]')
    assert mark.evaluate("e => getComputedStyle(e).strokeOpacity") == "0"
    page.click("#check")
    assert page.locator("[data-violation]").is_visible()
    assert mark.evaluate("e => getComputedStyle(e).strokeOpacity") != "0"
    hands.drag("1:E1", "1:E3")  # a new change: hidden again until the next Check
    wait_checked(page)
    assert not page.locator("[data-violation]").is_visible()


def test_an_answer_that_arrives_late_never_replaces_a_newer_one(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    hands = Hands(page)
    # the network holds back the answer for the older state (and it cannot be called off), so it lands last
    page.evaluate("""() => {
      const real = window.fetch;
      window.held = 0;
      window.fetch = async (url, opts = {}) => {
        const old = String(url).includes('/api/') && opts.body && opts.body.includes('B1-B4') && !opts.body.includes('A2-D2');
        if (!old) return real(url, opts);
        const { signal, ...rest } = opts;
        const answer = await real(url, rest);
        await new Promise((ok) => setTimeout(ok, 900));
        window.held += 1;
        return answer;
      };
    }""")
    hands.drag("1:B1", "1:B4")
    hands.drag("1:A2", "1:D2")
    page.wait_for_function("window.held >= 2")  # both old answers (check and sheets) have come back
    page.wait_for_timeout(100)
    assert page.inner_text("[data-status]") == "1 mistake"
    assert page.locator('[data-ref="1:A2-D2"]').count() == 1


def test_text_box_and_board_mix(serve, page, tmp_path):
    s = serve(config_for(EXAMPLE, tmp_path))
    open_page(page, s)
    box = page.locator("#editors textarea").nth(0)
    box.fill("A1-A4, B2-D2")
    wait_checked(page)
    assert page.locator('[data-ref="1:B2-D2"]').count() == 1
    Hands(page).drag("1:F1", "1:F3")
    wait_checked(page)
    assert box.input_value() == "A1-A4, B2-D2, F1-F3"
    box.fill("A1-A4, B2")
    wait_checked(page)
    assert page.inner_text("[data-status]") == "cannot read"
    assert "rounds[1][2]" in page.inner_text(".editor-error >> nth=0")

"""The page at the table, in chromium: phone-sized touch screens, several on one file at once (static/table.js,
static/phone.js), and joining from the code the page and the terminal show (``--table``)."""

from __future__ import annotations

import json
import re
import time

import pytest
import yaml
from enter_helpers import (DATA, Fingers, config_for, enter_claim, enter_add_residue, enter_curve, enter_intersections, layout_shift,
                           open_page, phone, run_printkit, saved_when, shifts, shot, wait_checked,
                           watch_shifts)
from test_dropped import START
from test_nothing_lost import file_of
from test_server import request

PHONES = [(390, 844), (768, 1024)]


def results(s):
    return next(p for p in s.path.parent.glob("*-results.yaml"))


def same_score(saved, example):
    got, want = run_printkit("score", saved, "--json"), run_printkit("score", example, "--json")
    assert (got[0], json.loads(got[1])) == (want[0], json.loads(want[1])), got[2]


def no_sideways_scroll(pg):
    assert pg.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"


# ---------------------------------------------------------------- every game by touch, on a phone

@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_add_residue_and_intersections_entered_by_touch_alone(serve, browser, tmp_path, size):
    for game, enter in (("add-residue", enter_add_residue), ("intersections", enter_intersections)):
        example = DATA / f"played-{game}.yaml"
        s = serve(config_for(example, tmp_path))
        pg = phone(browser, *size)
        open_page(pg, s)
        watch_shifts(pg)  # nothing moves under the finger while entering
        no_sideways_scroll(pg)
        fingers = Fingers(pg)
        enter(pg, fingers, yaml.safe_load(example.read_text(encoding="utf-8")))
        played = yaml.safe_load(example.read_text(encoding="utf-8"))
        key = "moves" if game == "add-residue" else "rounds"
        saved_when(pg, results(s), lambda d: d.get(key) == played[key], timeout=30)
        same_score(results(s), example)
        no_sideways_scroll(pg)
        assert layout_shift(pg) <= 0.02, (game, layout_shift(pg))  # (Making Intersections was 0.21: a new round's sheet pushed the panel)
        shot(pg, f"phone-{game}-{size[0]}")
        assert pg.errors == []
        pg.context.close()
        s.stop()
        results(s).unlink()


def test_the_curve_entered_by_touch_alone(serve, browser, tmp_path):
    example = DATA / "played-curve.yaml"
    s = serve(config_for(example, tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    watch_shifts(pg)  # nothing moves under the finger while entering
    pg.locator("#zoom").click()  # the whole sheet in view: a curve is one drag
    assert pg.get_attribute("#zoom", "aria-pressed") == "false"
    enter_curve(pg, Fingers(pg), yaml.safe_load(example.read_text(encoding="utf-8")))
    played = yaml.safe_load(example.read_text(encoding="utf-8"))
    saved_when(pg, results(s), lambda d: d.get("fills") and all(
        (d["fills"].get(f) or {}).keys() == played["fills"][f].keys() for f in played["fills"]), timeout=30)
    time.sleep(1.5)
    same_score(results(s), example)
    no_sideways_scroll(pg)
    assert layout_shift(pg) <= 0.02, layout_shift(pg)
    assert pg.errors == []


@pytest.mark.parametrize("game", ["knives", "ikes", "curve", "intersections", "add-residue"])
def test_on_a_phone_every_target_is_big_enough_and_the_bar_stays_in_view(serve, browser, game):
    s = serve(f"played-{game}.yaml")
    pg = phone(browser)
    open_page(pg, s)
    assert pg.get_attribute("#zoom", "aria-pressed") == "true"  # a touch screen starts with bigger squares
    no_sideways_scroll(pg)
    sizes = pg.evaluate("""(async () => { const { targets } = await import('/static/phone.js' + location.search);
        return [...document.querySelectorAll('#sheets svg')].flatMap(targets); })()""")
    assert sizes or game == "add-residue", game  # (a finished Add/Residue game has no move left to tap)
    assert min(sizes, default=40) >= 40, (game, min(sizes))  # every square, dot, card, pile and grid cell
    bands = pg.evaluate("""[...document.querySelectorAll('#sheets rect.hit')].map(e => e.getBoundingClientRect())
        .filter(r => r.width > 2 && r.height > 2).map(r => Math.max(r.width, r.height))""")
    assert min(bands) >= 40, (game, min(bands))  # a side's band: 40 px along it
    buttons = pg.evaluate("""[...document.querySelectorAll('button')].filter(b => b.offsetParent)
        .map(b => b.getBoundingClientRect()).map(r => Math.min(r.width, r.height))""")
    assert min(buttons) >= 40, (game, min(buttons))
    pg.mouse.wheel(0, 3000)
    pg.wait_for_timeout(200)
    dock = pg.locator("#dock").bounding_box()
    assert dock and dock["y"] + dock["height"] <= 844 + 1 and dock["y"] > 600  # at the bottom, in view
    state = pg.inner_text("#dock-state")
    assert state == ("\u2713 valid" if pg.inner_text("[data-status]") == "valid" else state)
    for p in yaml.safe_load(s.path.read_text(encoding="utf-8"))["players"]:
        assert f"{p} {pg.inner_text(f'[data-score={json.dumps(p)}]')}" in pg.inner_text("#dock-scores")
    assert pg.inner_text("#dock-say") == pg.evaluate("document.getElementById('say').textContent")
    shot(pg, f"phone-{game}")
    assert pg.errors == []


def test_a_tap_on_a_mistake_goes_to_its_place(serve, browser):
    s = serve("broken-curve.yaml")
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    fingers.tap("#dock-status")  # the bar: to the scores and the mistakes
    pg.wait_for_timeout(600)
    items = pg.locator("#violations li")
    assert items.count() >= 2
    fingers.tap("#violations li >> nth=-1")
    flashed = pg.locator(".hit.flash")
    flashed.first.wait_for()
    pg.wait_for_timeout(800)
    box = flashed.first.bounding_box()
    assert 0 <= box["y"] <= 844 and 0 <= box["x"] and box["x"] + box["width"] <= 390  # in view, sideways too
    shot(pg, "phone-mistake-tapped")


def test_two_fingers_move_a_zoomed_sheet_and_draw_nothing(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-curve.yaml", tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    box = pg.locator("#sheets .sheet").first
    box.scroll_into_view_if_needed()
    b = box.bounding_box()
    y = b["y"] + b["height"] / 2
    fingers.touch("touchStart", [(300, y), (340, y)])
    for dx in range(0, 200, 20):
        fingers.touch("touchMove", [(300 - dx, y), (340 - dx, y)])
    fingers.touch("touchEnd", [])
    assert box.evaluate("e => e.scrollLeft") > 100
    pg.wait_for_timeout(300)
    assert set(pg.locator("#editors textarea").first.input_value()) <= set(". \n")  # nothing drawn


# ---------------------------------------------------------------- several phones on one file

def curve_table(serve, tmp_path):
    return serve(config_for(DATA / "played-curve.yaml", tmp_path))


def ann_and_ben(serve, browser, tmp_path):
    """A curve game on two phones, with bigger squares off (a whole grid in view): Ann's and Ben's."""
    s = curve_table(serve, tmp_path)
    ann, ben = phone(browser), phone(browser)
    for pg in (ann, ben):
        open_page(pg, s)
        pg.locator("#zoom").click()
    ann.select_option("#whose", "Ann")
    ben.select_option("#whose", "Ben")
    return s, ann, ben


def box_of(pg, path: str):
    return pg.locator(f'#editors [data-path="{path}"]')


def test_two_phones_enter_different_players_at_once_and_each_sees_the_other(serve, browser, tmp_path):
    s, ann, ben = ann_and_ben(serve, browser, tmp_path)
    ben.wait_for_function("document.getElementById('others').textContent.includes(\"Ann's phone\")")
    ring = ["A1", "A2", "A3", "B3", "C3", "C2", "C1", "B1", "A1"]
    fa, fb = Fingers(ann), Fingers(ben)
    fa.drag(*(f"curve:Ann:{q}" for q in ring), steps=2)  # both at once: neither waits for the other
    fb.drag(*(f"curve:Ben:{q}" for q in ring[::-1]), steps=2)
    for pg, other in ((ann, "Ben"), (ben, "Ann")):
        try:
            pg.wait_for_function(f"(document.querySelector('#editors [data-path=\"curves.{other}\"]') || {{}}).value?.includes('1')",
                                 timeout=10_000)
        except Exception:  # say what each side held: the file, and each phone's text of both curves
            held = {who: p.evaluate("[...document.querySelectorAll('#editors [data-path^=\"curves.\"]')].map((e) => [e.dataset.path, e.value])")
                    for who, p in (("Ann", ann), ("Ben", ben))}
            raise AssertionError((other, results(s).read_text(encoding="utf-8"), held, ann.errors, ben.errors))
    data = saved_when(ann, results(s), lambda d: all((d.get("curves") or {}).get(p) for p in ("Ann", "Ben")))
    assert set(data["curves"]) >= {"Ann", "Ben"}
    # one phone's change in the file shows on the other (how soon: bench/enter_table.py --browser, a
    # figure printed on a quiet machine; a timed assertion here would only flake on a loaded one)
    for pg, fingers, who, other in ((ann, fa, "Ann", ben), (ben, fb, "Ben", ann)):
        fingers.click(f"fill:{who}:{who}:A1")
        t0 = time.monotonic()
        while not (yaml.safe_load(results(s).read_text(encoding="utf-8")).get("fills") or {}).get(who):
            assert time.monotonic() - t0 < 20
            time.sleep(0.02)
        want = yaml.safe_load(results(s).read_text(encoding="utf-8"))["fills"][who][who]
        other.wait_for_function(
            f"(document.querySelector('#editors [data-path=\"fills.{who}.{who}\"]') || {{}}).value === "
            f"{json.dumps(want.rstrip(chr(10)))}", timeout=15_000)
    shot(ann, "table-two-phones")
    assert ann.errors == [] and ben.errors == []


def test_a_change_from_another_phone_arriving_mid_stroke_keeps_the_stroke_under_the_finger(serve, browser, tmp_path):
    # Ben's finger is drawing a segment on round 1 when Ann's segment on the same round reaches his phone:
    # the round is not drawn anew under his finger (its dot gone from under a touch, the browser takes the
    # touch for a scroll and the stroke is dropped); his segment is written, and Ann's shows once he lifts
    s = serve(config_for(DATA / "played-intersections.yaml", tmp_path))
    ann, ben = phone(browser), phone(browser)
    for pg in (ann, ben):
        open_page(pg, s)
    fb = Fingers(ben)
    (x, y), (tx, ty) = fb.centre("1:C1"), fb.centre("1:C4")
    fb.touch("touchStart", [(x, y)])
    for j in range(1, 3):  # a third of the way, the finger stays down
        fb.touch("touchMove", [(x + (tx - x) * j / 6, y + (ty - y) * j / 6)])
    Fingers(ann).drag("1:A1", "1:A2")
    ben.wait_for_function("document.querySelector('#editors textarea').value.includes('A1-A2')", timeout=10_000)
    ben.wait_for_timeout(400)  # Ann's segment is in Ben's page, and the round's drawing with it came back
    for j in range(3, 7):
        fb.touch("touchMove", [(x + (tx - x) * j / 6, y + (ty - y) * j / 6)])
    # the line under his finger is still drawn as he goes (on a sheet drawn anew it was on a sheet gone)
    assert ben.evaluate("[...document.querySelectorAll('#sheets g.sketch > *')].some((e) => e.isConnected && e.getBBox().width > 0)")
    fb.touch("touchEnd", [])
    data = saved_when(ben, results(s), lambda d: d["rounds"] and len(d["rounds"][0]) == 2, timeout=10)
    assert data["rounds"][0] == ["A1-A2", "C1-C4"], data["rounds"]
    ben.wait_for_function("document.querySelector('[data-ref=\"1:A1\"]') && "
                          "[...document.querySelectorAll('#sheets svg')].some((v) => v.outerHTML.includes('A1-A2'))", timeout=10_000)
    assert ben.errors == [] and ann.errors == []


def test_a_stroke_begun_while_the_page_waits_for_its_answer_is_written_when_it_ends(serve, browser, tmp_path):
    # Ann's curve reaches Ben's phone as his finger goes down: his page is waiting for the server's answer to
    # the new state, so his stroke is kept (made on what the page shows then, it would be a guess) and played
    # once the answer is back. The answer came while his finger was still moving: the stroke, ended after
    # it, is played at once, never left waiting for a next change that may never come
    s, ann, ben = ann_and_ben(serve, browser, tmp_path)
    held = []
    ben.route("**/api/board", lambda route: held.append(route))  # Ben's answers wait, as on a slow Wi-Fi
    ring = ["A1", "A2", "A3", "B3", "C3", "C2", "C1", "B1", "A1"]
    fb = Fingers(ben)
    at = [fb.centre(f"curve:Ben:{q}") for q in ring]
    Fingers(ann).drag(*(f"curve:Ann:{q}" for q in ring), steps=2)
    ben.wait_for_function("(document.querySelector('#editors [data-path=\"curves.Ann\"]') || {}).value?.includes('1')",
                          timeout=10_000)  # Ann's curve is in Ben's page: its drawing is asked for, not back yet
    fb.touch("touchStart", [at[0]])
    x, y = at[0]
    for k, (tx, ty) in enumerate(at[1:]):
        if k == 3:  # the answer comes back while the finger is down
            ben.unroute("**/api/board")
            for route in held:
                try:
                    route.continue_()
                except Exception:  # a request the page itself gave up (a newer state asked for since)
                    pass
            ben.wait_for_function("!document.body.classList.contains('busy') || document.querySelector('.pending')")
            ben.wait_for_timeout(300)
        for j in range(1, 3):
            fb.touch("touchMove", [(x + (tx - x) * j / 2, y + (ty - y) * j / 2)])
        x, y = tx, ty
    fb.touch("touchEnd", [])
    data = saved_when(ben, results(s), lambda d: "1" in ((d.get("curves") or {}).get("Ben") or ""), timeout=10)
    assert "1" in (data.get("curves") or {}).get("Ben", ""), (data, ben.inner_text("#say"))
    rows = [r.split() for r in data["curves"]["Ben"].strip().splitlines()]
    assert sorted(int(v) for row in rows for v in row if v != ".") == list(range(1, 9)), data["curves"]["Ben"]
    assert ben.locator("#sheets .pending").count() == 0  # nothing left marked as waiting
    assert ben.errors == [] and ann.errors == []


def test_one_part_from_two_phones_the_later_stands_and_the_other_is_told_and_keeps_its_own_in_undo(
        serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-intersections.yaml", tmp_path))
    ann, ben = phone(browser), phone(browser)
    for pg in (ann, ben):
        open_page(pg, s)
    Fingers(ben).drag("1:C1", "1:C2")
    saved_when(ben, results(s), lambda d: d["rounds"] and d["rounds"][0] == ["C1-C2"])
    ann.wait_for_function("document.querySelector('#editors textarea').value.includes('C1-C2')", timeout=10_000)
    ann.context.set_offline(True)  # Ann's phone leaves the Wi-Fi, and writes round 1's segment anew
    ann.locator("#editors textarea").first.fill("A1-A2")
    ben.locator("#editors textarea").first.fill("B1-B2")  # Ben's phone writes the same segment meanwhile: saved first
    saved_when(ben, results(s), lambda d: d["rounds"] and d["rounds"][0] == ["B1-B2"])
    assert "A1-A2" in ann.locator("#editors textarea").first.input_value()  # kept on Ann's phone
    ann.context.set_offline(False)  # back: Ann's change is the later one, and stands
    data = saved_when(ann, results(s), lambda d: d["rounds"] and d["rounds"][0] == ["A1-A2"], timeout=40)
    assert data["rounds"][0] == ["A1-A2"]
    ben.wait_for_function("document.getElementById('told').textContent.includes('Undo brings yours back')", timeout=10_000)
    told = ben.inner_text("#told")  # both values, the part as players say it
    assert "round 1, segment 1" in told and '"A1-A2"' in told and '"B1-B2"' in told and "rounds[0]" not in told, told
    shot(ben, "table-told")
    ben.locator("#undo").click()  # Ben's own value back, saved: now it is the later one
    data = saved_when(ben, results(s), lambda d: d["rounds"][0] == ["B1-B2"], timeout=20)
    assert data["rounds"][0] == ["B1-B2"]
    ann.wait_for_function("document.querySelector('#editors textarea').value.includes('B1-B2')", timeout=10_000)


def test_segments_drawn_in_one_round_on_two_phones_at_once_are_both_kept(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-intersections.yaml", tmp_path))
    ann, ben = phone(browser), phone(browser)
    for pg in (ann, ben):
        open_page(pg, s)
    ann.context.set_offline(True)
    Fingers(ann).drag("1:A1", "1:A2")
    Fingers(ben).drag("1:B1", "1:B2")
    saved_when(ben, results(s), lambda d: d["rounds"] and d["rounds"][0] == ["B1-B2"])
    ann.context.set_offline(False)  # two lines added to one round: two lines, in the order the server got them
    data = saved_when(ann, results(s), lambda d: d["rounds"] and len(d["rounds"][0]) == 2, timeout=40)
    assert data["rounds"][0] == ["B1-B2", "A1-A2"]
    for pg in (ann, ben):
        pg.wait_for_function("document.querySelector('#editors textarea').value.includes('B1-B2, A1-A2')",
                             timeout=10_000)
    assert ann.errors == [] and ben.errors == []


def test_a_phone_that_lost_the_connection_sends_its_edits_when_it_is_back(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-intersections.yaml", tmp_path))
    ann, ben = phone(browser), phone(browser)
    for pg in (ann, ben):
        open_page(pg, s)
    ann.context.set_offline(True)
    Fingers(ann).drag("1:A1", "1:A2")
    Fingers(ben).drag("2:B1", "2:B2")
    saved_when(ben, results(s), lambda d: len(d["rounds"] or []) >= 2 and d["rounds"][1] == ["B1-B2"])
    ann.wait_for_selector("#saved.bad")  # it says so, and keeps the change
    ann.context.set_offline(False)
    data = saved_when(ann, results(s), lambda d: d["rounds"][0] == ["A1-A2"], timeout=40)
    assert data["rounds"][:2] == [["A1-A2"], ["B1-B2"]]  # both kept
    ann.wait_for_function("[...document.querySelectorAll('#editors textarea')].some(t => t.value.includes('B1-B2'))",
                          timeout=10_000)


def test_table_prints_and_shows_the_code_to_join_from(serve, browser, tmp_path):
    from printkit.enter import network

    s = serve(config_for(DATA / "played-knives.yaml", tmp_path), "--table", "--host", "127.0.0.1")
    said = [s.proc.stdout.readline() for _ in range(3)]
    assert said[0].startswith("Other devices at the table join by scanning")
    assert set(said[1].strip()) <= set("\u2588\u2580\u2584 ")  # the QR code, in half blocks
    pg = phone(browser)
    open_page(pg, s)
    join = pg.locator("#join")
    assert join.is_visible()
    join.locator("summary").click()
    assert pg.get_attribute("#join-qr", "src") == network.page_qr(s.url)
    assert pg.inner_text("#join-url") == s.url
    shot(pg, "table-join")


def test_the_network_address_is_found_without_connecting_to_it():
    import ipaddress

    from printkit.enter import network

    found = network.table_address()
    if found is not None:  # a machine on a network: an address another device can reach
        ip = ipaddress.ip_address(found)
        assert ip.version == 4 and not ip.is_loopback and not ip.is_link_local and network.usable(found)
    assert not network.usable("127.0.0.1") and not network.usable("0.0.0.0") and not network.usable("169.254.1.1")
    assert network.usable("192.168.1.20")


def test_during_play_the_bar_says_what_the_last_move_scored_and_the_rule_it_broke(serve, browser, tmp_path):
    s = serve(config_for(DATA / "played-add-residue.yaml", tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    fingers.click("move:Ann:add 3")
    wait_checked(pg)
    assert pg.inner_text("#dock-say").startswith("Move 2 of 52: Ben to move")  # whose turn
    fingers.click("move:Ben:mod 2")  # 3 mod 2 = 1: Ben scores 1
    wait_checked(pg)
    assert pg.inner_text("#dock-last") == "Written: Ben mod 2"  # what was done, as the players say it
    pg.context.close()
    s = serve(config_for(DATA / "played-intersections.yaml", tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    fingers.drag("1:B1", "1:B4")
    wait_checked(pg)
    fingers.drag("1:A2", "1:D2")  # crosses B1-B4 at B2: flagged at the segment that broke the rule
    wait_checked(pg)
    assert pg.inner_text("#dock-last") == "\u2717 round 1, segment 2 (A2-D2): A2-D2 crosses B1-B4 at B2"
    assert pg.get_attribute("#dock-last", "class") == "broken"
    shot(pg, "phone-during-play")


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["upright", "on-its-side"])
def test_selling_knives_entered_by_touch_alone_on_a_phone(serve, browser, tmp_path, size):
    example = DATA / "played-knives.yaml"
    turns = yaml.safe_load(example.read_text(encoding="utf-8"))["turns"]
    s = serve(config_for(example, tmp_path, drop=("kcount",)))
    pg = phone(browser, *size)
    open_page(pg, s)
    assert pg.get_attribute("#zoom", "aria-pressed") == "true"
    watch_shifts(pg)  # nothing moves under the finger while entering: not the set-up draw, a hand, a claim
    fingers = Fingers(pg)
    fingers.click("card:Q")  # the set-up draw
    wait_checked(pg)
    for i, line in enumerate(turns):
        if " draws " in line:
            fingers.click(f"card:{line.split()[-1]}")
        else:
            enter_claim(pg, fingers, line)
        wait_checked(pg)
    assert pg.inner_text("#say").startswith("The game is over")
    assert layout_shift(pg) <= 0.02, (layout_shift(pg), shifts(pg)[:12])
    saved = results(s)
    saved_when(pg, saved, lambda d: len(d.get("turns") or []) >= len(turns), timeout=30)
    same_score(saved, example)
    no_sideways_scroll(pg)
    shot(pg, f"phone-knives-entered-{size[0]}")
    assert pg.errors == []


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["upright", "on-its-side"])
def test_the_long_way_entered_by_touch_alone_on_a_phone(serve, browser, tmp_path, size):
    """Ann's store: every square with the pen bar, walls tapped and dragged along the sides, the doorways
    with their buttons, and the turn log from the dice buttons and taps on the sheet: no key at all."""
    example = DATA / "played-ikes.yaml"
    played = yaml.safe_load(example.read_text(encoding="utf-8"))["sheets"]["Ann"]
    s = serve(config_for(example, tmp_path))
    pg = phone(browser, *size)
    open_page(pg, s)
    watch_shifts(pg)  # nothing moves under the finger while entering
    tall = pg.locator("#sheets .sheet").first.bounding_box()["height"]
    fingers = Fingers(pg)

    def button(name: str) -> None:
        b = pg.get_by_role("button", name=name, exact=True).first
        b.scroll_into_view_if_needed()
        box = b.bounding_box()
        pg.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        wait_checked(pg)

    def tap(where: str) -> None:
        fingers.click(f"Ann:{where}")
        wait_checked(pg)

    rows = [r.split() for r in played["grid"].strip().split("\n")]
    marks = sorted({m for row in rows for m in row} - {"."})
    for mark in marks:
        fingers.tap(f'.pens button[data-pen="{mark}"]')
        for r, row in enumerate(rows):
            for c, m in enumerate(row):
                if m == mark:
                    tap(f"{'ABCDEFG'[r]}{c + 1}")
    for wall in played["walls"]:
        tap(wall)
    button("Entrance")
    tap(played["entrance"])
    button("Exit")
    tap(played["exit"])
    assert pg.inner_text('[data-score="Ann"]') == "4"
    button("Turn log")
    for line in played["turns"]:
        words = line.split()
        for d in words[0].replace(">", "") if words[0][0].isdigit() else "":
            button(d)
        rest = words[1:]
        if rest[0] == "stop":
            button("stop")
        else:
            tap(rest[0])
            tap(rest[1].split("@")[1])
            if rest[2:] == ["+coins"]:
                button("+coins")
            elif rest[2:]:
                button("+wall")
                tap(f"{rest[3]} {rest[4]}")
        assert pg.inner_text("[data-turnline]") == line
        button("Add turn")
    button("Done")
    saved = saved_when(pg, results(s), lambda d: len(d["sheets"]["Ann"].get("turns") or []) == len(played["turns"]),
                       timeout=30)
    got = saved["sheets"]["Ann"]
    assert sorted(got["walls"]) == sorted(played["walls"]) and got["turns"] == played["turns"]
    same_score(results(s), example)
    no_sideways_scroll(pg)
    # the sheet keeps room for a whole game's walk and turn log: it never grew under the fingers (it did,
    # 380 -> 456 px, pushing the panel below it down with every turn)
    assert pg.locator("#sheets .sheet").first.bounding_box()["height"] == tall
    assert layout_shift(pg) <= 0.02, (layout_shift(pg), shifts(pg))
    shot(pg, f"phone-ikes-entered-{size[0]}")
    assert pg.errors == []


WHOLE = """(id) => { const el = document.getElementById(id);
  return el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1; }"""


def test_another_phone_s_segments_are_told_once_each_in_players_words_and_move_nothing(serve, browser, tmp_path):
    """Ann's phone draws three segments of round 1 off the Wi-Fi; back on it, they are saved (in one change or
    two). Ben's phone says so in the players' words: "Another phone entered round 1, segments 2-3." (it said
    "device 1 entered round 1, segment 2, round 1, segment 3"), whole in its line, and the line appearing moves
    none of Ben's sheets (it pushed them 20 px down)."""
    s = serve(config_for(DATA / "played-intersections.yaml", tmp_path))
    ann, ben = phone(browser), phone(browser)
    for pg in (ann, ben):
        open_page(pg, s)
    watch_shifts(ben)
    ann.context.set_offline(True)
    for a, b in (("A1", "A2"), ("B1", "B2"), ("C1", "C2")):
        Fingers(ann).drag(f"1:{a}", f"1:{b}")
    ann.context.set_offline(False)
    saved_when(ann, results(s), lambda d: d["rounds"] and len(d["rounds"][0]) == 3, timeout=40)
    ben.wait_for_function("document.querySelector('#editors textarea').value.includes('C1-C2')", timeout=30_000)
    told = ben.inner_text("#told")
    assert re.fullmatch(r"Another phone entered round 1, (segments [12]-3|segment 3)\.", told), told
    assert ben.evaluate(WHOLE, "told"), told
    assert layout_shift(ben) == 0, shifts(ben)
    shot(ben, "table-told-segments")
    # several parts in one change (saves that waited for each other): each said once, numbers run together
    said = ben.evaluate("""async () => { const { together } = await import('/static/table.js' + location.search);
      return [together(['round 1, segment 2', 'round 1, segment 3', 'round 1, segment 4']),
              together(['move 8', 'move 9', 'move 11', 'move 9']), together(["Ann's curve, B3", "Ann's curve, B4"]),
              together(['round 1, segment 5', 'round 2, segment 1']), together(['turn 3'])]; }""")
    assert said == ["round 1, segments 2-4", "moves 8-9 and 11", "Ann's curve, B3 and B4",
                    "round 1, segment 5; round 2, segment 1", "turn 3"]
    assert ben.errors == [] and ann.errors == []


def test_a_line_another_device_takes_away_while_this_phone_changes_it_is_said_never_dropped_unsaid(serve, page, tmp_path):
    """Ann's page changes move 2 in its text box while its save is on the way; Ben's phone takes move 2 away
    meanwhile. Ann's change goes with the line (the later stands), and her page says so: it went without a
    word, and the save then answered stale changed nothing."""
    path = file_of(tmp_path, START + "- Ann add 1\n- Ben add 2\n")
    s = serve(path)
    held = []
    page.route("**/api/change", lambda route: held.append(route))  # Ann's save: on the way, not there yet
    open_page(page, s)
    box = page.locator('#editors [data-path="moves"]')
    box.fill("Ann add 1\nBen add 3")
    box.blur()
    page.wait_for_function("document.getElementById('saved').textContent.startsWith('Saving')")
    assert held, "the page sent its change"
    status, state = request(s, "GET", "/api/state")
    ids = state["lines"]["moves"]["ids"]
    status, _ = request(s, "POST", "/api/change", {"changes": [{"path": ["moves"], "remove": [ids[1]]}],
                                                    "device": "ben", "seq": 0}, headers={"X-Printkit-Client": "ben"})
    assert status == 200
    page.wait_for_function("document.getElementById('told').textContent.includes('took away')", timeout=15000)
    told = page.inner_text("#told")
    assert "took away what you were changing in the move log" in told and "not kept" in told, told
    for route in held:  # Ann's save arrives: the line it changes is gone
        route.continue_()
    page.unroute("**/api/change")
    page.wait_for_selector("#saved.ok", timeout=20000)
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["moves"] == ["Ann add 1"]
    assert box.input_value() == "Ann add 1"
    assert [e for e in page.errors if "409 (Conflict)" not in e] == []  # (the stale answer, as the browser logs it)

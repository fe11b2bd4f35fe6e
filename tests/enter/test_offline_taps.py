"""Taps made off the network are intents, not diffs: on a phone (390 x 844, touch) taps made while the
server does not answer are marked as pending on the sheet, kept in order, and written against the newest
record once it answers again, so that entering offline then online gives the file entering online gives.
Each game: the same taps entered online (waiting for each answer) and offline (all at once, then back)."""

from __future__ import annotations

import yaml
from enter_helpers import DATA, Fingers, Served, config_for, open_page, phone, saved_when, wait_checked


def _run(browser, tmp_path, name, example, taps, offline, ready):
    """The taps on a phone, online or offline; the results file's text once ``ready(data)`` holds."""
    folder = tmp_path / name
    folder.mkdir()
    cfg = config_for(example, folder)
    s = Served(cfg)
    pg = phone(browser)
    try:
        open_page(pg, s)
        fingers = Fingers(pg)
        if offline:
            pg.context.set_offline(True)
        for tap in taps:
            tap(fingers)
            if not offline:
                wait_checked(pg)
        if offline:
            assert pg.locator("#sheets .pending").count() > 0  # shown at once, as not written yet
            assert pg.locator("#sheets .marked").count() == 0
            assert "not answering" in pg.inner_text("#problem")
            pg.context.set_offline(False)
        pg.wait_for_function("document.querySelectorAll('#sheets .pending').length === 0", timeout=30_000)
        wait_checked(pg)
        results = next(folder.glob("*-results.yaml"))
        data = saved_when(pg, results, ready, timeout=30)
        pg.wait_for_function("document.getElementById('saved').textContent.startsWith('Saved')", timeout=30_000)
        assert ready(data), data
        # back online, the page is live again: the check of the newest record, not "cannot read"
        assert pg.inner_text("[data-status]") not in ("cannot read", "waiting for the server")
        assert pg.locator("#problem").is_hidden()
        assert pg.errors == []
        return results.read_text(encoding="utf-8"), data
    finally:
        pg.context.close()
        s.stop()


def _same_offline_and_online(browser, tmp_path, example, taps, ready):
    online = _run(browser, tmp_path, "online", example, taps, False, ready)
    offline = _run(browser, tmp_path, "offline", example, taps, True, ready)
    assert offline[1] == online[1]
    assert offline[0] == online[0]
    return online[1]


def test_knives_draws_made_offline_are_each_the_next_players(browser, tmp_path):
    example = DATA / "played-knives.yaml"
    draws = yaml.safe_load(example.read_text(encoding="utf-8"))["turns"][:4]
    assert all(" draws " in t for t in draws)
    taps = [lambda f, r=t.split()[-1]: f.click(f"card:{r}") for t in draws]
    data = _same_offline_and_online(browser, tmp_path, example, taps, lambda d: len(d.get("turns") or []) >= 4)
    assert data["turns"] == draws  # Ann, Ben, Cat, Dan: never "Ann draws 6, Ann draws 3"


def test_add_residue_moves_made_offline_go_to_the_player_to_move(browser, tmp_path):
    example = DATA / "played-add-residue.yaml"
    moves = [m.split("=")[0].strip() for m in yaml.safe_load(example.read_text(encoding="utf-8"))["moves"][:4]]
    taps = [lambda f, m=m: f.click("move:{}:{} {}".format(*m.split())) for m in moves]
    data = _same_offline_and_online(browser, tmp_path, example, taps, lambda d: len(d.get("moves") or []) >= 4)
    assert data["moves"] == moves


def test_a_curve_drawn_and_filled_offline_gives_the_online_file(browser, tmp_path):
    example = DATA / "played-curve.yaml"
    taps = [
        lambda f: f.drag("curve:Ann:B2", "curve:Ann:B5", "curve:Ann:E5", "curve:Ann:E2", "curve:Ann:B2", steps=3),
        lambda f: f.click("fill:Ann:Ann:B2"),  # 1 here ...
        lambda f: f.click("fill:Ann:Ann:B3"),  # ... 2 beside it: the route numbered
        lambda f: f.click("fill:Ann:Ann:C3"),  # then the inside squares, the next number each
        lambda f: f.click("fill:Ann:Ann:C4"),
        lambda f: f.click("fill:Ann:Ann:D4"),
    ]

    def ready(d):
        fill = ((d.get("fills") or {}).get("Ann") or {}).get("Ann") or ""
        return sum(t != "." for t in fill.split()) >= 15

    data = _same_offline_and_online(browser, tmp_path, example, taps, ready)
    rows = [r.split() for r in data["fills"]["Ann"]["Ann"].splitlines()]
    inside = [rows[2][2], rows[2][3], rows[3][3]]
    assert len(set(inside)) == 3, inside  # three numbers, never the same one written three times


def test_undo_takes_back_a_tap_not_written_yet(browser, tmp_path):
    example = DATA / "played-knives.yaml"
    folder = tmp_path / "undo"
    folder.mkdir()
    s = Served(config_for(example, folder))
    pg = phone(browser)
    try:
        open_page(pg, s)
        f = Fingers(pg)
        pg.context.set_offline(True)
        f.click("card:6")
        f.click("card:3")
        f.click("card:7")
        assert pg.locator('#sheets [data-ref="card:7"].pending').count() == 1
        pg.evaluate("document.getElementById('undo').click()")  # the last tap kept goes
        assert pg.locator('#sheets [data-ref="card:7"].pending').count() == 0
        pg.context.set_offline(False)
        results = next(folder.glob("*-results.yaml"))
        data = saved_when(pg, results, lambda d: len(d.get("turns") or []) >= 2)
        pg.wait_for_function("document.querySelectorAll('#sheets .pending').length === 0", timeout=30_000)
        wait_checked(pg)
        data = saved_when(pg, results, lambda d: len(d.get("turns") or []) >= 2)
        assert data["turns"] == ["Ann draws 6", "Ben draws 3"]
    finally:
        pg.context.close()
        s.stop()


def test_intersections_segments_drawn_offline_give_the_online_file(browser, tmp_path):
    """Segments dragged and clicked off the network, in round 1 and then round 2 (the next round's sheet is
    there already): each is written in the order drawn, in its round, once the server answers again."""
    example = DATA / "played-intersections.yaml"
    rounds = yaml.safe_load(example.read_text(encoding="utf-8"))["rounds"]
    plan = [(1, s) for s in rounds[0][:4]] + [(2, s) for s in rounds[1][:2]]
    taps = []
    for i, (r, seg) in enumerate(plan):
        a, b = seg.split("-")
        if i % 3 == 2:  # click, click
            taps.append(lambda f, a=f"{r}:{a}", b=f"{r}:{b}": (f.click(a), f.click(b)))
        else:
            taps.append(lambda f, a=f"{r}:{a}", b=f"{r}:{b}": f.drag(a, b))

    def ready(d):
        got = d.get("rounds") or []
        return len(got) >= 2 and len(got[0]) >= 4 and len(got[1]) >= 2

    data = _same_offline_and_online(browser, tmp_path, example, taps, ready)
    assert data["rounds"][:2] == [rounds[0][:4], rounds[1][:2]]


def test_the_long_way_written_and_walled_offline_gives_the_online_file(browser, tmp_path):
    """The Long Way's store on a phone: squares written with the pen bar and walls tapped on the sides of
    the spaces, all while the server does not answer, then back: the file entering them online gives."""
    example = DATA / "played-ikes.yaml"
    played = yaml.safe_load(example.read_text(encoding="utf-8"))["sheets"]["Ann"]
    rows = [r.split() for r in played["grid"].strip().split("\n")]
    squares = [(f"{'ABCDEFG'[r]}{c + 1}", m) for r, row in enumerate(rows) for c, m in enumerate(row) if m != "."][:6]
    walls = played["walls"][:3]
    taps = []
    for mark in dict.fromkeys(m for _, m in squares):
        taps.append(lambda f, m=mark: f.tap(f'.pens button[data-pen="{m}"]'))
        taps += [lambda f, at=at: f.click(f"Ann:{at}") for at, m in squares if m == mark]
    taps += [lambda f, w=w: f.click(f"Ann:{w}") for w in walls]

    def ready(d):
        sheet = (d.get("sheets") or {}).get("Ann") or {}
        written = sum(t != "." for t in (sheet.get("grid") or "").split())
        return written >= len(squares) and len(sheet.get("walls") or []) >= len(walls)

    data = _same_offline_and_online(browser, tmp_path, example, taps, ready)
    sheet = data["sheets"]["Ann"]
    got = [r.split() for r in sheet["grid"].strip().split("\n")]
    assert [(at, got["ABCDEFG".index(at[0])][int(at[1:]) - 1]) for at, _ in squares] == squares
    assert sorted(sheet["walls"]) == sorted(walls)


def test_the_first_stroke_after_the_network_goes_is_marked_whole_and_counted(browser, tmp_path):
    # the page learns the network is gone only when its answer does not come: the first stroke after that
    # is written at once, and its answer never comes. Ann's whole curve dragged then showed one square as
    # not written yet and the bar counted nothing (a player would draw it again)
    s = Served(config_for(DATA / "played-curve.yaml", tmp_path))
    pg = phone(browser)
    try:
        open_page(pg, s)
        pg.locator("#zoom").click()
        wait_checked(pg)
        pg.context.set_offline(True)
        route = ["B2", "B3", "B4", "C4", "D4", "D3", "D2", "C2", "B2"]
        Fingers(pg).drag(*(f"curve:Ann:{q}" for q in route), steps=2)
        pg.wait_for_function("document.getElementById('say').textContent.includes('kept')", timeout=15_000)
        marked = pg.evaluate("[...document.querySelectorAll('#sheets .pending')].map((e) => e.dataset.ref)")
        assert {f"curve:Ann:{q}" for q in route} <= set(marked), marked
        assert "1 stroke kept, not written yet" in pg.inner_text("#say")  # (a curve dragged: a stroke, not a tap)
        pg.context.set_offline(False)
        pg.wait_for_function("document.querySelectorAll('#sheets .pending').length === 0", timeout=30_000)
        assert pg.errors == []
    finally:
        pg.context.close()
        s.stop()

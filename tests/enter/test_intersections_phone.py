"""Making Intersections in a player's hands (games/intersections/page.js, static/phone.js, input.js): the drawn
segments and the dots as targets to a finger on a 390 x 844 phone; on a phone on its side (844 x 390, and
667 x 375) a 6 x 6 round fitted above the bar, one stroke from its top row to its bottom row, the column
numbers riding down between rows of dots, and a whole game entered with nothing moving under the finger;
a 10 x 10 round panned sideways with its row letters off the dots.

The segments' measure.  A segment is a row of stretches from dot to dot, and each of its dots is a place of
its own (a tap on a dot starts a new segment there, rightly: segments meet at dots).  So a finger must take
the segment from the middle of every stretch between neighbouring dots on it, over a cross: across the
stretch 22 px each way (a finger's 44 px), and along it as far as the stretch allows, up to where a dot's
own target begins (half the stretch less the dot's reach, the radius of its drawn hit area, less 0.5 px).
``finger_on_lines``'s cross through a segment's middle is not this measure: that middle is often a dot.
Every drawn segment of the played example (all six rounds, 72 segments, 143 stretches) and of the broken
one (a segment marked as a mistake) is measured by
asking the page what a touch takes there (``placeFor``); a tap there selects the segment, a tap on it again
removes it, a swipe from it scrolls (test_touch.py swipes; here taps and one swipe at the cross's ends, by
real touches)."""

from __future__ import annotations

import pytest
from enter_helpers import DATA, Fingers, config_for, open_page, phone, saved_when, settle, shot, wait_checked

EXAMPLE = DATA / "played-intersections.yaml"

STRETCHES = """() => {
  const root = document.querySelector('#sheets');
  const out = { segments: 0, stretches: 0, misses: [], along: [] };
  for (const el of root.querySelectorAll('line.hit.segment')) {
    const ref = el.dataset.ref, m = /^(\\d+):([A-Z])(\\d+)-([A-Z])(\\d+)$/.exec(ref);
    const [r1, c1, r2, c2] = [m[2].charCodeAt(0) - 65, +m[3] - 1, m[4].charCodeAt(0) - 65, +m[5] - 1];
    if (r1 !== r2 && c1 !== c2) throw new Error(`a played segment on a diagonal: ${ref}`);
    out.segments += 1;
    const svg = el.ownerSVGElement, grid = svg.querySelector('rect.hit.grid'), n = (a) => +grid.getAttribute(a);
    const cw = n('width') / +grid.dataset.cols, ch = n('height') / +grid.dataset.rows;
    const reach = svg.querySelector('ellipse.hit.dot').getBoundingClientRect().width / 2;  // a dot's own target
    const steps = Math.abs(r2 - r1) + Math.abs(c2 - c1);
    for (let k = 0; k < steps; k++) {
      const f = (k + 0.5) / steps, sx = n('x') + (c1 + (c2 - c1) * f) * cw, sy = n('y') + (r1 + (r2 - r1) * f) * ch;
      let q = new DOMPoint(sx, sy).matrixTransform(svg.getScreenCTM());
      window.scrollBy(0, q.y - innerHeight / 3);  // the stretch in view, above the bar
      q = new DOMPoint(sx, sy).matrixTransform(svg.getScreenCTM());
      const stretch = (r1 === r2 ? cw : ch) * svg.getScreenCTM().a;
      const along = Math.max(0, stretch / 2 - reach - 0.5);
      out.stretches += 1; out.along.push(along);
      const u = r1 === r2 ? [1, 0] : [0, 1], v = [-u[1], u[0]], bad = [];
      for (const [d, t] of [[u, 0], [u, along], [u, -along], [u, along / 2], [u, -along / 2],
                            [v, 11], [v, -11], [v, 22], [v, -22]]) {
        const got = root.placeFor(q.x + d[0] * t, q.y + d[1] * t);
        if ((got && (got.ref || got.key)) !== ref) bad.push([Math.round(d[0] * t), Math.round(d[1] * t), got && (got.ref || got.key)]);
      }
      if (bad.length) out.misses.push([ref, k, bad]);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("example, segments", [("played-intersections.yaml", 72), ("broken-intersections.yaml", 2)])
def test_every_stretch_of_every_drawn_segment_is_taken_by_a_finger(serve, browser, example, segments):
    s = serve(example)  # (the broken one: a segment marked as a mistake is drawn narrower; a finger takes it alike)
    pg = phone(browser)
    open_page(pg, s)
    got = pg.evaluate(STRETCHES)
    assert got["segments"] == segments and got["stretches"] >= got["segments"], got["stretches"]
    assert min(got["along"]) > 2, min(got["along"])  # the stretch leaves room between two dots' targets
    assert got["misses"] == [], (len(got["misses"]), got["stretches"], got["misses"][:6])
    if segments < 72:
        return
    # by real touches: a tap 21 px left of a stretch's middle selects the segment, a swipe along it from 21 px
    # right of it scrolls the page and keeps it (a thumb scrolling erases nothing), a tap on it again there
    # removes it (round 1's A6-F6, between B6 and C6)
    fingers = Fingers(pg)
    seg = pg.locator('[data-ref="1:A6-F6"]')
    seg.scroll_into_view_if_needed()
    b2, c2 = fingers.centre("1:B6"), fingers.centre("1:C6")
    x, y = (b2[0] + c2[0]) / 2, (b2[1] + c2[1]) / 2
    pg.touchscreen.tap(x - 21, y)
    assert "selected" in seg.get_attribute("class")
    top = pg.evaluate("scrollY")
    fingers.touch("touchStart", [(x + 21, y)])
    for j in range(1, 9):
        fingers.touch("touchMove", [(x + 21, y - 12 * j)])
    fingers.touch("touchEnd", [])
    pg.wait_for_function(f"scrollY > {top} + 60")
    settle(pg)  # (the scroll runs on after the finger lifts: the dots are measured once the page stands still)
    wait_checked(pg)
    assert pg.locator('[data-ref="1:A6-F6"]').count() == 1
    b2, c2 = fingers.centre("1:B6"), fingers.centre("1:C6")
    x, y = (b2[0] + c2[0]) / 2, (b2[1] + c2[1]) / 2
    pg.touchscreen.tap(x + 21, y)
    wait_checked(pg)
    assert pg.locator('[data-ref="1:A6-F6"]').count() == 0
    assert pg.errors == []


DOTS = r"""(round) => {
  // round's dots on the screen, the room above the bar, and what a finger takes over a cross around each dot
  // (as wide as half the spacing allows, 22 px at most: past half way, the next dot is nearer)
  const root = document.querySelector('#sheets'), foot = document.getElementById('dock').getBoundingClientRect().top;
  const dots = [...root.querySelectorAll(`ellipse.hit.dot[data-ref^="${round}:"]`)].map((e) => {
    const b = e.getBoundingClientRect();
    return { ref: e.dataset.ref, x: b.x + b.width / 2, y: b.y + b.height / 2 };
  });
  const grid = root.querySelector(`rect.hit.grid[data-ref="grid:${round}"]`), g = grid.getBoundingClientRect();
  const apart = Math.min(g.width / +grid.dataset.cols, g.height / +grid.dataset.rows);
  const reach = Math.min(22, apart / 2 - 1), misses = [];
  for (const d of dots) {
    for (const [dx, dy] of [[0, 0], [reach, 0], [-reach, 0], [0, reach], [0, -reach]]) {
      const got = root.placeFor(d.x + dx, d.y + dy);
      if (!got || got.key !== d.ref) misses.push([d.ref, dx, dy, got && got.key]);
    }
  }
  const at = Object.fromEntries(dots.map((d) => [d.ref, d])), taken = [];  // the middle between four dots: nothing
  for (const d of dots) {  // (one finger scrolls the page from there)
    const m = /^\d+:([A-Z])(\d+)$/.exec(d.ref), below = String.fromCharCode(m[1].charCodeAt(0) + 1);
    const e = at[`${round}:${below}${+m[2] + 1}`];
    const got = e && root.placeFor((d.x + e.x) / 2, (d.y + e.y) / 2);
    if (got) taken.push([d.ref, got.key]);
  }
  return { dots, foot, apart, misses, taken, top: Math.min(...dots.map((d) => d.y)), bottom: Math.max(...dots.map((d) => d.y)) };
}"""


@pytest.mark.parametrize("size", [(844, 390), (667, 375)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_on_its_side_a_6_by_6_sheet_fits_above_the_bar_and_a_segment_crosses_it_in_one_stroke(serve, browser, tmp_path, size):
    s = serve(config_for(EXAMPLE, tmp_path))
    pg = phone(browser, *size)
    open_page(pg, s)
    pg.locator("#sheets .sheet").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    pg.wait_for_timeout(100)
    got = pg.evaluate(DOTS, 1)
    assert len(got["dots"]) == 36
    assert got["apart"] >= 44, got["apart"]  # never below a finger's target
    assert got["top"] > 0 and got["bottom"] < got["foot"] - 10, (got["top"], got["bottom"], got["foot"])  # all on screen
    assert got["misses"] == [], got["misses"][:8]
    assert got["taken"] == [], got["taken"][:8]
    dots = {d["ref"]: (d["x"], d["y"]) for d in got["dots"]}
    fingers = Fingers(pg)
    sheet = pg.locator("#sheets .sheet").first
    for a, b in (("1:A1", "1:F1"), ("1:A6", "1:F6")):  # the sheet's height, top row to bottom row: one stroke each
        (x0, y0), (x1, y1) = dots[a], dots[b]
        top = sheet.bounding_box()["y"]
        fingers.touch("touchStart", [(x0, y0)])
        path = [(x0 + (x1 - x0) * j / 10, y0 + (y1 - y0) * j / 10) for j in range(1, 11)]
        if a == "1:A1":  # past the bottom row, close to the bar, and back (a finger overshoots): nothing moves
            path += [(x1, got["foot"] - 6)] * 4 + [(x1, y1 + 8)]
        for x, y in path:
            fingers.touch("touchMove", [(x, y)])
            assert sheet.bounding_box()["y"] == top  # the page never had to move along under the finger
        fingers.touch("touchEnd", [])
        wait_checked(pg)
        assert abs(sheet.bounding_box()["y"] - top) < 0.5  # (the header may change above, out of view)
    data = saved_when(pg, s.path.parent / "intersections-night-results.yaml",
                      lambda d: (d.get("rounds") or [[]])[0] == ["A1-F1", "A6-F6"])
    assert data["rounds"][0] == ["A1-F1", "A6-F6"]
    shot(pg, "phone-intersections-on-its-side")
    assert pg.errors == []


PINNED = r"""async (round) => {
  // the page scrolled down through a round's sheet a few px at a time: wherever its column numbers ride
  // down with it, each dot on the screen is the topmost thing at its centre and is what a finger takes there
  const root = document.querySelector('#sheets'), svg = root.children[round - 1].querySelector('svg');
  const foot = document.getElementById('dock').getBoundingClientRect().top;
  const frame = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  const start = scrollY + svg.getBoundingClientRect().top, out = { pinned: 0, seen: 0, covered: [], labels: [] };
  for (let at = 0; at < svg.getBoundingClientRect().height; at += 4) {
    window.scrollTo(0, start + at);
    await frame();
    const moved = [...svg.querySelectorAll('text.pinned[transform]')].filter((t) => /^[0-9]+$/.test(t.textContent.trim()));
    if (!moved.length) continue;
    out.pinned += 1;
    const last = +svg.querySelector('rect.hit.grid').getAttribute('height') - 0.01;
    for (const t of moved) {  // the numbers in view, as pinning promises (until they reach the last row)
      const b = t.getBoundingClientRect(), dy = Number(/translate\([^ ]+ ([^)]+)\)/.exec(t.getAttribute('transform'))[1]);
      if (dy < last && (b.top < -0.5 || b.bottom > foot)) out.labels.push([at, t.textContent, Math.round(b.top)]);
    }
    for (const el of svg.querySelectorAll('ellipse.hit.dot')) {
      const b = el.getBoundingClientRect(), x = b.x + b.width / 2, y = b.y + b.height / 2;
      if (y < 1 || y > foot - 1) continue;
      out.seen += 1;
      const top = document.elementFromPoint(x, y), got = root.placeFor(x, y);
      if (top !== el || !got || got.key !== el.dataset.ref)
        out.covered.push([at, el.dataset.ref, top && (top.dataset.ref || top.tagName + ' ' + top.textContent), got && got.key]);
    }
  }
  return out;
}"""


def test_on_its_side_the_column_numbers_riding_down_the_sheet_never_cover_a_dot(serve, browser):
    s = serve("played-intersections.yaml")  # segments drawn: their bands and numbers are there too
    pg = phone(browser, 844, 390)
    open_page(pg, s)
    got = pg.evaluate(PINNED, 2)
    assert got["pinned"] > 20 and got["seen"] > 100, got  # the numbers rode down through the whole sheet
    assert got["labels"] == [], got["labels"][:6]
    assert got["covered"] == [], (len(got["covered"]), got["covered"][:8])
    assert pg.errors == []


def test_a_whole_game_entered_by_touch_on_a_phone_on_its_side_moves_nothing_under_the_finger(serve, browser, tmp_path):
    import json

    import yaml
    from enter_helpers import enter_intersections, layout_shift, run_printkit, shifts, watch_shifts

    played = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    s = serve(config_for(EXAMPLE, tmp_path))
    pg = phone(browser, 844, 390)
    open_page(pg, s)
    watch_shifts(pg)
    enter_intersections(pg, Fingers(pg), played)
    saved = s.path.parent / "intersections-night-results.yaml"
    assert saved_when(pg, saved, lambda d: d.get("rounds") == played["rounds"], timeout=30)["rounds"] == played["rounds"]
    got, want = run_printkit("score", saved, "--json"), run_printkit("score", EXAMPLE, "--json")
    assert (got[0], json.loads(got[1])) == (want[0], json.loads(want[1]))
    assert pg.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    assert layout_shift(pg) <= 0.02, (layout_shift(pg), shifts(pg)[:8])
    pg.screenshot(path=str(shot(pg, "phone-intersections-844").with_name("phone-intersections-844-view.png")))
    assert pg.errors == []


PANNED = r"""async () => {
  // a 10 x 10 round panned sideways a few px at a time: its row letters ride along in view, and each dot on
  // the screen is the topmost thing at its centre
  const root = document.querySelector('#sheets'), box = root.children[0], svg = box.querySelector('svg');
  const frame = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  const edge = box.getBoundingClientRect(), out = { pans: 0, seen: 0, covered: [], letters: [] };
  for (let at = 4; at <= box.scrollWidth - box.clientWidth; at += 4) {
    box.scrollLeft = at;
    await frame();
    out.pans += 1;
    for (const t of svg.querySelectorAll('text.pinned')) {
      if (!/^[A-Z]$/.test(t.textContent.trim())) continue;
      const b = t.getBoundingClientRect();
      if (b.left < edge.left - 0.5 || b.right > edge.right + 0.5) out.letters.push([at, t.textContent, Math.round(b.left)]);
    }
    for (const el of svg.querySelectorAll('ellipse.hit.dot')) {
      const b = el.getBoundingClientRect(), x = b.x + b.width / 2, y = b.y + b.height / 2;
      if (x < edge.left + 1 || x > edge.right - 1 || y < 1 || y > innerHeight - 200) continue;
      out.seen += 1;
      const top = document.elementFromPoint(x, y);
      if (top !== el) out.covered.push([at, el.dataset.ref, top && (top.dataset.ref || top.tagName + ' ' + top.textContent)]);
    }
  }
  return out;
}"""


def test_a_dot_array_panned_sideways_keeps_its_row_letters_in_view_and_off_the_dots(serve, browser, tmp_path):
    cfg = config_for(EXAMPLE, tmp_path)
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("n: 6", "n: 10"), encoding="utf-8")
    s = serve(cfg)
    pg = phone(browser)
    open_page(pg, s)
    pg.locator("#sheets .sheet").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    got = pg.evaluate(PANNED)
    assert got["pans"] > 20 and got["seen"] > 500, got
    assert got["letters"] == [], got["letters"][:6]
    assert got["covered"] == [], (len(got["covered"]), got["covered"][:8])
    assert pg.evaluate("[...document.querySelectorAll('#sheets .sheet:first-child text.pinned')].map(t => t.textContent.trim())"
                       ".filter(t => /^[A-Z]$/.test(t)).length") == 10  # every row's letter rides, the last one too
    assert pg.errors == []


def test_a_swipe_up_from_the_row_letters_scrolls_and_leaves_the_segment_beside_them(serve, browser):
    """Upright: round 1 has A1-B1 drawn down column 1, its row letters 16-28 px left of the dots. A thumb's
    swipe up from the letters (18-30 px left of column 1, beside the segment and beside A1) took the segment
    and, going along it, erased it; the page did not move. The letters are the sheet's margin: the page
    scrolls and nothing is written; a tap there still takes the dot or segment nearest it."""
    from test_touch import scrolled_by, settle, text

    s = serve("played-intersections.yaml")
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    before = text(pg)
    assert "A1-B1" in before.split("|")[0]
    for dx in (18, 24, 30):
        for row in ("A", "mid"):
            fingers.centre("1:B1")
            a1, b1 = pg.locator('[data-ref="1:A1"]').bounding_box(), pg.locator('[data-ref="1:B1"]').bounding_box()
            x = a1["x"] + a1["width"] / 2 - dx
            y = a1["y"] + a1["height"] / 2 + (0 if row == "A" else (b1["y"] - a1["y"]) / 2)
            assert pg.evaluate(f"document.querySelector('#sheets').placeFor({x}, {y}).key") in ("1:A1", "1:A1-B1")
            moved = scrolled_by(pg, fingers, x, y, -140)
            assert moved > 60, (dx, row, moved)
            wait_checked(pg)
            assert text(pg) == before, (dx, row)
    pg.evaluate("scrollTo(0, 0)")
    settle(pg)
    fingers.centre("1:B1")  # a tap on the letters between A and B selects the segment beside them
    a1, b1 = pg.locator('[data-ref="1:A1"]').bounding_box(), pg.locator('[data-ref="1:B1"]').bounding_box()
    pg.touchscreen.tap(a1["x"] + a1["width"] / 2 - 24, (a1["y"] + b1["y"] + b1["height"]) / 2)
    assert "selected" in pg.locator('[data-ref="1:A1-B1"]').get_attribute("class")
    assert text(pg) == before
    assert pg.errors == []


def test_on_its_side_a_stroke_let_go_on_the_bars_edge_writes_the_segment_it_drew_and_nothing_moves(serve, browser, tmp_path):
    """844 x 390, the page scrolled so that row F stands on the bar's top edge (4 px above it): a drag E3 -> F3 let go 8 px
    into the bar moved the page 24 px under the finger (the bar's edge moves the page along) and wrote
    nothing (let go off any dot). The page moves along only under a finger held at the bar, and a stroke let
    go anywhere writes the segment to the last dot it passed: E3-F3, then D4-F4 let go 40 px into the bar.
    A stroke that passed no other dot writes nothing, and the page says so."""
    from test_touch import text

    s = serve(config_for(EXAMPLE, tmp_path))
    pg = phone(browser, 844, 390)
    open_page(pg, s)
    fingers = Fingers(pg)
    foot = pg.locator("#dock").bounding_box()["y"]

    def at(ref):
        b = pg.locator(f'[data-ref="{ref}"]').bounding_box()
        return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2

    pg.evaluate("y => scrollBy(0, y)", at("1:F3")[1] - (foot - 4))
    pg.wait_for_timeout(100)
    assert abs(at("1:F3")[1] - (foot - 4)) < 1 and pg.locator("#sheets .sheet").first.bounding_box()["y"] + \
        pg.locator("#sheets .sheet").first.bounding_box()["height"] > foot + 8  # the sheet's foot under the bar
    top = pg.evaluate("scrollY")
    results = s.path.parent / "intersections-night-results.yaml"
    for a, b, into in (("1:E3", "1:F3", 8), ("1:D4", "1:F4", 40)):
        (x, y0), y1 = at(a), foot + into
        fingers.touch("touchStart", [(x, y0)])
        for j in range(1, 9):
            fingers.touch("touchMove", [(x, y0 + (y1 - y0) * j / 8)])
        for j in range(3):  # (a finger never quite still)
            fingers.touch("touchMove", [(x + j % 2, y1)])
        fingers.touch("touchEnd", [])
        wait_checked(pg)
        assert pg.evaluate("scrollY") == top, (a, b)
    want = ["E3-F3", "D4-F4"]
    assert saved_when(pg, results, lambda d: (d.get("rounds") or [[]])[0] == want)["rounds"][0] == want
    before = text(pg)
    (x, y), (x2, y2) = at("1:B2"), at("1:C3")  # from B2 to the middle of four dots, and let go there
    fingers.touch("touchStart", [(x, y)])
    for j in range(1, 7):
        fingers.touch("touchMove", [(x + (x2 - x) * j / 12, y + (y2 - y) * j / 12)])
    fingers.touch("touchEnd", [])
    pg.wait_for_function("document.getElementById('say').textContent.startsWith('Nothing drawn')")
    assert "B2" in pg.inner_text("#say")
    wait_checked(pg)
    assert text(pg) == before
    assert pg.errors == []

"""Selling Knives on a phone: what a finger takes on the map's roads and the turn log's rows.

The audit is the 44 px cross of ``finger_on_lines`` (a finger's width, along each road or row and across it,
through its middle: points 0, 11 and 21.5 px off), asked of the page as touches (``placeFor``), over EVERY
road of the map and EVERY row of the log, adapted for the map as follows.

A kcount 12 map on a 390 px phone is about 360 px across: its 66 roads run a few px apart and cross
everywhere (the six diameters all cross at the map's centre, which is the middle of each), so no road can
own a finger's width of its own, at any size of map that still fits a phone. What a player expects there is
what map apps do where features overlap under a finger: every road passing under the finger (within 22 px
of where it lands) is one the finger may mean; when there is one, it is taken, when there are several, the
page asks which (nearest first) and picks nothing until told. So a road passes the audit when every point
of its cross takes it or offers it: a finger never silently gets another road or nothing. Two exceptions.
Across a road: a point that lies on a centre's drawn disc takes that centre (the end of a road, where the
drag and the two taps that draw one begin); the short roads of the rim pass within 24 px of a centre.
Along a road, off its middle: a point in the touch area of one of the road's own two ends takes that
centre. A centre's touch area is a disc 19 mm across (44 px or more while the map is as wide as the phone,
or as tall as a phone on its side), bigger than its drawn disc, so that the map is never widened past the
screen for its centres; it reaches to the points 21.5 px along the rim's short roads from their middles,
and a finger there, at the end of a road, means the centre (the quick way to a road stays the drag from
centre to centre). The road from a centre's one neighbour to the other passes through that area a few px
off the drawn disc: there, off the disc, whatever is drawn nearer the finger wins (reach.js's besideDisc),
so such a road keeps its middle; and the touch area's middle lies 4 mm outward of the centre's, so a
centre keeps 44 px that take it across the ring and along it (tests/enter/test_knives_fit.py measures them).
The log's rows are bands of their own: each point of a row's cross must take that row.
"""

from __future__ import annotations

import pytest
from enter_helpers import SHOTS, Fingers, layout_shift, open_page, phone, shifts, shot, wait_checked, watch_shifts

AUDIT = """() => {
  const root = document.querySelector('#sheets');
  const out = { roads: 0, rows: 0, misses: [], most: 0 };
  const within = (r, x, y) => Math.hypot(x - r.x - r.width / 2, y - r.y - r.height / 2) <= r.width / 2;
  const disc = (el) => [...el.ownerSVGElement.querySelectorAll('circle')].sort((a, b) => ['cx', 'cy']
    .reduce((d, k) => d + Math.abs(+a.getAttribute(k) - +el.getAttribute(k)) - Math.abs(+b.getAttribute(k) - +el.getAttribute(k)), 0))[0];
  const onDisc = (el, x, y) => within(disc(el).getBoundingClientRect(), x, y);  // the centre's drawn disc
  const atEnd = (el, ref, x, y) => ref.slice(5).split('-').includes(el.dataset.ref.slice(7)) && within(el.getBoundingClientRect(), x, y);
  for (const el of root.querySelectorAll('line[data-ref^="road:"], rect[data-ref^="turn:"]')) {
    const ref = el.dataset.ref, road = ref.startsWith('road:');
    if (!el.getClientRects().length) continue;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    let c, u;
    if (road) {
      const m = el.getScreenCTM(), p = (x, y) => { const q = new DOMPoint(x, y).matrixTransform(m); return [q.x, q.y]; };
      const a = p(+el.getAttribute('x1'), +el.getAttribute('y1')), b = p(+el.getAttribute('x2'), +el.getAttribute('y2'));
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      c = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]; u = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
      out.roads += 1;
    } else {
      const r = el.getBoundingClientRect();
      c = [r.x + r.width / 2, r.y + r.height / 2]; u = [1, 0];
      out.rows += 1;
    }
    const n = [-u[1], u[0]], bad = [];
    for (const [d, k] of [[u, 0], [u, 11], [u, -11], [u, 21.5], [u, -21.5], [n, 11], [n, -11], [n, 21.5], [n, -21.5]]) {
      const x = c[0] + d[0] * k, y = c[1] + d[1] * k;
      const got = root.placeFor(x, y);
      const alts = (got && got.alts) || [];
      out.most = Math.max(out.most, alts.length);
      const centre = road && got && got.ref.startsWith('centre:') && k
        && (d === n ? onDisc(got.el, x, y) : atEnd(got.el, ref, x, y));
      const ok = got && (got.ref === ref && (alts.length <= 1 || !road) || (road && alts.includes(ref)) || centre);
      if (!ok) bad.push([Math.round(x - c[0]), Math.round(y - c[1]), got && got.ref, alts.length]);
    }
    if (bad.length) out.misses.push([ref, bad]);
  }
  return out;
}"""


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])  # upright and on its side
def test_a_finger_gets_every_road_of_the_map_and_every_row_of_the_log(serve, browser, size):
    s = serve("played-knives.yaml")  # 138 turns: the log shows its newest 14
    pg = phone(browser, *size)
    open_page(pg, s)
    got = pg.evaluate(AUDIT)
    assert got["roads"] == 66 and got["rows"] >= 14, got  # every road of kcount 12, every row shown
    assert got["misses"] == [], (len(got["misses"]), got["misses"][:6])
    assert got["most"] <= 20, got["most"]  # what the page may ask to choose from, at the map's busiest
    assert pg.errors == []


def road_ends(pg, ref):
    return pg.locator(f'[data-ref="{ref}"]').first.evaluate("""e => { const m = e.getScreenCTM();
        const p = (a, b) => { const q = new DOMPoint(+e.getAttribute(a), +e.getAttribute(b)).matrixTransform(m); return [q.x, q.y]; };
        return [p('x1', 'y1'), p('x2', 'y2')]; }""")


def test_a_finger_on_roads_close_together_is_asked_which_one_and_nothing_moves(serve, browser, tmp_path):
    start = tmp_path / "kn-results.yaml"
    start.write_text("game: knives\nplayers: [Ann, Ben]\nkcount: 12\nturns: []\n", encoding="utf-8")
    s = serve(start)
    pg = phone(browser)
    open_page(pg, s)
    pg.locator('[data-ref="road:1-7"]').first.scroll_into_view_if_needed()
    watch_shifts(pg)
    (x1, y1), (x2, y2) = road_ends(pg, "road:1-7")
    pg.touchscreen.tap((x1 + x2) / 2 + 9, (y1 + y2) / 2 + 5)  # near the map's centre, a little off road 1-7
    choices = pg.locator("[data-road]:visible").all_inner_texts()
    assert "Road 1-7" in choices and len(choices) >= 2, choices
    assert "claims" not in pg.inner_text(".knives-panel .pick")  # nothing picked yet
    ask = pg.locator(".knives-panel .ask").bounding_box()
    assert ask["y"] + ask["height"] <= 844 + 1 and ask["y"] >= 844 * 0.5  # over the foot of the screen
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / "knives-finger-asks.png"))  # the screen as held (a full-page shot resizes it)
    Fingers(pg).tap('[data-road="1-7"]')
    assert pg.locator("[data-road]:visible").count() == 0
    assert "claims 1-7 " in pg.inner_text(".knives-panel .pick")
    assert layout_shift(pg) <= 0.02, shifts(pg)  # the question came over the page: nothing moved
    (x1, y1), (x2, y2) = road_ends(pg, "road:1-2")  # the rim: outside it, road 1-2 alone is under a finger
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    cx, cy = road_ends(pg, "road:1-7")[0][0], (road_ends(pg, "road:1-7")[0][1] + road_ends(pg, "road:1-7")[1][1]) / 2
    out = ((mx - cx) ** 2 + (my - cy) ** 2) ** 0.5
    pg.touchscreen.tap(mx + (mx - cx) / out * 16, my + (my - cy) / out * 16)  # 16 px outside the rim
    assert pg.locator("[data-road]:visible").count() == 0
    assert "claims 1-7 1-2 " in pg.inner_text(".knives-panel .pick")
    shot(pg, "knives-finger-roads")
    assert pg.errors == []


def test_a_card_of_the_hand_stands_for_its_rank_held_and_taps_count_them(serve, browser, tmp_path):
    """The hand shows a card a rank held with how many ("x2"), so the sheet is one size all game: each tap
    spends one more of that rank, and a tap when all are picked puts them all back."""
    start = tmp_path / "kn-results.yaml"
    turns = ["Ann draws 6", "Ben draws 3", "Ann draws 6", "Ben draws 4"]  # Ann to move, holding 6 6
    start.write_text(f"game: knives\nplayers: [Ann, Ben]\nkcount: 12\nturns: {turns}\n", encoding="utf-8")
    s = serve(start)
    pg = phone(browser)
    open_page(pg, s)
    assert pg.locator('[data-ref^="hand:"]').evaluate_all("els => els.map(e => e.dataset.ref)") == ["hand:6"]
    assert "\u00d72" in pg.locator('[data-ref="hand:6"]').evaluate("e => e.closest('svg').textContent")
    fingers = Fingers(pg)
    fingers.drag("centre:1", "centre:2")
    picks = []
    for _ in range(3):
        fingers.click("hand:6")
        picks.append(pg.inner_text(".knives-panel .pick span"))
    assert picks == ["Ann claims 1-2 with 6", "Ann claims 1-2 with 6 6", "Ann claims 1-2 with ..."], picks
    fingers.click("hand:6")
    fingers.click("hand:6")
    pg.wait_for_function("document.querySelector('[data-sum]').textContent.startsWith('\u2713')")
    fingers.tap("[data-action=claim]")
    wait_checked(pg)
    assert pg.locator("#editors textarea").first.input_value().endswith("Ann claims 1-2 with 6 6")
    assert pg.errors == []

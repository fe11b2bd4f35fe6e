"""Making Intersections in a player's hands (games/intersections/page.js, static/phone.js): the drawn segments
and the dots as targets to a finger on a 390 x 844 phone, and the sheet on a phone on its side (844 x 390).

The segments' measure.  A segment is a row of stretches from dot to dot, and each of its dots is a place of
its own (a tap on a dot starts a new segment there, rightly: segments meet at dots).  So a finger must take
the segment from the middle of every stretch between neighbouring dots on it, over a cross: across the
stretch 22 px each way (a finger's 44 px), and along it as far as the stretch allows, up to where a dot's
own target begins (half the stretch less the dot's reach, the radius of its drawn hit area, less 0.5 px).
``finger_on_lines``'s cross through a segment's middle is not this measure: that middle is often a dot.
Every drawn segment of the played example (all six rounds, 72 segments, 143 stretches) is measured by
asking the page what a touch takes there (``placeFor``); a tap there selects the segment, a swipe along it
removes it (test_touch.py swipes; here one tap and one swipe at the cross's ends, by real touches)."""

from __future__ import annotations

from enter_helpers import Fingers, open_page, phone, wait_checked

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


def test_every_stretch_of_every_drawn_segment_is_taken_by_a_finger(serve, browser):
    s = serve("played-intersections.yaml")
    pg = phone(browser)
    open_page(pg, s)
    got = pg.evaluate(STRETCHES)
    assert got["segments"] == 72 and got["stretches"] >= got["segments"], got["stretches"]
    assert min(got["along"]) > 2, min(got["along"])  # the stretch leaves room between two dots' targets
    assert got["misses"] == [], (len(got["misses"]), got["stretches"], got["misses"][:6])
    # by real touches: a tap 21 px left of a stretch's middle selects the segment, a swipe along it from 21 px
    # right of it removes it (round 1's A6-F6, between B6 and C6)
    fingers = Fingers(pg)
    seg = pg.locator('[data-ref="1:A6-F6"]')
    seg.scroll_into_view_if_needed()
    b2, c2 = fingers.centre("1:B6"), fingers.centre("1:C6")
    x, y = (b2[0] + c2[0]) / 2, (b2[1] + c2[1]) / 2
    pg.touchscreen.tap(x - 21, y)
    assert "selected" in seg.get_attribute("class")
    fingers.touch("touchStart", [(x + 21, y)])
    for j in range(1, 9):
        fingers.touch("touchMove", [(x + 21, y + 6 * j)])
    fingers.touch("touchEnd", [])
    wait_checked(pg)
    assert pg.locator('[data-ref="1:A6-F6"]').count() == 0
    assert pg.errors == []

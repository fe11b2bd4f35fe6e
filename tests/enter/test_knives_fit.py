"""Selling Knives fits a phone: the whole map, every card and every player's score in the bar lie inside the
screen's width (each scrolled into view vertically, never panned sideways), upright and on its side, and no
sheet's box nor the page needs a sideways scroll; the centres and cards stay 44 px targets to a finger."""

from __future__ import annotations

import pytest
import yaml
from enter_helpers import DATA, SHOTS, Fingers, open_page, phone

INSIDE = """(sel) => {
  const W = document.documentElement.clientWidth, out = [];
  for (const el of document.querySelectorAll(sel)) {
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    out.push({ ref: el.dataset.ref, left: r.left, right: r.right, w: r.width, h: r.height, W,
               inside: r.left >= 0 && r.right <= W + 0.5 && r.top >= 0 && r.bottom <= innerHeight });
  }
  return out;
}"""

NO_PAN = """() => ({ page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
  boxes: [...document.querySelectorAll('#sheets > .sheet')].map((b) => [b.scrollWidth, b.clientWidth]),
  scrolled: [scrollX, ...[...document.querySelectorAll('#sheets > .sheet')].map((b) => b.scrollLeft)] })"""


def no_sideways(pg):
    got = pg.evaluate(NO_PAN)
    assert got["page"][0] <= got["page"][1], got
    assert all(s <= c for s, c in got["boxes"]), got
    assert not any(got["scrolled"]), got  # nothing was panned to bring a place into view


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])  # upright and on its side
def test_the_whole_map_and_every_card_are_on_the_screen_as_44_px_targets(serve, browser, size):
    s = serve("played-knives.yaml")  # kcount 12, four players
    pg = phone(browser, *size)
    open_page(pg, s)
    no_sideways(pg)
    centres = pg.evaluate(INSIDE, '[data-ref^="centre:"]')
    cards = pg.evaluate(INSIDE, '[data-ref^="card:"], [data-ref^="hand:"]')
    assert len(centres) == 12 and len(cards) == 13, (len(centres), len(cards))
    for got in centres + cards:
        assert got["inside"], got
        assert min(got["w"], got["h"]) >= 44, got  # a finger's target, not shrunk to fit
    no_sideways(pg)
    if size[1] < 500:  # on its side: the whole ring of centres at once between the top and the bar
        pg.locator('[data-ref="centre:1"]').first.evaluate("e => e.scrollIntoView({ block: 'start' })")
        pg.evaluate("scrollBy(0, -4)")
        box = pg.evaluate("""() => { const rs = [...document.querySelectorAll('[data-ref^="centre:"]')]
            .map((e) => e.getBoundingClientRect()); return [Math.min(...rs.map((r) => r.top)), Math.max(...rs.map((r) => r.bottom)),
            document.getElementById('dock').getBoundingClientRect().top]; }""")
        assert box[0] >= 0 and box[1] <= box[2], box
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.locator('[data-ref="centre:1"]').first.evaluate("e => e.scrollIntoView({ block: 'start' })")
    pg.screenshot(path=str(SHOTS / f"knives-fit-{size[0]}.png"))
    assert pg.errors == []


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_a_hand_of_twelve_ranks_is_on_the_screen(serve, browser, tmp_path, size):
    """Mid-game (the played example's first 83 turns): the player to move holds 12 ranks, two rows of the hand."""
    played = yaml.safe_load((DATA / "played-knives.yaml").read_text(encoding="utf-8"))
    start = tmp_path / "kn-results.yaml"
    start.write_text(yaml.safe_dump({**played, "turns": played["turns"][:83]}, sort_keys=False), encoding="utf-8")
    s = serve(start)
    pg = phone(browser, *size)
    open_page(pg, s)
    hand = pg.evaluate(INSIDE, '[data-ref^="hand:"]')
    assert len(hand) == 12, len(hand)
    for got in hand + pg.evaluate(INSIDE, '[data-ref^="card:"], [data-ref^="centre:"]'):
        assert got["inside"] and min(got["w"], got["h"]) >= 44, got
    no_sideways(pg)
    assert pg.errors == []


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_the_set_up_card_is_on_the_screen(serve, browser, tmp_path, size):
    start = tmp_path / "kn-results.yaml"
    start.write_text("game: knives\nplayers: [Ann, Ben, Cat, Dan]\nkcount: draw\nturns: []\n", encoding="utf-8")
    s = serve(start)
    pg = phone(browser, *size)
    open_page(pg, s)
    cards = pg.evaluate(INSIDE, '[data-ref^="card:"]')
    assert [c["ref"] for c in cards] == ["card:8", "card:9", "card:10", "card:J", "card:Q", "card:K", "card:A"]
    for got in cards:
        assert got["inside"] and min(got["w"], got["h"]) >= 44, got
    no_sideways(pg)
    assert pg.errors == []


SCORES = """() => { const bar = document.getElementById('dock'), el = document.getElementById('dock-scores');
  const r = el.getBoundingClientRect(), W = document.documentElement.clientWidth;
  return { text: el.textContent, whole: el.scrollWidth <= el.clientWidth + 0.5 && el.scrollHeight <= el.clientHeight + 0.5,
           inside: r.left >= 0 && r.right <= W + 0.5 && r.bottom <= innerHeight + 0.5, font: parseFloat(getComputedStyle(el).fontSize),
           bar: bar.getBoundingClientRect().height, top: bar.getBoundingClientRect().top }; }"""


LONG = "game: knives\nplayers: [Henrietta, Josephine, Maximilian, Christoph]\nkcount: 12\nturns: []\n"


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
@pytest.mark.parametrize("example", ["played-knives.yaml", "played-curve.yaml", "played-intersections.yaml", "long-names"])
def test_every_score_is_readable_in_the_bar(serve, browser, tmp_path, size, example):
    """Four players (knives), three (curve, intersections), and four long names (two lines upright)."""
    if example == "long-names":
        (tmp_path / "kn-long.yaml").write_text(LONG, encoding="utf-8")
        example = str(tmp_path / "kn-long.yaml")
    s = serve(example)
    pg = phone(browser, *size)
    open_page(pg, s)
    got = pg.evaluate(SCORES)
    names = pg.evaluate("() => [...document.querySelectorAll('#scores [data-score]')].map((e) => e.closest('tr').querySelector('th').textContent.trim())")
    assert names and all(n in got["text"] for n in names), (names, got)
    assert got["whole"] and got["inside"] and got["font"] >= 12, got  # nothing cut off, nothing under 12 px
    assert got["bar"] <= size[1] * 0.2, got  # the bar stays a bar
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"bar-{example.split('/')[-1].split('.')[0]}-{size[0]}.png"))
    assert pg.errors == []


EXTENT = """() => {
  // each centre as a finger finds it: through the middle of its touch area, across the ring (from the map's
  // middle outward) and along it, the run of screen points (1 px apart) that take that centre
  const root = document.querySelector('#sheets'), out = [];
  const mid = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  const all = [...root.querySelectorAll('ellipse[data-ref^="centre:"]')];
  for (const el of all) {
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    const ms = all.map(mid), m = [ms.reduce((s, p) => s + p[0], 0) / ms.length, ms.reduce((s, p) => s + p[1], 0) / ms.length];
    const c = mid(el), len = Math.hypot(c[0] - m[0], c[1] - m[1]), u = [(c[0] - m[0]) / len, (c[1] - m[1]) / len];
    const run = (d) => { let lo = 0, hi = 0;
      const takes = (k) => { const got = root.placeFor(c[0] + d[0] * k, c[1] + d[1] * k); return got && got.ref === el.dataset.ref; };
      if (!takes(0)) return 0;
      while (lo > -80 && takes(lo - 1)) lo -= 1;
      while (hi < 80 && takes(hi + 1)) hi += 1;
      return hi - lo + 1; };
    out.push([el.dataset.ref, run(u), run([-u[1], u[0]])]);
  }
  return out;
}"""


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
@pytest.mark.parametrize("kcount", [8, 12, 14])  # the fewest and the most centres a map has
def test_every_centre_takes_a_finger_44_px_across_the_ring_and_along_it(serve, browser, tmp_path, size, kcount):
    """Its touch area is bigger than its disc; where the road between its neighbours passes by, that road
    wins off the disc (it is nearer), and the area's middle lies outward: 44 px still take the centre."""
    start = tmp_path / "kn-results.yaml"
    start.write_text(f"game: knives\nplayers: [Ann, Ben]\nkcount: {kcount}\nturns: []\n", encoding="utf-8")
    s = serve(start)
    pg = phone(browser, *size)
    open_page(pg, s)
    got = pg.evaluate(EXTENT)
    assert len(got) == kcount
    for ref, across, along in got:
        assert across >= 44 and along >= 44, (ref, across, along)
    no_sideways(pg)
    assert pg.errors == []


def test_two_taps_beside_the_discs_of_two_centres_make_their_road(serve, browser, tmp_path):
    """A finger off a centre's drawn disc, in its touch area (outward, where the map's rim is), takes the
    centre: two such taps pick the road between them; a tap on the middle of the road passing by a centre
    (at kcount 14, the nearest) takes that road (or offers it), never the centre."""
    start = tmp_path / "kn-results.yaml"
    start.write_text("game: knives\nplayers: [Ann, Ben]\nkcount: 14\nturns: []\n", encoding="utf-8")
    s = serve(start)
    pg = phone(browser)
    open_page(pg, s)
    pg.locator('[data-ref="centre:4"]').first.evaluate("e => e.scrollIntoView({ block: 'center' })")
    beside = """(ref) => { const el = document.querySelector(`[data-ref="${ref}"]`), r = el.getBoundingClientRect();
      const all = [...document.querySelectorAll('ellipse[data-ref^="centre:"]')].map((e) => e.getBoundingClientRect());
      const m = [all.reduce((s, q) => s + q.x + q.width / 2, 0) / all.length, all.reduce((s, q) => s + q.y + q.height / 2, 0) / all.length];
      const c = [r.x + r.width / 2, r.y + r.height / 2], d = Math.hypot(c[0] - m[0], c[1] - m[1]);
      return [c[0] + (c[0] - m[0]) / d * 12, c[1] + (c[1] - m[1]) / d * 12]; }"""  # 12 px outward of the area's middle
    for ref in ("centre:3", "centre:4"):
        x, y = pg.evaluate(beside, ref)
        on_disc = pg.evaluate("""([x, y]) => document.elementsFromPoint(x, y).some((e) => e.tagName === 'circle')""", [x, y])
        assert not on_disc, (ref, x, y)  # off the drawn disc
        pg.touchscreen.tap(x, y)
    assert "claims 3-4 " in pg.inner_text(".knives-panel .pick"), pg.inner_text(".knives-panel .pick")
    got = pg.evaluate("""() => { const e = document.querySelector('[data-ref="road:2-4"]'), m = e.getScreenCTM();
      const p = (a, b) => new DOMPoint(+e.getAttribute(a), +e.getAttribute(b)).matrixTransform(m);
      const a = p('x1', 'y1'), b = p('x2', 'y2'), x = (a.x + b.x) / 2, y = (a.y + b.y) / 2;
      const inside = document.elementsFromPoint(x, y).some((el) => el.dataset.ref === 'centre:3');
      const t = document.querySelector('#sheets').placeFor(x, y);
      return [inside, t.ref, t.alts || []]; }""")
    assert got[0] and (got[1] == "road:2-4" or "road:2-4" in got[2]), got  # in centre 3's touch area, yet the road's
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / "knives-fit-two-taps.png"))
    assert pg.errors == []

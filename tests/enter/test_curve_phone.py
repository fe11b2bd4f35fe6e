"""Within The Curve in a player's hands (games/curve/page.js, static/phone.js, input.js): a 12 x 12 copy on a
phone upright (390 x 844) and on its side (844 x 390) scrolled and panned so that its labels are pinned,
with the column numbers and row letters on a grid line between two rows (columns) of squares, never on
what is written in a square nor taking a tap meant for one; a whole game entered by touch on its side
with nothing moving under the finger; and on its side a curve from the top row to the bottom row drawn in
one drag, the page moving along under a finger held at the bar.

The labels' measure.  At every scroll position a finger may leave the page at (the page scrolled 9 px at a
time from where the column numbers first ride down to the grid's last row, and the sheet panned to its
left, its middle and its right end where it is wider than the screen), for every square of the top row
and the left column in view (a square is in view when its middle is: that is where a finger aims): the
page's own answer to a touch at the square's middle (``placeFor``) is that square, and each number written
in it is what the screen shows there (``elementFromPoint`` at the number's middle is the number or its
square) and its box meets no pinned label's box."""

from __future__ import annotations

import time

import pytest
import yaml
from enter_helpers import (DATA, Fingers, config_for, enter_curve, finger_on_lines, layout_shift, open_page, phone, saved_when, shifts, wait_checked,
                           shot, watch_shifts)

EXAMPLE = DATA / "played-curve.yaml"

SWEEP = """async (ref) => {
  const frame = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  const root = document.querySelector('#sheets');
  const grid = root.querySelector(`rect.hit.grid[data-ref="grid:${ref}"]`);
  const svg = grid.ownerSVGElement, box = svg.closest('.sheet') || svg.parentElement;
  const n = (el, a) => +el.getAttribute(a);
  const [gx, gy, gw, gh, rows, cols] = [n(grid, 'x'), n(grid, 'y'), n(grid, 'width'), n(grid, 'height'), +grid.dataset.rows, +grid.dataset.cols];
  const texts = [...svg.querySelectorAll('text')];
  const labels = texts.filter((t) => n(t, 'x') < gx || n(t, 'y') < gy);
  const written = texts.filter((t) => !labels.includes(t));
  const dock = document.getElementById('dock');
  const low = getComputedStyle(dock).display === 'none' ? innerHeight : dock.getBoundingClientRect().top;
  const out = { positions: 0, pinned: 0, squares: 0, numbers: 0, misses: [] };
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const startY = labels.reduce((m, t) => Math.min(m, t.getBoundingClientRect().top), Infinity) + scrollY;
  const endY = grid.getBoundingClientRect().bottom + scrollY;
  const most = box.scrollWidth - box.clientWidth;
  for (const pan of most > 1 ? [0, most / 2, most] : [0]) {
    for (let y = startY; y < endY; y += 9) {
      window.scrollTo(0, y); box.scrollLeft = pan;
      await frame();
      out.positions += 1;
      const moved = labels.filter((t) => t.getAttribute('transform'));
      if (moved.length) out.pinned += 1;
      const pinned = moved.map((t) => t.getBoundingClientRect());
      const b = box.getBoundingClientRect(), g = grid.getBoundingClientRect();
      const cw = g.width / cols, ch = g.height / rows;
      const seen = (r, c) => { const x = g.left + (c + 0.5) * cw, y = g.top + (r + 0.5) * ch;
        return x >= Math.max(0, b.left) && x <= Math.min(innerWidth, b.right) && y >= 0 && y <= low; };
      let top = -1, left = -1;
      for (let r = 0; r < rows && top < 0; r++) for (let c = 0; c < cols; c++) if (seen(r, c)) { top = r; break; }
      for (let c = 0; c < cols && left < 0; c++) for (let r = 0; r < rows; r++) if (seen(r, c)) { left = c; break; }
      if (top < 0) continue;
      const places = new Set();
      for (let c = 0; c < cols; c++) if (seen(top, c)) places.add(`${top},${c}`);
      for (let r = 0; r < rows; r++) if (seen(r, left)) places.add(`${r},${left}`);
      for (const p of places) {
        const [r, c] = p.split(',').map(Number);
        const name = String.fromCharCode(65 + r) + (c + 1);
        const x = g.left + (c + 0.5) * cw, y = g.top + (r + 0.5) * ch;
        out.squares += 1;
        const got = root.placeFor(x, y);
        if ((got && (got.ref || got.key)) !== `${ref}:${name}`) out.misses.push([y0(), pan, name, 'taken', got && (got.ref || got.key)]);
        const square = svg.querySelector(`[data-ref="${ref}:${name}"]`);
        for (const t of written) {
          const w = t.getBoundingClientRect(), mx = (w.left + w.right) / 2, my = (w.top + w.bottom) / 2;
          if (Math.floor((mx - g.left) / cw) !== c || Math.floor((my - g.top) / ch) !== r) continue;
          out.numbers += 1;
          const at = document.elementFromPoint(mx, my);
          if (at !== t && at !== square) out.misses.push([y0(), pan, name, t.textContent, 'shows', at && (at.textContent || at.tagName)]);
          const over = moved.filter((l, i) => meets(pinned[i], w)).map((l) => l.textContent);
          if (over.length) out.misses.push([y0(), pan, name, t.textContent, 'under', over]);
        }
      }
    }
  }
  function y0() { return Math.round(scrollY); }
  return out;
}"""


def fullest_fill(pg) -> str:
    """The copy with the most numbers written in its squares (its grid's name: fill:FILLER:OWNER)."""
    return pg.evaluate("""() => [...document.querySelectorAll('#sheets rect.hit.grid[data-ref^="grid:fill:"]')].map((g) => {
        const n = (a) => +g.getAttribute(a), svg = g.ownerSVGElement;
        const inside = [...svg.querySelectorAll('text')].filter((t) => +t.getAttribute('x') > n('x') && +t.getAttribute('y') > n('y'));
        return [inside.length, g.dataset.ref.slice(5)]; }).sort((a, b) => b[0] - a[0])[0][1]""")


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_pinned_labels_never_take_a_square_nor_hide_its_number(serve, browser, size):
    s = serve("played-curve.yaml")
    pg = phone(browser, *size)
    try:
        open_page(pg, s)
        for ref in ("curve:Ann", fullest_fill(pg)):
            got = pg.evaluate(SWEEP, ref)
            assert got["pinned"] >= 10 and got["squares"] >= 10 * got["positions"], (ref, got)  # the sweep saw it
            assert ref == "curve:Ann" or got["numbers"] >= got["positions"], (ref, got)
            assert got["misses"] == [], (ref, got["misses"][:12])
        grid = pg.locator('#sheets rect.hit.grid').last
        pg.evaluate("(y) => scrollTo(0, y)", grid.evaluate("g => g.getBoundingClientRect().top + scrollY + 3.5 * g.getBoundingClientRect().height / 12"))
        pg.wait_for_timeout(150)
        shot(pg, f"phone-curve-pinned-{size[0]}")
        assert pg.errors == []
    finally:
        pg.context.close()


def test_the_whole_game_entered_by_touch_on_a_phone_on_its_side(serve, browser, tmp_path):
    from test_table import no_sideways_scroll, results, same_score

    s = serve(config_for(EXAMPLE, tmp_path))
    pg = phone(browser, 844, 390)
    try:
        open_page(pg, s)
        watch_shifts(pg)  # nothing moves under the finger while entering
        played = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
        enter_curve(pg, Fingers(pg), played)
        saved_when(pg, results(s), lambda d: d.get("fills") and all(
            (d["fills"].get(f) or {}).keys() == played["fills"][f].keys() for f in played["fills"]), timeout=30)
        time.sleep(1.5)
        same_score(results(s), EXAMPLE)
        no_sideways_scroll(pg)
        assert layout_shift(pg) <= 0.02, (layout_shift(pg), shifts(pg)[:12])
        # and the bar's buttons, under the thumb, never move (a score that gained a digit pushed them aside)
        bar = [s for s in shifts(pg) if any(n.startswith(("button#dock", "span#dock-acts")) for n in s[1])]
        assert bar == [], bar[:6]
        shot(pg, "phone-curve-844")
        assert pg.errors == []
    finally:
        pg.context.close()


HOLD = """(ref) => { const r = document.querySelector(`#sheets [data-ref="${ref}"]`).getBoundingClientRect();
  const d = document.getElementById('dock');
  return { x: r.x + r.width / 2, y: r.y + r.height / 2, foot: d.getBoundingClientRect().top, scroll: scrollY }; }"""


def test_on_its_side_a_curve_the_height_of_the_sheet_is_one_drag_with_the_page_moving_along(serve, browser, tmp_path):
    """On its side (844 x 390) a 12 x 12 copy cannot be whole above the bar with 44 px squares (its squares alone
    need 528 px; the room is about 320), and its squares stay 44 px: a copy's fill is tapped square by square.
    So a curve from the top row to the bottom row is one drag whose finger, held at the bar (or at the top of
    the screen) moves the page along (input.js), nothing scrolled for it but by the finger: down column 1,
    across, up column 2 and back to A1, closed in one stroke."""
    s = serve(config_for(EXAMPLE, tmp_path))
    pg = phone(browser, 844, 390)
    try:
        open_page(pg, s)
        fingers = Fingers(pg)
        start = pg.evaluate(HOLD, "curve:Ann:A1")
        assert start["foot"] - 28 < pg.evaluate(HOLD, "curve:Ann:L1")["y"], "the copy is all in view: no need to move along"
        x, y = fingers.centre("curve:Ann:A1")  # (the only scroll not by the finger: before it touches)
        fingers.touch("touchStart", [(x, y)])
        moves = 0
        route = [f"curve:Ann:{r}1" for r in "ABCDEFGHIJKL"] + [f"curve:Ann:{r}2" for r in "LKJIHGFEDCBA"] + ["curve:Ann:A1"]
        for ref in route[1:]:
            for _ in range(200):  # the finger held at the bar (at the top) till the square is in view
                at = pg.evaluate(HOLD, ref)
                if 40 <= at["y"] <= at["foot"] - 40:
                    break
                edge = at["foot"] - 12 if at["y"] > at["foot"] - 40 else 12
                x, y = at["x"], edge + (moves % 2)
                fingers.touch("touchMove", [(x, y)])
                moves += 1
            at = pg.evaluate(HOLD, ref)
            for j in range(1, 5):
                fingers.touch("touchMove", [(x + (at["x"] - x) * j / 4, y + (at["y"] - y) * j / 4)])
            x, y = at["x"], at["y"]
        fingers.touch("touchEnd", [])
        wait_checked(pg)
        assert moves > 0, "the page never moved along"
        title = pg.inner_text("#sheets .sheet >> nth=0")
        assert "closed, 24 squares" in title, title
        shot(pg, "phone-curve-844-one-drag")
        assert pg.errors == []
    finally:
        pg.context.close()


def test_the_bands_of_a_copy_are_audited_and_a_finger_on_one_takes_one_of_its_two_squares(serve, browser):
    """The target audit over lines and bands (enter_helpers.finger_on_lines), run over every such place of
    Within The Curve on a phone: a copy's bands (fill:P:O:B3|C3) mark two neighbours with a common factor, a
    mistake's place, not a target. Adapted measure: every band is audited, and at each point of its 44 px
    cross a finger takes one of the band's own two squares (where a number is written), never the band and
    never another square (the squares are areas, 44 x 44 px each: test_targets.py)."""
    s = serve("broken-curve.yaml")
    pg = phone(browser)
    try:
        open_page(pg, s)
        bands = pg.locator('#sheets [data-ref*="|"]').count()
        assert bands > 0
        got = finger_on_lines(pg, '#sheets [data-ref*="|"]')
        assert got["lines"] == bands  # every band audited
        for ref, bad in got["misses"]:
            head, pair = ref.rsplit(":", 1)
            own = {f"{head}:{q}" for q in pair.split("|")}
            assert all(t in own for _, _, t in bad), (ref, bad)
        assert pg.errors == []
    finally:
        pg.context.close()


ROUTES = {  # a route drawn in one stroke, and where its lowest row stands: in the bar's 28 px, above it
    "upright": ("Ann's curve", 22),
    "on-its-side": (["A1", "A2", "A3", "B3", "C3", "D3", "E3", "E2", "E1", "D1", "C1", "B1"], 20),
}


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["upright", "on-its-side"])
def test_a_route_drawn_in_one_stroke_next_to_the_bar_is_written_as_drawn_and_nothing_moves(serve, browser, tmp_path, size):
    """Upright, Ann's 28-square curve of the played game is dragged in one stroke (two touch moves a square,
    every square's place measured before the finger goes down), the whole route in view with its lowest row
    just above the bar. The finger passing through the bar's edge moved the page 24-36 px under it (the
    edge moves the page along), and the curve written was not the one drawn (rows G and H "20 . 14 13 /
    19 18 15" for "18 . 14 13 / 17 16 15"). The page moves along only under a finger held at the edge: here
    it moves 0 px and the file gets the route drawn. On its side likewise a 12-square loop down to the bar."""
    from printkit.coords import coord
    from printkit.games.curve.record import parse_grid
    from printkit.games.curve.score import read_curve

    played = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    route, above = ROUTES["upright" if size[0] < size[1] else "on-its-side"]
    if route == "Ann's curve":
        route = [coord(*sq) for sq in read_curve("Ann", parse_grid(played["curves"]["Ann"], 12, allow_hash=True), 12).route]
    s = serve(config_for(EXAMPLE, tmp_path))
    pg = phone(browser, *size)
    try:
        open_page(pg, s)
        fingers = Fingers(pg)
        fingers.centre("curve:Ann:A1")
        pg.locator('#sheets .sheet:has([data-ref="grid:curve:Ann"])').evaluate("b => { b.scrollLeft = 0; }")
        low = max(route, key=lambda sq: sq[0])
        at = pg.evaluate(HOLD, f"curve:Ann:{low}")
        pg.evaluate("y => scrollBy(0, y)", at["y"] - (at["foot"] - above))
        pg.wait_for_timeout(100)
        points = [pg.evaluate(HOLD, f"curve:Ann:{sq}") for sq in route + route[:1]]
        assert all(0 < p["y"] < p["foot"] - above + 1 and 0 < p["x"] < size[0] for p in points), points
        grid = pg.locator('[data-ref="grid:curve:Ann"]').bounding_box()
        assert grid["y"] + grid["height"] > points[0]["foot"] + 40  # more of the grid under the bar
        top = pg.evaluate("scrollY")
        x, y = points[0]["x"], points[0]["y"]
        fingers.touch("touchStart", [(x, y)])
        for p in points[1:]:
            for j in (1, 2):
                fingers.touch("touchMove", [(x + (p["x"] - x) * j / 2, y + (p["y"] - y) * j / 2)])
            x, y = p["x"], p["y"]
        fingers.touch("touchEnd", [])
        wait_checked(pg)
        assert pg.evaluate("scrollY") == top
        rows = [r.split() for r in pg.locator('#editors [data-path="curves.Ann"]').input_value().splitlines()]
        got = {f"{'ABCDEFGHIJKL'[r]}{c + 1}": int(v) for r, row in enumerate(rows) for c, v in enumerate(row) if v != "."}
        assert got == {sq: i + 1 for i, sq in enumerate(route)}, rows
        assert pg.errors == []
    finally:
        pg.context.close()

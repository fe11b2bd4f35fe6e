"""The Long Way's store in a finger's reach on a 390 x 844 phone (printkit/games/ikes/page.js, page.py).

Sides to a finger. A side's band is about 12 x 15 px, far under a finger, so with a side's pen picked
(Wall, Doorway, Entrance, Exit) a square is four triangles cut by its diagonals and a tap anywhere in it
takes its nearest side, as puzzle apps do for edges. The measure, over every side of every store (the
44 px cross of enter_helpers.finger_on_lines does not fit a triangle: 21.5 px across a side is the far
square's centre, and a line between two spaces is two places, one in each space):
  - from the side's own space: 1 px, 11 px and nearly half a square (h - 3 px, h the half square) in from
    its line at its middle; along it 3 px in, to 5 px short of either end; 11 px in, 8 px either way;
  - from the space across the line: 11 px in takes that space's own side on the same line (each space owns
    its walls, as in the results file: B2 E and B3 W are both the wall between B2 and B3);
  - a side on the store's edge: 8 px outside the store takes it too (the finger's reach).
The squares must be at least 44 px (they are: bigger squares on a touch screen).

The turn log's rows are audited in tests/enter/test_ikes_turn_log.py (a tap picks a row; a swipe from it
scrolls the page)."""

from __future__ import annotations

import yaml
from enter_helpers import Fingers, open_page, phone, saved_when, wait_checked
from test_touch import grid_point

SIDES_TO_A_FINGER = """() => {
  const OPP = { N: 'S', S: 'N', E: 'W', W: 'E' }, STEP = { N: [-1, 0], S: [1, 0], E: [0, 1], W: [0, -1] };
  const root = document.querySelector('#sheets');
  const misses = []; let sides = 0, cell = Infinity;
  for (const el of document.querySelectorAll('#sheets line.hit.edge[data-ref]')) {
    const ref = el.dataset.ref, i = ref.lastIndexOf(':'), who = ref.slice(0, i);
    const [, row, col, side] = /^([A-G])([1-7]) ([NESW])$/.exec(ref.slice(i + 1));
    const r = 'ABCDEFG'.indexOf(row), c = +col - 1;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const g = document.querySelector(`#sheets rect.hit.grid[data-ref="grid:${who}"]`).getBoundingClientRect();
    const w = g.width / 7, h = g.height / 7;
    cell = Math.min(cell, w, h);
    // the side's line on screen: its middle, the way along it, the way into its own space
    const mid = { N: [g.x + (c + .5) * w, g.y + r * h], S: [g.x + (c + .5) * w, g.y + (r + 1) * h],
                  W: [g.x + c * w, g.y + (r + .5) * h], E: [g.x + (c + 1) * w, g.y + (r + .5) * h] }[side];
    const into = { N: [0, 1], S: [0, -1], W: [1, 0], E: [-1, 0] }[side], way = [into[1], into[0]];
    const half = (side === 'N' || side === 'S' ? h : w) / 2;
    const [dr, dc] = STEP[side], nr = r + dr, nc = c + dc, inside = nr >= 0 && nr < 7 && nc >= 0 && nc < 7;
    const twin = inside ? `${who}:${'ABCDEFG'[nr]}${nc + 1} ${OPP[side]}` : ref;
    const points = [[1, 0, ref], [11, 0, ref], [half - 3, 0, ref], [3, half - 5, ref], [3, 5 - half, ref], [11, 8, ref], [11, -8, ref],
                    inside ? [-11, 0, twin] : [-8, 0, ref]];
    sides += 1;
    const bad = [];
    for (const [deep, on, want] of points) {
      const x = mid[0] + into[0] * deep + way[0] * on, y = mid[1] + into[1] * deep + way[1] * on;
      const got = root.placeFor(x, y);
      const key = got && (got.ref || got.key);
      if (key !== want) bad.push([Math.round(deep), Math.round(on), key || null]);
    }
    if (bad.length) misses.push([ref, bad]);
  }
  return { sides, cell, misses };
}"""


def test_with_the_wall_pen_every_side_of_every_store_is_taken_by_a_finger(serve, browser):
    s = serve("broken-ikes.yaml")
    pg = phone(browser)
    open_page(pg, s)
    Fingers(pg).tap('.pens button:text-is("Wall")')
    assert pg.get_attribute('.pens button:text-is("Wall")', "aria-pressed") == "true"
    got = pg.evaluate(SIDES_TO_A_FINGER)
    players = len(yaml.safe_load(s.path.read_text(encoding="utf-8"))["players"])
    assert got["sides"] == players * 7 * 7 * 4  # every side of every space of every store
    assert got["cell"] >= 43.5, got["cell"]
    assert got["misses"] == [], (len(got["misses"]), got["misses"][:6])
    assert pg.errors == []


def test_with_a_squares_pen_a_tap_in_a_square_writes_it_and_with_wall_takes_its_nearest_side(serve, browser):
    s = serve("played-ikes.yaml")
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    fingers.tap('.pens button[data-pen="1"]')
    fingers.centre("Ann:A1")
    x, y = grid_point(pg, 2 * 0.7, 2 * 0.4)  # A1, nearer its east side than its middle, outside the band
    pg.touchscreen.tap(x, y)
    wait_checked(pg)
    saved = saved_when(pg, s.path, lambda d: d["sheets"]["Ann"]["grid"].split()[0] == "1")["sheets"]["Ann"]
    assert "A1 E" not in saved["walls"]
    fingers.tap('.pens button:text-is("Wall")')
    assert pg.locator("#dock-acts button", has_text="Pen:").inner_text().endswith("Wall")
    x, y = grid_point(pg, 2 * 0.7, 2 * 0.4)
    pg.touchscreen.tap(x, y)
    wait_checked(pg)
    saved = saved_when(pg, s.path, lambda d: "A1 E" in d["sheets"]["Ann"]["walls"])["sheets"]["Ann"]
    assert saved["grid"].split()[0] == "1"  # the square as it was
    pg.touchscreen.tap(x, y)  # again: the wall is taken away
    wait_checked(pg)
    saved_when(pg, s.path, lambda d: "A1 E" not in d["sheets"]["Ann"]["walls"])
    assert pg.errors == []


def test_with_the_wall_pen_a_drag_down_from_the_middle_of_e5_draws_the_east_walls_of_e5_to_g5(serve, browser):
    """The way the finger goes says the line: a drag that starts in E5's top triangle (its north side
    nearest) and goes down near its east side draws E5 E, F5 E and G5 E, and no north or south side."""
    s = serve("played-ikes.yaml")
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    fingers.tap('.pens button:text-is("Wall")')
    fingers.centre("Ann:F5")
    before = yaml.safe_load(s.path.read_text(encoding="utf-8"))["sheets"]["Ann"]
    x0, y0 = grid_point(pg, 2 * 4.6, 2 * 4.2)
    x1, y1 = grid_point(pg, 2 * 4.62, 2 * 6.6)
    fingers.touch("touchStart", [(x0, y0)])
    for j in range(1, 25):
        fingers.touch("touchMove", [(x0 + (x1 - x0) * j / 24, y0 + (y1 - y0) * j / 24)])
    fingers.touch("touchEnd", [])
    wait_checked(pg)
    saved = saved_when(pg, s.path, lambda d: "G5 E" in d["sheets"]["Ann"]["walls"])["sheets"]["Ann"]
    assert sorted(saved["walls"]) == sorted(before["walls"] + ["E5 E", "F5 E", "G5 E"]), saved["walls"]  # (E5 S, F5 N, G5 S stay)
    assert saved["grid"] == before["grid"]
    assert pg.errors == []


BELOW_THE_STORE = """() => {
  // every drawn thing of the sheet below its store (the displays' key, the walk, the turn log), where it is
  // on screen, and the sheet's box
  const box = document.querySelector('#sheets .sheet'), svg = box.querySelector('svg');
  const grid = svg.querySelector('rect.hit.grid').getBoundingClientRect();
  const out = [];
  for (const el of svg.querySelectorAll('text, line, rect, path, circle, ellipse, polygon, polyline')) {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height || r.top < grid.bottom + 2) continue;
    out.push([el.tagName, (el.textContent || el.dataset.ref || '').slice(0, 30), r.left, r.right]);
  }
  const b = box.getBoundingClientRect();
  return { items: out, left: b.left, right: b.right, pans: box.scrollWidth > box.clientWidth,
           page: [document.documentElement.scrollWidth, innerWidth],
           rows: [...svg.querySelectorAll('rect.hit.row')].map((e) => [e.dataset.ref, e.getBoundingClientRect().toJSON()]) };
}"""


def test_the_displays_key_the_walk_and_the_turn_log_fit_a_phone_held_upright(serve, browser):
    """On 390 x 844 the sheet's key, walk and turn log are drawn below the store, as wide as it: nothing
    pans sideways (they were right of the store, beyond the screen), nothing is cut, and each turn is shown
    whole; every space is still 44 px to a finger."""
    s = serve("played-ikes.yaml")
    turns = yaml.safe_load(s.path.read_text(encoding="utf-8"))["sheets"]["Ann"]["turns"]
    pg = phone(browser)
    open_page(pg, s)
    pg.locator("#sheets .sheet").first.scroll_into_view_if_needed()
    got = pg.evaluate(BELOW_THE_STORE)
    assert got["page"][0] <= got["page"][1], got["page"]
    assert not got["pans"]
    texts = [t for tag, t, *_ in got["items"] if tag == "text"]
    for word in ("Displays", "1 chair", "6 plant", "The walk", "Turn log"):
        assert word in texts, (word, texts)
    cut = [i for i in got["items"] if i[2] < got["left"] - 0.5 or i[3] > got["right"] + 0.5]
    assert cut == [], cut[:6]
    assert [t for t in turns if t not in texts] == []  # each turn whole, not shortened
    assert len(got["rows"]) == len(turns)
    squares = pg.evaluate("[...document.querySelectorAll('#sheets rect.hit.square')].map(e => e.getBoundingClientRect().width)")
    assert len(squares) == 49 and min(squares) >= 43.5, min(squares)
    assert pg.errors == []


NEAREST_SIDE = """() => {
  // a tenth-step grid of points inside every space (off its diagonals, where two sides are as near): the
  // side a finger takes there, against the nearest side by distance
  const root = document.querySelector('#sheets'), wrong = []; let asked = 0;
  const el = root.querySelector('rect.hit.grid');
  el.scrollIntoView({ block: 'center' });
  const who = el.dataset.ref.slice(5);
  for (let r = 0; r < 7; r++) for (let c = 0; c < 7; c++) {
    root.querySelector(`[data-ref="${who}:${'ABCDEFG'[r]}${c + 1}"]`).scrollIntoView({ block: 'center' });
    const g = el.getBoundingClientRect(), w = g.width / 7, h = g.height / 7;
    for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) {
      const fx = 0.05 + 0.1 * i, fy = 0.05 + 0.1 * j;
      if (Math.abs(fx - fy) < 0.02 || Math.abs(fx + fy - 1) < 0.02) continue;
      const d = { N: fy, S: 1 - fy, W: fx, E: 1 - fx };
      const side = Object.keys(d).sort((a, b) => d[a] - d[b])[0];
      const want = `${who}:${'ABCDEFG'[r]}${c + 1} ${side}`;
      const got = root.placeFor(g.x + (c + fx) * w, g.y + (r + fy) * h);
      asked += 1;
      if (!got || got.key !== want) wrong.push([want, got && got.key]);
    }
  }
  return { asked, wrong };
}"""


def test_with_the_wall_pen_every_point_of_a_space_takes_its_nearest_side(serve, browser):
    s = serve("played-ikes.yaml")
    pg = phone(browser)
    open_page(pg, s)
    Fingers(pg).tap('.pens button:text-is("Wall")')
    got = pg.evaluate(NEAREST_SIDE)
    assert got["asked"] == 49 * 80, got["asked"]
    assert got["wrong"] == [], (len(got["wrong"]), got["wrong"][:8])
    assert pg.errors == []


def test_with_the_wall_pen_a_drag_from_a_wall_along_its_line_removes_the_walls_it_passes(serve, browser):
    """D1 S, D2 S and D3 S are walls (D1 N, D2 N, D3 N too): a drag that starts on D1's south side and goes
    east near that line removes the three south walls and nothing else."""
    s = serve("played-ikes.yaml")
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    fingers.tap('.pens button:text-is("Wall")')
    fingers.centre("Ann:D2")
    before = yaml.safe_load(s.path.read_text(encoding="utf-8"))["sheets"]["Ann"]
    assert {"D1 S", "D2 S", "D3 S", "D1 N", "D2 N", "D3 N"} <= set(before["walls"])
    x0, y0 = grid_point(pg, 2 * 0.4, 2 * 3.75)
    x1, y1 = grid_point(pg, 2 * 2.6, 2 * 3.8)
    fingers.touch("touchStart", [(x0, y0)])
    for j in range(1, 25):
        fingers.touch("touchMove", [(x0 + (x1 - x0) * j / 24, y0 + (y1 - y0) * j / 24)])
    fingers.touch("touchEnd", [])
    wait_checked(pg)
    saved = saved_when(pg, s.path, lambda d: "D3 S" not in d["sheets"]["Ann"]["walls"])["sheets"]["Ann"]
    assert sorted(saved["walls"]) == sorted(set(before["walls"]) - {"D1 S", "D2 S", "D3 S"}), saved["walls"]
    assert saved["grid"] == before["grid"]
    assert pg.errors == []


def test_on_a_phone_on_its_side_the_whole_store_fits_above_the_bar_with_44_px_spaces(serve, browser):
    """844 x 390: the store was drawn 470 px tall (the sheet as wide as the screen; 735 px with its key below
    it), so a wall down a column could not be drawn in view; now its seven rows fit above the bar, each
    space still 44 px."""
    s = serve("played-ikes.yaml")
    pg = phone(browser, 844, 390)
    open_page(pg, s)
    grid = pg.locator("#sheets rect.hit.grid").first
    grid.evaluate("e => e.scrollIntoView({ block: 'start' })")
    box = grid.bounding_box()
    foot = pg.locator("#dock").bounding_box()["y"]
    assert abs(box["y"]) < 1 and box["height"] <= foot, (box, foot)  # at the top of the screen, all of it above the bar
    squares = pg.evaluate("[...document.querySelectorAll('#sheets rect.hit.square')].map(e => e.getBoundingClientRect().width)")
    assert min(squares) >= 43.5, min(squares)
    assert pg.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert pg.errors == []


def test_a_turns_wall_bonus_takes_the_side_nearest_a_tap_in_a_space(serve, browser, tmp_path):
    """In the turn log, +wall waits for its side: a tap in C4 nearer its north side than any other (outside
    the thin band) gives the line its "+wall C4 N"."""
    from enter_helpers import DATA, config_for

    s = serve(config_for(DATA / "played-ikes.yaml", tmp_path))
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)

    def button(name: str) -> None:
        b = pg.get_by_role("button", name=name, exact=True).first
        b.scroll_into_view_if_needed()
        box = b.bounding_box()
        pg.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    button("Turn log")
    button("1")
    button("5")
    fingers.click("Ann:B2")
    fingers.click("Ann:B3")
    button("+wall")
    fingers.centre("Ann:C4")
    x, y = grid_point(pg, 2 * 3.45, 2 * 2.34)  # C4: 0.34 of a space below its north side, off its middle
    pg.touchscreen.tap(x, y)
    pg.wait_for_function("document.querySelector('[data-turnline]').textContent.endsWith('+wall C4 N')", timeout=5000)
    assert pg.inner_text("[data-turnline]").startswith("15 B2 ")
    assert pg.errors == []


def test_doorway_then_a_tap_in_a_space_near_a_wall_punches_it_and_wall_stays_picked(serve, browser):
    s = serve("played-ikes.yaml")
    pg = phone(browser)
    open_page(pg, s)
    fingers = Fingers(pg)
    before = yaml.safe_load(s.path.read_text(encoding="utf-8"))["sheets"]["Ann"]
    assert "A3 E" in before["walls"]
    fingers.tap('.pens button:text-is("Doorway")')
    fingers.centre("Ann:A3")
    x, y = grid_point(pg, 2 * 2.66, 2 * 0.55)  # A3, a third of a space from its east side (outside the band)
    pg.touchscreen.tap(x, y)
    wait_checked(pg)
    saved = saved_when(pg, s.path, lambda d: "A3 E*" in d["sheets"]["Ann"]["walls"])["sheets"]["Ann"]
    assert "A3 E*" in saved["walls"] and saved["grid"] == before["grid"]
    assert pg.get_attribute('.pens button:text-is("Wall")', "aria-pressed") == "true"  # a doorway once, then walls
    assert pg.errors == []

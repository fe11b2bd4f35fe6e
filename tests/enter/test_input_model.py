"""The entry page's one input model (printkit/enter/static/input.js) on its own, in chromium: a test page with
a grid of squares and a few places, driven by mouse, touch and keys as a person would, and the strokes, places
and cursor moves it reports checked.  Every game's page.js is built on it (and tested whole elsewhere)."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from importlib import resources

import pytest

ROWS, COLS = 4, 6  # the test grid: 4 x 6 squares of 60 CSS px (the SVG drawn at 6 px a unit), a place beside it

PAGE = f"""<!doctype html><html><head><meta charset="utf-8"><title>input model</title>
<style>body {{ margin: 0; }} #board {{ padding: 40px; width: 500px; }} svg {{ display: block; width: 420px;
height: 240px; touch-action: none; }} #tall {{ height: 2000px; }}</style></head><body>
<div id="board"><svg viewBox="10 10 70 40" xmlns="http://www.w3.org/2000/svg">
  <rect class="hit grid" data-ref="grid:T" data-rows="{ROWS}" data-cols="{COLS}" x="10" y="10" width="60" height="40"
        pointer-events="none" fill="none" />
  <rect data-ref="stone" x="73" y="20" width="4" height="4" fill="#888" pointer-events="all" />
</svg></div><div id="tall"></div>
<script type="module" src="/test.js"></script></body></html>"""

SCRIPT = """
import * as input from "/static/input.js";
window.input = input;
window.log = [];
const root = document.getElementById("board");
const filled = new Set(["A1"]);  // the first step decides: a stroke starting on a filled square erases
input.track(root, {
  pick(x, y) {
    const stone = input.placeAt(root, x, y);
    if (stone) return { key: stone.ref, name: stone.ref };
    const g = input.Grid.at(root, x, y, 0);
    const at = g && g.cell(x, y);
    return at && { key: input.square(at.r, at.c), name: input.square(at.r, at.c) };
  },
  down(place, e) {
    const stroke = { mode: filled.has(place.name) ? "erase" : "draw", places: [place.name], type: e.pointerType };
    log.push(["down", place.name, stroke.mode, e.pointerType]);
    return stroke;
  },
  over(stroke, place) { stroke.places.push(place.name); },
  up(stroke, place, moved) { log.push(["up", stroke.mode, stroke.places, place && place.name, moved]); },
  cancel(stroke) { log.push(["cancel", stroke.places]); },
});
window.ready = true;
"""


@pytest.fixture
def model(browser, tmp_path):
    """The test page served from a folder of its own on 127.0.0.1, opened in chromium."""
    (tmp_path / "static").mkdir()
    for name in ("input.js", "grid.js", "sketch.js"):  # (input.js re-exports the grids and the sketch's drawing)
        shutil.copy(resources.files("printkit.enter").joinpath("static", name), tmp_path / "static" / name)
    (tmp_path / "index.html").write_text(PAGE)
    (tmp_path / "test.js").write_text(SCRIPT)
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(tmp_path))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    context = browser.new_context(viewport={"width": 600, "height": 500}, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/index.html")
    page.wait_for_function("window.ready === true")
    page.errors = errors
    yield page
    context.close()
    httpd.shutdown()


def centre(page, r: float, c: float) -> tuple[float, float]:
    """The screen point (CSS px) of square (r, c)'s centre, read from the model's own grid."""
    p = page.evaluate(f"(() => {{ const g = input.Grid.all(document.body)[0]; return g.screen({2 * c + 1}, {2 * r + 1}); }})()")
    return p["x"], p["y"]


def log(page) -> list:
    return page.evaluate("window.log")


# ---------------------------------------------------------------- the half-step grid

def test_the_grid_reads_squares_dots_and_sides_in_half_steps(model):
    got = model.evaluate("""(() => {
      const g = input.Grid.all(document.body)[0];
      const at = (hx, hy) => g.screen(hx, hy);
      const p = (hx, hy, f) => { const s = at(hx, hy); return f(s.x, s.y); };
      return {
        size: [g.rows, g.cols, g.name],
        cell: p(3, 5, (x, y) => g.cell(x, y)),                       // odd/odd: square (2, 1)
        off: p(-0.5, 1, (x, y) => g.cell(x, y)),                     // left of the grid: none
        dot: p(4.1, 1.9, (x, y) => g.dot(x, y)),                     // near even/even (2, 2): dot row 1, col 2
        far: p(3, 3, (x, y) => g.dot(x, y)),                         // a square's middle: no dot within reach
        north: p(3, 2.2, (x, y) => g.side(x, y, 0.3)),              // just inside the north side of (1, 1)
        east: p(3.9, 3, (x, y) => g.side(x, y, 0.3)),               // ... its east side
        middle: p(3, 3, (x, y) => g.side(x, y, 0.3)),               // the middle: no side
        corner: p(2.1, 2.1, (x, y) => g.side(x, y, 0.3, 0.3)),      // a corner belongs to the square
        walk: input.Grid.walk({r: 0, c: 0}, {r: 2, c: 3}),
        point: g.point(1, 2),
      };
    })()""")
    assert got["size"] == [ROWS, COLS, "T"]
    assert got["cell"] == {"r": 2, "c": 1} and got["off"] is None
    assert got["dot"] == {"r": 1, "c": 2} and got["far"] is None
    assert got["north"] == {"r": 1, "c": 1, "side": "N"} and got["east"] == {"r": 1, "c": 1, "side": "E"}
    assert got["middle"] is None and got["corner"] is None
    steps = [(s["r"], s["c"]) for s in got["walk"]]
    assert len(steps) == 5 and steps[-1] == (2, 3)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip([(0, 0)] + steps, steps))
    assert got["point"] == {"x": 10 + 2.5 * 10, "y": 10 + 1.5 * 10}


def test_coordinates_are_named_as_printed(model):
    got = model.evaluate("[input.rowLabel(0), input.rowLabel(25), input.rowLabel(26), input.square(1, 2), "
                         "input.parseSquare('AB12'), input.parseSquare('b3'), input.parseSquare('3B')]")
    assert got == ["A", "Z", "AA", "B3", {"r": 27, "c": 11}, {"r": 1, "c": 2}, None]


# ---------------------------------------------------------------- strokes

def test_a_quick_drag_is_walked_square_by_square_and_the_first_step_decides(model):
    x0, y0 = centre(model, 0, 1)
    x1, y1 = centre(model, 3, 5)
    model.mouse.move(x0, y0)
    model.mouse.down()
    model.mouse.move(x1, y1, steps=1)  # one jump across the grid: nothing in between is skipped
    model.mouse.up()
    (down, up) = log(model)
    assert down == ["down", "A2", "draw", "mouse"]
    places = up[2]
    assert places[0] == "A2" and places[-1] == "D6" and up[3] == "D6" and up[4] is True
    cells = [model.evaluate(f"input.parseSquare('{p}')") for p in places]
    assert all(abs(a["r"] - b["r"]) + abs(a["c"] - b["c"]) == 1 for a, b in zip(cells, cells[1:])), places
    model.evaluate("window.log = []")
    xa, ya = centre(model, 0, 0)  # A1 is filled: a stroke from it erases
    model.mouse.move(xa, ya)
    model.mouse.down()
    model.mouse.move(*centre(model, 0, 2), steps=3)
    model.mouse.up()
    assert log(model)[0][2] == "erase" and log(model)[1][2] == ["A1", "A2", "A3"]


def test_a_click_is_not_a_drag_and_a_press_off_every_place_is_ignored(model):
    x, y = centre(model, 1, 1)
    model.mouse.move(x, y)
    model.mouse.down()
    model.mouse.move(x + 3, y + 2)  # a hand's tremble, under the slop
    model.mouse.up()
    model.mouse.click(5, 5)  # far off the grid: no place, no stroke
    assert log(model) == [["down", "B2", "draw", "mouse"], ["up", "draw", ["B2"], "B2", False]]


def test_a_drag_that_scrolls_the_page_along_keeps_its_squares(model):
    model.mouse.move(*centre(model, 0, 0))
    model.mouse.down()
    model.mouse.move(*centre(model, 0, 2), steps=2)
    model.evaluate("window.scrollBy(0, 30)")  # the page scrolls under the pointer (as a drag to its edge does)
    model.mouse.move(*centre(model, 2, 2), steps=2)
    model.mouse.up()
    assert log(model)[-1][2] == ["A1", "A2", "A3", "B3", "C3"]


def test_touch_takes_the_nearest_place_within_reach_and_a_cancel_is_told(model):
    cdp = model.context.new_cdp_session(model)
    x, y = centre(model, 3, 5)
    sx, sy = model.evaluate("(() => { const b = document.querySelector('[data-ref=stone]').getBoundingClientRect(); "
                            "return [b.right + 6, b.bottom + 6]; })()")

    def touch(kind, px, py):
        points = [] if kind in ("touchEnd", "touchCancel") else [{"x": px, "y": py, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", sx, sy)  # beside the stone (right of the grid): on no place, but within a finger's reach
    touch("touchEnd", sx, sy)
    assert log(model)[0][:2] == ["down", "stone"] and log(model)[0][3] == "touch"
    model.evaluate("window.log = []")
    touch("touchStart", *centre(model, 1, 1))
    touch("touchMove", *centre(model, 1, 3))
    touch("touchCancel", 0, 0)
    assert log(model)[0][:3] == ["down", "B2", "draw"]
    assert log(model)[-1][0] == "cancel" and log(model)[-1][1][0] == "B2"
    assert (x, y) != (sx, sy) and model.errors == []


# ---------------------------------------------------------------- keys and the cursor

def test_keys_name_their_actions_and_the_cursor_stays_on_the_grid(model):
    got = model.evaluate("""(() => {
      const k = (key, more = {}) => input.keyOf(new KeyboardEvent("keydown", { key, ...more }));
      const c = new input.Cursor(3, 4);
      const trail = [];
      for (const dir of ["left", "up", "right", "right", "down", "down", "down"]) { c.move(dir); trail.push(c.name); }
      c.next(1); trail.push(c.name);
      c.next(-1); trail.push(c.name);
      c.r = 2; c.c = 3; c.next(1); trail.push(c.name);
      return { keys: [k("ArrowUp"), k("Enter"), k(" "), k("Backspace"), k("Delete"), k("Escape"), k("7"), k("Q"),
                      k("z", { ctrlKey: true }), k("F2"), input.ARROW_SIDE.right], trail };
    })()""")
    assert got["keys"] == ["up", "enter", "space", "back", "erase", "escape", "7", "q", None, None, "E"]
    assert got["trail"] == ["A1", "A1", "A2", "A3", "B3", "C3", "C3", "C4", "C3", "A1"]

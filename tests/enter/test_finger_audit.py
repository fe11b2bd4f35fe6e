"""The finger audit (static/input.js and each game's page.js, on a phone): wherever a thumb lands to move
the page, a one-finger swipe scrolls it and writes nothing, in all five games and the null game, upright and
on its side.  The places, each kind found on the sheets as drawn (the played example of each game):

- ``title``: a sheet's title (its topmost text);
- ``margin``: 5 px inside a corner of a sheet's box;
- ``letters``: a grid's row letters and column numbers (the texts left of it and just above it);
- ``between dots``: the middle between four dots of a dot array;
- ``segment``: the middle of a stretch of a drawn segment, between two of its dots;
- ``beside``: just beside a grid, left and right of it, level with a row's middle (8 px off squares; off
  a dot array 24 px out, level with the middle between two rows of dots, beside a segment there: a
  swipe up from there erased Making Intersections' A1-B1);
- ``tap``: a tap's place (a number on a copy, a card, a road, a pile's number, a log row): the page's own
  answer (``placeFor``) says so.

Hypothesis chooses the kind, the place and the point in it; the swipe is 140 px, up the screen where the page
can move on down, else down, sent as the screen sends it (CDP Input.dispatchTouchEvent).  The page must move
at least 60 px (a swipe from a title moves it 229-274 px upright), and the record, as the page holds it and
as the file holds it, is as it was.  A finger on a place a stroke draws from (a dot, a curve's square, a
store's square or side, a map's centre) draws: those are the other tests'."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from enter_helpers import Fingers, phone, settle, wait_checked
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from searches import examples

from printkit import registry

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import game_files  # noqa: E402

GAMES = [*registry.GAMES, *game_files.TEST_GAMES]
SIZES = {"upright": (390, 844), "on-its-side": (844, 390)}

PLACES = r"""async ([kind, index, f]) => {
  // the places of a kind on the sheets as they are drawn now (each a function giving its screen point, f in
  // 0..1 choosing where in it), or with an index: that place brought to the middle of the room above the bar,
  // and its point there
  const root = document.getElementById('sheets'), n = (el, a) => +el.getAttribute(a);
  const screen = (svg, x, y) => { const q = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM()); return [q.x, q.y]; };
  const inside = (r, f) => [Math.min(Math.max(r.left + f * r.width, 8), innerWidth - 8), r.top + r.height / 2];
  const out = [];
  for (const box of root.querySelectorAll('.sheet')) {
    const svg = box.querySelector('svg');
    if (!svg) continue;
    const texts = [...svg.querySelectorAll('text')];
    const grids = [...svg.querySelectorAll('rect.hit.grid')];
    if (kind === 'title' && texts.length) {
      const t = texts.reduce((a, b) => (n(b, 'y') < n(a, 'y') ? b : a));
      out.push({ el: t, at: (f) => inside(t.getBoundingClientRect(), f) });
    }
    if (kind === 'margin') {
      for (const [u, v] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        out.push({ el: box, at: () => { const r = box.getBoundingClientRect();
          return [u ? Math.min(r.right, innerWidth) - 5 : Math.max(r.left, 0) + 5, v ? r.bottom - 5 : r.top + 5]; } });
      }
    }
    for (const g of grids) {
      const [gx, gy, gw, gh] = ['x', 'y', 'width', 'height'].map((a) => n(g, a));
      const rows = +g.dataset.rows, cols = +g.dataset.cols, cw = gw / cols, ch = gh / rows;
      const dots = Boolean(svg.querySelector('.hit.dot'));
      if (kind === 'letters') {
        for (const t of texts) {
          const [x, y] = [n(t, 'x'), n(t, 'y')];
          if ((x < gx && y >= gy && y <= gy + gh + 3) || (y < gy && y > gy - 12 && x > gx - 0.01 && x < gx + gw + 0.01)) {
            out.push({ el: t, at: (f) => inside(t.getBoundingClientRect(), 0.2 + 0.6 * f) });
          }
        }
      }
      if (kind === 'between dots' && dots) {
        for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
          out.push({ el: g, at: () => screen(svg, gx + (c + 0.5) * cw, gy + (r + 0.5) * ch) });
        }
      }
      if (kind === 'beside') {
        for (let r = 0; r < rows; r++) for (const side of [-1, 1]) {
          const y = gy + (r + 0.5) * ch;  // a square's middle row, or the middle between two rows of dots
          out.push({ el: g, at: () => { const [x0, y0] = screen(svg, side < 0 ? gx : gx + gw, y);
            return [x0 + side * (dots ? 24 : 8), y0]; } });
        }
      }
    }
    if (kind === 'segment') {
      for (const line of svg.querySelectorAll('line.hit.segment')) {
        const g = grids[0], cw = n(g, 'width') / +g.dataset.cols;
        const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((a) => n(line, a));
        const steps = Math.max(1, Math.round(Math.hypot(x2 - x1, y2 - y1) / cw));
        out.push({ el: line, at: (f) => { const k = (Math.min(steps - 1, Math.floor(f * steps)) + 0.5) / steps;
          return screen(svg, x1 + (x2 - x1) * k, y1 + (y2 - y1) * k); } });
      }
    }
  }
  if (kind === 'tap') {
    for (const el of root.querySelectorAll('[data-ref]')) {
      if (el.dataset.ref.startsWith('grid:') || !el.getClientRects().length) continue;
      const r = el.getBoundingClientRect(), p = root.placeFor(r.x + r.width / 2, r.y + r.height / 2);
      if (p && p.soft && (p.ref || p.key) === el.dataset.ref) out.push({ el, at: () => { const b = el.getBoundingClientRect();
        return [b.x + b.width / 2, b.y + b.height / 2]; } });
    }
  }
  if (index === null) return out.length;
  const c = out[index];
  for (const s of root.querySelectorAll('.sheet')) s.scrollLeft = 0;
  const foot = document.getElementById('dock').getBoundingClientRect().top;
  // (measured once the page has drawn the frames after a scroll: the labels that ride along have moved then)
  const drawn = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  let [x, y] = c.at(f);
  window.scrollBy(0, y - foot / 2);
  await drawn();
  [x, y] = c.at(f);
  if (x < 8 || x > innerWidth - 8) {  // (a zoomed sheet: its box panned to it)
    const box = c.el.closest('.sheet');
    box.scrollLeft += x - innerWidth / 2;
    await drawn();
    [x, y] = c.at(f);
  }
  const room = document.documentElement.scrollHeight - innerHeight - scrollY;
  // the swipe goes the way the page has more room to move (a short page near its foot: up)
  return { x, y, foot, down: room >= scrollY, room: Math.max(room, scrollY), ref: c.el.dataset.ref || c.el.textContent || c.el.tagName };
}"""

KINDS = ["title", "margin", "letters", "between dots", "segment", "beside", "tap"]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """``served(game_id)``: the address of the game's played example, served in this process (the null game
    too); and its results file."""
    from printkit.enter import document, server
    from printkit.enter.session import Session

    patch = pytest.MonkeyPatch()
    game_files.register(patch)
    running, got = [], {}

    def _serve(game_id: str):
        if game_id not in got:
            path = tmp_path_factory.mktemp(game_id) / f"{game_id}-results.yaml"
            path.write_text(game_files.example(game_id, "played").read_text(encoding="utf-8"), encoding="utf-8")
            opened, target, data = document.open_file(str(path))
            session = Session(opened, target, data, "127.0.0.1")
            httpd = server.make_server(session, "127.0.0.1", 0)
            threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
            running.append(httpd)
            got[game_id] = (f"http://127.0.0.1:{httpd.server_address[1]}/?token={session.token}", path)
        return got[game_id]

    yield _serve
    for httpd in running:
        httpd.shutdown()
        httpd.server_close()
    patch.undo()


def record(pg) -> str:
    """Every text box of the record, as the page holds it."""
    return pg.evaluate("[...document.querySelectorAll('#editors [data-path]')].map(t => t.value).join('|')")


@pytest.fixture
def audited(served, browser, game_id, size):
    """The game's page on a phone of that size, with the kinds of place its sheets have (kind -> how many)."""
    url, path = served(game_id)
    pg = phone(browser, *SIZES[size])
    pg.goto(url)
    pg.wait_for_selector("body[data-ready='1']")
    wait_checked(pg)
    counts = {kind: pg.evaluate(PLACES, [kind, None, 0]) for kind in KINDS}
    return pg, path, {kind: k for kind, k in counts.items() if k}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_one_finger_swipe_from_a_margin_a_label_or_a_tap_place_scrolls_and_writes_nothing(audited, game_id, size, data):
    pg, path, counts = audited
    assert {"title", "margin"} <= counts.keys(), counts
    kind = data.draw(st.sampled_from(sorted(counts)), label="kind")
    index = data.draw(st.integers(0, counts[kind] - 1), label="index")
    f = data.draw(st.floats(0, 1), label="where in it")
    at = pg.evaluate(PLACES, [kind, index, f])
    assert 8 <= at["y"] <= at["foot"] - 8, at
    before, file_before = record(pg), path.read_text(encoding="utf-8")
    fingers = Fingers(pg)
    dy = -140 if at["down"] else 140
    y0 = pg.evaluate("scrollY")
    fingers.touch("touchStart", [(at["x"], at["y"])])
    for j in range(1, 13):
        fingers.touch("touchMove", [(at["x"], at["y"] + dy * j / 12)])
    fingers.touch("touchEnd", [])
    settle(pg)
    moved = pg.evaluate("scrollY") - y0
    wait_checked(pg)
    assert -moved * dy / 140 > 60, (kind, moved, at.get("room"), at)
    assert record(pg) == before, (kind, at)
    assert path.read_text(encoding="utf-8") == file_before, (kind, at)
    assert pg.errors == []

// The entry page's one input model, shared by every game (as pzprjs's MouseInput and KeyInput serve every
// genre): pointer events (mouse, pen, touch) become strokes over places, a grid's places are read from a
// half-step grid (cells at odd/odd half steps, edges at odd/even, dots at even/even), and keys become a
// cursor's moves and a few named actions. A game's page.js only says what a place, a stroke or a key
// means for its record; it keeps no pointer, drag or cursor code of its own.

import { Grid, SIDES, square } from "/static/grid.js";

// the names of squares and a grid's places (grid.js), given on to the games with the rest of the model
export { Grid, parseSquare, rowLabel, square } from "/static/grid.js";

// ---------------------------------------------------------------- the pointer: strokes over places

// `track(root, game)`: pointer events on `root` become strokes. The game says:
//   pick(x, y, pointerType) -> a place under a screen point, or null (a place is the game's own object
//     with a `key` string: two places with one key are one place)
//   down(place, event) -> a stroke (the game's own object: whether it draws or erases is decided here, on
//     the first place, as pzprjs does), or null to ignore the press
//   over(stroke, place) -> each new place the stroke passes, in order; a quick drag is sampled every
//     `every` pixels between two pointer events, so it skips no place
//   up(stroke, place, moved) -> the stroke ends (place: where it was let go, or null); `moved` is false
//     for a tap or click
//   cancel(stroke) -> the pointer was taken away (the system took the touch)
//   follows(stroke, dx, dy) -> optional: on the first move of a touch, whether the stroke goes on; false
//     lets go of it and the finger moves the page instead (a swipe that starts on a drawn line and does
//     not follow it scrolls, it never erases); another stroke replaces it (a drag along a side: a wall)
// A stroke whose first place says `soft` (a tap's place: a number to write, a row to pick) never holds
// the finger: a swipe from it scrolls the page, and it acts only when the finger lifts where it went down.
// Touch: one finger scrolls the page (and a zoomed sheet sideways) wherever no stroke can start: the
// sheets let the browser pan (page.css), and only a touch that starts a stroke keeps the finger (its
// touchstart's default, the pan, is prevented), as pzprjs and phone puzzle apps do. Where nothing is
// under a finger, the nearest place within `reach` CSS pixels is taken. Two fingers on a stroke: it is
// dropped and the fingers move the sheet.
export function track(root, game, { slop = 6, every = 4, reach = 14, hold = 300, rest = 10 } = {}) {
  let stroke = null;
  // a finger (or the mouse) held on the board: the sheets under it are not drawn anew until it lifts
  // (board.js waits): a touch whose element leaves the page is the browser's, which scrolls and drops
  // the stroke, so another phone's change arriving mid-stroke would lose it
  root.holding = () => stroke !== null || pan !== null;
  const ended = () => root.dispatchEvent(new Event("strokeend"));
  const touches = new Map();  // touch pointers down on the board: id -> {x, y}
  let pan = null;  // two fingers down: {box, x, y} (their midpoint)
  let held = null;  // the touch pointer whose stroke keeps the finger (its pan prevented)
  // pointerdown comes before its touchstart: a stroke started there keeps the finger from the browser
  root.addEventListener("touchstart", (e) => { if (held !== null && e.cancelable) e.preventDefault(); }, { passive: false });
  root.addEventListener("touchmove", (e) => { if (held !== null && e.cancelable) e.preventDefault(); }, { passive: false });

  const mid = () => {
    const ps = [...touches.values()];
    return { x: ps.reduce((a, p) => a + p.x, 0) / ps.length, y: ps.reduce((a, p) => a + p.y, 0) / ps.length };
  };
  root.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touches.size !== 2 || held === null) return;  // (with no stroke held, the browser moves the page)
    if (stroke) { const s = stroke; stroke = null; game.cancel?.(s.made); }
    pan = { box: e.target.closest?.(".sheet") || null, ...mid() };
    try { root.setPointerCapture(e.pointerId); } catch (_) { /* gone */ }
  }, true);
  root.addEventListener("pointermove", (e) => {
    if (!touches.has(e.pointerId)) return;
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (!pan || touches.size < 2) return;
    const m = mid();
    if (pan.box) pan.box.scrollLeft -= m.x - pan.x;
    window.scrollBy(0, -(m.y - pan.y));
    pan.x = m.x; pan.y = m.y;
  }, true);
  const lift = (e) => {
    touches.delete(e.pointerId);
    if (touches.size < 2 && pan) { pan = null; if (!stroke) ended(); }
    if (!touches.size) held = null;
  };
  root.addEventListener("pointerup", lift, true);
  root.addEventListener("pointercancel", lift, true);

  let near = false;  // the last place picked was not under the finger, only within its reach
  function pickNear(x, y, type) {
    const here = game.pick(x, y, type);
    near = false;
    if (here || type !== "touch" || !reach) return here;
    for (let d = reach / 3; d <= reach; d += reach / 3) {
      for (let a = 0; a < 8; a++) {
        const p = game.pick(x + d * Math.cos((a * Math.PI) / 4), y + d * Math.sin((a * Math.PI) / 4), type);
        if (p) { near = true; return p; }
      }
    }
    return null;
  }

  // what a finger at a screen point takes (null: nothing, the finger scrolls); the target audit asks it
  root.placeFor = (x, y) => pickNear(x, y, "touch");

  root.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || stroke || pan) return;
    const place = pickNear(e.clientX, e.clientY, e.pointerType);
    if (!place) return;
    // a finger beside a grid (a store's margin, a curve's or a dot array's row letters and column numbers),
    // or beside a place (a map's centre, a sheet's title next to it), reaches the nearest side, square,
    // dot, segment or centre with a tap, but a swipe from there is a thumb scrolling the page: it starts
    // no stroke (labels and letters are margins; a stroke starts only on a place it can draw from)
    const beside = near || (Grid.all(root).length > 0 && !Grid.on(root, e.clientX, e.clientY));
    const soft = (Boolean(place.soft) || beside) && e.pointerType === "touch";
    const made = soft ? { soft: place } : game.down(place, e);
    if (!made) return;
    const box = e.target.closest?.(".sheet") || null;  // a zoomed sheet scrolls sideways in its box
    const px = e.clientX + offX(box), py = e.clientY + offY(box);
    stroke = { made, box, id: e.pointerId, type: e.pointerType, x0: px, y0: py, x: px, y: py, sx: e.clientX, sy: e.clientY,
               last: place.key, moved: false, soft, grid: Grid.at(root, e.clientX, e.clientY, 0.7) };
    e.preventDefault();  // no mouse events after it: no focus that scrolls the page under the finger
    if (soft) return;  // the browser may still take the finger for a scroll (then: pointercancel)
    if (e.pointerType === "touch") held = e.pointerId;
    try { root.setPointerCapture(e.pointerId); } catch (_) { /* a pointer already gone */ }
  });

  root.addEventListener("pointermove", (e) => {
    if (!stroke || e.pointerId !== stroke.id) return;
    if (stroke.panning) {  // a stroke let go: the finger moves the page, as a swipe off the places does
      if (stroke.box) stroke.box.scrollLeft -= e.clientX - stroke.sx;
      window.scrollBy(0, -(e.clientY - stroke.sy));
      stroke.sx = e.clientX; stroke.sy = e.clientY;
      return;
    }
    const box = stroke.box;
    const px = e.clientX + offX(box), py = e.clientY + offY(box);
    if (!stroke.moved && Math.hypot(px - stroke.x0, py - stroke.y0) < slop) return;
    if (stroke.soft) { stroke = null; ended(); return; }  // a swipe from a tap's place: no tap
    const follows = !stroke.moved && stroke.type === "touch" && game.follows ? game.follows(stroke.made, px - stroke.x0, py - stroke.y0) : true;
    if (!follows) {
      game.cancel?.(stroke.made);
      stroke.panning = true;
      stroke.sx = e.clientX; stroke.sy = e.clientY;
      return;
    }
    if (follows !== true) stroke.made = follows;  // the first move said what the stroke is (a wall along a side)
    if (!stroke.moved) along(stroke);
    stroke.moved = true;
    // which way the finger is going (smoothed): an edge moves the sheet only for a finger that came to it
    // going towards it (a line drawn down along the right edge is no drag to the right)
    if (stroke.cx !== undefined) {
      stroke.vx = 0.6 * (stroke.vx || 0) + 0.4 * (e.clientX - stroke.cx);
      stroke.vy = 0.6 * (stroke.vy || 0) + 0.4 * (e.clientY - stroke.cy);
    }
    stroke.cx = e.clientX; stroke.cy = e.clientY;
    // where the finger came to rest (within `rest` px), when, and going which way
    const r = stroke.rest;
    if (!r || Math.hypot(e.clientX - r.x, e.clientY - r.y) > rest) {
      stroke.rest = { x: e.clientX, y: e.clientY, t: performance.now(), vx: stroke.vx || 0, vy: stroke.vy || 0 };
    }
    walk(stroke);
    edge(stroke);
    game.moved?.(stroke.made, { x: e.clientX, y: e.clientY });
  });

  // the path since the last event, walked in the page's own coordinates: the page may have scrolled in
  // between (a drag that scrolls the sheet along), and a screen point is where it is now
  function walk(s) {
    const box = s.box;
    const px = s.cx + offX(box), py = s.cy + offY(box);
    const n = Math.max(1, Math.ceil(Math.hypot(px - s.x, py - s.y) / every));
    for (let j = 1; j <= n; j++) {
      const x = s.x + ((px - s.x) * j) / n - offX(box), y = s.y + ((py - s.y) * j) / n - offY(box);
      const place = game.pick(x, y, s.type);
      if (place && place.key !== s.last) { s.last = place.key; game.over?.(s.made, place, { x, y }); }
    }
    s.x = px; s.y = py;
  }

  // the sheet-edge rule, the only way the page moves under a finger that draws: a finger held at the edge
  // of a zoomed sheet moves it along; held at the top of the screen or at the bar, the page moves along, so
  // that a stroke can cross a sheet wider or taller than the screen. Held: come to rest there (within
  // `rest` px) for `hold` ms, having come going towards that edge, while more of the stroke's grid (else its
  // sheet) lies beyond it. A finger that passes the edge on its way, turns along it or draws next to it
  // moves nothing: the squares under it stay where the player sees them. True when something moved
  function edge(s) {
    const box = s.box, r = s.rest;
    if (!r || performance.now() - r.t < hold) return false;
    const g = s.grid && s.grid.el.isConnected ? s.grid.el.getBoundingClientRect() : null;
    const across = Math.abs(r.vx) > Math.abs(r.vy), down = Math.abs(r.vy) > Math.abs(r.vx);
    let moved = false;
    if (box && box.scrollWidth > box.clientWidth) {
      const b = box.getBoundingClientRect(), was = box.scrollLeft;
      if (s.cx > b.right - 32 && across && r.vx > 0 && (!g || g.right > b.right)) box.scrollLeft += 12;
      else if (s.cx < b.left + 32 && across && r.vx < 0 && (!g || g.left < b.left)) box.scrollLeft -= 12;
      moved = box.scrollLeft !== was;
    }
    const dock = document.getElementById("dock");
    const foot = dock && getComputedStyle(dock).display !== "none" ? dock.getBoundingClientRect().top : innerHeight;
    const sheet = g || (box ? box.getBoundingClientRect() : { top: -1, bottom: Infinity });
    const was = window.scrollY;
    if (s.cy > foot - 28 && sheet.bottom > foot && down && r.vy > 0) window.scrollBy(0, 12);
    else if (s.cy < 28 && window.scrollY > 0 && sheet.top < 0 && down && r.vy < 0) window.scrollBy(0, -12);
    return moved || window.scrollY !== was;
  }

  // a finger held still at an edge (no pointer events come while it is still): looked at every 40 ms while
  // the stroke lasts, the sheet moves along under it once it is held, and the stroke goes on with it
  function along(s) {
    s.timer = setTimeout(() => {
      if (stroke !== s || s.panning) return;
      if (edge(s)) walk(s);
      along(s);
    }, 40);
  }

  root.addEventListener("pointerup", (e) => {
    if (!stroke || e.pointerId !== stroke.id) return;
    const s = stroke;
    stroke = null;
    try {
      if (s.panning) return;
      if (s.soft) {  // a tap's place on touch: it acts now, picked again
        const place = pickNear(e.clientX, e.clientY, s.type);
        const made = place && place.key === s.made.soft.key ? game.down(place, e) : null;
        if (made) game.up?.(made, place, false);
        return;
      }
      game.up?.(s.made, game.pick(e.clientX, e.clientY, s.type), s.moved);
    } finally { if (!pan) ended(); }
  });

  root.addEventListener("pointercancel", (e) => {
    if (!stroke || e.pointerId !== stroke.id) return;
    const s = stroke;
    stroke = null;
    if (!s.soft && !s.panning) game.cancel?.(s.made);
    if (!pan) ended();
  });
}

// where a screen point is on the page (the page's scroll, and a zoomed sheet's own)
const offX = (box) => window.scrollX + (box ? box.scrollLeft : 0);
const offY = (box) => window.scrollY + (box ? box.scrollTop : 0);

// the place with a data-ref under a screen point on the board: {key: ref, ref, el}, or null
export function placeAt(root, x, y, test = () => true) {
  for (const el of document.elementsFromPoint(x, y)) {
    if (el.classList?.contains("pin-back")) return null;  // a frozen label column (phone.js) covers what is under it
    const ref = el.dataset && el.dataset.ref;
    if (ref && !ref.startsWith("grid:") && root.contains(el) && test(ref, el)) return { key: ref, ref, el };
  }
  return null;
}

// ---------------------------------------------------------------- keys: a cursor and named actions

// the action a key stands for: up, down, left, right (arrows; `shift` says whether Shift was held), act
// (Enter or Space), enter, space, back (Backspace), erase (Delete), escape, tab, a digit "0".."9" or a
// letter "a".."z" (lower case); null for anything else, and for keys with Ctrl, Alt or Meta
export function keyOf(e) {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const named = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right", Enter: "enter", " ": "space",
                  Backspace: "back", Delete: "erase", Escape: "escape", Tab: "tab" }[e.key];
  if (named) return named;
  if (/^[0-9]$/.test(e.key)) return e.key;
  if (/^[a-zA-Z]$/.test(e.key)) return e.key.toLowerCase();
  return null;
}

export const ARROW_SIDE = { up: "N", right: "E", down: "S", left: "W" };

// A keyboard cursor over a grid of rows x cols squares (or dots): arrows move it one square (two half
// steps), kept on the grid; `next` moves on in reading order, as typing a grid does.
export class Cursor {
  constructor(rows, cols, r = 0, c = 0) { Object.assign(this, { rows, cols, r, c }); }

  move(dir) {
    const [dr, dc] = SIDES[ARROW_SIDE[dir]] || [0, 0];
    this.r = Math.min(this.rows - 1, Math.max(0, this.r + dr));
    this.c = Math.min(this.cols - 1, Math.max(0, this.c + dc));
    return this;
  }

  next(step = 1) {
    const k = (this.r * this.cols + this.c + step + this.rows * this.cols) % (this.rows * this.cols);
    this.r = Math.floor(k / this.cols);
    this.c = k % this.cols;
    return this;
  }

  get name() { return square(this.r, this.c); }
}

// ---------------------------------------------------------------- what a stroke draws while it is drawn

export { centreOf, clearSketch, sketch, sketchLine, sketchPath, toSheet } from "/static/sketch.js";

// A sheet's places as printed and as read from the screen, for the entry page's one input model (input.js,
// which gives these on to the games): the names of squares (B3 is row B, column 3) and a grid's half-step
// places (cells at odd/odd half steps, edges at odd/even, dots at even/even) under a screen point.

// ---------------------------------------------------------------- coordinates as printed: B3 is row B, column 3

export function rowLabel(i) {
  let s = "";
  for (let k = i + 1; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}

export const square = (r, c) => `${rowLabel(r)}${c + 1}`;

export function parseSquare(name) {  // "B3" -> {r: 1, c: 2}; null if it is not a square's name
  const m = /^([A-Z]{1,2})(\d{1,3})$/.exec(String(name).trim().toUpperCase());
  if (!m) return null;
  let r = 0;
  for (const ch of m[1]) r = r * 26 + ch.charCodeAt(0) - 64;
  return { r: r - 1, c: Number(m[2]) - 1 };
}

// ---------------------------------------------------------------- grids: a half-step grid over a sheet

export const SIDES = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };

// A sheet's grid, from the place the server draws for it: <rect class="hit grid" data-ref="grid:NAME"
// data-rows data-cols x y width height> covering the cells (for a dot array: from the first dot to the
// last, so that the dots are the cells' corners).
export class Grid {
  constructor(el) {
    this.el = el;
    this.svg = el.ownerSVGElement;
    this.name = el.dataset.ref.replace(/^grid:/, "");
    this.rows = Number(el.dataset.rows);
    this.cols = Number(el.dataset.cols);
    const n = (a) => Number(el.getAttribute(a));
    [this.x, this.y, this.w, this.h] = [n("x"), n("y"), n("width"), n("height")];
  }

  static all(root) { return [...root.querySelectorAll("rect.hit.grid")].map((el) => new Grid(el)); }

  // whether a screen point is on a grid of the board itself, not in its margin: within its squares; for a
  // dot array within a quarter spacing of its outer dots (a finger aiming at an edge dot lands around it),
  // since its row letters and column numbers stand just beyond that (a third of a spacing away). The labels
  // that ride over a grid as the page scrolls or pans (phone.js's pin: column numbers on a line between two
  // rows) are its margin still: a finger on one is on a label
  static on(root, x, y) {
    const label = [...root.querySelectorAll("text.pinned[transform]")].some((t) => {
      const r = t.getBoundingClientRect();
      return x >= r.left - 2 && x <= r.right + 2 && y >= r.top - 2 && y <= r.bottom + 2;
    });
    return !label && Grid.all(root).some((g) => {
      const h = g.half(x, y), m = g.svg.querySelector(".hit.dot") ? 0.5 : 0;
      return h.x >= -m && h.y >= -m && h.x <= 2 * g.cols + m && h.y <= 2 * g.rows + m;
    });
  }

  // the grid a point of the screen is over (or within `margin` cells of), or null
  static at(root, x, y, margin = 0.5) {
    for (const g of Grid.all(root)) {
      const h = g.half(x, y);
      if (h.x > -2 * margin && h.y > -2 * margin && h.x < 2 * (g.cols + margin) && h.y < 2 * (g.rows + margin)) return g;
    }
    return null;
  }

  // a point of the screen in half steps from the grid's top left corner (floats)
  half(x, y) {
    const p = this.svg.createSVGPoint();
    p.x = x; p.y = y;
    const q = p.matrixTransform(this.svg.getScreenCTM().inverse());
    return { x: (2 * (q.x - this.x) * this.cols) / this.w, y: (2 * (q.y - this.y) * this.rows) / this.h };
  }

  // the screen point of a half step (the page's own pixels), for sketches and tests
  screen(hx, hy) {
    const p = this.svg.createSVGPoint();
    p.x = this.x + (hx * this.w) / (2 * this.cols);
    p.y = this.y + (hy * this.h) / (2 * this.rows);
    const q = p.matrixTransform(this.svg.getScreenCTM());
    return { x: q.x, y: q.y };
  }

  // in the drawing's own units: the centre of cell (r, c), or of dot (r, c) with `dot`
  point(r, c, dot = false) {
    const k = dot ? 0 : 0.5;
    return { x: this.x + ((c + k) * this.w) / this.cols, y: this.y + ((r + k) * this.h) / this.rows };
  }

  // the cell under a screen point (odd/odd half steps), or null off the grid
  cell(x, y) {
    const h = this.half(x, y);
    const r = Math.floor(h.y / 2), c = Math.floor(h.x / 2);
    return r >= 0 && c >= 0 && r < this.rows && c < this.cols ? { r, c } : null;
  }

  // the nearest dot (even/even half steps) within `reach` cells of a screen point, or null
  dot(x, y, reach = 0.45) {
    const h = this.half(x, y);
    const r = Math.round(h.y / 2), c = Math.round(h.x / 2);
    if (r < 0 || c < 0 || r > this.rows || c > this.cols) return null;
    return Math.hypot(h.x / 2 - c, h.y / 2 - r) <= reach ? { r, c } : null;
  }

  // the side of the cell under a screen point that the point lies within `band` (a share of the cell) of,
  // and not within `corner` of either end of that side (a corner belongs to the square): {r, c, side}, the
  // wall "just inside" that cell; null in the middle of a cell, at a corner or off the grid
  side(x, y, band = 0.3, corner = 0) {
    const h = this.half(x, y);
    const r = Math.floor(h.y / 2), c = Math.floor(h.x / 2);
    if (r < 0 || c < 0 || r >= this.rows || c >= this.cols) return null;
    const fx = h.x / 2 - c, fy = h.y / 2 - r;
    const sides = [["N", fy, fx], ["S", 1 - fy, fx], ["W", fx, fy], ["E", 1 - fx, fy]].sort((a, b) => a[1] - b[1]);
    const [side, away, along] = sides[0];
    return away <= band && along >= corner && along <= 1 - corner ? { r, c, side } : null;
  }

  // the cells from `a` to `b`, one step along a row or column at a time, the larger way first (a drag
  // that skipped squares between two pointer events is walked square by square, never jumped)
  static walk(a, b) {
    const out = [];
    let { r, c } = a;
    while (r !== b.r || c !== b.c) {
      if (Math.abs(b.r - r) >= Math.abs(b.c - c)) r += Math.sign(b.r - r); else c += Math.sign(b.c - c);
      out.push({ r, c });
    }
    return out;
  }

  static neighbour(r, c, side) { const [dr, dc] = SIDES[side]; return { r: r + dr, c: c + dc }; }
}

// What a finger on the Selling Knives map may mean. A finger covers about 44 CSS px; on a phone the map's
// roads run a few px apart and cross everywhere, so no road can own a finger's width of its own. Every road
// passing within REACH px of where the finger lands is one it may mean: one such road is taken, several
// are offered to choose from (nearest first), and a road is never taken in place of another silently.
import { toSheet } from "/static/input.js";

export const REACH = 22;

// the roads under a finger at screen point (x, y): [{ref, el, d}] nearest first (d: CSS px off its line)
export function roadsNear(root, x, y, reach = REACH) {
  const out = [];
  for (const el of root.querySelectorAll('line[data-ref^="road:"]')) {
    const m = el.getScreenCTM();
    if (!m) continue;
    const at = (a, b) => new DOMPoint(Number(el.getAttribute(a)), Number(el.getAttribute(b))).matrixTransform(m);
    const p = at("x1", "y1"), q = at("x2", "y2");
    const dx = q.x - p.x, dy = q.y - p.y;
    const t = Math.max(0, Math.min(1, ((x - p.x) * dx + (y - p.y) * dy) / (dx * dx + dy * dy || 1)));
    const d = Math.hypot(x - p.x - t * dx, y - p.y - t * dy);
    if (d <= reach) out.push({ ref: el.dataset.ref, el, d });
  }
  return out.sort((a, b) => a.d - b.d);
}

// A centre's touch area is bigger than its drawn disc (page.py's CENTRE_REACH), and the road from its one
// neighbour to the other passes through it, a few px off the disc. Off the disc, whatever is drawn nearer
// wins: a point nearer such a road (one not ending at this centre) than the disc's edge is on that road.
export function besideDisc(root, centre, x, y) {
  const el = centre.el, svg = el.ownerSVGElement, m = el.getScreenCTM();
  if (!svg || !m) return false;
  const disc = discOf(el);
  if (!disc) return false;
  const p = new DOMPoint(Number(disc.getAttribute("cx")), Number(disc.getAttribute("cy"))).matrixTransform(m);
  const edge = Math.hypot(x - p.x, y - p.y) - Number(disc.getAttribute("r")) * Math.hypot(m.a, m.b);
  const n = centre.ref.slice(7);
  return edge > 0 && roadsNear(root, x, y, edge).some((r) => !r.ref.slice(5).split("-").includes(n));
}

// a centre's drawn disc: of the circles drawn, the one nearest the middle of its touch area, inside it
export function discOf(el) {
  const cx = Number(el.getAttribute("cx")), cy = Number(el.getAttribute("cy")), rx = Number(el.getAttribute("rx"));
  let best = null, near = rx;
  for (const c of el.ownerSVGElement.querySelectorAll("circle")) {
    const d = Math.hypot(Number(c.getAttribute("cx")) - cx, Number(c.getAttribute("cy")) - cy);
    if (d < near) { near = d; best = c; }
  }
  return best;
}

// A mouse points finely: of the roads under the pointer, the one whose line passes nearest it.
const TIE = 0.45;  // mm: two roads this close to a tap are both meant, as far as the page can tell

// of the roads under a point, the one whose line passes nearest it; with `alts`, every road about as near
// (where roads cross, a tap near the crossing could mean any of them: the page asks which)
export function roadUnder(root, x, y) {
  const found = [];
  for (const el of document.elementsFromPoint(x, y)) {
    const ref = el.dataset && el.dataset.ref;
    if (!ref || !ref.startsWith("road:") || !root.contains(el)) continue;
    const p = toSheet(el.ownerSVGElement, x, y);
    const n = (a) => Number(el.getAttribute(a));
    const [x1, y1, x2, y2] = [n("x1"), n("y1"), n("x2"), n("y2")];
    const len2 = (x2 - x1) ** 2 + (y2 - y1) ** 2 || 1;
    const t = Math.max(0, Math.min(1, ((p.x - x1) * (x2 - x1) + (p.y - y1) * (y2 - y1)) / len2));
    found.push({ el, d: Math.hypot(p.x - x1 - t * (x2 - x1), p.y - y1 - t * (y2 - y1)) });
  }
  if (!found.length) return null;
  found.sort((a, b) => a.d - b.d);
  const best = found[0];
  const alts = [...new Set(found.filter((f) => f.d - best.d <= TIE).map((f) => f.el.dataset.ref))];
  return { key: best.el.dataset.ref, ref: best.el.dataset.ref, el: best.el, alts };
}


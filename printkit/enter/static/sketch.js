// What a stroke draws while it is drawn (input.js's strokes; a game's page.js draws through these): a line
// or a path on a sheet's sketch layer, and a screen point or a place's centre in the sheet's own units.
const SVG = "http://www.w3.org/2000/svg";

// a line (the dot-to-dot, centre-to-centre gesture) or a path through points, on the sheet's sketch layer
export function sketch(svg, shape, attrs, cls = "") {
  let g = svg.querySelector("g.sketch");
  if (!g) { g = document.createElementNS(SVG, "g"); g.setAttribute("class", "sketch"); svg.append(g); }
  const el = document.createElementNS(SVG, shape);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (cls) el.setAttribute("class", cls);
  g.append(el);
  return el;
}

export function sketchLine(svg, from, to, cls = "") {
  clearSketch(svg);
  return sketch(svg, "line", { x1: from.x, y1: from.y, x2: to.x, y2: to.y }, cls);
}

export function sketchPath(svg, points, closed = false, cls = "") {
  clearSketch(svg);
  const pts = points.map((p) => `${p.x},${p.y}`);
  return sketch(svg, "polyline", { points: pts.join(" ") + (closed && pts.length ? ` ${pts[0]}` : "") }, cls);
}

export function clearSketch(scope) { for (const g of scope.querySelectorAll("g.sketch")) g.replaceChildren(); }

// a screen point in a sheet's own units (the drawing's millimetres)
export function toSheet(svg, x, y) {
  const p = svg.createSVGPoint();
  p.x = x; p.y = y;
  return p.matrixTransform(svg.getScreenCTM().inverse());
}

// the centre of a place's element, in its sheet's own units
export function centreOf(el) {
  if (el.tagName === "line") {
    const n = (a) => Number(el.getAttribute(a));
    return { x: (n("x1") + n("x2")) / 2, y: (n("y1") + n("y2")) / 2 };
  }
  const b = el.getBBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

// Within The Curve on the page.
// Curves (curve:NAME:C3): one drag through the squares draws the route, snapping square by square as in
// pzprjs; dragging back over the last square takes it back; coming back to the first square closes the
// curve; a drag from an open end of the line carries it on, one that starts elsewhere on the curve
// erases. Keys: arrows move a cursor, Enter extends (or closes) the route to the cursor, Backspace takes
// back the last square.
// Fills (fill:FILLER:OWNER:C3): click the curve square that gets 1, then its neighbour that gets 2: the
// route's numbers are written along the curve. Click an empty square inside: the next number goes there.
// Keys: digits type a number, Space writes the next one, Enter or Tab move on, Backspace clears.
// Every rule is the scorer's: what is drawn or written goes into the record and comes back checked.

let cursor = null;   // {grid: "curve:Ann" | "fill:Ben:Ann", r, c}
let drag = null;
let first = null;    // {grid, sq}: the fill's square chosen for 1, waiting for the square of 2
let typed = "";

const rowLabel = (i) => { let s = ""; i += 1; while (i) { const m = (i - 1) % 26; s = String.fromCharCode(65 + m) + s; i = Math.floor((i - 1) / 26); } return s; };
const name = (r, c) => `${rowLabel(r)}${c + 1}`;
function parseSq(t) {
  const m = /^([A-Z]{1,2})(\d{1,3})$/.exec(t);
  let r = 0;
  for (const ch of m[1]) r = r * 26 + ch.charCodeAt(0) - 64;
  return [r - 1, Number(m[2]) - 1];
}
function splitRef(ref) {  // "curve:Ann:C3" -> {grid: "curve:Ann", sq: "C3", kind, owner, filler}
  const i = ref.lastIndexOf(":");
  const grid = ref.slice(0, i);
  const parts = grid.split(":");
  return parts[0] === "curve" ? { grid, sq: ref.slice(i + 1), kind: "curve", owner: parts.slice(1).join(":") }
    : { grid, sq: ref.slice(i + 1), kind: "fill", filler: parts[1], owner: parts.slice(2).join(":") };
}
const adjacent = (a, b) => { const [r1, c1] = parseSq(a), [r2, c2] = parseSq(b); return Math.abs(r1 - r2) + Math.abs(c1 - c2) === 1; };

// ---------------------------------------------------------------- the record's grids

function readGrid(text, n) {
  const rows = String(text || "").split("\n").map((l) => l.trim()).filter(Boolean).map((l) => l.split(/\s+/));
  const ok = rows.length === n && rows.every((r) => r.length === n);
  return ok ? rows : Array.from({ length: n }, () => Array(n).fill("."));
}
const gridText = (rows) => rows.map((r) => r.join(" ")).join("\n") + "\n";

function writeCurve(ctx, owner, path) {
  const n = ctx.info().n;
  ctx.edit((doc) => {
    const rows = Array.from({ length: n }, () => Array(n).fill("."));
    path.forEach((sq, i) => { const [r, c] = parseSq(sq); rows[r][c] = String(i + 1); });
    doc.curves = doc.curves || {};
    doc.curves[owner] = gridText(rows);
  });
}

function setFill(ctx, filler, owner, changes) {  // changes: {C3: "12" | "."}
  const n = ctx.info().n;
  ctx.edit((doc) => {
    doc.fills = doc.fills || {};
    doc.fills[filler] = doc.fills[filler] || {};
    const rows = readGrid(doc.fills[filler][owner], n);
    for (const [sq, v] of Object.entries(changes)) { const [r, c] = parseSq(sq); rows[r][c] = v; }
    doc.fills[filler][owner] = gridText(rows);
  });
}

function fillValue(ctx, filler, owner, sq) {
  const rows = readGrid(((ctx.doc().fills || {})[filler] || {})[owner], ctx.info().n);
  const [r, c] = parseSq(sq);
  return rows[r][c];
}

// ---------------------------------------------------------------- start

export function start(ctx) {
  const root = ctx.board.root;
  root.addEventListener("pointerdown", (e) => down(ctx, e));
  root.addEventListener("pointermove", (e) => move(ctx, e));
  root.addEventListener("pointerup", () => up(ctx));
  root.addEventListener("pointercancel", () => { drag = null; ctx.board.clearSketch(); });
  ctx.board.onShow(() => paint(ctx));
  const bar = document.createElement("div");
  bar.className = "moves";
  bar.append(Object.assign(document.createElement("span"), { textContent: "Best possible fill:" }));
  for (const p of ctx.setup.players) {
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: `${p.name}'s curve` });
    b.onclick = () => best(ctx, p.name, b);
    bar.append(b);
  }
  ctx.controls.append(bar);
}

export function checked(ctx) { tell(ctx); }

function tell(ctx) {
  if (!cursor) { ctx.say("Draw each curve with one drag through its squares; then click a curve square on a copy to number it."); return; }
  const inf = ctx.info();
  const g = splitRef(`${cursor.grid}:A1`);
  const sq = name(cursor.r, cursor.c);
  if (g.kind === "curve") {
    const cv = inf.curves[g.owner] || {};
    const path = cv.path || [];
    ctx.say(cv.closed ? `${g.owner}'s curve is closed (${path.length} squares). Drag from one of its squares to erase.`
      : path.length ? `${g.owner}'s curve: ${path.length} squares, from ${path[0]} to ${path[path.length - 1]}. Cursor ${sq}.`
      : `${g.owner}'s curve: drag through its squares. Cursor ${sq}.`);
  } else {
    const f = ((inf.fills || {})[g.filler] || {})[g.owner] || {};
    let text = `${g.filler} on ${g.owner}'s curve: next number ${f.next}. Cursor ${sq}.`;
    if (first && first.grid === cursor.grid) text = `1 goes at ${first.sq}: click the curve square beside it that gets 2.`;
    if (typed) text += ` Typing ${typed}.`;
    ctx.say(text);
  }
}

// ---------------------------------------------------------------- pointer

function hitAt(ctx, e) {
  const el = ctx.board.refAt(e.clientX, e.clientY);
  return el && /^(curve|fill):/.test(el.dataset.ref) && el.classList.contains("square") ? el : null;
}

function down(ctx, e) {
  if (e.button !== 0) return;
  const el = hitAt(ctx, e);
  if (!el) return;
  e.preventDefault();
  el.ownerSVGElement.closest(".sheet").focus({ preventScroll: true });
  const g = splitRef(el.dataset.ref);
  const [r, c] = parseSq(g.sq);
  cursor = { grid: g.grid, r, c };
  typed = "";
  if (g.kind === "fill") { clickFill(ctx, g); return; }
  try { el.ownerSVGElement.setPointerCapture(e.pointerId); } catch (_) { /* finished pointer */ }
  const cv = ctx.info().curves[g.owner] || {};
  const path = cv.path ? [...cv.path] : null;
  const on = (cv.squares || []).includes(g.sq);
  const end = path && path.length && !cv.closed && (g.sq === path[path.length - 1] || g.sq === path[0]);
  if (end) {  // from an open end of the line: carry on drawing (dragging back takes squares back)
    drag = { owner: g.owner, grid: g.grid, route: g.sq === path[path.length - 1] ? path : path.reverse(), closed: false,
             svg: el.ownerSVGElement };
  } else if (on) {  // the first step decides: elsewhere on the curve, this drag erases
    drag = { owner: g.owner, grid: g.grid, erase: new Set([g.sq]), path, svg: el.ownerSVGElement };
  } else {
    let route;
    if (!path || !path.length) route = [g.sq];
    else if (cv.closed) { ctx.say(`${g.owner}'s curve is already closed: drag from one of its squares to erase first.`); return; }
    else if (adjacent(path[path.length - 1], g.sq)) route = [...path, g.sq];
    else if (adjacent(path[0], g.sq)) route = [...path.reverse(), g.sq];
    else { ctx.say(`A curve is one line: carry on from ${path[0]} or ${path[path.length - 1]}, or erase it first.`); return; }
    drag = { owner: g.owner, grid: g.grid, route, closed: false, svg: el.ownerSVGElement };
  }
  sketch(ctx);
}

function stepToward(route, target) {  // one square along a row or column from the route's end to the target
  const [r, c] = parseSq(route[route.length - 1]);
  const [tr, tc] = parseSq(target);
  if (Math.abs(tr - r) >= Math.abs(tc - c)) return name(r + Math.sign(tr - r), c);
  return name(r, c + Math.sign(tc - c));
}

function move(ctx, e) {
  if (!drag) return;
  const el = hitAt(ctx, e);
  if (!el) return;
  const g = splitRef(el.dataset.ref);
  if (g.grid !== drag.grid) return;
  if (drag.erase) { drag.erase.add(g.sq); sketch(ctx); return; }
  const route = drag.route;
  for (let guard = 0; guard < 60 && !drag.closed && route[route.length - 1] !== g.sq; guard++) {
    const next = stepToward(route, g.sq);
    if (route.length > 1 && next === route[route.length - 2]) route.pop();       // dragged back: taken back
    else if (next === route[0] && route.length >= 4) drag.closed = true;          // back at the start: closed
    else if (route.includes(next)) break;                                         // a curve never crosses itself
    else route.push(next);
  }
  sketch(ctx);
}

function up(ctx) {
  const d = drag;
  drag = null;
  ctx.board.clearSketch();
  if (!d) return;
  if (d.erase) {
    const cv = ctx.info().curves[d.owner] || {};
    const path = d.path || cv.squares || [];
    let kept = path.filter((sq) => !d.erase.has(sq));
    if (cv.closed && d.path) {  // a loop opened: the line runs on from just after the first square erased
      const first = d.path.findIndex((sq) => d.erase.has(sq));
      kept = [...d.path.slice(first + 1), ...d.path.slice(0, first)].filter((sq) => !d.erase.has(sq));
    }
    writeCurve(ctx, d.owner, kept);
    ctx.say(`Erased ${[...d.erase].join(", ")} from ${d.owner}'s curve.`);
    return;
  }
  writeCurve(ctx, d.owner, d.route);
}

function sketch(ctx) {
  const d = drag;
  const g = ctx.board.sketch(d.svg);
  g.replaceChildren();
  const pts = (d.erase ? [...d.erase] : d.route).map((sq) => {
    const el = ctx.board.el(`${d.grid}:${sq}`);
    const p = ctx.board.centre(el);
    return `${p.x},${p.y}`;
  });
  const line = document.createElementNS("http://www.w3.org/2000/svg", d.erase ? "polyline" : "polyline");
  line.setAttribute("points", pts.join(" ") + (d.closed ? ` ${pts[0]}` : ""));
  if (d.erase) line.setAttribute("style", "stroke: #d6143d; stroke-dasharray: 1 1");
  g.append(line);
}

// ---------------------------------------------------------------- fills

function clickFill(ctx, g) {
  const cv = ctx.info().curves[g.owner] || {};
  const path = cv.path || [];
  if (cv.closed && path.includes(g.sq)) {  // the route's numbers: 1 here, then 2 beside it
    if (first && first.grid === g.grid && first.sq !== g.sq) {
      const i = path.indexOf(first.sq);
      const L = path.length;
      const d = path[(i + 1) % L] === g.sq ? 1 : path[(i - 1 + L) % L] === g.sq ? -1 : 0;
      if (!d) { ctx.say(`${g.sq} is not beside ${first.sq} along the curve: click a neighbour of ${first.sq} on the curve.`); return; }
      const changes = {};
      for (let k = 0; k < L; k++) changes[path[(i + d * k + L) % L]] = String(k + 1);
      first = null;
      setFill(ctx, g.filler, g.owner, changes);
      return;
    }
    first = { grid: g.grid, sq: g.sq };
    paint(ctx);
    tell(ctx);
    return;
  }
  first = null;
  if ((cv.inside || []).includes(g.sq) && fillValue(ctx, g.filler, g.owner, g.sq) === ".") {
    writeNext(ctx, g);
    return;
  }
  paint(ctx);
  tell(ctx);
}

function writeNext(ctx, g) {
  const f = ((ctx.info().fills || {})[g.filler] || {})[g.owner] || { next: 1 };
  setFill(ctx, g.filler, g.owner, { [g.sq]: String(f.next) });
}

// ---------------------------------------------------------------- keys

export function key(ctx, e) {
  if (!cursor) return;
  const n = ctx.info().n;
  const g = splitRef(`${cursor.grid}:${name(cursor.r, cursor.c)}`);
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    cursor.r = Math.min(n - 1, Math.max(0, cursor.r + moves[e.key][0]));
    cursor.c = Math.min(n - 1, Math.max(0, cursor.c + moves[e.key][1]));
    typed = "";
    paint(ctx); tell(ctx);
    return;
  }
  if (g.kind === "curve") return curveKey(ctx, e, g);
  if (/^[0-9]$/.test(e.key)) {
    e.preventDefault();
    typed = (typed + e.key).replace(/^0+/, "").slice(0, 4);
    setFill(ctx, g.filler, g.owner, { [g.sq]: typed || "." });
    return;
  }
  if (e.key === "Backspace" || e.key === "Delete") { e.preventDefault(); typed = ""; setFill(ctx, g.filler, g.owner, { [g.sq]: "." }); return; }
  if (e.key === " ") { e.preventDefault(); typed = ""; writeNext(ctx, g); return; }
  if (e.key === "Enter" || e.key === "Tab") {  // on to the next square, row by row
    e.preventDefault();
    typed = "";
    const i = cursor.r * n + cursor.c + (e.shiftKey ? -1 : 1);
    const k = (i + n * n) % (n * n);
    cursor.r = Math.floor(k / n); cursor.c = k % n;
    paint(ctx); tell(ctx);
  }
}

function curveKey(ctx, e, g) {
  const cv = ctx.info().curves[g.owner] || {};
  const path = cv.path ? [...cv.path] : [];
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    if (!cv.path) { ctx.say("This curve's marks branch: erase and draw it again."); return; }
    if (cv.closed) { ctx.say(`${g.owner}'s curve is closed; Backspace opens it.`); return; }
    if (!path.length) { writeCurve(ctx, g.owner, [g.sq]); return; }
    if (g.sq === path[0] && path.length >= 4 && adjacent(path[path.length - 1], g.sq)) { writeCurve(ctx, g.owner, path); ctx.say("Closed."); return; }
    if (path.includes(g.sq)) { ctx.say(`${g.sq} is on the curve already.`); return; }
    if (adjacent(path[path.length - 1], g.sq)) { writeCurve(ctx, g.owner, [...path, g.sq]); return; }
    ctx.say(`Move the cursor next to ${path[path.length - 1]}, the end of the line, then press Enter.`);
  } else if (e.key === "Backspace" || e.key === "Delete") {
    e.preventDefault();
    if (path.length) writeCurve(ctx, g.owner, path.slice(0, -1));
  }
}

// ---------------------------------------------------------------- what the page shows of the input

function paint(ctx) {
  for (const el of ctx.board.root.querySelectorAll(".cursor, .selected")) el.classList.remove("cursor", "selected");
  if (cursor) for (const el of ctx.board.all(`${cursor.grid}:${name(cursor.r, cursor.c)}`)) el.classList.add("cursor");
  if (first) for (const el of ctx.board.all(`${first.grid}:${first.sq}`)) el.classList.add("selected");
}

async function best(ctx, owner, button) {
  button.disabled = true;
  ctx.show(Object.assign(document.createElement("p"), { textContent: `Looking for the best fill of ${owner}'s curve (up to 5 s)...` }));
  const answer = await ctx.ask("best", { owner });
  button.disabled = false;
  const box = document.createElement("div");
  box.className = "answer";
  box.append(Object.assign(document.createElement("h3"), { textContent: `Best possible: ${owner}'s curve` }));
  box.append(Object.assign(document.createElement("p"), { textContent: answer.error || answer.text }));
  if (answer.svg) {
    const pic = document.createElement("div");
    pic.className = "best-fill";
    pic.innerHTML = answer.svg;  // drawn on a copy: never written into the record
    box.append(pic);
  }
  ctx.show(box);
}

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

import { Cursor, Grid, clearSketch, keyOf, parseSquare, sketchPath, square as name, track } from "/static/input.js";
import { at, gridRows, gridValue, put, unreadable } from "/static/record.js";

let cursor = null;   // {grid: "curve:Ann" | "fill:Ben:Ann", at: Cursor}
let first = null;    // {grid, sq}: the fill's square chosen for 1, waiting for the square of 2
let typed = "";

function parseSq(t) { const { r, c } = parseSquare(t); return [r, c]; }
function splitRef(ref) {  // "curve:Ann:C3" -> {grid: "curve:Ann", sq: "C3", kind, owner, filler}
  const i = ref.lastIndexOf(":");
  const grid = ref.slice(0, i);
  const parts = grid.split(":");
  return parts[0] === "curve" ? { grid, sq: ref.slice(i + 1), kind: "curve", owner: parts.slice(1).join(":") }
    : { grid, sq: ref.slice(i + 1), kind: "fill", filler: parts[1], owner: parts.slice(2).join(":") };
}
const adjacent = (a, b) => { const [r1, c1] = parseSq(a), [r2, c2] = parseSq(b); return Math.abs(r1 - r2) + Math.abs(c1 - c2) === 1; };

// ---------------------------------------------------------------- the record's grids

// a grid as the file has it (a block or a list of rows); a blank grid where nothing is written yet; null
// where it does not read as n x n (the page leaves it alone: its text box mends it)
function readGrid(value, n) {
  const rows = gridRows(value);
  if (rows && rows.length === 0) return Array.from({ length: n }, () => Array(n).fill("."));
  return rows && rows.length === n && rows.every((r) => r.length === n) ? rows : null;
}

function leftAlone(ctx, path, what) {  // a part that does not read is never written over
  if (!unreadable(ctx.unread(), path) && readGrid(at(ctx.doc(), path), ctx.info().n)) return false;
  ctx.say(`${what} does not read as a ${ctx.info().n} x ${ctx.info().n} grid: mend it in its text box first.`);
  return true;
}

function writeCurve(ctx, owner, path) {
  const n = ctx.info().n;
  if (leftAlone(ctx, ["curves", owner], `${owner}'s curve`)) return;
  ctx.edit((doc) => {
    const rows = Array.from({ length: n }, () => Array(n).fill("."));
    path.forEach((sq, i) => { const [r, c] = parseSq(sq); rows[r][c] = String(i + 1); });
    put(doc, ["curves", owner], gridValue(at(doc, ["curves", owner]), rows));
  });
}

function setFill(ctx, filler, owner, changes) {  // changes: {C3: "12" | "."}
  const n = ctx.info().n;
  if (leftAlone(ctx, ["fills", filler, owner], `${filler}'s fill of ${owner}'s curve`)) return;
  ctx.edit((doc) => {
    const was = at(doc, ["fills", filler, owner]);
    const rows = readGrid(was, n);
    for (const [sq, v] of Object.entries(changes)) { const [r, c] = parseSq(sq); rows[r][c] = v; }
    put(doc, ["fills", filler, owner], gridValue(was, rows));
  });
}

function fillValue(ctx, filler, owner, sq) {
  const rows = readGrid(at(ctx.doc(), ["fills", filler, owner]), ctx.info().n);
  const [r, c] = parseSq(sq);
  return rows ? rows[r][c] : "?";
}

// ---------------------------------------------------------------- start

export function start(ctx) {
  const root = ctx.board.root;
  ctx.track(root, {
    pick(x, y) {
      const grid = Grid.at(root, x, y, 0);
      const at = grid && grid.cell(x, y);
      const place = at && { ...splitRef(`${grid.name}:${name(at.r, at.c)}`), key: `${grid.name}:${name(at.r, at.c)}`, lattice: grid, at };
      return place && { ...place, soft: place.kind === "fill" };  // a copy's square is tapped, never dragged
    },
    down: (place) => down(ctx, place),
    over: (stroke, place) => over(ctx, stroke, place),
    up: (stroke) => up(ctx, stroke),
    cancel: () => clearSketch(root),
  });
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

// the copy's square picked for 1, waiting for its 2, kept over a reload (and given back to resume)
export function held() { return first ? { first } : null; }
export function resume(ctx, kept) {
  const f = kept && kept.first;
  if (!f || !ctx.board.el(`${f.grid}:${f.sq}`)) return;
  const grid = Grid.all(ctx.board.root).find((g) => g.name === f.grid);
  first = f;
  if (grid) { const [r, c] = parseSq(f.sq); cursor = { grid: f.grid, at: new Cursor(grid.rows, grid.cols, r, c) }; }
  paint(ctx);
  tell(ctx);
}

function tell(ctx) {
  if (!cursor) { ctx.say("Draw each curve with one drag through its squares; then click a curve square on a copy to number it."); return; }
  const inf = ctx.info();
  const g = splitRef(`${cursor.grid}:A1`);
  const sq = cursor.at.name;
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

// ---------------------------------------------------------------- pointer (input.js's strokes over the grid's squares)

function down(ctx, g) {
  g.lattice.svg.closest(".sheet").focus({ preventScroll: true });
  cursor = { grid: g.grid, at: new Cursor(g.lattice.rows, g.lattice.cols, g.at.r, g.at.c) };
  typed = "";
  if (g.kind === "fill") { clickFill(ctx, g); return null; }
  const cv = ctx.info().curves[g.owner] || {};
  const path = cv.path ? [...cv.path] : null;
  const on = (cv.squares || []).includes(g.sq);
  const end = path && path.length && !cv.closed && (g.sq === path[path.length - 1] || g.sq === path[0]);
  let drag;
  if (end) {  // from an open end of the line: carry on drawing (dragging back takes squares back)
    drag = { owner: g.owner, grid: g.lattice, route: g.sq === path[path.length - 1] ? path : path.reverse(), closed: false };
  } else if (on) {  // the first step decides: elsewhere on the curve, this drag erases
    drag = { owner: g.owner, grid: g.lattice, erase: new Set([g.sq]), path };
  } else {
    let route;
    if (!path || !path.length) route = [g.sq];
    else if (cv.closed) { ctx.say(`${g.owner}'s curve is already closed: drag from one of its squares to erase first.`); return null; }
    else if (adjacent(path[path.length - 1], g.sq)) route = [...path, g.sq];
    else if (adjacent(path[0], g.sq)) route = [...path.reverse(), g.sq];
    else { ctx.say(`A curve is one line: carry on from ${path[0]} or ${path[path.length - 1]}, or erase it first.`); return null; }
    drag = { owner: g.owner, grid: g.lattice, route, closed: false };
  }
  drag.last = g.at;
  sketch(drag);
  return drag;
}

function over(ctx, drag, g) {
  if (g.grid !== drag.grid.name || drag.broken) return;
  const jump = Math.abs(g.at.r - drag.last.r) + Math.abs(g.at.c - drag.last.c);
  if (jump > 2) {  // the pointer left the sheet and came back elsewhere: not joined up silently
    drag.broken = g.sq;
    return;
  }
  drag.last = g.at;
  if (drag.erase) {  // an erase follows the curve: only its own squares go
    if ((ctx.info().curves[drag.owner]?.squares || []).includes(g.sq)) { drag.erase.add(g.sq); sketch(drag); }
    return;
  }
  const route = drag.route;
  for (const step of Grid.walk(parseSquare(route[route.length - 1]), g.at)) {
    if (drag.closed) break;
    const next = name(step.r, step.c);
    if (route.length > 1 && next === route[route.length - 2]) route.pop();       // dragged back: taken back
    else if (next === route[0] && route.length >= 4) drag.closed = true;          // back at the start: closed
    else if (route.includes(next)) break;                                         // a curve never crosses itself
    else route.push(next);
  }
  sketch(drag);
}

function up(ctx, d) {
  clearSketch(ctx.board.root);
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
  if (d.broken) {
    const end = d.route[d.route.length - 1];
    ctx.say(`The drag left the grid and came back at ${d.broken}: the curve stops at ${end}. Carry on from ${end}.`);
  }
}

function sketch(d) {
  const squares = d.erase ? [...d.erase] : d.route;
  const pts = squares.map((sq) => { const [r, c] = parseSq(sq); return d.grid.point(r, c); });
  const line = sketchPath(d.grid.svg, pts, d.closed);
  if (d.erase) line.setAttribute("style", "stroke: #d6143d; stroke-dasharray: 1 1");
}

// ---------------------------------------------------------------- fills

function clickFill(ctx, g) {
  if (leftAlone(ctx, ["fills", g.filler, g.owner], `${g.filler}'s fill of ${g.owner}'s curve`)) return;
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
  const g = splitRef(`${cursor.grid}:${cursor.at.name}`);
  const k = keyOf(e);
  if (["up", "down", "left", "right"].includes(k)) {
    e.preventDefault();
    cursor.at.move(k);
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
    cursor.at.next(e.shiftKey ? -1 : 1);
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
  if (cursor) for (const el of ctx.board.all(`${cursor.grid}:${cursor.at.name}`)) el.classList.add("cursor");
  if (first) for (const el of ctx.board.all(`${first.grid}:${first.sq}`)) el.classList.add("selected");
}

async function best(ctx, owner, button, longer = false) {
  button.disabled = true;
  ctx.show(Object.assign(document.createElement("p"), { textContent: `Looking for the best fill of ${owner}'s curve (up to ${longer ? 20 : 2} s)...` }));
  const answer = await ctx.ask("best", longer ? { owner, longer: "1" } : { owner });
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
    box.append(larger(pic));
  }
  if (answer.svg && !answer.proven && !answer.longer) {  // not proven yet: looking longer may close the gap
    const more = Object.assign(document.createElement("button"), { type: "button", textContent: "Keep looking (up to 20 s)" });
    more.onclick = () => best(ctx, owner, more, true);
    box.append(more);
  }
  ctx.show(box);
}

// a big curve's best fill is too small to read in the panel: "Larger" shows it in a dialog over the
// page (the top layer, above the sticky header), its squares big enough for three-digit numbers;
// "Smaller" or Escape puts it back
function larger(pic) {
  const grow = Object.assign(document.createElement("button"), { type: "button", textContent: "Larger" });
  grow.onclick = () => {
    const svg = pic.querySelector("svg");
    const dlg = Object.assign(document.createElement("dialog"), { className: "best-fill" });
    const back = Object.assign(document.createElement("button"), { type: "button", textContent: "Smaller" });
    back.onclick = () => dlg.close();
    dlg.append(back, svg);
    dlg.addEventListener("close", () => { pic.append(svg); dlg.remove(); grow.focus(); });
    document.body.append(dlg);
    dlg.showModal();
  };
  return grow;
}

// The Long Way on the page: each store's sheet as printed; what a click or a key does goes straight into
// the results document (sheets.NAME: grid, walls, entrance, exit, turns) and the scorer answers.
//
// Squares (data-ref "Ann:C3"): the pen bar picks a mark (. empty, o tile, 1-6 display, C1/C2 cafeteria);
//   a click writes it on the square, a drag writes it on every square passed; a click or drag that starts
//   on a square already holding the pen's mark empties them (".").
// Sides ("Ann:C3 N"): every space has four thin bands just inside its sides. The band you click or drag
//   along is the wall you get: between B2 and B3, the band on B2's side is "B2 E", the one on B3's side
//   "B3 W" (each space owns its walls, as in the results file). A drag draws walls, or erases them when
//   it starts on a wall (the first side decides); a click on a wall removes it. Doorway, Entrance, Exit
//   (pen bar, or the keys d, i, x) make the next click on a side a doorway ("C3 N*": click again for a
//   plain wall), the entrance or the exit (outer sides only).
// Keys (a sheet focused): arrows move the cursor; o . 1-6 and c1/c2 write the square and move on (as
//   typing the grid); Space or Enter writes the pen's mark; Backspace empties and moves back, Delete
//   empties; n e s w or Shift+arrow toggle that side's wall; d, i or x and then a side: doorway,
//   entrance, exit; t: the turn log.
// Turn log (t, or the button): type the dice (two digits a roll, more pairs for rerolls), click (or Space)
//   the tile's A1 space, then the display's space (its number comes from the sheet, or type it); c:
//   +coins, w or d then a side (or a click on a side): +wall/+door; f: a cafeteria (two spaces); s: stop;
//   Enter adds the line, Backspace takes back the last part (or the last line), Esc leaves.
// The rules are the scorer's: nothing is refused here but what the file cannot hold.

const ROWS = "ABCDEFG";
const SIDES = "NESW";
const STEP = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
const ARROWS = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" };
const WALL = /^\s*([A-Ga-g])\s*([1-7])\s*([NESWnesw])\s*(\*?)\s*$/;
const PENS = [".", "o", "1", "2", "3", "4", "5", "6", "C1", "C2"];
const EDGE_PENS = { wall: "Wall", door: "Doorway (d)", entrance: "Entrance (i)", exit: "Exit (x)" };

let pen = "o";          // what a click on a square writes
let edgePen = "wall";   // what the next click on a side does (door, entrance, exit: once, then wall again)
let cursor = null;      // {player, r, c}: the keyboard's square
let pending = null;     // a key waiting for its second key: "c" (a cafeteria number), "d" / "i" / "x" (a side)
let drag = null;
let turn = null;        // the turn line being built (turn mode), or null
let row = null;         // {player, i}: a turn row picked by a click (Delete removes it)
let bar = null;

const sq = (r, c) => `${ROWS[r]}${c + 1}`;
const wallKey = (r, c, side) => `${sq(r, c)} ${side}`;
const order = (k) => { const m = WALL.exec(k); return m ? ((ROWS.indexOf(m[1].toUpperCase()) * 7 + Number(m[2]) - 1) * 4 + SIDES.indexOf(m[3].toUpperCase())) : 999; };
const outer = (r, c, side) => { const [dr, dc] = STEP[side]; return r + dr < 0 || r + dr > 6 || c + dc < 0 || c + dc > 6; };

export function parseRef(ref) {
  if (ref.startsWith("turn:")) {
    const i = ref.lastIndexOf(":");
    if (/^\d+$/.test(ref.slice(i + 1))) return { kind: "row", player: ref.slice(5, i), i: Number(ref.slice(i + 1)) };
  }
  const i = ref.lastIndexOf(":");
  const m = /^([A-G])([1-7])(?: ([NESW]))?$/.exec(ref.slice(i + 1));
  if (!m) return null;
  return { kind: m[3] ? "edge" : "square", player: ref.slice(0, i), r: ROWS.indexOf(m[1]), c: Number(m[2]) - 1, side: m[3] };
}

// ---------------------------------------------------------------- the document

function sheetOf(doc, p) {
  if (!doc.sheets || typeof doc.sheets !== "object") doc.sheets = {};
  if (!doc.sheets[p] || typeof doc.sheets[p] !== "object") doc.sheets[p] = { entrance: "D1 W", exit: "D7 E", grid: "", walls: [] };
  return doc.sheets[p];
}

function readGrid(text) {
  const rows = String(text ?? "").split("\n").map((l) => l.trim()).filter(Boolean).map((l) => l.split(/\s+/));
  const norm = (t) => (/^[cC]\d$/.test(t) ? t.toUpperCase() : t === "O" ? "o" : t);
  return Array.from({ length: 7 }, (_, r) => Array.from({ length: 7 }, (_, c) => norm((rows[r] || [])[c] || ".")));
}
const gridText = (g) => g.map((line) => line.map((t) => t.padEnd(2)).join(" ").trimEnd()).join("\n") + "\n";
const gridOf = (ctx, p) => readGrid(((ctx.doc().sheets || {})[p] || {}).grid);

function readWalls(list) {  // Map "B2 E" -> doorway? in the file's order, and the entries the page cannot read
  const walls = new Map();
  const keep = [];
  for (const w of Array.isArray(list) ? list : []) {
    const m = WALL.exec(String(w));
    if (m) walls.set(`${m[1].toUpperCase()}${m[2]} ${m[3].toUpperCase()}`, m[4] === "*"); else keep.push(w);
  }
  return { walls, keep };
}
const wallsOf = (ctx, p) => readWalls(((ctx.doc().sheets || {})[p] || {}).walls).walls;

function changeWalls(doc, p, fn) {  // fn edits the Map; entries the page cannot read stay as typed
  const sh = sheetOf(doc, p);
  const { walls, keep } = readWalls(sh.walls);
  const seen = [...walls.keys()];
  fn(walls);
  const out = seen.filter((k) => walls.has(k)).map((k) => k + (walls.get(k) ? "*" : ""));
  for (const k of walls.keys()) {  // a new wall goes where it belongs in the space-by-space order
    if (seen.includes(k)) continue;
    const at = out.findIndex((w) => order(w) > order(k));
    out.splice(at < 0 ? out.length : at, 0, k + (walls.get(k) ? "*" : ""));
  }
  sh.walls = [...out, ...keep];
}

function setSquares(ctx, p, cells, mark, how) {
  ctx.edit((doc) => {
    const sh = sheetOf(doc, p);
    const g = readGrid(sh.grid);
    for (const [r, c] of cells) g[r][c] = mark;
    sh.grid = gridText(g);
  });
  ctx.say(`${p}: ${cells.map(([r, c]) => sq(r, c)).join(", ")} ${how || (mark === "." ? "emptied" : `now ${mark}`)}.`);
}

function setWalls(ctx, p, keys, on) {
  ctx.edit((doc) => changeWalls(doc, p, (w) => { for (const k of keys) { if (on && !w.has(k)) w.set(k, false); if (!on) w.delete(k); } }));
  ctx.say(`${p}: wall${keys.length > 1 ? "s" : ""} ${keys.join(", ")} ${on ? "drawn" : "removed"}.`);
}

function sideAction(ctx, p, r, c, side, what) {
  const k = wallKey(r, c, side);
  if (what === "wall") { setWalls(ctx, p, [k], !wallsOf(ctx, p).has(k)); return; }
  if (what === "door") {
    const door = wallsOf(ctx, p).get(k);
    ctx.edit((doc) => changeWalls(doc, p, (w) => w.set(k, door !== true)));
    ctx.say(door === true ? `${p}: ${k} is a plain wall again.` : `${p}: doorway punched through ${k} (${k}*).`);
    return;
  }
  if (!outer(r, c, side)) { ctx.say(`The ${what} is a doorway through the outer wall: pick a side on the store's edge (${k} is inside).`); return; }
  ctx.edit((doc) => { sheetOf(doc, p)[what] = k; });
  ctx.say(`${p}: ${what} at ${k}.`);
}

// ---------------------------------------------------------------- start: the pen bar, the pointer

export function start(ctx) {
  const style = document.createElement("style");
  style.textContent = `line.hit.edge:hover { stroke: var(--focus); stroke-opacity: .3; }
    rect.hit.square:hover { fill: var(--focus); fill-opacity: .07; }
    /* a side keeps its whole band (page.py's BAND wide) to point at when marked or picked: no dashes, no gaps */
    line.hit.edge.marked { stroke: url(#ikes-stripes); stroke-width: 3.92px; stroke-dasharray: none; stroke-opacity: 1; stroke-linecap: round; }
    body.hide-mistakes line.hit.edge.marked { stroke-opacity: 0; } line.hit.edge.selected { stroke-width: 3.92px; stroke-opacity: .35; }
    g.sketch line.erase { stroke: var(--mistake); stroke-dasharray: 1 .7; } g.sketch line.wall { stroke-width: 1.1; }
    g.sketch rect { fill: var(--focus); fill-opacity: .15; stroke: var(--focus); stroke-width: .5; pointer-events: none; }
    .pens { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; margin: .15rem 0; }
    .pens .label { color: var(--soft); font-size: .9rem; min-width: 4.2rem; } .ikes-help { color: var(--soft); font-size: .85rem; margin: .3rem 0 0; }
    .pens button { min-width: 2.4rem; padding: .25rem .55rem; display: inline-flex; gap: .35rem; align-items: center; }
    .pens button svg { width: 1.5rem; height: 1.5rem; border: 1px solid #999; }
    .pens button[aria-pressed="true"] { background: #0072b2; color: #fff; border-color: #0072b2; }
    .pens .turnline { font: 15px ui-monospace, monospace; background: #f1f5f9; padding: .2rem .5rem; border-radius: 4px; min-width: 14rem; }`;
  document.head.append(style);
  // red stripes for a marked side: a thin band needs a bolder hatch than a square to be seen (and in grey)
  document.querySelector("svg.defs defs")?.insertAdjacentHTML("beforeend", '<pattern id="ikes-stripes" width="1.3" height="1.3" ' +
    'patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="1.3" height="1.3" fill="#d6143d" fill-opacity="0.2"/>' +
    '<rect width="0.55" height="1.3" fill="#d6143d" fill-opacity="0.9"/></pattern>');
  bar = document.createElement("div");
  ctx.controls.append(bar);
  drawBar(ctx);
  const root = ctx.board.root;
  root.addEventListener("pointerdown", (e) => down(ctx, e));
  root.addEventListener("pointermove", (e) => move(ctx, e));
  root.addEventListener("pointerup", () => up(ctx));
  root.addEventListener("pointercancel", () => { drag = null; ctx.board.clearSketch(); });
  root.addEventListener("focusin", (e) => {
    const p = playerOfBox(ctx, e.target.closest(".sheet"));
    if (p && (!cursor || cursor.player !== p)) { cursor = { player: p, r: 0, c: 0 }; paint(ctx); }
  });
  ctx.board.onShow(() => paint(ctx));
}

export function checked(ctx) {  // the turn count and the pens' pictures come with the check
  if (turn || (!bar.querySelector("svg") && ctx.info().pens)) { drawBar(ctx); tell(ctx); }
}

function players(ctx) { return ctx.info().players || Object.keys(ctx.doc().sheets || {}); }
function playerOfBox(ctx, box) { const i = [...ctx.board.root.children].indexOf(box); return i >= 0 ? players(ctx)[i] : null; }
function focusSheet(ctx) {
  const i = cursor ? players(ctx).indexOf(cursor.player) : 0;
  const box = ctx.board.root.children[Math.max(0, i)];
  if (box) box.focus({ preventScroll: true });
}

function button(text, title, pressed, onclick) {
  const b = Object.assign(document.createElement("button"), { type: "button", textContent: text, title });
  if (pressed !== null) b.setAttribute("aria-pressed", String(pressed));
  b.onclick = onclick;
  return b;
}

function drawBar(ctx) {
  const names = ctx.info().displays || {};
  const pictures = ctx.info().pens || {};
  const rowEl = (label, ...items) => {
    const d = document.createElement("div");
    d.className = "pens";
    d.append(Object.assign(document.createElement("span"), { className: "label", textContent: label }), ...items);
    return d;
  };
  const act = (fn) => () => { fn(); drawBar(ctx); focusSheet(ctx); tell(ctx); };
  if (turn) {
    const line = Object.assign(document.createElement("span"), { className: "turnline", textContent: turnText(turn) || "\u00a0" });
    line.dataset.turnline = "";
    bar.replaceChildren(
      rowEl(`Turn ${(ctx.info().turns || {})[turn.player] + 1 || ""}`, line,
        button("Add turn (Enter)", "Add this line to the turn log", null, act(() => commitTurn(ctx)))),
      rowEl("Add", button("+coins (c)", "The bonus: 2 coins", turn.bonus === "+coins", act(() => turnKey(ctx, "c"))),
        button("+wall (w)", "The bonus: a wall; then click the side", turn.pick === "wall", act(() => turnKey(ctx, "w"))),
        button("+door (d)", "The bonus: a doorway; then click the wall", turn.pick === "door", act(() => turnKey(ctx, "d"))),
        button("cafeteria (f)", "This turn drew a cafeteria: click its two spaces", turn.kind === "cafe", act(() => turnKey(ctx, "f"))),
        button("stop (s)", "Stopped playing", turn.kind === "stop", act(() => turnKey(ctx, "s"))),
        button("Done (Esc)", "Back to drawing the store", null, act(() => { turn = null; }))),
      Object.assign(document.createElement("p"), { className: "ikes-help", textContent:
        "Type the dice (light, dark; more pairs for rerolls), click the tile's A1 space, then the display's space " +
        "(its number is read from the sheet, or type it). Enter adds the line; Backspace takes back the last part." }));
    return;
  }
  const pens = PENS.map((m) => {
    const b = button(m === "." ? ". empty" : m === "o" ? "o tile" : m, `A click on a square writes ${m}` +
      (names[m] ? ` (${names[m]})` : ""), pen === m, act(() => { pen = m; }));
    b.dataset.pen = m;
    if (pictures[m]) b.insertAdjacentHTML("afterbegin", pictures[m]);
    return b;
  });
  const sides = Object.entries(EDGE_PENS).map(([k, label]) => button(label, k === "wall" ? "A click on a side draws or removes its wall" :
    `The next click on a side: ${k === "door" ? "a doorway through its wall" : `the ${k}`}`, edgePen === k, act(() => { edgePen = k; pending = null; })));
  bar.replaceChildren(rowEl("Squares", ...pens), rowEl("Sides", ...sides,
    button("Turn log (t)", "Add the turns, line by line", null, act(() => startTurn(ctx)))),
  Object.assign(document.createElement("p"), { className: "ikes-help", textContent:
    "Click or drag along the inside of a space's side for its wall (a wall belongs to the space whose side you are on); " +
    "a click on a wall removes it. A doorway: Doorway, then a wall (again: a plain wall). Keys: arrows, o . 1-6 c1 c2 type the grid, " +
    "n e s w or Shift+arrow a wall, d i x then a side: doorway, entrance, exit." }));
}

function down(ctx, e) {
  if (e.button !== 0) return;
  const el = ctx.board.refAt(e.clientX, e.clientY);
  const ref = el && parseRef(el.dataset.ref);
  if (!ref) return;
  e.preventDefault();
  el.closest(".sheet").focus({ preventScroll: true });
  if (ref.kind === "row") { row = { player: ref.player, i: ref.i }; paint(ctx); ctx.say(`Turn ${ref.i} of ${ref.player} picked: Delete removes it.`); return; }
  row = null;
  cursor = { player: ref.player, r: ref.r, c: ref.c };
  if (turn) { turnPick(ctx, ref); return; }
  if (ref.kind === "edge" && edgePen !== "wall") {
    const what = edgePen;
    edgePen = "wall";
    drawBar(ctx);
    sideAction(ctx, ref.player, ref.r, ref.c, ref.side, what);
    return;
  }
  try { ctx.board.root.setPointerCapture(e.pointerId); } catch (_) { /* a finished pointer */ }
  const k = ref.kind === "edge" ? wallKey(ref.r, ref.c, ref.side) : sq(ref.r, ref.c);
  const erase = ref.kind === "edge" ? wallsOf(ctx, ref.player).has(k) : gridOf(ctx, ref.player)[ref.r][ref.c] === pen;
  drag = { kind: ref.kind, player: ref.player, erase, svg: el.ownerSVGElement, refs: [], seen: new Set(), x: e.clientX, y: e.clientY };
  take(ctx, ref);
  paint(ctx);
}

// the line between two spaces (or on the outer wall) that a side lies on: a drag draws one wall on each
const lineOf = (r, c, side) => ({ N: `h${r}:${c}`, S: `h${r + 1}:${c}`, W: `v${r}:${c}`, E: `v${r}:${c + 1}` })[side];

function take(ctx, ref) {
  const walls = drag.kind === "edge" ? wallsOf(ctx, drag.player) : null;
  const k = drag.kind === "edge" ? wallKey(ref.r, ref.c, ref.side) : sq(ref.r, ref.c);
  const seenKey = drag.kind === "edge" && !drag.erase ? lineOf(ref.r, ref.c, ref.side) : k;
  if (drag.seen.has(seenKey)) return;
  if (drag.kind === "edge" && drag.erase && !walls.has(k)) return;  // erasing: only the walls passed over
  drag.seen.add(seenKey);
  drag.refs.push(ref);
  const cell = ctx.board.el(`${drag.player}:${sq(ref.r, ref.c)}`);
  if (!cell) return;
  const b = cell.getBBox();
  const i = Math.max(0.5, b.width * 0.07);  // a wall as the print draws it: just inside its space
  const [x0, y0, x1, y1] = [b.x + i, b.y + i, b.x + b.width - i, b.y + b.height - i];
  const seg = { N: [x0, y0, x1, y0], S: [x0, y1, x1, y1], W: [x0, y0, x0, y1], E: [x1, y0, x1, y1] }[ref.side];
  const attrs = drag.kind === "square" ? { x: b.x + 0.6, y: b.y + 0.6, width: b.width - 1.2, height: b.height - 1.2 }
    : { x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3], class: drag.erase ? "erase" : "wall" };
  const el = document.createElementNS("http://www.w3.org/2000/svg", drag.kind === "square" ? "rect" : "line");
  for (const [a, v] of Object.entries(attrs)) el.setAttribute(a, v);
  ctx.board.sketch(drag.svg).append(el);
}

function move(ctx, e) {
  if (!drag) return;
  // every place between the last pointer event and this one: a quick drag skips nothing
  const n = Math.max(1, Math.ceil(Math.hypot(e.clientX - drag.x, e.clientY - drag.y) / 4));
  for (let j = 1; j <= n; j++) {
    const el = ctx.board.refAt(drag.x + (e.clientX - drag.x) * j / n, drag.y + (e.clientY - drag.y) * j / n);
    const ref = el && parseRef(el.dataset.ref);
    if (ref && ref.kind === drag.kind && ref.player === drag.player) take(ctx, ref);
  }
  drag.x = e.clientX;
  drag.y = e.clientY;
}

function up(ctx) {
  const d = drag;
  drag = null;
  ctx.board.clearSketch();
  if (!d || !d.refs.length) return;
  if (d.kind === "square") setSquares(ctx, d.player, d.refs.map((r) => [r.r, r.c]), d.erase ? "." : pen);
  else setWalls(ctx, d.player, d.refs.map((r) => wallKey(r.r, r.c, r.side)), !d.erase);
}

// ---------------------------------------------------------------- keys

export function key(ctx, e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const box = document.activeElement && document.activeElement.closest && document.activeElement.closest(".sheet");
  if (!cursor) {
    const p = box ? playerOfBox(ctx, box) : null;
    if (!p) return;
    cursor = { player: p, r: 0, c: 0 };
  }
  let k = e.key;
  if (pending === "c" && !/^[1-9]$/.test(k)) pending = null;
  const side = (ARROWS[k] && (e.shiftKey || (pending && pending !== "c")) && ARROWS[k]) ||
    (/^[nesw]$/i.test(k) && (!turn || turn.pick) && k.toUpperCase()) || null;
  if (turn) {
    if (k === "Escape") { turn = null; drawBar(ctx); tell(ctx); return; }
    if (side && turn.pick) { e.preventDefault(); turnPick(ctx, { kind: "edge", player: cursor.player, r: cursor.r, c: cursor.c, side }); return; }
    if (ARROWS[k]) { e.preventDefault(); step(ctx, ARROWS[k]); return; }
    if (k === " ") { e.preventDefault(); turnPick(ctx, { kind: "square", player: cursor.player, r: cursor.r, c: cursor.c }); return; }
    if (k === "Enter") { e.preventDefault(); commitTurn(ctx); return; }
    if (k === "Backspace" || k === "Delete" || /^[1-6cwdfs]$/.test(k)) { e.preventDefault(); turnKey(ctx, k); drawBar(ctx); tell(ctx); }
    return;
  }
  if (pending === "c" && /^[1-9]$/.test(k)) { pending = null; e.preventDefault(); typeMark(ctx, `C${k}`); return; }
  if (pending && pending !== "c" && side) {
    e.preventDefault();
    const what = { d: "door", i: "entrance", x: "exit" }[pending];
    pending = null;
    sideAction(ctx, cursor.player, cursor.r, cursor.c, side, what);
    return;
  }
  if (k === "Escape") { pending = null; edgePen = "wall"; row = null; drawBar(ctx); paint(ctx); tell(ctx); return; }
  if (side) { e.preventDefault(); sideAction(ctx, cursor.player, cursor.r, cursor.c, side, "wall"); return; }
  if (ARROWS[k]) { e.preventDefault(); step(ctx, ARROWS[k]); return; }
  if (k === "O") k = "o";
  if (/^[o.1-6]$/.test(k)) { e.preventDefault(); typeMark(ctx, k); return; }
  if (/^[cdixCDIX]$/.test(k)) {
    pending = k.toLowerCase();
    ctx.say(pending === "c" ? "Cafeteria: type its number, 1 or 2." : `${{ d: "Doorway", i: "Entrance", x: "Exit" }[pending]}: which side of ${sq(cursor.r, cursor.c)}? n, e, s, w or an arrow.`);
    return;
  }
  if (k === " " || k === "Enter") {
    e.preventDefault();
    const here = gridOf(ctx, cursor.player)[cursor.r][cursor.c];
    setSquares(ctx, cursor.player, [[cursor.r, cursor.c]], here === pen ? "." : pen);
  } else if (k === "Backspace" || k === "Delete") {
    e.preventDefault();
    if (row) { removeTurn(ctx, row.player, row.i); row = null; return; }
    const at = [cursor.r, cursor.c];
    if (k === "Backspace") back();
    setSquares(ctx, cursor.player, [at], ".");
  } else if (k === "t" || k === "T") {
    startTurn(ctx);
    drawBar(ctx);
    tell(ctx);
  }
}

function step(ctx, side) {
  const [dr, dc] = STEP[side];
  cursor.r = Math.min(6, Math.max(0, cursor.r + dr));
  cursor.c = Math.min(6, Math.max(0, cursor.c + dc));
  paint(ctx);
  tell(ctx);
}

function back() { if (cursor.c > 0) cursor.c -= 1; else if (cursor.r > 0) { cursor.r -= 1; cursor.c = 6; } }

function typeMark(ctx, mark) {  // as typing the grid: write, then on to the next square in reading order
  const at = [cursor.r, cursor.c];
  if (cursor.c < 6) cursor.c += 1; else if (cursor.r < 6) { cursor.r += 1; cursor.c = 0; }
  setSquares(ctx, cursor.player, [at], mark, mark === "." ? "emptied" : `now ${mark}`);
}

// ---------------------------------------------------------------- the turn log, line by line

function startTurn(ctx) {
  const p = cursor ? cursor.player : players(ctx)[0];
  if (!cursor) cursor = { player: p, r: 0, c: 0 };
  turn = { player: p, rolls: "", kind: "tile", anchor: null, at: null, face: null, bonus: "", cafe: [], pick: null };
  row = null;
}

function turnText(t) {
  const pairs = t.rolls.match(/\d\d/g) || [];
  const parts = [pairs.join(">") + (t.rolls.length % 2 ? (pairs.length ? ">" : "") + t.rolls.slice(-1) + "_" : "")].filter(Boolean);
  if (t.kind === "stop") parts.push("stop");
  else if (t.kind === "cafe") parts.push(`cafe ${t.cafe.join("-")}${t.cafe.length < 2 ? "-" : ""}`);
  else {
    if (t.anchor) parts.push(t.anchor);
    if (t.at) parts.push(`${t.face || "?"}@${t.at}`);
    if (t.pick || t.bonus) parts.push(t.pick ? `+${t.pick} ?` : t.bonus);
  }
  return parts.join(" ");
}

function turnMissing(t) {
  if (t.rolls.length % 2) return "the other die";
  if (t.kind === "stop") return null;
  if (t.kind === "cafe") return t.cafe.length < 2 ? "the cafeteria's two spaces" : null;
  if (!t.rolls) return "the dice (light, dark)";
  if (!t.anchor) return "the tile's A1 space";
  if (!t.at) return "the display's space";
  if (!t.face) return "the display's number";
  if (t.pick) return `the side for the ${t.pick}`;
  return null;
}

function turnKey(ctx, k) {
  const t = turn;
  if (/^[1-6]$/.test(k)) {
    if (t.kind === "tile" && t.at) t.face = k;
    else if (!t.anchor && !t.cafe.length) t.rolls += k;
  } else if (k === "c") { t.bonus = t.bonus === "+coins" ? "" : "+coins"; t.pick = null; }
  else if (k === "w" || k === "d") { t.pick = t.pick === (k === "w" ? "wall" : "door") ? null : (k === "w" ? "wall" : "door"); }
  else if (k === "f") { t.kind = t.kind === "cafe" ? "tile" : "cafe"; t.anchor = t.at = t.face = null; t.cafe = []; t.bonus = ""; }
  else if (k === "s") { t.kind = t.kind === "stop" ? "tile" : "stop"; }
  else if (k === "Backspace" || k === "Delete") {
    if (t.pick) t.pick = null;
    else if (t.bonus) t.bonus = "";
    else if (t.kind === "cafe" && t.cafe.length) t.cafe.pop();
    else if (t.kind !== "tile") t.kind = "tile";
    else if (t.at) { t.at = null; t.face = null; }
    else if (t.anchor) t.anchor = null;
    else if (t.rolls) t.rolls = t.rolls.slice(0, -1);
    else if (k === "Backspace") removeTurn(ctx, t.player, ((ctx.doc().sheets || {})[t.player] || {}).turns?.length || 0);
  }
  paint(ctx);
}

function turnPick(ctx, ref) {
  if (ref.player !== turn.player) startTurn(ctx);  // the cursor is on the other store now: its own turn
  const s = sq(ref.r, ref.c);
  if (ref.kind === "edge") {
    turn.bonus = `+${turn.pick || "wall"} ${s} ${ref.side}`;
    turn.pick = null;
  } else if (ref.kind === "square") {
    if (turn.kind === "cafe") { if (turn.cafe.length === 2) turn.cafe.pop(); turn.cafe.push(s); }
    else if (!turn.anchor) turn.anchor = s;
    else {
      turn.at = s;
      const here = gridOf(ctx, turn.player)[ref.r][ref.c];
      turn.face = /^[1-6]$/.test(here) ? here : null;
    }
  }
  drawBar(ctx);
  paint(ctx);
  tell(ctx);
}

function commitTurn(ctx) {
  const missing = turnMissing(turn);
  if (missing) { ctx.say(`The turn needs ${missing} first: ${turnText(turn) || "(nothing yet)"}`); return; }
  const text = turnText(turn);
  const p = turn.player;
  ctx.edit((doc) => { const sh = sheetOf(doc, p); sh.turns = [...(Array.isArray(sh.turns) ? sh.turns : []), text]; });
  startTurn(ctx);
  drawBar(ctx);
  ctx.say(`${p}: turn "${text}" added. Next turn: type the dice.`);
}

function removeTurn(ctx, p, i) {
  const list = ((ctx.doc().sheets || {})[p] || {}).turns;
  if (!Array.isArray(list) || i < 1 || i > list.length) return;
  const gone = list[i - 1];
  ctx.edit((doc) => { const sh = sheetOf(doc, p); sh.turns.splice(i - 1, 1); if (!sh.turns.length) delete sh.turns; });
  ctx.say(`${p}: turn ${i} (${gone}) removed.`);
}

// ---------------------------------------------------------------- what the page shows of the input

function tell(ctx) {
  if (turn) {
    const missing = turnMissing(turn);
    ctx.say(`${turn.player}, turn ${((ctx.info().turns || {})[turn.player] || 0) + 1}: ${turnText(turn) || "\u2026"}  (${missing ? `next: ${missing}` : "Enter adds it"})`);
    const line = bar.querySelector("[data-turnline]");
    if (line) line.textContent = turnText(turn) || "\u00a0";
    return;
  }
  if (!cursor) { ctx.say("Pick a pen, then click squares and sides; or click a sheet and type."); return; }
  const mark = gridOf(ctx, cursor.player)[cursor.r][cursor.c];
  ctx.say(`${cursor.player}, ${sq(cursor.r, cursor.c)}: ${mark}. Pen: ${pen}${edgePen !== "wall" ? `; next side: ${edgePen}` : ""}.`);
}

function paint(ctx) {
  for (const el of ctx.board.root.querySelectorAll(".cursor, .selected")) el.classList.remove("cursor", "selected");
  if (cursor) for (const el of ctx.board.all(`${cursor.player}:${sq(cursor.r, cursor.c)}`)) el.classList.add("cursor");
  if (row) for (const el of ctx.board.all(`turn:${row.player}:${row.i}`)) el.classList.add("selected");
  if (turn) {
    const picked = [turn.anchor, turn.at, ...turn.cafe].filter(Boolean);
    for (const s of picked) for (const el of ctx.board.all(`${turn.player}:${s}`)) el.classList.add("selected");
    const m = /^\+\w+ (\S+ [NESW])$/.exec(turn.bonus);
    if (m) for (const el of ctx.board.all(`${turn.player}:${m[1]}`)) el.classList.add("selected");
  }
}

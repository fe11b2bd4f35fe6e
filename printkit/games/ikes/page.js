// The Long Way on the page: each store's sheet as printed; what a click or a key does goes straight into
// the results document (sheets.NAME: grid, walls, entrance, exit, turns) and the scorer answers.
// Squares (data-ref "Ann:C3"): the pen bar picks a mark (. empty, o tile, 1-6 display, C1/C2 cafeteria);
//   a click writes it on the square, a drag writes it on every square passed; a click or drag that starts
//   on a square already holding the pen's mark empties them (".").
// Sides ("Ann:C3 N"): every space has four thin bands just inside its sides. The band you click or drag
//   along is the wall you get: between B2 and B3, the band on B2's side is "B2 E", the one on B3's side
//   "B3 W" (each space owns its walls, as in the results file). A drag draws walls, or erases them when
//   it starts on a wall (the first side decides); a finger's drag from near a side and along it draws
//   walls too. A click on a wall removes it. Doorway, Entrance, Exit (pen bar, or d, i, x) make the next
//   click on a side a doorway ("C3 N*": again for a plain wall), the entrance or the exit (outer sides).
// Keys (a sheet focused): arrows move the cursor; o . 1-6 and c1/c2 write the square and move on; Space
//   or Enter writes the pen's mark; Backspace empties and moves back, Delete empties; n e s w or
//   Shift+arrow toggle that side's wall; d, i or x and then a side: doorway, entrance, exit; t: turns.
// Turn log (t, or the button): type the dice (two digits a roll, more pairs for rerolls), click (or Space)
//   the tile's A1 space, then the display's space (its number comes from the sheet, or type it); c:
//   +coins, w or d then a side (or a click on a side): +wall/+door; f: a cafeteria (two spaces); s: stop;
//   Enter adds the line, Backspace takes back the last part (or the last line), Esc leaves.
// The rules are the scorer's: nothing is refused here but what the file cannot hold.

import { forHands } from "/static/words.js";
import { Cursor, Grid, clearSketch, placeAt, sketch, track } from "/static/input.js";
import { at, unreadable } from "/static/record.js";
import { changeWalls, gridValue, outer, parseRef, readGrid, readWalls, sheetOf, sq, wallKey } from "/static/game/store.js";
import * as turnline from "/static/game/turnline.js";

const ARROWS = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" };
const PENS = [".", "o", "1", "2", "3", "4", "5", "6", "C1", "C2"];
const EDGE_PENS = { wall: "Wall", door: "Doorway (d)", entrance: "Entrance (i)", exit: "Exit (x)" };

let pen = "o";          // what a click on a square writes
let edgePen = "wall";   // what the next click on a side does (door, entrance, exit: once, then wall again)
let cursor = null;      // {player, at: Cursor}: the keyboard's square
let pending = null;     // a key waiting for its second key: "c" (a cafeteria number), "d" / "i" / "x" (a side)
let turn = null;        // the turn line being built (turn mode), or null
let row = null;         // {player, i}: a turn row picked by a click (Delete removes it)
let bar = null;

// ---------------------------------------------------------------- the document

const BLANK = Array.from({ length: 7 }, () => Array(7).fill("."));
const gridOf = (ctx, p) => readGrid(at(ctx.doc(), ["sheets", p, "grid"])) || BLANK;  // a grid that does not read: shown as blank here, never written

const wallsOf = (ctx, p) => readWalls(at(ctx.doc(), ["sheets", p, "walls"])).walls;

function leftAlone(ctx, p, part) {  // a part that does not read is never written over
  const bad = unreadable(ctx.unread(), ["sheets", p, part]) || (part === "grid" && !readGrid(at(ctx.doc(), ["sheets", p, "grid"])));
  if (bad) ctx.say(`${p}'s ${part} does not read: mend it in its text box first.`);
  return bad;
}

function setSquares(ctx, p, cells, mark, how) {
  if (leftAlone(ctx, p, "grid")) return;
  ctx.edit((doc) => {
    const sh = sheetOf(doc, p);
    const g = readGrid(sh.grid);
    for (const [r, c] of cells) g[r][c] = mark;
    sh.grid = gridValue(sh.grid, g);
  });
  ctx.say(`${p}: ${cells.map(([r, c]) => sq(r, c)).join(", ")} ${how || (mark === "." ? "emptied" : `now ${mark}`)}.`);
}

function setWalls(ctx, p, keys, on) {
  if (leftAlone(ctx, p, "walls")) return;
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
    /* a side keeps its whole band (page.py's BAND deep) to point at when marked or picked: no dashes, no gaps */
    line.hit.edge.marked { stroke-width: 3.92px; }
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
  bar = document.createElement("div");
  ctx.controls.append(bar);
  drawBar(ctx);
  const root = ctx.board.root;
  ctx.track(root, {
    pick(x, y) {
      const row = placeAt(root, x, y, (ref) => ref.startsWith("turn:"));
      if (row) return { key: row.ref, el: row.el, ...parseRef(row.ref), soft: true };
      const grid = Grid.at(root, x, y, 0);
      if (!grid) return null;
      const side = grid.side(x, y, ctx.info().band, ctx.info().corner);  // the bands as page.py draws them
      const at = side || grid.cell(x, y);
      if (!at) return null;
      const key = side ? `${grid.name}:${wallKey(at.r, at.c, side.side)}` : `${grid.name}:${sq(at.r, at.c)}`;
      // a tap's place while a turn is built, or for a doorway (a drag draws only squares and walls)
      const soft = Boolean(turn) || (Boolean(side) && edgePen !== "wall");
      const near = !side && edgePen === "wall" && grid.side(x, y, 0.45, ctx.info().corner);  // a side a finger may mean (follows)
      return { key: near ? `${key}~${near.side}` : key, kind: side ? "edge" : "square", player: grid.name, r: at.r, c: at.c, side: side && side.side, grid, soft,
               near: near ? near.side : null };
    },
    down: (place) => down(ctx, place),
    over: (stroke, p) => {
      const place = stroke.kind === "edge" && p.kind === "square" && p.near === stroke.side ? { ...p, kind: "edge", side: p.near } : p;
      if (place.kind === stroke.kind && place.player === stroke.player) take(ctx, stroke, place); },
    follows(stroke, dx, dy) {  // a finger's drag from near a side, along it: walls (a finger is wider than the band)
      if (stroke.kind !== "square" || !stroke.near || turn) return true;
      if (stroke.near === "E" || stroke.near === "W" ? Math.abs(dy) <= 1.5 * Math.abs(dx) : Math.abs(dx) <= 1.5 * Math.abs(dy)) return true;
      clearSketch(root);  // along the side: a wall stroke from here on
      return down(ctx, { ...stroke.first, kind: "edge", side: stroke.near }) || true;
    },
    up: (stroke) => up(ctx, stroke),
    cancel: () => clearSketch(root),
  });
  root.addEventListener("focusin", (e) => {
    const p = playerOfBox(ctx, e.target.closest(".sheet"));
    if (p && (!cursor || cursor.player !== p)) { cursor = { player: p, at: new Cursor(7, 7) }; paint(ctx); }
  });
  ctx.board.onShow(() => paint(ctx));
}

export function held() { return turn ? { turn } : null; }  // the turn line half built, kept over a reload
export function resume(ctx, kept) { if (kept?.turn && players(ctx).includes(kept.turn.player)) { turn = { ...turnline.blank(kept.turn.player), ...kept.turn }; drawBar(ctx); tell(ctx); } }
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
  const b = Object.assign(document.createElement("button"), { type: "button", textContent: forHands(text), title });
  if (pressed !== null) b.setAttribute("aria-pressed", String(pressed));
  b.onclick = onclick;
  return b;
}

const docked = (b, label) => { b.dataset.dock = label; return b; };  // in the phone's bar too (phone.js)
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
    const line = Object.assign(document.createElement("span"), { className: "turnline", textContent: turnline.text(turn) || "\u00a0" });
    line.dataset.turnline = "";
    bar.replaceChildren(
      rowEl(`Turn ${(ctx.info().turns || {})[turn.player] + 1 || ""}`, line,
        docked(button("Add turn (Enter)", "Add this line to the turn log", null, act(() => commitTurn(ctx))), "Add turn")),
      rowEl("Dice", ...["1", "2", "3", "4", "5", "6"].map((d) => button(d, "A die's number (the display's number once its space is picked)", null,
        act(() => turnKey(ctx, d)))), button("\u232b", "Take back the last part of the line (Backspace)", null, act(() => turnKey(ctx, "Backspace")))),
      rowEl("Add", button("+coins (c)", "The bonus: 2 coins", turn.bonus === "+coins", act(() => turnKey(ctx, "c"))),
        button("+wall (w)", "The bonus: a wall; then click the side", turn.pick === "wall", act(() => turnKey(ctx, "w"))),
        button("+door (d)", "The bonus: a doorway; then click the wall", turn.pick === "door", act(() => turnKey(ctx, "d"))),
        button("cafeteria (f)", "This turn drew a cafeteria: click its two spaces", turn.kind === "cafe", act(() => turnKey(ctx, "f"))),
        button("stop (s)", "Stopped playing", turn.kind === "stop", act(() => turnKey(ctx, "s"))),
        button("Done (Esc)", "Back to drawing the store", null, act(() => { turn = null; }))),
      Object.assign(document.createElement("p"), { className: "ikes-help", textContent: forHands(
        "Tap or type the dice (light, dark; more pairs for rerolls), click the tile's A1 space, then the display's space " +
        "(its number is read from the sheet, or type it). Enter adds the line; Backspace takes back the last part.") }));
    return;
  }
  const pens = PENS.map((m) => {
    const b = button(m === "." ? ". empty" : m === "o" ? "o tile" : m, `A click on a square writes ${m}` +
      (names[m] ? ` (${names[m]})` : ""), pen === m, act(() => { pen = m; }));
    b.dataset.pen = m;
    if (pen === m) b.dataset.dock = "pen";  // the chosen pen, named in the phone's bar
    if (pictures[m]) b.insertAdjacentHTML("afterbegin", pictures[m]);
    return b;
  });
  const sides = Object.entries(EDGE_PENS).map(([k, label]) => button(label, k === "wall" ? "A click on a side draws or removes its wall" :
    `The next click on a side: ${k === "door" ? "a doorway through its wall" : `the ${k}`}`, edgePen === k, act(() => { edgePen = k; pending = null; })));
  bar.replaceChildren(rowEl("Squares", ...pens), rowEl("Sides", ...sides,
    button("Turn log (t)", "Add the turns, line by line", null, act(() => startTurn(ctx)))),
  Object.assign(document.createElement("p"), { className: "ikes-help", textContent: forHands(
    "Click or drag along the inside of a space's side for its wall (a wall belongs to the space whose side you are on); " +
    "a click on a wall removes it. A doorway: Doorway, then a wall (again: a plain wall). Keys: arrows, o . 1-6 c1 c2 type the grid, " +
    "n e s w or Shift+arrow a wall, d i x then a side: doorway, entrance, exit.") }));
}

function down(ctx, ref) {
  (ref.el ? ref.el : ref.grid.svg).closest(".sheet").focus({ preventScroll: true });
  if (ref.kind === "row") { row = { player: ref.player, i: ref.i }; paint(ctx); ctx.say(`Turn ${ref.i} of ${ref.player} picked: Delete removes it.`); return null; }
  row = null;
  cursor = { player: ref.player, at: new Cursor(7, 7, ref.r, ref.c) };
  if (turn) { turnPick(ctx, ref); return null; }
  if (ref.kind === "edge" && edgePen !== "wall") {
    const what = edgePen;
    edgePen = "wall";
    drawBar(ctx);
    sideAction(ctx, ref.player, ref.r, ref.c, ref.side, what);
    return null;
  }
  const k = ref.kind === "edge" ? wallKey(ref.r, ref.c, ref.side) : sq(ref.r, ref.c);
  const erase = ref.kind === "edge" ? wallsOf(ctx, ref.player).has(k) : gridOf(ctx, ref.player)[ref.r][ref.c] === pen;
  const stroke = { kind: ref.kind, player: ref.player, erase, grid: ref.grid, refs: [], seen: new Set(), side: ref.side, near: ref.near, first: ref };
  take(ctx, stroke, ref);
  paint(ctx);
  return stroke;
}

// the line between two spaces (or on the outer wall) that a side lies on: a drag draws one wall on each
const lineOf = (r, c, side) => ({ N: `h${r}:${c}`, S: `h${r + 1}:${c}`, W: `v${r}:${c}`, E: `v${r}:${c + 1}` })[side];

function take(ctx, drag, ref) {
  const walls = drag.kind === "edge" ? wallsOf(ctx, drag.player) : null;
  const k = drag.kind === "edge" ? wallKey(ref.r, ref.c, ref.side) : sq(ref.r, ref.c);
  const seenKey = drag.kind === "edge" && !drag.erase ? lineOf(ref.r, ref.c, ref.side) : k;
  if (drag.seen.has(seenKey)) return;
  if (drag.kind === "edge" && drag.erase && !walls.has(k)) return;  // erasing: only the walls passed over
  drag.seen.add(seenKey);
  drag.refs.push(ref);
  const g = drag.grid, a = g.point(ref.r, ref.c, true), b = g.point(ref.r + 1, ref.c + 1, true);
  const i = Math.max(0.5, (b.x - a.x) * 0.07);  // a wall as the print draws it: just inside its space
  const [x0, y0, x1, y1] = [a.x + i, a.y + i, b.x - i, b.y - i];
  const seg = { N: [x0, y0, x1, y0], S: [x0, y1, x1, y1], W: [x0, y0, x0, y1], E: [x1, y0, x1, y1] }[ref.side];
  if (drag.kind === "square") sketch(g.svg, "rect", { x: a.x + 0.6, y: a.y + 0.6, width: b.x - a.x - 1.2, height: b.y - a.y - 1.2 });
  else sketch(g.svg, "line", { x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3] }, drag.erase ? "erase" : "wall");
}

function up(ctx, d) {
  clearSketch(ctx.board.root);
  if (!d.refs.length) return;
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
    cursor = { player: p, at: new Cursor(7, 7) };
  }
  let k = e.key;
  if (pending === "c" && !/^[1-9]$/.test(k)) pending = null;
  const side = (ARROWS[k] && (e.shiftKey || (pending && pending !== "c")) && ARROWS[k]) ||
    (/^[nesw]$/i.test(k) && (!turn || turn.pick) && k.toUpperCase()) || null;
  if (turn) {
    if (k === "Escape") { turn = null; drawBar(ctx); tell(ctx); return; }
    if (side && turn.pick) { e.preventDefault(); turnPick(ctx, { kind: "edge", player: cursor.player, r: cursor.at.r, c: cursor.at.c, side }); return; }
    if (ARROWS[k]) { e.preventDefault(); step(ctx, ARROWS[k]); return; }
    if (k === " ") { e.preventDefault(); turnPick(ctx, { kind: "square", player: cursor.player, r: cursor.at.r, c: cursor.at.c }); return; }
    if (k === "Enter") { e.preventDefault(); commitTurn(ctx); return; }
    if (k === "Backspace" || k === "Delete" || /^[1-6cwdfs]$/.test(k)) { e.preventDefault(); turnKey(ctx, k); drawBar(ctx); tell(ctx); }
    return;
  }
  if (pending === "c" && /^[1-9]$/.test(k)) { pending = null; e.preventDefault(); typeMark(ctx, `C${k}`); return; }
  if (pending && pending !== "c" && side) {
    e.preventDefault();
    const what = { d: "door", i: "entrance", x: "exit" }[pending];
    pending = null;
    sideAction(ctx, cursor.player, cursor.at.r, cursor.at.c, side, what);
    return;
  }
  if (k === "Escape") { pending = null; edgePen = "wall"; row = null; drawBar(ctx); paint(ctx); tell(ctx); return; }
  if (side) { e.preventDefault(); sideAction(ctx, cursor.player, cursor.at.r, cursor.at.c, side, "wall"); return; }
  if (ARROWS[k]) { e.preventDefault(); step(ctx, ARROWS[k]); return; }
  if (k === "O") k = "o";
  if (/^[o.1-6]$/.test(k)) { e.preventDefault(); typeMark(ctx, k); return; }
  if (/^[cdixCDIX]$/.test(k)) {
    pending = k.toLowerCase();
    ctx.say(pending === "c" ? "Cafeteria: type its number, 1 or 2." : `${{ d: "Doorway", i: "Entrance", x: "Exit" }[pending]}: which side of ${sq(cursor.at.r, cursor.at.c)}? n, e, s, w or an arrow.`);
    return;
  }
  if (k === " " || k === "Enter") {
    e.preventDefault();
    const here = gridOf(ctx, cursor.player)[cursor.at.r][cursor.at.c];
    setSquares(ctx, cursor.player, [[cursor.at.r, cursor.at.c]], here === pen ? "." : pen);
  } else if (k === "Backspace" || k === "Delete") {
    e.preventDefault();
    if (row) { removeTurn(ctx, row.player, row.i); row = null; return; }
    const at = [cursor.at.r, cursor.at.c];
    if (k === "Backspace") back();
    setSquares(ctx, cursor.player, [at], ".");
  } else if (k === "t" || k === "T") {
    startTurn(ctx);
    drawBar(ctx);
    tell(ctx);
  }
}

function step(ctx, side) {
  cursor.at.move({ N: "up", E: "right", S: "down", W: "left" }[side]);
  paint(ctx);
  tell(ctx);
}

function back() { if (cursor.at.r > 0 || cursor.at.c > 0) cursor.at.next(-1); }

function typeMark(ctx, mark) {  // as typing the grid: write, then on to the next square in reading order
  const at = [cursor.at.r, cursor.at.c];
  if (cursor.at.r < 6 || cursor.at.c < 6) cursor.at.next(1);
  setSquares(ctx, cursor.player, [at], mark, mark === "." ? "emptied" : `now ${mark}`);
}

// ---------------------------------------------------------------- the turn log, line by line

function startTurn(ctx) {
  const p = cursor ? cursor.player : players(ctx)[0];
  if (!cursor) cursor = { player: p, at: new Cursor(7, 7) };
  turn = turnline.blank(p);
  row = null;
}

function turnKey(ctx, k) {
  if (turnline.key(turn, k) === "remove last") removeTurn(ctx, turn.player, (at(ctx.doc(), ["sheets", turn.player, "turns"]) || []).length);
  paint(ctx);
}

function turnPick(ctx, ref) {
  if (ref.player !== turn.player) startTurn(ctx);  // the cursor is on the other store now: its own turn
  turnline.pick(turn, ref, sq(ref.r, ref.c), gridOf(ctx, turn.player)[ref.r][ref.c]);
  drawBar(ctx);
  paint(ctx);
  tell(ctx);
}

function commitTurn(ctx) {
  const missing = turnline.missing(turn);
  if (missing) { ctx.say(`The turn needs ${missing} first: ${turnline.text(turn) || "(nothing yet)"}`); return; }
  const text = turnline.text(turn);
  const p = turn.player;
  ctx.edit((doc) => { const sh = sheetOf(doc, p); sh.turns = [...(Array.isArray(sh.turns) ? sh.turns : []), text]; });
  startTurn(ctx);
  drawBar(ctx);
  ctx.say(`${p}: turn "${text}" added. Next turn: type the dice.`);
}

function removeTurn(ctx, p, i) {
  const list = at(ctx.doc(), ["sheets", p, "turns"]);
  if (!Array.isArray(list) || i < 1 || i > list.length) return;
  const gone = list[i - 1];
  ctx.edit((doc) => { const sh = sheetOf(doc, p); sh.turns.splice(i - 1, 1); if (!sh.turns.length) delete sh.turns; });
  ctx.say(`${p}: turn ${i} (${gone}) removed.`);
}

// ---------------------------------------------------------------- what the page shows of the input

function tell(ctx) {
  if (turn) {
    const missing = turnline.missing(turn);
    ctx.say(`${turn.player}, turn ${((ctx.info().turns || {})[turn.player] || 0) + 1}: ${turnline.text(turn) || "\u2026"}  (${missing ? `next: ${missing}` : "Enter adds it"})`);
    const line = bar.querySelector("[data-turnline]");
    if (line) line.textContent = turnline.text(turn) || "\u00a0";
    return;
  }
  const lacking = Object.entries(ctx.info().missing || {}).filter(([, what]) => what.length)
    .map(([p, what]) => `${p}'s ${what.join(" and ")}`);
  const still = lacking.length ? ` Still to draw: ${lacking.join("; ")} (Entrance and Exit buttons, then a side on the store's edge).` : "";
  if (!cursor) { ctx.say(`Pick what a square gets (Squares) or a side (Sides), then click squares and sides; or click a sheet and type.${still}`); return; }
  const mark = gridOf(ctx, cursor.player)[cursor.at.r][cursor.at.c];
  ctx.say(`${cursor.player}, ${sq(cursor.at.r, cursor.at.c)}: ${mark}. A click on a square writes ${pen}${edgePen !== "wall" ? `; next side: ${edgePen}` : ""}.${still}`);
}

function paint(ctx) {
  for (const el of ctx.board.root.querySelectorAll(".cursor, .selected")) el.classList.remove("cursor", "selected");
  if (cursor) for (const el of ctx.board.all(`${cursor.player}:${sq(cursor.at.r, cursor.at.c)}`)) el.classList.add("cursor");
  if (row) for (const el of ctx.board.all(`turn:${row.player}:${row.i}`)) el.classList.add("selected");
  if (turn) {
    const { spaces, side } = turnline.picked(turn);
    for (const s of spaces) for (const el of ctx.board.all(`${turn.player}:${s}`)) el.classList.add("selected");
    if (side) for (const el of ctx.board.all(`${turn.player}:${side}`)) el.classList.add("selected");
  }
}

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
//   With a side's pen picked (Wall, Doorway, Entrance, Exit: the pen picked last), a space is four
//   triangles cut by its diagonals: a click anywhere in it takes its nearest side (a band is far under a
//   finger), and a drag draws along the line its first move goes along (down: the nearer upright line).
//   So does a turn's +wall or +door waiting for its side.
// Turn rows ("turn:Ann:3"): a tap or click picks one (again: no longer); the bar then offers Remove turn 3
//   and Change turn 3 (the builder filled with it, Add writes it back in its place), Delete removes it; a
//   finger's swipe from a row scrolls the page.
// Keys (a sheet focused): arrows move the cursor; o . 1-6 and c1/c2 write the square and move on; Space
//   or Enter writes the pen's mark; Backspace empties and moves back, Delete empties; n e s w or
//   Shift+arrow toggle that side's wall; d, i or x and then a side: doorway, entrance, exit; t: turns.
// Turn log (t, or the button): type the dice (two digits a roll, more pairs for rerolls), click (or Space)
//   the tile's A1 space, then the display's space (its number comes from the sheet, or type it); c:
//   +coins, w or d then a side (or a click on a side): +wall/+door; f: a cafeteria (two spaces); s: stop;
//   Enter adds the line, Backspace takes back the last part (or the last line), Esc leaves.
// The rules are the scorer's: nothing is refused here but what the file cannot hold.
// The modules: state.js (what is picked and built, and what the page shows of it), edits.js (the store in
// the document), pens.js (the pen bar), turns.js (the turn log), keys.js; store.js and turnline.js read and
// write the file's syntax.

import { Cursor, Grid, clearSketch, placeAt, sketch } from "/static/input.js";
import { STEP, parseRef, sq, wallKey } from "/static/game/store.js";

const OPPOSITE = { N: "S", S: "N", E: "W", W: "E" };
import { gridOf, sideAction, setSquares, setWalls, wallsOf } from "/static/game/edits.js";
import { STYLE, drawBar } from "/static/game/pens.js";
import { paint, players, playerOfBox, st, tell } from "/static/game/state.js";
import { pickRow, turnPick } from "/static/game/turns.js";
import * as turnline from "/static/game/turnline.js";

export { key } from "/static/game/keys.js";

// ---------------------------------------------------------------- start: the pen bar, the pointer

export function start(ctx) {
  const style = document.createElement("style");
  style.textContent = STYLE;
  document.head.append(style);
  st.bar = document.createElement("div");
  ctx.controls.append(st.bar);
  drawBar(ctx);
  const root = ctx.board.root;
  ctx.track(root, {
    atOnce: true,  // what a tap writes is read from the page's own state (the pen, the turn built): offline too
    pick(x, y, type) {
      // a turn row (a finger's height) is a tap's place: picked, the bar offers Remove and Change (a mouse:
      // Delete too); a swipe from it scrolls the page
      const hit = placeAt(root, x, y, (ref) => ref.startsWith("turn:"));
      if (hit) return { key: hit.ref, el: hit.el, ...parseRef(hit.ref), soft: true };
      const grid = Grid.at(root, x, y, 0);
      if (!grid) return null;
      // with a side's pen picked (or a turn's +wall or +door waiting for its side), a square is four
      // triangles split by its diagonals: a tap anywhere in it takes its nearest side; otherwise the
      // bands as page.py draws them are the sides, and the rest is the square
      const wide = st.turn ? Boolean(st.turn.pick) : st.mode === "side";
      const side = wide ? grid.side(x, y, 0.5, 0) : grid.side(x, y, ctx.info().band, ctx.info().corner);
      const at = side || grid.cell(x, y);
      if (!at) return null;
      const key = side ? `${grid.name}:${wallKey(at.r, at.c, side.side)}` : `${grid.name}:${sq(at.r, at.c)}`;
      // a tap's place while a turn is built, or for a doorway (a drag draws only squares and walls)
      const soft = Boolean(st.turn) || (Boolean(side) && st.edgePen !== "wall");
      const near = !side && st.edgePen === "wall" && grid.side(x, y, 0.45, ctx.info().corner);  // a side a finger may mean (follows)
      const h = grid.half(x, y);
      return { key: near ? `${key}~${near.side}` : key, kind: side ? "edge" : "square", player: grid.name, r: at.r, c: at.c, side: side && side.side, grid, soft,
               near: near ? near.side : null, wide, fx: h.x / 2 - at.c, fy: h.y / 2 - at.r, x, y };
    },
    down: (place) => down(ctx, place),
    over: (stroke, p, pt) => {
      if (stroke.wide) {
        if (!stroke.settled) Object.assign(stroke, settle(ctx, stroke, pt.x - stroke.first.x, pt.y - stroke.first.y));  // a mouse's drag
        if (p.player === stroke.player && p.kind !== "row") take(ctx, stroke, along(stroke, pt));
        return;
      }
      const place = stroke.kind === "edge" && p.kind === "square" && p.near === stroke.side ? { ...p, kind: "edge", side: p.near } : p;
      if (place.kind === stroke.kind && place.player === stroke.player) take(ctx, stroke, place); },
    follows(stroke, dx, dy) {
      if (stroke.wide) return settle(ctx, stroke, dx, dy);
      // a finger's drag from near a side, along it: walls (a finger is wider than the band)
      if (stroke.kind !== "square" || !stroke.near || st.turn) return true;
      if (stroke.near === "E" || stroke.near === "W" ? Math.abs(dy) <= 1.5 * Math.abs(dx) : Math.abs(dx) <= 1.5 * Math.abs(dy)) return true;
      clearSketch(root);  // along the side: a wall stroke from here on
      return down(ctx, { ...stroke.first, kind: "edge", side: stroke.near }) || true;
    },
    up: (stroke) => up(ctx, stroke),
    cancel: () => clearSketch(root),
  });
  root.addEventListener("focusin", (e) => {
    const p = playerOfBox(ctx, e.target.closest(".sheet"));
    if (p && (!st.cursor || st.cursor.player !== p)) { st.cursor = { player: p, at: new Cursor(7, 7) }; paint(ctx); }
  });
  ctx.board.onShow(() => paint(ctx));
}

export function held() { return st.turn ? { turn: st.turn } : null; }  // the turn line half built, kept over a reload
export function resume(ctx, kept) { if (kept?.turn && players(ctx).includes(kept.turn.player)) { st.turn = { ...turnline.blank(kept.turn.player), ...kept.turn }; drawBar(ctx); tell(ctx); } }
export function checked(ctx) {  // the turn count and the pens' pictures come with the check
  if (st.turn || (!st.bar.querySelector("svg") && ctx.info().pens)) { drawBar(ctx); tell(ctx); }
}

function down(ctx, ref) {
  (ref.el ? ref.el : ref.grid.svg).closest(".sheet").focus({ preventScroll: true });
  if (ref.kind === "row") { pickRow(ctx, ref.player, ref.i); return null; }
  st.row = null;
  st.cursor = { player: ref.player, at: new Cursor(7, 7, ref.r, ref.c) };
  if (st.turn) { turnPick(ctx, ref); return null; }  // (a tap's place: the finger is up)
  if (ref.kind === "edge" && st.edgePen !== "wall") {
    const what = st.edgePen;
    st.edgePen = "wall";
    drawBar(ctx);
    sideAction(ctx, ref.player, ref.r, ref.c, ref.side, what);
    return null;
  }
  const k = ref.kind === "edge" ? wallKey(ref.r, ref.c, ref.side) : sq(ref.r, ref.c);
  const erase = ref.kind === "edge" ? wallsOf(ctx, ref.player).has(k) : gridOf(ctx, ref.player)[ref.r][ref.c] === st.pen;
  const stroke = { kind: ref.kind, player: ref.player, erase, grid: ref.grid, refs: [], seen: new Set(), side: ref.side, near: ref.near, first: ref,
                  wide: ref.kind === "edge" && ref.wide };
  take(ctx, stroke, ref);
  paint(ctx);
  return stroke;
}

// the line between two spaces (or on the outer wall) that a side lies on: a drag draws one wall on each
const lineOf = (r, c, side) => ({ N: `h${r}:${c}`, S: `h${r + 1}:${c}`, W: `v${r}:${c}`, E: `v${r}:${c + 1}` })[side];

// a wide wall stroke's first move says which line it draws along: the nearest line of the way it goes (a
// stroke begun in a space's top triangle and drawn down draws its east or west side's line): the stroke,
// or a new one from the same place
function settle(ctx, stroke, dx, dy) {
  const upright = Math.abs(dy) > Math.abs(dx), f = stroke.first;
  if ((stroke.side === "E" || stroke.side === "W") === upright) return Object.assign(stroke, { settled: true });
  clearSketch(ctx.board.root);
  const fresh = down(ctx, { ...f, side: upright ? (f.fx < 0.5 ? "W" : "E") : (f.fy < 0.5 ? "N" : "S") });
  return fresh ? Object.assign(fresh, { settled: true }) : stroke;
}

// a wide wall stroke at a screen point: the side on the stroke's line nearest to it (a line across the
// store, between two rows or two columns, or its outer wall), owned by the space on the side the stroke
// started from (a drag down the east sides of E5, F5, G5 draws E5 E, F5 E, G5 E)
function along(stroke, pt) {
  const h = stroke.grid.half(pt.x, pt.y), clamp = (v) => Math.min(6, Math.max(0, v));
  const upright = stroke.side === "E" || stroke.side === "W";
  const line = Math.round((upright ? h.x : h.y) / 2), step = clamp(Math.floor((upright ? h.y : h.x) / 2));
  const before = stroke.side === "E" || stroke.side === "S";  // owned by the space before the line
  let k = before ? line - 1 : line, side = stroke.side;
  if (k < 0 || k > 6) { k = clamp(k); side = { E: "W", W: "E", N: "S", S: "N" }[side]; }
  return { ...stroke.first, r: upright ? step : k, c: upright ? k : step, side };
}

function take(ctx, drag, ref) {
  const walls = drag.kind === "edge" ? wallsOf(ctx, drag.player) : null;
  const k = drag.kind === "edge" ? wallKey(ref.r, ref.c, ref.side) : sq(ref.r, ref.c);
  const seenKey = drag.kind === "edge" && !drag.erase ? lineOf(ref.r, ref.c, ref.side) : k;
  if (drag.seen.has(seenKey)) return;
  if (drag.kind === "edge" && drag.erase && !walls.has(k)) {  // erasing: only the walls passed over (a wide stroke: the other
    const [dr, dc] = STEP[ref.side], twin = { ...ref, r: ref.r + dr, c: ref.c + dc, side: OPPOSITE[ref.side] };  // space's on its line too)
    if (drag.wide && twin.r >= 0 && twin.r < 7 && twin.c >= 0 && twin.c < 7 && walls.has(wallKey(twin.r, twin.c, twin.side))) take(ctx, drag, twin);
    return;
  }
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
  if (d.kind === "square") setSquares(ctx, d.player, d.refs.map((r) => [r.r, r.c]), d.erase ? "." : st.pen);
  else setWalls(ctx, d.player, d.refs.map((r) => wallKey(r.r, r.c, r.side)), !d.erase);
}

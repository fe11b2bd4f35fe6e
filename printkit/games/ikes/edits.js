// The Long Way's store as the page changes it in the results document: squares, walls, doorways, the
// entrance and the exit (a part that does not read is left alone: its text box mends it).

import { at, unreadable } from "/static/record.js";
import { changeWalls, gridValue, outer, readGrid, readWalls, sheetOf, sq, wallKey } from "/static/game/store.js";

const BLANK = Array.from({ length: 7 }, () => Array(7).fill("."));
export const gridOf = (ctx, p) => readGrid(at(ctx.doc(), ["sheets", p, "grid"])) || BLANK;  // a grid that does not read: shown as blank here, never written

export const wallsOf = (ctx, p) => readWalls(at(ctx.doc(), ["sheets", p, "walls"])).walls;

export function leftAlone(ctx, p, part) {  // a part that does not read is never written over
  const bad = unreadable(ctx.unread(), ["sheets", p, part]) || (part === "grid" && !readGrid(at(ctx.doc(), ["sheets", p, "grid"])));
  if (bad) ctx.say(`${p}'s ${part} does not read: mend it in its text box first.`);
  return bad;
}

export function setSquares(ctx, p, cells, mark, how) {
  if (leftAlone(ctx, p, "grid")) return;
  ctx.edit((doc) => {
    const sh = sheetOf(doc, p);
    const g = readGrid(sh.grid);
    for (const [r, c] of cells) g[r][c] = mark;
    sh.grid = gridValue(sh.grid, g);
  }, { marks: cells.map(([r, c]) => ({ ref: `${p}:${sq(r, c)}`, text: mark })) });  // shown at once, offline too
  ctx.say(`${p}: ${cells.map(([r, c]) => sq(r, c)).join(", ")} ${how || (mark === "." ? "emptied" : `now ${mark}`)}.`);
}

export function setWalls(ctx, p, keys, on) {
  if (leftAlone(ctx, p, "walls")) return;
  ctx.edit((doc) => changeWalls(doc, p, (w) => { for (const k of keys) { if (on && !w.has(k)) w.set(k, false); if (!on) w.delete(k); } }));
  ctx.say(`${p}: wall${keys.length > 1 ? "s" : ""} ${keys.join(", ")} ${on ? "drawn" : "removed"}.`);
}

export function sideAction(ctx, p, r, c, side, what) {
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
